"""The games the table can open, and a new match of one: discovery, seats from the command line, seat colours."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from engine.core import paths, registry
from engine.core.registry import GameInfo
from engine.core.rules import DEFAULT_LEVEL, SEAT_LEVELS, Seat
from engine.ui.i18n import t

if TYPE_CHECKING:
    from engine.core.match import Match


_REPORTED: set[str] = set()


def discover_games(package: str = "games") -> dict[str, str]:
    """Register every game (a broken one is reported and skipped). Returns {package: error}."""
    if package == "games":
        registry.games()
    else:
        registry.discover(package)
    for name, error in registry.errors.items():
        if name not in _REPORTED:
            _REPORTED.add(name)
            print(f"tiletable: the game {name} could not be loaded: {error}", file=sys.stderr)
    return dict(registry.errors)


def known_games() -> list[GameInfo]:
    """Playable registered games (those with a scene), by title; discovery errors are in discovery_errors()."""
    discover_games()
    return [g for g in registry.games() if registry.playable(g)]


def discovery_errors() -> dict[str, str]:
    return dict(registry.errors)


def new_match(info: GameInfo, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> "Match":
    """A fresh match of `info` that autosaves into the user's folder."""
    from engine.core.match import Match
    from engine.core.savefile import background_writer

    return Match(info.make_rules(), seats, seed, options, autosave_path=paths.new_autosave_path(info.id),
                 writer=background_writer())


COMPUTER_WORDS = ("computer", "cpu")


def parse_seats(spec: str, info: GameInfo) -> list[Seat]:
    """Seats from "Ann,Bob:purple,computer:hard,Cleo:computer:easy"; colours follow data/seats.yaml unless named.

    A computer seat plays Normal unless a level (easy, normal, hard, random) is named."""
    from engine.ui.theme import seat_colours

    palette = [c.id for c in seat_colours()]
    entries = [e.strip() for e in spec.split(",")]
    if not spec.strip() or any(not e for e in entries):
        raise ValueError(f"empty seat in {spec!r}: write names separated by commas, e.g. \"Ann,Bob,computer\"")
    if not info.min_seats <= len(entries) <= info.max_seats:
        raise ValueError(
            f"{info.title} is played by {info.min_seats} to {info.max_seats} seats; {spec!r} names {len(entries)}"
        )
    if len(entries) > len(palette):
        raise ValueError(f"there are only {len(palette)} seat colours; {spec!r} names {len(entries)} seats")
    parsed: list[tuple[str, str, str | None, str]] = []
    computers = 0
    for entry in entries:
        name, *tags = [p.strip() for p in entry.split(":")]
        kind, colour, level = "human", None, DEFAULT_LEVEL
        if name.lower() in COMPUTER_WORDS:  # "computer", "computer:hard", "cpu:purple": an unnamed computer seat
            computers += 1
            name, kind = t("Computer {n}", n=computers), "computer"
        for tag in tags:
            low = tag.lower()
            if low in COMPUTER_WORDS:
                kind = "computer"
            elif low in SEAT_LEVELS:
                kind, level = "computer", low
            elif low == "human":
                kind = "human"
            elif low in palette:
                if colour is not None:
                    raise ValueError(f"seat {entry!r} names two colours")
                colour = low
            else:
                raise ValueError(
                    f"seat {entry!r}: {tag!r} is neither human/computer, a level ({', '.join(SEAT_LEVELS)}) "
                    f"nor a colour ({', '.join(palette)})"
                )
        if not name:
            raise ValueError(f"seat {entry!r} has no name")
        parsed.append((name, kind, colour, level))
    return _assign_colours(parsed, palette)


def _assign_colours(parsed: list[tuple[str, str, str | None, str]], palette: list[str]) -> list[Seat]:
    named = [c for _, _, c, _ in parsed if c is not None]
    for c in named:
        if named.count(c) > 1:
            raise ValueError(f"two seats want the colour {c}")
    lower = [n.lower() for n, _, _, _ in parsed]
    for n, _, _, _ in parsed:
        if lower.count(n.lower()) > 1:
            raise ValueError(f"two seats are called {n!r}; give each seat its own name")
    free = [c for c in palette if c not in named]
    seats = []
    for i, (name, kind, colour, level) in enumerate(parsed):
        if colour is None:
            colour = free.pop(0)
        seats.append(Seat(i, name, colour, kind, level))
    return seats


def default_seats(info: GameInfo) -> str:
    """Two humans (or the minimum, if a game needs more), for --game without --seats."""
    n = max(2, info.min_seats) if info.max_seats >= 2 else info.min_seats
    return ",".join(t("Player {n}", n=i + 1) for i in range(n))
