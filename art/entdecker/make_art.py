#!/usr/bin/env python3
"""Generate every SVG picture for "Entdecker" into this folder.

Run:  python art/entdecker/make_art.py

Standard library only; the SVG-writing and geometry helpers it shares with
the other art scripts are in art/svgkit.py.  The output is deterministic (all randomness comes
from random.Random instances with fixed seeds).  The SVGs are written for
pygame-ce's nanosvg loader, so they avoid <text>, filters, clip paths and
object-bounding-box gradients (every gradient uses gradientUnits=
"userSpaceOnUse").

Tile geometry (viewBox 0 0 256 256, rotation 0, edges N,E,S,W):
  * an L edge carries land exactly from 51.2 to 204.8 (20 %..80 %); the
    coastline crosses the border at right angles there,
  * every coast is drawn as concentric strokes of one "core" polygon G
    (see draw_land), so beach, outline, foam and shallow water are
    identical at every crossing point of every tile,
  * all corners are sea (P6: quarter-circle notches of radius 51.2),
  * every S edge has a dashed white line from its midpoint to the white
    centre ring (r 18) at (128,128); P6 has neither.
"""
from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

ART_DIR = str(Path(__file__).resolve().parents[1])     # art/, home of the shared svgkit.py
if ART_DIR not in sys.path:
    sys.path.insert(0, ART_DIR)
from svgkit import (Doc, SvgKit, arc, dist, ellipse_pts, mix, move, rot, scale_pts, seg_dist,  # noqa: E402
                    spline, star_pts, tube, unit)

OUT_DIR = os.path.dirname(os.path.abspath(__file__))
SIZE = 256.0
MID = 128.0

# --------------------------------------------------------------------------
# tile geometry constants
# --------------------------------------------------------------------------
LAND_LO, LAND_HI = 51.2, 204.8      # land crossing on an L edge
BEACH = 9.0                          # sand band width (inside the coastline)
G_LO, G_HI = LAND_LO + BEACH, LAND_HI - BEACH   # core polygon crossing
OUTSIDE = 40.0                       # how far core polygons poke outside
STRAIGHT = 24.0                      # straight, perpendicular run inside
SHALLOW_OUT, SHALLOW_IN = 18.0, 9.0  # shallow water bands beyond the coast
BORDER_FREE = 12.0                   # decorations stay this far from border
RING_R, RING_W = 18.0, 5.0           # centre circle
LINE_W, DASH, GAP = 4.5, 7.0, 10.0   # connecting lines (round caps)

PATTERN_EDGES = {1: "SSSS", 2: "LSSS", 3: "LSLS", 4: "LLSS", 5: "LLLS", 6: "LLLL"}
UNIT_SPOTS = {
    1: [],
    2: [(0.5, 0.2)],
    3: [(0.5, 0.17), (0.5, 0.83)],
    4: [(0.72, 0.28)],
    5: [(0.76, 0.5)],
    6: [(0.5, 0.5)],
}
SPOT_R = 30.0
EDGE_MIDS = {"N": (MID, 0.0), "E": (SIZE, MID), "S": (MID, SIZE), "W": (0.0, MID)}

# --------------------------------------------------------------------------
# palette
# --------------------------------------------------------------------------
SEA = "#1f62a6"
SEA_WAVE = "#8cc0ea"
SHALLOW1 = "#3583c0"
SHALLOW2 = "#58a9d3"
FOAM = "#eaf7f8"
COAST = "#6b5631"
SAND_WET = "#d6b872"
SAND = "#efd9a0"
GRASS_EDGE = "#5b8a32"
GRASS = "#7fab49"
GRASS_DARK = "#6c9a3c"
GRASS_LIGHT = "#97c05f"
TREE_DARK = "#24561f"
TREE = "#2f6e2a"
TREE_MID = "#46903a"
TREE_HI = "#74b657"
INK = "#2a1d12"            # dark outline for icons
WHITE = "#ffffff"

SEATS = {
    "red": ("#c8102e", "dot"),
    "yellow": ("#f2b807", "stripes"),
    "white": ("#f2f0e6", "cross"),
    "black": ("#2b2b2b", "ring"),
    "purple": ("#7b3fa0", "diamond"),
}

# --------------------------------------------------------------------------
# small formatting / document helpers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------

KIT = SvgKit(digits=2, ink=INK)
fmt, attrs, el, group, place = KIT.fmt, KIT.attrs, KIT.el, KIT.group, KIT.place
d_of, poly, line, circle, outlined = KIT.d_of, KIT.poly, KIT.line, KIT.circle, KIT.outlined


WRITTEN: list[str] = []


def save(doc: Doc, name: str):
    path = os.path.join(OUT_DIR, name + ".svg")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(doc.text())
    WRITTEN.append(name + ".svg")


# --------------------------------------------------------------------------
# geometry helpers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------


def point_in_poly(p, poly):
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


# --------------------------------------------------------------------------
# land: core polygons, signed distance, coast layers
# --------------------------------------------------------------------------


class Land:
    """Union of core polygons G.  The coastline is G grown by BEACH."""

    def __init__(self, polys):
        self.polys = polys
        self.segs = []
        for p in polys:
            self.segs += [(p[i], p[(i + 1) % len(p)]) for i in range(len(p))]

    def inside(self, p):
        return any(point_in_poly(p, q) for q in self.polys)

    def sd(self, p):
        """Signed distance to G's boundary (+ inside G)."""
        if not self.polys:
            return -1e9
        d = min(seg_dist(p, a, b) for a, b in self.segs)
        return d if self.inside(p) else -d



def rot_tile(pts, quarter):
    """Rotate points of a tile clockwise by quarter * 90 degrees."""
    for _ in range(quarter % 4):
        pts = [(SIZE - y, x) for x, y in pts]
    return pts


def cape_core(inner):
    """Core polygon for a land piece touching only the N edge."""
    start, end = (G_LO, STRAIGHT), (G_HI, STRAIGHT)
    body = spline([start] + inner + [end], (0, 1), (0, -1))
    return [(G_HI, -OUTSIDE), (G_LO, -OUTSIDE)] + body


def notch_ne():
    """N edge east crossing -> quarter circle around NE corner -> E edge."""
    return ([(G_HI, -OUTSIDE), (G_HI, 0.0)] + arc(SIZE, 0.0, G_LO, 180, 90)[1:-1]
            + [(SIZE, G_LO), (SIZE + OUTSIDE, G_LO)])


def core_polys(pattern):
    if pattern == 1:
        return []
    if pattern == 2:
        return [cape_core([(49, 50), (66, 76), (102, 86), (142, 89), (178, 79), (203, 55)])]
    if pattern == 3:
        north = cape_core([(52, 44), (74, 66), (112, 74), (150, 74), (180, 62), (200, 42)])
        south = cape_core([(49, 40), (64, 64), (98, 75), (140, 73), (178, 70), (202, 48)])
        return [north, rot_tile(south, 2)]
    if pattern == 4:
        inner = [(SIZE - STRAIGHT, G_HI), (206, 190), (180, 170), (169, 138), (160, 104),
                 (128, 86), (90, 76), (63, 52), (G_LO, STRAIGHT)]
        pts = ([(G_LO, -OUTSIDE)] + notch_ne() + [(SIZE + OUTSIDE, G_HI)]
               + spline(inner, (-1, 0), (0, -1)))
        return [pts]
    if pattern == 5:
        inner = [(G_LO, SIZE - STRAIGHT), (51, 212), (62, 190), (96, 176), (134, 172), (162, 158),
                 (171, 128), (162, 98), (134, 84), (96, 80), (62, 66), (51, 44), (G_LO, STRAIGHT)]
        se = rot_tile(notch_ne(), 1)          # E edge -> SE corner -> S edge
        pts = [(G_LO, -OUTSIDE)] + notch_ne() + se + [(G_LO, SIZE + OUTSIDE)] + spline(inner, (0, -1), (0, -1))
        return [pts]
    if pattern == 6:
        pts = []
        for q in range(4):
            pts += rot_tile(notch_ne(), q)
        return [pts]
    raise ValueError(pattern)


def draw_land(doc: Doc, land: Land):
    """Coast layers as concentric strokes of the core polygons."""
    if not land.polys:
        return
    d = " ".join(d_of(p) for p in land.polys)

    def layer(color, half, **kw):
        doc.add(el("path", d=d, fill=color, stroke=color, stroke_width=2 * half,
                   stroke_linejoin="round", **kw))

    layer(SHALLOW1, BEACH + SHALLOW_OUT)
    layer(SHALLOW2, BEACH + SHALLOW_IN)
    layer(FOAM, BEACH + 3.6)
    layer(COAST, BEACH + 1.6)
    layer(SAND_WET, BEACH)
    layer(SAND, BEACH - 3.0)
    layer(GRASS_EDGE, 1.6)
    doc.add(el("path", d=d, fill=GRASS))


# --------------------------------------------------------------------------
# tile decorations
# --------------------------------------------------------------------------


def border_dist(p):
    return min(p[0], p[1], SIZE - p[0], SIZE - p[1])


def sea_lines(pattern):
    """Connecting line segments (edge midpoint -> ring) for each S edge."""
    if pattern == 6:
        return []
    segs = []
    for side, kind in zip("NESW", PATTERN_EDGES[pattern]):
        if kind == "S":
            a = EDGE_MIDS[side]
            v = unit((MID - a[0], MID - a[1]))
            stop = 128.0 - RING_R - RING_W / 2
            segs.append((a, (a[0] + v[0] * stop, a[1] + v[1] * stop)))
    return segs


def wave_mark(x, y, w, op=0.55, color=SEA_WAVE, sw=2.2, deg=0.0):
    """Two small parallel swell arcs; any angle, so rotated tiles look alike."""
    out = []
    for k, (dy, f) in enumerate(((0.0, 1.0), (w * 0.55, 0.7))):
        pts = [(x - w * f, y + dy), (x, y + dy - w * 0.32 * f), (x + w * f, y + dy)]
        out.append(line(rot(spline(pts, step=1.5), (x, y), deg), color, sw if k == 0 else sw * 0.85,
                        opacity=op if k == 0 else op * 0.8))
    return out


def tree(x, y, r):
    """Round canopy seen from above."""
    return [
        circle(x + r * 0.3, y + r * 0.35, r * 1.02, TREE_DARK, opacity=0.4),
        circle(x, y, r, TREE, TREE_DARK, 1.3),
        circle(x - r * 0.22, y - r * 0.25, r * 0.62, TREE_MID),
        circle(x - r * 0.38, y - r * 0.42, r * 0.26, TREE_HI),
    ]


def palm(x, y, s, deg):
    """Palm crown seen from above: fronds radiating from a brown heart."""
    out = [circle(x + 2.5, y + 3, s * 0.75, TREE_DARK, opacity=0.3)]
    fronds = []
    for i in range(7):
        a = math.radians(deg + i * 360 / 7)
        tip = (x + math.cos(a) * s, y + math.sin(a) * s)
        side = (-math.sin(a), math.cos(a))
        midp = ((x + tip[0]) / 2 + side[0] * s * 0.12, (y + tip[1]) / 2 + side[1] * s * 0.12)
        c = spline([(x, y), midp, tip], step=1.0)
        wid = [s * 0.17 * math.sin(math.pi * (j + 0.5) / len(c)) ** 0.8 for j in range(len(c))]
        fronds.append(tube(c, wid))
    out += [poly(f, "#1f4e1c", "#1f4e1c", 1.6) for f in fronds]
    out += [poly(f, "#3f9436") for f in fronds]
    for i in range(7):
        a = math.radians(deg + i * 360 / 7)
        out.append(line([(x, y), (x + math.cos(a) * s * 0.8, y + math.sin(a) * s * 0.8)], "#79bd5a", 0.9))
    out.append(circle(x, y, s * 0.16, "#7a5a2a", "#3e2c12", 0.8))
    return out


def hill(doc, x, y, w, rng):
    """A grassy mound seen from above, lit from the upper left."""
    base = ellipse_pts(x, y, w, w * rng.uniform(0.7, 0.9), rng.uniform(0, 180), 28, 0.07, rng)
    g = doc.radial(x, y, w * 1.15, [(0, "#c3d27e"), (0.45, "#9bb45a"), (1, "#5f7a30")],
                   fx=x - w * 0.35, fy=y - w * 0.35)
    return [
        poly(move(base, 2.5, 3), TREE_DARK, opacity=0.28),
        poly(base, g, "#4f6628", 1.0),
    ]


def mountain(x, y, w, rng):
    """A rocky peak seen from above: shaded facets round a snowy top."""
    n = 7
    outer = []
    for i in range(2 * n):
        a = math.radians(i * 180 / n + rng.uniform(-8, 8))
        r = w * (rng.uniform(0.9, 1.05) if i % 2 == 0 else rng.uniform(0.6, 0.7))
        outer.append((x + r * math.cos(a), y + r * math.sin(a)))
    out = [poly(move(outer, 3, 3.5), TREE_DARK, opacity=0.35), poly(outer, "#8f836c", "#4e4536", 1.3)]
    peak = (x - w * 0.05, y - w * 0.05)
    for i in range(2 * n):
        a, b = outer[i], outer[(i + 1) % (2 * n)]
        mid_ang = math.atan2((a[1] + b[1]) / 2 - y, (a[0] + b[0]) / 2 - x)
        lit = math.cos(mid_ang - math.radians(-135))
        col = mix("#6b604d", "#c9bea4", 0.5 + 0.5 * lit)
        out.append(poly([peak, a, b], col))
    for i in range(0, 2 * n, 2):
        out.append(line([peak, outer[i]], "#4e4536", 1.0))
    out.append(poly(scale_pts(outer, peak, 0.3), "#f6f3ea", "#8f836c", 0.6))
    return out


def tuft(x, y, s, deg):
    """Small grass tuft seen from above: three short blades."""
    pts = []
    for k in range(3):
        a = math.radians(deg + k * 120)
        pts.append(f"M{fmt(x)} {fmt(y)} l{fmt(math.cos(a) * 4.2 * s)} {fmt(math.sin(a) * 4.2 * s)}")
    return el("path", d=" ".join(pts), fill="none", stroke="#4b7a2a", stroke_width=1.4, stroke_linecap="round")


def soft_patch(doc, x, y, r, color, op):
    """A soft-edged blob (radial gradient fading to transparent)."""
    g = doc.radial(x, y, r, [(0, color, op), (0.6, color, op * 0.6), (1, color, 0)])
    return circle(x, y, r, g)


def decorate_sea(doc, land, pattern, rng):
    segs = sea_lines(pattern)
    for _ in range(3):
        r = rng.uniform(40, 60)
        x, y = rng.uniform(r + 14, SIZE - r - 14), rng.uniform(r + 14, SIZE - r - 14)
        doc.add(soft_patch(doc, x, y, r, "#6aaee6", 0.16))
    placed = []
    target = 12 if pattern == 1 else 8
    for _ in range(900):
        if len(placed) >= target:
            break
        p = (rng.uniform(0, SIZE), rng.uniform(0, SIZE))
        w = rng.uniform(6.0, 9.0)
        if border_dist(p) < BORDER_FREE + w + 2:
            continue
        if land.polys and land.sd(p) > -(BEACH + SHALLOW_IN + 6):
            continue
        if any(seg_dist(p, a, b) < w + 8 for a, b in segs):
            continue
        if pattern != 6 and dist(p, (MID, MID)) < RING_R + w + 14:
            continue
        if any(dist(p, q) < 30 for q in placed):
            continue
        placed.append(p)
        op = 0.55 if land.polys and land.sd(p) > -(BEACH + SHALLOW_OUT + 4) else 0.45
        doc.add(wave_mark(p[0], p[1], w, op, deg=rng.uniform(0, 360)))


def decorate_land(doc, land, pattern, rng):
    if not land.polys:
        return
    spots = [(fx * SIZE, fy * SIZE) for fx, fy in UNIT_SPOTS[pattern]]
    items = []       # (sort_y, [svg])
    big = []         # (x, y, r) of placed big things

    def free(p, r, coast_margin):
        if border_dist(p) < BORDER_FREE + r + 1:
            return False
        if land.sd(p) < r + coast_margin:
            return False
        if any(dist(p, s) < SPOT_R + r + 2 for s in spots):
            return False
        return all(dist(p, (q[0], q[1])) > r + q[2] for q in big)

    # meadow patches (flat, drawn first; may pass under spots)
    for _ in range(300):
        if sum(1 for _ in items) >= (3 if pattern < 5 else 7):
            break
        p = (rng.uniform(20, 236), rng.uniform(20, 236))
        r = rng.uniform(10, 18)
        if border_dist(p) < BORDER_FREE + r or land.sd(p) < r + 4:
            continue
        col = GRASS_DARK if rng.random() < 0.55 else GRASS_LIGHT
        pts = ellipse_pts(p[0], p[1], r, r * 0.7, rng.uniform(0, 180), 24, 0.12, rng)
        items.append((-1e9, [poly(pts, col, opacity=0.75)]))

    area = sum(1 for i in range(16) for j in range(16) if land.sd((8 + 16 * i, 8 + 16 * j)) > 0)
    n_hills = {2: 1, 3: 1, 4: 2, 5: 3, 6: 4}[pattern]
    n_clumps = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6}[pattern]

    if pattern == 6:
        for _ in range(400):
            p = (rng.uniform(30, 226), rng.uniform(30, 226))
            if free(p, 17, 3):
                items.append((p[1], mountain(p[0], p[1], 16, rng)))
                big.append((p[0], p[1], 17))
                break
    placed = 0
    for _ in range(800):
        if placed >= n_hills:
            break
        p = (rng.uniform(20, 236), rng.uniform(20, 236))
        w = rng.uniform(14, 18)
        if free(p, w, 3):
            items.append((p[1], hill(doc, p[0], p[1], w, rng)))
            big.append((p[0], p[1], w + 2))
            placed += 1
    placed = 0
    for _ in range(800):
        if placed >= n_clumps:
            break
        c = (rng.uniform(20, 236), rng.uniform(20, 236))
        if not free(c, 9, 2):
            continue
        placed += 1
        n_trees = rng.randint(3, 6)
        for _k in range(20):
            if n_trees == 0:
                break
            r = rng.uniform(5.5, 8.0)
            p = (c[0] + rng.uniform(-14, 14), c[1] + rng.uniform(-12, 12))
            if border_dist(p) < BORDER_FREE + r + 1 or land.sd(p) < r + 1:
                continue
            if any(dist(p, s) < SPOT_R + r for s in spots):
                continue
            if any(dist(p, (q[0], q[1])) < r + q[2] - 4 for q in big):
                continue
            items.append((p[1], tree(p[0], p[1], r)))
            big.append((p[0], p[1], r * 0.9))
            n_trees -= 1
    # palms along the beach
    placed = 0
    for _ in range(1500):
        if placed >= max(1, area // 40):
            break
        p = (rng.uniform(20, 236), rng.uniform(20, 236))
        sd = land.sd(p)
        if not (3 < sd < 10) or border_dist(p) < BORDER_FREE + 10:
            continue
        if any(dist(p, s) < SPOT_R + 6 for s in spots) or any(dist(p, (q[0], q[1])) < q[2] + 9 for q in big):
            continue
        items.append((p[1], palm(p[0], p[1], 10, rng.uniform(0, 360))))
        big.append((p[0], p[1], 9))
        placed += 1
    # grass tufts everywhere (small, allowed on unit spots)
    placed = 0
    for _ in range(1500):
        if placed >= area // 5:
            break
        p = (rng.uniform(16, 240), rng.uniform(16, 240))
        if border_dist(p) < BORDER_FREE + 5 or land.sd(p) < 5:
            continue
        if any(dist(p, (q[0], q[1])) < q[2] + 3 for q in big):
            continue
        items.append((p[1], [tuft(p[0], p[1], rng.uniform(0.8, 1.1), rng.uniform(0, 360))]))
        placed += 1

    for _y, svg in sorted(items, key=lambda it: it[0]):
        doc.add(svg)


def draw_lines_and_ring(doc, pattern):
    for a, b in sea_lines(pattern):
        doc.add(line([a, b], "#0b2d55", LINE_W + 3.0, opacity=0.28))
        doc.add(el("path", d=d_of([a, b], close=False), fill="none", stroke=WHITE, stroke_width=LINE_W,
                   stroke_linecap="round", stroke_dasharray=f"{fmt(DASH)} {fmt(GAP)}",
                   stroke_dashoffset=fmt(DASH / 2)))
    if pattern != 6:
        doc.add(circle(MID, MID, RING_R, WHITE, "#0b2d55", RING_W + 3.5, fill_opacity=0.14, stroke_opacity=0.3))
        doc.add(circle(MID, MID, RING_R, "none", WHITE, RING_W))


# event roundel centres per pattern (kept off lines, ring and unit spots). The roundel is a third of
# the tile across, so its event still reads at 1280x720, where a tile is about 56 pixels (19 for the roundel).
ROUNDEL_POS = {1: (200, 200), 2: (200, 200), 3: (213, 45), 4: (58, 198), 5: (58, 56)}
ROUNDEL_R = 42.0


def roundel(doc, cx, cy, event):
    out = [
        circle(cx + 2.0, cy + 3.0, ROUNDEL_R, "#0b1a2a", opacity=0.35),
        circle(cx, cy, ROUNDEL_R, "#f3e6c2", "#5a3b17", 4.5),
        circle(cx, cy, ROUNDEL_R - 6.0, "none", "#c59a3c", 2.0),
    ]
    doc.add(out)
    doc.add(place(EVENT_ICONS[event](doc), cx, cy, ROUNDEL_R * 1.78))


def tile_svg(pattern, event=None) -> Doc:
    doc = Doc()
    land = Land(core_polys(pattern))
    rng = random.Random(1996 + pattern * 17)
    doc.add(el("rect", x=0.0, y=0.0, width=SIZE, height=SIZE, fill=SEA))
    decorate_sea(doc, land, pattern, rng)
    draw_land(doc, land)
    decorate_land(doc, land, pattern, rng)
    draw_lines_and_ring(doc, pattern)
    if event:
        cx, cy = ROUNDEL_POS[pattern]
        roundel(doc, cx, cy, event)
    return doc


def check_tile(pattern):
    """Assert the seam rules numerically (coast position along every border)."""
    land = Land(core_polys(pattern))
    band = BEACH + SHALLOW_OUT + 2
    for side, kind in zip("NESW", PATTERN_EDGES[pattern]):
        for i in range(0, 257, 2):
            t = float(i)
            p = {"N": (t, 0.0), "S": (t, SIZE), "W": (0.0, t), "E": (SIZE, t)}[side]
            sd = land.sd(p) if land.polys else -1e9
            if kind == "S":
                assert sd < -band, (pattern, side, t, sd)
            else:
                if LAND_LO < t < LAND_HI:
                    expect = min(t - G_LO, G_HI - t) if G_LO < t < G_HI else -min(abs(t - G_LO), abs(t - G_HI))
                    if expect < 0:
                        assert abs(sd - expect) < 0.6, (pattern, side, t, sd, expect)
                    else:
                        assert sd > 0, (pattern, side, t, sd)
                else:
                    expect = -min(abs(t - G_LO), abs(t - G_HI))
                    if expect > -band:
                        assert abs(sd - expect) < 0.6, (pattern, side, t, sd, expect)
                    else:
                        assert sd < -band + 0.6, (pattern, side, t, sd)
    if pattern != 6:
        assert land.sd((MID, MID)) < -(BEACH + RING_R + RING_W), (pattern, land.sd((MID, MID)))
        for a, b in sea_lines(pattern):
            for k in range(21):
                q = (a[0] + (b[0] - a[0]) * k / 20, a[1] + (b[1] - a[1]) * k / 20)
                assert land.sd(q) < -(BEACH + LINE_W), (pattern, q)
    for fx, fy in UNIT_SPOTS[pattern]:
        s = (fx * SIZE, fy * SIZE)
        assert land.sd(s) > SPOT_R - BEACH, (pattern, s, land.sd(s))


# --------------------------------------------------------------------------
# event icons (all drawn in a 256 box; they take the Doc for gradients)
# --------------------------------------------------------------------------


def icon_storm(doc):
    blobs = [(78, 118, 42), (128, 92, 56), (182, 110, 46), (214, 138, 28), (46, 146, 26)]
    base = [(40, 150), (220, 150), (220, 172), (40, 172)]
    shapes = [ellipse_pts(x, y, r, r, k=40) for x, y, r in blobs] + [
        spline([(44, 146), (128, 140), (222, 146), (226, 160), (210, 174), (128, 176), (50, 174), (32, 160)],
               closed=True)]
    del base
    out = []
    for dx in (-26, 6, 38):
        out.append(line([(112 + dx, 186), (100 + dx, 214)], "#5f8fd0", 7))
    out.append(line([(150, 192), (140, 214)], "#5f8fd0", 7))
    out += [poly(s, INK, INK, 12) for s in shapes]
    out += [poly(s, "#5a6572") for s in shapes]
    out += [circle(118, 82, 34, "#7d8995"), circle(70, 112, 22, "#7d8995"), circle(170, 96, 22, "#76828e")]
    out += [poly(spline([(44, 160), (128, 156), (220, 160), (214, 170), (128, 172), (46, 170)], closed=True), "#454f5a")]
    bolt = [(146, 128), (108, 190), (134, 188), (112, 244), (180, 170), (150, 172), (172, 128)]
    out += [poly(bolt, "#ffd23f", INK, 7), poly([(150, 136), (124, 178), (136, 177)], "#fff3b0")]
    return out


def skull(cx, cy, s):
    """Skull with crossed bones, centred at the skull (s = cranium radius)."""
    out = []
    for a, b in (((-1.7, 0.95), (1.7, 2.15)), ((-1.7, 2.15), (1.7, 0.95))):
        p0 = (cx + a[0] * s, cy + a[1] * s)
        p1 = (cx + b[0] * s, cy + b[1] * s)
        out.append(line([p0, p1], INK, s * 0.42 + 6, cap="round"))
        for q in (p0, p1):
            v = unit((p1[0] - p0[0], p1[1] - p0[1]))
            nx, ny = -v[1], v[0]
            for sgn in (-1, 1):
                out.append(circle(q[0] + nx * s * 0.2 * sgn, q[1] + ny * s * 0.2 * sgn, s * 0.24 + 3, INK))
    for a, b in (((-1.7, 0.95), (1.7, 2.15)), ((-1.7, 2.15), (1.7, 0.95))):
        p0 = (cx + a[0] * s, cy + a[1] * s)
        p1 = (cx + b[0] * s, cy + b[1] * s)
        out.append(line([p0, p1], "#f4f0e2", s * 0.42, cap="round"))
        for q in (p0, p1):
            v = unit((p1[0] - p0[0], p1[1] - p0[1]))
            nx, ny = -v[1], v[0]
            for sgn in (-1, 1):
                out.append(circle(q[0] + nx * s * 0.2 * sgn, q[1] + ny * s * 0.2 * sgn, s * 0.24, "#f4f0e2"))
    head = ellipse_pts(cx, cy, s, s * 0.95, k=40)
    jaw = [(cx - s * 0.55, cy + s * 0.5), (cx + s * 0.55, cy + s * 0.5), (cx + s * 0.5, cy + s * 1.25),
           (cx - s * 0.5, cy + s * 1.25)]
    out += outlined([(head, "#f4f0e2"), (jaw, "#f4f0e2")], 7)
    out += [circle(cx - s * 0.38, cy + s * 0.05, s * 0.27, INK), circle(cx + s * 0.38, cy + s * 0.05, s * 0.27, INK),
            poly([(cx, cy + s * 0.35), (cx - s * 0.12, cy + s * 0.6), (cx + s * 0.12, cy + s * 0.6)], INK)]
    for k in (-1, 0, 1):
        out.append(line([(cx + k * s * 0.22, cy + s * 0.85), (cx + k * s * 0.22, cy + s * 1.22)], INK, 3))
    return out


def icon_pirates(doc):
    flag = (spline([(74, 46), (120, 32), (168, 56), (226, 40)], step=2) +
            spline([(226, 40), (222, 100), (226, 158)], step=2)[1:] +
            spline([(226, 158), (168, 172), (120, 150), (74, 162)], step=2)[1:])
    out = [poly([(58, 30), (70, 30), (70, 238), (58, 238)], "#7a5230", INK, 6),
           circle(64, 26, 11, "#e3b341", INK, 5),
           poly(flag, "#1b1b1b", INK, 6),
           line(spline([(80, 58), (120, 46), (160, 66)], step=2), "#4a4a4a", 4)]
    out += skull(148, 86, 28)
    return out


def coin_face(doc, cx, cy, r, emblem=True):
    g = doc.linear(cx - r, cy - r, cx + r, cy + r, [(0, "#fff0a0"), (0.45, "#f2c230"), (1, "#b8800c")])
    out = [circle(cx, cy, r, g, INK, max(3.0, r * 0.1)),
           circle(cx, cy, r * 0.76, "none", "#a8740a", max(1.5, r * 0.06))]
    if emblem:
        out.append(poly(star_pts(cx, cy, r * 0.5, r * 0.22, 5), "#d9a21e", "#8a5e08", max(1.0, r * 0.04)))
    return out


def icon_gold(doc):
    out = []
    # stack of coins lying flat
    for k in range(5):
        y = 206 - k * 16
        out += [el("ellipse", cx=92.0, cy=y + 6.0, rx=50.0, ry=18.0, fill="#b8800c", stroke=INK, stroke_width=5.0),
                el("ellipse", cx=92.0, cy=float(y), rx=50.0, ry=18.0, fill="#f2c230", stroke=INK, stroke_width=5.0)]
    out.append(el("ellipse", cx=92.0, cy=142.0, rx=34.0, ry=11.0, fill="none", stroke="#b8800c", stroke_width=3.0))
    out += coin_face(doc, 170, 120, 56)
    for pts in ([(122, 214), (136, 190), (160, 186), (176, 204), (164, 224), (134, 226)],
                [(176, 222), (186, 196), (210, 192), (226, 210), (212, 230)]):
        sp = spline(pts, closed=True, step=2)
        out += [poly(sp, "#e8b020", INK, 6), poly(scale_pts(sp, (pts[1][0] + 6, pts[1][1] + 12), 0.5), "#fff0a0", opacity=0.8)]
    for x, y, s in ((210, 60, 14), (120, 56, 10), (230, 150, 9)):
        out.append(poly(star_pts(x, y, s, s * 0.25, 4, -90), "#fffbe0", "#b8800c", 1.5))
    return out


def column(x0, x1, top, bottom, broken, rng_seed):
    rng = random.Random(rng_seed)
    if broken:
        n = 5
        top_pts = [(x1, top + rng.uniform(6, 16))]
        for i in range(1, n):
            top_pts.append((x1 - (x1 - x0) * i / n, top + (rng.uniform(0, 8) if i % 2 else rng.uniform(14, 24))))
        top_pts.append((x0, top + rng.uniform(4, 12)))
        shaft = [(x0, bottom), (x1, bottom)] + top_pts
    else:
        shaft = [(x0, bottom), (x1, bottom), (x1, top), (x0, top)]
    out = [poly(shaft, "#e8dfc8", INK, 6)]
    out.append(poly([(x1 - (x1 - x0) * 0.28, bottom - 3), (x1 - 3, bottom - 3), (x1 - 3, top + 26),
                     (x1 - (x1 - x0) * 0.28, top + 26)], "#c4b48e"))
    w = x1 - x0
    for f in (0.3, 0.55):
        out.append(line([(x0 + w * f, bottom - 6), (x0 + w * f, top + 28)], "#b8a784", 3))
    if not broken:
        out += [poly([(x0 - 10, top), (x1 + 10, top), (x1 + 10, top - 14), (x0 - 10, top - 14)], "#e8dfc8", INK, 6),
                poly([(x0 - 4, top + 12), (x1 + 4, top + 12), (x1 + 4, top), (x0 - 4, top)], "#d8cba8", INK, 5)]
    return out


def icon_ruins(doc):
    out = [el("ellipse", cx=128.0, cy=222.0, rx=112.0, ry=16.0, fill="#6f8a3c", stroke=INK, stroke_width=5.0),
           poly([(30, 214), (226, 214), (220, 196), (36, 196)], "#cfc2a0", INK, 6),
           poly([(46, 196), (210, 196), (204, 182), (52, 182)], "#ddd2b4", INK, 6)]
    out += column(62, 104, 56, 182, False, 1)
    out += column(148, 190, 108, 182, True, 7)
    # a fallen drum in front
    out += [poly([(108, 214), (170, 214), (170, 186), (108, 186)], "#e8dfc8", INK, 6),
            el("ellipse", cx=170.0, cy=200.0, rx=9.0, ry=14.0, fill="#d0c39f", stroke=INK, stroke_width=5.0),
            line([(114, 205), (160, 205)], "#b8a784", 3)]
    out.append(poly([(196, 214), (214, 202), (228, 212), (218, 220)], "#bcae8c", INK, 4))
    return out


def thatch_hut(cx, base, s):
    """Round hut with a cone roof; s = scale (1 = 256 icon)."""
    def P(x, y):
        return (cx + x * s, base + y * s)
    wall = [P(-52, 0), P(52, 0), P(50, -70), P(-50, -70)]
    roof = [P(-76, -62), P(0, -150), P(76, -62), P(56, -54), P(36, -62), P(18, -52), P(0, -62), P(-18, -52),
            P(-36, -62), P(-56, -54)]
    out = outlined([(wall, "#c0884a"), (roof, "#dca546")], 7 * s)
    for x in (-34, -16, 16, 34):
        out.append(line([P(x, -4), P(x, -56)], "#8f5f2c", 3 * s))
    out.append(poly([P(-14, 0), P(14, 0), P(14, -38), P(0, -46), P(-14, -38)], "#4a2c17", INK, 3 * s))
    for x in (-44, -22, 0, 22, 44):
        out.append(line([P(x * 0.15, -140), P(x, -66)], "#b07f24", 3 * s))
    return out


def palm_icon(x, y, s, lean=1):
    top = (x + lean * 16 * s, y - 120 * s)
    trunk = spline([(x, y), (x + lean * 4 * s, y - 60 * s), top], step=2)
    wid = [(9 - 4 * i / len(trunk)) * s for i in range(len(trunk))]
    out = [poly(tube(trunk, wid), "#9a7540", INK, 5 * s)]
    for i in range(3, len(trunk) - 2, 6):
        p = trunk[i]
        out.append(line([(p[0] - 7 * s, p[1]), (p[0] + 7 * s, p[1] - 2 * s)], "#6e5028", 2.5 * s))
    leaves = []
    for ang, ln in ((-170, 62), (-130, 58), (-60, 58), (-15, 62), (20, 52), (160, 52)):
        a = math.radians(ang)
        tip = (top[0] + math.cos(a) * ln * s, top[1] + math.sin(a) * ln * 0.6 * s + 24 * s)
        midp = ((top[0] + tip[0]) / 2 + math.cos(a) * 4 * s, (top[1] + tip[1]) / 2 - 16 * s)
        c = spline([top, midp, tip], step=2)
        leaves.append((tube(c, [14 * s * math.sin(math.pi * (j + 0.4) / (len(c) + 0.4)) for j in range(len(c))]),
                       "#3f9a3a"))
    out += outlined(leaves, 5 * s)
    for dx in (-8, 6):
        out.append(circle(top[0] + dx * s, top[1] + 8 * s, 8 * s, "#6b4423", INK, 3 * s))
    return out


def icon_natives(doc):
    out = [el("ellipse", cx=128.0, cy=218.0, rx=110.0, ry=18.0, fill="#7ba844", stroke=INK, stroke_width=5.0)]
    out += palm_icon(196, 218, 1.15, -1)
    out += thatch_hut(104, 216, 1.1)
    return out


EVENT_ICONS = {"storm": icon_storm, "pirates": icon_pirates, "gold": icon_gold, "ruins": icon_ruins,
               "natives": icon_natives}

# --------------------------------------------------------------------------
# glyphs: question mark (no <text> in nanosvg)
# --------------------------------------------------------------------------


def question_mark(cx, cy, h, fill, outline, ow):
    """A '?' built from a thick stroked hook and a dot; h = total height."""
    k = h / 100.0

    def P(x, y):
        return (cx + (x - 50) * k, cy + (y - 50) * k)

    hook = spline([P(27, 30), P(32, 12), P(50, 5), P(68, 10), P(75, 27), P(66, 44), P(52, 54), P(50, 70)], step=1.5)
    w = 17 * k
    return [line(hook, outline, w + 2 * ow), circle(*P(50, 90), 10.5 * k + ow, outline),
            line(hook, fill, w), circle(*P(50, 90), 10.5 * k, fill)]


# --------------------------------------------------------------------------
# backs, board pieces, ship
# --------------------------------------------------------------------------


def compass_rose(cx, cy, r, dark, light, ink):
    out = [circle(cx, cy, r * 0.78, "none", ink, r * 0.03),
           circle(cx, cy, r * 0.7, "none", ink, r * 0.015)]
    for i in range(32):
        a = math.radians(i * 360 / 32)
        r0 = r * (0.7 if i % 4 == 0 else 0.73)
        out.append(line([(cx + r0 * math.cos(a), cy + r0 * math.sin(a)),
                         (cx + r * 0.78 * math.cos(a), cy + r * 0.78 * math.sin(a))], ink, r * 0.015, cap="butt"))
    for main in (False, True):
        ln = r if main else r * 0.62
        wd = r * (0.16 if main else 0.12)
        for i in range(4):
            a = math.radians(i * 90 + (0 if main else 45) - 90)
            tip = (cx + ln * math.cos(a), cy + ln * math.sin(a))
            side1 = (cx + wd * math.cos(a - math.pi / 2), cy + wd * math.sin(a - math.pi / 2))
            side2 = (cx + wd * math.cos(a + math.pi / 2), cy + wd * math.sin(a + math.pi / 2))
            out.append(poly([(cx, cy), side1, tip], light, ink, r * 0.02))
            out.append(poly([(cx, cy), tip, side2], dark, ink, r * 0.02))
    out.append(circle(cx, cy, r * 0.07, light, ink, r * 0.02))
    # north marker: small fleur-ish triangle
    out.append(poly([(cx, cy - r * 1.16), (cx - r * 0.09, cy - r * 1.02), (cx + r * 0.09, cy - r * 1.02)], dark, ink,
                    r * 0.02))
    return out


def make_back_plain():
    doc = Doc()
    g = doc.radial(128, 128, 190, [(0, "#f1e4bf"), (0.6, "#e6d3a1"), (1, "#c6a86a")])
    doc.add(el("rect", x=0.0, y=0.0, width=256.0, height=256.0, fill=g))
    # rhumb lines from the centre
    for i in range(16):
        a = math.radians(i * 22.5)
        doc.add(line([(128, 128), (128 + 200 * math.cos(a), 128 + 200 * math.sin(a))], "#7a5a2a", 1.2,
                     opacity=0.35, cap="butt"))
    # faint wave marks like an old chart
    rng = random.Random(7)
    for _ in range(14):
        x, y = rng.uniform(28, 228), rng.uniform(28, 228)
        if dist((x, y), (128, 128)) > 88:
            doc.add(wave_mark(x, y, 7, 0.5, "#2a5f8f", 1.8))
    doc.add(el("rect", x=7.0, y=7.0, width=242.0, height=242.0, fill="none", stroke="#1f4f7f", stroke_width=6.0))
    doc.add(el("rect", x=15.0, y=15.0, width=226.0, height=226.0, fill="none", stroke="#1f4f7f", stroke_width=1.8))
    for x, y in ((15, 15), (241, 15), (15, 241), (241, 241)):
        doc.add(poly([(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)], "#c9a24a", "#1f4f7f", 1.5))
    doc.add(circle(128, 128, 90, "#f6ecd0", "#1f4f7f", 2.0, opacity=0.55))
    doc.add(compass_rose(128, 131, 80, "#1f4f7f", "#e8c25a", "#16324f"))
    save(doc, "back_plain")


def make_back_question():
    doc = Doc()
    g = doc.radial(128, 110, 200, [(0, "#c1372b"), (0.7, "#8e1b1b"), (1, "#5e1010")])
    doc.add(el("rect", x=0.0, y=0.0, width=256.0, height=256.0, fill=g))
    for i in range(12):
        a = math.radians(i * 30 + 15)
        pts = [(128, 128), (128 + 220 * math.cos(a - 0.13), 128 + 220 * math.sin(a - 0.13)),
               (128 + 220 * math.cos(a + 0.13), 128 + 220 * math.sin(a + 0.13))]
        doc.add(poly(pts, "#ffffff", opacity=0.06))
    doc.add(el("rect", x=7.0, y=7.0, width=242.0, height=242.0, fill="none", stroke="#e8c25a", stroke_width=6.0))
    doc.add(el("rect", x=15.0, y=15.0, width=226.0, height=226.0, fill="none", stroke="#e8c25a", stroke_width=1.8))
    doc.add(circle(128, 128, 92, "#f6e7bf", "#3a0d0d", 6.0))
    doc.add(circle(128, 128, 83, "none", "#c59a3c", 3.0))
    doc.add(question_mark(128, 128, 132, "#8e1b1b", "#2a0808", 5))
    save(doc, "back_question")


def make_back_reserve():
    doc = Doc()
    doc.add(el("rect", x=0.0, y=0.0, width=256.0, height=256.0, fill="#7c8a8c"))
    rng = random.Random(11)
    for _ in range(40):
        x, y = rng.uniform(0, 256), rng.uniform(0, 256)
        doc.add(circle(x, y, rng.uniform(10, 30), rng.choice(("#86958f", "#738183")), opacity=0.35))
    doc.add(el("rect", x=7.0, y=7.0, width=242.0, height=242.0, fill="none", stroke="#3e4a4c", stroke_width=6.0))
    doc.add(el("rect", x=15.0, y=15.0, width=226.0, height=226.0, fill="none", stroke="#d8c68a", stroke_width=1.8))
    doc.add(el("ellipse", cx=136.0, cy=214.0, rx=72.0, ry=14.0, fill="#1d2426", opacity=0.45))
    body = doc.radial(128, 128, 86, [(0, "#f3c03a"), (0.62, "#eab52c"), (0.88, "#c78a12"), (1, "#93620a")])
    doc.add(circle(128, 124, 86, body, "#5a3c06", 4.0))
    doc.add(el("ellipse", cx=92.0, cy=78.0, rx=26.0, ry=15.0, fill="#fff6cf", opacity=0.7,
               transform="rotate(-35 92 78)"))
    doc.add(el("ellipse", cx=84.0, cy=76.0, rx=9.0, ry=5.0, fill="#ffffff", opacity=0.85,
               transform="rotate(-35 84 76)"))
    doc.add(line(arc(128, 124, 76, 30, 120), "#fff0b0", 3.0, opacity=0.45))
    save(doc, "back_reserve")


def make_board_sea():
    doc = Doc()
    g = doc.radial(128, 128, 180, [(0, "#1a4775"), (1, "#123559")])
    doc.add(el("rect", x=0.0, y=0.0, width=256.0, height=256.0, fill=g))
    for a, b in (((0, 0), (256, 256)), ((256, 0), (0, 256))):
        doc.add(line([a, b], "#6f9cc7", 1.2, opacity=0.16, cap="butt"))
    doc.add(line([(128, 16), (128, 240)], "#6f9cc7", 1.0, opacity=0.12, cap="butt"))
    doc.add(line([(16, 128), (240, 128)], "#6f9cc7", 1.0, opacity=0.12, cap="butt"))
    doc.add(circle(128, 128, 40, "none", "#6f9cc7", 1.2, opacity=0.14))
    rng = random.Random(3)
    for _ in range(7):
        x, y = rng.uniform(30, 226), rng.uniform(30, 226)
        doc.add(wave_mark(x, y, 8, 0.18, "#8fb8e0", 2.0))
    doc.add(el("rect", x=1.0, y=1.0, width=254.0, height=254.0, fill="none", stroke="#0b2340", stroke_width=2.0))
    doc.add(el("rect", x=3.0, y=3.0, width=250.0, height=250.0, fill="none", stroke="#3b6a98", stroke_width=1.2,
               opacity=0.5))
    save(doc, "board_sea")


def make_board_start():
    doc = Doc()
    cx, cy, r = 128.0, 112.0, 84.0
    doc.add(circle(cx, cy + 4, r, "#0b1a2a", opacity=0.3))
    g = doc.radial(cx, cy - 20, r + 20, [(0, "#3d86c6"), (1, "#1e5f9f")])
    doc.add(circle(cx, cy, r, g, "#0f3358", 6.0))
    doc.add(circle(cx, cy, r - 10, "none", "#eaf7f8", 2.5, opacity=0.7))
    rng = random.Random(5)
    for _ in range(6):
        a = rng.uniform(0, 6.28)
        rr = rng.uniform(40, 58)
        doc.add(wave_mark(cx + rr * math.cos(a), cy + rr * math.sin(a), 7, 0.55))
    a, b = (128.0, 256.0), (128.0, cy + r - 2)
    doc.add(line([a, b], "#0b2d55", LINE_W + 3.0, opacity=0.28))
    doc.add(el("path", d=d_of([a, b], close=False), fill="none", stroke=WHITE, stroke_width=LINE_W,
               stroke_linecap="round", stroke_dasharray=f"{fmt(DASH)} {fmt(GAP)}", stroke_dashoffset=fmt(DASH / 2)))
    doc.add(circle(cx, cy, RING_R, WHITE, "#0b2d55", RING_W + 3.5, fill_opacity=0.14, stroke_opacity=0.3))
    doc.add(circle(cx, cy, RING_R, "none", WHITE, RING_W))
    save(doc, "board_start")


def ship_parts(doc, s=1.0, ox=0.0, oy=0.0):
    def P(x, y):
        return (ox + x * s, oy + y * s)

    def PL(pts):
        return [P(x, y) for x, y in pts]

    ow = 7 * s
    hull = PL(spline([(22, 150), (60, 166), (128, 170), (196, 160), (236, 140), (224, 176), (200, 204),
                      (128, 214), (64, 208), (36, 188)], closed=True, step=2))
    stern = PL([(20, 150), (22, 118), (64, 124), (66, 162)])
    out = [el("ellipse", cx=ox + 128 * s, cy=oy + 214 * s, rx=104 * s, ry=14 * s, fill="#0b2a4a", opacity=0.25)]
    # masts and rigging behind sails
    for x, top in ((96, 26), (164, 42)):
        out.append(line([P(x, 166), P(x, top)], INK, 9 * s))
        out.append(line([P(x, 166), P(x, top)], "#7a5230", 4.5 * s))
    out.append(line([P(236, 140), P(250, 112)], INK, 8 * s))
    out.append(line([P(236, 140), P(250, 112)], "#7a5230", 4 * s))
    out.append(line([P(250, 112), P(164, 48)], INK, 2 * s))
    out += outlined([(hull, "#8a5a2b"), (stern, "#7a4d24")], ow)
    out.append(line(PL(spline([(30, 168), (128, 184), (226, 160)], step=2)), "#5e3b18", 5 * s))
    out.append(line(PL(spline([(40, 186), (128, 198), (214, 180)], step=2)), "#5e3b18", 4 * s))
    out.append(line(PL(spline([(26, 152), (128, 170), (234, 142)], step=2)), "#c08a4a", 4 * s))
    for x in (84, 112, 140, 168):
        out.append(circle(*P(x, 176 + (0 if x < 150 else -2)), 4.5 * s, "#2a1a0a"))
    # sails (billowing squares)
    sails = []
    for x, top, w, h in ((96, 40, 66, 52), (96, 96, 74, 56), (164, 54, 56, 44), (164, 102, 64, 48)):
        sails.append(PL(spline([(x - w / 2, top), (x, top + 6), (x + w / 2, top)], step=2)
                        + spline([(x + w / 2, top), (x + w / 2 + 6, top + h / 2), (x + w / 2, top + h)], step=2)[1:]
                        + spline([(x + w / 2, top + h), (x, top + h + 10), (x - w / 2, top + h)], step=2)[1:]
                        + spline([(x - w / 2, top + h), (x - w / 2 + 6, top + h / 2), (x - w / 2, top)], step=2)[1:-1]))
    for sp in sails:
        out.append(poly(sp, "#f6eed6", INK, ow))
    for x, top, w, h in ((96, 40, 66, 52), (96, 96, 74, 56), (164, 54, 56, 44), (164, 102, 64, 48)):
        out.append(line(PL(spline([(x + w * 0.18, top + 8), (x + w * 0.26, top + h / 2), (x + w * 0.18, top + h)],
                                  step=2)), "#d6c9a4", 5 * s))
    jib = PL([(172, 46), (246, 116), (180, 120)])
    out.append(poly(jib, "#f6eed6", INK, ow * 0.8))
    # pennant
    out.append(poly(PL([(96, 26), (132, 18), (120, 28), (136, 38), (96, 36)]), "#c8102e", INK, 4 * s))
    return out


def make_ship():
    doc = Doc()
    doc.add(ship_parts(doc))
    save(doc, "ship")


# --------------------------------------------------------------------------
# units and marks
# --------------------------------------------------------------------------


MARK_RADIUS = 0.68      # a mark `size` wide: the unit box of engine/core/marks.py, radius 0.68 * size


def mark_shapes(kind, cx, cy, size, color):
    """A seat's mark (dot, stripes, cross, ring, diamond) centred at (cx, cy), about `size` wide.

    The shapes are the badges' (engine/core/marks.py, via svgkit's seat_mark), scaled only.
    """
    return [KIT.seat_mark(kind, cx, cy, size * MARK_RADIUS, color)]


def mark_tone(color):
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    lum = 0.299 * r + 0.587 * g + 0.114 * b
    return "#151515" if lum > 140 else "#ffffff"


UNIT_OW = 11.0
UNIT_HALO = (12.0, "#ffffff", 0.55)


def unit_shapes(kind, color):
    """Return (parts, mark_centre, mark_size, details) for a unit."""
    dark = mix(color, "#000000", 0.28) if color != "#2b2b2b" else "#4a4a4a"
    light = mix(color, "#ffffff", 0.3)
    if kind == "scout":
        head = ellipse_pts(128, 66, 38, 38, k=48)
        collar = ellipse_pts(128, 114, 42, 12, k=36)
        body = spline([(100, 116), (92, 156), (64, 196), (50, 214)], step=2) + \
            spline([(206, 214), (192, 196), (164, 156), (156, 116)], step=2)
        base = [(34, 212), (222, 212), (228, 220), (228, 234), (220, 242), (36, 242), (28, 234), (28, 220)]
        parts = [(base, dark), (body, color), (collar, dark), (head, color)]
        details = [circle(114, 52, 11, light, opacity=0.7),
                   line(spline([(104, 130), (94, 170), (72, 204)], step=2), light, 6, opacity=0.6)]
        return parts, (128, 174), 72, details
    if kind == "fort":
        body = [(68, 96), (188, 96), (198, 214), (58, 214)]
        top = [(50, 70), (206, 70), (206, 102), (50, 102)]
        merlons = [[(x, 34), (x + 30, 34), (x + 30, 72), (x, 72)] for x in (50, 92, 134, 176)]
        base = [(42, 208), (214, 208), (214, 242), (42, 242)]
        parts = [(base, dark), (body, color)] + [(m, color) for m in merlons] + [(top, color)]
        details = [line([(54, 102), (202, 102)], INK, 5),
                   line([(44, 210), (212, 210)], INK, 5),
                   line([(76, 112), (70, 200)], light, 6, opacity=0.6)]
        return parts, (128, 156), 88, details
    if kind == "settlement":
        walls = [(64, 120), (192, 120), (192, 232), (64, 232)]
        roof = [(26, 136), (128, 38), (230, 136)]
        chimney = [(160, 52), (186, 52), (186, 110), (160, 110)]
        parts = [(chimney, dark), (walls, color), (roof, dark)]
        details = [line([(46, 128), (128, 52)], light, 5, opacity=0.5),
                   line([(30, 136), (226, 136)], INK, 5)]
        return parts, (128, 182), 84, details
    raise ValueError(kind)


def make_unit(kind, seat):
    color, mk = SEATS[seat]
    doc = Doc()
    parts, (mx, my), msize, details = unit_shapes(kind, color)
    doc.add(outlined(parts, UNIT_OW, INK, UNIT_HALO))
    for p, _f in parts[1:]:
        doc.add(poly(p, "none", INK, 4.0))
    doc.add(details)
    doc.add(mark_shapes(mk, mx, my, msize, mark_tone(color)))
    save(doc, f"unit_{kind}_{seat}")


# --------------------------------------------------------------------------
# crop icons for the discovery chips (256 box, roughly 30..226)
# --------------------------------------------------------------------------
OW = 6.0


def leaf(base, tip, width, fill="#3f8a36", vein=True, bend=0.0):
    v = (tip[0] - base[0], tip[1] - base[1])
    nrm = unit((-v[1], v[0]))
    midp = ((base[0] + tip[0]) / 2 + nrm[0] * bend, (base[1] + tip[1]) / 2 + nrm[1] * bend)
    c = spline([base, midp, tip], step=2)
    wid = [width * math.sin(math.pi * min(1.0, (j + 0.6) / len(c))) ** 0.8 for j in range(len(c))]
    out = [poly(tube(c, wid), fill, INK, OW * 0.8)]
    if vein:
        out.append(line(c[1:-2], mix(fill, "#000000", 0.3), 3))
    return out


def crop_potato(doc, rng):
    out = []
    for (cx, cy, rx, ry, a, col) in ((160, 106, 56, 40, -25, "#b8884e"), (112, 150, 76, 54, -10, "#d4a666")):
        pts = ellipse_pts(cx, cy, rx, ry, a, 40, 0.06, rng)
        out.append(poly(pts, col, INK, OW))
        out.append(poly(move(scale_pts(pts, (cx, cy), 0.55), rx * 0.2, ry * 0.3), mix(col, "#000000", 0.12),
                        opacity=0.6))
        out.append(el("ellipse", cx=cx - rx * 0.35, cy=cy - ry * 0.4, rx=rx * 0.28, ry=ry * 0.16,
                      fill="#fff2d0", opacity=0.5))
    for x, y in ((84, 140), (130, 172), (150, 132), (96, 178), (172, 96), (150, 84)):
        out.append(line([(x - 5, y - 2), (x + 5, y + 2)], "#6e4a20", 4))
    return out


def crop_tomato(doc, rng):
    pts = ellipse_pts(128, 146, 82, 72, 0, 60, 0, None, 5, 0.035)
    out = [poly(pts, "#c92a22", INK, OW),
           poly(move(scale_pts(pts, (128, 146), 0.8), -8, -6), "#e0483a"),
           el("ellipse", cx=96.0, cy=116.0, rx=17.0, ry=10.0, fill="#ffffff", opacity=0.75,
              transform="rotate(-35 96 116)")]
    out.append(poly(star_pts(128, 82, 42, 12, 5, -90 + 36), "#3f8a2e", INK, OW * 0.8))
    out.append(line([(128, 82), (136, 50)], INK, 14))
    out.append(line([(128, 82), (136, 50)], "#4f7a2a", 8))
    return out


def crop_maize(doc, rng):
    c = (128, 118)
    cob = ellipse_pts(128, 118, 40, 90, 0, 48)
    out = [poly(rot(cob, c, 22), "#f2c53d", INK, OW)]
    for y in range(40, 206, 15):
        for x in range(96, 164, 15):
            xo = x + (7 if (y // 15) % 2 else 0)
            if ((xo - 128) / 33) ** 2 + ((y - 118) / 82) ** 2 < 1:
                (px, py), = rot([(xo, y)], c, 22)
                out.append(el("rect", x=px - 5.5, y=py - 5.5, width=11.0, height=11.0, rx=4.0, fill="#dca11f"))
                out.append(circle(px - 2, py - 2, 2.2, "#fff0a0", opacity=0.8))
    husk_l = rot(spline([(128, 226), (84, 206), (72, 150), (84, 104), (98, 150), (112, 196)], step=2), c, 22)
    husk_r = rot(spline([(128, 226), (170, 206), (186, 160), (172, 118), (160, 164), (142, 200)], step=2), c, 22)
    out += [poly(husk_l, "#86b84e", INK, OW), poly(husk_r, "#6a9f3c", INK, OW)]
    return out


def kidney(cx, cy, s, deg):
    pts = [(-30, -6), (-20, -20), (0, -24), (22, -18), (33, -2), (26, 16), (8, 20), (-2, 12), (-14, 18), (-28, 12)]
    pts = rot([(cx + x * s, cy + y * s) for x, y in pts], (cx, cy), deg)
    return spline(pts, closed=True, step=2)


def crop_bean(doc, rng):
    center = spline([(40, 120), (100, 72), (170, 62), (226, 82)], step=2)
    wid = []
    for i in range(len(center)):
        t = i / (len(center) - 1)
        wid.append(4 + 26 * math.sin(math.pi * t) ** 0.5 + 5 * abs(math.sin(4 * math.pi * t)) * math.sin(math.pi * t))
    pod = tube(center, wid)
    out = [poly(pod, "#7fb548", INK, OW),
           line(center[3:-3], "#5a8a30", 4)]
    for cx, cy, dg in ((78, 178, -15), (132, 192, 5), (186, 170, 20)):
        k = kidney(cx, cy, 1.15, dg)
        out += [poly(k, "#8e2b22", INK, OW),
                el("ellipse", cx=cx - 8.0, cy=cy - 10.0, rx=10.0, ry=5.0, fill="#d86a5a", opacity=0.8,
                   transform=f"rotate({dg} {cx - 8} {cy - 10})")]
        (hx, hy), = rot([(cx - 2, cy + 10)], (cx, cy), dg)
        out.append(el("ellipse", cx=hx, cy=hy, rx=5.0, ry=3.0, fill="#f4eedf", transform=f"rotate({dg} {fmt(hx)} {fmt(hy)})"))
    return out


def crop_breadfruit(doc, rng):
    out = []
    lobes = []
    for ang in (-150, -110, -70, -30):
        a = math.radians(ang)
        lobes.append((186 + 74 * math.cos(a), 104 + 74 * math.sin(a) * 0.9))
    out += leaf((150, 110), (220, 34), 26, "#2f6f2a")
    out += leaf((150, 110), (120, 30), 22, "#3a7d2f", bend=-8)
    body = ellipse_pts(116, 148, 74, 70, 0, 56)
    out.append(poly(body, "#9cc34a", INK, OW))
    for j in range(-4, 5):
        for i in range(-4, 5):
            x = 116 + i * 18 + (9 if j % 2 else 0)
            y = 148 + j * 16
            if ((x - 116) / 62) ** 2 + ((y - 148) / 58) ** 2 < 1:
                out.append(poly(ellipse_pts(x, y, 7.5, 7.5, 30, 6), "none", "#6f9a2e", 2.2))
    out.append(el("ellipse", cx=90.0, cy=118.0, rx=22.0, ry=12.0, fill="#e4f2b0", opacity=0.45,
                  transform="rotate(-35 90 118)"))
    out.append(line([(140, 84), (150, 64)], INK, 12))
    out.append(line([(140, 84), (150, 64)], "#7a5230", 6))
    return out


def chords_in_ellipse(cx, cy, rx, ry, deg, spacing):
    a = math.radians(deg)
    d = (math.cos(a), math.sin(a))
    nrm = (-d[1], d[0])
    out = []
    r = max(rx, ry)
    k = int(r / spacing) + 1
    for i in range(-k, k + 1):
        o = i * spacing
        px, py = cx + nrm[0] * o, cy + nrm[1] * o
        # solve ((px + s dx - cx)/rx)^2 + ((py + s dy - cy)/ry)^2 = 1
        ax = (d[0] / rx) ** 2 + (d[1] / ry) ** 2
        bx = 2 * ((px - cx) * d[0] / rx ** 2 + (py - cy) * d[1] / ry ** 2)
        cc = ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 - 1
        disc = bx * bx - 4 * ax * cc
        if disc <= 0:
            continue
        s0 = (-bx - math.sqrt(disc)) / (2 * ax)
        s1 = (-bx + math.sqrt(disc)) / (2 * ax)
        out.append([(px + d[0] * s0, py + d[1] * s0), (px + d[0] * s1, py + d[1] * s1)])
    return out


def crop_pineapple(doc, rng):
    out = []
    crown = []
    for ang, ln, w in ((-90, 86, 13), (-120, 70, 12), (-60, 70, 12), (-145, 56, 11), (-35, 56, 11), (-105, 80, 11),
                       (-75, 80, 11)):
        a = math.radians(ang)
        base = (128, 104)
        tip = (128 + ln * math.cos(a), 100 + ln * math.sin(a))
        crown.append((base, tip, w))
    for base, tip, w in sorted(crown, key=lambda c: -abs(c[1][0] - 128)):
        out += leaf(base, tip, w, "#4f9a3a", vein=False)
    body = ellipse_pts(128, 162, 54, 68, 0, 56)
    out.append(poly(body, "#e6a52a", INK, OW))
    for deg in (50, -50):
        for a, b in chords_in_ellipse(128, 162, 50, 64, deg, 20):
            out.append(line([a, b], "#a86a14", 3.2, cap="butt"))
    for j in range(-3, 4):
        for i in range(-3, 4):
            x = 128 + i * 26 + (13 if j % 2 else 0)
            y = 162 + j * 15.5
            if ((x - 128) / 44) ** 2 + ((y - 162) / 58) ** 2 < 1:
                out.append(circle(x, y, 3.2, "#7a4a10"))
    out.append(el("ellipse", cx=104.0, cy=140.0, rx=12.0, ry=24.0, fill="#fff0b0", opacity=0.35))
    return out


def crop_cocoa(doc, rng):
    c = (128, 128)
    shape = spline([(30, 128), (70, 76), (128, 62), (186, 76), (228, 128), (186, 180), (128, 194), (70, 180)],
                   closed=True, step=2)
    out = [poly(rot(shape, c, -32), "#cf7a2c", INK, OW)]
    for k in (-0.66, -0.33, 0.0, 0.33, 0.66):
        rib = spline([(38, 128), (80, 128 + k * 58), (128, 128 + k * 68), (176, 128 + k * 58), (220, 128)], step=2)
        out.append(line(rot(rib, c, -32), "#9a4e18", 3.5))
    out.append(poly(rot(spline([(60, 110), (100, 82), (150, 78), (110, 96)], closed=True, step=2), c, -32),
                    "#f0b070", opacity=0.6))
    out.append(line(rot([(30, 128), (12, 128)], c, -32), INK, 14))
    out.append(line(rot([(30, 128), (12, 128)], c, -32), "#6b4a22", 8))
    for cx, cy, dg in ((180, 196, 30), (210, 172, 60)):
        b = ellipse_pts(cx, cy, 18, 11, dg, 24)
        out += [poly(b, "#5a2f14", INK, OW * 0.8), line(rot([(cx - 10, cy), (cx + 10, cy)], (cx, cy), dg), "#8a5030", 3)]
    return out


def crop_coconut(doc, rng):
    out = [poly(ellipse_pts(158, 100, 64, 62, 0, 48, 0.03, rng), "#6b4423", INK, OW)]
    for _ in range(26):
        a = rng.uniform(0, 6.28)
        r = rng.uniform(10, 54)
        x, y = 158 + r * math.cos(a), 100 + r * math.sin(a)
        out.append(line([(x, y), (x + rng.uniform(-6, 6), y + rng.uniform(4, 9))], "#8f6238", 2.5))
    for x, y in ((146, 80), (168, 80), (157, 98)):
        out.append(circle(x, y, 6, "#2a170a"))
    # half coconut in front
    bowl = arc(104, 156, 70, 0, 180)
    out.append(poly(bowl, "#6b4423", INK, OW))
    for i in range(6):
        a = math.radians(20 + i * 28)
        out.append(line([(104 + 40 * math.cos(a), 156 + 36 * math.sin(a)),
                         (104 + 62 * math.cos(a), 156 + 58 * math.sin(a))], "#8f6238", 3))
    out.append(el("ellipse", cx=104.0, cy=156.0, rx=70.0, ry=20.0, fill="#fbf8ee", stroke=INK, stroke_width=OW))
    out.append(el("ellipse", cx=104.0, cy=158.0, rx=54.0, ry=12.0, fill="#e6e0c8"))
    return out


def crop_banana(doc, rng):
    out = []
    stem = (120, 52)
    for deg, col in ((-26, "#e8c22c"), (26, "#e8c22c"), (0, "#f5d33b")):
        cl = spline([(128, 60), (92, 100), (84, 160), (112, 210), (150, 222)], step=2)
        cl = rot(cl, (128, 60), deg)
        n = len(cl)
        wid = [4 + 20 * math.sin(math.pi * min(1.0, (i + 2) / n)) ** 0.6 for i in range(n)]
        shape = tube(cl, wid)
        out += [poly(shape, col, INK, OW),
                line(cl[4:-4], mix(col, "#ffffff", 0.45), 4, opacity=0.8),
                circle(cl[-1][0], cl[-1][1], 5, "#4a2c17")]
    out.append(poly([(112, 40), (134, 40), (138, 70), (116, 72)], "#7a8a3a", INK, OW))
    del stem
    return out


def crop_vanilla(doc, rng):
    out = []
    for pts in ([(46, 214), (100, 150), (150, 100), (214, 58)], [(66, 230), (120, 176), (176, 132), (228, 110)]):
        cl = spline(pts, step=2)
        n = len(cl)
        out.append(poly(tube(cl, [7 * math.sin(math.pi * min(1.0, (i + 1) / n)) ** 0.3 for i in range(n)]),
                        "#4b2c17", INK, OW * 0.8))
        out.append(line(cl[3:-3], "#7a4a28", 2.5))
    out += leaf((120, 168), (40, 110), 20, "#4f9a3a", bend=10)
    cx, cy = 140, 112
    petals = []
    for k in range(5):
        a = -90 + k * 72
        petals.append((rot(ellipse_pts(cx, cy - 34, 17, 34, 0, 28), (cx, cy), a), "#f6efc0"))
    out += outlined(petals, OW * 0.9)
    out.append(poly(ellipse_pts(cx, cy + 8, 16, 20, 0, 24), "#f2c84a", INK, OW * 0.8))
    out.append(circle(cx, cy, 8, "#e08a1e", INK, 3))
    return out


def crop_pepper(doc, rng):
    out = []
    for pts, col, hi in (([(140, 56), (170, 100), (176, 160), (150, 214), (110, 232)], "#3f8f2e", "#7cc35a"),
                         ([(96, 60), (118, 100), (118, 160), (92, 210), (52, 226)], "#d6261e", "#f46a52")):
        cl = spline(pts, step=2)
        n = len(cl)
        wid = [3 + 24 * (1 - i / n) ** 0.7 for i in range(n)]
        out += [poly(tube(cl, wid), col, INK, OW), line(move(cl[4:-8], -7, 0), hi, 5, opacity=0.8)]
        top = cl[0]
        out.append(poly(ellipse_pts(top[0], top[1], 22, 10, 20, 24), "#4f7a2a", INK, OW * 0.8))
        out.append(line([top, (top[0] - 4, top[1] - 24)], INK, 11))
        out.append(line([top, (top[0] - 4, top[1] - 24)], "#4f7a2a", 6))
    return out


def crop_tobacco(doc, rng):
    out = []
    for base, tip, w, col, bend in (((70, 226), (214, 64), 48, "#6f9e3c", 14), ((60, 210), (110, 36), 44, "#c49a46", -10)):
        v = (tip[0] - base[0], tip[1] - base[1])
        nrm = unit((-v[1], v[0]))
        midp = ((base[0] + tip[0]) / 2 + nrm[0] * bend, (base[1] + tip[1]) / 2 + nrm[1] * bend)
        c = spline([base, midp, tip], step=2)
        n = len(c)
        wid = [w * math.sin(math.pi * min(1.0, (i + 1) / n)) ** 0.7 * (1.0 - 0.25 * i / n) for i in range(n)]
        out.append(poly(tube(c, wid), col, INK, OW))
        vein = mix(col, "#000000", 0.35)
        out.append(line(c[:-3], vein, 4))
        for i in range(6, n - 6, 7):
            p = c[i]
            tx, ty = unit((c[i + 1][0] - c[i - 1][0], c[i + 1][1] - c[i - 1][1]))
            for sgn in (-1, 1):
                ww = wid[i] * 0.75
                q = (p[0] + (-ty * sgn) * ww + tx * ww * 0.5, p[1] + (tx * sgn) * ww + ty * ww * 0.5)
                out.append(line([p, q], vein, 2.5))
    return out


def crop_rubber(doc, rng):
    out = []
    out += leaf((108, 60), (60, 24), 18, "#3f8a36")
    out += leaf((112, 56), (170, 22), 18, "#2f7a2c")
    out += leaf((110, 60), (112, 18), 16, "#4a9a3e")
    trunk = [(76, 236), (92, 150), (96, 54), (128, 54), (134, 150), (150, 236)]
    out.append(poly(trunk, "#8b7a62", INK, OW))
    for x in (100, 116):
        out.append(line([(x, 64), (x + 2, 226)], "#6e604c", 3))
    for y in (98, 124, 150):
        out.append(line([(92, y + 14), (136, y)], "#4a3c2c", 5))
        out.append(line([(92, y + 14), (136, y)], "#f6f4ea", 2.2))
    latex = spline([(136, 150), (150, 158), (158, 166)], step=1.5)
    out.append(line(latex, INK, 9))
    out.append(line(latex, "#fbfbf5", 5))
    out.append(poly([(130, 166), (186, 166), (180, 196), (136, 196)], "#7a5230", INK, OW))
    out.append(el("ellipse", cx=158.0, cy=168.0, rx=26.0, ry=6.0, fill="#fbfbf5", stroke=INK, stroke_width=3.0))
    out.append(poly([(176, 186), (180, 200), (176, 208), (172, 200)], "#fbfbf5", INK, 2.5))
    return out


def crop_cotton(doc, rng):
    out = [line(spline([(128, 236), (124, 180), (96, 120), (70, 84)], step=2), INK, 10),
           line(spline([(128, 236), (124, 180), (96, 120), (70, 84)], step=2), "#7a5230", 5),
           line(spline([(124, 184), (150, 140), (180, 96)], step=2), INK, 10),
           line(spline([(124, 184), (150, 140), (180, 96)], step=2), "#7a5230", 5)]
    for cx, cy, s in ((76, 82, 1.0), (178, 92, 1.0), (126, 160, 1.1)):
        out.append(poly(star_pts(cx, cy + 14 * s, 40 * s, 18 * s, 5, 90), "#7a5230", INK, OW * 0.8))
        puffs = []
        for dx, dy, r in ((-20, 4, 20), (20, 4, 20), (0, -16, 21), (-10, 18, 17), (12, 18, 17), (0, 2, 18)):
            puffs.append((ellipse_pts(cx + dx * s, cy + dy * s, r * s, r * s, 0, 28), "#fbfbf8"))
        out += outlined(puffs, OW * 0.9)
        for dx, dy in ((-22, 10), (18, 10), (0, -8)):
            out.append(line(arc(cx + dx * s, cy + dy * s, 12 * s, 40, 130, 2), "#c8c8c0", 3))
    return out


def coffee_bean(cx, cy, deg, s=1.0):
    b = ellipse_pts(cx, cy, 30 * s, 42 * s, deg, 40)
    crease = rot(spline([(cx, cy - 36 * s), (cx + 8 * s, cy - 12 * s), (cx - 8 * s, cy + 12 * s), (cx, cy + 36 * s)],
                        step=2), (cx, cy), deg)
    return [poly(b, "#6f3f1f", INK, OW), line(crease, "#2e170a", 6),
            poly(rot(ellipse_pts(cx - 14 * s, cy - 10 * s, 7 * s, 16 * s, 0, 16), (cx, cy), deg), "#9a6a40",
                 opacity=0.7)]


def crop_coffee(doc, rng):
    out = [line(spline([(30, 60), (110, 80), (214, 60)], step=2), INK, 10),
           line(spline([(30, 60), (110, 80), (214, 60)], step=2), "#6b4a22", 5)]
    out += leaf((150, 72), (220, 120), 18, "#2f6f2f", bend=6)
    out += leaf((60, 68), (30, 120), 16, "#3a7d34", bend=-6)
    for x, y in ((96, 96), (124, 104), (150, 94)):
        out += [circle(x, y, 17, "#c4232b", INK, OW * 0.8), circle(x - 6, y - 6, 5, "#f07a7a")]
    out += coffee_bean(92, 170, -25)
    out += coffee_bean(164, 174, 20)
    return out


def crop_sugar_cane(doc, rng):
    out = []
    for x, tilt in ((82, -10), (128, 0), (174, 10)):
        base = (x - tilt, 232)
        top = (x + tilt, 66 + abs(tilt))
        v = unit((top[0] - base[0], top[1] - base[1]))
        nx, ny = -v[1], v[0]
        w = 14
        stalk = [(base[0] - nx * w, base[1] - ny * w), (base[0] + nx * w, base[1] + ny * w),
                 (top[0] + nx * w, top[1] + ny * w + 10), (top[0] - nx * w, top[1] - ny * w - 6)]
        out.append(poly(stalk, "#b9cc4a", INK, OW))
        out.append(line([(base[0] - nx * 6, base[1] - 4), (top[0] - nx * 6, top[1] + 6)], "#dfe88a", 4, opacity=0.8))
        for k in range(1, 5):
            t = k / 5
            p = (base[0] + (top[0] - base[0]) * t, base[1] + (top[1] - base[1]) * t)
            out.append(line([(p[0] - nx * w, p[1] - ny * w), (p[0] + nx * w, p[1] + ny * w)], "#6b7a24", 5))
    out += leaf((128, 110), (36, 40), 11, "#4f9a3a", bend=18)
    out += leaf((136, 96), (226, 30), 11, "#3f8a36", bend=-18)
    out += leaf((176, 120), (234, 120), 9, "#4f9a3a", bend=-14)
    return out


def crop_cinnamon(doc, rng):
    out = []
    c = (128, 128)
    for dy, col in ((-40, "#9a4a26"), (0, "#a8552c"), (40, "#8e4222")):
        stick = [(34, 128 + dy - 16), (210, 128 + dy - 16), (210, 128 + dy + 16), (34, 128 + dy + 16)]
        out.append(poly(rot(stick, c, -30), col, INK, OW))
        out.append(line(rot([(40, 128 + dy + 7), (204, 128 + dy + 7)], c, -30), mix(col, "#000000", 0.3), 4))
        out.append(line(rot([(44, 128 + dy - 7), (200, 128 + dy - 7)], c, -30), mix(col, "#ffffff", 0.25), 3))
        (ex, ey), = rot([(210, 128 + dy)], c, -30)
        out.append(el("ellipse", cx=ex, cy=ey, rx=10.0, ry=17.0, fill="#c8784a", stroke=INK, stroke_width=4.0,
                      transform=f"rotate(-30 {fmt(ex)} {fmt(ey)})"))
        spiral = [(ex + 6 * math.cos(t) * (t / 12), ey + 10 * math.sin(t) * (t / 12)) for t in
                  [i * 0.3 for i in range(1, 40)]]
        out.append(line(rot(spiral, (ex, ey), -30), "#6e3018", 2.2))
    band = [(112, 64), (132, 64), (132, 192), (112, 192)]
    out.append(poly(rot(band, c, -30), "#e8d8a8", INK, 4))
    return out


def crop_nutmeg(doc, rng):
    out = [poly(ellipse_pts(128, 132, 92, 86, 0, 60), "#d3b35a", INK, OW),
           poly(ellipse_pts(128, 132, 80, 74, 0, 60), "#f4e2a4"),
           poly(ellipse_pts(128, 136, 44, 52, 0, 40), "#5a3416", INK, OW)]
    for pts in ([(102, 180), (98, 146), (112, 114), (116, 88)], [(128, 186), (132, 150), (122, 118), (132, 84)],
                [(156, 178), (160, 142), (146, 112), (142, 88)], [(104, 150), (128, 138), (156, 150)],
                [(110, 112), (128, 102), (146, 112)]):
        out.append(line(spline(pts, step=2), "#d8322a", 7))
    out.append(line([(128, 46), (128, 20)], INK, 12))
    out.append(line([(128, 46), (128, 20)], "#6b4a22", 6))
    return out


def crop_cashew(doc, rng):
    out = []
    out += leaf((128, 54), (196, 26), 16, "#3f8a36", bend=-6)
    out.append(line([(128, 58), (126, 26)], INK, 12))
    out.append(line([(128, 58), (126, 26)], "#6b4a22", 6))
    apple = spline([(128, 50), (156, 56), (174, 92), (186, 140), (168, 172), (128, 180), (88, 172), (70, 140),
                    (82, 92), (100, 56)], closed=True, step=2)
    g = doc.linear(128, 50, 128, 180, [(0, "#f7c037"), (0.55, "#f07a2a"), (1, "#d8401e")])
    out.append(poly(apple, g, INK, OW))
    out.append(el("ellipse", cx=102.0, cy=110.0, rx=12.0, ry=26.0, fill="#fff0c0", opacity=0.45,
                  transform="rotate(15 102 110)"))
    nut = spline([(80, 184), (128, 176), (176, 184), (186, 210), (164, 232), (148, 222), (128, 206), (108, 222),
                  (92, 232), (70, 210)], closed=True, step=2)
    out.append(poly(nut, "#a8a06a", INK, OW))
    out.append(line(spline([(86, 196), (128, 188), (170, 196)], step=2), "#d0c890", 4))
    return out


def crop_papaya(doc, rng):
    c = (128, 128)
    skin = spline([(128, 28), (160, 44), (180, 100), (196, 170), (176, 220), (128, 236), (80, 220), (60, 170),
                   (76, 100), (96, 44)], closed=True, step=2)
    skin = rot(skin, c, -28)
    flesh = scale_pts(skin, c, 0.86, 0.9)
    cavity = rot(spline([(128, 80), (146, 110), (152, 160), (140, 196), (128, 202), (116, 196), (104, 160),
                         (110, 110)], closed=True, step=2), c, -28)
    out = [poly(skin, "#7fa83a", INK, OW), poly(flesh, "#f5a23a"),
           poly(scale_pts(flesh, c, 0.9), "#f58a32"), poly(cavity, "#c85a1e", "#a8481a", 2)]
    rng2 = random.Random(21)
    seeds = []
    for _ in range(200):
        if len(seeds) >= 18:
            break
        p = (rng2.uniform(96, 160), rng2.uniform(80, 200))
        if point_in_poly(p, scale_pts(cavity, c, 0.92)) and all(dist(p, q) > 12 for q in seeds):
            seeds.append(p)
    for x, y in seeds:
        out += [circle(x, y, 6.5, "#1a1410"), circle(x - 2, y - 2, 2, "#8a8070")]
    (sx, sy), = rot([(128, 26)], c, -28)
    out.append(line([(sx, sy), (sx - 6, sy - 14)], INK, 10))
    out.append(line([(sx, sy), (sx - 6, sy - 14)], "#6b4a22", 5))
    return out


CROPS = {
    "potato": (1, crop_potato), "tomato": (1, crop_tomato), "maize": (1, crop_maize), "bean": (1, crop_bean),
    "breadfruit": (1, crop_breadfruit),
    "pineapple": (2, crop_pineapple), "cocoa": (2, crop_cocoa), "coconut": (2, crop_coconut),
    "banana": (2, crop_banana), "vanilla": (2, crop_vanilla),
    "pepper": (3, crop_pepper), "tobacco": (3, crop_tobacco), "rubber": (3, crop_rubber),
    "cotton": (3, crop_cotton), "coffee": (3, crop_coffee),
    "sugar_cane": (4, crop_sugar_cane), "cinnamon": (4, crop_cinnamon), "nutmeg": (4, crop_nutmeg),
    "cashew": (4, crop_cashew), "papaya": (4, crop_papaya),
}


def chip_disc(doc, face_stops):
    out = [circle(130, 132, 122, "#1a1008", opacity=0.35),
           circle(128, 128, 122, "#5b3a1e", INK, 4),
           circle(128, 128, 112, "#c9a24a", "#6b4a22", 2)]
    face = doc.radial(110, 96, 150, face_stops)
    out.append(circle(128, 128, 104, face, "#6b4a22", 2))
    return out


def chip_art(doc, value, fn, rng):
    """Face of a discovery chip: disc, crop icon, value pips."""
    out = chip_disc(doc, [(0, "#fbf3da"), (1, "#e6d3a2")])
    out.append(place(fn(doc, rng), 128, 104, 168))
    sp, y, r = 30.0, 204.0, 11.0
    for i in range(value):
        x = 128 + (i - (value - 1) / 2) * sp
        out += [circle(x, y, r, "#4a2c14", "#f6e7bf", 2.0), circle(x - 3.5, y - 3.5, 3.2, "#a87a50")]
    return out


def make_chip(name, value, fn):
    doc = Doc()
    doc.add(chip_art(doc, value, fn, random.Random(name)))
    save(doc, f"chip_{name}")


# --------------------------------------------------------------------------
# small icons
# --------------------------------------------------------------------------


def make_small_icons():
    doc = Doc()
    doc.add(circle(132, 136, 104, "#1a1008", opacity=0.3))
    doc.add(coin_face(doc, 128, 128, 104))
    save(doc, "icon_gold")

    doc = Doc()
    for side in (-1, 1):
        stem = [(128 + side * 92 * math.cos(math.radians(t)), 132 + 92 * math.sin(math.radians(t)))
                for t in range(70, -66, -5)]
        doc.add(line(stem, INK, 11))
        doc.add(line(stem, "#5a7a2a", 5))
        for i in range(2, len(stem) - 1, 3):
            p, q = stem[i], stem[i - 1]
            tx, ty = unit((p[0] - q[0], p[1] - q[1]))
            for sg in (-1, 1):
                tip = (p[0] + tx * 26 + (-ty) * sg * 20, p[1] + ty * 26 + tx * sg * 20)
                doc.add(leaf(p, tip, 10, "#5d9a36" if sg > 0 else "#4a8a2e", vein=False))
        top = stem[-1]
        doc.add(leaf(top, (top[0] - side * 4, top[1] - 30), 10, "#5d9a36", vein=False))
    doc.add(poly([(100, 218), (156, 218), (150, 242), (128, 230), (106, 242)], "#c8102e", INK, 5))
    doc.add(circle(128, 216, 10, "#c8102e", INK, 5))
    doc.add(poly(star_pts(128, 124, 58, 24, 5), "#f2c230", INK, 7))
    doc.add(poly(star_pts(124, 118, 30, 12, 5), "#fff0a0", opacity=0.6))
    save(doc, "icon_vp")

    doc = Doc()
    doc.add(place(chip_art(doc, 1, crop_tomato, random.Random(1)), 128, 128, 240))
    save(doc, "icon_chip")



# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------

EVENT_TILES = [
    (1, "storm"), (1, "pirates"),
    (2, "storm"), (2, "pirates"), (2, "gold"), (2, "natives"),
    (3, "storm"), (3, "ruins"), (3, "gold"),
    (4, "pirates"), (4, "ruins"), (4, "natives"), (4, "gold"),
    (5, "ruins"), (5, "natives"), (5, "gold"),
]


def main():
    for p in range(1, 7):
        check_tile(p)
        save(tile_svg(p), f"tile_p{p}")
    for p, ev in EVENT_TILES:
        save(tile_svg(p, ev), f"tile_p{p}_{ev}")
    for ev, fn in EVENT_ICONS.items():
        doc = Doc()
        doc.add(fn(doc))
        save(doc, f"event_{ev}")
    make_back_plain()
    make_back_question()
    make_back_reserve()
    make_board_sea()
    make_board_start()
    make_ship()
    for seat in SEATS:
        for kind in ("scout", "fort", "settlement"):
            make_unit(kind, seat)
    for name, (value, fn) in CROPS.items():
        make_chip(name, value, fn)
    make_small_icons()
    print(f"wrote {len(WRITTEN)} files to {OUT_DIR}")


if __name__ == "__main__":
    main()
