"""Five Tribes' actions in words, as the game log shows them (said before the action is applied).

Every sentence is `Words`: English text that keeps its template and fields, so the screen's
t() translates it; names from the data (tiles, tribes, Djinns, goods) are `Words` of their own.
`counted` words a number with its noun in the singular or the plural. Pure Python; used by
FiveTribesRules.describe and by the rules' refusals.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.rules import Action
from engine.core.words import N_, Words, join, nwords
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


def counted(n: int, one: str, many: str, **fields: Any) -> Words:
    """A sentence about a count: `one` for exactly 1, else `many` with {n} filled ("1 Fakir", "3 Fakirs"); a
    translation takes its language's plural form (the extraction reads `counted` like ngettext)."""
    return nwords(one, many, n, **fields)


def describe_action(rules: "FiveTribesRules", s: State, a: Action) -> Words:
    """The action in words, with the name of the seat playing it."""
    name = s.seats[s.seat].name if s.phase != "over" else ""
    return Words("{name} {does}", name=name, does=_Words(rules, s).say(a))


def paid_words(pay: tuple) -> Words:
    """What was paid: "an Elder", "2 Fakirs", "an Elder and a Fakir", "nothing"."""
    parts = []
    for card, one, many in (("elder", N_("an Elder"), N_("{n} Elders")), ("fakir", N_("a Fakir"), N_("{n} Fakirs"))):
        n = list(pay).count(card)
        if n:
            parts.append(counted(n, one, many))
    return join(parts, " and ") if parts else Words("nothing")


# Texts these functions build from pieces, marked here so the extraction finds them: each meeple and card with
# its article (a_noun), and two things said together (join with " and " / " or ").
SAID = (N_("a Vizier"), N_("an Elder"), N_("a Builder"), N_("a Merchant"), N_("an Assassin"), N_("a Fakir"),
        N_("{p0} and {p1}"), N_("{p0} or {p1}"), N_("{p0} and {p1} and {p2}"), N_("{p0} or {p1} or {p2}"))


def a_noun(noun: str) -> Words:
    """A noun of the data with its indefinite article ("a Vizier", "an Elder"), translated as a whole."""
    return Words(f"{'an' if noun[:1] in 'AEIOU' else 'a'} {noun}")  # translated whole


class _Words:
    """Describes an action in words, before it is applied."""

    def __init__(self, rules: "FiveTribesRules", s: State) -> None:
        self.r = rules
        self.s = s

    def tile(self, t: int) -> Words:
        lay = self.s.layout
        if not isinstance(t, int) or not 0 <= t < lay.cells:
            return Words("a tile")
        r, c = divmod(t, lay.width)
        return Words("the {tile} at row {r}, column {c}", tile=Words(self.r.tile_at(self.s, t).name), r=r + 1, c=c + 1)

    def djinn(self, d: str) -> str:
        return self.r.cat.djinns[d].name if d in self.r.cat.djinns else d

    def tribe(self, colour: str, n: int = 1) -> str:
        t = self.r._tribe.get(colour)
        if t is None:
            return colour
        return t.name if n == 1 else t.plural

    def card(self, card: str | None) -> Words:
        return Words(self.r.cat.resources[card].name) if card in self.r.cat.resources else Words("a card")

    def say(self, a: Action) -> Words:
        s = self.s
        if isinstance(a, Bid):
            found = self.r.spot_level(s, a.spot)
            if found is None:
                return Words("bids for the turn order.")
            cost = s.levels[found[0]][0]
            paid = min(self.r.price(s, found[0], a.fakirs), s.player.gold)
            if a.fakirs:
                return counted(a.fakirs, "bids for the {cost} spot, paying {paid} gold and 1 Fakir through Kumarbi.",
                               "bids for the {cost} spot, paying {paid} gold and {n} Fakirs through Kumarbi.",
                               cost=cost, paid=paid)
            if paid < cost:
                return Words("can afford no free spot and takes the {cost} spot for all {paid} gold.", cost=cost, paid=paid)
            return Words("bids {cost} gold for the turn order.", cost=cost)
        if isinstance(a, PickUp):
            n = sum(s.meeples[a.tile]) if 0 <= a.tile < len(s.meeples) else 0
            return counted(n, "picks up 1 meeple from {tile}.", "picks up {n} meeples from {tile}.", tile=self.tile(a.tile))
        if isinstance(a, Drop):
            meeple = a_noun(self.tribe(a.colour))
            if sum(s.hand) == 1:
                return Words("drops the last meeple, {meeple}, on {tile}.", meeple=meeple, tile=self.tile(a.tile))
            return Words("drops {meeple} on {tile}.", meeple=meeple, tile=self.tile(a.tile))
        if isinstance(a, PlaceCamel):
            return Words("puts a camel on {tile}.", tile=self.tile(a.tile))
        if isinstance(a, Build):
            if a.fakirs:
                return counted(a.fakirs, "sends the Builders to work with 1 Fakir.",
                               "sends the Builders to work with {n} Fakirs.")
            return Words("sends the Builders to work.")
        if isinstance(a, Kill):
            what = join([a_noun(self.tribe(c)) for c in a.colours], " and ")
            if a.tile >= 0:
                return Words("has the Assassins kill {what} at {where}.", what=what, where=self.tile(a.tile))
            if 0 <= a.seat < len(s.seats):
                return Words("has the Assassins kill {what} in front of {who}.", what=what, who=s.seats[a.seat].name)
            return Words("has the Assassins kill {what}.", what=what)
        if isinstance(a, PlacePalm):
            if a.pay:
                return Words("plants a palm tree on {tile} through {djinn}, paying {paid}.", tile=self.tile(a.tile),
                             djinn=self.djinn(self.r.djinn_with("shift_palm")), paid=paid_words(a.pay))
            return Words("plants a palm tree on {tile}.", tile=self.tile(a.tile))
        if isinstance(a, PlacePalace):
            if a.pay:
                return Words("builds a palace on {tile} through {djinn}, paying {paid}.", tile=self.tile(a.tile),
                             djinn=self.djinn(self.r.djinn_with("shift_palace")), paid=paid_words(a.pay))
            return Words("builds a palace on {tile}.", tile=self.tile(a.tile))
        if isinstance(a, BuyCard):
            card = s.row[a.slot] if 0 <= a.slot < len(s.row) else None
            return Words("buys {card} at the market.", card=self.card(card))
        if isinstance(a, TakeDjinn):
            return Words("takes the Djinn {djinn}, paying {paid}.", djinn=self.djinn(a.djinn), paid=paid_words(a.pay))
        if isinstance(a, Decline):
            return Words("does without the tile action.") if s.phase == "tile" else Words("finds no one to kill.")
        if isinstance(a, KeepDjinn):
            return Words("keeps the Djinn {djinn}.", djinn=self.djinn(a.djinn))
        if isinstance(a, UseDjinn):
            fields = {"djinn": self.djinn(a.djinn), "tile": self.tile(a.tile), "paid": paid_words(a.pay)}
            if a.tile >= 0:
                return Words("calls on {djinn} on {tile}, paying {paid}.", **fields) if a.pay else Words(
                    "calls on {djinn} on {tile}.", **fields)
            return Words("calls on {djinn}, paying {paid}.", **fields) if a.pay else Words("calls on {djinn}.", **fields)
        if isinstance(a, Sell):
            names = [self.card(g) for g in a.goods]
            listed = Words("{first} and {last}", first=join(names[:-1], ", "), last=names[-1]) if len(names) > 1 \
                else (names[0] if names else Words("nothing"))
            gold = self.r.cfg["set_values"][min(len(a.goods), len(self.r.cfg["set_values"]) - 1)]
            return Words("sells {goods} for {gold} gold.", goods=listed, gold=gold)
        if isinstance(a, EndTurn):
            return Words("ends the turn.")
        return Words("plays {kind}.", kind=a.kind)
