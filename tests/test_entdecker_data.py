"""Broken Entdecker data files stop with the file, the line and the problem."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.core.paths import project_root
from games.entdecker.catalogue import load_catalogue
from tests.data_edits import copied_data, edit as _edit, line_of as _line_of, load_error

ART = project_root() / "art" / "entdecker"


@pytest.fixture
def data(tmp_path) -> Path:
    return copied_data(tmp_path, "entdecker")


def _error(data_dir: Path, art_dir: Path = ART) -> DataError:
    return load_error(load_catalogue, data_dir, art_dir)


def test_the_shipped_data_loads():
    load_catalogue.cache_clear()
    cat = load_catalogue()
    assert len(cat.tiles) == 120 and (cat.columns, cat.rows) == (10, 7) and len(cat.circles) == 34


def test_yaml_syntax_error_names_file_and_line(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "    name: cape\n", "    name: [cape\n")
    err = _error(data)
    assert err.path.endswith("tiles.yaml") and err.line is not None
    assert "YAML syntax" in err.problem


def test_unknown_edge_letter_is_refused_at_its_line(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "edges: LSSS", "edges: LXSS")
    err = _error(data)
    assert err.line == _line_of(tiles, "edges: LXSS")
    assert "patterns.P2.edges: 'LXSS' is not valid" in err.problem


def test_wrong_type_for_a_count_is_refused(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "{id: p1, pattern: P1, back: plain, count: 20}", "{id: p1, pattern: P1, back: plain, count: twenty}")
    err = _error(data)
    assert err.line == _line_of(tiles, "count: twenty")
    assert "expected a whole number" in err.problem


def test_missing_art_file_is_named(data, tmp_path):
    art = tmp_path / "art"
    shutil.copytree(ART, art)
    (art / "tile_p4.svg").unlink()
    err = _error(data, art)
    assert "tile_p4.svg" in err.problem and err.line == _line_of(data / "tiles.yaml", "art: tile_p4.svg")


def test_counts_that_do_not_add_up_to_the_box_are_refused(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "{id: p1, pattern: P1, back: plain, count: 20}", "{id: p1, pattern: P1, back: plain, count: 19}")
    err = _error(data)
    assert err.problem == "total: the tile counts add up to 119, not 120"
    assert err.line == _line_of(tiles, "total: 120")


def test_reserve_tile_on_the_wrong_pile_is_refused(data):
    _edit(data / "tiles.yaml", "reserve_number: 3", "reserve_number: 4")
    assert "lies on pile 3" in _error(data).problem


def test_question_tile_with_an_unknown_event_is_refused(data):
    _edit(data / "tiles.yaml", "event: storm, count: 2", "event: tsunami, count: 2")
    assert "unknown event 'tsunami'" in _error(data).problem


def test_land_piece_on_a_sea_edge_is_refused(data):
    _edit(data / "tiles.yaml", "- {edges: [N], spot: [0.5, 0.2]}", "- {edges: [E], spot: [0.5, 0.2]}")
    err = _error(data)
    assert "land piece touches E, but that edge is sea" in err.problem


def test_game_numbers_of_the_wrong_type_are_refused(data):
    game = data / "game.yaml"
    _edit(game, "start_gold: 4", "start_gold: four")
    err = _error(data)
    assert err.path.endswith("game.yaml") and err.line == _line_of(game, "start_gold: four")


def test_board_without_the_cells_layer_is_refused(data):
    board = data / "board.tmx"
    _edit(board, 'name="cells"', 'name="sea"')
    err = _error(data)
    assert err.path.endswith("board.tmx") and "cells" in err.problem


def test_truncated_board_names_the_file(data):
    board = data / "board.tmx"
    text = board.read_text()
    board.write_text(text[: len(text) // 2])
    err = _error(data)
    assert err.path.endswith("board.tmx")
