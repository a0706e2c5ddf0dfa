"""Fit the weights of a game's evaluation to how recorded games ended (Texel-style tuning).

    python -m engine.tune GAME [--games 600] [--seed 5000] [--agents normal,normal] [--jobs 2] [--ridge 3] [--json]

A game whose evaluation projects each seat's final score as a sum of named parts gives, in games/<id>/agent.py:

    WEIGHTS: dict[str, float]                      # each part's weight, as shipped
    parts(rules, state) -> list[dict[str, float]]  # per seat: each part at weight 1, and "base" (never weighted)
    SEAT_WEIGHTS: dict[int, dict[str, float]]      # optional: the weights for a seat count that asks for others

The tool plays seeded games with the agents (as engine.arena does, rotated through the seats), takes the state at
the start of every turn, and fits the weights so that, for every two seats, the weighted difference of their parts
predicts the difference of their final scores: least squares drawn towards WEIGHTS (the game's estimates as designed) by
`ridge`; a weight the data would make negative (the part counting against its holder) is fixed at 0 and the rest
fitted again; a part that never differs between seats keeps its shipped weight. It prints the fitted weights and the
mean squared error of the predicted margins with the shipped weights and with the fitted ones, both on games left
out of the fit (5-fold cross-validation by game). The fit reads the full state: it is a tool for the game's author,
never run by an agent.

With `--win` it fits, instead, the projection Hard's chance to win reads (engine/core/search.py WinChance): the weights
and the blur (s0, s1) with which the game's projection best predicts who won, from every turn's start (each seat's
chance is that of finishing ahead of every other seat, the chances taken as shares of one win; a shared win counts as
shares). It prints the mean log-loss of those chances on games left out (5-fold by game) with the shipped weights and
blur (WIN_WEIGHTS and SEAT_WIN_SIGMA for the seat count, else WEIGHTS and WIN_SIGMA), with the designed weights and
the blur fitted, and with both fitted; the fitted values go into WIN_WEIGHTS and SEAT_WIN_SIGMA by hand, and an arena
says whether Hard wins more with them (Five Tribes' three seats: bench/README.md "A chance to win fitted to who
won"). A weight may come out negative: the part then counts against its holder's chance, as the games said. The fit
needs numpy and scipy (requirements.txt), the tool's alone.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Iterable, Iterator

from engine.arena import agent_factory, play_game, rotated, seat_count, winners_of
from engine.core import registry
from engine.core.search import game_hooks

FOLDS = 5

Row = tuple[int, list[float], float]  # (game number, difference of two seats' parts, difference of final scores)


def record(game: str, agent_specs: list[str], games: int, seed: int, seats: int | None = None,
           jobs: int = 1, progress: Callable[[str], None] | None = None) -> tuple[list[str], list[Row]]:
    """The parts' names and one row per turn start and ordered pair of seats of `games` seeded games."""
    return _shared(_record_share, game, agent_specs, games, seed, seats, jobs, progress)


def _shared(worker: Callable[..., tuple[list[str], list[Any]]], game: str, agent_specs: list[str], games: int,
            seed: int, seats: int | None, jobs: int, progress: Callable[[str], None] | None) -> tuple[list[str], list[Any]]:
    """`worker`'s names and rows for games 0 .. games-1, shared between `jobs` processes (each game keeps its seed)."""
    count = seat_count(registry.get(game), agent_specs, seats)
    ks = list(range(games))
    if jobs > 1:
        import multiprocessing

        shares = [ks[j::jobs] for j in range(jobs)]
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            got = pool.starmap(worker, [(game, agent_specs, share, seed, count, None) for share in shares if share])
        return got[0][0], [row for _names, rows in got for row in rows]
    return worker(game, agent_specs, ks, seed, count, progress)


def _record_share(game: str, agent_specs: list[str], ks: list[int], seed: int, count: int,
                  progress: Callable[[str], None] | None) -> tuple[list[str], list[Row]]:
    rules = registry.get(game).make_rules()
    hooks = _hooks_with_parts(game)
    names = list(hooks.WEIGHTS)
    rows: list[Row] = []
    for k, match, finals in _played(rules, agent_specs, ks, seed, count):
        for state in _turn_starts(rules, match.states):
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


WinRow = tuple[int, list[list[float]], float, list[float]]  # (game, per seat its "base" and parts, left, win shares)


def record_win(game: str, agent_specs: list[str], games: int, seed: int, seats: int | None = None,
               jobs: int = 1, progress: Callable[[str], None] | None = None) -> tuple[list[str], list[WinRow]]:
    """The parts' names and one row per turn start of `games` seeded games: each seat's "base" and parts (at weight
    1), the share of the game left (the game's `standing`) and each seat's share of the win (after the game's
    tie-break; 1/k for k still tied)."""
    return _shared(_record_win_share, game, agent_specs, games, seed, seats, jobs, progress)


def _record_win_share(game: str, agent_specs: list[str], ks: list[int], seed: int, count: int,
                      progress: Callable[[str], None] | None) -> tuple[list[str], list[WinRow]]:
    rules = registry.get(game).make_rules()
    hooks = _hooks_with_parts(game)
    if not hasattr(hooks, "standing"):
        raise ValueError(f"{game}'s opponents do not play for the win (games/{game}/agent.py: standing)")
    names = list(hooks.WEIGHTS)
    rows: list[WinRow] = []
    for k, match, finals in _played(rules, agent_specs, ks, seed, count):
        winners = winners_of(rules, match.state, finals)  # after the game's tie-break, as engine.arena counts a win
        won = [1.0 / len(winners) if x in winners else 0.0 for x in range(count)]
        for state in _turn_starts(rules, match.states):
            per_seat = hooks.parts(rules, state)
            _scores, left, _over = hooks.standing(rules, state)
            rows.append((k, [[p["base"]] + [p[name] for name in names] for p in per_seat], float(left), won))
        if progress is not None:
            progress(f"game {k + 1}: {len(rows)} rows")
    return names, rows


def _played(rules: Any, agent_specs: list[str], ks: list[int], seed: int, count: int) -> Iterator[tuple[int, Any, list]]:
    """Each game k of `ks` played (seed + k, the agents rotated as engine.arena does): k, its match, its final totals."""
    factories = {spec: agent_factory(spec) for spec in agent_specs}
    for k in ks:
        lineup = [factories[spec] for spec in rotated(agent_specs, k, count)]
        match, _turns, _evaluations = play_game(rules, lineup, seed + k)
        yield k, match, list(rules.score_sheet(match.state).totals)


def _hooks_with_parts(game: str) -> Any:
    hooks = game_hooks(game)
    if hooks is None or not hasattr(hooks, "parts") or not hasattr(hooks, "WEIGHTS"):
        raise ValueError(f"{game}'s evaluation has no weighted parts to fit (games/{game}/agent.py: WEIGHTS, parts)")
    return hooks


def _turn_starts(rules: Any, states: Iterable[Any]) -> Iterator[Any]:
    """The states at which a turn starts (the first of each rules.turn_id) while someone is to move."""
    last = None
    for state in states:
        turn = rules.turn_id(state)
        if turn == last or rules.to_move(state) is None:
            continue
        last = turn
        yield state


class WinData:
    """Win rows as arrays (numpy): base (rows, seats), parts (rows, seats, parts), root of the game left, wins."""

    def __init__(self, rows: list[WinRow]) -> None:
        import numpy as np

        self.np = np
        table = np.array([r[1] for r in rows], dtype=float)
        self.base = table[:, :, 0]
        self.parts = table[:, :, 1:]
        self.root = np.sqrt(np.clip(np.array([r[2] for r in rows], dtype=float), 0.0, None))
        self.won = np.array([r[3] for r in rows], dtype=float)
        self.games = np.array([r[0] for r in rows])

    def losses(self, weights: Any, s0: float, s1: float, idx: Any = None) -> Any:
        """Each row's log-loss: minus the log of the winners' chances (shares of one win; WinChance's per seat)."""
        np = self.np
        from scipy.special import log_ndtr, logsumexp

        sel = slice(None) if idx is None else idx
        proj = self.base[sel] + self.parts[sel] @ np.asarray(weights, dtype=float)
        sigma = s0 + s1 * self.root[sel]
        n = proj.shape[1]
        chance = np.zeros_like(proj)
        for x in range(n):
            for o in range(n):
                if o != x:
                    chance[:, x] += log_ndtr((proj[:, x] - proj[:, o]) / sigma)
        chance -= logsumexp(chance, axis=1, keepdims=True)
        return -(self.won[sel] * chance).sum(axis=1)


def fit_win(data: WinData, start: list[float], sigma: tuple[float, float], idx: Any = None,
            weights_free: bool = True) -> tuple[list[float], float, float]:
    """The weights (kept at `start` unless `weights_free`) and blur with the least mean log-loss on rows `idx`."""
    from scipy.optimize import minimize

    k = len(start)

    def unpack(theta: Any) -> tuple[list[float], float, float]:
        weights = list(theta[:k]) if weights_free else list(start)
        return weights, 0.5 + abs(theta[-2]), abs(theta[-1])  # a blur of at least half a point

    def loss(theta: Any) -> float:
        w, s0, s1 = unpack(theta)
        return float(data.losses(w, s0, s1, idx).mean())

    theta0 = (list(start) if weights_free else []) + [max(0.0, sigma[0] - 0.5), sigma[1]]
    return unpack(minimize(loss, theta0, method="L-BFGS-B").x)


def tune_win(names: list[str], shipped: dict[str, float], sigma: tuple[float, float], rows: list[WinRow],
             designed_weights: dict[str, float] | None = None) -> dict[str, Any]:
    """The fitted weights and blur, and the log-loss on games left out with the shipped ones, the designed weights
    (`designed_weights`: those evaluate plays with for the seat count; else 1 each) with the blur fitted, and both
    fitted (starting from the designed)."""
    data = WinData(rows)
    np = data.np
    designed = [(designed_weights or {}).get(name, 1.0) for name in names]
    current = [shipped[name] for name in names]
    totals = {"shipped": 0.0, "designed_blur_fitted": 0.0, "fitted": 0.0}
    for fold in range(FOLDS):
        train = np.where(data.games % FOLDS != fold)[0]
        test = np.where(data.games % FOLDS == fold)[0]
        if not len(train) or not len(test):
            continue
        totals["shipped"] += float(data.losses(current, *sigma, test).sum())
        w, s0, s1 = fit_win(data, designed, sigma, train, weights_free=False)
        totals["designed_blur_fitted"] += float(data.losses(w, s0, s1, test).sum())
        w, s0, s1 = fit_win(data, designed, sigma, train)
        totals["fitted"] += float(data.losses(w, s0, s1, test).sum())
    w, s0, s1 = fit_win(data, designed, sigma)
    n = max(1, len(rows))
    return {"weights": {name: round(v, 2) for name, v in zip(names, w)}, "sigma": [round(s0, 2), round(s1, 2)],
            "rows": len(rows), **{f"logloss_{key}": value / n for key, value in totals.items()},
            "logloss_uniform": float(np.log(data.base.shape[1]))}


def shipped_win(hooks: Any, seats: int) -> tuple[dict[str, float], tuple[float, float]]:
    """The weights and blur Hard's chance to win uses with `seats` seats (WIN_WEIGHTS, SEAT_WIN_SIGMA; else
    WEIGHTS and WIN_SIGMA)."""
    weights = getattr(hooks, "WIN_WEIGHTS", {}).get(seats, shipped_weights(hooks, seats))
    sigma = getattr(hooks, "SEAT_WIN_SIGMA", {}).get(seats, getattr(hooks, "WIN_SIGMA", None)) or (3.0, 23.0)
    return dict(weights), (float(sigma[0]), float(sigma[1]))


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


def fit(rows: list[Row], count: int, ridge: float = 3.0, keep: dict[int, float] | None = None,
        prior: list[float] | None = None) -> list[float]:
    """Weights (one per part) that best predict the rows' targets, drawn towards `prior` (the designed weights; else
    1 each); none negative."""
    keep = dict(keep or {})
    prior = prior or [1.0] * count
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
            vec[p] += ridge * prior[free[p]]  # the pull towards the design
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


def tune(names: list[str], shipped: dict[str, float], rows: list[Row], ridge: float = 3.0,
         designed_weights: dict[str, float] | None = None) -> dict[str, Any]:
    """The fitted weights (drawn towards `designed_weights`, the game's WEIGHTS; else 1 each), and the cross-validated
    errors of the shipped and the fitted weights."""
    count = len(names)
    prior = [(designed_weights or {}).get(name, 1.0) for name in names]
    idle = {i: shipped[names[i]] for i in range(count) if not any(diff[i] for _k, diff, _t in rows)}
    current = [shipped[name] for name in names]
    err_shipped = err_fitted = 0.0
    for fold in range(FOLDS):
        train = [r for r in rows if r[0] % FOLDS != fold]
        test = [r for r in rows if r[0] % FOLDS == fold]
        weights = fit(train, count, ridge, idle, prior)
        err_shipped += error(test, current) * len(test)
        err_fitted += error(test, weights) * len(test)
    weights = fit(rows, count, ridge, idle, prior)
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
    parser.add_argument("--win", action="store_true", help="fit Hard's chance to win to who won (weights and blur)")
    args = parser.parse_args(argv)
    hooks = game_hooks(args.game)
    if hooks is None or not hasattr(hooks, "WEIGHTS"):
        print(f"{args.game}'s evaluation has no weighted parts to fit", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        print(text, file=sys.stderr)

    specs = args.agents.split(",")
    seats = seat_count(registry.get(args.game), specs, args.seats)
    if args.win:
        names, win_rows = record_win(args.game, specs, args.games, args.seed, seats, args.jobs, say)
        shipped, sigma = shipped_win(hooks, seats)
        won = tune_win(names, shipped, sigma, win_rows, shipped_weights(hooks, seats))
        if args.json:
            print(json.dumps(won, indent=1))
            return 0
        print(f"{args.game}: {args.games} games of {seats} seats, {won['rows']} turn starts; the winners' mean log-loss "
              f"on games left out: {won['logloss_shipped']:.4f} as shipped (blur {sigma[0]:g} + {sigma[1]:g} sqrt(left)), "
              f"{won['logloss_designed_blur_fitted']:.4f} with the designed weights and the blur fitted, "
              f"{won['logloss_fitted']:.4f} fitted ({won['logloss_uniform']:.4f}: every seat alike)")
        print(f"  blur {won['sigma'][0]:g} + {won['sigma'][1]:g} sqrt(left)")
        for name, w in won["weights"].items():
            print(f"  {name:20s} {shipped[name]:6.2f} -> {w:6.2f}")
        return 0
    names, rows = record(args.game, specs, args.games, args.seed, seats, args.jobs, say)
    shipped = shipped_weights(hooks, seats)
    result = tune(names, shipped, rows, args.ridge, dict(hooks.WEIGHTS))
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
