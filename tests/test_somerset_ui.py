"""Somerset's table driven by real mouse and key events: gestures become actions through the Match."""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat
from engine.ui.scenes.curtain import CurtainScene
from games.somerset import preview as somerset_preview
from games.somerset.rules import (
    BuildTile, ChooseResource, Done, EndTurn, Government, MoveWorker, PlaceRoad, PlaceWorker, TakeAction,
)
from games.somerset.rules_state import HIDDEN, Task

ROOT = Path(__file__).resolve().parents[1]


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def point(p) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))


def click(app, pos):
    app.step([move(pos)])
    app.step([down(pos), up(pos)])


def drag(app, start, end, steps=4, before_drop=()):
    """Press at start, move in steps, (keys), release at end: a real drag."""
    app.step([move(start)])
    app.step([down(start)])
    for k in range(1, steps + 1):
        app.step([move((start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps))])
    for event in before_drop:
        app.step([event])
    app.step([move(end)])
    app.step([up(end)])


def lift_curtain(app):
    """Click the curtain's button as the player would, and close "since your last turn"."""
    app.step([])
    while isinstance(app.top, CurtainScene):
        click(app, app.top.button.rect.center)
        app.step([])
    if getattr(app.top, "since", None) is not None:
        click(app, app.top.log_rect().center)


def stage(app, scene, state):
    """Replace the position the table shows (a test's shortcut to a later moment of the game)."""
    m = scene.match
    m.states[-1] = state
    m.version += 1
    scene._table_changed(m)
    lift_curtain(app)


def new_scene(app, seats=2, seed=5):
    info = registry.get("somerset")
    names, colours = ["Ann", "Bob", "Cleo", "Dora", "Emil"], ["red", "yellow", "white", "black", "purple"]
    match = Match(info.make_rules(), [Seat(i, names[i], colours[i]) for i in range(seats)], seed)
    game = info.make_scene(app, match)
    app.push(game)
    lift_curtain(app)
    assert app.top is game
    return game


@pytest.fixture
def scene(app):
    return new_scene(app)


def through_first_round(app, scene, rng=None):
    """Both seats place both workers and take (or decline) the actions, through the Match."""
    rng = rng or random.Random(1)
    m = scene.match
    while m.state.round == 1 and m.state.phase != "over":
        acts = [a for a in m.rules.legal_actions(m.state) if not isinstance(a, Done)] or m.rules.legal_actions(m.state)
        m.play(rng.choice(acts), autosave=False)
        lift_curtain(app)
    while m.state.phase != "move":
        m.play(Done(), autosave=False)
        lift_curtain(app)


# ------------------------------------------------------------------ the menu
def test_somerset_is_offered_with_two_to_five_seats_and_says_it_was_never_published() -> None:
    info = registry.get("somerset")
    assert info.make_scene is not None
    assert (info.min_seats, info.max_seats) == (2, 5)
    assert "unpublished" in info.blurb


# ------------------------------------------------------------------ first round
def test_dragging_a_worker_from_the_panel_onto_a_free_city_tile_places_it(app, scene):
    m = scene.match
    seat = m.state.current
    worker, rect = next((i, r) for i, r in scene.panel_worker_rects(seat) if m.state.workers[i].pos is None)
    target = m.rules.city_free(m.state)[2]
    drag(app, rect.center, point(scene.centre(target)))
    assert m.log[-1].action == PlaceWorker(worker, *target)
    assert m.state.workers[worker].pos == target


# ------------------------------------------------------------------ a regular turn
def test_dragging_a_worker_lights_its_reach_and_moves_it_then_the_action_is_a_button(app, scene):
    through_first_round(app, scene)
    m = scene.match
    reach = m.rules.destinations(m.state)
    worker = max(reach, key=lambda i: len(reach[i]))
    start = next(r for i, r in scene.worker_spots() if i == worker).center
    end = sorted(reach[worker])[-1]
    app.step([move(start), down(start)])
    app.step([move(point(scene.centre(end)))])
    assert scene.drag.holding and set(scene.drag.legal_targets()) == set(reach[worker])
    assert scene.drag.hover == end and scene.drag.hover_reason is None
    app.step([up(point(scene.centre(end)))])
    assert m.log[-1].action == MoveWorker(worker, *end)
    if m.state.phase == "act":  # the tile's action is the main button
        assert isinstance(scene.main_action().action, TakeAction)
        click(app, scene.btn_main.rect.center)
        assert m.log[-2].action == TakeAction() or m.log[-1].action == TakeAction()


def test_a_refused_worker_drop_springs_back_and_says_why(app, scene):
    through_first_round(app, scene)
    m = scene.match
    reach = m.rules.destinations(m.state)
    worker = next(iter(reach))
    w = m.state.workers[worker]
    bad = next(c for c in sorted(m.state.board.cells) if c not in reach[worker] and c != w.pos)
    why = m.rules.why_not_reach(m.state, worker, bad)
    start = next(r for i, r in scene.worker_spots() if i == worker).center
    before = len(m.log)
    app.step([move(start), down(start)])
    app.step([move(point(scene.centre(bad)))])
    assert scene.drag.hover_reason == why  # the hover says why before the drop
    app.step([up(point(scene.centre(bad)))])
    assert len(m.log) == before and m.state.workers[worker].pos == w.pos
    assert scene.toast is not None and scene.toast[0] == why


def test_a_government_choice_is_a_button_that_plays_it(app, scene):
    through_first_round(app, scene)
    m = scene.match
    s = m.state.copy()
    for r in "WBSG":
        s.players[s.current].res[r] = 3
    s.queue, s.resume = (), "after"
    m.rules.wait(s, Task("government", "normal"))
    stage(app, scene, s)
    assert m.state.phase == "government"
    button = next(b for b, a in zip(scene.choice_buttons, scene.choice_actions) if isinstance(a, Government))
    act = scene.choice_actions[scene.choice_buttons.index(button)]
    click(app, button.rect.center)
    assert m.log[-1].action == act


def test_a_resource_choice_shows_its_icon_and_plays_it(app, scene):
    through_first_round(app, scene)
    m = scene.match
    s = m.state.copy()
    s.queue, s.resume = (), "after"
    m.rules.wait(s, Task("choose", 1))
    stage(app, scene, s)
    pairs = [(b, a) for b, a in zip(scene.choice_buttons, scene.choice_actions) if isinstance(a, ChooseResource)]
    assert len(pairs) == 4 and all(b.icon is not None for b, _a in pairs)
    click(app, pairs[2][0].rect.center)
    assert m.log[-1].action == pairs[2][1]


# ------------------------------------------------------------------ roads and barricades
def roads_task(app, scene, n=2):
    through_first_round(app, scene)
    m = scene.match
    s = m.state.copy()
    s.queue, s.resume = (), "after"
    m.rules.wait(s, Task("roads", n, n))
    stage(app, scene, s)
    assert m.state.phase == "roads"
    return m.state.current


def test_dragging_a_road_piece_onto_an_edge_lays_a_road(app, scene):
    seat = roads_task(app, scene)
    m = scene.match
    legal = sorted(e for e, why in m.rules.legal_edges(m.state, seat, False).items() if why is None)
    edge = legal[len(legal) // 2]
    pile = scene.road_pile_rect(seat).center
    app.step([move(pile), down(pile)])
    app.step([move(point(scene.edge_mid(edge)))])
    assert edge in scene.drag.legal_targets()
    app.step([up(point(scene.edge_mid(edge)))])
    assert m.log[-1].action == PlaceRoad((*edge.a, *edge.b), False, None)
    assert m.rules.pool(m.state, seat) == m.rules.pieces_total(m.state, seat) - 1


def test_r_turns_the_road_piece_into_a_barricade_along_the_edge(app, scene):
    seat = roads_task(app, scene)
    m = scene.match
    legal = sorted(e for e, why in m.rules.legal_edges(m.state, seat, True).items() if why is None)
    edge = legal[0]
    pile = scene.road_pile_rect(seat).center
    drag(app, pile, point(scene.edge_mid(edge)), before_drop=[key(pygame.K_r)])
    assert m.log[-1].action == PlaceRoad((*edge.a, *edge.b), True, None)
    assert any(p.barricade and p.owner == seat for p in m.state.pieces)


def test_a_refused_edge_says_the_rules_reason(app, scene):
    seat = roads_task(app, scene)
    m = scene.match
    reasons = m.rules.legal_edges(m.state, seat, False)
    edge, why = next((e, w) for e, w in sorted(reasons.items()) if w is not None)
    pile = scene.road_pile_rect(seat).center
    before = len(m.log)
    app.step([move(pile), down(pile)])
    app.step([move(point(scene.edge_mid(edge)))])
    assert scene.drag.hover == edge and scene.drag.rotation == 0 and scene.drag.hover_reason == why
    app.step([up(point(scene.edge_mid(edge)))])
    assert len(m.log) == before and scene.toast[0] == why


# ------------------------------------------------------------------ the building period
def building_period(app, scene):
    through_first_round(app, scene)
    m = scene.match
    rng = random.Random(4)
    while m.state.phase != "build":
        acts = [a for a in m.rules.legal_actions(m.state) if not isinstance(a, Done)] or \
            m.rules.legal_actions(m.state)
        m.play(EndTurn() if EndTurn() in acts else rng.choice(acts), autosave=False)
        lift_curtain(app)
    s = m.state.copy()
    for r in "WBSG":
        s.players[s.current].res[r] = 5
    stage(app, scene, s)
    return m.state.current


def test_dragging_a_country_tile_turned_with_r_builds_it_so_turned(app, scene):
    seat = building_period(app, scene)
    m = scene.match
    tile, rect = scene.supply_rects()[0]
    app.step([move(rect.center), down(rect.center)])
    assert scene.drag.holding and scene.drag.spec.sides == 6
    first = scene.drag.rotation  # comes up turned to fit somewhere
    app.step([key(pygame.K_r)])
    turned = (first + 1) % 6
    spots = [c for c, r in m.rules.tile_placements(m.state, tile) if r == turned]
    if not spots:
        app.step([key(pygame.K_r, pygame.KMOD_SHIFT)])
        turned = first
        spots = [c for c, r in m.rules.tile_placements(m.state, tile) if r == turned]
    assert scene.drag.rotation == turned
    cell = spots[0]
    app.step([move(point(scene.centre(cell)))])
    assert cell in scene.drag.legal_targets()
    app.step([up(point(scene.centre(cell)))])
    played = m.log[-1].action
    assert isinstance(played, BuildTile) and (played.tile, played.q, played.r) == (tile, *cell)
    assert m.rules.cat.tiles[tile].turned(played.rotation) == m.rules.cat.tiles[tile].turned(turned)
    assert m.state.board.cells[cell].owner == seat


def test_a_country_tile_dropped_where_no_road_meets_says_why(app, scene):
    building_period(app, scene)
    m = scene.match
    tile, rect = scene.supply_rects()[0]
    app.step([move(rect.center), down(rect.center)])
    rot = scene.drag.rotation
    bad = next((c for c in m.rules.spots(m.state.board)
                if m.rules.why_not_spot(m.state.board, tile, c, rot) is not None), None)
    if bad is None:
        pytest.skip("this tile fits every spot turned so")
    app.step([move(point(scene.centre(bad)))])
    assert scene.drag.hover_reason
    app.step([up(point(scene.centre(bad)))])
    assert not isinstance(m.log[-1].action, BuildTile)
    assert scene.toast is not None


# ------------------------------------------------------------------ pass and play
def test_two_seats_at_one_screen_never_see_the_others_spell_hand(app, monkeypatch):
    scene = new_scene(app, seats=2, seed=11)
    m = scene.match
    drawn_hands: list[tuple[int | None, int]] = []
    original = scene._draw_chips

    def spy(surface, seat, row):
        original(surface, seat, row)
        for _rect, kind, index, owner in scene.chip_rects():
            if kind in ("spell_hand", "building_hand"):
                drawn_hands.append((scene.holder, owner))
                assert index != HIDDEN
    monkeypatch.setattr(scene, "_draw_chips", spy)
    curtains = 0
    rng = random.Random(2)
    for _ in range(60):
        if m.state.phase == "over":
            break
        acts = [a for a in m.rules.legal_actions(m.state) if not isinstance(a, Done)] or m.rules.legal_actions(m.state)
        seat = m.to_move()
        m.play(rng.choice(acts), autosave=False)
        app.step([])
        if m.to_move() != seat and m.state.phase != "over":
            assert isinstance(app.top, CurtainScene)  # the screen changes hands behind a curtain
            curtains += 1
        lift_curtain(app)
        scene._static_for = None
        app.step([])
        view = scene.visible
        other = 1 - scene.holder
        assert all(c == HIDDEN for c in view.players[other].spell_hand)
    assert curtains >= 3
    assert drawn_hands and all(holder == owner for holder, owner in drawn_hands)


# ------------------------------------------------------------------ previewer
def test_the_previewer_lists_every_tile_piece_and_card():
    source = somerset_preview.preview_source(ROOT / "data" / "somerset", ROOT / "art" / "somerset")
    from games.somerset.catalogue import load_catalogue

    cat = load_catalogue()
    assert [i.id for i in source.of_kind("tile")] == [t.id for t in cat.tiles]
    assert all(i.rotations == 6 for i in source.of_kind("tile"))
    pieces = {i.id for i in source.of_kind("piece")}
    assert {"peasant_red", "wizard_purple_lying", "road_black", "barricade_white", "claim_yellow", "sword"} <= pieces
    cards = {i.id for i in source.of_kind("card")}
    assert {s.id for s in cat.spells} | {b.id for b in cat.buildings} <= cards


def test_the_previewer_draws_every_item(app):
    from engine.ui.scenes.preview import ItemRenderer, rotated_size

    source = somerset_preview.preview_source(ROOT / "data" / "somerset", ROOT / "art" / "somerset")
    renderer = ItemRenderer(app.assets)
    for item in source.items:
        for rotation in range(item.rotations):
            renderer.image(item, rotated_size(item, 96, rotation), rotation)
    assert renderer.errors == {}


def test_with_every_road_piece_out_one_is_picked_up_from_the_map_and_moved(app, scene):
    seat = roads_task(app, scene, n=1)
    m = scene.match
    s = m.state.copy()
    from games.somerset.rules_state import Piece

    spots = {k: b for k, b, _moved in reversed(m.rules.legal_pieces(s, seat))}  # one per edge, a road first
    s.pieces = tuple(Piece(seat, k, b) for k, b in list(spots.items())[:m.rules.pieces_total(s, seat)])
    s.memo = {}
    stage(app, scene, s)
    assert m.rules.pool(m.state, seat) == 0
    pile = scene.road_pile_rect(seat).center
    click(app, pile)
    assert not scene.drag.holding and scene.toast is not None  # the pile is empty: it says so
    piece, rect = next((p, r) for p, r in scene.piece_spots() if p.owner == seat and not p.barricade)
    legal = sorted(k for k, b, moved in m.rules.legal_pieces(m.state, seat) if moved == piece.edge and not b
                   and k != piece.edge)
    target = legal[-1]
    drag(app, rect.center, point(scene.edge_mid(target)))
    act = m.log[-1].action
    assert isinstance(act, PlaceRoad) and act.moved == (*piece.edge[0], *piece.edge[1])
    assert act.edge == (*target[0], *target[1]) and not act.barricade


def test_a_building_card_in_hand_is_built_with_a_click_in_the_building_period(app, scene):
    seat = building_period(app, scene)
    m = scene.match
    from games.somerset.rules import BuildBuilding

    app.step([])
    chip = next((r, i) for r, kind, i, owner in scene.chip_rects() if kind == "building_hand" and owner == seat)
    assert BuildBuilding(chip[1]) in m.rules.legal_actions(m.state)
    click(app, chip[0].center)
    assert m.log[-1].action == BuildBuilding(chip[1])
    assert chip[1] in m.state.players[seat].buildings


def test_the_other_seats_hidden_cards_change_nothing_on_the_holders_screen(app, scene, monkeypatch):
    """Two positions that differ only in the cards the holder may not see draw the same pixels."""
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)
    through_first_round(app, scene)
    m = scene.match
    holder = scene.holder
    other = 1 - holder
    cat = m.rules.cat
    frames = []
    base = m.state.copy()
    for variant in range(2):
        s = base.copy()
        p = s.players[other]
        spells = [sp.index for sp in cat.spells if sp.index not in s.players[holder].spell_hand
                  and sp.index not in s.players[holder].book and sp.index not in p.book]
        p.spell_hand = tuple(spells[variant * 2: variant * 2 + 2])
        p.building_hand = (1 + variant, 3 + variant)
        s.memo = {}
        stage(app, scene, s)
        assert scene.holder == holder
        scene._static_for = None
        app.step([move((5, 5))], dt=0.0)
        app.step([], dt=0.0)
        frames.append(pygame.image.tobytes(app.screen, "RGB"))
    assert frames[0] == frames[1]


def against_computer(app):
    """Ann at the screen against the computer seat Hal, whose moves the test plays itself through the Match."""
    info = registry.get("somerset")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Hal", "yellow", "computer")], 5)
    scene = info.make_scene(app, match)
    scene.computer.update = lambda dt: None
    app.push(scene)
    lift_curtain(app)
    return scene


def test_a_computer_seats_worker_walks_its_path_before_it_lies_down(app):
    scene = against_computer(app)
    match = scene.match
    through_first_round(app, scene)
    while match.to_move() != 1:
        acts = match.rules.legal_actions(match.state)
        match.play(EndTurn() if EndTurn() in acts else acts[0], autosave=False)
    dest = match.rules.destinations(match.state)
    worker = next(i for i, ends in dest.items() if ends)
    end = sorted(dest[worker])[0]
    match.play(MoveWorker(worker, *end), autosave=False)
    assert scene.walking is not None and scene.walking[0] == worker
    start = scene.walking_pos()[1]
    app.step([], dt=0.05)
    assert scene.walking_pos()[1] != start
    for _ in range(100):
        app.step([], dt=0.05)
    assert scene.walking is None


def test_another_seats_worker_is_told_put_on_a_tile_in_the_first_round_and_moved_later(app):
    """The notice over the table for another seat's worker says what the log says: "put ... on" for the first round's
    placing (§13.1), "moved ... to" for a walk."""
    scene = against_computer(app)
    match = scene.match
    told: dict[type, str] = {}
    while match.state.phase != "over" and len(told) < 2:
        acts = [a for a in match.legal_actions() if not isinstance(a, Done)] or match.legal_actions()
        act = next((a for a in acts if isinstance(a, (PlaceWorker, MoveWorker))), acts[0])
        scene.notices.clear()
        match.play(act, autosave=False)
        app.step([])
        if match.log[-1].seat == 1 and isinstance(act, (PlaceWorker, MoveWorker)):
            said = [n.text for n in scene.notices if n.note is not None and n.note.get("type") == "moved"]
            assert said == [match.log[-1].text], "the notice says what the log says"
            told.setdefault(type(act), said[0])
    assert " put the " in told[PlaceWorker] and " on " in told[PlaceWorker]
    assert " moved the " in told[MoveWorker] and " to " in told[MoveWorker]


def test_the_main_button_grows_to_say_a_long_action_whole_and_shrinks_back(app, scene):
    # "Take: +2 crystals, 1 spell, +1 coin" did not fit the button's own width and was cut short
    through_first_round(app, scene)
    m = scene.match
    home = scene.btn_main.rect.copy()
    rules = m.rules
    found = None
    for worker, ends in rules.destinations(m.state).items():
        for end in ends:
            short = rules.cat.tiles[m.state.board.cells[end].tile].short
            if end not in m.state.used and (found is None or len(short) > len(found[2])):
                found = (worker, end, short)
    assert found is not None
    worker, end, short = found
    m.play(MoveWorker(worker, *end), autosave=False)
    lift_curtain(app)
    app.step([])
    label = scene.main_label()
    assert short in label, label
    font = app.font(app.px(13))
    assert font.size(label)[0] > home.width, "this position's label is one that did not fit"
    assert scene.btn_main.rect.right == home.right and scene.btn_main.rect.width > home.width
    assert not scene.btn_main.elided, label
    while m.state.phase != "after" and m.to_move() == m.state.current:
        m.play(rules.legal_actions(m.state)[0], autosave=False)
        lift_curtain(app)
    app.step([])
    assert font.size(scene.main_label())[0] < home.width - app.px(30)
    assert scene.btn_main.rect == home


def test_pointing_at_the_government_track_shows_its_board_large_with_every_seats_marker(app, scene):
    # gov_board.svg (every column's fee and benefits, readable) is what the compact track stands for
    away = (scene.board_view.centerx, scene.board_view.bottom - 5)
    app.step([move(away)])
    assert scene.gov_peek_rect() is None
    before = app.screen.copy()
    column = scene.gov_columns()[2].center
    app.step([move(column)])
    rect = scene.gov_peek_rect()
    assert rect is not None and rect.right <= scene.side.left and "gov_board.svg" not in scene.art.missing
    changed = sum(before.get_at((x, y)) != app.screen.get_at((x, y))
                  for x in range(rect.left, rect.right, 16) for y in range(rect.top, rect.bottom, 16))
    assert changed > 0.8 * (rect.width // 16) * (rect.height // 16)
    # both seats' markers stand in column 1's slot: their seat colours are drawn there
    k = rect.width / 840
    slot = pygame.Rect(round(rect.left + 112 * k), round(rect.top + 52 * k), round(96 * k), round(54 * k))
    seen = {tuple(app.screen.get_at((x, y)))[:3] for x in range(slot.left, slot.right) for y in range(slot.top, slot.bottom)}
    from engine.ui import theme
    for seat in scene.match.seats:
        rgb = theme.seat_rgb(seat.colour)
        assert any(sum(abs(a - b) for a, b in zip(rgb, c)) < 40 for c in seen), seat.colour


@pytest.mark.parametrize("seats", [2, 5])
def test_every_country_tile_of_the_supply_lies_whole_inside_its_panel(app, seats):
    """At 1280x720 the supply's second row ran past the panel and the window's foot: every hex stands inside now."""
    game = new_scene(app, seats)
    for size in ((1280, 720), (1920, 1080)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        rects = [rect for _, rect in game.supply_rects()]
        assert len(rects) == len(game.match.state.supply) > 0
        assert all(game.supply_area.contains(rect) for rect in rects), size
        assert all(a.clip(b).width <= 1 for i, a in enumerate(rects) for b in rects[i + 1:]
                   if a.centery == b.centery), "tiles of a row stand side by side"
