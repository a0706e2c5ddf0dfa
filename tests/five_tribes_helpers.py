"""Scenario builders for Five Tribes rules tests: lay out a chosen board, put meeples, cards and
Djinns straight into a state, and start a chosen seat's turn. Everything is moved from its supply
(bag, decks), so a built state still passes check_invariants.
"""
from __future__ import annotations

from engine.core.rules import Seat
from games.five_tribes.rules import FiveTribesRules
from games.five_tribes.rules_state import EMPTY, NOBODY, TRIBES, Layout, State

_RULES: FiveTribesRules | None = None

# One letter per tile kind, for boards drawn as text in tests.
LETTERS = {
    "L": "large_market", "s": "small_market", "O": "oasis", "V": "village", "6": "sacred_6",
    "T": "sacred_10", "W": "sacred_12", "F": "sacred_15", "B": "city_blue_1", "b": "city_blue_2",
    "R": "city_red_1", "~": "great_lake",
}

# The standard test board: 6 x 6, Great Lake at row 2, column 2 (as in five-tribes-whims.md §2.10).
BOARD = [
    "sLOVs6",
    "OsVBLs",
    "T6~sOV",
    "sRVLsO",
    "BWs6Fb",
    "LsOVRs",
]


def rules() -> FiveTribesRules:
    global _RULES
    if _RULES is None:
        _RULES = FiveTribesRules()
    return _RULES


def seats(n: int) -> list[Seat]:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:n]
    colours = ["red", "yellow", "white", "black", "purple"]
    return [Seat(i, name, colours[i]) for i, name in enumerate(names)]


def new_game(n: int = 3, seed: int = 1, **options) -> State:
    return rules().setup(seats(n), seed, options)


def cell(r: int, c: int, width: int = 6) -> int:
    return r * width + c


def set_board(s: State, grid: list[str] | None = None) -> State:
    """Lay out the board drawn as text (letters of LETTERS), with every meeple back in the bag."""
    grid = grid or BOARD
    kinds = tuple(LETTERS[ch] for row in grid for ch in row)
    lake = kinds.index("great_lake") if "great_lake" in kinds else -1
    s.layout = Layout(s.layout.board, len(grid[0]), len(grid), kinds, lake)
    clear(s)
    cards = [w for w in s.whim_on if w is not None]
    s.whim_deck += cards
    s.whim_on = [None] * len(kinds)
    return s


def clear(s: State) -> State:
    """Every meeple on the board back into the bag."""
    for t, m in enumerate(s.meeples):
        s.bag = [a + b for a, b in zip(s.bag, m)]
        s.meeples[t] = EMPTY
    return s


def put(s: State, tile: int, *colours: str) -> State:
    """Add meeples of these tribes to a tile, taken from the bag."""
    counts = list(s.meeples[tile])
    for colour in colours:
        c = TRIBES.index(colour)
        assert s.bag[c] > 0, f"no {colour} left in the bag"
        s.bag[c] -= 1
        counts[c] += 1
    s.meeples[tile] = tuple(counts)
    return s


def own(s: State, seat: int, *tiles: int) -> State:
    """Put one of the seat's camels on each tile."""
    for t in tiles:
        assert s.owner[t] == NOBODY
        s.owner[t] = seat
        s.players[seat].camels -= 1
    return s


def court(s: State, seat: int, viziers: int = 0, elders: int = 0) -> State:
    """Give a seat Viziers and Elders from the bag."""
    s.bag[0] -= viziers
    s.bag[1] -= elders
    s.players[seat].viziers += viziers
    s.players[seat].elders += elders
    assert min(s.bag) >= 0
    return s


def give_cards(s: State, seat: int, *cards: str) -> State:
    """Give a seat resource cards, taken from the deck (or the discards, or the row)."""
    p = s.players[seat]
    for card in cards:
        for pile in (s.deck, s.discard):
            if card in pile:
                pile.remove(card)
                break
        else:
            s.row[s.row.index(card)] = None
        if card == "fakir":
            p.fakirs += 1
        else:
            p.goods[card] += 1
    return s


def give_djinn(s: State, seat: int, djinn: str) -> State:
    """Give a seat a Djinn, taken from wherever it lies."""
    for pile in (s.djinn_deck, s.djinn_discard):
        if djinn in pile:
            pile.remove(djinn)
            break
    else:
        if djinn in s.djinn_row:
            s.djinn_row[s.djinn_row.index(djinn)] = None
        else:
            raise LookupError(f"{djinn} is not in this game's Djinns")
    s.players[seat].djinns.append(djinn)
    return s


def row_first(s: State, *cards: str) -> State:
    """Make these cards the first of the resource row; cards pushed out go back to the deck."""
    rest = [c for c in s.row if c is not None]
    for card in cards:
        if card in rest:
            rest.remove(card)
        else:
            s.deck.remove(card)
            s.deck.append(rest.pop())
    s.row = list(cards) + rest
    return s


def djinn_row(s: State, *djinns: str) -> State:
    """Make these Djinns the face-up row (the ones there go back to the deck)."""
    for d in s.djinn_row:
        if d is not None:
            s.djinn_deck.append(d)
    s.djinn_row = []
    for d in djinns:
        s.djinn_deck.remove(d)
        s.djinn_row.append(d)
    return s


def at_turn(s: State, seat: int, begin: bool = False) -> State:
    """Make it the start of `seat`'s turn in the play phase, the other markers to follow.

    begin=True runs the rules' own start of a turn (which also looks for a legal move);
    otherwise the turn simply starts, for scenes whose meeples are put on afterwards.
    """
    markers = sorted(range(len(s.marker_seat)), key=lambda m: (s.marker_seat[m] != seat, m))
    s.order = markers
    s.turn = 0
    s.track = [[] for _ in s.levels]
    for level, m in enumerate(markers):
        s.track[level] = [m]
    s.bid_track = [None] * len(markers)
    if begin:
        rules()._begin_turn(s)
        return s
    s.track[0] = []
    s.bid_track[0] = markers[0]
    s.marker = markers[0]
    s.phase = "start"
    return s


def play(s: State, *actions) -> State:
    """Apply actions one by one, failing with the refusal if one is illegal."""
    r = rules()
    for a in actions:
        reason = r.why_illegal(s, a)
        assert reason is None, f"{a} refused: {reason}"
        s = r.apply(s, a)
    return s


def drops(*steps) -> list:
    """Drop actions from (tile, colour) pairs."""
    from games.five_tribes.rules_state import Drop

    return [Drop(t, c) for t, c in steps]
