"""engine/finalists.py: how well Hard's check picks among its finalists, by how many it takes."""
from __future__ import annotations

from engine import finalists
from engine.core import search
from engine.core.search import SearchAgent
from tests.test_search import _Bait, _BaitHooks


def test_the_finalists_are_valued_as_the_check_values_them_in_the_screenings_order(monkeypatch):
    """_Bait: the screening ranks Grab first (3 points where the turn ends); the check sees seat 1's punishment
    (Grab -7, Safe +2), so the best finalist stands second in the screening's order."""
    monkeypatch.setitem(search._HOOKS, "bait", _BaitHooks)
    hard = SearchAgent(_Bait(), 0, seed=1, level="hard", budget=0.2)
    values = finalist_values = finalists.finalist_values(hard, (0, 0, 0), count=2, samples=6)
    assert finalist_values == [[-7.0] * 6, [2.0] * 6]
    assert finalists.best_places([values]) == [0, 1]
    table = finalists.regrets([values], totals=[4], counts=[1, 2])
    assert table == {4: {1: 9.0, 2: 0.0}}  # unchecked, the screening's best costs 9 points; checked, nothing


def test_a_check_of_more_finalists_on_fewer_samples_each_is_measured_on_the_same_decisions():
    """Three finalists, the third the best by a little, their values noisy: checked on one sample each, the pick is
    sometimes wrong, on many rarely; a decision with fewer finalists is left out, so every n has the same decisions."""
    noisy = [[0.0, 0.2, -0.2, 0.0] * 5, [0.5, 0.3, 0.7, 0.5] * 5, [1.0, 1.6, 0.4, 1.0] * 5]
    short = [[5.0] * 20, [0.0] * 20]
    table = finalists.regrets([noisy, short], totals=[3, 30], counts=[1, 2, 3])
    assert table[3][1] == table[30][1] > table[30][2] > table[30][3] >= 0.0
    assert table[3][3] > table[30][3]  # one sample each picks worse than ten
