"""Five Tribes findings of new players (tracker issue 13): each test names the finding it checks.

Screens are 1280x720 (the `app` fixture), the size the findings were made at.
"""
from __future__ import annotations

import math
import random

import pygame

from engine.core import registry
from engine.core.match import Match
from engine.ui.scenes.curtain import CurtainScene
from engine.ui.widgets import wrap_text
from games.five_tribes.rules_state import PickUp
from tests.five_tribes_helpers import at_turn, cell, give_djinn, own, put, seats, set_board
from tests.test_five_tribes_ui import centre, click, crafted, down, glide, lift_curtain, move, to_city, up

COUNT_BG = (34, 24, 16)  # the dark disc of a count badge


def _city_board(s):
    """The city at (1,3) holds 2 Elders and 1 Assassin and a Whim card; (0,0) holds 3 Viziers and 2 Builders."""
    set_board(s)
    put(s, cell(1, 3), "elder", "elder", "assassin")
    put(s, cell(0, 0), "vizier", "vizier", "vizier", "builder", "builder")
    put(s, cell(1, 1), "elder", "builder", "merchant", "assassin")
    s.whim_deck.remove("whim_02")
    s.whim_on[cell(1, 3)] = "whim_02"  # "Friends at Court": at least 4 Viziers
    at_turn(s, 0)


# ------------------------------------------------------------------ a tile's meeple count is misdrawn
def _badge_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(surface.get_at((x, y)))[:3] == COUNT_BG)


def test_every_meeple_count_of_a_tile_is_drawn_whole_over_the_figures(app):
    """Finding: on a tile with 2 of one colour and 1 of another, the '2' badge was hidden under the next figure."""
    scene = crafted(app, _city_board)
    app.step([move((5, 5), held=False)])
    app.step([])
    surface = app.screen
    r = max(6, round(scene.camera.cell_px * 0.085))
    whole = math.pi * r * r * 0.35  # the dark disc, less its rim and its digit
    for tile, badges in ((cell(1, 3), 1), (cell(0, 0), 2)):
        seen = _badge_pixels(surface, scene.cell_rect(tile))
        assert seen >= badges * whole, f"tile {tile}: {seen} badge pixels for {badges} badge(s) of radius {r}"
    assert _badge_pixels(surface, scene.cell_rect(cell(1, 1))) == 0, "no badge where every count is 1"


# ------------------------------------------------------------------ Whim cards on the cities
def test_a_citys_tooltip_names_the_whim_card_lying_there_with_its_condition_and_reward(app):
    """Finding: the card on a city (about 29 px tall) cannot be read, and the city's tooltip did not name it."""
    scene = crafted(app, _city_board)
    whim = scene.cat.whims["whim_02"]
    text = scene._hover_text(centre(scene, cell(1, 3)))
    assert whim.title["en"] in text and whim.text["en"] in text and f"{whim.reward_gold} gold" in text


def test_hovering_anywhere_on_a_city_shows_its_whim_card_large(app):
    """Finding: the card is too small on the tile; the hover shows it large wherever the city is pointed at."""
    scene = crafted(app, _city_board)
    rect = scene.cell_rect(cell(1, 3))
    for point in (rect.center, (rect.left + 8, rect.bottom - 8)):
        assert scene._card_at(point)[:2] == ("whim", "whim_02")


# ------------------------------------------------------------------ a meeple drops the moment the pointer enters a tile
def _one_step_board(s):
    """Ann's 2 Viziers at (3,1); (3,3) beyond the empty (3,2) holds a Vizier, where the move may end."""
    set_board(s)
    put(s, cell(3, 1), "vizier", "vizier")
    put(s, cell(3, 3), "vizier")
    put(s, cell(5, 5), "builder", "builder")
    at_turn(s, 0)


def test_a_drag_that_clips_a_tiles_corner_drops_nothing_there(app):
    """Finding: a drag that clipped a neighbour's corner dropped a meeple there; a drop needs the pointer well inside."""
    scene = crafted(app, _one_step_board)
    m = scene.match
    start = centre(scene, cell(3, 1))
    app.step([move(start, held=False)])
    app.step([down(start)])
    assert m.state.phase == "move"
    east = scene.cell_rect(cell(3, 2))
    clip = (east.left + 4, east.top + 4)  # just over the corner of the tile to the east
    glide(app, start, clip)
    glide(app, clip, start)
    assert m.state.path == [cell(3, 1)], "the corner took no meeple"
    glide(app, start, east.center)
    app.step([up(east.center)])
    assert m.state.path == [cell(3, 1), cell(3, 2)], "well inside, the tile takes the meeple"


# ------------------------------------------------------------------ a click meant for the handover button picked up a tile
def test_a_double_click_on_the_handover_button_does_not_reach_the_table(app):
    """Finding: the second click of a double click on 'I am Bob' landed on the table and picked up a tile.

    On resuming a game (or whenever the seat to move acted last) no summary waits for a click, so the
    second press went straight to the tile under the button.
    """
    match = Match(registry.get("five_tribes").make_rules(), seats(2), 5)
    rng = random.Random(1)
    while not (match.state.phase == "start" and match.log and match.log[-1].seat == match.to_move()):
        match.play(rng.choice(match.legal_actions()), autosave=False)
    game = registry.get("five_tribes").make_scene(app, match)
    app.push(game)
    app.step([])
    curtain = app.top
    assert isinstance(curtain, CurtainScene)
    pos = curtain.button.rect.center
    assert match.why_illegal(PickUp(game.tile_at(pos))) is None, "the button lies over a tile that could be picked up"
    before = len(match.log)
    app.step([move(pos, held=False)])
    app.step([down(pos), up(pos)])
    assert app.top is game and game.since is None
    app.step([down(pos)])
    app.step([up(pos)])
    assert len(match.log) == before and not game.drag.holding, "the second click did nothing"
    for _ in range(40):  # a moment later the table answers again
        app.step([])
    click(app, pos)
    assert match.log[-1].action == PickUp(game.tile_at(pos))


# ------------------------------------------------------------------ text that does not fit at 1280x720
def test_every_reason_of_the_final_sheet_fits_its_cell_with_five_seats(app, monkeypatch):
    """Finding: some cells of the final sheet were cut off ('21 gold, 1 point...', '2 tiles under your...')."""
    from games.five_tribes import scene_sheet

    drawn = []

    def record(surface, text, rect, font, colour, line_gap=1.15, max_lines=None, align="left"):
        drawn.append((text, rect.width, max_lines, len(wrap_text(text, font, rect.w))))
        return 0
    monkeypatch.setattr(scene_sheet, "draw_wrapped", record)
    match = Match(registry.get("five_tribes").make_rules(), seats(5), 12)
    rng = random.Random(12)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    scene = registry.get("five_tribes").make_scene(app, match)
    app.push(scene)
    lift_curtain(app)
    for _ in range(3):
        app.step([])
    assert len(drawn) >= 5 * 10
    cut = [(text, width, lines, need) for text, width, lines, need in drawn if lines is not None and need > lines]
    assert not cut, cut


def _sheet_words(app, n, seed):
    match = Match(registry.get("five_tribes").make_rules(), seats(n), seed)
    rng = random.Random(seed)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    return match.rules.scorer.score(match.state)


def test_one_tile_and_one_city_are_worded_in_the_singular():
    """Finding '1 palaces': counts of one are singular ('1 tile', '1 Wondrous City', '1 palace')."""
    from tests.five_tribes_helpers import new_game, rules

    s = new_game(3)
    set_board(s)
    own(s, 0, cell(1, 3))  # one city (blue)
    s.palaces[cell(1, 3)] = 1
    s.palaces_left -= 1
    why = rules().scorer.score(s)[0]["why"]
    assert "1 tiles" not in why["tiles"] and "1 palaces" not in why["palaces"]


def test_a_tile_with_one_palace_says_one_palace(app):
    """Finding '1 palaces' in the tile's tooltip (and '1 palm trees' in the supply's)."""
    def build(s):
        _city_board(s)
        s.palaces[cell(0, 3)] = 1
        s.palaces_left -= 1
        s.palms[cell(0, 2)] = 1
        s.palms_left -= 1
    scene = crafted(app, build)
    palace = scene._hover_text(centre(scene, cell(0, 3)))
    palm = scene._hover_text(centre(scene, cell(0, 2)))
    assert "1 palace" in palace and "palaces" not in palace and "palm" not in palace
    assert "1 palm tree" in palm and "palm trees" not in palm and "palace" not in palm


# ------------------------------------------------------------------ small things of the findings
def test_djinn_thumbnails_in_the_seat_panels_show_their_name(app, monkeypatch):
    """Finding: the Djinn cards of the seat panels had blank name plates (the name was left out as too small).

    With 2 or 3 seats the card's plate carries the name; with 4 or 5 the cards would be too small to read, so
    the panel writes the names instead."""
    from games.five_tribes import scene_panels

    for n in (3, 4, 5):
        def build(s, n=n):
            _city_board(s)
            give_djinn(s, 0, "haurvatat")
        scene = crafted(app, build, n=n)
        djinn, rect = scene.seat_parts(0)["djinns"][0]
        card = scene.art.djinn(djinn, rect.height)
        blank = scene.art._svg(scene.cat.djinns[djinn].art, card.get_size())
        plate = pygame.Rect(0, round(card.get_height() * 200 / 256), card.get_width(), round(card.get_height() * 40 / 256))
        named = sum(1 for x in range(plate.left, plate.right) for y in range(plate.top, plate.bottom)
                    if card.get_at((x, y)) != blank.get_at((x, y))) > plate.width
        written = []
        real = scene_panels.draw_text
        monkeypatch.setattr(scene_panels, "draw_text", lambda surface, text, *a, **k: written.append(text) or real(
            surface, text, *a, **k))
        scene._layers.clear()
        app.step([])
        monkeypatch.setattr(scene_panels, "draw_text", real)
        assert named or "Haurvatat" in written, f"{n} seats: a {rect.height} px card with a blank name plate"
        while app.scenes:
            app.pop()


def test_this_editions_own_values_say_so_on_their_tooltips(app):
    """Finding: the project's own Whim cards and chosen values (five-seat track spots beyond the rulebook's
    pairs at 1, 3 and 5; 6 VP for Kali and Ganapati) must say so where a player reads them."""
    scene = crafted(app, _city_board)
    assert "this edition" in scene.card_words("whim", "whim_02").lower()
    assert "our choice" in scene.card_words("djinn", "kali").lower()
    assert "our choice" in scene.card_words("djinn", "ganapati").lower()
    assert "our choice" not in scene.card_words("djinn", "jafaar").lower()
    while app.scenes:
        app.pop()
    match = Match(registry.get("five_tribes").make_rules(), seats(5), 3)
    game = registry.get("five_tribes").make_scene(app, match)
    app.push(game)
    lift_curtain(app)
    costs = [cost for cost, _marker in match.rules.track_spots(match.state)]
    for spot, cost in enumerate(costs):
        text = game._hover_text(game.spot_centre(spot)).lower()
        assert ("our choice" in text) == (cost not in (1, 3, 5)), (spot, cost, text)


def test_the_whim_paid_notice_leaves_the_board_clear(app):
    """Finding: the notice of a Whim card paid out covered the board's top row (it stays 9 seconds)."""
    scene = crafted(app, to_city)
    from tests.test_five_tribes_ui import drag

    drag(app, centre(scene, cell(0, 3)), centre(scene, cell(1, 3)))
    click(app, scene.btn_main.rect.center)  # the Builders: the city's card is met and paid
    assert scene.match.state.players[0].whims_done == ["whim_01"]
    app.step([move((1000, 650), held=False)])
    app.step([])
    rects = scene.whim_notice_rects
    assert rects, "the notice is shown"
    board = scene.board_rect()
    assert not any(r.colliderect(board) for r in rects), (rects, board)
