"""Realm of the Desert Sons: the actions (one gesture each) and the state they change. Pure Python."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.rules import FRESH, RECORDS, Action, Seat, action, copy_from_fields

GAME = "desert_sons"
Cell = tuple[int, int]
PartKey = tuple[Cell, int]  # (square, index of the oasis part on its tile)
HIDDEN = -1  # a face-down tile or rumor, as a seat that may not see it sees it


# --------------------------------------------------------------------------- actions
@action(GAME, "place_camel")
class PlaceCamel(Action):
    """Set-up: put your camel on a free end square of the start cross."""

    col: int
    row: int


@action(GAME, "move_camel")
class MoveCamel(Action):
    """Move the camel to a square; `pay` = pay water to move along white lines freely (caravan leader)."""

    col: int
    row: int
    pay: bool = False


@action(GAME, "pass")
class Pass(Action):
    """Do nothing in this step: stay, discover nothing, place no explorer, take no rumor, swap nothing."""


@action(GAME, "draw")
class Draw(Action):
    """Turn up the top tile of a stack (always the lowest-numbered stack that has tiles)."""

    stack: int


@action(GAME, "place_tile")
class PlaceTile(Action):
    """Lay the tile you drew on a free square beside the camel, turned `rotation` quarter turns clockwise."""

    col: int
    row: int
    rotation: int


@action(GAME, "play_display")
class PlayDisplay(Action):
    """Lay a tile from your own display beside the camel."""

    tile: int
    col: int
    row: int
    rotation: int


@action(GAME, "scout")
class Scout(Action):
    """Once per game, pay water and lay a tile from another seat's display beside your camel."""

    seat: int
    tile: int
    col: int
    row: int
    rotation: int


@action(GAME, "discard_tile")
class DiscardTile(Action):
    """Your display is over its limit: remove this tile from the game."""

    tile: int


@action(GAME, "place_explorer")
class PlaceExplorer(Action):
    """Put the explorer of this rank (height) on an oasis part of the tile you just laid."""

    rank: int
    col: int
    row: int
    part: int


@action(GAME, "take_back")
class TakeBack(Action):
    """Take one of your explorers back from the board into your supply."""

    rank: int


@action(GAME, "score_oasis")
class ScoreOasis(Action):
    """Several oases were completed: score the one holding this part next."""

    col: int
    row: int
    part: int


@action(GAME, "pay_toll")
class PayToll(Action):
    """The tallest explorer's owner pays the oasis' water toll (pay) or takes that explorer out (not pay)."""

    pay: bool


@action(GAME, "choose_icon")
class ChooseIcon(Action):
    """Your explorer claims this action icon of the oasis being scored."""

    col: int
    row: int
    part: int
    index: int


@action(GAME, "choose_good")
class ChooseGood(Action):
    """Your caravan is full: throw away the new good (drop='new') or a carried good of kind `drop`."""

    drop: str


@action(GAME, "place_rumor")
class PlaceRumor(Action):
    """Put the rumor tile you looked at face down on a free slot of this merchandise kind."""

    good: str


@action(GAME, "take_rumor")
class TakeRumor(Action):
    """All rumor tiles are out: take this one off the rumor board back into the pile."""

    good: str
    slot: int


@action(GAME, "exchange")
class Exchange(Action):
    """On the exchange square: pay water to swap one carried good for one of another kind."""

    give: str
    take: str


@action(GAME, "extra_turn")
class ExtraTurn(Action):
    """Once per game, during your turn, pay water for one more whole turn right after this one (camel driver)."""


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class Placed:
    """A square on the board: its kind, how it is turned, its edges after turning, and which explorer tile."""

    kind: str
    rotation: int
    edges: str  # N, E, S, W after rotation
    tile: int | None = None  # physical explorer tile index; None for a start-cross square


@dataclass(frozen=True, slots=True, eq=False)
class BrownNet:
    """The board's brown-line groups, made at set-up and grown as tiles are laid (BoardLogic._free_set).

    Never changed once made: a state shares it with its copies and gets a new one when a tile is laid.
    It speaks for a board only while that board's squares equal `cells` (a hand-edited board does not),
    and is only made for boards where every shared edge matches, so brown lines join both ways.
    """

    cells: dict[Cell, Placed]  # the squares it was made from
    group: dict[Cell, Cell]  # square -> its group (squares joined by brown lines), named by one of its squares
    members: dict[Cell, frozenset[Cell]]  # group -> its squares
    whites: dict[Cell, frozenset[Cell]]  # group -> placed squares one white line from one of its squares
    # what is worked out from the board, kept with it: the rules' (a group's free reach, its moves in board order)
    # and the computer opponents' (each oasis walked, games/desert_sons/agent.py)
    derived: dict = field(default_factory=dict)


@copy_from_fields
@dataclass(slots=True)
class Player:
    """One seat's holdings."""

    colour_set: str
    ranks: tuple[int, ...]  # this seat's explorers, shortest first
    supply: list[int]  # ranks of explorers not on the board
    water: int
    goods: list[str]  # carried goods, in the order loaded
    camel_cards: int
    display: list[int]  # face-up tiles (physical indices)
    used: dict[str, int]  # once-per-game abilities: leader, scout, driver -> times used
    camel: Cell | None = None


@copy_from_fields
@dataclass(slots=True)
class Scoring:
    """The oasis being scored: its parts, explorers in claiming order, icons still free, and the account."""

    parts: tuple[PartKey, ...]
    explorers: tuple[int, ...]  # ranks, turban first, then tallest first
    queue: list[int]  # ranks still to claim an icon
    icons: list[tuple[Cell, int, int, str]]  # (square, part, index, icon) not yet claimed
    claims: list[dict] = field(metadata=RECORDS)  # each claim's account, replaced when its result is known
    toll: dict | None = None


@copy_from_fields
@dataclass(slots=True)
class State:
    """Everything about one moment of a game. Treated as immutable outside `apply`; `copy` comes from the fields."""

    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    chance: int  # draws and peeks so far; random events use a generator seeded by (seed, chance)
    turn: int  # counts turns (and camel placements at set-up)
    round: int
    start_player: int
    current: int  # whose turn it is
    decider: int  # who decides now (during scoring: the explorer's owner)
    phase: str  # camels | move | exchange | discover | place | discard | explorer | order | toll | icon
    #            | good | rumor | rumor_take | over
    cells: dict[Cell, Placed]
    stacks: list[list[int]]  # stack 1 first; the top tile is last
    boxed: list[int]  # tiles left in the box unseen (short two-player game)
    removed: list[int]  # tiles removed from the game face up (display overflow)
    players: list[Player]
    owner: tuple[int, ...]  # owner seat by explorer rank (-1: no such explorer at this table)
    explorers: dict[int, PartKey]  # rank -> where it stands on the board
    turban: int  # rank of the explorer wearing the turban
    water: int  # water stones in the supply
    goods: dict[str, int]  # goods in the supply
    camel_cards: int  # camel cards in the supply
    rumor_pile: list[int]  # face-down rumor tiles not on the board
    rumor_slots: dict[str, list[tuple[int, int, frozenset[int]]]]  # good -> [(tile, placer, seats that saw it)]
    rumor_hand: int | None = None  # a rumor tile drawn and being placed by the decider
    in_hand: int | None = None  # the explorer tile just drawn
    fresh: Cell | None = None  # the last tile laid this turn
    laid: list[Cell] = field(default_factory=list)  # tiles laid this turn
    active: bool = False  # a tile was drawn or laid this turn
    on_exchange: bool = False  # the camel's move this turn ended on the exchange square
    extra: bool = False  # the camel driver was paid this turn: one more turn follows it
    idle_turns: int = 0  # turns in a row without a tile drawn or laid
    final: list[int] | None = None  # after the last tile is drawn: seats still to take their last turn
    pending: list[tuple[PartKey, ...]] = field(default_factory=list)  # completed oases waiting to score
    scoring: Scoring | None = None
    good_wait: str | None = None  # the good waiting for a full caravan's choice
    scored_parts: frozenset[PartKey] = frozenset()
    accounts: list[dict] = field(default_factory=list, metadata=RECORDS)  # every oasis scored so far
    notices: list[dict] = field(default_factory=list, metadata=FRESH)  # what the last action caused (screen, log)
    end_reason: str = ""
    hidden: bool = False  # True in a seat's view
    net: BrownNet | None = field(default=None, compare=False, repr=False)  # brown-line groups (None: walk instead)
    # geometry worked out for this state (camel reach); a copy starts empty, so branches never share it
    memo: dict = field(default_factory=dict, init=False, compare=False, repr=False, metadata=FRESH)

    @property
    def tiles_left(self) -> int:
        return sum(len(st) for st in self.stacks)

    def lowest_stack(self) -> int | None:
        """Index (0-based) of the lowest-numbered stack that still has tiles, or None."""
        for i, st in enumerate(self.stacks):
            if st:
                return i
        return None

