"""Placement-count fixtures: this board, this tile, exactly N legal placements (like perft for chess)."""
from __future__ import annotations

import pytest

from games.entdecker.rules import DrawTile, PlaceTile
from tests.entdecker_helpers import exploring, lay, new_game, put_on_top, rules

R = rules()


def _placements_after_draw(s, code):
    put_on_top(s, 0, code)
    s = R.apply(s, DrawTile(0))
    return [a for a in R.legal_actions(s) if isinstance(a, PlaceTile)]


@pytest.mark.parametrize(
    "code,expected",
    [
        ("P1", 1),  # open sea: every rotation looks the same
        ("P2", 3),  # land may face N, E or S, never the circle (W)
        ("P3", 1),  # the channel must run E-W
        ("P4", 2),  # land N+E or E+S
        ("P5", 1),  # the bay must open to the west
    ],
)
def test_from_a_side_circle_onto_an_empty_border_space(code, expected):
    s = exploring(new_game(), (-1, 3))
    assert len(_placements_after_draw(s, code)) == expected


@pytest.mark.parametrize(
    "code,expected",
    [
        ("P1", 0),  # sea cannot lie under land
        ("P2", 1),  # land north, sea everywhere else
        ("P3", 1),  # land north and south (south faces the unknown), channel east-west
        ("P4", 0),  # its second land edge would face the circle or the open sea tile
        ("P5", 0),  # its three land edges cannot avoid the sea to the east and west
    ],
)
def test_beside_land_above_and_sea_to_the_right(code, expected):
    # ship on the circle west of (0,3); above (0,3) land faces down; right of it open sea
    s = exploring(new_game(), (-1, 3))
    lay(s, (0, 2), "P2", rotation=2)
    lay(s, (1, 3), "P1")
    got = _placements_after_draw(s, code)
    assert len(got) == expected, [(a.col, a.row, a.rotation) for a in got]


def test_open_sea_tile_from_the_middle_of_the_sea_reaches_every_free_side():
    s = new_game()
    lay(s, (4, 3), "P1")
    s = exploring(s, (4, 3))
    got = _placements_after_draw(s, "P1")
    assert sorted((a.col, a.row) for a in got) == [(3, 3), (4, 2), (4, 4), (5, 3)]


def test_cape_from_the_middle_of_the_sea_twelve_placements():
    s = new_game()
    lay(s, (4, 3), "P1")
    s = exploring(s, (4, 3))
    # on each of the 4 free sides the cape may turn its land any way but toward the ship: 4 x 3
    assert len(_placements_after_draw(s, "P2")) == 12


def test_corner_between_two_coasts_exactly_one_placement():
    s = new_game()
    lay(s, (4, 3), "P1")
    lay(s, (5, 2), "P2", rotation=2)  # land facing down onto (5,3)
    lay(s, (6, 3), "P2", rotation=3)  # land facing left onto (5,3)
    lay(s, (5, 4), "P1")
    s = exploring(s, (4, 3))
    got = [(a.col, a.row, a.rotation) for a in _placements_after_draw(s, "P4") if (a.col, a.row) == (5, 3)]
    assert got == [(5, 3, 0)]
