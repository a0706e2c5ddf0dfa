"""Every text a game's simulator meets is German in German mode (issue 17): log lines, refusals, score rows.

Random games of every registered game, at every seat count, are played with the table in German: each
action's log line, the refusal of every action near an offered one (as tests/test_contract_converse.py
makes them) and the final score sheet go through t(), and none may fall back to English.
"""
from __future__ import annotations

import random

import pytest

from engine.core import registry
from engine.core.rules import Seat
from engine.ui import i18n
from tests.test_contract_converse import _neighbours, _values_by_field

GAMES = [g.id for g in registry.games() if registry.playable(g)]  # a rules-only game shows no text yet
COLOURS = ["red", "yellow", "white", "black", "purple"]


@pytest.fixture
def german():
    i18n.set_language("de")
    i18n.missing.clear()
    yield
    i18n.set_language("en")


def _say(text) -> None:
    if text is None:
        return
    if isinstance(text, (list, tuple)):
        for part in text:
            _say(part)
        return
    i18n.t(text)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_log_line_refusal_and_score_row_a_game_meets_is_german(game_id, german) -> None:
    info = registry.get(game_id)
    rules = info.make_rules()
    for seats in range(info.min_seats, info.max_seats + 1):
        for seed in (1, 2):
            state = rules.setup([Seat(i, f"P{i}", COLOURS[i], "computer") for i in range(seats)], seed, {})
            rng = random.Random(seed)
            earlier = []
            for _ in range(3000):
                if rules.to_move(state) is None:
                    break
                legal = rules.legal_actions(state)
                values = _values_by_field(legal + earlier[-40:])
                for act in rng.sample(legal, min(3, len(legal))):
                    for near in _neighbours(act, values)[:6]:
                        _say(rules.why_illegal(state, near))
                act = rng.choice(legal)
                earlier.append(act)
                _say(rules.describe(state, act))
                state = rules.apply(state, act, checked=True)
            sheet = rules.score_sheet(state)
            for row in sheet.rows:
                _say(row.label)
                _say(getattr(row, "note", None))
            _say(list(sheet.details))
            _say(sheet.tie_break)
    assert sorted(i18n.missing) == []
