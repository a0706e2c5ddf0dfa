"""The buttons of the Five Tribes table (a mixin of FiveTribesScene): the main button and the choices.

Where a drag makes no sense the rules' options become buttons: the colour chips of the move,
Builders with Fakirs, Iblis' pairs, the Djinns of a Sacred Place or of Sibittis, goods to sell,
Djinn powers and the way to pay for them. Each button holds the action it plays; the Match
judges it. When there are more choices than the action area holds (Builders with many Fakirs
beside many Djinns), they are shown a page at a time behind a "More (1/2)" button.
"""
from __future__ import annotations


import pygame

from engine.ui.choices import Choice, MainAction
from engine.ui.i18n import t
from games.five_tribes.rules_djinns import TARGETS
from games.five_tribes.rules_state import (
    ASSASSIN,
    BUILDER,
    TRIBES,
    Bid,
    Build,
    Decline,
    EndTurn,
    KeepDjinn,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    Sell,
    TakeDjinn,
    UseDjinn,
)


class FiveTribesChoices:
    """The main button and the choice buttons of the action area."""

    # ------------------------------------------------------------------ the main button
    def main_action(self) -> MainAction | None:
        """What the main button does now, or None when it has nothing to do."""
        m = self.m
        phase = m.phase
        if phase == "over":
            return MainAction(t("Final scores"), self.push_final_sheet, t("Show the final score sheet"))
        if phase == "bid":
            bid = self._cheapest_bid()
            if bid is None:
                return None
            cost = m.levels[self.rules.spot_level(m, bid.spot)[0]][0]
            return MainAction(t("Bid {n} gold", n=cost), bid, t("Put your marker on the cheapest free spot"))
        if phase == "control" and m.claims:
            return MainAction(t("Place the camel"), PlaceCamel(m.claims[0]), t("Put one of your camels on the tile you emptied"))
        if phase == "tribe" and m.collected[0] == BUILDER:
            gold = self._build_gold(0)
            return MainAction(t("Build: {g} gold", g=gold), Build(0), t("Your Builders earn their gold without Fakirs"))
        if phase == "tile":
            action = self.rules.tile_at(m, m.final).action
            if action == "palm":
                return MainAction(t("Plant the palm"), PlacePalm(m.final), t("Put the palm tree on this Oasis"))
            if action == "palace":
                return MainAction(t("Build the palace"), PlacePalace(m.final), t("Put the palace on this Village"))
            if action == "market":
                return MainAction(t("Buy nothing"), Decline(), t("Leave the market without buying"))
            if action == "djinn":
                return MainAction(t("Take no Djinn"), Decline(), t("Leave the Sacred Place without a Djinn"))
        if phase == "finish":
            return MainAction(t("End turn"), EndTurn(), t("Pass the turn to the next player"))
        return None

    def idle_label(self) -> str:
        return {"bid": t("Bid"), "start": t("Pick up meeples"), "move": t("Move on"), "tribe": t("Kill"),
                "market": t("Second card"), "choose_djinn": t("Keep a Djinn")}.get(self.m.phase, t("Go on"))

    def _cheapest_bid(self) -> Bid | None:
        bids = [a for a in self.legal_now() if isinstance(a, Bid) and a.fakirs == self.kumarbi]
        if not bids:
            return None
        return max(bids, key=lambda b: b.spot)

    def _build_gold(self, fakirs: int) -> int:
        return self.rules.builders_gold(self.m, fakirs)

    # ------------------------------------------------------------------ choice buttons
    def pay_for(self, payments: list[tuple[str, ...]]) -> tuple[str, ...] | None:
        """The payment to use among `payments`, by the player's preference (Fakirs or Elders first)."""
        if not payments:
            return None
        other = "elder" if self.pay_pref == "fakir" else "fakir"
        return max(payments, key=lambda pay: (list(pay).count(self.pay_pref), -list(pay).count(other)))

    def _djinn_uses(self) -> dict[str, list[UseDjinn]]:
        out: dict[str, list[UseDjinn]] = {}
        for a in self.legal_now():
            if isinstance(a, UseDjinn):
                out.setdefault(a.djinn, []).append(a)
        return out

    def _two_ways_to_pay(self) -> bool:
        """Whether something the mover could pay for now may be paid in two ways (Fakirs or Elders)."""
        ways: dict[tuple, set[tuple]] = {}
        for a in self.legal_now():
            if isinstance(a, (UseDjinn, TakeDjinn)) or (isinstance(a, (PlacePalm, PlacePalace)) and a.pay):
                ways.setdefault((a.kind, getattr(a, "djinn", ""), getattr(a, "tile", -1)), set()).add(tuple(a.pay))
        return any(len(pays) > 1 for pays in ways.values())

    def choices(self) -> list[Choice]:
        """The choices the rules offer now that are buttons (the table pages them when they do not fit)."""
        if not self._my_turn():
            return []
        m = self.m
        phase = m.phase
        out: list[Choice] = []
        if self._two_ways_to_pay():  # first: it decides what the other buttons pay, and never goes to a later page
            out.append(Choice(t("Pay: Fakirs first") if self.pay_pref == "fakir" else t("Pay: Elders first"), None,
                        self._toggle_pay, t("Which cards pay for Djinns and Sacred Places when either would do")))
        if phase == "bid" and self.rules.can_use_effect(m, m.seat, "cheaper_bid") and m.player.fakirs:
            out.append(Choice(t("Kumarbi: {n} Fakirs", n=self.kumarbi), None, self._kumarbi_step,
                        t("Each Fakir discarded with the bid lowers its price by one step (click: one more)")))
        if phase == "move":
            for c in range(5):
                if m.hand[c]:
                    tribe = TRIBES[c]
                    out.append(Choice(f"x{m.hand[c]}", self._meeple_icon(tribe), self._colour_setter(tribe),
                                      t("Drop a {tribe} next (the wheel cycles the colours)", tribe=self.tribe_name(tribe)),
                                      chosen=tribe == self.colour))  # the chip of the colour in use stands out
        if phase == "tribe" and m.collected[0] == BUILDER:
            for f in range(1, m.player.fakirs + 1):
                out.append(Choice(t("+{f} Fakir: {g} gold", f=f, g=self._build_gold(f)), None, Build(f),
                            self.counted(f, "Discard 1 Fakir: it raises the Builders' multiplier by one",
                                         "Discard {n} Fakirs: each raises the Builders' multiplier by one")))
        if phase == "tribe" and m.collected[0] == ASSASSIN:
            for k in self.kill_choice:
                what = t(" and ").join(self.tribe_name(c) for c in k.colours)
                out.append(Choice(t("Kill {what}", what=what), None, k, t("Iblis: both meeples from the same target")))
        if phase == "tile" and self.rules.tile_at(m, m.final).action == "djinn":
            for d in dict.fromkeys(a.djinn for a in self.legal_now() if isinstance(a, TakeDjinn)):
                pay = self.pay_for([a.pay for a in self.legal_now() if isinstance(a, TakeDjinn) and a.djinn == d])
                out.append(Choice(t("Take {djinn}", djinn=self.djinn_name(d)), None, TakeDjinn(d, pay),
                            t("Pay {pay}: {power}", pay=self.pay_words(pay), power=t(self.cat.djinns[d].power))))
        if phase == "choose_djinn":
            for d in dict.fromkeys(m.drawn):
                out.append(Choice(t("Keep {djinn}", djinn=self.djinn_name(d)), None, KeepDjinn(d), t(self.cat.djinns[d].power)))
        if phase == "finish":
            for good in self.cat.goods:
                if m.player.goods.get(good, 0) > 0:
                    mark = "+" if good in self.selling else ""
                    out.append(Choice(mark, self._card_icon(good), self._sell_toggle(good),
                                      t("Choose {good} for the set to sell (click again to leave it out)",
                                        good=self.card_name(good)), chosen=good in self.selling))
            if self.selling:
                gold = self.cfg["set_values"][len(self.selling)]
                goods = tuple(g for g in self.cat.goods if g in self.selling)
                out.append(Choice(t("Sell {n}: {g} gold", n=len(goods), g=gold), None, Sell(goods),
                            t("Sell this set of different goods")))
        for djinn, uses in self._djinn_uses().items():
            pay = self.pay_for(list(dict.fromkeys(tuple(u.pay) for u in uses)))
            label = t("Use {djinn}", djinn=self.djinn_name(djinn))
            tip = t(self.cat.djinns[djinn].power) + (" " + t("Costs {pay}.", pay=self.pay_words(pay)) if pay else "")
            out.append(Choice(label, None, self._djinn_click(djinn, pay), tip, chosen=djinn == self.targeting))
        return out

    def _meeple_icon(self, tribe: str):
        def draw(surface, rect, ink):
            size = rect.height + 6
            img = self.art.meeple(tribe, size)
            surface.blit(img, img.get_rect(center=rect.center))
            if tribe == self.colour:
                pygame.draw.circle(surface, (255, 214, 120), rect.center, size // 2 + 1, 2)
        return draw

    def _card_icon(self, good: str):
        def draw(surface, rect, ink):
            img = self.art.resource(good, rect.height + 6)
            surface.blit(img, img.get_rect(center=rect.center))
        return draw

    def _colour_setter(self, tribe: str):
        def pick() -> None:
            self.colour = tribe
            self._colour_changed()
        return pick

    def _sell_toggle(self, good: str):
        def toggle() -> None:
            self.selling ^= {good}
            self._sync_widgets()
        return toggle

    def _kumarbi_step(self) -> None:
        m = self.m
        most = min(m.player.fakirs, len(m.levels) - 1)
        self.kumarbi = (self.kumarbi + 1) % (most + 1)
        self._sync_widgets()

    def _toggle_pay(self) -> None:
        self.pay_pref = "elder" if self.pay_pref == "fakir" else "fakir"
        self._sync_widgets()

    def _djinn_click(self, djinn: str, pay: tuple):
        def click() -> None:
            if TARGETS.get(self.cat.djinns[djinn].effect):
                self.targeting = None if self.targeting == djinn else djinn
                self._sync_widgets()
            else:
                self._try(UseDjinn(djinn, pay))
        return click

    def _layout_choices(self) -> None:
        px = self.app.px
        self.widen_main(self.app.font(px(14)), self.action_area.left + px(150))  # a long label whole
        self.lay_choices(self.choices(), self._choice_rows(), self.app.font(px(13)))

    def _choice_rows(self) -> list[pygame.Rect]:
        """The three rows of the action area that hold choice buttons (the last one beside the main button)."""
        px = self.app.px
        a = self.action_area
        bh = px(34)
        left = a.left + px(52) if self._shows_supply() else a.left
        return [pygame.Rect(a.left, a.top + px(2), a.width, bh), pygame.Rect(a.left, a.top + px(40), a.width, bh),
                pygame.Rect(left, a.bottom - px(40), self.btn_main.rect.left - px(6) - left, bh)]

    def _shows_supply(self) -> bool:
        m = self.m
        return self._my_turn() and m.phase == "tile" and self.rules.tile_at(m, m.final).action in ("palm", "palace")
