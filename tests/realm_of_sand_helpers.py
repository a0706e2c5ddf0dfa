"""Scenario builders for Realm of Sand rules tests: a hand-drawn board, hands, levels and a seat to move.

A board is drawn as six rows of six characters, top row first: '.' empty, G / R / K a square of that colour,
g / r / k / b / y a disc (green, red, black, blue, yellow). The light cells are the 4 x 4 centre
(x and y from 1 to 4); the rest is dark.
"""
from __future__ import annotations

from engine.core.orientation import Orientation
from engine.core.rules import Seat
from games.realm_of_sand.rules import RealmOfSandRules, State

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
COLOURS = ["red", "yellow", "white", "black"]
EMPTY_BOARD = ["......"] * 6

_RULES: RealmOfSandRules | None = None


def rules() -> RealmOfSandRules:
    global _RULES
    if _RULES is None:
        _RULES = RealmOfSandRules()
    return _RULES


R = rules()


def tid(ident: str) -> int:
    """A rune tile's index by its id (T01..T28)."""
    return next(t.index for t in R.cat.tiles if t.id == ident)


def cid(ident: str) -> int:
    """A card's index by its id (I-01..III-18)."""
    return next(c.index for c in R.cat.cards if c.id == ident)


def new_game(seats: int = 2, seed: int = 1, **options) -> State:
    return R.setup([Seat(i, NAMES[i], COLOURS[i]) for i in range(seats)], seed, options)


def cells(rows: list[str]) -> tuple[str, ...]:
    """A board tuple from six drawn rows."""
    assert len(rows) == 6 and all(len(r) == 6 for r in rows), rows
    return tuple("" if ch == "." else ch for row in rows for ch in row)


def drawn(s: State, seat: int) -> list[str]:
    """The seat's board drawn as rows (the inverse of cells)."""
    flat = [c or "." for c in s.players[seat].cells]
    return ["".join(flat[y * 6:(y + 1) * 6]) for y in range(6)]


def scene(board: list[str] | None = None, seats: int = 2, seat: int = 0, phase: str = "before",
          hand: tuple[str, ...] | None = None, level: int | None = None, discs: dict | None = None,
          market: dict | None = None, colour: str | None = None, charged: bool | None = None,
          ready: bool | None = None, seed: int = 1, **options) -> State:
    """A turn of `seat` (start player seat 0) in phase `phase` with the given board, hand (tile ids), level,
    personal discs (taken from the supply), market rows {level: [card ids]} and board colour."""
    s = new_game(seats, seed, **options)
    s.start_player = 0
    s.current = seat
    s.phase = phase
    s.turn = max(s.turn, 1)
    p = s.players[seat]
    if board is not None:
        s.squares = {c: R.cfg["squares_per_colour"] for c in R.cfg["square_colours"]}
        for q in s.players:
            q.cells = ("",) * 36
        p.cells = cells(board)
        for ch in p.cells:
            if ch.isupper():
                s.squares[ch] -= 1
            elif ch:
                s.supply[ch.upper()] -= 1
    if hand is not None:
        give_hand(s, seat, hand)
    if level is not None:
        p.level = level
    for colour_code, n in (discs or {}).items():
        s.supply[colour_code] -= n - p.discs[colour_code]
        p.discs[colour_code] = n
    if market is not None:
        put_market(s, market)
    if colour is not None:
        other = next((i for i, q in enumerate(s.players) if q.colour == colour and i != seat), None)
        if other is not None:
            s.players[other].colour = p.colour
        p.colour = colour
    if charged is not None:
        p.charged = charged
    s.ready = p.charged if ready is None else ready
    return s


def give_hand(s: State, seat: int, ids: tuple[str, ...]) -> None:
    """Give the seat these tiles, swapping them with whoever holds them (ring or another hand)."""
    want = [tid(i) for i in ids]
    p = s.players[seat]
    old = [t for t in p.hand if t not in want]
    new_hand = tuple(want)
    for t in want:
        if t in p.hand:
            continue
        back = old.pop()
        if t in s.ring:
            s.ring = tuple(back if x == t else x for x in s.ring)
        else:
            q = next(q for q in s.players if t in q.hand)
            q.hand = tuple(back if x == t else x for x in q.hand)
    p.hand = new_hand


def put_market(s: State, rows: dict[int, list[str]]) -> None:
    """Lay these cards (ids) in the market rows (the rest of a row empty); the others of the level go to its deck."""
    market = list(s.market)
    decks = list(s.decks)
    for level, ids in rows.items():
        want = [cid(i) for i in ids]
        pool = [c for c in market[level - 1] if c >= 0] + list(decks[level - 1])
        market[level - 1] = tuple(want + [-1] * (4 - len(want)))
        decks[level - 1] = tuple(c for c in pool if c not in want)
    s.market = tuple(market)
    s.decks = tuple(decks)


def play(s: State, *acts) -> State:
    for a in acts:
        s = R.apply(s, a)
    return s


def lie(turns: int = 0, flipped: bool = False) -> Orientation:
    return Orientation(turns, flipped)


# --------------------------------------------------------------------------- the table, driven by real events
# (pygame is imported inside these: the rules tests that use this module never need it)
def ev_move(pos, buttons=(1, 0, 0)):
    import pygame

    return pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=buttons)


def ev_down(pos, button=1):
    import pygame

    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])), button=button)


def ev_up(pos, button=1):
    import pygame

    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(pos[0]), round(pos[1])), button=button)


def ev_key(key, mod=0):
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def click(app, pos) -> None:
    app.step([ev_move(pos, (0, 0, 0))])
    app.step([ev_down(pos), ev_up(pos)])


def drag(app, start, end, steps: int = 4, before_drop=()) -> None:
    """Press at start, move in steps, (keys), release at end: a real drag."""
    app.step([ev_move(start, (0, 0, 0))])
    app.step([ev_down(start)])
    for k in range(1, steps + 1):
        app.step([ev_move((start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps))])
    for event in before_drop:
        app.step([event])
    app.step([ev_move(end)])
    app.step([ev_up(end)])


def lift_curtain(app) -> None:
    """Click the curtain's button as the player would, and close "since your last turn"."""
    from engine.ui.scenes.curtain import CurtainScene

    app.step([])
    while isinstance(app.top, CurtainScene):
        click(app, app.top.button.rect.center)
        app.step([])
    if getattr(app.top, "since", None) is not None:
        click(app, app.top.log_rect().center)


def open_table(app, seats=("Ann", "Bob"), seed: int = 5, **options):
    """A match of Realm of Sand on the table (seat names starting 'cpu' are computer seats), curtain lifted."""
    from engine.core import registry
    from engine.core.match import Match

    colours = ["red", "yellow", "white", "black"]
    info = registry.get("realm_of_sand")
    players = [Seat(i, n, colours[i], "computer" if n.startswith("cpu") else "human") for i, n in enumerate(seats)]
    match = Match(info.make_rules(), players, seed, options)
    scene = info.make_scene(app, match)
    app.push(scene)
    lift_curtain(app)
    return scene


def stage(app, scene, state) -> None:
    """Replace the position the table shows (a test's shortcut to a later moment of the game)."""
    m = scene.match
    m.states[-1] = state
    m.version += 1
    scene._table_changed(m)
    lift_curtain(app)
    app.step([])
