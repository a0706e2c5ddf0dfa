"""What the data tests share: a game's data folder copied to edit, an edit that must find its text, the line
a text stands on, and the DataError a catalogue loader raises for a broken copy."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from engine.core.errors import DataError
from engine.core.paths import project_root


def copied_data(tmp_path: Path, game: str) -> Path:
    """data/<game> copied into tmp_path, to be edited by a test."""
    target = tmp_path / game
    shutil.copytree(project_root() / "data" / game, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in the file with `new`; the text must be there (else the test is stale)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not found in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """The number of the first line of the file holding `needle`."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if needle in line)


def load_error(load: Callable[..., Any], *args: Any) -> DataError:
    """The DataError `load(*args)` raises, read afresh (its cache cleared before and after: no broken copy stays)."""
    load.cache_clear()  # type: ignore[attr-defined]
    try:
        with pytest.raises(DataError) as err:
            load(*args)
        return err.value
    finally:
        load.cache_clear()  # type: ignore[attr-defined]
