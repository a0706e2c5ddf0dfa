"""Scenario builders for Entdecker rules tests: lay tiles and units straight onto a state."""
from __future__ import annotations

from engine.core.rules import Seat
from games.entdecker.rules import EntdeckerRules, Placed, State

_RULES: EntdeckerRules | None = None


def rules() -> EntdeckerRules:
    global _RULES
    if _RULES is None:
        _RULES = EntdeckerRules()
    return _RULES


def new_game(seats: int = 3, seed: int = 1, **options) -> State:
    """A fresh game; keyword arguments are setup options (data/entdecker/game.yaml, `options`)."""
    names = ["Ann", "Bob", "Cid", "Dee"][:seats]
    colours = ["red", "yellow", "white", "black"]
    return rules().setup([Seat(i, n, colours[i]) for i, n in enumerate(names)], seed, options)


def take(s: State, code: str, back: str = "plain", event: str | None = None) -> int:
    """Remove a tile of the given pattern from the face-down piles (or reserve) and return it."""
    cat = rules().cat
    for pile in s.piles + s.reserve:
        for t in reversed(pile):
            kind = cat.tiles[t]
            if kind.pattern.code == code and kind.back == back and (event is None or kind.event == event):
                pile.remove(t)
                return t
    raise LookupError(f"no {back} {code} tile left")


def lay(s: State, cell, code: str, rotation: int = 0, unit=None, back: str = "plain", event=None) -> int:
    """Put a tile of pattern `code` on `cell`, optionally with unit (owner, kind, piece)."""
    tile = take(s, code, back, event)
    placed = rules()._placed(tile, rotation, "explored")
    if unit is not None:
        owner, kind, piece = unit
        s.players[owner].supply[kind] -= 1
        placed = Placed(placed.tile, placed.rotation, placed.edges, placed.pieces, placed.source, (owner, kind, piece))
    s.cells[cell] = placed
    return tile


def put_on_top(s: State, pile: int, code: str, back: str = "plain", event: str | None = None) -> int:
    """Move a tile of pattern `code` to the top of face-down pile `pile`."""
    cat = rules().cat
    for group in (s.piles, s.reserve):
        for p in group:
            for t in p:
                kind = cat.tiles[t]
                if kind.pattern.code == code and kind.back == back and (event is None or kind.event == event):
                    p.remove(t)
                    s.piles[pile].append(t)
                    return t
    raise LookupError(code)


def exploring(s: State, ship, draws: int = 1, seat: int = 0, personal: bool = False, round_: int = 2) -> State:
    """Put the state mid-turn: seat exploring from `ship` with paid draws left."""
    s.round = round_
    s.current = seat
    s.start_player = seat
    s.turn_in_round = 0
    s.phase = "explore"
    s.ship = ship
    s.draws_left = draws
    s.personal_declared = personal
    return s


def fill_all_but(s: State, keep: set) -> None:
    """Mark every space except `keep` as blocked, so end-of-game checks can be staged."""
    g = rules().grid
    s.blocked = frozenset(c for c in g.cells() if c not in keep and c not in s.cells)
