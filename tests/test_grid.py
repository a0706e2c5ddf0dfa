"""Square and hex geometry, and connected regions."""
from __future__ import annotations

from engine.core.grid import HexGrid, SquareGrid, UnionFind, regions, rotate_dir, rotate_sides


def test_square_neighbours_stop_at_the_border():
    g = SquareGrid(10, 7)
    assert sorted(g.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert len(g.neighbours((4, 3))) == 4
    assert SquareGrid.direction_to((4, 3), (4, 2)) == 0 and SquareGrid.direction_to((4, 3), (6, 3)) is None


def test_turning_a_piece_moves_its_sides_clockwise():
    assert rotate_sides("LSSS", 1) == "SLSS"  # land north -> land east
    assert rotate_sides("LLSS", 3) == "LSSL"
    assert rotate_sides(("a", "b", "c", "d", "e", "f"), 2) == ("e", "f", "a", "b", "c", "d")
    assert rotate_dir(0, 1) == 1 and rotate_dir(3, 1) == 0


def test_hexagon_board_has_the_right_number_of_cells_and_neighbours():
    g = HexGrid.hexagon(2)
    assert len(g.cells()) == 19
    assert len(g.neighbours((0, 0))) == 6
    assert len(g.neighbours((2, 0))) == 3  # a corner of the hexagon
    for d in range(6):
        n = g.step((0, 0), d)
        assert g.direction_to(n, (0, 0)) == HexGrid.opposite(d)
        assert HexGrid.distance((0, 0), n) == 1
    assert HexGrid.distance((0, 0), (2, -1)) == 2


def test_hex_pixel_round_trip_in_both_orientations():
    for orientation in ("pointy", "flat"):
        g = HexGrid.hexagon(3, orientation)
        for cell in g.cells():
            x, y = g.to_pixel(cell, 40)
            assert g.from_pixel(x, y, 40) == cell
            assert g.from_pixel(x + 10, y - 12, 40) == cell  # well inside the hex


def test_regions_join_linked_items_only():
    linked = {1: [2], 2: [1, 3], 3: [2], 4: [5], 5: [4], 6: []}
    groups = sorted(sorted(g) for g in regions(linked, lambda x: linked[x]))
    assert groups == [[1, 2, 3], [4, 5], [6]]
    uf = UnionFind("abc")
    uf.union("a", "c")
    assert uf.find("a") == uf.find("c") != uf.find("b")
