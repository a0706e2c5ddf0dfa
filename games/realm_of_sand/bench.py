"""Realm of Sand's hooks for the benchmark (`python -m bench`): benchmark code, never imported by the game.

The game has no screen yet, so there is no `bench_drag`: `python -m bench` times its random playouts,
full games through the Match and legal_actions on mid-game states (the rules' bench_queries add the legal
anchors of every hand tile in every orientation, and the claims). `python -m games.realm_of_sand.bench`
prints the same figures for Realm of Sand alone, per seat count (1 = solo) and board side.
"""
from __future__ import annotations

import sys

GAMES_PER_S_TARGET = 20.0  # issue 16: >= 20 random full games per second through the Match


def measure(games: int = 20, seed: int = 0) -> dict[str, float]:
    """engine.simulate.speed for this game on each board side."""
    from engine.simulate import speed

    return speed("realm_of_sand", games, seed, {"basic": {"side": "basic"}, "advanced": {"side": "advanced"}})


if __name__ == "__main__":
    for name, value in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20).items():
        print(f"{name:34} {value:8.3f}")
