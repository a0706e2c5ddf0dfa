"""Somerset: building country tiles and buildings, buying spells, the building period between rounds and the
end of the game (§5.1, §11, §13.3, §14). Pure Python; mixed into the rules class."""
from __future__ import annotations

from engine.core.rules import Action
from engine.core.words import Words
from games.somerset.catalogue import BASIC
from games.somerset.rules_effects import EffectsLogic
from games.somerset.rules_map import MapLogic
from games.somerset.rules_state import DONE, BuildBuilding, BuildTile, BuySpell, State, Task, Worker


class PeriodLogic(MapLogic, EffectsLogic):
    """Building and the building period for the rules class (it gives `cat`, `cfg` and the helpers)."""

    def tile_discount(self, s: State, seat: int) -> int:
        return self.ability(s, seat, "tile_discount")

    def claims_left(self, s: State, seat: int) -> int:
        owned = sum(1 for c in s.board.cells.values() if c.owner == seat)
        return self.cfg["claim_markers"] - 1 - owned

    def tile_builds(self, s: State, seat: int, discount: int, first_only: bool = False) -> list[BuildTile]:
        """Every BuildTile the seat may play with this extra discount (first_only: stop at the first)."""
        if self.claims_left(s, seat) <= 0:
            return []
        off = discount + self.tile_discount(s, seat)
        out: list[BuildTile] = []
        cache = s.board.derived.setdefault("builds", {})
        for t in s.supply:
            if not self.affordable(s, seat, self.cat.tiles[t].cost, off):
                continue
            acts = cache.get(t)
            if acts is None:
                acts = cache[t] = [BuildTile(t, c[0], c[1], r) for c, r in self.placements(s.board, t)]
            if first_only and acts:
                return acts[:1]
            out += acts
        return out

    def building_builds(self, s: State, seat: int, discount: int) -> list[int]:
        p = s.players[seat]
        return sorted({b for b in p.building_hand if self.affordable(s, seat, self.cat.buildings[b].cost, discount)})

    def spell_price(self, s: State, seat: int, spell: int) -> int:
        return max(0, self.cat.spells[spell].buy - self.ability(s, seat, "spell_discount"))

    def buyable(self, s: State, seat: int) -> list[int]:
        p = s.players[seat]
        coins = s.options["spell_buy_currency"] == "coins"
        have = p.coins if coins else sum(p.res[r] for r in BASIC)
        return sorted({sp for sp in p.spell_hand if self.spell_price(s, seat, sp) <= have})

    def build_discount(self, s: State) -> int:
        """The extra discount of the building step waiting now (none in the building period)."""
        if s.phase in ("build_tile", "build_building") and s.task is not None:
            return s.task.value["discount"]
        return 0

    def _legal_build(self, s: State) -> list[Action]:
        seat = s.current
        out: list[Action] = []
        if not s.built:
            out += self.tile_builds(s, seat, 0)
            out += [BuildBuilding(b) for b in self.building_builds(s, seat, 0)]
        out += [BuySpell(sp) for sp in self.buyable(s, seat)]
        out.append(DONE)
        return out

    def _legal_build_tile(self, s: State) -> list[Action]:
        return list(self.tile_builds(s, s.current, self.build_discount(s))) + [DONE]

    def _legal_build_building(self, s: State) -> list[Action]:
        acts: list[Action] = [BuildBuilding(b) for b in self.building_builds(s, s.current, self.build_discount(s))]
        return acts + [DONE]

    def _why_build_tile(self, s: State, a: BuildTile) -> str | None:
        seat = s.current
        if s.phase == "build" and s.built:
            return Words("You have already built this building period.")
        if a.tile not in s.supply:
            return Words("That country tile is not in the supply.")
        if self.claims_left(s, seat) <= 0:
            return Words("You have no claim marker left.")
        tile = self.cat.tiles[a.tile]
        if not self.affordable(s, seat, tile.cost, self.build_discount(s) + self.tile_discount(s, seat)):
            return Words("You cannot pay for {tile}.", tile=Words(tile.name))
        return self.why_not_spot(s.board, a.tile, (a.q, a.r), a.rotation)

    def _why_build_building(self, s: State, a: BuildBuilding) -> str | None:
        seat = s.current
        if s.phase == "build" and s.built:
            return Words("You have already built this building period.")
        if a.card not in s.players[seat].building_hand:
            return Words("That building is not in your hand.")
        if a.card not in self.building_builds(s, seat, self.build_discount(s)):
            return Words("You cannot pay for {b}.", b=Words(self.cat.buildings[a.card].name))
        return None

    def _why_buy_spell(self, s: State, a: BuySpell) -> str | None:
        if a.spell not in s.players[s.current].spell_hand:
            return Words("That spell is not in your hand.")
        if a.spell not in self.buyable(s, s.current):
            return Words("You cannot pay for that spell.")
        return None

    def _do_build_tile(self, s: State, a: BuildTile) -> None:
        seat = s.current
        tile = self.cat.tiles[a.tile]
        off = self.build_discount(s) + self.tile_discount(s, seat)
        s.board = self.with_tile(s.board, a.tile, (a.q, a.r), a.rotation, seat)
        s.supply = tuple(t for t in s.supply if t != a.tile)
        s.memo.clear()
        s.notices.append({"type": "tile_built", "seat": seat, "tile": a.tile, "cell": (a.q, a.r),
                          "rotation": a.rotation})
        self._check_end(s, seat)
        self._after_build(s)
        self.pay_discounted(s, seat, tile.cost, off)
        if s.task is None:
            self.run(s)

    def _after_build(self, s: State) -> None:
        if s.phase == "build":
            s.built = True
            s.resume = "build"
        s.task = None

    def _do_build_building(self, s: State, a: BuildBuilding) -> None:
        seat = s.current
        p = s.players[seat]
        card = self.cat.buildings[a.card]
        off = self.build_discount(s)
        hand = list(p.building_hand)
        hand.remove(a.card)
        p.building_hand = tuple(hand)
        p.buildings = p.buildings + (a.card,)
        counted = len(p.buildings) - (0 if self.cfg["residence_counts_as_building"] else p.buildings.count(0))
        bonus = self.cfg["building_bonus"]
        coins = bonus["first"] + bonus["step"] * (counted - 1) if a.card or self.cfg["residence_counts_as_building"] else 0
        p.coins += coins
        s.memo.clear()
        s.notices.append({"type": "building_built", "seat": seat, "card": a.card, "coins": coins})
        self._check_end(s, seat)
        self._after_build(s)
        s.queue = tuple(Task(st.kind, st.value, self._times(st)) for st in card.now) + s.queue
        self.pay_discounted(s, seat, card.cost, off)
        if s.task is None:
            self.run(s)

    def _do_buy_spell(self, s: State, a: BuySpell) -> None:
        seat = s.current
        p = s.players[seat]
        price = self.spell_price(s, seat, a.spell)
        hand = list(p.spell_hand)
        hand.remove(a.spell)
        p.spell_hand = tuple(hand)
        p.book = p.book + (a.spell,)
        s.notices.append({"type": "spell_bought", "seat": seat, "spell": a.spell})
        if s.options["spell_buy_currency"] == "coins" or price == 0:
            p.coins -= price
            return
        s.resume = "build"
        self.wait(s, Task("pay", None, price))

    def _end_round(self, s: State) -> None:
        if (s.end_round and s.round >= s.end_round) or s.round >= self.cfg["round_cap"]:
            if not s.end_reason:
                s.end_reason = Words("the round cap of {n} rounds was reached", n=self.cfg["round_cap"])
            s.phase = "over"
            s.current = -1
            s.notices.append({"type": "game_over", "reason": s.end_reason})
            return
        n = len(s.seats)
        for seat, p in enumerate(s.players):
            income = self.ability(s, seat, "income")
            if income:
                total: dict[str, int] = {}
                for b in p.buildings:
                    for r, k in self.cat.buildings[b].ability.get("income", {}).items():
                        total[r] = total.get(r, 0) + k
                self.gain(s, seat, total)
                s.notices.append({"type": "income", "seat": seat, "gain": total})
        s.received = frozenset()
        order = tuple((s.start_player + k) % n for k in range(n))
        s.current, s.period = order[0], order[1:]
        s.built = False
        s.turn += 1
        s.phase = "build"
        s.resume = "build"
        s.notices.append({"type": "building_period", "round": s.round})

    def _next_builder(self, s: State) -> None:
        if s.period:
            s.current, s.period = s.period[0], s.period[1:]
            s.built = False
            s.turn += 1
            return
        n = len(s.seats)
        s.workers = tuple(Worker(w.owner, w.kind, w.pos, True) for w in s.workers)
        s.used, s.taken = frozenset(), ()
        for p in s.players:
            p.spent = frozenset()
            p.round_used = frozenset()
        s.start_player = (s.start_player + 1) % n
        s.round += 1
        s.built = False
        s.memo.clear()
        s.notices.append({"type": "round", "round": s.round, "start_player": s.start_player})
        s.current = (s.start_player - 1) % n
        self._next_turn(s)

    def _check_end(self, s: State, seat: int) -> None:
        if s.end_round:
            return
        p = s.players[seat]
        triggers = self.cfg["end_triggers"]
        owned = sum(1 for c in s.board.cells.values() if c.owner == seat)
        counted = len(p.buildings) - (0 if self.cfg["residence_counts_as_building"] else p.buildings.count(0))
        reason = None
        if not s.supply:
            reason = Words("every country tile has been built")
        elif owned >= triggers["country_tiles"]:
            reason = Words("{who} built a {n}th country tile", who=s.seats[seat].name, n=triggers["country_tiles"])
        elif counted >= triggers["buildings"]:
            reason = Words("{who} built an {n}th building", who=s.seats[seat].name, n=triggers["buildings"])
        if reason is None:
            return
        in_period = s.phase == "build"
        s.end_round = s.round + 1 if in_period else s.round
        s.end_reason = reason
        s.notices.append({"type": "end_triggered", "reason": reason, "last_round": s.end_round})
