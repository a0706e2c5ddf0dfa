"""Fit the weights of a game's evaluation to how recorded games ended (Texel-style tuning).

    python -m engine.tune GAME [--games 600] [--seed 5000] [--agents normal,normal] [--jobs 2] [--ridge 3] [--json]

A game whose evaluation projects each seat's final score as a sum of named parts gives, in games/<id>/agent.py:

    WEIGHTS: dict[str, float]                      # each part's weight, as shipped
    parts(rules, state) -> list[dict[str, float]]  # per seat: each part at weight 1, and "base" (never weighted)
    SEAT_WEIGHTS: dict[int, dict[str, float]]      # optional: the weights for a seat count that asks for others

The tool plays seeded games with the agents (as engine.arena does, rotated through the seats), takes the state at
the start of every turn, and fits the weights so that, for every two seats, the weighted difference of their parts
predicts the difference of their final scores: least squares drawn towards 1 (the game's estimates as designed) by
`ridge`; a weight the data would make negative (the part counting against its holder) is fixed at 0 and the rest
fitted again; a part that never differs between seats keeps its shipped weight. It prints the fitted weights and the
mean squared error of the predicted margins with the shipped weights and with the fitted ones, both on games left
out of the fit (5-fold cross-validation by game). The fit reads the full state: it is a tool for the game's author,
never run by an agent.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from engine.arena import agent_factory, play_game, rotated, seat_count
from engine.core import registry
from engine.core.search import game_hooks

FOLDS = 5

Row = tuple[int, list[float], float]  # (game number, difference of two seats' parts, difference of final scores)


def record(game: str, agent_specs: list[str], games: int, seed: int, seats: int | None = None,
           jobs: int = 1, progress: Callable[[str], None] | None = None) -> tuple[list[str], list[Row]]:
    """The parts' names and one row per turn start and ordered pair of seats of `games` seeded games."""
    info = registry.get(game)
    count = seat_count(info, agent_specs, seats)
    ks = list(range(games))
    if jobs > 1:
        import multiprocessing

        shares = [ks[j::jobs] for j in range(jobs)]
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            got = pool.starmap(_record_share, [(game, agent_specs, share, seed, count, None) for share in shares if share])
        names = got[0][0]
        return names, [row for _names, rows in got for row in rows]
    return _record_share(game, agent_specs, ks, seed, count, progress)


def _record_share(game: str, agent_specs: list[str], ks: list[int], seed: int, count: int,
                  progress: Callable[[str], None] | None) -> tuple[list[str], list[Row]]:
    rules = registry.get(game).make_rules()
    hooks = game_hooks(game)
    if hooks is None or not hasattr(hooks, "parts") or not hasattr(hooks, "WEIGHTS"):
        raise ValueError(f"{game}'s evaluation has no weighted parts to fit (games/{game}/agent.py: WEIGHTS, parts)")
    names = list(hooks.WEIGHTS)
    factories = {spec: agent_factory(spec) for spec in agent_specs}
    rows: list[Row] = []
    for k in ks:
        lineup = [factories[spec] for spec in rotated(agent_specs, k, count)]
        match, _turns, _evaluations = play_game(rules, lineup, seed + k)
        finals = rules.score_sheet(match.state).totals
        last = None
        for state in match.states:
            turn = rules.turn_id(state)
            if turn == last or rules.to_move(state) is None:
                continue
            last = turn
            per_seat = hooks.parts(rules, state)
            for x in range(count):
                for y in range(count):
                    if x != y:
                        a, b = per_seat[x], per_seat[y]
                        diff = [a[name] - b[name] for name in names]
                        rows.append((k, diff, float(finals[x] - finals[y]) - (a["base"] - b["base"])))
        if progress is not None:
            progress(f"game {k + 1}: {len(rows)} rows")
    return names, rows


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gaussian elimination with partial pivoting; the matrix is small and regular)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        head = a[col][col]
        if head == 0:
            raise ValueError("the fit's equations are singular")
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / head
                row, top = a[r], a[col]
                for c in range(col, n + 1):
                    row[c] -= factor * top[c]
    return [a[i][n] / a[i][i] for i in range(n)]


def _normal_equations(rows: list[Row], free: list[int], fixed: dict[int, float]) -> tuple[list[list[float]], list[float]]:
    m = len(free)
    mat = [[0.0] * m for _ in range(m)]
    vec = [0.0] * m
    for _k, diff, target in rows:
        rest = target - sum(diff[i] * w for i, w in fixed.items())
        xs = [diff[i] for i in free]
        for p in range(m):
            xp = xs[p]
            if xp == 0.0:
                continue
            vec[p] += xp * rest
            row = mat[p]
            for q in range(m):
                row[q] += xp * xs[q]
    return mat, vec


def fit(rows: list[Row], count: int, ridge: float = 3.0, keep: dict[int, float] | None = None) -> list[float]:
    """Weights (one per part) that best predict the rows' targets, drawn towards 1; none negative."""
    keep = dict(keep or {})
    zero: set[int] = set()
    while True:
        fixed = {**keep, **{i: 0.0 for i in zero}}
        free = [i for i in range(count) if i not in fixed]
        weights = [0.0] * count
        for i, w in fixed.items():
            weights[i] = w
        if not free:
            return weights
        mat, vec = _normal_equations(rows, free, fixed)
        for p in range(len(free)):
            mat[p][p] += ridge
            vec[p] += ridge  # the pull towards 1
        for i, w in zip(free, solve(mat, vec)):
            weights[i] = w
        negative = {i for i in free if weights[i] < 0}
        if not negative:
            return weights
        zero |= negative


def error(rows: list[Row], weights: list[float]) -> float:
    """The mean squared error of the rows' predicted margins."""
    if not rows:
        return 0.0
    return sum((sum(d * w for d, w in zip(diff, weights)) - target) ** 2 for _k, diff, target in rows) / len(rows)


def shipped_weights(hooks: Any, seats: int) -> dict[str, float]:
    """The weights a game's evaluation uses with `seats` seats: SEAT_WEIGHTS' for that count, else WEIGHTS."""
    return dict(getattr(hooks, "SEAT_WEIGHTS", {}).get(seats, hooks.WEIGHTS))


def tune(names: list[str], shipped: dict[str, float], rows: list[Row], ridge: float = 3.0) -> dict[str, Any]:
    """The fitted weights, and the cross-validated errors of the shipped and the fitted weights."""
    count = len(names)
    idle = {i: shipped[names[i]] for i in range(count) if not any(diff[i] for _k, diff, _t in rows)}
    current = [shipped[name] for name in names]
    err_shipped = err_fitted = 0.0
    for fold in range(FOLDS):
        train = [r for r in rows if r[0] % FOLDS != fold]
        test = [r for r in rows if r[0] % FOLDS == fold]
        weights = fit(train, count, ridge, idle)
        err_shipped += error(test, current) * len(test)
        err_fitted += error(test, weights) * len(test)
    weights = fit(rows, count, ridge, idle)
    n = max(1, len(rows))
    return {"weights": {name: round(w, 3) for name, w in zip(names, weights)},
            "not_fitted": [names[i] for i in idle], "rows": len(rows),
            "error_shipped": err_shipped / n, "error_fitted": err_fitted / n}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agents", default="normal,normal", help="the agents of the recorded games (as in engine.arena)")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    hooks = game_hooks(args.game)
    if hooks is None or not hasattr(hooks, "WEIGHTS"):
        print(f"{args.game}'s evaluation has no weighted parts to fit", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        print(text, file=sys.stderr)

    specs = args.agents.split(",")
    seats = seat_count(registry.get(args.game), specs, args.seats)
    names, rows = record(args.game, specs, args.games, args.seed, seats, args.jobs, say)
    shipped = shipped_weights(hooks, seats)
    result = tune(names, shipped, rows, args.ridge)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{args.game}: {args.games} games of {seats} seats, {result['rows']} rows; predicted margin's mean "
              f"squared error {result['error_shipped']:.1f} with the shipped weights, {result['error_fitted']:.1f} fitted")
        for name, w in result["weights"].items():
            note = " (not fitted: never differs)" if name in result["not_fitted"] else ""
            print(f"  {name:20s} {shipped[name]:6.2f} -> {w:6.2f}{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
