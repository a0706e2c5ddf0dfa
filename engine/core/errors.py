"""The one error a bad data file raises, so every loader reports problems the same way."""
from __future__ import annotations

import os
from pathlib import Path

from engine.core.paths import project_root


class DataError(Exception):
    """A data file (YAML, TMX, save) is wrong: names the file, the line and the problem."""

    def __init__(self, path: str | os.PathLike[str], line: int | None, problem: str) -> None:
        self.path = os.fspath(path)
        self.line = line
        self.problem = problem
        super().__init__(self._text(self.path))

    def __reduce__(self) -> tuple[type[DataError], tuple[str, int | None, str]]:
        # Exceptions pickle through their args; ours has three, so say which.
        return (type(self), (self.path, self.line, self.problem))

    def _text(self, path: str) -> str:
        where = path if self.line is None else f"{path}, line {self.line}"
        return f"{where}: {self.problem}"

    def relative_to(self, root: str | os.PathLike[str]) -> str:
        """The message with the file named from `root` when it lies inside it, else as given."""
        return self._text(shown_path(self.path, root))

    @property
    def shown(self) -> str:
        """The message as a player or designer reads it: the file named from the project folder."""
        return self.relative_to(project_root())


def shown_path(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> str:
    """`path` relative to `root` (with / between folders) when inside it; other paths unchanged."""
    given = Path(path)
    if not given.is_absolute():
        return os.fspath(path)
    try:
        return given.resolve().relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        return os.fspath(path)
