"""Entdecker's table after the new players' findings (tracker issue 13) and the table leftovers (issue 12).

Each test posts real events to the scene and names the finding it checks.
"""
from __future__ import annotations

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from games.entdecker.rules import Declare, DrawTile, PlaceShip, PlaceUnit, Spin
from games.entdecker.scene import turn_point
from tests.entdecker_helpers import lay, put_on_top


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(app, button):
    app.step([move(button.rect.center)])
    app.step([down(button.rect.center), up(button.rect.center)])


def _scene(app, seats=2, seed=7, **options):
    info = registry.get("entdecker")
    names = [("Ann", "red"), ("Bob", "yellow"), ("Cid", "white")][:seats]
    match = Match(info.make_rules(), [Seat(i, n, c) for i, (n, c) in enumerate(names)], seed, options)
    app.push(info.make_scene(app, match))
    app.step([])
    return app.top


@pytest.fixture
def scene(app):
    return _scene(app)


# ---------------------------------------------------------------- the declaration box
def test_the_declaration_starts_fresh_each_turn_and_enter_never_pays_the_previous_seats_choice(app, scene):
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    app.step([])
    click(app, scene.btn_more)
    click(app, scene.btn_more)
    click(app, scene.btn_own)
    click(app, scene.btn_main)
    assert m.log[-1].action == Declare(3, True), "Ann declared 3 tiles and an own tile"
    put_on_top(m.states[-1], 0, "P2")
    m.play(DrawTile(0))
    m.play(next(a for a in m.legal_actions()))  # lay the cape
    m.play(PlaceUnit("scout", 0))  # ends Ann's turn
    assert m.to_move() == 1
    m.play(PlaceShip(-1, 1))
    app.step([])
    assert (scene.declare_draws, scene.declare_personal) == (1, False), "Bob's declaration starts fresh"
    app.step([key(pygame.K_RETURN)])
    assert m.log[-1].action == Declare(1, False)


def test_the_plus_button_counts_the_own_tiles_two_gold(app, scene):
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.states[-1].players[0].gold = 5
    app.step([])
    click(app, scene.btn_own)
    for _ in range(6):
        click(app, scene.btn_more)
    assert scene.declare_draws == 3 and not scene.btn_more.enabled, "3 tiles + own tile = 5 gold, all Ann has"
    assert scene.btn_main.enabled
    click(app, scene.btn_main)
    assert m.log[-1].action == Declare(3, True)


def test_switching_the_own_tile_on_takes_back_draws_it_cannot_pay_for(app, scene):
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.states[-1].players[0].gold = 4
    app.step([])
    for _ in range(5):
        click(app, scene.btn_more)
    assert scene.declare_draws == 4
    click(app, scene.btn_own)
    assert (scene.declare_draws, scene.declare_personal) == (2, True) and scene.btn_main.enabled


# ---------------------------------------------------------------- a drawn tile that fits nowhere
def _stage_failed_draw(scene):
    """Ann's ship on a cape at (0,3) laid this turn; the top of pile 0 fits beside it nowhere."""
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.play(Declare(2, False))
    s = m.states[-1]
    lay(s, (2, 3), "P2", rotation=3)
    lay(s, (0, 5), "P2", rotation=0)
    put_on_top(s, 0, "P2")
    m.play(DrawTile(0))
    m.play(next(a for a in m.legal_actions() if _land_north(m, a)))
    return put_on_top(m.states[-1], 0, "P1")


def _land_north(m, a):
    from engine.core.grid import rotate_sides

    edges = rotate_sides(m.rules.cat.tiles[m.state.in_hand].pattern.edges, a.rotation)
    return edges == "LSSS"


def test_a_drawn_tile_that_fits_nowhere_is_shown_in_the_drawn_slot_with_where_it_goes(app, scene):
    tile = _stage_failed_draw(scene)
    app.step([])
    hand = scene.hand_rect()
    empty = pygame.transform.average_color(app.screen, hand)
    app.step([down(scene.pile_rects()[0].center), up(scene.pile_rects()[0].center)])
    assert scene.match.log[-1].action == DrawTile(0) and tile in scene.match.state.overflow[0]
    app.step([])
    app.draw()
    shown = pygame.transform.average_color(app.screen, hand)
    assert sum(abs(a - b) for a, b in zip(shown, empty)) > 40, "the tile is drawn in the Drawn slot"
    assert scene.gone is not None and scene.gone.tile == tile
    words = scene.hand_words()
    assert "fits nowhere" in words and "reserve pile 1" in words
    assert any("you may still place a unit there" in n.text for n in scene.notices), "why the unit option stays"


def test_a_question_tile_that_fits_nowhere_shows_its_event_and_that_it_leaves_the_game(app, scene):
    _stage_failed_draw(scene)
    s = scene.match.states[-1]
    s.piles[0].pop()
    put_on_top(s, 0, "P1", back="question", event="storm")
    app.step([down(scene.pile_rects()[0].center), up(scene.pile_rects()[0].center)])
    app.step([])
    assert scene.gone is not None and scene.gone.event == "storm"
    assert "leaves the game" in scene.hand_words() and "Storm" in scene.hand_words()


# ---------------------------------------------------------------- blocked gaps
def _blocked_gap(scene):
    m = scene.match
    s = m.states[-1]
    lay(s, (1, 0), "P2", rotation=3, unit=(1, "scout", 0))
    lay(s, (0, 1), "P1")
    s.reserve[1], s.overflow[1] = [], []
    m.rules._fill_gaps(s)  # the end of a turn: (0,0) calls for a cape, and none is left
    assert (0, 0) in s.blocked
    return s


def test_a_blocked_gap_says_what_it_is_when_hovered(app, scene):
    _blocked_gap(scene)
    app.step([])
    text = scene._hover_text(scene.cell_rect((0, 0)).center)
    assert text is not None and text.startswith("Blocked gap")
    assert "counts as discovered" in text and "cape" in text


def test_an_island_closed_by_a_blocked_gap_says_so_when_hovered(app, scene):
    _blocked_gap(scene)
    app.step([])
    placed = scene.match.state.cells[(1, 0)]
    x, y = turn_point(*scene.cat.tiles[placed.tile].pattern.spots[0], placed.rotation)
    rect = scene.cell_rect((1, 0))
    text = scene._hover_text((int(rect.left + x * rect.width), int(rect.top + y * rect.height)))
    assert text is not None and "closed by 1 blocked gap" in text


# ---------------------------------------------------------------- prompts
def test_the_prompt_joins_its_alternatives_with_or(app, scene):
    m = scene.match
    m.play(Spin())
    m.play(PlaceShip(-1, 3))
    m.play(Declare(2, True))
    app.step([])
    words = scene.instruction()
    assert words.startswith("Ann: drag a tile from a face-down pile (2 paid left) or drag one of your own tiles")
    put_on_top(m.states[-1], 0, "P2")
    m.play(DrawTile(0))
    m.play(next(a for a in m.legal_actions() if _land_north(m, a)))
    words = scene.instruction()
    assert ", drag one of your own tiles or drag a unit onto the new land." in words


# ---------------------------------------------------------------- the header row (issue 12)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_log_scores_rules_and_undo_sit_in_the_header_row_as_at_the_other_tables(size):
    from engine.ui.app import App

    app = App(size=size, headless=True)
    try:
        scene = _scene(app, seats=4)
        row = [scene.btn_undo.rect, scene.btn_rules.rect, scene.btn_sheet.rect, scene.btn_log.rect]
        assert len({r.top for r in row}) == 1 and row[0].top < scene.app.px(20), "one row at the top of the panel"
        assert [r.left for r in row] == sorted(r.left for r in row), "Undo, ?, Scores, Log from left to right"
        assert row[-1].right <= scene.panel.right and row[0].left > scene.panel.left
        seats = scene.seat_rects()
        assert all(r.bottom < seats[0].top for r in row)
        assert not any(r.colliderect(scene.spinner_rect()) for r in row)
        assert scene.btn_main.rect.top > seats[-1].bottom and scene.btn_main.rect.bottom <= scene.panel.bottom
        taken = [scene.btn_main.rect, *row, scene.spinner_rect()]
        assert all(not a.colliderect(b) for i, a in enumerate(taken) for b in taken[i + 1:])
    finally:
        app.close()
