"""Realm of Sand data: the shipped files load every board, tile and card; values this table chose are marked [P];
a broken edit stops with file, line and problem."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.core import registry
from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.yamlfile import load_yaml
from games.realm_of_sand.catalogue import load_catalogue
from tests.data_edits import copied_data, edit as _edit, line_of as _line_of, load_error

DATA = project_root() / "data" / "realm_of_sand"
FILES = ("boards.yaml", "tiles.yaml", "cards.yaml", "game.yaml")


@pytest.fixture
def data(tmp_path) -> Path:
    return copied_data(tmp_path, "realm_of_sand")


def _error(data_dir: Path) -> DataError:
    return load_error(load_catalogue, data_dir)


# ---------------------------------------------------------------- the shipped data
def test_registered_for_one_to_four_seats_with_its_screen_and_options():
    info = registry.get("realm_of_sand")
    assert (info.min_seats, info.max_seats, info.title) == (1, 4, "Realm of Sand")
    assert info.make_scene is not None and set(info.options) == {"side", "patterns", "dark_cells"}


def test_a_six_by_six_board_with_a_four_by_four_light_centre_and_a_track_from_0_to_6():
    cat = load_catalogue()
    assert (cat.width, cat.height) == (6, 6)
    assert cat.light == {(x, y) for x in range(1, 5) for y in range(1, 5)}
    assert (cat.level_start, cat.level_max) == (0, 6)


def test_six_boards_one_per_colour_each_with_its_power_and_two_light_and_one_dark_crystal_cell():
    cat = load_catalogue()
    assert {b.colour: b.power for b in cat.boards} == {
        "red": "reserve", "purple": "all_discs", "yellow": "exchange_disc", "green": "move_square",
        "orange": "gain_level", "blue": "swap_tiles"}
    for b in cat.boards:
        assert len(b.crystals) == 3
        assert sum(1 for c in b.crystals if c in cat.light) == 2, b.colour


def test_28_rune_tiles_11_straight_17_bent_with_28_squares_of_each_colour():
    cat = load_catalogue()
    assert len(cat.tiles) == 28 and [t.id for t in cat.tiles] == [f"T{i:02d}" for i in range(1, 29)]
    assert Counter(t.shape for t in cat.tiles) == {"I": 11, "L": 17}
    assert Counter("".join(t.colours for t in cat.tiles)) == {"G": 28, "R": 28, "K": 28}
    kinds = Counter(len(set(t.colours)) for t in cat.tiles)
    assert kinds == {1: 6, 2: 18, 3: 4}


def test_54_cards_18_per_level_with_the_rules_files_totals():
    cat = load_catalogue()
    assert len(cat.cards) == 54
    for level, points, hourglasses in ((1, 24, 18), (2, 52, 26), (3, 113, 32)):
        cards = [c for c in cat.cards if c.level == level]
        assert len(cards) == 18
        assert sum(c.points for c in cards) == points and sum(c.hourglasses for c in cards) == hourglasses


def test_rewards_level_one_discs_level_two_blue_and_yellow_level_three_none():
    cat = load_catalogue()
    discs = Counter(d for c in cat.cards for d in c.reward_discs)
    assert discs == {"G": 4, "R": 4, "K": 4, "Y": 9, "B": 9}
    assert sum(c.reward_levels for c in cat.cards) == 10
    assert all(not c.reward_discs and not c.reward_levels for c in cat.cards if c.level == 3)
    assert all(set(c.reward_discs) <= {"B", "Y"} for c in cat.cards if c.level == 2)


def test_patterns_read_row_by_row_blue_and_yellow_only_on_level_three():
    cat = load_catalogue()
    i04 = next(c for c in cat.cards if c.id == "I-04")
    assert i04.cells == ((0, 0, "G"), (0, 1, "R"), (1, 1, "K"))
    for c in cat.cards:
        letters = {ch for _, _, ch in c.cells}
        assert (letters & {"B", "Y"} != set()) == (c.level == 3), c.id


def test_game_numbers_and_switches():
    cfg = load_catalogue().config
    assert cfg["supply_by_seats"] == {1: 2, 2: 4, 3: 5, 4: 6}
    assert cfg["solo"]["turns"] == 14 and cfg["hourglass_end"] == 10
    assert [b["min"] for b in cfg["solo"]["ratings"]] == [0, 18, 26, 35, 45]
    assert cfg["pattern_transforms"] == "mirror" and cfg["dark_rule"] == "capacity"
    assert [o["id"] for o in cfg["options"]] == ["side", "patterns", "dark_cells"]


# ---------------------------------------------------------------- chosen values are marked
def test_each_file_says_what_the_mark_means():
    for name in FILES:
        head = (DATA / name).read_text().split("\n\n")[0]
        assert "[P]" in head and "this project chose" in head, name


@pytest.mark.parametrize("name,key", [("tiles.yaml", "tiles"), ("cards.yaml", "cards"), ("boards.yaml", "boards")])
def test_every_tile_card_and_crystal_layout_is_marked_as_chosen(name, key):
    doc = load_yaml(DATA / name)
    lines = (DATA / name).read_text().splitlines()
    for i in range(len(doc.data[key])):
        assert "# [P]" in lines[doc.line_of((key, i)) - 1]


@pytest.mark.parametrize("key", ["disc_colours", "squares_per_colour", "discs_per_colour", "supply_by_seats",
                                 "purple_steps", "start_hands", "stock_lacks_colour", "disc_off_board",
                                 "moved_disc_charges", "green_move_charges", "orange_at_top", "reserve_limit",
                                 "exhaustion_end", "round_cap", "pattern_transforms", "dark_rule"])
def test_every_chosen_game_value_is_marked(key):
    doc = load_yaml(DATA / "game.yaml")
    line = (DATA / "game.yaml").read_text().splitlines()[doc.key_line_of((key,)) - 1]
    assert "[P]" in line, line


def test_the_solo_ratings_and_the_board_grid_are_marked():
    lines = (DATA / "game.yaml").read_text().splitlines()
    doc = load_yaml(DATA / "game.yaml")
    for i in range(5):
        assert "[P]" in lines[doc.line_of(("solo", "ratings", i)) - 1]
    boards = (DATA / "boards.yaml").read_text().splitlines()
    assert "[P]" in boards[_line_of(DATA / "boards.yaml", "cells:") - 1]
    assert "[P]" in boards[_line_of(DATA / "boards.yaml", "level_track:") - 1]


# ---------------------------------------------------------------- broken edits
def test_a_yaml_syntax_error_names_file_and_line(data):
    path = data / "cards.yaml"
    _edit(path, '{id: I-05, level: 1,', '{id: I-05, level: [1,')
    err = _error(data)
    assert err.path.endswith("cards.yaml") and "YAML syntax error" in err.problem
    assert err.line is not None and abs(err.line - _line_of(path, "I-05")) <= 1


def test_a_bad_pattern_letter_names_the_card_and_line(data):
    path = data / "cards.yaml"
    _edit(path, 'pattern: "RRK/..K/..K"', 'pattern: "RRX/..K/..K"')
    err = _error(data)
    assert err.line == _line_of(path, "II-08") and "cards[25].pattern" in err.problem
    assert "rows of G, R, K, B, Y" in err.problem


def test_a_pattern_in_two_pieces_is_refused(data):
    path = data / "cards.yaml"
    _edit(path, 'pattern: "G./RK"', 'pattern: "G./.K"')
    err = _error(data)
    assert err.line == _line_of(path, "I-04") and "join side to side" in err.problem


def test_a_tile_with_the_wrong_number_of_colours_names_the_tile(data):
    path = data / "tiles.yaml"
    _edit(path, "{id: T09, shape: L, colours: GGR}", "{id: T09, shape: L, colours: GG}")
    err = _error(data)
    assert err.path.endswith("tiles.yaml") and err.line == _line_of(path, "T09")
    assert "has 3 cells" in err.problem


def test_a_crystal_off_the_board_names_the_board(data):
    path = data / "boards.yaml"
    _edit(path, "[[4, 2], [2, 3], [0, 5]]", "[[4, 2], [2, 3], [0, 6]]")
    err = _error(data)
    assert err.line == _line_of(path, "colour: blue") and "off the 6 x 6 board" in err.problem


def test_a_ragged_board_row_is_refused(data):
    path = data / "boards.yaml"
    _edit(path, "  - DLLLLD\n  - DLLLLD\n  - DDDDDD", "  - DLLLLD\n  - DLLLD\n  - DDDDDD")
    err = _error(data)
    assert "every row needs 6 cells" in err.problem and "cells[4]" in err.problem
    assert err.line == next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line == "  - DLLLD")


def test_a_supply_larger_than_the_discs_is_refused(data):
    path = data / "game.yaml"
    _edit(path, "supply_by_seats: {1: 2, 2: 4, 3: 5, 4: 6}", "supply_by_seats: {1: 2, 2: 4, 3: 5, 4: 7}")
    err = _error(data)
    assert "only 6" in err.problem and err.line == _line_of(path, "supply_by_seats")


def test_a_switch_and_its_option_default_must_agree(data):
    path = data / "game.yaml"
    _edit(path, "pattern_transforms: mirror", "pattern_transforms: all8")
    err = _error(data)
    assert "switch pattern_transforms" in err.problem


def test_a_wrong_type_names_the_value(data):
    path = data / "game.yaml"
    _edit(path, "round_cap: 30", "round_cap: thirty")
    err = _error(data)
    assert "round_cap" in err.problem and "whole number" in err.problem and err.line == _line_of(path, "round_cap")


def test_a_disc_taken_off_the_board_is_a_rule_this_table_does_not_know(data):
    path = data / "game.yaml"
    _edit(path, "disc_off_board: false", "disc_off_board: true")
    err = _error(data)
    assert "the rules know only false" in err.problem and err.line == _line_of(path, "disc_off_board")
