"""Bad data files give one clear message: the file, the line and the problem, never a crash later on.

Unknown keys at their own line, TMX properties of the wrong kind named with their owner, missing art
refused when a game is made (not at its first draw), and DataError's message relative to the project.
"""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from engine.core import registry
from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.schema import Int, ListOf, Map, Str, check
from engine.core.yamlfile import load_yaml
from games.desert_sons import catalogue as desert_catalogue
from games.entdecker import catalogue as entdecker_catalogue
from games.five_tribes import catalogue as tribes_catalogue
from tests.data_edits import edit as _edit, line_of as _line_of

ROOT = project_root()


@pytest.fixture
def fresh_catalogues() -> Iterator[None]:
    """Every game's catalogue read anew in the test and again after it, so no broken copy stays cached."""
    modules = (entdecker_catalogue, desert_catalogue, tribes_catalogue)
    for module in modules:
        module.load_catalogue.cache_clear()
    yield
    for module in modules:
        module.load_catalogue.cache_clear()


# ---------------------------------------------------------------- unknown keys at their own line
def test_an_unknown_key_deep_in_a_real_tiles_file_is_reported_at_its_own_line(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles.yaml"
    shutil.copy(ROOT / "data" / "desert_sons" / "tiles.yaml", tiles)
    # The last explorer tile's mapping starts far above the typo.
    _edit(tiles, "    art: tiles/cross_centre.svg\n", "    art: tiles/cross_centre.svg\n    colour: gold\n")
    doc = load_yaml(tiles)
    with pytest.raises(DataError) as caught:
        check(doc, desert_catalogue.tiles_schema())
    assert caught.value.line == _line_of(tiles, "colour: gold")
    assert "unknown key 'colour'" in caught.value.problem


def test_an_unknown_key_after_a_nested_block_is_reported_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "piles.yaml"
    path.write_text("piles:\n  - name: a\n    sizes:\n      - 1\n      - 2\n    cuont: 3\n", encoding="utf-8")
    schema = Map({"piles": ListOf(Map({"name": Str(), "sizes": ListOf(Int())}))})
    with pytest.raises(DataError) as caught:
        check(load_yaml(path), schema)
    assert (caught.value.line, caught.value.problem) == (6, "piles[0]: unknown key 'cuont' (allowed: name, sizes)")


# ---------------------------------------------------------------- TMX properties of the wrong kind
@pytest.fixture
def desert_data(tmp_path: Path) -> Path:
    target = tmp_path / "desert_sons"
    shutil.copytree(ROOT / "data" / "desert_sons", target)
    return target


def _desert_error(data_dir: Path) -> DataError:
    with pytest.raises(DataError) as caught:
        desert_catalogue.load_catalogue(data_dir, ROOT / "art" / "desert_sons")
    return caught.value


def test_a_typed_board_property_that_is_no_bool_names_property_object_and_line(
    desert_data: Path, fresh_catalogues: None
) -> None:
    board = desert_data / "board.tmx"
    _edit(board, '<property name="ds_two_player" type="bool" value="false"/>',
          '<property name="ds_two_player" type="bool" value="nope"/>')
    err = _desert_error(desert_data)
    assert err.path == str(board) and err.line == _line_of(board, 'value="nope"')
    assert err.problem == ("property 'ds_two_player' of object 'east end' has type bool, "
                           "so its value must be true or false, not 'nope'")


def test_a_board_flag_written_as_text_is_read_as_the_text_says(desert_data: Path, fresh_catalogues: None) -> None:
    board = desert_data / "board.tmx"
    # Tiled's default type is string: 'false' must not turn into True through bool('false').
    _edit(board, '<property name="ds_two_player" type="bool" value="false"/>',
          '<property name="ds_two_player" value="false"/>')
    cat = desert_catalogue.load_catalogue(desert_data, ROOT / "art" / "desert_sons")
    assert [s.two_player for s in cat.camel_starts] == [True, False, True, False]


def test_a_board_flag_of_the_wrong_kind_names_property_object_file_and_line(
    desert_data: Path, fresh_catalogues: None
) -> None:
    board = desert_data / "board.tmx"
    _edit(board, '<property name="ds_two_player" type="bool" value="false"/>',
          '<property name="ds_two_player" value="no way"/>')
    err = _desert_error(desert_data)
    assert err.path == str(board) and err.line == _line_of(board, 'name="east end"')
    assert err.problem.startswith("property 'ds_two_player' of object 'east end' must be true or false, not 'no way'")


def test_a_camel_start_without_a_bar_is_reported_at_its_object(desert_data: Path, fresh_catalogues: None) -> None:
    board = desert_data / "board.tmx"
    _edit(board, '<property name="ds_bar" value="south"/>', '<property name="ds_bar" value="up"/>')
    err = _desert_error(desert_data)
    assert err.line == _line_of(board, 'name="south end"') and "camel start 'south end' needs ds_bar" in err.problem


# ---------------------------------------------------------------- missing art when a game is made
def _art_without(source: Path, target: Path, missing: str) -> Path:
    """A copy of an art folder lacking one file (copied, not linked: File refuses links out of its folder)."""
    shutil.copytree(source, target)
    (target / missing).unlink()
    return target


def _make_rules_error(game: str, module: ModuleType, art: Path, monkeypatch: pytest.MonkeyPatch) -> DataError:
    monkeypatch.setattr(module, "default_art_dir", lambda: art)
    registry.discover()
    with pytest.raises(DataError) as caught:
        registry.get(game).make_rules()
    return caught.value


@pytest.mark.parametrize(
    ("missing", "data_file", "needle", "where"),
    [
        ("tiles/cross_centre.svg", "tiles.yaml", "art: tiles/cross_centre.svg", "cross_squares[0].art"),
        ("tiles/X_R_R.svg", "tiles.yaml", "art: tiles/X_R_R.svg", "explorer_tiles[43].art"),
    ],
)
def test_desert_sons_refuses_a_missing_tile_picture_when_the_game_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_catalogues: None,
    missing: str, data_file: str, needle: str, where: str,
) -> None:
    art = _art_without(ROOT / "art" / "desert_sons", tmp_path / "desert_sons", missing)
    err = _make_rules_error("desert_sons", desert_catalogue, art, monkeypatch)
    yaml = ROOT / "data" / "desert_sons" / data_file
    assert err.path == str(yaml) and err.line == _line_of(yaml, needle)
    assert err.problem == f"{where}: art file '{missing}' not found in {art.as_posix()}"
    assert err.shown.startswith(f"data/desert_sons/{data_file}, line {err.line}: ")


def test_desert_sons_missing_art_lists_the_missing_tiles(tmp_path: Path, fresh_catalogues: None) -> None:
    art = _art_without(ROOT / "art" / "desert_sons", tmp_path / "desert_sons", "tiles/cross_centre.svg")
    cat = desert_catalogue.load_catalogue(None, art)
    assert cat.missing_art() == ["tiles/cross_centre.svg"]


@pytest.mark.parametrize(
    ("missing", "data_file", "needle", "problem"),
    [
        ("unit_fort_purple.svg", "game.yaml", "  fort:",
         "units.fort: art file 'unit_fort_purple.svg' not found in {art} (the fort of seat colour purple)"),
        ("event_ruins.svg", "game.yaml", "  ruins:",
         "events.ruins: art file 'event_ruins.svg' not found in {art} (the icon of the event Old ruins)"),
    ],
)
def test_entdecker_refuses_a_missing_picture_when_the_game_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_catalogues: None,
    missing: str, data_file: str, needle: str, problem: str,
) -> None:
    art = _art_without(ROOT / "art" / "entdecker", tmp_path / "entdecker", missing)
    err = _make_rules_error("entdecker", entdecker_catalogue, art, monkeypatch)
    yaml = ROOT / "data" / "entdecker" / data_file
    assert (err.path, err.line) == (str(yaml), _line_of(yaml, needle))
    assert err.problem == problem.format(art=art.as_posix())


def test_a_picture_only_the_program_names_is_refused_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_catalogues: None
) -> None:
    art = _art_without(ROOT / "art" / "entdecker", tmp_path / "entdecker", "ship.svg")
    err = _make_rules_error("entdecker", entdecker_catalogue, art, monkeypatch)
    assert (err.path, err.line, err.problem) == (str(art / "ship.svg"), None, "art file not found (the ship)")


@pytest.mark.parametrize(
    ("missing", "data_file", "needle", "where"),
    [
        ("whims/whim_02.svg", "whims.yaml", "art: whims/whim_02.svg", "whims[1].art"),
        ("meeples/assassin.svg", "game.yaml", "art: meeples/assassin.svg", "tribes[4].art"),
        ("camel_purple.svg", "game.yaml", "camels:", "camels"),
        ("cards/back.svg", "resources.yaml", "back: cards/back.svg", "back"),
        ("djinns/baal.svg", "djinns.yaml", "art: djinns/baal.svg", "djinns["),
    ],
)
def test_five_tribes_refuses_a_missing_picture_when_the_game_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_catalogues: None,
    missing: str, data_file: str, needle: str, where: str,
) -> None:
    art = _art_without(ROOT / "art" / "five_tribes", tmp_path / "five_tribes", missing)
    err = _make_rules_error("five_tribes", tribes_catalogue, art, monkeypatch)
    yaml = ROOT / "data" / "five_tribes" / data_file
    assert (err.path, err.line) == (str(yaml), _line_of(yaml, needle))
    assert err.problem.startswith(where) and f"art file '{missing}' not found in {art.as_posix()}" in err.problem


def test_five_tribes_refuses_a_missing_track_picture_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_catalogues: None
) -> None:
    art = _art_without(ROOT / "art" / "five_tribes", tmp_path / "five_tribes", "turn_track_5p.svg")
    err = _make_rules_error("five_tribes", tribes_catalogue, art, monkeypatch)
    assert err.path == str(art / "turn_track_5p.svg")
    assert err.problem == "art file not found (the turn-order track, 5 players)"


@pytest.mark.parametrize("game", ["entdecker", "desert_sons", "five_tribes"])
def test_every_game_is_made_with_its_shipped_art(game: str, fresh_catalogues: None) -> None:
    registry.discover()
    assert registry.get(game).make_rules() is not None


# ---------------------------------------------------------------- the message a player reads
def test_data_error_shows_its_file_from_the_project_folder() -> None:
    err = DataError(ROOT / "data" / "desert_sons" / "tiles.yaml", 477, "YAML syntax error: found ':'")
    assert err.shown == "data/desert_sons/tiles.yaml, line 477: YAML syntax error: found ':'"
    assert str(err) == f"{ROOT / 'data' / 'desert_sons' / 'tiles.yaml'}, line 477: YAML syntax error: found ':'"


def test_data_error_keeps_a_path_outside_the_folder_whole(tmp_path: Path) -> None:
    err = DataError(tmp_path / "tiles.yaml", None, "file not found")
    assert err.shown == f"{tmp_path / 'tiles.yaml'}: file not found"
    assert err.relative_to(tmp_path) == "tiles.yaml: file not found"
    assert DataError("<text>", 3, "bad").shown == "<text>, line 3: bad"
