"""Realm of the Desert Sons data: the shipped files hold together, and broken edits stop with file, line, problem."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.core.paths import project_root
from games.desert_sons.catalogue import load_catalogue
from games.desert_sons.rules_board import inside_polygon
from tests.data_edits import copied_data, edit as _edit, line_of as _line_of, load_error

ART = project_root() / "art" / "desert_sons"
EDGE_MID = {0: (0.5, 0.0), 1: (1.0, 0.5), 2: (0.5, 1.0), 3: (0.0, 0.5)}


@pytest.fixture
def data(tmp_path) -> Path:
    return copied_data(tmp_path, "desert_sons")


def _error(data_dir: Path) -> DataError:
    return load_error(load_catalogue, data_dir, ART)


# ---------------------------------------------------------------- the shipped data
def test_the_shipped_data_loads_85_tiles_21_cross_squares_on_an_11_by_11_area():
    cat = load_catalogue()
    assert len(cat.tiles) == 85 and sum(k.count for k in cat.kinds.values() if k.cross) == 21
    assert cat.size == 11 and len(cat.cross) == 21 and cat.exchange == (5, 5)
    assert sorted(s.bar for s in cat.camel_starts) == ["east", "north", "south", "west"]


def test_the_tile_mix_follows_the_proposal_with_the_tuning_move_from_t_to_e():
    """§2.3 [PROP]: 20 D, 5 C, 14 L, 10 I, 6 X; 20 E + 10 T, of which six T became E (tuning note)."""
    cat = load_catalogue()
    shapes: dict[str, int] = {}
    for k in cat.tiles:
        shapes[k.shape] = shapes.get(k.shape, 0) + 1
    assert shapes == {"D": 20, "C": 5, "E": 26, "L": 14, "I": 10, "T": 4, "X": 6}


def test_icons_match_the_supply_forty_goods_ten_camel_cards():
    """§2.3: goods icons (with the cross) = the 40 goods, 10 of each; camel icons = the 10 camel cards."""
    cat = load_catalogue()
    counts: dict[str, int] = {}
    for kind in cat.kinds.values():
        for part in kind.parts:
            for icon in part.icons:
                counts[icon] = counts.get(icon, 0) + kind.count
    for good in cat.config["goods"]:
        assert counts[good["id"]] == good["count"] == 10
    assert counts["camel"] == cat.config["camel_cards"] == 10
    assert counts["rumor"] == 7 and counts["water2"] == 4 and counts["water1"] == 12


def test_the_mix_has_oasis_parts_without_icons_so_an_oasis_can_hold_more_explorers_than_icons():
    """[SEED] "oasis portions may contain action icons"; "if there are not enough action icons for all the
    explorers the remainder get nothing" (issue 13: with an icon on every part that never happened). The mix
    (our choice, rules.md "The explorer tiles") has six oasis tiles without icons, in the place of two
    rumor and two water oasis ends, a rumor corner, a water corner and a rumor fork: the shapes stay as tuned."""
    cat = load_catalogue()
    bare = {}
    for kind in cat.explorer_kinds:
        if kind.parts and not any(p.icons for p in kind.parts):
            bare[kind.id] = kind.count
    assert bare == {"E_0": 3, "L_0": 2, "T_0": 1}
    assert all(len(k.parts) == 1 for k in cat.explorer_kinds if k.id in bare), "each has one part, room for one explorer"


def test_five_stacks_of_seventeen_by_the_cycle_rule():
    """§2.3 [PROP]: tile i of the file's order gets back number (i mod 5) + 1."""
    cat = load_catalogue()
    assert cat.tile_stack == tuple(i % 5 + 1 for i in range(85))
    assert [cat.tile_stack.count(n) for n in range(1, 6)] == [17] * 5


def test_every_oasis_part_meets_its_edges_at_the_mouth_and_keeps_icons_and_explorer_apart():
    """tiles.yaml geometry, as the art draws it: areas open onto their O edges, icons and the explorer
    spot lie inside the area, and the spot is never on an icon (§2.1: explorers stand beside the icons)."""
    cat = load_catalogue()
    radius = cat.icon_radius
    for kind in cat.kinds.values():
        for part in kind.parts:
            for d in part.edges:
                x, y = EDGE_MID[d]
                inward = (x + (0.5 - x) * 0.1, y + (0.5 - y) * 0.1)
                assert inside_polygon(inward, part.outline), (kind.id, d)
            for at in part.icon_at + (part.spot,):
                assert inside_polygon(at, part.outline), (kind.id, at)
            for at in part.icon_at:
                gap = ((at[0] - part.spot[0]) ** 2 + (at[1] - part.spot[1]) ** 2) ** 0.5
                assert gap > radius, f"{kind.id}: the explorer spot is on an icon"
            for d in set(range(4)) - part.edges:
                if kind.edges[d] == "D":
                    assert not inside_polygon(EDGE_MID[d], part.outline), (kind.id, "oasis on a desert edge")


def test_every_kind_has_its_art_file():
    cat = load_catalogue()
    assert all(k.art == f"tiles/{k.id}.svg" for k in cat.kinds.values())
    assert cat.missing_art() == []


def test_options_cover_the_desert_border_two_player_set_up_and_every_option_of_section_7():
    cat = load_catalogue()
    ids = [o["id"] for o in cat.options]
    assert ids == ["desert_border", "two_player_setup", "leader_per_use", "centre_exchange", "display_limit", "start_player"]
    for option in cat.options:
        assert option["default"] in [c["value"] for c in option["choices"]]
    assert cat.option_defaults()["desert_border"] is True and cat.option_defaults()["display_limit"] == 3


def test_the_registered_game_offers_the_options_to_the_set_up_screen():
    from engine.core import registry

    info = registry.get("desert_sons")
    assert (info.min_seats, info.max_seats) == (2, 4) and info.title == "Realm of the Desert Sons"
    assert set(info.options) == {o["id"] for o in load_catalogue().options}


# ---------------------------------------------------------------- broken edits
def test_yaml_syntax_error_names_file_and_line(data):
    _edit(data / "tiles.yaml", "    name: desert\n", "    name: [desert\n")
    err = _error(data)
    assert err.path.endswith("tiles.yaml") and err.line is not None and "YAML syntax" in err.problem


def test_unknown_edge_letter_is_refused_at_its_line(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "edges: ODOD", "edges: OXOD")
    err = _error(data)
    assert err.line == _line_of(tiles, "edges: OXOD") and "'OXOD' is not valid" in err.problem


def test_wrong_type_for_a_count_is_refused(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "    count: 20\n", "    count: twenty\n")
    err = _error(data)
    assert err.line == _line_of(tiles, "count: twenty") and "expected a whole number" in err.problem


def test_counts_that_do_not_add_up_to_the_box_are_refused(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "    count: 20\n", "    count: 19\n")
    err = _error(data)
    assert err.problem == "total_explorer_tiles: the counts add up to 84, not 85"
    assert err.line == _line_of(tiles, "total_explorer_tiles: 85")


def test_a_part_on_a_desert_edge_is_refused(data):
    _edit(data / "tiles.yaml", "- {edges: [N], area: lobe_N, icons: [incense]", "- {edges: [E], area: lobe_N, icons: [incense]")
    assert "the part touches E, but that edge is desert in 'ODDD'" in _error(data).problem


def test_an_unknown_icon_is_refused(data):
    _edit(data / "tiles.yaml", "icons: [incense], icon_at: [[0.34", "icons: [silk], icon_at: [[0.34")
    assert "unknown icon 'silk'" in _error(data).problem


def test_icon_positions_must_match_the_icons(data):
    _edit(data / "tiles.yaml", "icons: [incense], icon_at: [[0.34, 0.22]]", "icons: [incense], icon_at: []")
    assert "give one position per icon: 1 icons, 0 positions" in _error(data).problem


def test_art_must_be_named_after_the_id(data):
    tiles = data / "tiles.yaml"
    _edit(tiles, "art: tiles/D.svg", "art: tiles/desert.svg")
    err = _error(data)
    assert err.line == _line_of(tiles, "art: tiles/desert.svg") and "tiles/D.svg" in err.problem


def test_game_numbers_of_the_wrong_type_are_refused(data):
    game = data / "game.yaml"
    _edit(game, "start_water: 2", "start_water: two")
    err = _error(data)
    assert err.path.endswith("game.yaml") and err.line == _line_of(game, "start_water: two")


def test_an_option_default_outside_its_choices_is_refused(data):
    game = data / "game.yaml"
    _edit(game, "    default: 3\n", "    default: 5\n")
    err = _error(data)
    assert err.line == _line_of(game, "    default: 5") and "must be one of the choices" in err.problem


def test_a_missing_option_the_rules_need_is_named(data):
    _edit(data / "game.yaml", "  - id: start_player\n", "  - id: who_starts\n")
    assert "the rules need these options: start_player" in _error(data).problem


def test_explorer_heights_must_all_differ(data):
    _edit(data / "game.yaml", "B: [2, 7, 11, 14]", "B: [2, 7, 11, 13]")
    assert "a rank appears twice" in _error(data).problem


def test_board_without_the_cross_layer_is_refused(data):
    _edit(data / "board.tmx", 'name="cross"', 'name="road"')
    err = _error(data)
    assert err.path.endswith("board.tmx") and "no tile layer named 'cross'" in err.problem


def test_board_cross_must_match_the_counts_of_tiles_yaml(data):
    _edit(data / "tiles.yaml", "    count: 8\n    art: tiles/cross_desert.svg", "    count: 7\n    art: tiles/cross_desert.svg")
    _edit(data / "tiles.yaml", "    count: 1\n    art: tiles/cross_centre.svg", "    count: 2\n    art: tiles/cross_centre.svg")
    assert "tiles.yaml counts 2 of cross_centre, the board has 1" in _error(data).problem


def test_truncated_board_names_the_file(data):
    board = data / "board.tmx"
    text = board.read_text()
    board.write_text(text[: len(text) // 2])
    assert _error(data).path.endswith("board.tmx")
