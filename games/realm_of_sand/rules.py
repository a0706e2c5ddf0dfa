"""Realm of Sand (Ji Hua Wei, EmperorS4 2018): the rules, pure Python.

Authority: the seed rules (../shared/seeds/002_f5eb2e314fa5c092.txt, Roger's Rules) win where they speak;
../shared/rules/realm-of-sand.md completes them, and every value this table chose is data in
data/realm_of_sand/ marked [P]. § numbers below are the rules file's. The board moves and claims are in
rules_moves.py, the crystal powers in rules_powers.py, the score sheet, invariants and views in
rules_scoring.py, the log's words in rules_words.py, the precomputed geometry in rules_board.py.

A turn is a short run of small actions (§9): claims and a ready crystal power at any free moment
("before"), then the main action: PlaceTile followed by TakeTile ("take"), or disc steps PlaceDisc /
MoveDisc ("discs") closed by EndDiscs (EndDiscs at once is a disc action of no steps); then claims and the
power again ("after") and EndTurn, which refills the market. With nothing left to do after the main
action the turn ends by itself. Red and blue powers and the 'unlock' dark-cell rule wait for a choice in
their own phase.

For a scene (all answer for the seat to move, `s.current`, unless a seat is given):
- `anchors(s, tile, lie)`: {(x, y) anchor: cells whose pieces it would cover} for a hand tile laid `lie`
  (an engine.core.orientation.Orientation; the anchor is the top-left corner of the laid tile's box);
  `tile_cells(tile, lie, x, y)` the cells and colours it covers; `why_illegal(s, PlaceTile(...))` why not.
- `disc_moves(s)`: {colour from the supply | (x, y) on the board: [cells it may go to]};
  `disc_steps_left(s)` for the step counter.
- `embeddings(s, card, seat=None)`: every embedding of the card's pattern on the board, as (x, y) cells;
  `claimable_cards(s)`; `Claim(card, cells)` with one of them.
- `powers_now(s)`: the crystal power the seat may use now ([] or [its power id]).
- The ring `s.ring` runs clockwise from the queen: ring[0] and ring[1] are in front of her, a played tile is
  appended behind her. Boards are `s.players[i].cells` (rules_state's docstring spells the entries);
  `s.market[level - 1]` the rows (EMPTY slots), `s.steps` the disc steps left, `s.notices` what the last
  action caused.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

from engine.core.orientation import Orientation
from engine.core.rules import Action, RulesBase, Seat
from engine.core.words import Words
from games.realm_of_sand.catalogue import Catalogue, load_catalogue
from games.realm_of_sand.rules_board import DISC_OF, Geometry
from games.realm_of_sand.rules_moves import MovesLogic
from games.realm_of_sand.rules_powers import PowersLogic
from games.realm_of_sand.rules_scoring import ScoringLogic
from games.realm_of_sand.rules_state import (
    EMPTY, END_DISCS, END_TURN, GAME, HIDDEN, AllDiscs, ChooseStartDisc, Claim, EndDiscs, EndSwap, EndTurn,
    ExchangeDisc, GainLevel, KeepCard, MoveDisc, MoveSquare, PlaceDisc, PlaceTile, Player, Reserve, State,
    SwapTile, TakeTile, Unlock,
)
from games.realm_of_sand.rules_words import WordsLogic

__all__ = [
    "RealmOfSandRules", "State", "Player", "ChooseStartDisc", "PlaceTile", "TakeTile", "PlaceDisc", "MoveDisc",
    "EndDiscs", "Claim", "EndTurn", "Unlock", "Reserve", "KeepCard", "AllDiscs", "ExchangeDisc", "MoveSquare",
    "GainLevel", "SwapTile", "EndSwap", "HIDDEN", "EMPTY",
]

FREE = ("before", "after")


_KINDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _field_kinds(klass: type) -> tuple[tuple[str, str], ...]:
    """An action class's fields with their declared types (as written: 'int', 'bool', 'str', ...)."""
    known = _KINDS.get(klass)
    if known is None:
        known = _KINDS[klass] = tuple((f.name, str(f.type)) for f in dataclasses.fields(klass))
    return known


POWERS = (Reserve, AllDiscs, ExchangeDisc, MoveSquare, GainLevel)


class RealmOfSandRules(PowersLogic, MovesLogic, ScoringLogic, WordsLogic, RulesBase):
    """The rules contract for Realm of Sand (basic, advanced and solo)."""

    game_id = GAME
    game_name = "Realm of Sand"
    phase_reasons = {
        "start": "First the purple board takes a blue or yellow disc from the supply.",
        "before": "Claim cards, use your crystal, or take your main action: a rune tile or discs.",
        "discs": "Place or move your discs, or end the disc action.",
        "take": "First take one of the two tiles in front of the queen.",
        "after": "Your main action is done: claim cards, use your crystal, or end your turn.",
        "reserve": "First keep one of the cards you drew.",
        "swap": "Swap one more tile with the ring, or stop.",
        "unlock": "First choose the dark cell your +1 opens.",
        "over": "The game is over.",
    }
    action_phases = {
        ChooseStartDisc: ("start",), PlaceTile: ("before",), TakeTile: ("take",),
        PlaceDisc: ("before", "discs"), MoveDisc: ("before", "discs"), EndDiscs: ("before", "discs"),
        Claim: FREE, EndTurn: ("after",), Unlock: ("unlock",), KeepCard: ("reserve",), SwapTile: FREE + ("swap",),
        EndSwap: ("swap",), **{k: FREE for k in POWERS},
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.cat = catalogue or load_catalogue()
        self.cfg = self.cat.config
        self.geo = Geometry(self.cat)
        self._claims = {}
        self._claim_lists = {}
        self._place_discs = {}
        self._move_discs = {}

    def option_specs(self) -> list[dict[str, Any]]:
        return [dict(o) for o in self.cat.options]

    # ------------------------------------------------------------------ set-up (§8)
    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> State:
        """Boards of random colours, the three market rows, the ring with hands dealt from its front, the disc
        supply by seat count; advanced: the purple board's blue-or-yellow disc is chosen first."""
        n = len(seats)
        lo, hi = self.cfg["seats"]["min"], self.cfg["seats"]["max"]
        if not lo <= n <= hi:
            raise ValueError(f"Realm of Sand is played by {lo} to {hi} players.")
        opts = self.cat.resolve_options(options)
        rng = random.Random(f"realm_of_sand-setup:{seed}")
        colours = rng.sample([b.colour for b in self.cat.boards], n)
        decks, market = [], []
        slots = self.cfg["market_slots"]
        for level in (1, 2, 3):
            deck = [c.index for c in self.cat.cards if c.level == level]
            rng.shuffle(deck)
            market.append(tuple(deck[:slots]) + (EMPTY,) * max(0, slots - len(deck)))
            decks.append(tuple(deck[slots:]))
        ring = [t.index for t in self.cat.tiles]
        rng.shuffle(ring)
        start = rng.randrange(n)
        hand = self.cfg["hand_size"]
        hands: dict[int, tuple[int, ...]] = {}
        for k in range(n):  # [P] dealt in turn order from the front of the ring
            seat = (start + k) % n
            hands[seat], ring = tuple(ring[:hand]), ring[hand:]
        size = self.geo.size
        players = [Player(colours[i], ("",) * size, hands[i], {c: 0 for c in self.cfg["disc_colours"]},
                          self.cat.level_start) for i in range(n)]
        supply = {c: self.cfg["supply_by_seats"][n] for c in self.cfg["disc_colours"]}
        squares = {c: self.cfg["squares_per_colour"] for c in self.cfg["square_colours"]}
        s = State(seats=tuple(seats), seed=int(seed), options=opts, chance=0, turn=0, round=1, start_player=start,
                  current=start, phase="start", players=players, market=tuple(market), decks=tuple(decks),
                  ring=tuple(ring), squares=squares, supply=supply)
        purple = [i for i, p in enumerate(players) if self.cat.board(p.colour).power == "all_discs"]
        if opts["side"] == "advanced" and purple and self._start_discs(s):
            s.current = purple[0]
        else:
            self.begin_turn(s, start)
        return s

    def _start_discs(self, s: State) -> list[ChooseStartDisc]:
        return [ChooseStartDisc(c) for c in self.cfg["purple_start_disc"] if s.supply[c] > 0]

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.current

    def chance_count(self, s: State) -> int:
        return s.chance

    def has_private_information(self) -> bool:
        return True  # the hands of rune tiles, reserved cards and the decks' order

    def turn_id(self, s: State) -> tuple[int]:
        return (s.turn,)

    def summary(self, s: State) -> dict[str, Any]:
        return {"round": s.round, "turn": s.turn, "side": s.options["side"], "solo": len(s.seats) == 1,
                "end_declared": s.end_declared or None}

    def solo(self, s: State) -> bool:
        return len(s.seats) == 1

    def bench_queries(self) -> list[tuple[str, Callable[[Any], bool], Callable[[Any], Any], float]]:
        return [("anchors", lambda s: s.phase == "before",
                 lambda s: [self.anchors(s, t, lie) for t in s.players[s.current].hand
                            for lie in self.geo.lies[t]], 2.0),
                ("claims", lambda s: s.phase in FREE, lambda s: self.claims(s), 2.0)]

    def free_actions(self, s: State) -> list[Action]:
        """What may be done at a free moment besides the main action: claims and the crystal power."""
        return list(self.claims(s)) + self.power_actions(s)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        phase = s.phase
        if phase == "before":
            out = self.free_actions(s)
            out += self.tile_placements(s)
            out += self.disc_steps(s)
            out.append(END_DISCS)
            return out
        if phase == "after":
            return self.free_actions(s) + [END_TURN]
        if phase == "discs":
            return [*self.disc_steps(s), END_DISCS]
        if phase == "take":
            return [TakeTile(t) for t in s.ring[:2]]
        if phase == "reserve":
            return [KeepCard(c) for c in s.drawn]
        if phase == "swap":
            return self.second_swaps(s)
        if phase == "unlock":
            return self.unlocks(s)
        if phase == "start":
            return list(self._start_discs(s))
        return []

    def canonical(self, s: State, a: Action) -> Action:
        """A tile laid a way that looks the same as a listed one is listed that way; a claim's cells in
        reading order (row by row)."""
        if isinstance(a, PlaceTile) and 0 <= a.tile < len(self.cat.tiles) and a.turns in range(4):
            lie = self.geo.same_as[a.tile][Orientation(a.turns, a.flipped)]
            return PlaceTile(a.tile, lie.turns, lie.flipped, a.x, a.y)
        if isinstance(a, Claim) and all(len(c) == 2 for c in a.cells):
            return Claim(a.card, tuple(sorted(a.cells, key=lambda c: (c[1], c[0]))))
        return a

    # ------------------------------------------------------------------ why illegal
    def malformed(self, a: Action) -> str | None:
        for name, kind in _field_kinds(type(a)):
            v = getattr(a, name)
            if kind == "int" and (not isinstance(v, int) or isinstance(v, bool)):
                return Words("The action's {field} must be a whole number.", field=name)
            if kind == "bool" and not isinstance(v, bool):
                return Words("The action's {field} must be true or false.", field=name)
            if kind == "str" and not isinstance(v, str):
                return Words("The action's {field} must be text.", field=name)
        if isinstance(a, Claim) and not (isinstance(a.cells, tuple) and all(
                isinstance(c, tuple) and len(c) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                for c in a.cells)):
            return Words("A claim names its cells as (x, y) pairs.")
        return None

    def phase_reason(self, s: State) -> str:
        return Words(self.phase_reasons[s.phase])

    def out_of_phase(self, s: State, a: Action) -> str:
        if s.phase == "after" and isinstance(a, (PlaceTile, PlaceDisc, MoveDisc, EndDiscs)):
            return Words("You have taken your main action this turn: claim cards or end your turn.")
        if s.phase == "discs" and isinstance(a, PlaceTile):
            return Words("Your main action this turn is the disc action.")
        return self.phase_reason(s)

    def _why_choose_start_disc(self, s: State, a: ChooseStartDisc) -> str | None:
        if a.colour not in self.cfg["purple_start_disc"]:
            return Words("The purple board takes a blue or a yellow disc.")
        if s.supply[a.colour] < 1:
            return Words("The supply has no {colour} disc left.", colour=self.colour_word(a.colour))
        return None

    def _why_place_tile(self, s: State, a: PlaceTile) -> str | None:
        return self.why_not_tile(s, a)

    def _why_take_tile(self, s: State, a: TakeTile) -> str | None:
        if a.tile not in s.ring[:2]:
            return Words("Take one of the two tiles in front of the queen.")
        return None

    def _why_place_disc(self, s: State, a: PlaceDisc) -> str | None:
        return self.why_not_place_disc(s, a)

    def _why_move_disc(self, s: State, a: MoveDisc) -> str | None:
        return self.why_not_move_disc(s, a)

    def _why_claim(self, s: State, a: Claim) -> str | None:
        return self.why_not_claim(s, a)

    # ------------------------------------------------------------------ apply: the turn (§9)
    def _do_choose_start_disc(self, s: State, a: ChooseStartDisc) -> None:
        s.supply[a.colour] -= 1
        s.players[s.current].discs[a.colour] += 1
        s.notices.append({"type": "start_disc", "seat": s.current, "colour": a.colour})
        self.begin_turn(s, s.start_player)

    def _do_place_tile(self, s: State, a: PlaceTile) -> None:
        self.lay_tile(s, a)
        s.phase = "take"

    def _do_take_tile(self, s: State, a: TakeTile) -> None:
        p = s.players[s.current]
        s.ring = tuple(t for t in s.ring if t != a.tile)
        p.hand = p.hand + (a.tile,)
        p.shown = p.shown + (a.tile,)  # taken from the ring before every seat's eyes
        s.notices.append({"type": "took", "seat": s.current, "tile": a.tile})
        self.after_main(s)

    def _do_place_disc(self, s: State, a: PlaceDisc) -> None:
        self._start_discs_action(s)
        self.step_disc(s, self.geo.index((a.x, a.y)), DISC_OF[a.colour], None)
        self._disc_stepped(s)

    def _do_move_disc(self, s: State, a: MoveDisc) -> None:
        self._start_discs_action(s)
        p = s.players[s.current]
        start = self.geo.index((a.from_x, a.from_y))
        self.step_disc(s, self.geo.index((a.x, a.y)), p.cells[start], start)
        self._disc_stepped(s)

    def _start_discs_action(self, s: State) -> None:
        if s.phase == "before":
            s.phase = "discs"
            base = self.cfg["disc_steps"]
            s.steps = max(base, self.discs_owned(s.players[s.current])) if s.all_discs else base

    def _disc_stepped(self, s: State) -> None:
        s.steps -= 1
        if s.steps <= 0:
            self.after_main(s)

    def _do_end_discs(self, s: State, a: EndDiscs) -> None:
        self.after_main(s)

    def _do_claim(self, s: State, a: Claim) -> None:
        self.claim_card(s, a)
        self.settle(s)

    def _do_end_turn(self, s: State, a: EndTurn) -> None:
        self.end_turn(s)

    def after_main(self, s: State) -> None:
        s.phase, s.steps = "after", 0
        self.settle(s)

    def settle(self, s: State) -> None:
        """After an action at a free moment: a +1 to open waits first; after the main action, a turn with
        nothing left to do ends by itself."""
        if s.phase in FREE and self.unlock_due(s):
            s.resume, s.phase = s.phase, "unlock"
            return
        if s.phase == "after" and not self.free_actions(s):
            self.end_turn(s)

    def begin_turn(self, s: State, seat: int) -> None:
        p = s.players[seat]
        s.current = seat
        s.turn += 1
        s.phase = "before"
        s.ready = s.options["side"] == "advanced" and p.charged
        s.steps, s.all_discs, s.resume, s.swapped = 0, False, "", ()

    def end_turn(self, s: State) -> None:
        """Refill the market [SEED]; the game ends after the 14th solo turn, or once the round in which the
        end was declared is finished."""
        self.refill(s)
        n = len(s.seats)
        if n == 1:
            if s.turn >= self.cfg["solo"]["turns"]:
                self.game_over(s, "solo")
            else:
                s.round += 1
                self.begin_turn(s, 0)
            return
        if (self.cfg["exhaustion_end"] and not s.end_declared and not any(s.decks)
                and all(c == EMPTY for row in s.market for c in row)):
            s.end_declared, s.end_reason = True, "exhaustion"
            s.notices.append({"type": "end_declared", "seat": None})
        nxt = (s.current + 1) % n
        if nxt == s.start_player:
            if s.end_declared:
                self.game_over(s, s.end_reason)
                return
            if s.round >= self.cfg["round_cap"]:
                self.game_over(s, "round_cap")
                return
            s.round += 1
        self.begin_turn(s, nxt)

    def refill(self, s: State) -> None:
        rows, decks = [], []
        revealed = []
        for row, deck in zip(s.market, s.decks):
            new = []
            for c in row:
                if c == EMPTY and deck:
                    c, deck = deck[0], deck[1:]
                    revealed.append(c)
                new.append(c)
            rows.append(tuple(new))
            decks.append(deck)
        if revealed:
            s.market, s.decks = tuple(rows), tuple(decks)
            s.chance += len(revealed)
            s.notices.append({"type": "refill", "cards": revealed})

    def game_over(self, s: State, reason: str) -> None:
        s.phase, s.end_reason = "over", reason
        s.ready = False
        s.notices.append({"type": "game_over", "reason": reason})
