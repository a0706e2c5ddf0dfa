"""Somerset: the actions (one gesture each) and the state they change. Pure Python."""
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

GAME = "somerset"
Hex = tuple[int, int]
EdgeKey = tuple[Hex, Hex]  # the two tiles beside an edge, in sorted order
Edge4 = tuple[int, int, int, int]  # an edge as actions carry it: q1, r1, q2, r2
HIDDEN = -1  # a card a seat may not see, as that seat sees it


# --------------------------------------------------------------------------- actions: the round
@action(GAME, "place_worker")
class PlaceWorker(Action):
    """First round: put your peasant or knight (worker id) on an unoccupied city tile."""

    worker: int
    q: int
    r: int


@action(GAME, "move_worker")
class MoveWorker(Action):
    """Move a standing worker to the tile (q, r); the path is derived (see SomersetRules.reach)."""

    worker: int
    q: int
    r: int


@action(GAME, "lie_down")
class LieDown(Action):
    """None of your standing workers can move: lay this one down where it stands (no action, no fee)."""

    worker: int


@action(GAME, "take_action")
class TakeAction(Action):
    """Take the action of the tile your worker has just landed on."""


@action(GAME, "decline")
class Decline(Action):
    """Do not take the tile's action (the tile stays unused this round)."""


@action(GAME, "end_turn")
class EndTurn(Action):
    """End your turn (after the move, any spells and building abilities)."""


@action(GAME, "cast_spell")
class CastSpell(Action):
    """Cast a spell from your book (by spell index); in a free-cast choice it costs no crystals."""

    spell: int


@action(GAME, "market_stall")
class MarketStall(Action):
    """Market Stall, once a round on your turn: swap one basic resource for another."""

    give: str
    take: str


@action(GAME, "alchemy")
class Alchemy(Action):
    """Alchemist's Lab, once a round on your turn: pay these basic resources for one crystal."""

    give: tuple[str, ...]


# --------------------------------------------------------------------------- actions: choices inside an action
@action(GAME, "government")
class Government(Action):
    """On the government track: column = your column + 1 advances (fee paid), column <= yours activates;
    benefit is money, resources, magic or cast (a free cast, where the column offers it instead of crystals)."""

    column: int
    benefit: str


@action(GAME, "choose_resource")
class ChooseResource(Action):
    """Name one resource: to gain (a choice of basic resources), to pay, or not to pay (a discount)."""

    resource: str


@action(GAME, "upgrade")
class Upgrade(Action):
    """Upgrade this worker of yours (peasant -> knight, knight -> wizard)."""

    worker: int


@action(GAME, "hire")
class Hire(Action):
    """Put the hired peasant, lying down, on this tile."""

    q: int
    r: int


@action(GAME, "keep_card")
class KeepCard(Action):
    """Keep this drawn card (spell or building index); the ones not kept go under the deck."""

    card: int


@action(GAME, "build_tile")
class BuildTile(Action):
    """Build the country tile (tile index) on the empty hex (q, r), turned `rotation` sixths clockwise."""

    tile: int
    q: int
    r: int
    rotation: int


@action(GAME, "build_building")
class BuildBuilding(Action):
    """Build this building card (building index) from your hand."""

    card: int


@action(GAME, "buy_spell")
class BuySpell(Action):
    """Building period: lay this spell (spell index) from your hand into your spell book, paying its price."""

    spell: int


@action(GAME, "place_road")
class PlaceRoad(Action):
    """Put a road piece on an edge as a road or a barricade; `moved` names the edge of one of your pieces
    picked up to do it (only when your pool is empty)."""

    edge: Edge4
    barricade: bool
    moved: Edge4 | None = None


@action(GAME, "trade")
class Trade(Action):
    """One trade of a trading action: pay `give`, gain one `take`."""

    give: tuple[str, ...]
    take: str


@action(GAME, "dispel")
class Dispel(Action):
    """Dispel: remove the barricade on this edge; it returns to its owner's pool."""

    edge: Edge4


@action(GAME, "stride")
class Stride(Action):
    """Stride: this turn's worker moves its distance +1 or -1 (delta)."""

    delta: int


@action(GAME, "mirror")
class Mirror(Action):
    """Mirror Image: take the unused action of this tile beside your worker."""

    q: int
    r: int


@action(GAME, "time_warp")
class TimeWarp(Action):
    """Time Warp: stand this lying worker of yours up again."""

    worker: int


@action(GAME, "done")
class Done(Action):
    """Finish an optional step (no more roads, trades, free cast, building...) or pass in the building period."""


DONE = Done()  # one instance: actions are values


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the map: which tile, how it is turned, its road mask after turning, and its owner (-1: city)."""

    tile: int
    rotation: int
    mask: int
    owner: int = -1


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """The tiles on the map. Never changed once made: a build makes a new Board, and what the rules work
    out from one (public roads, placements) is kept in `derived` and shared by every state that holds it."""

    cells: dict[Hex, Placed]
    derived: dict = field(default_factory=dict, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.cells)))


@dataclass(frozen=True, slots=True)
class Worker:
    """A worker: owner seat, kind (peasant, knight, wizard), where it stands (None: not yet placed), standing."""

    owner: int
    kind: str
    pos: Hex | None
    standing: bool


@dataclass(frozen=True, slots=True)
class Piece:
    """A road piece on the map: owner, edge, and whether it lies across as a barricade."""

    owner: int
    edge: EdgeKey
    barricade: bool


@dataclass(frozen=True, slots=True)
class Task:
    """A step of an action still to do: kind (as in the data), its value, how many times are left,
    and the worker that acts (hire beside it; -1 none)."""

    kind: str
    value: Any = None
    left: int = 1
    acting: int = -1


@copy_from_fields
@dataclass(slots=True)
class Player:
    """One seat's holdings."""

    coins: int
    res: dict[str, int]  # W, B, S, G, C
    spell_hand: tuple[int, ...]
    book: tuple[int, ...]  # spells bought, in the order bought
    spent: frozenset[int]  # book spells cast this round
    building_hand: tuple[int, ...]
    buildings: tuple[int, ...]  # built, in order
    gov: int  # government column, 1..6
    round_used: frozenset[str] = frozenset()  # once-a-round building abilities used this round

    if TYPE_CHECKING:
        def copy(self) -> Player: ...  # made by copy_from_fields


@copy_from_fields
@dataclass(slots=True)
class State:
    """Everything about one moment of a game. Treated as immutable outside `apply`; `copy` comes from the fields."""

    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    chance: int  # cards drawn so far (reveals: undo stops there)
    turn: int  # counts turns (each seat's turn in a round or a building period)
    round: int
    start_player: int
    current: int  # the seat deciding now
    phase: str  # place | move | act | after | build | a pending choice (see rules.py) | over
    board: Board
    workers: tuple[Worker, ...]
    pieces: tuple[Piece, ...]
    players: list[Player]
    supply: tuple[int, ...]  # unbuilt country tiles of this game, face up
    spell_deck: tuple[int, ...]  # top first
    building_deck: tuple[int, ...]
    used: frozenset[Hex] = frozenset()  # tiles whose action was taken this round
    taken: tuple[Hex, ...] = ()  # every taking of a tile's action this round except Echo's (invariant)
    placing: tuple[int, ...] = ()  # first round: seats still to place, in order
    period: tuple[int, ...] = ()  # building period: seats still to build, in order
    built: bool = False  # the seat in the building period has built a tile or a building
    moved: int = -1  # the worker moved this turn
    landed: Hex | None = None  # where it landed
    casts: int = 0  # spells cast this turn that count toward the limit
    stride: int = 0  # Stride's -1 / +1 for this turn's move
    teleport: bool = False
    resume: str = ""  # the phase to go back to when the tasks are done
    queue: tuple[Task, ...] = ()
    task: Task | None = None  # the step waiting for the seat's choice
    drawn: tuple[int, ...] = ()  # cards drawn and waiting for KeepCard
    paying: dict[str, int] | None = None  # a cost being paid with a discount still to choose
    received: frozenset[str] = frozenset()  # basic resources an action has given (Workshop)
    end_round: int = 0  # the last round, once an end condition has been met
    end_reason: str = ""
    hidden: bool = False  # True in a seat's view
    notices: list[dict] = field(default_factory=list, metadata=FRESH)  # what the last action caused
    memo: dict = field(default_factory=dict, compare=False, repr=False, metadata=FRESH)

    if TYPE_CHECKING:
        def copy(self) -> State: ...  # made by copy_from_fields
