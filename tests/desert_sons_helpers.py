"""Scenario builders for Realm of the Desert Sons rules tests: lay tiles, camels and explorers onto a state.

Cells are (column, row) on the 11 x 11 area; the start cross runs along column 5 and
row 5. Every builder keeps the game's pieces conserved (tiles are taken from the
stacks, goods and water from the supply), so check_invariants stays meaningful.
"""
from __future__ import annotations

import dataclasses

from engine.core.rules import Seat
from games.desert_sons.catalogue import Part, load_catalogue
from games.desert_sons.rules import DesertSonsRules, State

NAMES = ["Anna", "Ben", "Cleo", "Dana"]
COLOURS = ["red", "yellow", "white", "black"]
NORTH, EAST, SOUTH, WEST = (5, 0), (10, 5), (5, 10), (0, 5)

_RULES: DesertSonsRules | None = None


def rules() -> DesertSonsRules:
    global _RULES
    if _RULES is None:
        _RULES = DesertSonsRules()
    return _RULES


def new_game(seats: int = 3, seed: int = 1, r: DesertSonsRules | None = None, **options) -> State:
    """A fresh set-up: camels not yet placed."""
    r = r or rules()
    return r.setup([Seat(i, NAMES[i], COLOURS[i]) for i in range(seats)], seed, options)


def started(seats: int = 3, seed: int = 1, ends=None, r: DesertSonsRules | None = None, **options) -> State:
    """A set-up with every camel placed (seat order: north, east, south, west unless `ends` says)."""
    r = r or rules()
    s = new_game(seats, seed, r, **options)
    ends = list(ends or [NORTH, EAST, SOUTH, WEST])
    for _ in range(seats):
        if s.phase != "camels":
            break
        end = next(e for e in ends if e in r.camel_starts(s))
        s = r.apply(s, r.legal_actions(s)[[ (a.col, a.row) for a in r.legal_actions(s)].index(end)])
    return s


def fresh(s: State) -> State:
    """Give a hand-edited state its own cache."""
    s.memo = {}
    return s


def take(s: State, kind: str, r: DesertSonsRules | None = None) -> int:
    """Remove a tile of `kind` from the stacks (or the displays) and return its index."""
    r = r or rules()
    for pile in s.stacks + [p.display for p in s.players]:
        for t in reversed(pile):
            if r.cat.tiles[t].id == kind:
                pile.remove(t)
                return t
    raise LookupError(f"no {kind} tile left")


def lay(s: State, cell, kind: str, rotation: int = 0, r: DesertSonsRules | None = None) -> int:
    """Put a tile of `kind` on `cell`, turned `rotation` quarter turns clockwise."""
    r = r or rules()
    tile = take(s, kind, r)
    s.cells[cell] = r.placed(kind, rotation, tile)
    fresh(s)
    return tile


def put_on_top(s: State, kind: str, r: DesertSonsRules | None = None) -> int:
    """Move a tile of `kind` to the top of the lowest stack that has tiles."""
    r = r or rules()
    tile = take(s, kind, r)
    low = s.lowest_stack()
    s.stacks[low if low is not None else 0].append(tile)
    return tile


def give_display(s: State, seat: int, kind: str, r: DesertSonsRules | None = None) -> int:
    tile = take(s, kind, r)
    s.players[seat].display.append(tile)
    return tile


def at_move(s: State, seat: int = 0, camel=None, phase: str = "move") -> State:
    """Make it `seat`'s turn at the start (the move step), with its camel on `camel`."""
    s.current = s.decider = seat
    s.phase = phase
    s.fresh = s.in_hand = None
    s.laid = []
    s.active = False
    if camel is not None:
        s.players[seat].camel = camel
    return fresh(s)


def at_explorer(s: State, seat: int, cell) -> State:
    """Make it `seat`'s explorer step after laying the tile on `cell` (the camel stands on it)."""
    at_move(s, seat, camel=cell, phase="explorer")
    s.fresh = cell
    s.laid = [cell]
    s.active = True
    return s


def put_explorer(s: State, rank: int, cell, part: int = 0) -> None:
    """Stand the explorer of `rank` on a part of the board (taken from its owner's supply)."""
    s.players[s.owner[rank]].supply.remove(rank)
    s.explorers[rank] = (cell, part)


def set_water(s: State, seat: int, water: int) -> None:
    """Move water between a seat and the supply so it holds exactly `water`."""
    delta = water - s.players[seat].water
    s.players[seat].water += delta
    s.water -= delta
    fresh(s)


def load(s: State, seat: int, *goods: str) -> None:
    for g in goods:
        s.goods[g] -= 1
        s.players[seat].goods.append(g)


def play(s: State, *actions, r: DesertSonsRules | None = None) -> State:
    r = r or rules()
    for a in actions:
        reason = r.why_illegal(s, a)
        assert reason is None, f"{a} refused: {reason}"
        s = r.apply(s, a)
    return s


def two_part_rules() -> DesertSonsRules:
    """Rules whose oasis strips (I) hold two separate parts, N and S: one tile can close two oases."""
    cat = load_catalogue()
    kinds = dict(cat.kinds)
    for kid, kind in cat.kinds.items():
        if kind.shape == "I":
            p = kind.parts[0]
            north = Part(frozenset({0}), p.area, p.outline, p.icons, p.icon_at, p.spot)
            south = Part(frozenset({2}), p.area, p.outline, ("water1",), ((0.62, 0.8),), (0.38, 0.8))
            kinds[kid] = dataclasses.replace(kind, parts=(north, south))
    explorer = tuple(kinds[k.id] for k in cat.explorer_kinds)
    tiles = tuple(kinds[t.id] for t in cat.tiles)
    return DesertSonsRules(dataclasses.replace(cat, kinds=kinds, explorer_kinds=explorer, tiles=tiles))


def rules_with_icons(kind: str, icons: tuple[str, ...]) -> DesertSonsRules:
    """Rules where the first part of every `kind` tile shows these icons instead."""
    cat = load_catalogue()
    old = cat.kinds[kind]
    p = old.parts[0]
    at = tuple((0.3 + 0.2 * i, 0.2) for i in range(len(icons)))
    new = dataclasses.replace(old, parts=(Part(p.edges, p.area, p.outline, tuple(icons), at, p.spot),) + old.parts[1:])
    kinds = dict(cat.kinds)
    kinds[kind] = new
    explorer = tuple(kinds[k.id] for k in cat.explorer_kinds)
    tiles = tuple(kinds[t.id] for t in cat.tiles)
    return DesertSonsRules(dataclasses.replace(cat, kinds=kinds, explorer_kinds=explorer, tiles=tiles))
