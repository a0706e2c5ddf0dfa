#!/usr/bin/env python3
"""Generate every SVG picture for "Realm of the Desert Sons" into this folder.

Run:  python art/desert_sons/make_art.py

Standard library plus PyYAML; the SVG-writing and geometry helpers it shares
with the other art scripts are in art/svgkit.py.  The tiles are drawn from
data/desert_sons/tiles.yaml (edges, oasis parts, icon positions, explorer
spots).  The output is deterministic: every random source is a
random.Random with a fixed seed.  The SVGs are written for pygame-ce's
nanosvg loader, so they avoid <text>, filters, clip paths and
object-bounding-box gradients (every gradient uses gradientUnits=
"userSpaceOnUse").

Tile geometry (viewBox 0 0 256 256, rotation 0, edges N, E, S, W):
  * every edge carries a line from its midpoint, straight and perpendicular
    to the border, to the hub (128, 128): white on an O edge, running inside
    its oasis; brown on a D edge, running on across any oasis in its way,
    because the rules join every line of a square (a camel crosses a strip
    from brown edge to brown edge). On a pond tile, whose pond fills the
    middle, the brown lines meet on a track round the pond instead
    (tiles.yaml `lines`);
  * oases follow the tiles.yaml `areas`, smoothed; on an O edge the outline
    crosses the border exactly at the `mouth` (51.2..204.8), at right
    angles; every oasis is drawn as concentric strokes of one "core"
    polygon (the outline moved RIM px inwards, see draw_oasis_ground), so
    damp sand, outline, rim and grass are identical at every crossing;
  * the four corners are always sand: where one oasis part touches two O
    edges meeting at a corner, the outline is a quarter circle round it;
  * dunes, palms and pebbles stay BORDER_FREE px from the border; there is no
    open water outside the water icons, so only icons look like icons.
check_tile() asserts these rules numerically for every tile drawn.
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
from svgkit import (Doc, SvgKit, arc, dist, ellipse_pts, mix, move, rot, seg_dist, spline,  # noqa: E402
                    star_pts, tube, unit)

OUT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(OUT_DIR))
TILES_YAML = os.path.join(REPO, "data", "desert_sons", "tiles.yaml")
SEATS_YAML = os.path.join(REPO, "data", "seats.yaml")

SIZE = 256.0
MID = 128.0

# --------------------------------------------------------------------------
# tile geometry constants
# --------------------------------------------------------------------------
OASIS_LO, OASIS_HI = 51.2, 204.8      # oasis mouth on an O edge (tiles.yaml `mouth`)
RIM = 8.0                              # outline distance from the core polygon
G_LO, G_HI = OASIS_LO + RIM, OASIS_HI - RIM
OUTSIDE = 40.0                         # how far core polygons poke outside
STRAIGHT = 26.0                        # straight run inside, perpendicular to the border
BORDER_FREE = 12.0                     # decorations keep this far from the border
LINE_W = 11.0                          # connecting lines (butt caps at the border)
LINE_OUT = 4.0                         # dark edge on each side of a line
HUB_R = 13.0                           # where the lines meet at the centre
ICON_R = 25.6                          # icon circle radius on a tile (tiles.yaml `icon_radius`)
SPOT_R = 18.0                          # explorer spot (faint ring)
RING_R = 96.0                          # pond tiles: the brown lines meet on a track this far round the hub
EDGE_MIDS = {"N": (MID, 0.0), "E": (SIZE, MID), "S": (MID, SIZE), "W": (0.0, MID)}
SIDES = "NESW"

# --------------------------------------------------------------------------
# palette
# --------------------------------------------------------------------------
SAND = "#ecca8a"
SAND_LIGHT = "#f6dfab"
SAND_EDGE = "#e1b975"
DUNE_LIT = "#fae9bd"
DUNE_SHADE = "#d09c55"
RIPPLE = "#c9965a"
DAMP = "#c9a060"
OASIS_LINE = "#3d5a1e"
GRASS_RIM = "#9cc45a"
GRASS = "#72a53d"
GRASS_DARK = "#5a8c2e"
GRASS_LIGHT = "#8dbb50"
PALM_DARK = "#1f4a1a"
PALM = "#3f8a33"
PALM_HI = "#7cc05a"
ROAD = "#8a5428"
ROAD_EDGE = "#4e2c12"
TRAIL_WHITE = "#fdfaf0"
TRAIL_WHITE_EDGE = "#4f6a2c"
INK = "#33200f"
CREAM = "#f8eed5"
CREAM_DARK = "#e6d3a6"
WHITE = "#ffffff"

GOOD_COLOURS = {            # (light, main, dark) per merchandise kind
    "incense": ("#f7d58a", "#e0a234", "#8a5a12"),
    "myrrh": ("#e9a6a0", "#9c2f3c", "#5a141e"),
    "salt": ("#eef2f4", "#b9c7d2", "#5d6f7d"),
    "gems": ("#9fe0b8", "#1f9e5c", "#0c5230"),
}
GOOD_KINDS = ("incense", "myrrh", "salt", "gems")

# --------------------------------------------------------------------------
# small formatting / document helpers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------

KIT = SvgKit(digits=2, path_digits=1, ink=INK)   # path coordinates: a tenth of a unit keeps files small
fmt, attrs, el, group, d_of = KIT.fmt, KIT.attrs, KIT.el, KIT.group, KIT.d_of
poly, line, circle, rect, outlined = KIT.poly, KIT.line, KIT.circle, KIT.rect, KIT.outlined
numeral = KIT.numeral  # numbers as stroked paths (svgkit.glyph)


def place(items, cx, cy, size, base=128.0, **kw) -> str:
    """Place a drawing made in a base x base box centred at (cx, cy), size wide."""
    return KIT.place(items, cx, cy, size, base, **kw)


WRITTEN: list[str] = []


def save(doc: Doc, name: str):
    """Write doc to OUT_DIR/name (name may contain a sub folder)."""
    path = os.path.join(OUT_DIR, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(doc.text())
    WRITTEN.append(name)


# --------------------------------------------------------------------------
# geometry helpers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------


def rounded_rect_pts(x, y, w, h, r, step=2.0):
    """Outline of a rounded rectangle as points (for outlined silhouettes)."""
    return (arc(x + w - r, y + r, r, -90, 0, step) + arc(x + w - r, y + h - r, r, 0, 90, step) +
            arc(x + r, y + h - r, r, 90, 180, step) + arc(x + r, y + r, r, 180, 270, step))


# --------------------------------------------------------------------------
# numerals and signs: drawn as strokes by svgkit (glyph, SvgKit.numeral; no <text>)
# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# icons (all drawn in a 128 box, centre (64, 64); they take the Doc for gradients)
# --------------------------------------------------------------------------

IOW = 4.0       # icon outline width


def drop_pts(cx, cy, h, w=None):
    """A water drop, tip up, h high, centred on (cx, cy)."""
    w = h * 0.66 if w is None else w
    pts = []
    for i in range(60):
        t = 2 * math.pi * i / 60
        x = cx + w * 0.5 * math.sin(t) * math.sin(t / 2) ** 0.9 * 1.3
        y = cy - h / 2 + h * (1 - math.cos(t)) / 2
        pts.append((x, y))
    return pts


def water_drop(doc, cx, cy, h):
    pts = drop_pts(cx, cy, h)
    g = doc.radial(cx - h * 0.12, cy + h * 0.08, h * 0.62,
                   [(0, "#bfe9ff"), (0.45, "#4aa8e8"), (1, "#1c5fa8")], fx=cx - h * 0.16, fy=cy + h * 0.02)
    hi = spline([(cx - h * 0.2, cy + h * 0.02), (cx - h * 0.17, cy + h * 0.22), (cx - h * 0.04, cy + h * 0.33)],
                step=1)
    return [poly(pts, g, "#123d6e", h * 0.06),
            line(hi, WHITE, h * 0.07, opacity=0.85),
            circle(cx - h * 0.08, cy - h * 0.12, h * 0.04, WHITE, opacity=0.8)]


def icon_water1(doc):
    return water_drop(doc, 64, 66, 100)


def icon_water2(doc):
    return water_drop(doc, 42, 70, 80) + water_drop(doc, 86, 58, 80)


def icon_incense(doc):
    """A brass censer with smoke curls."""
    lt, mn, dk = GOOD_COLOURS["incense"]
    g = doc.linear(30, 60, 98, 100, [(0, lt), (0.5, mn), (1, dk)])
    out = []
    for x0, top in ((48, 14), (64, 6), (80, 14)):
        curl = spline([(x0, 42), (x0 + 6, 33), (x0 - 3, 24), (x0 + 4, top)], step=1.5)
        out.append(line(curl, "#8a7fa0", 4.5, opacity=0.9))
    bowl = [(26, 66), (102, 66)] + arc(64, 66, 38, 0, 180, 2, ry=28)[1:-1]
    foot = [(52, 92), (76, 92), (86, 110), (42, 110)]
    lid = arc(64, 66, 30, 180, 360, 2, ry=22)
    out += outlined([(foot, mn), (bowl, g), (lid, mn)], 2 * IOW)
    out += [line([(24, 66), (104, 66)], dk, 6),
            circle(64, 42, 6, lt, INK, 3),
            circle(50, 58, 3, dk), circle(64, 54, 3, dk), circle(78, 58, 3, dk),
            line(arc(64, 66, 30, 110, 150, 2, ry=24), "#fff3c8", 4, opacity=0.7),
            line([(48, 100), (80, 100)], dk, 3)]
    return out


def icon_myrrh(doc):
    """An oil jar of myrrh with a stopper and a resin drop."""
    lt, mn, dk = GOOD_COLOURS["myrrh"]
    g = doc.linear(34, 50, 96, 110, [(0, mix(lt, mn, 0.4)), (0.5, mn), (1, dk)])
    body = spline([(52, 44), (38, 66), (34, 88), (46, 110), (82, 110), (94, 88), (90, 66), (76, 44)],
                  closed=True, step=2)
    neck = [(52, 28), (76, 28), (76, 50), (52, 50)]
    lip = ellipse_pts(64, 28, 17, 6, k=28)
    cork = rounded_rect_pts(54, 10, 20, 18, 5)
    out = outlined([(cork, "#b07a44"), (neck, mn), (body, g), (lip, mix(mn, dk, 0.3))], 2 * IOW)
    out += [line(arc(64, 74, 30, 200, 340, 2, ry=8), "#f0c36a", 5),
            line(arc(64, 90, 30, 160, 20, 2, ry=8), "#f0c36a", 3),
            line(spline([(44, 70), (42, 86), (48, 100)], step=1), WHITE, 4, opacity=0.45),
            line([(58, 14), (58, 24)], "#dcae7a", 3)]
    drop = drop_pts(104, 100, 24)
    out += [poly(drop, "#c4562a", INK, 3)]
    return out


def icon_salt(doc):
    """Three slabs of rock salt stacked in a pyramid."""
    lt, mn, dk = GOOD_COLOURS["salt"]
    out = []

    def slab(x, y, w, h):
        top = [(x, y), (x + w, y), (x + w + 10, y - 9), (x + 10, y - 9)]
        side = [(x + w, y), (x + w + 10, y - 9), (x + w + 10, y + h - 9), (x + w, y + h)]
        front = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        res = outlined([(top + [(x, y)], WHITE), (side, mn), (front, lt)], 2 * IOW * 0.9)
        res += [line([(x + 6, y + h * 0.45), (x + w * 0.55, y + h * 0.38)], mix(mn, lt, 0.3), 3),
                line([(x + w * 0.3, y + h * 0.75), (x + w - 6, y + h * 0.7)], mix(mn, lt, 0.3), 3)]
        return res
    out += slab(14, 80, 46, 26)
    out += slab(62, 80, 46, 26)
    out += slab(36, 50, 50, 27)
    for x, y, r in ((100, 30, 9), (24, 36, 6)):
        out.append(poly(star_pts(x, y, r, r * 0.3, 4, 0), WHITE, dk, 1.5))
    return out


def icon_gems(doc):
    """A faceted cut gem with a glint."""
    lt, mn, dk = GOOD_COLOURS["gems"]
    crown = [(40, 34), (88, 34), (110, 58), (18, 58)]
    pav = [(18, 58), (110, 58), (64, 112)]
    g1 = doc.linear(18, 34, 110, 112, [(0, lt), (0.45, mn), (1, dk)])
    out = outlined([(crown, lt), (pav, g1)], 2 * IOW)
    out += [poly([(40, 34), (54, 58), (18, 58)], mix(lt, mn, 0.35)),
            poly([(88, 34), (110, 58), (74, 58)], mn),
            poly([(54, 58), (64, 112), (18, 58)], mix(lt, mn, 0.6)),
            poly([(74, 58), (110, 58), (64, 112)], dk),
            line([(40, 34), (54, 58), (64, 34), (74, 58), (88, 34)], dk, 2.5),
            line([(18, 58), (110, 58)], dk, 2.5),
            line([(54, 58), (64, 112), (74, 58)], dk, 2.0),
            poly([(40, 34), (88, 34), (110, 58), (64, 112), (18, 58)], "none", INK, IOW)]
    out.append(poly(star_pts(100, 24, 13, 3.5, 4, 0), WHITE, mn, 1.5))
    return out


def camel_parts(body, dark, light, s=1.0, ox=0.0, oy=0.0, saddle=None):
    """Camel seen from the side, facing left, in a 128 box; returns (shapes, details)."""
    def P(pts):
        return [(ox + x * s, oy + y * s) for x, y in pts]
    torso = spline([(40, 62), (50, 44), (64, 26), (78, 26), (92, 40), (104, 52), (110, 66),
                    (100, 82), (72, 84), (48, 82), (36, 74)], closed=True, step=1.5)
    neck = spline([(46, 68), (36, 56), (28, 38), (24, 26), (16, 22), (8, 26), (6, 32), (14, 36),
                   (22, 40), (28, 58), (40, 78)], closed=True, step=1.5)
    legs = []
    for x0, x1, far in ((48, 44, True), (58, 60, False), (92, 90, True), (100, 104, False)):
        c = spline([(x0, 74), ((x0 + x1) / 2 + (2 if far else -2), 96), (x1, 116)], step=1.5)
        legs.append((tube(c, [5.4 - 1.6 * i / len(c) for i in range(len(c))]), dark if far else body))
    tail = tube(spline([(108, 60), (116, 70), (114, 86)], step=1.5), [2.6] * 40)
    shapes = [(P(leg), col) for leg, col in legs[::2]]
    shapes += [(P(tail), dark), (P(torso), body), (P(neck), body)]
    shapes += [(P(leg), col) for leg, col in legs[1::2]]
    details = [circle(ox + 14 * s, oy + 27 * s, 2.2 * s, INK),
               line(P([(12, 20), (14, 16)]), INK, 2.4 * s),
               line(P(spline([(62, 34), (76, 30), (90, 40)], step=1.5)), light, 4 * s, opacity=0.6)]
    for x, y in ((44, 116), (60, 116), (90, 116), (104, 116)):
        details.append(line(P([(x - 5, y + 1), (x + 5, y + 1)]), INK, 3 * s))
    if saddle:
        cloth = spline([(56, 40), (86, 40), (92, 70), (52, 70)], closed=True, step=1.5)
        details = [poly(P(cloth), saddle, INK, 2.5 * s)] + details
    return shapes, details


def icon_camel_card(doc):
    """A camel card: a card with a camel and two load marks."""
    card = rounded_rect_pts(22, 8, 84, 112, 10)
    out = [poly(move(card, 3, 3), INK, opacity=0.25), poly(card, CREAM, INK, IOW)]
    out.append(rect(30, 16, 68, 96, "#f1d79c", "#b9863e", 2, rx=6))
    shapes, details = camel_parts("#c98f4e", "#8a5a2a", "#f0c890", s=0.5, ox=32, oy=30)
    out += outlined(shapes, 4) + details
    out += [rect(36, 92, 22, 14, "#b07a44", INK, 2.5, rx=2), rect(70, 92, 22, 14, "#b07a44", INK, 2.5, rx=2)]
    out += numeral("+2", 64, 99, 13, WHITE, 3.2, INK, 1.6)
    return out


def icon_rumor(doc):
    """A speech bubble with a question mark: a rumour whispered in the market."""
    bub = spline([(64, 14), (104, 24), (118, 56), (104, 86), (72, 94), (60, 94), (34, 116), (40, 90),
                  (20, 78), (10, 54), (24, 24)], closed=True, step=1.5)
    g = doc.linear(10, 14, 118, 116, [(0, "#8a6fc0"), (1, "#3d2a70")])
    out = [poly(move(bub, 3, 4), INK, opacity=0.25), poly(bub, g, INK, IOW)]
    q = spline([(48, 40), (54, 28), (68, 26), (78, 36), (74, 50), (64, 56), (64, 66)], step=1)
    out += [line(q, WHITE, 10), circle(64, 80, 6, WHITE)]
    out += [line(arc(64, 54, 48, 200, 240, 2, ry=32), "#c8b6ee", 4, opacity=0.6)]
    return out


def turban_parts(doc, cx=64.0, cy=76.0, s=1.0):
    """A wrapped turban seen from the front: folds sweeping up to a jewel with a plume."""
    cloth = "#f6f1e4"
    shade = "#c9bb98"

    def P(x, y):
        return (cx + x * s, cy + y * s)
    dome = spline([P(-46, 10), P(-42, -20), P(-16, -38), P(0, -40), P(16, -38), P(42, -20), P(46, 10), P(30, 26),
                   P(0, 30), P(-30, 26)], closed=True, step=1.5)
    g = doc.radial(cx - 14 * s, cy - 18 * s, 72 * s, [(0, WHITE), (0.55, cloth), (1, shade)])
    plume = spline([P(2, -26), P(-6, -54), P(8, -70), P(14, -48)], closed=True, step=1.2)
    out = [poly(plume, "#2f8a8a", INK, 3 * s), line([P(3, -28), P(5, -60)], "#a8e0d8", 2 * s),
           poly(dome, g, INK, IOW * s)]
    jewel = P(0, -18)
    for k in range(4):                    # folds from each side up to the jewel
        for sgn in (-1, 1):
            start = P(sgn * (44 - k * 3), 6 - k * 10 + 12)
            mid = P(sgn * (24 - k * 2), 4 - k * 9 + 10)
            out.append(line(spline([start, mid, (jewel[0] + sgn * 6 * s, jewel[1] + (8 - k * 3) * s)], step=1.5),
                            shade, 3.6 * s))
    out.append(line(spline([P(-40, 16), P(0, 26), P(40, 16)], step=1.5), shade, 4 * s))
    out += [poly([P(0, -30), P(10, -18), P(0, -6), P(-10, -18)], "#c8102e", INK, 2.5 * s),
            circle(cx - 3 * s, cy - 21 * s, 2.5 * s, WHITE, opacity=0.8)]
    return out


def icon_turban(doc):
    return turban_parts(doc, 64, 80, 1.05)


ICONS = {
    "water1": icon_water1, "water2": icon_water2, "incense": icon_incense, "myrrh": icon_myrrh,
    "salt": icon_salt, "gems": icon_gems, "camel_card": icon_camel_card, "rumor": icon_rumor,
    "turban": icon_turban,
}


def make_icons():
    for name, fn in ICONS.items():
        doc = Doc(128, 128)
        doc.add(fn(doc))
        save(doc, f"icon_{name}.svg")


# --------------------------------------------------------------------------
# tile data (data/desert_sons/tiles.yaml)
# --------------------------------------------------------------------------

ICON_ALIASES = {"camel": "camel_card"}      # YAML icon id -> icon drawing (others are the same name)


class Part:
    """One oasis part of a tile: its O edges, outline polygon, icons and explorer spot (all in pixels)."""

    def __init__(self, edges, area, icons, spot):
        self.edges = tuple(s for s in SIDES if s in edges)
        self.area = area              # polygon from the YAML `areas`
        self.icons = icons            # [(icon drawing name, (x, y))]
        self.spot = spot              # (x, y)


class TileSpec:
    """What one tile face shows at rotation 0."""

    def __init__(self, tid, edges, parts, art, cross=None):
        self.id = tid
        self.edges = edges            # "ODDD": N, E, S, W
        self.parts = parts
        self.art = art                # path under art/desert_sons/
        self.cross = cross            # None, or the start-cross role: centre | road | end


def px(v):
    """A YAML position (tile units 0..1) in pixels of the 256 box."""
    return (float(v[0]) * SIZE, float(v[1]) * SIZE)


def load_tiles(path=TILES_YAML):
    """Every explorer tile kind and start-cross square of tiles.yaml as TileSpecs."""
    global OASIS_LO, OASIS_HI, G_LO, G_HI, ICON_R
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    OASIS_LO, OASIS_HI = (float(v) * SIZE for v in data["mouth"])
    G_LO, G_HI = OASIS_LO + RIM, OASIS_HI - RIM
    ICON_R = float(data["icon_radius"]) * SIZE
    assert [float(v) for v in data["lines"]["hub"]] == [0.5, 0.5], "the art puts the hub at the tile centre"
    areas = {name: [px(p) for p in pts] for name, pts in data["areas"].items()}
    specs = []
    for section in ("explorer_tiles", "cross_squares"):
        for kind in data[section]:
            parts = []
            for p in kind["parts"]:
                icons = [(ICON_ALIASES.get(n, n), px(at)) for n, at in zip(p["icons"], p["icon_at"])]
                parts.append(Part(p["edges"], areas[p["area"]], icons, px(p["spot"])))
            cross = None
            if kind["shape"] == "cross":
                cross = {"cross_centre": "centre", "cross_end": "end"}.get(kind["id"], "road")
            specs.append(TileSpec(kind["id"], kind["edges"], parts, kind["art"], cross))
    return specs


# --------------------------------------------------------------------------
# tile geometry: oasis outlines from the YAML areas
# --------------------------------------------------------------------------

INWARD = {"N": (0.0, 1.0), "E": (-1.0, 0.0), "S": (0.0, -1.0), "W": (1.0, 0.0)}
CORNERS = {("N", "E"): (SIZE, 0.0), ("E", "S"): (SIZE, SIZE), ("S", "W"): (0.0, SIZE), ("W", "N"): (0.0, 0.0)}


def sides_of(p, tol=0.5):
    """The tile sides a point lies on (two for a corner, none inside)."""
    out = []
    if abs(p[1]) < tol:
        out.append("N")
    if abs(p[0] - SIZE) < tol:
        out.append("E")
    if abs(p[1] - SIZE) < tol:
        out.append("S")
    if abs(p[0]) < tol:
        out.append("W")
    return out


def along(side, p):
    """Position of a border point along its side (x for N/S, y for E/W)."""
    return p[0] if side in "NS" else p[1]


def on_side(side, t, depth=0.0):
    """The point at position t along a side, depth px inside the tile (negative: outside)."""
    return {"N": (t, depth), "S": (t, SIZE - depth), "W": (depth, t), "E": (SIZE - depth, t)}[side]


def corner_between(s1, s2):
    return CORNERS.get((s1, s2)) or CORNERS.get((s2, s1))


def notch_arc(corner, p_from, p_to):
    """Quarter circle round a tile corner from one mouth end to the other (radius = mouth offset)."""
    a0 = math.degrees(math.atan2(p_from[1] - corner[1], p_from[0] - corner[0]))
    a1 = math.degrees(math.atan2(p_to[1] - corner[1], p_to[0] - corner[0]))
    while a1 - a0 > 180:
        a1 -= 360
    while a0 - a1 > 180:
        a1 += 360
    r = dist(corner, p_from)
    return arc(corner[0], corner[1], r, a0, a1, 2.0)


def snap_mouth(side, p):
    """A border point of an area must be a mouth end: 0.2 or 0.8 along its side."""
    t = along(side, p)
    for m in (OASIS_LO, OASIS_HI):
        if abs(t - m) < 1.0:
            return on_side(side, m)
    raise ValueError(f"area point {p} on side {side} is not a mouth end ({OASIS_LO}, {OASIS_HI})")


def area_outline(area, o_edges):
    """The visible oasis outline: the YAML polygon smoothed, mouths exact and perpendicular,
    corners between two mouths of the part notched by a quarter circle, mouths pushed outside
    the tile so the stroke layers never show on the border."""
    n = len(area)
    on = [sides_of(p) for p in area]
    if not any(on):
        return spline(area, closed=True, step=2.5)
    # a segment runs along the border when both ends lie on one side
    along_border = [bool(set(on[k]) & set(on[(k + 1) % n])) for k in range(n)]
    start = next(k for k in range(n) if along_border[k] != along_border[k - 1])
    runs = []
    for k in range(start, start + n):
        kind = along_border[k % n]
        if not runs or runs[-1][0] != kind:
            runs.append((kind, [area[k % n]]))
        runs[-1][1].append(area[(k + 1) % n])
    out = []
    for is_border, run in runs:
        if is_border:
            out += border_run(run, o_edges)
            continue
        a_side, b_side = sides_of(run[0])[0], sides_of(run[-1])[0]
        a, b = snap_mouth(a_side, run[0]), snap_mouth(b_side, run[-1])
        inner = run[1:-1]
        corner = corner_between(a_side, b_side)
        if len(inner) <= 1 and corner and dist(a, corner) < OASIS_LO + 1 and dist(b, corner) < OASIS_LO + 1:
            out += notch_arc(corner, a, b)            # a notch between two mouths (the heart)
            continue
        na, nb = INWARD[a_side], INWARD[b_side]
        a_in = (a[0] + na[0] * STRAIGHT, a[1] + na[1] * STRAIGHT)
        b_in = (b[0] + nb[0] * STRAIGHT, b[1] + nb[1] * STRAIGHT)
        out += [a] + spline([a_in] + inner + [b_in], t0=na, t1=(-nb[0], -nb[1]), step=2.5) + [b]
    return out


def border_run(run, o_edges):
    """Path along the border from the end of one chain to the start of the next, outside the tile."""
    sides = []
    for p in run:
        s = sides_of(p)
        if len(s) == 2:                       # a corner: the next side follows the previous one
            prev = sides[-1]
            sides.append(s[1] if s[0] == prev else s[0])
        elif not sides or sides[-1] != s[0]:
            sides.append(s[0])
    first = snap_mouth(sides[0], run[0])
    last = snap_mouth(sides[-1], run[-1])
    out = []
    enter = first
    for idx, side in enumerate(sides):
        assert side in o_edges, f"an oasis area runs along the {side} edge, which is not O"
        t_in = along(side, enter)
        t_out = along(side, last) if idx == len(sides) - 1 else None
        if t_out is None:
            corner = corner_between(side, sides[idx + 1])
            t_out = along(side, corner)
            t_out = OASIS_HI if t_out > MID else OASIS_LO
        leave = on_side(side, t_out)
        out += [on_side(side, t_in, -OUTSIDE), on_side(side, t_out, -OUTSIDE), leave]
        if idx < len(sides) - 1:
            nxt = sides[idx + 1]
            corner = corner_between(side, nxt)
            t_next = along(nxt, corner)
            enter = on_side(nxt, OASIS_HI if t_next > MID else OASIS_LO)
            out += notch_arc(corner, leave, enter)[1:]
    return out


def offset_inward(pts, d):
    """Move every point of a closed outline d px inwards along its normal."""
    area2 = sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                for i in range(len(pts)))
    sign = 1.0 if area2 > 0 else -1.0
    out = []
    n = len(pts)
    for i in range(n):
        a, b = pts[i - 1], pts[(i + 1) % n]
        tx, ty = unit((b[0] - a[0], b[1] - a[1]))
        out.append((pts[i][0] - ty * d * sign, pts[i][1] + tx * d * sign))
    return out


def dedupe(pts, eps=0.3):
    out = []
    for p in pts:
        if not out or dist(out[-1], p) > eps:
            out.append(p)
    if len(out) > 1 and dist(out[0], out[-1]) <= eps:
        out.pop()
    return out


class Region:
    """A closed polygon with a fast signed distance (+ inside), bucketed on a coarse grid.

    Distances are capped at FAR: every test in this script compares with less than that."""

    CELL = 16.0
    FAR = 80.0

    def __init__(self, pts):
        self.pts = pts
        self.segs = [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]
        self.cells: dict[tuple[int, int], list] = {}
        self.rows: dict[int, list] = {}
        c = self.CELL
        for seg in self.segs:
            (x1, y1), (x2, y2) = seg
            for gx in range(int(math.floor(min(x1, x2) / c)), int(math.floor(max(x1, x2) / c)) + 1):
                for gy in range(int(math.floor(min(y1, y2) / c)), int(math.floor(max(y1, y2) / c)) + 1):
                    self.cells.setdefault((gx, gy), []).append(seg)
            for gy in range(int(math.floor(min(y1, y2) / c)), int(math.floor(max(y1, y2) / c)) + 1):
                self.rows.setdefault(gy, []).append(seg)

    def inside(self, p):
        x, y = p
        inside = False
        for (x1, y1), (x2, y2) in self.rows.get(int(math.floor(y / self.CELL)), ()):
            if (y1 > y) != (y2 > y) and x1 + (y - y1) * (x2 - x1) / (y2 - y1) > x:
                inside = not inside
        return inside

    def distance(self, p):
        """Distance to the outline: search rings of cells until nothing closer can remain."""
        c = self.CELL
        cx, cy = int(math.floor(p[0] / c)), int(math.floor(p[1] / c))
        best = 1e18
        for r in range(0, 64):
            for gx in range(cx - r, cx + r + 1):
                for gy in (range(cy - r, cy + r + 1) if gx in (cx - r, cx + r) else (cy - r, cy + r)):
                    for a, b in self.cells.get((gx, gy), ()):
                        d = seg_dist(p, a, b)
                        if d < best:
                            best = d
            if best <= r * c or r * c >= self.FAR:
                break
        return min(best, self.FAR)

    def sd(self, p):
        d = self.distance(p)
        return d if self.inside(p) else -d


def part_core(part):
    """(outline, core): the visible outline and the core polygon RIM px inside it."""
    outline = dedupe(area_outline(part.area, part.edges))
    return outline, offset_inward(outline, RIM)


# --------------------------------------------------------------------------
# tile drawing
# --------------------------------------------------------------------------


class TileLayout:
    """Everything placed on one tile face, for drawing and for the free-space tests."""

    def __init__(self, spec: TileSpec):
        self.spec = spec
        built = [part_core(p) for p in spec.parts]
        self.outlines = [Region(o) for o, _ in built]
        self.cores = [c for _, c in built]
        self.regions = [Region(c) for c in self.cores]
        # a pond fills the middle: the brown lines meet on a track round it (None: they meet at the hub)
        self.ring = RING_R if any(not p.edges and o.inside((MID, MID)) for p, o in zip(spec.parts, self.outlines)) \
            else None
        self.lines = []                        # (side, from, to, kind)
        for i, s in enumerate(SIDES):
            kind = spec.edges[i]
            a = EDGE_MIDS[s]
            b = (MID, MID) if kind == "O" or self.ring is None else self.ring_end(a)
            if dist(a, b) > 0.5:
                self.lines.append((s, a, b, kind))
        self.hub = any(dist(b, (MID, MID)) < 0.5 for _, _, b, _ in self.lines)
        self.icons = [(n, p) for part in spec.parts for n, p in part.icons]
        self.spots = [part.spot for part in spec.parts]
        self.taken: list[tuple[tuple[float, float], float]] = []

    def ring_end(self, a):
        """Where a brown line from the edge midpoint `a` meets the track round a pond."""
        d = dist(a, (MID, MID))
        return (MID + (a[0] - MID) * self.ring / d, MID + (a[1] - MID) * self.ring / d)

    def oasis_sd(self, p):
        """Signed distance to the nearest oasis core (+ inside one)."""
        if not self.regions:
            return -1e9
        return max(r.sd(p) for r in self.regions)

    def line_dist(self, p):
        ring = [abs(dist(p, (MID, MID)) - self.ring)] if self.ring is not None else []
        return min([seg_dist(p, a, b) for _, a, b, _ in self.lines] + ring + [1e9])

    def clear_of_marks(self, p, r):
        """p with radius r keeps off lines, hub, icons, spots and what was placed before."""
        if border_dist(p) < BORDER_FREE + r:
            return False
        if self.line_dist(p) < LINE_W / 2 + LINE_OUT + r + 2:
            return False
        if self.hub and dist(p, (MID, MID)) < HUB_R + r + 6:
            return False
        if any(dist(p, q) < ICON_R + r + 4 for _, q in self.icons):
            return False
        if any(dist(p, q) < SPOT_R + r + 3 for q in self.spots):
            return False
        return all(dist(p, q) >= (r + qr) * 0.85 for q, qr in self.taken)


def border_dist(p):
    return min(p[0], p[1], SIZE - p[0], SIZE - p[1])


def draw_sand(doc: Doc):
    g = doc.radial(MID, MID, 182, [(0, SAND_LIGHT), (0.62, SAND), (1, SAND_EDGE)])
    doc.add(rect(0, 0, SIZE, SIZE, g))


def dune(doc: Doc, c, length, width, ang, horn):
    """A crescent dune seen from above: lit windward back, shaded slip face between the horns."""
    half = length / 2
    xs = [-half + length * i / 32 for i in range(33)]
    back = [(x, -width * (1 - (x / half) ** 2) ** 0.75 - horn * (x / half) ** 2) for x in xs]
    crest = [(x, -width * 0.3 * (1 - (x / half) ** 2) - horn * (x / half) ** 2) for x in xs]
    face = [(x, width * 0.42 * (1 - (x / half) ** 2) ** 0.9 - horn * (x / half) ** 2) for x in xs]

    def put(pts):
        ca, sa = math.cos(ang), math.sin(ang)
        return [(c[0] + x * ca - y * sa, c[1] + x * sa + y * ca) for x, y in pts]
    top, low = put([(0, -width * 0.3)])[0], put([(0, width * 0.42)])[0]
    g_shade = doc.linear(top[0], top[1], low[0], low[1], [(0, "#b9803f", 0.75), (1, DUNE_SHADE, 0.0)])
    back_top = put([(0, -width)])[0]
    g_lit = doc.linear(back_top[0], back_top[1], top[0], top[1], [(0, DUNE_LIT, 0.0), (1, DUNE_LIT, 0.95)])
    return [poly(put(back + crest[::-1]), g_lit),
            poly(put(crest + face[::-1]), g_shade),
            line(put(crest), "#a86f35", 1.6, opacity=0.7)]


def dune_probe(c, length, width, ang):
    """Points along a dune for the free-space test."""
    return [(c[0] + t * length / 2 * math.cos(ang), c[1] + t * length / 2 * math.sin(ang)) for t in (-1, -0.5, 0, 0.5, 1)]


def decorate_sand(doc: Doc, lay: TileLayout, rng: random.Random):
    wind = rng.uniform(-20, 20)
    placed = 0
    for _ in range(300):
        if placed >= 5:
            break
        length = rng.uniform(64, 104)
        width = length * rng.uniform(0.22, 0.28)
        c = (rng.uniform(20, 236), rng.uniform(20, 236))
        ang = math.radians(wind + rng.uniform(-10, 10))
        probe = dune_probe(c, length, width, ang)
        if not all(lay.clear_of_marks(p, width * 0.75 + 1) and lay.oasis_sd(p) < -(RIM + 10 + width) for p in probe):
            continue
        doc.add(dune(doc, c, length, width, ang, width * 0.6))
        for p in probe:
            lay.taken.append((p, width * 0.75))
        placed += 1
    # wind ripples, pebbles and dry shrubs in the open sand
    for _ in range(70):
        p = (rng.uniform(16, 240), rng.uniform(16, 240))
        if not lay.clear_of_marks(p, 9) or lay.oasis_sd(p) > -(RIM + 14):
            continue
        ang = wind + rng.uniform(-8, 8)
        for k in (-1, 0, 1):
            q = (p[0] - math.sin(math.radians(ang)) * k * 4.5, p[1] + math.cos(math.radians(ang)) * k * 4.5)
            rip = rot(spline([(q[0] - 8, q[1]), (q[0], q[1] - 1.8), (q[0] + 8, q[1])], step=2), q, ang)
            doc.add(line(rip, RIPPLE, 1.3, opacity=0.4))
        lay.taken.append((p, 8))
    for _ in range(40):
        p = (rng.uniform(16, 240), rng.uniform(16, 240))
        r = rng.uniform(2.2, 3.6)
        if not lay.clear_of_marks(p, r + 3) or lay.oasis_sd(p) > -(RIM + 10):
            continue
        if rng.random() < 0.6:
            doc.add(el("ellipse", cx=p[0] + 0.8, cy=p[1] + 1.0, rx=r, ry=r * 0.7, fill="#8a6236", opacity=0.35))
            doc.add(el("ellipse", cx=p[0], cy=p[1], rx=r, ry=r * 0.7, fill="#b58a5a", stroke="#7a5530",
                       stroke_width=0.7))
        else:
            doc.add(circle(p[0] + 1.2, p[1] + 1.5, r * 1.3, "#8a6236", opacity=0.3))
            for a in (0, 120, 240):
                q = (p[0] + math.cos(math.radians(a)) * r * 0.6, p[1] + math.sin(math.radians(a)) * r * 0.6)
                doc.add(circle(q[0], q[1], r * 0.8, "#9c9350", "#6b6230", 0.7))
        lay.taken.append((p, r + 1))


def draw_oasis_halo(doc: Doc, lay: TileLayout):
    """Damp sand round every oasis (drawn under the brown lines)."""
    for core in lay.cores:
        doc.add(poly(core, DAMP, DAMP, 2 * (RIM + 7), opacity=0.45))


def draw_oasis_ground(doc: Doc, lay: TileLayout):
    """Concentric strokes of every core polygon: outline, light rim, grass."""
    for core in lay.cores:
        doc.add(poly(core, OASIS_LINE, OASIS_LINE, 2 * (RIM + 1.8)))
    for core in lay.cores:
        doc.add(poly(core, GRASS_RIM, GRASS_RIM, 2 * (RIM - 1.8)))
    for core in lay.cores:
        doc.add(poly(core, GRASS, GRASS, 2 * (RIM - 4.6)))


def palm(x, y, s, deg):
    """Palm crown seen from above: fronds radiating from a brown heart."""
    out = [circle(x + 3, y + 3.5, s * 0.78, PALM_DARK, opacity=0.3)]
    fronds = []
    n = 7
    for i in range(n):
        a = math.radians(deg + i * 360 / n)
        tip = (x + math.cos(a) * s, y + math.sin(a) * s)
        side = (-math.sin(a), math.cos(a))
        midp = ((x + tip[0]) / 2 + side[0] * s * 0.14, (y + tip[1]) / 2 + side[1] * s * 0.14)
        c = spline([(x, y), midp, tip], step=2.0)
        wid = [s * 0.2 * math.sin(math.pi * (j + 0.5) / len(c)) ** 0.8 for j in range(len(c))]
        fronds.append(tube(c, wid))
    out += [poly(f, PALM_DARK, PALM_DARK, 1.8) for f in fronds]
    out += [poly(f, PALM) for f in fronds]
    for i in range(n):
        a = math.radians(deg + i * 360 / n)
        out.append(line([(x, y), (x + math.cos(a) * s * 0.8, y + math.sin(a) * s * 0.8)], PALM_HI, 1.1))
    out.append(circle(x, y, s * 0.17, "#8a6a32", "#3e2c12", 0.9))
    return out


def decorate_oasis(doc: Doc, lay: TileLayout, rng: random.Random):
    for part, region in zip(lay.spec.parts, lay.regions):
        xs = [min(max(x, 16.0), 240.0) for x, _ in region.pts]
        ys = [min(max(y, 16.0), 240.0) for _, y in region.pts]
        box = (min(xs), max(xs), min(ys), max(ys))

        def sample(box=box):
            return (rng.uniform(box[0], box[1]), rng.uniform(box[2], box[3]))
        # no open water: at 11 px a pool reads as a water icon, and only icons may look like icons
        # grass tufts
        for _ in range(50):
            p = sample()
            if region.sd(p) < 8 or not lay.clear_of_marks(p, 4):
                continue
            a = rng.uniform(0, 360)
            for k in (-1, 0, 1):
                t = math.radians(a + 90 + k * 28)
                doc.add(line([p, (p[0] + math.cos(t) * 6, p[1] - abs(math.sin(t)) * 6)], GRASS_DARK, 1.4))
        # palms
        placed = 0
        for _ in range(160):
            if placed >= 6:
                break
            s = rng.uniform(15, 21)
            p = sample()
            if region.sd(p) < s * 0.55 + 2 or not lay.clear_of_marks(p, s * 0.85):
                continue
            doc.add(palm(p[0], p[1], s, rng.uniform(0, 360)))
            lay.taken.append((p, s * 0.85))
            placed += 1


def road_sides(spec: TileSpec):
    """Start-cross squares carry the wide caravan road along their bar (N-S at rotation 0)."""
    if spec.cross == "centre":
        return SIDES
    return "NS" if spec.cross else ""


def draw_lines(doc: Doc, lay: TileLayout, kind):
    """The lines of one colour: dark edges first, then the colour.  The start cross's
    caravan road is wider and paved."""
    wide = road_sides(lay.spec)
    mine = [(s, a, b) for s, a, b, k in lay.lines if k == kind]
    ring = lay.ring if kind == "D" else None
    if ring is not None:  # a pond's track: the brown lines meet on it
        doc.add(circle(MID, MID, ring, "none", ROAD_EDGE, LINE_W + 2 * LINE_OUT, opacity=0.9))
    for side, a, b in mine:
        w = LINE_W * (1.7 if side in wide else 1.0)
        edge = ROAD_EDGE if kind == "D" else TRAIL_WHITE_EDGE
        doc.add(line([a, b], edge, w + 2 * LINE_OUT, cap="butt", opacity=0.9))
    if ring is not None:
        doc.add(circle(MID, MID, ring, "none", ROAD, LINE_W))
        doc.add(circle(MID, MID, ring, "none", "#a86c36", LINE_W * 0.28, stroke_dasharray="5 7", opacity=0.8))
    for side, a, b in mine:
        if side in wide:
            w = LINE_W * 1.7
            nx, ny = INWARD[side][1], -INWARD[side][0]
            doc.add(line([a, b], "#8a5428", w, cap="butt"))
            for k, phase in ((-1, 0.0), (1, 6.0)):          # two staggered rows of paving stones
                off = k * w / 4.4
                doc.add(line([(a[0] + nx * off, a[1] + ny * off), (b[0] + nx * off, b[1] + ny * off)], "#b98250",
                             w / 2.6, cap="butt", stroke_dasharray="9 3", stroke_dashoffset=fmt(phase)))
            continue
        doc.add(line([a, b], ROAD if kind == "D" else TRAIL_WHITE, LINE_W, cap="butt"))
        if kind == "D":
            # hoof-worn track down the middle of the caravan line
            doc.add(line([a, b], "#a86c36", LINE_W * 0.28, cap="butt", stroke_dasharray="5 7", opacity=0.8))


def draw_hub(doc: Doc, lay: TileLayout):
    if not lay.hub:
        return
    hub = CREAM if "D" not in lay.spec.edges else "#d7ad70"
    doc.add(circle(MID, MID, HUB_R + 1, ROAD_EDGE, opacity=0.9))
    doc.add(circle(MID, MID, HUB_R - 2.5, hub, INK, 2.5))
    doc.add(circle(MID, MID, HUB_R * 0.35, INK, opacity=0.55))


def spot_ring(p):
    return [circle(p[0], p[1], SPOT_R, WHITE, WHITE, 2.4, fill_opacity=0.16, stroke_opacity=0.8,
                   stroke_dasharray="5 4")]


ICON_TINTS = {          # roundel colour per icon, so kinds are told apart at a glance
    "incense": "#fbe3a6", "myrrh": "#f6c9c4", "salt": "#dfe9f0", "gems": "#c4efd3",
    "water1": "#cfeaf8", "water2": "#cfeaf8", "camel_card": "#f3dcb4", "rumor": "#e2d8f4",
}


def tile_icon(doc: Doc, name, p):
    """An action icon in a tinted roundel that fills the YAML's icon circle."""
    x, y = p
    out = [circle(x + 1.2, y + 2.2, ICON_R - 0.5, INK, opacity=0.35),
           circle(x, y, ICON_R - 1.1, ICON_TINTS[name], INK, 2.2),
           circle(x, y, ICON_R - 3.6, "none", WHITE, 1.1, opacity=0.7)]
    out.append(place(ICONS[name](doc), x, y, ICON_R * 1.9))
    return out


def tile_svg(spec: TileSpec) -> Doc:
    doc = Doc()
    lay = TileLayout(spec)
    rng = random.Random(sum((i + 1) * ord(c) for i, c in enumerate(spec.id)) * 31 + 2008)
    draw_sand(doc)
    decorate_sand(doc, lay, rng)
    draw_oasis_halo(doc, lay)
    draw_oasis_ground(doc, lay)
    decorate_oasis(doc, lay, rng)
    draw_lines(doc, lay, "D")          # over the oasis: a brown line crosses it to the hub (or the pond's track)
    draw_lines(doc, lay, "O")
    draw_hub(doc, lay)
    if spec.cross:
        draw_cross_marks(doc, spec)
    for p in lay.spots:
        doc.add(spot_ring(p))
    for name, p in lay.icons:
        doc.add(tile_icon(doc, name, p))
    return doc


def draw_cross_marks(doc: Doc, spec: TileSpec):
    """Start-cross extras: the exchange square's market, the camel start's tether post."""
    role = spec.cross
    if role == "centre":
        doc.add(circle(MID, MID, 30, ROAD_EDGE, opacity=0.9))
        doc.add(circle(MID, MID, 27, "#e9c07c", INK, 3))
        doc.add(poly(star_pts(MID, MID, 24, 12, 8, -90), "#c46a2c", INK, 2.2))
        doc.add(circle(MID, MID, 8, CREAM, INK, 2.2))
    elif role == "end":
        doc.add(circle(MID, MID, 22, ROAD_EDGE, opacity=0.9))
        doc.add(circle(MID, MID, 19, CREAM, INK, 3))
        shapes, details = camel_parts("#c98f4e", "#8a5a2a", "#f0c890", s=0.24, ox=MID - 15.5, oy=MID - 15)
        doc.add(outlined(shapes, 2.4) + details)



# --------------------------------------------------------------------------
# pieces: camels, explorers, turban
# --------------------------------------------------------------------------


def load_seats(path=SEATS_YAML):
    """[(id, rgb, mark)] from data/seats.yaml."""
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return [(c["id"], c["rgb"], c["mark"]) for c in data["colours"]]


def mark_tone(color):
    """Black marks on light colours, white on dark ones."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#151515" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


MARK_RADIUS = 0.68      # a mark `size` wide: the unit box of engine/core/marks.py, radius 0.68 * size


def mark_shapes(kind, cx, cy, size, color):
    """A seat's mark (dot, stripes, cross, ring, diamond) centred at (cx, cy), about `size` wide.

    The shapes are the badges' (engine/core/marks.py, via svgkit's seat_mark), scaled only.
    """
    return [KIT.seat_mark(kind, cx, cy, size * MARK_RADIUS, color)]


def shades(color):
    """(dark, light) variants of a seat colour for shading."""
    dark = mix(color, "#000000", 0.3) if color.lower() != "#2b2b2b" else "#4a4a4a"
    light = mix(color, "#ffffff", 0.35)
    return dark, light


HALO = "#fff8e6"


def with_halo(parts, ow, halo_w=7.0, halo_op=0.6):
    """Outlined silhouette with a soft light halo so dark pieces read on any ground."""
    return ([poly(p, HALO, HALO, ow + halo_w, opacity=halo_op) for p, _ in parts] + outlined(parts, ow))


def make_camel(seat, color, mark):
    dark, light = shades(color)
    blanket = mix(color, "#000000", 0.45) if mark_tone(color) == "#151515" else mix(color, "#ffffff", 0.25)
    if color.lower() == "#2b2b2b":
        blanket = "#5a5a5a"
    doc = Doc(128, 128)
    shapes, details = camel_parts(color, dark, light, s=1.0, ox=2, oy=2)
    cloth = spline([(56, 48), (72, 44), (90, 48), (94, 78), (72, 80), (52, 78)], closed=True, step=1.5)
    cloth = move(cloth, 2, 2)
    fringe = [line([(56 + k * 4.4, 80), (56 + k * 4.4, 86)], INK, 2.2) for k in range(10)]
    doc.add(with_halo(shapes, 6.0))
    doc.add(details)
    doc.add(fringe)
    doc.add(poly(cloth, blanket, INK, 3.0))
    doc.add(line(spline([(60, 55), (76, 52), (92, 55)], step=2), mix(blanket, "#ffffff", 0.35), 2.5))
    doc.add(mark_shapes(mark, 75, 67, 22, mark_tone(blanket)))
    save(doc, f"camel_{seat}.svg")


PLINTH_TOP = 226.0
TALLEST = 210.0            # figure height of rank 16 above the plinth, in the 128 x 256 box
GAME_YAML = os.path.join(REPO, "data", "desert_sons", "game.yaml")


def explorer_height(rank, path=GAME_YAML):
    """Height of an explorer figure above its plinth, in the 128 x 256 box: proportional to
    game.yaml's explorer_height_px (base + per_rank * rank), rank 16 = TALLEST."""
    with open(path, encoding="utf-8") as fh:
        px_h = yaml.safe_load(fh)["explorer_height_px"]
    base, per = float(px_h["base"]), float(px_h["per_rank"])
    return TALLEST * (base + per * rank) / (base + per * 16)


def explorer_head(rank):
    """(centre, radius) of an explorer's head: where the turban goes."""
    return (64.0, PLINTH_TOP - explorer_height(rank) + 17.0), 15.0


def make_explorer(seat, color, mark, rank):
    dark, light = shades(color)
    doc = Doc(128, 256)
    top = PLINTH_TOP - explorer_height(rank)
    (hx, hy), hr = explorer_head(rank)
    sh = top + 38.0                         # shoulder line
    foot = PLINTH_TOP
    length = foot - sh
    belt = sh + length * 0.36
    robe = spline([(hx, sh - 6), (hx + 20, sh - 3), (hx + 27, sh + 8), (hx + 27, belt), (hx + 33, foot - 3),
                   (hx + 30, foot + 1), (hx, foot + 2), (hx - 30, foot + 1), (hx - 33, foot - 3), (hx - 27, belt),
                   (hx - 27, sh + 8), (hx - 20, sh - 3)], closed=True, step=3.0)
    arm_len = min(58.0, length * 0.62)
    sleeves = []
    for sgn in (-1, 1):
        sleeve = spline([(hx + sgn * 18, sh - 2), (hx + sgn * 30, sh + 4), (hx + sgn * 35, sh + arm_len * 0.6),
                         (hx + sgn * 36, sh + arm_len), (hx + sgn * 25, sh + arm_len + 1),
                         (hx + sgn * 24, sh + arm_len * 0.5), (hx + sgn * 16, sh + 10)], closed=True, step=2.5)
        sleeves.append(sleeve)
    hands = [ellipse_pts(hx + sgn * 30.5, sh + arm_len + 4, 5.5, 5, k=20) for sgn in (-1, 1)]
    head = ellipse_pts(hx, hy, hr, hr, k=40)
    cloth = spline([(hx - hr - 2, hy + 3), (hx - hr + 1, hy - hr + 3), (hx, hy - hr - 3), (hx + hr - 1, hy - hr + 3),
                    (hx + hr + 2, hy + 3), (hx + hr + 5, hy + 22), (hx + hr - 3, hy + 24), (hx + hr - 5, hy + 2),
                    (hx - hr + 5, hy + 2), (hx - hr + 3, hy + 24), (hx - hr - 5, hy + 22)], closed=True, step=2.5)
    face = ellipse_pts(hx, hy + 4, hr - 5, hr - 6, k=28)
    plinth = rounded_rect_pts(20, PLINTH_TOP, 88, 26, 6)
    doc.add(el("ellipse", cx=64.0, cy=PLINTH_TOP + 26, rx=50.0, ry=5.0, fill="#000000", opacity=0.25))
    doc.add(with_halo([(plinth, "#5b3a1c")], 4.0, 5.0, 0.5))
    doc.add(rect(24, PLINTH_TOP + 3, 80, 5, "#8a6038", rx=2.5, opacity=0.8))
    parts = [(robe, color)] + [(sl, color) for sl in sleeves] + [(hd, "#c68c5a") for hd in hands] + \
        [(cloth, light), (face, "#c68c5a")]
    doc.add(with_halo(parts, 4.5))
    # shading and folds
    doc.add(poly(spline([(hx + 14, belt), (hx + 27, belt), (hx + 33, foot - 3), (hx + 30, foot), (hx + 16, foot + 1)],
                        closed=True, step=3.0), dark, opacity=0.45))
    for sgn in (-1, 1):
        doc.add(line([(hx + sgn * 9, belt + 6), (hx + sgn * 13, foot - 4)], dark, 2.2, opacity=0.6))
    doc.add(poly(sleeves[1], dark, opacity=0.35))
    doc.add(rect(hx - 27, belt - 5, 54, 10, dark, INK, 2.0, rx=3))
    doc.add(line(arc(hx, hy - 3, hr + 1.5, 195, 345, 1.5), dark, 4.5))          # the agal round the head cloth
    doc.add(line([(hx - 4, hy + 4), (hx + 4, hy + 4)], "#7a4a2a", 1.6, opacity=0.7))
    mark_y = (belt + 5 + foot) / 2
    doc.add(mark_shapes(mark, hx, mark_y, min(30.0, (foot - belt) * 0.62), mark_tone(color)))
    doc.add(numeral(str(rank), 64, PLINTH_TOP + 13.5, 16, CREAM, 3.4))
    save(doc, f"explorer_{seat}_{rank}.svg")


TURBAN_HEAD_Y = 48.0       # in turban.svg: where the explorer's head centre goes


def make_turban():
    doc = Doc(128, 64)
    doc.add(turban_parts(doc, 64, TURBAN_HEAD_Y - 8, 0.44))
    save(doc, "turban.svg")


def make_pieces():
    for seat, color, mark in load_seats():
        make_camel(seat, color, mark)
        for rank in range(1, 17):
            make_explorer(seat, color, mark, rank)
    make_turban()


# --------------------------------------------------------------------------
# components: water stone, goods, camel card, rumors, boards
# --------------------------------------------------------------------------


def make_water_stone():
    doc = Doc(128, 128)
    blob = ellipse_pts(64, 66, 48, 42, -8, 64, 0.025, random.Random(20))
    g = doc.radial(52, 52, 62, [(0, "#e4f8ff"), (0.35, "#6cc4f0"), (0.8, "#1f74c4"), (1, "#0e4a8c")], fx=46, fy=46)
    doc.add(el("ellipse", cx=68.0, cy=100.0, rx=44.0, ry=10.0, fill="#0b2a4a", opacity=0.25))
    doc.add(poly(blob, g, "#0b3a6e", 4.0))
    doc.add(poly(ellipse_pts(64, 70, 36, 28, -8, 48), "#8fdcff", opacity=0.25))
    doc.add(el("ellipse", cx=46.0, cy=46.0, rx=16.0, ry=9.0, fill=WHITE, opacity=0.85, transform="rotate(-30 46 46)"))
    doc.add(circle(84, 88, 5, WHITE, opacity=0.45))
    save(doc, "water_stone.svg")


def good_tile(doc, kind):
    lt, mn, dk = GOOD_COLOURS[kind]
    tile = rounded_rect_pts(6, 6, 116, 116, 14)
    g = doc.linear(6, 6, 122, 122, [(0, mix(lt, "#ffffff", 0.3)), (1, mix(lt, mn, 0.55))])
    out = [poly(move(tile, 2, 3), INK, opacity=0.3), poly(tile, g, dk, 4.0),
           poly(rounded_rect_pts(13, 13, 102, 102, 9), "none", mix(mn, "#ffffff", 0.4), 2.0),
           circle(64, 64, 44, CREAM, dk, 3.0)]
    out.append(place(ICONS[kind](doc), 64, 64, 78))
    return out


def make_goods():
    for kind in GOOD_KINDS:
        doc = Doc(128, 128)
        doc.add(good_tile(doc, kind))
        save(doc, f"good_{kind}.svg")


def make_camel_card():
    doc = Doc(180, 256)
    card = rounded_rect_pts(6, 6, 168, 244, 14)
    doc.add(poly(move(card, 2, 3), INK, opacity=0.3))
    doc.add(poly(card, CREAM, INK, 4.0))
    g = doc.linear(0, 18, 0, 170, [(0, "#f6c878"), (0.6, "#f3dba6"), (1, "#e2b870")])
    doc.add(poly(rounded_rect_pts(16, 16, 148, 158, 8), g, "#9a6a30", 2.5))
    doc.add(circle(126, 48, 16, "#fff2c0", "#e0a234", 2.0))
    for dx, dy, ln in ((-40, 130, 60), (10, 140, 70)):
        doc.add(line(spline([(90 + dx - ln / 2, dy), (90 + dx, dy - 6), (90 + dx + ln / 2, dy)], step=2),
                     DUNE_SHADE, 3, opacity=0.6))
    shapes, details = camel_parts("#c98f4e", "#8a5a2a", "#f0c890", s=1.05, ox=22, oy=36)
    doc.add(outlined(shapes, 5.0) + details)
    # two load spaces: what the card adds to the caravan
    for x in (34, 96):
        doc.add(rect(x, 186, 50, 44, "#f1e2bc", "#9a6a30", 3.0, rx=6, stroke_dasharray="7 5"))
    doc.add(numeral("+2", 90, 208, 26, "#2f7a2f", 5.5, CREAM, 3.0))
    save(doc, "camel_card.svg")


def rumor_frame(doc, face, border, inner):
    tile = rounded_rect_pts(6, 6, 116, 116, 12)
    return [poly(move(tile, 2, 3), INK, opacity=0.3), poly(tile, face, border, 4.0),
            poly(rounded_rect_pts(13, 13, 102, 102, 8), "none", inner, 2.0)]


def make_rumor_back():
    doc = Doc(128, 128)
    g = doc.radial(64, 56, 90, [(0, "#5a44a0"), (1, "#2a1c5a")])
    doc.add(rumor_frame(doc, g, "#1a1038", "#c9a64a"))
    rng = random.Random(7)
    for _ in range(14):
        x, y = rng.uniform(20, 108), rng.uniform(20, 108)
        if dist((x, y), (64, 64)) > 40:
            doc.add(poly(star_pts(x, y, 3.2, 1.2, 4, 0), "#e9d79a", opacity=0.8))
    doc.add(place(icon_rumor(doc), 64, 64, 84))
    save(doc, "rumor_back.svg")


RUMOR_DELTAS = {"m2": "-2", "m1": "-1", "p1": "+1", "p2": "+2"}


def make_rumors():
    for kind in GOOD_KINDS:
        lt, mn, dk = GOOD_COLOURS[kind]
        for code, text in RUMOR_DELTAS.items():
            doc = Doc(128, 128)
            doc.add(rumor_frame(doc, CREAM, "#2a1c5a", mix(lt, mn, 0.5)))
            doc.add(circle(64, 44, 28, mix(lt, "#ffffff", 0.4), dk, 2.5))
            doc.add(place(ICONS[kind](doc), 64, 44, 48))
            good = text.startswith("+")
            doc.add(numeral(text, 64, 92, 34, "#2f8a2f" if good else "#c0302a", 7.0, INK, 2.2))
            save(doc, f"rumor_{kind}_{code}.svg")


def wood_board(doc, w, h):
    """A leather-and-wood board frame."""
    g = doc.linear(0, 0, w, h, [(0, "#f3e2b8"), (1, "#e4c98e")])
    frame = rounded_rect_pts(4, 4, w - 8, h - 8, 16)
    return [poly(move(frame, 3, 4), INK, opacity=0.3), poly(frame, "#7a4a22", INK, 4.0),
            poly(rounded_rect_pts(16, 16, w - 32, h - 32, 10), g, "#4e2c12", 2.5)]


def slot(x, y, s, color, dash="8 6"):
    return rect(x, y, s, s, mix(color, "#ffffff", 0.6), color, 3.0, rx=10, stroke_dasharray=dash, fill_opacity=0.55)


def make_rumor_board():
    w, h = 320, 460
    doc = Doc(w, h)
    doc.add(wood_board(doc, w, h))
    doc.add(place(icon_rumor(doc), w / 2, 46, 56))
    for x0, x1 in ((40, 120), (200, 280)):
        doc.add(line([(x0, 46), (x1, 46)], "#9a6a30", 3, stroke_dasharray="2 7"))
    for i, kind in enumerate(GOOD_KINDS):
        lt, mn, dk = GOOD_COLOURS[kind]
        y = 80 + i * 90
        doc.add(rect(26, y, w - 52, 84, mix(lt, "#ffffff", 0.45), dk, 2.0, rx=10))
        doc.add(circle(70, y + 42, 34, CREAM, dk, 3.0))
        doc.add(place(ICONS[kind](doc), 70, y + 42, 56))
        for sx in (120, 206):
            doc.add(slot(sx, y + 6, 72, dk))
            doc.add(place(icon_rumor(doc), sx + 36, y + 42, 30, opacity=0.25))
    save(doc, "rumor_board.svg")


def person(cx, base, h, color, prop=None):
    """A small robed figure for the caravan board: leader, driver, scout."""
    dark, light = shades(color)
    top = base - h
    head = ellipse_pts(cx, top + h * 0.13, h * 0.12, h * 0.12, k=28)
    robe = spline([(cx, top + h * 0.24), (cx + h * 0.16, top + h * 0.3), (cx + h * 0.22, base), (cx - h * 0.22, base),
                   (cx - h * 0.16, top + h * 0.3)], closed=True, step=1.2)
    return outlined([(robe, color), (head, light)], 3.5) + [
        line(arc(cx, top + h * 0.12, h * 0.12, 200, 340, 1.2), dark, 2.5)]


def ability_leader(doc, cx, cy):
    """Caravan leader: a figure with a staff on a white line."""
    out = [line([(cx - 40, cy + 26), (cx + 40, cy + 26)], TRAIL_WHITE_EDGE, 12, cap="butt"),
           line([(cx - 40, cy + 26), (cx + 40, cy + 26)], TRAIL_WHITE, 7, cap="butt"),
           poly([(cx + 30, cy + 16), (cx + 44, cy + 26), (cx + 30, cy + 36)], TRAIL_WHITE, TRAIL_WHITE_EDGE, 2.5)]
    out += person(cx - 6, cy + 22, 52, "#3b6fb0")
    out += [line([(cx + 12, cy - 30), (cx + 12, cy + 22)], INK, 5), line([(cx + 12, cy - 30), (cx + 12, cy + 22)],
                                                                        "#a8743a", 2.6),
            poly([(cx + 13, cy - 30), (cx + 30, cy - 24), (cx + 13, cy - 18)], "#c8102e", INK, 2)]
    return out


def ability_driver(doc, cx, cy):
    """Camel driver: a camel head and a circular arrow (one more turn)."""
    out = [line(arc(cx, cy, 34, -60, 220, 2), INK, 8), line(arc(cx, cy, 34, -60, 220, 2), "#2f7a2f", 4.5)]
    tip = (cx + 34 * math.cos(math.radians(-60)), cy + 34 * math.sin(math.radians(-60)))
    out.append(poly([(tip[0] - 9, tip[1] - 6), (tip[0] + 9, tip[1] + 8), (tip[0] - 6, tip[1] + 12)], "#2f7a2f", INK, 2))
    shapes, details = camel_parts("#c98f4e", "#8a5a2a", "#f0c890", s=0.42, ox=cx - 27, oy=cy - 26)
    out += outlined(shapes, 3.0) + details
    return out


def ability_scout(doc, cx, cy):
    """Scout: a spyglass over a face-up tile."""
    out = [rect(cx - 30, cy - 10, 40, 40, "#ecca8a", INK, 2.5, rx=4),
           line([(cx - 10, cy - 10), (cx - 10, cy + 30)], ROAD, 4, cap="butt"),
           line([(cx - 30, cy + 10), (cx + 10, cy + 10)], ROAD, 4, cap="butt")]
    tube_pts = rot([(cx - 6, cy - 8), (cx + 38, cy - 8), (cx + 38, cy + 8), (cx - 6, cy + 8)], (cx + 16, cy), -40)
    out += [poly(move(tube_pts, 4, -10), "#b8862e", INK, 3),
            circle(cx + 2, cy - 2, 12, "#cfe8f5", INK, 3)]
    return out


def water_badge(doc, cx, cy):
    """The price of an ability: one water stone."""
    return [circle(cx, cy, 15, CREAM, INK, 2.5), place(icon_water1(doc), cx, cy, 26)]


def make_caravan_board():
    """Two camels with two load spaces each; below, the leader, driver and scout spaces."""
    w, h = 512, 360
    doc = Doc(w, h)
    doc.add(wood_board(doc, w, h))
    for i in range(2):
        x0 = 28 + i * 234
        doc.add(rect(x0, 28, 222, 206, "#f6e6c0", "#9a6a30", 2.0, rx=10))
        doc.add(line(spline([(x0 + 10, 206), (x0 + 111, 198), (x0 + 212, 206)], step=2), DUNE_SHADE, 3, opacity=0.5))
        shapes, details = camel_parts("#c98f4e", "#8a5a2a", "#f0c890", s=1.12, ox=x0 + 44, oy=96)
        doc.add(el("ellipse", cx=x0 + 116.0, cy=228.0, rx=70.0, ry=5.0, fill=INK, opacity=0.2))
        doc.add(outlined(shapes, 5.0) + details)
        for k in range(2):                 # two load spaces per camel, carried on its back
            sx = x0 + 48 + k * 70
            doc.add(slot(sx, 34, 64, "#7a4a22", "7 5"))
    for fn, cx in ((ability_leader, 112), (ability_driver, 256), (ability_scout, 400)):
        cy = 290
        doc.add(circle(cx, cy, 48, "#f6e6c0", "#7a4a22", 3.0))
        doc.add(fn(doc, cx, cy))
        doc.add(water_badge(doc, cx + 42, cy + 34))
    save(doc, "caravan_board.svg")


# --------------------------------------------------------------------------
# the board: undiscovered squares and the backs of the five stacks
# --------------------------------------------------------------------------


def make_board_empty():
    doc = Doc()
    g = doc.radial(MID, MID, 182, [(0, "#c9b08a"), (1, "#a68d68")])
    doc.add(rect(0, 0, SIZE, SIZE, g))
    rng = random.Random(11)
    for _ in range(9):
        p = (rng.uniform(40, 216), rng.uniform(40, 216))
        ln = rng.uniform(40, 70)
        for k in (-1, 0, 1):
            q = (p[0], p[1] + k * 7)
            doc.add(line(spline([(q[0] - ln / 2, q[1] + 2), (q[0], q[1] - 3), (q[0] + ln / 2, q[1] + 2)], step=2),
                         "#8a7352", 1.5, opacity=0.22))
    for _ in range(60):
        p = (rng.uniform(14, 242), rng.uniform(14, 242))
        doc.add(circle(p[0], p[1], rng.uniform(0.8, 1.6), "#7d6848", opacity=0.35))
    doc.add(rect(1.5, 1.5, SIZE - 3, SIZE - 3, "none", "#8a7352", 3.0, opacity=0.7))
    doc.add(rect(6, 6, SIZE - 12, SIZE - 12, "none", "#dcc7a2", 2.0, opacity=0.5))
    save(doc, "board_empty.svg")
    save(doc, "board_sand.svg")


BACK_FIELDS = {1: "#c2703a", 2: "#b45f3a", 3: "#a5503c", 4: "#95433f", 5: "#833842"}


def make_back(n):
    doc = Doc()
    field = BACK_FIELDS[n]
    g = doc.radial(MID, MID, 180, [(0, mix(field, "#ffffff", 0.18)), (1, mix(field, "#000000", 0.2))])
    doc.add(rect(0, 0, SIZE, SIZE, g))
    doc.add(rect(10, 10, SIZE - 20, SIZE - 20, "none", "#e8c070", 4.0, rx=14))
    doc.add(rect(20, 20, SIZE - 40, SIZE - 40, "none", "#e8c070", 1.6, rx=10, opacity=0.7))
    # corner stars
    for cx, cy in ((38, 38), (218, 38), (38, 218), (218, 218)):
        doc.add(poly(star_pts(cx, cy, 11, 4.5, 4, 0), "#e8c070"))
    # eight-pointed star medallion
    doc.add(poly(star_pts(MID, MID, 92, 70, 8, -90), mix(field, "#000000", 0.25), "#e8c070", 3.0))
    doc.add(circle(MID, MID, 62, CREAM, "#e8c070", 4.0))
    doc.add(circle(MID, MID, 54, "none", mix(field, "#ffffff", 0.2), 2.0))
    doc.add(numeral(str(n), MID, MID - 4, 70, mix(field, "#000000", 0.3), 13.0))
    for k in range(n):                           # pips: the stack number once more
        x = MID + (k - (n - 1) / 2) * 13
        doc.add(circle(x, MID + 44, 4.2, mix(field, "#000000", 0.2)))
    save(doc, f"back_{n}.svg")


def make_board():
    make_board_empty()
    for n in range(1, 6):
        make_back(n)


# --------------------------------------------------------------------------
# seam checks
# --------------------------------------------------------------------------

AREA_TOLERANCE = 0.03 * SIZE     # tiles.yaml: art may round an area's corners, within 0.03


def check_tile(spec: TileSpec):
    """Assert the seam rules numerically; return notes on where the art leaves the YAML outline.

    * every edge has a line that starts exactly at its midpoint and runs straight to the
      hub, white on O, brown on D (across any oasis: the rules join every line of a
      square); on a pond tile the brown lines end on the track round the pond, which
      keeps clear of the pond;
    * along every O edge the oasis core crosses the border exactly at the mouth
      (G_LO..G_HI, i.e. the outline at OASIS_LO..OASIS_HI) with the same profile on both
      sides, so every stroke layer meets its neighbour's; along D edges no oasis comes
      near the border;
    * icons and explorer spots sit inside their oasis part, off every line.
    """
    lay = TileLayout(spec)
    notes = []
    assert [s for s, *_ in lay.lines] == list(SIDES), (spec.id, "every edge needs a line")
    for side, a, b, kind in lay.lines:
        assert kind == spec.edges[SIDES.index(side)]
        assert dist(a, EDGE_MIDS[side]) < 1e-9, (spec.id, side, a)
        direction = unit((b[0] - a[0], b[1] - a[1]))
        inward = INWARD[side]
        assert abs(direction[0] - inward[0]) < 1e-9 and abs(direction[1] - inward[1]) < 1e-9, (spec.id, side)
        if kind == "O" or lay.ring is None:
            assert dist(b, (MID, MID)) < 1e-9, (spec.id, side, "a line runs to the hub")
        else:
            assert abs(dist(b, (MID, MID)) - lay.ring) < 1e-9, (spec.id, side, "a brown line meets the pond's track")
    if lay.ring is not None:
        reach = max(dist(q, (MID, MID)) for o in lay.outlines for q in o.pts)
        assert lay.ring - LINE_W / 2 - LINE_OUT > reach + 7, (spec.id, "the track runs clear of the pond")
        assert lay.ring + LINE_W / 2 + LINE_OUT < MID - BORDER_FREE, (spec.id, "the track stays off the border")
    band = RIM + 8.0
    owner = {s: i for i, part in enumerate(spec.parts) for s in part.edges}
    for i, side in enumerate(SIDES):
        for k in range(0, 257, 2):
            t = float(k)
            p = on_side(side, t)
            if spec.edges[i] == "D":
                assert lay.oasis_sd(p) < -band, (spec.id, side, t, "oasis at a desert edge")
                continue
            sd = lay.regions[owner[side]].sd(p)
            if G_LO < t < G_HI:
                expect = min(t - G_LO, G_HI - t)
            else:
                expect = -min(abs(t - G_LO), abs(t - G_HI))
            if abs(expect) < band:
                assert abs(sd - expect) < 0.6, (spec.id, side, t, sd, expect)
            elif expect > 0:
                assert sd > band - 0.6, (spec.id, side, t, sd)
            else:
                assert lay.oasis_sd(p) < -band + 0.6, (spec.id, side, t, sd)
    for part, outline in zip(spec.parts, lay.outlines):
        for name, p in part.icons:
            assert outline.sd(p) >= ICON_R - 3, (spec.id, name, p, "icon leaves its oasis")
            assert lay.line_dist(p) >= ICON_R + LINE_W / 2 - 1, (spec.id, name, p, "icon on a line")
        assert outline.sd(part.spot) >= SPOT_R - 3, (spec.id, part.spot, "spot leaves its oasis")
        assert lay.line_dist(part.spot) >= SPOT_R + LINE_W / 2 - 1, (spec.id, part.spot, "spot on a line")
        for name, p in part.icons:
            assert dist(p, part.spot) >= ICON_R + SPOT_R, (spec.id, name, "spot on an icon")
        worst = max([abs(outline.sd(q)) for q in area_probe(part.area)] + [0.0])
        if worst > AREA_TOLERANCE:
            notes.append(f"{spec.id}: outline up to {worst / SIZE:.3f} from area corner points")
    return notes


def area_probe(area):
    """Points along an area's inner outline (border stretches and notched corners left out)."""
    out = []
    n = len(area)
    for i in range(n):
        a, b = area[i], area[(i + 1) % n]
        if set(sides_of(a)) & set(sides_of(b)):
            continue                                   # along the border: the mouths are exact
        for k in range(10):
            q = (a[0] + (b[0] - a[0]) * k / 10, a[1] + (b[1] - a[1]) * k / 10)
            if any(dist(q, c) < OASIS_LO * 1.45 for c in CORNERS.values()):
                continue                               # notched corners (see area_outline)
            if border_dist(q) < STRAIGHT + 1:
                continue                               # the straight, perpendicular run at a mouth
            out.append(q)
    return out

def make_tiles():
    for spec in load_tiles():
        for note in check_tile(spec):
            print("note:", note)
        save(tile_svg(spec), spec.art)


def main():
    make_icons()
    make_tiles()
    make_board()
    make_pieces()
    make_water_stone()
    make_goods()
    make_camel_card()
    make_rumor_back()
    make_rumors()
    make_rumor_board()
    make_caravan_board()
    print(f"wrote {len(WRITTEN)} files")


if __name__ == "__main__":
    main()
