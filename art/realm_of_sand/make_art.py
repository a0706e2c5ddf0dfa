#!/usr/bin/env python3
"""Generate every SVG picture for Realm of Sand into this folder.

Run:  python art/realm_of_sand/make_art.py

Standard library plus PyYAML; the SVG-writing and geometry helpers it shares with the other art scripts are
in art/svgkit.py.  Everything is drawn from data/realm_of_sand/*.yaml (the board grid, crystal cells, level
track, powers, rune tiles, kingdom cards) and data/seats.yaml (the hues of the board colours it names), so a
changed tile or card is re-drawn on the next run.  The output is deterministic: every random source is a
random.Random with a fixed seed.  The SVGs are written for pygame-ce's nanosvg loader: no <text>, filters,
masks or clip paths, every gradient uses gradientUnits="userSpaceOnUse", digits are stroked paths.

Boxes (the SVG viewBox, origin top-left; the screen relies on them):
  * boards/<colour>_{basic,advanced}.svg 640 x 768: the grid's cell (x, y) is the rect
    id="cell-x-y" at (32 + 96x, 32 + 96y), 96 x 96; the +1 track's slot i is the circle id="slot-i" at
    (64 + 72i, 680), radius 28; the emblem is centred at (576, 680), radius 44; advanced sides write a
    crystal socket <g id="crystal-x-y"> in each crystal cell;
  * pieces/square_<c>.svg, pieces/disc_<c>.svg, tiles/back.svg, icons/*.svg 96 x 96;
  * tiles/<id>.svg: 96 x 96 per cell of the shape's box (I 288 x 96, L 192 x 192), a <g id="cell-x-y"
    data-colour=c> per cell of the tile;
  * cards/<id>.svg and cards/back_<level>.svg 200 x 280: a <g id="pat-x-y" data-colour=c> per pattern cell;
  * pieces/queen.svg 96 x 128, pieces/crystal_{clear,charged}.svg 64 x 64, pieces/level_marker.svg 56 x 56.
"""
from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

import yaml

ART_DIR = str(Path(__file__).resolve().parents[1])     # art/, home of the shared svgkit.py
if ART_DIR not in sys.path:
    sys.path.insert(0, ART_DIR)
from svgkit import Doc, SvgKit, arc, ellipse_pts, mix, move, rot, scale_pts, spline, star_pts, tube  # noqa: E402

OUT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(OUT_DIR))
DATA = os.path.join(REPO, "data", "realm_of_sand")
SEATS_YAML = os.path.join(REPO, "data", "seats.yaml")

# --------------------------------------------------------------------------
# the boxes the screen relies on (see the module docstring and README.md)
# --------------------------------------------------------------------------
CELL = 96.0                      # a board cell, a tile cell, a piece
GRID_X0 = GRID_Y0 = 32.0         # the board grid's top-left corner
BOARD_W, BOARD_H = 640, 768
TRACK_Y = 680.0                  # the +1 track: slot i centred at (TRACK_X0 + TRACK_DX * i, TRACK_Y)
TRACK_X0, TRACK_DX, TRACK_R = 64.0, 72.0, 28.0
EMBLEM_C, EMBLEM_R = (576.0, 680.0), 44.0
PIECE_MARGIN = 3.0               # a square fills its cell but this margin
DISC_R = 38.0                    # a disc's radius (rim included) in its 96 box
CARD_W, CARD_H = 200, 280
PATTERN_BOX = (20.0, 72.0, 160.0, 144.0)   # cards: the pattern's area (x, y, w, h)
PATTERN_CELL_MAX = 44.0

# --------------------------------------------------------------------------
# palette
# --------------------------------------------------------------------------
INK = "#2b1b0e"
IVORY = "#fbf1d6"
PARCH = "#f3e3bd"
PARCH_D = "#d8bf8a"
SAND = "#ead29c"
SAND_L = "#f6e6bb"
SAND_D = "#c9a565"
DUNE_D = "#5c3d1e"
GOLD = "#e3b23c"
GOLD_L = "#fbe39a"
GOLD_D = "#95650f"
STONE = "#c4a878"
STONE_D = "#8c6f45"

# The rune squares (green palm, red sun, black crescent): body, light and dark bevel, engraved motif.
SQUARE = {
    "G": {"base": "#3f8c3c", "light": "#79c266", "dark": "#1d5220", "motif": "#eef8cf"},
    "R": {"base": "#bd3a2a", "light": "#ec7352", "dark": "#6d170d", "motif": "#ffe6a6"},
    "K": {"base": "#38333d", "light": "#6d6676", "dark": "#121014", "motif": "#e2ddf5"},
}
# The spirit discs (green leaf, red flame, black gem, blue waves, yellow star): body, light, sigil colour.
DISC = {
    "G": {"base": "#2f9c52", "light": "#8fe08a", "sigil": "#f4ffe0"},
    "R": {"base": "#cf3b22", "light": "#ff9a6a", "sigil": "#fff0c0"},
    "K": {"base": "#2a2530", "light": "#7a7088", "sigil": "#ece6ff"},
    "B": {"base": "#2464c8", "light": "#8cc4ff", "sigil": "#f0f8ff"},
    "Y": {"base": "#efbb1c", "light": "#fff1a0", "sigil": "#6a3a00"},
}
# The board colours seats.yaml does not name (it names red, yellow and purple).
BOARD_HUES = {"orange": "#d8702a", "green": "#3b8a46", "blue": "#2d62b0",
              "red": "#b8262c", "yellow": "#d9a81a", "purple": "#733da0"}
LEVEL = {   # kingdom card levels: frame, its light and dark, the face's paper (top, bottom)
    1: {"frame": "#a6602a", "light": "#dc9a5c", "dark": "#5a300e", "paper": ("#fcf2d8", "#f0d8a8")},
    2: {"frame": "#2c7a8a", "light": "#6cc0cc", "dark": "#11434e", "paper": ("#f1f6ea", "#cfe3d6")},
    3: {"frame": "#6c2f8f", "light": "#b07ad2", "dark": "#381252", "paper": ("#f8f0fa", "#e2cfe8")},
}

# --------------------------------------------------------------------------
# element writers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------
KIT = SvgKit(digits=2, path_digits=1, ink=INK)
fmt, attrs, el, group = KIT.fmt, KIT.attrs, KIT.el, KIT.group
poly, line, circle, rect = KIT.poly, KIT.line, KIT.circle, KIT.rect
numeral = KIT.numeral


class Art(Doc):
    """An SVG document of this script (flattening add, two decimals)."""

    digits = 2
    flatten = True


def place(items, cx, cy, size, base=96.0, **kw) -> str:
    """Place a drawing made in a base x base box (pieces, icons: 96) centred at (cx, cy), size wide."""
    return KIT.place(items, cx, cy, size, base, **kw)


def at(items, x, y, k=1.0, **kw) -> str:
    """Items drawn in their own box, moved to (x, y) and scaled by k."""
    tr = f"translate({fmt(x)} {fmt(y)})" + ("" if k == 1.0 else f" scale({fmt(k)})")
    return group(items, transform=tr, **kw)


def rrect_pts(x, y, w, h, r, step=2.0):
    """Outline of a rounded rectangle as points."""
    return (arc(x + w - r, y + r, r, -90, 0, step) + arc(x + w - r, y + h - r, r, 0, 90, step) +
            arc(x + r, y + h - r, r, 90, 180, step) + arc(x + r, y + r, r, 180, 270, step))


def circle_pts(cx, cy, r, k=48):
    return ellipse_pts(cx, cy, r, r, k=k)


def curved_leaf(pts, w):
    """A leaf along a curve through pts, w at its widest."""
    centre = spline(pts, step=2.0)
    n = len(centre) - 1
    return tube(centre, [w / 2 * max(0.0, math.sin(math.pi * i / n)) ** 0.7 for i in range(n + 1)])


def crescent(cx, cy, r1, dx, dy, r2):
    """The part of circle (cx, cy, r1) outside circle (cx+dx, cy+dy, r2), as one outline."""
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    alpha = math.degrees(math.acos(a / r1))
    base = math.degrees(math.atan2(uy, ux))
    outer = arc(cx, cy, r1, base + alpha, base + 360 - alpha, 1.5)
    p1, p2 = outer[0], outer[-1]
    c2 = (cx + dx, cy + dy)
    f1 = math.degrees(math.atan2(p1[1] - c2[1], p1[0] - c2[0]))
    f2 = math.degrees(math.atan2(p2[1] - c2[1], p2[0] - c2[0]))
    for end in (f2 + ((f1 - f2) % 360), f2 - ((f2 - f1) % 360)):
        inner = arc(c2[0], c2[1], r2, f2, end, 1.5)
        mid = inner[len(inner) // 2]
        if math.hypot(mid[0] - cx, mid[1] - cy) < r1:
            return outer + inner[1:-1]
    raise ValueError("circles do not cross")


def arrow(pts, colour, sw, head=None, outline=None):
    """A stroked polyline ending in a filled triangular head (optionally outlined)."""
    head = head or sw * 2.4
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    ln = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / ln, (y1 - y0) / ln
    tip = (x1 + ux * head * 0.6, y1 + uy * head * 0.6)
    back = (x1 - ux * head * 0.6, y1 - uy * head * 0.6)
    tri = [tip, (back[0] - uy * head * 0.75, back[1] + ux * head * 0.75),
           (back[0] + uy * head * 0.75, back[1] - ux * head * 0.75)]
    shaft = pts[:-1] + [back]
    out = []
    if outline:
        out += [line(shaft, outline, sw + 3), poly(tri, outline, outline, 3)]
    return out + [line(shaft, colour, sw), poly(tri, colour)]


# --------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------


def load_yaml(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def data(name):
    return load_yaml(os.path.join(DATA, name))


def board_hues():
    """Each board colour's hue: data/seats.yaml's where it names the colour, else BOARD_HUES."""
    hues = dict(BOARD_HUES)
    for seat in load_yaml(SEATS_YAML).get("colours", []):
        if seat["id"] in hues:
            hues[seat["id"]] = seat["rgb"]
    return hues


def pattern_cells(pattern):
    """A card pattern's cells (x, y, colour) and its size (columns, rows); "." is not part of it."""
    rows = pattern.split("/")
    cells = [(x, y, ch) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "."]
    return cells, (max(len(r) for r in rows), len(rows))


def shape_outline(cells):
    """The outline of a set of unit cells (x, y) as one closed polygon of grid corners (one piece)."""
    cells = set(map(tuple, cells))
    edges = {}
    for x, y in cells:
        for (ax, ay), (bx, by), (nx, ny) in (((x, y), (x + 1, y), (x, y - 1)), ((x + 1, y), (x + 1, y + 1), (x + 1, y)),
                                             ((x + 1, y + 1), (x, y + 1), (x, y + 1)), ((x, y + 1), (x, y), (x - 1, y))):
            if (nx, ny) not in cells:
                edges[(ax, ay)] = (bx, by)
    start = min(edges)
    out, p = [start], edges[start]
    while p != start:
        out.append(p)
        p = edges[p]
    # drop corners in the middle of straight runs
    keep = []
    for i, q in enumerate(out):
        a, b = out[i - 1], out[(i + 1) % len(out)]
        if (q[0] - a[0]) * (b[1] - q[1]) != (q[1] - a[1]) * (b[0] - q[0]):
            keep.append(q)
    return keep


# --------------------------------------------------------------------------
# motifs (96 box, centre (48, 48)): squares' and discs' pictures, told apart by shape as well as hue
# --------------------------------------------------------------------------


def palm_motif():
    """Green square: a palm tree (trunk and five fronds) on a dune."""
    stem = spline([(52, 78), (51, 62), (47, 46), (45, 36)], step=2.0)
    trunk = tube(stem, [6.5 - 3.0 * i / (len(stem) - 1) for i in range(len(stem))])
    fronds = [
        curved_leaf([(45, 35), (33, 29), (20, 36)], 11),
        curved_leaf([(45, 35), (37, 22), (26, 17)], 10),
        curved_leaf([(45, 35), (52, 20), (64, 17)], 10),
        curved_leaf([(45, 35), (59, 29), (72, 38)], 11),
        curved_leaf([(45, 35), (40, 44), (32, 54)], 8),
    ]
    dune = arc(48, 104, 36, 228, 312, 2.0)
    return [dune] + [trunk] + fronds


def sun_motif():
    """Red square: a sun, a disc with twelve pointed rays."""
    rays = []
    for i in range(12):
        a = math.radians(i * 30)
        r0, r1, w = 20.0, (34.0 if i % 2 == 0 else 29.0), 0.22
        rays.append([(48 + r0 * math.cos(a - w), 48 + r0 * math.sin(a - w)),
                     (48 + r1 * math.cos(a), 48 + r1 * math.sin(a)),
                     (48 + r0 * math.cos(a + w), 48 + r0 * math.sin(a + w))])
    return [circle_pts(48, 48, 15, 40)] + rays


def moon_motif():
    """Black square: a crescent moon with a four-pointed star in its hollow."""
    moon = crescent(44, 48, 28, 12, -7, 23)
    star = star_pts(64, 38, 11, 3.2, n=4, deg=-90)
    return [moon, star]


def leaf_motif():
    """Green disc (wood spirit): a sprout of three leaves on a stem."""
    centre = spline([(48, 72), (48, 58), (48, 46)], step=2.0)
    stem = tube(centre, [3.2] * len(centre))
    return [stem, curved_leaf([(48, 50), (38, 36), (44, 18)], 13),
            curved_leaf([(48, 56), (62, 50), (74, 38)], 12), curved_leaf([(48, 58), (34, 56), (22, 46)], 12)]


def flame_motif():
    """Red disc (crimson sand): a flame with two tongues."""
    outer = spline([(48, 76), (66, 68), (70, 50), (62, 34), (58, 18), (52, 32), (46, 28), (44, 14),
                    (34, 28), (28, 46), (30, 66)], closed=True, step=1.5)
    return [scale_pts(outer, (48, 56), 0.9)]


def flame_inner():
    return scale_pts(spline([(48, 72), (58, 64), (58, 52), (52, 42), (48, 48), (44, 42), (38, 54), (40, 66)],
                            closed=True, step=1.5), (48, 56), 0.9)


def gem_motif():
    """Black disc (obsidian): a cut gem, a flat table above a pointed pavilion."""
    return [[(34, 26), (62, 26), (77, 42), (48, 76), (19, 42)]]


def waves_motif():
    """Blue disc (sapphire): three waves."""
    waves = []
    for y in (34, 48, 62):
        pts = [(24 + i * 2.0, y + 6 * math.sin(i * 2.0 / 48 * 2 * math.pi * 1.5)) for i in range(25)]
        waves.append(pts)
    return waves


def star8_motif():
    """Yellow disc (golden moon): an eight-pointed star."""
    return [star_pts(48, 48, 30, 12, n=8, deg=-90), circle_pts(48, 48, 9, 24)]


# --------------------------------------------------------------------------
# pieces
# --------------------------------------------------------------------------


def speckles(seed, x0, y0, w, h, n, colour, opacity):
    rng = random.Random(seed)
    return [circle(x0 + rng.uniform(0.1, 0.9) * w, y0 + rng.uniform(0.1, 0.9) * h, rng.uniform(0.7, 1.6),
                   colour, opacity=opacity) for _ in range(n)]


def square_items(doc, c):
    """A carved stone square in a 96 box: dark edge, bevel, a face with the colour's engraved motif."""
    p = SQUARE[c]
    m = PIECE_MARGIN
    s = CELL - 2 * m
    inset = 9.0
    out = [rect(m, m, s, s, p["dark"], INK, 2.0, rx=7.0)]
    a, b = m + 1.5, CELL - m - 1.5
    i0, i1 = m + inset, CELL - m - inset
    out.append(poly([(a, a), (b, a), (i1, i0), (i0, i0), (i0, i1), (a, b)], p["light"]))
    out.append(poly([(b, b), (a, b), (i0, i1), (i1, i1), (i1, i0), (b, a)], mix(p["dark"], p["base"], 0.35)))
    face = doc.linear(i0, i0, i1, i1, [(0, mix(p["base"], p["light"], 0.35)), (1, mix(p["base"], p["dark"], 0.3))])
    out.append(rect(i0, i0, i1 - i0, i1 - i0, face, mix(p["dark"], INK, 0.3), 1.2))
    out += speckles(ord(c), i0, i0, i1 - i0, i1 - i0, 14, p["dark"], 0.35)
    shapes = {"G": palm_motif, "R": sun_motif, "K": moon_motif}[c]()
    # engraved: a dark cut below, the pale motif on top
    out += [poly(move(s_, 1.6, 1.6), p["dark"]) for s_ in shapes]
    out += [poly(s_, p["motif"]) for s_ in shapes]
    return out


def disc_items(doc, c, shadow=True):
    """A spirit disc in a 96 box: drop shadow, ivory and ink rims (seen on any square), domed body, sigil."""
    p = DISC[c]
    out = []
    if shadow:
        out.append(circle(50.5, 51.5, DISC_R, INK, opacity=0.45))
    out.append(circle(48, 48, DISC_R, IVORY, INK, 1.6))
    out.append(circle(48, 48, DISC_R - 3.0, INK))
    body = doc.radial(48, 48, DISC_R - 4.5, [(0, p["light"]), (0.55, p["base"]), (1, mix(p["base"], INK, 0.35))],
                      fx=38, fy=36)
    out.append(circle(48, 48, DISC_R - 4.5, body))
    out.append(circle(48, 48, DISC_R - 10.0, "none", p["sigil"], 1.5, opacity=0.55))
    sig, dark = p["sigil"], mix(p["base"], INK, 0.55)
    if c == "G":
        shapes = leaf_motif()
        out += [poly(move(s_, 1.2, 1.2), dark) for s_ in shapes] + [poly(s_, sig) for s_ in shapes]
    elif c == "R":
        out += [poly(move(flame_motif()[0], 1.2, 1.2), dark), poly(flame_motif()[0], sig),
                poly(flame_inner(), p["base"])]
    elif c == "K":
        d = gem_motif()[0]
        out += [poly(move(d, 1.2, 1.2), INK), poly(d, sig),
                poly([(41, 26), (55, 26), (60, 42), (48, 76), (36, 42)], mix(sig, p["light"], 0.45)),
                line([(19, 42), (77, 42)], p["base"], 1.8), line([(34, 42), (48, 76), (62, 42)], p["base"], 1.2)]
    elif c == "B":
        for w in waves_motif():
            out += [line(move(w, 1.2, 1.2), dark, 6.5), line(w, sig, 5.5)]
    elif c == "Y":
        st, dot = star8_motif()
        out += [poly(move(st, 1.0, 1.0), "#fff3c0"), poly(st, sig), poly(dot, p["base"])]
    out.append(el("ellipse", cx=40.0, cy=30.0, rx=16.0, ry=8.0, fill="#ffffff", opacity=0.22,
                  transform="rotate(-30 40 30)"))
    return out


def make_pieces():
    for c in SQUARE:
        doc = Art(96, 96)
        doc.add(square_items(doc, c))
        save(doc, f"pieces/square_{c}.svg")
    for c in DISC:
        doc = Art(96, 96)
        doc.add(disc_items(doc, c))
        save(doc, f"pieces/disc_{c}.svg")
    make_queen()
    for charged in (False, True):
        make_crystal(charged)
    make_level_marker()


def make_queen():
    """The queen: a crowned figure in a long indigo robe with gold trim, on a round base."""
    doc = Art(96, 128)
    robe = doc.linear(20, 0, 76, 0, [(0, "#3a1f66"), (0.45, "#6a43a8"), (1, "#2a1450")])
    doc.add(el("ellipse", cx=48.0, cy=117.0, rx=34.0, ry=8.5, fill=INK, opacity=0.45))
    doc.add(el("ellipse", cx=48.0, cy=114.0, rx=32.0, ry=8.0, fill=GOLD_D, stroke=INK, stroke_width=2.0))
    doc.add(el("ellipse", cx=48.0, cy=111.5, rx=30.0, ry=6.5, fill=GOLD))
    body = spline([(48, 42), (60, 48), (64, 66), (70, 92), (78, 110), (48, 114), (18, 110), (26, 92), (32, 66),
                   (36, 48)], closed=True, step=1.5)
    doc.add(poly(body, robe, INK, 2.6))
    doc.add(line(spline([(20, 106), (34, 110), (48, 111), (62, 110), (76, 106)], step=2.0), GOLD, 3.0))
    doc.add(poly([(48, 52), (55, 62), (48, 108), (41, 62)], GOLD_L, INK, 1.2))
    doc.add(poly([(48, 60), (51, 66), (48, 100), (45, 66)], "#b23a48"))
    # arms folded: a gold sash
    doc.add(line(spline([(36, 62), (48, 68), (60, 62)], step=2.0), GOLD, 3.4))
    # veil, face and crown
    doc.add(poly(spline([(48, 14), (62, 24), (64, 46), (56, 54), (40, 54), (32, 46), (34, 24)], closed=True,
                        step=1.5), "#e9e0f5", INK, 2.0))
    doc.add(circle(48, 34, 10.5, "#c9976a", INK, 1.6))
    doc.add(circle(44.5, 33, 1.4, INK))
    doc.add(circle(51.5, 33, 1.4, INK))
    crown = [(36, 24), (36, 10), (41, 17), (48, 4), (55, 17), (60, 10), (60, 24)]
    doc.add(poly(crown, GOLD, INK, 2.0))
    doc.add(circle(48, 10, 2.4, "#d23a4a"))
    doc.add(rect(36, 20, 24, 4, GOLD_D))
    save(doc, "pieces/queen.svg")


def gem_faces(cx, cy, w, h):
    """A tall hexagonal crystal's outline and facets (left, centre, right) around (cx, cy)."""
    top, bot = (cx, cy - h / 2), (cx, cy + h / 2)
    ul, ur = (cx - w / 2, cy - h / 4), (cx + w / 2, cy - h / 4)
    ll, lr = (cx - w / 2, cy + h / 4), (cx + w / 2, cy + h / 4)
    it, ib = (cx, cy - h / 4 + 4), (cx, cy + h / 4 - 2)
    il, ir = (cx - w / 6, cy - h / 4 + 6), (cx + w / 6, cy - h / 4 + 6)
    jl, jr = (cx - w / 6, cy + h / 4 - 4), (cx + w / 6, cy + h / 4 - 4)
    outline = [top, ur, lr, bot, ll, ul]
    faces = [([top, ur, ir, il, ul], "top"), ([ul, il, jl, ll], "left"), ([il, ir, jr, jl], "mid"),
             ([ir, ur, lr, jr], "right"), ([ll, jl, jr, lr, bot], "bottom")]
    return outline, faces, (it, ib)


def make_crystal(charged):
    """A crystal marker: clear (pale glass, no glow) or charged (bright, glowing, with rays)."""
    doc = Art(64, 64)
    if charged:
        halo = doc.radial(32, 32, 32, [(0, "#fff6c8", 0.95), (0.5, "#ffd54a", 0.55), (1, "#ff9a1a", 0)])
        doc.add(circle(32, 32, 32, halo))
        for i in range(8):
            a = math.radians(i * 45 + 22.5)
            doc.add(poly([(32 + 14 * math.cos(a - 0.18), 32 + 14 * math.sin(a - 0.18)),
                          (32 + 31 * math.cos(a), 32 + 31 * math.sin(a)),
                          (32 + 14 * math.cos(a + 0.18), 32 + 14 * math.sin(a + 0.18))], "#fff2a8", opacity=0.9))
        shades = {"top": "#d8fbff", "left": "#3fd0f0", "mid": "#9ff0ff", "right": "#16a0d0", "bottom": "#0f7fb0"}
        rim = "#0a3a5a"
    else:
        doc.add(circle(32, 33, 25, "#d9d3c3", INK, 1.6))
        doc.add(circle(32, 33, 21, "#efe9da"))
        shades = {"top": "#f4f7f8", "left": "#c9d3d8", "mid": "#e5ecee", "right": "#a8b5bc", "bottom": "#93a1a8"}
        rim = "#4a5358"
    outline, faces, _ = gem_faces(32, 32, 28, 44)
    doc.add(poly(outline, rim, rim, 3.0))
    for pts, name in faces:
        doc.add(poly(pts, shades[name], rim, 0.8))
    if charged:
        doc.add(poly(star_pts(24, 20, 6, 1.6, n=4), "#ffffff"))
    save(doc, f"pieces/crystal_{'charged' if charged else 'clear'}.svg")


def make_level_marker():
    """The level marker: a plain wooden cube seen from above and aside."""
    doc = Art(56, 56)
    c, s = (28.0, 28.0), 20.0
    top = [(c[0], c[1] - s), (c[0] + s * 0.95, c[1] - s / 2), (c[0], c[1]), (c[0] - s * 0.95, c[1] - s / 2)]
    left = [(c[0] - s * 0.95, c[1] - s / 2), (c[0], c[1]), (c[0], c[1] + s), (c[0] - s * 0.95, c[1] + s / 2)]
    right = [(c[0] + s * 0.95, c[1] - s / 2), (c[0] + s * 0.95, c[1] + s / 2), (c[0], c[1] + s), (c[0], c[1])]
    doc.add(el("ellipse", cx=30.0, cy=50.0, rx=20.0, ry=4.5, fill=INK, opacity=0.35))
    doc.add(poly([top[0], top[1], right[1], right[2], left[3], left[0]], INK, INK, 3.4))
    doc.add(poly(top, "#f0c68a"))
    doc.add(poly(left, "#c98d4a"))
    doc.add(poly(right, "#97602a"))
    doc.add(line([(c[0], c[1]), (c[0], c[1] + s)], INK, 1.0, opacity=0.5))
    doc.add(line([(c[0] - s * 0.95, c[1] - s / 2), (c[0], c[1]), (c[0] + s * 0.95, c[1] - s / 2)], INK, 1.0,
                 opacity=0.5))
    save(doc, "pieces/level_marker.svg")


# --------------------------------------------------------------------------
# rune tiles
# --------------------------------------------------------------------------


def tile_items(doc, cells, colours, ids=True):
    """A rune tile: one sandstone body in the shape's outline, a carved square of its colour per cell (with
    ids=True a <g id="cell-x-y" data-colour=c> per cell; pictures inside other pictures write none)."""
    outline = [(x * CELL, y * CELL) for x, y in shape_outline(cells)]
    out = [poly(outline, STONE_D, INK, 3.0)]
    body = [(min(max(x, 3.0), max(px for px, _ in outline) - 3.0), min(max(y, 3.0), max(py for _, py in outline) - 3.0))
            for x, y in outline]
    out.append(poly(body, STONE))
    for (x, y), c in zip(cells, colours):
        tag = {"id": f"cell-{x}-{y}", "data_colour": c} if ids else {}
        out.append(group(at(square_items(doc, c), x * CELL, y * CELL), **tag))
    # the thin outline round the whole shape, drawn again over the squares' edges
    out.append(poly(outline, "none", INK, 3.0))
    return out


def make_tiles():
    spec = data("tiles.yaml")
    shapes = {k: [tuple(c) for c in v] for k, v in spec["shapes"].items()}
    for tile in spec["tiles"]:
        cells = shapes[tile["shape"]]
        w = (max(x for x, _ in cells) + 1) * CELL
        h = (max(y for _, y in cells) + 1) * CELL
        doc = Art(int(w), int(h))
        doc.add(tile_items(doc, cells, tile["colours"]))
        save(doc, f"tiles/{tile['id']}.svg")
    make_tile_back()


def rune_star(cx, cy, r, colour, sw):
    """An eight-pointed star of two squares, stroked (the realm's rune)."""
    a = [(cx + r * math.cos(math.radians(45 + 90 * i)), cy + r * math.sin(math.radians(45 + 90 * i))) for i in range(4)]
    b = [(cx + r * math.cos(math.radians(90 * i)), cy + r * math.sin(math.radians(90 * i))) for i in range(4)]
    return [line(a + [a[0]], colour, sw), line(b + [b[0]], colour, sw)]


def make_tile_back():
    """A rune tile's back: plain sandstone with a carved border and the realm's rune in the middle."""
    doc = Art(96, 96)
    doc.add(rect(2, 2, 92, 92, STONE_D, INK, 3.0, rx=6.0))
    face = doc.linear(8, 8, 88, 88, [(0, "#dcc294"), (1, "#b39264")])
    doc.add(rect(8, 8, 80, 80, face, "#7d6038", 1.5, rx=4.0))
    doc.add(rect(14, 14, 68, 68, "none", "#7d6038", 1.5, rx=3.0, opacity=0.7))
    doc.add(speckles(7, 8, 8, 80, 80, 24, "#7d6038", 0.35))
    doc.add(rune_star(48, 48, 24, "#6a4c26", 4.5))
    doc.add(rune_star(48, 48, 24, "#f1dcae", 2.0))
    doc.add(circle(48, 48, 7, "#6a4c26"))
    doc.add(circle(48, 48, 4, GOLD))
    save(doc, "tiles/back.svg")


# --------------------------------------------------------------------------
# icons: hourglass, points, +1, the six powers; the boards' sigils
# --------------------------------------------------------------------------


def hourglass_items():
    """An hourglass in a 96 box: brass caps, two glass bulbs, sand running down."""
    out = [rect(22, 10, 52, 9, GOLD_D, INK, 2.4, rx=3.0), rect(22, 77, 52, 9, GOLD_D, INK, 2.4, rx=3.0)]
    glass = spline([(30, 19), (66, 19), (62, 36), (52, 46), (52, 50), (62, 60), (66, 77), (30, 77), (34, 60),
                    (44, 50), (44, 46), (34, 36)], closed=True, step=1.5)
    out.append(poly(glass, "#e8f4f4", INK, 2.6))
    out.append(poly([(37, 30), (59, 30), (52, 42), (48, 46), (44, 42)], "#e0a83a"))
    out.append(poly([(48, 50), (60, 70), (62, 75), (34, 75), (36, 70)], "#e0a83a"))
    out.append(line([(48, 46), (48, 68)], "#e0a83a", 1.8))
    out += [rect(24, 19, 5, 58, GOLD_D, INK, 1.6), rect(67, 19, 5, 58, GOLD_D, INK, 1.6)]
    out.append(rect(24, 12, 48, 3, GOLD_L, opacity=0.8))
    return out


def points_items(doc):
    """Points: a gold medallion with a star."""
    g = doc.radial(48, 48, 40, [(0, GOLD_L), (0.7, GOLD), (1, GOLD_D)], fx=40, fy=36)
    out = [circle(48, 48, 40, g, INK, 3.0), circle(48, 48, 32, "none", GOLD_D, 2.0)]
    st = star_pts(48, 50, 25, 10.5, n=5)
    return out + [poly(move(st, 1.5, 1.5), GOLD_D), poly(st, IVORY, INK, 2.0)]


def plus_badge(cx, cy, w, h, level_up=True):
    """The "+1" badge (a level on the +1 track): an amber tablet with +1 and a small up arrow."""
    out = [rect(cx - w / 2, cy - h / 2, w, h, "#e58a2a", INK, max(1.5, h * 0.06), rx=h * 0.2),
           rect(cx - w / 2 + h * 0.08, cy - h / 2 + h * 0.08, w - h * 0.16, h * 0.3, "#ffc27a", rx=h * 0.14,
                opacity=0.6)]
    out += numeral("+1", cx - (w * 0.08 if level_up else 0), cy, h * 0.6, IVORY, h * 0.11, INK, h * 0.05)
    if level_up:
        x = cx + w / 2 - h * 0.24
        out += [poly([(x, cy - h * 0.34), (x + h * 0.14, cy - h * 0.12), (x - h * 0.14, cy - h * 0.12)], IVORY,
                     INK, h * 0.03), line([(x, cy - h * 0.12), (x, cy + h * 0.3)], IVORY, h * 0.08)]
    return out


def medallion(doc, fill, cx=48.0, cy=48.0, r=44.0):
    """A round medallion in a board colour with a gold ring: the ground of sigils and power icons."""
    g = doc.radial(cx, cy, r, [(0, mix(fill, "#ffffff", 0.3)), (0.7, fill), (1, mix(fill, INK, 0.45))],
                   fx=cx - r * 0.25, fy=cy - r * 0.3)
    return [circle(cx, cy, r, INK), circle(cx, cy, r - 2.0, GOLD), circle(cx, cy, r - 6.0, g),
            circle(cx, cy, r - 8.5, "none", GOLD_L, 1.2, opacity=0.5)]


def picto(parts, sw=2.4):
    """Pictogram shapes in ivory with an ink outline (on a medallion)."""
    out = [poly(p, INK, INK, sw * 2) for p, _ in parts]
    return out + [poly(p, f) for p, f in parts]


def power_picture(doc, power):
    """The power's pictogram in a 96 box (drawn on its board colour's medallion)."""
    if power == "reserve":   # three cards from a deck, one kept face down (gold star back)
        out = []
        for deg, fill in ((-22, IVORY), (22, IVORY), (0, "#7a2230")):
            pts = rot(rrect_pts(36, 22, 24, 36, 4), (48, 72), deg)
            out += picto([(pts, fill)], 1.6)
        out.append(poly(star_pts(48, 40, 8, 3.2, n=5), GOLD))
        out += arrow([(70, 70), (70, 80), (56, 80)], IVORY, 3.0, outline=INK)
        return out
    if power == "all_discs":   # every disc: five discs of each colour in a ring round a swirl
        out = []
        for i, c in enumerate("GRKBY"):
            a = math.radians(-90 + 72 * i)
            out.append(place(disc_items(doc, c, shadow=False), 48 + 21 * math.cos(a), 50 + 21 * math.sin(a), 30))
        out += arrow(arc(48, 50, 8, 200, 520, 2.0)[:-1], IVORY, 2.6, head=6.0, outline=INK)
        return out
    if power == "exchange_disc":   # a disc swapped for another colour from the supply
        out = [place(disc_items(doc, "R", shadow=False), 30, 56, 40), place(disc_items(doc, "B", shadow=False),
                                                                           66, 40, 40)]
        out += arrow(arc(48, 50, 26, 200, 250, 2.0), IVORY, 3.2, outline=INK)
        out += arrow(arc(48, 46, 26, 20, 70, 2.0), IVORY, 3.2, outline=INK)
        return out
    if power == "move_square":   # a square moved to an empty cell
        out = [rect(52, 18, 28, 28, "none", IVORY, 2.4, stroke_dasharray="5 3.5"),
               place(square_items(doc, "G"), 32, 62, 34)]
        out += arrow([(38, 44), (46, 36), (52, 32)], IVORY, 3.4, outline=INK)
        return out
    if power == "gain_level":   # +1 on the track
        return plus_badge(48, 50, 60, 38)
    if power == "swap_tiles":   # hand tiles swapped with ring tiles
        out = [at(tile_items(doc, [(0, 0), (1, 0), (2, 0)], "GRK", ids=False), 12, 24, 0.19),
               at(tile_items(doc, [(0, 0), (1, 0), (2, 0)], "KKR", ids=False), 12, 54, 0.19)]
        out += arrow([(74, 30), (74, 64)], IVORY, 3.0, head=7.0, outline=INK)
        out += arrow([(84, 64), (84, 30)], IVORY, 3.0, head=7.0, outline=INK)
        return out
    raise KeyError(power)


def sigil_picture(colour):
    """A board colour's sigil in a 96 box (the basic side's emblem), ivory on the medallion."""
    if colour == "red":   # a scimitar
        blade = spline([(30, 72), (44, 50), (56, 30), (70, 18), (66, 34), (54, 54), (36, 76)], closed=True, step=1.5)
        return picto([(blade, IVORY), (rrect_pts(22, 72, 22, 7, 3), GOLD),
                      (rot(rrect_pts(25, 77, 8, 14, 3), (29, 78), 35), "#8a4a1c")])
    if colour == "purple":   # a magic lamp with its smoke
        body = spline([(24, 62), (40, 52), (58, 54), (72, 46), (82, 40), (74, 54), (62, 66), (40, 70)],
                      closed=True, step=1.5)
        smoke = spline([(36, 50), (32, 40), (42, 32), (36, 22), (46, 14)], step=1.5)
        return picto([(body, GOLD), (rrect_pts(34, 68, 20, 6, 2), GOLD), (ellipse_pts(44, 50, 8, 4), GOLD_L)]) + \
            [line(smoke, INK, 7.0), line(smoke, IVORY, 3.6)] + \
            [line(arc(24, 60, 7, 90, 270, 1.5), INK, 5.5), line(arc(24, 60, 7, 90, 270, 1.5), GOLD, 2.6)]
    if colour == "yellow":   # a crown
        crown = [(22, 66), (20, 34), (34, 50), (48, 26), (62, 50), (76, 34), (74, 66)]
        return picto([(crown, IVORY), (rrect_pts(22, 64, 52, 10, 3), GOLD)]) + \
            [circle(48, 40, 3.5, "#c0303a"), circle(34, 58, 3, "#2a60b0"), circle(62, 58, 3, "#2a60b0")]
    if colour == "green":   # an oasis: a palm over water
        return picto([(p, IVORY) for p in palm_motif()[1:]] + [(ellipse_pts(48, 74, 28, 7), "#7fc6e8")], 1.8)
    if colour == "orange":   # a palace dome and its minaret
        dome = spline([(30, 56), (30, 44), (40, 32), (48, 18), (56, 32), (66, 44), (66, 56)], step=1.5)
        return picto([(dome + [(66, 56), (30, 56)], IVORY), (rrect_pts(26, 54, 44, 24, 2), IVORY),
                      (rrect_pts(72, 30, 8, 48, 2), IVORY), (rrect_pts(40, 62, 16, 16, 6), "#7a3a12")]) + \
            [line([(48, 18), (48, 10)], INK, 3.0), circle(48, 9, 2.6, GOLD), poly(star_pts(76, 26, 5, 2, 4), GOLD)]
    if colour == "blue":   # a flying carpet
        top = [(18 + i * 4.0, 48 + 6 * math.sin(i / 15 * 2 * math.pi)) for i in range(16)]
        carpet = top + [(x, y + 22) for x, y in reversed(top)]
        out = picto([(carpet, "#c23a3a")], 1.8)
        inner = [(x, y + 4) for x, y in top[1:-1]] + [(x, y + 18) for x, y in reversed(top[1:-1])]
        out += [poly(inner, GOLD), poly(star_pts(48, 59, 6, 2.5, 4), "#c23a3a")]
        for x, y in top[::3]:
            out.append(line([(x, y + 22), (x, y + 28)], IVORY, 1.6))
        return out
    raise KeyError(colour)


def make_icons():
    doc = Art(96, 96)
    doc.add(hourglass_items())
    save(doc, "icons/hourglass.svg")
    doc = Art(96, 96)
    doc.add(points_items(doc))
    save(doc, "icons/points.svg")
    doc = Art(96, 96)
    doc.add(plus_badge(48, 48, 84, 56))
    save(doc, "icons/plus1.svg")
    hues = board_hues()
    for board in data("boards.yaml")["boards"]:
        power = board["advanced"]["power"]
        doc = Art(96, 96)
        doc.add(power_icon(doc, power, hues[board["colour"]]))
        save(doc, f"icons/power_{power}.svg")


def power_icon(doc, power, fill):
    """The power's icon: its pictogram on the medallion of the board colour that has it."""
    return medallion(doc, fill) + power_picture(doc, power)


# --------------------------------------------------------------------------
# boards
# --------------------------------------------------------------------------


def light_cell(doc, x0, y0, seed):
    g = doc.linear(x0, y0, x0 + CELL, y0 + CELL, [(0, SAND_L), (1, SAND)])
    out = [rect(x0, y0, CELL, CELL, g)]
    rng = random.Random(seed)
    for k in range(2):
        y = y0 + 30 + k * 34 + rng.uniform(-6, 6)
        pts = [(x0 + 10 + i * 4.0, y + 3 * math.sin(i / 19 * math.pi * 2 + rng.uniform(0, 1))) for i in range(20)]
        out.append(line(pts, SAND_D, 1.4, opacity=0.55))
    return out


def dark_cell(doc, x0, y0, seed):
    g = doc.linear(x0, y0, x0 + CELL, y0 + CELL, [(0, "#8e6a40"), (1, "#6e4e2c")])
    out = [rect(x0, y0, CELL, CELL, g)]
    for k in range(-5, 6):   # diagonal hatching: the shade
        a, b = k * 18.0, k * 18.0 + CELL
        p0 = (x0 + max(0, a), y0 + max(0, -a))
        p1 = (x0 + min(CELL, b), y0 + min(CELL, CELL - a))
        if p1[0] - p0[0] > 2:
            out.append(line([p0, p1], DUNE_D, 2.2, opacity=0.55, cap="butt"))
    return out


def socket_items(cx, cy):
    """An empty crystal socket: a faceted ring of eight gold and dark facets round the cell's centre."""
    out = [circle(cx, cy, 36, INK, opacity=0.35)]
    r0, r1 = 24.0, 34.0
    for i in range(8):
        a0, a1 = math.radians(22.5 + 45 * i), math.radians(22.5 + 45 * (i + 1))
        pts = [(cx + r1 * math.cos(a0), cy + r1 * math.sin(a0)), (cx + r1 * math.cos(a1), cy + r1 * math.sin(a1)),
               (cx + r0 * math.cos(a1), cy + r0 * math.sin(a1)), (cx + r0 * math.cos(a0), cy + r0 * math.sin(a0))]
        shade = ["#fde9a8", "#e9b94a", "#b98324", "#8a5e12", "#6e4a0e", "#8a5e12", "#b98324", "#e9b94a"][(i + 5) % 8]
        out.append(poly(pts, shade, INK, 1.4))
    inner = [(cx + r0 * math.cos(math.radians(22.5 + 45 * i)), cy + r0 * math.sin(math.radians(22.5 + 45 * i)))
             for i in range(8)]
    out.append(poly(inner, "#3a2a4a", INK, 1.6, opacity=0.55))
    out.append(poly(star_pts(cx, cy, 10, 3, n=4), "#c9f4ff", opacity=0.8))
    return out


def track_items(spec):
    """The +1 track: a slot per value from start to max, numbered; the start slot carries a star."""
    lo, hi = spec["start"], spec["max"]
    n = hi - lo + 1
    x_end = TRACK_X0 + TRACK_DX * (n - 1)
    out = [rect(TRACK_X0 - 40, TRACK_Y - 40, x_end - TRACK_X0 + 80, 80, DUNE_D, INK, 2.0, rx=16.0, opacity=0.55)]
    for i in range(n - 1):
        x = TRACK_X0 + TRACK_DX * (i + 0.5)
        out.append(poly([(x - 5, TRACK_Y - 8), (x + 6, TRACK_Y), (x - 5, TRACK_Y + 8)], GOLD, INK, 1.2))
    for i in range(n):
        x = TRACK_X0 + TRACK_DX * i
        value = lo + i
        start = value == lo
        items = [circle(x, TRACK_Y, TRACK_R, GOLD if start else PARCH, INK, 2.4, id=f"slot-{i}",
                        data_value=value),
                 circle(x, TRACK_Y, TRACK_R - 5, "none", GOLD_D if not start else INK, 1.4, opacity=0.7)]
        if start:
            items.append(poly(star_pts(x, TRACK_Y - 34, 9, 3.6, n=5), GOLD_L, INK, 1.4))
        items += numeral(str(value), x, TRACK_Y + 1, 26, INK, 4.2)
        out += items
    return out


def board_doc(board, spec, side, hues):
    """A player board: the board colour's frame, the grid of light and dark cells, the +1 track and the
    emblem (basic: the colour's sigil; advanced: the power's icon and the crystal sockets)."""
    colour = board["colour"]
    fill = hues[colour]
    doc = Art(BOARD_W, BOARD_H)
    g = doc.linear(0, 0, BOARD_W, BOARD_H, [(0, mix(fill, "#ffffff", 0.18)), (1, mix(fill, INK, 0.35))])
    doc.add(rect(1.5, 1.5, BOARD_W - 3, BOARD_H - 3, g, INK, 3.0, rx=26.0))
    doc.add(rect(10, 10, BOARD_W - 20, BOARD_H - 20, "none", GOLD, 2.4, rx=20.0))
    doc.add(rect(15, 15, BOARD_W - 30, BOARD_H - 30, "none", GOLD_D, 1.0, rx=16.0, opacity=0.7))
    rows = spec["cells"]
    w, h = len(rows[0]), len(rows)
    doc.add(rect(GRID_X0 - 7, GRID_Y0 - 7, w * CELL + 14, h * CELL + 14, mix(fill, INK, 0.6), GOLD, 2.0, rx=6.0))
    for y, row in enumerate(rows):
        for x, kind in enumerate(row):
            x0, y0 = GRID_X0 + CELL * x, GRID_Y0 + CELL * y
            drawn = light_cell(doc, x0, y0, x * 7 + y) if kind == "L" else dark_cell(doc, x0, y0, x * 7 + y)
            doc.add(el("rect", id=f"cell-{x}-{y}", data_kind="light" if kind == "L" else "dark", x=float(x0),
                       y=float(y0), width=CELL, height=CELL, fill="none"))
            doc.add(drawn)
    for k in range(1, w):   # grout between the cells
        doc.add(line([(GRID_X0 + CELL * k, GRID_Y0), (GRID_X0 + CELL * k, GRID_Y0 + h * CELL)], INK, 2.0, opacity=0.4))
    for k in range(1, h):
        doc.add(line([(GRID_X0, GRID_Y0 + CELL * k), (GRID_X0 + w * CELL, GRID_Y0 + CELL * k)], INK, 2.0, opacity=0.4))
    # the light area's edge: a gold line where light meets dark
    for y, row in enumerate(rows):
        for x, kind in enumerate(row):
            if kind != "L":
                continue
            x0, y0 = GRID_X0 + CELL * x, GRID_Y0 + CELL * y
            for dx, dy, seg in ((0, -1, [(x0, y0), (x0 + CELL, y0)]), (0, 1, [(x0, y0 + CELL), (x0 + CELL, y0 + CELL)]),
                                (-1, 0, [(x0, y0), (x0, y0 + CELL)]), (1, 0, [(x0 + CELL, y0), (x0 + CELL, y0 + CELL)])):
                nx, ny = x + dx, y + dy
                if not (0 <= ny < h and 0 <= nx < w) or rows[ny][nx] != "L":
                    doc.add(line(seg, GOLD, 3.0))
    if side == "advanced":
        for cx, cy in board["advanced"]["crystals"]:
            doc.add(group(socket_items(GRID_X0 + CELL * (cx + 0.5), GRID_Y0 + CELL * (cy + 0.5)),
                          id=f"crystal-{cx}-{cy}"))
    doc.add(track_items(spec["level_track"]))
    ex, ey = EMBLEM_C
    doc.add(circle(ex + 2.5, ey + 3, EMBLEM_R, INK, opacity=0.4))
    if side == "advanced":
        emblem = power_icon(doc, board["advanced"]["power"], fill)
    else:
        emblem = medallion(doc, fill) + sigil_picture(colour)
    doc.add(group([place(emblem, ex, ey, EMBLEM_R * 96 / 44)], id="emblem"))
    return doc


def make_boards():
    spec = data("boards.yaml")
    hues = board_hues()
    for board in spec["boards"]:
        for side in ("basic", "advanced"):
            save(board_doc(board, spec, side, hues), f"boards/{board['colour']}_{side}.svg")


# --------------------------------------------------------------------------
# kingdom cards
# --------------------------------------------------------------------------


def roman(n, cx, cy, h, colour, sw, outline=None):
    """A roman numeral I, II or III: n upright bars between a top and a bottom serif."""
    gap = h * 0.42
    x0 = cx - gap * (n - 1) / 2
    strokes = [[(x0 + gap * i, cy - h / 2), (x0 + gap * i, cy + h / 2)] for i in range(n)]
    half = gap * (n - 1) / 2 + h * 0.22
    strokes += [[(cx - half, cy - h / 2), (cx + half, cy - h / 2)], [(cx - half, cy + h / 2), (cx + half, cy + h / 2)]]
    out = []
    if outline:
        out += [line(s, outline, sw + 2.4, cap="square") for s in strokes]
    return out + [line(s, colour, sw, cap="square") for s in strokes]


def card_frame(doc, level):
    lv = LEVEL[level]
    g = doc.linear(0, 0, CARD_W, CARD_H, [(0, lv["light"]), (0.5, lv["frame"]), (1, lv["dark"])])
    return [rect(1.5, 1.5, CARD_W - 3, CARD_H - 3, g, INK, 3.0, rx=12.0),
            rect(6, 6, CARD_W - 12, CARD_H - 12, "none", GOLD, 1.6, rx=9.0)]


def pattern_cell(doc, ch, x0, y0, s):
    """One pattern cell: G/R/K a square of that colour with a disc inset (a square or a disc matches), B/Y a
    disc."""
    if ch in SQUARE:
        return [at(square_items(doc, ch), x0, y0, s / CELL),
                place(disc_items(doc, ch, shadow=False), x0 + s * 0.78, y0 + s * 0.78, s * 0.5)]
    return [place(disc_items(doc, ch), x0 + s / 2, y0 + s / 2, s * 1.08)]


def card_doc(card):
    level = card["level"]
    lv = LEVEL[level]
    doc = Art(CARD_W, CARD_H)
    doc.add(card_frame(doc, level))
    parch = doc.linear(0, 12, 0, CARD_H - 12, [(0, lv["paper"][0]), (1, lv["paper"][1])])
    doc.add(rect(12, 12, CARD_W - 24, CARD_H - 24, parch, lv["dark"], 1.6, rx=8.0))
    # level pips: the roman numeral on a plaque at the top edge
    doc.add(rect(76, 3, 28, 20, lv["frame"], INK, 1.6, rx=4.0))
    doc.add(roman(level, 90, 13, 11, IVORY, 2.4))
    # points: a gold badge top left with a big numeral
    pts = str(card["points"])
    doc.add(points_badge(doc, pts, 38, 40, 28))
    # hourglasses top right: the icon and the count
    doc.add(rect(112, 16, 74, 48, PARCH_D, INK, 1.8, rx=10.0))
    doc.add(place(hourglass_items(), 134, 40, 44))
    doc.add(numeral(str(card["hourglasses"]), 166, 40, 28, INK, 4.6))
    # the pattern
    cells, (cols, rows) = pattern_cells(card["pattern"])
    bx, by, bw, bh = PATTERN_BOX
    s = min(PATTERN_CELL_MAX, bw / cols, bh / rows)
    x0 = bx + (bw - s * cols) / 2
    y0 = by + (bh - s * rows) / 2
    doc.add(rect(x0 - 5, y0 - 5, s * cols + 10, s * rows + 10, "#e2cc9a", PARCH_D, 1.4, rx=6.0))
    for x, y, ch in cells:
        doc.add(group(pattern_cell(doc, ch, x0 + s * x, y0 + s * y, s), id=f"pat-{x}-{y}", data_colour=ch))
    # the reward at the bottom
    doc.add(reward_items(doc, card.get("reward") or {}, lv))
    return doc


def points_badge(doc, text, cx, cy, r):
    g = doc.radial(cx, cy, r, [(0, GOLD_L), (0.75, GOLD), (1, GOLD_D)], fx=cx - r * 0.3, fy=cy - r * 0.3)
    h = r * (1.15 if len(text) == 1 else 0.92)
    return [circle(cx, cy, r, g, INK, 2.4), circle(cx, cy, r - 4, "none", IVORY, 1.2, opacity=0.7)] + \
        numeral(text, cx, cy + 0.5, h, INK, r * 0.2)


def reward_items(doc, reward, lv):
    discs = list(reward.get("discs") or [])
    levels = int(reward.get("levels") or 0)
    y = 246.0
    out = [line([(20, 222), (180, 222)], lv["frame"], 1.4, opacity=0.7)]
    items = [("disc", c) for c in discs] + [("level", None)] * levels
    if not items:   # nothing to gain: a flourish, the realm's rune between two rules
        out += [line([(50, y), (86, y)], lv["frame"], 1.6), line([(114, y), (150, y)], lv["frame"], 1.6)]
        out += [poly([(44, y), (50, y - 3), (50, y + 3)], lv["frame"]), poly([(156, y), (150, y - 3), (150, y + 3)],
                                                                          lv["frame"])]
        return out + rune_star(100, y, 10, lv["frame"], 1.8) + [circle(100, y, 3, GOLD)]
    widths = [48 if kind == "disc" else 60 for kind, _ in items]
    total = sum(widths) + 8 * (len(items) - 1)
    x = CARD_W / 2 - total / 2
    for (kind, c), w in zip(items, widths):
        if kind == "disc":
            out.append(place(disc_items(doc, c), x + w / 2, y, 52))
        else:
            out += plus_badge(x + w / 2, y, w, 38)
        x += w + 8
    return out


def card_back(level):
    """A deck's back: the level colour, a star lattice, a big roman numeral in a gold eight-pointed star."""
    lv = LEVEL[level]
    doc = Art(CARD_W, CARD_H)
    doc.add(card_frame(doc, level))
    g = doc.radial(100, 140, 150, [(0, lv["frame"]), (1, lv["dark"])])
    doc.add(rect(12, 12, CARD_W - 24, CARD_H - 24, g, GOLD_D, 1.6, rx=8.0))
    for yy in range(0, 6):
        for xx in range(0, 4):
            cx, cy = 37 + 42 * xx, 34 + 43 * yy
            doc.add(rune_star(cx, cy, 9, lv["light"], 1.2))
    doc.add(poly(star_pts(100, 140, 70, 52, n=8, deg=-90), lv["dark"], GOLD, 3.0))
    doc.add(poly(star_pts(100, 140, 58, 44, n=8, deg=-90), "none", GOLD_L, 1.2))
    doc.add(circle(100, 140, 40, IVORY, GOLD, 2.4))
    doc.add(roman(level, 100, 140, 40, lv["dark"], 6.0))
    for cx, cy in ((24, 24), (176, 24), (24, 256), (176, 256)):
        doc.add(poly(star_pts(cx, cy, 8, 3, n=4), GOLD))
    return doc


def make_cards():
    for card in data("cards.yaml")["cards"]:
        save(card_doc(card), f"cards/{card['id']}.svg")
    for level, name in ((1, "I"), (2, "II"), (3, "III")):
        save(card_back(level), f"cards/back_{name}.svg")


# --------------------------------------------------------------------------
# writing
# --------------------------------------------------------------------------
WRITTEN: list[str] = []


def save(doc: Doc, name: str):
    """Write doc to OUT_DIR/name (name may contain a sub folder)."""
    path = os.path.join(OUT_DIR, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(doc.text())
    WRITTEN.append(name)


def main():
    WRITTEN.clear()
    make_pieces()
    make_tiles()
    make_icons()
    make_boards()
    make_cards()
    print(f"wrote {len(WRITTEN)} files")


if __name__ == "__main__":
    main()
