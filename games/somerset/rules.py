"""Somerset (an unpublished 2016 prototype, "A Game Designer's Blog"): the rules, pure Python.

Authority: the designer's rules 1.0 (../shared/seeds/003_17f6e040aec3e849.txt) win where they speak;
../shared/rules/somerset.md completes them, and every value this table chose is data in data/somerset/
marked [P]. § numbers below are the rules file's. The map is in rules_map.py, the steps of actions in
rules_effects.py, the choices inside them in rules_choices.py, building and the building period in
rules_period.py, the score sheet and invariants in rules_scoring.py, the log's words in rules_words.py.

A turn is a short run of small actions: cast spells (optional), MoveWorker, TakeAction or Decline, then
each choice the action needs (its own phase, `s.task` says what waits), more spells, EndTurn.
"""
from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any, Callable

from engine.core.rules import Action, RulesBase, Seat
from engine.core.words import N_, Words
from games.somerset.catalogue import ALL_RESOURCES, BASIC, Catalogue, load_catalogue
from games.somerset.rules_choices import ChoicesLogic
from games.somerset.rules_effects import EffectsLogic
from games.somerset.rules_map import MapLogic, edge4, key_of
from games.somerset.rules_period import PeriodLogic
from games.somerset.rules_scoring import ScoringLogic
from games.somerset.rules_state import (
    DONE, GAME, HIDDEN, Alchemy, BuildBuilding, BuildTile, BuySpell, CastSpell, ChooseResource, Decline, Dispel, Done,
    EndTurn, Government, Hex, Hire, KeepCard, LieDown, MarketStall, Mirror, MoveWorker, PlaceRoad,
    PlaceWorker, Player, State, Stride, TakeAction, Task, TimeWarp, Trade, Upgrade, Worker,
)
from games.somerset.rules_words import WordsLogic

__all__ = [
    "SomersetRules", "State", "PlaceWorker", "MoveWorker", "LieDown", "TakeAction", "Decline", "EndTurn",
    "CastSpell", "MarketStall", "Alchemy", "Government", "ChooseResource", "Upgrade", "Hire", "KeepCard",
    "BuildTile", "BuildBuilding", "BuySpell", "PlaceRoad", "Trade", "Dispel", "Stride", "Mirror", "TimeWarp",
    "Done", "HIDDEN",
]

TURN = ("move", "after")  # the steps of a turn where spells and building abilities may be used
OPTIONAL = ("build", "roads", "trade", "free_cast", "build_tile", "build_building", "upgrade", "mirror")


class SomersetRules(ChoicesLogic, PeriodLogic, MapLogic, EffectsLogic, ScoringLogic, WordsLogic, RulesBase):
    """The rules contract for Somerset."""

    game_id = GAME
    game_name = "Somerset"
    phase_reasons = {
        "place": N_("First round: first put your peasant or knight on an unoccupied city tile."),
        "move": N_("First move one of your standing workers (spells may be cast before)."),
        "act": N_("First take the tile's action or decline it."),
        "after": N_("Your worker has moved: cast spells, use a building, or end your turn."),
        "build": N_("Building period: build a country tile or a building, buy spells, or finish."),
        "choose": N_("First choose the resources this action gives."),
        "government": N_("First choose a column and a benefit on the government track."),
        "hire": N_("First choose the tile for the new peasant."),
        "upgrade": N_("First choose the worker to upgrade (or skip)."),
        "keep": N_("First choose the cards to keep."),
        "build_tile": N_("First build a country tile (or skip)."),
        "build_building": N_("First build a building from your hand (or skip)."),
        "roads": N_("First place your road pieces (or finish)."),
        "trade": N_("First make your trades (or finish)."),
        "stride": N_("First choose whether Stride adds or takes away a step."),
        "mirror": N_("First choose the neighbouring tile whose action you take."),
        "dispel": N_("First choose the barricade to dispel."),
        "time_warp": N_("First choose the worker that stands up again."),
        "free_cast": N_("First choose the spell to cast for free (or skip)."),
        "waive": N_("First choose which resource you do not pay."),
        "pay": N_("First choose the resources you pay."),
        "workshop": N_("First choose the Workshop's extra resource."),
        "over": "The game is over.",
    }
    action_phases = {
        PlaceWorker: ("place",), MoveWorker: ("move",), LieDown: ("move",), TakeAction: ("act",),
        Decline: ("act",), EndTurn: ("after",), CastSpell: ("move", "after", "free_cast"),
        MarketStall: TURN, Alchemy: TURN, Government: ("government",),
        ChooseResource: ("choose", "waive", "pay", "workshop"), Upgrade: ("upgrade",), Hire: ("hire",),
        KeepCard: ("keep",), BuildTile: ("build", "build_tile"), BuildBuilding: ("build", "build_building"),
        BuySpell: ("build",), PlaceRoad: ("roads",), Trade: ("trade",), Dispel: ("dispel",), Stride: ("stride",),
        Mirror: ("mirror",), TimeWarp: ("time_warp",), Done: OPTIONAL,
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.cat = catalogue or load_catalogue()
        self.cfg = self.cat.config
        DONE = Done()
        self._end = EndTurn()

    def option_specs(self) -> list[dict[str, Any]]:
        return [dict(o) for o in self.cat.options]

    # ------------------------------------------------------------------ set-up (§12)
    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> State:
        """City laid at random (joined by roads), country tiles face up, coins 5, 6, 7..., a Residence and
        a spell in each hand; the first round's placements next."""
        n = len(seats)
        lo, hi = self.cfg["seats"]["min"], self.cfg["seats"]["max"]
        if not lo <= n <= hi:
            raise ValueError(f"Somerset is played by {lo} to {hi} players.")
        opts = self.cat.resolve_options(options)
        rng = random.Random(f"somerset-setup:{seed}")
        labels = self.cfg["city_labels_by_seats"][n]
        city = [t.index for t in self.cat.tiles if t.city and t.label in labels]
        board = self.lay_city(city, rng)
        country = [t.index for t in self.cat.tiles if not t.city]
        keep = self.cfg["country_tiles_by_seats"][n]
        supply = tuple(sorted(rng.sample(country, keep))) if keep < len(country) else tuple(country)
        spells = list(range(len(self.cat.spells)))
        rng.shuffle(spells)
        deck = list(range(1, len(self.cat.buildings)))
        rng.shuffle(deck)
        start = rng.randrange(n) if opts["start_player"] == "random" else 0
        coins = self.cfg["start_coins"]
        hand_spells = self.cfg["start_hand"]["spells"]
        players = []
        workers: list[Worker] = []
        for seat in range(n):
            hand = tuple(spells[:hand_spells])
            del spells[:hand_spells]
            k = (seat - start) % n
            players.append(Player(coins["first"] + k * coins["step"],
                                  {r: self.cfg["start_resources"].get(r, 0) for r in ALL_RESOURCES},
                                  hand, (), frozenset(), (0,) * self.cfg["start_hand"]["residence"], (), 1))
            workers += [Worker(seat, kind, None, True) for kind in self.cfg["start_workers"]]
        order = tuple((start + k) % n for k in range(n)) * len(self.cfg["start_workers"])
        s = State(seats=tuple(seats), seed=int(seed), options=opts, chance=0, turn=1, round=1, start_player=start,
                  current=order[0], phase="place", board=board, workers=tuple(workers), pieces=(),
                  players=players, supply=supply, spell_deck=tuple(spells), building_deck=tuple(deck),
                  placing=order[1:])
        return s

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.current

    def chance_count(self, s: State) -> int:
        return s.chance

    def has_private_information(self) -> bool:
        return True  # spell and building hands, and the decks' order

    def turn_id(self, s: State) -> tuple[int]:
        return (s.turn,)

    def summary(self, s: State) -> dict[str, Any]:
        return {"round": s.round, "country_tiles_left": len(s.supply), "last_round": s.end_round or None}

    def bench_queries(self) -> list[tuple[str, Callable[[Any], bool], Callable[[Any], Any], float]]:
        return [("destinations", lambda s: s.phase == "move", lambda s: self.destinations(s), 2.0),
                ("tile_placements", lambda s: s.phase == "build",
                 lambda s: [self.placements(s.board, t) for t in s.supply], 2.0)]

    def destinations(self, s: State) -> dict[int, dict[Hex, tuple[Hex, ...]]]:
        """For a scene: each standing worker of the seat to move, with every tile it may reach and a path."""
        return {i: self.reach(s, i) for i, w in enumerate(s.workers) if w.owner == s.current and w.standing
                and w.pos is not None}

    def tile_placements(self, s: State, tile: int) -> list[tuple[Hex, int]]:
        """For a scene: every legal (hex, rotation) for a country tile, every rotation listed."""
        return [(c, r) for c in self.spots(s.board) for r in range(6) if self.why_not_spot(s.board, tile, c, r) is None]

    def start_workers(self, s: State, seat: int) -> list[int]:
        return [i for i, w in enumerate(s.workers) if w.owner == seat and w.pos is None]

    def city_free(self, s: State) -> list[Hex]:
        occupied = {w.pos for w in s.workers}
        return [c for c, p in sorted(s.board.cells.items()) if p.owner < 0 and c not in occupied]

    def standing(self, s: State, seat: int) -> list[int]:
        return [i for i, w in enumerate(s.workers) if w.owner == seat and w.standing and w.pos is not None]

    def can_move(self, s: State, seat: int) -> bool:
        return any(self.reach(s, i) for i in self.standing(s, seat))

    def limit(self, s: State, seat: int) -> int:
        per = self.cfg["spells_per_turn"]
        wizards = self.wizards(s, seat)
        if per == "wizards":
            return wizards
        return per if wizards else 0

    # ------------------------------------------------------------------ spells (§10)
    def why_not_spell_now(self, s: State, seat: int, spell: int, free: bool) -> str | None:
        p = s.players[seat]
        if not 0 <= spell < len(self.cat.spells):
            return Words("There is no such spell.")
        card = self.cat.spells[spell]
        if spell not in p.book:
            if spell in p.spell_hand:
                return Words("Spells are cast from your book; buy this one between rounds first.")
            return Words("That spell is not in your spell book.")
        if self.wizards(s, seat) == 0:
            return Words("You need a wizard to cast spells.")
        if spell in p.spent:
            return Words("{spell} has already been cast this round.", spell=Words(card.name))
        if card.timing == "before" and (s.phase != "move" or free):
            return Words("{spell} is cast before moving your worker.", spell=Words(card.name))
        if card.timing == "after" and s.phase == "move":
            return Words("{spell} is cast after moving your worker.", spell=Words(card.name))
        if not free:
            if s.casts >= self.limit(s, seat):
                return Words("You may cast {n} spells a turn (one per wizard).", n=self.limit(s, seat))
            if p.res["C"] < card.cast:
                return Words("{spell} costs {n} crystals; you have {have}.", spell=Words(card.name), n=card.cast,
                             have=p.res["C"])
        return self.why_spell_idle(s, seat, card.steps)

    def why_spell_idle(self, s: State, seat: int, steps) -> str | None:
        """Why a spell would do nothing now (None: it does something)."""
        for st in steps:
            kind, v = st.kind, st.value
            if kind == "stride" and s.stride:
                return Words("Stride has already changed this turn's move.")
            if kind == "teleport" and s.teleport:
                return Words("Teleport is already cast for this move.")
            if kind == "echo" and s.landed is None:
                return Words("Echo repeats the action of the tile your worker has landed on.")
            if kind == "mirror" and not self.mirror_spots(s):
                return Words("No tile beside your worker has an unused action.")
            if kind == "dispel" and not any(x.barricade for x in s.pieces):
                return Words("There is no barricade to dispel.")
            if kind == "hire" and not self.can_hire(s, seat, Task("hire", v)):
                return Words("You cannot hire: you have as many workers as you may.")
            if kind == "upgrade" and not self.upgradable(s, seat, v):
                return Words("You have no worker this spell can upgrade.")
            if kind == "draw_spells" and not s.spell_deck:
                return Words("The spell deck is empty.")
            if kind == "draw_buildings" and not s.building_deck:
                return Words("The building deck is empty.")
            if kind == "royal_favour" and s.players[seat].gov >= len(self.cfg["government"]):
                return Words("Your marker is already at the end of the government track.")
            if kind == "build_tile" and not self.tile_builds(s, seat, v["discount"], first_only=True):
                return Words("You cannot build any country tile now.")
            if kind == "time_warp" and not self.warpable(s, seat):
                return Words("None of your other workers is lying down.")
            if kind == "roads" and not self.legal_pieces(s, seat):
                return Words("There is nowhere to put a road piece.")
            if kind == "exchange" and not any(s.players[seat].res[r] for r in BASIC):
                return Words("You have no basic resource to exchange.")
        return None

    def castable(self, s: State, seat: int, free: bool = False) -> list[int]:
        p = s.players[seat]
        if not p.book or self.wizards(s, seat) == 0:
            return []
        return [sp for sp in p.book if self.why_not_spell_now(s, seat, sp, free) is None]

    # ------------------------------------------------------------------ building (§5.1, §11)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        if s.phase == "over":
            return []
        return getattr(self, "_legal_" + s.phase)(s)

    def _legal_place(self, s: State) -> list[Action]:
        free = self.city_free(s)
        return [PlaceWorker(w, c[0], c[1]) for w in self.start_workers(s, s.current) for c in free]

    def _turn_extras(self, s: State) -> list[Action]:
        seat = s.current
        out: list[Action] = [CastSpell(sp) for sp in self.castable(s, seat)]
        p = s.players[seat]
        if "market" not in p.round_used and self.ability(s, seat, "market"):
            out += [MarketStall(g, t) for g in BASIC if p.res[g] for t in BASIC if t != g]
        n = self.ability(s, seat, "alchemy")
        if n and "alchemy" not in p.round_used:
            out += [Alchemy(give) for give in self._gives(p.res, n)]
        return out

    @staticmethod
    def _gives(res: dict[str, int], n: int) -> list[tuple[str, ...]]:
        out = []
        for give in combinations_with_replacement(BASIC, n):
            if all(res[r] >= give.count(r) for r in set(give)):
                out.append(give)
        return out

    def _legal_move(self, s: State) -> list[Action]:
        out: list[Action] = []
        for i in self.standing(s, s.current):
            out += [MoveWorker(i, c[0], c[1]) for c in self.reach(s, i)]
        if not out:
            out = [LieDown(i) for i in self.standing(s, s.current)]
        return self._turn_extras(s) + out

    def _legal_act(self, s: State) -> list[Action]:
        if s.round == 1 and not self.cfg["first_round_decline"]:
            return [TakeAction()]
        return [TakeAction(), Decline()]

    def _legal_after(self, s: State) -> list[Action]:
        return self._turn_extras(s) + [self._end]

    def _legal_free_cast(self, s: State) -> list[Action]:
        return [CastSpell(sp) for sp in self.castable(s, s.current, free=True)] + [DONE]

    def canonical(self, s: State, a: Action) -> Action:
        """A country tile that looks the same turned is listed at its first such rotation; an edge is listed
        with its two tiles in sorted order (either order names it)."""
        if isinstance(a, PlaceRoad):
            edge, moved = key_of(a.edge), key_of(a.moved) if a.moved is not None else None
            if edge is not None and (a.moved is None or moved is not None):
                return PlaceRoad(edge4(edge), a.barricade, None if moved is None else edge4(moved))
            return a
        if isinstance(a, Dispel):
            edge = key_of(a.edge)
            return a if edge is None else Dispel(edge4(edge))
        if isinstance(a, BuildTile) and 0 <= a.tile < len(self.cat.tiles) and isinstance(a.rotation, int):
            tile = self.cat.tiles[a.tile]
            look = tile.turned(a.rotation)
            first = next(r for r in range(6) if tile.turned(r) == look)
            return BuildTile(a.tile, a.q, a.r, first)
        return a

    # ------------------------------------------------------------------ why illegal
    def malformed(self, a: Action) -> str | None:
        import dataclasses
        for f in dataclasses.fields(a):  # type: ignore[arg-type]
            v = getattr(a, f.name)
            if f.type == "int" and (not isinstance(v, int) or isinstance(v, bool)):
                return Words("The action's {field} must be a whole number.", field=f.name)
            if f.type == "bool" and not isinstance(v, bool):
                return Words("The action's {field} must be true or false.", field=f.name)
            if f.type == "str" and not isinstance(v, str):
                return Words("The action's {field} must be text.", field=f.name)
        return None

    def phase_reason(self, s: State) -> str:
        return Words(self.phase_reasons[s.phase])

    def _why_place_worker(self, s: State, a: PlaceWorker) -> str | None:
        bad = self._worker(s, a.worker)
        if bad:
            return bad
        if s.workers[a.worker].pos is not None:
            return Words("That worker is already in the city.")
        cell = (a.q, a.r)
        placed = s.board.cells.get(cell)
        if placed is None or placed.owner >= 0:
            return Words("In the first round workers go onto city tiles.")
        if any(w.pos == cell for w in s.workers):
            return Words("That city tile is occupied: choose one with no worker on it.")
        return None

    def _why_move_worker(self, s: State, a: MoveWorker) -> str | None:
        bad = self._worker(s, a.worker)
        if bad:
            return bad
        w = s.workers[a.worker]
        if w.pos is None or not w.standing:
            return Words("That worker has already moved this round.")
        return self.why_not_reach(s, a.worker, (a.q, a.r))

    def _why_lie_down(self, s: State, a: LieDown) -> str | None:
        bad = self._worker(s, a.worker)
        if bad:
            return bad
        if a.worker not in self.standing(s, s.current):
            return Words("That worker is not standing.")
        if self.can_move(s, s.current):
            return Words("A worker lies down unmoved only when none of yours can move.")
        return None

    def _why_take_action(self, s: State, a: TakeAction) -> str | None:
        return None

    def _why_decline(self, s: State, a: Decline) -> str | None:
        if s.round == 1 and not self.cfg["first_round_decline"]:
            return Words("In the first round the tile's action is taken.")
        return None

    def _why_cast_spell(self, s: State, a: CastSpell) -> str | None:
        return self.why_not_spell_now(s, s.current, a.spell, s.phase == "free_cast")

    def _why_market_stall(self, s: State, a: MarketStall) -> str | None:
        p = s.players[s.current]
        if not self.ability(s, s.current, "market"):
            return Words("You have no Market Stall.")
        if "market" in p.round_used:
            return Words("The Market Stall has already been used this round.")
        if a.give not in BASIC or a.take not in BASIC or a.give == a.take:
            return Words("The Market Stall swaps one basic resource for another.")
        if p.res[a.give] < 1:
            return Words("You have no {res}.", res=Words(self.cat.resource_name(a.give)))
        return None

    def _why_alchemy(self, s: State, a: Alchemy) -> str | None:
        p = s.players[s.current]
        n = self.ability(s, s.current, "alchemy")
        if not n:
            return Words("You have no Alchemist's Lab.")
        if "alchemy" in p.round_used:
            return Words("The Alchemist's Lab has already been used this round.")
        if a.give not in self._gives(p.res, n):
            return Words("The Alchemist's Lab takes {n} basic resources you have.", n=n)
        return None

    # ------------------------------------------------------------------ apply: the round (§13)
    def _do_place_worker(self, s: State, a: PlaceWorker) -> None:
        self._land(s, a.worker, (a.q, a.r), fee=False)

    def _do_move_worker(self, s: State, a: MoveWorker) -> None:
        self._land(s, a.worker, (a.q, a.r), fee=True)

    def _land(self, s: State, worker: int, cell: Hex, fee: bool) -> None:
        w = s.workers[worker]
        s.workers = s.workers[:worker] + (Worker(w.owner, w.kind, cell, False),) + s.workers[worker + 1:]
        s.moved, s.landed = worker, cell
        s.stride, s.teleport = 0, False
        s.memo.clear()
        s.notices.append({"type": "moved", "seat": w.owner, "worker": worker, "cell": cell, "from": w.pos})
        if fee and self.cfg["landing_fee_when_declined"]:
            self._fee(s, cell, w.owner)
        s.resume = "after"
        if cell in s.used:
            self._enter_after(s)
        else:
            s.phase = "act"

    def _fee(self, s: State, cell: Hex, payer: int) -> None:
        """§5.2 [SEED]: the owner of another seat's country tile takes the landing fee from the bank."""
        placed = s.board.cells[cell]
        if placed.owner >= 0 and placed.owner != payer:
            amount = self.ability(s, placed.owner, "landing_fee") or self.cfg["landing_fee"]
            s.players[placed.owner].coins += amount
            s.notices.append({"type": "fee", "seat": placed.owner, "payer": payer, "coins": amount})

    def _do_lie_down(self, s: State, a: LieDown) -> None:
        w = s.workers[a.worker]
        s.workers = s.workers[:a.worker] + (Worker(w.owner, w.kind, w.pos, False),) + s.workers[a.worker + 1:]
        s.notices.append({"type": "lay_down", "seat": w.owner, "worker": a.worker})
        self._next_turn(s)

    def _do_take_action(self, s: State, a: TakeAction) -> None:
        cell = s.landed
        assert cell is not None
        s.used = s.used | {cell}
        s.taken = s.taken + (cell,)
        if s.round > 1 and not self.cfg["landing_fee_when_declined"]:
            self._fee(s, cell, s.current)
        self.push_steps(s, self.cat.tiles[s.board.cells[cell].tile].steps, s.moved)
        s.resume = "after"
        self.run(s)

    def _do_decline(self, s: State, a: Decline) -> None:
        if self.cfg["decline_uses_tile"] and s.landed is not None:
            s.used = s.used | {s.landed}
        self._enter_after(s)

    def tasks_done(self, s: State) -> None:
        if s.phase == "after":
            self._enter_after(s)

    def _enter_after(self, s: State) -> None:
        """After the move and its action: spells and buildings may still be used; with nothing left, the turn ends."""
        s.phase = "after"
        if s.round == 1 or not self._turn_extras(s):
            self._next_turn(s)

    def _do_end_turn(self, s: State, a: EndTurn) -> None:
        self._next_turn(s)

    def _next_turn(self, s: State) -> None:
        n = len(s.seats)
        s.moved, s.landed, s.casts, s.stride, s.teleport = -1, None, 0, 0, False
        s.memo.clear()
        if s.round == 1:
            if s.placing:
                s.current, s.placing = s.placing[0], s.placing[1:]
                s.turn += 1
                s.phase = "place"
                return
            self._end_round(s)
            return
        for k in range(1, n + 1):
            seat = (s.current + k) % n
            if self.standing(s, seat):
                s.current = seat
                s.turn += 1
                s.phase = "move"
                return
        self._end_round(s)

    def _do_cast_spell(self, s: State, a: CastSpell) -> None:
        seat = s.current
        p = s.players[seat]
        card = self.cat.spells[a.spell]
        free = s.phase == "free_cast"
        p.spent = p.spent | {a.spell}
        s.notices.append({"type": "cast", "seat": seat, "spell": a.spell, "free": free})
        if free:
            s.task = None
        else:
            p.res["C"] -= card.cast
            s.casts += 1
            s.resume = s.phase
        self.push_steps(s, card.steps)
        self.run(s)

    def _do_market_stall(self, s: State, a: MarketStall) -> None:
        p = s.players[s.current]
        p.res[a.give] -= 1
        p.res[a.take] += 1
        p.round_used = p.round_used | {"market"}
        s.notices.append({"type": "market", "seat": s.current, "give": a.give, "take": a.take})
        self._after_extra(s)

    def _do_alchemy(self, s: State, a: Alchemy) -> None:
        p = s.players[s.current]
        for r in a.give:
            p.res[r] -= 1
        p.res["C"] += 1
        p.round_used = p.round_used | {"alchemy"}
        s.notices.append({"type": "alchemy", "seat": s.current, "give": a.give})
        self._after_extra(s)

    def _after_extra(self, s: State) -> None:
        if s.phase == "after":
            self._enter_after(s)

    # ------------------------------------------------------------------ apply: choices

    def _do_done(self, s: State, a: Done) -> None:
        if s.phase == "build":
            self._next_builder(s)
            return
        s.drawn = ()
        self.step_done(s)

    # ------------------------------------------------------------------ round end, building period, end (§13.3, §14)

    # ------------------------------------------------------------------ view (§ pass-and-play)
    def view(self, s: State, seat: int) -> State:
        """What `seat` may see: other seats' hands only by size, the decks only by size."""
        v = s.copy()
        v.notices = [n if n.get("private", seat) == seat else {k: x for k, x in n.items() if k != "cards"}
                     for n in s.notices]
        for i, p in enumerate(v.players):
            if i != seat:
                p.spell_hand = (HIDDEN,) * len(p.spell_hand)
                p.building_hand = (HIDDEN,) * len(p.building_hand)
        v.spell_deck = (HIDDEN,) * len(s.spell_deck)
        v.building_deck = (HIDDEN,) * len(s.building_deck)
        if s.current != seat:
            v.drawn = (HIDDEN,) * len(s.drawn)
        v.seed = 0
        v.hidden = True
        return v
