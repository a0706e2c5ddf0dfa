"""Realm of Sand fixtures: this board and this card give exactly these embeddings; this board, this tile and
this orientation exactly these anchors (with the cells whose pieces they would cover); this hand exactly this
many placements.

Boards are drawn top row first (tests/realm_of_sand_helpers.py): '.' empty, capitals squares, small letters
discs; the light cells are x and y from 1 to 4. Cells are (x, y). Expected sets are worked out by hand.
"""
from __future__ import annotations

import pytest

from games.realm_of_sand.rules import Claim, PlaceTile
from tests.realm_of_sand_helpers import EMPTY_BOARD, R, cid, lie, scene, tid

ROW_RGGR = ["......", "......", ".RGGR.", "......", "......", "......"]
CORNER = ["......", ".G....", ".RK...", "......", "......", "......"]
CORNER_TWO = ["......", ".G....", ".RK...", ".g....", "......", "......"]
CROWN = ["......", ".G.G..", ".GbG..", "......", "......", "......"]
CROWN_SQUARE = ["......", ".G.G..", ".GGG..", "......", "......", "......"]


# ---------------------------------------------------------------- embeddings of a card's pattern (§9.3)
@pytest.mark.parametrize("board,card,patterns,expected", [
    # I-01 GGR: as printed on (2..4, 2); mirrored (RGG) on (1..3, 2)
    (ROW_RGGR, "I-01", "mirror", {((1, 2), (2, 2), (3, 2)), ((2, 2), (3, 2), (4, 2))}),
    (ROW_RGGR, "I-01", "all8", {((1, 2), (2, 2), (3, 2)), ((2, 2), (3, 2), (4, 2))}),
    # RRK needs two reds side by side: none here
    (ROW_RGGR, "I-02", "mirror", set()),
    # I-04 G./RK: the red corner with green above and black to the right, as printed
    (CORNER, "I-04", "mirror", {((1, 1), (1, 2), (2, 2))}),
    (CORNER, "I-04", "all8", {((1, 1), (1, 2), (2, 2))}),
    # a green disc below the red: upside down (a turn and a mirror) it matches too, but only with all8
    (CORNER_TWO, "I-04", "mirror", {((1, 1), (1, 2), (2, 2))}),
    (CORNER_TWO, "I-04", "all8", {((1, 1), (1, 2), (2, 2)), ((1, 2), (2, 2), (1, 3))}),
    # III-03 G.G/GBG: the blue cell takes a blue disc; the pattern is its own mirror image, listed once
    (CROWN, "III-03", "mirror", {((1, 1), (3, 1), (1, 2), (2, 2), (3, 2))}),
    (CROWN_SQUARE, "III-03", "mirror", set()),
    (EMPTY_BOARD, "I-01", "all8", set()),
])
def test_embeddings_on_this_board(board, card, patterns, expected):
    s = scene(board, patterns=patterns)
    found = R.embeddings(s, cid(card))
    assert len(found) == len(set(found)), "each embedding once"
    assert {tuple(sorted(e, key=lambda c: (c[1], c[0]))) for e in found} == expected


def test_claims_list_each_market_card_with_each_embedding_and_nothing_else():
    s = scene(ROW_RGGR, market={1: ["I-01", "I-02", "I-03", "I-13"]})
    claims = [a for a in R.legal_actions(s) if isinstance(a, Claim)]
    assert claims == [Claim(cid("I-01"), ((1, 2), (2, 2), (3, 2))), Claim(cid("I-01"), ((2, 2), (3, 2), (4, 2)))]


# ---------------------------------------------------------------- anchors of a tile (§9.1, §3.1)
def _anchors(board, tile, turns=0, flipped=False, level=0):
    s = scene(board, hand=(tile, "T02", "T03") if tile not in ("T02", "T03") else (tile, "T05", "T06"), level=level)
    return R.anchors(s, tid(tile), lie(turns, flipped))


def test_a_straight_tile_lying_flat_on_an_empty_board_fits_eight_anchors_in_the_light_centre():
    assert _anchors(EMPTY_BOARD, "T07") == {(x, y): () for x in (1, 2) for y in (1, 2, 3, 4)}


def test_a_straight_tile_standing_up_fits_eight_anchors():
    assert _anchors(EMPTY_BOARD, "T07", turns=1) == {(x, y): () for x in (1, 2, 3, 4) for y in (1, 2)}


def test_with_level_1_a_straight_tile_may_take_one_dark_cell_at_either_end():
    assert _anchors(EMPTY_BOARD, "T07", level=1) == {(x, y): () for x in (0, 1, 2, 3) for y in (1, 2, 3, 4)}


def test_with_the_one_dark_cell_in_use_only_a_tile_covering_it_may_reach_the_dark_border():
    board = ["......", "R.....", "......", "......", "......", "......"]
    found = _anchors(board, "T07", level=1)
    assert found == {**{(x, y): () for x in (1, 2) for y in (1, 2, 3, 4)}, (0, 1): ((0, 1),)}


def test_anchors_name_the_cells_whose_pieces_the_tile_would_cover():
    board = ["......", "......", "..G...", "......", "......", "......"]
    found = _anchors(board, "T07")
    assert {a: c for a, c in found.items() if c} == {(1, 2): ((2, 2),), (2, 2): ((2, 2),)}
    assert len(found) == 8


def test_a_flipped_bent_tile_fits_nine_anchors_and_lies_mirrored():
    found = _anchors(EMPTY_BOARD, "T27", flipped=True)
    assert found == {(x, y): () for x in (1, 2, 3) for y in (1, 2, 3)}
    # T27 is G (corner), R (arm right), K (arm down); mirrored, the red arm points left
    assert R.tile_cells(tid("T27"), lie(0, True), 1, 1) == (((2, 1), "G"), ((1, 1), "R"), ((2, 2), "K"))


def test_every_orientation_of_a_bent_tile_fits_the_light_centre_nine_ways():
    for turns in range(4):
        for flipped in (False, True):
            assert len(_anchors(EMPTY_BOARD, "T27", turns, flipped)) == 9


def test_this_hand_on_an_empty_board_has_exactly_124_placements():
    """T01 (straight, one colour): 2 lies x 8; T04 (bent, one colour): 4 lies x 9; T27 (bent, three colours):
    8 lies x 9."""
    s = scene(EMPTY_BOARD, hand=("T01", "T04", "T27"))
    placements = [a for a in R.legal_actions(s) if isinstance(a, PlaceTile)]
    assert len(placements) == 16 + 36 + 72
    assert len(set(placements)) == len(placements)


def test_the_listing_equals_why_not_tile_over_every_spot_and_orientation():
    board = ["R.....", "..G...", ".b..K.", "......", "....r.", "......"]
    for level in (0, 1, 2):
        s = scene(board, hand=("T07", "T17", "T26"), level=level)
        listed = {a for a in R.legal_actions(s) if isinstance(a, PlaceTile)}
        judged = set()
        for tile in ("T07", "T17", "T26"):
            for turns in range(4):
                for flipped in (False, True):
                    for x in range(-1, 7):
                        for y in range(-1, 7):
                            a = PlaceTile(tid(tile), turns, flipped, x, y)
                            if R.why_illegal(s, a) is None:
                                judged.add(R.canonical(s, a))
        assert listed == judged, level


# ---------------------------------------------------------------- disc moves and powers (§9.2, §10)
LIGHT = {(x, y) for x in range(1, 5) for y in range(1, 5)}
ALL_CELLS = {(x, y) for x in range(6) for y in range(6)}


def test_disc_moves_at_level_0_stay_in_the_light_centre():
    s = scene(["......", ".g....", "......", "......", "......", "......"], discs={"R": 1})
    moves = R.disc_moves(s)
    assert set(moves) == {"R", (1, 1)}
    assert set(moves["R"]) == LIGHT
    assert set(moves[(1, 1)]) == LIGHT - {(1, 1)}
    assert R.disc_steps_left(s) == 3


def test_disc_moves_with_the_one_dark_cell_in_use_a_disc_leaving_it_may_go_anywhere():
    s = scene(["g.....", "......", "......", "......", "......", "......"], level=1, discs={"R": 1})
    moves = R.disc_moves(s)
    assert set(moves["R"]) == LIGHT | {(0, 0)}
    assert set(moves[(0, 0)]) == ALL_CELLS - {(0, 0)}


def test_disc_moves_with_level_2_reach_every_cell():
    s = scene(["g.....", "......", "......", "......", "......", "......"], level=2, discs={"B": 1})
    assert set(R.disc_moves(s)["B"]) == ALL_CELLS


def test_powers_usable_now_only_the_ready_crystal_of_your_board():
    s = scene(EMPTY_BOARD, side="advanced", colour="orange", charged=True)
    assert R.powers_now(s) == ["gain_level"]
    s = scene(EMPTY_BOARD, side="advanced", colour="orange", charged=True, ready=False)
    assert R.powers_now(s) == []
    s = scene(EMPTY_BOARD, side="advanced", colour="green", charged=True)
    assert R.powers_now(s) == [], "no square to move"
    s = scene(["......", ".G....", "......", "......", "......", "......"], side="advanced", colour="green",
              charged=True)
    assert R.powers_now(s) == ["move_square"]
    assert len([a for a in R.legal_actions(s) if a.kind == "move_square"]) == 15, "the 15 other light cells"


@pytest.mark.parametrize("level,dark_cells", [(1, "capacity"), (2, "capacity"), (2, "unlock")])
def test_the_green_powers_listing_equals_its_judge_over_every_pair_of_cells(level, dark_cells):
    from games.realm_of_sand.rules import MoveSquare
    board = ["G.....", ".R....", "..K...", "......", "....g.", "......"]
    s = scene(board, side="advanced", colour="green", charged=True, level=level, dark_cells=dark_cells)
    s.players[0].unlocked = 1 | 1 << 35  # (0, 0) and (5, 5) open under 'unlock'
    assert R.check_invariants(s) == [], "a position the rules allow"
    listed = {a for a in R.legal_actions(s) if isinstance(a, MoveSquare)}
    judged = {MoveSquare(fx, fy, x, y) for fx in range(6) for fy in range(6) for x in range(6) for y in range(6)
              if R.why_illegal(s, MoveSquare(fx, fy, x, y)) is None}
    assert listed == judged and listed
