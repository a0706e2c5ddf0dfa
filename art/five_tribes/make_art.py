#!/usr/bin/env python3
"""Generate every SVG picture for "Five Tribes" + "Whims of the Sultan" into this folder.

Run:  python art/five_tribes/make_art.py

Standard library plus PyYAML; the SVG-writing and geometry helpers it shares
with the other art scripts are in art/svgkit.py.  The output is deterministic: every random
source is a random.Random with a fixed seed, and the data files are read in
file order.  The SVGs are written for pygame-ce's nanosvg loader, so they
use no <text> (numerals are stroked paths from the small font below), no
filters, no clip paths, and every gradient uses gradientUnits=
"userSpaceOnUse".

The pictures are this project's own drawings.  Which file a game object uses
comes from the `art:` fields of data/five_tribes/*.yaml; the pieces, backs and
tracks have fixed names (see README.md).
"""
from __future__ import annotations

import math
import os
import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

ART_DIR = str(Path(__file__).resolve().parents[1])     # art/, home of the shared svgkit.py
if ART_DIR not in sys.path:
    sys.path.insert(0, ART_DIR)
import svgkit  # noqa: E402
from svgkit import SvgKit, ellipse_pts, hermite, mix, move, rot, scale_pts, star_pts, tube, unit  # noqa: E402

OUT_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(OUT_DIR))
DATA_DIR = os.path.join(ROOT, "data", "five_tribes")
SEATS_FILE = os.path.join(ROOT, "data", "seats.yaml")

# --------------------------------------------------------------------------
# palette: warm desert, lapis and terracotta
# --------------------------------------------------------------------------
INK = "#2b1a0e"            # outlines
CREAM = "#fbf1d6"
PARCH = "#f3e2b8"
PARCH_D = "#e2c98f"
GOLD = "#e3a92b"
GOLD_L = "#f7d774"
GOLD_D = "#9a6a14"
SAND = "#efd39a"
SAND_L = "#f7e5bb"
SAND_D = "#d9b16b"
DUNE = "#e3b46a"
DUNE_D = "#c98f48"
SKY_TOP = "#eba35c"
SKY_LOW = "#fae3ae"
MUD = "#d29a5e"
MUD_L = "#e6b67c"
MUD_D = "#a8703f"
STONE = "#e9dcc0"
STONE_D = "#bfa982"
TERRA = "#b5532b"
TERRA_D = "#7d3217"
WATER = "#2f8fb0"
WATER_D = "#1d5f86"
WATER_L = "#8fd3e0"
LEAF = "#4f8f3a"
LEAF_D = "#2f6128"
LEAF_L = "#86bf55"
WOOD = "#8a5a2b"
WOOD_D = "#5b3716"
WHITE = "#ffffff"
MYSTIC = "#7a4bb0"

TILE_BLUE = "#2a5ea9"
TILE_BLUE_D = "#163a72"
TILE_RED = "#b3301f"
TILE_RED_D = "#6f170c"
TILE_NEUTRAL = "#8f7a57"
TILE_NEUTRAL_D = "#54452d"

TRIBES = {
    # tribe: (fill, dark, light)
    "vizier": ("#f2c01f", "#a97c05", "#fff09a"),
    "elder": ("#f4efe3", "#b4ab98", "#ffffff"),
    "builder": ("#2f6fd0", "#173f80", "#8fb8f2"),
    "merchant": ("#3d9a45", "#1f5e26", "#93d46a"),
    "assassin": ("#cc2f25", "#7a1610", "#f58a72"),
}

# --------------------------------------------------------------------------
# small formatting / document helpers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------

KIT = SvgKit(digits=1, ink=INK)   # numbers with one decimal
fmt, attrs, el, group, place = KIT.fmt, KIT.attrs, KIT.el, KIT.group, KIT.place
d_of, poly, line, circle, rect, outlined = KIT.d_of, KIT.poly, KIT.line, KIT.circle, KIT.rect, KIT.outlined


def shift(items, dx, dy, k=1.0) -> str:
    return group(items, transform=f"translate({fmt(dx)} {fmt(dy)}) scale({fmt(k)})")


class Doc(svgkit.Doc):
    """An SVG document (svgkit.Doc) with one-decimal numbers; add() flattens nested lists."""

    digits = 1
    flatten = True


WRITTEN: list[str] = []


def save(doc: Doc, rel: str):
    """Write doc to OUT_DIR/rel (rel may contain sub-folders, '.svg' optional)."""
    if not rel.endswith(".svg"):
        rel += ".svg"
    path = os.path.join(OUT_DIR, *rel.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(doc.text())
    WRITTEN.append(rel)


# --------------------------------------------------------------------------
# geometry helpers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------


def spline(pts, closed=False, step=3.0):
    """Sample a Catmull-Rom spline through pts."""
    pts = [tuple(p) for p in pts]
    n = len(pts)
    if n < 3:
        return list(pts)
    tans = []
    for i in range(n):
        if closed:
            a, b = pts[i - 1], pts[(i + 1) % n]
        else:
            a, b = pts[max(0, i - 1)], pts[min(n - 1, i + 1)]
        f = 0.5 if (closed or 0 < i < n - 1) else 1.0
        tans.append(((b[0] - a[0]) * f, (b[1] - a[1]) * f))
    segs = [(i, (i + 1) % n) for i in range(n)] if closed else [(i, i + 1) for i in range(n - 1)]
    return hermite(pts, tans, segs, closed, step)


def arc(cx, cy, r, a0, a1, step=2.5, ry=None):
    """svgkit.arc with this script's finer default step."""
    return svgkit.arc(cx, cy, r, a0, a1, step, ry)


def rect_pts(x, y, w, h):
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def rrect_pts(x, y, w, h, r):
    """Rounded rectangle as a polygon."""
    pts = []
    for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
                       (x + r, y + r, 180)):
        pts += arc(cx, cy, r, a0, a0 + 90, step=2)
    return pts


def lum(color):
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def ell(cx, cy, rx, ry, fill, stroke=None, sw=None, **kw):
    return el("ellipse", cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), fill=fill, stroke=stroke,
              stroke_width=sw, **kw)


# --------------------------------------------------------------------------
# the numeral font: digits (and x, +, /) as stroked centre lines
# --------------------------------------------------------------------------
# Glyph box: x 0..w, y 0..100, stroke width GLYPH_SW, round caps and joins.
GLYPH_SW = 17.0


def _glyphs():
    g = {}
    g["0"] = (56, [arc(28, 50, 28, -90, 270, ry=50)])
    g["1"] = (36, [[(8, 18), (26, 0), (26, 100)]])
    g["2"] = (58, [arc(28, 27, 27, 195, 345, ry=27) + spline([(54, 30), (40, 58), (2, 100)])[1:] + [(58, 100)]])
    g["3"] = (56, [arc(27, 25, 25, 200, 450, ry=25) + arc(27, 75, 28, -90, 155, ry=25)[1:]])
    g["4"] = (58, [[(42, 100), (42, 0), (0, 70), (58, 70)]])
    g["5"] = (56, [[(52, 0), (8, 0), (4, 44)] + arc(28, 67, 29, -125, 150, ry=33)[1:]])
    six = spline([(48, 4), (24, 12), (6, 40), (0, 70)]) + arc(28, 72, 28, 180, 540, ry=28)[1:]
    g["6"] = (56, [six])
    g["7"] = (56, [[(0, 0), (56, 0), (20, 100)]])
    g["8"] = (56, [arc(28, 24, 23, 90, 450, ry=24), arc(28, 74, 28, -90, 270, ry=26)])
    g["9"] = (56, [[(56 - x, 100 - y) for x, y in six]])
    g["x"] = (52, [[(4, 40), (48, 96)], [(48, 40), (4, 96)]])
    g["+"] = (56, [[(28, 34), (28, 94)], [(0, 64), (56, 64)]])
    g["/"] = (40, [[(40, 0), (0, 100)]])
    g["-"] = (40, [[(4, 60), (36, 60)]])
    return g


GLYPHS = _glyphs()
GLYPH_GAP = 20.0


def numeral(text, cx, cy, h, fill, outline=INK, ow=None, shadow=True, max_w=None):
    """A numeral centred at (cx, cy) whose drawn height (strokes included) is h."""
    text = str(text)
    w_units = sum(GLYPHS[c][0] for c in text) + GLYPH_GAP * (len(text) - 1)
    k = h / (100 + GLYPH_SW)
    if max_w is not None and (w_units + GLYPH_SW) * k > max_w:
        kx = max_w / (w_units + GLYPH_SW)
    else:
        kx = k
    ds = []
    x = 0.0
    for c in text:
        gw, lines = GLYPHS[c]
        for ln in lines:
            ds.append(d_of([(x + px, py) for px, py in ln], close=False))
        x += gw + GLYPH_GAP
    d = " ".join(ds)
    tr = f"translate({fmt(cx - w_units * kx / 2)} {fmt(cy - 50 * k)}) scale({fmt(kx)} {fmt(k)})"
    ow_units = (ow if ow is not None else h * 0.09) / k
    out = []
    if shadow:
        out.append(el("path", d=d, fill="none", stroke="#000000", stroke_opacity=0.3,
                      stroke_width=GLYPH_SW + 2 * ow_units, stroke_linecap="round", stroke_linejoin="round",
                      transform=f"translate({fmt(h * 0.04)} {fmt(h * 0.05)}) " + tr))
    if outline:
        out.append(el("path", d=d, fill="none", stroke=outline, stroke_width=GLYPH_SW + 2 * ow_units,
                      stroke_linecap="round", stroke_linejoin="round", transform=tr))
    out.append(el("path", d=d, fill="none", stroke=fill, stroke_width=GLYPH_SW, stroke_linecap="round",
                  stroke_linejoin="round", transform=tr))
    return out


# --------------------------------------------------------------------------
# scenery primitives (tile coordinates, light from the upper left)
# --------------------------------------------------------------------------
OL = 2.2          # outline width of scenery


def shaded(doc, x0, x1, col, k=0.22):
    """Horizontal light-to-shade gradient across x0..x1 for one colour."""
    return doc.linear(x0, 0, x1, 0, [(0, mix(col, WHITE, 0.25)), (0.45, col), (1, mix(col, "#000000", k))])


def arch_pts(x0, x1, yb, spring, peak=0.62):
    """A pointed (Moorish) arch opening from yb up to spring, apex above it."""
    w = x1 - x0
    xc = (x0 + x1) / 2
    left = spline([(x0, spring), (x0 + w * 0.08, spring - w * 0.3), (xc - w * 0.16, spring - w * 0.52),
                   (xc, spring - w * peak)], step=1.5)
    right = [(2 * xc - x, y) for x, y in reversed(left)]
    return [(x0, yb)] + left + right[1:] + [(x1, yb)]


def house(doc, x, yb, w, h, col, door=True, windows=(), beams=True, depth=None, dome=None):
    """A flat-roofed mud-brick house seen from the front-left."""
    d = w * 0.26 if depth is None else depth
    dy = d * 0.55
    front = rect_pts(x, yb - h, w, h)
    side = [(x + w, yb), (x + w, yb - h), (x + w + d, yb - h - dy), (x + w + d, yb - dy)]
    top = [(x, yb - h), (x + d, yb - h - dy), (x + w + d, yb - h - dy), (x + w, yb - h)]
    out = outlined([(side, mix(col, "#000000", 0.3)), (front, col), (top, mix(col, WHITE, 0.3))], OL)
    out.append(line([(x + 2, yb - h + 3), (x + w - 2, yb - h + 3)], mix(col, WHITE, 0.4), 1.6, opacity=0.8))
    if beams:
        for i in range(max(2, int(w / 11))):
            bx = x + 5 + i * (w - 10) / max(1, max(2, int(w / 11)) - 1)
            out.append(line([(bx, yb - h + 6), (bx - 2.5, yb - h + 8)], WOOD_D, 2.2))
    if door:
        dw = min(12.0, w * 0.34)
        dx = x + w * 0.5 - dw / 2
        out.append(poly(arch_pts(dx, dx + dw, yb, yb - dw * 1.15, 0.5), "#4a2a14", INK, 1.4))
    for (fx, fy) in windows:
        out.append(poly(arch_pts(x + fx - 3, x + fx + 3, yb - fy + 4, yb - fy, 0.5), "#3a2210", INK, 1))
    if dome:
        out += dome_shape(doc, x + w / 2 + d / 2, yb - h - dy * 0.5, dome[0], dome[1])
    return out


def dome_shape(doc, cx, yb, r, col, kind="onion", finial=True):
    if kind == "onion":
        half = spline([(cx, yb), (cx - r * 0.96, yb), (cx - r * 1.1, yb - r * 0.55), (cx - r * 0.72, yb - r * 1.2),
                       (cx - r * 0.2, yb - r * 1.62), (cx, yb - r * 1.95)], step=1.2)
        top = yb - r * 1.95
    else:
        half = [(cx, yb)] + arc(cx, yb, r, 180, 270, step=1.2)
        top = yb - r
    pts = half + [(2 * cx - x, y) for x, y in reversed(half)]
    out = [poly(pts, shaded(doc, cx - r * 1.1, cx + r * 1.1, col), INK, OL)]
    out.append(line(spline([(cx - r * 0.55, yb - r * 0.35), (cx - r * 0.6, yb - r * 0.8),
                            (cx - r * 0.3, yb - r * 1.2 if kind == "onion" else yb - r * 0.8)], step=1),
                    WHITE, max(1.2, r * 0.14), opacity=0.45))
    if finial:
        out.append(line([(cx, top), (cx, top - r * 0.45)], GOLD_D, max(1.4, r * 0.1)))
        out.append(circle(cx, top - r * 0.5, max(1.4, r * 0.11), GOLD, INK, 0.8))
    return out


def minaret(doc, cx, yb, w, h, col, trim=TILE_BLUE, dome_col=GOLD):
    """A slender tower with a balcony and a small onion dome."""
    out = []
    shaft = [(cx - w / 2, yb), (cx - w * 0.42, yb - h * 0.72), (cx + w * 0.42, yb - h * 0.72), (cx + w / 2, yb)]
    upper = rect_pts(cx - w * 0.34, yb - h, w * 0.68, h * 0.28)
    balcony = [(cx - w * 0.7, yb - h * 0.72), (cx + w * 0.7, yb - h * 0.72), (cx + w * 0.45, yb - h * 0.66),
               (cx - w * 0.45, yb - h * 0.66)]
    out += outlined([(shaft, shaded(doc, cx - w / 2, cx + w / 2, col)),
                     (upper, shaded(doc, cx - w / 2, cx + w / 2, col)), (balcony, mix(col, "#000000", 0.15))], OL)
    for f in (0.25, 0.5):
        y = yb - h * f
        out.append(line([(cx - w * 0.47 + w * 0.08 * f, y), (cx + w * 0.47 - w * 0.08 * f, y)], trim, 2.4))
    out.append(poly(arch_pts(cx - w * 0.15, cx + w * 0.15, yb - h * 0.78, yb - h * 0.86, 0.5), "#3a2210"))
    out += dome_shape(doc, cx, yb - h, w * 0.42, dome_col)
    return out


def awning(doc, x0, x1, y_top, depth, c1, c2, n=5):
    """A striped market awning with a scalloped edge, seen from the front."""
    out = []
    w = (x1 - x0) / n
    yb = y_top + depth
    for i in range(n):
        a, b = x0 + i * w, x0 + (i + 1) * w
        strip = [(a + 3, y_top), (b + 3, y_top)] + arc((a + b) / 2, yb, w / 2, 0, 180, step=1.5)
        out.append(poly(strip, c1 if i % 2 == 0 else c2))
    edge = [(x0 + 3, y_top), (x1 + 3, y_top)]
    for i in reversed(range(n)):
        a, b = x0 + i * w, x0 + (i + 1) * w
        edge += arc((a + b) / 2, yb, w / 2, 0, 180, step=1.5)
    out.insert(0, poly(edge, INK, INK, OL * 2))
    out.append(line([(x0 + 3, y_top), (x1 + 3, y_top)], INK, OL))
    return out


def amphora(doc, cx, yb, h, col, handles=True):
    r = h * 0.34
    half = spline([(cx, yb), (cx - r * 0.45, yb), (cx - r, yb - h * 0.45), (cx - r * 0.55, yb - h * 0.8),
                   (cx - r * 0.32, yb - h * 0.88), (cx - r * 0.48, yb - h)], step=1)
    pts = half + [(2 * cx - x, y) for x, y in reversed(half)]
    out = [poly(pts, shaded(doc, cx - r, cx + r, col), INK, OL * 0.8)]
    if handles:
        for s in (-1, 1):
            out.append(line(spline([(cx + s * r * 0.4, yb - h * 0.86), (cx + s * r * 0.95, yb - h * 0.8),
                                    (cx + s * r * 0.8, yb - h * 0.6)], step=1), INK, OL * 0.8))
    out.append(line([(cx - r * 0.8, yb - h * 0.5), (cx + r * 0.8, yb - h * 0.5)], mix(col, "#000000", 0.35),
                    max(1.0, h * 0.06)))
    return out


def sack(doc, cx, yb, w, col, top_col=None):
    h = w * 1.05
    pts = spline([(cx - w * 0.5, yb), (cx - w * 0.55, yb - h * 0.5), (cx - w * 0.3, yb - h * 0.85),
                  (cx - w * 0.2, yb - h), (cx + w * 0.2, yb - h), (cx + w * 0.3, yb - h * 0.85),
                  (cx + w * 0.55, yb - h * 0.5), (cx + w * 0.5, yb)], step=1)
    out = [poly(pts, shaded(doc, cx - w / 2, cx + w / 2, col), INK, OL * 0.8)]
    out.append(ell(cx, yb - h * 0.86, w * 0.3, w * 0.12, top_col or mix(col, "#000000", 0.3)))
    return out


def acacia(doc, x, yb, s, rng):
    """Umbrella-crowned acacia tree."""
    out = []
    trunk = tube(spline([(x, yb), (x - s * 0.05, yb - s * 0.45), (x + s * 0.08, yb - s * 0.8)], step=1),
                 [s * 0.07] * 40)
    out.append(poly(trunk, WOOD, INK, OL * 0.8))
    for bx in (-0.42, 0.38):
        out.append(line([(x, yb - s * 0.55), (x + s * bx, yb - s * 0.86)], WOOD_D, s * 0.06))
    crown = []
    for i in range(7):
        cx = x + s * (-0.62 + i * 0.2) + rng.uniform(-3, 3)
        cy = yb - s * 0.92 - math.sin(i / 6 * math.pi) * s * 0.1
        crown.append(ellipse_pts(cx, cy, s * 0.2, s * 0.1, k=20))
    out += [poly(c, INK, INK, OL * 2) for c in crown]
    out += [poly(c, LEAF_D) for c in crown]
    out += [poly(move(c, 0, -2.2), LEAF) for c in crown]
    out += [poly(scale_pts(move(c, -3, -4), (sum(p[0] for p in c) / len(c), sum(p[1] for p in c) / len(c)), 0.5),
                 LEAF_L, opacity=0.7) for c in crown]
    return out


def bush(doc, x, yb, s, rng, col=LEAF, dark=LEAF_D, light=LEAF_L, n=5):
    blobs = []
    for i in range(n):
        a = math.pi * (0.1 + 0.8 * i / max(1, n - 1))
        r = s * rng.uniform(0.32, 0.45)
        cx = x - math.cos(a) * s * 0.55
        cy = yb - r * 0.7 - math.sin(a) * s * 0.28
        blobs.append((cx, cy, r))
    out = [circle(cx, cy, r, INK, INK, OL * 2) for cx, cy, r in blobs]
    out += [circle(cx, cy, r, dark) for cx, cy, r in blobs]
    out += [circle(cx - r * 0.15, cy - r * 0.18, r * 0.78, col) for cx, cy, r in blobs]
    out += [circle(cx - r * 0.35, cy - r * 0.38, r * 0.3, light, opacity=0.8) for cx, cy, r in blobs]
    return out


def reeds(x, yb, s, rng, n=6):
    out = []
    for i in range(n):
        dx = (i - (n - 1) / 2) * s * 0.12
        top = (x + dx * 1.8 + rng.uniform(-2, 2), yb - s * rng.uniform(0.6, 1.0))
        out.append(line([(x + dx, yb), top], LEAF_D, 1.8))
        if i % 2 == 0:
            out.append(line([top, (top[0], top[1] + s * 0.18)], WOOD_D, 3.4))
    for i in range(3):
        a = -1 if i % 2 else 1
        out.append(line(spline([(x, yb), (x + a * s * 0.2, yb - s * 0.35), (x + a * s * 0.45, yb - s * 0.45)]),
                        LEAF, 2.0))
    return out


def rock(x, yb, w, rng, col=STONE_D):
    h = w * rng.uniform(0.45, 0.65)
    pts = [(x - w / 2, yb), (x - w * 0.42, yb - h * 0.6), (x - w * 0.15, yb - h), (x + w * 0.2, yb - h * 0.9),
           (x + w * 0.48, yb - h * 0.35), (x + w / 2, yb)]
    out = [poly(pts, col, INK, OL * 0.8)]
    out.append(poly([(x - w * 0.15, yb - h), (x + w * 0.2, yb - h * 0.9), (x + w * 0.05, yb - h * 0.55),
                     (x - w * 0.3, yb - h * 0.5)], mix(col, WHITE, 0.35)))
    return out


def pebbles(rng, boxes, n, col=SAND_D, op=0.55):
    out = []
    for _ in range(n):
        x0, y0, x1, y1 = rng.choice(boxes)
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        out.append(ell(x, y, rng.uniform(1.5, 3.2), rng.uniform(1.0, 1.8), col, opacity=op))
    return out


def ripples(rng, boxes, n, col=SAND_D, op=0.5):
    out = []
    for _ in range(n):
        x0, y0, x1, y1 = rng.choice(boxes)
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        w = rng.uniform(10, 22)
        out.append(line(spline([(x - w / 2, y + 1), (x, y - 1.5), (x + w / 2, y + 1)], step=1), col, 1.4,
                        opacity=op))
    return out


def tuft(x, y, s, col=LEAF):
    return [line([(x, y), (x + dx * s, y - dy * s)], col, 1.6) for dx, dy in ((-0.5, 0.8), (0, 1.1), (0.5, 0.8))]


def flame(doc, cx, yb, h, core=GOLD_L):
    outer = spline([(cx, yb), (cx - h * 0.32, yb - h * 0.3), (cx - h * 0.18, yb - h * 0.65), (cx, yb - h)], step=1)
    outer = outer + [(2 * cx - x + h * 0.04 * (1 - (yb - y) / h), y) for x, y in reversed(outer)]
    inner = scale_pts(outer, (cx, yb), 0.55, 0.6)
    return [poly(outer, "#e8641c", INK, 1.2), poly(inner, core)]


def smoke(doc, pts, w, col=MYSTIC, op=0.55):
    """A swirling wisp of djinn smoke along pts."""
    c = spline(pts, step=1.5)
    n = len(c)
    widths = [w * (0.35 + 0.65 * math.sin(math.pi * i / max(1, n - 1)) ** 0.7) for i in range(n)]
    body = tube(c, widths)
    return [poly(body, col, opacity=op), line(c, mix(col, WHITE, 0.5), max(1.0, w * 0.25), opacity=op)]


def sparkle(x, y, r, col=GOLD_L, op=0.95):
    return poly(star_pts(x, y, r, r * 0.25, 4), col, opacity=op)


def clip_above(pts, y_cut, keep_above=True):
    """Clip a polygon to the half plane y <= y_cut (or y >= y_cut)."""
    def inside(p):
        return p[1] <= y_cut if keep_above else p[1] >= y_cut

    out = []
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        if inside(a):
            out.append(a)
        if inside(a) != inside(b):
            t = (y_cut - a[1]) / (b[1] - a[1])
            out.append((a[0] + t * (b[0] - a[0]), y_cut))
    return out


# --------------------------------------------------------------------------
# small icons in a 100 x 100 box (used on tiles, cards and as pieces)
# --------------------------------------------------------------------------


def icon_palm(doc, x=50, yb=94, s=1.0, col=LEAF):
    """Palm tree: curved ringed trunk and seven fronds."""
    out = []
    trunk_c = spline([(x + 4 * s, yb), (x + 2 * s, yb - 30 * s), (x - 4 * s, yb - 56 * s)], step=1)
    trunk = tube(trunk_c, [5.5 * s - 1.8 * s * i / len(trunk_c) for i in range(len(trunk_c))])
    out.append(poly(trunk, shaded(doc, x - 6 * s, x + 8 * s, "#9a6b35"), INK, 2.2 * s))
    for i in range(1, 8):
        p = trunk_c[int(len(trunk_c) * i / 8)]
        out.append(line([(p[0] - 4 * s, p[1] + 1 * s), (p[0] + 4 * s, p[1] - 1 * s)], "#5e3b17", 1.4 * s))
    top = trunk_c[-1]
    fronds = []
    for ang, ln, droop in ((-170, 34, 16), (-140, 36, 12), (-105, 30, 6), (-72, 32, 6), (-38, 36, 12),
                           (-8, 34, 16), (180 - 20, 26, 20)):
        a = math.radians(ang)
        tip = (top[0] + math.cos(a) * ln * s, top[1] + math.sin(a) * ln * s * 0.75 + droop * s)
        mid = ((top[0] + tip[0]) / 2 + math.cos(a - 1.57) * 0 * s, (top[1] + tip[1]) / 2 - 8 * s)
        c = spline([top, mid, tip], step=1)
        n = len(c)
        fronds.append(tube(c, [7 * s * math.sin(math.pi * (i + 0.5) / n) ** 0.8 for i in range(n)]))
        fronds.append(c)
    shapes = fronds[0::2]
    ribs = fronds[1::2]
    out += [poly(f, INK, INK, 3 * s) for f in shapes]
    out += [poly(f, col) for f in shapes]
    out += [line(r, mix(col, "#000000", 0.35), 1.3 * s) for r in ribs]
    for dx in (-3, 3):
        out.append(circle(top[0] + dx * s, top[1] + 4 * s, 3.2 * s, "#a8652a", INK, 1 * s))
    return out


def icon_palace(doc, x=50, yb=92, s=1.0, wall="#f6eedb", dome=GOLD, trim=TILE_BLUE):
    """Palace: a walled hall, a big onion dome and two towers."""
    out = []
    for tx in (-30, 30):
        tw = 12 * s
        tower = rect_pts(x + tx * s - tw / 2, yb - 52 * s, tw, 52 * s)
        out += outlined([(tower, shaded(doc, x + tx * s - tw / 2, x + tx * s + tw / 2, wall))], 2.4 * s)
        out.append(line([(x + tx * s - tw / 2, yb - 40 * s), (x + tx * s + tw / 2, yb - 40 * s)], trim, 2.2 * s))
        out += dome_shape(doc, x + tx * s, yb - 52 * s, 6.5 * s, dome)
    hall = rect_pts(x - 24 * s, yb - 36 * s, 48 * s, 36 * s)
    out += outlined([(hall, shaded(doc, x - 24 * s, x + 24 * s, wall))], 2.4 * s)
    for i in range(6):
        cx = x - 20 * s + i * 8 * s
        out.append(poly([(cx - 3 * s, yb - 36 * s), (cx + 3 * s, yb - 36 * s), (cx + 3 * s, yb - 40 * s),
                         (cx - 3 * s, yb - 40 * s)], wall, INK, 1.2 * s))
    out.append(line([(x - 24 * s, yb - 30 * s), (x + 24 * s, yb - 30 * s)], trim, 2.4 * s))
    out.append(poly(arch_pts(x - 8 * s, x + 8 * s, yb, yb - 14 * s, 0.55), "#5a3414", INK, 1.4 * s))
    for wx in (-16, 16):
        out.append(poly(arch_pts(x + wx * s - 3 * s, x + wx * s + 3 * s, yb - 12 * s, yb - 20 * s, 0.5),
                        "#3a2210"))
    drum = rect_pts(x - 14 * s, yb - 46 * s, 28 * s, 10 * s)
    out += outlined([(drum, shaded(doc, x - 14 * s, x + 14 * s, wall))], 2.4 * s)
    out += dome_shape(doc, x, yb - 46 * s, 16 * s, dome)
    return out


def icon_lamp(doc, cx=50, cy=62, s=1.0, smoke_col=MYSTIC):
    """A djinn's oil lamp with a curl of smoke."""
    out = []
    out += smoke(doc, [(cx + 26 * s, cy - 10 * s), (cx + 30 * s, cy - 30 * s), (cx + 14 * s, cy - 42 * s),
                       (cx + 2 * s, cy - 56 * s), (cx + 16 * s, cy - 66 * s)], 9 * s, smoke_col, 0.7)
    body = spline([(cx - 24 * s, cy - 2 * s), (cx - 14 * s, cy + 12 * s), (cx + 8 * s, cy + 12 * s),
                   (cx + 22 * s, cy + 2 * s), (cx + 34 * s, cy - 10 * s)], step=1)
    top = spline([(cx + 34 * s, cy - 10 * s), (cx + 26 * s, cy - 4 * s), (cx + 10 * s, cy - 6 * s),
                  (cx - 10 * s, cy - 6 * s), (cx - 24 * s, cy - 2 * s)], step=1)
    out.append(poly(body + top, shaded(doc, cx - 24 * s, cx + 34 * s, GOLD), INK, 2.2 * s))
    out.append(line(spline([(cx - 24 * s, cy - 2 * s), (cx - 36 * s, cy - 6 * s), (cx - 36 * s, cy + 6 * s),
                            (cx - 22 * s, cy + 8 * s)], step=1), INK, 4.6 * s))
    out.append(line(spline([(cx - 24 * s, cy - 2 * s), (cx - 36 * s, cy - 6 * s), (cx - 36 * s, cy + 6 * s),
                            (cx - 22 * s, cy + 8 * s)], step=1), GOLD, 2.2 * s))
    lid = arc(cx - 2 * s, cy - 6 * s, 11 * s, 180, 360, ry=7 * s)
    out.append(poly(lid, GOLD_L, INK, 2 * s))
    out.append(circle(cx - 2 * s, cy - 15 * s, 3 * s, GOLD, INK, 1.6 * s))
    foot = [(cx - 12 * s, cy + 18 * s), (cx + 8 * s, cy + 18 * s), (cx + 4 * s, cy + 11 * s), (cx - 8 * s, cy + 11 * s)]
    out.append(poly(foot, GOLD_D, INK, 2 * s))
    out.append(line([(cx - 14 * s, cy + 2 * s), (cx + 12 * s, cy + 2 * s)], WHITE, 1.8 * s, opacity=0.55))
    return out


def icon_card(doc, cx, cy, s=1.0, deg=0.0, col=TERRA):
    w, h = 30 * s, 42 * s
    body = rot(rrect_pts(cx - w / 2, cy - h / 2, w, h, 4 * s), (cx, cy), deg)
    inner = rot(rrect_pts(cx - w / 2 + 4 * s, cy - h / 2 + 4 * s, w - 8 * s, h - 8 * s, 2 * s), (cx, cy), deg)
    out = [poly(body, CREAM, INK, 2.2 * s), poly(inner, col)]
    out.append(poly(rot(star_pts(cx, cy, 9 * s, 4 * s, 8, -90), (cx, cy), deg), GOLD_L, INK, 1 * s))
    return out


def icon_scroll(doc, cx=50, cy=50, s=1.0, seal=TILE_RED):
    """The Sultan's scroll with a wax seal."""
    w, h = 54 * s, 40 * s
    out = []
    sheet = [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]
    out.append(poly(sheet, PARCH, INK, 2.2 * s))
    for y in (-8, 0, 8):
        out.append(line([(cx - w / 2 + 8 * s, cy + y * s), (cx + w / 2 - 16 * s, cy + y * s)], PARCH_D, 2.4 * s))
    for side in (-1, 1):
        rx = cx + side * w / 2
        out.append(rect(rx - 5 * s, cy - h / 2 - 5 * s, 10 * s, h + 10 * s, PARCH_D, INK, 2.2 * s, rx=5 * s))
        out.append(ell(rx, cy - h / 2 - 5 * s, 5 * s, 2.5 * s, WOOD, INK, 1.2 * s))
        out.append(ell(rx, cy + h / 2 + 5 * s, 5 * s, 2.5 * s, WOOD, INK, 1.2 * s))
    out.append(circle(cx + w / 2 - 14 * s, cy + h / 2 - 6 * s, 8 * s, seal, INK, 1.6 * s))
    out.append(poly(star_pts(cx + w / 2 - 14 * s, cy + h / 2 - 6 * s, 5 * s, 2.2 * s, 6), GOLD_L))
    return out


def icon_arrow_down(cx, cy, s, col="#d42a16"):
    pts = [(cx - 5 * s, cy - 9 * s), (cx + 5 * s, cy - 9 * s), (cx + 5 * s, cy), (cx + 10 * s, cy),
           (cx, cy + 10 * s), (cx - 10 * s, cy), (cx - 5 * s, cy)]
    return [poly(pts, col, INK, 1.6 * s)]


# --------------------------------------------------------------------------
# tiles (viewBox 0 0 256 256)
# --------------------------------------------------------------------------
T_IN = 11.0        # width of the coloured border band
HORIZON = 112.0
MEDAL = (42.0, 42.0, 32.0)     # value medallion centre and radius
ROUNDEL = (214.0, 40.0, 21.0)  # action roundel centre and radius
INNER = rrect_pts(T_IN, T_IN, 256 - 2 * T_IN, 256 - 2 * T_IN, 10)

TILE_COLOURS = {
    "blue": (TILE_BLUE, TILE_BLUE_D),
    "red": (TILE_RED, TILE_RED_D),
    None: (TILE_NEUTRAL, TILE_NEUTRAL_D),
}

DAY_SKY = [(0, "#e59a58"), (0.5, "#f2c487"), (1, "#fbe6b8")]
DUSK_SKY = [(0, "#2c2462"), (0.45, "#8a4a86"), (0.8, "#e08a6e"), (1, "#f7c27c")]
SAND_GROUND = [(0, "#e9c587"), (0.12, SAND), (1, SAND_L)]


def tile_background(doc, sky=DAY_SKY, ground=SAND_GROUND, horizon=HORIZON):
    out = [poly(INNER, doc.linear(0, horizon, 0, 245, ground))]
    out.append(poly(clip_above(INNER, horizon), doc.linear(0, T_IN, 0, horizon, sky)))
    return out


def dunes(doc, rng, horizon=HORIZON, col=DUNE, far=True):
    out = []
    if far:
        pts = [(0, horizon)]
        for i in range(9):
            x = i * 32
            pts.append((x, horizon - 10 - 8 * math.sin(i * 1.3 + rng.uniform(0, 1)) - rng.uniform(0, 4)))
        pts.append((256, horizon))
        out.append(poly(spline(pts[1:-1], step=3) + [(256, horizon), (0, horizon)], mix(col, SKY_LOW, 0.45)))
    pts = [(0, horizon - 3)]
    for i in range(7):
        x = i * 44
        pts.append((x, horizon - 4 - 5 * math.sin(i * 1.9 + rng.uniform(0, 1))))
    out.append(poly(spline(pts[1:], step=3) + [(256, horizon + 1), (0, horizon + 1)], col))
    out.append(line(spline(pts[1:], step=3), mix(col, WHITE, 0.35), 1.2, opacity=0.7))
    return out


def tile_frame(doc, colour):
    """Border band (the tile colour) drawn over the scene's edges."""
    col, dark = TILE_COLOURS[colour]
    outer = rect_pts(0, 0, 256, 256)
    d = d_of(outer) + " " + d_of(list(reversed(INNER)))
    out = [el("path", d=d, fill=doc.linear(0, 0, 256, 256, [(0, mix(col, WHITE, 0.18)), (0.5, col),
                                                             (1, dark)]), fill_rule="evenodd")]
    out.append(poly(INNER, "none", GOLD, 2.6))
    out.append(poly(rrect_pts(T_IN - 3.5, T_IN - 3.5, 256 - 2 * T_IN + 7, 256 - 2 * T_IN + 7, 12), "none",
                    mix(col, WHITE, 0.35), 1.0, opacity=0.7))
    out.append(rect(0.75, 0.75, 254.5, 254.5, "none", dark, 1.5, rx=3))
    for (x, y) in ((128, T_IN / 2), (128, 256 - T_IN / 2), (T_IN / 2, 128), (256 - T_IN / 2, 128)):
        out.append(poly([(x - 4.5, y), (x, y - 4.5), (x + 4.5, y), (x, y + 4.5)], GOLD, INK, 0.8))
    return out


def khatam(cx, cy, r):
    """Eight-pointed star (two overlapping squares)."""
    return star_pts(cx, cy, r, r * 0.8, 8, -90)


def value_medallion(doc, colour, value):
    cx, cy, r = MEDAL
    col, dark = TILE_COLOURS[colour]
    out = [poly(khatam(cx + 1.5, cy + 2.5, r + 3), "#000000", opacity=0.3)]
    out.append(poly(khatam(cx, cy, r + 3), GOLD, INK, 1.6))
    out.append(poly(khatam(cx, cy, r - 1), doc.radial(cx - 8, cy - 10, r * 1.4,
                                                      [(0, mix(col, WHITE, 0.25)), (0.6, col), (1, dark)]),
                    GOLD_D, 1.0))
    if value is None:
        return out
    text = str(value)
    h = 38.0 if len(text) == 1 else 33.0
    out += numeral(text, cx, cy + 0.5, h, CREAM, INK, ow=2.6, max_w=2 * r - 14)
    return out


def action_roundel(doc, icon, mandatory=False):
    cx, cy, r = ROUNDEL
    out = [circle(cx + 1.5, cy + 2.5, r + 2, "#000000", opacity=0.28)]
    if mandatory:
        out += icon_arrow_down(cx, cy + r + 7, 1.0)
    out.append(circle(cx, cy, r + 2, "#d42a16" if mandatory else GOLD, INK, 1.6))
    out.append(circle(cx, cy, r - 1.5, doc.radial(cx - 6, cy - 8, r * 1.5, [(0, CREAM), (1, PARCH_D)]), INK, 1))
    out.append(place(icon, cx, cy, 2 * r - 4, 100))
    return out


# ---- tile scenes ---------------------------------------------------------------


def scene_large_market(doc, rng):
    out = dunes(doc, rng)
    # covered bazaar hall with arches and a dome
    x0, x1, yb, h = 58.0, 198.0, 114.0, 40.0
    out += dome_shape(doc, 128, yb - h - 4, 20, "#e9dcc6")
    out += house(doc, x0, yb, x1 - x0, h, MUD_L, door=False, beams=False, depth=12)
    for i in range(6):
        ax = x0 + 8 + i * 21.5
        out.append(poly(arch_pts(ax, ax + 14, yb, yb - 20, 0.55), "#5b3519", INK, 1.2))
    out.append(line([(x0, yb - h + 8), (x1, yb - h + 8)], TILE_BLUE, 2.6))
    # three stalls with striped awnings and wares
    stalls = ((22, 86, "#c8321f", CREAM), (96, 160, GOLD, CREAM), (170, 234, LEAF, CREAM))
    for sx0, sx1, c1, c2 in stalls:
        for px in (sx0 + 4, sx1 - 2):
            out.append(line([(px, 96), (px, 128)], WOOD_D, 2.6))
        out.append(poly([(sx0 + 2, 118), (sx1, 118), (sx1 + 2, 130), (sx0, 130)], "#8a5a2b", INK, 1.6))
        out += awning(doc, sx0, sx1, 88, 11, c1, c2, 4)
    wares = [(36, "amph", "#c9683a"), (50, "sack", "#d9b56a"), (66, "amph", TILE_BLUE),
             (110, "sack", "#e07b2a"), (126, "gold", GOLD), (144, "sack", "#b43222"),
             (184, "amph", "#2e8a8a"), (200, "sack", "#e9d08a"), (218, "amph", "#a84a2a")]
    for x, kind, col in wares:
        if kind == "amph":
            out += amphora(doc, x, 119, 17, col)
        elif kind == "sack":
            out += sack(doc, x, 119, 13, col)
        else:
            for i, (dx, dy) in enumerate(((-5, 0), (5, 0), (0, -5))):
                out.append(rect(x + dx - 5, 114 + dy, 10, 5, GOLD_L if i == 2 else GOLD, INK, 1))
    # a carpet laid out in front
    out.append(poly([(72, 134), (184, 134), (192, 146), (64, 146)], "#9c2a22", INK, 1.4))
    out.append(poly([(80, 136.5), (176, 136.5), (182, 143.5), (74, 143.5)], "none", GOLD, 1.4))
    for i in range(5):
        x = 92 + i * 18
        out.append(poly([(x, 137.5), (x + 4, 140), (x, 142.5), (x - 4, 140)], GOLD_L))
    return out


def scene_small_market(doc, rng):
    out = dunes(doc, rng)
    out += house(doc, 150, 116, 48, 36, MUD, windows=((10, 24), (38, 24)), dome=None)
    out += house(doc, 40, 110, 30, 22, MUD_L, door=False, windows=((15, 14),))
    # one stall
    sx0, sx1 = 70.0, 150.0
    for px in (sx0 + 4, sx1 - 2):
        out.append(line([(px, 92), (px, 126)], WOOD_D, 2.8))
    out.append(poly([(sx0, 114), (sx1 + 2, 114), (sx1 + 4, 128), (sx0 - 2, 128)], "#8a5a2b", INK, 1.6))
    out.append(line([(sx0 + 2, 119), (sx1 + 1, 119)], WOOD_D, 1.4))
    out += awning(doc, sx0 - 4, sx1 + 4, 82, 13, "#2a6fb4", CREAM, 5)
    out += amphora(doc, 84, 114, 16, "#c9683a")
    out += amphora(doc, 100, 114, 12, "#2e8a8a")
    out += sack(doc, 118, 114, 12, "#e07b2a", "#c04a10")
    for i in range(3):
        out.append(circle(134 + i * 5, 111, 3.2, "#d9402a", INK, 0.8))
    out.append(circle(139, 106.5, 3.2, "#e9a030", INK, 0.8))
    out += sack(doc, 172, 128, 14, "#d9b56a")
    out += sack(doc, 188, 129, 12, "#b8803a", "#7a4a1a")
    out += bush(doc, 30, 122, 20, rng)
    return out


def scene_oasis(doc, rng):
    out = dunes(doc, rng, col="#dcae62")
    # green shore and pond
    shore = ellipse_pts(128, 124, 104, 22, k=64, wobble=0.05, rng=rng)
    out.append(poly(shore, "#9cbf5a"))
    out.append(poly(ellipse_pts(128, 124, 96, 18, k=64, wobble=0.04, rng=rng), LEAF_L))
    pond = ellipse_pts(128, 124, 80, 13, k=64, wobble=0.03, rng=rng)
    out.append(poly(pond, doc.linear(0, 111, 0, 137, [(0, WATER_D), (0.5, WATER), (1, WATER_L)]), INK, 1.6))
    for x, y, w in ((96, 121, 22), (140, 125, 28), (120, 129, 16), (166, 121, 14)):
        out.append(line([(x - w / 2, y), (x + w / 2, y)], WHITE, 1.4, opacity=0.7))
    out.append(ell(148, 118, 5, 1.8, LEAF, INK, 0.8))
    out.append(circle(150, 117, 1.6, "#f0a0c0"))
    out += acacia(doc, 146, 110, 58, rng)
    out += bush(doc, 204, 122, 28, rng)
    out += reeds(52, 128, 26, rng)
    out += reeds(196, 130, 22, rng, 5)
    out += rock(222, 134, 16, rng)
    out += rock(34, 134, 12, rng)
    # a resting tent on the far side
    tent = [(62, 110), (80, 84), (112, 104), (112, 112), (62, 112)]
    out.append(poly(tent, "#e8d6b0", INK, 1.6))
    out.append(poly([(72, 112), (80, 90), (88, 112)], "#5b3519"))
    for x in range(86, 112, 6):
        out.append(line([(x, 92 + (x - 80) * 0.35), (x, 112)], "#c9683a", 1.6, opacity=0.8))
    return out


def scene_village(doc, rng):
    out = dunes(doc, rng)
    out += house(doc, 82, 106, 36, 34, MUD_D, door=False, windows=((10, 24), (26, 24)))
    out += house(doc, 132, 104, 44, 42, MUD, door=False, windows=((12, 30), (32, 30)))
    out += house(doc, 30, 120, 36, 26, MUD_L, windows=((8, 18),))
    out += house(doc, 96, 122, 46, 32, MUD_L, windows=((10, 22), (36, 22)))
    out += house(doc, 176, 122, 40, 28, MUD, windows=((32, 18),))
    # laundry line
    out.append(line(spline([(66, 100), (81, 104), (96, 102)]), INK, 0.9))
    for x, c in ((72, "#c8321f"), (80, GOLD), (88, TILE_BLUE)):
        out.append(rect(x - 2.5, 102, 5, 7, c, INK, 0.6))
    # well
    out.append(poly([(216, 132), (236, 132), (234, 120), (218, 120)], STONE, INK, 1.6))
    out.append(line([(218, 120), (218, 104)], WOOD_D, 2))
    out.append(line([(234, 120), (234, 104)], WOOD_D, 2))
    out.append(line([(215, 104), (237, 104)], WOOD_D, 2.4))
    out.append(line([(226, 104), (226, 113)], INK, 0.9))
    out.append(rect(223, 112, 6, 5, WOOD, INK, 0.8))
    out += bush(doc, 166, 114, 14, rng)
    out += pebbles(rng, [(20, 150, 60, 235), (196, 150, 236, 235)], 10)
    return out


def qubba(doc, cx, yb, w, h, col="#f4efe2", dome_col="#f4efe2", door="#2f7a4a"):
    out = house(doc, cx - w / 2, yb, w, h, col, door=False, beams=False, depth=w * 0.18)
    out += dome_shape(doc, cx + w * 0.09, yb - h - w * 0.05, w * 0.38, dome_col, kind="hemi")
    out.append(poly(arch_pts(cx - w * 0.16, cx + w * 0.16, yb, yb - h * 0.45, 0.5), door, INK, 1.2))
    return out


def column_pts(x, yb, w, h):
    return rect_pts(x - w / 2, yb - h, w, h)


def scene_sacred(doc, rng, value):
    out = dunes(doc, rng)
    glow = doc.radial(128, 80, 70, [(0, "#fff6c8", 0.9), (1, "#fff6c8", 0)])
    out.append(circle(128, 80, 70, glow))
    if value <= 6:
        out += qubba(doc, 128, 114, 48, 36)
        for px, c in ((76, TILE_BLUE), (186, "#2f7a4a")):
            out.append(line([(px, 118), (px, 74)], WOOD_D, 2))
            out.append(poly([(px, 74), (px + 16, 78), (px, 84)], c, INK, 1))
        out += rock(92, 120, 14, rng, STONE_D)
        out += bush(doc, 178, 122, 16, rng)
        out += smoke(doc, [(142, 72), (150, 58), (140, 46), (150, 32)], 6, MYSTIC, 0.45)
    elif value <= 10:
        # stone altar between two obelisks, brazier with djinn smoke
        for ox in (78, 178):
            ob = [(ox - 8, 118), (ox - 5, 58), (ox, 50), (ox + 5, 58), (ox + 8, 118)]
            out.append(poly(ob, shaded(doc, ox - 8, ox + 8, STONE), INK, OL))
            for y in (72, 86, 100):
                out.append(line([(ox - 3, y), (ox + 3, y)], STONE_D, 1.6))
        out += house(doc, 100, 120, 56, 22, STONE, door=False, beams=False, depth=8)
        out.append(line([(100, 104), (156, 104)], TILE_BLUE, 2.4))
        out.append(poly([(116, 98), (140, 98), (134, 88), (122, 88)], "#7a5a3a", INK, 1.4))
        out += flame(doc, 128, 89, 22)
        out += smoke(doc, [(128, 66), (140, 52), (124, 40), (132, 26), (150, 22)], 8, MYSTIC, 0.55)
        out += rock(40, 126, 16, rng)
        out += rock(214, 128, 20, rng)
    elif value <= 12:
        # temple front: steps, four columns, pointed gable, twin braziers
        out.append(poly([(56, 124), (200, 124), (194, 116), (62, 116)], STONE_D, INK, OL))
        out.append(poly([(64, 116), (192, 116), (188, 110), (68, 110)], STONE, INK, OL))
        out.append(poly([(76, 110), (180, 110), (180, 62), (76, 62)], "#4a2a1a", INK, OL))
        for cx in (82, 108, 148, 174):
            out.append(poly(column_pts(cx, 110, 10, 48), shaded(doc, cx - 5, cx + 5, STONE), INK, 1.6))
            out.append(rect(cx - 7, 60, 14, 5, STONE, INK, 1.2))
        out.append(poly(arch_pts(114, 142, 110, 84, 0.6), "#e8b860", INK, 1.4))
        out.append(poly(arch_pts(119, 137, 110, 88, 0.6), "#fff0b0"))
        gable = [(68, 62), (188, 62), (160, 44), (128, 32), (96, 44)]
        out.append(poly(gable, shaded(doc, 68, 188, STONE), INK, OL))
        out.append(poly(khatam(128, 50, 8), TILE_BLUE, INK, 1))
        for bx in (46, 210):
            out.append(poly([(bx - 3, 124), (bx + 3, 124), (bx + 2, 100), (bx - 2, 100)], WOOD_D, INK, 1))
            out.append(poly([(bx - 9, 100), (bx + 9, 100), (bx + 5, 92), (bx - 5, 92)], GOLD_D, INK, 1.2))
            out += flame(doc, bx, 93, 18)
        out += smoke(doc, [(128, 30), (140, 22), (150, 26)], 5, MYSTIC, 0.4)
    else:
        # the great ziggurat with a glowing gate and a rising djinn
        out += smoke(doc, [(128, 74), (112, 56), (130, 40), (146, 26), (132, 16)], 16, MYSTIC, 0.5)
        tiers = [(44, 212, 124, 18), (62, 194, 106, 16), (80, 176, 90, 14), (98, 158, 76, 12)]
        for x0, x1, yb, h in tiers:
            out.append(poly([(x0, yb), (x1, yb), (x1 - 4, yb - h), (x0 + 4, yb - h)],
                            shaded(doc, x0, x1, "#e6d3ae"), INK, OL))
            out.append(line([(x0 + 4, yb - h + 3), (x1 - 4, yb - h + 3)], TILE_BLUE, 2))
        out.append(poly([(118, 124), (138, 124), (134, 76), (122, 76)], "#d9c39a", INK, 1.4))
        for y in range(80, 124, 6):
            out.append(line([(121, y), (135, y)], STONE_D, 1))
        out.append(poly(arch_pts(120, 136, 64, 52, 0.55), "#ffe68a", INK, 1.4))
        out += dome_shape(doc, 128, 64, 14, GOLD)
        for x, y in ((84, 40), (176, 34), (66, 62), (196, 70), (150, 50)):
            out.append(sparkle(x, y, 5))
    return out


def scene_city(doc, rng, idx):
    out = []
    for i in range(14):
        x, y = rng.uniform(70, 190), rng.uniform(16, 60)
        out.append(circle(x, y, rng.uniform(0.6, 1.4), "#fff6d8", opacity=0.85))
    out.append(circle(96 if idx % 2 else 164, 36, 9, "#fff3c0"))
    out.append(circle(100 if idx % 2 else 168, 33, 8, "#6e3f7e"))
    out += dunes(doc, rng, col="#d39a5c", far=False)
    if idx == 0:
        # golden domes behind a crenellated wall
        out += minaret(doc, 70, 112, 12, 74, "#f3e6c8", TILE_BLUE, GOLD)
        out += minaret(doc, 186, 112, 12, 74, "#f3e6c8", TILE_BLUE, GOLD)
        out += house(doc, 92, 112, 72, 36, "#f1e0bf", door=False, beams=False, depth=10)
        out += dome_shape(doc, 134, 80, 28, GOLD)
        out += dome_shape(doc, 100, 82, 12, GOLD)
        out += dome_shape(doc, 164, 80, 10, GOLD)
        wall = [(30, 124), (226, 124), (226, 104), (30, 104)]
        out.append(poly(wall, shaded(doc, 30, 226, "#d8a868"), INK, OL))
        for x in range(32, 224, 12):
            out.append(poly(rect_pts(x, 98, 7, 7), "#d8a868", INK, 1.2))
        out.append(poly(arch_pts(116, 140, 124, 110, 0.55), "#3a2010", INK, 1.4))
        for x in (58, 86, 170, 198):
            out.append(poly(arch_pts(x - 3, x + 3, 118, 112, 0.5), "#ffd66a"))
    elif idx == 1:
        # city of slender blue towers
        for cx, h, w in ((128, 100, 16), (92, 80, 13), (164, 82, 13), (62, 60, 11), (194, 62, 11)):
            out += minaret(doc, cx, 118, w, h, "#e7eef5", TILE_BLUE, "#3e8fd6")
        out += house(doc, 36, 124, 40, 20, "#eadcc0", door=False, beams=False, depth=8)
        out += house(doc, 176, 124, 44, 22, "#eadcc0", door=False, beams=False, depth=8)
        for x, y in ((128, 50), (92, 62), (164, 60)):
            out.append(poly(arch_pts(x - 2.5, x + 2.5, y + 6, y, 0.5), "#ffd66a"))
    elif idx == 2:
        # a city carved into a red cliff
        cliff = spline([(16, 124), (26, 60), (60, 34), (110, 26), (160, 30), (206, 40), (238, 70), (244, 124)])
        out.append(poly(cliff + [(244, 126), (16, 126)], doc.linear(0, 26, 0, 126, [(0, "#d9794a"),
                                                                                   (1, "#9c4226")]), INK, OL))
        for x in (50, 200):
            out.append(line(spline([(x, 50), (x + 6, 80), (x - 4, 118)]), "#7a2e16", 1.6, opacity=0.7))
        out.append(poly([(88, 116), (168, 116), (168, 62), (88, 62)], "#c4643a", INK, 1.6))
        for cx in (96, 114, 142, 160):
            out.append(poly(column_pts(cx, 116, 7, 44), shaded(doc, cx - 4, cx + 4, "#e49a6a"), INK, 1.2))
        out.append(poly([(84, 72), (172, 72), (158, 54), (98, 54)], "#e49a6a", INK, 1.4))
        out += dome_shape(doc, 128, 54, 10, "#e49a6a", kind="hemi")
        out.append(poly(arch_pts(120, 136, 116, 92, 0.55), "#3a1a0a", INK, 1.2))
        out.append(poly(arch_pts(123, 133, 116, 98, 0.55), "#ffcf6a", opacity=0.9))
        for x, y in ((52, 90), (66, 104), (190, 88), (206, 104), (214, 72)):
            out.append(poly(arch_pts(x - 4, x + 4, y + 10, y + 2, 0.5), "#3a1a0a", INK, 0.8))
    elif idx == 3:
        # hanging gardens on terraces with waterfalls
        tiers = [(40, 216, 124, 20), (62, 194, 104, 18), (84, 172, 86, 16), (104, 152, 70, 14)]
        for x0, x1, yb, h in tiers:
            out.append(poly([(x0, yb), (x1, yb), (x1 - 2, yb - h), (x0 + 2, yb - h)],
                            shaded(doc, x0, x1, "#e9d6b0"), INK, OL))
            for ax in range(int(x0) + 10, int(x1) - 8, 16):
                out.append(poly(arch_pts(ax, ax + 8, yb, yb - h * 0.55, 0.5), "#5a3a20"))
            for bx in range(int(x0) + 4, int(x1), 9):
                out.append(circle(bx, yb - h, 4.2, LEAF, INK, 0.8))
                out.append(circle(bx - 1.2, yb - h - 1.2, 1.8, LEAF_L))
        for wx in (78, 178):
            out.append(rect(wx - 3, 86, 6, 38, doc.linear(0, 86, 0, 124, [(0, WATER_L), (1, WATER)]), INK, 0.8))
        out += dome_shape(doc, 128, 56, 12, "#4fa0a0")
        for x in (112, 144):
            out.append(line(spline([(x, 56), (x - 4, 64), (x - 2, 72)]), LEAF_D, 2))
    else:
        # a citadel on a floating rock above the clouds
        rockp = spline([(44, 76), (70, 92), (96, 110), (128, 122), (160, 110), (188, 92), (212, 76)])
        out.append(poly(rockp, doc.linear(0, 76, 0, 122, [(0, "#b8845a"), (1, "#6e4428")]), INK, OL))
        out += house(doc, 70, 80, 30, 22, "#f3e6c8", door=False, beams=False, depth=6)
        out += house(doc, 150, 80, 34, 24, "#f3e6c8", door=False, beams=False, depth=6)
        out += minaret(doc, 128, 80, 14, 62, "#f3e6c8", "#7a4bb0", "#b07ad8")
        out += dome_shape(doc, 88, 58, 10, "#b07ad8")
        out += dome_shape(doc, 170, 55, 11, "#b07ad8")
        for cx, cy, rx in ((40, 116, 30), (92, 124, 34), (170, 124, 36), (220, 114, 28)):
            out.append(ell(cx, cy, rx, 9, "#f8eef0", INK, 1.2))
            out.append(ell(cx + 4, cy - 5, rx * 0.6, 7, WHITE))
        out.append(line(spline([(128, 122), (126, 130), (130, 138)]), "#6e4428", 2))
    return out


def scene_lake(doc, rng):
    out = [poly(INNER, doc.linear(0, 11, 0, 245, [(0, "#4aa7c4"), (0.5, WATER), (1, WATER_D)]))]
    # shores in the corners
    for cx, cy in ((11, 11), (245, 11), (11, 245), (245, 245)):
        sh = ellipse_pts(cx, cy, 44, 40, k=40, wobble=0.12, rng=rng)
        out.append(poly(sh, SAND, INK, 1.6))
        out.append(poly(ellipse_pts(cx, cy, 36, 32, k=40, wobble=0.1, rng=rng), "#9cbf5a"))
    out += reeds(34, 60, 26, rng)
    out += reeds(222, 226, 24, rng, 5)
    out += rock(230, 58, 18, rng)
    out += bush(doc, 30, 222, 18, rng)
    for _ in range(26):
        x, y = rng.uniform(40, 216), rng.uniform(40, 216)
        w = rng.uniform(10, 22)
        out.append(line(spline([(x - w / 2, y + 1.5), (x - w / 4, y - 1.5), (x, y + 1.5), (x + w / 4, y - 1.5),
                                (x + w / 2, y + 1.5)], step=1), WATER_L, 1.8, opacity=0.75))
    for cx, cy in ((84, 168), (170, 92), (150, 190)):
        pad = arc(cx, cy, 11, 20, 340, ry=6)
        out.append(poly([(cx, cy)] + pad, LEAF, INK, 1.2))
        out.append(circle(cx + 2, cy - 3, 3.5, "#f3a6c4", INK, 0.8))
        out.append(circle(cx + 2, cy - 3, 1.4, GOLD_L))
    # a small sailing boat
    hull = [(92, 104), (140, 104), (132, 114), (100, 114)]
    out.append(poly(hull, WOOD, INK, 1.6))
    out.append(line([(116, 104), (116, 62)], WOOD_D, 2))
    out.append(poly([(117, 64), (140, 98), (117, 98)], CREAM, INK, 1.4))
    out.append(poly([(115, 70), (98, 98), (115, 98)], "#e8d6b0", INK, 1.2))
    out.append(ell(116, 116, 28, 3, WATER_D, opacity=0.6))
    return out


def soft_band(doc, rng, y, amp, col, op):
    pts = [(T_IN - 4, y + rng.uniform(-amp, amp))]
    for i in range(1, 6):
        pts.append((T_IN + i * 234 / 5, y + rng.uniform(-amp, amp)))
    top = spline(pts, step=4)
    return poly(top + [(250, 250), (6, 250)], col, opacity=op)


def perspective_grid(y0, y1, col, op, vx=128.0, vy=40.0, rows=(0.0, 0.16, 0.36, 0.62, 1.0), cols=9):
    out = []
    for f in rows:
        y = y0 + (y1 - y0) * f
        out.append(line([(T_IN, y), (256 - T_IN, y)], col, 1.3, opacity=op))
    for i in range(cols):
        xb = -120 + i * (496 / (cols - 1))
        t0 = (y0 - vy) / (y1 - vy)
        out.append(line([(vx + (xb - vx) * t0, y0), (xb, y1)], col, 1.3, opacity=op))
    return out


def corner_props(doc, rng, kind):
    """Small things in the two bottom corners; the middle stays calm."""
    out = []
    if kind in ("large_market", "small_market"):
        out += amphora(doc, 30, 238, 22, "#c9683a")
        out += sack(doc, 48, 240, 14, "#d9b56a")
        out += amphora(doc, 228, 238, 20, "#2e8a8a")
        out += sack(doc, 212, 240, 13, "#e07b2a", "#c04a10")
    elif kind == "oasis":
        out += bush(doc, 28, 240, 22, rng)
        out += reeds(230, 240, 24, rng, 5)
        out += tuft(214, 236, 7) + tuft(46, 226, 6)
    elif kind == "village":
        out += rock(30, 240, 16, rng)
        out += amphora(doc, 226, 238, 18, "#c9683a")
        out += tuft(44, 236, 6, "#8a9a3a") + tuft(210, 236, 6, "#8a9a3a")
    elif kind == "sacred":
        for x in (30, 226):
            out.append(poly([(x - 5, 242), (x + 5, 242), (x + 3, 218), (x - 3, 218)], STONE, INK, 1.4))
            out.append(poly([(x - 7, 218), (x + 7, 218), (x + 5, 212), (x - 5, 212)], STONE_D, INK, 1.2))
            out += flame(doc, x, 213, 14)
    elif kind == "city":
        for x in (30, 226):
            out += bush(doc, x, 242, 20, rng, "#3f8a5a", "#24563a", "#7cc08a")
    return out


def ground_decor(doc, rng, kind):
    out = []
    if kind in ("large_market", "small_market"):
        out += perspective_grid(HORIZON + 20, 246, "#b98f5e", 0.32)
    elif kind == "city":
        out += perspective_grid(HORIZON + 16, 246, "#b07a58", 0.3, rows=(0.0, 0.12, 0.27, 0.46, 0.7, 1.0), cols=11)
    elif kind == "sacred":
        path = [(112, HORIZON + 10), (144, HORIZON + 10), (190, 246), (66, 246)]
        out.append(poly(path, "#f3e8cf", opacity=0.9))
        out.append(line([path[0], path[3]], STONE_D, 1.4, opacity=0.6))
        out.append(line([path[1], path[2]], STONE_D, 1.4, opacity=0.6))
        for y in (150, 180, 216):
            t = (y - path[0][1]) / (246 - path[0][1])
            out.append(line([(112 - 46 * t, y), (144 + 46 * t, y)], STONE_D, 1, opacity=0.35))
    else:
        shade = "#d9b370" if kind == "village" else "#c9c27a"
        out.append(soft_band(doc, rng, 168, 8, shade, 0.35))
        out.append(soft_band(doc, rng, 212, 8, shade, 0.35))
        out += ripples(rng, [(24, 150, 80, 200), (176, 150, 232, 200)], 6, op=0.35)
    out += pebbles(rng, [(20, 196, 64, 236), (192, 196, 236, 236)], 8)
    out += corner_props(doc, rng, kind)
    return out


def tile_svg(kind, colour, value, idx=0) -> Doc:
    doc = Doc()
    rng = random.Random(f"tile-{kind}-{value}-{idx}")
    if kind == "great_lake":
        doc.add(scene_lake(doc, rng))
        doc.add(tile_frame(doc, None))
        cx, cy, r = MEDAL
        doc.add(value_medallion(doc, None, None))
        doc.add(numeral("x2", cx, cy + 1, 26, CREAM, INK, ow=2.4, max_w=44))
        return doc
    if kind == "city":
        doc.add(tile_background(doc, DUSK_SKY, [(0, "#e5bd85"), (0.15, "#efd3a2"), (1, "#f6e3bf")]))
        doc.add(scene_city(doc, rng, idx))
    elif kind == "oasis":
        doc.add(tile_background(doc, ground=[(0, "#cfc77e"), (0.2, "#e8d594"), (1, SAND_L)]))
        doc.add(scene_oasis(doc, rng))
    elif kind == "sacred":
        doc.add(tile_background(doc, ground=[(0, "#dcc595"), (0.2, "#e6d3a8"), (1, "#eee0c0")]))
        doc.add(scene_sacred(doc, rng, value))
    elif kind == "large_market":
        doc.add(tile_background(doc, ground=[(0, "#dcb582"), (0.2, "#ead0a4"), (1, "#f5e4c4")]))
        doc.add(scene_large_market(doc, rng))
    elif kind == "small_market":
        doc.add(tile_background(doc, ground=[(0, "#dcb582"), (0.2, "#ead0a4"), (1, "#f5e4c4")]))
        doc.add(scene_small_market(doc, rng))
    elif kind == "village":
        doc.add(tile_background(doc))
        doc.add(scene_village(doc, rng))
    else:
        raise ValueError(kind)
    doc.add(ground_decor(doc, rng, kind))
    doc.add(tile_frame(doc, colour))
    doc.add(value_medallion(doc, colour, value if kind != "city" else None))
    if kind == "city":
        cx, cy, r = MEDAL
        doc.add(poly(arc(cx, cy, 15, -60, 240) + list(reversed(arc(cx + 7, cy - 4, 13, -60, 240))), GOLD_L,
                     INK, 1.2))
        doc.add(sparkle(cx + 9, cy + 4, 7, CREAM))
    doc.add(action_roundel(doc, TILE_ICONS[kind](doc), mandatory=kind in ("oasis", "village")))
    return doc


TILE_ICONS = {
    "large_market": lambda d: icon_card(d, 38, 52, 1.05, -14, TERRA) + icon_card(d, 62, 48, 1.05, 12, LEAF),
    "small_market": lambda d: icon_card(d, 50, 50, 1.3, 0, TERRA),
    "oasis": lambda d: icon_palm(d, 50, 94, 1.0),
    "village": lambda d: icon_palace(d, 50, 90, 1.0),
    "sacred": lambda d: icon_lamp(d, 48, 64, 1.0),
    "city": lambda d: icon_scroll(d, 50, 52, 1.1),
}


# --------------------------------------------------------------------------
# meeples (drawn in a 256 box, written at 128 x 128)
# --------------------------------------------------------------------------
M_OW = 12.0


def meeple_body(legs=True, right_arm="out", left_arm="out"):
    """Outline of a meeple torso with arms and legs (closed polygon, 256 box)."""
    pts = [(110, 100)]
    if left_arm == "out":
        pts += [(66, 112), (36, 132), (46, 156), (92, 150)]
    elif left_arm == "down":
        pts += [(84, 112), (66, 150), (72, 184), (92, 160)]
    if legs:
        pts += [(82, 212), (60, 240), (108, 240), (128, 200), (148, 240), (196, 240), (174, 212)]
    else:
        pts += [(70, 224), (62, 242), (194, 242), (186, 224)]
    if right_arm == "out":
        pts += [(164, 150), (210, 156), (220, 132), (190, 112)]
    elif right_arm == "up":
        pts += [(164, 150), (176, 124), (198, 84), (216, 50), (194, 40), (170, 80), (160, 100)]
    elif right_arm == "forward":
        pts += [(164, 150), (186, 164), (206, 150), (190, 120)]
    pts += [(146, 100)]
    return spline(pts, closed=True, step=2)


def body_fill(doc, col, light, dark):
    return doc.linear(40, 0, 220, 0, [(0, light), (0.35, col), (1, dark)])


def make_meeple(tribe):
    col, dark, light = TRIBES[tribe]
    doc = Doc(128, 128)
    fill = body_fill(doc, col, light, dark)
    head = ellipse_pts(128, 70, 30, 30, k=40)
    parts, details = [], []
    halo = (14.0, "#ffffff", 0.5) if lum(col) < 150 else (14.0, "#000000", 0.25)
    if tribe == "vizier":
        hat = spline([(104, 52), (108, 30), (114, 10), (120, -2)], step=2) + \
            spline([(136, -2), (142, 10), (148, 30), (152, 52)], step=2)
        wrap = spline([(90, 58), (92, 40), (112, 32), (144, 32), (164, 40), (166, 58), (128, 66)], closed=True,
                      step=2)
        parts = [(meeple_body(), fill), (head, fill), (hat, fill), (wrap, light)]
        details += [line(spline([(94, 48), (128, 40), (162, 48)]), dark, 4),
                    line([(92, 168), (164, 168)], dark, 12), poly(star_pts(128, 168, 10, 4, 4), GOLD_L, INK, 2)]
        details += gem(doc, 128, 48, 9, "#c8302a")
        details.append(line([(116, 24), (120, 4)], light, 6, opacity=0.8))
    elif tribe == "elder":
        robe = meeple_body(legs=False, right_arm="out", left_arm="out")
        staff_t = spline([(200, 250), (206, 120), (212, 40), (206, 20), (188, 24), (194, 40)], step=2)
        staff = tube(staff_t, [6] * len(staff_t))
        beard = spline([(100, 80), (104, 110), (116, 140), (128, 158), (140, 140), (152, 110), (156, 80)], step=2)
        cap = spline([(98, 62), (104, 40), (128, 30), (152, 40), (158, 62)], step=2)
        parts = [(staff, WOOD), (robe, fill), (head, fill), (cap, "#d9cfb8")]
        details += [poly(beard, "#ffffff", INK, 5), line([(128, 108), (128, 146)], "#c9c0ad", 3)]
        details += [line(spline([(110, 180), (104, 236)]), dark, 5), line(spline([(146, 180), (152, 236)]), dark, 5)]
    elif tribe == "builder":
        body = meeple_body(right_arm="up")
        handle = tube([(196, 60), (216, 8)], [6, 6])
        hammer = rot(rect_pts(190, -8, 48, 24), (214, 4), 21)
        band = rect_pts(96, 50, 64, 14)
        parts = [(handle, WOOD), (hammer, "#9aa3ad"), (body, fill), (head, fill)]
        details += [poly(band, "#e8c25a", INK, 4), line([(84, 140), (172, 140)], dark, 7, opacity=0.9)]
        details += [line([(108, 150), (106, 196)], light, 8, opacity=0.6)]
    elif tribe == "merchant":
        pack = ellipse_pts(70, 106, 50, 52, k=40)
        body = meeple_body(left_arm="down")
        turban = spline([(92, 64), (88, 40), (108, 24), (140, 22), (166, 36), (166, 60)], step=2) + [(128, 70)]
        parts = [(pack, "#b8803a"), (body, fill), (head, fill), (turban, "#f3e6c8")]
        details += [line(spline([(46, 70), (70, 96), (100, 110)]), "#7a4a1a", 6),
                    line([(98, 102), (160, 150)], "#7a4a1a", 10),
                    poly(star_pts(70, 120, 14, 6, 4), GOLD_L, INK, 2),
                    line(spline([(94, 44), (128, 40), (162, 46)]), "#c9b48a", 5),
                    line(spline([(96, 56), (128, 52), (160, 56)]), "#c9b48a", 5)]
    elif tribe == "assassin":
        hood = spline([(92, 92), (94, 56), (110, 28), (140, 4), (152, 30), (164, 58), (166, 92)], step=2)
        cape = spline([(96, 96), (62, 180), (42, 244), (214, 244), (194, 180), (160, 96)], step=2)
        blade = [(190, 128), (238, 110), (246, 104), (240, 116), (196, 140)]
        guard = rot(rect_pts(180, 120, 8, 28), (184, 134), -20)
        body = meeple_body(left_arm="down", right_arm="forward")
        parts = [(blade, "#dfe6ee"), (cape, dark), (body, fill), (hood, fill), (guard, GOLD)]
        details += [poly(ellipse_pts(128, 72, 20, 22, k=30), "#2a0c08"),
                    line([(110, 40), (132, 14)], light, 6, opacity=0.7),
                    line([(94, 132), (160, 132)], INK, 8)]
    doc.add(group(outlined(parts, M_OW * 2, INK, halo) + details, transform="translate(6.4 10) scale(0.45)"))
    return doc


# --------------------------------------------------------------------------
# seat pieces: camels and turn markers, each with the seat's mark
# --------------------------------------------------------------------------


def load_seats():
    doc = yaml.safe_load(open(SEATS_FILE, encoding="utf-8"))
    return [(c["id"], c["rgb"].lower(), c["mark"]) for c in doc["colours"]]


def mark_tone(color):
    return "#151515" if lum(color) > 140 else "#ffffff"


MARK_RADIUS = 0.68      # a mark `size` wide: the unit box of engine/core/marks.py, radius 0.68 * size


def mark_shapes(kind, cx, cy, size, color):
    """A seat's mark (dot, stripes, cross, ring, diamond) centred at (cx, cy), about `size` wide.

    The shapes are the badges' (engine/core/marks.py, via svgkit's seat_mark), scaled only.
    """
    return [KIT.seat_mark(kind, cx, cy, size * MARK_RADIUS, color)]


def seat_tones(color):
    dark = mix(color, "#000000", 0.32) if lum(color) > 60 else "#111111"
    light = mix(color, "#ffffff", 0.35) if lum(color) > 60 else "#5a5a5a"
    return dark, light


def camel_parts(doc, color):
    dark, light = seat_tones(color)
    body = spline([(46, 128), (60, 100), (90, 72), (118, 56), (148, 68), (172, 98), (190, 104), (198, 84),
                   (204, 58), (214, 44), (234, 46), (248, 58), (244, 72), (224, 72), (216, 100), (206, 134),
                   (180, 156), (120, 160), (72, 154)], closed=True, step=2)
    legs = []
    for x0, knee, foot in ((80, (72, 196), (78, 236)), (100, (102, 198), (96, 236)),
                           (166, (160, 198), (166, 236)), (186, (190, 196), (184, 236))):
        c = spline([(x0, 146), knee, foot], step=2)
        legs.append(tube(c, [9 - 3 * i / len(c) for i in range(len(c))]))
    feet = [ellipse_pts(x, 238, 11, 5, k=20) for x in (78, 96, 166, 184)]
    tail = tube(spline([(50, 120), (38, 140), (40, 168)], step=2), [5, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    fill = doc.linear(40, 40, 220, 240, [(0, light), (0.4, color), (1, dark)])
    back_fill = mix(color, "#000000", 0.18) if lum(color) > 60 else "#1c1c1c"
    parts = [(tail, dark)] + [(legs[i], back_fill) for i in (1, 3)] + [(feet[i], dark) for i in (1, 3)] + \
            [(legs[i], fill) for i in (0, 2)] + [(feet[i], dark) for i in (0, 2)] + [(body, fill)]
    details = [circle(228, 54, 3.5, INK), line([(238, 66), (246, 64)], INK, 3),
               line(spline([(214, 46), (218, 38), (222, 44)]), INK, 4),
               line(spline([(92, 78), (116, 62), (140, 68)]), light, 6, opacity=0.7)]
    return parts, details


def make_camel(color, mark):
    doc = Doc(128, 128)
    parts, details = camel_parts(doc, color)
    halo = (14.0, "#ffffff", 0.55) if lum(color) < 110 else None
    items = outlined(parts, 18, INK, halo) + details
    # saddle cloth with the seat mark
    cloth = spline([(84, 86), (116, 64), (152, 74), (168, 110), (150, 146), (96, 146), (80, 118)], closed=True)
    dark, light = seat_tones(color)
    items.append(poly(cloth, mix(color, "#000000", 0.15) if lum(color) > 60 else "#3c3c3c", INK, 5))
    items.append(poly(scale_pts(cloth, (124, 110), 0.86), "none", GOLD, 3.5))
    for x in range(92, 160, 12):
        items.append(line([(x, 146), (x, 156)], GOLD, 4))
    items += mark_shapes(mark, 124, 110, 66, mark_tone(color))
    doc.add(group(items, transform="translate(-5 12) scale(0.47)"))
    return doc


def make_turn_marker(color, mark):
    """A short wooden cylinder seen from above-front, the mark on its top."""
    doc = Doc(128, 128)
    dark, light = seat_tones(color)
    cx, top, rx, ry, h = 128.0, 100.0, 100.0, 64.0, 44.0
    side = arc(cx, top + h, rx, 0, 180, ry=ry) + [(cx - rx, top)] + arc(cx, top, rx, 180, 0, ry=ry)[1:]
    items = []
    if lum(color) < 110:
        items.append(poly(side, "#ffffff", "#ffffff", 26, opacity=0.5))
        items.append(ell(cx, top, rx, ry, "#ffffff", "#ffffff", 26, opacity=0.5))
    items.append(poly(side, doc.linear(cx - rx, 0, cx + rx, 0, [(0, color), (0.35, light), (1, dark)]), INK, 9))
    items.append(ell(cx, top, rx, ry, doc.radial(cx - 30, top - 26, rx * 1.3, [(0, light), (0.6, color),
                                                                              (1, mix(color, "#000000", 0.1))]),
                     INK, 9))
    items.append(ell(cx, top, rx * 0.82, ry * 0.8, "none", mix(color, "#000000", 0.2) if lum(color) > 60
                     else "#4a4a4a", 4))
    # the mark faces the viewer, unsquashed, so it is the badge's shape (only scaled); it fits inside the inner ring
    items += mark_shapes(mark, cx, top, 84, mark_tone(color))
    doc.add(group(items, transform="translate(0 6) scale(0.5)"))
    return doc


# --------------------------------------------------------------------------
# other pieces: palm, palace, assassin marker, coin, bag
# --------------------------------------------------------------------------


def make_palm():
    doc = Doc(128, 128)
    items = [ell(56, 96, 26, 5, "#000000", opacity=0.25)]
    items += icon_palm(doc, 50, 96, 1.0)
    doc.add(group(items, transform="translate(0 4) scale(1.22)"))
    return doc


def make_palace():
    doc = Doc(128, 128)
    items = [ell(50, 92, 40, 5, "#000000", opacity=0.25)]
    items += icon_palace(doc, 50, 92, 1.0)
    doc.add(group(items, transform="translate(3 6) scale(1.22)"))
    return doc


def jambiya(doc, cx, cy, s=1.0, deg=-35.0):
    """A curved dagger with a gold guard and a red hilt (drawn pointing up, then rotated)."""
    blade_c = spline([(cx, cy + 6 * s), (cx + 4 * s, cy - 30 * s), (cx + 18 * s, cy - 62 * s),
                      (cx + 34 * s, cy - 80 * s)], step=1)
    n = len(blade_c)
    blade = tube(blade_c, [10 * s * (1 - i / n) ** 0.7 + 0.5 for i in range(n)])
    hilt = rrect_pts(cx - 7 * s, cy + 10 * s, 14 * s, 40 * s, 6 * s)
    pommel = ellipse_pts(cx, cy + 54 * s, 12 * s, 8 * s, k=24)
    guard = rrect_pts(cx - 20 * s, cy + 2 * s, 40 * s, 10 * s, 4 * s)
    parts = [(blade, doc.linear(cx - 10 * s, 0, cx + 30 * s, 0, [(0, "#f4f8fb"), (1, "#8d9aa8")])),
             (hilt, "#a4161a"), (pommel, GOLD), (guard, GOLD)]
    items = outlined(parts, 5 * s)
    items.append(line(blade_c[:-4], "#6f7c88", 1.6 * s))
    items += [circle(cx, cy + 30 * s, 3.5 * s, "#3fb6c8", INK, 1 * s), circle(cx, cy + 7 * s, 3 * s, "#c8102e")]
    for y in (18, 42):
        items.append(line([(cx - 7 * s, cy + y * s), (cx + 7 * s, cy + y * s)], GOLD, 2.4 * s))
    return [group(items, transform=f"rotate({fmt(deg)} {fmt(cx)} {fmt(cy)})")]


def make_assassin_marker():
    doc = Doc(128, 128)
    doc.add(circle(64, 64, 58, "#000000", opacity=0.22))
    doc.add(circle(64, 64, 56, doc.radial(50, 46, 80, [(0, "#e0574a"), (1, "#7a1610")]), INK, 3))
    doc.add(circle(64, 64, 48, "none", GOLD, 2.5, opacity=0.9))
    doc.add(jambiya(doc, 60, 70, 0.9, 30))
    return doc


def coin_face(doc, cx, cy, r, emblem=True):
    out = [circle(cx, cy, r, doc.radial(cx - r * 0.3, cy - r * 0.35, r * 1.5, [(0, "#fff3b0"), (0.45, GOLD),
                                                                               (1, GOLD_D)]), INK, r * 0.07)]
    out.append(circle(cx, cy, r * 0.8, "none", GOLD_D, r * 0.05))
    for k in range(24):
        a = math.radians(k * 15)
        out.append(circle(cx + math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9, r * 0.025, "#fff3b0"))
    if emblem:
        out.append(poly(khatam(cx, cy, r * 0.55), "none", GOLD_D, r * 0.06))
        out.append(poly(star_pts(cx, cy, r * 0.3, r * 0.13, 8), "#fff3b0", GOLD_D, r * 0.03))
    out.append(line(arc(cx, cy, r * 0.72, 200, 250), WHITE, r * 0.06, opacity=0.6))
    return out


def make_coin():
    doc = Doc(128, 128)
    doc.add(circle(67, 68, 58, "#000000", opacity=0.25))
    doc.add(coin_face(doc, 64, 64, 58))
    return doc


def make_bag():
    doc = Doc(128, 128)
    items = [ell(128, 236, 92, 12, "#000000", opacity=0.25)]
    # meeple heads peeking out of the bag
    for x, y, tribe in ((96, 66, "merchant"), (128, 54, "vizier"), (160, 66, "assassin"), (112, 78, "builder"),
                        (146, 80, "elder")):
        col, dark, light = TRIBES[tribe]
        items.append(circle(x, y, 20, col, INK, 6))
        items.append(circle(x - 6, y - 6, 6, light, opacity=0.8))
    sackp = spline([(86, 92), (64, 120), (40, 176), (44, 222), (80, 240), (176, 240), (212, 222), (216, 176),
                    (192, 120), (170, 92)], step=2)
    items.append(poly(sackp, doc.linear(40, 0, 216, 0, [(0, "#9a6ac8"), (0.45, MYSTIC), (1, "#3f1f66")]), INK, 8))
    neck = spline([(84, 90), (128, 100), (172, 90)], step=2)
    items.append(line(neck, GOLD, 10))
    items.append(line(neck, INK, 2, opacity=0.5))
    items.append(line(spline([(150, 96), (166, 124), (160, 150)]), GOLD, 6))
    items.append(circle(160, 154, 8, GOLD, INK, 3))
    items.append(poly(khatam(128, 180, 34), "none", GOLD, 5))
    items.append(poly(star_pts(128, 180, 16, 7, 8), GOLD_L, INK, 2))
    for x in range(64, 200, 16):
        items.append(circle(x, 226 - abs(x - 128) * 0.08, 3, GOLD, opacity=0.9))
    doc.add(group(items, transform="translate(0 -2) scale(0.5)"))
    return doc


# --------------------------------------------------------------------------
# cards (viewBox 0 0 180 256)
# --------------------------------------------------------------------------
CW, CH = 180.0, 256.0
CARD = rrect_pts(1, 1, CW - 2, CH - 2, 12)


def card_frame(doc, outer, outer_d, window, window_y1, band=None, trim=GOLD):
    """Card body: a coloured frame, an art window (x 10..170, y 10..window_y1) and an optional free band.

    window: gradient stops for the art window background (top to bottom).
    band: (y0, y1) of the plain parchment band left free for the program's text.
    """
    out = [poly(CARD, doc.linear(0, 0, CW, CH, [(0, mix(outer, WHITE, 0.15)), (0.5, outer), (1, outer_d)]),
                INK, 2)]
    out.append(poly(rrect_pts(5, 5, CW - 10, CH - 10, 9), "none", trim, 1.4, opacity=0.9))
    win = rrect_pts(10, 10, CW - 20, window_y1 - 10, 7)
    out.append(poly(win, doc.linear(0, 10, 0, window_y1, window)))
    if band:
        y0, y1 = band
        out.append(poly(rrect_pts(10, y0, CW - 20, y1 - y0, 6), doc.linear(0, y0, 0, y1, [(0, CREAM), (1, PARCH)]),
                        trim, 1.6))
    return out


def window_edge(window_y1, trim=GOLD):
    return [poly(rrect_pts(10, 10, CW - 20, window_y1 - 10, 7), "none", trim, 2.2),
            poly(rrect_pts(10, 10, CW - 20, window_y1 - 10, 7), "none", INK, 0.8)]


def corner_flourish(x, y, sx, sy, col=GOLD):
    pts = [(x, y + sy * 16), (x, y), (x + sx * 16, y)]
    return [line(pts, col, 2.2), circle(x + sx * 5, y + sy * 5, 2.2, col)]


# ---- goods illustrations (centred on (90, 110), about 140 wide) --------------


def good_ivory(doc, rng):
    out = [ell(90, 176, 60, 10, "#000000", opacity=0.2)]
    cushion = spline([(34, 170), (40, 150), (90, 144), (140, 150), (146, 170), (90, 178)], closed=True)
    out.append(poly(cushion, shaded(doc, 34, 146, "#a4161a"), INK, 2))
    for t in (0.25, 0.5, 0.75):
        out.append(circle(34 + 112 * t, 150 + 2 * math.sin(t * 6), 3, GOLD, INK, 0.8))
    for side in (-1, 1):
        c = spline([(90 - side * 46, 152), (90 - side * 40, 110), (90 - side * 14, 62), (90 + side * 26, 36)], step=1)
        n = len(c)
        tusk = tube(c, [12 * (1 - i / n) ** 0.8 + 1 for i in range(n)])
        out.append(poly(tusk, doc.linear(60, 0, 120, 0, [(0, "#fffaf0"), (0.6, "#efe4c8"), (1, "#cbb98e")]),
                        INK, 2.2))
        out.append(line(c[2:int(n * 0.8)], WHITE, 2.5, opacity=0.7))
        for f in (0.12, 0.22):
            p, q = c[int(n * f)], c[int(n * f) + 2]
            tx, ty = unit((q[0] - p[0], q[1] - p[1]))
            w = 13 * (1 - f) ** 0.8
            out.append(line([(p[0] - ty * w, p[1] + tx * w), (p[0] + ty * w, p[1] - tx * w)], GOLD, 4.5))
    return out


def gem(doc, cx, cy, r, col, deg=0):
    outer = rot([(cx - r, cy - r * 0.2), (cx - r * 0.55, cy - r * 0.75), (cx + r * 0.55, cy - r * 0.75),
                 (cx + r, cy - r * 0.2), (cx, cy + r)], (cx, cy), deg)
    table = rot([(cx - r * 0.5, cy - r * 0.2), (cx - r * 0.3, cy - r * 0.55), (cx + r * 0.3, cy - r * 0.55),
                 (cx + r * 0.5, cy - r * 0.2)], (cx, cy), deg)
    out = [poly(outer, doc.linear(cx - r, cy - r, cx + r, cy + r, [(0, mix(col, WHITE, 0.5)), (0.5, col),
                                                                     (1, mix(col, "#000000", 0.4))]), INK, 1.8)]
    out.append(poly(table, mix(col, WHITE, 0.55), INK, 0.8))
    for a, b in ((0, 4), (3, 4)):
        out.append(line([outer[a], outer[b]], mix(col, "#000000", 0.3), 1))
    out.append(sparkle(cx - r * 0.3, cy - r * 0.45, r * 0.35, WHITE))
    return out


def good_jewels(doc, rng):
    out = [ell(90, 176, 62, 10, "#000000", opacity=0.2)]
    box = [(36, 176), (144, 176), (150, 136), (30, 136)]
    out.append(poly(box, shaded(doc, 30, 150, WOOD), INK, 2))
    out.append(line([(33, 152), (147, 152)], GOLD, 3))
    lid = [(30, 136), (150, 136), (138, 100), (42, 100)]
    pearls = arc(90, 104, 56, 200, 340, step=6)
    out += [circle(x, y, 3.6, "#f7f2ea", INK, 0.8) for x, y in pearls]
    out.append(poly([(30, 136), (150, 136), (146, 130), (34, 130)], GOLD_D, INK, 1.2))
    for cx, cy, r, col, d in ((62, 118, 16, "#d81e3a", -8), (92, 106, 20, "#1f9a5a", 4), (124, 118, 15, "#2b63c9", 10),
                              (76, 90, 12, "#8a3bc0", -12), (110, 86, 11, "#f2b807", 8)):
        out += gem(doc, cx, cy, r, col, d)
    out.append(circle(90, 162, 7, GOLD, INK, 1.4))
    out.append(circle(90, 162, 2.8, "#d81e3a"))
    return out


def ingot(doc, cx, yb, w, h):
    top = [(cx - w * 0.38, yb - h), (cx + w * 0.38, yb - h), (cx + w * 0.5, yb), (cx - w * 0.5, yb)]
    return [poly(top, doc.linear(cx - w / 2, yb - h, cx + w / 2, yb, [(0, "#fff3b0"), (0.5, GOLD), (1, GOLD_D)]),
                 INK, 1.8),
            line([(cx - w * 0.3, yb - h + 3), (cx + w * 0.3, yb - h + 3)], WHITE, 1.6, opacity=0.7)]


def good_gold(doc, rng):
    out = [ell(90, 176, 64, 10, "#000000", opacity=0.2)]
    for cx, yb in ((52, 176), (90, 176), (128, 176), (71, 154), (109, 154), (90, 132)):
        out += ingot(doc, cx, yb, 40, 22)
    for x, y, r in ((38, 120, 12), (144, 128, 13), (146, 102, 10)):
        out += coin_face(doc, x, y, r, emblem=False)
    out.append(sparkle(68, 126, 8, WHITE))
    out.append(sparkle(124, 84, 9, "#fff3b0"))
    return out


def good_papyrus(doc, rng):
    out = [ell(90, 176, 60, 10, "#000000", opacity=0.2)]
    for i in range(5):
        x = 30 + i * 9
        out.append(line(spline([(x, 176), (x + 2, 120), (x - 6 + i * 3, 60)]), LEAF_D, 2.5))
        out.append(poly(ellipse_pts(x - 6 + i * 3, 56, 8, 5, k=16), LEAF, INK, 1))
    sheet = [(56, 150), (150, 142), (146, 70), (60, 78)]
    out.append(poly(sheet, doc.linear(56, 70, 150, 150, [(0, "#f7e8c0"), (1, "#d9c08a")]), INK, 2))
    for k in range(6):
        y0 = 88 + k * 10
        out.append(line([(68, y0 + 1), (80, y0), (92, y0 + 1)], "#8a6a3a", 2.2))
        out.append(line([(100, y0 - 1), (108, y0 - 1)], "#8a6a3a", 2.2))
        out.append(circle(118, y0 - 1.5, 2, "#8a6a3a"))
        out.append(line([(126, y0 - 2), (138, y0 - 3)], "#8a6a3a", 2.2))
    out.append(poly(rrect_pts(120, 150, 34, 24, 10), "#e9d5a0", INK, 2))
    out.append(ell(154, 162, 6, 12, "#f7e8c0", INK, 1.6))
    out.append(line([(134, 150), (134, 174)], "#a4161a", 3))
    out.append(poly(rot(rrect_pts(60, 150, 58, 20, 9), (89, 160), -6), "#e9d5a0", INK, 2))
    return out


def good_silk(doc, rng):
    out = [ell(90, 178, 64, 10, "#000000", opacity=0.2)]
    ribbon = spline([(26, 60), (60, 48), (90, 72), (120, 96), (156, 80), (160, 110), (130, 130)], step=1.5)
    out.append(poly(tube(ribbon, [7 + 3 * math.sin(i / 6) for i in range(len(ribbon))]),
                    doc.linear(20, 50, 160, 130, [(0, "#f7a6c8"), (1, "#c23a7a")]), INK, 1.6))
    for cx, yb, col in ((56, 178, "#c2185b"), (124, 178, "#1f7aa8"), (90, 150, "#e9a020")):
        body = rrect_pts(cx - 32, yb - 30, 64, 30, 6)
        out.append(poly(body, doc.linear(0, yb - 30, 0, yb, [(0, mix(col, WHITE, 0.4)), (0.5, col),
                                                            (1, mix(col, "#000000", 0.35))]), INK, 1.8))
        out.append(ell(cx + 32, yb - 15, 6, 15, mix(col, WHITE, 0.25), INK, 1.6))
        out.append(ell(cx + 32, yb - 15, 2, 5, mix(col, "#000000", 0.4)))
        for k in (0.3, 0.6):
            out.append(line([(cx - 30, yb - 30 * k), (cx + 30, yb - 30 * k)], mix(col, WHITE, 0.5), 1.2, opacity=0.7))
    return out


def spice_bowl(doc, cx, yb, r, col):
    mound = [(cx - r * 0.9, yb - r * 0.5)] + arc(cx, yb - r * 0.5, r * 0.9, 180, 360, ry=r * 0.75)
    bowl = arc(cx, yb - r * 0.5, r, 0, 180, ry=r * 0.55)
    out = [poly(mound, doc.radial(cx - r * 0.3, yb - r, r * 1.4, [(0, mix(col, WHITE, 0.35)), (1, col)]), INK, 1.6)]
    out.append(poly(bowl, shaded(doc, cx - r, cx + r, "#6b8fb0"), INK, 1.8))
    out.append(line([(cx - r, yb - r * 0.5), (cx + r, yb - r * 0.5)], INK, 1.8))
    for k in range(3):
        out.append(circle(cx - r * 0.5 + k * r * 0.5, yb - r * 0.22, 2, WHITE, opacity=0.8))
    return out


def good_spice(doc, rng):
    out = [ell(90, 178, 64, 10, "#000000", opacity=0.2)]
    out += spice_bowl(doc, 90, 120, 34, "#e8a21c")
    out += spice_bowl(doc, 50, 176, 32, "#c0361a")
    out += spice_bowl(doc, 130, 176, 32, "#8a4a1c")
    for k in range(3):
        out.append(poly(rot(rrect_pts(28 + k * 6, 58, 5, 48, 2.5), (30, 80), 30), "#9a5a2a", INK, 1.2))
    out.append(poly(star_pts(150, 70, 14, 5, 8), "#6b3a1a", INK, 1.2))
    out.append(circle(150, 70, 3, "#3a1a0a"))
    return out


def fish_shape(doc, cx, cy, L, col, deg=0):
    body = spline([(cx - L * 0.5, cy), (cx - L * 0.2, cy - L * 0.22), (cx + L * 0.2, cy - L * 0.18),
                   (cx + L * 0.4, cy - L * 0.02), (cx + L * 0.4, cy + L * 0.03), (cx + L * 0.2, cy + L * 0.17),
                   (cx - L * 0.2, cy + L * 0.2)], closed=True, step=1.5)
    tail = [(cx + L * 0.36, cy), (cx + L * 0.58, cy - L * 0.18), (cx + L * 0.52, cy), (cx + L * 0.58, cy + L * 0.18)]
    fin = [(cx - L * 0.05, cy - L * 0.19), (cx + L * 0.08, cy - L * 0.32), (cx + L * 0.18, cy - L * 0.17)]
    g = doc.linear(0, cy - L * 0.22, 0, cy + L * 0.2, [(0, mix(col, "#000000", 0.2)), (0.5, col), (1, "#eef4f6")])
    out = [poly(fin, mix(col, "#000000", 0.2), INK, 1.6), poly(tail, mix(col, "#000000", 0.15), INK, 1.6),
           poly(body, g, INK, 2)]
    out.append(circle(cx - L * 0.33, cy - L * 0.04, L * 0.035, INK))
    out.append(line(spline([(cx - L * 0.24, cy - L * 0.14), (cx - L * 0.2, cy), (cx - L * 0.24, cy + L * 0.14)]),
                    INK, 1.2))
    for k in range(4):
        x = cx - L * 0.1 + k * L * 0.1
        out.append(line(arc(x, cy, L * 0.06, -60, 60), mix(col, WHITE, 0.4), 1.2))
    return [group(out, transform=f"rotate({fmt(deg)} {fmt(cx)} {fmt(cy)})")]


def good_fish(doc, rng):
    out = [ell(90, 176, 64, 10, "#000000", opacity=0.2)]
    plate = ellipse_pts(90, 160, 70, 20, k=48)
    out.append(poly(plate, shaded(doc, 20, 160, "#c9683a"), INK, 2))
    out.append(poly(ellipse_pts(90, 158, 56, 14, k=40), "#e9a070", INK, 1))
    out += fish_shape(doc, 90, 126, 120, "#3f7fa6", -8)
    out += fish_shape(doc, 84, 96, 100, "#5aa0a8", 12)
    out += fish_shape(doc, 96, 150, 84, "#6a8fb0", -2)
    for x, y in ((36, 70), (146, 60)):
        out.append(circle(x, y, 4, "none", WHITE, 1.4, opacity=0.7))
    return out


def wheat_ear(cx, cy, L, deg):
    out = []
    stem = [(cx, cy), (cx, cy - L)]
    out.append(line(stem, "#b8862e", 2.2))
    for k in range(6):
        y = cy - L + 6 + k * 7
        for s in (-1, 1):
            grain = ellipse_pts(cx + s * 4.5, y, 3.6, 6.5, deg=s * 25, k=14)
            out.append(poly(grain, "#f0c24a", INK, 1))
    out.append(poly(ellipse_pts(cx, cy - L - 2, 3.2, 6, k=12), "#f0c24a", INK, 1))
    for s in (-1, 1):
        out.append(line([(cx + s * 2, cy - L - 6), (cx + s * 6, cy - L - 22)], "#d9a838", 1))
    return [group(out, transform=f"rotate({fmt(deg)} {fmt(cx)} {fmt(cy + 60)})")]


def good_wheat(doc, rng):
    out = [ell(90, 178, 56, 9, "#000000", opacity=0.2)]
    for k in range(-4, 5):
        out += wheat_ear(90 + k * 3, 120, 54 + (4 - abs(k)) * 4, k * 8)
    for k in range(-5, 6):
        out.append(line([(90 + k * 2, 112), (90 + k * 5.5, 176)], "#c99a3a", 2.6))
        out.append(line([(90 + k * 2, 112), (90 + k * 5.5, 176)], INK, 0.6, opacity=0.5))
    band = rrect_pts(68, 134, 44, 12, 4)
    out.append(poly(band, "#a4161a", INK, 1.6))
    out.append(line([(70, 140), (110, 140)], GOLD, 1.6))
    return out


def good_pottery(doc, rng):
    out = [ell(90, 178, 66, 10, "#000000", opacity=0.2)]
    out += amphora(doc, 66, 178, 110, "#c9683a")
    out.append(line([(48, 110), (84, 110)], "#2a4a6a", 4))
    out.append(line([(52, 130), (80, 130)], "#2a4a6a", 4))
    for k in range(4):
        out.append(poly(star_pts(55 + k * 8, 120, 3.2, 1.4, 4), CREAM))
    bowl = arc(128, 150, 34, 0, 180, ry=28)
    out.append(poly(bowl, shaded(doc, 94, 162, TILE_BLUE), INK, 2))
    out.append(ell(128, 150, 34, 8, "#1c3f74", INK, 2))
    out.append(line(arc(128, 152, 28, 20, 160, ry=20), GOLD, 2.5))
    out += amphora(doc, 140, 178, 40, "#e2b26a", handles=False)
    return out


def fakir_figure(doc, cx=90, yb=176, s=1.0):
    """A thin fakir sitting cross-legged on a bed of nails."""
    out = []
    bed = [(cx - 62 * s, yb), (cx + 62 * s, yb), (cx + 56 * s, yb - 14 * s), (cx - 56 * s, yb - 14 * s)]
    out.append(poly(bed, shaded(doc, cx - 62 * s, cx + 62 * s, WOOD), INK, 2 * s))
    for k in range(13):
        x = cx - 52 * s + k * 8.7 * s
        out.append(line([(x, yb - 14 * s), (x, yb - 22 * s)], "#c0c8d0", 1.6 * s))
    skin = "#b9784a"
    legs = spline([(cx - 44 * s, yb - 22 * s), (cx - 40 * s, yb - 36 * s), (cx, yb - 42 * s),
                   (cx + 40 * s, yb - 36 * s), (cx + 44 * s, yb - 22 * s)], step=1)
    out.append(poly(legs, "#f1ead8", INK, 2 * s))
    out.append(line([(cx - 30 * s, yb - 30 * s), (cx + 30 * s, yb - 30 * s)], "#d9cfb8", 2 * s))
    torso = spline([(cx - 18 * s, yb - 40 * s), (cx - 20 * s, yb - 70 * s), (cx - 14 * s, yb - 90 * s),
                    (cx + 14 * s, yb - 90 * s), (cx + 20 * s, yb - 70 * s), (cx + 18 * s, yb - 40 * s)], step=1)
    out.append(poly(torso, shaded(doc, cx - 20 * s, cx + 20 * s, skin), INK, 2 * s))
    for k in range(3):
        out.append(line(arc(cx, yb - 62 * s + k * 6 * s, 12 * s, 200, 340), mix(skin, "#000000", 0.3), 1 * s))
    for side in (-1, 1):
        arm = spline([(cx + side * 16 * s, yb - 84 * s), (cx + side * 30 * s, yb - 66 * s),
                      (cx + side * 30 * s, yb - 46 * s)], step=1)
        out.append(line(arm, INK, 9 * s))
        out.append(line(arm, skin, 5.5 * s))
        out.append(circle(cx + side * 30 * s, yb - 44 * s, 4.5 * s, skin, INK, 1.4 * s))
    out.append(circle(cx, yb - 102 * s, 13 * s, shaded(doc, cx - 13 * s, cx + 13 * s, skin), INK, 2 * s))
    beard = [(cx - 9 * s, yb - 100 * s), (cx + 9 * s, yb - 100 * s), (cx, yb - 80 * s)]
    out.append(poly(beard, "#e9e4da", INK, 1.4 * s))
    turban = spline([(cx - 15 * s, yb - 104 * s), (cx - 16 * s, yb - 116 * s), (cx - 4 * s, yb - 126 * s),
                     (cx + 12 * s, yb - 124 * s), (cx + 16 * s, yb - 110 * s), (cx + 15 * s, yb - 104 * s)], step=1)
    out.append(poly(turban, "#e8641c", INK, 2 * s))
    out.append(line([(cx - 14 * s, yb - 110 * s), (cx + 14 * s, yb - 114 * s)], "#b8400c", 2 * s))
    out.append(circle(cx, yb - 116 * s, 3 * s, GOLD_L, INK, 1 * s))
    for side in (-1, 1):
        out.append(line([(cx + side * 6 * s, yb - 104 * s), (cx + side * 2 * s, yb - 104 * s)], INK, 1.6 * s))
    return out


def good_fakir(doc, rng):
    out = [circle(90, 96, 56, doc.radial(90, 96, 56, [(0, "#f7d88a", 0.9), (1, "#f7d88a", 0)]))]
    out += smoke(doc, [(40, 150), (30, 110), (44, 80), (34, 50)], 8, "#c9a0e8", 0.5)
    out += smoke(doc, [(140, 150), (152, 112), (138, 82), (150, 52)], 8, "#c9a0e8", 0.5)
    out += fakir_figure(doc, 90, 178, 1.05)
    return out


GOODS = {
    "ivory": (good_ivory, [(0, "#9fc0c8"), (1, "#e8f0e8")]),
    "jewels": (good_jewels, [(0, "#1f5a5a"), (1, "#5fa89a")]),
    "gold": (good_gold, [(0, "#7a1e1e"), (1, "#c8503a")]),
    "papyrus": (good_papyrus, [(0, "#6a9a5a"), (1, "#d8e4a8")]),
    "silk": (good_silk, [(0, "#7a4aa0"), (1, "#e8c0e0")]),
    "spice": (good_spice, [(0, "#c86a1a"), (1, "#f7d08a")]),
    "fish": (good_fish, [(0, "#2a6a9a"), (1, "#a8d8e8")]),
    "wheat": (good_wheat, [(0, "#5a9ad0"), (1, "#f4e4a8")]),
    "pottery": (good_pottery, [(0, "#b86a3a"), (1, "#f4d8b0")]),
    "fakir": (good_fakir, [(0, "#3a2462"), (1, "#9a6ac0")]),
}

RES_WINDOW = 224.0


def make_resource_card(kind, good_id):
    fn, window = GOODS[good_id]
    doc = Doc(CW, CH)
    if kind == "fakir":
        outer, outer_d, trim = "#5a2e86", "#2a1240", GOLD
    else:
        outer, outer_d, trim = "#c0782e", "#6e3a12", GOLD_L
    doc.add(card_frame(doc, outer, outer_d, window, RES_WINDOW, band=None, trim=trim))
    rays = []
    for k in range(16):
        a0, a1 = k * 22.5, k * 22.5 + 9
        rays.append(poly([(90, 112)] + arc(90, 112, 150, a0, a1, step=12), WHITE, opacity=0.08))
    doc.add(rays)
    k = 1.14
    doc.add(shift(fn(doc, random.Random(good_id)), 90 - 90 * k, 120 - 108 * k, k))
    doc.add(window_edge(RES_WINDOW, trim))
    # bottom plate: the good's mark (merchandise: a gold coin-diamond; fakir: a purple flame)
    y = (RES_WINDOW + CH - 5) / 2
    doc.add(poly([(60, y), (70, y - 7), (110, y - 7), (120, y), (110, y + 7), (70, y + 7)], mix(outer, "#000000", 0.3),
                 trim, 1.2))
    if kind == "fakir":
        doc.add(flame(doc, 90, y + 5, 11, "#e8c0ff"))
    else:
        doc.add(poly([(90, y - 5), (96, y), (90, y + 5), (84, y)], trim, INK, 0.8))
    doc.add(corner_flourish(16, 16, 1, 1, trim), corner_flourish(164, 16, -1, 1, trim))
    return doc


def girih(doc, x0, y0, x1, y1, col, op, step=30.0):
    out = []
    y = y0
    row = 0
    while y < y1 + step:
        x = x0 + (step / 2 if row % 2 else 0)
        while x < x1 + step:
            out.append(poly(khatam(x, y, step * 0.42), "none", col, 1.4, opacity=op))
            x += step
        y += step * 0.87
        row += 1
    return out


def make_resource_back():
    doc = Doc(CW, CH)
    doc.add(poly(CARD, doc.linear(0, 0, CW, CH, [(0, "#c8603a"), (1, "#6e2a12")]), INK, 2))
    doc.add(girih(doc, 26, 26, 156, 232, GOLD_L, 0.35))
    doc.add(poly(rrect_pts(8, 8, CW - 16, CH - 16, 9), "none", GOLD, 3))
    doc.add(poly(rrect_pts(13, 13, CW - 26, CH - 26, 7), "none", GOLD_L, 1, opacity=0.7))
    doc.add(poly(khatam(90, 128, 56), doc.radial(90, 120, 60, [(0, CREAM), (1, PARCH_D)]), GOLD_D, 3))
    doc.add(poly(khatam(90, 128, 48), "none", TERRA, 1.6))
    doc.add(amphora(doc, 76, 160, 56, "#c9683a"))
    doc.add(sack(doc, 108, 160, 34, "#d9b56a"))
    doc.add(sparkle(112, 108, 7, GOLD))
    return doc


# --------------------------------------------------------------------------
# small emblems for djinn and whim cards (centred on cx, cy; size = about the width)
# --------------------------------------------------------------------------


def mini_meeple(doc, cx, cy, size, tribe):
    """A plain meeple in a tribe colour (size = height)."""
    col, dark, light = TRIBES[tribe]
    k = size / 210.0
    head = ellipse_pts(128, 70, 30, 30, k=32)
    body = meeple_body()
    items = outlined([(body, col), (head, col)], 18)
    items.append(circle(116, 60, 9, light, opacity=0.8))
    if tribe == "elder":
        items.append(poly([(112, 84), (144, 84), (128, 128)], WHITE, INK, 5))
    if tribe == "vizier":
        items.append(poly([(106, 44), (150, 44), (128, 0)], col, INK, 8))
    return [group(items, transform=f"translate({fmt(cx - 128 * k)} {fmt(cy - 142 * k)}) scale({fmt(k)})")]


def mini_camel(doc, cx, cy, size, color="#c9a06a"):
    parts, details = camel_parts(doc, color)
    k = size / 220.0
    return [group(outlined(parts, 14) + details, transform=f"translate({fmt(cx - 145 * k)} {fmt(cy - 140 * k)}) "
                                                              f"scale({fmt(k)})")]


def shield(doc, cx, cy, size, col=TILE_BLUE):
    r = size / 2
    out = [circle(cx, cy, r, shaded(doc, cx - r, cx + r, col), INK, 2)]
    out.append(circle(cx, cy, r * 0.78, "none", GOLD, r * 0.1))
    out.append(poly(star_pts(cx, cy, r * 0.5, r * 0.22, 8), GOLD_L, INK, 1))
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        out.append(circle(cx + math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9, r * 0.06, GOLD_L))
    return out


def around_arrows(cx, cy, r, col=GOLD_L, n=8):
    out = []
    for k in range(n):
        a = math.radians(k * 360 / n - 90)
        ux, uy = math.cos(a), math.sin(a)
        p0 = (cx + ux * r, cy + uy * r)
        p1 = (cx + ux * (r + 7), cy + uy * (r + 7))
        head = [(p1[0] + ux * 5, p1[1] + uy * 5), (p1[0] - uy * 4, p1[1] + ux * 4), (p1[0] + uy * 4, p1[1] - ux * 4)]
        out += [line([p0, p1], INK, 5), poly(head, INK, INK, 3), line([p0, p1], col, 2.4), poly(head, col)]
    return out


def hammer(doc, cx, cy, size, deg=-30):
    k = size / 60.0
    handle = rect_pts(cx - 3 * k, cy - 10 * k, 6 * k, 40 * k)
    head = rrect_pts(cx - 16 * k, cy - 22 * k, 32 * k, 14 * k, 3 * k)
    items = outlined([(handle, WOOD), (head, "#9aa3ad")], 3)
    items.append(line([(cx - 13 * k, cy - 19 * k), (cx + 13 * k, cy - 19 * k)], WHITE, 1.6, opacity=0.7))
    return [group(items, transform=f"rotate({fmt(deg)} {fmt(cx)} {fmt(cy)})")]


def wave_emblem(doc, cx, cy, size):
    r = size / 2
    out = []
    for k, col in enumerate((WATER_D, WATER, WATER_L)):
        y = cy - r * 0.35 + k * r * 0.38
        pts = []
        for i in range(25):
            t = i / 24
            pts.append((cx - r + 2 * r * t, y + math.sin(t * math.pi * 3 + k) * r * 0.14))
        out.append(line(pts, INK, r * 0.24))
        out.append(line(pts, col, r * 0.15))
    return out


def mini_tile(doc, cx, cy, size, colour="blue", inner=None):
    col, dark = TILE_COLOURS[colour]
    h = size / 2
    out = [poly(rrect_pts(cx - h, cy - h, size, size, size * 0.12), shaded(doc, cx - h, cx + h, col), INK, 1.8)]
    out.append(poly(rrect_pts(cx - h * 0.78, cy - h * 0.78, size * 0.78, size * 0.78, size * 0.08),
                    doc.linear(0, cy - h, 0, cy + h, [(0, SKY_LOW), (0.5, SAND), (1, SAND_L)]), GOLD, 1))
    if inner:
        out += inner
    return out


def djinn_card_icon(doc, cx, cy, size, deg=0):
    k = size / 40.0
    body = rot(rrect_pts(cx - 13 * k, cy - 19 * k, 26 * k, 38 * k, 3 * k), (cx, cy), deg)
    inner = rot(rrect_pts(cx - 9 * k, cy - 15 * k, 18 * k, 30 * k, 2 * k), (cx, cy), deg)
    out = [poly(body, "#3a2462", INK, 1.6), poly(inner, "none", GOLD, 1.2)]
    out += smoke(doc, rot([(cx - 2 * k, cy + 10 * k), (cx + 4 * k, cy), (cx - 3 * k, cy - 8 * k)], (cx, cy), deg),
                 3 * k, "#c9a0e8", 0.9)
    return out


def fakir_badge(doc, cx, cy, r):
    out = [circle(cx, cy, r, "#5a2e86", INK, 1.4)]
    out.append(circle(cx, cy + r * 0.1, r * 0.42, "#b9784a", INK, 0.8))
    turb = arc(cx, cy - r * 0.05, r * 0.5, 180, 360, ry=r * 0.55)
    out.append(poly(turb, "#e8641c", INK, 0.8))
    out.append(poly([(cx - r * 0.25, cy + r * 0.35), (cx + r * 0.25, cy + r * 0.35), (cx, cy + r * 0.75)], "#eee"))
    return out


def elder_badge(doc, cx, cy, r):
    out = [circle(cx, cy, r, "#6b4a2a", INK, 1.4)]
    out += mini_meeple(doc, cx, cy + r * 0.05, r * 1.5, "elder")
    return out


# --------------------------------------------------------------------------
# djinn cards
# --------------------------------------------------------------------------
DJ_WIN = 190.0
DJ_BAND = (196.0, 246.0)


def djinn_head(doc, hx, hy, r, skin, spec):
    """Head with face and headgear.  spec keys: hat, hat_col, eyes, beard."""
    out = []
    hat, hc = spec.get("hat", "turban"), spec.get("hat_col", "#f3e6c8")
    dark = mix(skin, "#000000", 0.35)
    if hat == "long_hair":
        hair = spline([(hx - r * 1.1, hy + r * 2.2), (hx - r * 1.25, hy), (hx - r * 0.9, hy - r * 1.1),
                       (hx, hy - r * 1.3), (hx + r * 0.9, hy - r * 1.1), (hx + r * 1.25, hy),
                       (hx + r * 1.1, hy + r * 2.2)], step=1.5)
        out.append(poly(hair, hc, INK, 1.8))
    if hat == "elephant":
        for side in (-1, 1):
            ear = ellipse_pts(hx + side * r * 1.15, hy + r * 0.1, r * 0.75, r * 0.95, k=28)
            out.append(poly(ear, shaded(doc, hx - 2 * r, hx + 2 * r, skin), INK, 1.8))
            out.append(poly(ellipse_pts(hx + side * r * 1.15, hy + r * 0.1, r * 0.48, r * 0.68, k=24), "#e8a0a0"))
    ears = [] if hat in ("elephant", "hood", "long_hair") else \
        [[(hx - r * 0.9, hy - r * 0.1), (hx - r * 1.45, hy - r * 0.45), (hx - r * 0.88, hy + r * 0.35)],
         [(hx + r * 0.9, hy - r * 0.1), (hx + r * 1.45, hy - r * 0.45), (hx + r * 0.88, hy + r * 0.35)]]
    for e in ears:
        out.append(poly(e, skin, INK, 1.6))
    if hat == "hood":
        hood = spline([(hx - r * 1.2, hy + r * 1.4), (hx - r * 1.3, hy), (hx - r * 0.7, hy - r * 1.3),
                       (hx + r * 0.2, hy - r * 1.8), (hx + r * 0.9, hy - r * 1.1), (hx + r * 1.3, hy),
                       (hx + r * 1.2, hy + r * 1.4)], step=1.5)
        out.append(poly(hood, shaded(doc, hx - r * 1.3, hx + r * 1.3, hc), INK, 1.8))
    out.append(circle(hx, hy, r, doc.radial(hx - r * 0.4, hy - r * 0.4, r * 1.6, [(0, mix(skin, WHITE, 0.3)),
                                                                                  (0.6, skin), (1, dark)]), INK, 1.8))
    # face
    eye = spec.get("eyes", "#fff3b0")
    for side in (-1, 1):
        ex = hx + side * r * 0.38
        ey = hy - r * 0.05
        out.append(poly(ellipse_pts(ex, ey, r * 0.24, r * 0.12, deg=side * 12, k=16), eye, INK, 0.8))
        out.append(circle(ex, ey, r * 0.07, INK))
        out.append(line([(ex - r * 0.22, ey - r * 0.24 + side * r * 0.04),
                         (ex + r * 0.22, ey - r * 0.24 - side * r * 0.04)],
                        INK, r * 0.09))
    if hat == "elephant":
        trunk = spline([(hx, hy + r * 0.2), (hx + r * 0.1, hy + r * 1.0), (hx - r * 0.3, hy + r * 1.6),
                        (hx - r * 0.9, hy + r * 1.5)], step=1)
        out.append(line(trunk, INK, r * 0.62))
        out.append(line(trunk, skin, r * 0.46))
        out.append(poly([(hx + r * 0.3, hy + r * 0.5), (hx + r * 0.5, hy + r * 1.1), (hx + r * 0.42, hy + r * 0.5)],
                        CREAM, INK, 0.8))
    else:
        out.append(line(arc(hx, hy + r * 0.3, r * 0.3, 30, 150), INK, r * 0.08))
    beard = spec.get("beard")
    if beard:
        b = [(hx - r * 0.55, hy + r * 0.55), (hx + r * 0.55, hy + r * 0.55), (hx, hy + r * (1.9 if beard == "long"
                                                                                              else 1.3))]
        out.append(poly(b, spec.get("beard_col", "#2a1a3a"), INK, 1.2))
    if spec.get("moustache"):
        for side in (-1, 1):
            out.append(line(spline([(hx, hy + r * 0.35), (hx + side * r * 0.4, hy + r * 0.4),
                                    (hx + side * r * 0.7, hy + r * 0.2)]), INK, r * 0.12))
    # headgear
    if hat == "turban":
        t = spline([(hx - r * 0.98, hy - r * 0.2), (hx - r * 1.1, hy - r * 0.9), (hx - r * 0.5, hy - r * 1.5),
                    (hx + r * 0.3, hy - r * 1.55), (hx + r * 1.05, hy - r * 1.0), (hx + r * 0.98, hy - r * 0.2),
                    (hx, hy - r * 0.55)], closed=True, step=1.5)
        out.append(poly(t, shaded(doc, hx - r, hx + r, hc), INK, 1.8))
        for k in (0.75, 1.1):
            out.append(line(spline([(hx - r * 0.95, hy - r * k * 0.8), (hx, hy - r * k),
                                    (hx + r * 0.95, hy - r * k * 0.9)]),
                            mix(hc, "#000000", 0.25), 1.4))
        out += gem(doc, hx, hy - r * 0.95, r * 0.24, spec.get("jewel", "#d81e3a"))
        out.append(line(spline([(hx + r * 0.1, hy - r * 1.15), (hx + r * 0.4, hy - r * 1.8),
                                (hx + r * 0.9, hy - r * 2.1)]),
                        spec.get("feather", "#3fb6c8"), r * 0.2))
    elif hat == "horns":
        for side in (-1, 1):
            c = spline([(hx + side * r * 0.55, hy - r * 0.75), (hx + side * r * 1.2, hy - r * 1.3),
                        (hx + side * r * 1.1, hy - r * 2.1)], step=1)
            n = len(c)
            out.append(poly(tube(c, [r * 0.22 * (1 - i / n) + 0.4 for i in range(n)]), hc, INK, 1.4))
    elif hat == "crown":
        pts = [(hx - r * 0.9, hy - r * 0.55)]
        for k in range(5):
            x = hx - r * 0.9 + k * r * 0.45
            pts += [(x, hy - r * 1.45 if k % 2 == 0 else hy - r * 1.15), (x + r * 0.225, hy - r * 1.0)]
        pts = pts[:-1] + [(hx + r * 0.9, hy - r * 0.55)]
        out.append(poly(pts, shaded(doc, hx - r, hx + r, hc), INK, 1.6))
        out.append(circle(hx, hy - r * 0.8, r * 0.14, spec.get("jewel", "#d81e3a"), INK, 0.8))
    elif hat == "topknot":
        knot = spline([(hx - r * 0.15, hy - r * 0.95), (hx - r * 0.3, hy - r * 1.6), (hx + r * 0.4, hy - r * 2.3),
                       (hx + r * 1.3, hy - r * 2.0)], step=1)
        n = len(knot)
        out.append(poly(tube(knot, [r * 0.22 * (1 - i / n * 0.7) for i in range(n)]), hc, INK, 1.4))
        out.append(rect(hx - r * 0.3, hy - r * 1.05, r * 0.6, r * 0.22, GOLD, INK, 0.8))
    elif hat == "flame":
        for k, dx in enumerate((-0.6, 0, 0.6)):
            out += flame(doc, hx + dx * r, hy - r * 0.7, r * (1.3 if k == 1 else 0.95), GOLD_L)
    elif hat == "helmet":
        h = spline([(hx - r * 1.02, hy - r * 0.1), (hx - r * 0.9, hy - r * 0.9), (hx, hy - r * 1.7),
                    (hx + r * 0.9, hy - r * 0.9), (hx + r * 1.02, hy - r * 0.1)], step=1.2)
        out.append(poly(h + [(hx, hy - r * 0.45)], shaded(doc, hx - r, hx + r, hc), INK, 1.6))
        out.append(line([(hx, hy - r * 0.5), (hx, hy + r * 0.2)], INK, r * 0.22))
        out.append(line([(hx, hy - r * 0.5), (hx, hy + r * 0.2)], hc, r * 0.12))
    elif hat == "waves":
        for k in range(3):
            x = hx + (k - 1) * r * 0.62
            c = spline([(x - r * 0.2, hy - r * 0.7), (x - r * 0.1, hy - r * 1.3), (x + r * 0.35, hy - r * 1.55),
                        (x + r * 0.25, hy - r * 1.2)], step=1)
            out.append(line(c, INK, r * 0.34))
            out.append(line(c, hc, r * 0.22))
    elif hat == "flowers":
        for k in range(5):
            a = math.radians(200 + k * 35)
            fx, fy = hx + math.cos(a) * r * 0.95, hy - r * 0.1 + math.sin(a) * r * 0.95
            out.append(poly(star_pts(fx, fy, r * 0.32, r * 0.16, 5), hc, INK, 0.8))
            out.append(circle(fx, fy, r * 0.1, GOLD_L))
    elif hat == "elephant":
        out.append(poly([(hx - r * 0.6, hy - r * 0.8), (hx, hy - r * 1.6), (hx + r * 0.6, hy - r * 0.8)], GOLD, INK,
                        1.4))
        out.append(circle(hx, hy - r * 1.0, r * 0.12, "#d81e3a"))
    elif hat == "long_hair":
        out.append(poly(spline([(hx - r * 1.0, hy - r * 0.2), (hx - r * 0.6, hy - r * 1.0),
                                (hx + r * 0.3, hy - r * 1.1),
                                (hx + r * 1.0, hy - r * 0.4), (hx + r * 0.2, hy - r * 0.7)], step=1.2), hc, INK, 1.2))
        out.append(circle(hx, hy - r * 0.55, r * 0.1, spec.get("jewel", "#3fb6c8")))
    return out


def djinn_body(doc, skin, vest, pose, arms4=False):
    """Smoke tail, torso and arms.  Returns (items_behind, items_front, hand positions)."""
    cx = 90.0
    dark = mix(skin, "#000000", 0.35)
    tail_c = spline([(118, 178), (132, 162), (118, 146), (96, 138), (90, 128)], step=1.5)
    n = len(tail_c)
    tail = tube(tail_c, [2 + 22 * (i / (n - 1)) ** 1.4 for i in range(n)])
    tail_fill = doc.linear(90, 180, 110, 120, [(0, mix(skin, WHITE, 0.5)), (1, skin)])
    behind = [poly(tail, tail_fill, INK, 1.8, opacity=0.95)]
    torso = spline([(cx - 10, 82), (cx - 34, 90), (cx - 30, 106), (cx - 20, 122), (cx - 22, 134), (cx + 22, 134),
                    (cx + 20, 122), (cx + 30, 106), (cx + 34, 90), (cx + 10, 82)], step=1.5)
    front = [poly(torso, doc.linear(cx - 34, 0, cx + 34, 0, [(0, mix(skin, WHITE, 0.25)), (0.5, skin), (1, dark)]),
                  INK, 1.8)]
    front.append(poly([(cx - 31, 92), (cx - 12, 86), (cx - 6, 126), (cx - 20, 128)], vest, INK, 1.2))
    front.append(poly([(cx + 31, 92), (cx + 12, 86), (cx + 6, 126), (cx + 20, 128)], vest, INK, 1.2))
    front.append(poly(rrect_pts(cx - 23, 124, 46, 10, 4), GOLD, INK, 1.2))
    front.append(circle(cx, 129, 3.5, "#d81e3a", INK, 0.8))
    hands = []
    shoulder_l, shoulder_r = (cx - 30, 94), (cx + 30, 94)
    if pose == "crossed":
        arm_l = [shoulder_l, (cx - 38, 112), (cx + 14, 112)]
        arm_r = [shoulder_r, (cx + 38, 108), (cx - 14, 106)]
        hands = [(cx + 16, 112), (cx - 16, 106)]
    elif pose == "raised":
        arm_l = [shoulder_l, (cx - 44, 70), (cx - 22, 46)]
        arm_r = [shoulder_r, (cx + 44, 70), (cx + 22, 46)]
        hands = [(cx - 20, 44), (cx + 20, 44)]
    elif pose == "side":
        arm_l = [shoulder_l, (cx - 44, 112), (cx - 26, 124)]
        arm_r = [shoulder_r, (cx + 48, 96), (cx + 56, 80)]
        hands = [(cx - 24, 124), (cx + 56, 76)]
    else:  # spread
        arm_l = [shoulder_l, (cx - 50, 100), (cx - 62, 80)]
        arm_r = [shoulder_r, (cx + 50, 100), (cx + 62, 80)]
        hands = [(cx - 62, 78), (cx + 62, 78)]
    arms = [arm_l, arm_r]
    if arms4:
        arms += [[(cx - 28, 104), (cx - 52, 122), (cx - 64, 112)], [(cx + 28, 104), (cx + 52, 122), (cx + 64, 112)]]
        hands += [(cx - 66, 110), (cx + 66, 110)]
    for a in arms:
        c = spline(a, step=1.5)
        front.append(line(c, INK, 12.5))
        front.append(line(c, skin, 9))
    for a in arms:
        c = spline(a, step=1.5)
        front.append(poly(rrect_pts(c[int(len(c) * 0.7)][0] - 5, c[int(len(c) * 0.7)][1] - 3, 10, 6, 2), GOLD,
                          INK, 0.8))
    for hx, hy in hands:
        front.append(circle(hx, hy, 5.5, skin, INK, 1.4))
    return behind, front, hands


DJINN_LOOKS = {
    # id: skin, vest, pose, head spec, sky stops, emblem
    "al_amin": ("#3aa6a0", "#7a1e5a", "side", {"hat": "turban", "hat_col": "#f3e6c8", "beard": "short"},
                ("#1f3a5a", "#4a8aa0"), "wild_fakirs"),
    "anun_nak": ("#5fae4a", "#3a2a6a", "raised", {"hat": "horns", "hat_col": "#efe4c8", "eyes": "#ffe066"},
                 ("#1f3a2a", "#5a8a4a"), "three_meeples"),
    "baal": ("#c8442e", "#2a1a3a", "spread", {"hat": "flame", "eyes": "#ffe066", "beard": "short"},
             ("#3a1010", "#b8502a"), "coins_both"),
    "boaz": ("#3f7fd0", "#c8961e", "side", {"hat": "helmet", "hat_col": "#c8ccd4", "moustache": True},
             ("#102a5a", "#4a7ac0"), "shield"),
    "bouraq": ("#9a7ad0", "#1f5a8a", "raised", {"hat": "crown", "hat_col": GOLD}, ("#2a1f5a", "#8a6ac0"), "palace"),
    "echidna": ("#7fae3a", "#6a2a1a", "raised", {"hat": "long_hair", "hat_col": "#2a4a2a", "eyes": "#ffe066"},
                ("#2a3a10", "#8aa04a"), "two_hammers"),
    "enki": ("#2e9ac0", "#e0a020", "side", {"hat": "crown", "hat_col": "#9ad8e8", "beard": "long",
                                             "beard_col": "#1a3a5a"}, ("#0f3a5a", "#3aa0c0"), "palm"),
    "hagis": ("#e08a3a", "#2a4a8a", "raised", {"hat": "topknot", "hat_col": "#2a1a10", "moustache": True},
              ("#4a1f10", "#d0803a"), "palace_arrows"),
    "haurvatat": ("#4aa07a", "#e8c040", "side", {"hat": "flowers", "hat_col": "#f7a6c8"}, ("#1a4a3a", "#7ac09a"),
                  "golden_palm"),
    "iblis": ("#8a2a2a", "#111111", "crossed", {"hat": "horns", "hat_col": "#2a1a1a", "eyes": "#ff6a3a",
                                                "beard": "short", "beard_col": "#111111"},
              ("#200a0a", "#7a1a1a"), "two_daggers"),
    "jafaar": ("#d9a830", "#5a1f7a", "crossed", {"hat": "turban", "hat_col": "#fff0b0", "jewel": "#1f9a5a",
                                                 "beard": "long"}, ("#4a3010", "#d0a040"), "viziers"),
    "kandicha": ("#7a4ab0", "#c0283a", "spread", {"hat": "long_hair", "hat_col": "#1a1030", "eyes": "#ffe066"},
                 ("#1a0f30", "#6a4aa0"), "dagger_card"),
    "kumarbi": ("#9a6a4a", "#2a6a5a", "side", {"hat": "turban", "hat_col": "#c0283a", "beard": "long",
                                               "beard_col": "#e8e0d0"}, ("#3a2010", "#a07050"), "bid_fakir"),
    "lamia": ("#2f9a8a", "#7a1e5a", "side", {"hat": "long_hair", "hat_col": "#0f3a3a", "eyes": "#ffe066"},
              ("#0a2a2a", "#3a9a8a"), "palm_arrows"),
    "leta": ("#d87aa0", "#3a2a6a", "side", {"hat": "hood", "hat_col": "#5a2e86"}, ("#3a1030", "#c07aa0"), "camel"),
    "marid": ("#3a6ad0", "#e0e8f0", "spread", {"hat": "waves", "hat_col": WATER_L, "beard": "short",
                                               "beard_col": "#1a2a6a"}, ("#0a1a4a", "#3a70c0"), "wave_coins"),
    "monkir": ("#e07a2a", "#1f4a6a", "side", {"hat": "crown", "hat_col": GOLD, "moustache": True},
               ("#4a1a0a", "#e0903a"), "palace_coin"),
    "nekir": ("#5a3a8a", "#a4161a", "crossed", {"hat": "hood", "hat_col": "#2a1a2a", "eyes": "#ff6a3a"},
              ("#100a20", "#4a2a6a"), "dagger_coin"),
    "shamhat": ("#a8c8e8", "#3a5a9a", "side", {"hat": "long_hair", "hat_col": "#f4efe3", "eyes": "#ffffff"},
                ("#1a2a4a", "#8ab0d8"), "elders"),
    "sibittis": ("#c04a8a", "#1f3a5a", "raised", {"hat": "crown", "hat_col": "#c8ccd4", "jewel": "#3fb6c8"},
                 ("#2a0f2a", "#a04a8a"), "three_djinns"),
    "sloar": ("#6aa03a", "#5a1f1f", "raised", {"hat": "topknot", "hat_col": "#1a2a10", "beard": "short",
                                               "beard_col": "#1a2a10"}, ("#1a2a10", "#7aa04a"), "card"),
    "utug": ("#8a6a4a", "#1f4a3a", "side", {"hat": "horns", "hat_col": "#e8dcc0", "beard": "long",
                                            "beard_col": "#3a2a1a"}, ("#2a1a10", "#9a7a5a"), "camel_meeples"),
    "kali": ("#2e4aa8", "#c0283a", "raised", {"hat": "crown", "hat_col": GOLD, "eyes": "#ffffff"},
             ("#0a0f30", "#3a4aa0"), "push_markers"),
    "ganapati": ("#e89a7a", "#1f7a5a", "side", {"hat": "elephant"}, ("#4a1f1a", "#e0906a"), "scroll"),
    "dhenim": ("#e8c040", "#2a4a8a", "side", {"hat": "turban", "hat_col": "#f4efe3", "jewel": "#2b63c9",
                                              "moustache": True}, ("#4a3a10", "#d8b040"), "vizier_coins"),
}
DEFAULT_LOOK = ("#5a8ac0", "#a4161a", "side", {"hat": "turban"}, ("#1a2a4a", "#5a7ab0"), "card")


def djinn_emblem(doc, kind, hands, pose):
    """The thing a djinn holds or shows (its power), placed by the pose."""
    if pose == "raised":
        ex, ey, sz = 90.0, 32.0, 40.0
    elif pose == "side":
        ex, ey, sz = hands[1][0] - 4, hands[1][1] - 20, 40.0
    elif pose == "crossed":
        ex, ey, sz = 140.0, 150.0, 40.0
    else:
        ex, ey, sz = 90.0, 32.0, 36.0
    out = []
    if kind == "wild_fakirs":
        out += fakir_badge(doc, ex - 12, ey + 8, 10) + fakir_badge(doc, ex - 2, ey + 12, 10)
        out.append(sparkle(ex + 12, ey - 4, 12, GOLD_L))
    elif kind == "three_meeples":
        for k, tribe in enumerate(("assassin", "vizier", "merchant")):
            out += mini_meeple(doc, ex - 16 + k * 16, ey + (k % 2) * -6, 24, tribe)
    elif kind == "coins_both":
        for hx, hy in hands[:2]:
            out += coin_face(doc, hx, hy - 14, 11)
    elif kind == "shield":
        out += shield(doc, ex + 4, ey + 10, 42)
    elif kind == "palace":
        out.append(place(icon_palace(doc, 50, 92, 1.0), ex, ey - 4, 48, 100))
    elif kind == "two_hammers":
        out += hammer(doc, hands[0][0], hands[0][1] - 14, 34, -20)
        out += hammer(doc, hands[1][0], hands[1][1] - 14, 34, 20)
    elif kind == "palm":
        out.append(place(icon_palm(doc, 50, 94, 1.0), ex, ey - 2, 50, 100))
    elif kind == "palace_arrows":
        ex = min(ex, 128.0)
        out += around_arrows(ex, ey - 2, 17)
        out.append(place(icon_palace(doc, 50, 92, 1.0), ex, ey - 4, 30, 100))
    elif kind == "golden_palm":
        out.append(circle(ex, ey - 4, 24, doc.radial(ex, ey - 4, 24, [(0, "#fff3b0", 0.9), (1, "#fff3b0", 0)])))
        out.append(place(icon_palm(doc, 50, 94, 1.0, col="#e0b030"), ex, ey - 2, 50, 100))
    elif kind == "two_daggers":
        out += jambiya(doc, 58, 150, 0.5, -28)
        out += jambiya(doc, 122, 150, 0.5, 28)
    elif kind == "viziers":
        for k in range(3):
            out += mini_meeple(doc, 126 + k * 16, 166 - (k % 2) * 6, 26, "vizier")
    elif kind == "dagger_card":
        out += jambiya(doc, hands[0][0], hands[0][1] + 6, 0.45, -20)
        out += icon_card(doc, hands[1][0], hands[1][1] - 10, 0.6, 12, TERRA)
    elif kind == "bid_fakir":
        out.append(ell(ex, ey + 10, 14, 8, "#c8102e", INK, 1.4))
        out.append(poly([(ex - 14, ey + 10), (ex - 14, ey + 16), (ex + 14, ey + 16), (ex + 14, ey + 10)], "#8a0a1e",
                        INK, 1.2))
        out.append(ell(ex, ey + 10, 14, 8, "#c8102e", INK, 1.4))
        out += fakir_badge(doc, ex + 6, ey - 10, 10)
        out.append(line([(ex - 18, ey - 16), (ex - 18, ey + 4)], GOLD_L, 3))
        out.append(poly([(ex - 24, ey), (ex - 12, ey), (ex - 18, ey + 8)], GOLD_L, INK, 0.8))
    elif kind == "palm_arrows":
        ex = min(ex, 132.0)
        out += around_arrows(ex, ey - 2, 17)
        out.append(place(icon_palm(doc, 50, 94, 1.0), ex, ey - 4, 32, 100))
    elif kind == "camel":
        out += mini_camel(doc, ex, ey + 4, 50)
    elif kind == "wave_coins":
        out += wave_emblem(doc, 90, 34, 44)
        for hx, hy in hands[:2]:
            out += coin_face(doc, hx, hy - 12, 9)
    elif kind == "palace_coin":
        out.append(place(icon_palace(doc, 50, 92, 1.0), ex - 4, ey - 4, 40, 100))
        out += coin_face(doc, ex + 14, ey + 14, 9)
    elif kind == "dagger_coin":
        out += jambiya(doc, 134, 150, 0.5, 28)
        out += coin_face(doc, 56, 158, 12)
    elif kind == "elders":
        for k in range(2):
            out += mini_meeple(doc, ex - 10 + k * 18, ey + 2 - k * 4, 28, "elder")
    elif kind == "three_djinns":
        for k in range(3):
            out += djinn_card_icon(doc, ex - 16 + k * 16, ey, 30, -16 + k * 16)
    elif kind == "card":
        out += icon_card(doc, ex, ey, 0.85, 0, TERRA)
    elif kind == "camel_meeples":
        out += mini_camel(doc, ex - 2, ey + 8, 44)
        out += mini_meeple(doc, ex - 10, ey - 18, 16, "builder") + mini_meeple(doc, ex + 6, ey - 20, 16, "assassin")
    elif kind == "push_markers":
        for k, c in enumerate(("#c8102e", "#f2b807")):
            x = 72 + k * 36
            out.append(poly([(x - 12, 30), (x - 12, 36), (x + 12, 36), (x + 12, 30)], mix(c, "#000000", 0.3), INK, 1))
            out.append(ell(x, 30, 12, 6, c, INK, 1.2))
        out.append(line([(84, 40), (96, 40)], GOLD_L, 3))
        out.append(poly([(96, 35), (104, 40), (96, 45)], GOLD_L, INK, 0.8))
        for hx, hy in hands[2:]:
            out += coin_face(doc, hx, hy + 10, 8)
    elif kind == "scroll":
        out += icon_scroll(doc, ex, ey + 2, 0.7)
    elif kind == "vizier_coins":
        out += mini_meeple(doc, ex - 6, ey, 28, "vizier")
        out += coin_face(doc, ex + 14, ey + 10, 9)
    return out


def cost_icons(doc, cost):
    """Cost badges in a column under the value medallion: E = elder, F = fakir."""
    seq = {"elder_or_fakir": ["E", "/", "F"], "elder_and_elder_or_fakir": ["E", "+", "E", "/", "F"],
           "fakir": ["F"], "fakirs": ["F", "F", "F"]}.get(cost, [])
    if not seq:
        return []
    out = []
    x, y, r = 30.0, 56.0, 10.5
    overlap = cost == "fakirs"
    items = []
    for item in seq:
        if item in ("/", "+"):
            y += 2
            items += numeral(item, x, y + 5, 13, CREAM, INK, ow=1.6, shadow=False)
            y += 14
        else:
            items += elder_badge(doc, x, y + r, r) if item == "E" else fakir_badge(doc, x, y + r, r)
            y += (r * 0.9) if overlap else (2 * r + 1)
    if overlap:
        y += r * 1.1
    out.append(poly(rrect_pts(x - r - 3, 53, 2 * r + 6, y - 53 + 2, r + 3), "#000000", opacity=0.4))
    out.append(poly(rrect_pts(x - r - 3, 53, 2 * r + 6, y - 53 + 2, r + 3), "none", GOLD, 1))
    return out + items


def make_djinn(dj):
    doc = Doc(CW, CH)
    look = DJINN_LOOKS.get(dj["id"], DEFAULT_LOOK)
    skin, vest, pose, head, sky, emblem = look
    rng = random.Random("djinn-" + dj["id"])
    doc.add(card_frame(doc, "#2e1f5e", "#140a2a", [(0, sky[0]), (0.75, sky[1]), (1, mix(sky[1], WHITE, 0.3))],
                       DJ_WIN, band=DJ_BAND, trim=GOLD))
    for _ in range(22):
        x, y = rng.uniform(16, 164), rng.uniform(16, 150)
        doc.add(circle(x, y, rng.uniform(0.6, 1.6), "#fff6d8", opacity=rng.uniform(0.5, 0.95)))
    doc.add(circle(90, 96, 64, doc.radial(90, 96, 64, [(0, "#fff3c0", 0.45), (1, "#fff3c0", 0)])))
    doc.add(smoke(doc, [(124, 176), (150, 150), (146, 110), (156, 80)], 10, mix(skin, WHITE, 0.5), 0.25))
    doc.add(smoke(doc, [(100, 176), (40, 160), (30, 120), (44, 90)], 10, mix(skin, WHITE, 0.5), 0.2))
    behind, front, hands = djinn_body(doc, skin, vest, pose, arms4=(dj["id"] == "kali"))
    doc.add(behind)
    doc.add(front)
    doc.add(djinn_head(doc, 90, 68, 15, skin, head))
    doc.add(icon_lamp(doc, 96, 180, 0.6, smoke_col=mix(skin, WHITE, 0.4)))
    doc.add(djinn_emblem(doc, emblem, hands, pose))
    doc.add(window_edge(DJ_WIN, GOLD))
    # value medallion
    cx, cy, r = 30.0, 30.0, 19.0
    doc.add(poly(khatam(cx + 1, cy + 2, r + 2), "#000000", opacity=0.35))
    doc.add(poly(khatam(cx, cy, r + 2), GOLD, INK, 1.2))
    doc.add(poly(khatam(cx, cy, r - 1), doc.radial(cx - 5, cy - 6, r * 1.4, [(0, "#6a4ab0"), (1, "#2a1a5a")]),
                 GOLD_D, 0.8))
    doc.add(numeral(str(dj["vp"]), cx, cy + 0.5, 23 if len(str(dj["vp"])) == 1 else 20, CREAM, INK, ow=1.8,
                    max_w=2 * r - 8))
    doc.add(cost_icons(doc, dj.get("cost", "none")))
    return doc


def make_djinn_back():
    doc = Doc(CW, CH)
    doc.add(poly(CARD, doc.linear(0, 0, CW, CH, [(0, "#3a2a7a"), (1, "#120828")]), INK, 2))
    rng = random.Random("djinn-back")
    for _ in range(40):
        doc.add(circle(rng.uniform(14, 166), rng.uniform(14, 242), rng.uniform(0.6, 1.8), "#fff6d8",
                       opacity=rng.uniform(0.4, 0.9)))
    doc.add(poly(rrect_pts(8, 8, CW - 16, CH - 16, 9), "none", GOLD, 3))
    doc.add(poly(rrect_pts(13, 13, CW - 26, CH - 26, 7), "none", GOLD_L, 1, opacity=0.7))
    doc.add(circle(90, 128, 64, doc.radial(90, 128, 64, [(0, "#b08ae8", 0.55), (1, "#b08ae8", 0)])))
    doc.add(smoke(doc, [(112, 150), (130, 120), (104, 96), (96, 70), (118, 48)], 16, "#c9a0e8", 0.6))
    doc.add(place(icon_lamp(doc, 50, 62, 1.0, smoke_col="#c9a0e8"), 84, 150, 120, 100))
    for k in range(4):
        doc.add(corner_flourish(18 if k % 2 == 0 else 162, 18 if k < 2 else 238, 1 if k % 2 == 0 else -1,
                                1 if k < 2 else -1))
    return doc


# --------------------------------------------------------------------------
# Whim of the Sultan cards (this edition's own design)
# --------------------------------------------------------------------------
WH_ARCH_Y = 136.0
WH_BAND = (142.0, 246.0)
WH_ARCH = arch_pts(12, 168, WH_ARCH_Y, 70, 0.5)


def good_icon(doc, gid, cx, cy, size):
    fn = GOODS[gid][0]
    k = size / 150.0
    return [group(fn(doc, random.Random(gid)), transform=f"translate({fmt(cx - 90 * k)} {fmt(cy - 112 * k)}) "
                                                          f"scale({fmt(k)})")]


def project_seal(doc, cx, cy, r):
    """This edition's mark: a teal hexagon with a star and a quill (not a publisher's logo)."""
    hexa = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)]
    out = [poly(move(hexa, 1, 1.5), "#000000", opacity=0.35)]
    out.append(poly(hexa, doc.radial(cx - r * 0.3, cy - r * 0.3, r * 1.6, [(0, "#3fb6b0"), (1, "#145a5a")]), GOLD,
                    1.6))
    out.append(poly(scale_pts(hexa, (cx, cy), 0.78), "none", GOLD_L, 0.8))
    out.append(poly(star_pts(cx, cy, r * 0.5, r * 0.2, 8), CREAM))
    quill = [(cx + r * 0.55, cy - r * 0.65), (cx + r * 0.1, cy + r * 0.1), (cx - r * 0.05, cy + r * 0.45),
             (cx + r * 0.25, cy + r * 0.05)]
    out.append(poly(quill, GOLD_L, INK, 0.8))
    return out


def reward_coin(doc, cx, cy, r, gold):
    out = [circle(cx + 1.2, cy + 2, r, "#000000", opacity=0.35)]
    out += coin_face(doc, cx, cy, r, emblem=False)
    out.append(circle(cx, cy, r * 0.72, GOLD_D, opacity=0.35))
    out += numeral(str(gold), cx, cy + 0.5, r * (1.15 if gold < 10 else 1.0), CREAM, INK, ow=1.8, max_w=r * 1.5)
    return out


def city_mini(doc, cx, cy, size, colour="blue", dome_col=GOLD):
    inner = [poly(rrect_pts(cx - size * 0.39, cy - size * 0.39, size * 0.78, size * 0.5, 2),
                  doc.linear(0, cy - size * 0.4, 0, cy + size * 0.1, [(0, "#2c2462"), (1, "#e08a6e")]))]
    inner += dome_shape(doc, cx, cy + size * 0.12, size * 0.2, dome_col)
    inner.append(rect(cx - size * 0.3, cy + size * 0.1, size * 0.6, size * 0.1, "#f1e0bf", INK, 1))
    for dx in (-0.22, 0.22):
        inner.append(rect(cx + dx * size - size * 0.04, cy - size * 0.16, size * 0.08, size * 0.3, "#f3e6c8", INK, 1))
    return mini_tile(doc, cx, cy, size, colour, inner)


def whim_emblem(doc, wid, rng):
    """The picture of one Whim card, inside the arch (x 20..160, y 40..132)."""
    cx, cy = 90.0, 92.0
    n = int(wid.split("_")[-1]) if wid.split("_")[-1].isdigit() else 0
    out = []
    if n == 1:
        out += mini_tile(doc, cx - 31, cy, 58, None, [poly(rrect_pts(cx - 53, cy - 22, 44, 44, 4), WATER)] +
                         wave_emblem(doc, cx - 31, cy, 34))
        out += mini_tile(doc, cx + 31, cy, 58, "red", mini_camel(doc, cx + 31, cy + 4, 44, "#f2b807"))
    elif n == 2:
        for k in range(4):
            out += mini_meeple(doc, cx - 45 + k * 30, cy + (8 if k % 2 else -4), 54, "vizier")
    elif n == 3:
        out += mini_tile(doc, cx - 28, cy, 62, "blue", [place(icon_lamp(doc, 50, 62, 1.0), cx - 28, cy + 6, 50, 100)])
        out += djinn_card_icon(doc, cx + 34, cy, 60, 10)
    elif n == 4:
        for k, g in enumerate(("pottery", "fish", "wheat", "silk")):
            out += good_icon(doc, g, cx - 32 + (k % 2) * 64, cy - 22 + (k // 2) * 44, 58)
    elif n == 5:
        out += fakir_badge(doc, cx - 30, cy, 28) + fakir_badge(doc, cx + 30, cy, 28)
    elif n == 6:
        for x, y in ((-44, -18), (0, -18), (44, -18), (-22, 22), (22, 22)):
            out += mini_camel(doc, cx + x, cy + y, 48, "#d8b06a")
    elif n == 7:
        inner = [place(icon_lamp(doc, 50, 62, 1.0), cx + 8, cy + 10, 48, 100)]
        out += mini_tile(doc, cx, cy, 80, "blue", inner)
        out.append(poly(khatam(cx - 22, cy - 22, 21), GOLD, INK, 1.2))
        out.append(poly(khatam(cx - 22, cy - 22, 17), TILE_BLUE, GOLD_D, 0.8))
        out += numeral("10", cx - 22, cy - 22, 19, CREAM, INK, ow=1.5, max_w=26, shadow=False)
    elif n == 8:
        out.append(place(icon_palm(doc, 50, 94, 1.0), cx - 30, cy - 2, 78, 100))
        out.append(place(icon_palace(doc, 50, 92, 1.0), cx + 30, cy, 78, 100))
    elif n == 9:
        wy = cy + 16
        out.append(rect(14, wy, 152, 40, doc.linear(0, wy, 0, wy + 40, [(0, WATER), (1, WATER_D)])))
        refl = [place(icon_palm(doc, 50, 94, 1.0), cx - 28, wy - 30, 62, 100),
                place(icon_palace(doc, 50, 92, 1.0), cx + 28, wy - 28, 62, 100)]
        out.append(group(refl, transform=f"translate(0 {fmt(2 * wy)}) scale(1 -1)", opacity=0.3))
        out += refl
        for k in range(4):
            y = wy + 8 + (k % 2) * 8
            out.append(line([(34 + k * 32, y), (52 + k * 32, y)], WATER_L, 1.8))
    elif n == 10:
        for k in range(4):
            x, y = cx - 24 + (k % 2) * 48, cy - 23 + (k // 2) * 46
            out += mini_tile(doc, x, y, 44, "blue", dome_shape(doc, x, y + 12, 11, "#3e8fd6"))
    elif n == 11:
        for k in range(3):
            out += mini_tile(doc, cx - 48 + k * 48, cy + 8, 46, "red" if k != 1 else "blue",
                             mini_camel(doc, cx - 48 + k * 48, cy + 10, 34, "#c8102e"))
        out.append(line([(cx - 66, cy - 26), (cx + 60, cy - 26)], GOLD_L, 3.5))
        out.append(poly([(cx + 60, cy - 33), (cx + 70, cy - 26), (cx + 60, cy - 19)], GOLD_L, INK, 1))
    elif n == 12:
        for k in range(4):
            x, y = cx - 22 + (k % 2) * 44, cy - 22 + (k // 2) * 44
            out += mini_tile(doc, x, y, 40, "red" if k in (0, 3) else "blue")
        out.append(poly(star_pts(cx, cy, 44, 9, 4), GOLD, INK, 1.4))
        out.append(poly(star_pts(cx, cy, 26, 7, 4, -45), GOLD_L, INK, 1))
        out.append(circle(cx, cy, 6, "#a4161a", INK, 1))
    elif n == 13:
        for k in range(4):
            out += mini_meeple(doc, cx - 42 + k * 28, cy - 22, 40, "vizier")
            out += mini_meeple(doc, cx - 42 + k * 28, cy + 22, 40, "elder")
    elif n == 14:
        out += good_icon(doc, "ivory", cx - 40, cy + 2, 62)
        out += good_icon(doc, "jewels", cx + 4, cy - 12, 60)
        out += good_icon(doc, "gold", cx + 44, cy + 12, 56)
    elif n == 15:
        out += city_mini(doc, cx - 32, cy, 60, "blue")
        out += city_mini(doc, cx + 32, cy, 60, "red", "#b07ad8")
    elif n == 16:
        cells = ((-1, -1), (0, -1), (0, 0), (1, 0))
        for k, (i, j) in enumerate(cells):
            out += mini_tile(doc, cx + i * 40, cy + j * 40 + 20, 40, "red" if k % 2 else "blue")
        out += mini_camel(doc, cx, cy + 22, 32, "#7b3fa0")
        out += mini_camel(doc, cx - 40, cy - 18, 32, "#7b3fa0")
    elif n == 17:
        for k in range(3):
            out.append(place(icon_lamp(doc, 50, 62, 1.0), cx - 46 + k * 46, cy + (-8 if k == 1 else 8), 60, 100))
    elif n == 18:
        goods = ("ivory", "jewels", "gold", "papyrus", "silk", "spice", "fish")
        for k, g in enumerate(goods):
            a = math.radians(180 + k * 30)
            out += good_icon(doc, g, cx + math.cos(a) * 58, cy + 30 + math.sin(a) * 58, 42)
        out.append(line(spline([(cx - 30, cy + 34), (cx, cy + 26), (cx + 30, cy + 34)]), GOLD_D, 3))
    elif n == 19:
        icons = [icon_card(doc, 50, 50, 1.3, 0, TERRA), icon_palm(doc, 50, 94, 1.0), icon_palace(doc, 50, 92, 1.0),
                 icon_lamp(doc, 48, 64, 1.0), icon_scroll(doc, 50, 52, 1.1)]
        cols = ("red", "red", "blue", "blue", "blue")
        for k, (ic, colour) in enumerate(zip(icons, cols)):
            a = math.radians(-90 + k * 72)
            x, y = cx + math.cos(a) * 38, cy - 4 + math.sin(a) * 32
            out += mini_tile(doc, x, y, 34, colour, [place(ic, x, y, 26, 100)])
    else:
        out.append(place(icon_scroll(doc, 50, 52, 1.1), cx, cy, 80, 100))
    return out


def make_whim(wh):
    doc = Doc(CW, CH)
    rng = random.Random("whim-" + wh["id"])
    doc.add(poly(CARD, doc.linear(0, 0, CW, CH, [(0, "#b02a3a"), (0.5, "#8a1a2a"), (1, "#4a0a14")]), INK, 2))
    doc.add(girih(doc, 12, 12, 168, 140, GOLD_L, 0.16, 24))
    doc.add(poly(rrect_pts(5, 5, CW - 10, CH - 10, 9), "none", GOLD, 1.4))
    doc.add(poly(move(WH_ARCH, 0, 0), doc.radial(90, 100, 90, [(0, "#fff3c8"), (0.6, "#f4d08a"), (1, "#d89a4a")])))
    for k in range(12):
        a0 = -90 + k * 30
        doc.add(poly([(90, 100)] + arc(90, 100, 120, a0, a0 + 12, step=10), WHITE, opacity=0.12))
    doc.add(whim_emblem(doc, wh["id"], rng))
    doc.add(poly(WH_ARCH, "none", GOLD, 3), poly(WH_ARCH, "none", INK, 1))
    y0, y1 = WH_BAND
    doc.add(poly(rrect_pts(10, y0, CW - 20, y1 - y0, 6), doc.linear(0, y0, 0, y1, [(0, CREAM), (1, PARCH)]), GOLD, 1.6))
    doc.add(reward_coin(doc, 30, 32, 20, int(wh.get("reward_gold", 5))))
    doc.add(project_seal(doc, 152, 30, 15))
    return doc


def sultan_turban(doc, cx, cy, s=1.0):
    out = []
    t = spline([(cx - 40 * s, cy + 16 * s), (cx - 46 * s, cy - 10 * s), (cx - 26 * s, cy - 36 * s),
                (cx + 4 * s, cy - 44 * s), (cx + 34 * s, cy - 32 * s), (cx + 46 * s, cy - 8 * s),
                (cx + 40 * s, cy + 16 * s), (cx, cy + 8 * s)], closed=True, step=1.5)
    out.append(poly(t, shaded(doc, cx - 46 * s, cx + 46 * s, "#f6efe0"), INK, 2.4))
    for k in range(4):
        out.append(line(spline([(cx - 42 * s, cy + (8 - k * 12) * s), (cx, cy + (-2 - k * 12) * s),
                                (cx + 42 * s, cy + (8 - k * 12) * s)]), "#c9bfa8", 2 * s))
    out += gem(doc, cx, cy - 10 * s, 10 * s, "#c8102e")
    plume = spline([(cx + 4 * s, cy - 20 * s), (cx + 12 * s, cy - 48 * s), (cx + 30 * s, cy - 66 * s)], step=1)
    n = len(plume)
    out.append(poly(tube(plume, [6 * s * math.sin(math.pi * (i + 1) / (n + 1)) for i in range(n)]), "#3fb6c8", INK,
                    1.4))
    out.append(poly(rrect_pts(cx - 50 * s, cy + 12 * s, 100 * s, 12 * s, 5 * s), GOLD, INK, 2))
    return out


def make_whim_back():
    doc = Doc(CW, CH)
    doc.add(poly(CARD, doc.linear(0, 0, CW, CH, [(0, "#b02a3a"), (1, "#3a0810")]), INK, 2))
    doc.add(girih(doc, 26, 26, 156, 232, GOLD_L, 0.3, 26))
    doc.add(poly(rrect_pts(8, 8, CW - 16, CH - 16, 9), "none", GOLD, 3))
    doc.add(poly(rrect_pts(13, 13, CW - 26, CH - 26, 7), "none", GOLD_L, 1, opacity=0.7))
    doc.add(poly(khatam(90, 124, 60), doc.radial(90, 118, 64, [(0, "#fff3c8"), (1, "#e0a84a")]), GOLD_D, 3))
    doc.add(poly(khatam(90, 124, 52), "none", "#8a1a2a", 1.6))
    doc.add(sultan_turban(doc, 90, 130, 0.85))
    doc.add(project_seal(doc, 90, 214, 16))
    return doc


# --------------------------------------------------------------------------
# tracks: bid order and turn order
# --------------------------------------------------------------------------
TRACK_PITCH = 80.0
TRACK_X0 = 60.0
TRACK_Y = 96.0
TRACK_H = 150.0
SOCKET_R = 30.0
TURN_BASE = [18, 12, 8, 5, 3, 1, 0, 0, 0]
TURN_5P = [18, 12, 8, 5, 5, 3, 3, 1, 1, 0, 0, 0]


def track_plaque(doc, w, col, dark):
    out = [poly(rrect_pts(2, 4, w - 4, TRACK_H - 6, 18), "#000000", opacity=0.3)]
    out.append(poly(rrect_pts(1, 1, w - 4, TRACK_H - 6, 18), doc.linear(0, 0, 0, TRACK_H, [(0, mix(col, WHITE, 0.15)),
                                                                                         (0.5, col), (1, dark)]),
                    INK, 2))
    out += girih(doc, 24, 22, w - 24, TRACK_H - 24, GOLD_L, 0.12, 28)
    out.append(poly(rrect_pts(8, 8, w - 18, TRACK_H - 20, 13), "none", GOLD, 2.4))
    out.append(poly(rrect_pts(13, 13, w - 28, TRACK_H - 30, 10), "none", GOLD_L, 0.8, opacity=0.6))
    return out


def socket(doc, cx, cy):
    return [circle(cx, cy, SOCKET_R + 3, GOLD, INK, 1.4),
            circle(cx, cy, SOCKET_R, doc.radial(cx, cy - 8, SOCKET_R * 1.3, [(0, "#1a0f08"), (0.7, "#3a2414"),
                                                                              (1, "#6a4a2a")])),
            line(arc(cx, cy, SOCKET_R - 3, 30, 150), WHITE, 2, opacity=0.15)]


def chevron(cx, cy, col=GOLD_L):
    return [poly([(cx - 4, cy - 8), (cx + 5, cy), (cx - 4, cy + 8), (cx - 1, cy)], col, INK, 1)]


def make_turn_track(costs):
    w = TRACK_X0 * 2 + TRACK_PITCH * (len(costs) - 1)
    doc = Doc(int(w), int(TRACK_H))
    doc.add(track_plaque(doc, w, "#7a2a1a", "#3a0f08"))
    xs = [TRACK_X0 + i * TRACK_PITCH for i in range(len(costs))]
    # brackets joining spots that share a price (they form a queue)
    i = 0
    while i < len(costs):
        j = i
        while j + 1 < len(costs) and costs[j + 1] == costs[i]:
            j += 1
        if j > i:
            x0, x1 = xs[i] - SOCKET_R - 4, xs[j] + SOCKET_R + 4
            doc.add(poly(rrect_pts(x0, TRACK_Y - SOCKET_R - 6, x1 - x0, 2 * SOCKET_R + 12, SOCKET_R + 6),
                         "#000000", GOLD_L, 1.4, opacity=0.35))
        i = j + 1
    for i, (x, c) in enumerate(zip(xs, costs)):
        doc.add(socket(doc, x, TRACK_Y))
        doc.add(coin_face(doc, x, 36, 21, emblem=False))
        doc.add(numeral(str(c), x, 36.5, 21 if c < 10 else 19, CREAM, INK, ow=1.8, max_w=30, shadow=False))
        if i + 1 < len(xs) and costs[i + 1] != c:
            doc.add(chevron(x + TRACK_PITCH / 2, TRACK_Y))
    return doc


def make_bid_track(n):
    w = TRACK_X0 * 2 + TRACK_PITCH * (n - 1)
    doc = Doc(int(w), int(TRACK_H))
    doc.add(track_plaque(doc, w, "#1f4a4a", "#0a2222"))
    for i in range(n):
        x = TRACK_X0 + i * TRACK_PITCH
        doc.add(socket(doc, x, TRACK_Y))
        doc.add(poly(khatam(x, 36, 21), GOLD, INK, 1.2))
        doc.add(poly(khatam(x, 36, 17.5), "#2a6a6a", GOLD_D, 0.8))
        doc.add(numeral(str(i + 1), x, 36.5, 20, CREAM, INK, ow=1.8, shadow=False))
        if i + 1 < n:
            doc.add(chevron(x + TRACK_PITCH / 2, TRACK_Y))
    return doc


def make_board_slot():
    """An empty cell of the Sultanate: dark indigo cloth with a faint star lattice."""
    doc = Doc()
    doc.add(rect(0, 0, 256, 256, doc.radial(128, 110, 200, [(0, "#3a2f5e"), (1, "#1a1330")])))
    doc.add(girih(doc, 20, 24, 236, 236, GOLD_L, 0.12, 42))
    doc.add(poly(rrect_pts(10, 10, 236, 236, 12), "none", GOLD, 2.2, opacity=0.55, stroke_dasharray="10 8"))
    doc.add(poly(khatam(128, 128, 40), "none", GOLD_L, 2, opacity=0.3))
    doc.add(poly(star_pts(128, 128, 16, 7, 8), GOLD_L, opacity=0.3))
    return doc


def main():
    meta = load_data()
    for t in meta["tiles"]:
        save(tile_svg(t["type"], t["colour"], t["vp"], t["idx"]), t["art"])
    for tribe, art in meta["meeples"]:
        save(make_meeple(tribe), art)
    for art in meta["slots"]:
        save(make_board_slot(), art)
    for seat, color, mark in load_seats():
        save(make_camel(color, mark), f"camel_{seat}")
        save(make_turn_marker(color, mark), f"turn_marker_{seat}")
    save(make_palm(), "palm")
    save(make_palace(), "palace")
    save(make_assassin_marker(), "assassin_marker")
    save(make_coin(), "coin")
    save(make_bag(), "bag")
    for c in meta["resources"]:
        save(make_resource_card(c["kind"], c["id"]), c["art"])
    save(make_resource_back(), meta["resource_back"])
    for dj in meta["djinns"]:
        save(make_djinn(dj), dj["art"])
    save(make_djinn_back(), meta["djinn_back"])
    for wh in meta["whims"]:
        save(make_whim(wh), wh["art"])
    save(make_whim_back(), meta["whim_back"])
    save(make_turn_track(meta["turn_tracks"].get("base", TURN_BASE)), "turn_track")
    save(make_turn_track(meta["turn_tracks"].get("five", TURN_5P)), "turn_track_5p")
    save(make_bid_track(4), "bid_track")
    save(make_bid_track(5), "bid_track_5p")
    print(f"wrote {len(WRITTEN)} files to {OUT_DIR}")


# --------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------


def read_yaml(name):
    path = os.path.join(DATA_DIR, name)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


DEFAULT_TILES = [
    ("large_market", "large_market", "red", 4), ("small_market", "small_market", "red", 6),
    ("oasis", "oasis", "red", 8), ("village", "village", "blue", 5), ("sacred_6", "sacred", "blue", 6),
    ("sacred_10", "sacred", "blue", 10), ("sacred_12", "sacred", "blue", 12), ("sacred_15", "sacred", "blue", 15),
    ("city_blue_1", "city", "blue", 0), ("city_blue_2", "city", "blue", 0), ("city_blue_3", "city", "blue", 0),
    ("city_red_1", "city", "red", 0), ("city_red_2", "city", "red", 0), ("great_lake", "great_lake", None, 0),
]


def load_data():
    """The tile, card and djinn lists from data/five_tribes (rules-file defaults where a file is missing)."""
    meta = {}
    doc = read_yaml("tiles.yaml")
    rows = []
    if doc:
        for t in doc["tiles"]:
            colour = t.get("colour")
            rows.append((t["id"], t["type"], None if colour in (None, "none") else colour, int(t.get("vp") or 0),
                         t.get("art") or f"tiles/{t['id']}.svg"))
    else:
        rows = [(i, ty, c, v, f"tiles/{i}.svg") for i, ty, c, v in DEFAULT_TILES]
    tiles, city_n = [], 0
    for tid, ty, colour, vp, art in rows:
        idx = 0
        if ty == "city":
            idx, city_n = city_n % 5, city_n + 1
        tiles.append({"id": tid, "type": ty, "colour": colour, "vp": vp, "idx": idx, "art": art})
    meta["tiles"] = tiles
    doc = read_yaml("resources.yaml") or {}
    meta["resources"] = [{"id": c["id"], "kind": c.get("kind", "merchandise"),
                          "art": c.get("art") or f"cards/{c['id']}.svg"} for c in doc.get("cards", [])] or \
        [{"id": g, "kind": "fakir" if g == "fakir" else "merchandise", "art": f"cards/{g}.svg"} for g in GOODS]
    meta["resource_back"] = doc.get("back") or "cards/back.svg"
    doc = read_yaml("djinns.yaml") or {}
    meta["djinns"] = [{"id": d["id"], "vp": int(d.get("vp", 6)), "cost": d.get("cost", "none"),
                       "art": d.get("art") or f"djinns/{d['id']}.svg"} for d in doc.get("djinns", [])]
    meta["djinn_back"] = doc.get("back") or "djinns/back.svg"
    doc = read_yaml("whims.yaml") or {}
    meta["whims"] = [{"id": w["id"], "reward_gold": int(w.get("reward_gold", 5)),
                      "art": w.get("art") or f"whims/{w['id']}.svg"} for w in doc.get("whims", [])]
    meta["whim_back"] = doc.get("back") or "whims/back.svg"
    doc = read_yaml("game.yaml") or {}
    arts = {t["id"]: t.get("art") for t in doc.get("tribes", [])}
    meta["meeples"] = [(t, arts.get(t) or f"meeples/{t}.svg") for t in TRIBES]
    meta["slots"] = board_slot_paths()
    meta["turn_tracks"] = {name: [int(g["cost"]) for g in groups for _ in range(int(g.get("spots", 1)))]
                           for name, groups in (doc.get("turn_tracks") or {}).items()}
    return meta


def board_slot_paths():
    """Images that data/five_tribes/board.tmx takes from this folder (the empty board cell)."""
    path = os.path.join(DATA_DIR, "board.tmx")
    found = []
    if os.path.exists(path):
        for img in ET.parse(path).getroot().iter("image"):
            src = os.path.normpath(os.path.join(DATA_DIR, img.get("source", "")))
            rel = os.path.relpath(src, OUT_DIR)
            if not rel.startswith("..") and rel.endswith(".svg"):
                found.append(rel.replace(os.sep, "/"))
    return sorted(set(found)) or ["board/slot.svg"]


if __name__ == "__main__":
    main()
