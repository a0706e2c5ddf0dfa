"""Djinn powers (data/five_tribes/rules.md, "Djinn powers"): triggers, costs and the active powers.

Each Djinn names an `effect` in djinns.yaml; the engine knows effects, not card names. Costed
powers are used at most once per round (A6; an option makes it once per turn with 2 players),
only in their owner's own turn, and only when the cost can be paid. Elders paid go back to the
bag, Fakirs to the resource discard pile. Pure Python; mixed into FiveTribesRules.
"""
from __future__ import annotations

from engine.core.words import N_, Words, join
from games.five_tribes.catalogue import PAYMENTS
from games.five_tribes.rules_state import ELDER, NOBODY, State, UseDjinn
from games.five_tribes.rules_words import counted, paid_words

# Active powers and the kind of tile each one targets ("" = no target).
TARGETS = {
    "seed_meeples": "empty", "claim_empty": "empty", "claim_meeples": "meeples_only",
    "place_palace": "village", "place_palm": "oasis",
    "double_builders": "", "double_kill": "", "draw_djinns": "", "draw_resource": "",
}
POWER_PHASES = ("start", "tribe", "tile", "finish")


class DjinnPowers:
    """Who holds which power, paying costs, gold triggers and the UseDjinn action."""

    # ------------------------------------------------------------------ holdings
    def djinn_with(self, effect: str) -> str:
        return self._by_effect[effect]

    def has_effect(self, s: State, seat: int, effect: str) -> bool:
        d = self._by_effect.get(effect)
        return d is not None and d in s.players[seat].djinns

    def can_use_effect(self, s: State, seat: int, effect: str) -> bool:
        """Holds the Djinn and has not used its costed power yet this round (or turn)."""
        d = self._by_effect.get(effect)
        p = s.players[seat]
        return d is not None and d in p.djinns and d not in p.used

    def payments(self, s: State, seat: int, cost: str) -> list[tuple[str, ...]]:
        """The ways `seat` can pay a cost now."""
        p = s.players[seat]
        return [pay for pay in PAYMENTS[cost] if pay.count("elder") <= p.elders and pay.count("fakir") <= p.fakirs]

    def _pay_reason(self, s: State, seat: int, cost: str, pay: tuple) -> str | None:
        if tuple(pay) not in PAYMENTS[cost]:
            ways = join([paid_words(way) for way in PAYMENTS[cost]], " or ")
            return Words("This power costs {ways}.", ways=ways)
        p = s.players[seat]
        if pay.count("elder") > p.elders:
            return counted(p.elders, "You have only 1 Elder.", "You have only {n} Elders.")
        if pay.count("fakir") > p.fakirs:
            return counted(p.fakirs, "You have only 1 Fakir.", "You have only {n} Fakirs.")
        return None

    def used_words(self, s: State, djinn: str) -> Words:
        """Why a costed power is refused a second time (once a round, or a turn under the option)."""
        if self._per_turn(s):
            return Words("You have already used {djinn} this turn.", djinn=djinn)
        return Words("You have already used {djinn} this round.", djinn=djinn)

    def _spend(self, s: State, seat: int, pay: tuple) -> None:
        """Pay Elders (to the bag) and Fakirs (to the discard pile); Whim cards see the peak first."""
        self._whims(s)
        p = s.players[seat]
        for card in pay:
            if card == "elder":
                p.elders -= 1
                s.bag[ELDER] += 1
            else:
                p.fakirs -= 1
                s.discard.append("fakir")

    # ------------------------------------------------------------------ triggers
    def _trigger(self, s: State, effect: str, actor: int, times: int = 1, only: tuple[int, ...] | None = None) -> None:
        """Pay every holder of a gold trigger: the card's own amount to the actor, the other to the rest."""
        d = self._by_effect.get(effect)
        if d is None or times <= 0:
            return
        params = self.cat.djinns[d].params
        for seat, p in enumerate(s.players):
            if d in p.djinns and (only is None or seat in only):
                gain = (params["gold_self"] if seat == actor else params["gold_other"]) * times
                p.gold += gain
                s.notices.append({"type": "gold", "seat": seat, "gold": gain, "djinn": d})

    # ------------------------------------------------------------------ active powers
    def djinn_uses(self, s: State) -> list[UseDjinn]:
        """Every active Djinn power the mover may use now."""
        if s.phase not in POWER_PHASES:
            return []
        seat = s.seat
        out = []
        for d in s.players[seat].djinns:
            djinn = self.cat.djinns[d]
            if djinn.timing != "active" or d in s.players[seat].used or self._power_reason(s, djinn.effect):
                continue
            pays = self.payments(s, seat, djinn.cost)
            kind = TARGETS[djinn.effect]
            tiles = self.power_targets(s, kind) if kind else [-1]
            out += [UseDjinn(d, pay, t) for t in tiles for pay in pays]
        return out

    def power_targets(self, s: State, kind: str) -> list[int]:
        """Tiles a power of this target kind may choose now."""
        lake = s.layout.lake
        if kind == "empty" or kind == "meeples_only":
            # the tests below, cheapest first (each reads the state only)
            meeples, owner, palms, palaces = s.meeples, s.owner, s.palms, s.palaces
            full = kind == "meeples_only"
            return [t for t in range(s.layout.cells)
                    if t != lake and owner[t] == NOBODY and not palms[t] and not palaces[t] and any(meeples[t]) is full]
        if kind == "village" or kind == "oasis":  # the board's own tiles: one answer per layout, kept
            key = (s.layout, kind)
            hit = self._fixed_targets.get(key)
            if hit is None:
                if len(self._fixed_targets) >= 256:
                    self._fixed_targets.clear()
                hit = self._fixed_targets[key] = tuple(self._power_targets(s, kind))
            return list(hit)
        return self._power_targets(s, kind)

    def _power_targets(self, s: State, kind: str) -> list[int]:
        lake = s.layout.lake
        out = []
        for t in range(s.layout.cells):
            if t == lake:
                continue
            if kind == "empty":
                ok = not any(s.meeples[t]) and s.owner[t] == NOBODY and not s.palms[t] and not s.palaces[t]
            elif kind == "meeples_only":
                ok = any(s.meeples[t]) and s.owner[t] == NOBODY and not s.palms[t] and not s.palaces[t]
            elif kind == "village":
                ok = self.tile_at(s, t).action == "palace"
            elif kind == "oasis":
                ok = self.tile_at(s, t).action == "palm"
            else:
                ok = False
            if ok:
                out.append(t)
        return out

    def _power_reason(self, s: State, effect: str) -> str | None:
        """Why this power would do nothing now (so it may not be used), or None."""
        p = s.player
        if effect in ("double_builders", "double_kill"):
            tribe = 2 if effect == "double_builders" else 4
            if effect in s.boosts:
                return N_("That power is already working this turn.")
            if s.phase == "start" and not s.stalled:
                return None
            if s.phase == "tribe" and s.collected[0] == tribe:
                return None
            return Words("Use it before your {tribes} act this turn.", tribes=Words(self.cat.tribes[tribe].plural))
        if effect in ("seed_meeples",) and not sum(s.bag):
            return N_("The bag is empty.")
        if effect in ("claim_empty", "claim_meeples") and p.camels <= 0:
            return N_("You have no camels left.")
        if effect == "place_palace" and s.palaces_left <= 0:
            return N_("No palaces are left in the supply.")
        if effect == "place_palm" and s.palms_left <= 0:
            return N_("No palm trees are left in the supply.")
        if effect == "draw_djinns" and not (s.djinn_deck or s.djinn_discard):
            return N_("No Djinns are left to draw.")
        if effect == "draw_resource" and not (s.deck or s.discard):
            return N_("No resource cards are left to draw.")
        kind = TARGETS.get(effect, "")
        if kind and not self.power_targets(s, kind):
            return {"empty": N_("No tile is empty (no camel, meeple, palm or palace)."),
                    "meeples_only": N_("No tile holds only meeples."),
                    "village": N_("There is no Village."), "oasis": N_("There is no Oasis.")}[kind]
        return None

    @staticmethod
    def _djinn_out_of_phase(s: State) -> str:
        """Why no Djinn power may be used in this phase (powers work in POWER_PHASES)."""
        return {"bid": N_("Djinn powers are used in your own turn, not while bidding (Kumarbi works through your bid)."),
                "move": N_("Finish your move first."), "control": N_("Place your camel first."),
                "market": N_("Take your second card first."), "choose_djinn": N_("Choose the Djinn to keep first.")}.get(
            s.phase, N_("Djinn powers are used in your own turn."))

    def _why_use_djinn(self, s: State, a: UseDjinn) -> str | None:
        seat = s.seat
        p = s.players[seat]
        djinn = self.cat.djinns.get(a.djinn)
        if djinn is None or a.djinn not in p.djinns:
            return N_("You do not have that Djinn.")
        if djinn.timing != "active":
            if djinn.timing == "modifier":
                thing = Words("palace") if djinn.effect == "shift_palace" else Words("palm tree")
                return Words("{djinn} works when you place a {thing}.", djinn=djinn.name, thing=thing)
            if djinn.timing == "bidding":
                return Words("{djinn} works when you bid.", djinn=djinn.name)
            return Words("{djinn}'s power works by itself.", djinn=djinn.name)
        if a.djinn in p.used:
            return self.used_words(s, djinn.name)
        reason = self._pay_reason(s, seat, djinn.cost, tuple(a.pay)) or self._power_reason(s, djinn.effect)
        if reason:
            return reason
        kind = TARGETS[djinn.effect]
        if kind and a.tile not in self.power_targets(s, kind):
            return {"empty": N_("Choose an empty tile: no camel, meeple, palm or palace (never the Great Lake)."),
                    "meeples_only": N_("Choose a tile with only meeples on it: no camel, palm or palace."),
                    "village": N_("Choose a Village."), "oasis": N_("Choose an Oasis.")}[kind]
        if not kind and a.tile != -1:
            return Words("{djinn} has no target tile.", djinn=djinn.name)
        return None

    def _do_use_djinn(self, s: State, a: UseDjinn) -> None:
        seat = s.seat
        p = s.players[seat]
        djinn = self.cat.djinns[a.djinn]
        self._spend(s, seat, tuple(a.pay))
        p.used.append(a.djinn)
        effect = djinn.effect
        s.notices.append({"type": "djinn", "seat": seat, "djinn": a.djinn, "tile": a.tile})
        if effect in ("double_builders", "double_kill"):
            s.boosts.append(effect)
        elif effect == "seed_meeples":
            rng = self._rng(s)
            drawn = [0, 0, 0, 0, 0]
            for _ in range(djinn.params.get("meeples", 3)):
                if not sum(s.bag):
                    break
                drawn[self._draw_meeple(rng, s.bag)] += 1
            s.meeples[a.tile] = tuple(drawn)
        elif effect in ("claim_empty", "claim_meeples"):
            self._place_camel(s, seat, a.tile)
        elif effect == "place_palace":
            self._put_palace(s, seat, a.tile)
        elif effect == "place_palm":
            self._put_palm(s, a.tile)
        elif effect == "draw_resource":
            card = self._draw_resource(s)
            if card is not None:
                self._gain_card(p, card)
                s.notices.append({"type": "card", "seat": seat, "card": card})
        elif effect == "draw_djinns":
            for _ in range(djinn.params.get("draw", 3)):
                d = self._draw_djinn(s)
                if d is None:
                    break
                s.drawn.append(d)
            s.resume = s.phase
            s.phase = "choose_djinn"
        if s.phase == "start" and not self.start_tiles(s):
            s.stalled = True  # no power empties the board today, but a turn must never stick
            s.phase = "finish"

    def _per_turn(self, s: State) -> bool:
        return len(s.seats) == 2 and s.options.get("djinn_limit") == "per_turn"
