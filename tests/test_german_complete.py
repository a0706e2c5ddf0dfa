"""The German catalogues are complete for every game on the table (issue 17), and up to date everywhere."""
from __future__ import annotations

from engine import i18n_tools
from engine.core import registry


def test_the_shipped_templates_and_compiled_catalogues_are_up_to_date() -> None:
    """The .pot files list exactly the texts in the code and data, every .mo is its .po compiled, and no
    translation changes a {field} (an entry still untranslated shows English and is listed by
    `python -m engine.i18n_tools check`)."""
    assert i18n_tools.problems(complete=False) == []


def test_every_german_entry_of_the_table_and_of_every_game_on_it_is_translated() -> None:
    """A game the menu offers is German in German mode: no entry of its catalogue (nor of the table's) is
    missing, untranslated or fuzzy. A game still without a screen (rules only) is translated when it gets one."""
    shown = ["table"] + [g.id for g in registry.games() if registry.playable(g)]
    found = [p for p in i18n_tools.problems("de")
             if any(f"/{d}.po" in p or f"/{d}.mo" in p or f"{d}.pot" in p for d in shown)]
    assert found == []
