"""The rules screen: Markdown subset parsing, F1 from a game, scrolling."""
from __future__ import annotations

import pygame

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.ui.scenes.rules import RulesScene, parse_markdown

SAMPLE = """# Title

A paragraph that
goes on with **bold** words.

## Section
- first bullet
- second bullet
1. step one
2. step two

| value | meaning |
|---|---|
| 4 | start gold **(our choice)** |
| 12 | cap |
"""


def test_markdown_blocks_are_recognised():
    blocks = parse_markdown(SAMPLE)
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading1", "para", "heading2", "bullet", "bullet", "number", "number", "table"]
    assert blocks[1].text == "A paragraph that goes on with **bold** words."
    assert blocks[5].mark == "1." and blocks[6].text == "step two"
    assert blocks[7].rows == [["value", "meaning"], ["4", "start gold **(our choice)**"], ["12", "cap"]]


def _game(app):
    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 1)
    app.push(info.make_scene(app, match))
    app.step([])
    return app.top


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_f1_opens_the_games_rules_and_esc_closes_them(app):
    game = _game(app)
    app.step([_key(pygame.K_F1)])
    assert isinstance(app.top, RulesScene)
    assert app.top.path.name == "rules.md" and app.top.path.parent.name == "entdecker"
    app.step([_key(pygame.K_ESCAPE)])
    assert app.top is game


def test_rules_scroll_stays_within_the_text(app):
    _game(app)
    app.step([_key(pygame.K_F1)])
    rules = app.top
    app.step([_key(pygame.K_END)])
    assert rules.scroll == rules.max_scroll()
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)])
    assert rules.scroll == max(0, rules.max_scroll() - 3 * app.px(60))
    app.step([_key(pygame.K_HOME)])
    assert rules.scroll == 0
