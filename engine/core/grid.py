"""Board geometry: square and hex grids, and connected regions (islands, oases, road networks).

Pure Python. Cells are (col, row) tuples on square grids and axial (q, r)
tuples on hex grids. Directions are numbered clockwise from north (square) or
from the first side given by the grid's orientation (hex).
"""
from __future__ import annotations

import math
from typing import Callable, Hashable, Iterable, TypeVar

Cell = tuple[int, int]
T = TypeVar("T", bound=Hashable)


class SquareGrid:
    """A width x height grid of squares; directions 0..3 are N, E, S, W."""

    DIRS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
    NAMES = ("N", "E", "S", "W")
    SIDES = 4

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height

    def inside(self, cell: Cell) -> bool:
        c, r = cell
        return 0 <= c < self.width and 0 <= r < self.height

    def cells(self) -> list[Cell]:
        return [(c, r) for r in range(self.height) for c in range(self.width)]

    @classmethod
    def step(cls, cell: Cell, d: int) -> Cell:
        dc, dr = cls.DIRS[d]
        return (cell[0] + dc, cell[1] + dr)

    @staticmethod
    def opposite(d: int) -> int:
        return (d + 2) % 4

    def neighbours(self, cell: Cell) -> list[Cell]:
        return [n for n in (self.step(cell, d) for d in range(4)) if self.inside(n)]

    @classmethod
    def direction_to(cls, a: Cell, b: Cell) -> int | None:
        """The direction from a to an orthogonally adjacent b, or None if not adjacent."""
        delta = (b[0] - a[0], b[1] - a[1])
        try:
            return cls.DIRS.index(delta)
        except ValueError:
            return None

    def walks(
        self,
        start: Cell,
        steps: int,
        can_step: Callable[[Cell, Cell], bool] | None = None,
        can_enter: Callable[[Cell], bool] | None = None,
    ) -> dict[Cell, tuple[Cell, ...]]:
        """Every cell a walk of exactly `steps` orthogonal steps can end on without revisiting, with a path each."""

        def open_sides(cell: Cell) -> list[Cell]:
            return [
                n for n in self.neighbours(cell)
                if (can_enter is None or can_enter(n)) and (can_step is None or can_step(cell, n))
            ]

        return walks(start, steps, open_sides)


Sides = TypeVar("Sides", str, tuple)  # a side list keeps its type when turned


def rotate_sides(sides: Sides, quarter_turns: int, n: int = 4) -> Sides:
    """Sides listed clockwise from north, after turning the piece clockwise `quarter_turns` steps."""
    k = quarter_turns % n
    if k == 0:
        return sides
    return sides[-k:] + sides[:-k]


def rotate_dir(d: int, turns: int, n: int = 4) -> int:
    """Where side `d` of a piece lies after turning it clockwise `turns` steps."""
    return (d + turns) % n


class HexGrid:
    """Hexagons in axial coordinates (q, r); 'pointy' or 'flat' top. Directions 0..5 clockwise."""

    SIDES = 6
    _POINTY = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # NE, E, SE, SW, W, NW
    _FLAT = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N, NE, SE, S, SW, NW

    def __init__(self, cells: Iterable[Cell], orientation: str = "pointy") -> None:
        if orientation not in ("pointy", "flat"):
            raise ValueError("hex orientation must be 'pointy' or 'flat'")
        self.orientation = orientation
        self._cells = frozenset(cells)
        self.DIRS = self._POINTY if orientation == "pointy" else self._FLAT

    @classmethod
    def hexagon(cls, radius: int, orientation: str = "pointy") -> "HexGrid":
        """A hexagon-shaped board with `radius` rings around the centre."""
        cells = [
            (q, r)
            for q in range(-radius, radius + 1)
            for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
        ]
        return cls(cells, orientation)

    def inside(self, cell: Cell) -> bool:
        return cell in self._cells

    def cells(self) -> list[Cell]:
        return sorted(self._cells, key=lambda c: (c[1], c[0]))

    def step(self, cell: Cell, d: int) -> Cell:
        dq, dr = self.DIRS[d]
        return (cell[0] + dq, cell[1] + dr)

    @staticmethod
    def opposite(d: int) -> int:
        return (d + 3) % 6

    def neighbours(self, cell: Cell) -> list[Cell]:
        return [n for n in (self.step(cell, d) for d in range(6)) if self.inside(n)]

    def direction_to(self, a: Cell, b: Cell) -> int | None:
        delta = (b[0] - a[0], b[1] - a[1])
        try:
            return self.DIRS.index(delta)
        except ValueError:
            return None

    @staticmethod
    def distance(a: Cell, b: Cell) -> int:
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def to_pixel(self, cell: Cell, size: float) -> tuple[float, float]:
        """Centre of a hex of circumradius `size`, in the same units."""
        q, r = cell
        if self.orientation == "pointy":
            return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r
        return size * 1.5 * q, size * math.sqrt(3) * (r + q / 2)

    def from_pixel(self, x: float, y: float, size: float) -> Cell:
        """The axial cell containing a point (rounded through cube coordinates)."""
        if self.orientation == "pointy":
            q = (math.sqrt(3) / 3 * x - y / 3) / size
            r = (2 / 3 * y) / size
        else:
            q = (2 / 3 * x) / size
            r = (-x / 3 + math.sqrt(3) / 3 * y) / size
        return cube_round(q, r)


def cube_round(q: float, r: float) -> Cell:
    """The axial cell nearest a fractional axial position."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # Rounding each of the three on its own can break q + r + s = 0: fix the one that moved most.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


class UnionFind:
    """Disjoint sets over hashable items, with path halving and union by size."""

    def __init__(self, items: Iterable[T] = ()) -> None:
        self.parent: dict = {}
        self.size: dict = {}
        for item in items:
            self.add(item)

    def add(self, item) -> None:
        if item not in self.parent:
            self.parent[item] = item
            self.size[item] = 1

    def find(self, item):
        parent = self.parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]

    def groups(self) -> list[list]:
        out: dict = {}
        for item in self.parent:
            out.setdefault(self.find(item), []).append(item)
        return list(out.values())


def regions(items: Iterable[T], linked: Callable[[T], Iterable[T]]) -> list[list[T]]:
    """Connected groups of `items`, where `linked(x)` lists the items x is joined to."""
    items = list(items)
    uf = UnionFind(items)
    for item in items:
        for other in linked(item):
            if other in uf.parent:
                uf.union(item, other)
    return uf.groups()


def walks(start: T, steps: int, neighbours: Callable[[T], Iterable[T]]) -> dict[T, tuple[T, ...]]:
    """Every place a walk of exactly `steps` steps reaches without revisiting, each with its first path.

    `neighbours(place)` lists the places one step on that the walker may enter; it is asked
    once per place, so it may be costly. Paths start with `start` and are found trying
    neighbours in the order given, so the answer is the same every time.
    """
    if steps < 0:
        raise ValueError(f"a walk cannot have {steps} steps")
    found: dict[T, tuple[T, ...]] = {}
    asked: dict[T, tuple[T, ...]] = {}
    path: list[T] = [start]
    on_path: set[T] = {start}

    def onward(place: T) -> tuple[T, ...]:
        known = asked.get(place)
        if known is None:
            known = asked[place] = tuple(neighbours(place))
        return known

    def extend(place: T, left: int) -> None:
        if left == 1:
            # The last step needs no bookkeeping: record each free neighbour straight away.
            for nxt in onward(place):
                if nxt not in on_path and nxt not in found:
                    found[nxt] = (*path, nxt)
            return
        for nxt in onward(place):
            if nxt in on_path:
                continue
            path.append(nxt)
            on_path.add(nxt)
            extend(nxt, left - 1)
            path.pop()
            on_path.discard(nxt)

    if steps == 0:
        return {start: (start,)}
    try:
        extend(start, steps)
    finally:
        # `extend` calls itself, so it holds itself through its closure: a reference cycle that only the cyclic
        # collector frees, and the search pauses that collector while it thinks (engine/core/search.py). Let
        # go of it here, so every walk is freed as soon as it is done.
        del extend
    return found
