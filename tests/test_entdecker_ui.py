"""Entdecker scene driven by real mouse and key events: gestures become actions through the Match."""
from __future__ import annotations

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from games.entdecker.rules import Declare, DrawTile, PlaceShip, Spin
from games.entdecker.scene import turn_point
from tests.entdecker_helpers import put_on_top


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def drag(app, start, end):
    """Press at start, move in steps, release at end: a real drag."""
    app.step([down(start)])
    for k in range(1, 5):
        app.step([move((start[0] + (end[0] - start[0]) * k / 4, start[1] + (end[1] - start[1]) * k / 4))])
    app.step([up(end)])


@pytest.fixture
def scene(app):
    info = registry.get("entdecker")
    seats = [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")]
    match = Match(info.make_rules(), seats, 7)
    app.push(info.make_scene(app, match))
    app.step([])
    return app.top


def test_clicking_the_spinner_spins_the_income(app, scene):
    app.step([down(scene.spinner_rect().center), up(scene.spinner_rect().center)])
    assert scene.match.log[-1].action == Spin()
    assert scene.match.state.phase == "start"


def test_dragging_the_ship_onto_a_start_circle_places_it(app, scene):
    scene.match.play(Spin())
    target = scene.cell_rect((-1, 3)).center
    drag(app, scene.ship_dock().center, target)
    assert scene.match.log[-1].action == PlaceShip(-1, 3)


def test_dragging_the_ship_onto_the_open_sea_springs_back_with_the_reason(app, scene):
    scene.match.play(Spin())
    n = len(scene.match.log)
    drag(app, scene.ship_dock().center, scene.cell_rect((4, 3)).center)
    assert len(scene.match.log) == n, "nothing may change"
    assert scene.toast[0] == "That space is not discovered yet: the ship starts on a discovered space."
    assert scene.drag.spring is not None, "the ship flies back"


def _ready_to_draw(scene, code="P2"):
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.play(Declare(2, False))
    # stage the top of pile 0 so the test knows the tile (the state copy is our own)
    put_on_top(m.states[-1], 0, code)


def _lay_drawn_at_0_3(app, scene):
    """Draw the staged tile and drop it on (0,3); return the screen point of its first land spot."""
    pile = scene.pile_rects()[0].center
    target = scene.cell_rect((0, 3)).center
    app.step([down(pile), move(target), up(target)])
    placed = scene.match.state.cells[(0, 3)]
    x, y = turn_point(*scene.cat.tiles[placed.tile].pattern.spots[0], placed.rotation)
    rect = scene.cell_rect((0, 3))
    return int(rect.left + x * rect.width), int(rect.top + y * rect.height)


def test_dragging_a_drawn_tile_to_a_legal_spot_lays_it(app, scene):
    _ready_to_draw(scene)
    pile = scene.pile_rects()[0].center
    target = scene.cell_rect((0, 3)).center
    app.step([down(pile)])
    assert scene.match.log[-1].action == DrawTile(0), "pressing a pile draws its top tile"
    assert scene.drag.holding
    for k in range(1, 5):
        app.step([move((pile[0] + (target[0] - pile[0]) * k / 4, pile[1] + (target[1] - pile[1]) * k / 4))])
    legal = scene.drag.legal_targets()
    assert (0, 3) in legal, "every legal spot is highlighted"
    app.step([up(target)])
    s = scene.match.state
    assert (0, 3) in s.cells and s.ship == (0, 3)
    assert scene.match.log[-1].action.kind == "place_tile"


def test_turning_a_tile_with_r_changes_the_rotation_it_is_laid_with(app, scene):
    _ready_to_draw(scene)
    pile = scene.pile_rects()[0].center
    target = scene.cell_rect((0, 3)).center
    app.step([down(pile), move(target)])
    first = scene.drag.rotation
    app.step([key(pygame.K_r)])
    assert scene.drag.rotation == (first + 1) % 4
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=3)])
    assert scene.drag.rotation == (first + 2) % 4


def test_dropping_a_tile_where_it_does_not_fit_springs_back_and_says_why(app, scene):
    _ready_to_draw(scene, "P2")
    pile = scene.pile_rects()[0].center
    target = scene.cell_rect((0, 3)).center
    app.step([down(pile), move(target)])
    # turn until the land faces the circle on the west: refused
    while scene.drag.rotation != 3:
        app.step([key(pygame.K_r)])
    assert scene.drag.hover_reason == "The west edge shows land, but beside it is the sea of a start circle."
    n = len(scene.match.log)
    app.step([up(target)])
    assert len(scene.match.log) == n and scene.match.state.phase == "place"
    assert scene.toast[0] == "The west edge shows land, but beside it is the sea of a start circle."
    assert not scene.drag.holding and scene.drag.spring is not None


def test_dropping_a_tile_away_from_the_ship_is_refused_with_the_reason(app, scene):
    _ready_to_draw(scene, "P1")
    pile = scene.pile_rects()[0].center
    far = scene.cell_rect((6, 4)).center
    app.step([down(pile), move(far), up(far)])
    assert scene.toast[0] == "Tiles are laid beside the ship, across one of its free white lines."
    assert (6, 4) not in scene.match.state.cells


def test_dragging_a_unit_onto_the_new_land_places_it_and_ends_the_turn(app, scene):
    _ready_to_draw(scene, "P2")
    land = _lay_drawn_at_0_3(app, scene)
    assert scene.match.state.fresh == (0, 3)
    scout = dict(scene.unit_rects(0))["scout"].center
    drag(app, scout, land)
    s = scene.match.state
    assert s.cells[(0, 3)].unit == (0, "scout", 0)
    assert s.current == 1


def test_declaring_with_the_buttons(app, scene):
    scene.match.play(Spin())
    scene.match.play(PlaceShip(-1, 3))
    app.step([])
    app.step([down(scene.btn_more.rect.center), up(scene.btn_more.rect.center)])
    app.step([down(scene.btn_main.rect.center), up(scene.btn_main.rect.center)])
    assert scene.match.log[-1].action == Declare(2, False)


def test_hovering_land_shows_the_island_and_its_value(app, scene):
    _ready_to_draw(scene, "P2")
    land = _lay_drawn_at_0_3(app, scene)
    assert scene._hover_text(land).startswith("Island of 1 tile, still open: worth 1")


def ctrl(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)


def test_ctrl_z_takes_back_the_ship_but_not_the_spin_and_ctrl_y_redoes(app, scene):
    app.step([down(scene.spinner_rect().center), up(scene.spinner_rect().center)])
    drag(app, scene.ship_dock().center, scene.cell_rect((-1, 3)).center)
    assert scene.match.state.ship == (-1, 3)
    app.step([ctrl(pygame.K_z)])
    assert scene.match.state.ship is None and scene.match.state.phase == "start"
    app.step([ctrl(pygame.K_z)])
    assert scene.match.log[-1].action == Spin(), "the spin revealed the income: it stands"
    assert scene.toast[0].startswith("The last action revealed something")
    app.step([ctrl(pygame.K_y)])
    assert scene.match.state.ship == (-1, 3)


def test_escape_leaves_for_the_menu_which_offers_to_continue(app, scene, tmp_path):
    from engine.ui.scenes.menu import MenuScene

    scene.match.autosave_path = tmp_path / "user-data" / "autosave" / "entdecker-test.yaml"
    app.step([down(scene.spinner_rect().center), up(scene.spinner_rect().center)])
    app.step([key(pygame.K_ESCAPE)])
    menu = app.top
    assert isinstance(menu, MenuScene) and len(app.scenes) == 1
    assert menu.resume is not None and menu.continue_button.visible
    app.step([down(menu.continue_button.rect.center), up(menu.continue_button.rect.center)])
    resumed = app.top
    assert resumed is not menu and resumed.match.log[-1].action == Spin()
    assert resumed.match.state == scene.match.state


def test_log_button_shows_every_action_in_words_and_what_it_caused(app, scene):
    app.step([down(scene.spinner_rect().center), up(scene.spinner_rect().center)])
    drag(app, scene.ship_dock().center, scene.cell_rect((-1, 3)).center)
    app.step([down(scene.btn_log.rect.center), up(scene.btn_log.rect.center)])
    assert scene.show_log
    lines = [line for line, _seat in scene.log_panel.lines(400, app.font(14))]
    spun = scene.match.states[1].notices[0]["value"]
    assert lines == ["1. Ann spins the income display.",
                     f"    → Ann spun {spun}: every seat gains {spun} gold (up to 12).",
                     "2. Ann puts the ship on a start circle."]


def test_tiles_laid_since_your_last_turn_are_marked():
    import random

    from engine.ui.logpanel import placed_since_last_turn

    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow"), Seat(2, "Cid", "white")], 7)
    rng = random.Random(2)
    # play into round 3 until Bob (seat 1) is about to start his turn
    while not (match.state.round == 3 and match.state.current == 1 and match.state.phase == "start"):
        match.play(rng.choice(match.legal_actions()), autosave=False)
    last_bob = max(k for k, e in enumerate(match.log) if e.seat == 1)
    expected = set(match.state.cells) - set(match.states[last_bob + 1].cells)
    assert expected, "the seed must have others lay tiles in between"
    assert placed_since_last_turn(match, 1, lambda st: st.cells) == expected


def test_undo_button_is_disabled_with_the_reason_until_there_is_something_to_take_back(app, scene):
    app.step([])
    assert not scene.btn_undo.enabled and scene.undo_tip() == "Nothing has been played yet."
    app.step([down(scene.spinner_rect().center), up(scene.spinner_rect().center)])
    assert not scene.btn_undo.enabled and scene.undo_tip().startswith("The last action revealed something")
    drag(app, scene.ship_dock().center, scene.cell_rect((-1, 3)).center)
    assert scene.btn_undo.enabled
    app.step([down(scene.btn_undo.rect.center), up(scene.btn_undo.rect.center)])
    assert scene.match.state.ship is None


def test_a_banner_names_the_next_human_seat_when_the_screen_passes(app, scene):
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.play(Declare(1, False))
    put_on_top(m.states[-1], 0, "P1")
    m.play(DrawTile(0))
    m.play(m.legal_actions()[0])  # lay it: open sea, no land, no draws left: Bob's turn
    assert m.to_move() == 1
    assert scene.banner is not None and scene.banner[0] == "Bob to play"
