"""Whim of the Sultan cards of this edition (data/five_tribes/whims.yaml) and how they pay (the German
Whims rulebook: "Karten Laune des Sultans"; data/five_tribes/rules.md, "Whim cards").

Board: tests/five_tribes_helpers.BOARD, Great Lake at (2, 2), as in the pattern cases below.
"""
from __future__ import annotations

import pytest

from games.five_tribes.rules_state import EndTurn, PlacePalace, TakeDjinn
from games.five_tribes.rules_whims import holds
from tests.five_tribes_helpers import cell, court, djinn_row, give_cards, give_djinn, own, play, rules
from tests.test_five_tribes_rules import arrive, scene

R = rules()
LINE = {"pattern": "line", "length": 3}
DIAGONAL = {"pattern": "line", "length": 3, "diagonal": True}
GROUP = {"pattern": "group", "size": 4}


def quadrants(k):
    return {"count": "owned_tiles", "distinct": "quadrant", "at_least": k}


def near_lake(k):
    return {"count": "owned_tiles", "where": {"near_lake": True}, "at_least": k}


# §2.10: case -> (owned cells, line 3, line 3 diagonal, group 4, distinct quadrants, near-lake tiles)
CASES = {
    "A": ([(0, 0), (0, 1), (0, 2)], True, True, False, 1, 0),
    "B": ([(0, 1), (1, 1), (2, 1), (2, 0)], True, True, True, 1, 2),
    "C": ([(2, 0), (2, 1), (2, 3)], False, False, False, 2, 2),
    "D": ([(0, 0), (0, 5), (5, 0), (5, 5)], False, False, False, 4, 0),
    "E": ([(0, 2), (0, 3), (1, 3), (1, 4)], False, False, True, 2, 1),
    "F": ([(3, 0), (4, 1), (5, 2)], False, True, False, 1, 0),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_pattern_cases_of_section_2_10(case):
    """five-tribes-whims.md §2.10: lines, diagonal lines, groups, quadrants and lake tiles."""
    cells, line, diagonal, group, quads, lake = CASES[case]
    s = scene()
    own(s, 0, *[cell(r, c) for r, c in cells])
    h = R.holdings(s, 0)
    assert holds(h, LINE) is line
    assert holds(h, DIAGONAL) is diagonal
    assert holds(h, GROUP) is group
    assert holds(h, quadrants(quads)) and not holds(h, quadrants(quads + 1))
    assert (lake == 0 or holds(h, near_lake(lake))) and not holds(h, near_lake(lake + 1))


def test_no_card_is_true_in_the_empty_state():
    """§2.8: every threshold is at least 1, so no card holds at set-up."""
    s = scene()
    assert not [w for w in R.cat.whims if R.whim_met(s, 0, w)]


def _tiles(*rc):
    return [cell(r, c) for r, c in rc]


# card -> (what makes it true, what leaves it one short); each a function of the scene
def _whim_01(s, full):
    own(s, 0, cell(1, 1) if full else cell(0, 0))


def _whim_02(s, full):
    court(s, 0, viziers=4 if full else 3)


def _whim_03(s, full):
    own(s, 0, cell(0, 5))
    if full:
        give_djinn(s, 0, "boaz")


def _whim_04(s, full):
    give_cards(s, 0, "fish", "silk", "spice", *(["ivory"] if full else ["fish"]))


def _whim_05(s, full):
    give_cards(s, 0, *(["fakir"] * (2 if full else 1)))


def _whim_06(s, full):
    own(s, 0, *_tiles((5, 0), (5, 1), (5, 2), (5, 3), (5, 4))[: 5 if full else 4])


def _whim_07(s, full):
    own(s, 0, cell(2, 0) if full else cell(0, 5))  # the 10 Sacred Place, or a 6


def _whim_08(s, full):
    own(s, 0, cell(0, 2), cell(0, 3))
    s.palms[cell(0, 2)] = 1
    s.palms_left -= 1
    if full:
        s.palaces[cell(0, 3)] = 1
        s.palaces_left -= 1


def _whim_09(s, full):
    own(s, 0, cell(1, 2) if full else cell(0, 3))  # a Village beside the lake, or away from it
    s.palaces[cell(1, 2) if full else cell(0, 3)] = 1
    s.palaces_left -= 1


def _whim_10(s, full):
    own(s, 0, *_tiles((0, 3), (1, 2), (1, 3), (2, 0))[: 4 if full else 3], cell(0, 0))


def _whim_11(s, full):
    own(s, 0, *_tiles((5, 0), (5, 1), (5, 2) if full else (5, 3)))


def _whim_12(s, full):
    own(s, 0, *_tiles((0, 0), (0, 5), (5, 0), (5, 5) if full else (4, 1)))


def _whim_13(s, full):
    court(s, 0, viziers=4, elders=4 if full else 3)


def _whim_14(s, full):
    give_cards(s, 0, "ivory", "jewels" if full else "ivory", "fish")


def _whim_15(s, full):
    own(s, 0, cell(1, 3), cell(3, 1) if full else cell(3, 0))


def _whim_16(s, full):
    own(s, 0, *_tiles((4, 0), (4, 1), (5, 1), (5, 2) if full else (3, 3)))


def _whim_17(s, full):
    for d in ("boaz", "jafaar", "shamhat")[: 3 if full else 2]:
        give_djinn(s, 0, d)


def _whim_18(s, full):
    give_cards(s, 0, "ivory", "jewels", "gold", "papyrus", "silk", "spice", *(["fish"] if full else ["spice"]))


def _whim_19(s, full):
    own(s, 0, cell(0, 1), cell(0, 0), cell(0, 2), cell(0, 3), cell(0, 5))  # both market sizes, Oasis, Village, Sacred
    if full:
        own(s, 0, cell(1, 3))


CARDS = {f"whim_{i:02d}": globals()[f"_whim_{i:02d}"] for i in range(1, 20)}


@pytest.mark.parametrize("whim", sorted(CARDS))
def test_each_card_holds_exactly_at_its_threshold(whim):
    """§3: each card's condition is true with its holdings and false one short of them."""
    full, short = scene(), scene()
    CARDS[whim](full, True)
    CARDS[whim](short, False)
    assert R.whim_met(full, 0, whim)
    assert not R.whim_met(short, 0, whim)


def test_whim_19_counts_both_market_sizes_as_one_kind():
    """§2.10: a Large Market and a Small Market are one kind."""
    s = scene()
    own(s, 0, cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3), cell(1, 3))  # markets x2, Oasis, Village, City
    assert not R.whim_met(s, 0, "whim_19")


def _whim_on_city(s, whim):
    s.whim_on[cell(1, 3)] = s.whim_deck.pop(s.whim_deck.index(whim))


def test_a_card_already_met_when_taken_pays_at_once_and_lies_face_up():
    """Seed: condition already met: lay the card face up and take the gold."""
    s = scene()
    court(s, 0, viziers=4)
    _whim_on_city(s, "whim_02")
    s = arrive(s, cell(1, 3), "elder", "merchant")
    p = s.players[0]
    assert p.whims == [] and p.whims_done == ["whim_02"] and p.gold == 55


def test_a_card_not_met_goes_to_the_hand_and_pays_the_moment_it_is_met():
    """Seed: not met: take it in hand; when you meet it later, reveal it and take the gold."""
    s = scene()
    court(s, 0, viziers=2)
    _whim_on_city(s, "whim_02")
    s = arrive(s, cell(1, 3), "elder", "merchant")
    assert s.players[0].whims == ["whim_02"] and s.players[0].gold == 50
    s = play(s, EndTurn())
    s = at_seat0_again(s)
    s = arrive(s, cell(0, 4), "vizier", "elder")  # 2 more Viziers
    p = s.players[0]
    assert p.whims_done == ["whim_02"] and p.gold == 55


def at_seat0_again(s):
    from tests.five_tribes_helpers import at_turn

    return at_turn(s, 0)


def test_a_card_pays_once():
    """§8.3: each card pays once."""
    s = scene()
    court(s, 0, viziers=4)
    _whim_on_city(s, "whim_02")
    s = arrive(s, cell(1, 3), "elder", "merchant")
    s = play(s, EndTurn())
    s = arrive(at_seat0_again(s), cell(0, 4), "vizier", "elder")
    assert s.players[0].gold == 55


def test_a_card_can_come_true_in_an_opponents_turn():
    """§2.10 / A11 (our choice): whim_09 pays when an opponent's move puts a palace on my Village by the lake."""
    s = scene()
    own(s, 1, cell(1, 2))
    s.players[1].whims.append(s.whim_deck.pop(s.whim_deck.index("whim_09")))
    s = play(arrive(s, cell(1, 2), "vizier", "elder"), PlacePalace(cell(1, 2)))
    assert s.players[1].whims_done == ["whim_09"] and s.players[1].gold == 60


def test_option_own_turn_waits_for_the_owners_turn():
    """A11 option own_turn: a card in hand is checked only during its owner's turn."""
    s = scene(whim_payout="own_turn")
    own(s, 1, cell(1, 2))
    s.players[1].whims.append(s.whim_deck.pop(s.whim_deck.index("whim_09")))
    s = play(arrive(s, cell(1, 2), "vizier", "elder"), PlacePalace(cell(1, 2)))
    assert s.players[1].whims == ["whim_09"]
    s = play(s, EndTurn())
    assert s.seat == 1 and s.players[1].whims_done == ["whim_09"]


def test_council_of_state_pays_on_the_elder_peak_even_if_elders_are_spent_that_turn():
    """§2.10: with 4 Viziers, whim_13 pays at 4 Elders even if 2 are then spent at a Sacred Place."""
    s = scene()
    court(s, 0, viziers=4, elders=2)
    s.players[0].whims.append(s.whim_deck.pop(s.whim_deck.index("whim_13")))
    djinn_row(s, "boaz", "jafaar", "shamhat")
    s = arrive(s, cell(0, 5), "elder", "merchant")
    s = play(s, TakeDjinn("boaz", ("elder", "elder")))
    p = s.players[0]
    assert p.whims_done == ["whim_13"] and p.gold == 60 and p.elders == 2


def test_cards_left_in_hand_score_nothing():
    """Seed: at the end, cards still in hand are worthless, with no penalty."""
    s = scene()
    s.players[0].whims.append(s.whim_deck.pop())
    sheet = R.score_sheet(s)
    assert sheet.totals[0] == sheet.totals[1]


def test_the_file_says_these_are_this_editions_cards():
    """five-tribes-whims.md: the shipped cards are this project's design, not the printed set."""
    assert R.cat.whim_set == {"set": "project_whims_v1", "official": False}
    assert len(R.cat.whims) == 19 and sum(w.reward_gold for w in R.cat.whims.values()) == 185
