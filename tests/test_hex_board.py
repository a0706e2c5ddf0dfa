"""Hexagonal Tiled maps: the stagger read from the map, layer cells keyed by axial (q, r), typed properties."""
from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from engine.core import hexgrid
from engine.core.board import HexMap, load_board
from engine.core.errors import DataError
from engine.core.hexgrid import Stagger

SIDE = 32  # hexsidelength
# A 5 x 5 map; gid 1 city, 2 country, 3 castle; 0 is no tile.
TILES_CSV = """1,1,1,0,0,
1,3,2,2,0,
0,1,1,2,1,
0,0,2,1,1,
0,0,0,1,0"""
CASTLE = (1, 1)  # (column, row) of the castle tile in TILES_CSV
CAMELOT_CELL = (3, 2)  # (column, row) the point object marks


def tile_size(axis: str) -> tuple[int, int]:
    """Near-regular hexes: 56 x 64 pointy-top (rows staggered), 64 x 56 flat-top (columns staggered)."""
    return (56, 64) if axis == "y" else (64, 56)


def tiled_centre(axis: str, index: str, col: int, row: int) -> tuple[float, float]:
    """Centre of a cell as Tiled draws it, straight from Tiled's HexagonalRenderer arithmetic."""
    w, h = tile_size(axis)
    shifted = lambda n: (n % 2 == 1) == (index == "odd")  # noqa: E731
    if axis == "y":
        return (col * w + (w / 2 if shifted(row) else 0) + w / 2, row * ((h - SIDE) / 2 + SIDE) + h / 2)
    return (col * ((w - SIDE) / 2 + SIDE) + w / 2, row * h + (h / 2 if shifted(col) else 0) + h / 2)


def hex_map_text(axis: str = "y", index: str = "odd", map_attrs: str | None = None) -> str:
    """A hexagonal .tmx with typed tile properties, one tile layer and an object layer."""
    w, h = tile_size(axis)
    if map_attrs is None:
        map_attrs = f'hexsidelength="{SIDE}" staggeraxis="{axis}" staggerindex="{index}"'
    x, y = tiled_centre(axis, index, *CAMELOT_CELL)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" renderorder="right-down" width="5" height="5" tilewidth="{w}" tileheight="{h}" infinite="0" {map_attrs}>
 <properties>
  <property name="game" value="somerset-test"/>
 </properties>
 <tileset firstgid="1" name="hexes" tilewidth="{w}" tileheight="{h}" tilecount="3" columns="0">
  <tile id="0">
   <properties>
    <property name="kind" value="city"/>
    <property name="worth" type="int" value="2"/>
   </properties>
   <image source="city.png" width="{w}" height="{h}"/>
  </tile>
  <tile id="1">
   <properties>
    <property name="kind" value="country"/>
    <property name="worth" type="int" value="3"/>
   </properties>
   <image source="country.png" width="{w}" height="{h}"/>
  </tile>
  <tile id="2">
   <properties>
    <property name="kind" value="castle"/>
    <property name="worth" value="4"/>
    <property name="start" type="bool" value="true"/>
   </properties>
   <image source="castle.png" width="{w}" height="{h}"/>
  </tile>
 </tileset>
 <layer id="1" name="tiles" width="5" height="5">
  <data encoding="csv">
{TILES_CSV}
</data>
 </layer>
 <objectgroup id="2" name="places">
  <object id="1" name="camelot" type="start" x="{x}" y="{y}">
   <point/>
  </object>
  <object id="2" name="market" type="area" x="{x - 10}" y="{y - 8}" width="20" height="16"/>
 </objectgroup>
</map>
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hexes.tmx"
    path.write_text(text, encoding="utf-8")
    return path


STAGGERS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
# Worked out by hand from Tiled's drawing (which rows/columns shift), not from the code under test.
CASTLE_AXIAL = {("y", "odd"): (1, 1), ("y", "even"): (0, 1), ("x", "odd"): (1, 1), ("x", "even"): (1, 0)}
CAMELOT_AXIAL = {("y", "odd"): (2, 2), ("y", "even"): (2, 2), ("x", "odd"): (3, 1), ("x", "even"): (3, 0)}


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_a_hexagonal_map_gives_its_stagger_side_and_orientation(tmp_path: Path, axis: str, index: str) -> None:
    board = load_board(write(tmp_path, hex_map_text(axis, index)))
    w, h = tile_size(axis)
    assert board.orientation == "hexagonal"
    assert board.hex == HexMap(Stagger(axis, index), SIDE, w, h)
    assert board.hex.orientation == ("pointy" if axis == "y" else "flat")
    assert (board.width, board.height) == (5, 5)


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_hex_layer_keys_every_tile_by_its_axial_cell(tmp_path: Path, axis: str, index: str) -> None:
    board = load_board(write(tmp_path, hex_map_text(axis, index)))
    by_offset = board.require_layer("tiles")
    by_axial = board.hex_layer("tiles")
    assert len(by_axial) == len(by_offset) == 15
    assert by_axial[CASTLE_AXIAL[(axis, index)]]["kind"] == "castle"
    assert all(by_axial[board.hex.to_axial(cell)] == props for cell, props in by_offset.items())


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_neighbours_in_axial_are_the_hexes_tiled_draws_side_by_side(tmp_path: Path, axis: str, index: str) -> None:
    board = load_board(write(tmp_path, hex_map_text(axis, index)))
    hexes = board.hex
    touch = 1.2 * min(tile_size(axis))  # neighbouring centres are one stride apart; the next are further
    cells = [(c, r) for c in range(5) for r in range(5)]
    for one, two in itertools.combinations(cells, 2):
        close = math.dist(tiled_centre(axis, index, *one), tiled_centre(axis, index, *two)) < touch
        assert close == hexgrid.adjacent(hexes.to_axial(one), hexes.to_axial(two)), (one, two)


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_pixel_centres_and_hex_at_pixel_match_tiled(tmp_path: Path, axis: str, index: str) -> None:
    hexes = load_board(write(tmp_path, hex_map_text(axis, index))).hex
    for col in range(5):
        for row in range(5):
            cell = hexes.to_axial((col, row))
            x, y = tiled_centre(axis, index, col, row)
            assert hexes.centre_px(cell) == pytest.approx((x, y))
            for dx, dy in ((0, 0), (12, 9), (-12, 9), (12, -9), (-12, -9), (20, 0), (0, 20)):
                assert hexes.hex_at_px(x + dx, y + dy) == cell


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_an_object_marks_the_hex_under_its_point_or_middle(tmp_path: Path, axis: str, index: str) -> None:
    board = load_board(write(tmp_path, hex_map_text(axis, index)))
    camelot, market = board.objects
    assert board.object_hex(camelot) == CAMELOT_AXIAL[(axis, index)]
    assert board.object_hex(market) == CAMELOT_AXIAL[(axis, index)]


def test_hex_cells_and_typed_values_are_read_by_axial_cell(tmp_path: Path) -> None:
    board = load_board(write(tmp_path, hex_map_text("y", "even")))
    castle = CASTLE_AXIAL[("y", "even")]
    assert board.hex_cells_where("tiles", "kind", "castle") == [castle]
    assert board.hex_value("tiles", castle, "worth", int, 0) == 4  # written as text in Tiled
    assert board.hex_value("tiles", castle, "start", bool, False) is True
    assert board.hex_value("tiles", (0, 0), "start", bool, False) is False  # a city: unset
    cities = board.hex_cells_where("tiles", "kind", "city")
    assert cities == sorted(cities, key=lambda c: (c[1], c[0])) and len(cities) == 10
    with pytest.raises(DataError) as caught:
        board.hex_value("tiles", castle, "kind", int, 0)
    assert "column 1, row 1 (hex 0, 1)" in str(caught.value)


def test_a_square_map_has_no_hex_layout_and_says_so_when_asked(tmp_path: Path) -> None:
    text = hex_map_text().replace('orientation="hexagonal"', 'orientation="orthogonal"')
    board = load_board(write(tmp_path, text))
    assert board.hex is None
    with pytest.raises(DataError) as caught:
        board.hex_layer("tiles")
    assert "must be a hexagonal map, not orthogonal" in str(caught.value)
    assert (1, 1) in board.require_layer("tiles")  # its cells are still (column, row)


@pytest.mark.parametrize(
    ("attrs", "problem"),
    [
        ('hexsidelength="32" staggerindex="odd"', "staggeraxis"),
        ('hexsidelength="32" staggeraxis="z" staggerindex="odd"', "staggeraxis"),
        ('hexsidelength="32" staggeraxis="y" staggerindex="first"', "staggerindex"),
        ('staggeraxis="y" staggerindex="odd"', "hexsidelength"),
        ('hexsidelength="half" staggeraxis="y" staggerindex="odd"', "hexsidelength"),
    ],
)
def test_a_hexagonal_map_missing_a_layout_fact_names_it_with_file_and_line(
    tmp_path: Path, attrs: str, problem: str
) -> None:
    path = write(tmp_path, hex_map_text(map_attrs=attrs))
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert caught.value.path == str(path)
    assert caught.value.line == 2  # the <map> element
    assert f"a hexagonal map needs {problem}" in caught.value.problem
