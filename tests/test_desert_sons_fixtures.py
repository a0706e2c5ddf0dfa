"""Placement and camel-reach fixtures: this board, this tile (or camel), exactly these answers.

The expected sets are worked out by hand from the start cross of data/desert_sons/rules.md,
"The start cross" (north bar: water oasis facing west at (5,3), incense facing east at (5,1); the bars'
roads are brown) and the edge strings of data/desert_sons/tiles.yaml (E = ODDD, L = OODD, I = ODOD, T = OOOD,
X = OOOO, D = DDDD; rotation r turns the north edge to face direction r). The oasis tiles without icons
(E_0, L_0, T_0) have the edges of their shape, so they fit exactly where their shape's other tiles fit.
"""
from __future__ import annotations

import pytest

from tests.desert_sons_helpers import EAST, NORTH, SOUTH, at_move, lay, rules, set_water, started

R = rules()


def _placements(s, kind, all_rotations=False):
    tile = next(i for i, k in enumerate(R.cat.tiles) if k.id == kind)
    return set(R.placements(s, tile, all_rotations))


# ---------------------------------------------------------------- placements (§2.1, §5.2)
@pytest.mark.parametrize(
    "kind,expected",
    [
        # north end (5,0): free squares (4,0) and (6,0); north faces the border, the side toward the
        # cross is brown. The single oasis edge may face only the two open sides.
        ("E_I", {((6, 0), 1), ((6, 0), 2), ((4, 0), 2), ((4, 0), 3)}),
        ("E_0", {((6, 0), 1), ((6, 0), 2), ((4, 0), 2), ((4, 0), 3)}),  # without icons: the same edges
        ("L_I", {((6, 0), 1), ((4, 0), 2)}),  # the corner opens onto the two open sides
        ("L_0", {((6, 0), 1), ((4, 0), 2)}),
        ("I_I", set()),  # a strip always shows oasis north/south or east/west: no fit
        ("T_W2", set()),
        ("T_0", set()),
        ("X_I_W1", set()),
        ("D", {((6, 0), 0), ((4, 0), 0)}),  # desert fits; its four turns look the same
        ("C_I", {((6, 0), 0), ((4, 0), 0)}),
    ],
)
def test_placements_beside_the_north_end_with_the_desert_border(kind, expected):
    s = at_move(started(3), 0, camel=NORTH)
    assert _placements(s, kind) == expected


def test_placements_listing_every_turn_of_a_symmetric_tile():
    s = at_move(started(3), 0, camel=NORTH)
    assert _placements(s, "D", all_rotations=True) == {(c, r) for c in ((4, 0), (6, 0)) for r in range(4)}


def test_placements_beside_the_north_end_without_the_desert_border():
    s = at_move(started(3, desert_border=False), 0, camel=NORTH)
    # now the oasis edge may also face the border (north)
    assert _placements(s, "E_I") == {((6, 0), 0), ((6, 0), 1), ((6, 0), 2), ((4, 0), 0), ((4, 0), 2), ((4, 0), 3)}


@pytest.mark.parametrize(
    "kind,expected",
    [
        # camel on (5,3): west of it the cross shows oasis, so (4,3) needs oasis on its east edge;
        # east of it the cross shows desert, so (6,3) needs desert on its west edge.
        ("E_I", {((4, 3), 1), ((6, 3), 0), ((6, 3), 1), ((6, 3), 2)}),
        ("E_0", {((4, 3), 1), ((6, 3), 0), ((6, 3), 1), ((6, 3), 2)}),
        ("L_I", {((4, 3), 0), ((4, 3), 1), ((6, 3), 0), ((6, 3), 1)}),
        ("L_0", {((4, 3), 0), ((4, 3), 1), ((6, 3), 0), ((6, 3), 1)}),
        ("I_I", {((4, 3), 1), ((6, 3), 0)}),
        ("T_W2", {((4, 3), 0), ((4, 3), 1), ((4, 3), 3), ((6, 3), 0)}),
        ("T_0", {((4, 3), 0), ((4, 3), 1), ((4, 3), 3), ((6, 3), 0)}),
        ("X_I_W1", {((4, 3), 0)}),
        ("D", {((6, 3), 0)}),
    ],
)
def test_placements_beside_the_water_oasis_of_the_north_bar(kind, expected):
    s = at_move(started(3), 0, camel=(5, 3))
    assert _placements(s, kind) == expected


@pytest.mark.parametrize(
    "kind,expected",
    [
        # (4,3) now has oasis above (a tile at (4,2) opening south) and oasis to the east (the cross);
        # (6,3) is unchanged: desert to its west, open on the other three sides
        ("L_I", {((4, 3), 0), ((6, 3), 0), ((6, 3), 1)}),
        ("T_W2", {((4, 3), 0), ((4, 3), 3), ((6, 3), 0)}),
        ("X_I_W1", {((4, 3), 0)}),
        ("E_I", {((6, 3), 0), ((6, 3), 1), ((6, 3), 2)}),  # only the east square still takes it
        ("I_I", {((6, 3), 0)}),
    ],
)
def test_placements_between_two_oasis_edges(kind, expected):
    s = started(3)
    lay(s, (4, 2), "E_M", rotation=2)
    s = at_move(s, 0, camel=(5, 3))
    assert _placements(s, kind) == expected


def test_placements_every_refused_square_and_turn_has_a_reason():
    s = at_move(started(3), 0, camel=(5, 3))
    tile = next(i for i, k in enumerate(R.cat.tiles) if k.id == "E_I")
    legal = set(R.placements(s, tile, all_rotations=True))
    for cell in [(c, r) for c in range(11) for r in range(11)]:
        for rot in range(4):
            reason = R.why_not_fit(s, tile, cell, rot)
            assert (reason is None) == ((cell, rot) in legal), (cell, rot, reason)


# ---------------------------------------------------------------- camel reach (§5.1)
CROSS = {(5, r) for r in range(11)} | {(c, 5) for c in range(11)}


def test_reach_at_the_start_is_the_whole_cross_except_camels():
    s = at_move(started(3), 0)  # camels on the north, east and south ends; the road is all brown
    reach = R.camel_reach(s)
    assert set(reach) == CROSS - {NORTH, EAST, SOUTH}
    assert {cost for _path, cost in reach.values()} == {0}
    path, _ = reach[(4, 5)]
    assert path == [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5), (4, 5)]


def _white_line_board():
    """(4,3): an oasis end opening east onto the cross's water oasis; (3,3), (2,3): desert west of it."""
    s = started(3)
    lay(s, (4, 3), "E_I", rotation=1)
    lay(s, (3, 3), "D")
    lay(s, (2, 3), "D")
    return s


def test_reach_crosses_one_white_line_and_stops():
    s = at_move(_white_line_board(), 0)
    reach = R.camel_reach(s)
    free = {c for c, (_p, cost) in reach.items() if cost == 0}
    paid = {c for c, (_p, cost) in reach.items() if cost == 1}
    assert free == (CROSS - {NORTH, EAST, SOUTH}) | {(4, 3)}
    assert paid == {(3, 3), (2, 3)}  # beyond the white line: only with the caravan leader
    assert reach[(4, 3)][0][-2:] == [(5, 3), (4, 3)]


def test_reach_without_the_caravan_leader_lists_free_squares_only():
    s = _white_line_board()
    s.players[0].used["leader"] = 1
    s = at_move(s, 0)
    assert set(R.camel_reach(s)) == (CROSS - {NORTH, EAST, SOUTH}) | {(4, 3)}
    s = _white_line_board()
    set_water(s, 0, 0)
    s = at_move(s, 0)
    assert set(R.camel_reach(s)) == (CROSS - {NORTH, EAST, SOUTH}) | {(4, 3)}


def test_reach_from_beyond_a_white_line():
    s = at_move(_white_line_board(), 0, camel=(3, 3))
    reach = R.camel_reach(s)
    free = {c for c, (_p, cost) in reach.items() if cost == 0}
    # brown to (2,3) and (4,3), then one white line into the cross at (5,3), and stop
    assert free == {(2, 3), (4, 3), (5, 3)}
    assert {c for c, (_p, cost) in reach.items() if cost == 1} == CROSS - {EAST, SOUTH, (5, 3)}


def test_reach_passes_another_camel_but_does_not_end_on_it():
    s = _white_line_board()
    s.players[1].camel = (5, 3)  # Ben's camel stands on the water oasis square
    s = at_move(s, 0)
    reach = R.camel_reach(s)
    assert (5, 3) not in reach
    assert reach[(4, 3)] == ([(5, 0), (5, 1), (5, 2), (5, 3), (4, 3)], 0)
    assert (5, 4) in reach and reach[(5, 4)][1] == 0


def test_reach_every_refused_square_has_a_reason():
    s = at_move(_white_line_board(), 0)
    reach = R.reach_costs(s)
    for cell in [(c, r) for c in range(-1, 12) for r in range(-1, 12)]:
        for pay in (False, True):
            reason = R.why_not_reach(s, cell, pay)
            assert (reason is None) == (reach.get(cell) == (1 if pay else 0)), (cell, pay, reason)
