"""Somerset data: the shipped files load every tile, spell and building; values this table chose are marked;
a broken edit stops with file, line and problem."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.yamlfile import load_yaml
from games.somerset.catalogue import load_catalogue
from tests.data_edits import copied_data, edit as _edit, line_of as _line_of, load_error

DATA = project_root() / "data" / "somerset"


@pytest.fixture
def data(tmp_path) -> Path:
    return copied_data(tmp_path, "somerset")


def _error(data_dir: Path) -> DataError:
    return load_error(load_catalogue, data_dir)


# ---------------------------------------------------------------- the shipped data
def test_18_city_tiles_12_of_2plus_3_of_3plus_3_of_4plus_and_25_country_tiles():
    cat = load_catalogue()
    labels = [t.label for t in cat.city]
    assert len(cat.city) == 18 and labels.count("2+") == 12 and labels.count("3+") == 3 and labels.count("4+") == 3
    assert len(cat.country) == 25 and all(t.cost for t in cat.country)
    assert [t.id for t in cat.tiles] == [f"C{i:02d}" for i in range(1, 19)] + [f"K{i:02d}" for i in range(1, 26)]


def test_every_tile_has_an_action_and_road_stubs_city_five_or_six_country_two_to_four():
    cat = load_catalogue()
    for t in cat.city:
        assert t.steps and bin(t.roads).count("1") in (4, 5, 6), t.id
    for t in cat.country:
        assert t.steps and 2 <= bin(t.roads).count("1") <= 4, t.id


def test_road_masks_are_read_in_the_rules_file_side_order():
    """C01 Lumber Yard '111110' (E, NE, NW, W, SW, SE): every side but SE; the table's sides are
    NE 0, E 1, SE 2, SW 3, W 4, NW 5, so only bit 2 is missing."""
    cat = load_catalogue()
    assert cat.tiles[0].roads == 0b111011
    k02 = next(t for t in cat.country if t.id == "K02")  # '110000': E and NE
    assert k02.roads == 0b000011


def test_20_spells_and_17_building_cards_residence_first():
    cat = load_catalogue()
    assert len(cat.spells) == 20 and len({s.id for s in cat.spells}) == 20
    assert len(cat.buildings) == 17 and cat.buildings[0].name == "Residence"
    assert {s.timing for s in cat.spells} == {"before", "after", "any"}
    assert [s.name for s in cat.spells if s.timing == "before"] == ["Stride", "Teleport"]
    assert [s.name for s in cat.spells if s.timing == "after"] == ["Echo", "Mirror Image"]


def test_government_track_has_six_columns_with_fees_and_benefits():
    cfg = load_catalogue().config
    track = cfg["government"]
    assert [c["column"] for c in track] == [1, 2, 3, 4, 5, 6]
    assert track[0]["fee"] == {} and track[5]["fee"] == {"S": 3, "B": 2, "G": 2}
    assert [c["money"] for c in track] == [1, 2, 3, 4, 5, 7]
    assert [c["free_cast"] for c in track] == ["none", "none", "or", "or", "and", "and"]


def test_game_knobs_of_section_17():
    cfg = load_catalogue().config
    assert cfg["country_tiles_by_seats"] == {2: 19, 3: 22, 4: 25, 5: 25}
    assert cfg["round_cap"] == 12 and cfg["worker_cap"] == 4 and cfg["landing_fee"] == 1
    assert cfg["spell_book_prizes"] == [12, 8, 4, 2] and cfg["road_pieces"] == 6
    assert cfg["upgrades"]["peasant"]["cost"] == {"W": 1, "S": 1, "G": 1}
    assert [o["id"] for o in cfg["options"]] == ["spell_buy_currency", "start_player"]


# ---------------------------------------------------------------- chosen values are marked
def _item_lines(name: str, key: str) -> list[str]:
    doc = load_yaml(DATA / name)
    lines = (DATA / name).read_text().splitlines()
    return [lines[doc.line_of((key, i)) - 1] for i in range(len(doc.data[key]))]


@pytest.mark.parametrize("name,key", [("tiles.yaml", "city_tiles"), ("tiles.yaml", "country_tiles"),
                                      ("spells.yaml", "spells"), ("buildings.yaml", "buildings")])
def test_every_tile_spell_and_building_is_marked_as_chosen(name, key):
    """The game was never published: every tile's action and roads, every card are this table's [P]."""
    for line in _item_lines(name, key):
        assert line.rstrip().endswith("# [P]"), line


def test_each_file_says_the_game_was_never_published_and_what_the_mark_means():
    for name in ("tiles.yaml", "spells.yaml", "buildings.yaml", "game.yaml"):
        head = (DATA / name).read_text().split("\n\n")[0]
        assert "never published" in head and "[P]" in head, name


@pytest.mark.parametrize("key", ["country_tiles_by_seats", "city_layout", "upgrades", "worker_cap", "claim_markers",
                                 "start_resources", "landing_fee_when_declined", "decline_uses_tile", "round_cap",
                                 "first_round_decline", "move_pieces",
                                 "residence_counts_as_building", "empty_book_scores", "spells_per_turn",
                                 "government"])
def test_every_chosen_game_value_is_marked(key):
    doc = load_yaml(DATA / "game.yaml")
    line = (DATA / "game.yaml").read_text().splitlines()[doc.key_line_of((key,)) - 1]
    assert "[P]" in line, line
    if isinstance(doc.data[key], list):
        lines = (DATA / "game.yaml").read_text().splitlines()
        for i in range(len(doc.data[key])):
            assert "[P]" in lines[doc.line_of((key, i)) - 1]


def test_the_residence_card_is_marked_as_chosen():
    line = _line_of(DATA / "buildings.yaml", "residence:")
    assert "[P]" in (DATA / "buildings.yaml").read_text().splitlines()[line - 1]


# ---------------------------------------------------------------- broken edits
def test_a_yaml_syntax_error_names_file_and_line(data):
    path = data / "spells.yaml"
    _edit(path, "{id: S06, name: Midas Touch,", "{id: S06, name: [Midas Touch,")
    err = _error(data)
    assert err.path.endswith("spells.yaml") and "YAML syntax error" in err.problem
    assert err.line is not None and abs(err.line - _line_of(path, "S06")) <= 1


def test_a_bad_road_mask_names_the_tile_and_line(data):
    path = data / "tiles.yaml"
    _edit(path, 'name: Clay Pits, cost: {W: 1, G: 1}, short: "+3 brick", roads: "110000"',
          'name: Clay Pits, cost: {W: 1, G: 1}, short: "+3 brick", roads: "11000"')
    err = _error(data)
    assert err.path.endswith("tiles.yaml") and err.line == _line_of(path, "Clay Pits")
    assert "country_tiles[1].roads" in err.problem and "six characters" in err.problem


def test_an_unknown_step_names_the_step(data):
    path = data / "tiles.yaml"
    _edit(path, "action: [gain: {W: 3}]", "action: [grow: {W: 3}]")
    err = _error(data)
    assert err.line == _line_of(path, "Old Forest") and "'grow' is not one of" in err.problem


def test_a_spell_step_on_a_tile_is_refused(data):
    path = data / "tiles.yaml"
    _edit(path, "action: [gain: {$: 6}]", "action: [teleport: true]")
    err = _error(data)
    assert "is a spell's step" in err.problem and err.line == _line_of(path, "Cathedral Town")


def test_a_missing_cost_names_the_building(data):
    path = data / "buildings.yaml"
    _edit(path, "{id: B07, name: Toll House, cost: {B: 2, S: 2}, ", "{id: B07, name: Toll House, ")
    err = _error(data)
    assert err.path.endswith("buildings.yaml") and "missing key 'cost'" in err.problem
    assert err.line == _line_of(path, "Toll House")


def test_a_government_column_out_of_order(data):
    path = data / "game.yaml"
    _edit(path, "{column: 4,", "{column: 7,")
    err = _error(data)
    assert err.path.endswith("game.yaml") and "expected 4" in err.problem
    assert err.line == _line_of(path, "{column: 7,")


def test_a_wrong_type_names_the_value(data):
    path = data / "game.yaml"
    _edit(path, "round_cap: 12", "round_cap: twelve")
    err = _error(data)
    assert "round_cap" in err.problem and "whole number" in err.problem and err.line == _line_of(path, "round_cap")


def test_keeping_more_cards_than_drawn_is_refused(data):
    path = data / "tiles.yaml"
    _edit(path, "draw_spells: {draw: 2, keep: 1}", "draw_spells: {draw: 2, keep: 3}")
    err = _error(data)
    assert "cannot keep more cards" in err.problem and err.line == _line_of(path, "Scriptorium")
