"""Every screen of every game in German, and no text wider than its box (issue 17).

For each game with a screen: the opening, a piece dragged and dropped where it is refused (the reason on
screen), the log and the score sheet half-way, the final sheet, the rules page and the previewer with its
problems list; plus the menu, each game's setup and options, and the settings. Each screen is drawn in German at 1280x720 with the widgets noting every
text that did not fit (cut short, a word broken, past the edge); none may, and every text the screens look
up must have its German entry. The screenshots are written to $GERMAN_SHOTS when it is set, to look at.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.ui import i18n, widgets
from engine.ui.scenes.menu import MenuScene
from engine.ui.scenes.options import OptionsScene
from engine.ui.scenes.preview.scene import PreviewScene
from engine.ui.scenes.rules import RulesScene
from engine.ui.scenes.settings import SettingsScene
from engine.ui.scenes.setup import SetupScene
from tests.test_table_template import _down, _lift_curtain, _move, _piece, _up

GAMES = [g.id for g in registry.games() if registry.playable(g)]


@pytest.fixture(params=["de", "en"])
def german(app, request):
    """The table in German (and, the same screens, in English: neither may overflow)."""
    i18n.set_language(request.param)
    i18n.missing.clear()
    widgets.fit_log = []
    yield app
    widgets.fit_log = None
    i18n.set_language("en")


def _look(app, name: str, problems: list[str]) -> None:
    for _ in range(3):
        app.step([])
    folder = os.environ.get("GERMAN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{i18n.language()}_{name}.png"))
    assert widgets.fit_log is not None
    problems += [f"{name}: {p}" for p in dict.fromkeys(widgets.fit_log)]
    problems += [f"{name}: no German for {m!r}" for m in sorted(i18n.missing)]
    widgets.fit_log.clear()
    i18n.missing.clear()


def test_the_menu_setup_options_and_settings_read_german_and_fit(german) -> None:
    app = german
    problems: list[str] = []
    menu = MenuScene(app)
    app.push(menu)
    _look(app, "menu", problems)
    app.push(SettingsScene(app))
    _look(app, "settings", problems)
    app.pop()
    for info in registry.games():
        if registry.playable(info):
            setup = SetupScene(app, info)
            app.push(setup)
            _look(app, f"{info.id}_setup", problems)
            app.push(OptionsScene(app, info.title, setup.option_specs, setup.options))
            _look(app, f"{info.id}_options", problems)
            app.pop()
            app.pop()
    assert problems == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_screen_of_a_game_reads_german_and_fits(german, game_id) -> None:
    app = german
    problems: list[str] = []
    info = registry.get(game_id)
    rules = info.make_rules()
    match = Match(rules, [Seat(0, "Annemarie", "red"), Seat(1, "Bob", "yellow"), Seat(2, "Cy", "white")], 5)
    app.push(MenuScene(app))
    scene = info.make_scene(app, match)
    app.push(scene)
    _lift_curtain(app)
    _look(app, f"{game_id}_opening", problems)
    # a piece carried over the table and dropped where it is refused: the hover words and the reason
    start = _piece(scene)
    app.step([_down(start)])
    corner = (scene.app.size[0] // 3, scene.app.size[1] - 30)
    app.step([_move(corner, (1, 0, 0))])
    _look(app, f"{game_id}_drag", problems)
    app.step([_up(corner)])
    _look(app, f"{game_id}_refused", problems)
    # half-way: the log and the score sheet
    rng = random.Random(3)
    for _ in range(120):
        if match.to_move() is None:
            break
        match.play(rng.choice(rules.legal_actions(match.state)), autosave=False)
    _lift_curtain(app)
    scene.show_log = True
    _look(app, f"{game_id}_log", problems)
    scene.show_log = False
    scene.show_sheet = True
    _look(app, f"{game_id}_sheet", problems)
    scene.show_sheet = False
    while match.to_move() is not None:
        match.play(rng.choice(rules.legal_actions(match.state)), autosave=False)
    _lift_curtain(app)
    for _ in range(10):
        app.step([])
    _look(app, f"{game_id}_final", problems)
    app.push(RulesScene(app, game_id, info.title))
    _look(app, f"{game_id}_rules", problems)
    app.pop()
    preview = PreviewScene(app, game_id)
    app.push(preview)
    _look(app, f"{game_id}_preview", problems)
    preview.show_problems = True
    _look(app, f"{game_id}_problems", problems)
    assert problems == []
