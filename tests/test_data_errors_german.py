"""A broken data file, TMX map or save is reported in the player's language (issue 17).

The problem is `Words` (its template and values), DataError.shown keeps the file and line around it, and
every screen that shows one says it through t(): German in German mode, the same English as before in
English. Values that are data (ids, keys, file names, numbers) stay as the file spells them.
"""
from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from engine.core import registry
from engine.core.errors import DataError
from engine.core.match import Match
from engine.core.paths import project_root
from engine.core.preview import game_art_dir, load_hook
from engine.core.saves import SaveInfo, read_info
from engine.core.words import Words
from engine.ui import i18n
from engine.ui.i18n import t

ROOT = project_root()


def _broken_copy(tmp_path: Path, game: str, name: str, old: str, new: str) -> Path:
    """The game's data folder copied with one edit in one file; returns the folder."""
    data = tmp_path / game
    shutil.copytree(ROOT / "data" / game, data)
    path = data / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not found in {game}/{name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return data


def _preview_error(game: str, data: Path) -> DataError:
    """What the previewer's load of the game from `data` raises (the previewer shows it, see below)."""
    with pytest.raises(DataError) as caught:
        load_hook(game).preview_source(data, game_art_dir(game))
    return caught.value


# One broken file per game: the edit, the English problem as before, and its German.
BROKEN = {
    "entdecker": ("tiles.yaml", "total: 120 ", "total: 119 ",
                  "total: the tile counts add up to 120, not 119", "total: die Plättchenzahlen ergeben 120, nicht 119"),
    "desert_sons": ("tiles.yaml", "  - id: C_I\n", "  - id: D\n",
                    "explorer_tiles[1].art: the art of 'D' is tiles/D.svg",
                    "explorer_tiles[1].art: das Bild von 'D' ist tiles/D.svg"),
    "five_tribes": ("resources.yaml", "total: 54", "total: 53",
                    "total: the card counts add up to 54, not 53", "total: die Kartenzahlen ergeben 54, nicht 53"),
    "somerset": ("tiles.yaml", "{id: C02,", "{id: C01,",
                 "the id 'C01' is used twice", "die ID 'C01' kommt zweimal vor"),
    "realm_of_sand": ("tiles.yaml", "{id: T02, shape: I, colours: RRR}", "{id: T02, shape: I, colours: RR}",
                      "the I shape has 3 cells: give 3 colours, not 2",
                      "die Form I hat 3 Felder: gib 3 Farben an, nicht 2"),
}


@pytest.mark.parametrize("game", sorted(BROKEN))
def test_a_broken_data_file_of_each_game_reads_german_in_german_and_as_before_in_english(
        game: str, tmp_path: Path, language) -> None:
    name, old, new, english, german = BROKEN[game]
    exc = _preview_error(game, _broken_copy(tmp_path, game, name, old, new))
    assert exc.path.endswith(name) and exc.line is not None
    assert english in exc.problem and isinstance(exc.problem, Words)
    assert str(exc) == f"{exc.path}, line {exc.line}: {exc.problem}"  # the English message is unchanged
    i18n.use_game(game)
    language("de")
    shown = t(exc.shown)
    assert german in shown, shown
    assert f", Zeile {exc.line}: " in shown and english not in shown
    assert i18n.missing == set()
    language("en")
    assert t(exc.shown) == exc.shown and english in t(exc.shown)


def test_a_yaml_syntax_error_and_a_schema_problem_read_german(tmp_path: Path, language) -> None:
    data = _broken_copy(tmp_path, "desert_sons", "game.yaml", "\n", "\nbroken: [1,\n")
    syntax = _preview_error("desert_sons", data)
    data = _broken_copy(tmp_path / "b", "entdecker", "tiles.yaml", "total: 120 ", "total: 120\ntotl: 3 ")
    schema = _preview_error("entdecker", data)
    language("de")
    # The parser's own phrase too (libyaml: "did not find expected ',' or ']'").
    assert "YAML-Syntaxfehler: erwartetes ',' oder ']' nicht gefunden" in t(syntax.shown), t(syntax.shown)
    assert "unbekannter Schlüssel 'totl' (erlaubt: " in t(schema.shown)
    assert i18n.missing == set()
    language("en")
    assert "YAML syntax error: did not find expected ',' or ']'" in t(syntax.shown)
    assert "unknown key 'totl' (allowed: " in t(schema.shown)


def test_a_broken_tiled_map_reads_german(tmp_path: Path, language) -> None:
    data = _broken_copy(tmp_path, "five_tribes", "board.tmx", "<map ", "<map <")
    exc = _preview_error("five_tribes", data)
    assert exc.path.endswith("board.tmx") and "broken XML at column" in exc.problem
    language("de")
    assert "fehlerhaftes XML in Spalte" in t(exc.shown) and i18n.missing == set()


# ---------------------------------------------------------------- the previewer's screen
def test_the_previewer_shows_a_broken_file_in_german(app, tmp_path: Path, monkeypatch, language) -> None:
    from engine.ui.scenes.preview import PreviewScene
    from engine.ui.scenes.preview import scene as scene_module

    name, old, new, _english, german = BROKEN["entdecker"]
    data = tmp_path / "data"
    _broken_copy(data, "entdecker", name, old, new)
    shutil.copy(ROOT / "data" / "seats.yaml", data / "seats.yaml")
    monkeypatch.setenv("TILETABLE_GAME_DATA_DIR", str(data))
    drawn: list[str] = []
    real = scene_module.draw_text
    monkeypatch.setattr(scene_module, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(
        surface, text, *a, **k))
    language("de")
    try:
        scene = PreviewScene(app, "entdecker")
        app.push(scene)
        app.step([])
        assert scene.error is not None
        assert any(german in line for line in drawn), drawn
        assert any(line.startswith("Die Daten ließen sich nicht lesen") for line in drawn), drawn
    finally:
        from games.entdecker.catalogue import load_catalogue

        load_catalogue.cache_clear()


# ---------------------------------------------------------------- damaged saves
def _damaged_save(tmp_path: Path) -> Path:
    path = tmp_path / "damaged.yaml"
    path.write_text("format: 1\ngame: entdecker\nseed: 5\nseats: 3\nactions: []\n", encoding="utf-8")
    return path


def _rules(game_id: str):
    return registry.get(game_id).make_rules()


def test_a_damaged_save_is_refused_in_german(tmp_path: Path, language) -> None:
    path = _damaged_save(tmp_path)
    with pytest.raises(DataError) as caught:
        Match.load(path, _rules)
    assert caught.value.problem == "the save is damaged: 'seats' is not a list"
    language("de")
    assert t(caught.value.problem) == "der Spielstand ist beschädigt: 'seats' ist keine Liste"
    language("en")
    assert t(caught.value.problem) == "the save is damaged: 'seats' is not a list"


def test_a_save_that_is_no_yaml_is_refused_in_german(tmp_path: Path, language) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: 1\ngame: [entdecker\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        Match.load(path, _rules)
    assert caught.value.problem.startswith("the save is damaged (not valid YAML): ")
    language("de")
    assert t(caught.value.problem).startswith("die Spielstanddatei ist beschädigt (kein gültiges YAML): ")


def test_the_saves_index_keeps_a_problem_translatable(tmp_path: Path, language) -> None:
    info = read_info(_damaged_save(tmp_path))
    assert info.problem == "the save is damaged: 'seats' is not a list"
    # The folder's index is JSON; what comes back from it is still Words.
    again = SaveInfo.from_json(info.path, json.loads(json.dumps(info.to_json())))
    assert again == info and isinstance(again.problem, Words)
    language("de")
    assert t(again.problem) == "der Spielstand ist beschädigt: 'seats' ist keine Liste"
    with pytest.raises(ValueError):
        SaveInfo.from_json(info.path, {**info.to_json(), "problem": {"template": "{x}", "plural": None,
                                                                     "fields": {"y": 1}}})


def test_the_load_screen_says_why_a_save_cannot_be_opened_in_german(app, tmp_path: Path, monkeypatch,
                                                                      language) -> None:
    from engine.ui.scenes import load as load_module
    from engine.ui.scenes.load import LoadScene

    folder = tmp_path / "saves"
    folder.mkdir()
    _damaged_save(folder)
    drawn: list[str] = []
    real = load_module.draw_wrapped
    monkeypatch.setattr(load_module, "draw_wrapped", lambda surface, text, *a, **k: drawn.append(text) or real(
        surface, text, *a, **k))
    language("de")
    scene = LoadScene(app, folder)
    app.push(scene)
    app.step([])
    assert scene.current is not None and scene.current.damaged
    assert any("damaged.yaml" in line and "'seats' ist keine Liste" in line for line in drawn), drawn


# ---------------------------------------------------------------- starting a game
@pytest.fixture
def broken_desert_sons(monkeypatch) -> None:
    """Desert Sons whose tiles.yaml has a YAML syntax error."""
    info = registry.get("desert_sons")
    where = ROOT / "data" / "desert_sons" / "tiles.yaml"

    def make_rules():
        raise DataError(where, 477, Words("YAML syntax error: {reason}", reason="did not find expected node content"))

    monkeypatch.setitem(registry._GAMES, "desert_sons", dataclasses.replace(info, make_rules=make_rules))


def test_the_start_error_screen_says_a_broken_file_in_german(app, broken_desert_sons, language) -> None:
    from engine.ui.scenes.setup import SetupScene

    language("de")
    scene = SetupScene(app, registry.get("desert_sons"))
    app.push(scene)
    scene.start()
    head = t("Could not start the game")
    assert head != "Could not start the game"
    assert scene.error == head + "\n" + (
        "data/desert_sons/tiles.yaml, Zeile 477: YAML-Syntaxfehler: did not find expected node content")
    assert i18n.missing == set()


def test_the_command_line_says_a_broken_file_in_the_settings_language(broken_desert_sons, capsys, tmp_path,
                                                                       user_data_dir: Path) -> None:
    from engine.ui.cli import run

    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.yaml").write_text("language: de\n", encoding="utf-8")
    try:
        code = run(["--game", "desert_sons", "--screenshot", str(tmp_path / "x.png")])
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().splitlines() == [
        "main.py: Start nicht möglich: data/desert_sons/tiles.yaml, Zeile 477: "
        "YAML-Syntaxfehler: did not find expected node content (--debug zeigt die Einzelheiten)"]


# ---------------------------------------------------------------- a damaged language catalogue
def test_a_damaged_catalogue_is_named_in_the_language_the_table_stays_in(app, tmp_path: Path, monkeypatch,
                                                                          language) -> None:
    real = i18n.i18n_dir()
    shutil.copytree(real / "de", tmp_path / "de")
    broken = tmp_path / "fr" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "table.mo").write_bytes(b"not a catalogue at all")
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    language("de")
    said: list[str] = []
    monkeypatch.setattr(app.notices, "notify", lambda text, *a, **k: said.append(text))
    app._use_language("fr")
    assert i18n.language() == "de"
    assert len(said) == 1 and said[0].startswith(
        f"{broken / 'table.mo'}: kein kompilierter gettext-Katalog: "), said
    assert said[0].endswith("; der Tisch bleibt auf Deutsch")


# ---------------------------------------------------------------- settings, colours, options, a save's actions
def test_a_damaged_settings_file_is_reported_in_german_and_the_defaults_are_used(tmp_path, language) -> None:
    from engine.ui import settings as settings_module

    path = tmp_path / "settings.yaml"
    path.write_text("sound: maybe\n", encoding="utf-8")
    settings, problem = settings_module.load(path)
    assert settings == settings_module.Settings() and problem is not None
    assert str(problem) == f"{path}: 'sound' must be true or false, not 'maybe'; using the defaults"
    language("de")
    assert t(problem) == f"{path}: 'sound' muss true oder false sein, nicht 'maybe'; die Voreinstellungen gelten"
    assert not i18n.missing


def test_a_damaged_action_in_a_save_and_a_wrong_option_are_said_in_german(language) -> None:
    import games.somerset.rules_state  # noqa: F401 - its actions are registered by kind
    from engine.core.options import options_problem
    from engine.core.rules import Action

    with pytest.raises(ValueError) as caught:
        Action.from_dict("somerset", {"kind": "move_worker", "worker": 0, "q": "north"})
    reason = caught.value.args[0]
    english = str(reason)
    assert english.startswith("action 'move_worker'")
    specs = [{"id": "side", "choices": [{"value": "basic"}, {"value": "advanced"}]}]
    option = options_problem(specs, {"side": "sideways"})
    assert str(option) == "option 'side' cannot be 'sideways' (it is one of 'basic', 'advanced')"
    language("de")
    german = t(reason)
    assert german != english and ("Feld" in german or "Aktion" in german) and "'move_worker'" in german
    assert t(option) == "die Option 'side' kann nicht 'sideways' sein (sie ist eines von 'basic', 'advanced')"
    assert not i18n.missing
