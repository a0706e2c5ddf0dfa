"""Somerset's hooks for the benchmark (`python -m bench`): benchmark code, never imported by the game.

The game has no screen yet, so there is no `bench_drag`: `python -m bench` times its random playouts,
full games through the Match and legal_actions on mid-game states (the rules' bench_queries add the
reach of the workers and the country-tile placements). `python -m games.somerset.bench` prints the
same figures for Somerset alone, per seat count.
"""
from __future__ import annotations

import statistics
import sys
import time

GAMES_PER_S_TARGET = 20.0  # issue 15: >= 20 random full games per second through the Match


def measure(games: int = 20, seed: int = 0) -> dict[str, float]:
    """Games per second through the Match (no invariant checks) per seat count, their median, and
    legal_actions p50 / p99 in ms on the middle fifth of those games' states."""
    from engine.core import registry
    from engine.simulate import play_one

    info = registry.get("somerset")
    rules = info.make_rules()
    out: dict[str, float] = {}
    middle = []
    for seats in range(info.min_seats, info.max_seats + 1):
        start = time.perf_counter()
        for k in range(games):
            match, problem, _number = play_one(rules, seats, seed + k, check=False)
            if problem:
                raise RuntimeError(f"seed {seed + k}, {seats} seats: {problem}")
            if k < 2:
                n = len(match.states)
                middle += match.states[int(n * 0.4): int(n * 0.6) + 1]
        out[f"games_per_s_{seats}_seats"] = games / (time.perf_counter() - start)
    out["games_per_s_median"] = statistics.median(v for k, v in out.items() if k.startswith("games_per_s_"))
    times = []
    for state in middle:
        t0 = time.perf_counter()
        rules.legal_actions(state)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    out["legal_actions_ms_p50"] = times[len(times) // 2]
    out["legal_actions_ms_p99"] = times[min(len(times) - 1, int(len(times) * 0.99))]
    return out


if __name__ == "__main__":
    for name, value in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20).items():
        print(f"{name:28} {value:8.3f}")
