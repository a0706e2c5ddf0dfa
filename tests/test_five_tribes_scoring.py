"""Final scoring, one test per row of the score sheet (data/five_tribes/rules.md, "Final scoring"; the
Wondrous City table and the Great Lake doubling from the German Whims rulebook).

Board: tests/five_tribes_helpers.BOARD; the Great Lake is at (2, 2).
"""
from __future__ import annotations

from tests.five_tribes_helpers import cell, court, give_cards, own, rules
from tests.test_five_tribes_rules import scene

R = rules()


def row(s, label, seat=0):
    sheet = R.score_sheet(s)
    return next(r.values[seat] for r in sheet.rows if r.label == label)


def test_gold_scores_one_point_per_coin():
    """§6.1: 1 VP per gold coin."""
    s = scene()
    s.players[0].gold = 37
    assert row(s, "Gold") == 37


def test_viziers_score_one_each():
    """§6.1: 1 VP per Vizier."""
    s = scene()
    court(s, 0, viziers=5)
    assert row(s, "Viziers") == 5


def test_vizier_majority_ten_per_opponent_with_strictly_fewer():
    """§6.1: +10 per opponent with strictly fewer Viziers; a tie earns nothing; 0 counts."""
    s = scene(n=4)
    court(s, 0, viziers=3)
    court(s, 1, viziers=3)
    court(s, 2, viziers=1)
    assert row(s, "Vizier majority", 0) == 20  # beats seats 2 and 3, ties seat 1
    assert row(s, "Vizier majority", 2) == 10  # beats seat 3 with 0
    assert row(s, "Vizier majority", 3) == 0


def test_elders_score_two_each():
    """§6.1: 2 VP per Elder."""
    s = scene()
    court(s, 0, elders=4)
    assert row(s, "Elders") == 8


def test_palms_score_three_on_owned_tiles_only_and_double_beside_the_lake():
    """§6.1 and seed: 3 per palm on your tiles; palms on the 8 tiles around the Great Lake count double."""
    s = scene()
    own(s, 0, cell(0, 2), cell(3, 1))  # (3,1) is diagonal to the lake at (2,2)
    s.palms[cell(0, 2)] = 2
    s.palms[cell(3, 1)] = 1
    s.palms[cell(5, 2)] = 1  # not owned: scores nothing
    s.palms_left = 8
    assert row(s, "Palm trees") == 2 * 3 + 1 * 3 * 2


def test_palaces_score_five_on_owned_tiles_and_double_beside_the_lake():
    """§6.1 and seed: 5 per palace on your tiles, doubled next to the Great Lake (diagonals count)."""
    s = scene()
    own(s, 0, cell(0, 3), cell(1, 3))  # (1,3) is diagonal to the lake
    s.palaces[cell(0, 3)] = 1
    s.palaces[cell(1, 3)] = 2
    s.palaces_left = 7
    assert row(s, "Palaces") == 5 + 2 * 5 * 2


def test_tiles_score_their_printed_value():
    """§6.1: the printed VP of every tile you own; a Wondrous City prints none."""
    s = scene()
    own(s, 0, cell(0, 0), cell(0, 1), cell(4, 4), cell(1, 3))  # small 6, large 4, sacred 15, city 0
    assert row(s, "Tiles") == 6 + 4 + 15


def test_wondrous_cities_score_on_the_set_table():
    """Seed: 1, 2, 3, 4, 5 cities owned give 5, 20, 45, 80, 125 VP."""
    cities = [cell(1, 3), cell(3, 1), cell(4, 0), cell(4, 5), cell(5, 4)]
    for n, vp in zip(range(6), (0, 5, 20, 45, 80, 125)):
        s = scene()
        own(s, 0, *cities[:n])
        assert row(s, "Wondrous Cities") == vp


def test_merchandise_scores_sets_of_different_goods_layer_by_layer():
    """§1.5: split into sets of all-different goods layer by layer; score each on the table."""
    s = scene()
    give_cards(s, 0, "fish", "fish", "fish", "silk", "silk", "ivory", "fakir", "fakir")
    assert row(s, "Merchandise") == 7 + 3 + 1  # {fish, silk, ivory} + {fish, silk} + {fish}; Fakirs count nothing


def test_the_sheet_has_a_row_per_category_and_totals_add_up_with_reasons():
    """score_sheet: one row per category, totals are column sums, details explain each row."""
    s = scene()
    court(s, 1, viziers=2, elders=1)
    sheet = R.score_sheet(s)
    assert [r.label for r in sheet.rows] == ["Gold", "Viziers", "Vizier majority", "Elders", "Djinns", "Palm trees",
                                             "Palaces", "Tiles", "Wondrous Cities", "Merchandise"]
    assert sheet.check_totals() and sheet.totals[1] == 50 + 2 + 20 + 2
    assert "Bob, Vizier majority: 20 (more than 2 opponents, 10 each)." in sheet.details
    assert sheet.ranking[0] == 1 and not sheet.final


def test_a_tie_is_a_shared_win():
    """§6.1: most VP wins; a tie is shared."""
    s = scene()
    assert R.winners(s) == [0, 1, 2]
