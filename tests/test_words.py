"""Rules text keeps its template and fields, so a translation table can say it in another language."""
from __future__ import annotations

import pickle

import pytest

from engine.core.rules import IllegalAction
from engine.core.words import Words, join, template_of
from engine.ui import i18n


@pytest.fixture
def german(monkeypatch):
    table = {
        "That costs {cost} gold; you have {gold}.": "Das kostet {cost} Gold; du hast {gold}.",
        "Desert": "Wüste",
        "{tile} is full.": "{tile} ist voll.",
        "Bad {field}": "Kaputt {feld}",
    }
    monkeypatch.setattr(i18n, "_catalogue", i18n._Catalogue({"table": table}))
    return table


def test_words_are_the_english_text():
    w = Words("That costs {cost} gold; you have {gold}.", cost=3, gold=2)
    assert w == "That costs 3 gold; you have 2."
    assert isinstance(w, str) and w.template.startswith("That costs {cost}") and w.fields == {"cost": 3, "gold": 2}
    assert template_of(w) == w.template and template_of("plain") == "plain"


def test_t_translates_the_template_and_fills_it_with_the_same_values(german):
    assert i18n.t(Words("That costs {cost} gold; you have {gold}.", cost=3, gold=2)) == "Das kostet 3 Gold; du hast 2."
    # A plain string made from the same values could never be found in the table.
    assert i18n.t("That costs 3 gold; you have 2.") == "That costs 3 gold; you have 2."


def test_fields_that_are_words_are_translated_too(german):
    assert i18n.t(Words("{tile} is full.", tile=Words("Desert"))) == "Wüste ist voll."
    assert i18n.t(Words("{tile} is full.", tile="Desert")) == "Desert ist voll."  # a plain value stays as it is
    assert i18n.t(join([Words("Desert"), "Ann"])) == "Wüste Ann"


def test_a_translators_typo_falls_back_to_english(german, capsys):
    assert i18n.t(Words("Bad {field}", field=1)) == "Bad 1"
    assert "bad {field}" in capsys.readouterr().err


def test_words_survive_pickling_to_a_computer_seats_process():
    w = Words("{tile} is full.", tile=Words("Desert"))
    back = pickle.loads(pickle.dumps(w))
    assert back == w and back.template == w.template and back.fields["tile"].template == "Desert"


def test_a_refusal_keeps_its_words():
    w = Words("That costs {cost} gold; you have {gold}.", cost=3, gold=2)
    assert IllegalAction(w).reason is w
