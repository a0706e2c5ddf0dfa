"""Realm of Sand rules: one test per rule of the seed rules (../shared/seeds/002_f5eb2e314fa5c092.txt, [SEED])
and of the rules file's proposals (../shared/rules/realm-of-sand.md, § numbers), each named after its rule.

Boards are drawn top row first (tests/realm_of_sand_helpers.py): '.' empty, G / R / K squares, g / r / k / b / y
discs; light cells are x and y from 1 to 4. Seats: Anna (0, the start player in scenes), Ben (1), Cleo (2).
"""
from __future__ import annotations

import random

import pytest

from engine.core.match import Match
from engine.core.rules import Seat
from games.realm_of_sand.rules import (
    EMPTY, HIDDEN, AllDiscs, ChooseStartDisc, Claim, EndDiscs, EndSwap, EndTurn, ExchangeDisc, GainLevel, KeepCard,
    MoveDisc, MoveSquare, PlaceDisc, PlaceTile, Reserve, SwapTile, TakeTile, Unlock,
)
from tests.realm_of_sand_helpers import EMPTY_BOARD, R, cid, drawn, new_game, play, scene, tid

ROW_GGR = ["......", "......", ".GGR..", "......", "......", "......"]
GGR = ((1, 2), (2, 2), (3, 2))


def kinds(s):
    return {a.kind for a in R.legal_actions(s)}


def claim_ggr(s):
    return Claim(cid("I-01"), GGR)


# ---------------------------------------------------------------- set-up (§8) [SEED]
def test_each_player_takes_three_tiles_dealt_in_turn_order_from_the_front_of_the_ring():
    """[SEED] three random tiles; [P] dealt from the front of the shuffled ring, start player first."""
    s = new_game(3, seed=5)
    assert all(len(p.hand) == 3 for p in s.players)
    assert len(s.ring) == 28 - 9
    order = [(s.start_player + k) % 3 for k in range(3)]
    dealt = [t for seat in order for t in s.players[seat].hand]
    assert sorted(dealt + list(s.ring)) == list(range(28))
    rng = random.Random("realm_of_sand-setup:5")
    rng.sample(range(6), 3)
    for _ in range(3):
        rng.shuffle(list(range(18)))
    ring = list(range(28))
    rng.shuffle(ring)
    assert ring[:9] == dealt and tuple(ring[9:]) == s.ring


def test_each_player_takes_a_board_of_a_different_colour_and_a_level_cube_on_zero():
    for seed in range(6):
        s = new_game(4, seed)
        assert len({p.colour for p in s.players}) == 4
        assert {p.colour for p in s.players} <= {"red", "purple", "yellow", "green", "orange", "blue"}
        assert all(p.level == 0 and p.cells == ("",) * 36 for p in s.players)


def test_four_cards_of_each_level_dealt_face_up_in_rows_the_decks_shuffled():
    s = new_game(2)
    for level, (row, deck) in enumerate(zip(s.market, s.decks), start=1):
        assert len(row) == 4 and len(deck) == 14
        assert {R.cat.cards[c].level for c in row + deck} == {level}
    assert new_game(2, seed=1).decks != new_game(2, seed=2).decks


@pytest.mark.parametrize("seats,each", [(1, 2), (2, 4), (3, 5), (4, 6)])
def test_central_supply_holds_2_4_5_all_discs_of_each_colour_by_player_count(seats, each):
    s = new_game(seats)
    assert s.supply == {c: each for c in "GRKBY"}
    assert all(sum(p.discs.values()) == 0 for p in s.players)


def test_the_square_stock_holds_all_84_squares_28_of_each_colour():
    assert new_game(3).squares == {"G": 28, "R": 28, "K": 28}


def test_a_random_start_player_then_play_in_rotation():
    starts = {new_game(4, seed).start_player for seed in range(20)}
    assert len(starts) > 1
    s = scene(EMPTY_BOARD, seats=3, seat=0)
    s = play(s, EndDiscs())
    assert s.current == 1 and s.phase == "before"


def test_advanced_the_purple_board_takes_a_blue_or_yellow_disc_from_the_supply_first():
    for seed in range(40):
        s = new_game(3, seed, side="advanced")
        purple = [i for i, p in enumerate(s.players) if p.colour == "purple"]
        if purple:
            break
    assert s.phase == "start" and s.current == purple[0] and s.turn == 0
    assert R.legal_actions(s) == [ChooseStartDisc("B"), ChooseStartDisc("Y")]
    assert R.why_illegal(s, ChooseStartDisc("G")) is not None
    s = play(s, ChooseStartDisc("Y"))
    assert s.players[purple[0]].discs["Y"] == 1 and s.supply["Y"] == 4
    assert s.phase == "before" and s.current == s.start_player


def test_basic_side_has_no_start_disc_and_no_crystal():
    for seed in range(10):
        s = new_game(4, seed)
        assert s.phase == "before"
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"), colour="orange")
    s = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    assert not s.players[0].charged, "(1, 1) is a crystal cell of the orange board's advanced side only"


def test_advanced_crystal_markers_start_clear():
    s = new_game(4, 3, side="advanced")
    assert not any(p.charged for p in s.players)


# ---------------------------------------------------------------- main action A: a rune tile (§9.1) [SEED]
def test_a_placed_tile_becomes_three_squares_of_its_colours_from_the_stock():
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"))
    s = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    assert drawn(s, 0)[1] == ".GGR.."
    assert s.squares == {"G": 26, "R": 27, "K": 28}


def test_a_tile_may_be_turned_and_flipped_in_all_eight_orientations():
    """S[7]: tiles may be rotated and flipped; T27 (G corner, R right, K below) laid flipped and turned."""
    s = scene(EMPTY_BOARD, hand=("T27", "T02", "T03"))
    out = play(s, PlaceTile(tid("T27"), 1, True, 1, 1))
    # flipped: R . / ... G at (1,0), R at (0,0), K at (1,1); then a quarter turn right
    # flipped: R G / . K (the red arm points left); a quarter turn right: . R / K G
    assert [row[1:3] for row in drawn(out, 0)[1:3]] == [".R", "KG"]
    looks = set()
    for turns in range(4):
        for flipped in (False, True):
            after = play(s, PlaceTile(tid("T27"), turns, flipped, 2, 2))
            looks.add(tuple(drawn(after, 0)))
    assert len(looks) == 8


def test_a_tile_reaching_outside_the_board_is_refused():
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"), level=6)
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 4, 1)) == "The tile would reach outside your board."
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 3, 1)) is None


def test_a_tile_is_placed_in_the_light_area_a_dark_cell_needs_a_level():
    """[SEED] 'place it in the light-shaded area'; 'each space on the +1 track lets you use one dark space'."""
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"))
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 0, 1)) == \
        "That would use 1 dark cells; your +1 track allows 0."
    s.players[0].level = 1
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 0, 1)) is None


def test_dark_cell_capacity_occupied_dark_cells_never_exceed_the_level():
    """§3.1 [P] 'capacity': the number of occupied dark cells may never exceed the level."""
    board = ["G.....", "......", "......", "......", "......", "......"]
    s = scene(board, hand=("T07", "T02", "T03"), level=1)
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 3, 1)) == \
        "That would use 2 dark cells; your +1 track allows 1."
    assert R.why_illegal(s, PlaceTile(tid("T07"), 1, False, 0, 0)) == \
        "That would use 3 dark cells; your +1 track allows 1."
    s.players[0].level = 3
    assert R.why_illegal(s, PlaceTile(tid("T07"), 1, False, 0, 0)) is None


def test_overlapped_squares_are_discarded_to_the_stock():
    board = ["......", ".KK...", "......", "......", "......", "......"]
    s = scene(board, hand=("T07", "T02", "T03"))
    out = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    assert drawn(out, 0)[1] == ".GGR.."
    assert out.squares == {"G": 26, "R": 27, "K": 28}


def test_overlapped_discs_return_to_their_owners_supply():
    board = ["......", ".b....", "......", "......", "......", "......"]
    s = scene(board, hand=("T07", "T02", "T03"))
    out = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    assert out.players[0].discs["B"] == 1 and out.supply["B"] == 3


def test_the_played_tile_goes_behind_the_queen_and_one_of_the_two_in_front_is_taken():
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"))
    front = s.ring[:3]
    s = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    assert s.phase == "take" and s.ring[-1] == tid("T07") and len(s.players[0].hand) == 2
    assert R.legal_actions(s) == [TakeTile(front[0]), TakeTile(front[1])]
    assert R.why_illegal(s, TakeTile(front[2])) == "Take one of the two tiles in front of the queen."
    s = play(s, TakeTile(front[1]))
    assert s.players[0].hand == (tid("T02"), tid("T03"), front[1])
    assert s.ring[:2] == (front[0], front[2])


def test_a_tile_whose_colour_the_stock_lacks_cannot_be_placed():
    """§13.6 [P]: the stock lacks a needed colour: that tile cannot be played this turn."""
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"))
    s.squares["R"] = 0
    s.players[1].cells = ("R",) * 28 + ("",) * 8
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 1, 1)) == "The stock has too few red squares for this tile."
    assert not any(isinstance(a, PlaceTile) and a.tile in (tid("T07"), tid("T02")) for a in R.legal_actions(s))
    s.players[0].cells = ("",) * 7 + ("R",) + ("",) * 28
    s.players[1].cells = ("R",) * 27 + ("",) * 9
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 1, 1)) is None, "a red square it covers goes back first"


def test_a_tile_not_in_hand_is_refused():
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"))
    assert R.why_illegal(s, PlaceTile(tid("T09"), 0, False, 1, 1)) == "That rune tile is not in your hand."


# ---------------------------------------------------------------- main action B: discs (§9.2) [SEED]
def test_the_disc_action_places_or_moves_up_to_three_discs():
    s = scene(EMPTY_BOARD, discs={"G": 2, "R": 1})
    s = play(s, PlaceDisc("G", 1, 1))
    assert s.phase == "discs" and s.steps == 2
    s = play(s, MoveDisc(1, 1, 2, 2), PlaceDisc("R", 3, 3))
    assert s.current == 1, "three steps end the action; nothing left to do ends the turn"
    assert drawn(s, 0)[2:4] == ["..g...", "...r.."]
    assert s.players[0].discs == {"G": 1, "R": 0, "K": 0, "B": 0, "Y": 0}


def test_the_disc_action_may_stop_early_or_be_a_pass_of_no_steps():
    """§9 [P]: a disc action of no steps is legal, so a player always has a main action."""
    s = scene(EMPTY_BOARD)
    assert EndDiscs() in R.legal_actions(s)
    s2 = play(scene(EMPTY_BOARD, discs={"G": 2}), PlaceDisc("G", 1, 1), EndDiscs())
    assert s2.current == 1 and drawn(s2, 0)[1] == ".g...."


def test_a_disc_step_ends_on_a_board_cell_discs_never_leave_the_board_by_it():
    """§9.2 [P]: no step takes a disc back to the supply."""
    s = scene(["......", ".g....", "......", "......", "......", "......"])
    assert R.why_illegal(s, MoveDisc(1, 1, 6, 1)) == "That is outside your board."
    assert R.why_illegal(s, MoveDisc(1, 1, 1, 1)) == "A disc moves to another cell."
    assert R.why_illegal(s, MoveDisc(2, 2, 1, 1)) == "There is no disc of yours on that cell."


def test_a_disc_covering_a_square_discards_it_and_covering_a_disc_returns_that_disc():
    board = ["......", ".Gy...", "......", "......", "......", "......"]
    s = scene(board, discs={"K": 2})
    s = play(s, PlaceDisc("K", 1, 1), PlaceDisc("K", 2, 1))
    assert drawn(s, 0)[1] == ".kk..."
    assert s.squares["G"] == 28 and s.players[0].discs["Y"] == 1


def test_discs_need_a_level_for_dark_cells_too():
    s = scene(EMPTY_BOARD, discs={"G": 1})
    assert R.why_illegal(s, PlaceDisc("G", 0, 0)) == "That would use 1 dark cells; your +1 track allows 0."
    s = scene(["g.....", "......", "......", "......", "......", "......"], level=1, discs={"G": 1})
    assert R.why_illegal(s, PlaceDisc("G", 5, 5)) == "That would use 2 dark cells; your +1 track allows 1."
    assert R.why_illegal(s, MoveDisc(0, 0, 5, 5)) is None, "leaving a dark cell frees it"


def test_a_disc_of_a_colour_not_in_your_supply_is_refused():
    s = scene(EMPTY_BOARD, discs={"G": 1})
    assert R.why_illegal(s, PlaceDisc("R", 1, 1)) == "You have no red disc in your supply."


# ---------------------------------------------------------------- claiming cards (§9.3) [SEED]
def test_claims_any_number_of_times_before_and_after_the_main_action():
    board = ["......", ".GGR..", "......", ".RRK..", "......", "......"]
    s = scene(board, market={1: ["I-01", "I-02", "I-03", "I-04"]}, discs={"G": 1})
    first = Claim(cid("I-01"), ((1, 1), (2, 1), (3, 1)))
    second = Claim(cid("I-02"), ((1, 3), (2, 3), (3, 3)))
    assert {first, second} <= set(R.legal_actions(s))
    s = play(s, first)
    assert s.phase == "before" and s.players[0].claimed == (cid("I-01"),)
    s = play(s, PlaceDisc("G", 4, 4), EndDiscs())
    assert s.phase == "after" and R.legal_actions(s) == [second, EndTurn()]
    s = play(s, second)
    assert s.players[0].claimed == (cid("I-01"), cid("I-02")) and s.current == 1


def test_a_claim_removes_the_matched_pieces_squares_to_the_stock_discs_to_your_supply():
    board = ["......", "......", ".gGR..", "......", "......", "......"]
    s = scene(board, market={1: ["I-01"]})
    s = play(s, claim_ggr(s))
    assert drawn(s, 0)[2] == "......"
    assert s.squares == {"G": 28, "R": 28, "K": 28}
    assert s.players[0].discs["G"] == 1 and s.players[0].discs["K"] == 1, "the disc back, and the reward disc"


def test_a_claim_takes_the_card_to_the_scoring_pile_and_its_slot_stays_empty_until_the_turn_ends():
    s = scene(ROW_GGR, market={1: ["I-01", "I-02"]})
    s = play(s, claim_ggr(s))
    assert s.market[0][0] == EMPTY
    s = play(s, EndDiscs())
    assert s.current == 1 and s.market[0][0] not in (EMPTY, cid("I-01"))


def test_reflected_patterns_are_valid_turned_ones_are_not_by_default():
    """[SEED] reflected patterns are valid; §13.1 [P] not turned (switch patterns: all8 allows it)."""
    mirrored = ["......", "......", ".RGG..", "......", "......", "......"]
    s = scene(mirrored, market={1: ["I-01"]})
    assert R.claims(s) == [Claim(cid("I-01"), GGR)]
    standing = ["......", ".G....", ".G....", ".R....", "......", "......"]
    assert R.claims(scene(standing, market={1: ["I-01"]})) == []
    assert len(R.claims(scene(standing, market={1: ["I-01"]}, patterns="all8"))) == 1


def test_discs_count_as_their_colour_blue_and_yellow_cells_need_discs():
    """S[7]: discs are used like single runes; B/Y pattern cells take only discs of that colour."""
    s = scene(["......", "......", ".ggr..", "......", "......", "......"], market={1: ["I-01"]})
    assert R.claims(s) == [claim_ggr(s)]
    crown = ["......", ".G.G..", ".GbG..", "......", "......", "......"]
    assert len(R.claims(scene(crown, market={3: ["III-03"]}))) == 1
    assert R.claims(scene(["......", ".G.G..", ".GgG..", "......", "......", "......"], market={3: ["III-03"]})) == []


def test_pieces_on_dark_cells_count_for_patterns():
    """§13.23 [P]: every piece on the grid counts."""
    s = scene(["GGR...", "......", "......", "......", "......", "......"], level=3, market={1: ["I-01"]})
    assert R.claims(s) == [Claim(cid("I-01"), ((0, 0), (1, 0), (2, 0)))]


def test_other_pieces_beside_the_pattern_do_not_matter():
    s = scene(["......", ".KKK..", "KGGRK.", ".KKK..", "......", "......"], level=2, market={1: ["I-01"]})
    assert R.claims(s) == [claim_ggr(s)]


def test_the_same_piece_cannot_serve_two_claims():
    """§13.9 [P]: matched pieces are removed after each claim."""
    s = scene(["......", "......", ".GGRGG", "......", "......", "......"], level=1, market={1: ["I-01", "I-03"]})
    assert len(R.claims(s)) == 2  # GGR and the mirrored RGG share the red
    s = play(s, claim_ggr(s))
    assert R.claims(s) == []


def test_reward_discs_are_taken_only_while_the_supply_has_them():
    s = scene(ROW_GGR, market={1: ["I-01"]})
    s.supply["K"] = 0
    s.players[1].discs["K"] = 4
    s = play(s, claim_ggr(s))
    assert s.players[0].discs["K"] == 0 and s.supply["K"] == 0


def test_a_plus_one_reward_moves_the_level_marker_capped_at_six():
    board = ["......", ".GRRG.", "......", "......", "......", "......"]
    s = scene(board, market={1: ["I-07"]}, level=2)
    out = play(s, Claim(cid("I-07"), ((1, 1), (2, 1), (3, 1), (4, 1))))
    assert out.players[0].level == 3
    s = scene(board, market={1: ["I-07"]}, level=6)
    out = play(s, Claim(cid("I-07"), ((1, 1), (2, 1), (3, 1), (4, 1))))
    assert out.players[0].level == 6


def test_a_claim_needs_the_card_in_the_market_or_your_reserve_and_the_pattern_on_those_cells():
    s = scene(ROW_GGR, market={1: ["I-02"]})
    assert R.why_illegal(s, claim_ggr(s)) == "I-01 is not in the market or your reserve."
    s = scene(ROW_GGR, market={1: ["I-01"]})
    assert R.why_illegal(s, Claim(cid("I-01"), ((1, 2), (2, 2), (1, 3)))) == \
        "Those cells are not the shape of I-01's pattern."
    assert R.why_illegal(s, Claim(cid("I-01"), ((2, 2), (3, 2), (4, 2)))) == \
        "The pieces on those cells do not show I-01's pattern."
    assert R.why_illegal(s, Claim(cid("I-01"), ((3, 2), (1, 2), (2, 2)))) is None
    assert R.canonical(s, Claim(cid("I-01"), ((3, 2), (1, 2), (2, 2)))) == claim_ggr(s)


def test_ten_hourglasses_declare_the_end_and_the_round_is_finished():
    """[SEED] 10+ hourglasses: declare the end; finish the round (the seat before the start player plays last)."""
    s = scene(ROW_GGR, seats=3, seat=1, market={1: ["I-01"]})
    s.players[1].claimed = tuple(cid(f"I-{k:02d}") for k in range(2, 11))
    s.market = ((cid("I-01"), EMPTY, EMPTY, EMPTY),) + s.market[1:]
    s.decks = (tuple(c for c in s.decks[0] if c not in s.players[1].claimed),) + s.decks[1:]
    s = play(s, claim_ggr(s))
    assert s.end_declared and s.end_reason == "hourglasses"
    s = play(s, EndDiscs())
    assert s.current == 2 and s.phase == "before"
    s = play(s, EndDiscs())
    assert s.phase == "over" and R.to_move(s) is None


def test_a_card_revealed_by_the_refill_cannot_be_claimed_in_the_same_turn():
    """[SEED] only at the end of your turn refill empty slots."""
    board = ["......", ".GGR..", ".GGR..", "......", "......", "......"]
    s = scene(board, market={1: ["I-01"]})
    s.decks = ((cid("I-07"),) + tuple(c for c in s.decks[0] if c != cid("I-07")),) + s.decks[1:]
    s = play(s, Claim(cid("I-01"), ((1, 1), (2, 1), (3, 1))))
    assert s.market[0] == (EMPTY, EMPTY, EMPTY, EMPTY)
    assert s.chance == 0


def test_an_exhausted_deck_leaves_its_slots_empty():
    s = scene(ROW_GGR, market={1: ["I-01"]})
    s.decks = ((),) + s.decks[1:]
    s = play(s, claim_ggr(s), EndDiscs())
    assert s.market[0] == (EMPTY,) * 4


# ---------------------------------------------------------------- the turn's shape (§9)
def test_after_the_main_action_the_turn_waits_while_a_claim_is_possible_else_ends_by_itself():
    s = scene(ROW_GGR, market={1: ["I-01"]}, discs={"G": 1})
    s = play(s, PlaceDisc("G", 4, 4), EndDiscs())
    assert s.phase == "after" and kinds(s) == {"claim", "end_turn"}
    s = play(s, claim_ggr(s))
    assert s.current == 1


def test_claims_and_powers_are_refused_during_the_main_action():
    s = scene(ROW_GGR, market={1: ["I-01"]}, discs={"G": 2})
    s = play(s, PlaceDisc("G", 4, 4))
    assert R.why_illegal(s, claim_ggr(s)) == "Place or move your discs, or end the disc action."


def test_the_market_is_refilled_at_the_end_of_the_turn_counting_each_reveal():
    s = scene(ROW_GGR, market={1: ["I-01", "I-02", "I-03", "I-04"]})
    s = play(s, claim_ggr(s), EndDiscs())
    assert all(c != EMPTY for c in s.market[0]) and s.chance == 1


# ---------------------------------------------------------------- advanced: crystals (§3.2, §9, §10) [SEED]
def adv(board=EMPTY_BOARD, colour="red", **kw):
    return scene(board, side="advanced", colour=colour, **kw)


def test_a_piece_placed_on_a_crystal_cell_charges_the_crystal():
    s = adv(hand=("T07", "T02", "T03"), colour="red")  # red crystals (2, 1), (3, 4), (0, 3)
    s = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    assert s.players[0].charged and any(n["type"] == "charged" for n in s.notices)
    s = play(adv(discs={"G": 1}, colour="red"), PlaceDisc("G", 3, 4))
    assert s.players[0].charged


def test_a_moved_disc_landing_on_a_crystal_charges_it():
    """§13.8 [P]."""
    s = adv(["......", ".g....", "......", "......", "......", "......"], colour="red")
    s = play(s, MoveDisc(1, 1, 2, 1))
    assert s.players[0].charged


def test_a_crystal_charged_this_turn_cannot_be_used_this_turn():
    s = adv(["......", "......", "......", "......", "......", "......"], colour="orange", discs={"G": 1})
    s = play(s, PlaceDisc("G", 1, 1))
    assert s.players[0].charged and not s.ready
    s = play(s, EndDiscs())
    assert s.current == 1, "no claim and no usable power: the turn ends"
    s2 = adv(colour="orange", charged=True, ready=False)
    assert R.why_illegal(s2, GainLevel()) == "Your crystal was charged this turn: it can be used from your next turn."


def test_a_crystal_charged_when_the_turn_begins_is_used_once_and_turns_clear():
    s = adv(colour="orange", charged=True)
    assert GainLevel() in R.legal_actions(s)
    s = play(s, GainLevel())
    assert s.players[0].level == 1 and not s.players[0].charged and not s.ready
    assert R.why_illegal(s, GainLevel()) == "Your crystal is not charged."


def test_a_charged_crystal_is_ready_at_the_start_of_the_owners_next_turn():
    s = adv(colour="orange", seats=2, discs={"G": 1})
    s = play(s, PlaceDisc("G", 4, 4), EndDiscs())
    s = play(s, EndDiscs())
    assert s.current == 0 and s.ready


def test_only_your_own_board_power_and_only_on_the_advanced_side():
    s = adv(colour="orange", charged=True)
    assert R.why_illegal(s, Reserve(1)) == "That is not your board's power."
    s = scene(EMPTY_BOARD, colour="orange", charged=False)
    s.ready = True
    assert R.why_illegal(s, GainLevel()) == "Crystal powers are played on the advanced side of the boards."


def test_red_power_draws_three_from_one_deck_keeps_one_face_down_the_others_under_the_deck():
    s = adv(colour="red", charged=True)
    deck = s.decks[1]
    s = play(s, Reserve(2))
    assert s.phase == "reserve" and s.drawn == deck[:3] and s.chance == 1
    assert R.legal_actions(s) == [KeepCard(c) for c in deck[:3]]
    s = play(s, KeepCard(deck[1]))
    assert s.players[0].reserved == (deck[1],)
    assert s.decks[1] == deck[3:] + (deck[0], deck[2])
    assert s.phase == "before"


def test_the_reserve_has_no_limit():
    """§13.13 [P]: any number of face-down cards."""
    s = adv(colour="red", charged=True)
    s.players[0].reserved = (s.decks[0][0], s.decks[0][1])
    s.decks = (s.decks[0][2:],) + s.decks[1:]
    s = play(s, Reserve(3), KeepCard(s.decks[2][0]))
    assert len(s.players[0].reserved) == 3 and R.check_invariants(s) == []


def test_a_reserved_card_may_be_claimed_and_an_unclaimed_one_scores_nothing():
    s = adv(ROW_GGR, colour="red", charged=True, market={1: ["I-02"]})
    s.players[0].reserved = (cid("I-01"),)
    s.decks = (tuple(c for c in s.decks[0] if c != cid("I-01")),) + s.decks[1:]
    assert claim_ggr(s) in R.legal_actions(s)
    assert R.points(s, 0) == 0
    s = play(s, claim_ggr(s))
    assert s.players[0].reserved == () and R.points(s, 0) == 1


def test_purple_power_lets_the_disc_action_place_or_move_all_your_discs():
    s = adv(colour="purple", charged=True, discs={"G": 3, "R": 2})
    s = play(s, AllDiscs())
    steps = [PlaceDisc("G", 1, 1), PlaceDisc("G", 2, 1), PlaceDisc("G", 3, 1), PlaceDisc("R", 4, 1)]
    s = play(s, *steps)
    assert s.phase == "discs" and s.steps == 1
    s = play(s, PlaceDisc("R", 1, 2))
    assert s.phase != "discs"


def test_purple_power_gives_at_least_the_three_steps_of_a_disc_action():
    """[P] purple_steps 'owned': as many steps as discs owned when the action starts, never fewer than 3."""
    s = adv(colour="purple", charged=True, discs={"G": 1})
    s = play(s, AllDiscs(), PlaceDisc("G", 1, 1))
    assert s.phase == "discs" and s.steps == 2


def test_purple_power_is_declared_before_the_main_action_and_is_wasted_on_a_tile():
    s = adv(colour="purple", charged=True, hand=("T07", "T02", "T03"))
    s = play(s, AllDiscs(), PlaceTile(tid("T07"), 0, False, 1, 1))  # no purple crystal under the tile
    assert not s.players[0].charged and not s.ready, "the power is spent although no disc moved"
    s = adv(colour="purple", charged=True, hand=("T07", "T02", "T03"), discs={"G": 1})
    s = play(s, PlaceDisc("G", 4, 4))
    assert AllDiscs() not in R.legal_actions(s)


def test_yellow_power_exchanges_a_disc_from_your_supply_or_board_for_another_colour():
    s = adv(["......", ".g....", "......", "......", "......", "......"], colour="yellow", charged=True,
            discs={"R": 1})
    out = play(s, ExchangeDisc("R", "B"))
    assert out.players[0].discs["B"] == 1 and out.players[0].discs["R"] == 0 and out.supply["R"] == 4
    out = play(s, ExchangeDisc("G", "Y", 1, 1))
    assert drawn(out, 0)[1] == ".y...." and out.supply["G"] == 4 and out.supply["Y"] == 3
    assert R.why_illegal(s, ExchangeDisc("G", "G", 1, 1)) == "Exchange a disc for one of another colour."
    s.supply["B"] = 0
    assert R.why_illegal(s, ExchangeDisc("R", "B")) == "The supply has no blue disc left."


def test_green_power_moves_one_square_to_an_empty_cell_without_charging():
    s = adv(["......", ".G....", "......", "......", "......", "......"], colour="green", charged=True)
    out = play(s, MoveSquare(1, 1, 3, 2))  # (3, 2) is a green crystal cell
    assert drawn(out, 0)[1:3] == ["......", "...G.."] and not out.players[0].charged
    assert R.why_illegal(s, MoveSquare(1, 1, 0, 0)) == "That would use 1 dark cells; your +1 track allows 0."
    s2 = adv(["......", ".GK...", "......", "......", "......", "......"], colour="green", charged=True)
    assert R.why_illegal(s2, MoveSquare(1, 1, 2, 1)) == "The green power moves a square to an empty cell."


def test_orange_power_gives_plus_one_and_is_refused_at_the_top_of_the_track():
    s = adv(colour="orange", charged=True, level=6)
    assert R.why_illegal(s, GainLevel()) == "Your marker is already at the end of the +1 track."


def test_blue_power_swaps_one_or_two_hand_tiles_with_tiles_anywhere_in_the_ring():
    s = adv(colour="blue", charged=True, hand=("T07", "T02", "T03"))
    far = s.ring[10]
    other = s.ring[12]
    s1 = play(s, SwapTile(tid("T07"), far))
    assert s1.phase == "swap" and s1.ring[10] == tid("T07") and far in s1.players[0].hand
    assert R.why_illegal(s1, SwapTile(far, tid("T07"))) == \
        "The second swap uses another tile of your hand and of the ring."
    done = play(s1, EndSwap())
    assert done.phase == "before"
    two = play(s1, SwapTile(tid("T02"), other))
    assert two.phase == "before" and two.ring[12] == tid("T02")
    assert set(two.players[0].hand) == {far, other, tid("T03")}


# ---------------------------------------------------------------- the dark-cell switch (§3.1) [P]
def test_unlock_rule_each_plus_one_opens_a_dark_cell_of_your_choice_for_good():
    board = ["......", ".GRRG.", "......", "......", "......", "......"]
    s = scene(board, market={1: ["I-07"]}, dark_cells="unlock", discs={"G": 2})
    s = play(s, Claim(cid("I-07"), ((1, 1), (2, 1), (3, 1), (4, 1))))
    assert s.phase == "unlock" and len(R.legal_actions(s)) == 20
    s = play(s, Unlock(5, 5))
    assert s.phase == "before"
    assert R.why_illegal(s, PlaceDisc("G", 0, 0)) == \
        "That dark cell is not open: each +1 on your track opens one dark cell."
    assert R.why_illegal(s, PlaceDisc("G", 5, 5)) is None


# ---------------------------------------------------------------- solo (§12)
def test_solo_lasts_exactly_14_turns_and_hourglasses_do_not_end_it():
    s = new_game(1, seed=3)
    turns = 0
    while s.phase != "over":
        if s.phase == "before":
            turns += 1
            s.players[0].claimed = tuple(cid(f"I-{k:02d}") for k in range(5, 16))  # 11 hourglasses
        s = R.apply(s, EndDiscs() if s.phase == "before" else R.legal_actions(s)[-1])
    assert turns == 14 and s.turn == 14 and not s.end_declared and s.end_reason == "solo"


def test_solo_uses_two_discs_of_each_colour():
    assert new_game(1).supply == {c: 2 for c in "GRKBY"}


@pytest.mark.parametrize("points,band", [(0, "Apprentice"), (17, "Apprentice"), (18, "Adept"), (26, "Grand Master"),
                                         (32, "Grand Master"), (35, "Archmage"), (45, "Hero of the Realm")])
def test_solo_rating_bands_on_the_final_sheet(points, band):
    assert R.rating(points) == band


def test_solo_final_sheet_names_the_rating():
    s = new_game(1)
    s.players[0].claimed = (cid("III-17"), cid("III-18"))
    s.phase = "over"
    sheet = R.score_sheet(s)
    assert sheet.totals == [21] and sheet.verdict == "Solo rating: Adept (21 points)."


# ---------------------------------------------------------------- scoring and the end (§11)
def test_the_score_is_the_points_of_claimed_cards():
    s = new_game(2)
    s.players[0].claimed = (cid("I-13"), cid("II-07"), cid("III-18"))
    sheet = R.score_sheet(s)
    assert [r.values[0] for r in sheet.rows] == [2, 3, 11] and sheet.totals[0] == 16 and sheet.check_totals()


def test_ties_go_to_most_pieces_on_the_board_then_to_the_later_player_in_round_order():
    s = new_game(3)
    s.start_player = 1
    for p in s.players:
        p.claimed = (cid("I-01"),)
    assert R.score_sheet(s).ranking == [0, 2, 1], "round order from seat 1: 1, 2, 0: seat 0 is the latest"
    s.players[1].cells = ("G",) + ("",) * 35
    assert R.score_sheet(s).ranking == [1, 0, 2], "seat 1 has a piece left on its board"
    s.players[2].claimed = (cid("I-13"),)
    assert R.score_sheet(s).ranking[0] == 2, "points first"


def test_when_decks_and_market_are_all_empty_the_round_is_finished_and_the_game_ends():
    """§11 [P] safety."""
    s = scene(EMPTY_BOARD, seats=2)
    s.decks = ((), (), ())
    s.market = ((EMPTY,) * 4,) * 3
    s = play(s, EndDiscs())
    assert s.end_declared and s.end_reason == "exhaustion" and s.phase == "before"
    s = play(s, EndDiscs())
    assert s.phase == "over"


def test_a_game_no_one_can_end_stops_after_the_round_cap():
    """[P] failsafe: game.yaml round_cap."""
    s = scene(EMPTY_BOARD, seats=2, seat=1)
    s.round = R.cfg["round_cap"]
    s = play(s, EndDiscs())
    assert s.phase == "over" and s.end_reason == "round_cap"


# ---------------------------------------------------------------- what a seat sees (pass-and-play)
def test_view_hides_other_hands_reserves_the_decks_and_the_seed():
    s = adv(colour="red", charged=True)
    s.players[1].reserved = (s.decks[2][0],)
    s.decks = (s.decks[0], s.decks[1], s.decks[2][1:])
    v = R.view(s, 0)
    assert v.players[0].hand == s.players[0].hand and v.players[1].hand == (HIDDEN,) * 3
    assert v.players[1].reserved == (HIDDEN,) and v.seed == 0
    assert all(set(d) <= {HIDDEN} and len(d) == len(e) for d, e in zip(v.decks, s.decks))
    assert v.ring == s.ring and v.market == s.market and v.players[1].cells == s.players[1].cells
    s = play(s, Reserve(1))
    assert R.view(s, 1).drawn == (HIDDEN,) * 3 and R.view(s, 0).drawn == s.drawn


def test_a_tile_taken_from_the_ring_is_seen_by_all_the_tiles_dealt_stay_hidden():
    """§ Hidden information: the start hands are dealt face down [P]; a tile taken from in front of the queen
    [SEED] is taken in sight of every seat, so every view shows it in the taker's hand until it is laid."""
    s = scene(EMPTY_BOARD, hand=("T07", "T02", "T03"))
    front = s.ring[:2]
    s = play(s, PlaceTile(tid("T07"), 0, False, 1, 1))
    s = play(s, TakeTile(front[1]))
    for seat in (1, 2):
        assert R.view(s, seat).players[0].hand == (HIDDEN, HIDDEN, front[1])
    assert R.view(s, 0).players[0].hand == (tid("T02"), tid("T03"), front[1])
    s.current, s.phase = 0, "before"  # Anna's next turn: she lays the tile all saw her take
    s = play(s, PlaceTile(front[1], 0, False, 1, 3))
    assert R.view(s, 1).players[0].hand == (HIDDEN, HIDDEN) and s.players[0].shown == ()


def test_a_tile_swapped_in_by_the_blue_power_is_seen_by_all_the_one_swapped_out_lies_in_the_ring():
    """§ Powers, blue [SEED]: the tiles change places in sight of all; the hand tile goes to the open ring."""
    s = adv(colour="blue", charged=True, hand=("T07", "T02", "T03"))
    far = s.ring[10]
    s = play(s, SwapTile(tid("T07"), far))
    assert R.view(s, 1).players[0].hand == (far, HIDDEN, HIDDEN)
    assert R.check_invariants(s) == []
    s.players[0].shown = (tid("T02"),)  # a tile the seat does not hold, said to be seen in its hand
    s.players[0].hand = (far, tid("T03"), s.ring[0])
    s.ring = (tid("T02"),) + s.ring[1:]
    assert any("taken in sight" in p for p in R.check_invariants(s))


def test_the_game_says_it_has_private_information():
    assert R.has_private_information()


# ---------------------------------------------------------------- invariants and words
def test_invariants_hold_along_random_games_in_every_mode_and_catch_a_lost_square():
    for seats, options in ((1, {}), (2, {"side": "advanced"}), (3, {"dark_cells": "unlock", "patterns": "all8"}),
                           (4, {"side": "advanced"})):
        match = Match(R, [Seat(i, f"P{i}", c) for i, c in enumerate(["red", "yellow", "white", "black"][:seats])],
                      seats * 7, options)
        rng = random.Random(seats)
        while not match.finished:
            match.play(rng.choice(match.legal_actions()), autosave=False)
            assert R.check_invariants(match.state) == []
    s = scene(ROW_GGR)
    s.squares["G"] += 1
    assert any("G squares not conserved" in p for p in R.check_invariants(s))
    s = scene(["g.....", "......", "......", "......", "......", "......"])
    assert any("dark cells with level 0" in p for p in R.check_invariants(s))
    s = scene(EMPTY_BOARD)
    s.players[0].hand = s.players[0].hand[:2]
    assert any("holds 2 tiles" in p for p in R.check_invariants(s))


def test_every_action_reads_as_a_log_line():
    s = scene(ROW_GGR, hand=("T07", "T02", "T03"), market={1: ["I-01"]}, discs={"G": 1})
    assert R.describe(s, PlaceTile(tid("T07"), 1, True, 1, 1)) == \
        "Anna placed rune tile T07 (flipped, turned 90° right) at column 2, row 2."
    assert R.describe(s, claim_ggr(s)) == "Anna claimed I-01."
    assert R.describe(s, EndDiscs()) == "Anna passed (a disc action of no steps)."
    assert R.describe(s, PlaceDisc("G", 0, 0)) == "Anna placed a green disc at column 1, row 1."
    assert R.describe(s, EndTurn()) == "Anna ended the turn."


def test_a_seat_deciding_from_its_view_has_the_same_choices_in_every_mode():
    """The contract's check (tests/test_contract.py) with the advanced side and the other switches."""
    for seats, options in ((2, {"side": "advanced"}), (3, {"side": "advanced", "dark_cells": "unlock"}),
                           (4, {"side": "advanced", "patterns": "all8"})):
        s = new_game(seats, seats, **options)
        rng = random.Random(seats)
        while R.to_move(s) is not None:
            seat = R.to_move(s)
            legal = R.legal_actions(s)
            assert R.legal_actions(R.view(s, seat)) == legal
            s = R.apply(s, rng.choice(legal))


def test_switches_a_reserve_limit_and_an_orange_power_wasted_at_the_top(monkeypatch):
    """game.yaml reserve_limit (0: none) and orange_at_top (refused | wasted)."""
    monkeypatch.setitem(R.cfg, "reserve_limit", 1)
    s = adv(colour="red", charged=True)
    s.players[0].reserved = (s.decks[0][0],)
    s.decks = (s.decks[0][1:],) + s.decks[1:]
    assert R.why_illegal(s, Reserve(2)) == "Your reserve is full: the limit is 1." and not R.powers_now(s)
    monkeypatch.setitem(R.cfg, "orange_at_top", "wasted")
    s = adv(colour="orange", charged=True, level=6)
    s = play(s, GainLevel())
    assert s.players[0].level == 6 and not s.players[0].charged


def test_one_main_action_a_turn_a_second_is_refused_with_the_reason():
    """[SEED] 'once in your turn, you may either play one rune tile ... or place or move up to 3 discs'."""
    s = scene(ROW_GGR, hand=("T07", "T02", "T03"), market={1: ["I-01"]}, discs={"G": 2})
    s = play(s, PlaceDisc("G", 4, 4))
    assert R.why_illegal(s, PlaceTile(tid("T07"), 0, False, 1, 3)) == "Your main action this turn is the disc action."
    s = play(s, EndDiscs())
    assert s.phase == "after"
    assert R.why_illegal(s, PlaceDisc("G", 4, 3)) == \
        "You have taken your main action this turn: claim cards or end your turn."
