"""Five Tribes' actions and state: small frozen actions (one per gesture) and the state they change.

Tiles are numbered row by row from the top left: tile = row * width + column. Meeple colours
are named by tribe: vizier, elder, builder, merchant, assassin. Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.rules import FRESH, Action, Seat, action, copy_from_fields

GAME = "five_tribes"
TRIBES = ("vizier", "elder", "builder", "merchant", "assassin")
VIZIER, ELDER, BUILDER, MERCHANT, ASSASSIN = range(5)
HIDDEN = "hidden"  # a card another seat may not see, as that seat's view shows it
NOBODY = -1
NO_DIR = 4  # the move has just been picked up: no step taken yet
EMPTY = (0, 0, 0, 0, 0)


# --------------------------------------------------------------------------- actions
@action(GAME, "bid")
class Bid(Action):
    """Put your turn marker on a spot of the turn-order track and pay its price (Kumarbi: fakirs)."""

    spot: int
    fakirs: int = 0


@action(GAME, "pick_up")
class PickUp(Action):
    """Take every meeple of a tile into your hand to start the move."""

    tile: int


@action(GAME, "drop")
class Drop(Action):
    """Step onto the next tile and drop one meeple of this colour there."""

    tile: int
    colour: str


@action(GAME, "place_camel")
class PlaceCamel(Action):
    """Put one of your camels on the tile you have just emptied: you control it."""

    tile: int


@action(GAME, "build")
class Build(Action):
    """Builders' gold: discard this many Fakirs to raise the multiplier by one each."""

    fakirs: int = 0


@action(GAME, "kill")
class Kill(Action):
    """Assassins kill: meeples of these colours on a tile (tile >= 0), or in front of a seat (seat >= 0)."""

    colours: tuple[str, ...]
    tile: int = -1
    seat: int = -1
    fakirs: int = 0


@action(GAME, "place_palm")
class PlacePalm(Action):
    """Put the Oasis' palm tree on a tile (beside the Oasis only with Lamia, paying `pay`)."""

    tile: int
    pay: tuple[str, ...] = ()


@action(GAME, "place_palace")
class PlacePalace(Action):
    """Put the Village's palace on a tile (beside the Village only with Hagis, paying `pay`)."""

    tile: int
    pay: tuple[str, ...] = ()


@action(GAME, "buy_card")
class BuyCard(Action):
    """At a market: take the resource card in this slot of the row (the first pick pays the price)."""

    slot: int


@action(GAME, "take_djinn")
class TakeDjinn(Action):
    """At a Sacred Place: pay Elders (and a Fakir) and take a face-up Djinn."""

    djinn: str
    pay: tuple[str, ...]


@action(GAME, "decline")
class Decline(Action):
    """Leave an optional tile action (market or Sacred Place) undone."""


@action(GAME, "keep_djinn")
class KeepDjinn(Action):
    """Sibittis: keep this one of the Djinns just drawn; the others are discarded."""

    djinn: str


@action(GAME, "use_djinn")
class UseDjinn(Action):
    """Use the power of one of your Djinns, paying `pay`; `tile` is its target where it has one."""

    djinn: str
    pay: tuple[str, ...] = ()
    tile: int = -1


@action(GAME, "sell")
class Sell(Action):
    """Sell one set of different merchandise for gold."""

    goods: tuple[str, ...]


@action(GAME, "end_turn")
class EndTurn(Action):
    """Finish your turn."""


# --------------------------------------------------------------------------- state
@dataclass(frozen=True)
class Layout:
    """The board of one game: its size, the tile kind on each cell, and where the Great Lake lies."""

    board: str
    width: int
    height: int
    kinds: tuple[str, ...]  # tile kind id per cell
    lake: int  # cell of the Great Lake, or -1

    @property
    def cells(self) -> int:
        return self.width * self.height

    def rc(self, tile: int) -> tuple[int, int]:
        return divmod(tile, self.width)


@copy_from_fields
@dataclass(slots=True)
class Player:
    """One seat's holdings."""

    gold: int
    camels: int
    viziers: int = 0
    elders: int = 0
    fakirs: int = 0
    goods: dict[str, int] = field(default_factory=dict)  # merchandise by good
    djinns: list[str] = field(default_factory=list)
    whims: list[str] = field(default_factory=list)  # in hand, not yet fulfilled (private)
    whims_done: list[str] = field(default_factory=list)  # fulfilled, face up
    used: list[str] = field(default_factory=list)  # costed Djinn powers used this round (or turn)
    gold_hidden: bool = False  # in another seat's view with hidden gold: `gold` is not shown

    @property
    def merchandise(self) -> int:
        return sum(self.goods.values())


@copy_from_fields
@dataclass(slots=True)
class State:
    """Everything about one moment of a game. Treated as immutable outside `apply`; `copy` comes from the fields."""

    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    layout: Layout
    chance: int
    round: int
    phase: str  # bid | start | move | control | tribe | tile | market | choose_djinn | finish | over
    meeples: list[tuple[int, ...]]  # per tile: count of each tribe
    owner: list[int]  # per tile: seat whose camel stands there, or -1
    palms: list[int]
    palaces: list[int]
    whim_on: list[str | None]  # per tile: the Whim card lying on a Wondrous City
    bag: list[int]  # meeples in the bag by tribe
    deck: list[str]  # resource draw pile, top = last
    row: list[str | None]  # the face-up resource row; taken cards leave a gap until clean-up
    discard: list[str]
    djinn_deck: list[str]
    djinn_row: list[str | None]
    djinn_discard: list[str]
    whim_deck: list[str]
    palms_left: int
    palaces_left: int
    players: list[Player]
    marker_seat: tuple[int, ...]  # which seat owns each turn marker
    levels: tuple[tuple[int, int], ...]  # turn-order track: (price, spots) from first to play
    track: list[list[int]]  # per price level: markers in the order they bid
    bid_track: list[int | None]  # the bid-order track, spot 1 first
    order: list[int] = field(default_factory=list)  # this round's play order of markers
    turn: int = 0  # index into `order` of the marker playing now
    marker: int = 0  # the marker bidding or playing now
    hand: tuple[int, ...] = EMPTY  # meeples in hand during a move, by tribe
    pos: int = -1  # tile the move has reached
    came: int = NO_DIR  # direction of the last step (0 N, 1 E, 2 S, 3 W)
    path: list[int] = field(default_factory=list)  # start tile, then every tile entered
    final: int = -1  # tile where the move ended
    collected: tuple[int, int] = (-1, 0)  # (tribe, count) taken from the final tile
    tribe_done: bool = False
    tile_done: bool = False
    claims: list[int] = field(default_factory=list)  # emptied tiles waiting for the mover's camel
    window: tuple[int, ...] = ()  # market: row slots still on offer
    to_take: int = 0  # market: cards still to take (already paid)
    drawn: list[str] = field(default_factory=list)  # Sibittis: the Djinns to choose from
    resume: str = ""  # the phase to return to after choosing a Djinn
    boosts: list[str] = field(default_factory=list)  # Djinn effects active this turn (Echidna, Iblis)
    ending: bool = False  # a player placed their last camel: the game ends with this round
    stalled: bool = False  # a player found no legal move: the rest of the round skips moving
    notices: list[dict] = field(default_factory=list, metadata=FRESH)  # what the last action caused
    hidden: bool = False  # True in a seat's view

    @property
    def seat(self) -> int:
        """The seat bidding or playing now."""
        return self.marker_seat[self.marker]

    @property
    def player(self) -> Player:
        return self.players[self.marker_seat[self.marker]]
