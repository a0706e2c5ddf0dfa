"""Realm of Sand's hooks for the benchmark (`python -m bench`): benchmark code, never imported by the game.

The game has no screen yet, so there is no `bench_drag`: `python -m bench` times its random playouts,
full games through the Match and legal_actions on mid-game states (the rules' bench_queries add the legal
anchors of every hand tile in every orientation, and the claims). `python -m games.realm_of_sand.bench`
prints the same figures for Realm of Sand alone, per seat count (1 = solo) and board side.
"""
from __future__ import annotations

import statistics
import sys
import time

GAMES_PER_S_TARGET = 20.0  # issue 16: >= 20 random full games per second through the Match


def measure(games: int = 20, seed: int = 0) -> dict[str, float]:
    """Games per second through the Match (no invariant checks) per seat count and side, their median, and
    legal_actions p50 / p99 / max in ms on the middle fifth of those games' states."""
    from engine.core import registry
    from engine.simulate import play_one

    info = registry.get("realm_of_sand")
    rules = info.make_rules()
    out: dict[str, float] = {}
    middle = []
    for side in ("basic", "advanced"):
        for seats in range(info.min_seats, info.max_seats + 1):
            start = time.perf_counter()
            for k in range(games):
                match, problem, _number = play_one(rules, seats, seed + k, check=False, options={"side": side})
                if problem:
                    raise RuntimeError(f"seed {seed + k}, {seats} seats, {side}: {problem}")
                if k < 2:
                    n = len(match.states)
                    middle += match.states[int(n * 0.4): int(n * 0.6) + 1]
            out[f"games_per_s_{seats}_seats_{side}"] = games / (time.perf_counter() - start)
    out["games_per_s_median"] = statistics.median(v for k, v in out.items() if k.startswith("games_per_s_"))
    times = []
    for state in middle:
        t0 = time.perf_counter()
        rules.legal_actions(state)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    out["legal_actions_ms_p50"] = times[len(times) // 2]
    out["legal_actions_ms_p99"] = times[min(len(times) - 1, int(len(times) * 0.99))]
    out["legal_actions_ms_max"] = times[-1]
    return out


if __name__ == "__main__":
    for name, value in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20).items():
        print(f"{name:34} {value:8.3f}")
