"""Five Tribes' actions in words, as the game log shows them (said before the action is applied).

Pure Python; used by FiveTribesRules.describe.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.rules import Action
from games.five_tribes.rules_state import (
    Bid,
    Build,
    BuyCard,
    Decline,
    Drop,
    EndTurn,
    KeepDjinn,
    Kill,
    PickUp,
    PlaceCamel,
    PlacePalace,
    PlacePalm,
    Sell,
    State,
    TakeDjinn,
    UseDjinn,
)

if TYPE_CHECKING:
    from games.five_tribes.rules import FiveTribesRules


def describe_action(rules: "FiveTribesRules", s: State, a: Action) -> str:
    """The action in words, with the name of the seat playing it."""
    name = s.seats[s.seat].name if s.phase != "over" else ""
    return f"{name} {_Words(rules, s).say(a)}"


def _paid(pay: tuple) -> str:
    parts = []
    for card, one in (("elder", "an Elder"), ("fakir", "a Fakir")):
        n = list(pay).count(card)
        if n:
            parts.append(one if n == 1 else f"{n} {card.capitalize()}s")
    return " and ".join(parts) or "nothing"


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'AEIOU' else 'a'} {noun}"


class _Words:
    """Describes an action in words, before it is applied."""

    def __init__(self, rules: "FiveTribesRules", s: State) -> None:
        self.r = rules
        self.s = s

    def tile(self, t: int) -> str:
        lay = self.s.layout
        if not isinstance(t, int) or not 0 <= t < lay.cells:
            return "a tile"
        r, c = divmod(t, lay.width)
        return f"the {self.r.tile_at(self.s, t).name} at row {r + 1}, column {c + 1}"

    def djinn(self, d: str) -> str:
        return self.r.cat.djinns[d].name if d in self.r.cat.djinns else d

    def tribe(self, colour: str, n: int = 1) -> str:
        t = self.r._tribe.get(colour)
        if t is None:
            return colour
        return t.name if n == 1 else t.plural

    def say(self, a: Action) -> str:
        s = self.s
        if isinstance(a, Bid):
            found = self.r.spot_level(s, a.spot)
            if found is None:
                return "bids for the turn order."
            cost = s.levels[found[0]][0]
            paid = min(self.r.price(s, found[0], a.fakirs), s.player.gold)
            if a.fakirs:
                return (f"bids for the {cost} spot, paying {paid} gold and {a.fakirs} "
                        f"Fakir{'s' if a.fakirs != 1 else ''} through Kumarbi.")
            if paid < cost:
                return f"can afford no free spot and takes the {cost} spot for all {paid} gold."
            return f"bids {cost} gold for the turn order."
        if isinstance(a, PickUp):
            n = sum(s.meeples[a.tile]) if 0 <= a.tile < len(s.meeples) else 0
            return f"picks up {n} meeple{'s' if n != 1 else ''} from {self.tile(a.tile)}."
        if isinstance(a, Drop):
            if sum(s.hand) == 1:
                return f"drops the last meeple, {_a(self.tribe(a.colour))}, on {self.tile(a.tile)}."
            return f"drops {_a(self.tribe(a.colour))} on {self.tile(a.tile)}."
        if isinstance(a, PlaceCamel):
            return f"puts a camel on {self.tile(a.tile)}."
        if isinstance(a, Build):
            extra = f" with {a.fakirs} Fakir{'s' if a.fakirs != 1 else ''}" if a.fakirs else ""
            return f"sends the Builders to work{extra}."
        if isinstance(a, Kill):
            what = " and ".join(_a(self.tribe(c)) for c in a.colours)
            where = self.tile(a.tile) if a.tile >= 0 else f"{s.seats[a.seat].name}'s court" if 0 <= a.seat < len(s.seats) else "?"
            return f"has the Assassins kill {what} at {where}."
        if isinstance(a, PlacePalm):
            shifted = f" through Lamia, paying {_paid(a.pay)}" if a.pay else ""
            return f"plants a palm tree on {self.tile(a.tile)}{shifted}."
        if isinstance(a, PlacePalace):
            shifted = f" through Hagis, paying {_paid(a.pay)}" if a.pay else ""
            return f"builds a palace on {self.tile(a.tile)}{shifted}."
        if isinstance(a, BuyCard):
            card = s.row[a.slot] if 0 <= a.slot < len(s.row) else None
            return f"buys {self.r.cat.resources[card].name if card else 'a card'} at the market."
        if isinstance(a, TakeDjinn):
            return f"takes the Djinn {self.djinn(a.djinn)}, paying {_paid(a.pay)}."
        if isinstance(a, Decline):
            return "does without the tile action." if s.phase == "tile" else "finds no one to kill."
        if isinstance(a, KeepDjinn):
            return f"keeps the Djinn {self.djinn(a.djinn)}."
        if isinstance(a, UseDjinn):
            target = f" on {self.tile(a.tile)}" if a.tile >= 0 else ""
            paid = f", paying {_paid(a.pay)}" if a.pay else ""
            return f"calls on {self.djinn(a.djinn)}{target}{paid}."
        if isinstance(a, Sell):
            names = [self.r.cat.resources[g].name if g in self.r.cat.resources else g for g in a.goods]
            listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
            gold = self.r.cfg["set_values"][min(len(a.goods), len(self.r.cfg["set_values"]) - 1)]
            return f"sells {listed} for {gold} gold."
        if isinstance(a, EndTurn):
            return "ends the turn."
        return f"plays {a.kind}."
