"""Computer seats. They decide from their own view of the state, never the full state."""
from __future__ import annotations

import random
from typing import Any, Callable

from engine.core.rules import Action, Rules


class RandomAgent:
    """Plays a uniformly random legal action, seen only through `rules.view(state, seat)`."""

    def __init__(self, rules: Rules, seat: int, seed: int = 0) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat)

    def choose(self, state: Any) -> Action:
        seen = self.rules.view(state, self.seat)
        options = self.rules.legal_actions(seen)
        if not options:
            raise RuntimeError(f"seat {self.seat} has no legal action")
        return self.rng.choice(options)


def _levels() -> dict[str, Callable[[Rules, int, int], Any]]:
    from engine.core.search import level_factory

    return {"easy": level_factory("easy"), "normal": level_factory("normal"), "hard": level_factory("hard"),
            "random": RandomAgent}


# The levels a computer seat can be given, by name (engine.core.rules.SEAT_LEVELS): `factory(rules, seat, seed)`.
LEVELS: dict[str, Callable[[Rules, int, int], Any]] = _levels()
