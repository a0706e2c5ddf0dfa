"""Entdecker (Goldsieber 1996), Soeding variant: the rules, pure Python.

Authority: the Soeding-variant rules text (Povilaitis 2002); the rules as this edition plays them,
with the values it chose where that text is silent, are data/entdecker/rules.md. The § numbers in
comments below are those of the research notes rules.md was written from (not in this repository).
Numbers live in data/entdecker/*.yaml; this module holds only the logic.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.grid import SquareGrid, UnionFind, rotate_sides
from engine.core.rules import FRESH, RECORDS, Action, RulesBase, ScoreRow, ScoreSheet, Seat, action, copy_from_fields
from engine.core.words import N_, Words, join
from games.entdecker.catalogue import Catalogue, load_catalogue

GAME = "entdecker"
Cell = tuple[int, int]
EDGE_NAMES = (N_("north"), N_("east"), N_("south"), N_("west"))
BESIDE = (N_("above"), N_("to the right"), N_("below"), N_("to the left"))  # where the neighbour across each edge lies
UNIT_ORDER = ("settlement", "fort", "scout")  # most valuable first: the ranking key (§5.7, A11)
HIDDEN = -1  # a face-down tile or a chip in the bag, as another seat sees it


# --------------------------------------------------------------------------- actions
@action(GAME, "spin")
class Spin(Action):
    """The start player spins the income display at the start of a round."""


@action(GAME, "place_ship")
class PlaceShip(Action):
    """Put the ship on a discovered space (a placed tile or a side circle) to start exploring."""

    col: int
    row: int


@action(GAME, "pass_turn")
class PassTurn(Action):
    """No start space is affordable: the turn passes."""


@action(GAME, "declare")
class Declare(Action):
    """Pay for `draws` face-down tiles (1 gold each) and optionally one own tile (2 gold)."""

    draws: int
    personal: bool = False


@action(GAME, "draw")
class DrawTile(Action):
    """Turn up the top tile of one of the five face-down piles."""

    pile: int


@action(GAME, "place_tile")
class PlaceTile(Action):
    """Lay the drawn tile on a free space beside the ship, turned `rotation` quarter turns clockwise."""

    col: int
    row: int
    rotation: int


@action(GAME, "place_personal")
class PlacePersonal(Action):
    """Lay one of your own tiles (declared this turn) beside the ship."""

    pattern: str
    col: int
    row: int
    rotation: int


@action(GAME, "place_unit")
class PlaceUnit(Action):
    """Put a scout, fort or settlement on a land piece of the tile the ship just reached; ends the turn."""

    unit: str
    piece: int


@action(GAME, "end_turn")
class EndTurn(Action):
    """Finish the turn without placing a unit (only once exploring is over)."""


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the board: which physical tile, how it is turned, and the unit on it."""

    tile: int
    rotation: int
    edges: str  # N, E, S, W after rotation
    pieces: tuple[frozenset[int], ...]  # land pieces as sets of directions, after rotation
    source: str  # explored | personal | reserve
    unit: tuple[int, str, int] | None = None  # (owner seat, unit kind, piece index)


@copy_from_fields
@dataclass(slots=True)
class Player:
    """One seat's holdings."""

    gold: int
    supply: dict[str, int]
    personal: list[int]  # physical tile indices of own tiles still in hand
    chips: list[tuple[str, str]] = field(default_factory=list)  # (chip id, 'island' | 'natives')
    points: dict[str, int] = field(default_factory=dict)  # score sheet category -> victory points

    @property
    def vp(self) -> int:
        return sum(self.points.values())


@copy_from_fields
@dataclass(slots=True)
class State:
    """Everything about one moment of a game. Treated as immutable outside `apply`; `copy` comes from the fields."""

    seats: tuple[Seat, ...]
    seed: int
    chance: int  # random events so far: each draws from a generator seeded by (seed, chance)
    round: int
    start_player: int
    turn_in_round: int
    current: int
    phase: str  # spin | start | declare | explore | place | over
    cells: dict[Cell, Placed]
    blocked: frozenset[Cell]
    piles: list[list[int]]  # five face-down piles, top = last
    reserve: list[list[int]]  # six reserve piles by ball number
    overflow: list[list[int]]  # tiles that did not fit, beside their reserve pile
    removed: list[int]  # "?" tiles that did not fit
    bag: list[str]  # discovery chips still in the bag
    players: list[Player]
    options: dict[str, str] = field(default_factory=dict)  # the setup options (data/entdecker/game.yaml), all given
    income: int | None = None
    ship: Cell | None = None
    draws_left: int = 0
    personal_declared: bool = False
    personal_used: bool = False
    in_hand: int | None = None
    fresh: Cell | None = None  # land tile the ship just reached: a unit may go there
    storm: bool = False
    tiles_ran_out: bool = False
    waiting: frozenset[Cell] = frozenset()  # enclosed gaps left undiscovered for want of a reserve tile (an option)
    notices: list[dict] = field(default_factory=list, metadata=FRESH)  # what the last action caused (screen, log)
    scored: list[dict] = field(default_factory=list, metadata=RECORDS)  # every island account so far
    hidden: bool = False  # True in a seat's view: hidden parts are masked
    top_backs: list[str | None] | None = None  # in a view: the back of each pile's top tile

    @property
    def face_down_left(self) -> int:
        return sum(map(len, self.piles))


def _row_major(c: Cell) -> tuple[int, int]:
    """The sort key of board order: row by row, then column."""
    return (c[1], c[0])


class _SeaSides(dict):
    """(space, edges) -> the spaces on the board across the tile's sea sides (white lines); filled as asked."""

    def __init__(self, nbr: dict[Cell, tuple[Cell | None, ...]]) -> None:
        super().__init__()
        self._nbr = nbr

    def __missing__(self, key: tuple[Cell, str]) -> tuple[Cell, ...]:
        space, edges = key
        hit = self[key] = tuple(n for d, n in enumerate(self._nbr[space]) if n is not None and edges[d] == "S")
        return hit


# --------------------------------------------------------------------------- rules
class EntdeckerRules(RulesBase):
    """The rules contract for Entdecker."""

    game_id = GAME
    game_name = "Entdecker"
    phase_reasons = {
        "spin": N_("First the start player spins the income display."),
        "start": N_("First put the ship on a start space."),
        "declare": N_("First declare how much gold you spend on exploring."),
        "place": N_("First lay the tile you drew."),
        "explore": N_("You are exploring: draw a tile, lay your own tile, or place a unit."),
    }
    action_phases = {
        Spin: ("spin",), PlaceShip: ("start",), PassTurn: ("start",), Declare: ("declare",), DrawTile: ("explore",),
        PlaceTile: ("place",), PlacePersonal: ("explore",), PlaceUnit: ("explore",), EndTurn: ("explore",),
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.cat = catalogue or load_catalogue()
        self.grid = SquareGrid(self.cat.columns, self.cat.rows)
        self.cfg = self.cat.config
        self.circles = {c.cell: c for c in self.cat.circles}
        self._fit_cache: dict[tuple[str, str], tuple[int, ...]] = {}
        self._cells = self.grid.cells()  # row by row: the fixed order of every board scan
        self._inside = frozenset(self._cells)
        # the four neighbours of every space, None beyond the border: the rules' hottest lookup
        self._nbr = {
            c: tuple(n if self.grid.inside(n) else None for n in (SquareGrid.step(c, d) for d in range(4)))
            for c in self._cells
        }
        # the side circles whose white line leads onto the board, in the catalogue's order
        self._circle_into = tuple((c.cell, c.into) for c in self.cat.circles if c.into in self._inside)
        # (space, edges) -> the neighbours on the board across its sea sides: a pure function of both, kept
        self._sea_cache: dict[tuple[Cell, str], tuple[Cell, ...]] = _SeaSides(self._nbr)
        self._border = frozenset(c for c in self._cells if None in self._nbr[c])
        # the board as bits (space i of the row-by-row order is bit i), for the land-locked gaps' first look
        self._bit = {c: 1 << i for i, c in enumerate(self._cells)}
        cols = self.grid.width
        self._border_bits = sum(self._bit[c] for c in self._border)
        self._not_first_col = sum(self._bit[c] for c in self._cells if c[0] != 0)
        self._not_last_col = sum(self._bit[c] for c in self._cells if c[0] != cols - 1)
        self._all_bits = (1 << len(self._cells)) - 1
        # actions are immutable values: the most numerous are made once
        self._ships: dict[Cell, PlaceShip] = {}
        self._draws: dict[int, DrawTile] = {}
        self._declares: dict[tuple[int, bool], Declare] = {}

    # ------------------------------------------------------------------ setup
    def option_specs(self) -> list[dict[str, Any]]:
        """The setup options of data/entdecker/game.yaml (id, label, default, help, choices) for the setup screen."""
        return [dict(o) for o in self.cat.options]

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, str]:
        """Every option id with its value: the given ones checked, the missing ones at their default."""
        out = self.cat.option_defaults()
        specs = {o["id"]: o for o in self.cat.options}
        for key, value in (options or {}).items():
            spec = specs.get(key)
            if spec is None:
                raise ValueError(f"Entdecker has no option {key!r} (it has: {', '.join(specs)}).")
            values = [c["value"] for c in spec["choices"]]
            if value not in values:
                raise ValueError(f"{spec['label']}: {value!r} is not one of {', '.join(values)}.")
            out[key] = value
        return out

    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> State:
        """Soeding set-up (§4): reserve piles, own tiles, five face-down piles, chips, gold 4."""
        cat = self.cat
        opts = self.resolve_options(options)
        rng = random.Random(f"entdecker-setup:{seed}")
        reserve: list[list[int]] = [[] for _ in range(6)]
        ordinary: list[int] = []
        question: list[int] = []
        for index, kind in enumerate(cat.tiles):
            if kind.back == "reserve":
                reserve[kind.reserve_number - 1].append(index)
            elif kind.back == "question":
                question.append(index)
            else:
                ordinary.append(index)
        players = []
        for _ in seats:
            own = []
            for code in self.cfg["personal_tiles"]:
                pick = next(i for i in ordinary if cat.tiles[i].pattern.code == code)
                ordinary.remove(pick)
                own.append(pick)
            players.append(
                Player(
                    gold=self.cfg["start_gold"],
                    supply={u: spec["count"] for u, spec in self.cfg["units"].items()},
                    personal=own,
                    points={"islands": 0, "incomplete": 0, "ruins": 0, "bonus": 0},
                )
            )
        deck = ordinary + question
        rng.shuffle(deck)
        n_piles = self.cfg["face_down_piles"]
        piles = [deck[i::n_piles] for i in range(n_piles)]
        bag = [chip["id"] for chip in self.cfg["chips"]]
        rng.shuffle(bag)
        return State(
            seats=tuple(seats),
            seed=int(seed),
            chance=0,
            round=1,
            start_player=0,
            turn_in_round=0,
            current=0,
            phase="spin",
            cells={},
            blocked=frozenset(),
            piles=piles,
            reserve=reserve,
            overflow=[[] for _ in range(6)],
            removed=[],
            bag=bag,
            players=players,
            options=opts,
        )

    def _rng(self, s: State) -> random.Random:
        """A generator for the next random event; advances the chance counter."""
        s.chance += 1
        return random.Random(f"entdecker:{s.seed}:{s.chance}")

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.current

    def chance_count(self, s: State) -> int:
        """Random events so far, and one more for every turn that has ended: undo crosses neither.

        A turn that has ended stands. In a two-seat game the seat that ends a round
        is the next round's start player, so the seat to move alone cannot tell.
        """
        return s.chance + (s.round - 1) * len(s.seats) + s.turn_in_round

    def has_private_information(self) -> bool:
        return False  # everything a seat holds lies face up; only the piles and the bag are hidden, from all alike

    def turn_id(self, s: State) -> tuple[int, int]:
        """Which turn a state belongs to (the round's spin belongs to the start player's turn)."""
        return (s.round, s.turn_in_round)

    def summary(self, s: State) -> dict[str, Any]:
        return {"round": s.round, "tiles_left": s.face_down_left}

    def empty(self, s: State, cell: Cell) -> bool:
        """An undiscovered grid space (neither a tile nor a blocked gap)."""
        return cell in self._inside and cell not in s.cells and cell not in s.blocked

    def free_lines(self, s: State, space: Cell) -> list[Cell]:
        """Undiscovered spaces reached across a white line from `space` (a tile or a side circle)."""
        circle = self.circles.get(space)
        if circle is not None:
            return [circle.into] if self.empty(s, circle.into) else []
        placed = s.cells.get(space)
        if placed is None:
            return []
        cells, blocked = s.cells, s.blocked
        return [n for n in self._sea_sides(space, placed.edges) if n not in cells and n not in blocked]

    def _sea_sides(self, space: Cell, edges: str) -> tuple[Cell, ...]:
        """The spaces on the board across the sea sides (white lines) of a tile with these edges at `space`."""
        return self._sea_cache[(space, edges)]

    def _with_free_line(self, s: State) -> list[Cell]:
        """The placed tiles with a white line into an undiscovered space, in board order (free_lines, not listed)."""
        cells, blocked, sea = s.cells, s.blocked, self._sea_cache
        out = []
        for c, placed in cells.items():
            for n in sea[(c, placed.edges)]:
                if n not in cells and n not in blocked:
                    out.append(c)
                    break
        return out

    def toll(self, s: State, space: Cell, seat: int) -> int:
        """Gold owed for starting on a space holding another seat's unit (the unit's value)."""
        placed = s.cells.get(space)
        if placed is None or placed.unit is None or placed.unit[0] == seat:
            return 0
        return self.cfg["units"][placed.unit[1]]["cost"]

    def start_spaces(self, s: State) -> list[Cell]:
        """Spaces the current seat may put the ship on now."""
        seat = s.current
        gold = s.players[seat].gold
        cells, blocked = s.cells, s.blocked
        out = [c for c, into in self._circle_into if into not in cells and into not in blocked]
        if not (s.round == 1 and self.cfg["first_round_circles_only"]):
            out += self._with_free_line(s)
        return sorted((c for c in out if gold >= self.toll(s, c, seat) + 1), key=_row_major)

    def required_edge(self, s: State, cell: Cell, d: int) -> str | None:
        """What a tile at `cell` must show on side d: 'L', 'S', or None (undiscovered beyond)."""
        n = self._nbr[cell][d]
        if n is None:
            return "S"  # A9: beyond the board lies open sea (side circles too)
        placed = s.cells.get(n)
        if placed is not None:
            return placed.edges[(d + 2) % 4]
        return None

    def fits(self, s: State, edges: str, cell: Cell) -> list[int]:
        """Rotations (distinct results only) for which a tile with these edges matches every neighbour."""
        cells = s.cells
        need = ""  # required_edge of each side, "?" for None
        for d, n in enumerate(self._nbr[cell]):
            if n is None:
                need += "S"
            else:
                placed = cells.get(n)
                need += "?" if placed is None else placed.edges[(d + 2) % 4]
        key = (edges, need)
        hit = self._fit_cache.get(key)
        if hit is None:
            seen, rots = set(), []
            for rot in range(4):
                turned = rotate_sides(edges, rot)
                if turned in seen:
                    continue
                seen.add(turned)
                if all(n == "?" or n == e for n, e in zip(need, turned)):
                    rots.append(rot)
            hit = self._fit_cache[key] = tuple(rots)
        return list(hit)

    def placements(self, s: State, tile: int) -> list[tuple[Cell, int]]:
        """Every (space, rotation) where `tile` may be laid from the ship now."""
        if s.ship is None:
            return []
        edges = self.cat.tiles[tile].pattern.edges
        return [(c, r) for c in self.free_lines(s, s.ship) for r in self.fits(s, edges, c)]

    def usable_personal(self, s: State) -> list[int]:
        """Own tiles the current seat may lay now (declared, unused, and fitting somewhere)."""
        if s.phase != "explore" or not s.personal_declared or s.personal_used or s.storm:
            return []
        return [t for t in s.players[s.current].personal if self.placements(s, t)]

    def can_draw(self, s: State) -> bool:
        return (
            s.phase == "explore"
            and not s.storm
            and s.draws_left > 0
            and s.face_down_left > 0
            and bool(s.ship is not None and self.free_lines(s, s.ship))
        )

    def unit_options(self, s: State) -> list[PlaceUnit]:
        """Units the current seat may place on the tile just reached."""
        if s.phase != "explore" or s.fresh is None or s.storm:
            return []
        placed = s.cells[s.fresh]
        player = s.players[s.current]
        out = []
        for unit, spec in self.cfg["units"].items():
            if player.supply[unit] > 0 and player.gold >= spec["cost"]:
                out += [PlaceUnit(unit, i) for i in range(len(placed.pieces))]
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        if s.phase == "spin":
            return [Spin()]
        if s.phase == "start":
            starts = self.start_spaces(s)
            ships = self._ships
            return [ships.get(c) or self._ship(c) for c in starts] if starts else [PassTurn()]
        if s.phase == "declare":
            return self._declarations(s)
        if s.phase == "place":
            return [PlaceTile(c[0], c[1], r) for c, r in self.placements(s, s.in_hand)]
        if s.phase == "explore":
            out: list[Action] = []
            explore = self.can_draw(s)  # _can_explore, from the parts listed here
            if explore:
                draws = self._draws
                out += [draws.get(i) or self._draw(i) for i, p in enumerate(s.piles) if p]
            if s.personal_declared and not s.personal_used and not s.storm:  # usable_personal's gate
                for t in s.players[s.current].personal:
                    spots = self.placements(s, t)
                    if spots:
                        explore = True
                        code = self.cat.tiles[t].pattern.code
                        out += [PlacePersonal(code, c[0], c[1], r) for c, r in spots]
            out += self.unit_options(s)
            if not explore:
                out.append(EndTurn())
            return out
        return []

    def _declarations(self, s: State) -> list[Action]:
        player = s.players[s.current]
        out = []
        options = [False, True] if player.personal else [False]
        for personal in options:
            base = self.cfg["personal_tile_cost"] if personal else 0
            most = min((player.gold - base) // self.cfg["draw_cost"], s.face_down_left)
            for draws in range(0 if personal else 1, most + 1):
                out.append(self._declares.get((draws, personal)) or self._declare(draws, personal))
        return out

    def _ship(self, cell: Cell) -> PlaceShip:
        hit = self._ships[cell] = PlaceShip(cell[0], cell[1])
        return hit

    def _draw(self, pile: int) -> DrawTile:
        hit = self._draws[pile] = DrawTile(pile)
        return hit

    def _declare(self, draws: int, personal: bool) -> Declare:
        hit = self._declares[draws, personal] = Declare(draws, personal)
        return hit

    def _can_explore(self, s: State) -> bool:
        return self.can_draw(s) or bool(self.usable_personal(s))

    def canonical(self, s: State, a: Action) -> Action:
        """A tile that shows the same edges turned is listed at its first such rotation (see fits)."""
        if isinstance(a, PlaceTile):
            tile = s.in_hand
        elif isinstance(a, PlacePersonal):
            tile = self._own_tile(s, a.pattern)
        else:
            return a
        if tile is None or a.rotation not in range(4):
            return a
        edges = self.cat.tiles[tile].pattern.edges
        turned = rotate_sides(edges, a.rotation)
        return replace(a, rotation=next(r for r in range(4) if rotate_sides(edges, r) == turned))

    # ------------------------------------------------------------------ why illegal
    def out_of_phase(self, s: State, a: Action) -> str:
        """Spinning twice, a ship already out and a tile not drawn have words of their own."""
        if isinstance(a, Spin):
            return N_("The income has already been spun this round.")
        if isinstance(a, PlaceShip) and s.ship is not None:
            return N_("The ship is already out this turn.")
        if isinstance(a, PlaceTile) and s.phase == "explore":
            return N_("You have no drawn tile to lay.")
        return self.phase_reason(s)

    def _why_place_ship(self, s: State, a: PlaceShip) -> str | None:
        space = (a.col, a.row)
        is_circle = space in self.circles
        if not is_circle and space not in s.cells:
            if self.grid.inside(space):
                return N_("That space is not discovered yet: the ship starts on a discovered space.")
            return N_("That is not a space of the board.")
        if not is_circle and s.round == 1 and self.cfg["first_round_circles_only"]:
            return N_("In the first round the ship starts from one of the blue circles beside the board.")
        if not self.free_lines(s, space):
            return N_("No white line from that space leads to an undiscovered space.")
        toll = self.toll(s, space, s.current)
        gold = s.players[s.current].gold
        if gold < toll + 1:
            owner, unit, _ = s.cells[space].unit
            return Words("Starting here costs {toll} gold for {owner}'s {unit}, and you need 1 more gold to explore; "
                         "you have {gold}.", toll=toll, owner=s.seats[owner].name, unit=self.unit_name(unit), gold=gold)
        return None

    def _why_pass_turn(self, s: State, a: PassTurn) -> str | None:
        if self.start_spaces(s):
            return N_("You can still start somewhere: passing is only for a seat that cannot afford any start.")
        return None

    def _why_declare(self, s: State, a: Declare) -> str | None:
        player = s.players[s.current]
        if not isinstance(a.draws, int) or a.draws < 0:
            return N_("The number of tiles must be zero or more.")
        if a.personal and not player.personal:
            return N_("You have no own tiles left.")
        cost = a.draws * self.cfg["draw_cost"] + (self.cfg["personal_tile_cost"] if a.personal else 0)
        if cost < 1:
            return N_("You must spend at least 1 gold on exploring.")
        if cost > player.gold:
            return Words("That costs {cost} gold; you have {gold}.", cost=cost, gold=player.gold)
        if a.draws > s.face_down_left:
            if s.face_down_left == 1:
                return Words("Only 1 face-down tile is left.")
            return Words("Only {n} face-down tiles are left.", n=s.face_down_left)
        return None

    def _why_draw(self, s: State, a: DrawTile) -> str | None:
        if s.storm:
            return N_("The storm has ended your voyage this turn.")
        if s.draws_left <= 0:
            return N_("You have no paid draws left this turn.")
        if not (0 <= a.pile < len(s.piles)) or not s.piles[a.pile]:
            return N_("That pile is empty.")
        if not self.free_lines(s, s.ship):
            return N_("No white line leads from the ship's space to an undiscovered space.")
        return None

    def _why_place_tile(self, s: State, a: PlaceTile) -> str | None:
        if s.in_hand is None:
            return self.phase_reason(s)
        return self._why_lay(s, s.in_hand, (a.col, a.row), a.rotation)

    def _why_place_personal(self, s: State, a: PlacePersonal) -> str | None:
        if not s.personal_declared:
            return N_("You did not pay for one of your own tiles this turn.")
        if s.personal_used:
            return N_("You have already laid one of your own tiles this turn.")
        if s.storm:
            return N_("The storm has ended your voyage this turn.")
        tile = self._own_tile(s, a.pattern)
        if tile is None:
            if a.pattern in self.cat.patterns:
                return Words("You have no own {shape} tile.", shape=self.shape_name(a.pattern))
            return Words("You have no own tile of that kind ({code}).", code=a.pattern)
        return self._why_lay(s, tile, (a.col, a.row), a.rotation)

    def _why_lay(self, s: State, tile: int, cell: Cell, rotation: int) -> str | None:
        if not isinstance(rotation, int) or not 0 <= rotation < 4:
            return N_("A tile is turned 0 to 3 quarter turns.")
        if not self.grid.inside(cell):
            return N_("Tiles are laid on the board.")
        if cell in s.cells or cell in s.blocked:
            return N_("That space is already discovered.")
        if cell not in self.free_lines(s, s.ship):
            return N_("Tiles are laid beside the ship, across one of its free white lines.")
        turned = rotate_sides(self.cat.tiles[tile].pattern.edges, rotation)
        for d in range(4):
            need = self.required_edge(s, cell, d)
            if need is None or need == turned[d]:
                continue
            n = SquareGrid.step(cell, d)
            edge = Words(EDGE_NAMES[d])
            mine = Words("land") if turned[d] == "L" else Words("sea")
            theirs = Words("land") if need == "L" else Words("sea")
            if not self.grid.inside(n):
                beside = (Words("the open sea beyond the board") if n not in self.circles
                          else Words("the sea of a start circle"))
                return Words("The {edge} edge shows {mine}, but beside it is {beside}.", edge=edge, mine=mine, beside=beside)
            return Words("The {edge} edge shows {mine}; the tile {where} has {theirs} there.", edge=edge, mine=mine,
                         where=Words(BESIDE[d]), theirs=theirs)
        return None

    def _why_place_unit(self, s: State, a: PlaceUnit) -> str | None:
        if s.storm:
            return N_("After a storm you may not place a unit this turn.")
        if s.fresh is None:
            return N_("Units go on land of the tile the ship has just reached.")
        if a.unit not in self.cfg["units"]:
            return Words("There is no unit called '{unit}'.", unit=a.unit)
        placed = s.cells[s.fresh]
        if not (isinstance(a.piece, int) and 0 <= a.piece < len(placed.pieces)):
            return "Units stand on land, not at sea."
        player = s.players[s.current]
        cost = self.cfg["units"][a.unit]["cost"]
        if player.supply[a.unit] <= 0:
            return Words("No {unit} is left in your supply: all are on the board.", unit=self.unit_name(a.unit))
        if player.gold < cost:
            return Words("A {unit} costs {cost} gold; you have {gold}.", unit=self.unit_name(a.unit), cost=cost,
                         gold=player.gold)
        return None

    def _why_end_turn(self, s: State, a: EndTurn) -> str | None:
        if self._can_explore(s):
            return N_("You still have paid exploring to do: a voyage ends only when the gold is used or the way is blocked.")
        return None

    def unit_name(self, unit: str) -> Words:
        """A unit's name as players say it (data/entdecker/game.yaml), to be translated."""
        return Words(self.cfg["units"][unit]["name"])

    def shape_name(self, code: str) -> Words:
        """A tile shape's name (open sea, cape, ...: data/entdecker/tiles.yaml), to be translated."""
        return Words(self.cat.patterns[code].name)

    def _own_tile(self, s: State, code: str) -> int | None:
        for t in s.players[s.current].personal:
            if self.cat.tiles[t].pattern.code == code:
                return t
        return None

    # ------------------------------------------------------------------ apply
    def _do_spin(self, s: State, a: Spin) -> None:
        value = self._rng(s).choice(self.cfg["spinner"])
        cap = self.cfg["gold_cap"]
        for p in s.players:
            p.gold = min(cap, p.gold + value)
        s.income = value
        s.phase = "start"
        s.notices.append({"type": "spin", "seat": s.current, "value": value})

    def _do_place_ship(self, s: State, a: PlaceShip) -> None:
        space = (a.col, a.row)
        toll = self.toll(s, space, s.current)
        if toll:
            s.players[s.current].gold -= toll
            s.notices.append({"type": "toll", "seat": s.current, "gold": toll, "owner": s.cells[space].unit[0]})
        s.ship = space
        s.phase = "declare"

    def _do_pass_turn(self, s: State, a: PassTurn) -> None:
        s.notices.append({"type": "pass", "seat": s.current})
        self._end_turn(s)

    def _do_declare(self, s: State, a: Declare) -> None:
        cost = a.draws * self.cfg["draw_cost"] + (self.cfg["personal_tile_cost"] if a.personal else 0)
        s.players[s.current].gold -= cost
        s.draws_left = a.draws
        s.personal_declared = a.personal
        s.phase = "explore"
        self._settle(s)

    def _do_draw(self, s: State, a: DrawTile) -> None:
        tile = s.piles[a.pile].pop()
        s.chance += 1  # a face-down tile is revealed: undo stops here
        s.draws_left -= 1
        if s.face_down_left == 0:
            s.tiles_ran_out = True
        kind = self.cat.tiles[tile]
        if self.placements(s, tile):
            s.fresh = None  # the ship sails on once the tile is laid
            s.in_hand = tile
            s.phase = "place"
            s.notices.append({"type": "drawn", "seat": s.current, "tile": tile, "pile": a.pile})
            return
        # It fits nowhere: the ship stays where it is. Whether its land keeps the unit chance is an option.
        unit = None  # what became of a unit the seat could have placed there: kept | passed
        if s.fresh is not None:
            could = bool(self.unit_options(s))
            keep = s.options["unit_chance"] == "ship_tile"
            if not keep:
                s.fresh = None
            if could:
                unit = "kept" if keep else "passed"
        if kind.back == "question":
            s.removed.append(tile)
            pile = None
        else:
            pile = kind.pattern.number
            s.overflow[pile - 1].append(tile)
        s.notices.append({"type": "no_fit", "seat": s.current, "tile": tile, "pile": pile, "event": kind.event,
                          "unit": unit, "text": self._no_fit_words(kind, pile, unit)})
        self._settle(s)

    def _no_fit_words(self, kind: Any, pile: int | None, unit: str | None) -> Words:
        """What became of a drawn tile that fits nowhere, and of the unit chance on the ship's land."""
        shape = self.shape_name(kind.pattern.code)
        if pile is None:
            event = Words(self.cfg["events"][kind.event]["name"])
            gone = Words("The drawn \"?\" tile ({shape}, {event}) fits nowhere beside the ship: it leaves the game "
                         "and its event does not happen.", shape=shape, event=event)
        else:
            gone = Words("The drawn {shape} tile fits nowhere beside the ship: it goes beside reserve pile {pile}.",
                         shape=shape, pile=pile)
        if unit == "kept":
            return join([gone, Words("The ship stays on its new land: you may still place a unit there.")])
        if unit == "passed":
            return join([gone, Words("Drawing again has passed the chance to place a unit on the ship's land.")])
        return gone

    def _do_place_tile(self, s: State, a: PlaceTile) -> None:
        tile, s.in_hand = s.in_hand, None
        self._lay(s, tile, (a.col, a.row), a.rotation, "explored")

    def _do_place_personal(self, s: State, a: PlacePersonal) -> None:
        tile = self._own_tile(s, a.pattern)
        s.players[s.current].personal.remove(tile)
        s.personal_used = True
        self._lay(s, tile, (a.col, a.row), a.rotation, "personal")

    def _lay(self, s: State, tile: int, cell: Cell, rotation: int, source: str) -> None:
        """Put a tile down beside the ship, sail onto it and resolve its event."""
        s.cells[cell] = self._placed(tile, rotation, source)
        s.ship = cell
        s.phase = "explore"
        kind = self.cat.tiles[tile]
        s.fresh = cell if kind.pattern.pieces else None
        s.notices.append({"type": "laid", "seat": s.current, "tile": tile, "cell": cell, "rotation": rotation})
        if kind.event:
            self._event(s, kind.event)
        self._settle(s)

    def _placed(self, tile: int, rotation: int, source: str) -> Placed:
        pattern = self.cat.tiles[tile].pattern
        pieces = tuple(frozenset((d + rotation) % 4 for d in piece) for piece in pattern.pieces)
        return Placed(tile, rotation, rotate_sides(pattern.edges, rotation), pieces, source)

    def _event(self, s: State, event: str) -> None:
        """Resolve a "?" event once the ship is on its tile (§3)."""
        spec = self.cfg["events"][event]
        player = s.players[s.current]
        note = {"type": "event", "seat": s.current, "event": event, "text": Words(spec["text"])}
        effect = spec["effect"]
        if effect == "halve_gold":
            lost = player.gold // 2
            player.gold -= lost
            note["gold"] = -lost
        elif effect == "storm":
            s.storm = True
            s.fresh = None
            s.draws_left = 0
        elif effect == "gain_gold":
            before = player.gold
            player.gold = min(self.cfg["gold_cap"], player.gold + spec["amount"])
            note["gold"] = player.gold - before
        elif effect == "gain_points":
            player.points["ruins"] += spec["amount"]
            note["points"] = spec["amount"]
        elif effect == "natives_chip":
            if s.bag:
                chip = s.bag.pop(self._rng(s).randrange(len(s.bag)))
                player.chips.append((chip, "natives"))
                note["chip"] = chip
            else:
                note["chip"] = None
        else:
            raise ValueError(f"unknown event effect {effect!r} in data/entdecker/game.yaml")
        s.notices.append(note)

    def _do_place_unit(self, s: State, a: PlaceUnit) -> None:
        player = s.players[s.current]
        player.gold -= self.cfg["units"][a.unit]["cost"]
        player.supply[a.unit] -= 1
        s.cells[s.fresh] = replace(s.cells[s.fresh], unit=(s.current, a.unit, a.piece))
        s.notices.append({"type": "unit", "seat": s.current, "unit": a.unit, "cell": s.fresh})
        self._end_turn(s)

    def _do_end_turn(self, s: State, a: EndTurn) -> None:
        self._end_turn(s)

    def _settle(self, s: State) -> None:
        """After each step of a voyage: end the turn when nothing is left to do."""
        if s.phase == "explore" and not self._can_explore(s) and not self.unit_options(s):
            self._end_turn(s)

    # ------------------------------------------------------------------ end of turn
    def _end_turn(self, s: State) -> None:
        """Fill enclosed gaps, score completed islands, then pass the ship or end the game."""
        self._fill_gaps(s)
        # islands without units score nothing: only the islands of the units are walked, the complete ones kept
        for island in self._islands_from(s, self._unit_pieces(s), complete_only=True):
            self._score_island(s, island, complete=True)
        s.ship = None
        s.draws_left = 0
        s.personal_declared = s.personal_used = s.storm = False
        s.in_hand = s.fresh = None
        if s.tiles_ran_out or not self._anything_to_discover(s):
            self._final_scoring(s)
            return
        s.turn_in_round += 1
        n = len(s.seats)
        if s.turn_in_round >= n:
            s.round += 1
            s.start_player = (s.start_player + 1) % n  # Soeding: the spinner passes left
            s.turn_in_round = 0
            s.current = s.start_player
            s.phase = "spin"
        else:
            s.current = (s.start_player + s.turn_in_round) % n
            s.phase = "start"

    def _anything_to_discover(self, s: State) -> bool:
        """Whether a white line still leads into an undiscovered space (the game ends when none does)."""
        if len(s.cells) + len(s.blocked) == len(self._cells):
            return False
        cells, blocked = s.cells, s.blocked
        return (any(into not in cells and into not in blocked for _c, into in self._circle_into)
                or bool(self._with_free_line(s)))

    def _fill_gaps(self, s: State) -> None:
        """§5.6: fill single enclosed spaces and land-locked groups from the reserve, until stable."""
        leave_open = s.options["blocked_gaps"] == "undiscovered"
        waiting: set[Cell] = set()
        changed = True
        while changed:
            free, enclosed = self._gap_bits(s)
            if enclosed:
                changed, empties = self._fill_enclosed(s, leave_open, waiting)
            else:
                # A first look on bits found no enclosed space (the end of most turns): a scan would fill nothing,
                # and what is undiscovered stays so; only a group walled in all round needs the spaces listed.
                changed = False
                empties = [c for c in self._cells if free & self._bit[c]] if free and self._walled_in(free) else []
            # _empty_groups filtered by _land_locked; filling one group cannot change another's answer
            for group in self._land_locked_groups(s, empties):
                for cell in group:
                    if self._fill(s, cell, "LLLL", leave_open):
                        changed = True
                    else:
                        waiting.add(cell)
        waiting = {c for c in waiting if c not in s.cells}
        for cell in sorted(waiting - s.waiting, key=_row_major):
            s.notices.append({"type": "waiting", "cell": cell, "pattern": self.gap_pattern(s, cell)})
        s.waiting = frozenset(waiting)

    def _fill_enclosed(self, s: State, leave_open: bool, waiting: set[Cell]) -> tuple[bool, list[Cell]]:
        """One scan of the board in order, filling each enclosed space as it is met (a fill changes no other
        space, so the scan may read the board as it goes); whether anything changed, and what is still
        undiscovered after the scan, in board order (for the land-locked groups)."""
        cells, nbr = s.cells, self._nbr  # _fill adds to s.cells in place (and replaces s.blocked)
        changed = False
        empties = []
        for cell in self._cells:
            if cell in cells or cell in s.blocked:
                continue
            # enclosed: every side touches a tile or the board's edge (else a side's need is None)
            for n in nbr[cell]:
                if n is not None and n not in cells:
                    empties.append(cell)
                    break
            else:
                need = [self.required_edge(s, cell, d) for d in range(4)]
                if self._fill(s, cell, "".join(need), leave_open):
                    changed = True
                    if cell not in cells and cell not in s.blocked:
                        empties.append(cell)
                else:
                    waiting.add(cell)
                    empties.append(cell)
        return changed, empties

    def _gap_bits(self, s: State) -> tuple[int, int]:
        """The undiscovered spaces as bits (space i of the row-by-row order is bit i), and those of them enclosed:
        a tile on every side within the board (a single enclosed space, or a gap left waiting)."""
        bit = self._bit
        every = self._all_bits
        tiles = sum(map(bit.__getitem__, s.cells))
        free = every & ~tiles & ~sum(map(bit.__getitem__, s.blocked))
        other = every & ~tiles  # undiscovered or blocked: a side that is not a tile
        width, left, right = self.grid.width, self._not_first_col, self._not_last_col
        beside_other = ((other << 1) & left) | ((other >> 1) & right) | (other << width) | (other >> width)
        return free, free & ~beside_other

    def _walled_in(self, free: int) -> bool:
        """Whether some undiscovered space (bits `free`) cannot be reached from the border through undiscovered
        spaces: the spread of _land_locked_groups' first look."""
        width, left, right = self.grid.width, self._not_first_col, self._not_last_col
        reach = free & self._border_bits
        while True:
            grown = (reach | ((reach << 1) & left) | ((reach >> 1) & right) | (reach << width) | (reach >> width)) & free
            if grown == reach:
                return reach != free
            reach = grown

    def gap_pattern(self, s: State, cell: Cell) -> str | None:
        """The shape (P1-P6) a gap calls for: its four sides', or inland where every known side is land.

        Meant for blocked and waiting gaps, and spaces enclosed now: a gap of a land-locked group
        has gaps beside it, and land on every other side.
        """
        need = [self.required_edge(s, cell, d) for d in range(4)]
        if None not in need:
            return self.cat.pattern_for("".join(need))[0]
        return "P6" if "L" in need and "S" not in need else None

    def _empty_groups(self, s: State) -> list[list[Cell]]:
        empties = [c for c in self._cells if c not in s.cells and c not in s.blocked]
        uf = UnionFind(empties)
        for c in empties:
            for d in (1, 2):
                n = SquareGrid.step(c, d)
                if n in uf.parent:
                    uf.union(c, n)
        return [sorted(g, key=lambda c: (c[1], c[0])) for g in uf.groups()]

    def _land_locked_groups(self, s: State, empties: list[Cell]) -> list[list[Cell]]:
        """The groups of _empty_groups (same order, same sorting) for which _land_locked holds.

        A group with a space on the border is never land-locked: every empty space joined to one
        is skipped first, and only the groups walled in all round are walked and checked.
        `empties` are the undiscovered spaces in board order.
        """
        cells, nbr = s.cells, self._nbr
        if not empties:
            return []
        # First look, on bits: spread from the empty spaces on the border through empty spaces; when that
        # reaches every empty space, no group is walled in (the usual answer) and nothing is walked.
        if not self._walled_in(sum(map(self._bit.__getitem__, empties))):
            return []
        empty = set(empties)
        seen = empty & self._border
        stack = list(seen)
        while stack:
            for n in nbr[stack.pop()]:
                if n in empty and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out = []
        for start in empties:
            if start in seen:
                continue
            seen.add(start)
            group, stack, locked = [start], [start], True
            while stack:
                cell = stack.pop()
                for d, n in enumerate(nbr[cell]):  # never None here: no space of the group is on the border
                    if n in empty:
                        if n not in seen:
                            seen.add(n)
                            stack.append(n)
                            group.append(n)
                    elif locked:
                        placed = cells.get(n)  # a tile or a blocked gap: only land facing the group will do
                        if placed is None or placed.edges[(d + 2) % 4] != "L":
                            locked = False
            if locked:
                out.append(sorted(group, key=_row_major))
        return out

    def _land_locked(self, s: State, group: list[Cell]) -> bool:
        """A group of empty spaces away from the border, with land on every side facing it."""
        members = set(group)
        for cell in group:
            for d in range(4):
                n = SquareGrid.step(cell, d)
                if not self.grid.inside(n):
                    return False
                if n in members:
                    continue
                if self.required_edge(s, cell, d) != "L":
                    return False
        return True

    def _fill(self, s: State, cell: Cell, need: str, leave_open: bool = False) -> bool:
        """Fill one gap with the reserve tile its four sides call for, or block it if none is left.

        With `leave_open` (the option) a gap no tile can fill stays undiscovered: False, nothing changed.
        """
        code, rotation = self.cat.pattern_for(need)
        number = self.cat.patterns[code].number
        for source in (s.reserve[number - 1], s.overflow[number - 1]):
            if source:
                tile = source.pop()
                s.cells[cell] = self._placed(tile, rotation, "reserve")
                s.notices.append({"type": "filled", "cell": cell, "tile": tile})
                return True
        if leave_open:
            return False
        s.blocked = s.blocked | {cell}
        s.notices.append({"type": "blocked", "cell": cell, "pattern": code})
        return True

    def islands(self, s: State) -> list[dict]:
        """Every island: its land pieces, tiles, units and whether it is fully discovered (§5.7)."""
        return self._islands_from(s, [(cell, i) for cell, placed in s.cells.items() for i in range(len(placed.pieces))])

    def _unit_pieces(self, s: State) -> list[tuple[Cell, int]]:
        """The land pieces units stand on, in board order: where the islands that score are found from."""
        return [(cell, placed.unit[2]) for cell, placed in s.cells.items()
                if placed.unit is not None and 0 <= placed.unit[2] < len(placed.pieces)]

    def _islands_from(self, s: State, starts: list[tuple[Cell, int]], complete_only: bool = False) -> list[dict]:
        """The islands holding these land pieces, each once, as `islands` lists them (same order and contents).

        An island is walked from a piece across the land edges it shares with its neighbours. Its
        pieces and units are listed in board order (the order tiles were laid, then piece index), and
        islands that begin on the same tile keep the order of their first piece in it.
        With `complete_only`, a walk stops at the first undiscovered space its land faces, and only
        the complete islands are listed.
        """
        cells, blocked, nbr = s.cells, s.blocked, self._nbr
        found: set[tuple[Cell, int]] = set()
        unfinished: set[tuple[Cell, int]] = set()  # pieces of walks stopped early (complete_only)
        groups: list[list[tuple[Cell, int]]] = []
        for start in starts:
            if start in found:
                continue
            found.add(start)
            group, stack = [start], [start]
            while stack:
                cell, i = stack.pop()
                around = nbr[cell]
                for d in cells[cell].pieces[i]:
                    n = around[d]
                    if n is None:
                        continue
                    other = cells.get(n)
                    if other is None:
                        if complete_only and n not in blocked:
                            break  # land facing an undiscovered space: not complete
                        continue
                    od = (d + 2) % 4
                    for j, op in enumerate(other.pieces):
                        if od in op:
                            key = (n, j)
                            if key not in found:
                                found.add(key)
                                group.append(key)
                                stack.append(key)
                            elif key in unfinished:
                                break  # joined to an island already found unfinished
                    else:
                        continue
                    break
                else:
                    continue
                unfinished.update(group)  # the walk stopped: an unfinished island
                break
            else:
                groups.append(group)
        if not groups:
            return []
        order = {c: k for k, c in enumerate(cells)}
        out = []
        for group in groups:
            group.sort(key=lambda p: (order[p[0]], p[1]))  # the order a scan of the board meets them
            complete = True
            units = []
            closed_by: set[Cell] = set()  # blocked gaps its land faces
            for cell, i in group:
                placed = cells[cell]
                around = nbr[cell]
                for d in placed.pieces[i]:
                    n = around[d]
                    if n is None:
                        continue
                    if n in blocked:
                        closed_by.add(n)
                    elif complete and n not in cells:
                        complete = False
                if placed.unit is not None and placed.unit[2] == i:
                    units.append((cell, placed.unit))
            out.append((group[0], {
                "pieces": sorted(group),
                "cells": sorted({c for c, _ in group}, key=_row_major),
                "complete": complete,
                "units": units,
                "blocked": sorted(closed_by, key=_row_major),
            }))
        out.sort(key=lambda x: (x[1]["cells"][0][1], x[1]["cells"][0][0], order[x[0][0]], x[0][1]))
        return [island for _first, island in out]

    def island_at(self, s: State, cell: Cell, piece: int = 0) -> dict | None:
        for island in self.islands(s):
            if (cell, piece) in island["pieces"]:
                return island
        return None

    def island_value(self, s: State, island: dict) -> int:
        """The island's current value without a chip: its number of tiles."""
        return len(island["cells"])

    def _score_island(self, s: State, island: dict, complete: bool) -> None:
        """Rank the discoverers, draw chips, pay out halving points, send units home (§5.7)."""
        counts: dict[int, dict[str, int]] = {}
        for _cell, (owner, unit, _piece) in island["units"]:
            counts.setdefault(owner, {u: 0 for u in UNIT_ORDER})[unit] += 1
        n = len(s.seats)
        order = [(s.current + k) % n for k in range(n)]  # chips are drawn from the active seat clockwise
        seats = [seat for seat in order if seat in counts]
        keys = {seat: tuple(counts[seat][u] for u in UNIT_ORDER) for seat in seats}
        ranks: list[list[int]] = []
        for seat in sorted(seats, key=lambda x: keys[x], reverse=True):
            if ranks and keys[ranks[-1][0]] == keys[seat]:
                ranks[-1].append(seat)
            else:
                ranks.append([seat])
        chips: list[tuple[int, str]] = []
        chip_note: Words | str = ""
        if complete:
            has_big = any(keys[x][0] + keys[x][1] > 0 for x in seats)
            leaders = ranks[0]
            if not has_big:
                chip_note = Words("no fort or settlement on the island, so no discovery chip")
            elif not s.bag:
                chip_note = Words("the bag holds no chip, so nobody draws")
            elif len(s.bag) < len(leaders):
                chip_note = (Words("only 1 chip left in the bag for {n} discoverers, so nobody draws", n=len(leaders))
                             if len(s.bag) == 1 else
                             Words("only {k} chips left in the bag for {n} discoverers, so nobody draws", k=len(s.bag),
                                   n=len(leaders)))
            else:
                rng = self._rng(s)
                for seat in [x for x in order if x in leaders]:
                    chip = s.bag.pop(rng.randrange(len(s.bag)))
                    s.players[seat].chips.append((chip, "island"))
                    chips.append((seat, chip))
        tiles = len(island["cells"])
        chip_value = max((self.cat.chip_value(c) for _, c in chips), default=0)
        value = tiles + chip_value
        category = "islands" if complete else "incomplete"
        awards = []
        points = value
        for group in ranks:
            for seat in group:
                s.players[seat].points[category] += points
                awards.append({"seat": seat, "units": counts[seat], "points": points})
            points = math.ceil(points / 2)
        for cell, (owner, unit, _piece) in island["units"]:
            s.players[owner].supply[unit] += 1
            s.cells[cell] = replace(s.cells[cell], unit=None)
        account = {
            "type": "island",
            "complete": complete,
            "cells": island["cells"],
            "tiles": tiles,
            "chips": chips,
            "chip_value": chip_value,
            "chip_note": chip_note,
            "value": value,
            "awards": awards,
            "blocked": island["blocked"],
        }
        s.notices.append(account)
        s.scored.append(account)

    def _final_scoring(self, s: State) -> None:
        """§5.8: incomplete islands score as they stand (no chip); then the chip bonus."""
        for island in self.islands(s):
            if island["units"]:
                self._score_island(s, island, complete=False)
        counts = [len(p.chips) for p in s.players]
        best = max(counts)
        if best > 0:
            for seat, count in enumerate(counts):
                if count == best:
                    s.players[seat].points["bonus"] += count
        s.phase = "over"
        s.notices.append({"type": "game_over"})

    # ------------------------------------------------------------------ score sheet
    def score_sheet(self, s: State) -> ScoreSheet:
        names = [seat.name for seat in s.seats]
        rows = [
            ScoreRow("Islands discovered", [p.points["islands"] for p in s.players],
                     N_("Full value to the largest discoverer, half (rounded up) to each next rank.")),
            ScoreRow("Islands unfinished at the end", [p.points["incomplete"] for p in s.players],
                     N_("Scored at their size when the tiles ran out, without a chip.")),
            ScoreRow("Old ruins", [p.points["ruins"] for p in s.players], N_("+2 for each ruins event.")),
            ScoreRow("Chip bonus", [p.points["bonus"] for p in s.players],
                     N_("The seat(s) with the most chips score one point per chip.")),
        ]
        totals = [p.vp for p in s.players]
        key = {
            seat: (totals[seat], len(s.players[seat].chips), s.players[seat].gold) for seat in range(len(s.seats))
        }
        ranking = sorted(range(len(s.seats)), key=lambda x: key[x], reverse=True)
        details = []
        for acc in s.scored:
            details.append(self.describe_island(s, acc))
        return ScoreSheet(
            seats=names,
            rows=rows,
            totals=totals,
            ranking=ranking,
            tie_break=N_("Ties go to more discovery chips, then more gold; still equal, the win is shared."),
            details=details,
            final=s.phase == "over",
        )

    def winners(self, s: State) -> list[int]:
        sheet = self.score_sheet(s)
        key = lambda x: (sheet.totals[x], len(s.players[x].chips), s.players[x].gold)  # noqa: E731
        best = key(sheet.ranking[0])
        return [x for x in sheet.ranking if key(x) == best]

    def describe_island(self, s: State, acc: dict) -> Words:
        """An island's account, as the notice, the log and the score sheet tell it."""
        names = [seat.name for seat in s.seats]
        tiles = acc["tiles"]
        parts: list[Any] = [Words("Island of 1 tile") if tiles == 1 else Words("Island of {n} tiles", n=tiles)]
        blocked = len(acc["blocked"])
        if blocked and acc["complete"]:
            parts.append(Words("closed by 1 blocked gap") if blocked == 1
                         else Words("closed by {n} blocked gaps", n=blocked))
        if acc["chips"]:
            drawn = join([Words("{who} drew {chip} ({value})", who=names[x], chip=Words(self.cat.chip_name(c)),
                                value=self.cat.chip_value(c)) for x, c in acc["chips"]], ", ")
            parts.append(Words("{drawn}; value {tiles} + {chip} = {value}", drawn=drawn, tiles=tiles,
                               chip=acc["chip_value"], value=acc["value"]))
        else:
            if acc["chip_note"]:
                parts.append(acc["chip_note"])
            parts.append(Words("value {value}", value=acc["value"]))
        if not acc["complete"]:
            parts.append(Words("unfinished at the end"))
        awards = join([Words("{who} {points}", who=names[w["seat"]], points=w["points"]) for w in acc["awards"]], ", ")
        return Words("{account}: {awards}.", account=join(parts, "; "), awards=awards)

    # ------------------------------------------------------------------ view and words
    def view(self, s: State, seat: int) -> State:
        """What `seat` may see: face-down piles show only their size and top back; the bag only its size."""
        v = s.copy()
        v.notices = list(s.notices)
        v.piles = [[HIDDEN] * len(p) for p in s.piles]
        v.bag = [str(HIDDEN)] * len(s.bag)
        v.seed = 0
        v.hidden = True
        v.top_backs = [self.cat.tiles[p[-1]].back if p else None for p in s.piles]
        return v

    def top_back(self, s: State, pile: int) -> str | None:
        """The back of a pile's top tile: everyone sees whether it is a "?" tile."""
        if s.hidden:
            return s.top_backs[pile]
        return self.cat.tiles[s.piles[pile][-1]].back if s.piles[pile] else None

    def describe(self, s: State, a: Action) -> Words:
        """The action in words, as the game log shows it."""
        who = s.seats[s.current].name if s.phase != "over" else ""
        if isinstance(a, Spin):
            return Words("{who} spins the income display.", who=who)
        if isinstance(a, PlaceShip):
            if (a.col, a.row) in self.circles:
                return Words("{who} puts the ship on a start circle.", who=who)
            return Words("{who} puts the ship on a discovered tile.", who=who)
        if isinstance(a, PassTurn):
            return Words("{who} cannot afford a start and passes.", who=who)
        if isinstance(a, Declare):
            return self._describe_declare(who, a)
        if isinstance(a, DrawTile):
            return Words("{who} draws from pile {pile}.", who=who, pile=a.pile + 1)
        if isinstance(a, PlaceTile):
            if s.in_hand is None:
                return Words("{who} lays the drawn tile.", who=who)
            return Words("{who} lays the drawn {shape} tile.", who=who,
                         shape=self.shape_name(self.cat.tiles[s.in_hand].pattern.code))
        if isinstance(a, PlacePersonal):
            return Words("{who} lays their own {shape} tile.", who=who, shape=self.shape_name(a.pattern))
        if isinstance(a, PlaceUnit):
            island = self.island_at(s, s.fresh, a.piece) if s.fresh else None
            size = len(island["cells"]) if island else 1
            unit = self.unit_name(a.unit)
            if size == 1:
                return Words("{who} places a {unit} on an island of 1 tile.", who=who, unit=unit)
            return Words("{who} places a {unit} on an island of {n} tiles.", who=who, unit=unit, n=size)
        if isinstance(a, EndTurn):
            return Words("{who} ends the turn.", who=who)
        return Words("{who}: {kind}", who=who, kind=a.kind)

    @staticmethod
    def _describe_declare(who: str, a: Declare) -> Words:
        if a.draws == 0:
            return Words("{who} pays for one own tile.", who=who)
        if a.personal:
            if a.draws == 1:
                return Words("{who} pays for 1 tile and one own tile.", who=who)
            return Words("{who} pays for {n} tiles and one own tile.", who=who, n=a.draws)
        if a.draws == 1:
            return Words("{who} pays for 1 tile.", who=who)
        return Words("{who} pays for {n} tiles.", who=who, n=a.draws)

    # ------------------------------------------------------------------ invariants (§8)
    def check_invariants(self, s: State) -> list[str]:
        """Problems with a state that the rules must never allow; empty when all is well."""
        problems = []
        seen: list[int] = [p.tile for p in s.cells.values()]
        for group in (s.piles, s.reserve, s.overflow):
            for pile in group:
                seen += pile
        seen += s.removed
        for p in s.players:
            seen += p.personal
        if s.in_hand is not None:
            seen.append(s.in_hand)
        if sorted(seen) != list(range(len(self.cat.tiles))):
            problems.append(f"tiles not conserved: {len(seen)} accounted for, {len(set(seen))} distinct, of {len(self.cat.tiles)}")
        units = self.cfg["units"]
        on_board: dict[tuple[int, str], int] = {}
        for cell, placed in s.cells.items():
            if placed.unit is not None:
                owner, unit, piece = placed.unit
                on_board[(owner, unit)] = on_board.get((owner, unit), 0) + 1
                if not 0 <= piece < len(placed.pieces):
                    problems.append(f"unit at {cell} stands at sea")
        for seat, p in enumerate(s.players):
            if not 0 <= p.gold <= self.cfg["gold_cap"]:
                problems.append(f"seat {seat} has {p.gold} gold")
            for unit, spec in units.items():
                if p.supply[unit] + on_board.get((seat, unit), 0) != spec["count"]:
                    problems.append(f"seat {seat}'s {unit}s not conserved")
        held = sum(len(p.chips) for p in s.players)
        if held + len(s.bag) != len(self.cfg["chips"]):
            problems.append(f"chips not conserved: {held} held + {len(s.bag)} in the bag")
        for cell, placed in s.cells.items():
            edges, nbr = placed.edges, self._nbr[cell]
            for d in range(4):
                n = nbr[d]
                if n is None:
                    if edges[d] != "S":
                        problems.append(f"tile at {cell} shows land to the board's edge ({EDGE_NAMES[d]})")
                elif d in (1, 2) and n in s.cells and s.cells[n].edges[(d + 2) % 4] != edges[d]:
                    problems.append(f"tile at {cell} does not match on its {EDGE_NAMES[d]} edge")
        for cell in s.blocked:
            if cell in s.cells:
                problems.append(f"{cell} is both blocked and filled")
        for cell in s.waiting:
            if cell in s.cells or cell in s.blocked:
                problems.append(f"{cell} is waiting for a tile but is discovered")
        if s.waiting and s.options["blocked_gaps"] != "undiscovered":
            problems.append("gaps wait for a tile although the option blocks them")
        sheet = self.score_sheet(s)
        if not sheet.check_totals():
            problems.append("score sheet totals do not add up")
        return problems
