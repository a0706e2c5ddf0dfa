"""How well Hard's check picks among its finalists, by how many it takes (FINALISTS, screen_share): an author's tool.

    python -m engine.finalists GAME [--seats K] [--seeds 903,904] [--every 7] [--finalists 48] [--samples 20]
                               [--totals 16,48,96] [--budget SECONDS] [--json]

Seeded games are played by Normal seats. Every `--every` decisions a Hard seat in the mover's place screens its candidate
turns from the mover's view as it would at the table (its budget, by the clock) and keeps its best `--finalists` in the
screening's order. Each finalist is then valued as Hard's check values it (played on against the other seats' best
replies, and on through the game's longer check) on `--samples` samples drawn from that view, the same samples for
every finalist. Half of them say what each finalist is worth; on the other half a check of the screening's best n
finalists, each valued on total // n samples, picks the one it values best. Its regret: what the best of all the
finalists is worth less what its pick is worth (in the evaluation's units: a chance to win where the game gives
`standing`, else points). The halves are drawn at random 100 times per decision.

It prints, for every `total` (the finalist-samples a check has time for: Realm of Sand's three-seat check about 45 in
its second) and every n (1: the screening's best, unchecked), the mean regret over the decisions, and how often the
best finalist stood at each place of the screening's order. A check whose regret keeps falling with n ranks the
turns differently from its screening, and would pick better by its own values with more finalists; whether it then
wins more is an arena's question (Realm of Sand's three seats: it did not, bench/README.md).

It reads only what the Hard seat reads (its view and its own samples): the check's own measure of its choice, not
the game's outcome, so it says which n picks best by the check's values; an arena says whether that wins more.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from typing import Any

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.core.search import SearchAgent, level_factory
from engine.core.seats import default_colours

SPLITS = 100  # random halves drawn per decision
COUNTS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64)


class _Screening(SearchAgent):
    """A Hard seat that screens as at the table and keeps its finalists (in the screening's order) instead of checking."""

    finalists: list[tuple]  # set by finalist_values before each decision

    def _check_replies(self, view, finalists, ends, samples, best, deadline, kind):
        self.finalists = list(finalists)
        return best


def finalist_values(agent: SearchAgent, view: Any, count: int, samples: int) -> list[list[float]]:
    """The screening's best `count` turns from `view` (fewer where it found fewer), each valued by the check's own loop
    on `samples` samples drawn afresh from the view (the same for all; a sample some finalist's line is not legal on is
    left out): one list of values per finalist, in the screening's order. Empty where the decision had nothing to
    check."""
    probe = _Screening(agent.rules, agent.seat, 0, "hard", agent.budget)
    probe.rng = agent.rng
    probe._finalists = count
    probe.finalists = []
    probe.choose(view)
    if len(probe.finalists) < 2:
        return []
    after: dict[tuple, list[float]] = {key: [] for key in probe.finalists}
    probe._check_rows(view, probe.finalists, {key: {} for key in probe.finalists}, [], after, math.inf, rows=samples)
    return [after[key] for key in probe.finalists]


def regrets(decisions: list[list[list[float]]], totals: list[int], counts: list[int], seed: int = 1
            ) -> dict[int, dict[int, float]]:
    """Per total and n, the mean regret of a check of the best n finalists on total // n samples each (at least one; at
    most half a decision's samples), over SPLITS random halves of each decision, the same for every n and total (see
    the module's doc). Only the decisions with the most finalists count (a decision with fewer turns to check than that
    checks them all), so every n is measured on the same decisions."""
    full = [d for d in decisions if d and len(d[0]) >= 2]
    most = max((len(d) for d in full), default=0)
    usable = [d for d in full if len(d) == most]
    out: dict[int, dict[int, float]] = {}
    for total in totals:
        row: dict[int, float] = {}
        for n in counts:
            if n > most:
                continue
            got = []
            rng = random.Random(seed)  # the same halves for every n and total
            for values in usable:
                size = len(values[0])
                for _ in range(SPLITS):
                    order = list(range(size))
                    rng.shuffle(order)
                    ref, trial = order[: size // 2], order[size // 2:]
                    worth = [statistics.fmean(v[i] for i in ref) for v in values]
                    if n == 1:
                        pick = 0
                    else:
                        used = trial[: max(1, min(len(trial), total // n))]
                        pick = max(range(n), key=lambda f: statistics.fmean(values[f][i] for i in used))
                    got.append(max(worth) - worth[pick])
            row[n] = statistics.fmean(got)
        out[total] = row
    return out


def best_places(decisions: list[list[list[float]]]) -> list[int]:
    """How often the finalist worth most over all its samples stood at each place of the screening's order."""
    usable = [d for d in decisions if d and d[0]]
    places = [0] * max((len(d) for d in usable), default=0)
    for values in usable:
        worth = [statistics.fmean(v) for v in values]
        places[worth.index(max(worth))] += 1
    return places


def record(game: str, seats: int, seeds: list[int], every: int, count: int, samples: int,
           budget: float | None = None, progress: Any = None) -> list[list[list[float]]]:
    """finalist_values at every `every`-th decision (of more than one legal action) of Normal games on `seeds`."""
    info = registry.get(game)
    rules = info.make_rules()
    colours = default_colours()
    normal = level_factory("normal")
    decisions = []
    for seed in seeds:
        match = Match(rules, [Seat(i, f"Seat {i + 1}", colours[i % len(colours)], "computer") for i in range(seats)],
                      seed)
        agents = [normal(rules, i, seed * 1_000_003 + i) for i in range(seats)]
        k = 0
        while (seat := match.to_move()) is not None:
            view = rules.view(match.state, seat)
            k += 1
            if k % every == 0 and len(rules.legal_actions(view)) > 1:
                hard = SearchAgent(rules, seat, seed * 7919 + k, "hard", budget)
                values = finalist_values(hard, view, count, samples)
                if values:
                    decisions.append(values)
                    if progress:
                        progress(f"seed {seed}, decision {k}: {len(values)} finalists on {len(values[0])} samples")
            match.play(agents[seat].choose(view), autosave=False)
    return decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.finalists", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seeds", default="903,904", help="comma-separated game seeds")
    parser.add_argument("--every", type=int, default=7, help="a decision probed every this many")
    parser.add_argument("--finalists", type=int, default=48)
    parser.add_argument("--samples", type=int, default=20, help="samples per finalist (half to value, half to pick)")
    parser.add_argument("--totals", default="16,48,96", help="comma-separated finalist-samples a check has time for")
    parser.add_argument("--budget", type=float, default=None, help="Hard's seconds per turn (default: its own)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    decisions = record(args.game, args.seats, [int(s) for s in args.seeds.split(",")], args.every, args.finalists,
                       args.samples, args.budget, progress=lambda line: print(line, file=sys.stderr))
    totals = [int(t) for t in args.totals.split(",")]
    table = regrets(decisions, totals, list(COUNTS))
    places = best_places(decisions)
    if args.json:
        print(json.dumps({"decisions": len(decisions), "regret": table, "best_places": places}))
        return 0
    most = max((len(d) for d in decisions), default=0)
    used = sum(1 for d in decisions if len(d) == most)
    print(f"{len(decisions)} decisions, {used} of them with {most} finalists; the best finalist's place in the "
          f"screening's order (all decisions): {places}")
    for total, row in table.items():
        print(f"total {total:4d}: " + "  ".join(f"n={n} {r:.4f}" for n, r in row.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
