"""The saves in the user's folder: what each one is (game, seats, date, round, finished) for Continue and Load."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.core import paths


@dataclass(frozen=True)
class SaveInfo:
    """One save file as a list of saves shows it."""

    path: Path
    game: str
    seats: list[str]
    updated: str
    finished: bool
    actions: int
    summary: dict[str, Any] = field(default_factory=dict)


def read_info(path: Path) -> SaveInfo | None:
    """The header of a save, or None when the file is not a readable save (it is left untouched)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return SaveInfo(
            path=path,
            game=str(data["game"]),
            seats=[str(s["name"]) for s in data["seats"]],
            updated=str(data.get("updated", "")),
            finished=bool(data.get("finished", False)),
            actions=len(data["actions"]),
            summary=dict(data.get("summary") or {}),
        )
    except (OSError, UnicodeDecodeError, yaml.YAMLError, KeyError, TypeError, ValueError):
        return None


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every readable save in the folder (default: the autosaves), newest first."""
    folder = folder or paths.autosave_dir()
    if not folder.is_dir():
        return []
    infos = [read_info(p) for p in folder.glob("*.yaml")]
    return sorted((i for i in infos if i is not None), key=lambda i: (i.updated, i.path.name), reverse=True)


def latest_unfinished(known_games: set[str], folder: Path | None = None) -> SaveInfo | None:
    """The most recent game still in progress, for the menu's Continue."""
    for info in list_saves(folder):
        if not info.finished and info.game in known_games and info.actions > 0:
            return info
    return None
