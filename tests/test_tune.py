"""engine/tune.py: fitting an evaluation's part weights to how recorded games ended."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine import tune


def synthetic(true: list[float], games: int = 40, per_game: int = 30, noise: float = 0.0, seed: int = 1):
    """Rows whose targets are the parts times `true`, plus noise."""
    rng = random.Random(seed)
    rows = []
    for k in range(games):
        for _ in range(per_game):
            diff = [rng.uniform(-5, 5) for _ in true]
            target = sum(d * w for d, w in zip(diff, true)) + rng.gauss(0.0, noise)
            rows.append((k, diff, target))
    return rows


def test_solve_finds_the_solution_of_a_small_system():
    x = tune.solve([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]], [3.0, 9.5, 14.0])
    assert x == pytest.approx([0.5, 2.0, 3.0])
    with pytest.raises(ValueError):
        tune.solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0])


def test_fit_recovers_the_weights_that_made_the_margins():
    true = [0.6, 2.0, 0.0, 1.3]
    weights = tune.fit(synthetic(true), len(true), ridge=0.0)
    assert weights == pytest.approx(true, abs=1e-6)


def test_a_weight_the_data_makes_negative_is_fixed_at_zero_and_the_rest_refitted():
    true = [1.5, -0.8, 0.7]
    weights = tune.fit(synthetic(true), len(true), ridge=0.0)
    assert weights[1] == 0.0
    assert all(w >= 0 for w in weights)
    assert tune.error(synthetic(true), weights) < tune.error(synthetic(true), [1.5, 0.0, 0.7]) + 1e-9


def test_the_ridge_draws_weights_the_data_hardly_sees_towards_one():
    rows = [(k, [d, 0.001 * d], 2.0 * d) for k in range(20) for d in (-3.0, -1.0, 1.0, 3.0)]
    weights = tune.fit(rows, 2, ridge=5.0)
    assert weights[0] == pytest.approx(2.0, abs=0.05)
    assert weights[1] == pytest.approx(1.0, abs=0.05)


def test_tune_reports_a_smaller_error_left_out_when_the_shipped_weights_are_wrong():
    true = [0.5, 2.0, 1.0]
    rows = synthetic(true, noise=1.0)
    rows = [(k, diff + [0.0], t) for k, diff, t in rows]  # a fourth part that never differs
    result = tune.tune(["a", "b", "c", "idle"], {"a": 1.0, "b": 1.0, "c": 1.0, "idle": 0.4}, rows)
    assert result["error_fitted"] < 0.5 * result["error_shipped"]
    assert result["weights"]["a"] == pytest.approx(0.5, abs=0.05)
    assert result["weights"]["b"] == pytest.approx(2.0, abs=0.05)
    assert result["not_fitted"] == ["idle"] and result["weights"]["idle"] == 0.4


def test_recording_somerset_gives_one_row_per_turn_start_and_pair_of_seats():
    names, rows = tune.record("somerset", ["random", "random"], games=1, seed=3)
    from games.somerset import agent
    assert names == list(agent.WEIGHTS)
    assert rows and all(len(diff) == len(names) for _k, diff, _t in rows)
    assert len(rows) % 2 == 0  # both orders of the two seats
    # the two orders of one pair are each other's negatives
    first, second = rows[0], rows[1]
    assert first[1] == pytest.approx([-d for d in second[1]]) and first[2] == pytest.approx(-second[2])


def test_a_game_without_weighted_parts_is_refused_with_the_reason(monkeypatch):
    """An evaluation with no WEIGHTS and parts() (here Entdecker's hooks without them) has nothing to fit."""
    from games.entdecker import agent

    bare = SimpleNamespace(sample=agent.sample, evaluate=agent.evaluate)
    monkeypatch.setattr(tune, "game_hooks", lambda game: bare)
    with pytest.raises(ValueError, match="no weighted parts"):
        tune.record("entdecker", ["random", "random"], games=1, seed=3)


def test_the_shipped_weights_are_the_seat_counts_own_where_the_game_gives_them():
    """SEAT_WEIGHTS: a game's weights for a seat count that asks for others; the tool compares a fit on games of
    that count with them, and with WEIGHTS for any other count."""
    hooks = SimpleNamespace(WEIGHTS={"a": 1.0, "b": 0.5}, SEAT_WEIGHTS={3: {"a": 0.2, "b": 2.0}})
    assert tune.shipped_weights(hooks, 3) == {"a": 0.2, "b": 2.0}
    assert tune.shipped_weights(hooks, 2) == {"a": 1.0, "b": 0.5}
    assert tune.shipped_weights(SimpleNamespace(WEIGHTS={"a": 1.0}), 3) == {"a": 1.0}
