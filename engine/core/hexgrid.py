"""Hex geometry for boards of hex tiles: axial cells, Tiled's offset cells, pixels, edges and walks.

Pure Python. A cell is an axial (q, r) tuple. Pointy-top hexes have q pointing east and r
south-east; flat-top hexes q south-east and r south. Directions 0..5 run clockwise, starting
at the first side at or after north (pointy: NE, E, SE, SW, W, NW; flat: N, NE, SE, S, SW, NW),
the same numbering as engine.core.grid.HexGrid, so turning a tile clockwise by k moves its side
d to (d + k) % 6, as rotate_sides/rotate_dir in grid.py expect.

Pixels here are world units of any scale (y grows downwards, as on screen): a HexLayout says
how big a hex is and where cell (0, 0) sits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Container, Iterable

from engine.core import grid

Hex = tuple[int, int]
Point = tuple[float, float]

POINTY = "pointy"
FLAT = "flat"
ORIENTATIONS = (POINTY, FLAT)

# Clockwise from the first side at or after north; the same tables as grid.HexGrid.
DIRECTIONS: dict[str, tuple[Hex, ...]] = {
    POINTY: ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
    FLAT: ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
}
DIRECTION_NAMES: dict[str, tuple[str, ...]] = {
    POINTY: ("NE", "E", "SE", "SW", "W", "NW"),
    FLAT: ("N", "NE", "SE", "S", "SW", "NW"),
}
_STEPS = frozenset(DIRECTIONS[POINTY])
_WALK_STEPS = DIRECTIONS[POINTY]  # walks try sides in this order, so their paths never depend on orientation
# Screen angle (degrees clockwise from east) of direction 0; each next direction is 60° further.
_FIRST_ANGLE = {POINTY: -60.0, FLAT: -90.0}
_SQRT3 = math.sqrt(3.0)


def _check_orientation(orientation: str) -> None:
    if orientation not in ORIENTATIONS:
        raise ValueError(f"hex orientation must be 'pointy' or 'flat', not {orientation!r}")


# ---------------------------------------------------------------- neighbours


def neighbour(cell: Hex, d: int, orientation: str = POINTY) -> Hex:
    """The cell beside `cell` across side `d`."""
    dq, dr = DIRECTIONS[orientation][d % 6]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: Hex, orientation: str = POINTY) -> tuple[Hex, ...]:
    """The 6 cells around `cell`, in direction order."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS[orientation])


def direction_to(a: Hex, b: Hex, orientation: str = POINTY) -> int | None:
    """The side of `a` that faces the adjacent cell `b`, or None if they are not neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS[orientation].index(delta)
    except ValueError:
        return None


def opposite(d: int) -> int:
    """The side facing side `d` of the neighbour across it."""
    return (d + 3) % 6


def adjacent(a: Hex, b: Hex) -> bool:
    """True when `a` and `b` share an edge."""
    return (b[0] - a[0], b[1] - a[1]) in _STEPS


def distance(a: Hex, b: Hex) -> int:
    """Steps between two cells on an open hex plane."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The cells exactly `radius` steps from `centre`, walking clockwise round the ring."""
    if radius < 0:
        raise ValueError("a ring's radius cannot be negative")
    if radius == 0:
        return [centre]
    steps = DIRECTIONS[POINTY]
    # Start `radius` steps towards W (pointy index 4), then walk each side of the ring in turn.
    q, r = centre[0] + steps[4][0] * radius, centre[1] + steps[4][1] * radius
    cells = []
    for d in range(6):
        dq, dr = steps[d]
        for _ in range(radius):
            cells.append((q, r))
            q, r = q + dq, r + dr
    return cells


def within(centre: Hex, radius: int) -> list[Hex]:
    """Every cell at most `radius` steps from `centre`, ring by ring outwards."""
    return [cell for k in range(radius + 1) for cell in ring(centre, k)]


def rotate(cell: Hex, turns: int, about: Hex = (0, 0)) -> Hex:
    """`cell` after turning the plane clockwise by `turns` sixths of a turn about `about`."""
    q, r = cell[0] - about[0], cell[1] - about[1]
    s = -q - r
    for _ in range(turns % 6):
        # One clockwise sixth in cube coordinates (screen y down); the same for both orientations.
        q, r, s = -r, -s, -q
    return (q + about[0], r + about[1])


def rotate_offsets(offsets: Iterable[Hex], turns: int) -> tuple[Hex, ...]:
    """A hex shape's cells turned clockwise by `turns` sixths, in the same order, about (0, 0)."""
    return tuple(rotate(cell, turns) for cell in offsets)


# ------------------------------------------------------------ offset cells


@dataclass(frozen=True, slots=True)
class Stagger:
    """How Tiled numbers a hex map's cells: which axis is staggered and whether odd or even lines shift."""

    axis: str  # "y": rows shift sideways (pointy-top hexes); "x": columns shift down (flat-top)
    index: str  # "odd" or "even": which rows (columns) sit half a hex further right (down)

    def __post_init__(self) -> None:
        if self.axis not in ("x", "y"):
            raise ValueError(f"stagger axis must be 'x' or 'y', not {self.axis!r}")
        if self.index not in ("odd", "even"):
            raise ValueError(f"stagger index must be 'odd' or 'even', not {self.index!r}")

    @property
    def orientation(self) -> str:
        return POINTY if self.axis == "y" else FLAT

    def shifted(self, line: int) -> bool:
        """True when row (axis y) or column (axis x) number `line` is pushed half a hex along."""
        return bool(line & 1) == (self.index == "odd")

    def to_axial(self, col: int, row: int) -> Hex:
        """The axial cell of Tiled's (column, row)."""
        odd = self.index == "odd"
        if self.axis == "y":
            return (col - (row - (row & 1) if odd else row + (row & 1)) // 2, row)
        return (col, row - (col - (col & 1) if odd else col + (col & 1)) // 2)

    def to_offset(self, cell: Hex) -> tuple[int, int]:
        """Tiled's (column, row) of an axial cell."""
        q, r = cell
        odd = self.index == "odd"
        if self.axis == "y":
            return (q + (r - (r & 1) if odd else r + (r & 1)) // 2, r)
        return (q, r + (q - (q & 1) if odd else q + (q & 1)) // 2)


# ------------------------------------------------------------------- edges


@dataclass(frozen=True, slots=True, order=True)
class Edge:
    """The side shared by two adjacent cells; Edge(a, b) == Edge(b, a) (stored sorted)."""

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        a, b = (int(self.a[0]), int(self.a[1])), (int(self.b[0]), int(self.b[1]))
        if not adjacent(a, b):
            raise ValueError(f"cells {a} and {b} are not neighbours, so no edge lies between them")
        if b < a:
            a, b = b, a
        # Frozen dataclass: its own constructor is the one place allowed to settle the fields.
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    @classmethod
    def _of_neighbours(cls, a: Hex, b: Hex) -> Edge:
        """An edge of two cells already known to be adjacent tuples: a third of the constructor's cost."""
        # Walks make one edge per step they try; skipping the checks keeps a 3-step walk cheap.
        made = object.__new__(cls)
        if b < a:
            a, b = b, a
        object.__setattr__(made, "a", a)
        object.__setattr__(made, "b", b)
        return made

    @property
    def cells(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def touches(self, cell: Hex) -> bool:
        return cell == self.a or cell == self.b

    def other(self, cell: Hex) -> Hex:
        """The cell across this edge from `cell`."""
        if cell == self.a:
            return self.b
        if cell == self.b:
            return self.a
        raise ValueError(f"cell {cell} is not beside edge {self.a}-{self.b}")

    def to_dict(self) -> dict[str, list[int]]:
        return {"a": list(self.a), "b": list(self.b)}

    @classmethod
    def from_dict(cls, data: dict[str, list[int]]) -> Edge:
        return cls(tuple(data["a"]), tuple(data["b"]))  # type: ignore[arg-type]


def edge(cell: Hex, d: int, orientation: str = POINTY) -> Edge:
    """The edge on side `d` of `cell`."""
    return Edge(cell, neighbour(cell, d, orientation))


def edges_of(cell: Hex, orientation: str = POINTY) -> tuple[Edge, ...]:
    """The 6 edges of a cell, in direction order."""
    return tuple(Edge._of_neighbours(cell, n) for n in neighbours(cell, orientation))


# ------------------------------------------------------------------ pixels


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Where hexes lie in a plane: orientation, size (centre to corner) and the centre of cell (0, 0)."""

    orientation: str = POINTY
    size: float = 1.0
    origin: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        _check_orientation(self.orientation)
        if not self.size > 0:
            raise ValueError(f"hex size must be positive, not {self.size!r}")

    @classmethod
    def fitted(cls, cells: Iterable[Hex], orientation: str = POINTY, size: float = 1.0,
               margin: float = 0.0) -> tuple[HexLayout, tuple[float, float]]:
        """A layout putting the cells' outline at (margin, margin), and the width and height then needed."""
        cells = list(cells)
        if not cells:
            raise ValueError("no cells to lay out")
        left, top, right, bottom = cls(orientation, size).bounds(cells)
        layout = cls(orientation, size, (margin - left, margin - top))
        return layout, (right - left + 2 * margin, bottom - top + 2 * margin)

    def to_pixel(self, cell: Hex) -> Point:
        """Centre of a cell."""
        q, r = cell
        s = self.size
        if self.orientation == POINTY:
            return (self.origin[0] + s * _SQRT3 * (q + r / 2), self.origin[1] + s * 1.5 * r)
        return (self.origin[0] + s * 1.5 * q, self.origin[1] + s * _SQRT3 * (r + q / 2))

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        """The axial (q, r) of a point, not rounded."""
        x, y = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        if self.orientation == POINTY:
            return (_SQRT3 / 3 * x - y / 3, 2 / 3 * y)
        return (2 / 3 * x, -x / 3 + _SQRT3 / 3 * y)

    def hex_at(self, x: float, y: float) -> Hex:
        """The cell containing a point (cube rounding, so corners and sides go to a true nearest cell)."""
        return cube_round(*self.fractional(x, y))

    def corners(self, cell: Hex) -> list[Point]:
        """The 6 corners of a cell, clockwise; side d runs from corner d to corner d + 1."""
        cx, cy = self.to_pixel(cell)
        s = self.size
        return [(cx + s * ux, cy + s * uy) for ux, uy in _UNIT_CORNERS[self.orientation]]

    def edge_segment(self, side: Edge) -> tuple[Point, Point]:
        """The two end points of an edge (always worked out from its first cell, so they never differ)."""
        d = direction_to(side.a, side.b, self.orientation)
        assert d is not None  # an Edge is only ever made of two neighbours
        corners = self.corners(side.a)
        return corners[d], corners[(d + 1) % 6]

    def edge_at(self, x: float, y: float, max_distance: float,
                allowed: Container[Edge] | None = None) -> Edge | None:
        """The edge nearest a point if it lies within `max_distance`; only `allowed` edges when given."""
        here = self.hex_at(x, y)
        if allowed is None:
            # The point lies in `here`, so no edge is nearer than the nearest of its own sides.
            candidates: Iterable[Edge] = edges_of(here, self.orientation)
        else:
            # A cell n steps away has its centre at least 1.5 * n * size away: search that far only.
            reach = math.ceil((max_distance + 2 * self.size) / (1.5 * self.size))
            candidates = {e for cell in within(here, reach) for e in edges_of(cell) if e in allowed}
        best: tuple[float, Edge] | None = None
        for side in candidates:
            (ax, ay), (bx, by) = self.edge_segment(side)
            far = segment_distance(x, y, ax, ay, bx, by)
            if far <= max_distance and (best is None or (far, side) < best):
                best = (far, side)
        return None if best is None else best[1]

    def bounds(self, cells: Iterable[Hex]) -> tuple[float, float, float, float]:
        """Left, top, right, bottom of the cells' outlines."""
        xs: list[float] = []
        ys: list[float] = []
        for cell in cells:
            for x, y in self.corners(cell):
                xs.append(x)
                ys.append(y)
        if not xs:
            raise ValueError("no cells to measure")
        return (min(xs), min(ys), max(xs), max(ys))


def _unit_corners(orientation: str) -> tuple[Point, ...]:
    # Corner d sits half a side anticlockwise of direction d's middle.
    first = _FIRST_ANGLE[orientation] - 30.0
    angles = [math.radians(first + 60.0 * i) for i in range(6)]
    return tuple((math.cos(a), math.sin(a)) for a in angles)


_UNIT_CORNERS = {o: _unit_corners(o) for o in ORIENTATIONS}


cube_round = grid.cube_round  # the cell nearest a fractional axial position (one rounding for both grids)


def segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point p to the segment a-b."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


# ------------------------------------------------------------------- walks


def walks(
    start: Hex,
    steps: int,
    can_cross: Callable[[Edge, Hex, Hex], bool] | None,
    can_enter: Callable[[Hex], bool],
) -> dict[Hex, tuple[Hex, ...]]:
    """Every cell a walk of exactly `steps` steps can end on, never entering a cell twice (nor the start).

    Each end cell comes with one path to it (start first), the first found trying sides in
    direction order. `can_cross(edge, from_cell, to_cell)` says whether this step may cross
    (roads, barricades); `can_enter(cell)` whether the walker may pass through or stop on a
    cell (on the map, no worker of its own there).
    """

    cell_of = (int(start[0]), int(start[1]))
    make_edge = Edge._of_neighbours

    def open_sides(cell: Hex) -> list[Hex]:
        q, r = cell
        steps = [(q + dq, r + dr) for dq, dr in _WALK_STEPS]
        if can_cross is None:
            return [n for n in steps if can_enter(n)]
        return [n for n in steps if can_enter(n) and can_cross(make_edge(cell, n), cell, n)]

    return grid.walks(cell_of, steps, open_sides)
