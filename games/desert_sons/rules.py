"""Im Reich der Wüstensöhne / Realm of the Desert Sons (Klaus Teuber, Kosmos 2008): the rules, pure Python.

Authority: the rules as the Wikipedia article on the game gives them (they win where they speak);
the rules as this edition plays them, with the values it chose, are data/desert_sons/rules.md. The
§ numbers in comments below are those of the research notes rules.md was written from (not in this
repository). Numbers and options live in data/desert_sons/*.yaml; the
board geometry is in rules_board.py, the actions and state in rules_state.py.
"""
from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

from engine.core.grid import SquareGrid
from engine.core.rules import Action, RulesBase, Seat
from engine.core.words import N_, Words, join, nwords
from games.desert_sons.catalogue import Catalogue, load_catalogue
from games.desert_sons.rules_board import BoardLogic, Lines
from games.desert_sons.rules_scoring import ScoringLogic
from games.desert_sons.rules_state import (
    GAME,
    HIDDEN,
    Cell,
    ChooseGood,
    ChooseIcon,
    DiscardTile,
    Draw,
    Exchange,
    ExtraTurn,
    MoveCamel,
    Pass,
    PayToll,
    PlaceCamel,
    PlaceExplorer,
    PlaceRumor,
    PlaceTile,
    PlayDisplay,
    Player,
    Scout,
    ScoreOasis,
    State,
    TakeBack,
    TakeRumor,
)

__all__ = [
    "DesertSonsRules", "State", "PlaceCamel", "MoveCamel", "Pass", "Draw", "PlaceTile", "PlayDisplay", "Scout",
    "DiscardTile", "PlaceExplorer", "TakeBack", "ScoreOasis", "PayToll", "ChooseIcon", "ChooseGood", "PlaceRumor",
    "TakeRumor", "Exchange", "ExtraTurn", "HIDDEN",
]

ABILITY_NAMES = {"leader": "caravan leader", "scout": "scout", "driver": "camel driver"}
# The steps of a turn that the player whose turn it is decides: the camel driver may be paid in any of them.
TURN_STEPS = ("move", "exchange", "discover", "place", "discard", "explorer", "order")


@functools.cache
def _int_fields(klass: type) -> tuple[str, ...]:
    """The whole-number fields of an action class (a save may hold anything there)."""
    return tuple(f.name for f in dataclasses.fields(klass) if f.type == "int")




class DesertSonsRules(BoardLogic, ScoringLogic, RulesBase):
    """The rules contract for Realm of the Desert Sons."""

    game_id = GAME
    game_name = "Realm of the Desert Sons"
    phase_reasons = {  # {name}: the seat deciding now
        "camels": N_("First {name} puts a camel on an end square of the start cross."),
        "move": N_("First move the camel, or pass to stay where it is."),
        "exchange": N_("First decide whether to swap a good on the exchange square."),
        "discover": N_("Now discover: draw a tile, or lay one from a display."),
        "place": N_("First lay the tile you drew beside the camel."),
        "discard": N_("Your display is over its limit: first remove one of its tiles from the game."),
        "explorer": N_("Now place an explorer on the new tile, take one back, or pass."),
        "order": N_("Several oases are complete: first choose which one scores next."),
        "toll": N_("First {name} decides on the oasis' water toll."),
        "icon": N_("First {name}'s explorer claims an action icon."),
        "good": N_("{name}'s caravan is full: first choose which good to throw away."),
        "rumor": N_("First {name} puts the rumor tile on the rumor board."),
        "rumor_take": N_("First {name} decides whether to take a rumor off the board."),
    }
    action_phases = {
        PlaceCamel: ("camels",), MoveCamel: ("move",), Pass: ("move", "explorer", "rumor_take", "exchange", "discover"),
        Draw: ("discover",), PlaceTile: ("place",), PlayDisplay: ("discover",), Scout: ("discover",),
        DiscardTile: ("discard",), PlaceExplorer: ("explorer",), TakeBack: ("explorer",), ScoreOasis: ("order",),
        PayToll: ("toll",), ChooseIcon: ("icon",), ChooseGood: ("good",), PlaceRumor: ("rumor",),
        TakeRumor: ("rumor_take",), Exchange: ("exchange",), ExtraTurn: TURN_STEPS,
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.cat = catalogue or load_catalogue()
        self.cfg = self.cat.config
        self.size = self.cat.size
        grid = SquareGrid(self.size, self.size)
        self._cells = grid.cells()
        # the four neighbours of every square, None beyond the border: the rules' hottest lookup
        self._nbr = {
            c: tuple(n if grid.inside(n) else None for n in (SquareGrid.step(c, d) for d in range(4)))
            for c in self._cells
        }
        self._fit_cache = {}
        self._kind_turns = {}
        self._turned = {}
        self._lines = Lines(self._nbr)
        self._board_order = {c: i for i, c in enumerate(self._cells)}  # square -> its place in board order
        self._checked_squares: dict[tuple[Cell, bool], Any] = {}  # see _invariant_edge_problems
        # actions are immutable values: the camel moves, the most numerous, are made once
        self._moves = {(c, pay): MoveCamel(c[0], c[1], pay) for c in self._cells for pay in (False, True)}
        self._walks = {c: self._moves[c, False] for c in self._cells}  # the free moves
        self._ranks_by_set = {name: tuple(sorted(r)) for name, r in self.cfg["explorer_sets"].items()}
        self._max_rank = max(r for ranks in self._ranks_by_set.values() for r in ranks)
        self._rumor_values = tuple(self.cfg["rumor_tiles"])

    def option_specs(self) -> list[dict[str, Any]]:
        """The options of game.yaml ({id, label, default, help, choices}) for the set-up screen."""
        return [dict(o) for o in self.cat.options]

    # ------------------------------------------------------------------ setup (§4, §9)
    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> State:
        """Start cross, five shuffled stacks, a display tile, 2 water and a colour set each; camels next."""
        n = len(seats)
        if not 2 <= n <= 4:
            raise ValueError(N_("Realm of the Desert Sons is played by 2 to 4 players."))
        cat, cfg = self.cat, self.cfg
        opts = cat.resolve_options(options)
        rng = random.Random(f"desert_sons-setup:{seed}")
        stacks: list[list[int]] = [[] for _ in range(cat.stacks)]
        for index, number in enumerate(cat.tile_stack):
            stacks[number - 1].append(index)
        for stack in stacks:
            rng.shuffle(stack)
        boxed: list[int] = []
        if n == 2 and opts["two_player_setup"] == "short":
            boxed, stacks[-1] = stacks[-1], []
        if n == 2 and opts["two_player_setup"] == "off":
            sets = list(cfg["two_player_setup_off_sets"])
        else:
            sets = list(cfg["sets_for_seats"][n])
        owner = [-1] * (self._max_rank + 1)
        players = []
        for seat, name in enumerate(sets):
            ranks = self._ranks_by_set[name]
            for r in ranks:
                owner[r] = seat
            players.append(Player(name, ranks, list(ranks), cfg["start_water"], [], 0, [],
                                  {"leader": 0, "scout": 0, "driver": 0}))
        for player in players:
            for _ in range(cfg["start_display"]):
                low = next((st for st in stacks if st), None)
                if low is not None:
                    player.display.append(low.pop())
        start = rng.randrange(n) if opts["start_player"] == "random" else 0
        cells = {sq.cell: self.placed(sq.kind, sq.rotation, None) for sq in cat.cross}
        s = State(
            seats=tuple(seats),
            seed=int(seed),
            options=opts,
            chance=0,
            turn=0,
            round=0,
            start_player=start,
            current=start,
            decider=start,
            phase="camels",
            cells=cells,
            stacks=stacks,
            boxed=boxed,
            removed=[],
            players=players,
            owner=tuple(owner),
            explorers={},
            turban=players[start].ranks[-1],
            water=cfg["water_stones"] - n * cfg["start_water"],
            goods={g["id"]: g["count"] for g in cfg["goods"]},
            camel_cards=cfg["camel_cards"],
            rumor_pile=list(range(len(self._rumor_values))),
            rumor_slots={g: [] for g in cat.goods},
            net=self._make_net(cells),
        )
        self._next_camel(s)
        return s

    def _rng(self, s: State) -> random.Random:
        """A generator for the next random event; advances the chance counter."""
        s.chance += 1
        return random.Random(f"desert_sons:{s.seed}:{s.chance}")

    def camel_starts(self, s: State) -> list[Cell]:
        """End squares the seat to move may put its camel on at set-up."""
        two = len(s.seats) == 2 and s.options["two_player_setup"] != "off"
        taken = {p.camel for p in s.players}
        return [e.cell for e in self.cat.camel_starts if (e.two_player or not two) and e.cell not in taken]

    def _next_camel(self, s: State) -> None:
        """Set-up step 6: camels go out in turn order; a seat with one free end gets it at once."""
        n = len(s.seats)
        while True:
            waiting = [(s.start_player + k) % n for k in range(n) if s.players[(s.start_player + k) % n].camel is None]
            if not waiting:
                s.round = 1
                self._start_turn(s, s.start_player)
                return
            s.current = s.decider = waiting[0]
            s.phase = "camels"
            ends = self.camel_starts(s)
            if len(ends) != 1:
                return
            s.players[s.current].camel = ends[0]
            s.notices.append({"type": "camel_placed", "seat": s.current, "cell": ends[0], "auto": True})
            s.turn += 1

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.decider

    def chance_count(self, s: State) -> int:
        return s.chance

    def has_private_information(self) -> bool:
        return True  # a rumor tile is seen by the seat that placed it, not by the others

    def turn_id(self, s: State) -> tuple[int]:
        """Which turn a state belongs to (oasis scoring belongs to the turn that completed the oasis)."""
        return (s.turn,)

    def summary(self, s: State) -> dict[str, Any]:
        return {"round": s.round, "tiles_left": s.tiles_left, "final_turns": s.final is not None}

    def capacity(self, s: State, seat: int) -> int:
        """Load spaces of a seat's caravan: 4 + 2 per camel card (§6.1)."""
        return self.cfg["caravan_spaces"] + self.cfg["camel_card_spaces"] * s.players[seat].camel_cards

    def ability_available(self, s: State, seat: int, ability: str) -> bool:
        """Whether a once-per-game ability (leader, scout, driver) can be used now by `seat` (water included)."""
        if ability == "leader":
            return self.leader_available(s, seat)
        player = s.players[seat]
        return player.used[ability] == 0 and player.water >= self.cfg["costs"][ability]

    def tallest_first(self, s: State, ranks) -> list[int]:
        """Explorers in scoring order: the turban's wearer first, then by height."""
        return sorted(ranks, key=lambda r: (r != s.turban, -r))

    def rumor_value(self, tile: int) -> int:
        return self._rumor_values[tile]

    def good_value(self, s: State, good: str) -> tuple[int, int]:
        """(value of one good of this kind as far as the state shows, number of face-down rumors not counted)."""
        value, unknown = self.cfg["good_base_value"], 0
        for tile, _placer, _seen in s.rumor_slots[good]:
            if tile == HIDDEN:
                unknown += 1
            else:
                value += self._rumor_values[tile]
        return value, unknown

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        phase = s.phase
        if phase == "over":
            return []
        out = getattr(self, "_legal_" + phase)(s)
        if phase in TURN_STEPS and not s.extra and self.ability_available(s, s.current, "driver"):
            out.append(ExtraTurn())
        return out

    def _legal_camels(self, s: State) -> list[Action]:
        return [PlaceCamel(c, r) for c, r in self.camel_starts(s)]

    def _legal_move(self, s: State) -> list[Action]:
        # reach_costs' squares in board order, read from the free reach without making the dict
        seat = s.current
        moves = self._moves
        out: list[Action] = []
        found = self._net_group(s, seat) if s.players[seat].camel is not None else None
        if found is not None:
            # the group's moves in board order, worked out once per group and kept with the groups
            net, g = found
            blocked = {p.camel for p in s.players}
            if self.leader_available(s, seat):  # every other square at the leader's cost
                pay = self.cat.config["costs"]["leader"] > 0
                key: tuple = ("leader", g, pay)
                listed = net.derived.get(key)
                if listed is None:
                    free = self._group_reach(net, g)
                    order = self._board_order
                    squares = sorted((c for c in net.cells if c in order), key=order.__getitem__)
                    listed = net.derived[key] = ([moves[c, pay and c not in free] for c in squares],
                                                 dict(zip(squares, range(len(squares)))))
            else:
                key = ("walk", g)
                listed = net.derived.get(key)
                if listed is None:
                    squares = sorted(self._group_reach(net, g), key=self._board_order.__getitem__)
                    listed = net.derived[key] = (list(map(self._walks.__getitem__, squares)),
                                                 dict(zip(squares, range(len(squares)))))
            acts, where = listed  # the moves, and where each square's move stands among them
            out = list(acts)
            for i in sorted((where[c] for c in blocked if c in where), reverse=True):
                del out[i]  # no camel stops on another camel's square
        elif s.players[seat].camel is not None:
            free = self._free_set(s, seat)
            blocked = {p.camel for p in s.players}
            # the squares in board order: sorted by their place in it (free holds only placed squares
            # and the camel's own, which is blocked)
            if self.leader_available(s, seat):  # every other square at the leader's cost
                pay = self.cat.config["costs"]["leader"] > 0
                order = self._board_order
                out = [moves[c, pay and c not in free]
                       for c in sorted((c for c in s.cells.keys() - blocked if c in order), key=order.__getitem__)]
            else:
                out = list(map(self._walks.__getitem__, sorted(free - blocked, key=self._board_order.__getitem__)))
        out.append(Pass())
        return out

    def _legal_exchange(self, s: State) -> list[Action]:
        return [Exchange(g, t) for g, t in self._exchanges(s)] + [Pass()]

    def _legal_discover(self, s: State) -> list[Action]:
        out: list[Action] = []
        low = s.lowest_stack()
        if low is not None:
            out.append(Draw(low + 1))
        player = s.players[s.current]
        for t in player.display:
            out += [PlayDisplay(t, c[0], c[1], r) for c, r in self.placements(s, t)]
        forced = bool(out)
        if self.ability_available(s, s.current, "scout"):
            for seat, other in enumerate(s.players):
                if seat != s.current:
                    for t in other.display:
                        out += [Scout(seat, t, c[0], c[1], r) for c, r in self.placements(s, t)]
        if not forced:
            out.append(Pass())
        return out

    def _legal_place(self, s: State) -> list[Action]:
        return [PlaceTile(c[0], c[1], r) for c, r in self.placements(s, s.in_hand)]  # type: ignore[arg-type]

    def _legal_discard(self, s: State) -> list[Action]:
        return [DiscardTile(t) for t in s.players[s.current].display]

    def _legal_explorer(self, s: State) -> list[Action]:
        player = s.players[s.current]
        out: list[Action] = []
        c = s.fresh
        if c is not None:  # explorer_spots' parts, without their drawing spots
            taken = set(s.explorers.values())
            for p in range(len(self.part_edges(s.cells[c]))):
                if (c, p) not in taken:
                    out += [PlaceExplorer(r, c[0], c[1], p) for r in sorted(player.supply)]
        out += [TakeBack(r) for r in player.ranks if r in s.explorers]
        out.append(Pass())
        return out

    def _legal_order(self, s: State) -> list[Action]:
        return [ScoreOasis(parts[0][0][0], parts[0][0][1], parts[0][1]) for parts in s.pending]

    def _legal_toll(self, s: State) -> list[Action]:
        pay = s.players[s.decider].water >= self.cfg["costs"]["toll"]
        return ([PayToll(True)] if pay else []) + [PayToll(False)]

    def _legal_icon(self, s: State) -> list[Action]:
        return [ChooseIcon(c[0], c[1], p, i) for c, p, i, _icon in s.scoring.icons]  # type: ignore[union-attr]

    def _legal_good(self, s: State) -> list[Action]:
        return [ChooseGood(d) for d in self._good_drops(s)]

    def _legal_rumor(self, s: State) -> list[Action]:
        return [PlaceRumor(g) for g in self._rumor_free(s)]

    def _legal_rumor_take(self, s: State) -> list[Action]:
        out: list[Action] = [TakeRumor(g, i) for g in self.cat.goods for i in range(len(s.rumor_slots[g]))]
        return out + [Pass()]

    def _exchanges(self, s: State) -> list[tuple[str, str]]:
        player = s.players[s.current]
        if player.water < self.cfg["costs"]["exchange"]:
            return []
        carried = [g for g in self.cat.goods if g in player.goods]
        return [(g, t) for g in carried for t in self.cat.goods if t != g and s.goods[t] > 0]

    def _good_drops(self, s: State) -> list[str]:
        carried = s.players[s.decider].goods
        return ["new"] + [g for g in self.cat.goods if g in carried and g != s.good_wait]

    def _rumor_free(self, s: State) -> list[str]:
        slots = self.cfg["rumor_slots_per_good"]
        return [g for g in self.cat.goods if len(s.rumor_slots[g]) < slots]

    def _discovery_possible(self, s: State) -> bool:
        """Whether the active camel stands beside undiscovered squares and some tile source is open."""
        camel = s.players[s.current].camel
        if camel is None or not self.frontier(s, camel):
            return False
        if s.lowest_stack() is not None:
            return True
        if any(self.placements(s, t) for t in s.players[s.current].display):
            return True
        if self.ability_available(s, s.current, "scout"):
            return any(self.placements(s, t) for i, p in enumerate(s.players) if i != s.current for t in p.display)
        return False

    def _discovery_forced(self, s: State) -> bool:
        """Discovery is mandatory when a tile can be drawn or one of your own display tiles fits (§5.2, D4)."""
        return s.lowest_stack() is not None or any(self.placements(s, t) for t in s.players[s.current].display)

    def canonical(self, s: State, a: Action) -> Action:
        """A tile that gives the same square turned is listed at its first such rotation (see fits)."""
        if isinstance(a, PlaceTile):
            tile = s.in_hand
        elif isinstance(a, (PlayDisplay, Scout)):
            tile = a.tile
        else:
            return a
        if tile is None or a.rotation not in range(4):
            return a
        kind = self.cat.kinds[self.cat.tiles[tile].id]
        outcome = (kind.turned_edges(a.rotation), frozenset(kind.turned_parts(a.rotation)))
        first = next(r for r in range(4) if (kind.turned_edges(r), frozenset(kind.turned_parts(r))) == outcome)
        return dataclasses.replace(a, rotation=first)

    # ------------------------------------------------------------------ why illegal
    def malformed(self, a: Action) -> str | None:
        """A save or a scene may hand over anything: whole-number fields are checked before the rules read them."""
        for name in _int_fields(type(a)):
            value = getattr(a, name)
            if not isinstance(value, int) or isinstance(value, bool):
                return Words("The action's {field} must be a whole number.", field=name)
        return None

    def phase_reason(self, s: State) -> str:
        """The phase's reason, naming the seat that decides (during scoring, not always the mover)."""
        return Words(self.phase_reasons[s.phase], name=s.seats[s.decider].name)

    def out_of_phase(self, s: State, a: Action) -> str:
        """Camels, camel moves and extra turns have words of their own when the moment is wrong."""
        if isinstance(a, PlaceCamel):
            return N_("The camels are already out.")
        if isinstance(a, MoveCamel) and s.phase in ("discover", "place", "explorer", "exchange"):
            return N_("The camel moves only at the start of a turn (and again after an all-desert tile).")
        if isinstance(a, ExtraTurn):
            return Words("An extra turn is bought during your own turn.")
        return self.phase_reason(s)

    def _why_place_camel(self, s: State, a: PlaceCamel) -> str | None:
        cell = (a.col, a.row)
        if cell in self.camel_starts(s):
            return None
        if any(p.camel == cell for p in s.players):
            return N_("Another camel already starts there.")
        if any(e.cell == cell for e in self.cat.camel_starts):
            return N_("In the two-player game the camels start on the north and south ends.")
        return N_("Camels start on one of the four end squares of the start cross.")

    def _why_move_camel(self, s: State, a: MoveCamel) -> str | None:
        if not isinstance(a.pay, bool):
            return N_("Say whether water is paid (true or false).")
        return self.why_not_reach(s, (a.col, a.row), a.pay)

    def _why_pass(self, s: State, a: Pass) -> str | None:
        if s.phase == "discover" and self._discovery_forced(s):
            return N_("Your camel stands beside undiscovered land: you must discover (draw a tile or lay one from your display).")
        return None

    def _why_draw(self, s: State, a: Draw) -> str | None:
        low = s.lowest_stack()
        if low is None:
            return N_("The stacks are empty: tiles now come only from the displays.")
        if a.stack != low + 1:
            return Words("Tiles are drawn from the lowest stack that has tiles: stack {n}.", n=low + 1)
        return None

    def _why_place_tile(self, s: State, a: PlaceTile) -> str | None:
        if s.in_hand is None:
            return self.phase_reason(s)
        return self.why_not_fit(s, s.in_hand, (a.col, a.row), a.rotation)

    def _why_play_display(self, s: State, a: PlayDisplay) -> str | None:
        if a.tile not in s.players[s.current].display:
            return N_("That tile is not in your display.")
        return self.why_not_fit(s, a.tile, (a.col, a.row), a.rotation)

    def _why_scout(self, s: State, a: Scout) -> str | None:
        if not 0 <= a.seat < len(s.seats) or a.seat == s.current:
            return N_("The scout takes a tile from another player's display.")
        if a.tile not in s.players[a.seat].display:
            return Words("That tile is not in {who}'s display.", who=s.seats[a.seat].name)
        player = s.players[s.current]
        cost = self.cfg["costs"]["scout"]
        if player.used["scout"]:
            return "You have already used the scout this game."
        if player.water < cost:
            return Words("The scout costs {cost} water; you have {water}.", cost=cost, water=player.water)
        return self.why_not_fit(s, a.tile, (a.col, a.row), a.rotation)

    def _why_discard_tile(self, s: State, a: DiscardTile) -> str | None:
        if a.tile not in s.players[s.current].display:
            return N_("That tile is not in your display.")
        return None

    def _why_place_explorer(self, s: State, a: PlaceExplorer) -> str | None:
        if s.fresh is None:
            return self.phase_reason(s)
        player = s.players[s.current]
        if a.rank not in player.ranks:
            return N_("That explorer is not yours.")
        if a.rank not in player.supply:
            return N_("That explorer is already on the board; take it back first.")
        if (a.col, a.row) != s.fresh:
            return "Explorers go only onto the tile you have just laid."
        placed = s.cells[s.fresh]
        if not 0 <= a.part < len(self.part_edges(placed)):
            return "Explorers stand on oasis, beside its icons, not in the desert."
        if (s.fresh, a.part) in s.explorers.values():
            return N_("An explorer already stands on that part of the oasis.")
        return None

    def _why_take_back(self, s: State, a: TakeBack) -> str | None:
        if a.rank not in s.players[s.current].ranks:
            return N_("That explorer is not yours.")
        if a.rank not in s.explorers:
            return N_("That explorer is not on the board.")
        return None

    def _why_score_oasis(self, s: State, a: ScoreOasis) -> str | None:
        key = ((a.col, a.row), a.part)
        if not any(key in parts for parts in s.pending):
            return N_("That part is not in an oasis waiting to be scored.")
        return None

    def _why_pay_toll(self, s: State, a: PayToll) -> str | None:
        if not isinstance(a.pay, bool):
            return N_("Say whether the toll is paid (true or false).")
        cost = self.cfg["costs"]["toll"]
        if a.pay and s.players[s.decider].water < cost:
            return Words("The toll is {cost} water; you have {water}.", cost=cost, water=s.players[s.decider].water)
        return None

    def _why_choose_icon(self, s: State, a: ChooseIcon) -> str | None:
        for c, p, i, _icon in s.scoring.icons:  # type: ignore[union-attr]
            if (c, p, i) == ((a.col, a.row), a.part, a.index):
                return None
        if ((a.col, a.row), a.part) in s.scoring.parts:  # type: ignore[union-attr]
            return N_("That icon has already been claimed.")
        return N_("Choose an icon of the oasis being scored.")

    def _why_choose_good(self, s: State, a: ChooseGood) -> str | None:
        if a.drop in self._good_drops(s):
            return None
        if a.drop == s.good_wait:
            return N_("Swapping a good for the same kind changes nothing: throw the new one away instead.")
        return N_("You carry no good of that kind.")

    def _why_place_rumor(self, s: State, a: PlaceRumor) -> str | None:
        if a.good not in s.rumor_slots:
            return Words("There is no merchandise called '{good}'.", good=a.good)
        if a.good not in self._rumor_free(s):
            return Words("{good} already has {n} rumor tiles.", good=Words(self.cat.good_name(a.good)),
                         n=self.cfg["rumor_slots_per_good"])
        return None

    def _why_take_rumor(self, s: State, a: TakeRumor) -> str | None:
        if a.good not in s.rumor_slots or not 0 <= a.slot < len(s.rumor_slots[a.good]):
            return N_("There is no rumor tile on that slot.")
        return None

    def _why_extra_turn(self, s: State, a: ExtraTurn) -> str | None:
        player = s.players[s.current]
        cost = self.cfg["costs"]["driver"]
        if s.extra:
            return Words("You have already paid for one more turn after this one.")
        if player.used["driver"]:
            return Words("You have already used the camel driver this game.")
        if player.water < cost:
            return Words("The camel driver costs {cost} water; you have {water}.", cost=cost, water=player.water)
        return None

    def _why_exchange(self, s: State, a: Exchange) -> str | None:
        if (a.give, a.take) in self._exchanges(s):
            return None
        player = s.players[s.current]
        if a.give not in player.goods:
            return N_("You carry no good of that kind.")
        if a.give == a.take:
            return N_("Swap for a good of another kind.")
        if a.take not in s.goods or s.goods[a.take] == 0:
            return N_("The supply has no good of that kind left.")
        return Words("The exchange costs {cost} water; you have {water}.", cost=self.cfg["costs"]["exchange"],
                     water=player.water)

    # ------------------------------------------------------------------ apply
    def _do_place_camel(self, s: State, a: PlaceCamel) -> None:
        s.players[s.current].camel = (a.col, a.row)
        s.turn += 1
        self._next_camel(s)

    # ---- the turn (§5)
    def _start_turn(self, s: State, seat: int, extra: bool = False) -> None:
        s.current = s.decider = seat
        s.turn += 1
        s.fresh = s.in_hand = None
        s.laid = []
        s.active = False
        s.on_exchange = False
        s.extra = False
        s.notices.append({"type": "turn", "seat": seat, "extra": extra})
        self._enter_move(s)

    def _enter_move(self, s: State) -> None:
        """Step 5.1: the camel may move (skipped when it has nowhere to go)."""
        s.phase = "move"
        if not self._can_move(s, s.current):  # reach_costs(s) is empty
            self._after_move(s)

    def _do_move_camel(self, s: State, a: MoveCamel) -> None:
        player = s.players[s.current]
        cell = (a.col, a.row)
        if a.pay:
            cost = self.cfg["costs"]["leader"]
            player.water -= cost
            s.water += cost
            player.used["leader"] += 1
        player.camel = cell
        s.on_exchange = cell == self.cat.exchange
        s.notices.append({"type": "camel_moved", "seat": s.current, "cell": cell, "paid": a.pay})
        self._after_move(s)

    def _do_pass(self, s: State, a: Pass) -> None:
        phase = s.phase
        if phase == "move":
            s.on_exchange = False
            self._after_move(s)
        elif phase == "exchange":
            self._to_discover(s)
        elif phase == "discover":
            self._explorer_step(s)
        elif phase == "explorer":
            self._begin_scoring(s)
        elif phase == "rumor_take":
            self._result(s, N_("left the rumor board as it is"))
            self._next_claim(s)

    def _after_move(self, s: State) -> None:
        if s.options["centre_exchange"] and s.on_exchange and self._exchanges(s):
            s.phase = "exchange"
            return
        self._to_discover(s)

    def _do_exchange(self, s: State, a: Exchange) -> None:
        player = s.players[s.current]
        cost = self.cfg["costs"]["exchange"]
        player.water -= cost
        s.water += cost
        player.goods.remove(a.give)
        s.goods[a.give] += 1
        s.goods[a.take] -= 1
        player.goods.append(a.take)
        s.notices.append({"type": "exchange", "seat": s.current, "give": a.give, "take": a.take})
        self._to_discover(s)

    def _to_discover(self, s: State) -> None:
        """Step 5.2: discover when the camel stands beside undiscovered squares and a tile can come."""
        if self._discovery_possible(s):
            s.phase = "discover"
        else:
            self._explorer_step(s)

    def _draw_top(self, s: State) -> int:
        """Take the top tile of the lowest stack (a reveal: undo stops here)."""
        low = s.lowest_stack()
        assert low is not None
        tile = s.stacks[low].pop()
        s.chance += 1
        s.active = True
        return tile

    def _do_draw(self, s: State, a: Draw) -> None:
        tile = self._draw_top(s)
        player = s.players[s.current]
        s.notices.append({"type": "drawn", "seat": s.current, "tile": tile, "stack": a.stack})
        if self.placements(s, tile):
            s.in_hand = tile
            s.phase = "place"
            return
        # §5.2 [SEED]: a drawn tile that fits nowhere goes to the display and the turn ends
        player.display.append(tile)
        s.notices.append({"type": "no_fit", "seat": s.current, "tile": tile})
        s.fresh = None
        limit = s.options["display_limit"]
        if limit and len(player.display) > limit:
            s.phase = "discard"
            return
        self._begin_scoring(s)

    def _do_discard_tile(self, s: State, a: DiscardTile) -> None:
        s.players[s.current].display.remove(a.tile)
        s.removed.append(a.tile)
        s.notices.append({"type": "discarded", "seat": s.current, "tile": a.tile})
        self._begin_scoring(s)

    def _do_place_tile(self, s: State, a: PlaceTile) -> None:
        tile, s.in_hand = s.in_hand, None
        self._lay(s, tile, (a.col, a.row), a.rotation)  # type: ignore[arg-type]

    def _do_play_display(self, s: State, a: PlayDisplay) -> None:
        s.players[s.current].display.remove(a.tile)
        self._lay(s, a.tile, (a.col, a.row), a.rotation)

    def _do_scout(self, s: State, a: Scout) -> None:
        player, victim = s.players[s.current], s.players[a.seat]
        cost = self.cfg["costs"]["scout"]
        player.water -= cost
        s.water += cost
        player.used["scout"] += 1
        victim.display.remove(a.tile)
        s.notices.append({"type": "scout", "seat": s.current, "from": a.seat, "tile": a.tile})
        if s.lowest_stack() is not None:  # the victim refills at once (D16: not when the stacks are empty)
            refill = self._draw_top(s)
            victim.display.append(refill)
            s.notices.append({"type": "refill", "seat": a.seat, "tile": refill})
        self._lay(s, a.tile, (a.col, a.row), a.rotation)

    def _lay(self, s: State, tile: int, cell: Cell, rotation: int) -> None:
        """Put an explorer tile down beside the camel and move the camel onto it (§5.2)."""
        kind = self.cat.tiles[tile]
        placed = self.placed(kind.id, rotation, tile)
        s.net = self._grow_net(s.net, s, cell, placed)
        s.cells[cell] = placed
        s.players[s.current].camel = cell
        s.fresh = cell
        s.laid.append(cell)
        s.active = True
        s.on_exchange = False
        s.notices.append({"type": "laid", "seat": s.current, "tile": tile, "cell": cell, "rotation": rotation})
        if kind.desert:
            self._enter_move(s)  # [SEED] an all-desert tile: move and discover again (D6)
        else:
            self._explorer_step(s)

    # ---- explorer step (§5.3)
    def _explorer_step(self, s: State) -> None:
        """[SEED] "After discovery occurs", place an explorer on the tile just laid or take one back.

        Also after a discovery that ended on an all-desert tile (nothing to place there, but an explorer may
        come back); skipped when no tile was laid this turn or nothing can be done.
        """
        if s.fresh is not None:
            player = s.players[s.current]
            taken = set(s.explorers.values())
            room = player.supply and any((s.fresh, p) not in taken for p in range(len(self.part_edges(s.cells[s.fresh]))))
            if room or any(r in s.explorers for r in player.ranks):
                s.phase = "explorer"
                return
        self._begin_scoring(s)
    def _do_place_explorer(self, s: State, a: PlaceExplorer) -> None:
        s.players[s.current].supply.remove(a.rank)
        s.explorers[a.rank] = ((a.col, a.row), a.part)
        s.notices.append({"type": "explorer", "seat": s.current, "rank": a.rank, "cell": (a.col, a.row)})
        self._begin_scoring(s)

    def _do_take_back(self, s: State, a: TakeBack) -> None:
        del s.explorers[a.rank]
        s.players[s.current].supply.append(a.rank)
        s.notices.append({"type": "take_back", "seat": s.current, "rank": a.rank})
        self._begin_scoring(s)

    # ---- end of the turn (§5.5, §8)
    def _turn_end(self, s: State) -> None:
        s.decider = s.current
        s.pending = []
        self._finish_turn(s, extra=s.extra)

    def _do_extra_turn(self, s: State, a: ExtraTurn) -> None:
        """§5.5 [SEED]: the camel driver is paid now; the extra turn follows when this one ends."""
        player = s.players[s.current]
        cost = self.cfg["costs"]["driver"]
        player.water -= cost
        s.water += cost
        player.used["driver"] += 1
        s.extra = True

    def _finish_turn(self, s: State, extra: bool) -> None:
        """Pass the turn on; after the last tile is drawn every seat plays once more (§8, D17)."""
        n = len(s.seats)
        s.idle_turns = 0 if s.active else s.idle_turns + 1
        if s.final is None and s.lowest_stack() is None:
            s.final = [(s.current + k) % n for k in range(1, n + 1)]
            s.notices.append({"type": "last_tile", "seat": s.current})
        idle_rounds = self.cfg["idle_rounds_end"]
        if idle_rounds and s.idle_turns >= idle_rounds * n:
            self._game_over(s, Words("nobody drew or laid a tile for {rounds}", rounds=nwords("{n} round", "{n} rounds", idle_rounds)))
            return
        if extra:
            self._start_turn(s, s.current, extra=True)
            return
        if s.final is not None:
            if not s.final:
                self._game_over(s, Words("every player has had a last turn after the last tile was drawn"))
                return
            nxt = s.final.pop(0)
        else:
            nxt = (s.current + 1) % n
        if nxt == s.start_player:
            s.round += 1
        self._start_turn(s, nxt)

    def _game_over(self, s: State, reason: str) -> None:
        """§8: rumors are turned face up; the goods are valued."""
        everyone = frozenset(range(len(s.seats)))
        for good, slots in s.rumor_slots.items():
            s.rumor_slots[good] = [(t, placer, everyone) for t, placer, _seen in slots]
        s.phase = "over"
        s.end_reason = reason
        s.fresh = None
        s.notices.append({"type": "game_over", "reason": reason})

    # ------------------------------------------------------------------ view and words
    def view(self, s: State, seat: int) -> State:
        """What `seat` may see: stacks and the rumor pile only by size, rumors it has not seen face down."""
        v = s.copy()
        v.notices = [self._seen_notice(n, seat) for n in s.notices]
        v.stacks = [[HIDDEN] * len(st) for st in s.stacks]
        v.boxed = [HIDDEN] * len(s.boxed)
        v.rumor_pile = [HIDDEN] * len(s.rumor_pile)
        v.rumor_slots = {
            g: [(t if seat in seen else HIDDEN, placer, seen) for t, placer, seen in slots]
            for g, slots in s.rumor_slots.items()
        }
        if s.rumor_hand is not None and s.decider != seat:
            v.rumor_hand = HIDDEN
        v.seed = 0
        v.hidden = True
        return v

    @staticmethod
    def _seen_notice(notice: dict, seat: int) -> dict:
        if notice.get("private", seat) == seat:
            return notice
        return {k: val for k, val in notice.items() if k not in ("tile", "value")}

    def describe(self, s: State, a: Action) -> str:
        """The action in words, as the game log shows it (said before it is applied)."""
        name = s.seats[s.decider].name if s.phase != "over" else ""
        good = self.good_word
        costs = self.cfg["costs"]
        if isinstance(a, PlaceCamel):
            bar = next((e.bar for e in self.cat.camel_starts if e.cell == (a.col, a.row)), "")
            return Words("{who} put the camel on the {bar} end of the start cross.", who=name, bar=Words(bar))
        if isinstance(a, MoveCamel):
            steps = nwords("{n} square", "{n} squares", max(0, len(self.route(s, (a.col, a.row))) - 1))
            if a.pay:
                return Words("{who} moved the camel {steps}, paying {n} water for the caravan leader.", who=name,
                             steps=steps, n=costs["leader"])
            return Words("{who} moved the camel {steps}.", who=name, steps=steps)
        if isinstance(a, Pass):
            return Words({
                "move": N_("{who} left the camel where it stands."),
                "exchange": N_("{who} made no exchange."),
                "discover": N_("{who} discovered nothing."),
                "explorer": N_("{who} placed no explorer."),
                "rumor_take": N_("{who} left the rumor board as it is."),
            }.get(s.phase, N_("{who} passed.")), who=name)
        if isinstance(a, Draw):
            return Words("{who} drew a tile from stack {n}.", who=name, n=a.stack)
        if isinstance(a, PlaceTile):
            kind = Words(self.cat.tiles[s.in_hand].name if s.in_hand is not None else "tile")
            return Words("{who} laid the tile ({kind}).", who=name, kind=kind)
        if isinstance(a, PlayDisplay):
            return Words("{who} laid a tile from the display ({kind}).", who=name, kind=self._tile_name(a.tile))
        if isinstance(a, Scout):
            return Words("{who} paid {n} water (scout) and laid a tile from {other}'s display ({kind}).", who=name,
                         n=costs["scout"], other=s.seats[a.seat].name, kind=self._tile_name(a.tile))
        if isinstance(a, DiscardTile):
            return Words("{who} removed a tile ({name}) from the game: the display was full.", who=name,
                         name=self._tile_name(a.tile))
        if isinstance(a, PlaceExplorer):
            oasis = self.oasis_at(s, (a.col, a.row), a.part) if (a.col, a.row) in s.cells else None
            size = len(oasis["cells"]) if oasis else 1
            return Words("{who} placed an explorer (rank {rank}) on the oasis of {tiles}.", who=name, rank=a.rank,
                         tiles=nwords("{n} tile", "{n} tiles", size))
        if isinstance(a, TakeBack):
            return Words("{who} took an explorer (rank {rank}) back.", who=name, rank=a.rank)
        if isinstance(a, ScoreOasis):
            return Words("{who} chose the next oasis to score.", who=name)
        if isinstance(a, PayToll):
            if a.pay:
                return Words("{who} paid {n} water toll for the tallest explorer.", who=name, n=costs["toll"])
            return Words("{who} did not pay the toll; the tallest explorer takes no action.", who=name)
        if isinstance(a, ChooseIcon):
            cell = (a.col, a.row)
            icon = self.cat.kinds[s.cells[cell].kind].parts[a.part].icons[a.index] if cell in s.cells else ""
            rank = s.scoring.queue[0] if s.scoring and s.scoring.queue else 0
            label = self.icon_phrase(icon) if icon in self.cat.icons else Words("an icon")
            return Words("{who}'s explorer (rank {rank}) claimed {icon}.", who=name, rank=rank, icon=label)
        if isinstance(a, ChooseGood):
            if a.drop == "new":
                if s.good_wait:
                    return Words("{who} left the new {good} behind.", who=name, good=good(s.good_wait))
                return Words("{who} left the new good.", who=name)
            return Words("{who} threw away {good} to make room.", who=name, good=good(a.drop))
        if isinstance(a, PlaceRumor):
            return Words("{who} placed a rumor tile on {good}.", who=name, good=good(a.good))
        if isinstance(a, TakeRumor):
            return Words("{who} took a rumor tile off {good}.", who=name, good=good(a.good))
        if isinstance(a, Exchange):
            return Words("{who} swapped {give} for {take} on the exchange square.", who=name, give=good(a.give),
                         take=good(a.take))
        if isinstance(a, ExtraTurn):
            return Words("{who} paid {n} water for one more turn after this one (camel driver).", who=name,
                         n=costs["driver"])
        return Words("{who}: {kind}", who=name, kind=a.kind)

    def _tile_name(self, tile: int) -> Words:
        return Words(self.cat.tiles[tile].name)

    def square_info(self, s: State, cell: Cell) -> str:
        """A short description of a square for hovering: what lies there, its oasis, explorers and camels."""
        if cell not in self._nbr:
            return Words("Outside the play area.")
        names = [seat.name for seat in s.seats]
        camels = [names[i] for i, p in enumerate(s.players) if p.camel == cell]
        placed = s.cells.get(cell)
        if placed is None:
            said = [Words("Undiscovered sand.")]
        else:
            kind = self.cat.kinds[placed.kind]
            what = Words(kind.name)  # the data's name, translated as it stands there
            if placed.tile is not None:
                said = [Words("Tile: {kind} (stack {n}).", kind=what, n=self.cat.tile_stack[placed.tile])]
            else:
                said = [Words("Tile: {kind}.", kind=what)]
            for p in range(len(kind.parts)):
                oasis = self.oasis_at(s, cell, p)
                state = Words(N_("scored") if oasis["scored"] else N_("complete") if oasis["complete"] else N_("still open"))
                who = [Words("{who} (rank {rank})", who=names[o], rank=r) for r, o in oasis["explorers"]]
                said.append(Words("Oasis of {tiles}, {state}; {icons}; explorers: {who}.",
                                  tiles=nwords("{n} tile", "{n} tiles", len(oasis["cells"])), state=state,
                                  icons=nwords("{n} icon", "{n} icons", len(oasis["icons"])),
                                  who=join(who, ", ") if who else Words("none")))
        if camels:
            said.append(Words("Camel: {who}.", who=", ".join(camels)))
        return join(said)

    # ------------------------------------------------------------------ invariants (§10)
    def _invariant_edge_problems(self, s: State) -> list[str]:
        """Squares that do not match a neighbour or show oasis toward the border (with the desert border).

        Squares are immutable values: a square already checked against the same neighbours needs no
        second look, so only squares not seen at their place before are compared with all their sides.
        """
        problems = []
        cells, checked = s.cells, self._checked_squares
        border = s.options["desert_border"]
        for cell, placed in cells.items():
            if checked.get((cell, border)) is placed:
                continue
            for d, n in enumerate(self._nbr[cell]):
                if n is None:
                    if border and placed.edges[d] != "D":
                        problems.append(f"square {cell} shows oasis toward the border")
                elif n in cells and cells[n].edges[(d + 2) % 4] != placed.edges[d]:
                    problems.append(f"squares {cell} and {n} do not match along their edge")
            if not problems:
                checked[(cell, border)] = placed
        return problems

    def check_invariants(self, s: State) -> list[str]:
        """Problems with a state that the rules must never allow; empty when all is well."""
        problems: list[str] = []
        cfg = self.cfg
        seen = [p.tile for p in s.cells.values() if p.tile is not None]
        seen += [t for st in s.stacks for t in st] + s.boxed + s.removed
        for p in s.players:
            seen += p.display
        if s.in_hand is not None:
            seen.append(s.in_hand)
        if not s.hidden and sorted(seen) != list(range(len(self.cat.tiles))):
            problems.append(f"explorer tiles not conserved: {len(seen)} accounted for, {len(set(seen))} distinct")
        for sq in self.cat.cross:
            placed = s.cells.get(sq.cell)
            if placed is None or placed.kind != sq.kind or placed.tile is not None:
                problems.append(f"start cross square {sq.cell} is missing or changed")
        problems += self._invariant_edge_problems(s)
        for g in cfg["goods"]:
            held = sum(p.goods.count(g["id"]) for p in s.players)
            if held + s.goods[g["id"]] != g["count"] or s.goods[g["id"]] < 0:
                problems.append(f"{g['id']} not conserved: {held} carried + {s.goods[g['id']]} in the supply")
        water = sum(p.water for p in s.players)
        if water + s.water != cfg["water_stones"] or s.water < 0 or any(p.water < 0 for p in s.players):
            problems.append(f"water not conserved: {water} held + {s.water} in the supply")
        cards = sum(p.camel_cards for p in s.players)
        if cards + s.camel_cards != cfg["camel_cards"] or s.camel_cards < 0:
            problems.append(f"camel cards not conserved: {cards} held + {s.camel_cards} in the supply")
        on_board = sum(len(v) for v in s.rumor_slots.values())
        in_hand = 1 if s.rumor_hand is not None else 0
        if on_board + len(s.rumor_pile) + in_hand != len(self._rumor_values):
            problems.append("rumor tiles not conserved")
        if any(len(v) > cfg["rumor_slots_per_good"] for v in s.rumor_slots.values()):
            problems.append("too many rumor tiles on one kind of merchandise")
        camels = [p.camel for p in s.players if p.camel is not None]
        if len(set(camels)) != len(camels):
            problems.append("two camels stand on the same square")
        if any(c not in s.cells for c in camels):
            problems.append("a camel stands on an undiscovered square")
        spots = list(s.explorers.values())
        if len(set(spots)) != len(spots):
            problems.append("two explorers stand on one oasis part")
        for seat, p in enumerate(s.players):
            if len(p.goods) > self.capacity(s, seat):
                problems.append(f"seat {seat}'s caravan is over capacity")
            mine = sorted(p.supply + [r for r in p.ranks if r in s.explorers])
            if mine != sorted(p.ranks) or any(s.owner[r] != seat for r in p.supply):
                problems.append(f"seat {seat}'s explorers not conserved")
            limit = 0 if s.options["leader_per_use"] else 1
            for ability, times in p.used.items():
                if times > 1 and not (ability == "leader" and not limit):
                    problems.append(f"seat {seat} used the {ABILITY_NAMES[ability]} {times} times")
            cap = s.options["display_limit"]
            if cap and len(p.display) > cap and not (s.phase == "discard" and seat == s.current):
                problems.append(f"seat {seat}'s display is over its limit")
        for rank, (cell, part) in s.explorers.items():
            placed = s.cells.get(cell)
            if placed is None or not 0 <= part < len(self.part_edges(placed)):
                problems.append(f"explorer {rank} does not stand on an oasis part")
            if (cell, part) in s.scored_parts:
                problems.append(f"explorer {rank} stands on an oasis already scored")
        if not 0 < s.turban < len(s.owner) or s.owner[s.turban] < 0:
            problems.append("the turban sits on no explorer")
        claimed: set = set()
        for acc in s.accounts:
            parts = set(acc["parts"])
            if parts & claimed:
                problems.append(f"an oasis at {acc['cells'][0]} was scored twice")
            claimed |= parts
        for acc in s.accounts[-1:]:
            first = acc["parts"][0]
            _parts, complete = self.oasis_parts(s, first[0], first[1])
            if not complete:
                problems.append(f"the oasis at {first[0]} was scored while still open")
        sheet = self.score_sheet(s, details=False)
        if not sheet.check_totals():
            problems.append("score sheet totals do not add up")
        return problems
