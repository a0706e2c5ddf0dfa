"""The tile previewer's hooks of Realm of the Desert Sons and Five Tribes (games/*/preview.py).

Each hook reads the real data through the game's own catalogue; edits are tried on a
temporary copy of the data (the hook must read the files afresh every call).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from engine.core.grid import rotate_sides
from engine.core.preview import PreviewSource, find_problems, load_hook
from engine.core.rules import Seat
from engine.ui.app import App
from engine.ui.scenes.preview import ItemRenderer, PreviewScene, contact_sheet, rotated_size
from games.desert_sons import preview as desert_preview
from games.desert_sons.catalogue import load_catalogue as load_desert
from games.desert_sons.scene_art import DesertArt
from games.five_tribes import preview as tribes_preview
from games.five_tribes.catalogue import load_catalogue as load_tribes
from games.five_tribes.rules import FiveTribesRules

ROOT = Path(__file__).resolve().parents[1]
DS_DATA, DS_ART = ROOT / "data" / "desert_sons", ROOT / "art" / "desert_sons"
FT_DATA, FT_ART = ROOT / "data" / "five_tribes", ROOT / "art" / "five_tribes"
STEPS = {(0.0, -1.0): 0, (1.0, 0.0): 1, (0.0, 1.0): 2, (-1.0, 0.0): 3}
STEP_XY = ((0, -1), (1, 0), (0, 1), (-1, 0))


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def inside(point, polygon) -> bool:
    """Even-odd rule: is the point inside the polygon?"""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def copy_data(tmp_path: Path, game: str) -> Path:
    """A private copy of data/<game> (and seats.yaml beside it) to edit."""
    shutil.copytree(ROOT / "data" / game, tmp_path / "data" / game)
    shutil.copy(ROOT / "data" / "seats.yaml", tmp_path / "data" / "seats.yaml")
    return tmp_path / "data" / game


def counts(source: PreviewSource) -> list[str]:
    return [p.text for p in find_problems(source) if p.kind == "count"]


def draw_errors(app: App, source: PreviewSource) -> dict[str, str]:
    """Draw every item at its thumbnail size and at a large size, every rotation: what failed, by item."""
    renderer = ItemRenderer(app.assets)
    for item in source.items:
        for rotation in range(item.rotations):
            for long_side in (96, item.native_px):
                renderer.image(item, rotated_size(item, long_side, rotation), rotation)
    return renderer.errors


def _main(args: list[str], user_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TILETABLE_DATA_DIR=str(user_dir))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180)


@pytest.fixture(scope="module")
def desert() -> PreviewSource:
    return desert_preview.preview_source(DS_DATA, DS_ART)


@pytest.fixture(scope="module")
def tribes() -> PreviewSource:
    return tribes_preview.preview_source(FT_DATA, FT_ART)


@pytest.fixture(autouse=True)
def _real_catalogues_afterwards():
    yield
    load_desert.cache_clear()  # a test on a copy leaves the games reading the real data again
    load_tribes.cache_clear()


# ================================================================== Realm of the Desert Sons
def test_desert_hook_is_found_and_lists_tiles_backs_pieces_cards_and_boards(desert: PreviewSource) -> None:
    assert load_hook("desert_sons") is desert_preview
    cat = load_desert(DS_DATA, DS_ART)
    tiles = [(i.id, i.count) for i in desert.of_kind("tile")]
    assert tiles == [(k.id, k.count) for k in cat.kinds.values()]
    assert {"D", "X_R_R", "cross_centre", "cross_end"} <= {i for i, _ in tiles}
    assert all(i.rotations == 4 for i in desert.of_kind("tile"))
    backs = {i.id: i.count for i in desert.of_kind("back")}
    assert backs == {"back_1": 17, "back_2": 17, "back_3": 17, "back_4": 17, "back_5": 17, "rumor_back": 6}
    pieces = {i.id: i for i in desert.of_kind("piece")}
    explorers = [p for p in pieces if p.startswith("explorer_")]
    assert len(explorers) == 80 and {"explorer_red_1", "explorer_purple_16"} <= set(explorers)
    assert all(pieces[p].count is None and pieces[p].aspect == 0.5 for p in explorers)
    assert [p for p in pieces if p.startswith("camel_")] == ["camel_red", "camel_yellow", "camel_white", "camel_black",
                                                            "camel_purple"]
    assert pieces["water_stone"].count == 20 and pieces["turban"].count == 1 and pieces["turban"].aspect == 2
    assert {p: pieces[p].count for p in pieces if p.startswith("good_")} == {
        "good_incense": 10, "good_myrrh": 10, "good_salt": 10, "good_gems": 10}
    cards = {i.id: i for i in desert.of_kind("card")}
    assert cards["camel_card"].count == 10 and cards["camel_card"].aspect == pytest.approx(180 / 256)
    assert len([c for c in cards if c.startswith("rumor_")]) == 16 and "rumor_gems_m2" in cards
    assert {i.id: i.count for i in desert.of_kind("board")} == {"rumor_board": 1, "caravan_board": 4}
    assert desert.kinds() == ["tile", "back", "piece", "card", "board"]
    assert all(i.rotations == 1 for i in desert.items if i.kind != "tile")


def test_desert_definitions_are_the_yaml_as_written_with_areas_and_icons(desert: PreviewSource) -> None:
    tiles = DS_DATA / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8").splitlines()
    item = desert.item("X_K_R")
    own, area, camel, rumor = item.definitions
    line = line_of(tiles, "- id: X_K_R")
    assert (own.file, own.line) == (tiles, line)
    assert own.text.splitlines()[0] == text[line - 1] and "area: heart, icons: [camel, rumor]" in own.text
    assert own.text.splitlines()[-1].strip() == "art: tiles/X_K_R.svg", "the entry ends before the next kind"
    assert (area.line, area.text.split(":")[0].strip()) == (line_of(tiles, "  heart: [["), "heart")
    assert camel.text.strip().startswith("camel: {name: Camel card") and rumor.text.strip().startswith("rumor:")
    cross = desert.item("cross_water").definitions[0]
    assert cross.line == line_of(tiles, "- id: cross_water") and "count: 4" in cross.text
    assert desert.item("D").definitions[1:] == (), "a desert tile has no oasis areas or icons"
    stack = desert.item("back_3").definitions[0]
    assert stack.text.strip().startswith("stacks: {count: 5, rule: cycle}")
    good = desert.item("good_salt").definitions[0]
    assert good.file == DS_DATA / "game.yaml" and "{id: salt, name: Salt, count: 10}" in good.text


def test_desert_edges_carry_their_d_and_o_lines(desert: PreviewSource) -> None:
    edges = desert.item("L_I").overlay.edges
    assert [e.type for e in edges] == ["oasis (O)", "oasis (O)", "desert (D)", "desert (D)"]
    assert [(e.a, e.b) for e in edges] == [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (0, 0))]
    assert [e.type[-2] for e in desert.item("cross_water").overlay.edges] == list("DDDO")
    cat = load_desert(DS_DATA, DS_ART)
    for kind in cat.kinds.values():
        assert "".join(e.type[-2] for e in desert.item(kind.id).overlay.edges) == kind.edges, kind.id


def test_desert_oasis_regions_hold_their_explorer_spot_and_icons(desert: PreviewSource) -> None:
    cat = load_desert(DS_DATA, DS_ART)
    for kind in cat.kinds.values():
        ov = desert.item(kind.id).overlay
        assert len(ov.regions) == len(ov.piece_spots) == len(kind.parts), kind.id
        icons = list(ov.icon_spots)
        for part, region, spot in zip(kind.parts, ov.regions, ov.piece_spots):
            poly = list(region.outline)
            assert region.type == "oasis part" and poly == list(cat.areas[part.area])
            assert (spot.x, spot.y) == part.spot and inside((spot.x, spot.y), poly), f"{kind.id}: explorer outside"
            mine, icons = icons[:len(part.icons)], icons[len(part.icons):]
            assert [s.label for s in mine] == list(part.icons), kind.id
            for s in mine:
                assert inside((s.x, s.y), poly), f"{kind.id}: {s.label} outside {region.id}"
                assert s.radius == cat.icon_radius
                assert (s.x - spot.x) ** 2 + (s.y - spot.y) ** 2 > s.radius ** 2, f"{kind.id}: explorer on an icon"
        assert icons == []
    heart = desert.item("X_R_R").overlay
    assert [s.label for s in heart.icon_spots] == ["rumor", "rumor"] and heart.regions[0].id == "heart"
    assert desert.item("D").overlay.regions == () and desert.item("D").overlay.icon_spots == ()


def test_desert_neighbours_match_every_side_at_every_rotation(desert: PreviewSource) -> None:
    cat = load_desert(DS_DATA, DS_ART)
    in_box = {k.id for k in cat.explorer_kinds if k.count > 0}
    for kind in cat.kinds.values():
        for rotation in range(4):
            mine = rotate_sides(kind.edges, rotation)
            found = desert.neighbours(kind.id, rotation)
            sides = [STEPS[(n.dx, n.dy)] for n in found]
            assert len(set(sides)) == len(sides), (kind.id, rotation)
            on_board = next((sq for sq in cat.cross if sq.kind == kind.id and sq.rotation == rotation), None)
            for d in set(range(4)) - set(sides):  # only the border of the area leaves a side empty
                assert on_board is not None, (kind.id, rotation, d)
                x, y = on_board.cell[0] + STEP_XY[d][0], on_board.cell[1] + STEP_XY[d][1]
                assert not (0 <= x < cat.size and 0 <= y < cat.size), (kind.id, rotation, d)
            for n in found:
                assert n.item_id in in_box or cat.kinds[n.item_id].cross, "explorer tiles in the box, or the cross"
                d = STEPS[(n.dx, n.dy)]
                theirs = rotate_sides(cat.kinds[n.item_id].edges, n.rotation)
                assert theirs[(d + 2) % 4] == mine[d], (kind.id, rotation, n)
    assert any(n.item_id != "D" for n in desert.neighbours("E_I", 0) if (n.dx, n.dy) == (0.0, -1.0))
    assert desert.neighbours("camel_red", 0) == [] and desert.neighbours("no_such_tile", 1) == []


def test_desert_cross_squares_as_the_board_lays_them_show_the_board_around(desert: PreviewSource) -> None:
    cat = load_desert(DS_DATA, DS_ART)
    end = next(sq for sq in cat.cross if sq.kind == "cross_end" and sq.cell == (5, 0))  # the north end
    found = {STEPS[(n.dx, n.dy)]: n for n in desert.neighbours("cross_end", end.rotation)}
    assert set(found) == {1, 2, 3}, "nothing beyond the border"
    below = next(sq for sq in cat.cross if sq.cell == (5, 1))
    assert (found[2].item_id, found[2].rotation) == (below.kind, below.rotation)
    for d in (1, 3):  # explorer tiles on the border row: desert towards the border as well
        assert rotate_sides(cat.kinds[found[d].item_id].edges, found[d].rotation)[0] == "D"
    centre = {n.item_id for n in desert.neighbours("cross_centre", 0)}
    assert centre == {"cross_desert"}, "the four bars start with a desert square"


def test_desert_real_data_agrees_with_the_facts_and_has_all_its_art(desert: PreviewSource) -> None:
    problems = find_problems(desert)
    assert not problems, [p.text for p in problems]  # every art file is used, none missing
    labels = {e.label: e for e in desert.expected}
    assert labels["explorer tiles"].count == 85 and labels["start-cross squares"].count == 21
    rumors = labels["rumor icons on explorer tiles"]
    assert rumors.count == 7 and rumors.item_ids.count("X_R_R") == 2, "a tile with two rumors counts twice"
    assert labels["water1 icons on the start cross"].item_ids == ("cross_water",)
    assert {desert.art_dir / "board_empty.svg", desert.art_dir / "icon_camel_card.svg",
            desert.art_dir / "board_sand.svg"} <= set(desert.extra_art)


def test_desert_hook_reads_an_edit_and_counts_against_the_facts(tmp_path: Path) -> None:
    data = copy_data(tmp_path, "desert_sons")
    tiles = data / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    assert desert_preview.preview_source(data, DS_ART).item("E_I").count == 4
    before = "count: 4  # tuning note §2.3: was 3\n    art: tiles/E_I.svg"
    assert before in text
    text = text.replace(before, "count: 5\n    art: tiles/E_I.svg")
    text = text.replace("total_explorer_tiles: 85", "total_explorer_tiles: 86")
    tiles.write_text(text, encoding="utf-8")
    (data / "game.yaml").write_text((data / "game.yaml").read_text(encoding="utf-8").replace(
        "water_stones: 20", "water_stones: 19"), encoding="utf-8")
    source = desert_preview.preview_source(data, DS_ART)
    assert source.item("E_I").count == 5, "the loader's cache was cleared"
    found = counts(source)
    assert "explorer tiles: the definitions give 86; the game's facts say 85 (§1 [V2])" in found
    assert "incense icons on explorer tiles: the definitions give 10; the game's facts say 9 (§2.3 [PROP])" in found
    assert "water stones: the definitions give 19; the game's facts say 20 (§1 [V2])" in found
    assert "explorer tiles with back 1: the definitions give 18; the game's facts say 17 (§2.3 [PROP])" in found
    assert source.item("back_1").count == 18


def test_desert_items_draw_with_the_scene_art(app: App, desert: PreviewSource) -> None:
    assert draw_errors(app, desert) == {}
    art = DesertArt(app.assets, DS_ART, app.font)
    for item_id, want in (("L_I", art.tile("tiles/L_I.svg", 200, 3)), ("back_2", art.stack_back(2, 200)),
                          ("good_myrrh", art.good("myrrh", 200))):
        surf = pygame.Surface((200, 200), pygame.SRCALPHA)
        desert.item(item_id).draw(surf, surf.get_rect(), 3, app.assets)
        for xy in ((100, 100), (30, 60), (170, 20), (60, 180)):
            assert surf.get_at(xy) == want.get_at(xy), (item_id, xy)
    explorer = pygame.Surface((100, 200), pygame.SRCALPHA)
    desert.item("explorer_black_16").draw(explorer, explorer.get_rect(), 0, app.assets)
    want = art.explorer("black", 16, 100)
    assert explorer.get_at((50, 120)) == want.get_at((50, 120)) and explorer.get_at((50, 120)).a > 0
    cell = pygame.Surface((64, 64), pygame.SRCALPHA)
    desert.empty_cell(cell, cell.get_rect(), 0, app.assets)
    assert cell.get_at((32, 32)) == art.empty_square(64).get_at((32, 32))


def test_desert_previewer_screen_shows_a_tile_with_overlays_and_neighbours(app: App) -> None:
    scene = PreviewScene(app, "desert_sons")
    app.push(scene)
    app.step([])
    assert scene.error is None and scene.source.game_id == "desert_sons"
    scene.select("T_K")
    scene.turn(1)
    for name in ("edges", "regions", "spots"):
        scene.set_overlay(name, True)
    scene.set_neighbours(True)
    app.step([])
    assert scene.rotation == 1 and scene.show_neighbours
    assert not [p.text for p in scene.problems if p.kind == "draw_error"]
    text = scene.definition_text(scene.item)
    assert f"tiles.yaml, line {line_of(DS_DATA / 'tiles.yaml', '- id: T_K')}" in text and "fork_NES" in text


def test_desert_contact_sheet_command(tmp_path: Path, user_data_dir: Path) -> None:
    out = tmp_path / "sheet.png"
    result = _main(["--preview", "desert_sons", "--screenshot", str(out)], user_data_dir)
    assert result.returncode == 0, result.stderr
    assert "0 problem(s)" in result.stdout
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() == 32 * 2 + 8 * 156 and sheet.get_height() > 20 * 180


# ================================================================== Five Tribes
def test_tribes_hook_lists_tiles_meeples_pieces_cards_backs_and_tracks(tribes: PreviewSource) -> None:
    assert load_hook("five_tribes") is tribes_preview
    cat = load_tribes(FT_DATA)
    assert [(i.id, i.count) for i in tribes.of_kind("tile")] == [(k.id, k.count) for k in cat.tile_kinds]
    assert sum(i.count for i in tribes.of_kind("tile")) == 36
    assert all(i.rotations == 1 for i in tribes.items), "Five Tribes' tiles all face the same way"
    pieces = {i.id: i.count for i in tribes.of_kind("piece")}
    meeples = {p: n for p, n in pieces.items() if p.startswith("meeple_")}
    assert meeples == {"meeple_vizier": 19, "meeple_elder": 23, "meeple_builder": 21, "meeple_merchant": 21,
                       "meeple_assassin": 21}
    assert sum(meeples.values()) == 105
    assert pieces["palm"] == 12 and pieces["palace"] == 10 and pieces["bag"] == 1
    assert {"camel_red", "turn_marker_purple", "assassin_marker", "coin"} <= set(pieces)
    cards = {i.id: i for i in tribes.of_kind("card")}
    assert sum(c.count for i, c in cards.items() if i.startswith("card_")) == 54
    assert cards["card_fakir"].count == 18 and cards["card_ivory"].count == 2
    djinns = [i for i in cards if i.startswith("djinn_")]
    assert len(djinns) == len(cat.djinns) == 25 and {"djinn_kali", "djinn_ganapati", "djinn_dhenim"} <= set(djinns)
    assert len([i for i in cards if i.startswith("whim_")]) == 19
    assert all(c.aspect == pytest.approx(180 / 256) for c in cards.values())
    assert [i.id for i in tribes.of_kind("back")] == ["back_resources", "back_djinns", "back_whims"]
    assert [i.id for i in tribes.of_kind("board")] == ["turn_track", "turn_track_5p", "bid_track", "bid_track_5p"]
    assert tribes.item("turn_track_5p").aspect == pytest.approx(1000 / 150)


def test_tribes_definitions_are_the_yaml_as_written(tribes: PreviewSource) -> None:
    tiles = FT_DATA / "tiles.yaml"
    own = tribes.item("sacred_12").definitions[0]
    line = line_of(tiles, "- id: sacred_12")
    assert (own.file, own.line) == (tiles, line)
    lines = own.text.splitlines()
    assert lines[0] == "  - id: sacred_12" and "    vp: 12" in lines and lines[-1].startswith("    text:")
    djinn = tribes.item("djinn_kali").definitions[0]
    assert djinn.file.name == "djinns.yaml" and "effect: push_gold" in djinn.text and "ganapati" not in djinn.text
    whim = tribes.item("whim_07").definitions[0]
    assert whim.line == line_of(FT_DATA / "whims.yaml", "- id: whim_07") and "reward_gold:" in whim.text
    card = tribes.item("card_fish").definitions[0]
    assert card.text.strip().startswith("- {id: fish,") and card.file.name == "resources.yaml"
    meeple = tribes.item("meeple_elder").definitions[0]
    assert meeple.file.name == "game.yaml" and "id: elder" in meeple.text and "base: 20, whims: 3" in meeple.text
    back = tribes.item("back_djinns").definitions[0]
    assert back.text == "back: djinns/back.svg"
    assert "cost: 18" in tribes.item("turn_track").definitions[0].text


def test_tribes_overlays_mark_value_action_and_the_calm_area(tribes: PreviewSource) -> None:
    cat = load_tribes(FT_DATA)
    for kind in cat.tile_kinds:
        ov = tribes.item(kind.id).overlay
        labels = [s.label for s in ov.icon_spots]
        assert labels == (["value"] if kind.action == "none" else ["value", kind.action]), kind.id
        assert ov.edges == () and ov.piece_spots == ()
        assert all(0 < s.x - s.radius and s.x + s.radius < 1 and 0 < s.y - s.radius for s in ov.icon_spots)
        if kind.meeples:
            (calm,) = ov.regions
            assert inside((0.5, 0.75), list(calm.outline)) and not inside((42 / 256, 42 / 256), list(calm.outline))
        else:
            assert ov.regions == (), "nothing ever stands on the Great Lake"


def test_tribes_neighbours_are_the_board_as_set_up_lays_it(tribes: PreviewSource) -> None:
    cat = load_tribes(FT_DATA)
    around = {(dx, dy) for dx in (-1.0, 0.0, 1.0) for dy in (-1.0, 0.0, 1.0)} - {(0.0, 0.0)}
    for kind in cat.tile_kinds:
        found = tribes.neighbours(kind.id, 0)
        assert {(n.dx, n.dy) for n in found} == around, kind.id
        assert all(n.rotation == 0 and tribes.item(n.item_id).kind == "tile" for n in found)
    rules = FiveTribesRules()
    state = rules.setup([Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow"), Seat(2, "Cid", "white")], 5)
    width, kinds = tribes_preview.sample_layout(cat, 5)
    assert (width, tuple(kinds)) == (state.layout.width, state.layout.kinds), "the rules' own set-up shuffle"
    seed = next(n for n in range(64) if _interior(tribes_preview.sample_layout(cat, n), "great_lake"))
    width, kinds = tribes_preview.sample_layout(cat, seed)
    at = kinds.index("great_lake")
    want = {(float(dx), float(dy)): kinds[at + dy * width + dx] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    assert {(n.dx, n.dy): n.item_id for n in tribes.neighbours("great_lake", 0)} == want
    assert tribes.neighbours("palm", 0) == []


def _interior(layout: tuple[int, list[str]], kind: str) -> bool:
    width, kinds = layout
    height = len(kinds) // width
    return any(k == kind and 0 < i % width < width - 1 and 0 < i // width < height - 1 for i, k in enumerate(kinds))


def test_tribes_real_data_agrees_with_the_facts_and_has_all_its_art(tribes: PreviewSource) -> None:
    problems = find_problems(tribes)
    assert not problems, [p.text for p in problems]  # every art file is used, none missing
    labels = {e.label: e for e in tribes.expected}
    assert labels["meeples"].count == 105 and labels["resource cards"].count == 54
    assert labels["Whim of the Sultan cards"].count == 19 and labels["base-game Djinns"].count == 22
    assert set(labels["Whims of the Sultan Djinns"].item_ids) == {"djinn_kali", "djinn_ganapati"}
    assert tribes.art_dir / "board" / "slot.svg" in tribes.extra_art


def test_tribes_hook_reads_an_edit_and_counts_against_the_facts(tmp_path: Path) -> None:
    data = copy_data(tmp_path, "five_tribes")
    resources = data / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    old = "{id: fish,    name: Fish,    kind: merchandise, count: 6,"
    assert old in text
    resources.write_text(text.replace(old, old.replace("count: 6", "count: 7")).replace("total: 54", "total: 55"),
                         encoding="utf-8")
    game = data / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("palms: 12", "palms: 11"), encoding="utf-8")
    source = tribes_preview.preview_source(data, FT_ART)
    assert source.item("card_fish").count == 7, "the loader's cache was cleared"
    found = counts(source)
    assert found == [
        "resource cards: the definitions give 55; the game's facts say 54 (§1.4 [V])",
        "merchandise cards: the definitions give 37; the game's facts say 36 (§1.4 [V])",
        "fish cards: the definitions give 7; the game's facts say 6 (§1.4 [V])",
        "palm trees: the definitions give 11; the game's facts say 12 (§1.6 [V])",
    ]


def test_tribes_items_draw_at_their_own_ratio(app: App, tribes: PreviewSource) -> None:
    assert draw_errors(app, tribes) == {}
    card = pygame.Surface((180, 256), pygame.SRCALPHA)
    tribes.item("djinn_iblis").draw(card, card.get_rect(), 0, app.assets)
    want = app.assets.image(FT_ART / "djinns" / "iblis.svg", (180, 256))
    for xy in ((4, 4), (90, 128), (175, 250)):
        assert card.get_at(xy) == want.get_at(xy)
    cell = pygame.Surface((64, 64), pygame.SRCALPHA)
    tribes.empty_cell(cell, cell.get_rect(), 0, app.assets)
    assert cell.get_at((32, 32)).a == 255


def test_tribes_previewer_screen_shows_a_tile_with_overlays_and_neighbours(app: App) -> None:
    scene = PreviewScene(app, "five_tribes")
    app.push(scene)
    app.step([])
    assert scene.error is None and scene.source.game_id == "five_tribes"
    scene.select("great_lake")
    scene.turn(1)
    assert scene.rotation == 0, "tiles never turn"
    for name in ("edges", "regions", "spots"):
        scene.set_overlay(name, True)
    scene.set_neighbours(True)
    app.step([])
    assert not [p.text for p in scene.problems if p.kind == "draw_error"] and not scene.problems
    assert "Great Lake" in scene.definition_text(scene.item)


def test_tribes_contact_sheet_command(tmp_path: Path, user_data_dir: Path) -> None:
    out = tmp_path / "sheet.png"
    result = _main(["--preview", "five_tribes", "--screenshot", str(out)], user_data_dir)
    assert result.returncode == 0, result.stderr
    assert "0 problem(s)" in result.stdout
    assert pygame.image.load(str(out)).get_width() == 32 * 2 + 8 * 156


def test_both_sheets_draw_in_process(app: App, desert: PreviewSource, tribes: PreviewSource) -> None:
    for source, title in ((desert, "Realm of the Desert Sons"), (tribes, "Five Tribes")):
        rows = sum(-(-len(source.of_kind(k)) // 8) for k in source.kinds())
        sheet = contact_sheet(app, source, title, columns=8, thumb=128)
        assert sheet.get_height() > rows * 150
