"""Realm of the Desert Sons: what the table shows, finding by finding of issue 13 (new players' report).

Each test builds the position a finding names on a real scene (1280 x 720, headless), draws it and checks
what a player would see: icons readable while they matter, marks that are not a seat's colour, numbers big
enough to read, a scoring card that covers nothing of the board, words that say what is happening.
"""
from __future__ import annotations

import colorsys
import math

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from games.desert_sons import scene_panels, scene_words
from games.desert_sons.rules import ChooseIcon, PayToll, PlaceExplorer
from tests.desert_sons_helpers import at_explorer, lay, load, put_explorer, set_water


@pytest.fixture(autouse=True)
def still_pulse(monkeypatch):
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)  # pulsing marks at the same phase in every frame


def table(app, build, seats=(("Ann", "red"), ("Bob", "yellow"))):
    """A two-seat match (Bob a computer seat, so the screen stays with Ann) whose state `build` arranges."""
    info = registry.get("desert_sons")
    match = Match(info.make_rules(), [Seat(i, n, c, "computer" if i else "human") for i, (n, c) in enumerate(seats)], 7)
    s = match.state.copy()
    s = build(match.rules, s) or s
    s.memo = {}
    match.states[-1] = s
    while app.scenes:
        app.pop()
    game = info.make_scene(app, match)
    app.push(game)
    game.take_screen(0)
    game.since = None
    return game


def frame(app, game) -> pygame.Surface:
    game._static_for = None
    surface = pygame.Surface(app.size)
    game.draw(surface)
    return surface


def disc_pixels(surface: pygame.Surface, centre, radius: float) -> list:
    cx, cy = centre
    r = int(radius)
    return [tuple(surface.get_at((x, y)))[:3] for y in range(cy - r, cy + r + 1) for x in range(cx - r, cx + r + 1)
            if (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2]


def icon_centres(game, cell, parts=None):
    s = game.s
    placed = s.cells[cell]
    out = []
    for part in range(len(game.cat.kinds[placed.kind].parts)):
        if parts is None or part in parts:
            for _icon, at in game.rules.part_geometry(s, cell, part)["icons"]:
                out.append(game.tile_point(cell, at))
    return out


def two_ends(rules, s):
    """The two-player camels on the north and south ends: Ann to move."""
    from tests.desert_sons_helpers import NORTH, SOUTH

    s.players[0].camel, s.players[1].camel = NORTH, SOUTH
    s.phase, s.current, s.decider, s.round = "move", 0, 0, 1


def heart_just_laid(rules, s):
    """Ann has just laid an oasis heart at (4,3) (icons in two corners) and her camel stands on it."""
    two_ends(rules, s)
    lay(s, (4, 3), "X_I_W1", r=rules)
    at_explorer(s, 0, (4, 3))


# ------------------------------------------------------------------ icons stay readable
def test_the_new_tiles_icons_show_above_the_camel_during_the_explorer_step(app):
    """Issue 13: the camel covered the new tile's icons while the player judged where to put an explorer."""
    game = table(app, heart_just_laid)
    covered = frame(app, game)
    centres = icon_centres(game, (4, 3))
    radius = game.cat.icon_radius * game.camera.cell_px * 0.8

    def camel_elsewhere(rules, s):
        heart_just_laid(rules, s)
        s.players[0].camel = (5, 7)
    clear = frame(app, table(app, camel_elsewhere))
    assert len(centres) == 2
    for centre in centres:
        assert disc_pixels(covered, centre, radius) == disc_pixels(clear, centre, radius), "an icon under the camel"


def incense_oasis_claim(rules, s):
    """Ann closed the north bar's incense oasis with an oasis end (one water) at (6,1); Bob's 5 stands on the
    cross's incense part, Ann's 12 on the new tile; Ann's camel stands on it too. Ann's turban 13 is not there."""
    two_ends(rules, s)
    lay(s, (6, 1), "E_W1", rotation=3, r=rules)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 5, (5, 1), 0)
    s = rules.apply(s, PlaceExplorer(12, 6, 1, 0))
    assert s.phase == "toll"
    s = rules.apply(s, PayToll(True))
    assert s.phase == "icon" and s.decider == 0
    return s


def test_icons_being_claimed_show_above_explorers_and_camels(app):
    """Issue 13: explorers and camels covered the icons an explorer was choosing from."""
    game = table(app, incense_oasis_claim)
    covered = frame(app, game)
    centres = icon_centres(game, (5, 1)) + icon_centres(game, (6, 1))
    radius = game.cat.icon_radius * game.camera.cell_px * 0.8

    def pieces_elsewhere(rules, s):
        s = incense_oasis_claim(rules, s)
        s.players[0].camel = (5, 7)
        s.explorers = {}
        return s
    clear = frame(app, table(app, pieces_elsewhere))
    for centre in centres:
        assert disc_pixels(covered, centre, radius) == disc_pixels(clear, centre, radius), "an icon under a piece"


# ------------------------------------------------------------------ colours and sizes
def hue_gap(a, b) -> float:
    ha = colorsys.rgb_to_hsv(*(c / 255 for c in a[:3]))[0] * 360
    hb = colorsys.rgb_to_hsv(*(c / 255 for c in b[:3]))[0] * 360
    d = abs(ha - hb) % 360
    return min(d, 360 - d)


def test_the_explorer_spot_ring_is_no_seats_colour(app, monkeypatch):
    """Issue 13: the pulsing ring round the new tile's explorer spot was nearly the yellow seat's colour."""
    from engine.ui import theme

    game = table(app, heart_just_laid)
    spot = game.spot_point((4, 3), 0)
    rings = []
    real = pygame.draw.circle

    def circle(surface, colour, centre, radius, *args, **kw):
        if math.dist(centre, spot) <= radius + 2 and radius >= 5:
            rings.append(colour)
        return real(surface, colour, centre, radius, *args, **kw)
    monkeypatch.setattr(pygame.draw, "circle", circle)
    frame(app, game)
    assert rings, "the spot is marked"
    for colour in rings:
        for seat in theme.seat_colours():
            sat = colorsys.rgb_to_hsv(*(c / 255 for c in seat.rgb))[1]
            if sat > 0.3:  # a coloured seat (white and black differ from any bright ring anyway)
                assert hue_gap(colour, seat.rgb) > 40, f"the ring {colour} looks like the {seat.id} seat"


def drawn_texts(monkeypatch, *modules):
    """Record (text, rect, font height) of every line of text the given scene modules draw."""
    seen = []
    for module in modules:
        real = module.draw_text

        def record(surface, text, pos, font, colour, anchor="topleft", real=real):
            rect = real(surface, text, pos, font, colour, anchor)
            seen.append((str(text), rect, font.get_height()))
            return rect
        monkeypatch.setattr(module, "draw_text", record)
    return seen


def test_explorer_ranks_in_the_seat_panels_are_big_enough_to_read(app, monkeypatch):
    """Issue 13: the rank numbers under the figures were 7 px (on the plinths of the pictures)."""
    game = table(app, heart_just_laid)
    seen = drawn_texts(monkeypatch, scene_panels)
    frame(app, game)
    for seat in (0, 1):
        for rank, box in game.explorer_slots(seat).items():
            label = [(r, h) for text, r, h in seen if text == str(rank) and abs(r.centerx - box.centerx) <= 2]
            assert label, f"no rank label under explorer {rank}"
            (rect, height), = label
            assert height >= 12 and rect.top >= box.top + box.height * 0.8, (rank, rect, box, height)


# ------------------------------------------------------------------ the rumor board
def rumor_face_down_on_myrrh(rules, s):
    two_ends(rules, s)
    tile = s.rumor_pile.pop()
    s.rumor_slots["myrrh"].append((tile, 1, frozenset({1})))  # Bob placed it; Ann has not seen it


def test_a_value_with_an_unseen_rumor_keeps_its_question_mark_in_the_scores(app, monkeypatch):
    """Issue 13: the rumor board says "=4?" (a face-down rumor Ann has not seen lies on myrrh), but the seat's
    points and the score sheet then gave 4 a myrrh as if it were sure: the "?" was lost on the way."""
    def built(rules, s):
        rumor_face_down_on_myrrh(rules, s)
        load(s, 0, "myrrh")
    game = table(app, built)
    seen = drawn_texts(monkeypatch, scene_panels)
    frame(app, game)
    ann = game.seat_rects()[0]
    points = [text for text, rect, _h in seen if ann.colliderect(rect) and "pts" in text]
    assert points == ["4? pts"], points
    sheet = game.rules.score_sheet(game.heard_state())
    myrrh = next(r for r in sheet.rows if r.label.startswith("Myrrh"))
    assert "?" in myrrh.label, myrrh.label
    salt = next(r for r in sheet.rows if r.label.startswith("Salt"))
    assert "?" not in salt.label


# ------------------------------------------------------------------ the scoring card
def test_the_scoring_card_covers_no_discovered_square(app):
    """Issue 13: the card of the oasis being scored covered the bottom row of the board."""
    game = table(app, incense_oasis_claim)
    frame(app, game)
    card = game._scoring_card_rect()
    assert card is not None
    covered = [c for c in game.s.cells if game.cell_rect(c).colliderect(card)]
    assert not covered, covered


def rumor_still_placed(rules, s):
    """An oasis end with a rumor closes the north bar's incense oasis: Bob's 16 (the tallest, toll paid) has
    claimed the rumor and is placing it while Ann's 12 waits its turn."""
    two_ends(rules, s)
    lay(s, (6, 1), "E_R", rotation=3, r=rules)
    at_explorer(s, 0, (6, 1))
    put_explorer(s, 16, (5, 1), 0)
    s = rules.apply(s, PlaceExplorer(12, 6, 1, 0))
    assert s.phase == "toll" and s.decider == 1
    s = rules.apply(s, PayToll(True))
    rumor = next(a for a in rules.legal_actions(s) if isinstance(a, ChooseIcon) and (a.col, a.row) == (6, 1))
    s = rules.apply(s, rumor)
    assert s.phase == "rumor" and s.scoring.queue, (s.phase, s.scoring)
    return s


def test_the_scoring_card_says_who_decides_now_not_the_explorer_waiting(app, monkeypatch):
    """Issue 13: the card said "rank 12: chooses now" while the tallest was still placing its rumor."""
    game = table(app, rumor_still_placed)
    seen = drawn_texts(monkeypatch, scene_panels)
    frame(app, game)
    lines = [text for text, _r, _h in seen if "rank" in text]
    waiting = game.s.scoring.queue[0]
    assert lines and not any("chooses now" in text for text in lines), lines
    assert any(f"rank {waiting}" in text for text in lines)


# ------------------------------------------------------------------ words
def full_caravan_gems(rules, s):
    """Ann's full caravan (four salt) and a gem to load: she throws one away or leaves the new one."""
    s = incense_oasis_claim(rules, s)
    load(s, 0, "salt", "salt", "salt", "salt")
    s.scoring.icons = [(c, p, i, "gems") for c, p, i, _icon in s.scoring.icons[:1]]
    s.goods["gems"] = 5
    s.phase, s.good_wait, s.decider = "good", "gems", 0
    set_water(s, 0, 1)
    return s


def test_goods_in_running_text_are_plain_nouns(app):
    """Issue 13: "Leave the new Gems": a good's name inside a sentence is written small."""
    game = table(app, full_caravan_gems)
    game._sync_widgets()
    words = [game.instruction()] + [b.tooltip() if callable(b.tooltip) else b.tooltip for b in game.choice_buttons]
    assert any("the new gems" in w for w in words), words
    assert not any("the new Gems" in w or "one Salt" in w for w in words), words


def test_the_final_sheet_has_the_oasis_accounts_the_rules_page_promises(app):
    """Issue 13 (rules.md "End of the game and scoring": "...and an account of every oasis scored")."""
    from engine.ui.scenes.scoresheet import ScoreSheetScene

    def over(rules, s):
        s = incense_oasis_claim(rules, s)
        s = rules.apply(s, next(a for a in rules.legal_actions(s) if isinstance(a, ChooseIcon)))
        assert s.accounts
        rules._game_over(s, "a test")
        return s
    game = table(app, over)
    game.push_final_sheet()
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene)
    accounts = [game.rules.describe_oasis(game.match.state, acc) for acc in game.match.state.accounts]
    assert accounts and all(any(str(a) in str(d) for d in sheet.sheet.details) for a in accounts)


def test_scene_words_module_is_the_one_that_speaks():
    """The table's sentences live in scene_words (issue 12's split); the instruction hook is there."""
    assert "turn_words" in vars(scene_words.DesertWords)
