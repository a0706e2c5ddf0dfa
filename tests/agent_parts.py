"""Checks shared by the games whose evaluation adds up weighted parts (WEIGHTS, parts: engine/tune.py)."""
from __future__ import annotations

from typing import Any, Callable

import pytest


def assert_parts_make_the_projection(agent: Any, rules: Any, state: Any, base: list[float],
                                     weights: dict[str, float] | None = None) -> None:
    """parts(): `base` (what scores as it stands) plus each part times its weight (`weights`, by default WEIGHTS)
    is each seat's projection, and evaluate() is the seat's projection minus the best other seat's: the weights
    engine/tune.py fits are the ones the search plays with."""
    per_seat = agent.parts(rules, state)
    assert all(set(p) == {"base", *agent.WEIGHTS} for p in per_seat)
    assert [p["base"] for p in per_seat] == base
    weights = agent.WEIGHTS if weights is None else weights
    proj = [p["base"] + sum(p[name] * w for name, w in weights.items()) for p in per_seat]
    seats = len(proj)
    for seat in range(seats):
        best_other = max(proj[x] for x in range(seats) if x != seat)
        assert agent.evaluate(rules, state, seat) == pytest.approx(proj[seat] - best_other)


def assert_a_weight_scales_its_part(project: Callable[[Any, dict], list[float]], weights: dict, part: str,
                                    plain: Any, richer: Any) -> None:
    """What seat 0's richer holding adds to its projection (`project(state, weights)`) is nothing at the part's
    weight 0, something at 1, and twice that at 2."""
    worth = {}
    for w in (0.0, 1.0, 2.0):
        wt = {**weights, part: w}
        worth[w] = project(richer, wt)[0] - project(plain, wt)[0]
    assert worth[0.0] == 0.0
    assert worth[1.0] > 0.0
    assert worth[2.0] == pytest.approx(2 * worth[1.0])
