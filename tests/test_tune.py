"""engine/tune.py: fitting an evaluation's part weights to how recorded games ended."""
from __future__ import annotations

import math
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


def test_the_ridge_draws_them_towards_the_games_designed_weights_where_it_gives_them():
    """A part the design leaves out (weight 0, as Realm of Sand's pace parts) is drawn towards 0, not 1."""
    rows = [(k, [d, 0.001 * d], 2.0 * d) for k in range(20) for d in (-3.0, -1.0, 1.0, 3.0)]
    weights = tune.fit(rows, 2, ridge=5.0, prior=[1.0, 0.0])
    assert weights[0] == pytest.approx(2.0, abs=0.05)
    assert weights[1] == pytest.approx(0.0, abs=0.05)
    result = tune.tune(["a", "b"], {"a": 1.0, "b": 0.0}, rows, ridge=5.0, designed_weights={"a": 1.0, "b": 0.0})
    assert result["weights"]["b"] == pytest.approx(0.0, abs=0.05)


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


# ---------------------------------------------------------------- --win: Hard's chance to win fitted to who won
def win_rows(games: int = 120, per_game: int = 12, seed: int = 2):
    """Three-seat rows whose winner is the seat with the most of part "a" plus noise; part "b" has no say."""
    rng = random.Random(seed)
    rows = []
    for k in range(games):
        seats = [[0.0, rng.uniform(-10, 10), rng.uniform(-10, 10)] for _ in range(3)]
        final = [p[1] + rng.gauss(0.0, 4.0) for p in seats]
        won = [1.0 if v == max(final) else 0.0 for v in final]
        for turn in range(per_game):
            left = 1.0 - turn / per_game
            rows.append((k, [[p[0], p[1], p[2] + rng.uniform(-1, 1)] for p in seats], left, won))
    return rows


def test_the_win_fit_weighs_the_part_that_decides_who_wins_and_predicts_games_left_out_better():
    """tune_win: from rows where part "a" decides who wins and "b" does not, the fit weighs "a" far above "b", and
    its chances predict the winners of games left out better than weights that count "b" as much as "a"."""
    result = tune.tune_win(["a", "b"], {"a": 1.0, "b": 1.0}, (3.0, 10.0), win_rows())
    assert abs(result["weights"]["a"]) > 5 * abs(result["weights"]["b"])
    assert result["weights"]["a"] > 0
    assert result["logloss_fitted"] < result["logloss_shipped"] - 0.05
    assert result["logloss_fitted"] < result["logloss_uniform"]


def test_a_win_rows_chances_are_the_seats_chances_to_finish_ahead_shared_out_as_one_win():
    """WinData.losses: a row's log-loss is minus the log of its winner's chance, the seats' chances (finishing ahead
    of each other seat, blurred by s0 + s1 sqrt(left)) taken as shares of one win."""
    from engine.core.search import win_chance

    row = (0, [[10.0, 1.0], [4.0, 0.0], [0.0, 2.0]], 0.25, [0.0, 1.0, 0.0])
    data = tune.WinData([row])
    proj = [11.0, 4.0, 2.0]
    chances = [win_chance(proj, x, 0.25, False, 2.0, 6.0) - 0.01 * (proj[x] - max(v for o, v in enumerate(proj) if o != x)) / 6.0
               for x in range(3)]
    assert float(data.losses([1.0], 2.0, 6.0)[0]) == pytest.approx(-math.log(chances[1] / sum(chances)))


def test_recording_win_rows_gives_each_seats_parts_the_game_left_and_the_win_shares():
    names, rows = tune.record_win("five_tribes", ["random", "random", "random"], games=1, seed=3)
    from games.five_tribes import agent
    assert names == list(agent.WEIGHTS)
    assert rows and all(len(per_seat) == 3 and all(len(p) == len(names) + 1 for p in per_seat) for _k, per_seat, _l, _w in rows)
    assert all(0.0 <= left <= 1.0 for _k, _p, left, _w in rows)
    assert rows[0][2] == pytest.approx(1.0)
    assert all(sum(won) == pytest.approx(1.0) and won == rows[0][3] for _k, _p, _l, won in rows)


def test_the_designed_weights_the_win_fit_compares_and_starts_from_are_the_games():
    """tune_win's "designed" line uses the game's WEIGHTS (a part it leaves out at 0): with every weight 0 no seat
    stands apart, so the designed weights' chances are every seat alike (log 3 for three seats)."""
    rows = win_rows(games=40)
    zero = tune.tune_win(["a", "b"], {"a": 1.0, "b": 1.0}, (3.0, 10.0), rows, {"a": 0.0, "b": 0.0})
    assert zero["logloss_designed_blur_fitted"] == pytest.approx(math.log(3), abs=1e-6)
    ones = tune.tune_win(["a", "b"], {"a": 1.0, "b": 1.0}, (3.0, 10.0), rows)
    assert ones["logloss_designed_blur_fitted"] < math.log(3) - 0.05


def test_recorded_win_shares_follow_the_games_tie_break(monkeypatch):
    """A win is counted as engine.arena counts it: the seats rules.winners names (the game's tie-break)."""
    seen = []

    def winners(rules, state, totals):
        seen.append(list(totals))
        return [2]

    monkeypatch.setattr(tune, "winners_of", winners)
    _names, rows = tune.record_win("realm_of_sand", ["random", "random", "random"], games=1, seed=3)
    assert seen and rows and all(won == [0.0, 0.0, 1.0] for _k, _p, _l, won in rows)


def test_winners_are_the_games_tie_break_else_every_best_total():
    from engine.arena import winners_of

    assert winners_of(SimpleNamespace(winners=lambda state: [1]), None, [5, 5, 3]) == [1]
    assert winners_of(SimpleNamespace(), None, [5, 5, 3]) == [0, 1]


def test_the_shipped_win_weights_and_blur_are_the_seat_counts_own_where_the_game_gives_them():
    hooks = SimpleNamespace(WEIGHTS={"a": 1.0}, WIN_WEIGHTS={3: {"a": -2.0}}, WIN_SIGMA=(3.0, 23.0),
                            SEAT_WIN_SIGMA={3: (7.5, 30.0)})
    assert tune.shipped_win(hooks, 3) == ({"a": -2.0}, (7.5, 30.0))
    assert tune.shipped_win(hooks, 2) == ({"a": 1.0}, (3.0, 23.0))
