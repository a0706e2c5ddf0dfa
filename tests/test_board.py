"""Tiled boards: the Entdecker map's layout, and clear errors for broken or incomplete maps."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from engine.core.board import BoardMap, load_board
from engine.core.errors import DataError

ROOT = Path(__file__).resolve().parents[1]
ENTDECKER_BOARD = ROOT / "data" / "entdecker" / "board.tmx"
COLUMNS, ROWS = 10, 7  # the sea grid of spaces to discover


@pytest.fixture(scope="module")
def board() -> BoardMap:
    return load_board(ENTDECKER_BOARD)


def test_entdecker_board_is_12_by_9_cells_of_96_pixels(board: BoardMap) -> None:
    assert (board.width, board.height) == (COLUMNS + 2, ROWS + 2)
    assert (board.tile_width, board.tile_height) == (96, 96)
    assert board.orientation == "orthogonal"
    assert board.path == str(ENTDECKER_BOARD)


def test_entdecker_board_map_properties(board: BoardMap) -> None:
    assert board.properties == {"game": "entdecker", "grid_columns": COLUMNS, "grid_rows": ROWS}
    assert type(board.properties["grid_columns"]) is int


def test_entdecker_sea_is_the_inner_10_by_7_grid(board: BoardMap) -> None:
    sea = board.cells_where("cells", "cell", "sea")
    assert len(sea) == 70
    assert set(sea) == {(col, row) for col in range(1, COLUMNS + 1) for row in range(1, ROWS + 1)}


def test_entdecker_has_a_start_circle_outside_every_border_space(board: BoardMap) -> None:
    start = board.cells_where("cells", "cell", "start")
    assert len(start) == 2 * COLUMNS + 2 * ROWS == 34
    sea = set(board.cells_where("cells", "cell", "sea"))
    for col, row in start:
        # The circle's one connecting line leads into the only sea space beside it.
        beside = {(col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)} & sea
        assert len(beside) == 1, (col, row)
    border = {(c, r) for c, r in sea if c in (1, COLUMNS) or r in (1, ROWS)}
    reached = {(c + dc, r + dr) for c, r in start for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    assert border <= reached


def line_direction(flips: tuple[bool, bool, bool]) -> tuple[int, int]:
    """Where the start circle's line points once Tiled's flips are applied (drawn pointing down)."""
    h, v, d = flips
    dx, dy = 0, 1
    if d:  # Tiled swaps x and y first, then flips each axis
        dx, dy = dy, dx
    return (-dx if h else dx, -dy if v else dy)


def test_entdecker_start_circles_are_turned_to_point_at_their_space(board: BoardMap) -> None:
    sea = set(board.cells_where("cells", "cell", "sea"))
    for col, row in board.cells_where("cells", "cell", "start"):
        dx, dy = line_direction(board.flips["cells"].get((col, row), (False, False, False)))
        assert (col + dx, row + dy) in sea, (col, row)
    assert set(board.flips["cells"]) <= set(board.cells_where("cells", "cell", "start"))


def test_entdecker_corners_are_empty(board: BoardMap) -> None:
    cells = board.require_layer("cells")
    for corner in [(0, 0), (COLUMNS + 1, 0), (0, ROWS + 1), (COLUMNS + 1, ROWS + 1)]:
        assert corner not in cells
    assert len(cells) == 70 + 34


def test_cell_properties_hold_only_what_the_designer_set(board: BoardMap) -> None:
    assert board.layers["cells"][(1, 1)] == {"cell": "sea"}
    assert board.layers["cells"][(1, 0)] == {"cell": "start"}


def test_cells_where_lists_row_by_row(board: BoardMap) -> None:
    start = board.cells_where("cells", "cell", "start")
    assert start[:11] == [(col, 0) for col in range(1, COLUMNS + 1)] + [(0, 1)]
    assert start == sorted(start, key=lambda cell: (cell[1], cell[0]))


def test_entdecker_tiles_use_the_board_art_and_csv() -> None:
    root = ElementTree.parse(ENTDECKER_BOARD).getroot()
    sources = [image.get("source") for image in root.iter("image")]
    assert sources == ["../../art/entdecker/board_sea.svg", "../../art/entdecker/board_start.svg"]
    assert [data.get("encoding") for data in root.iter("data")] == ["csv"]
    assert root.get("version") == "1.10"


def test_board_loads_without_its_art_files(tmp_path: Path) -> None:
    copy = tmp_path / "board.tmx"  # no art folder beside this copy
    shutil.copy(ENTDECKER_BOARD, copy)
    assert len(load_board(copy).cells_where("cells", "cell", "sea")) == 70


def test_loading_a_board_does_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "from engine.core.board import load_board\n"
        f"load_board({str(ENTDECKER_BOARD)!r})\n"
        "assert 'pytmx' in sys.modules\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # pytmx's "cannot import pygame" complaint is expected, so kept quiet


def test_loading_a_board_after_pygame_still_works() -> None:
    code = (
        "import sys, pygame\n"
        "from engine.core.board import load_board\n"
        f"assert len(load_board({str(ENTDECKER_BOARD)!r}).layers['cells']) == 104\n"
        "assert sys.modules['pygame'] is pygame\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def small_map(layers: str = "", properties: str = "", tile_properties: str = "") -> str:
    """A 2 x 1 Tiled map with one tile (gid 1) whose properties are `tile_properties`."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8" infinite="0">
 <properties>
  <property name="game" value="test"/>{properties}
 </properties>
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="0">
  <tile id="0">
   <properties>
    <property name="cell" value="land"/>{tile_properties}
   </properties>
   <image source="missing.svg" width="8" height="8"/>
  </tile>
 </tileset>
{layers}
</map>
"""


TERRAIN = """ <layer id="1" name="terrain" width="2" height="1">
  <data encoding="csv">
1,0
</data>
 </layer>"""


def line_with(text: str, marker: str) -> int:
    """1-based line of `text` holding `marker`, read off the file rather than hard-coded."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if marker in line)


def write(tmp_path: Path, text: str, name: str = "board.tmx") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_file_names_it(tmp_path: Path) -> None:
    path = tmp_path / "nope.tmx"
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert (caught.value.path, caught.value.line, caught.value.problem) == (str(path), None, "file not found")


def test_truncated_file_names_the_line_where_it_stops(tmp_path: Path) -> None:
    lines = ENTDECKER_BOARD.read_text().splitlines(keepends=True)
    path = write(tmp_path, "".join(lines[:20]))
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert caught.value.path == str(path)
    assert caught.value.line == 21
    assert caught.value.problem == "broken XML at column 1: no element found"


def test_mismatched_tag_names_its_line(tmp_path: Path) -> None:
    text = small_map(TERRAIN).replace(" </layer>", " </layr>")
    path = write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_board(path)
    bad_line = line_with(text, "</layr>")
    assert (caught.value.line, caught.value.problem) == (bad_line, "broken XML at column 4: mismatched tag")
    assert str(caught.value).startswith(f"{path}, line {bad_line}: ")


def test_map_without_the_cells_layer_names_the_layers_it_has(tmp_path: Path) -> None:
    board = load_board(write(tmp_path, small_map(TERRAIN)))
    assert board.layers == {"terrain": {(0, 0): {"cell": "land"}}}
    with pytest.raises(DataError) as caught:
        board.require_layer("cells")
    assert str(caught.value) == f"{tmp_path / 'board.tmx'}: no tile layer named 'cells' (layers: terrain)"
    with pytest.raises(DataError, match=r"no tile layer named 'cells' \(layers: terrain\)"):
        board.cells_where("cells", "cell", "sea")


def test_map_with_no_layers_says_none(tmp_path: Path) -> None:
    board = load_board(write(tmp_path, small_map()))
    with pytest.raises(DataError, match=r"\(layers: none\)"):
        board.require_layer("cells")


def test_a_file_that_is_not_a_map(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="line 1: not a Tiled map: the file starts with <tileset>"):
        load_board(write(tmp_path, "<tileset/>\n"))


def test_infinite_maps_are_refused_with_the_fix(tmp_path: Path) -> None:
    text = small_map(TERRAIN).replace('infinite="0"', 'infinite="1"')
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, "<map ")
    assert caught.value.problem.startswith("infinite maps are not supported: untick 'Infinite'")


def test_property_named_like_a_pytmx_attribute_names_the_property_and_line(tmp_path: Path) -> None:
    text = small_map(TERRAIN, properties='\n  <property name="width" type="int" value="3"/>')
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, 'name="width"')
    assert caught.value.problem.startswith("custom property 'width' on map clashes with a name pytmx uses")


def test_tile_property_named_like_pytmx_bookkeeping_is_refused(tmp_path: Path) -> None:
    text = small_map(TERRAIN, tile_properties='\n    <property name="id" value="x"/>')
    with pytest.raises(DataError, match="custom property 'id' on tile clashes"):
        load_board(write(tmp_path, text))


def test_layer_with_too_few_cells(tmp_path: Path) -> None:
    text = small_map(TERRAIN.replace("1,0", "1"))
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, '<layer id="1"')
    assert caught.value.problem == "tile layer 'terrain' holds 1 cells, expected 2 x 1"


def test_bad_layer_data_is_wrapped_with_the_file(tmp_path: Path) -> None:
    layer = TERRAIN.replace('encoding="csv"', 'encoding="base64" compression="lzma"').replace("1,0", "AAAA")
    path = write(tmp_path, small_map(layer))
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert caught.value.path == str(path)
    assert caught.value.problem == "cannot read this Tiled map: layer compression lzma is not supported."


def test_csv_layer_data_that_is_not_a_tile_number_names_the_layer_and_line(tmp_path: Path) -> None:
    text = small_map(TERRAIN.replace("1,0", "1,\n x"))
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, " x")
    assert caught.value.problem == "tile layer 'terrain' holds 'x' where a tile number belongs"


@pytest.mark.parametrize(
    ("prop", "problem"),
    [
        ('<property name="reserve" type="int" value="abc"/>',
         "has type int, so its value must be a whole number, not 'abc'"),
        ('<property name="reserve" type="float" value="1,5"/>', "has type float, so its value must be a number, not '1,5'"),
        ('<property name="reserve" type="bool" value="maybe"/>', "has type bool, so its value must be true or false"),
        ('<property name="reserve" type="bool" value="nope"/>', "so its value must be true or false, not 'nope'"),
        ('<property name="reserve" type="object" value="north"/>', "so its value must be an object id (a whole number)"),
        ('<property name="reserve" type="int"/>', 'has type int but no value="..."'),
        ('<property name="reserve" type="integer" value="3"/>', "has the type 'integer', which Tiled does not write"),
    ],
)
def test_a_typed_property_pytmx_cannot_convert_names_property_owner_and_line(
    tmp_path: Path, prop: str, problem: str
) -> None:
    text = small_map(TERRAIN, tile_properties=f"\n    {prop}")
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, 'name="reserve"')
    assert caught.value.problem.startswith("property 'reserve' of tile 0 ")
    assert problem in caught.value.problem


def test_a_bad_typed_property_of_an_object_names_the_object(tmp_path: Path) -> None:
    objects = """ <objectgroup id="2" name="areas">
  <object id="7" name="harbour" x="8" y="0" width="8" height="8">
   <properties>
    <property name="area_value" type="int" value="three"/>
   </properties>
  </object>
 </objectgroup>"""
    text = small_map(TERRAIN + "\n" + objects)
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, 'name="area_value"')
    assert caught.value.problem == (
        "property 'area_value' of object 'harbour' has type int, so its value must be a whole number, not 'three'"
    )


def test_text_and_file_properties_are_not_converted(tmp_path: Path) -> None:
    props = '\n  <property name="note" type="string" value="abc"/>\n  <property name="pic" type="file" value=""/>'
    board = load_board(write(tmp_path, small_map(TERRAIN, properties=props)))
    assert board.properties["note"] == "abc"


def test_missing_external_tileset_is_named(tmp_path: Path) -> None:
    text = small_map(TERRAIN).replace('<tileset firstgid="1"', '<tileset firstgid="1" source="gone.tsx"')
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, text))
    assert caught.value.line == line_with(text, "<tileset")
    assert caught.value.problem == "tileset file 'gone.tsx' not found next to the map"


def test_objects_come_with_their_type_and_properties(tmp_path: Path) -> None:
    objects = """ <objectgroup id="2" name="areas">
  <object id="1" name="harbour" type="port" x="8" y="0" width="8" height="8">
   <properties>
    <property name="area_value" type="int" value="3"/>
   </properties>
  </object>
  <object id="2" x="1.5" y="2"/>
 </objectgroup>"""
    board = load_board(write(tmp_path, small_map(TERRAIN + "\n" + objects)))
    harbour, bare = board.objects
    assert (harbour.name, harbour.type, harbour.x, harbour.y, harbour.width, harbour.height) == (
        "harbour", "port", 8.0, 0.0, 8.0, 8.0
    )
    assert harbour.properties == {"area_value": 3}
    assert (bare.name, bare.type, bare.x, bare.y, bare.properties) == ("", "", 1.5, 2.0, {})


HARBOUR = """ <objectgroup id="2" name="areas">
  <object id="1" name="harbour" x="8" y="0" width="8" height="8">
   <properties>
    <property name="berths"{berths}/>
    <property name="open"{open}/>
   </properties>
  </object>
 </objectgroup>"""


def test_object_values_read_typed_and_text_properties_alike(tmp_path: Path) -> None:
    text = small_map(TERRAIN + "\n" + HARBOUR.format(berths=' type="int" value="3"', open=' value="false"'))
    board = load_board(write(tmp_path, text))
    harbour = board.objects[0]
    assert harbour.line == line_with(text, 'name="harbour"')
    assert board.object_value(harbour, "berths", int, 0) == 3
    assert board.object_value(harbour, "open", bool, True) is False, "'false' written as text is still false"
    assert board.object_value(harbour, "depth", float, 2.5) == 2.5, "an unset property gives the default"


@pytest.mark.parametrize(
    ("berths", "open_", "name", "kind", "problem"),
    [
        (' value="many"', ' value="true"', "berths", int,
         "property 'berths' of object 'harbour' must be a whole number, not 'many' (in Tiled: type int, a value such as 3)"),
        (' value="2"', ' value="nope"', "open", bool,
         "property 'open' of object 'harbour' must be true or false, not 'nope' (in Tiled: type bool, a value such as true)"),
        (' type="bool" value="true"', ' value="true"', "berths", int,
         "property 'berths' of object 'harbour' must be a whole number, not True (in Tiled: type int, a value such as 3)"),
    ],
)
def test_an_object_value_of_the_wrong_kind_names_property_object_file_and_line(
    tmp_path: Path, berths: str, open_: str, name: str, kind: type, problem: str
) -> None:
    text = small_map(TERRAIN + "\n" + HARBOUR.format(berths=berths, open=open_))
    path = write(tmp_path, text)
    board = load_board(path)
    with pytest.raises(DataError) as caught:
        board.object_value(board.objects[0], name, kind, None)
    assert (caught.value.path, caught.value.line, caught.value.problem) == (
        str(path), line_with(text, 'name="harbour"'), problem)


def test_a_cell_value_of_the_wrong_kind_names_the_cell_and_layer(tmp_path: Path) -> None:
    text = small_map(TERRAIN, tile_properties='\n    <property name="reserve" value="lots"/>')
    board = load_board(write(tmp_path, text))
    assert board.cell_value("terrain", (1, 0), "reserve", int, 0) == 0, "an empty cell has no properties"
    with pytest.raises(DataError) as caught:
        board.cell_value("terrain", (0, 0), "reserve", int, 0)
    assert caught.value.problem.startswith(
        "property 'reserve' of the tile at column 0, row 0 of layer 'terrain' must be a whole number, not 'lots'")
