"""Realm of Sand: the actions (one gesture each) and the state they change. Pure Python.

A board is a tuple of one entry per cell (cell number y * width + x): "" empty, "G" / "R" / "K" a square
of that colour, "g" / "r" / "k" / "b" / "y" a disc (lower case: a disc of the colour of its capital).
Actions name cells by (x, y), as a scene sees them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from engine.core.rules import FRESH, Action, Seat, copy_from_fields
from engine.core.rules import action as _engine_action

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda f: f

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def action(game: str, kind: str) -> Callable[[type[_T]], type[_T]]:
    """engine.core.rules.action, typed so a type checker knows it makes frozen dataclasses."""
    return _engine_action(game, kind)


GAME = "realm_of_sand"
HIDDEN = -1  # a tile or card a seat may not see, as that seat sees it
EMPTY = -1  # an empty market slot
Cell = tuple[int, int]


# --------------------------------------------------------------------------- actions: the turn
@action(GAME, "choose_start_disc")
class ChooseStartDisc(Action):
    """Advanced set-up: the purple board's owner takes this disc colour (blue or yellow) from the supply."""

    colour: str


@action(GAME, "place_tile")
class PlaceTile(Action):
    """Main action A: place this hand tile (tile index) turned and flipped as `Orientation(turns, flipped)`,
    its turned cells' top-left corner on (x, y); it becomes three squares."""

    tile: int
    turns: int
    flipped: bool
    x: int
    y: int


@action(GAME, "take_tile")
class TakeTile(Action):
    """After placing a tile: take this tile (tile index), one of the two in front of the queen."""

    tile: int


@action(GAME, "place_disc")
class PlaceDisc(Action):
    """A step of main action B: put a disc of this colour from your supply on the cell (x, y)."""

    colour: str
    x: int
    y: int


@action(GAME, "move_disc")
class MoveDisc(Action):
    """A step of main action B: move your disc on (from_x, from_y) to the cell (x, y)."""

    from_x: int
    from_y: int
    x: int
    y: int


@action(GAME, "end_discs")
class EndDiscs(Action):
    """End main action B (before any step: a disc action of no steps, a pass)."""


@action(GAME, "claim")
class Claim(Action):
    """Claim this card (card index, in the market or your reserve) with the pieces on these cells
    ((x, y) pairs, one embedding of its pattern, listed sorted)."""

    card: int
    cells: tuple[tuple[int, int], ...]


@action(GAME, "end_turn")
class EndTurn(Action):
    """End your turn (after the main action and any claims); the market is refilled."""


@action(GAME, "unlock")
class Unlock(Action):
    """Dark-cell rule 'unlock': open this dark cell for good with the +1 just gained."""

    x: int
    y: int


# --------------------------------------------------------------------------- actions: crystal powers
@action(GAME, "reserve")
class Reserve(Action):
    """Red power: look at the top three cards of this level's deck (1-3) and keep one face down."""

    level: int


@action(GAME, "keep_card")
class KeepCard(Action):
    """Red power: keep this drawn card (card index) in your reserve; the others go under the deck."""

    card: int


@action(GAME, "all_discs")
class AllDiscs(Action):
    """Purple power, before the main action: this turn's disc action may place or move all your discs."""


@action(GAME, "exchange_disc")
class ExchangeDisc(Action):
    """Yellow power: give back a disc of colour `give` (from your supply, or the one on (x, y)) for a
    disc of colour `take` from the central supply (it takes the given disc's cell)."""

    give: str
    take: str
    x: int = -1
    y: int = -1


@action(GAME, "move_square")
class MoveSquare(Action):
    """Green power: move your square on (from_x, from_y) to the empty cell (x, y)."""

    from_x: int
    from_y: int
    x: int
    y: int


@action(GAME, "gain_level")
class GainLevel(Action):
    """Orange power: +1 on your level track."""


@action(GAME, "swap_tile")
class SwapTile(Action):
    """Blue power: swap this hand tile with this ring tile (they exchange places); at most two swaps."""

    tile: int
    ring_tile: int


@action(GAME, "end_swap")
class EndSwap(Action):
    """Blue power: stop after one swap."""


END_DISCS = EndDiscs()
END_TURN = EndTurn()
END_SWAP = EndSwap()
ALL_DISCS = AllDiscs()
GAIN_LEVEL = GainLevel()


# --------------------------------------------------------------------------- state
@copy_from_fields
@dataclass(slots=True)
class Player:
    """One seat's holdings: its board, hand, disc supply, level, crystal and cards."""

    colour: str  # the board's colour (its power on the advanced side)
    cells: tuple[str, ...]  # the board, one entry per cell (see the module docstring)
    hand: tuple[int, ...]  # rune tiles (tile indices)
    discs: dict[str, int]  # the personal disc supply by colour
    level: int = 0  # the +1 track
    charged: bool = False  # the crystal marker (advanced side)
    claimed: tuple[int, ...] = ()  # card indices, in the order claimed
    reserved: tuple[int, ...] = ()  # red power: face-down cards
    unlocked: int = 0  # dark-cell rule 'unlock': the dark cells opened, a mask (bit y * width + x)
    shown: tuple[int, ...] = ()  # the hand's tiles taken from the ring in everyone's sight (not those dealt)

    if TYPE_CHECKING:
        def copy(self) -> Player: ...  # made by copy_from_fields


@copy_from_fields
@dataclass(slots=True)
class State:
    """Everything about one moment of a game. Treated as immutable outside `apply`; `copy` comes from the fields."""

    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    chance: int  # cards revealed so far (refills, the red power): undo stops there
    turn: int  # turns begun (0 in the advanced set-up choice)
    round: int
    start_player: int
    current: int
    phase: str  # start | before | discs | take | after | reserve | swap | unlock | over
    players: list[Player]
    market: tuple[tuple[int, ...], ...]  # rows for levels I, II, III; EMPTY in an empty slot
    decks: tuple[tuple[int, ...], ...]  # the three decks, top card first
    ring: tuple[int, ...]  # the ring of tiles clockwise from the queen: ring[0], ring[1] are in front of her
    squares: dict[str, int]  # the square stock by colour
    supply: dict[str, int]  # the central disc supply by colour
    ready: bool = False  # the crystal was charged when the turn began and is not used yet
    steps: int = 0  # disc steps left in the disc action under way
    all_discs: bool = False  # the purple power is declared this turn
    resume: str = ""  # the phase a power's or an unlock's choice returns to
    drawn: tuple[int, ...] = ()  # red power: the cards looked at
    drawn_level: int = 0
    swapped: tuple[int, ...] = ()  # blue power: the tiles swapped so far this use (hand tile, ring tile, ...)
    end_declared: bool = False
    end_reason: str = ""  # hourglasses | exhaustion | round_cap | solo
    hidden: bool = False  # True in a seat's view
    notices: list[dict] = field(default_factory=list, metadata=FRESH)  # what the last action caused

    if TYPE_CHECKING:
        def copy(self) -> State: ...  # made by copy_from_fields
