"""The one error a bad data file raises, so every loader reports problems the same way."""
from __future__ import annotations

import os


class DataError(Exception):
    """A data file (YAML, TMX, save) is wrong: names the file, the line and the problem."""

    def __init__(self, path: str | os.PathLike[str], line: int | None, problem: str) -> None:
        self.path = os.fspath(path)
        self.line = line
        self.problem = problem
        where = self.path if line is None else f"{self.path}, line {line}"
        super().__init__(f"{where}: {problem}")

    def __reduce__(self) -> tuple[type[DataError], tuple[str, int | None, str]]:
        # Exceptions pickle through their args; ours has three, so say which.
        return (type(self), (self.path, self.line, self.problem))
