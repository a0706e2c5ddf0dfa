"""What the Five Tribes table says: the instruction line, notices of what an action caused, and names.

A mixin of FiveTribesScene. Every sentence goes through t(); names of tiles, tribes, cards and
Djinns come from the catalogue.
"""
from __future__ import annotations

from typing import Any

from engine.ui.i18n import t
from games.five_tribes.rules_state import ASSASSIN, BUILDER, HIDDEN, TRIBES

NOTICE_SECONDS = 6.0
WHIM_NOTICE_SECONDS = 9.0
WHIM_NOTICE_HEIGHT = 84  # design pixels: a Whim card's notice has room for the top of the card
WHIM_ICON = 74


class FiveTribesWords:
    """Sentences of the table, from the game's own words."""

    # ------------------------------------------------------------------ names
    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def tribe_name(self, tribe: str | int, n: int = 1) -> str:
        tr = self.cat.tribes[tribe if isinstance(tribe, int) else TRIBES.index(tribe)]
        return t(tr.name) if n == 1 else t(tr.plural)

    def tile_name(self, s, tile: int) -> str:
        kind = self.rules.tile_at(s, tile)
        r, c = divmod(tile, s.layout.width)
        return t("{name} (row {r}, column {c})", name=t(kind.name), r=r + 1, c=c + 1)

    def card_name(self, card: str) -> str:
        res = self.cat.resources.get(card)
        return t(res.name) if res else t("a card")

    def djinn_name(self, djinn: str) -> str:
        d = self.cat.djinns.get(djinn)
        return d.name if d else t("a Djinn")

    def whim_title(self, whim: str) -> str:
        from games.five_tribes.scene_art import _lang

        w = self.cat.whims.get(whim)
        return _lang(w.title) if w else t("a Whim card")

    def whim_condition(self, whim: str) -> str:
        """What the card asks, in the card's words ("" for an unknown card)."""
        from games.five_tribes.scene_art import _lang

        w = self.cat.whims.get(whim)
        return _lang(w.text) if w else ""

    @staticmethod
    def counted(n: int, one: str, many: str, **fields: Any) -> str:
        """Words for a count: the singular sentence for 1, else the plural one with {n} filled."""
        return t(one, **fields) if n == 1 else t(many, n=n, **fields)

    def pay_words(self, pay: tuple) -> str:
        elders, fakirs = list(pay).count("elder"), list(pay).count("fakir")
        parts = []
        if elders:
            parts.append(t("1 Elder") if elders == 1 else t("{n} Elders", n=elders))
        if fakirs:
            parts.append(t("1 Fakir") if fakirs == 1 else t("{n} Fakirs", n=fakirs))
        return t(" and ").join(parts) if parts else t("nothing")

    # ------------------------------------------------------------------ the instruction
    def over_words(self) -> str:
        return t("The game is over. The score sheet explains every row.")

    def turn_words(self, seat: int, who: str) -> str:
        m = self.match.state
        phase = m.phase
        if self.targeting is not None:
            return t("{who}: click a highlighted tile for {djinn} (Esc or right click: cancel).", who=who,
                     djinn=self.djinn_name(self.targeting))
        if phase == "bid":
            return t("{who}: drag your turn marker to a free spot of the turn-order track (its price is above "
                     "it), or click a spot.", who=who)
        if phase == "start":
            return t("{who}: press on a highlighted tile to pick up all its meeples, then drag them from tile to "
                     "tile.", who=who)
        if phase == "move":
            left = sum(m.hand)
            return t("{who}: drag on into the next tile to drop a {tribe} there ({n} left in hand; the wheel or "
                     "the chips change the colour), or click a marked end tile to finish.", who=who,
                     tribe=self.tribe_name(self.colour) if self.colour else "", n=left)
        if phase == "control":
            return t("{who}: you emptied a tile: drag a camel from your panel onto it (or click it).", who=who)
        if phase == "tribe":
            tribe, count = m.collected
            if tribe == BUILDER:
                return t("{who}: your {n} Builders earn gold for the blue tiles around; discard Fakirs to earn "
                         "more.", who=who, n=count)
            if tribe == ASSASSIN:
                return t("{who}: drag the assassin marker onto a meeple within {n} tiles (each Fakir reaches one "
                         "further) or onto an opponent's Vizier or Elder.", who=who, n=count)
            return t("{who}: do the action of the tribe you collected.", who=who)
        if phase == "tile":
            action = self.rules.tile_at(m, m.final).action
            if action == "palm":
                return t("{who}: drag a palm tree onto the Oasis where your move ended.", who=who)
            if action == "palace":
                return t("{who}: drag a palace onto the Village where your move ended.", who=who)
            if action == "market":
                n = self.cfg["markets"][self.rules.tile_at(m, m.final).type]["cards"]
                price = self.cfg["markets"][self.rules.tile_at(m, m.final).type]["price"]
                return t("{who}: click a lit card of the row to buy it ({price} gold for {n}), or buy nothing.",
                         who=who, price=price, n=n)
            if action == "djinn":
                return t("{who}: click a Djinn of the row to take it (2 Elders, or 1 Elder and 1 Fakir), or take "
                         "none.", who=who)
        if phase == "market":
            return t("{who}: click your second card of the lit ones.", who=who)
        if phase == "choose_djinn":
            return t("{who}: keep one of the Djinns you drew.", who=who)
        if phase == "finish":
            if m.stalled and not m.path:
                return t("{who}: no legal move is left: the round ends after this turn. Sell goods, use a Djinn "
                         "or end your turn.", who=who)
            return t("{who}: sell sets of different goods, use a Djinn, or end your turn.", who=who)
        return who

    # ------------------------------------------------------------------ notices
    def notice_text(self, s, note: dict[str, Any]) -> str:
        """One thing the last action caused, in a sentence (empty for things not worth a notice)."""
        kind = note.get("type")
        who = self.seat_name(note["seat"]) if "seat" in note else ""
        if kind == "collect":
            return t("{who} collects {n} {tribe}.", who=who, n=note["count"],
                     tribe=self.tribe_name(note["tribe"], note["count"]))
        if kind == "camel":
            return t("{who} puts a camel on {tile}.", who=who, tile=self.tile_name(s, note["tile"]))
        if kind == "last_camel":
            return t("{who} has placed the last camel: the game ends with this round.", who=who)
        if kind == "cards":
            if not note["cards"]:
                return t("{who}'s Merchants find no card in the row.", who=who)
            return t("{who}'s Merchants bring {cards}.", who=who,
                     cards=", ".join(self.card_name(c) for c in note["cards"]))
        if kind == "build":
            return t("{who}'s Builders earn {g} gold ({b} blue tiles).", who=who, g=note["gold"], b=note["blue"])
        if kind == "kill":
            what = t(" and ").join(self.tribe_name(c) for c in note["colours"])
            if note.get("tile", -1) >= 0:
                return t("{who}'s Assassins kill {what} on {tile}.", who=who, what=what,
                         tile=self.tile_name(s, note["tile"]))
            return t("{who}'s Assassins kill {what} in front of {victim}.", who=who, what=what,
                     victim=self.seat_name(note["victim"]))
        if kind == "no_target":
            return t("{who}'s Assassins find nobody to kill.", who=who)
        if kind == "palm":
            return t("A palm tree grows on {tile}.", tile=self.tile_name(s, note["tile"]))
        if kind == "palace":
            return t("A palace rises on {tile}.", tile=self.tile_name(s, note["tile"]))
        if kind == "supply_empty":
            thing = t("palm trees") if note["thing"] == "palm" else t("palaces")
            return t("No {thing} are left in the supply.", thing=thing)
        if kind == "market_closed":
            return t("{who} cannot buy at this market.", who=who)
        if kind == "no_djinn":
            return t("{who} cannot take a Djinn here.", who=who)
        if kind == "djinn_taken":
            return t("{who} takes the Djinn {djinn}.", who=who, djinn=self.djinn_name(note["djinn"]))
        if kind == "djinn":
            return t("{who} calls on {djinn}.", who=who, djinn=self.djinn_name(note["djinn"]))
        if kind == "gold" and note.get("djinn"):
            return t("{djinn} pays {who} {g} gold.", djinn=self.djinn_name(note["djinn"]), who=who, g=note["gold"])
        if kind == "card" and note.get("card") not in (None, HIDDEN):
            return t("{who} takes {card}.", who=who, card=self.card_name(note["card"]))
        if kind == "sell":
            names = [self.card_name(g) for g in note["goods"]]
            goods = (", ".join(names[:-1]) + t(" and ") + names[-1]) if len(names) > 1 else "".join(names)
            return t("{who} sells {goods} for {g} gold.", who=who, goods=goods, g=note["gold"])
        if kind == "whim_taken":
            if note.get("whim") in (None, HIDDEN):
                return t("{who} takes a Whim card.", who=who)
            return t("{who} takes the Whim card \"{title}\".", who=who, title=self.whim_title(note["whim"]))
        if kind == "no_whim":
            return t("No Whim card lies on this city.")
        if kind == "whim_paid":
            said = t("Whim of the Sultan fulfilled: {who} shows \"{title}\" and takes {g} gold.", who=who,
                     title=self.whim_title(note["whim"]), g=note["gold"])
            condition = self.whim_condition(note["whim"])
            return said + (" " + t("Card: \u201c{condition}\u201d", condition=condition) if condition else "")
        if kind == "no_move":
            return t("{who} has no legal move: this is the last round.", who=who)
        if kind == "game_over":
            return t("The game is over.")
        return ""
