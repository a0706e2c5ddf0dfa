"""Five Tribes (Bruno Cathala, Days of Wonder 2014) with "Whims of the Sultan": the rules, pure Python.

Authority: the German "Die Launen des Sultans" rulebook, which wins where it speaks; the rules as
this edition plays them, its Whim cards and the values it chose are data/five_tribes/rules.md. The
§ numbers in comments below are those of the research notes rules.md was written from (not in this
repository). Numbers live in
data/five_tribes/*.yaml; this module holds the turn's flow. Moves, bidding, Djinns, Whim
conditions and scoring live in the rules_*.py modules beside it.

A turn, one action per gesture: PickUp, one Drop per tile entered, PlaceCamel on an emptied tile,
the tribe action (Build or Kill where the mover chooses; Viziers, Elders and Merchants resolve by
themselves), the tile action (PlacePalm, PlacePalace, BuyCard, TakeDjinn or Decline; a Whim card
is taken by itself), then Sell and EndTurn. UseDjinn fits in before the move and between steps.
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.rules import Action, RulesBase, ScoreRow, ScoreSheet, Seat
from engine.core.words import N_, Words, join
from games.five_tribes.catalogue import Catalogue, TileKind, load_catalogue
from games.five_tribes.rules_bidding import Bidding
from games.five_tribes.rules_djinns import POWER_PHASES, DjinnPowers
from games.five_tribes.rules_invariants import invariant_problems
from games.five_tribes.rules_moves import (
    Geometry,
    bits,
    completion,
    current_ends,
    geometry,
    next_steps,
    pickup_ends,
    start_mask,
    step_reason,
)
from games.five_tribes.rules_scoring import CATEGORIES, Scorer, near_lake
from games.five_tribes.rules_state import (
    ASSASSIN,
    BUILDER,
    ELDER,
    EMPTY,
    GAME,
    HIDDEN,
    MERCHANT,
    NO_DIR,
    NOBODY,
    TRIBES,
    VIZIER,
    Bid,
    Build,
    BuyCard,
    Decline,
    Drop,
    EndTurn,
    KeepDjinn,
    Kill,
    Layout,
    PickUp,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    Player,
    Sell,
    State,
    TakeDjinn,
    UseDjinn,
)
from games.five_tribes.rules_whims import Holdings, holds
from games.five_tribes.rules_words import counted, describe_action, paid_words

TRIBE_INDEX = {t: i for i, t in enumerate(TRIBES)}
DROP_PACE = 0.3  # share of the computer's pause a single meeple drop stays in view (see pace)


class FiveTribesRules(Bidding, DjinnPowers, RulesBase):
    """The rules contract for Five Tribes with Whims of the Sultan."""

    game_id = GAME
    game_name = "Five Tribes"
    phase_reasons = {
        "bid": N_("First bid for your place in the turn order."),
        "start": N_("First pick up the meeples of a tile to start your move."),
        "move": N_("You are moving: drop a meeple on the next tile."),
        "control": N_("First put your camel on the tile you emptied."),
        "tribe": N_("First do the action of the tribe you collected."),
        "tile": N_("First do the action of the tile where your move ended."),
        "market": N_("Take your second card first."),
        "choose_djinn": N_("Choose the Djinn to keep first."),
        "finish": N_("Your move is over: sell merchandise, use a Djinn or end your turn."),
    }
    action_phases = {
        Bid: ("bid",), PickUp: ("start",), Drop: ("move",), PlaceCamel: ("control",), Build: ("tribe",),
        Kill: ("tribe",), PlacePalm: ("tile",), PlacePalace: ("tile",), BuyCard: ("tile", "market"),
        TakeDjinn: ("tile",), Decline: ("tile", "tribe"), KeepDjinn: ("choose_djinn",), UseDjinn: POWER_PHASES,
        Sell: ("finish",), EndTurn: ("finish",),
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.cat = catalogue or load_catalogue()
        self.cfg = self.cat.config
        self._by_effect = {d.effect: d.id for d in self.cat.djinns.values()}
        self._kinds = {k.id: k for k in self.cat.tile_kinds}
        self._tribe = {t.id: t for t in self.cat.tribes}
        self._attrs: dict[Layout, list[dict[str, Any]]] = {}
        self._last_geo: tuple[Layout, Geometry] | None = None  # see geo
        self._fixed_targets: dict[tuple[Layout, str], tuple[int, ...]] = {}  # see power_targets
        # actions are immutable values: the most numerous are made once (PickUp by tile, Drop by (tile, tribe))
        self._pickups: dict[int, PickUp] = {}
        self._kill_lists: dict[tuple, tuple[Kill, ...]] = {}  # see _kill_list
        self._sale_lists: dict[tuple[str, ...], tuple[Sell, ...]] = {}  # goods held -> their sales
        self._goods = self.cat.goods  # the merchandise goods in catalogue order (made anew by each look-up)
        self._drops: dict[tuple[int, int], Drop] = {}
        # board key -> seat key -> {whim: whether its condition holds} (see _whims_known): a pure function
        # of what the two keys spell out
        self._whim_memo: dict[tuple, dict[tuple, dict[str, bool]]] = {}
        self._whim_last: tuple | None = None  # the board last looked up: (layout, owner, palms, palaces, known)
        # seat -> (board's known dict, cards in hand, viziers, elders, fakirs, Djinns, goods) when none was met
        self._whim_settled: dict[int, tuple] = {}
        self._whim_needs: dict[str, tuple[str, ...]] = {}  # whim -> the parts of holdings its condition reads
        self._whim_plain: dict[tuple, bool] = {}  # answers of conditions that read no tile (see _pay_whims)
        self.scorer = Scorer(self.cat)

    # ------------------------------------------------------------------ options and setup
    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option id with its value: the given ones checked, the missing ones at their default."""
        out = self.cat.option_defaults()
        specs = {o["id"]: o for o in self.cat.options}
        for key, value in (options or {}).items():
            spec = specs.get(key)
            if spec is None:
                raise ValueError(f"Five Tribes has no option {key!r} (it has: {', '.join(specs)}).")
            values = [c["value"] for c in spec["choices"]]
            if value not in values or type(value) is not type(spec["default"]):
                raise ValueError(f"{spec['label']}: {value!r} is not one of {', '.join(map(str, values))}.")
            out[key] = value
        return out

    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> State:
        """Set-up of §3: shuffled tiles, 3 meeples per tile, rows of 9 cards and 3 Djinns, markers at random."""
        opts = self.resolve_options(options)
        n = len(seats)
        if not 2 <= n <= 5:
            raise ValueError(N_("Five Tribes is played by 2 to 5 players."))
        shape = self.cat.boards[opts["board"]]
        if n == 5 and shape.tile_set == "base":
            raise ValueError(N_("Five players need the 6 x 6 board of Whims of the Sultan: its tiles make room for a fifth."))
        rng = random.Random(f"five_tribes-setup:{seed}")
        whims_tiles = shape.tile_set == "whims"
        kinds = [k.id for k in self.cat.tile_kinds if k.set == "base" or whims_tiles for _ in range(k.count)]
        rng.shuffle(kinds)
        lake = next((t for t, k in enumerate(kinds) if self._kinds[k].type == "great_lake"), -1)
        layout = Layout(shape.id, shape.width, shape.height, tuple(kinds), lake)
        bag = [t.base + (t.whims if whims_tiles else 0) for t in self.cat.tribes]
        meeples: list[tuple[int, ...]] = []
        for k in kinds:
            drawn = [0, 0, 0, 0, 0]
            if self._kinds[k].meeples:
                for _ in range(self.cfg["meeples_per_tile"]):
                    drawn[self._draw_meeple(rng, bag)] += 1
            meeples.append(tuple(drawn))
        deck = [r.id for r in self.cat.resources.values() for _ in range(r.count)]
        rng.shuffle(deck)
        row: list[str | None] = [deck.pop() for _ in range(self.cfg["face_up_resources"])]
        sets = {"base"} | ({"whims"} if opts["expansion_djinns"] else set()) | ({"promo"} if opts["dhenim"] else set())
        djinn_deck = [d.id for d in self.cat.djinns.values() if d.set in sets]
        rng.shuffle(djinn_deck)
        djinn_row: list[str | None] = [djinn_deck.pop() for _ in range(self.cfg["face_up_djinns"])]
        whim_deck = [w.id for w in self.cat.whims.values() if not w.artisans_only] if whims_tiles else []
        rng.shuffle(whim_deck)
        whim_on: list[str | None] = [None] * len(kinds)
        for t, k in enumerate(kinds):
            if self._kinds[k].action == "whim" and whim_deck:
                whim_on[t] = whim_deck.pop()
        per_seat = self.cfg["markers"][n]
        marker_seat = tuple(seat for seat in range(n) for _ in range(per_seat))
        bid_track: list[int | None] = list(range(len(marker_seat)))
        rng.shuffle(bid_track)
        track_name = self.cfg["track_by_seats"][n]
        if n == 4 and opts["turn_track"] == "five_from_four":
            track_name = self.cfg["track_by_seats"][5]
        levels = tuple((spot["cost"], spot["spots"]) for spot in self.cfg["turn_tracks"][track_name])
        goods = {g: 0 for g in self.cat.goods}
        players = [Player(gold=self.cfg["start_gold"], camels=self.cfg["camels"][n], goods=dict(goods)) for _ in seats]
        return State(
            seats=tuple(seats), seed=int(seed), options=opts, layout=layout, chance=0, round=1, phase="bid",
            meeples=meeples, owner=[NOBODY] * len(kinds), palms=[0] * len(kinds), palaces=[0] * len(kinds),
            whim_on=whim_on, bag=bag, deck=deck, row=row, discard=[], djinn_deck=djinn_deck, djinn_row=djinn_row,
            djinn_discard=[], whim_deck=whim_deck, palms_left=self.cfg["palms"], palaces_left=self.cfg["palaces"],
            players=players, marker_seat=marker_seat, levels=levels, track=[[] for _ in levels],
            bid_track=bid_track, marker=bid_track[0],
        )

    @staticmethod
    def _draw_meeple(rng: random.Random, bag: list[int]) -> int:
        """Take one meeple at random out of the bag; returns its tribe."""
        pick = rng.randrange(sum(bag))
        for tribe, count in enumerate(bag):
            if pick < count:
                bag[tribe] -= 1
                return tribe
            pick -= count
        raise ValueError("the bag is empty")

    def _rng(self, s: State) -> random.Random:
        """A generator for the next random event; advances the chance counter."""
        s.chance += 1
        return random.Random(f"five_tribes:{s.seed}:{s.chance}")

    # ------------------------------------------------------------------ plain queries
    def geo(self, s: State) -> Geometry:
        layout = s.layout
        last = self._last_geo  # (layout, its geometry): a game asks with the same layout object all along
        if last is not None and last[0] is layout:
            return last[1]
        geo = geometry(layout.width, layout.height, layout.lake)
        self._last_geo = (layout, geo)
        return geo

    def tile_at(self, s: State, tile: int) -> TileKind:
        return self._kinds[s.layout.kinds[tile]]

    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.marker_seat[s.marker]

    def chance_count(self, s: State) -> int:
        return s.chance

    def option_specs(self) -> list[dict[str, Any]]:
        """The setup options of data/five_tribes/game.yaml (id, label, default, choices, help) for the setup screen."""
        return [dict(o) for o in self.cat.options]

    def has_private_information(self) -> bool:
        return True  # the decks' order, gold when it is hidden, and Whim cards in hand under the option

    def pace(self, act: Action) -> float:
        """A computer seat's meeple drops are steps of one move: each shows for DROP_PACE of the usual pause."""
        return DROP_PACE if isinstance(act, Drop) else 1.0

    def turn_id(self, s: State) -> tuple[int, int, int]:
        """Which turn a state belongs to: each bid is its own turn, then each marker's turn."""
        if s.phase == "bid":
            return (s.round, 0, s.bid_track.index(s.marker))
        if s.phase == "over":
            return (s.round, 2, 0)
        return (s.round, 1, s.turn)

    def summary(self, s: State) -> dict[str, Any]:
        return {"round": s.round, "camels_left": sum(p.camels for p in s.players)}

    def bench_queries(self) -> list[tuple[str, Any, Any, float]]:
        """What `python -m bench` times on mid-game states besides legal_actions (issue 6's targets in ms)."""
        return [("start_tiles", lambda s: s.phase == "start", self.start_tiles, 20.0),
                ("next_steps", lambda s: s.phase == "move", self.next_steps, 2.0)]

    # ------------------------------------------------------------------ helpers for the screen
    def start_tiles(self, s: State) -> list[int]:
        """Tiles the mover may pick up now: each has at least one complete legal move."""
        if s.phase != "start":
            return []
        return bits(start_mask(self.geo(s), s))

    def next_steps(self, s: State) -> list[tuple[int, str]]:
        """Every legal (tile, colour) for the next Drop of the move in progress."""
        if s.phase != "move":
            return []
        return [(t, TRIBES[c]) for t, c in next_steps(self.geo(s), s)]

    def end_tiles(self, s: State, start: int | None = None) -> list[int]:
        """Tiles where the move in progress may end (or, before it, a move picking up `start`)."""
        if s.phase == "move":
            return bits(current_ends(self.geo(s), s))
        if s.phase == "start" and start is not None and 0 <= start < s.layout.cells:
            return bits(pickup_ends(self.geo(s), s, start))
        return []

    def shortest_completion(self, s: State, end_tile: int, start: int | None = None) -> list[Action] | None:
        """The actions that finish the move on `end_tile`, heading there by the most direct way first.

        During a move: the Drops. Before it (phase start) with `start`: PickUp(start) and the Drops.
        None if the move cannot end there.
        """
        prefix: list[Action] = []
        if s.phase == "start" and start is not None:
            if self.why_illegal(s, PickUp(start)) is not None:
                return None
            prefix = [PickUp(start)]
            s = self.apply(s, prefix[0], checked=True)
        if s.phase != "move":
            return None
        drops = completion(self.geo(s), s, end_tile)
        if drops is None:
            return None
        return prefix + [Drop(t, TRIBES[c]) for t, c in drops]

    def kill_targets(self, s: State) -> list[Kill]:
        """Every kill the Assassins may make now (empty outside an Assassin tribe action)."""
        if s.phase != "tribe" or s.collected[0] != ASSASSIN:
            return []
        return self._kills(s)

    def builders_gold(self, s: State, fakirs: int = 0) -> int:
        """The gold the Builders just collected earn, with `fakirs` Fakirs discarded to raise their count."""
        gold = (s.collected[1] + fakirs) * self.blue_tiles(s, s.final)
        if "double_builders" in s.boosts:
            gold *= self.cat.djinns[self.djinn_with("double_builders")].params.get("multiplier", 2)
        return gold

    def assassins_need(self, s: State, tile: int) -> int:
        """Fakirs the Assassins just collected need to reach `tile` (each Assassin reaches one tile further)."""
        return max(0, self.geo(s).distance(s.final, tile) - s.collected[1])

    def blue_tiles(self, s: State, tile: int) -> int:
        """Blue tiles counted by Builders ending on `tile`: itself and its neighbours (option builders_reach)."""
        geo = self.geo(s)
        block = geo.around[tile] if s.options["builders_reach"] == "around" else geo.cross[tile]
        return sum(1 for t in block if self.tile_at(s, t).colour == "blue")

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        phase = s.phase
        if phase == "over":
            return []
        if phase == "bid":
            return list(self.bids(s))
        if phase == "move":
            drops = self._drops
            return [drops.get(step) or self._drop(step) for step in next_steps(self.geo(s), s)]
        if phase == "control":
            return [PlaceCamel(s.claims[0])]
        if phase == "market":
            return [BuyCard(slot) for slot in s.window if s.row[slot] is not None]
        if phase == "choose_djinn":
            return [KeepDjinn(d) for d in dict.fromkeys(s.drawn)]
        out: list[Action] = []
        if phase == "start":
            pickups = self._pickups
            out += [pickups.get(t) or self._pickup(t) for t in bits(start_mask(self.geo(s), s))]
        elif phase == "tribe":
            out += self._tribe_actions(s)
        elif phase == "tile":
            out += self._tile_actions(s)
        elif phase == "finish":
            out += self._sales(s)
        out += self.djinn_uses(s)
        if phase == "finish":
            out.append(EndTurn())
        return out

    def _drop(self, step: tuple[int, int]) -> Drop:
        hit = self._drops[step] = Drop(step[0], TRIBES[step[1]])
        return hit

    def _pickup(self, tile: int) -> PickUp:
        hit = self._pickups[tile] = PickUp(tile)
        return hit

    def _tribe_actions(self, s: State) -> list[Action]:
        if s.collected[0] == BUILDER:
            return [Build(f) for f in range(s.player.fakirs + 1)]
        kills = self._kills(s)
        return list(kills) if kills else [Decline()]

    def _kills(self, s: State) -> list[Kill]:
        """Every legal kill: meeples on tiles in reach, or Viziers/Elders in front of an unprotected opponent."""
        seat = s.seat
        fakirs = s.player.fakirs
        n = 2 if "double_kill" in s.boosts else 1
        out: list[Kill] = []
        # assassins_need for each tile, with the board's geometry looked up once
        width = self.geo(s).width
        fr, fc = divmod(s.final, width)
        reach = s.collected[1]
        for t in range(s.layout.cells):
            held = s.meeples[t]
            if not any(held):
                continue
            tr, tc = divmod(t, width)
            need = max(0, abs(fr - tr) + abs(fc - tc) - reach)
            if need > fakirs:
                continue
            out += self._kill_list(held, n, t, -1, need)
        for other, p in enumerate(s.players):
            if other == seat or self.has_effect(s, other, "protect_court"):
                continue
            out += self._kill_list((p.viziers, p.elders, 0, 0, 0), n, -1, other, 0)
        return out

    def _kill_list(self, held: tuple[int, ...], n: int, tile: int, seat: int, fakirs: int) -> list[Kill]:
        """[Kill(combo, tile, seat, fakirs) for combo in _combos(held, n)]: actions are values, each made once."""
        key = (held, n, tile, seat, fakirs)
        hit = self._kill_lists.get(key)
        if hit is None:
            if len(self._kill_lists) >= 50_000:
                self._kill_lists.clear()
            hit = self._kill_lists[key] = tuple(Kill(combo, tile=tile, seat=seat, fakirs=fakirs)
                                                for combo in _combos(held, n))
        return hit

    def _tile_actions(self, s: State) -> list[Action]:
        kind = self.tile_at(s, s.final)
        seat = s.seat
        if kind.action in ("palm", "palace"):
            effect = "shift_palm" if kind.action == "palm" else "shift_palace"
            make = PlacePalm if kind.action == "palm" else PlacePalace
            out: list[Action] = [make(s.final)]
            if self.can_use_effect(s, seat, effect):
                cost = self.cat.djinns[self.djinn_with(effect)].cost
                pays = self.payments(s, seat, cost)
                for t in self.geo(s).around[s.final]:
                    if t != s.final and t != s.layout.lake:
                        out += [make(t, pay) for pay in pays]
            return out
        if kind.action == "market":
            return [BuyCard(slot) for slot in s.window if s.row[slot] is not None] + [Decline()]
        if kind.action == "djinn":
            pays = self._sacred_payments(s)
            return [TakeDjinn(d, pay) for d in s.djinn_row if d is not None for pay in pays] + [Decline()]
        return [Decline()]

    def _sacred_payments(self, s: State) -> list[tuple[str, ...]]:
        p = s.player
        return [tuple(pay) for pay in self.cfg["sacred_payments"]
                if pay.count("elder") <= p.elders and pay.count("fakir") <= p.fakirs]

    def _sales(self, s: State) -> list[Sell]:
        goods = s.player.goods
        held = tuple([g for g in self._goods if goods.get(g, 0) > 0])
        hit = self._sale_lists.get(held)  # the sales of a set of goods: actions are values, each made once
        if hit is None:
            out = []
            for mask in range(1, 1 << len(held)):
                out.append(Sell(tuple(g for i, g in enumerate(held) if mask >> i & 1)))
            hit = self._sale_lists[held] = tuple(out)
        return list(hit)

    # ------------------------------------------------------------------ why illegal
    def out_of_phase(self, s: State, a: Action) -> str:
        """Bids, Djinn powers, camels, tile actions and sales have words of their own when the moment is wrong."""
        if isinstance(a, Bid):
            return N_("Bidding is over for this round.")
        if isinstance(a, UseDjinn):
            return self._djinn_out_of_phase(s)
        if isinstance(a, Drop) and s.phase == "start":
            return N_("First pick up the meeples of a tile.")
        if isinstance(a, PlaceCamel):
            if isinstance(a.tile, int) and 0 <= a.tile < s.layout.cells and s.owner[a.tile] != NOBODY:
                return N_("A camel already stands on that tile: it never changes owner.")
            return N_("You take a tile with a camel only when your move (or your Assassins) empties it.")
        if s.phase == "finish" and type(a) in _TILE_ACTION_WORDS:
            return _TILE_ACTION_WORDS[type(a)]
        if isinstance(a, Decline):
            return N_("There is nothing to decline now.")
        if isinstance(a, Sell) and s.phase != "bid":
            return N_("Merchandise is sold at the end of your turn.")
        return self.phase_reason(s)

    def _why_pick_up(self, s: State, a: PickUp) -> str | None:
        t = a.tile
        if not isinstance(t, int) or not 0 <= t < s.layout.cells:
            return N_("That is not a tile of the Sultanate.")
        if t == s.layout.lake:
            return N_("The Great Lake holds no meeples.")
        if not any(s.meeples[t]):
            return N_("That tile has no meeples to pick up.")
        if not pickup_ends(self.geo(s), s, t):
            return N_("No move from that tile can end legally: the last meeple would find no tile with its colour.")
        return None

    def _why_drop(self, s: State, a: Drop) -> str | None:
        c = TRIBE_INDEX.get(a.colour)
        if c is None:
            return Words("There is no tribe called '{colour}'.", colour=a.colour)
        if not isinstance(a.tile, int):
            return N_("That is not a tile of the Sultanate.")
        reason = step_reason(self.geo(s), s, a.tile, c)
        if reason:
            return reason
        if not s.hand[c]:
            return Words("You hold no {tribe} in your hand.", tribe=Words(self._tribe[a.colour].name))
        return None

    def _why_place_camel(self, s: State, a: PlaceCamel) -> str | None:
        if a.tile != s.claims[0]:
            return N_("Your camel goes on the tile you have just emptied.")
        return None

    def _why_build(self, s: State, a: Build) -> str | None:
        if s.collected[0] != BUILDER:
            return N_("You collected no Builders this turn.")
        if not isinstance(a.fakirs, int) or a.fakirs < 0:
            return N_("The number of Fakirs must be zero or more.")
        if a.fakirs > s.player.fakirs:
            return counted(s.player.fakirs, "You have only 1 Fakir.", "You have only {n} Fakirs.")
        return None

    def _why_kill(self, s: State, a: Kill) -> str | None:
        if s.collected[0] != ASSASSIN:
            return N_("You collected no Assassins this turn.")
        colours = tuple(a.colours)
        if any(c not in TRIBE_INDEX for c in colours):
            return N_("Name the colour of each meeple to kill.")
        n = 2 if "double_kill" in s.boosts else 1
        if (a.tile >= 0) == (a.seat >= 0):
            return N_("Choose one target: a tile, or an opponent's Viziers and Elders.")
        if a.tile < -1:  # -1 is "no tile": any other value is a tile that does not exist
            return N_("That is not a tile of the Sultanate.")
        if a.seat < -1:
            return N_("There is no such player.")
        if a.tile >= 0:
            reason = self._why_kill_tile(s, a, colours, n)
        else:
            reason = self._why_kill_court(s, a, colours, n)
        in_order = tuple(sorted(colours, key=TRIBE_INDEX.__getitem__))
        if reason is None and colours != in_order:  # the order decides the spoils' order: one spelling per kill
            return Words("Name the meeples in the order of the tribes: {order}.", order=", ".join(in_order))
        return reason

    def _why_kill_tile(self, s: State, a: Kill, colours: tuple, n: int) -> str | None:
        if a.tile >= s.layout.cells:
            return N_("That is not a tile of the Sultanate.")
        held = s.meeples[a.tile]
        if not any(held):
            return "There is no meeple on that tile."
        reach = s.collected[1]
        dist = self.geo(s).distance(s.final, a.tile)
        need = self.assassins_need(s, a.tile)
        if need > s.player.fakirs:
            assassins = counted(reach, "your 1 Assassin reaches 1 tile", "your {n} Assassins reach {n} tiles")
            fakirs = counted(s.player.fakirs, "1 Fakir", "{n} Fakirs")
            return Words("That tile is {dist} tiles away; {assassins}, and you have only {fakirs} to reach further.",
                         dist=dist, assassins=assassins, fakirs=fakirs)
        if a.fakirs != need:
            return counted(need, "Reaching that tile takes exactly 1 Fakir.",
                           "Reaching that tile takes exactly {n} Fakirs.") if need else Words(
                "Your Assassins reach that tile without Fakirs.")
        return _combo_reason(colours, held, n, Words("on that tile"), self.cat.tribes)

    def _why_kill_court(self, s: State, a: Kill, colours: tuple, n: int) -> str | None:
        if a.seat >= len(s.players):
            return N_("There is no such player.")
        if a.seat == s.seat:
            return N_("Your Assassins kill an opponent's Viziers or Elders, never your own.")
        if self.has_effect(s, a.seat, "protect_court"):
            return Words("{who} has {djinn}: their Viziers and Elders are protected.", who=s.seats[a.seat].name,
                         djinn=self.cat.djinns[self.djinn_with("protect_court")].name)
        if a.fakirs:
            return N_("No Fakirs are needed to reach the meeples in front of a player.")
        if any(c not in ("vizier", "elder") for c in colours):
            return N_("In front of a player, Assassins kill only Viziers and Elders.")
        p = s.players[a.seat]
        return _combo_reason(colours, (p.viziers, p.elders, 0, 0, 0), n,
                             Words("in front of {who}", who=s.seats[a.seat].name), self.cat.tribes)

    def _why_place_palm(self, s: State, a: PlacePalm) -> str | None:
        return self._why_place(s, a, "palm", "shift_palm", Words("palm tree"), Words("Oasis"))

    def _why_place_palace(self, s: State, a: PlacePalace) -> str | None:
        return self._why_place(s, a, "palace", "shift_palace", Words("palace"), Words("Village"))

    def _why_place(self, s: State, a, action: str, effect: str, thing: Words, where: Words) -> str | None:
        if self.tile_at(s, s.final).action != action:
            return _TILE_ACTION_WORDS[type(a)]
        if not isinstance(a.tile, int) or not 0 <= a.tile < s.layout.cells:
            return N_("That is not a tile of the Sultanate.")
        if a.tile == s.final:
            return None if not a.pay else Words("On the {where} itself the {thing} costs nothing.", where=where,
                                                thing=thing)
        djinn = self._by_effect[effect]
        name = self.cat.djinns[djinn].name
        if a.tile not in self.geo(s).around[s.final]:
            if djinn in s.player.djinns:
                return Words("The {thing} goes on this {where}, or with {djinn} on a tile next to it.", thing=thing,
                             where=where, djinn=name)
            return Words("The {thing} goes on this {where}.", thing=thing, where=where)
        if a.tile == s.layout.lake:
            return N_("Nothing may be placed on the Great Lake.")
        if djinn not in s.player.djinns:
            return Words("The {thing} goes on this {where}; only {djinn} lets you put it on a tile next to it.",
                         thing=thing, where=where, djinn=name)
        if djinn in s.player.used:
            return self.used_words(s, name)
        return self._pay_reason(s, s.seat, self.cat.djinns[djinn].cost, tuple(a.pay))

    def _why_buy_card(self, s: State, a: BuyCard) -> str | None:
        if self.tile_at(s, s.final).action != "market":
            return _TILE_ACTION_WORDS[BuyCard] if s.phase == "tile" else self.phase_reason(s)
        if not isinstance(a.slot, int) or not 0 <= a.slot < len(s.row) or s.row[a.slot] is None:
            return N_("There is no card in that place of the row.")
        if a.slot not in s.window:
            size = self.cfg["markets"][self.tile_at(s, s.final).type]["window"]
            return Words("This market offers only the first {n} cards of the row.", n=size)
        return None

    def _why_take_djinn(self, s: State, a: TakeDjinn) -> str | None:
        if self.tile_at(s, s.final).action != "djinn":
            return _TILE_ACTION_WORDS[TakeDjinn]
        if a.djinn not in s.djinn_row:
            return N_("That Djinn is not face up in the row.")
        if list(a.pay) not in self.cfg["sacred_payments"]:
            return Words("A Djinn costs {ways}.", ways=join([paid_words(tuple(way)) for way in self.cfg["sacred_payments"]],
                                                            " or "))
        p = s.player
        if a.pay.count("elder") > p.elders or a.pay.count("fakir") > p.fakirs:
            return Words("You have {elders} and {fakirs}.", elders=counted(p.elders, "1 Elder", "{n} Elders"),
                         fakirs=counted(p.fakirs, "1 Fakir", "{n} Fakirs"))
        return None

    def _why_decline(self, s: State, a: Decline) -> str | None:
        if s.phase == "tile":
            action = self.tile_at(s, s.final).action
            if action in ("palm", "palace"):
                return Words("The palm tree must be placed.") if action == "palm" else Words(
                    "The palace must be placed.")
            return None
        if s.collected[0] == ASSASSIN and not self._kills(s):
            return None
        return N_("Your tribe's action must be done.")

    def _why_keep_djinn(self, s: State, a: KeepDjinn) -> str | None:
        if a.djinn not in s.drawn:
            return N_("Keep one of the Djinns you have just drawn.")
        return None

    def _why_sell(self, s: State, a: Sell) -> str | None:
        goods = tuple(a.goods)
        if not goods:
            return N_("Choose the goods to sell.")
        if len(set(goods)) != len(goods):
            return N_("A set holds each kind of merchandise once.")
        for g in goods:
            if g == "fakir":
                return N_("Fakirs are not merchandise and cannot be sold.")
            if g not in self.cat.goods:
                return Words("There is no merchandise called '{good}'.", good=g)
            if s.player.goods.get(g, 0) <= 0:
                return Words("You have no {good}.", good=Words(self.cat.resources[g].name))
        in_order = tuple(g for g in self.cat.goods if g in goods)
        if goods != in_order:  # sold cards go to the discard pile in this order: one spelling per sale
            return Words("Name the goods in the usual order: {goods}.",
                         goods=join([Words(self.cat.resources[g].name) for g in in_order], ", "))
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, a: Action, checked: bool = False) -> State:
        s = super().apply(state, a, checked)
        self._whims(s)  # A11: a Whim card pays the moment its condition holds, whatever the action was
        return s

    def _start_play(self, s: State) -> None:
        """Bidding is over: the round's turns follow the turn-order track."""
        s.order = self.play_order(s)
        s.turn = 0
        self._begin_turn(s)

    def _begin_turn(self, s: State) -> None:
        """§4.2 step 1: the marker goes to the next free spot of the bid-order track; then the move."""
        s.marker = s.order[s.turn]
        for queue in s.track:
            if s.marker in queue:
                queue.remove(s.marker)
        s.bid_track[s.bid_track.index(None)] = s.marker
        s.hand, s.pos, s.came, s.path = EMPTY, -1, NO_DIR, []
        s.final, s.collected, s.tribe_done, s.tile_done = -1, (-1, 0), False, False
        s.claims, s.window, s.to_take, s.drawn, s.resume, s.boosts = [], (), 0, [], "", []
        if s.stalled:
            s.phase = "finish"
        elif not start_mask(self.geo(s), s):
            s.stalled = True  # §5.2: no legal move; this round is the last
            s.phase = "finish"
            s.notices.append({"type": "no_move", "seat": s.seat})
        else:
            s.phase = "start"

    def _do_pick_up(self, s: State, a: PickUp) -> None:
        s.hand = s.meeples[a.tile]
        s.meeples[a.tile] = EMPTY
        s.pos, s.came, s.path = a.tile, NO_DIR, [a.tile]
        s.phase = "move"

    def _do_drop(self, s: State, a: Drop) -> None:
        c = TRIBE_INDEX[a.colour]
        s.came = self.geo(s).direction(s.pos, a.tile)
        s.pos = a.tile
        s.path.append(a.tile)
        s.meeples[a.tile] = _plus(s.meeples[a.tile], c, 1)
        s.hand = _plus(s.hand, c, -1)
        owner = s.owner[a.tile]
        if owner != NOBODY:
            self._trigger(s, "drop_gold", s.seat, only=(owner,))
        if not any(s.hand):
            self._end_move(s, a.tile, c)

    def _end_move(self, s: State, tile: int, c: int) -> None:
        """§4.4: take the last meeple's colour from the final tile; an emptied free tile is yours."""
        count = s.meeples[tile][c]
        s.meeples[tile] = _plus(s.meeples[tile], c, -count)
        s.final = tile
        s.collected = (c, count)
        s.hand = _plus(EMPTY, c, count)  # held until the tribe action places them
        s.notices.append({"type": "collect", "seat": s.seat, "tile": tile, "tribe": TRIBES[c], "count": count})
        self._claim_if_emptied(s, tile)
        self._advance(s)

    def _claim_if_emptied(self, s: State, tile: int) -> None:
        if not any(s.meeples[tile]) and s.owner[tile] == NOBODY and s.player.camels > len(s.claims) and tile not in s.claims:
            s.claims.append(tile)

    def _advance(self, s: State) -> None:
        """Move the turn on to the next step that needs the mover, resolving the ones that do not."""
        if s.claims:
            s.phase = "control"
            return
        if not s.tribe_done:
            self._tribe_step(s)
            if not s.tribe_done:
                s.phase = "tribe"
                return
            if s.claims:
                s.phase = "control"
                return
        if not s.tile_done:
            self._tile_step(s)
            if not s.tile_done:
                return
        s.phase = "finish"

    def _do_place_camel(self, s: State, a: PlaceCamel) -> None:
        s.claims.pop(0)
        self._place_camel(s, s.seat, a.tile)
        if s.players[s.seat].camels == 0:
            s.claims.clear()  # no camel left for a second emptied tile
        self._advance(s)

    def _place_camel(self, s: State, seat: int, tile: int) -> None:
        s.owner[tile] = seat
        s.players[seat].camels -= 1
        s.notices.append({"type": "camel", "seat": seat, "tile": tile})
        if s.players[seat].camels == 0 and not s.ending:
            s.ending = True  # §5.1: the game ends with this round
            s.notices.append({"type": "last_camel", "seat": seat})

    # ------------------------------------------------------------------ tribe actions (§4.5)
    def _tribe_step(self, s: State) -> None:
        c, count = s.collected
        p = s.player
        name = self.cat.tribes[c].plural
        s.hand = EMPTY
        if c == VIZIER:
            p.viziers += count
            self._trigger(s, "vizier_gold", s.seat, times=count)
        elif c == ELDER:
            p.elders += count
        else:
            s.bag[c] += count  # Builders, Merchants and Assassins go back to the bag
        if c in (VIZIER, ELDER):
            s.notices.append({"type": "keep", "seat": s.seat, "tribe": TRIBES[c], "count": count,
                              "text": Words("{n} {tribe} kept", n=count, tribe=Words(name))})
            s.tribe_done = True
        elif c == MERCHANT:
            self._merchants(s, count)
            s.tribe_done = True
        elif c == ASSASSIN and not self._kills(s):
            s.notices.append({"type": "no_target", "seat": s.seat})
            s.tribe_done = True

    def _merchants(self, s: State, count: int) -> None:
        """Take as many cards as Merchants, from the start of the row, without choosing (§4.5)."""
        taken = []
        for slot, card in enumerate(s.row):
            if len(taken) == count:
                break
            if card is not None:
                s.row[slot] = None
                self._gain_card(s.player, card)
                taken.append(card)
        s.notices.append({"type": "cards", "seat": s.seat, "cards": taken})

    def _gain_card(self, p: Player, card: str) -> None:
        if card == "fakir":
            p.fakirs += 1
        else:
            p.goods[card] = p.goods.get(card, 0) + 1

    def _do_build(self, s: State, a: Build) -> None:
        if a.fakirs:
            self._spend(s, s.seat, ("fakir",) * a.fakirs)
        blue = self.blue_tiles(s, s.final)
        gold = self.builders_gold(s, a.fakirs)
        s.player.gold += gold
        s.notices.append({"type": "build", "seat": s.seat, "gold": gold, "blue": blue})
        s.tribe_done = True
        self._advance(s)

    def _do_kill(self, s: State, a: Kill) -> None:
        seat = s.seat
        if a.fakirs:
            self._spend(s, seat, ("fakir",) * a.fakirs)
        spoils = self.has_effect(s, seat, "assassin_spoils")
        for colour in a.colours:
            c = TRIBE_INDEX[colour]
            if a.tile >= 0:
                s.meeples[a.tile] = _plus(s.meeples[a.tile], c, -1)
            else:
                victim = s.players[a.seat]
                if c == VIZIER:
                    victim.viziers -= 1
                else:
                    victim.elders -= 1
            self._spoils(s, seat, c, a.tile) if spoils else self._to_bag(s, c)
            self._trigger(s, "kill_gold", seat)
        s.notices.append({"type": "kill", "seat": seat, "tile": a.tile, "victim": a.seat, "colours": list(a.colours)})
        if a.tile >= 0:
            self._claim_if_emptied(s, a.tile)
        s.tribe_done = True
        self._advance(s)

    def _to_bag(self, s: State, c: int) -> None:
        s.bag[c] += 1

    def _spoils(self, s: State, seat: int, c: int, tile: int) -> None:
        """Kandicha: a killed Merchant draws a card, a Builder pays its gold, a Vizier or Elder is kept."""
        p = s.players[seat]
        if c == MERCHANT:
            s.bag[c] += 1
            card = self._draw_resource(s)
            if card is not None:
                self._gain_card(p, card)
                s.notices.append({"type": "card", "seat": seat, "card": card})
        elif c == BUILDER:
            s.bag[c] += 1
            gold = self.blue_tiles(s, tile) if tile >= 0 else 0
            p.gold += gold
            s.notices.append({"type": "gold", "seat": seat, "gold": gold, "djinn": self.djinn_with("assassin_spoils")})
        elif c == VIZIER:
            p.viziers += 1
            self._trigger(s, "vizier_gold", seat)
        elif c == ELDER:
            p.elders += 1
        else:
            s.bag[c] += 1

    # ------------------------------------------------------------------ tile actions (§4.6)
    def _tile_step(self, s: State) -> None:
        kind = self.tile_at(s, s.final)
        p = s.player
        action = kind.action
        if action == "palm" and s.palms_left <= 0 or action == "palace" and s.palaces_left <= 0:
            s.notices.append({"type": "supply_empty", "seat": s.seat, "thing": action})
            action = "none"
        if action == "market":
            spec = self.cfg["markets"][kind.type]
            slots = tuple(i for i, card in enumerate(s.row) if card is not None)[: spec["window"]]
            if not slots or p.gold < spec["price"]:
                s.notices.append({"type": "market_closed", "seat": s.seat})
                action = "none"
            else:
                s.window, s.to_take = slots, spec["cards"]
        elif action == "djinn" and (not any(d is not None for d in s.djinn_row) or not self._sacred_payments(s)):
            s.notices.append({"type": "no_djinn", "seat": s.seat})
            action = "none"
        elif action == "whim":
            self._take_whim(s, s.final)
            action = "none"
        if action == "none":
            s.tile_done = True
        else:
            s.phase = "tile"

    def _take_whim(self, s: State, tile: int) -> None:
        """Whims of the Sultan: the card on the city goes to the mover; paid at once if already met."""
        whim = s.whim_on[tile]
        if whim is None:
            s.notices.append({"type": "no_whim", "seat": s.seat, "tile": tile})
            return
        s.whim_on[tile] = None
        p = s.player
        p.whims.append(whim)
        s.notices.append({"type": "whim_taken", "seat": s.seat, "whim": whim})
        self._trigger(s, "whim_gold", s.seat)
        self._pay_whims(s, s.seat)

    def _do_place_palm(self, s: State, a: PlacePalm) -> None:
        if a.tile != s.final:
            self._spend(s, s.seat, tuple(a.pay))
            s.player.used.append(self.djinn_with("shift_palm"))
        self._put_palm(s, a.tile)
        s.tile_done = True
        self._advance(s)

    def _do_place_palace(self, s: State, a: PlacePalace) -> None:
        if a.tile != s.final:
            self._spend(s, s.seat, tuple(a.pay))
            s.player.used.append(self.djinn_with("shift_palace"))
        self._put_palace(s, s.seat, a.tile)
        s.tile_done = True
        self._advance(s)

    def _put_palm(self, s: State, tile: int) -> None:
        s.palms[tile] += 1
        s.palms_left -= 1
        s.notices.append({"type": "palm", "seat": s.seat, "tile": tile})

    def _put_palace(self, s: State, seat: int, tile: int) -> None:
        s.palaces[tile] += 1
        s.palaces_left -= 1
        s.notices.append({"type": "palace", "seat": seat, "tile": tile})
        self._trigger(s, "palace_gold", seat)

    def _do_buy_card(self, s: State, a: BuyCard) -> None:
        p = s.player
        if s.phase == "tile":
            price = self.cfg["markets"][self.tile_at(s, s.final).type]["price"]
            p.gold -= price
            s.notices.append({"type": "market_paid", "seat": s.seat, "gold": price})
        card = s.row[a.slot]
        s.row[a.slot] = None
        self._gain_card(p, card)
        s.to_take -= 1
        s.window = tuple(slot for slot in s.window if slot != a.slot)
        s.notices.append({"type": "card", "seat": s.seat, "card": card})
        if s.to_take > 0 and any(s.row[slot] is not None for slot in s.window):
            s.phase = "market"
            return
        s.window, s.to_take = (), 0
        s.tile_done = True
        self._advance(s)

    def _do_take_djinn(self, s: State, a: TakeDjinn) -> None:
        self._spend(s, s.seat, tuple(a.pay))
        s.djinn_row[s.djinn_row.index(a.djinn)] = None
        self._gain_djinn(s, s.seat, a.djinn)
        s.tile_done = True
        self._advance(s)

    def _gain_djinn(self, s: State, seat: int, djinn: str) -> None:
        s.players[seat].djinns.append(djinn)
        s.notices.append({"type": "djinn_taken", "seat": seat, "djinn": djinn})
        self._trigger(s, "djinn_gold", seat)

    def _do_decline(self, s: State, a: Decline) -> None:
        if s.phase == "tribe":
            s.tribe_done = True
        else:
            s.window, s.to_take = (), 0
            s.tile_done = True
        self._advance(s)

    def _do_keep_djinn(self, s: State, a: KeepDjinn) -> None:
        drawn = list(s.drawn)
        drawn.remove(a.djinn)
        self._gain_djinn(s, s.seat, a.djinn)
        s.djinn_discard += drawn
        s.drawn = []
        s.phase, s.resume = s.resume, ""

    def _do_sell(self, s: State, a: Sell) -> None:
        self._whims(s)  # a Whim card sees the goods before they go
        p = s.player
        for g in a.goods:
            p.goods[g] -= 1
            s.discard.append(g)
        gold = self.cfg["set_values"][len(a.goods)]
        p.gold += gold
        s.notices.append({"type": "sell", "seat": s.seat, "goods": list(a.goods), "gold": gold})

    def _do_end_turn(self, s: State, a: EndTurn) -> None:
        if self._per_turn(s):
            s.player.used.clear()
        s.turn += 1
        if s.turn >= len(s.order):
            self._end_round(s)
        else:
            self._begin_turn(s)

    # ------------------------------------------------------------------ decks
    def _draw_resource(self, s: State) -> str | None:
        """Top card of the resource pile, reshuffling the discards when it is empty (A16)."""
        if not s.deck:
            self._reshuffle(s, s.discard, s.deck)
        if not s.deck:
            return None
        s.chance += 1  # a face-down card is revealed
        return s.deck.pop()

    def _draw_djinn(self, s: State) -> str | None:
        if not s.djinn_deck:
            self._reshuffle(s, s.djinn_discard, s.djinn_deck)
        if not s.djinn_deck:
            return None
        s.chance += 1
        return s.djinn_deck.pop()

    def _reshuffle(self, s: State, discard: list[str], deck: list[str]) -> None:
        if discard:
            deck.extend(discard)
            discard.clear()
            self._rng(s).shuffle(deck)

    def _end_round(self, s: State) -> None:
        """§4.9 clean-up (rows slide and refill, cities get Whim cards), or the end of the game (§5)."""
        if s.ending or s.stalled:
            s.phase = "over"
            s.notices.append({"type": "game_over"})
            return
        s.row = [c for c in s.row if c is not None]
        while len(s.row) < self.cfg["face_up_resources"]:
            card = self._draw_resource(s)
            if card is None:
                break
            s.row.append(card)
        s.djinn_row = [d for d in s.djinn_row if d is not None]
        while len(s.djinn_row) < self.cfg["face_up_djinns"]:
            d = self._draw_djinn(s)
            if d is None:
                break
            s.djinn_row.append(d)
        for t in range(s.layout.cells):
            if self.tile_at(s, t).action == "whim" and s.whim_on[t] is None and s.whim_deck:
                s.chance += 1
                s.whim_on[t] = s.whim_deck.pop()
        for p in s.players:
            p.used.clear()
        s.round += 1
        s.order, s.turn = [], 0
        s.phase = "bid"
        s.marker = next(m for m in s.bid_track if m is not None)

    # ------------------------------------------------------------------ Whim cards (§8.3)
    def tile_attributes(self, s: State) -> list[dict[str, Any]]:
        """The fixed attributes of every tile that Whim conditions test (five-tribes-whims.md §2.4)."""
        hit = self._attrs.get(s.layout)
        if hit is None:
            lay = s.layout
            h, w = lay.height, lay.width
            hit = []
            for t in range(lay.cells):
                k = self.tile_at(s, t)
                r, c = divmod(t, w)
                hit.append({
                    "type": k.type, "kind": k.kind, "colour": k.colour, "vp": k.vp, "row": r, "col": c,
                    "ring": min(r, c, h - 1 - r, w - 1 - c),
                    "quadrant": ("N" if r < h // 2 else "S") + ("W" if c < w // 2 else "E"),
                    "near_lake": near_lake(s, t),
                })
            if len(self._attrs) >= 64:
                self._attrs.clear()  # one entry per board layout; games come and go
            self._attrs[s.layout] = hit
        return hit

    def holdings(self, s: State, seat: int) -> Holdings:
        """What Whim conditions see of one seat."""
        attrs = self.tile_attributes(s)
        p = s.players[seat]
        tiles = [dict(attrs[t], palms=s.palms[t], palaces=s.palaces[t]) for t in range(s.layout.cells) if s.owner[t] == seat]
        djinns = [{"name": self.cat.djinns[d].name, "vp": self.cat.djinns[d].vp, "costed": self.cat.djinns[d].costed}
                  for d in p.djinns]
        return Holdings(tiles, p.viziers, p.elders, p.fakirs, djinns, dict(p.goods))

    def _whims_known(self, s: State) -> dict[tuple, dict[str, bool]]:
        """What is known of Whim conditions on this board: seat key -> {whim: holds}.

        holdings(s, seat) is made from the board (layout, owners, palms, palaces: this dict's key)
        and the seat's own people, Djinns and goods (the seat key, made in _pay_whims).
        """
        last = self._whim_last  # most actions change none of these: compared before a key is made
        if (last is not None and last[1] == s.owner and last[2] == s.palms and last[3] == s.palaces
                and (last[0] is s.layout or last[0] == s.layout)):
            return last[4]
        board = (s.layout, tuple(s.owner), tuple(s.palms), tuple(s.palaces))
        known = self._whim_memo.get(board)
        if known is None:
            if len(self._whim_memo) >= 20_000:
                self._whim_memo.clear()  # games come and go
            known = self._whim_memo[board] = {}
        self._whim_last = (s.layout, list(s.owner), list(s.palms), list(s.palaces), known)
        return known

    def whim_met(self, s: State, seat: int, whim: str) -> bool:
        return holds(self.holdings(s, seat), self.cat.whims[whim].condition)

    def _whims(self, s: State) -> None:
        """A11: after every change, pay each Whim card in hand whose condition now holds."""
        if s.phase == "over":
            return
        if s.options.get("whim_payout") == "own_turn":
            if s.phase != "bid":
                self._pay_whims(s, s.seat)
            return
        board: dict[tuple, dict[str, bool]] | None = None
        settled = self._whim_settled
        for seat, p in enumerate(s.players):
            if p.whims:
                if board is None:  # paying a card changes no holdings: one look-up serves every seat
                    board = self._whims_known(s)
                last = settled.get(seat)  # _pay_whims' first look, spelt out here: most calls end with it
                if (last is not None and last[0] is board and last[1] == p.whims and last[2] == p.viziers
                        and last[3] == p.elders and last[4] == p.fakirs and last[5] == p.djinns
                        and last[6] == p.goods):
                    continue
                self._pay_whims(s, seat, board)

    def _pay_whims(self, s: State, seat: int, board: dict[tuple, dict[str, bool]] | None = None) -> None:
        p = s.players[seat]
        if not p.whims:
            return
        if s.options.get("whim_payout") == "own_turn" and (s.phase == "bid" or seat != s.seat):
            return
        if board is None:
            board = self._whims_known(s)
        settled = self._whim_settled.get(seat)
        if (settled is not None and settled[0] is board and settled[1] == p.whims and settled[2] == p.viziers
                and settled[3] == p.elders and settled[4] == p.fakirs and settled[5] == p.djinns
                and settled[6] == p.goods):
            return  # the same cards and holdings as when none of the cards was met
        h = None
        for whim in list(p.whims):
            card = self.cat.whims[whim]
            # the answer is kept under what the card's condition reads of the holdings, and no more
            needs = self._whim_needs.get(whim)
            if needs is None:
                needs = self._whim_needs[whim] = _condition_reads(card.condition)
            key: tuple = (whim,)
            plain = True  # reads no tile: kept apart from the board
            for part in needs:
                read = _HOLDING_PARTS.get(part)
                if read is None:  # the seat's tiles: kept with the board's answers
                    key += ((seat, part),)
                    plain = False
                else:
                    key += (read(p),)
            known = self._whim_plain if plain else board
            met = known.get(key)
            if met is None:
                if h is None:
                    h = self.holdings(s, seat)  # paying a card changes gold and cards in hand, never holdings
                met = holds(h, card.condition)
                if known is self._whim_plain and len(known) >= 50_000:
                    known.clear()
                known[key] = met
            if met:
                p.whims.remove(whim)
                p.whims_done.append(whim)
                p.gold += card.reward_gold
                s.notices.append({"type": "whim_paid", "seat": seat, "whim": whim, "gold": card.reward_gold})
        # every card still in hand is unmet with these holdings (paying changes none of them): the next call
        # with the same cards and holdings pays nothing
        self._whim_settled[seat] = (board, list(p.whims), p.viziers, p.elders, p.fakirs, list(p.djinns), dict(p.goods))

    # ------------------------------------------------------------------ score sheet
    def score_sheet(self, s: State) -> ScoreSheet:
        results = self.scorer.score(s)
        rows = []
        for key, label in CATEGORIES:
            values = [r["points"][key] for r in results]
            rows.append(ScoreRow(label, values, self.scorer.row_notes()[key]))
        totals = [sum(r["points"].values()) for r in results]
        ranking = sorted(range(len(s.seats)), key=lambda x: (-totals[x], x))
        details: list[str] = []
        for seat, r in enumerate(results):
            name = s.seats[seat].name
            for key, label in CATEGORIES:
                details.append(Words("{name}, {label}: {points} ({why}).", name=name, label=Words(label),
                                     points=r["points"][key], why=r["why"][key]))
            p = s.players[seat]
            if p.whims_done or p.whims:
                done = join([Words(self.cat.whims[w].title["en"]) for w in p.whims_done], ", ") if p.whims_done \
                    else Words("none")
                details.append(Words("{name}, Whim cards fulfilled (gold already counted): {done}.", name=name,
                                     done=done))
        return ScoreSheet(
            seats=[seat.name for seat in s.seats], rows=rows, totals=totals, ranking=ranking,
            tie_break=N_("There is no tie-breaker: players with the same total share the win."),
            details=details, final=s.phase == "over",
        )

    def winners(self, s: State) -> list[int]:
        sheet = self.score_sheet(s)
        best = max(sheet.totals)
        return [x for x in sheet.ranking if sheet.totals[x] == best]

    # ------------------------------------------------------------------ view and words
    def view(self, s: State, seat: int) -> State:
        """What `seat` may see: no face-down card. Whim cards in hand lay face up on their cities when taken, so
        every seat knows them (unless the option hides them, as at the table). With the option "Gold: hidden" the
        others' gold is face down (`gold_hidden`: the table shows "?"), yet carried: every coin paid or taken is
        said in the log as it happens (bids, sales, Builders, markets, Djinns, Whim cards), so a seat that counts
        knows each total exactly, and the computer seats count."""
        v = s.copy()
        v.notices = list(s.notices)
        v.seed = 0
        v.hidden = True
        v.deck = [HIDDEN] * len(s.deck)
        v.djinn_deck = [HIDDEN] * len(s.djinn_deck)
        v.whim_deck = [HIDDEN] * len(s.whim_deck)
        if s.phase == "over":
            return v
        for other, p in enumerate(v.players):
            if other == seat:
                continue
            if s.options.get("whim_hands") == "hidden":
                p.whims = [HIDDEN] * len(p.whims)
            if s.options.get("hidden_gold"):
                p.gold_hidden = True
        v.notices = [n for n in v.notices if not (n.get("type") == "whim_taken" and n.get("seat") != seat
                                                  and s.options.get("whim_hands") == "hidden")]
        return v

    def describe(self, s: State, a: Action) -> str:
        """The action in words, as the game log shows it."""
        return describe_action(self, s, a)

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, s: State) -> list[str]:
        """Problems with a state that the rules must never allow; empty when all is well."""
        return invariant_problems(self, s)


# What a tile action played where the move did not end on its tile is told.
_TILE_ACTION_WORDS: dict[type, str] = {
    PlacePalm: N_("A palm tree is placed when your move ends on an Oasis."),
    PlacePalace: N_("A palace is placed when your move ends on a Village."),
    BuyCard: N_("Resource cards are bought at a market where your move ends."),
    TakeDjinn: N_("Djinns are taken at a Sacred Place where your move ends."),
}

def _plus(counts: tuple[int, ...], c: int, k: int) -> tuple[int, ...]:
    out = list(counts)
    out[c] += k
    return tuple(out)


# The parts of a seat's holdings a Whim condition may read besides its tiles, each as a hashable value
# (rules_whims.Holdings: viziers, elders, fakirs, djinns and merchandise are read from these alone).
_HOLDING_PARTS = {
    "viziers": lambda p: p.viziers,
    "elders": lambda p: p.elders,
    "fakirs": lambda p: p.fakirs,
    "djinns": lambda p: tuple(p.djinns),
    "merchandise": lambda p: tuple(p.goods.items()),
}


def _condition_reads(cond: dict[str, Any]) -> tuple[str, ...]:
    """What rules_whims.holds reads of the holdings for this condition, following its own order of tests:
    'tiles' for the seat's tiles (owned tiles, palms, palaces, patterns), else the collection's name."""
    if "all" in cond or "any" in cond:
        parts: set[str] = set()
        for c in cond["all"] if "all" in cond else cond["any"]:
            parts.update(_condition_reads(c))
        return tuple(sorted(parts))
    if "count" in cond:
        collection = cond["count"]
        return ("tiles",) if collection in ("owned_tiles", "palms", "palaces") else (str(collection),)
    return ("tiles",)


def _combos(held: tuple[int, ...], n: int) -> list[tuple[str, ...]]:
    """The sets of colours to kill from `held`: single meeples, or pairs with Iblis (as many as there are)."""
    if n == 1 or sum(held) < 2:
        return [(TRIBES[c],) for c in range(5) if held[c]]
    out = []
    for a in range(5):
        for b in range(a, 5):
            if held[a] and held[b] and (a != b or held[a] >= 2):
                out.append((TRIBES[a], TRIBES[b]))
    return out


def _combo_reason(colours: tuple, held: tuple[int, ...], n: int, where: Words, tribes: tuple) -> str | None:
    want = min(n, sum(held))
    if len(colours) != want:
        if want == 2:
            return N_("Iblis is working: your Assassins kill 2 meeples from the same target.")
        return N_("Your Assassins kill one meeple.")
    need = [0] * 5
    for c in colours:
        need[TRIBE_INDEX[c]] += 1
    for c in range(5):
        if need[c] > held[c]:
            if not held[c]:
                return Words("There is no {tribe} {where}.", tribe=Words(tribes[c].name), where=where)
            return Words("There are not enough {tribes} {where}.", tribes=Words(tribes[c].plural), where=where)
    return None
