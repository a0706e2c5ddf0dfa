"""Which games the table knows: each game registers itself from games/<id>/__init__.py.

The engine never names a game; the menu lists whatever is registered here.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

_GAMES: dict[str, "GameInfo"] = {}
_discovered = False
errors: dict[str, str] = {}  # game package -> why it failed to load (the others still load)


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its id, title, seat range and how to make its rules and scene.

    `make_scene` is imported lazily by the game so that headless users of the
    registry (simulator, tests, benchmarks) never import pygame. A game whose
    screen is not written yet registers without one: its rules are tested and
    simulated, but the menu does not offer it.
    """

    id: str
    title: str
    min_seats: int
    max_seats: int
    make_rules: Callable[[], Any]
    make_scene: Callable[..., Any] | None = None  # None: rules only, still being built (not in the menu)
    blurb: str = ""
    options: dict[str, Any] = field(default_factory=dict)


def playable(info: GameInfo) -> bool:
    """A game the menu offers: it has a scene. Rules-only games still run in tests, simulate and bench."""
    return info.make_scene is not None


def game_options(game_id: str) -> dict:
    """The set-up options of data/<game_id>/game.yaml by id ({id, label, default, help, choices}), read without
    the game's full catalogue so the menu starts fast. A missing or broken file gives none: it must not hide
    the game, and starting it reports the file with its line."""
    try:
        from engine.core.paths import project_root
        from engine.core.yamlfile import load_yaml

        options = load_yaml(project_root() / "data" / game_id / "game.yaml").data["options"]
        return {o["id"]: o for o in options}
    except Exception:  # noqa: BLE001 - the game's own loading names the problem when it starts
        return {}


def register(info: GameInfo) -> None:
    _GAMES[info.id] = info


def discover(package: str = "games") -> None:
    """Import every subpackage of `package` so each game registers itself."""
    global _discovered
    if package == "games":
        _discovered = True
    pkg = importlib.import_module(package)
    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.ispkg:
            try:
                importlib.import_module(f"{package}.{mod.name}")
            except Exception as exc:  # one broken game must not hide the others
                errors[f"{package}.{mod.name}"] = f"{type(exc).__name__}: {exc}"


def games() -> list[GameInfo]:
    if not _discovered:
        discover()
    return sorted(_GAMES.values(), key=lambda g: g.title)


def get(game_id: str) -> GameInfo:
    if not _discovered:
        discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def find(game_id: str) -> GameInfo | None:
    """The registered game with this id, or None (no error: for checks that accept unregistered test games)."""
    if not _discovered:
        discover()
    return _GAMES.get(game_id)
