"""Scenario builders for Somerset rules tests: a hand-made map, workers, holdings, and a seat to move.

Hexes are axial (q, r), pointy-top; sides 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW (engine/core/hexgrid.py).
FLOWER is the centre and its six neighbours, every tile with six road stubs (all joined); ROW is five tiles
along r = 0 whose only stubs face east and west (Old Forest's "100100" unturned), so they join in a line.
"""
from __future__ import annotations

from engine.core.rules import Seat
from games.somerset.rules import SomersetRules, State
from games.somerset.rules_state import Board, Placed, Task, Worker

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
COLOURS = ["red", "yellow", "white", "black", "purple"]
CENTRE = (0, 0)
NE, E, SE, SW, W, NW = (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)
FLOWER = (CENTRE, NE, E, SE, SW, W, NW)
ROW = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))

_RULES: SomersetRules | None = None


def rules() -> SomersetRules:
    global _RULES
    if _RULES is None:
        _RULES = SomersetRules()
    return _RULES


R = rules()


def tid(ident: str) -> int:
    """A tile's index by its id (C01..C18, K01..K25)."""
    return next(t.index for t in R.cat.tiles if t.id == ident)


def sid(ident: str) -> int:
    return next(s.index for s in R.cat.spells if s.id == ident)


def bid(ident: str) -> int:
    return next(b.index for b in R.cat.buildings if b.id == ident)


def new_game(seats: int = 3, seed: int = 1, **options) -> State:
    return R.setup([Seat(i, NAMES[i], COLOURS[i]) for i in range(seats)], seed, options)


def board(cells: dict) -> Board:
    """A Board from {hex: tile id or (tile id, rotation[, owner])}."""
    out = {}
    for cell, spec in cells.items():
        if isinstance(spec, str):
            spec = (spec, 0)
        ident, rot, owner = (spec + (-1,))[:3] if len(spec) == 2 else spec
        t = R.cat.tiles[tid(ident)]
        out[cell] = Placed(t.index, rot, t.turned(rot), owner)
    return Board(out)


def flower(extra: dict | None = None) -> Board:
    """The seven-tile flower of all-road tiles (Town Hall, Crystal Fountain, Market Square have six stubs)."""
    kinds = ["C06", "C12", "C14", "C06", "C12", "C14", "C06"]
    return board({**{c: k for c, k in zip(FLOWER, kinds)}, **(extra or {})})


def row(extra: dict | None = None) -> Board:
    """Five tiles east to west joined in a line (Old Forest's stubs face E and W)."""
    return board({**{c: ("K01", 0) for c in ROW}, **(extra or {})})


def scene(b: Board | None = None, workers=(), seats: int = 3, seat: int = 0, phase: str = "move",
          round_: int = 2, **res) -> State:
    """A regular round (round 2 by default) on map `b` with these workers [(owner, kind, hex, standing)];
    `seat` to move; resources of the seat to move from keyword arguments (W=2, C=3, coins=5)."""
    s = new_game(seats)
    if b is not None:
        s.board = b
    s.workers = tuple(Worker(o, k, p, st) for o, k, p, st in workers)
    s.round = round_
    s.placing = ()
    s.phase = phase
    s.current = seat
    s.resume = "after" if phase in ("move", "act", "after") else s.resume
    give(s, seat, **res)
    s.memo = {}
    return s


def give(s: State, seat: int, coins: int | None = None, **res) -> State:
    p = s.players[seat]
    if coins is not None:
        p.coins = coins
    for r, n in res.items():
        p.res[r] = n
    return s


def play(s: State, *acts) -> State:
    for a in acts:
        s = R.apply(s, a)
    return s


def waiting(s: State, kind: str, value=None, left: int = 1, seat: int = 0, acting: int = -1) -> State:
    """Put a step of this kind waiting for the seat's choice, as an action would (resume: after the move)."""
    s.current = seat
    s.queue = ()
    s.resume = "after"
    R.wait(s, Task(kind, value, left, acting))
    return s


def ends(s: State, worker: int) -> set:
    return set(R.reach(s, worker))


def at_e(ident: str, owner: int = -1) -> tuple:
    """A tile for the flower's east hex, turned so a road stub faces the centre (its west side, 4)."""
    t = R.cat.tiles[tid(ident)]
    rot = next(r for r in range(6) if t.turned(r) >> 4 & 1)
    return (ident, rot, owner)
