"""Somerset's actions in words for the game log (said before they are applied). Pure Python."""
from __future__ import annotations

from typing import Any

from engine.core.rules import Action
from engine.core.words import N_, Words, join
from games.somerset.catalogue import Catalogue
from games.somerset.rules_state import (
    Alchemy, BuildBuilding, BuildTile, BuySpell, CastSpell, ChooseResource, Decline, Dispel, Done, EndTurn,
    Government, Hire, KeepCard, LieDown, MarketStall, Mirror, MoveWorker, PlaceRoad, PlaceWorker, State, Stride,
    TakeAction, TimeWarp, Trade, Upgrade,
)

BENEFITS = {"money": N_("money"), "resources": N_("resources"), "magic": N_("magic"), "cast": N_("a free cast")}
# The data's words said inside sentences (data/somerset/game.yaml resource_names, worker kinds, spell timings)
SAID = (N_("wood"), N_("brick"), N_("stone"), N_("grain"), N_("crystal"), N_("coin"), N_("peasant"), N_("knight"),
        N_("wizard"), N_("before"), N_("after"), N_("any"))


class WordsLogic:
    """The log lines of the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]

    def res_word(self, code: str) -> Words:
        return Words(self.cat.resource_name(code))

    def tile_word(self, s: State, cell: tuple[int, int]) -> Words:
        placed = s.board.cells.get(cell)
        return Words(self.cat.tiles[placed.tile].name) if placed is not None else Words("an empty hex")

    def _kind(self, s: State, worker: int) -> Words:
        return Words(s.workers[worker].kind) if 0 <= worker < len(s.workers) else Words("worker")

    def describe(self, s: State, a: Action) -> str:
        who = s.seats[s.current].name if 0 <= s.current < len(s.seats) else ""
        if isinstance(a, PlaceWorker):
            return Words("{who} put the {kind} on {tile}.", who=who, kind=self._kind(s, a.worker),
                         tile=self.tile_word(s, (a.q, a.r)))
        if isinstance(a, MoveWorker):
            return Words("{who} moved the {kind} to {tile}.", who=who, kind=self._kind(s, a.worker),
                         tile=self.tile_word(s, (a.q, a.r)))
        if isinstance(a, LieDown):
            return Words("{who} could not move and laid the {kind} down.", who=who, kind=self._kind(s, a.worker))
        if isinstance(a, TakeAction):
            cell = s.landed
            return Words("{who} took the action of {tile}.", who=who,
                         tile=self.tile_word(s, cell) if cell else Words("the tile"))
        if isinstance(a, Decline):
            return Words("{who} declined the tile's action.", who=who)
        if isinstance(a, EndTurn):
            return Words("{who} ended the turn.", who=who)
        if isinstance(a, CastSpell):
            name = Words(self.cat.spells[a.spell].name) if 0 <= a.spell < len(self.cat.spells) else Words("a spell")
            if s.phase == "free_cast":
                return Words("{who} cast {spell} for free.", who=who, spell=name)
            return Words("{who} cast {spell}.", who=who, spell=name)
        if isinstance(a, MarketStall):
            return Words("{who} swapped {give} for {take} at the Market Stall.", who=who, give=self.res_word(a.give),
                         take=self.res_word(a.take))
        if isinstance(a, Alchemy):
            return Words("{who} turned {n} resources into a crystal.", who=who, n=len(a.give))
        if isinstance(a, Government):
            g = s.players[s.current].gov
            said = (N_("{who} advanced to government column {n} and took {benefit}.") if a.column == g + 1
                    else N_("{who} activated government column {n} and took {benefit}."))
            return Words(said, who=who, n=a.column, benefit=Words(BENEFITS.get(a.benefit, a.benefit)))
        if isinstance(a, ChooseResource):
            word = self.res_word(a.resource) if a.resource in self.cfg["resource_names"] else Words(a.resource)
            if s.phase == "waive":
                return Words("{who} left one {res} unpaid.", who=who, res=word)
            if s.phase == "pay":
                return Words("{who} paid one {res}.", who=who, res=word)
            return Words("{who} took one {res}.", who=who, res=word)
        if isinstance(a, Upgrade):
            return Words("{who} upgraded a {kind}.", who=who, kind=self._kind(s, a.worker))
        if isinstance(a, Hire):
            return Words("{who} hired a peasant on {tile}.", who=who, tile=self.tile_word(s, (a.q, a.r)))
        if isinstance(a, KeepCard):
            return Words("{who} kept a card.", who=who)
        if isinstance(a, BuildTile):
            name = Words(self.cat.tiles[a.tile].name) if 0 <= a.tile < len(self.cat.tiles) else Words("a tile")
            return Words("{who} built {tile}.", who=who, tile=name)
        if isinstance(a, BuildBuilding):
            name = Words(self.cat.buildings[a.card].name) if 0 <= a.card < len(self.cat.buildings) else Words("?")
            return Words("{who} built the {b}.", who=who, b=name)
        if isinstance(a, BuySpell):
            name = Words(self.cat.spells[a.spell].name) if 0 <= a.spell < len(self.cat.spells) else Words("a spell")
            return Words("{who} bought {spell} into the spell book.", who=who, spell=name)
        if isinstance(a, PlaceRoad):
            what = Words("a barricade") if a.barricade else Words("a road")
            if a.moved is not None:
                return Words("{who} moved a road piece and laid {what}.", who=who, what=what)
            return Words("{who} laid {what}.", who=who, what=what)
        if isinstance(a, Trade):
            return Words("{who} traded {give} for one {take}.", who=who,
                         give=join([self.res_word(r) for r in a.give], ", "), take=self.res_word(a.take))
        if isinstance(a, Dispel):
            return Words("{who} dispelled a barricade.", who=who)
        if isinstance(a, Stride):
            return Words(N_("{who}'s worker moves one step more this turn.") if a.delta > 0 else
                         N_("{who}'s worker moves one step less this turn."), who=who)
        if isinstance(a, Mirror):
            return Words("{who} took the action of {tile} by Mirror Image.", who=who, tile=self.tile_word(s, (a.q, a.r)))
        if isinstance(a, TimeWarp):
            return Words("{who} stood a {kind} up again.", who=who, kind=self._kind(s, a.worker))
        if isinstance(a, Done):
            if s.phase == "build":
                return Words("{who} finished the building period.", who=who)
            return Words("{who} finished.", who=who)
        return Words("{who}: {kind}", who=who, kind=a.kind)
