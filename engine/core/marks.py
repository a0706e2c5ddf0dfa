"""The seats' marks as data: one geometry for the badge and for every piece.

A seat is told apart by its mark as well as its hue (data/seats.yaml). The
five marks are defined here once, in a unit box: centre (0, 0), radius 1,
y downwards (screen and SVG coordinates). Both sides draw from these
primitives, scaled by the radius of the box they fill:

  * engine/ui/theme.py ``draw_mark`` (pygame): seat badges and drawn pieces;
  * art/svgkit.py ``seat_mark`` (SVG): the pieces' art written by the art scripts.

Primitives:

  * ``Disc``: a filled circle;
  * ``Ring``: a circle's outline, ``r`` its centre line and ``width`` its
    stroke (from r - width/2 to r + width/2);
  * ``Polygon``: a filled, simple polygon (strokes such as the cross's arms
    and the stripes are written as their outlines, so every renderer fills
    the same area; nanosvg draws no clip paths).

Pure Python: no pygame, no I/O.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Union

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Disc:
    """A filled circle."""

    cx: float
    cy: float
    r: float


@dataclass(frozen=True, slots=True)
class Ring:
    """A circle's outline: centre-line radius r, stroke width `width`."""

    cx: float
    cy: float
    r: float
    width: float

    @property
    def outer(self) -> float:
        return self.r + self.width / 2

    @property
    def inner(self) -> float:
        return self.r - self.width / 2


@dataclass(frozen=True, slots=True)
class Polygon:
    """A filled simple polygon, its corners in order."""

    points: tuple[Point, ...]


Primitive = Union[Disc, Ring, Polygon]

# --------------------------------------------------------------------------
# proportions, as fractions of the box's radius
# --------------------------------------------------------------------------
DOT_RADIUS = 0.42           # red: a dot
RING_OUTER = 0.56           # black: a ring ...
RING_WIDTH = 0.20           # ... this thick
CROSS_ARM = 0.62            # white: an upright cross "+", arms from the centre to 0.62 ...
CROSS_THICKNESS = 0.28      # ... this thick
DIAMOND_HALF = 0.62         # purple: a square diamond, corners 0.62 from the centre
STRIPES_COUNT = 5           # yellow: five parallel stripes, bottom-left to top-right, ...
STRIPES_WIDTH = 0.18        # ... each this wide (across the stripe), ...
STRIPES_PITCH = 0.38        # ... their centre lines this far apart (across), the middle one through the centre, ...
STRIPES_HALF = 0.70         # ... inside the square |x|, |y| <= 0.70

_DIGITS = 6                 # the data are rounded so they read (and write) the same everywhere


def _r(v: float) -> float:
    v = round(v, _DIGITS)
    return 0.0 if v == 0 else v


def _clip(poly: list[Point], inside, cross) -> list[Point]:
    """One Sutherland-Hodgman step: keep the part of a convex polygon where inside(p)."""
    out: list[Point] = []
    for i, cur in enumerate(poly):
        prev = poly[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(cross(prev, cur))
            out.append(cur)
        elif inside(prev):
            out.append(cross(prev, cur))
    return out


def _clip_to_square(poly: list[Point], h: float) -> list[Point]:
    """A convex polygon cut to the square |x|, |y| <= h."""
    for axis in (0, 1):
        for sign in (1.0, -1.0):
            def inside(p: Point, a: int = axis, s: float = sign) -> bool:
                return p[a] * s <= h + 1e-12

            def cross(p: Point, q: Point, a: int = axis, s: float = sign) -> Point:
                t = (h * s - p[a]) / (q[a] - p[a])
                return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            poly = _clip(poly, inside, cross)
    return poly


def _stripes() -> tuple[Polygon, ...]:
    # A stripe along x + y = c runs from bottom-left to top-right (y downwards); across it,
    # the distance between x + y = c1 and x + y = c2 is |c1 - c2| / sqrt(2).
    root2 = math.sqrt(2.0)
    out = []
    far = 4.0
    for k in range(STRIPES_COUNT):
        offset = (k - (STRIPES_COUNT - 1) / 2) * STRIPES_PITCH
        c0, c1 = (offset - STRIPES_WIDTH / 2) * root2, (offset + STRIPES_WIDTH / 2) * root2
        band = [(c0 / 2 - far, c0 / 2 + far), (c0 / 2 + far, c0 / 2 - far),
                (c1 / 2 + far, c1 / 2 - far), (c1 / 2 - far, c1 / 2 + far)]
        cut = _clip_to_square(band, STRIPES_HALF)
        out.append(Polygon(tuple((_r(x), _r(y)) for x, y in cut)))
    return tuple(out)


def _cross() -> Polygon:
    a, t = CROSS_ARM, CROSS_THICKNESS / 2
    pts = [(-t, -a), (t, -a), (t, -t), (a, -t), (a, t), (t, t), (t, a), (-t, a), (-t, t), (-a, t), (-a, -t), (-t, -t)]
    return Polygon(tuple((_r(x), _r(y)) for x, y in pts))


def _diamond() -> Polygon:
    d = DIAMOND_HALF
    return Polygon(((0.0, -d), (d, 0.0), (0.0, d), (-d, 0.0)))


GEOMETRY: dict[str, tuple[Primitive, ...]] = {
    "dot": (Disc(0.0, 0.0, DOT_RADIUS),),
    "stripes": _stripes(),
    "cross": (_cross(),),
    "ring": (Ring(0.0, 0.0, _r(RING_OUTER - RING_WIDTH / 2), RING_WIDTH),),
    "diamond": (_diamond(),),
}
MARKS: tuple[str, ...] = tuple(GEOMETRY)


def mark_primitives(mark: str) -> tuple[Primitive, ...]:
    """The primitives of a mark in the unit box; ValueError names the known marks."""
    try:
        return GEOMETRY[mark]
    except KeyError:
        raise ValueError(f"unknown mark {mark!r} (known: {', '.join(MARKS)})") from None


def placed(mark: str, cx: float, cy: float, r: float) -> tuple[Primitive, ...]:
    """A mark's primitives in a box of radius r centred at (cx, cy)."""
    out: list[Primitive] = []
    for p in mark_primitives(mark):
        if isinstance(p, Disc):
            out.append(Disc(cx + p.cx * r, cy + p.cy * r, p.r * r))
        elif isinstance(p, Ring):
            out.append(Ring(cx + p.cx * r, cy + p.cy * r, p.r * r, p.width * r))
        else:
            out.append(Polygon(tuple((cx + x * r, cy + y * r) for x, y in p.points)))
    return tuple(out)
