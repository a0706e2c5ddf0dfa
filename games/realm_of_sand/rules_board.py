"""Realm of Sand's board geometry, worked out once from the catalogue: tile placements, pattern embeddings.

Pure Python. A board is a tuple of cell entries (see rules_state); what a position needs again and again
(which cells are taken, which hold a piece of each pattern colour) is a bit mask, cell n being bit n, and
is kept per board tuple (boards are shared between states until they change). Every placement of every
tile in every orientation that lays it down differently, and every embedding of every card's pattern
under the allowed transforms, is listed here once, so legal_actions only filters lists.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core.orientation import ALL, IDENTITY, Orientation, distinct
from games.realm_of_sand.catalogue import Catalogue
from games.realm_of_sand.rules_state import PlaceTile

MIRROR = Orientation(0, True)
TRANSFORMS = {"mirror": (IDENTITY, MIRROR), "all8": ALL}
PATTERN_LETTERS = ("G", "R", "K", "B", "Y")
DISC_OF = {"G": "g", "R": "r", "K": "k", "B": "b", "Y": "y"}
COLOUR_OF = {"g": "G", "r": "R", "k": "K", "b": "B", "y": "Y", "G": "G", "R": "R", "K": "K"}


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile laid one way at one anchor: its cells (cell numbers, in the tile's cell order) and colours."""

    action: PlaceTile  # the action that lays it (with the listed orientation)
    cells: tuple[int, ...]
    colours: str
    mask: int
    dark: int  # the mask of its dark cells


@dataclass(frozen=True, slots=True)
class Embedding:
    """One way a card's pattern lies on the board: its cells (sorted) and, per colour letter, the cells needing it."""

    cells: tuple[int, ...]
    mask: int
    needs: tuple[tuple[str, int], ...]  # (letter, mask of the cells that need it)


@dataclass(frozen=True, slots=True)
class Lay:
    """A card's pattern laid one way, for finding every anchor at once: the anchors where its box fits, each
    pattern cell as (shift from the anchor's bit, letter), and the sorted cells it covers from each anchor."""

    anchors: int
    shifts: tuple[tuple[int, str], ...]
    cells: dict[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Masks:
    """What the rules read of one board, as bit masks."""

    occupied: int
    squares: int
    discs: int
    satisfies: dict[str, int]  # pattern letter -> cells whose piece matches it


class Geometry:
    """The board's shape and every placement and embedding, worked out once per catalogue and transform set."""

    def __init__(self, cat: Catalogue) -> None:
        self.cat = cat
        self.width, self.height = cat.width, cat.height
        self.size = self.width * self.height
        self.full = (1 << self.size) - 1
        self.light = sum(1 << self.index(c) for c in cat.light)
        self.dark = self.full & ~self.light
        self.crystals = {b.colour: sum(1 << self.index(c) for c in b.crystals) for b in cat.boards}
        self.lies: list[tuple[Orientation, ...]] = []  # per tile: the orientations listed
        self.same_as: list[dict[Orientation, Orientation]] = []  # per tile: any lie -> the listed one
        self.placements: list[tuple[Placement, ...]] = []
        self.by_action: dict[PlaceTile, Placement] = {}
        for tile in cat.tiles:
            listed = distinct(tile.cells, tuple(tile.colours))
            self.lies.append(listed)
            look = {lie: frozenset(zip(lie.apply(tile.cells), tile.colours)) for lie in ALL}
            self.same_as.append({lie: next(k for k in listed if look[k] == look[lie]) for lie in ALL})
            out = []
            for lie in listed:
                offsets = lie.apply(tile.cells)
                w = max(x for x, _ in offsets) + 1
                h = max(y for _, y in offsets) + 1
                for ay in range(self.height - h + 1):
                    for ax in range(self.width - w + 1):
                        cells = tuple(self.index((ax + dx, ay + dy)) for dx, dy in offsets)
                        mask = sum(1 << c for c in cells)
                        place = Placement(PlaceTile(tile.index, lie.turns, lie.flipped, ax, ay), cells,
                                          tile.colours, mask, mask & self.dark)
                        out.append(place)
                        self.by_action[place.action] = place
            self.placements.append(tuple(out))
        self._embeddings: dict[str, tuple[tuple[Embedding, ...], ...]] = {}
        self._lays: dict[str, tuple[tuple[Lay, ...], ...]] = {}

    def index(self, cell: tuple[int, int]) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> tuple[int, int]:
        return (index % self.width, index // self.width)

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def offsets(self, tile: int, lie: Orientation) -> tuple[tuple[int, int], ...]:
        """The tile's cells laid this way, moved so the top-left corner of their box is (0, 0)."""
        return lie.apply(self.cat.tiles[tile].cells)

    # ------------------------------------------------------------------ card patterns
    def embeddings(self, transforms: str) -> tuple[tuple[Embedding, ...], ...]:
        """Per card: every way its pattern fits the board under these transforms (mirror or all8)."""
        known = self._embeddings.get(transforms)
        if known is None:
            known = self._embeddings[transforms] = tuple(self._card_embeddings(card.cells, transforms)
                                                         for card in self.cat.cards)
        return known

    def lays(self, transforms: str) -> tuple[tuple[Lay, ...], ...]:
        """Per card: each way its pattern lies differently under these transforms (see Lay and matching_cells)."""
        known = self._lays.get(transforms)
        if known is None:
            known = self._lays[transforms] = tuple(self._card_lays(card.cells, transforms) for card in self.cat.cards)
        return known

    def _card_lays(self, pattern: tuple[tuple[int, int, str], ...], transforms: str) -> tuple[Lay, ...]:
        letters = [ch for _, _, ch in pattern]
        seen: set[frozenset[tuple[tuple[int, int], str]]] = set()
        out = []
        for lie in TRANSFORMS[transforms]:
            offsets = lie.apply((x, y) for x, y, _ in pattern)
            look = frozenset(zip(offsets, letters))
            if look in seen:
                continue
            seen.add(look)
            w = max(x for x, _ in offsets) + 1
            h = max(y for _, y in offsets) + 1
            anchors = 0
            cells: dict[int, tuple[int, ...]] = {}
            for ay in range(self.height - h + 1):
                for ax in range(self.width - w + 1):
                    a = self.index((ax, ay))
                    anchors |= 1 << a
                    cells[a] = tuple(sorted(self.index((ax + dx, ay + dy)) for dx, dy in offsets))
            shifts = tuple((self.index((dx, dy)), ch) for (dx, dy), ch in zip(offsets, letters))
            out.append(Lay(anchors, shifts, cells))
        return tuple(out)

    def _card_embeddings(self, pattern: tuple[tuple[int, int, str], ...], transforms: str) -> tuple[Embedding, ...]:
        seen: set[frozenset[tuple[int, str]]] = set()
        out = []
        for lie in TRANSFORMS[transforms]:
            offsets = lie.apply((x, y) for x, y, _ in pattern)
            letters = [ch for _, _, ch in pattern]
            w = max(x for x, _ in offsets) + 1
            h = max(y for _, y in offsets) + 1
            for ay in range(self.height - h + 1):
                for ax in range(self.width - w + 1):
                    cells = [self.index((ax + dx, ay + dy)) for dx, dy in offsets]
                    key = frozenset(zip(cells, letters))
                    if key in seen:
                        continue
                    seen.add(key)
                    needs: dict[str, int] = {}
                    for c, ch in zip(cells, letters):
                        needs[ch] = needs.get(ch, 0) | 1 << c
                    out.append(Embedding(tuple(sorted(cells)), sum(1 << c for c in cells), tuple(needs.items())))
        return tuple(out)


@lru_cache(maxsize=4096)
def masks(cells: tuple[str, ...]) -> Masks:
    """The bit masks of one board (kept per board tuple: a board is shared by states until it changes)."""
    occupied = squares = discs = 0
    satisfies = dict.fromkeys(PATTERN_LETTERS, 0)
    for i, piece in enumerate(cells):
        if not piece:
            continue
        bit = 1 << i
        occupied |= bit
        if piece.isupper():
            squares |= bit
        else:
            discs |= bit
        satisfies[COLOUR_OF[piece]] |= bit
    return Masks(occupied, squares, discs, satisfies)


def matches(embedding: Embedding, sat: dict[str, int]) -> bool:
    """Whether every cell of the embedding holds a piece its letter accepts."""
    for letter, need in embedding.needs:
        if sat[letter] & need != need:
            return False
    return True


def matching_cells(lays: tuple[Lay, ...], sat: dict[str, int]) -> list[tuple[int, ...]]:
    """Every cell set (sorted) on which one of these lays of a pattern finds matching pieces, each once.

    All anchors of a lay are tested together: the anchors whose cell at a pattern cell's shift holds a
    matching piece are `sat[letter] >> shift`; their AND over the pattern's cells is the matching anchors."""
    out: list[tuple[int, ...]] = []
    for lay in lays:
        m = lay.anchors
        for shift, letter in lay.shifts:
            m &= sat[letter] >> shift
            if not m:
                break
        while m:
            low = m & -m
            cells = lay.cells[low.bit_length() - 1]
            if cells not in out:
                out.append(cells)
            m ^= low
    return out
