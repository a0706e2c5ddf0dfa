"""The one error a bad data file raises, so every loader reports problems the same way."""
from __future__ import annotations

import os
from pathlib import Path

from engine.core.paths import project_root
from engine.core.words import Words


class DataError(Exception):
    """A data file (YAML, TMX, save) is wrong: names the file, the line and the problem.

    `problem` is `Words` wherever the engine says it (a plain str from elsewhere stays as it is), and so
    are `shown` and `relative_to`: English text the screen translates with t() around the file and the
    values, which stay as written since they are what the reader must find in the file.
    """

    def __init__(self, path: str | os.PathLike[str], line: int | None, problem: str) -> None:
        self.path = os.fspath(path)
        self.line = line
        self.problem = problem
        super().__init__(self._text(self.path))

    def __reduce__(self) -> tuple[type[DataError], tuple[str, int | None, str]]:
        # Exceptions pickle through their args; ours has three, so say which.
        return (type(self), (self.path, self.line, self.problem))

    def _text(self, path: str) -> Words:
        if self.line is None:
            return Words("{path}: {problem}", path=path, problem=self.problem)
        return Words("{path}, line {line}: {problem}", path=path, line=self.line, problem=self.problem)

    def relative_to(self, root: str | os.PathLike[str]) -> Words:
        """The message with the file named from `root` when it lies inside it, else as given."""
        return self._text(shown_path(self.path, root))

    def in_file(self) -> Words:
        """The problem with its line when it has one, for a list that names the file elsewhere."""
        if self.line is None:
            return self.problem if isinstance(self.problem, Words) else Words("{problem}", problem=self.problem)
        return Words("line {n}: {problem}", n=self.line, problem=self.problem)

    @property
    def shown(self) -> Words:
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
