"""Translation: gettext catalogues made with Babel (issue 17), the language setting, and t() over them."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from engine import i18n_tools
from engine.core.words import Words, nwords
from engine.ui import i18n
from engine.ui.settings import _check


def _language(folder: Path, code: str, domain: str, entries: dict) -> Path:
    """A compiled catalogue data/i18n/<code>/LC_MESSAGES/<domain>.mo (and its .po) under `folder`."""
    cat = Catalog(locale=code, domain=domain)
    for english, translated in entries.items():
        cat.add(english, translated)
    out = folder / code / "LC_MESSAGES"
    out.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat)
    (out / f"{domain}.po").write_bytes(buf.getvalue())
    with open(out / f"{domain}.mo", "wb") as fh:
        write_mo(fh, cat)
    return out


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    _language(tmp_path, "de", "table", {"Quit": "Beenden", "Player {n}": "Spieler {n}",
                                         ("{n} tile", "{n} tiles"): ("{n} Plättchen", "{n} Plättchen"),
                                         "{who} takes {what}.": "{who} nimmt {what}.",
                                         "the Oasis": "die Oase", "Hello {name}": "Hallo {nme}"})
    _language(tmp_path, "de", "five_tribes", {"Vizier": "Wesir"})
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    i18n.missing.clear()
    i18n.set_language("de")
    yield tmp_path
    i18n.set_language("en")


def test_a_text_is_shown_in_the_language_and_in_english_where_it_has_no_translation(german) -> None:
    assert i18n.t("Quit") == "Beenden"
    assert i18n.t("Player {n}", n=3) == "Spieler 3"
    assert i18n.t("Start") == "Start"
    assert "Start" in i18n.missing  # noted for the completeness tests
    i18n.set_language("en")
    assert i18n.t("Player {n}", n=3) == "Player 3"


def test_every_domain_of_a_language_is_read_a_games_words_and_the_tables(german) -> None:
    assert i18n.t("Vizier") == "Wesir"
    assert i18n.t("Quit") == "Beenden"


def test_rules_words_are_translated_by_template_with_their_fields_translated_too(german) -> None:
    said = Words("{who} takes {what}.", who="Ann", what=Words("the Oasis"))
    assert said == "Ann takes the Oasis."  # the rules speak English
    assert i18n.t(said) == "Ann nimmt die Oase."


def test_a_count_takes_the_languages_plural_form(german) -> None:
    assert i18n.t(nwords("{n} tile", "{n} tiles", 1)) == "1 Plättchen"
    assert i18n.t(nwords("{n} tile", "{n} tiles", 2)) == "2 Plättchen"
    assert i18n.tn("{n} tile", "{n} tiles", 5) == "5 Plättchen"
    i18n.set_language("en")
    assert i18n.t(nwords("{n} tile", "{n} tiles", 1)) == "1 tile"
    assert i18n.t(nwords("{n} tile", "{n} tiles", 4)) == "4 tiles"


def test_a_count_keeps_its_plural_when_sent_to_a_computer_seats_process() -> None:
    import pickle

    said = pickle.loads(pickle.dumps(nwords("{n} tile", "{n} tiles", 3, who="Ann")))
    assert said == "3 tiles" and said.plural == "{n} tiles" and said.fields == {"n": 3, "who": "Ann"}


def test_a_translation_with_a_broken_field_falls_back_to_english(german, capsys) -> None:
    assert i18n.t("Hello {name}", name="Ann") == "Hello Ann"
    assert "bad {field}" in capsys.readouterr().err


def test_a_damaged_catalogue_is_named_and_the_language_is_not_switched(tmp_path: Path, monkeypatch) -> None:
    from engine.core.errors import DataError

    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "table.mo").write_bytes(b"not a catalogue at all")
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    with pytest.raises(DataError, match="table.mo"):
        i18n.set_language("de")
    assert i18n.language() == "en" and i18n.t("Quit") == "Quit"


def test_the_first_start_follows_the_systems_language_when_the_table_has_it(german) -> None:
    assert i18n.languages() == ["en", "de"]
    assert i18n.chosen_language("", {"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.chosen_language("", {"LANGUAGE": "de_AT:en", "LANG": "en_GB.UTF-8"}) == "de"
    assert i18n.chosen_language("", {"LANG": "fr_FR.UTF-8"}) == "en"  # no French catalogue: English
    assert i18n.chosen_language("", {"LANG": "C.UTF-8"}) == "en"
    assert i18n.chosen_language("en", {"LANG": "de_DE.UTF-8"}) == "en"  # a chosen language wins


def test_the_language_setting_is_read_and_checked() -> None:
    assert _check({"language": "de"}).language == "de"
    assert _check({}).language == ""
    with pytest.raises(ValueError, match="language"):
        _check({"language": "../de"})


# ------------------------------------------------------------------ the tools
def test_the_data_files_texts_are_extracted_with_their_lines() -> None:
    text = b"tiles:\n  - id: a1\n    name: Oasis\n    art: oasis.svg\n    help: Water for {n} camels\n"
    found = list(i18n_tools.extract_yaml(io.BytesIO(text), None, None, None))
    assert [(line, message) for line, _f, message, _c in found] == [(5, "Water for {n} camels"), (3, "Oasis")] or \
        sorted((line, message) for line, _f, message, _c in found) == [(3, "Oasis"), (5, "Water for {n} camels")]
    assert all(message not in ("a1", "oasis.svg") for _l, _f, message, _c in found)


def test_extraction_finds_the_calls_that_carry_player_text() -> None:
    table = i18n_tools.extract_domain("table")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in table if m.id}
    assert "Language" in ids and "Settings" in ids  # t("...") in engine/ui/scenes/settings.py
    five = i18n_tools.extract_domain("five_tribes")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in five if m.id}
    assert "1 point per gold coin." in ids  # Words("...") in games/five_tribes/rules_scoring.py
    assert "Al-Amin" in ids  # a Djinn's name in data/five_tribes/djinns.yaml


def test_a_check_finds_untranslated_entries_changed_fields_and_stale_compiled_files(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(i18n_tools, "I18N", tmp_path)
    monkeypatch.setattr(i18n_tools, "domains", lambda: {"table": []})
    template = Catalog(domain="table")
    for english in ("Quit", "Player {n}", "Back"):
        template.add(english)
    i18n_tools._write_po(i18n_tools.pot_path("table"), template)
    monkeypatch.setattr(i18n_tools, "extract_domain", lambda domain: template)
    out = _language(tmp_path, "de", "table", {"Quit": "Beenden", "Player {n}": "Spieler {name}"})
    found = i18n_tools.problems("de")
    assert any("no entry for 'Back'" in p for p in found)
    assert any("fields of 'Player {n}' differ" in p for p in found)
    assert not any("table.mo" in p for p in found)  # compiled from this very .po
    (out / "table.mo").write_bytes(b"")
    assert any("table.mo: out of date" in p for p in i18n_tools.problems("de"))


def test_a_count_whose_two_forms_were_marked_apart_takes_the_translation_of_the_form_english_chose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _language(tmp_path, "de", "five_tribes", {"an Elder": "ein Ältester", "{n} Elders": "{n} Älteste"})
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    i18n.missing.clear()
    try:
        i18n.set_language("de")
        assert i18n.t(nwords("an Elder", "{n} Elders", 1)) == "ein Ältester"
        assert i18n.t(nwords("an Elder", "{n} Elders", 3)) == "3 Älteste"
        assert not i18n.missing
    finally:
        i18n.set_language("en")


def test_where_two_games_share_an_english_text_the_game_on_the_table_says_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _language(tmp_path, "de", "table", {"Total": "Summe"})
    _language(tmp_path, "de", "desert_sons", {"A tile": "Ein Kärtchen"})
    _language(tmp_path, "de", "entdecker", {"A tile": "Ein Plättchen"})
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    try:
        i18n.set_language("de")
        i18n.use_game("entdecker")
        assert i18n.t("A tile") == "Ein Plättchen" and i18n.t("Total") == "Summe"
        i18n.use_game("desert_sons")
        assert i18n.t("A tile") == "Ein Kärtchen"
        i18n.set_language("de")  # a switch of language keeps the game on the table
        assert i18n.t("A tile") == "Ein Kärtchen"
    finally:
        i18n.use_game(None)
        i18n.set_language("en")


def test_a_counts_forms_said_alone_find_its_plural_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _language(tmp_path, "de", "five_tribes", {("1 palm tree", "{n} palm trees"): ("1 Palme", "{n} Palmen")})
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    i18n.missing.clear()
    try:
        i18n.set_language("de")
        assert i18n.t("1 palm tree") == "1 Palme"
        assert i18n.t("{n} palm trees", n=4) == "4 Palmen"
        assert not i18n.missing
    finally:
        i18n.set_language("en")


def test_switching_the_language_in_settings_applies_at_once_in_every_open_scene(app) -> None:
    """Settings -> Language: the table below and the rules page read German at the next frame, no restart."""
    import dataclasses

    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Seat
    from engine.ui.scenes.rules import RulesScene
    from engine.ui.scenes.settings import SettingsScene

    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 5)
    table = info.make_scene(app, match)
    app.push(table)
    page = RulesScene(app, "entdecker", info.title)
    app.push(page)
    settings = SettingsScene(app)
    app.push(settings)
    app.step([])
    assert page.path.name == "rules.md" and i18n.t("Undo") == "Undo"
    try:
        settings.language.click()  # English -> Deutsch, as a click on the Language box does
        app.step([])
        assert i18n.language() == "de" and app.settings.language == "de"
        assert i18n.t("Undo") != "Undo" and table.btn_undo.label == i18n.t("Undo")
        assert page.path.name == "rules.de.md"  # the open page was read again in German
        assert settings.language.value == "de"
    finally:
        app.apply_settings(dataclasses.replace(app.settings, language="en"))
    assert page.path.name == "rules.md" and i18n.t("Undo") == "Undo"
