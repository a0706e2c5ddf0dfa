"""The tile previewer: the game hook, the problems list, live reload of YAML and art, and the screens.

Live-reload tests work on a temporary copy of data/entdecker and art/entdecker
(TILETABLE_GAME_DATA_DIR / TILETABLE_ART_DIR). Polling runs on the frame's dt, so
one App.step with dt past POLL_SECONDS is one look at the files: no waiting.
"""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from engine.core import registry
from engine.core.errors import DataError
from engine.core.grid import rotate_sides
from engine.core.preview import (
    ExpectedCount,
    Overlay,
    PreviewItem,
    PreviewSource,
    art_info,
    changed,
    describe_error,
    find_problems,
    load_hook,
    ratio_text,
    snapshot,
    turn_point,
    yaml_block,
    zoom_step,
)
from engine.core.registry import GameInfo
from engine.ui.app import App
from engine.ui.catalogue import discover_games
from engine.ui.scenes.menu import MenuScene
from engine.ui.scenes.preview import POLL_SECONDS, GameView, PreviewScene, contact_sheet
from games.entdecker import preview as entdecker_preview
from games.entdecker.catalogue import load_catalogue

ROOT = Path(__file__).resolve().parents[1]
RED_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">'
           '<rect x="0" y="0" width="256" height="256" fill="#ff0000"/></svg>')


# ------------------------------------------------------------------ helpers
@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """A private copy of Entdecker's data and art, which the previewer reads instead of the real ones."""
    data, art = tmp_path / "data", tmp_path / "art"
    shutil.copytree(ROOT / "data" / "entdecker", data / "entdecker")
    shutil.copy(ROOT / "data" / "seats.yaml", data / "seats.yaml")
    shutil.copytree(ROOT / "art" / "entdecker", art / "entdecker", ignore=shutil.ignore_patterns("*.py", "*.md"))
    monkeypatch.setenv("TILETABLE_GAME_DATA_DIR", str(data))
    monkeypatch.setenv("TILETABLE_ART_DIR", str(art))
    yield SimpleNamespace(data=data / "entdecker", art=art / "entdecker")
    load_catalogue.cache_clear()  # the real game reads the real data again


@pytest.fixture
def scene(app: App, copy: SimpleNamespace) -> PreviewScene:
    scene = PreviewScene(app, "entdecker")
    app.push(scene)
    app.step([])
    return scene


def edit(path: Path, text: str) -> None:
    """Write the file and move its modification time on, as a save a second later would."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 2_000_000_000, before + 2_000_000_000))


def poll(app: App) -> None:
    """One frame long enough for the previewer to look at the files again."""
    app.step([], POLL_SECONDS + 0.01)


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(app: App, pos, button: int = 1) -> None:
    app.step([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


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


def png_bytes(w: int, h: int) -> bytes:
    """A tiny valid grey PNG of w x h, written by hand."""
    raw = b"".join(b"\x00" + b"\x80" * w for _ in range(h))
    chunk = lambda kind, data: (struct.pack(">I", len(data)) + kind + data  # noqa: E731
                                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def noop(surface, rect, rotation, assets) -> None:
    pass


# ------------------------------------------------------------------ the Entdecker hook
@pytest.fixture(scope="module")
def source() -> PreviewSource:
    return entdecker_preview.preview_source(ROOT / "data" / "entdecker", ROOT / "art" / "entdecker")


def test_hook_lists_every_tile_kind_back_unit_chip_and_the_ship_with_counts(source: PreviewSource) -> None:
    cat = load_catalogue(ROOT / "data" / "entdecker", ROOT / "art" / "entdecker")
    assert [(i.id, i.count) for i in source.of_kind("tile")] == [(k.id, k.count) for k in cat.kinds]
    assert [i.id for i in source.of_kind("back")] == ["back_plain", "back_question", "back_reserve"]
    pieces = {i.id: i.count for i in source.of_kind("piece")}
    assert pieces["ship"] == 1 and pieces["scout_red"] == 3 and pieces["fort_purple"] == 2
    assert pieces["settlement_black"] == 1 and pieces["chip_nutmeg"] == 1
    assert len([p for p in pieces if p.startswith("chip_")]) == 20
    assert source.kinds() == ["tile", "back", "piece"]


def test_a_tile_definition_is_the_yaml_exactly_as_written(source: PreviewSource) -> None:
    tiles = ROOT / "data" / "entdecker" / "tiles.yaml"
    item = source.item("p2_gold")
    own, pattern, event = item.definitions
    line = line_of(tiles, "{id: p2_gold,")
    assert (own.file, own.line) == (tiles, line)
    assert own.text == tiles.read_text(encoding="utf-8").splitlines()[line - 1]
    assert pattern.text.splitlines()[0].strip() == "P2:" and "name: cape" in pattern.text and "P3:" not in pattern.text
    assert event.file.name == "game.yaml" and "effect: gain_gold" in event.text


def test_land_outlines_hold_their_own_unit_spot_and_no_other(source: PreviewSource) -> None:
    for item in source.of_kind("tile"):
        ov = item.overlay
        assert len(ov.regions) == len(ov.piece_spots)
        for region, spot in zip(ov.regions, ov.piece_spots):
            poly = list(region.outline)
            assert all(-1e-9 <= x <= 1 + 1e-9 and -1e-9 <= y <= 1 + 1e-9 for x, y in poly), item.id
            assert inside((spot.x, spot.y), poly), f"{item.id}: {spot.label} outside {region.id}"
            others = [s for s in ov.piece_spots if s is not spot]
            assert not any(inside((s.x, s.y), poly) for s in others), item.id
            assert not inside((0.5, 0.5), poly) or item.id.startswith("p6"), f"{item.id}: land over the centre ring"


def test_edge_overlay_states_each_side_as_the_pattern_does(source: PreviewSource) -> None:
    p3 = source.item("p3_gold").overlay
    assert [e.type for e in p3.edges] == ["land", "sea", "land", "sea"]
    assert (p3.edges[0].a, p3.edges[0].b) == ((0.0, 0.0), (1.0, 0.0))  # N runs along the top
    assert len(p3.regions) == 2 and len(p3.icon_spots) == 1 and p3.icon_spots[0].label == "gold"


def test_sample_neighbours_match_every_edge_at_every_rotation(source: PreviewSource) -> None:
    cat = load_catalogue(ROOT / "data" / "entdecker", ROOT / "art" / "entdecker")
    kinds = {k.id: k for k in cat.kinds}
    steps = {(0.0, -1.0): 0, (1.0, 0.0): 1, (0.0, 1.0): 2, (-1.0, 0.0): 3}
    for kind in cat.kinds:
        for rotation in range(4):
            mine = rotate_sides(kind.pattern.edges, rotation)
            found = source.neighbours(kind.id, rotation)
            assert sorted(steps[(n.dx, n.dy)] for n in found) == [0, 1, 2, 3]
            for n in found:
                d = steps[(n.dx, n.dy)]
                theirs = rotate_sides(kinds[n.item_id].pattern.edges, n.rotation)
                assert theirs[(d + 2) % 4] == mine[d], (kind.id, rotation, n)
    assert source.neighbours("ship", 0) == []


def test_the_real_data_agrees_with_the_facts_and_has_all_its_art(source: PreviewSource) -> None:
    problems = find_problems(source)
    assert not problems, [p.text for p in problems]  # every art file is used, none missing


# ------------------------------------------------------------------ problems (pure)
def make_source(tmp_path: Path, items, expected=()) -> PreviewSource:
    return PreviewSource("t", tmp_path, tmp_path, tuple(items), expected=tuple(expected))


def test_problems_name_missing_and_unused_art_and_tiles_without_art(tmp_path: Path) -> None:
    (tmp_path / "a.svg").write_text(RED_SVG)
    (tmp_path / "stray.svg").write_text(RED_SVG)
    (tmp_path / "notes.txt").write_text("not art")
    items = [PreviewItem("tile", "a", 1, noop, art=(tmp_path / "a.svg",)),
             PreviewItem("tile", "b", 1, noop, art=(tmp_path / "gone.svg",)),
             PreviewItem("tile", "c", 1, noop)]
    found = {(p.kind, p.item_id, p.path.name if p.path else None) for p in find_problems(make_source(tmp_path, items))}
    assert found == {("missing_art", "b", "gone.svg"), ("no_art", "c", None), ("unused_art", None, "stray.svg")}


def test_problems_name_art_of_a_ratio_or_size_the_game_cannot_use(tmp_path: Path) -> None:
    (tmp_path / "wide.svg").write_text(RED_SVG.replace('height="256"', 'height="128"').replace("0 0 256 256", "0 0 256 128"))
    (tmp_path / "small.png").write_bytes(png_bytes(64, 64))
    (tmp_path / "card.png").write_bytes(png_bytes(300, 200))
    (tmp_path / "bad.svg").write_text("<html>not a picture</html>")
    items = [PreviewItem("tile", "wide", 1, noop, art=(tmp_path / "wide.svg",)),
             PreviewItem("tile", "small", 1, noop, art=(tmp_path / "small.png",), native_px=128),
             PreviewItem("card", "card", 1, noop, art=(tmp_path / "card.png",), aspect=1.5, native_px=300),
             PreviewItem("tile", "bad", 1, noop, art=(tmp_path / "bad.svg",))]
    problems = {p.item_id: p for p in find_problems(make_source(tmp_path, items))}
    assert problems["wide"].kind == "art_ratio" and "256x128" in problems["wide"].text and "1:1" in problems["wide"].text
    assert problems["small"].kind == "art_size" and "64x64" in problems["small"].text and "128" in problems["small"].text
    assert "card" not in problems, "a 3:2 card of 300 px is what the game draws"
    assert problems["bad"].kind == "art_unreadable"


def test_count_problems_compare_the_definitions_with_the_facts(tmp_path: Path) -> None:
    items = [PreviewItem("tile", "a", 3, noop), PreviewItem("tile", "b", 2, noop), PreviewItem("piece", "m", None, noop)]
    expected = [ExpectedCount("all tiles", ("a", "b"), 5, source="§1"),
                ExpectedCount("a tiles", ("a",), 4, source="§2"),
                ExpectedCount("b tiles", ("b",), 1, at_least=True),
                ExpectedCount("b tiles", ("b",), 3, at_least=True)]
    counts = [p for p in find_problems(make_source(tmp_path, items, expected)) if p.kind == "count"]
    assert [p.text for p in counts] == [
        "a tiles: the definitions give 3; the game's facts say 4 (§2)",
        "b tiles: the definitions give 2; the game's facts say at least 3",
    ]
    assert counts[0].item_id == "a"


def test_art_info_reads_sizes_from_headers(tmp_path: Path) -> None:
    svg = tmp_path / "x.svg"
    svg.write_text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="90px" height="60">')
    assert art_info(svg).size == (90.0, 60.0) and art_info(svg).vector
    png = tmp_path / "x.png"
    png.write_bytes(png_bytes(7, 3))
    assert art_info(png).size == (7, 3) and not art_info(png).vector
    assert not art_info(tmp_path / "none.png").exists
    assert ratio_text(1.5) == "3:2" and ratio_text(1.0) == "1:1"


# ------------------------------------------------------------------ pure helpers
def test_yaml_block_takes_the_entry_and_everything_indented_under_it() -> None:
    text = ("patterns:\n  P1:\n    name: open\n\n    edges: SSSS  # all sea\n  P2:\n    name: cape\n"
            "tiles:\n- id: a\n  count: 2\n\n- id: b\n# the end\n")
    assert yaml_block(text, 2) == "  P1:\n    name: open\n\n    edges: SSSS  # all sea"
    assert yaml_block(text, 9) == "- id: a\n  count: 2"
    assert yaml_block(text, 8) == "tiles:\n- id: a\n  count: 2\n\n- id: b"
    assert yaml_block(text, 99) == ""


def test_describe_error_gives_file_line_and_problem() -> None:
    err = describe_error(DataError("data/x/tiles.yaml", 12, "tiles[3].count: expected a whole number"))
    assert (err.file, err.line, err.problem) == ("data/x/tiles.yaml", 12, "tiles[3].count: expected a whole number")
    try:
        {}["missing"]
    except KeyError as exc:
        err = describe_error(exc)
    assert err.file == __file__ and err.problem == "KeyError: 'missing'" and err.line


def test_snapshot_sees_new_changed_and_removed_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.svg"
    a.write_text("x: 1")
    first = snapshot([a], [tmp_path])
    edit(a, "x: 2")
    b.write_text(RED_SVG)
    second = snapshot([a], [tmp_path])
    assert changed(first, second) == {a, b}
    b.unlink()
    assert changed(second, snapshot([a], [tmp_path])) == {b}


def test_turning_and_zoom_steps() -> None:
    assert turn_point((0.5, 0.2), 1) == (0.8, 0.5)  # a northern spot lies east after a clockwise quarter turn
    assert turn_point((0.5, 0.2), 4) == (0.5, 0.2)
    x, y = turn_point((0.5, 0.0), 1, 6)
    assert x == pytest.approx(0.5 + 0.5 * 0.8660254) and y == pytest.approx(0.25)
    assert zoom_step(100, 1) == 125 and zoom_step(25, -1) == 25 and zoom_step(400, 1) == 400


def test_load_hook_is_none_for_a_game_without_one() -> None:
    assert load_hook("no_such_game_here") is None
    assert load_hook("entdecker") is entdecker_preview


# ------------------------------------------------------------------ the screen
def test_clicking_a_tile_selects_it_and_hovering_shows_its_yaml(app: App, scene: PreviewScene, copy) -> None:
    cell = scene.cell_rect("p2")
    click(app, cell.center)
    assert scene.selected == "p2"
    app.step([motion(scene.cell_rect("p2_reserve").center)])
    hovered = scene.hover_item()
    assert hovered.id == "p2_reserve"
    text = scene.definition_text(hovered)
    assert f"data/entdecker/tiles.yaml, line {line_of(copy.data / 'tiles.yaml', '{id: p2_reserve,')}" in text
    assert "{id: p2_reserve, pattern: P2, back: reserve, reserve_number: 2, count: 4}" in text
    assert "name: cape" in text
    large = scene._large_rect()
    app.step([motion(large.center)])
    assert scene.hover_item() is None, "over the large tile the definition waits for the pointer to rest"
    app.step([], 1.0)
    assert scene.hover_item().id == "p2"


def test_turning_zooming_overlays_and_background_from_the_controls(app: App, scene: PreviewScene) -> None:
    scene.select("p4")
    click(app, scene.btn_right.rect.center)
    click(app, scene.btn_right.rect.center)
    click(app, scene.btn_left.rect.center)
    assert scene.rotation == 1
    click(app, scene.stage.center, button=3)
    assert scene.rotation == 2
    for _ in range(12):
        click(app, scene.btn_in.rect.center)
    assert scene.zoom == 400
    for _ in range(14):
        click(app, scene.btn_out.rect.center)
    assert scene.zoom == 25
    click(app, scene.btn_zoom.rect.center)
    assert scene.zoom == 100
    for name, toggle in scene.overlay_toggles.items():
        click(app, toggle.rect.center)
        assert scene.overlays[name] is True
    click(app, scene.bg_cycle.rect.center)
    assert scene.background == "light"
    click(app, scene.tog_neighbours.rect.center)
    assert scene.show_neighbours and scene.zoom < 100, "zoomed out so the neighbours fit"
    key(app, pygame.K_r, pygame.KMOD_SHIFT)
    assert scene.rotation == 1
    key(app, pygame.K_RIGHT)
    assert scene.selected == "p5" and scene.rotation == 0
    assert not [p.text for p in scene.problems if p.kind == "draw_error"]


def test_an_edit_to_the_yaml_shows_and_keeps_the_selection(app: App, scene: PreviewScene, copy) -> None:
    scene.select("p2_gold")
    tiles = copy.data / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    text = text.replace("{id: p2, pattern: P2, back: plain, count: 16}", "{id: p2, pattern: P2, back: plain, count: 15}")
    text = text.replace("event: gold, count: 1, art: tile_p2_gold.svg", "event: gold, count: 2, art: tile_p2_gold.svg")
    edit(tiles, text)
    poll(app)
    assert scene.error is None
    assert scene.source.item("p2_gold").count == 2 and scene.source.item("p2").count == 15
    assert scene.selected == "p2_gold"
    counts = {p.text for p in scene.problems if p.kind == "count"}
    assert '"?" tiles: the definitions give 21; the game\'s facts say 20 (§1 [V1])' in counts
    assert "gold" in " ".join(counts), "four gold finds are the fact; there are five now"


def test_an_edit_to_an_art_file_shows(app: App, scene: PreviewScene, copy) -> None:
    scene.select("p2_gold")
    scene.set_background("dark")
    app.step([])
    centre = scene._large_rect().center
    assert app.screen.get_at(centre)[:3] != (255, 0, 0)
    edit(copy.art / "tile_p2_gold.svg", RED_SVG)
    poll(app)
    assert app.screen.get_at(centre)[:3] == (255, 0, 0)
    thumb = scene.cell_rect("p2_gold")
    assert app.screen.get_at((thumb.centerx, thumb.top + app.px(20)))[:3] == (255, 0, 0), "the grid shows it too"


def test_a_broken_edit_shows_its_error_and_keeps_the_last_good_version(app: App, scene: PreviewScene, copy) -> None:
    scene.select("p3_gold")
    tiles = copy.data / "tiles.yaml"
    good = tiles.read_text(encoding="utf-8")
    line = line_of(tiles, "{id: p3_gold,")
    edit(tiles, good.replace("{id: p3_gold, pattern: P3,", "{id: p3_gold, pattern: P3,,"))
    poll(app)
    err = scene.error
    assert Path(err.file) == tiles and err.line == line and "YAML syntax error" in err.problem
    assert scene.source.item("p3_gold").count == 1 and scene.selected == "p3_gold", "the last good version stays"
    panel = scene.error_rect
    assert app.screen.get_at((panel.right - app.px(12), panel.centery))[:3] == (86, 32, 26), "the error panel shows"
    edit(tiles, good.replace("{id: p3_gold, pattern: P3, back: question, event: gold, count: 1",
                             "{id: p3_gold, pattern: P3, back: question, event: gold, count: -1"))
    poll(app)
    assert scene.error.line == line and "count" in scene.error.problem, "a schema error names its line too"
    edit(tiles, good)
    poll(app)
    assert scene.error is None and scene.selected == "p3_gold"


def test_a_removed_art_file_appears_in_the_problems_list(app: App, scene: PreviewScene, copy) -> None:
    (copy.art / "chip_bean.svg").unlink()
    poll(app)
    missing = [p for p in scene.problems if p.kind == "missing_art"]
    assert [(p.item_id, p.text) for p in missing] == [("chip_bean", "chip_bean: the art file chip_bean.svg is missing")]
    (copy.art / "tile_p2_gold.svg").unlink()
    poll(app)
    assert "tile_p2_gold.svg" in scene.error.problem, "the game's own loader refuses the tile"
    assert {p.item_id for p in scene.problems if p.kind == "missing_art"} == {"chip_bean", "p2_gold"}
    click(app, scene.btn_problems.rect.center)
    assert scene.show_problems
    row = next(rect for p, rect in scene.problem_rows() if p.item_id == "p2_gold")
    click(app, row.center)
    assert scene.selected == "p2_gold"
    app.step([])  # the broken tile draws as a red cross, never a crash


def test_a_game_without_a_preview_hook_shows_a_message(app: App) -> None:
    discover_games()
    info = GameInfo("no_preview_game", "Zebra Test Game", 2, 2, make_rules=lambda: None, make_scene=lambda a, m: None)
    registry.register(info)
    try:
        scene = PreviewScene(app, "no_preview_game")
        app.push(scene)
        app.step([])
        assert scene.view is not None and not scene.view.has_hook and scene.source is None
        assert not scene.btn_problems.visible and scene.game_cycle.visible
        click(app, scene.game_cycle.rect.center)  # move on to another game
        assert scene.view.game_id != "no_preview_game"
    finally:
        registry._GAMES.pop("no_preview_game", None)


def test_a_broken_hook_or_item_is_shown_and_never_raised(app: App, tmp_path: Path) -> None:
    class Broken:
        def preview_source(self, data_dir, art_dir):
            raise RuntimeError("half-written")

    scene = PreviewScene(app, "entdecker", hook=Broken())
    app.push(scene)
    app.step([])
    assert scene.error.problem == "RuntimeError: half-written" and scene.error.file == __file__
    assert scene.source is None

    def explode(surface, rect, rotation, assets):
        raise ValueError("no picture")

    class Odd:
        def preview_source(self, data_dir, art_dir):
            return make_source(tmp_path, [PreviewItem("tile", "odd", 1, explode, overlay=Overlay(regions=(None,)))])

    scene.open_game("entdecker", hook=Odd())
    scene.set_overlay("regions", True)
    app.step([])
    kinds = {p.kind for p in scene.problems}
    assert "draw_error" in kinds and scene.error is None


def test_escape_returns_to_the_menu_and_the_menu_opens_the_previewer(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    app.step([])
    click(app, menu.preview_button.rect.center)
    assert isinstance(app.top, PreviewScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_contact_sheet_has_a_cell_for_every_item(app: App, source: PreviewSource) -> None:
    sheet = contact_sheet(app, source, "Entdecker", columns=8, thumb=128)
    rows = sum(-(-len(source.of_kind(k)) // 8) for k in source.kinds())
    assert sheet.get_width() == 32 * 2 + 8 * 156
    assert sheet.get_height() > rows * 180


def test_every_registered_game_opens_in_the_previewer(app: App) -> None:
    for info in registry.games():
        view = GameView(info.id)
        if view.has_hook and view.source is not None:
            assert contact_sheet(app, view.source, info.title).get_width() > 0


# ------------------------------------------------------------------ command line
def _main(args: list[str], user_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TILETABLE_DATA_DIR=str(user_dir))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_main_preview_screenshot_writes_the_contact_sheet(tmp_path: Path, user_data_dir: Path) -> None:
    out = tmp_path / "sheet.png"
    result = _main(["--preview", "entdecker", "--screenshot", str(out)], user_data_dir)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_width() == 32 * 2 + 8 * 156


def test_main_preview_opens_the_previewer_and_refuses_unknown_games(tmp_path: Path, user_data_dir: Path) -> None:
    out = tmp_path / "window.png"
    result = _main(["--preview", "--screenshot", str(out), "--size", "1280x720"], user_data_dir)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    result = _main(["--preview", "no_such_game", "--screenshot", str(tmp_path / "x.png")], user_data_dir)
    assert result.returncode == 2 and "no_such_game" in result.stderr


# ------------------------------------------------------------------ flips (issue 12: the previewer shows flips too)
L_PIECE = ((0, 0), (0, 1), (0, 2), (1, 2))  # an L: its mirror image is no turn of it


def _cells_about_centre(orientation) -> set[tuple[int, int]]:
    """The L's cells in a 3 x 3 box after `orientation`, turned about the box's centre as a tile turns."""
    return {(x + 1, y + 1) for x, y in (orientation.apply_cell((cx - 1, cy - 1)) for cx, cy in L_PIECE)}


def _draw_l(surface, rect, rotation, assets) -> None:
    from engine.core.orientation import Orientation

    cell = rect.w // 3
    for x, y in _cells_about_centre(Orientation(rotation % 4)):
        pygame.draw.rect(surface, (200, 40, 40), (rect.x + x * cell, rect.y + y * cell, cell, cell))


def test_a_flippable_piece_turns_and_flips_as_it_lies_in_play(app: App, tmp_path: Path) -> None:
    from engine.core.orientation import ALL, Orientation
    from engine.core.preview import Spot, orient_point

    class Hook:
        def preview_source(self, data_dir, art_dir):
            return make_source(tmp_path, [
                PreviewItem("piece", "ell", 1, _draw_l, flippable=True, native_px=240,
                            overlay=Overlay(piece_spots=(Spot(0.5, 5 / 6, "foot"),))),
                PreviewItem("tile", "plain", 1, _draw_l)])

    scene = PreviewScene(app, "entdecker", hook=Hook())
    app.push(scene)
    scene.select("ell")
    app.step([])
    assert scene.btn_flip.visible
    seen = set()
    for presses in ["", "r", "rr", "rrr", "f", "fr", "frr", "rf", "rrf", "frf"]:
        scene.rotation, scene.flipped = 0, False
        for k in presses:
            if k == "f":
                click(app, scene.btn_flip.rect.center)
            else:
                key(app, pygame.K_r)
        lie = Orientation(scene.rotation, scene.flipped)
        seen.add(lie)
        img = scene.renderer.image(scene.item, (240, 240), scene.rotation, scene.flipped)
        filled = {(x, y) for x in range(3) for y in range(3) if img.get_at((x * 80 + 40, y * 80 + 40))[3] > 0}
        assert filled == _cells_about_centre(lie), f"after {presses!r} the picture is not the piece {lie.describe()}"
        # the overlay's spot sits on the same cell as the drawn foot of the L
        fx, fy = orient_point((0.5, 5 / 6), scene.rotation, 4, scene.flipped)
        foot = lie.apply_cell((0, 1))
        assert (int(fx * 3), int(fy * 3)) == (foot[0] + 1, foot[1] + 1)
    assert seen == set(ALL), "R and F reach all eight lies"
    # F mirrors the piece as it looks now
    scene.rotation, scene.flipped = 1, False
    before = scene.renderer.image(scene.item, (240, 240), 1, False)
    key(app, pygame.K_f)
    after = scene.renderer.image(scene.item, (240, 240), scene.rotation, scene.flipped)
    mirrored = pygame.transform.flip(before, True, False)
    assert all(after.get_at((x, y)) == mirrored.get_at((x, y)) for x in range(20, 240, 40) for y in range(20, 240, 40))
    # a piece that cannot be flipped has no flip
    scene.select("plain")
    app.step([])
    key(app, pygame.K_f)
    assert not scene.flipped and not scene.btn_flip.visible
