"""The previewer in the player's language (issue 17): item names, expected counts, what extra art is for.

Each game's hook (games/<id>/preview.py) gives its player text as `Words` (data names and seat colours
as fields), and the previewer says it through t(): German in German, the same English as before in English.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.core.preview import ExpectedCount, PreviewItem, PreviewSource, find_problems, game_art_dir, \
    game_data_dir, load_hook
from engine.core.words import Words
from engine.ui import i18n, widgets
from engine.ui.app import App
from engine.ui.scenes.preview import PreviewScene
from engine.ui.scenes.preview.render import problem_text
from games.entdecker.catalogue import load_catalogue as load_entdecker

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("entdecker", "desert_sons", "five_tribes", "somerset", "realm_of_sand")
# An item of each game: its id, its name in German and in English (seat colours by their seats.yaml names).
NAMED = {
    "entdecker": ("scout_red", "Kundschafter (Rot)", "scout (Red)"),
    "desert_sons": ("explorer_yellow_1", "Entdecker Rang 1 (Gelb), Satz A", "explorer rank 1 (Yellow), set A"),
    "five_tribes": ("meeple_vizier", "Wesir (gelb)", "Vizier (yellow)"),
    "somerset": ("knight_red_lying", "Ritter (Rot, liegend)", "knight (Red, lying down)"),
    "realm_of_sand": ("disc_Y", "Elementargeist (gelb)", "spirit disc (yellow)"),
}
# A second item each, whose name is made of data names, and its German.
MORE = {
    "entdecker": ("p2", "Kap, normale Rückseite"),
    "desert_sons": ("rumor_salt_p2", "Gerücht +2 auf dem Platz für Salz"),
    "five_tribes": ("sacred_10", "Heiliger Ort, 10 SP, blau (Grundspiel)"),
    "somerset": ("B01", "Werkstatt: Grundrohstoffe aus Aktion oder Zauber: +1 einer Sorte"),
    "realm_of_sand": ("II-11", "II-11: RRGG/...K, 3 Siegpunkte, 2 Sanduhren, Belohnung: gelber Geist, +1 Aufstieg"),
}


def source_of(game: str) -> PreviewSource:
    return load_hook(game).preview_source(game_data_dir(game), game_art_dir(game))


def said_texts(source: PreviewSource) -> list[Words]:
    """Every text of the hook that a player reads: names, count labels, what extra art is for, overlay words."""
    out: list = [i.name for i in source.items] + [e.label for e in source.expected] + list(source.extra_art.values())
    for item in source.items:
        ov = item.overlay
        out += [e.type for e in ov.edges] + [r.type for r in ov.regions]
        out += [x for x in [r.id for r in ov.regions] + [s.label for s in (*ov.icon_spots, *ov.piece_spots)]
                if isinstance(x, Words)]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_name_count_label_and_purpose_a_hook_gives_is_words(game: str) -> None:
    texts = said_texts(source_of(game))
    plain = sorted({str(x) for x in texts if not isinstance(x, Words)})
    assert plain == [], f"{game}: plain English the previewer could not translate: {plain[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_hook_text_has_its_german_entry_and_english_is_unchanged(game: str, language) -> None:
    source = source_of(game)
    texts = said_texts(source)
    language("de")
    i18n.use_game(game)
    german = {str(x): i18n.t(x) for x in texts}
    assert sorted(i18n.missing) == []
    assert sum(1 for english, shown in german.items() if english != shown) > len(german) // 2
    language("en")
    assert all(i18n.t(x) == str(x) for x in texts)
    item = source.item(NAMED[game][0])
    assert item is not None and item.name == NAMED[game][2]


@pytest.mark.parametrize("game", GAMES)
def test_the_detail_line_names_the_item_in_german_and_fits(app: App, game: str, language) -> None:
    language("de")
    widgets.fit_log = []
    try:
        scene = PreviewScene(app, game)
        app.push(scene)
        for item_id, german in (NAMED[game][:2], MORE[game]):
            scene.select(item_id)
            app.step([])
            item = scene.item
            assert item is not None and item.id == item_id
            assert scene.detail_name(item) == german
            line = scene.detail_line(item)
            assert line.split(" · ")[0] in ("Figur", "Plättchen", "Karte", "Rückseite"), line
            if item.count is not None:
                assert f"{item.count} in der Schachtel" in line
        assert widgets.fit_log == [] and sorted(i18n.missing) == []
        language("en")
        scene.select(NAMED[game][0])
        app.step([])
        assert scene.detail_name(scene.item) == NAMED[game][2]
        assert scene.detail_line(scene.item).startswith("piece · ")
    finally:
        widgets.fit_log = None


@pytest.mark.parametrize("code", ["de", "en"])
def test_every_items_name_and_detail_line_fit_the_panel_at_1280x720(app: App, code: str, language) -> None:
    language(code)
    widgets.fit_log = []
    try:
        for game in GAMES:
            scene = PreviewScene(app, game)
            app.push(scene)
            for item in scene.source.items:
                scene.rotation = max(0, item.rotations - 1)  # the longest "turned ..." the item can say
                scene.detail_name(item)
                scene.detail_line(item)
            app.pop()
        assert widgets.fit_log == []
        assert sorted(i18n.missing) == []
    finally:
        widgets.fit_log = None


def _noop(surface, rect, rotation, assets) -> None:
    pass


def test_a_problem_says_its_label_and_what_a_picture_is_for_in_german(tmp_path: Path, language) -> None:
    items = (PreviewItem("tile", "a", 3, _noop),)
    source = PreviewSource("entdecker", tmp_path, tmp_path, items,
                           expected=(ExpectedCount(Words("discovery tiles"), ("a",), 120, source="§1 [V2]"),),
                           extra_art={tmp_path / "icon_gold.svg": Words("the seat panel: gold")})
    problems = {p.kind: p for p in find_problems(source)}
    language("de")
    i18n.use_game("entdecker")
    assert problem_text(problems["count"]).startswith("Entdeckerplättchen: ")
    assert "120" in problem_text(problems["count"]) and "§1 [V2]" in problem_text(problems["count"])
    assert "(die Spielerleiste: Gold)" in problem_text(problems["missing_art"])
    assert sorted(i18n.missing) == []
    language("en")
    assert problem_text(problems["count"]) == problems["count"].text
    assert problem_text(problems["missing_art"]) == "icon_gold.svg is missing (the seat panel: gold)"


def test_the_problems_list_of_broken_data_reads_german(app: App, tmp_path: Path, monkeypatch, language) -> None:
    data, art = tmp_path / "data", tmp_path / "art"
    shutil.copytree(ROOT / "data" / "entdecker", data / "entdecker")
    shutil.copy(ROOT / "data" / "seats.yaml", data / "seats.yaml")
    shutil.copytree(ROOT / "art" / "entdecker", art / "entdecker", ignore=shutil.ignore_patterns("*.py", "*.md"))
    tiles = data / "entdecker" / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    old = "{id: p6_reserve, pattern: P6, back: reserve, reserve_number: 6, count: 6}"
    assert old in text
    plain = "{id: p1, pattern: P1, back: plain, count: 20}"  # one tile moves here: the loader checks the total
    assert plain in text
    text = text.replace(old, old.replace("count: 6", "count: 5")).replace(plain, plain.replace("20", "21"))
    tiles.write_text(text, encoding="utf-8")
    (art / "entdecker" / "icon_gold.svg").unlink()
    monkeypatch.setenv("TILETABLE_GAME_DATA_DIR", str(data))
    monkeypatch.setenv("TILETABLE_ART_DIR", str(art))
    language("de")
    widgets.fit_log = []
    try:
        scene = PreviewScene(app, "entdecker")
        app.push(scene)
        scene.show_problems = True
        app.step([])
        shown = [problem_text(p) for p, _rect in scene.problem_rows()]
        assert scene.error is None
        assert any(s.startswith("Reserveplättchen: ") and "25" in s for s in shown), shown
        assert any(s.startswith("Reserveplättchen mit der Zahl 6: ") for s in shown), shown
        assert any("(die Spielerleiste: Gold)" in s for s in shown), shown
        assert widgets.fit_log == [] and sorted(i18n.missing) == []
    finally:
        widgets.fit_log = None
        load_entdecker.cache_clear()  # the real game reads the real data again


def test_the_stage_and_its_legend_say_the_overlay_words_in_german(app: App, monkeypatch, language) -> None:
    from engine.ui.scenes.preview import render, scene as scene_module

    drawn: list[str] = []

    def noting(real):
        def draw_text(surface, text, *args, **kwargs):
            drawn.append(text)
            return real(surface, text, *args, **kwargs)
        return draw_text

    for module in (render, scene_module):  # every text the stage, its labels and its legend draw
        monkeypatch.setattr(module, "draw_text", noting(module.draw_text))
    language("de")
    scene = PreviewScene(app, "entdecker")
    app.push(scene)
    scene.select("p2")
    for name in ("edges", "regions", "spots"):
        scene.set_overlay(name, True)
    app.step([])
    assert {"Kap, normale Rückseite", "Land", "Meer", "Land 1", "Landstück", "Einheit 1", "Figurenplatz"} <= set(drawn)
    assert not {"land piece", "unit 1", "sea"} & set(drawn)
    assert sorted(i18n.missing) == []
