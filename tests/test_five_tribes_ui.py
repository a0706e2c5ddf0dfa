"""Five Tribes scene driven by real mouse and key events: gestures become actions through the Match."""
from __future__ import annotations

import random

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.ui.scenes.curtain import CurtainScene
from games.five_tribes.rules_state import (
    HIDDEN,
    Bid,
    Build,
    BuyCard,
    Decline,
    Drop,
    EndTurn,
    Kill,
    PickUp,
    PlaceCamel,
    PlacePalm,
    Sell,
    TakeDjinn,
    UseDjinn,
)
from tests.five_tribes_helpers import at_turn, cell, court, djinn_row, give_cards, give_djinn, own, put, seats, set_board


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos, held=True):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))


def wheel(y=1):
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(app, pos):
    app.step([move(pos, held=False)])
    app.step([down(pos), up(pos)])


def glide(app, start, end, steps=4):
    """Move with the button held from start to end in steps (no press, no release)."""
    for k in range(1, steps + 1):
        app.step([move((start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps))])


def drag(app, start, end, steps=4):
    """Press at start, move in steps, release at end: a real drag."""
    app.step([move(start, held=False)])
    app.step([down(start)])
    glide(app, start, end, steps)
    app.step([up(end)])


def lift_curtain(app):
    """Click the curtain's button ("I am Ann: show my game") as the player would."""
    app.step([])
    while isinstance(app.top, CurtainScene):
        click(app, app.top.button.rect.center)
        app.step([])
    if getattr(app.top, "since", None) is not None:
        click(app, app.top.log_rect().center)  # "since your last turn" read: a click goes on to play


def open_table(app, match):
    game = registry.get("five_tribes").make_scene(app, match)
    app.push(game)
    lift_curtain(app)
    assert app.top is game
    return game


@pytest.fixture
def table(app):
    """A fresh three-seat game (all human) at its first bid."""
    match = Match(registry.get("five_tribes").make_rules(), seats(3), 7)
    return open_table(app, match)


def crafted(app, build, n=3, seed=7):
    """A game whose first state is laid out by `build(state)` (a test board of five_tribes_helpers), on screen."""
    match = Match(registry.get("five_tribes").make_rules(), seats(n), seed)
    build(match.state)
    assert not match.rules.check_invariants(match.state)
    game = open_table(app, match)
    assert game.holder == match.to_move()
    return game


def centre(scene, tile):
    return scene.cell_rect(tile).center


def walk(app, scene, start, drops):
    """Press on `start`, then drag into each tile of `drops` [(tile, colour)], turning the wheel to the colour."""
    app.step([move(centre(scene, start), held=False)])
    app.step([down(centre(scene, start))])
    here = centre(scene, start)
    for tile, colour in drops:
        for _ in range(5):
            if scene.colour == colour:
                break
            app.step([wheel(-1)])
        assert scene.colour == colour, f"the wheel reaches {colour}"
        glide(app, here, centre(scene, tile))
        here = centre(scene, tile)
    app.step([up(here)])


# ------------------------------------------------------------------ boards for the move and its actions
def assassins_board(s):
    """Ann moves 1 Assassin from (0,0) onto (0,1), which holds an Assassin and an Elder: she collects 2."""
    set_board(s)
    put(s, cell(0, 0), "assassin")
    put(s, cell(0, 1), "assassin", "elder")
    put(s, cell(1, 1), "merchant", "builder")  # 1 away: in reach
    put(s, cell(5, 5), "vizier", "elder")  # 9 away: out of reach
    put(s, cell(4, 0), "vizier", "builder", "merchant")
    court(s, 1, viziers=2, elders=1)
    at_turn(s, 0)


def row_of_three(s):
    """Ann holds a Vizier, an Elder and a Builder at (4,0); (4,3) holds a Builder and a Merchant."""
    set_board(s)
    put(s, cell(4, 0), "vizier", "elder", "builder")
    put(s, cell(4, 1), "merchant")
    put(s, cell(4, 2), "merchant")
    put(s, cell(4, 3), "builder", "merchant")
    put(s, cell(3, 0), "assassin", "assassin")
    at_turn(s, 0)


def one_vizier(s):
    """A single Vizier at (3,4): east (3,5) holds a Vizier, west (3,3) holds none."""
    set_board(s)
    put(s, cell(3, 4), "vizier")
    put(s, cell(3, 5), "vizier", "elder")
    put(s, cell(3, 3), "merchant")
    put(s, cell(5, 0), "builder", "builder")
    at_turn(s, 0)


def emptying_move(s):
    """Ann's Elder from (5,0) lands on (5,1), which holds one Elder only: she empties it and takes it."""
    set_board(s)
    put(s, cell(5, 0), "elder")
    put(s, cell(5, 1), "elder")
    put(s, cell(0, 0), "vizier", "vizier")
    at_turn(s, 0)


def to_sacred_place(s):
    """(0,4) holds an Elder; the Sacred Place at (0,5) holds an Elder and a Vizier: Ann ends with 2 Elders."""
    set_board(s)
    put(s, cell(0, 4), "elder")
    put(s, cell(0, 5), "elder", "vizier")
    put(s, cell(3, 0), "merchant", "merchant")
    djinn_row(s, "jafaar", "sloar", "anun_nak")
    at_turn(s, 0)


def to_city(s):
    """A Builder from (0,3) onto the city at (1,3) (a Builder and a Merchant there); Ann owns (1,2) by the lake."""
    set_board(s)
    put(s, cell(0, 3), "builder")
    put(s, cell(1, 3), "builder", "merchant")
    put(s, cell(3, 0), "merchant", "merchant")
    own(s, 0, cell(1, 2))
    s.whim_deck.remove("whim_01")
    s.whim_on[cell(1, 3)] = "whim_01"  # "By the Water": own a tile next to the Great Lake
    at_turn(s, 0)


def to_oasis(s):
    """A Vizier from (0,1) onto the Oasis at (0,2), which holds a Vizier and a Merchant."""
    set_board(s)
    put(s, cell(0, 1), "vizier")
    put(s, cell(0, 2), "vizier", "merchant")
    put(s, cell(3, 0), "merchant", "merchant")
    at_turn(s, 0)


def to_market(s):
    """A Merchant from (0,0) onto the large market at (0,1) (a Merchant and a Builder there)."""
    set_board(s)
    put(s, cell(0, 0), "merchant")
    put(s, cell(0, 1), "merchant", "builder")
    put(s, cell(3, 0), "vizier", "vizier")
    give_cards(s, 0, "fish", "silk", "ivory")
    at_turn(s, 0)


# ------------------------------------------------------------------ what is drawn
def test_the_table_draws_the_holders_view_never_the_game_itself(app, table):
    """Gold is hidden by default: the seat holding the screen sees its own gold only."""
    s = table.s
    holder = table.holder
    assert s is not table.match.state and s.hidden
    for seat, p in enumerate(s.players):
        assert p.gold_hidden == (seat != holder)
    app.step([])
    assert table._layers.keys() == {"column", "board", "side"}


def _whims_in_both_hands(s):
    assassins_board(s)
    s.players[1].whims.append(s.whim_deck.pop())
    s.players[0].whims.append(s.whim_deck.pop())


def test_whim_cards_in_another_hand_are_drawn_face_up(app):
    """Issue 13: a Whim card was face up on its city when taken, so the others' panels show it."""
    scene = crafted(app, _whims_in_both_hands)
    theirs = scene.seat_parts(1)["whims"]
    assert [w for w, _done, _r in theirs] == scene.match.state.players[1].whims != [HIDDEN]


def test_with_the_memory_option_whim_cards_in_another_hand_are_drawn_as_backs(app):
    match = Match(registry.get("five_tribes").make_rules(), seats(3), 7, {"whim_hands": "hidden"})
    _whims_in_both_hands(match.state)
    scene = open_table(app, match)
    mine = scene.seat_parts(0)["whims"]
    theirs = scene.seat_parts(1)["whims"]
    assert [w for w, _done, _r in mine] == scene.match.state.players[0].whims
    assert [w for w, _done, _r in theirs] == [HIDDEN]


# ------------------------------------------------------------------ bidding
def test_dragging_the_turn_marker_to_a_free_spot_bids_its_price(app, table):
    m = table.match
    seat = m.to_move()
    gold = m.state.players[seat].gold
    start = table.marker_rect(m.state.marker).center
    drag(app, start, table.spot_centre(4))  # the 3-gold spot of the base track
    assert m.log[-1].action == Bid(4, 0)
    assert m.states[-2].players[seat].gold == gold and m.state.players[seat].gold == gold - 3


def test_a_marker_dropped_on_a_taken_spot_says_why_and_changes_nothing(app, table):
    m = table.match
    m.play(Bid(0, 0))  # the first bidder takes the 18 spot
    lift_curtain(app)
    reason = m.why_illegal(Bid(0, 0))
    assert reason == "That spot is taken."
    before = (len(m.log), m.state)
    start = table.marker_rect(m.state.marker).center
    app.step([move(start, held=False)])
    app.step([down(start)])
    glide(app, start, table.spot_centre(0))
    assert table.drag.hover == 0 and table.drag.hover_reason == reason, "hovering the refused spot says why"
    app.step([up(table.spot_centre(0))])
    assert (len(m.log), m.state) == before, "nothing changes"
    assert table.toast[0] == reason
    assert not table.drag.holding and table.drag.spring is not None, "the marker springs back"


def test_a_marker_dropped_on_the_last_zero_spot_joins_the_queue_in_front(app, table):
    m = table.match
    drag(app, table.marker_rect(m.state.marker).center, table.spot_centre(8))
    assert m.log[-1].action == Bid(6, 0)


# ------------------------------------------------------------------ the move
def test_a_full_move_is_dragged_tile_by_tile_one_meeple_each(app):
    scene = crafted(app, row_of_three)
    m = scene.match
    start = cell(4, 0)
    assert start in scene.start_tiles()
    drops = [(cell(4, 1), "vizier"), (cell(4, 2), "elder"), (cell(4, 3), "builder")]
    walk(app, scene, start, drops)
    assert [e.action for e in m.log] == [PickUp(start)] + [Drop(t, c) for t, c in drops]
    s = m.state
    assert s.final == cell(4, 3) and s.collected == (2, 2), "the two Builders are collected"
    assert s.phase == "tribe" and s.meeples[cell(4, 1)][0] == 1 and s.meeples[cell(4, 2)][1] == 1


def test_the_legal_ends_are_marked_and_a_click_on_one_finishes_the_move(app):
    scene = crafted(app, row_of_three)
    m = scene.match
    start = cell(4, 0)
    click(app, centre(scene, start))
    assert m.state.phase == "move" and m.log[-1].action == PickUp(start)
    ends = scene.end_tiles()
    assert ends == m.rules.end_tiles(m.state) and cell(4, 3) in ends
    expected = m.rules.shortest_completion(m.state, cell(4, 3))
    app.step([move(centre(scene, cell(4, 3)), held=False)])
    assert "end the move here" in scene._tile_text(cell(4, 3))
    click(app, centre(scene, cell(4, 3)))
    assert [e.action for e in m.log[1:]] == expected
    assert m.state.final == cell(4, 3)


def test_a_refused_step_says_why_and_changes_nothing(app):
    scene = crafted(app, one_vizier)
    m = scene.match
    start = cell(3, 4)
    app.step([move(centre(scene, start), held=False)])
    app.step([down(centre(scene, start))])
    assert m.state.phase == "move" and scene.walking
    before = (len(m.log), m.state)
    reason = m.why_illegal(Drop(cell(3, 3), "vizier"))
    assert reason == "The last meeple must land on a tile that already holds its colour."
    glide(app, centre(scene, start), centre(scene, cell(3, 3)))
    assert (len(m.log), m.state) == before, "the refused tile takes no meeple"
    assert scene.step_refusal == (cell(3, 3), reason)
    app.step([up(centre(scene, cell(3, 3)))])
    app.step([move(centre(scene, cell(3, 3)), held=False)])
    assert scene._tile_text(cell(3, 3)).startswith(reason), "hovering it says why"
    drag(app, centre(scene, start), centre(scene, cell(3, 5)))
    assert m.log[-1].action == Drop(cell(3, 5), "vizier")


def test_a_press_on_a_tile_that_cannot_start_a_move_says_why(app):
    scene = crafted(app, one_vizier)
    m = scene.match
    bad = cell(3, 3)  # one Merchant: no tile beside it holds a Merchant
    reason = m.why_illegal(PickUp(bad))
    assert reason
    click(app, centre(scene, bad))
    assert not m.log and scene.toast[0] == reason


def test_ctrl_z_takes_back_the_last_drop(app):
    scene = crafted(app, row_of_three)
    m = scene.match
    click(app, centre(scene, cell(4, 0)))
    drag(app, centre(scene, cell(4, 0)), centre(scene, cell(4, 1)))
    assert m.log[-1].action.kind == "drop"
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)])
    assert m.log[-1].action == PickUp(cell(4, 0)) and m.state.phase == "move"


# ------------------------------------------------------------------ after the move
def test_an_emptied_tile_takes_the_camel_dragged_from_the_panel(app):
    scene = crafted(app, emptying_move)
    m = scene.match
    drag(app, centre(scene, cell(5, 0)), centre(scene, cell(5, 1)))
    assert m.state.phase == "control" and m.state.claims == [cell(5, 1)]
    camels = m.state.players[0].camels
    drag(app, scene.seat_parts(0)["camels"].center, centre(scene, cell(5, 1)))
    assert m.log[-1].action == PlaceCamel(cell(5, 1))
    assert m.state.owner[cell(5, 1)] == 0 and m.state.players[0].camels == camels - 1


def test_the_assassin_marker_dragged_onto_a_meeple_kills_it(app):
    scene = crafted(app, assassins_board)
    m = scene.match
    drag(app, centre(scene, cell(0, 0)), centre(scene, cell(0, 1)))
    assert m.state.phase == "tribe" and m.state.collected == (4, 2)
    target = next(r for tr, r in scene.meeple_rects(cell(1, 1), m.state.meeples[cell(1, 1)]) if tr == "merchant")
    drag(app, scene.marker_source().center, target.center)
    assert m.log[-1].action == Kill(("merchant",), tile=cell(1, 1), fakirs=0)
    assert m.state.meeples[cell(1, 1)] == (0, 0, 1, 0, 0)


def test_the_assassin_marker_dragged_onto_an_opponents_vizier_kills_it(app):
    scene = crafted(app, assassins_board)
    m = scene.match
    drag(app, centre(scene, cell(0, 0)), centre(scene, cell(0, 1)))
    drag(app, scene.marker_source().center, scene.seat_parts(1)["vizier"].center)
    assert m.log[-1].action == Kill(("vizier",), seat=1)
    assert m.state.players[1].viziers == 1


def test_a_kill_out_of_reach_is_refused_with_the_reason(app):
    scene = crafted(app, assassins_board)
    m = scene.match
    drag(app, centre(scene, cell(0, 0)), centre(scene, cell(0, 1)))
    before = (len(m.log), m.state)
    far = next(r for tr, r in scene.meeple_rects(cell(5, 5), m.state.meeples[cell(5, 5)]) if tr == "vizier")
    reason = m.why_illegal(Kill(("vizier",), tile=cell(5, 5), fakirs=8))
    assert reason and "Fakir" in reason
    src = scene.marker_source().center
    app.step([move(src, held=False)])
    app.step([down(src)])
    glide(app, src, far.center)
    assert scene.drag.hover_reason == reason
    app.step([up(far.center)])
    assert (len(m.log), m.state) == before and scene.toast[0] == reason


def test_a_djinn_is_taken_by_clicking_it_at_a_sacred_place(app):
    scene = crafted(app, to_sacred_place)
    m = scene.match
    drag(app, centre(scene, cell(0, 4)), centre(scene, cell(0, 5)))
    assert m.state.phase == "tile" and m.state.players[0].elders == 2
    slot = m.state.djinn_row.index("sloar")
    click(app, scene.djinn_rects[slot].center)
    assert m.log[-1].action == TakeDjinn("sloar", ("elder", "elder"))
    assert m.state.players[0].djinns == ["sloar"] and m.state.players[0].elders == 0


def test_a_whim_already_met_is_paid_at_once_and_shown_as_a_notice(app):
    scene = crafted(app, to_city)
    m = scene.match
    gold = m.state.players[0].gold
    drag(app, centre(scene, cell(0, 3)), centre(scene, cell(1, 3)))
    assert m.state.phase == "tribe"
    click(app, scene.btn_main.rect.center)  # "Build: n gold"
    assert m.log[-1].action == Build(0)
    built = next(n["gold"] for n in m.state.notices if n["type"] == "build")
    assert m.state.players[0].whims_done == ["whim_01"]
    assert m.state.players[0].gold == gold + built + m.rules.cat.whims["whim_01"].reward_gold
    shown = [n.text for n in scene.whim_notices]  # a Whim paid out has its own notices, under the board
    assert any("Whim of the Sultan fulfilled" in text and "By the Water" in text for text in shown)
    card = m.rules.cat.whims["whim_01"].text["en"]
    assert any(card in text for text in shown), "the notice says what the card asked"


def test_points_of_a_seat_whose_gold_is_hidden_say_the_gold_is_missing(app, table):
    """Gold is hidden (the default): another seat's projected points leave it out, and say so."""
    m = table.match
    me, other = table.holder, (table.holder + 1) % 3
    assert table.visible.players[other].gold_hidden and not table.visible.players[me].gold_hidden
    mine = table._hover_text(table.seat_parts(me)["vp"].center)
    theirs = table._hover_text(table.seat_parts(other)["vp"].center)
    assert "hidden" in theirs and m.seats[other].name in theirs
    assert "hidden" not in mine


def test_the_palm_is_dragged_onto_the_oasis(app):
    scene = crafted(app, to_oasis)
    m = scene.match
    drag(app, centre(scene, cell(0, 1)), centre(scene, cell(0, 2)))
    assert m.state.phase == "tile"
    assert scene._shows_supply()
    app.step([])
    drag(app, scene.palm_source().center, centre(scene, cell(0, 2)))
    assert m.log[-1].action == PlacePalm(cell(0, 2))
    assert m.state.palms[cell(0, 2)] == 1


def test_a_market_card_is_bought_by_click_then_goods_are_sold_and_the_turn_ends(app):
    scene = crafted(app, to_market)
    m = scene.match
    drag(app, centre(scene, cell(0, 0)), centre(scene, cell(0, 1)))
    assert m.state.phase == "tile" and m.state.window
    slot = m.state.window[0]
    click(app, scene.row_rects[slot].center)
    assert m.log[-1].action == BuyCard(slot) and m.state.phase == "market"
    click(app, scene.row_rects[m.state.window[0]].center)
    assert m.state.phase == "finish"
    for good in ("fish", "silk"):
        button = next(b for b in scene.choice_buttons if b.tooltip_text().startswith("Choose " + m.rules.cat.resources[good].name))
        click(app, button.rect.center)
    sell = next(b for b in scene.choice_buttons if b.label.startswith("Sell 2"))
    click(app, sell.rect.center)
    assert m.log[-1].action.kind == "sell" and set(m.log[-1].action.goods) == {"fish", "silk"}
    click(app, scene.btn_main.rect.center)
    assert m.log[-1].action == EndTurn()


def test_buy_nothing_declines_the_market(app):
    scene = crafted(app, to_market)
    m = scene.match
    drag(app, centre(scene, cell(0, 0)), centre(scene, cell(0, 1)))
    assert scene.btn_main.label == "Buy nothing"
    app.step([key(pygame.K_RETURN)])
    assert m.log[-1].action == Decline() and m.state.phase == "finish"


def test_a_djinn_power_with_a_target_is_used_by_clicking_the_tile(app):
    def build(s):
        to_market(s)
        give_djinn(s, 0, "leta")  # take control of an empty tile; costs an Elder and an Elder or Fakir
        court(s, 0, elders=2)
    scene = crafted(app, build)
    m = scene.match
    use = next(b for b in scene.choice_buttons if b.label == "Use Leta")
    click(app, use.rect.center)
    assert scene.targeting == "leta"
    empty = cell(5, 5)
    click(app, centre(scene, empty))
    act = m.log[-1].action
    assert isinstance(act, UseDjinn) and act.djinn == "leta" and act.tile == empty
    assert m.state.owner[empty] == 0


# ------------------------------------------------------------------ the end
def test_the_final_sheet_opens_with_every_row_explained(app):
    match = Match(registry.get("five_tribes").make_rules(), seats(2), 11)
    rng = random.Random(11)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()), autosave=False)
    scene = registry.get("five_tribes").make_scene(app, match)
    app.push(scene)
    lift_curtain(app)  # the game is over: everything is shown, to whoever holds the screen
    for _ in range(3):
        app.step([])
    from games.five_tribes.scene_sheet import FiveTribesSheetScene

    sheet = app.top
    assert isinstance(sheet, FiveTribesSheetScene) and scene.final_pushed
    assert len(sheet.cells) == len(sheet.sheet.rows) * 2, "every cell has its reason"
    assert all(row.note for row in sheet.sheet.rows), "every row says what it counts"
    gold_cell, why = sheet.cells[0]
    assert why == sheet.why[0]["gold"]
    # under the totals, each seat's bar stacks its rows: the parts add up to its total, the best is the longest
    totals = sheet.sheet.totals
    for seat, total in enumerate(totals):
        parts = [(rect, r, points) for rect, s, r, points in sheet.parts if s == seat]
        assert sum(points for _rect, _r, points in parts) == total
        assert [points for _rect, r, points in parts] == [row.values[seat] for row in sheet.sheet.rows
                                                          if row.values[seat] > 0]
    widths = [sum(rect.width for rect, s, _r, _p in sheet.parts if s == seat) for seat in range(len(totals))]
    assert widths.index(max(widths)) == totals.index(max(totals))
    assert min(widths) < max(widths) or min(totals) == max(totals)


def test_sibittis_lays_out_the_drawn_djinns_and_a_click_keeps_one(app):
    def build(s):
        to_market(s)
        give_djinn(s, 0, "sibittis")
        court(s, 0, elders=2)
    scene = crafted(app, build)
    m = scene.match
    click(app, next(b for b in scene.choice_buttons if b.label == "Use Sibittis").rect.center)
    assert m.state.phase == "choose_djinn" and len(m.state.drawn) == 3
    drawn, rect = scene.drawn_rects()[1]
    click(app, rect.center)
    assert m.log[-1].action.kind == "keep_djinn" and m.log[-1].action.djinn == drawn
    assert drawn in m.state.players[0].djinns and m.state.phase == "start"


def test_purist_mode_draws_no_highlights_but_a_refusal_still_says_why(app):
    app.settings.purist = True
    scene = crafted(app, one_vizier)
    m = scene.match
    assert not scene.btn_sheet.visible, "no projected scores in purist mode"
    start = cell(3, 4)
    app.step([move(centre(scene, start), held=False)])
    app.step([down(centre(scene, start))])
    glide(app, centre(scene, start), centre(scene, cell(3, 3)))
    assert scene.drag.hover_reason == m.why_illegal(Drop(cell(3, 3), "vizier"))
    assert len(m.log) == 1, "only the pick-up was played"


def test_the_colour_chips_choose_the_next_meeple(app):
    scene = crafted(app, row_of_three)
    m = scene.match
    click(app, centre(scene, cell(4, 0)))
    chips = {b.tooltip_text().split()[2]: b for b in scene.choice_buttons if b.tooltip_text().startswith("Drop a")}
    assert set(chips) == {"Vizier", "Elder", "Builder"}
    click(app, chips["Elder"].rect.center)
    assert scene.colour == "elder"
    drag(app, centre(scene, cell(4, 0)), centre(scene, cell(4, 1)))
    assert m.log[-1].action == Drop(cell(4, 1), "elder")


def test_with_lamia_the_palm_dragged_next_door_is_paid_for_and_refused_far_away(app):
    def build(s):
        to_oasis(s)
        give_djinn(s, 0, "lamia")
        give_cards(s, 0, "fakir")
    scene = crafted(app, build)
    m = scene.match
    drag(app, centre(scene, cell(0, 1)), centre(scene, cell(0, 2)))
    src = scene.palm_source().center
    app.step([move(src, held=False)])
    app.step([down(src)])
    assert set(scene.drag.legal_targets()) >= {cell(0, 2), cell(1, 2), cell(0, 3)}
    glide(app, src, centre(scene, cell(3, 3)))
    assert scene.drag.hover_reason == m.why_illegal(PlacePalm(cell(3, 3), ("fakir",)))
    glide(app, centre(scene, cell(3, 3)), centre(scene, cell(1, 2)))
    app.step([up(centre(scene, cell(1, 2)))])
    assert m.log[-1].action == PlacePalm(cell(1, 2), ("fakir",))
    assert m.state.palms[cell(1, 2)] == 1 and m.state.players[0].fakirs == 0


def test_a_sale_told_over_the_table_names_the_goods_sold(app):
    """The notice of a sale says what was sold ("Ann sells Spice and Silk for 3 gold."), not "Ann sells 2 goods"."""
    info = registry.get("five_tribes")
    match = Match(info.make_rules(), seats(2), 3)
    scene = info.make_scene(app, match)
    rng = random.Random(3)
    while not any(n["type"] == "sell" for n in match.state.notices):
        legal = match.legal_actions()
        match.play(rng.choice([a for a in legal if isinstance(a, Sell)] or legal), autosave=False)
    note = next(n for n in match.state.notices if n["type"] == "sell")
    said = scene.notice_text(match.state, note)
    assert all(scene.card_name(g) in said for g in note["goods"]), said
    assert f"{note['gold']} gold" in said and "goods" not in said, said
