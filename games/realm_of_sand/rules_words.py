"""Realm of Sand's actions in words for the game log (said before they are applied). Pure Python."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.orientation import Orientation
from engine.core.rules import Action
from engine.core.words import Words
from games.realm_of_sand.catalogue import Catalogue
from games.realm_of_sand.rules_state import (
    AllDiscs, ChooseStartDisc, Claim, EndDiscs, EndSwap, EndTurn, ExchangeDisc, GainLevel, KeepCard, MoveDisc,
    MoveSquare, PlaceDisc, PlaceTile, Reserve, State, SwapTile, TakeTile, Unlock,
)

LEVELS = {1: "I", 2: "II", 3: "III"}


class WordsLogic:
    """The log lines of the rules class."""

    cat: Catalogue
    cfg: dict[str, Any]

    if TYPE_CHECKING:
        def colour_word(self, code: str) -> Words: ...
        def card_word(self, card: int) -> str: ...

    def tile_word(self, tile: int) -> str:
        """A rune tile by its id (an id is said as written, in every language)."""
        return self.cat.tiles[tile].id if 0 <= tile < len(self.cat.tiles) else Words("a rune tile")

    def describe(self, s: State, a: Action) -> str:
        who = s.seats[s.current].name if 0 <= s.current < len(s.seats) else ""
        if isinstance(a, PlaceTile):
            lie = Orientation(a.turns, a.flipped) if a.turns in range(4) else Orientation()
            return Words("{who} placed rune tile {tile} ({lie}) at column {x}, row {y}.", who=who,
                         tile=self.tile_word(a.tile), lie=lie.describe(), x=a.x + 1, y=a.y + 1)
        if isinstance(a, TakeTile):
            return Words("{who} took rune tile {tile} from in front of the queen.", who=who,
                         tile=self.tile_word(a.tile))
        if isinstance(a, PlaceDisc):
            return Words("{who} placed a {colour} disc at column {x}, row {y}.", who=who,
                         colour=self.colour_word(a.colour), x=a.x + 1, y=a.y + 1)
        if isinstance(a, MoveDisc):
            return Words("{who} moved a disc from column {fx}, row {fy} to column {x}, row {y}.", who=who,
                         fx=a.from_x + 1, fy=a.from_y + 1, x=a.x + 1, y=a.y + 1)
        if isinstance(a, EndDiscs):
            if s.phase == "before":
                return Words("{who} passed (a disc action of no steps).", who=who)
            return Words("{who} ended the disc action.", who=who)
        if isinstance(a, Claim):
            return Words("{who} claimed {card}.", who=who, card=self.card_word(a.card))
        if isinstance(a, EndTurn):
            return Words("{who} ended the turn.", who=who)
        if isinstance(a, ChooseStartDisc):
            return Words("{who} took a {colour} disc for the purple board.", who=who, colour=self.colour_word(a.colour))
        if isinstance(a, Unlock):
            return Words("{who} opened the dark cell at column {x}, row {y}.", who=who, x=a.x + 1, y=a.y + 1)
        return self._describe_power(s, a, who)

    def _describe_power(self, s: State, a: Action, who: str) -> str:
        if isinstance(a, Reserve):
            return Words("{who} used the red power on the level {level} deck.", who=who, level=LEVELS.get(a.level, "?"))
        if isinstance(a, KeepCard):
            return Words("{who} kept a card face down.", who=who)
        if isinstance(a, AllDiscs):
            return Words("{who} used the purple power: all discs this turn.", who=who)
        if isinstance(a, ExchangeDisc):
            return Words("{who} used the yellow power: a {give} disc for a {take} one.", who=who,
                         give=self.colour_word(a.give), take=self.colour_word(a.take))
        if isinstance(a, MoveSquare):
            return Words("{who} used the green power: a square from column {fx}, row {fy} to column {x}, row {y}.",
                         who=who, fx=a.from_x + 1, fy=a.from_y + 1, x=a.x + 1, y=a.y + 1)
        if isinstance(a, GainLevel):
            return Words("{who} used the orange power: +1.", who=who)
        if isinstance(a, SwapTile):
            return Words("{who} swapped rune tile {tile} with {other} of the ring.", who=who,
                         tile=self.tile_word(a.tile), other=self.tile_word(a.ring_tile))
        if isinstance(a, EndSwap):
            return Words("{who} stopped swapping.", who=who)
        return Words("{who}: {kind}", who=who, kind=a.kind)
