"""Realm of the Desert Sons scene driven by real mouse and key events: gestures become actions through the Match."""
from __future__ import annotations

import random

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.ui.scenes.curtain import CurtainScene
from games.desert_sons.rules import (
    ChooseIcon,
    Draw,
    MoveCamel,
    Pass,
    PlaceCamel,
    PlaceExplorer,
    PlaceRumor,
    PlaceTile,
    TakeBack,
)


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(app, pos):
    app.step([move(pos)])
    app.step([down(pos), up(pos)])


def drag(app, start, end, steps=4):
    """Press at start, move in steps, release at end: a real drag."""
    app.step([move(start)])
    app.step([down(start)])
    for k in range(1, steps + 1):
        app.step([move((start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps))])
    app.step([up(end)])


def lift_curtain(app):
    """Click the curtain's button ("I am Ann: show my game") as the player would."""
    app.step([])
    while isinstance(app.top, CurtainScene):
        click(app, app.top.button.rect.center)
        app.step([])
    if getattr(app.top, "since", None) is not None:
        click(app, app.top.log_rect().center)  # "since your last turn" read: a click goes on to play


@pytest.fixture
def scene(app):
    info = registry.get("desert_sons")
    seats = [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")]
    match = Match(info.make_rules(), seats, 7)
    game = info.make_scene(app, match)
    app.push(game)
    lift_curtain(app)
    assert app.top is game and game.holder == 0
    return game


def camels_out(app, scene):
    """Both camels go to their first free end (through the Match); Ann is then to move."""
    m = scene.match
    while m.state.phase == "camels":
        cell = m.rules.camel_starts(m.state)[0]
        m.play(PlaceCamel(*cell))
        lift_curtain(app)
    assert m.state.phase == "move" and m.to_move() == 0


def stage_top(state, rules, shape: str) -> int:
    """Put a tile of this shape on top of the lowest stack (our own copy of the state); returns the tile."""
    stack = state.stacks[state.lowest_stack()]
    want = next(i for i, k in enumerate(rules.cat.tiles) if k.shape == shape and i not in stack[-1:])
    for st in state.stacks:
        if want in st:
            st.remove(want)
    for p in state.players:
        if want in p.display:
            p.display.remove(want)
            p.display.append(stack.pop(0))
    stack.append(want)
    return want


# ------------------------------------------------------------------ the camel
def test_dragging_the_camel_from_the_panel_onto_a_free_end_places_it(app, scene):
    ends = scene.rules.camel_starts(scene.match.state)
    target = ends[0]
    drag(app, scene.camel_slot(0).center, scene.cell_rect(target).center)
    assert scene.match.log[-1].action == PlaceCamel(*target)
    assert scene.match.state.players[0].camel == target


def test_dragging_the_camel_highlights_its_reach_and_moves_it(app, scene):
    camels_out(app, scene)
    m = scene.match
    camel = m.state.players[0].camel
    free = [c for c, cost in m.rules.reach_costs(m.state).items() if cost == 0]
    assert free, "from an end of the cross the camel can walk along the brown road"
    target = free[-1]
    start = scene.cell_rect(camel).center
    app.step([move(start), down(start)])
    assert scene.drag.holding and scene.drag.spec.piece[0] == "camel"
    assert set(scene.drag.legal_targets()) == set(m.rules.reach_costs(m.state)), "every square it may end on is lit"
    for k in range(1, 5):
        end = scene.cell_rect(target).center
        app.step([move((start[0] + (end[0] - start[0]) * k / 4, start[1] + (end[1] - start[1]) * k / 4))])
    app.step([up(scene.cell_rect(target).center)])
    assert m.log[-1].action == MoveCamel(target[0], target[1], False)
    assert m.state.players[0].camel == target


def test_dropping_the_camel_on_sand_nobody_discovered_says_why_and_changes_nothing(app, scene):
    camels_out(app, scene)
    m = scene.match
    camel = m.state.players[0].camel
    sand = next((c, r) for r in range(11) for c in range(11) if (c, r) not in m.state.cells)
    reason = m.why_illegal(MoveCamel(sand[0], sand[1], False))
    assert reason
    before = (len(m.log), m.state)
    app.step([move(scene.cell_rect(camel).center), down(scene.cell_rect(camel).center)])
    app.step([move(scene.cell_rect(sand).center)])
    assert scene.drag.hover_reason == reason, "hovering a refused square says why"
    app.step([up(scene.cell_rect(sand).center)])
    assert (len(m.log), m.state) == before, "nothing may change"
    assert scene.toast[0] == reason
    assert not scene.drag.holding and scene.drag.spring is not None, "the camel springs back"


def test_enter_stays_and_ctrl_z_takes_the_move_back(app, scene):
    camels_out(app, scene)
    m = scene.match
    app.step([key(pygame.K_RETURN)])
    assert m.log[-1].action == Pass() and m.state.phase == "discover"
    app.step([key(pygame.K_z, pygame.KMOD_LCTRL)])
    assert m.state.phase == "move" and m.to_move() == 0
    app.step([key(pygame.K_y, pygame.KMOD_LCTRL)])
    assert m.log[-1].action == Pass()


# ------------------------------------------------------------------ tiles
def _ready_to_draw(app, scene, shape: str) -> int:
    """Ann's camel on the north end of the cross, her move passed, a tile of `shape` on top of stack 1."""
    camels_out(app, scene)
    m = scene.match
    assert m.state.players[0].camel == (5, 0), "the first free end is the north end"
    m.play(Pass())
    assert m.state.phase == "discover"
    return stage_top(m.states[-1], m.rules, shape)


def test_dragging_a_drawn_tile_and_turning_it_lays_it_as_turned(app, scene):
    tile = _ready_to_draw(app, scene, "E")  # one oasis edge: beside the north border only two turns fit
    m = scene.match
    stack = scene.stack_rects()[m.state.lowest_stack()].center
    target = scene.cell_rect((4, 0)).center
    app.step([move(stack), down(stack)])
    assert m.log[-1].action == Draw(1), "pressing the lowest stack draws its top tile"
    assert m.state.in_hand == tile and scene.drag.holding and scene.drag.spec.piece == ("hand",)
    for k in range(1, 5):
        app.step([move((stack[0] + (target[0] - stack[0]) * k / 4, stack[1] + (target[1] - stack[1]) * k / 4))])
    fits = {r for c, r in m.rules.placements(m.state, tile, all_rotations=True) if c == (4, 0)}
    assert fits == {2, 3}, "the oasis edge may face south or west, never the border or the road"
    assert (4, 0) in scene.drag.legal_anywhere(), "legal squares are lit"
    first = scene.drag.rotation
    app.step([key(pygame.K_r)])
    assert scene.drag.rotation == (first + 1) % 4, "R turns the tile"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=3)])
    assert scene.drag.rotation == (first + 2) % 4, "a right click turns it too"
    while scene.drag.rotation != 3:
        app.step([key(pygame.K_r)])
    assert scene.drag.hover == (4, 0) and scene.drag.hover_reason is None
    app.step([up(target)])
    placed = m.state.cells[(4, 0)]
    assert m.log[-1].action == PlaceTile(4, 0, 3)
    assert placed.tile == tile and placed.rotation == 3 and placed.edges[3] == "O"
    assert m.state.players[0].camel == (4, 0), "the camel moves onto the new tile"


def test_a_tile_turned_so_it_does_not_fit_springs_back_with_the_reason(app, scene):
    _ready_to_draw(app, scene, "E")
    m = scene.match
    stack = scene.stack_rects()[m.state.lowest_stack()].center
    target = scene.cell_rect((4, 0)).center
    app.step([move(stack), down(stack), move(target)])
    while scene.drag.rotation != 0:  # the oasis edge now faces the border
        app.step([key(pygame.K_r)])
    reason = m.why_illegal(PlaceTile(4, 0, 0))
    assert reason and scene.drag.hover_reason == reason
    before = (len(m.log), m.state)
    app.step([up(target)])
    assert (len(m.log), m.state) == before and m.state.phase == "place"
    assert scene.toast[0] == reason
    assert not scene.drag.holding and scene.drag.spring is not None


def test_a_drawn_tile_that_fits_nowhere_goes_to_the_display_and_the_turn_ends(app, scene):
    tile = _ready_to_draw(app, scene, "X")  # four oasis edges: nothing beside the north border takes it
    m = scene.match
    stack = scene.stack_rects()[m.state.lowest_stack()].center
    app.step([move(stack), down(stack), up(stack)])
    assert m.log[-1].action == Draw(1)
    assert not scene.drag.holding
    assert tile in m.state.players[0].display
    assert m.state.phase not in ("place", "explorer") and m.state.fresh is None
    assert any(n.note["type"] == "no_fit" for n in scene.notices), "a notice says where the tile went"


def stage_display(state, rules, seat: int, shape: str) -> int:
    """Swap the first tile of a seat's display for a tile of this shape from the stacks; returns the tile."""
    want = next(t for st in state.stacks for t in st if rules.cat.tiles[t].shape == shape)
    for st in state.stacks:
        if want in st:
            st[st.index(want)] = state.players[seat].display[0]
    state.players[seat].display[0] = want
    return want


def drag_tile_to(app, scene, start, cell):
    """Pick a tile up at start, carry it to cell, turn it with R until it fits there, and drop it."""
    target = scene.cell_rect(cell).center
    app.step([move(start), down(start), move(target)])
    assert scene.drag.holding
    for _ in range(4):
        if scene.drag.hover == cell and scene.drag.hover_reason is None:
            break
        app.step([key(pygame.K_r)])
    app.step([up(target)])


def test_dragging_a_tile_from_your_display_lays_it(app, scene):
    _ready_to_draw(app, scene, "D")
    m = scene.match
    tile = stage_display(m.states[-1], m.rules, 0, "E")
    (_, rect), = [(t, r) for t, r in scene.display_rects(0) if t == tile]
    drag_tile_to(app, scene, rect.center, (4, 0))
    act = m.log[-1].action
    assert act.kind == "play_display" and (act.tile, act.col, act.row) == (tile, 4, 0) and act.rotation in (2, 3)
    assert m.state.cells[(4, 0)].tile == tile and tile not in m.state.players[0].display


def test_dragging_a_tile_from_another_display_pays_the_scout(app, scene):
    _ready_to_draw(app, scene, "D")
    m = scene.match
    tile = stage_display(m.states[-1], m.rules, 1, "E")
    water = m.state.players[0].water
    (_, rect), = [(t, r) for t, r in scene.display_rects(1) if t == tile]
    drag_tile_to(app, scene, rect.center, (4, 0))
    act = m.log[-1].action
    assert act.kind == "scout" and (act.seat, act.tile, act.col, act.row) == (1, tile, 4, 0)
    assert m.state.players[0].water == water - m.rules.cfg["costs"]["scout"]
    assert m.state.players[0].used["scout"] == 1


# ------------------------------------------------------------------ explorers
def _lay_oasis_end(app, scene) -> None:
    _ready_to_draw(app, scene, "E")
    m = scene.match
    stack = scene.stack_rects()[m.state.lowest_stack()].center
    app.step([move(stack), down(stack), up(stack)])  # a click picks the tile up
    target = scene.cell_rect((4, 0)).center
    app.step([move(target)])
    while scene.drag.rotation != 2:
        app.step([key(pygame.K_r)])
    app.step([down(target), up(target)])  # the next click lays it
    assert m.state.phase == "explorer" and m.state.fresh == (4, 0)


def test_dragging_an_explorer_onto_the_new_oasis_places_it(app, scene):
    _lay_oasis_end(app, scene)
    m = scene.match
    rank = m.state.players[0].ranks[0]
    spot = scene.spot_point((4, 0), 0)
    drag(app, scene.explorer_hit(0, rank).center, spot)
    assert m.log[-1].action == PlaceExplorer(rank, 4, 0, 0)
    assert m.state.explorers[rank] == ((4, 0), 0)
    assert rank not in m.state.players[0].supply


def test_an_explorer_dropped_in_the_desert_springs_back_with_the_reason(app, scene):
    _lay_oasis_end(app, scene)
    m = scene.match
    rank = m.state.players[0].ranks[0]
    rect = scene.cell_rect((4, 0))
    desert = (rect.left + rect.width * 0.9, rect.top + rect.height * 0.1)  # the sand corner of the tile
    assert scene.part_under(desert) == ((4, 0), None)
    before = (len(m.log), m.state)
    drag(app, scene.explorer_hit(0, rank).center, desert)
    assert (len(m.log), m.state) == before
    assert scene.toast[0] == "Explorers stand on oasis, beside its icons, not in the desert."
    elsewhere = scene.cell_rect((5, 2)).center
    drag(app, scene.explorer_hit(0, rank).center, elsewhere)
    assert (len(m.log), m.state) == before
    assert scene.toast[0] == "Explorers go only onto the tile you have just laid."


def test_dragging_an_explorer_from_the_board_to_the_panel_takes_it_back(app, scene):
    _lay_oasis_end(app, scene)
    m = scene.match
    rank = m.state.players[0].ranks[0]
    m.play(PlaceExplorer(rank, 4, 0, 0))
    rng = random.Random(3)
    # play on (randomly, but never taking this explorer back) until Ann may place or take back again
    for _ in range(3000):
        s = m.state
        if s.phase == "explorer" and s.current == 0 and rank in s.explorers:
            break
        acts = [a for a in m.legal_actions() if a != TakeBack(rank)]
        m.play(rng.choice(acts), autosave=False)
    else:
        pytest.fail("Ann never reached another explorer step")
    lift_curtain(app)
    app.step([])
    figure = next(r for k, r in scene._board_explorer_rects() if k == rank)
    drag(app, figure.center, scene.seat_rects()[0].center)
    assert m.log[-1].action == TakeBack(rank)
    assert rank in m.state.players[0].supply


# ------------------------------------------------------------------ choices and secrets
def _play_until(scene, app, want, seeds=range(1, 60)):
    """Random legal play (fresh two-human matches) until want(state) holds; the scene then shows it."""
    info = registry.get("desert_sons")
    for seed in seeds:
        match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
        rng = random.Random(seed)
        while not match.finished and not want(match.state):
            match.play(rng.choice(match.legal_actions()), autosave=False)
        if want(match.state):
            while app.scenes:
                app.pop()
            game = info.make_scene(app, match)
            app.push(game)
            lift_curtain(app)
            return game
    pytest.fail("no seed reached the wanted position")


def test_a_peeked_rumor_shows_only_to_the_seat_that_looked(app, scene):
    game = _play_until(scene, app, lambda s: s.phase == "rumor" and s.decider == 0)
    m = game.match
    assert game.holder == 0
    value = m.rules.rumor_value(m.state.rumor_hand)
    app.step([])
    assert ("hand", 0, value) in game.drawn_rumors, "Ann sees the tile she looked at"
    good = next(g for g in game.cat.goods if m.why_illegal(PlaceRumor(g)) is None)
    slot = len(m.state.rumor_slots[good])
    click(app, game.rumor_columns()[good].center)
    assert m.log[-1].action == PlaceRumor(good)
    ann = pygame.Surface(app.size)
    game.draw(ann)
    assert game.holder == 0 and (good, slot, value) in game.drawn_rumors, "face up for Ann"
    notice = next(n.note for n in game.notices if n.note["type"] == "rumor_drawn")
    assert f"{value:+d}" in game._notice_text(notice)
    game.take_screen(1)  # the screen passes to Bob (what the curtain does)
    bob = pygame.Surface(app.size)
    game.draw(bob)
    assert (good, slot, None) in game.drawn_rumors and all(v is None for g, i, v in game.drawn_rumors if g == good)
    assert not any(g == "hand" for g, _, _ in game.drawn_rumors)
    assert f"{value:+d}" not in game._notice_text(notice)
    rect = game.rumor_slot_rects()[(good, slot)]
    assert pygame.image.tobytes(ann.subsurface(rect), "RGB") != pygame.image.tobytes(bob.subsurface(rect), "RGB")


PHASES_WITH_BUTTONS = ("exchange", "discard", "order", "toll", "icon", "good", "rumor", "rumor_take")


def _covered(game) -> None:
    """Every legal action of a choosing step is a button (icons alike are one button) or the main button."""
    m = game.match
    s = m.state
    offered = set(game.choice_actions)
    main = game.main_action()
    if main is not None and not callable(main[1]):
        offered.add(main[1])
    for act in m.legal_actions():
        if isinstance(act, ChooseIcon):
            icon = s.cells[(act.col, act.row)]
            kind = game.cat.kinds[icon.kind].parts[act.part].icons[act.index]
            assert any(isinstance(o, ChooseIcon) and game.cat.kinds[s.cells[(o.col, o.row)].kind].parts[o.part].icons[
                o.index] == kind for o in offered), f"no button for the {kind} icon"
        else:
            assert act in offered, f"{s.phase}: no button for {act}"


def test_every_choice_of_a_game_is_a_button_and_clicking_one_plays_it(app, scene):
    info = registry.get("desert_sons")
    seen: set[str] = set()
    clicked = False
    for seed in (2, 5):
        match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed,
                      {"centre_exchange": True})
        while app.scenes:
            app.pop()
        game = info.make_scene(app, match)
        app.push(game)
        rng = random.Random(seed)
        while not match.finished:
            if match.state.phase in PHASES_WITH_BUTTONS:
                lift_curtain(app)
                game._sync_widgets()
                _covered(game)
                seen.add(match.state.phase)
                if not clicked and game.choice_buttons:
                    n = len(match.log)
                    button, act = game.choice_buttons[0], game.choice_actions[0]
                    click(app, button.rect.center)
                    assert len(match.log) == n + 1 and match.log[-1].action == act
                    clicked = True
                    continue
            match.play(rng.choice(match.legal_actions()), autosave=False)
    assert clicked and "icon" in seen


def test_the_final_sheet_shows_every_goods_value(app, scene):
    game = _play_until(scene, app, lambda s: s.phase == "over")
    for _ in range(20):
        app.step([], dt=1.0)
    from engine.ui.scenes.scoresheet import ScoreSheetScene

    sheet_scene = app.top
    assert isinstance(sheet_scene, ScoreSheetScene)
    sheet = sheet_scene.sheet
    assert sheet.final
    for good in game.cat.goods:
        value, unknown = game.rules.good_value(game.match.state, good)
        name = game.cat.good_name(good)
        assert any(r.label.startswith(name) and f"{value} each" in r.label for r in sheet.rows)
        assert any(d.startswith(f"{name} is worth") for d in sheet.details)


def test_the_camel_driver_is_a_button_during_the_turn_not_a_question_at_its_end(app, scene):
    """Issue 13: the once-per-game extra turn is offered as a button while the turn is played, so ending a
    turn takes no extra click."""
    from games.desert_sons.rules import ExtraTurn

    camels_out(app, scene)
    m = scene.match
    scene._sync_widgets()
    assert ExtraTurn() in scene.choice_actions, "offered from the first step of the turn"
    button = scene.choice_buttons[scene.choice_actions.index(ExtraTurn())]
    click(app, button.rect.center)
    assert m.log[-1].action == ExtraTurn() and m.state.extra and m.state.current == 0
    assert ExtraTurn() not in scene.choice_actions
    assert any(b.style == "primary" for b in scene.choice_buttons), "the paid extra turn stands out"
    assert scene.main_action() is None or scene.main_action().label != "End turn"
