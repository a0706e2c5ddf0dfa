"""Realm of Sand's table driven by real mouse and key events: gestures become actions through the Match."""
from __future__ import annotations

import random
from pathlib import Path

import pygame

from engine.core import registry
from engine.core.orientation import ALL, Orientation
from engine.ui.scenes.curtain import CurtainScene
from engine.ui.scenes.scoresheet import ScoreSheetScene
from games.realm_of_sand import preview as ros_preview
from games.realm_of_sand.rules import (
    HIDDEN, Claim, EndDiscs, EndTurn, ExchangeDisc, KeepCard, MoveDisc, MoveSquare, PlaceDisc, PlaceTile, Reserve,
    SwapTile, TakeTile,
)
from tests.realm_of_sand_helpers import (
    cells, cid, click, drag, drawn, ev_down, ev_key, ev_move, ev_up, give_hand, lift_curtain, open_table, put_market,
    stage, tid,
)

ROOT = Path(__file__).resolve().parents[1]


def arranged(scene, board=None, hand=None, discs=None, level=None, phase="before", market=None, colour=None,
             charged=None, side=None):
    """The match's position with the seat to move given this board (drawn rows), hand, discs, level, market rows,
    board colour and crystal; the stock and supply keep every piece counted."""
    s = scene.match.state.copy()
    seat = s.current
    p = s.players[seat]
    s.phase = phase
    if side is not None:
        s.options = dict(s.options, side=side)
    if board is not None:
        for ch in p.cells:
            if ch.isupper():
                s.squares[ch] += 1
            elif ch:
                s.supply[ch.upper()] += 1
        p.cells = cells(board)
        for ch in p.cells:
            if ch.isupper():
                s.squares[ch] -= 1
            elif ch:
                s.supply[ch.upper()] -= 1
    if hand is not None:
        give_hand(s, seat, hand)
    for code, n in (discs or {}).items():
        s.supply[code] -= n - p.discs[code]
        p.discs[code] = n
    if level is not None:
        p.level = level
    if market is not None:
        put_market(s, market)
    if colour is not None:
        other = next((q for i, q in enumerate(s.players) if q.colour == colour and i != seat), None)
        if other is not None:
            other.colour = p.colour
        p.colour = colour
    if charged is not None:
        p.charged = charged
        s.ready = charged
    return s


def centre(rect) -> tuple[int, int]:
    return (rect.centerx, rect.centery)


def hand_rect(scene, tile: int) -> pygame.Rect:
    return next(r for t, r in scene.hand_rects() if t == tile)


def drop_point(scene, tile: int, lie: Orientation, anchor) -> tuple[int, int]:
    """Where the pointer holds the tile (its box's middle) so that it lies on `anchor`."""
    return centre(scene.tile_screen_rect(tile, lie, anchor))


# ------------------------------------------------------------------ the menu
def test_realm_of_sand_is_in_the_menu_for_one_to_four_seats_with_its_options() -> None:
    info = registry.get("realm_of_sand")
    assert info.make_scene is not None and registry.playable(info)
    assert (info.min_seats, info.max_seats) == (1, 4)
    assert {"side", "patterns", "dark_cells"} <= set(info.options)


# ------------------------------------------------------------------ the tile picture lies on the rules' cells
def test_every_tile_picture_lies_on_exactly_the_cells_the_rules_name_in_all_eight_lies(app) -> None:
    scene = open_table(app)
    art, cat = scene.art, scene.cat
    c = 24
    for tile in cat.tiles:
        for lie in ALL:
            img = art.tile(tile, c, lie)
            laid = dict(scene.rules.tile_cells(tile.index, lie, 0, 0))
            w, h = img.get_size()
            assert (w // c, h // c) == (max(x for x, _ in laid) + 1, max(y for _, y in laid) + 1), (tile.id, lie)
            for y in range(h // c):
                for x in range(w // c):
                    alpha = img.get_at((x * c + c // 2, y * c + c // 2)).a
                    assert (alpha > 0) == ((x, y) in laid), (tile.id, lie, (x, y))
            plain = scene.art._plain_tile(tile, c)  # the stand-in carries each cell's colour: it must go along
            plain = pygame.transform.rotate(pygame.transform.flip(plain, True, False) if lie.flipped else plain,
                                            -90 * lie.turns)
            for (x, y), colour in laid.items():
                from games.realm_of_sand.scene_art import PIECE_RGB

                corner = plain.get_at((x * c + c // 2 - c // 4, y * c + c // 2 + c // 5))
                assert tuple(corner)[:3] == PIECE_RGB[colour], (tile.id, lie, (x, y), colour)


def test_missing_art_is_drawn_as_plain_stand_ins_and_named(app, tmp_path) -> None:
    from games.realm_of_sand.scene_art import RealmArt

    scene = open_table(app, side="advanced")
    scene.art = RealmArt(app.assets, tmp_path, app.font)  # an empty art folder
    scene._static_for = None
    for _ in range(2):
        app.step([])
    missing = scene.art.missing
    assert {"boards/red_advanced.svg", "pieces/crystal_clear.svg", "pieces/level_marker.svg", "pieces/queen.svg",
            "tiles/back.svg", "cards/back_I.svg"} & missing
    assert any(n.startswith("tiles/T") for n in missing) and any(n.startswith("cards/I") for n in missing)
    corner = scene.cell_rect((0, 0)).center  # a dark cell of the stand-in board, not the table's wood
    assert tuple(app.screen.get_at(corner))[:3] != tuple(app.screen.get_at((scene.side.left - 2, 2)))[:3]


# ------------------------------------------------------------------ a rune tile
def test_a_tile_dragged_flipped_and_turned_onto_a_lit_anchor_becomes_its_squares(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, board=["......"] * 6, hand=("T27", "T01", "T02")))
    tile = tid("T27")  # an L of three colours: its lie shows in every square
    start = centre(hand_rect(scene, tile))
    app.step([ev_move(start, (0, 0, 0))])
    app.step([ev_down(start)])
    assert scene.drag.holding and scene.drag.spec.flippable
    app.step([ev_key(pygame.K_f)])
    app.step([ev_key(pygame.K_r)])
    lie = Orientation(0, False).flip().turned(1)
    assert scene.drag.spec.turn == lie
    anchors = m.rules.anchors(m.state, tile, lie)
    assert set(scene.drag.legal_targets()) == set(anchors)  # every legal anchor of this lie is lit
    anchor = (2, 1)
    assert anchor in anchors
    end = drop_point(scene, tile, lie, anchor)
    app.step([ev_move(end)])
    assert scene.drag.hover == anchor and scene.drag.hover_reason is None
    app.step([ev_up(end)])
    played = m.log[-1].action
    assert isinstance(played, PlaceTile) and (played.tile, played.x, played.y) == (tile, *anchor)
    assert Orientation(played.turns, played.flipped) in (lie, m.rules.geo.same_as[tile][lie])
    board = m.state.players[m.state.current].cells
    for (x, y), colour in m.rules.tile_cells(tile, lie, *anchor):
        assert board[y * 6 + x] == colour
    assert sum(1 for e in board if e) == 3
    assert m.state.phase == "take"


def test_the_pieces_a_tile_would_cover_are_named_and_a_refused_drop_springs_back_with_the_reason(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, board=["......", ".G....", ".R....", "......", "......", "......"],
                               hand=("T01", "T02", "T03"), level=0))
    tile = tid("T01")  # I: three greens in a row
    start = centre(hand_rect(scene, tile))
    app.step([ev_move(start, (0, 0, 0))])
    app.step([ev_down(start)])
    lie = scene.drag.spec.turn
    assert lie == Orientation()
    over = drop_point(scene, tile, lie, (1, 1))
    app.step([ev_move(over)])
    assert scene.drag.hover == (1, 1) and scene.drag.hover_reason is None
    assert scene.anchors_for(tile, lie)[(1, 1)] == ((1, 1),)  # the green square there is covered
    assert "covers 1 piece." in scene.held_words()
    bad = drop_point(scene, tile, lie, (0, 3))  # reaches the dark column: the +1 track is at 0
    app.step([ev_move(bad)])
    why = m.rules.why_illegal(m.state, PlaceTile(tile, 0, False, 0, 3))
    assert why and scene.drag.hover == (0, 3) and scene.drag.hover_reason == why
    edge = drop_point(scene, tile, lie, (4, 2))  # its third square would lie past the right edge
    app.step([ev_move(edge)])
    assert scene.drag.hover == (4, 2)
    assert scene.drag.hover_reason == m.rules.why_illegal(m.state, PlaceTile(tile, 0, False, 4, 2))
    assert "outside your board" in scene.held_words()
    app.step([ev_move(bad)])
    before = len(m.log)
    app.step([ev_up(bad)])
    assert len(m.log) == before and not scene.drag.holding
    assert scene.toast is not None and scene.toast[0] == str(why)
    assert scene.drag.spring_pos() is not None  # it flies back to the hand


def test_after_the_tile_a_click_takes_one_of_the_two_tiles_in_front_of_the_queen(app) -> None:
    scene = open_table(app)
    m = scene.match
    seat = m.state.current
    tile = m.state.players[seat].hand[0]
    lie = Orientation()
    anchor = next(iter(m.rules.anchors(m.state, tile, lie)))
    m.play(PlaceTile(tile, 0, False, *anchor), autosave=False)
    app.step([])
    offered = m.state.ring[:2]
    far = m.state.ring[5]
    before = len(m.log)
    click(app, centre(next(r for t, r in scene.ring_spots() if t == far)))
    assert len(m.log) == before and scene.toast is not None  # not in front of the queen: refused
    assert scene.main_action() is None  # nothing else to do now
    rect = next(r for t, r in scene.offer_rects() if t == offered[1])
    click(app, centre(rect))
    assert m.log[-1].action == TakeTile(offered[1])
    assert offered[1] in m.state.players[seat].hand


# ------------------------------------------------------------------ discs
def test_discs_are_placed_and_moved_by_dragging_and_the_step_counter_counts_down(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, board=["......", "......", "..g...", "......", "......", "......"],
                               discs={"R": 2, "G": 0}))
    seat = m.state.current
    assert m.rules.disc_steps_left(m.state) == 3 and "up to 3 discs" in scene.instruction()
    red = next(r for c, r in scene.disc_rects() if c == "R")
    drag(app, centre(red), centre(scene.cell_rect((3, 3))))
    assert m.log[-1].action == PlaceDisc("R", 3, 3)
    assert m.state.phase == "discs" and m.rules.disc_steps_left(m.state) == 2
    assert "(2 steps left)" in scene.instruction()
    drag(app, centre(scene.cell_rect((2, 2))), centre(scene.cell_rect((4, 1))))
    assert m.log[-1].action == MoveDisc(2, 2, 4, 1)
    assert drawn(m.state, seat)[1][4] == "g" and m.rules.disc_steps_left(m.state) == 1
    assert scene.main_action().action == EndDiscs()
    click(app, centre(scene.btn_main.rect))
    assert m.log[-1].action == EndDiscs()
    assert m.state.phase == "after" or m.state.current != seat


def test_a_disc_dropped_on_a_dark_cell_beyond_the_track_is_refused_with_the_reason(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, board=["......"] * 6, discs={"K": 1}, level=0))
    black = next(r for c, r in scene.disc_rects() if c == "K")
    before = len(m.log)
    drag(app, centre(black), centre(scene.cell_rect((0, 0))))
    assert len(m.log) == before
    assert scene.toast[0] == str(m.rules.why_illegal(m.state, PlaceDisc("K", 0, 0)))


# ------------------------------------------------------------------ claims
def test_hovering_a_card_shows_its_embeddings_and_a_click_claims_it(app) -> None:
    scene = open_table(app)
    m = scene.match
    # I-01 GGR: once on the board, read left to right
    stage(app, scene, arranged(scene, board=["......", ".GGR..", "......", "......", "......", "......"],
                               market={1: ["I-01", "I-02", "I-03", "I-13"]}))
    seat = m.state.current
    card = cid("I-01")
    rect = next(r for _lv, _k, c, r in scene.slot_rects() if c == card)
    app.step([ev_move(centre(rect), (0, 0, 0))])
    assert scene.card_at(centre(rect)) == (card, "market")
    ways = scene.embeddings_of(card)
    assert ways == [((1, 1), (2, 1), (3, 1))]
    app.step([])
    lit = app.screen.get_at(scene.cell_rect((2, 1)).inflate(-4, -4).topleft)[:3]
    app.step([ev_move((3, 3), (0, 0, 0))])
    app.step([])
    unlit = app.screen.get_at(scene.cell_rect((2, 1)).inflate(-4, -4).topleft)[:3]
    assert lit != unlit  # the embedding is outlined on the board while the card is hovered
    click(app, centre(rect))
    assert m.log[-1].action == Claim(card, ((1, 1), (2, 1), (3, 1)))
    assert card in m.state.players[seat].claimed and m.state.players[seat].cells[7] == ""


def test_a_pattern_lying_several_ways_waits_for_the_way_clicked_on_the_board(app) -> None:
    scene = open_table(app)
    m = scene.match
    # I-03 KKG: on the board twice (rows 1 and 3), so the click must say which
    stage(app, scene, arranged(scene, board=["......", ".KKG..", "......", ".KKG..", "......", "......"],
                               market={1: ["I-03", "I-02"]}))
    card = cid("I-03")
    rect = next(r for _lv, _k, c, r in scene.slot_rects() if c == card)
    n = len(m.log)
    click(app, centre(rect))
    assert scene.claiming == card and len(scene.choice_buttons) == 2  # "Way 1", "Way 2"
    assert len(m.log) == n  # nothing claimed yet
    click(app, centre(scene.cell_rect((2, 3))))
    assert m.log[-1].action == Claim(card, ((1, 3), (2, 3), (3, 3)))
    assert drawn(m.state, m.state.current)[1] == ".KKG.."


def test_a_card_whose_pattern_is_not_on_the_board_says_so(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, board=["......"] * 6, market={1: ["I-01"]}))
    rect = next(r for _lv, _k, c, r in scene.slot_rects() if c == cid("I-01"))
    n = len(m.log)
    click(app, centre(rect))
    assert len(m.log) == n and "I-01" in scene.toast[0]


# ------------------------------------------------------------------ crystal powers (advanced side)
def test_the_yellow_power_exchanges_a_disc_dragged_onto_the_central_supply(app) -> None:
    scene = open_table(app, side="advanced")
    m = scene.match
    while m.state.phase == "start":
        m.play(m.legal_actions()[0], autosave=False)
        lift_curtain(app)
    stage(app, scene, arranged(scene, discs={"G": 1}, colour="yellow", charged=True))
    assert "exchange_disc" in scene.powers()
    seat = m.state.current
    green = next(r for c, r in scene.disc_rects() if c == "G")
    blue = next(r for what, c, r in scene.supply_rects() if what == "disc" and c == "B")
    drag(app, centre(green), centre(blue))
    assert m.log[-1].action == ExchangeDisc("G", "B")
    p = m.state.players[seat]
    assert p.discs["B"] >= 1 and p.discs["G"] == 0 and not p.charged


def test_a_disc_dropped_on_the_central_supply_without_the_yellow_power_says_why(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, discs={"G": 1}))
    green = next(r for c, r in scene.disc_rects() if c == "G")
    blue = next(r for what, c, r in scene.supply_rects() if what == "disc" and c == "B")
    n = len(m.log)
    drag(app, centre(green), centre(blue))
    assert len(m.log) == n
    assert scene.toast[0] == str(m.rules.why_illegal(m.state, ExchangeDisc("G", "B")))  # the basic side's reason


def test_the_green_power_moves_a_square_and_the_red_power_keeps_a_clicked_card(app) -> None:
    scene = open_table(app, side="advanced")
    m = scene.match
    while m.state.phase == "start":
        m.play(m.legal_actions()[0], autosave=False)
        lift_curtain(app)
    stage(app, scene, arranged(scene, board=["......", ".R....", "......", "......", "......", "......"],
                               colour="green", charged=True))
    drag(app, centre(scene.cell_rect((1, 1))), centre(scene.cell_rect((3, 4))))
    assert m.log[-1].action == MoveSquare(1, 1, 3, 4)
    assert drawn(m.state, m.state.current)[4][3] == "R"
    stage(app, scene, arranged(scene, colour="red", charged=True))
    deck = scene.deck_rect(2)
    click(app, centre(deck))
    assert m.log[-1].action == Reserve(2) and m.state.phase == "reserve"
    app.step([])
    card, rect = scene.drawn_rects()[1]
    assert card != HIDDEN
    click(app, centre(rect))
    assert m.log[-1].action == KeepCard(card)
    assert m.state.players[m.state.current].reserved == (card,)


def test_the_blue_power_swaps_a_hand_tile_dropped_on_a_ring_tile(app) -> None:
    scene = open_table(app, side="advanced")
    m = scene.match
    while m.state.phase == "start":
        m.play(m.legal_actions()[0], autosave=False)
        lift_curtain(app)
    stage(app, scene, arranged(scene, colour="blue", charged=True, phase="after"))
    seat = m.state.current
    tile = m.state.players[seat].hand[0]
    ring_tile = m.state.ring[4]
    spot = next(r for t, r in scene.ring_spots() if t == ring_tile)
    drag(app, centre(hand_rect(scene, tile)), centre(spot))
    assert m.log[-1].action == SwapTile(tile, ring_tile)
    assert ring_tile in m.state.players[seat].hand and m.state.phase == "swap"
    assert scene.main_action() is not None  # "Stop swapping"


def test_the_orange_and_purple_powers_are_buttons_and_the_unlock_rule_opens_a_clicked_dark_cell(app) -> None:
    from games.realm_of_sand.rules import AllDiscs, GainLevel, Unlock

    scene = open_table(app, side="advanced", dark_cells="unlock")
    m = scene.match
    while m.state.phase == "start":
        m.play(m.legal_actions()[0], autosave=False)
        lift_curtain(app)
    stage(app, scene, arranged(scene, colour="orange", charged=True))
    seat = m.state.current
    button = next(b for b, a in zip(scene.choice_buttons, scene.choice_actions) if a == GainLevel())
    click(app, centre(button.rect))
    assert m.log[-1].action == GainLevel() and m.state.players[seat].level == 1
    assert m.state.phase == "unlock"  # the +1 opens a dark cell of the seat's choice
    assert "dark cell" in scene.instruction()
    click(app, centre(scene.cell_rect((5, 5))))
    assert m.log[-1].action == Unlock(5, 5) and m.state.players[seat].unlocked == 1 << 35
    stage(app, scene, arranged(scene, colour="purple", charged=True))
    button = next(b for b, a in zip(scene.choice_buttons, scene.choice_actions) if a == AllDiscs())
    click(app, centre(button.rect))
    assert m.log[-1].action == AllDiscs() and m.state.all_discs


# ------------------------------------------------------------------ the board shown large
def test_a_click_on_another_seats_small_board_shows_it_large_and_a_click_on_ones_own_returns(app) -> None:
    scene = open_table(app, seats=("Ann", "Bob", "Cleo"))
    holder = scene.holder
    other, panel, _board, _cs = scene.small_rects()[0]
    click(app, centre(panel))
    assert scene.shown_seat() == other and holder in scene.small_seats()
    own = next(p for s, p, _b, _c in scene.small_rects() if s == holder)
    click(app, centre(own))
    assert scene.shown_seat() == holder


# ------------------------------------------------------------------ pass and play
def test_two_seats_at_one_screen_never_see_the_tiles_dealt_to_the_other(app, monkeypatch) -> None:
    """Pass-and-play: of the other seat's hand the holder sees only the tiles it took from the ring in sight of
    all; those dealt to it at the start stay backs."""
    scene = open_table(app, seed=11)
    m = scene.match
    shown_hands: list[tuple[int, int]] = []
    original = scene._draw_hand

    def spy(surface, seat):
        original(surface, seat)
        shown_hands.append((scene.holder, seat))
        assert all(t >= 0 for t, _r in scene.hand_rects()), "a face-up hand is only the holder's"
    monkeypatch.setattr(scene, "_draw_hand", spy)
    rng = random.Random(2)
    curtains = 0
    seen: set[int] = set()
    for _ in range(40):
        if m.finished:
            break
        seat = m.to_move()
        acts = [a for a in m.legal_actions() if not isinstance(a, EndDiscs)] or m.legal_actions()
        m.play(rng.choice(acts), autosave=False)
        app.step([])
        if m.to_move() != seat and not m.finished:
            assert isinstance(app.top, CurtainScene)
            curtains += 1
        lift_curtain(app)
        scene._static_for = None
        app.step([])
        view = scene.visible
        other = m.state.players[1 - scene.holder]
        assert view.players[1 - scene.holder].hand == tuple(t if t in other.shown else HIDDEN for t in other.hand)
        seen.update(view.players[1 - scene.holder].hand)
    assert curtains >= 3 and shown_hands and all(holder == seat for holder, seat in shown_hands)
    assert HIDDEN in seen and len(seen) > 1, "the other hand held both dealt and openly taken tiles on the way"


def test_the_other_seats_hidden_tiles_and_cards_change_nothing_on_the_holders_screen(app, monkeypatch) -> None:
    """Two positions that differ only in the others' hands and reserves and the decks' order draw the same pixels."""
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)
    scene = open_table(app, seats=("Ann", "Bob", "Cleo"), seed=3)
    m = scene.match
    holder = scene.holder
    a, b = [i for i in range(3) if i != holder]
    frames = []
    base = m.state.copy()
    for variant in range(2):
        s = base.copy()
        if variant:
            s.players[a].hand, s.players[b].hand = s.players[b].hand, s.players[a].hand
            s.decks = tuple(tuple(reversed(d)) for d in s.decks)
        deck = s.decks[1]
        s.players[a].reserved = (deck[0],)
        s.decks = (s.decks[0], deck[1:], s.decks[2])
        stage(app, scene, s)
        assert scene.holder == holder
        scene._static_for = None
        app.step([ev_move((5, 5), (0, 0, 0))], dt=0.0)
        app.step([], dt=0.0)
        frames.append(pygame.image.tobytes(app.screen, "RGB"))
    assert m.states[-1].players[a].hand != base.players[a].hand
    assert frames[0] == frames[1]


# ------------------------------------------------------------------ the end
def test_a_solo_game_played_to_its_14th_turn_ends_with_the_rating_on_the_final_sheet(app, monkeypatch) -> None:
    scene = open_table(app, seats=("Ann",), seed=4)
    m = scene.match
    rng = random.Random(4)
    assert "turn 1 of 14" in scene.round_words()
    while not m.finished:
        acts = [a for a in m.legal_actions() if not isinstance(a, EndDiscs)] or m.legal_actions()
        claims = [a for a in acts if isinstance(a, Claim)]
        m.play(rng.choice(claims or acts), autosave=False)
        app.step([])
    for _ in range(3):
        app.step([])
    assert isinstance(app.top, ScoreSheetScene)
    sheet = app.top.sheet
    points = m.rules.points(m.state, 0)
    rating = m.rules.rating(points)
    assert m.state.turn == 14
    assert str(sheet.verdict) == f"Solo rating: {rating} ({points} points)."
    assert str(sheet.details[-1]).startswith("The ratings: Apprentice from 0, Adept from 18, ")
    assert sheet.totals == [points]
    # counts said with their plural forms ("1 hourglass", not "1 hourglasses")
    h, left = m.rules.hourglasses(m.state, 0), m.rules.pieces_on_board(m.state, 0)
    account = str(sheet.details[0])
    assert f"{h} hourglass{'' if h == 1 else 'es'}, " in account
    assert f"{left} piece{'' if left == 1 else 's'} left on the board." in account
    # a solo game has no winner: the sheet says no "Ann won." and no tie-break, only how it went
    import engine.ui.scenes.scoresheet as sheet_module
    said: list[str] = []
    real_t = sheet_module.t
    monkeypatch.setattr(sheet_module, "t", lambda text, **kw: said.append(str(text)) or real_t(text, **kw))
    app.step([])
    assert "Total" in said and "{names} won." not in said and str(sheet.tie_break) not in said
    assert str(sheet.verdict) in said, "the rating is said where a winner would be"


def test_a_four_seat_final_sheet_gives_points_per_card_and_the_tie_breaks(app) -> None:
    scene = open_table(app, seats=("Ann", "cpuBob", "cpuCleo", "cpuDora"), seed=2)
    scene.computer.update = lambda dt: None  # this test plays every seat itself
    m = scene.match
    rng = random.Random(2)
    while not m.finished:
        acts = m.legal_actions()
        claims = [a for a in acts if isinstance(a, Claim)]
        m.play(rng.choice(claims or [a for a in acts if not isinstance(a, EndDiscs)] or acts), autosave=False)
    for _ in range(3):
        app.step([])
    assert isinstance(app.top, ScoreSheetScene)
    sheet = app.top.sheet
    assert len(sheet.seats) == 4 and "pieces left on the board" in str(sheet.tie_break)
    claimed = [c for p in m.state.players for c in p.claimed]
    assert claimed, "someone claimed a card"
    text = " ".join(str(d) for d in sheet.details)
    for c in claimed:
        card = m.rules.cat.cards[c]
        assert f"{card.id} ({card.points})" in text


def test_end_turn_is_the_main_button_after_the_main_action(app) -> None:
    scene = open_table(app)
    m = scene.match
    stage(app, scene, arranged(scene, board=["......", ".GGR..", "......", "......", "......", "......"],
                               market={1: ["I-01", "I-02"]}, phase="after"))
    seat = m.state.current
    assert scene.main_action().action == EndTurn()
    click(app, centre(scene.btn_main.rect))
    assert m.log[-1].action == EndTurn() and m.state.current != seat


# ------------------------------------------------------------------ previewer
def test_the_previewer_lists_every_tile_piece_card_and_board():
    source = ros_preview.preview_source(ROOT / "data" / "realm_of_sand", ROOT / "art" / "realm_of_sand")
    from games.realm_of_sand.catalogue import load_catalogue

    cat = load_catalogue()
    tiles = source.of_kind("tile")
    assert [i.id for i in tiles] == [t.id for t in cat.tiles]
    assert all(i.rotations == 4 and i.flippable and i.count == 1 for i in tiles)
    assert {i.id for i in source.of_kind("card")} == {c.id for c in cat.cards}
    pieces = {i.id: i for i in source.of_kind("piece")}
    assert {"square_G", "square_R", "square_K", "disc_B", "disc_Y", "queen", "crystal_clear",
            "level_marker"} <= set(pieces)
    assert pieces["square_G"].count == 28 and pieces["disc_Y"].count == 6
    boards = {i.id for i in source.items if i.kind == "board"}
    assert {f"{b.colour}_{side}" for b in cat.boards for side in ("basic", "advanced")} == boards
    from engine.core.words import Words
    from tests.test_preview_words import said_texts

    plain = sorted({str(x) for x in said_texts(source) if not isinstance(x, Words)})
    assert plain == [], "every name, count label and overlay word is Words, so the previewer can translate it"
    assert source.item("I-08").name == "I-08: pattern RK/KR, 1 point, 1 hourglass, reward: +1 on the track"


def test_the_previewer_draws_every_item(app):
    from engine.ui.scenes.preview import ItemRenderer, rotated_size

    source = ros_preview.preview_source(ROOT / "data" / "realm_of_sand", ROOT / "art" / "realm_of_sand")
    renderer = ItemRenderer(app.assets)
    for item in source.items:
        for rotation in range(item.rotations):
            for flipped in ((False, True) if item.flippable else (False,)):
                renderer.image(item, rotated_size(item, 96, rotation), rotation, flipped)
    assert renderer.errors == {}


def test_the_cells_a_computer_seat_just_changed_glow_on_its_board_then_fade(app) -> None:
    # a computer's pieces appear at once; the cells it changed are outlined for a moment so its turn can be followed
    scene = open_table(app, seats=("Ann", "cpuBob"), seed=3)
    scene.computer.update = lambda dt: None  # this test plays Bob's actions itself
    m = scene.match
    while m.to_move() != 1:
        m.play(next(a for a in m.legal_actions() if a.kind in ("end_turn", "pass", "end_discs"))
               if any(a.kind in ("end_turn", "pass", "end_discs") for a in m.legal_actions()) else m.legal_actions()[0],
               autosave=False)
    assert scene.fresh == {}, "a human seat's own actions do not glow"
    place = next(a for a in m.legal_actions() if isinstance(a, PlaceTile))
    before = m.state.players[1].cells
    m.play(place, autosave=False)
    after = m.state.players[1].cells
    changed = {i for i, (a, b) in enumerate(zip(before, after)) if a != b}
    assert len(changed) == 3 and set(scene.fresh) == {1} and scene.fresh[1][0] == changed
    seat, _panel, board, cs = next(x for x in scene.small_rects() if x[0] == 1)
    cell = min(changed)
    r = scene.cell_rect((cell % scene.cat.width, cell // scene.cat.width), board, cs)
    app.step([])
    lit = app.screen.get_at((r.left + 1, r.centery))
    for _ in range(int(3 * 60)):  # past FRESH_SECONDS at any animation speed setting up to 1.5x
        app.step([])
    assert scene.fresh == {}
    assert app.screen.get_at((r.left + 1, r.centery)) != lit
