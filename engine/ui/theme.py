"""The table's look: palette, seat colours from data/seats.yaml, and the seat marks."""
from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pygame
import yaml

from engine.core import marks
from engine.core.errors import DataError
from engine.core.words import Words
from engine.core.paths import project_root

Colour = tuple[int, int, int]

# Dark walnut table, teal felt, parchment cards, brass trim.
BG: Colour = (36, 27, 21)
BG_LIGHT: Colour = (62, 45, 33)
PANEL: Colour = (52, 39, 30)
PANEL_LIGHT: Colour = (74, 56, 42)
PANEL_EDGE: Colour = (124, 94, 62)
PARCHMENT: Colour = (238, 226, 198)
PARCHMENT_DARK: Colour = (214, 197, 160)
PARCHMENT_EDGE: Colour = (160, 128, 86)
INK: Colour = (58, 42, 30)
INK_DIM: Colour = (118, 96, 72)
TEXT: Colour = (243, 233, 212)
TEXT_DIM: Colour = (186, 166, 138)
ACCENT: Colour = (32, 122, 116)        # teal: the main action
ACCENT_LIGHT: Colour = (52, 156, 146)
ACCENT_DARK: Colour = (20, 84, 80)
BRASS: Colour = (212, 168, 84)
BRASS_DARK: Colour = (150, 112, 50)
GOOD: Colour = (104, 176, 98)
BAD: Colour = (206, 82, 62)
HIGHLIGHT: Colour = (255, 214, 120)
SHADOW: tuple[int, int, int, int] = (10, 6, 3, 120)
DISABLED: Colour = (96, 84, 72)
DISABLED_TEXT: Colour = (150, 136, 118)

MARKS = ("dot", "stripes", "cross", "ring", "diamond")


@dataclass(frozen=True, slots=True)
class SeatColour:
    """A seat colour from data/seats.yaml: id, English name, RGB and the mark drawn on its pieces."""

    id: str
    name: str
    rgb: Colour
    mark: str


def _hex(text: str, path: Path) -> Colour:
    raw = str(text).lstrip("#")
    if len(raw) != 6:
        raise DataError(path, None, Words("colour {text} is not #rrggbb", text=repr(text)))
    try:
        return (int(raw[0:2], 16), int(raw[2:4], 16), int(raw[4:6], 16))
    except ValueError:
        raise DataError(path, None, Words("colour {text} is not #rrggbb", text=repr(text))) from None


@functools.cache
def seat_colours() -> list[SeatColour]:
    """The seat colours in the order seats receive them."""
    path = project_root() / "data" / "seats.yaml"
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    if not isinstance(data, dict) or not isinstance(data.get("colours"), list):
        raise DataError(path, None, Words("expected a mapping with a 'colours' list"))
    out = []
    for entry in data["colours"]:
        if not isinstance(entry, dict) or not {"id", "name", "rgb", "mark"} <= set(entry):
            raise DataError(path, None, Words("each colour needs id, name, rgb and mark: {entry}", entry=repr(entry)))
        if entry["mark"] not in MARKS:
            raise DataError(path, None, Words("unknown mark {mark} (known: {known})", mark=repr(entry["mark"]),
                                               known=", ".join(MARKS)))
        out.append(SeatColour(str(entry["id"]), str(entry["name"]), _hex(entry["rgb"], path), str(entry["mark"])))
    return out


def seat_colour(colour_id: str) -> SeatColour:
    """The SeatColour with this id; KeyError names the known ones."""
    for c in seat_colours():
        if c.id == colour_id:
            return c
    raise KeyError(f"unknown seat colour {colour_id!r} (known: {', '.join(c.id for c in seat_colours())})")


def seat_rgb(colour_id: str) -> Colour:
    return seat_colour(colour_id).rgb


def luminance(rgb: Colour) -> float:
    r, g, b = rgb[:3]
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def contrast(rgb: Colour) -> Colour:
    """Ink that reads on `rgb`: near-black on light colours, near-white on dark ones."""
    return (34, 26, 20) if luminance(rgb) > 0.55 else (246, 240, 226)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend a toward b by t in 0..1."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def draw_mark(surface: pygame.Surface, mark: str, rect: pygame.Rect, colour: Colour) -> None:
    """Draw a seat's mark (dot, stripes, cross, ring, diamond) centred in rect in `colour`.

    The geometry is engine/core/marks.py's, the one the pieces' SVG art is written from:
    the mark's unit box is the largest square centred in rect (radius min(w, h) / 2). It is
    drawn smooth (oversampled, then scaled down), as the pieces' art is.
    """
    rect = pygame.Rect(rect)
    side = min(rect.w, rect.h)
    if side <= 0:
        return
    marks.mark_primitives(mark)                 # an unknown mark: ValueError naming the known ones
    colour = (int(colour[0]), int(colour[1]), int(colour[2]))
    img = _mark_image(mark, side, colour) if side <= _MARK_CACHE_SIDE else _draw_mark_image(mark, side, colour)
    surface.blit(img, img.get_rect(center=rect.center))


_MARK_CACHE_SIDE = 160      # marks up to this size (badges, pieces on the table) are kept, larger ones drawn each time


@functools.lru_cache(maxsize=128)
def _mark_image(mark: str, side: int, colour: Colour) -> pygame.Surface:
    return _draw_mark_image(mark, side, colour)


def _draw_mark_image(mark: str, side: int, colour: Colour) -> pygame.Surface:
    """A side x side picture of a mark: its shapes filled at `ss` times the size, then smoothed down."""
    ss = 8 if side <= 64 else 4 if side <= 160 else 2 if side <= 384 else 1
    n = side * ss
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    clear = (*colour, 0)
    big.fill(clear)                             # transparent in the mark's colour: no dark fringe when smoothed

    def px(pts: Iterable[tuple[float, float]]) -> list[tuple[int, int]]:
        # pixel i covers [i, i + 1): a point of the drawing lies at pixel index coordinate - 0.5
        return [(round(x - 0.5), round(y - 0.5)) for x, y in pts]

    def circle(cx: float, cy: float, r: float) -> list[tuple[int, int]]:
        k = max(24, min(256, int(math.tau * r / 3)))
        return px((cx + r * math.cos(math.tau * i / k), cy + r * math.sin(math.tau * i / k)) for i in range(k))

    for p in marks.placed(mark, n / 2, n / 2, n / 2):
        if isinstance(p, marks.Disc):
            pygame.draw.polygon(big, colour, circle(p.cx, p.cy, p.r))
        elif isinstance(p, marks.Ring):         # the disc to its outer edge, then its hole cleared again
            pygame.draw.polygon(big, colour, circle(p.cx, p.cy, p.outer))
            pygame.draw.polygon(big, clear, circle(p.cx, p.cy, p.inner))
        else:
            pygame.draw.polygon(big, colour, px(p.points))
    return pygame.transform.smoothscale(big, (side, side)) if ss > 1 else big


def draw_seat_badge(surface: pygame.Surface, colour_id: str, rect: pygame.Rect, round_: bool = True) -> None:
    """A seat's swatch: its colour with its mark in contrasting ink, so hue is never the only cue."""
    sc = seat_colour(colour_id)
    rect = pygame.Rect(rect)
    edge = mix(sc.rgb, (0, 0, 0), 0.45)
    if round_:
        r = min(rect.w, rect.h) // 2
        pygame.draw.circle(surface, sc.rgb, rect.center, r)
        pygame.draw.circle(surface, edge, rect.center, r, max(1, r // 8))
    else:
        rad = max(3, min(rect.w, rect.h) // 5)
        pygame.draw.rect(surface, sc.rgb, rect, border_radius=rad)
        pygame.draw.rect(surface, edge, rect, max(1, rect.h // 14), border_radius=rad)
    draw_mark(surface, sc.mark, rect, contrast(sc.rgb))


def draw_pawn(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A small meeple-like pawn, used for seat counts and the human icon."""
    rect = pygame.Rect(rect)
    cx = rect.centerx
    head = max(2, round(rect.w * 0.2))
    pygame.draw.circle(surface, colour, (cx, rect.top + head + 1), head)
    body_top = rect.top + head * 2
    half = rect.w * 0.36
    pygame.draw.polygon(
        surface,
        colour,
        [(cx - half * 0.45, body_top), (cx + half * 0.45, body_top), (cx + half, rect.bottom), (cx - half, rect.bottom)],
    )


def draw_chip(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A little processor glyph for computer seats."""
    rect = pygame.Rect(rect)
    core = rect.inflate(-rect.w * 0.4, -rect.h * 0.4)
    pygame.draw.rect(surface, colour, core, max(2, rect.w // 9), border_radius=max(1, rect.w // 8))
    pins = 3
    for i in range(pins):
        t = (i + 1) / (pins + 1)
        x = core.left + core.w * t
        y = core.top + core.h * t
        for a, b in (((x, rect.top + 1), (x, core.top)), ((x, core.bottom), (x, rect.bottom - 1)),
                     ((rect.left + 1, y), (core.left, y)), ((core.right, y), (rect.right - 1, y))):
            pygame.draw.line(surface, colour, a, b, max(1, rect.w // 14))
    pygame.draw.circle(surface, colour, core.center, max(1, round(core.w * 0.16)))


def draw_bulb(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A light bulb (a hint): a round glass over a ribbed base."""
    rect = rect.inflate(rect.w // 3, rect.h // 3)  # a button's icon box is a letter's size: the bulb may be bigger
    r = max(3, rect.w * 5 // 16)
    cx, cy = rect.centerx, rect.top + r + max(1, rect.h // 8)
    width = max(1, rect.w // 12)
    pygame.draw.circle(surface, colour, (cx, cy), r, width)
    neck = max(2, r * 2 // 3)
    base_top = cy + r - max(1, r // 4)
    pygame.draw.line(surface, colour, (cx - neck // 2, base_top), (cx - neck // 2, cy), width)
    pygame.draw.line(surface, colour, (cx + neck // 2, base_top), (cx + neck // 2, cy), width)
    for k in range(3):  # the screw base's ribs
        y = base_top + k * max(2, rect.h // 10)
        pygame.draw.line(surface, colour, (cx - neck // 2, y), (cx + neck // 2, y), width)
    for angle in (-30, 0, 30):  # rays: it is lit
        a = math.radians(angle - 90)
        x1, y1 = cx + math.cos(a) * (r + 2), cy + math.sin(a) * (r + 2)
        x2, y2 = cx + math.cos(a) * (r + max(3, r // 2) + 2), cy + math.sin(a) * (r + max(3, r // 2) + 2)
        pygame.draw.line(surface, colour, (x1, y1), (x2, y2), width)


def draw_warning(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = BAD) -> None:
    """A round warning sign with an exclamation mark, beside messages that block an action."""
    rect = pygame.Rect(rect)
    r = min(rect.w, rect.h) // 2
    cx, cy = rect.center
    pygame.draw.circle(surface, colour, (cx, cy), r)
    ink = contrast(colour)
    w = max(2, round(r * 0.26))
    pygame.draw.line(surface, ink, (cx, cy - r * 0.55), (cx, cy + r * 0.12), w)
    pygame.draw.circle(surface, ink, (cx, round(cy + r * 0.48)), max(1, w // 2 + 1))


def ornament(surface: pygame.Surface, center: tuple[int, int], width: int, colour: Colour) -> None:
    """A brass rule with a diamond in the middle, under titles."""
    cx, cy = center
    d = max(4, width // 40)
    pygame.draw.line(surface, colour, (cx - width // 2, cy), (cx - d * 2, cy), 2)
    pygame.draw.line(surface, colour, (cx + d * 2, cy), (cx + width // 2, cy), 2)
    pygame.draw.polygon(surface, colour, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
    for side in (-1, 1):
        pygame.draw.circle(surface, colour, (cx + side * width // 2, cy), max(2, d // 2))


def angle_points(center: tuple[float, float], radius: float, n: int, start: float = 0.0) -> list[tuple[float, float]]:
    """Corners of a regular n-gon, for hex glyphs."""
    return [
        (center[0] + radius * math.cos(start + 2 * math.pi * i / n), center[1] + radius * math.sin(start + 2 * math.pi * i / n))
        for i in range(n)
    ]
