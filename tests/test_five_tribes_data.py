"""Five Tribes data files: the shipped data loads with the box's numbers, and a broken edit stops
with the file, the line and the problem (data/five_tribes/*.yaml, board.tmx)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import DataError
from games.five_tribes.catalogue import load_catalogue
from tests.data_edits import copied_data, edit as _edit, line_of as _line_of, load_error



@pytest.fixture
def data(tmp_path) -> Path:
    return copied_data(tmp_path, "five_tribes")


def _error(data_dir: Path) -> DataError:
    return load_error(load_catalogue, data_dir)


def test_the_shipped_data_has_the_boxes_numbers():
    """§1: 30 base + 6 Whims tiles, 105 meeples, 54 resource cards, 22 + 2 Djinns (+ promo), 19 Whim cards."""
    cat = load_catalogue()
    tiles = {k.id: k.count for k in cat.tile_kinds}
    assert sum(n for k, n in tiles.items() if cat.tile_kind(k).set == "base") == 30
    assert sum(n for k, n in tiles.items() if cat.tile_kind(k).set == "whims") == 6
    assert sum(t.base + t.whims for t in cat.tribes) == 105
    assert sum(r.count for r in cat.resources.values()) == 54 and len(cat.goods) == 9
    assert [d.set for d in cat.djinns.values()].count("base") == 22
    assert sorted(d.id for d in cat.djinns.values() if d.set == "whims") == ["ganapati", "kali"]
    assert len(cat.whims) == 19
    base_vp = sum(k.vp * k.count for k in cat.tile_kinds if k.set == "base")
    assert base_vp == 198  # §10's check sum


def test_every_picture_is_named_after_its_id():
    """Art is generated from these files: tiles/<id>.svg, djinns/<id>.svg, cards/<id>.svg, whims/<id>.svg."""
    cat = load_catalogue()
    assert all(k.art == f"tiles/{k.id}.svg" for k in cat.tile_kinds)
    assert all(d.art == f"djinns/{d.id}.svg" for d in cat.djinns.values())
    assert all(r.art == f"cards/{r.id}.svg" for r in cat.resources.values())
    assert all(w.art == f"whims/{w.id}.svg" for w in cat.whims.values())


def test_the_board_offers_the_whims_six_by_six_and_the_base_five_by_six():
    """board.tmx: two layouts, chosen by the board option."""
    cat = load_catalogue()
    assert {(b.id, b.width, b.height, b.tile_set) for b in cat.boards.values()} == {
        ("whims_6x6", 6, 6, "whims"), ("base_5x6", 6, 5, "base")}


def test_every_option_has_its_default_among_its_choices():
    """game.yaml options: the list the setup screen renders."""
    cat = load_catalogue()
    ids = [o["id"] for o in cat.options]
    assert {"board", "hidden_gold", "whim_payout", "whim_hands", "turn_track", "builders_reach", "djinn_limit",
            "haurvatat_lake", "expansion_djinns", "dhenim"} <= set(ids)
    for o in cat.options:
        assert o["default"] in [c["value"] for c in o["choices"]]


def test_a_bad_tile_colour_names_file_and_line(data):
    path = data / "tiles.yaml"
    _edit(path, "    colour: blue\n    count: 5", "    colour: green\n    count: 5")
    err = _error(data)
    assert err.path.endswith("tiles.yaml") and err.line == _line_of(path, "colour: green")
    assert "'green' is not one of blue, red, none" in err.problem


def test_a_whim_reward_not_in_fives_is_refused(data):
    path = data / "whims.yaml"
    _edit(path, "reward_gold: 20\n    art: whims/whim_18.svg", "reward_gold: 22\n    art: whims/whim_18.svg")
    err = _error(data)
    assert err.line == _line_of(path, "reward_gold: 22") and "not a multiple of 5" in err.problem


def test_a_whim_filter_with_an_unknown_value_is_refused(data):
    path = data / "whims.yaml"
    _edit(path, "where: {type: sacred}, at_least: 1}", "where: {type: lake}, at_least: 1}")
    err = _error(data)
    assert err.line == _line_of(path, "type: lake")
    assert "'lake' is not a valid value here" in err.problem


def test_a_whim_filter_on_an_attribute_the_collection_lacks_is_refused(data):
    path = data / "whims.yaml"
    _edit(path, "{count: fakirs, at_least: 2}", "{count: fakirs, where: {good: fish}, at_least: 2}")
    err = _error(data)
    assert "fakirs have no attribute 'good'" in err.problem and err.line == _line_of(path, "where: {good: fish}")


def test_a_whim_condition_with_two_forms_is_refused(data):
    path = data / "whims.yaml"
    _edit(path, "condition: {count: djinns, at_least: 3}", "condition: {count: djinns, at_least: 3, pattern: group}")
    err = _error(data)
    assert "exactly one of all, any, count, pattern" in err.problem


def test_a_whim_threshold_below_one_is_refused(data):
    path = data / "whims.yaml"
    _edit(path, "condition: {count: djinns, at_least: 3}", "condition: {count: djinns, at_least: 0}")
    err = _error(data)
    assert "'at_least' must be a whole number of at least 1" in err.problem


def test_an_option_default_outside_its_choices_is_refused(data):
    path = data / "game.yaml"
    _edit(path, "    default: around", "    default: everywhere")
    err = _error(data)
    assert err.path.endswith("game.yaml") and err.line == _line_of(path, "default: everywhere")


def test_an_unknown_djinn_effect_is_refused(data):
    path = data / "djinns.yaml"
    _edit(path, "effect: kill_gold", "effect: kill_everyone")
    err = _error(data)
    assert err.line == _line_of(path, "effect: kill_everyone") and "'kill_everyone' is not one of" in err.problem


def test_resource_counts_must_add_up_to_the_total(data):
    path = data / "resources.yaml"
    _edit(path, "count: 18", "count: 17")
    err = _error(data)
    assert "add up to 53, not 54" in err.problem


def test_a_board_layer_of_the_wrong_size_is_refused(data):
    path = data / "board.tmx"
    text = path.read_text()
    start = text.index('name="base_5x6"')
    rows_start = text.index("<data encoding=\"csv\">", start) + len("<data encoding=\"csv\">\n")
    path.write_text(text[:rows_start] + "0" + text[rows_start + 1:])
    err = _error(data)
    assert "base_5x6" in err.problem
