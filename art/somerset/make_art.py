#!/usr/bin/env python3
"""Generate every SVG picture for Somerset into this folder.

Run:  python art/somerset/make_art.py

Standard library plus PyYAML; the SVG-writing and geometry helpers it shares
with the other art scripts are in art/svgkit.py.  The tiles, spells and
buildings are drawn from data/somerset/*.yaml (ids, names, costs, actions,
road masks), the seat colours and marks from data/seats.yaml.  The output is
deterministic: every random source is a random.Random with a fixed seed.
The SVGs are written for pygame-ce's nanosvg loader, so they avoid <text>,
filters, clip paths and object-bounding-box gradients (every gradient uses
gradientUnits="userSpaceOnUse"); digits are stroked paths.

Hex geometry (viewBox 0 0 256 256, rotation 0, pointy top):
  * the hex is centred at (128, 128) with corner radius HEX_R = 128 (corners
    at the top and bottom of the box), so it is 2 * 110.85 wide; its edge
    midpoints lie HEX_APO = 110.85 from the centre, at 0 deg (E), -60 (NE),
    -120 (NW), 180 (W), 120 (SW) and 60 (SE), screen angles;
  * every road stub of the tile's `roads` mask is a straight road from the
    edge midpoint, perpendicular to the edge, to the central plaza (city
    tiles) or action plate (country tiles); it ends flush (butt cap) on the
    edge, so the stubs of two neighbours meet exactly at the shared
    midpoint.  check_tile() asserts this numerically for every tile, and
    the stubs are written with id="road-<side>" so a test can read them
    back from the files;
  * country tiles print their cost in the cost badge (COST_C, COST_R) near
    the upper-left corner, which a claim marker covers.
"""
from __future__ import annotations

import math
import os
import random
import re
import sys
from pathlib import Path

import yaml

ART_DIR = str(Path(__file__).resolve().parents[1])     # art/, home of the shared svgkit.py
if ART_DIR not in sys.path:
    sys.path.insert(0, ART_DIR)
from svgkit import Doc, SvgKit, arc, dist, ellipse_pts, mix, move, rot, seg_dist, spline, star_pts, tube  # noqa: E402

OUT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(OUT_DIR))
DATA = os.path.join(REPO, "data", "somerset")
TILES_YAML = os.path.join(DATA, "tiles.yaml")
GAME_YAML = os.path.join(DATA, "game.yaml")
SPELLS_YAML = os.path.join(DATA, "spells.yaml")
BUILDINGS_YAML = os.path.join(DATA, "buildings.yaml")
SEATS_YAML = os.path.join(REPO, "data", "seats.yaml")

SIZE = 256.0
MID = 128.0

# --------------------------------------------------------------------------
# hex geometry
# --------------------------------------------------------------------------
HEX_R = 128.0                               # centre to corner
HEX_APO = HEX_R * math.sqrt(3.0) / 2        # centre to edge midpoint (110.85)
SIDE_ANGLE = {"E": 0.0, "NE": -60.0, "NW": -120.0, "W": 180.0, "SW": 120.0, "SE": 60.0}
ROAD_W = 24.0                               # a road stub's width (butt ends)
ROAD_RIM = 3.0                              # its darker verge on each side
PLAZA_R = 62.0                              # city tiles: the plaza where the streets meet
PLATE_R = 56.0                              # country tiles: the action plate where the roads meet
_COST_T = 40.0                              # the cost badge: this far from the upper-left corner ...
COST_C = (MID - HEX_R * math.cos(math.radians(30)) + _COST_T * math.cos(math.radians(30)),
          MID - HEX_R / 2 + _COST_T / 2)    # ... towards the centre: (51.78, 84)
COST_R = 31.0
LABEL_C = (MID, MID + HEX_R - 34.0)         # city tiles: the 2+/3+/4+ badge near the bottom corner
LABEL_R = 20.0


def hex_corners(cx=MID, cy=MID, r=HEX_R):
    return [(cx + r * math.cos(math.radians(-90 + 60 * k)), cy + r * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def edge_mid(side, cx=MID, cy=MID, apo=HEX_APO):
    a = math.radians(SIDE_ANGLE[side])
    return (cx + apo * math.cos(a), cy + apo * math.sin(a))


def hex_inside(p, cx=MID, cy=MID, apo=HEX_APO):
    """Signed distance from p to the hex border (+ inside)."""
    worst = -1e9
    for ang in SIDE_ANGLE.values():
        a = math.radians(ang)
        worst = max(worst, (p[0] - cx) * math.cos(a) + (p[1] - cy) * math.sin(a))
    return apo - worst


# --------------------------------------------------------------------------
# palette
# --------------------------------------------------------------------------
INK = "#2a1e14"
CREAM = "#fbf3dc"
PARCH = "#f1e2bb"
PARCH_D = "#d9c28e"
WHITE = "#ffffff"
GRASS = "#8dbb55"
GRASS_L = "#a9cf6c"
GRASS_D = "#6d9a3e"
LEAF = "#4f8f35"
LEAF_D = "#2f6424"
LEAF_L = "#7fba4f"
BARK = "#7a4f2a"
BARK_D = "#4e3018"
DIRT = "#c9a46a"
DIRT_D = "#8e6c3c"
COBBLE = "#cbbfa6"
COBBLE_D = "#a89a7e"
PAVE = "#b9ad96"
PAVE_D = "#5e533f"
ROOF_RED = "#b64a32"
ROOF_BROWN = "#8a5a34"
ROOF_SLATE = "#5d6b7a"
WALL = "#efe4c8"
STONE = "#a3a6a8"
STONE_L = "#c9cccd"
STONE_D = "#6f7376"
WOOD = "#b07a44"
WOOD_L = "#d9a66a"
WOOD_D = "#6e4622"
BRICK = "#b8502f"
BRICK_L = "#d9774f"
BRICK_D = "#7c2e18"
GRAIN = "#e2b43c"
GRAIN_L = "#f4d77a"
GRAIN_D = "#a07418"
CRYSTAL = "#3fbfdc"
CRYSTAL_L = "#b8f0fb"
CRYSTAL_D = "#17708c"
GOLD = "#e9b52c"
GOLD_L = "#fbe08a"
GOLD_D = "#9a6a10"
STEEL = "#b9c2cc"
STEEL_L = "#e8edf2"
STEEL_D = "#6a7580"
MAGIC = "#6b4bb8"
MAGIC_L = "#b9a2f0"
WATER = "#5aa7d6"
WATER_D = "#2c6d9a"
GREEN_OK = "#2f7a2f"
RED_NO = "#b8302a"

# --------------------------------------------------------------------------
# element writers (the shared ones are in art/svgkit.py)
# --------------------------------------------------------------------------
KIT = SvgKit(digits=2, path_digits=1, ink=INK)
fmt, attrs, el, group = KIT.fmt, KIT.attrs, KIT.el, KIT.group
poly, line, circle, rect, outlined = KIT.poly, KIT.line, KIT.circle, KIT.rect, KIT.outlined
numeral = KIT.numeral  # numbers as stroked paths (svgkit.glyph)
EXACT = SvgKit(digits=3, path_digits=3, ink=INK)   # road stubs: exact enough to check from the files


def place(items, cx, cy, size, base=100.0, **kw) -> str:
    """Place a drawing made in a base x base box (icons: 100) centred at (cx, cy), size wide."""
    return KIT.place(items, cx, cy, size, base, **kw)


def ell(cx, cy, rx, ry, fill, stroke=None, sw=None, **kw):
    return el("ellipse", cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), fill=fill, stroke=stroke,
              stroke_width=sw, **kw)


def rrect_pts(x, y, w, h, r, step=2.0):
    """Outline of a rounded rectangle as points."""
    return (arc(x + w - r, y + r, r, -90, 0, step) + arc(x + w - r, y + h - r, r, 0, 90, step) +
            arc(x + r, y + h - r, r, 90, 180, step) + arc(x + r, y + r, r, 180, 270, step))


def rect_pts(x, y, w, h):
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


WRITTEN: list[str] = []


def save(doc: Doc, name: str):
    """Write doc to OUT_DIR/name (name may contain a sub folder)."""
    path = os.path.join(OUT_DIR, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(doc.text())
    WRITTEN.append(name)


def load_yaml(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


# --------------------------------------------------------------------------
# numerals and signs: drawn as strokes by svgkit (glyph, SvgKit.numeral; no <text>)
# --------------------------------------------------------------------------


def count_badge(text, cx, cy, r, fill=INK, ink=WHITE, ring=CREAM):
    """A round badge with a number: how many of the icon beside it."""
    h = r * (1.15 if len(text) == 1 else 0.95)
    adv = 0.72 if len(text) == 1 else 0.62
    return [circle(cx, cy, r, fill, ring, r * 0.22)] + numeral(text, cx, cy, h, ink, r * 0.28, advance=adv)


# --------------------------------------------------------------------------
# icons: each drawn in a 100 x 100 box centred at (50, 50); place() puts them anywhere
# --------------------------------------------------------------------------
IOW = 3.2       # icon outline width


def icon_wood():
    """Three logs, two below and one on top, their cut ends showing rings."""
    out = []
    for (x0, cy, r) in ((8, 72, 14), (34, 72, 14), (21, 46, 14)):
        body = [(x0 + 52, cy - r), (x0 + 2, cy - r)] + arc(x0 + 2, cy, r * 0.45, -90, -270, 2) + \
            [(x0 + 2, cy + r), (x0 + 52, cy + r)]
        out += [poly(body, WOOD, INK, IOW),
                line([(x0 + 10, cy - r * 0.35), (x0 + 40, cy - r * 0.35)], WOOD_D, 2.2),
                line([(x0 + 16, cy + r * 0.3), (x0 + 46, cy + r * 0.3)], WOOD_D, 2.2),
                ell(x0 + 52, cy, r * 0.62, r, WOOD_L, INK, IOW),
                ell(x0 + 52, cy, r * 0.32, r * 0.55, "none", WOOD_D, 1.8),
                circle(x0 + 52, cy, 1.8, WOOD_D)]
    return out


def brick_pts(x, y, w, h, d=7.0):
    front = rect_pts(x, y, w, h)
    top = [(x, y), (x + d, y - d), (x + w + d, y - d), (x + w, y)]
    side = [(x + w, y), (x + w + d, y - d), (x + w + d, y + h - d), (x + w, y + h)]
    return front, top, side


def icon_brick():
    """A small stack of fired bricks."""
    out = []
    for x, y in ((8, 68), (46, 68), (27, 46)):
        front, top, side = brick_pts(x, y, 38, 20)
        out += outlined([(top, BRICK_L), (side, BRICK_D), (front, BRICK)], IOW * 2)
        out += [circle(x + 9, y + 7, 1.6, BRICK_D), circle(x + 27, y + 13, 1.6, BRICK_D),
                line([(x + 4, y + 4), (x + 16, y + 4)], BRICK_L, 2, opacity=0.7)]
    return out


def icon_stone():
    """Three dressed stone blocks."""
    out = []
    for x, y, w, h in ((6, 66, 42, 24), (50, 66, 42, 24), (26, 36, 44, 27)):
        front, top, side = brick_pts(x, y, w, h, 9)
        out += outlined([(top, STONE_L), (side, STONE_D), (front, STONE)], IOW * 2)
        out += [line([(x + 6, y + h * 0.35), (x + 16, y + h * 0.55)], STONE_D, 1.8),
                line([(x + w - 14, y + h * 0.7), (x + w - 6, y + h * 0.45)], STONE_D, 1.8)]
    return out


def icon_grain():
    """A sheaf of wheat tied in the middle."""
    out = []
    stalks = []
    for k in range(-3, 4):
        top = (50 + k * 8, 30 - abs(k) * 2 + (3 if k % 2 else 0))
        stalks.append(spline([(50 + k * 2.2, 94), (50 + k * 0.8, 62), top], step=2))
    for s in stalks:
        out.append(line(s, INK, 5.5))
    for s in stalks:
        out.append(line(s, GRAIN_D, 3))
    for k in range(-3, 4):
        hx, hy = 50 + k * 8, 30 - abs(k) * 2 + (3 if k % 2 else 0)
        head = rot(ellipse_pts(hx, hy - 9, 5.2, 13, k=24), (hx, hy), k * 7)
        out.append(poly(head, GRAIN, INK, 2.2))
        for j in (-6, 0, 6):
            out.append(line(rot([(hx - 4, hy - 9 + j), (hx + 4, hy - 9 + j + 2)], (hx, hy), k * 7), GRAIN_D, 1.4))
    out += [poly(rrect_pts(34, 58, 32, 10, 4), "#c0392b", INK, 2.5),
            line([(44, 60), (46, 66)], "#7a1d14", 2)]
    return out


def crystal_parts(cx, by, w, h, deg, c=CRYSTAL, cl=CRYSTAL_L, cd=CRYSTAL_D):
    """One crystal prism standing at (cx, by), leaning deg."""
    pts = [(cx - w / 2, by), (cx - w / 2, by - h * 0.7), (cx, by - h), (cx + w / 2, by - h * 0.7), (cx + w / 2, by)]
    face = [(cx - w / 2, by), (cx - w / 2, by - h * 0.7), (cx, by - h), (cx - w * 0.05, by)]
    return rot(pts, (cx, by), deg), rot(face, (cx, by), deg)


def icon_crystal(c=CRYSTAL, cl=CRYSTAL_L, cd=CRYSTAL_D):
    """A cluster of three magic crystals."""
    out = []
    for cx, by, w, h, deg in ((34, 88, 20, 50, -24), (68, 88, 20, 52, 22), (50, 90, 26, 78, 0)):
        body, face = crystal_parts(cx, by, w, h, deg)
        out += [poly(body, c, INK, IOW), poly(face, cl, opacity=0.7),
                line(rot([(cx + w * 0.2, by - 6), (cx + w * 0.2, by - h * 0.66)], (cx, by), deg), cd, 2.2)]
    out += [poly(star_pts(80, 22, 9, 2.5, 4, 0), WHITE, cd, 1.2), poly(star_pts(20, 36, 6, 2, 4, 0), WHITE, cd, 1)]
    return out


def coin_face(cx, cy, r):
    """A gold coin seen from the front, a crown stamped on it."""
    crown = [(cx - r * 0.45, cy + r * 0.3), (cx - r * 0.5, cy - r * 0.25), (cx - r * 0.22, cy + r * 0.02),
             (cx, cy - r * 0.38), (cx + r * 0.22, cy + r * 0.02), (cx + r * 0.5, cy - r * 0.25),
             (cx + r * 0.45, cy + r * 0.3)]
    return [circle(cx, cy, r, GOLD, INK, IOW), circle(cx, cy, r * 0.78, "none", GOLD_D, r * 0.07),
            poly(crown, GOLD_L, GOLD_D, r * 0.08)]


def icon_coin():
    """A stack of coins with one coin upright in front."""
    out = []
    for k in range(4):
        y = 82 - k * 9
        out += [ell(34, y + 4, 26, 9, GOLD_D, INK, IOW), ell(34, y, 26, 9, GOLD, INK, IOW)]
    out += coin_face(64, 58, 28)
    return out


def icon_coin1():
    """One coin, face on."""
    return coin_face(50, 50, 40)


def icon_any():
    """Any basic resource: wood, brick, stone and grain in a ring round a question of choice."""
    out = [circle(50, 50, 44, PARCH, INK, IOW)]
    for fn, x, y in ((icon_wood, 31, 31), (icon_brick, 69, 31), (icon_stone, 31, 69), (icon_grain, 69, 69)):
        out.append(place(fn(), x, y, 36))
    return out


def townhall_parts(x0=10.0, yb=92.0, w=80.0):
    """A hall with columns, pediment and a flag: the government."""
    s = w / 80
    def P(x, y):
        return (x0 + x * s, yb - (92 - y) * s)
    out = [poly([P(-2, 92), P(82, 92), P(82, 84), P(-2, 84)], STONE, INK, IOW),
           poly([P(4, 84), P(76, 84), P(76, 46), P(4, 46)], WALL, INK, IOW),
           poly([P(-2, 46), P(40, 22), P(82, 46)], ROOF_RED, INK, IOW)]
    for cx in (12, 26, 54, 68):
        out.append(poly([P(cx - 3.5, 50), P(cx + 3.5, 50), P(cx + 3.5, 82), P(cx - 3.5, 82)], STONE_L, INK, 1.8))
    out += [poly([P(33, 84), P(33, 62)] + [P(x, y) for x, y in arc(40, 62, 7, 180, 360, 2)] + [P(47, 84)],
                 "#5a3a22", INK, 2),
            circle(*P(40, 36), 4 * s, GOLD, INK, 1.5),
            line([P(40, 22), P(40, 4)], INK, 2.4 * s),
            poly([P(40, 4), P(56, 8), P(40, 13)], "#c0392b", INK, 1.6 * s)]
    return out


def icon_government():
    return townhall_parts()


def icon_gov_free():
    """Government without the fee: the hall and a green arrow to the right."""
    out = townhall_parts(4, 84, 62)
    arrow = [(60, 62), (78, 62), (78, 52), (96, 70), (78, 88), (78, 78), (60, 78)]
    out.append(poly(arrow, "#3f9a3f", INK, IOW))
    return out


def peasant_head(cx, cy, s, hat=GRAIN_L):
    """A peasant's head under a wide straw hat."""
    face = ellipse_pts(cx, cy, 13 * s, 14 * s, k=28)
    brim = ellipse_pts(cx, cy - 8 * s, 24 * s, 6 * s, k=32)
    crown = [(cx - 11 * s, cy - 9 * s), (cx - 8 * s, cy - 22 * s), (cx + 8 * s, cy - 22 * s), (cx + 11 * s, cy - 9 * s)]
    return [poly(face, "#e0b088", INK, IOW), poly(brim, hat, INK, IOW), poly(crown, hat, INK, IOW),
            line([(cx - 10 * s, cy - 12 * s), (cx + 10 * s, cy - 12 * s)], "#a0302a", 2.6 * s),
            circle(cx - 4.5 * s, cy + 1 * s, 1.5 * s, INK), circle(cx + 4.5 * s, cy + 1 * s, 1.5 * s, INK)]


def plus_sign(cx, cy, r, col="#3f9a3f"):
    a, t = r, r * 0.36
    pts = [(-t, -a), (t, -a), (t, -t), (a, -t), (a, t), (t, t), (t, a), (-t, a), (-t, t), (-a, t), (-a, -t), (-t, -t)]
    return [poly([(cx + x, cy + y) for x, y in pts], col, INK, IOW * 0.8)]


def icon_hire():
    """A new peasant: a figure in a straw hat and a green plus."""
    body = spline([(22, 96), (24, 70), (38, 58), (62, 58), (76, 70), (78, 96)], step=2)
    out = [poly(body, "#8a6a3a", INK, IOW), line([(50, 60), (50, 96)], "#6a4e28", 2.5)]
    out += peasant_head(50, 44, 1.3)
    out += plus_sign(82, 26, 14)
    return out


def sword_pts(cx, tip_y, hilt_y, w):
    blade = [(cx, tip_y), (cx + w / 2, tip_y + w), (cx + w / 2, hilt_y), (cx - w / 2, hilt_y), (cx - w / 2, tip_y + w)]
    guard = rect_pts(cx - w * 2.1, hilt_y, w * 4.2, w * 0.9)
    grip = rect_pts(cx - w * 0.35, hilt_y + w * 0.9, w * 0.7, w * 2.4)
    pommel = ellipse_pts(cx, hilt_y + w * 3.6, w * 0.6, w * 0.6, k=16)
    return blade, guard, grip, pommel


def sword_items(cx, tip_y, hilt_y, w, deg=0.0):
    blade, guard, grip, pommel = sword_pts(cx, tip_y, hilt_y, w)
    pivot = (cx, (tip_y + hilt_y) / 2)
    parts = [(rot(blade, pivot, deg), STEEL_L), (rot(guard, pivot, deg), GOLD), (rot(grip, pivot, deg), BARK),
             (rot(pommel, pivot, deg), GOLD)]
    out = outlined(parts, IOW * 2)
    out.append(line(rot([(cx, tip_y + w * 1.2), (cx, hilt_y - 2)], pivot, deg), STEEL_D, w * 0.16))
    return out


def up_arrow(cx, cy, h, w, col="#3f9a3f"):
    pts = [(cx, cy - h / 2), (cx + w / 2, cy - h / 2 + w / 2), (cx + w / 4.5, cy - h / 2 + w / 2),
           (cx + w / 4.5, cy + h / 2), (cx - w / 4.5, cy + h / 2), (cx - w / 4.5, cy - h / 2 + w / 2),
           (cx - w / 2, cy - h / 2 + w / 2)]
    return [poly(pts, col, INK, IOW)]


def icon_upgrade():
    """Training: a sword and a green upgrade arrow."""
    return sword_items(36, 6, 70, 12, 0) + up_arrow(76, 52, 70, 34)


def icon_lance():
    """Jousting: a striped lance with a pennant, and the upgrade arrow."""
    shaft = [(10, 92), (16, 98), (84, 16), (80, 12)]
    cone = [(6, 88), (30, 70), (38, 80), (20, 100)]
    out = [poly(shaft, WHITE, INK, IOW)]
    for k in range(1, 6):
        t0, t1 = k / 6.5, (k + 0.45) / 6.5
        a = (13 + (82 - 13) * t0, 95 - (95 - 14) * t0)
        b = (13 + (82 - 13) * t1, 95 - (95 - 14) * t1)
        out.append(line([a, b], "#c0392b", 6.5, cap="butt"))
    out += [poly(cone, STEEL, INK, IOW), poly([(62, 40), (86, 46), (70, 56)], "#2f5fa8", INK, 2)]
    out += up_arrow(80, 74, 44, 26)
    return out


def scroll_parts(cx, cy, w, h, seal="#b8302a"):
    """A rolled scroll with a star: a spell."""
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    sheet = [(x0 + 6, y0 + 6), (x1 - 6, y0 + 6), (x1 - 6, y1 - 6), (x0 + 6, y1 - 6)]
    out = [poly(sheet, PARCH, INK, IOW),
           poly(rrect_pts(x0, y0, w, 12, 6), PARCH_D, INK, IOW),
           poly(rrect_pts(x0, y1 - 12, w, 12, 6), PARCH_D, INK, IOW),
           poly(star_pts(cx, cy, h * 0.26, h * 0.11, 5), MAGIC, INK, 2),
           circle(x1 - 14, y1 - 18, 6, seal, INK, 1.8)]
    return out


def icon_spell():
    return scroll_parts(50, 50, 64, 84)


def icon_plan():
    """A building plan with a pair of compasses: building cards."""
    sheet = [(14, 20), (86, 14), (90, 84), (18, 90)]
    out = [poly(sheet, "#cfe3f2", INK, IOW)]
    house = [(32, 72), (32, 50), (50, 36), (68, 50), (68, 72)]
    out.append(poly(house, "none", "#2c5e8a", 2.6))
    out.append(line([(44, 72), (44, 58), (56, 58), (56, 72)], "#2c5e8a", 2.2))
    out += [line([(60, 10), (40, 90)], INK, 6), line([(60, 10), (80, 90)], INK, 6),
            line([(60, 10), (40, 90)], STEEL, 3), line([(60, 10), (80, 90)], STEEL, 3),
            circle(60, 12, 5, GOLD, INK, 2), line(arc(60, 12, 56, 70, 110, 2), INK, 2.2)]
    return out


def trowel_items(cx, cy, s, deg):
    blade = [(cx, cy - 30 * s), (cx + 16 * s, cy + 6 * s), (cx, cy + 14 * s), (cx - 16 * s, cy + 6 * s)]
    shank = [(cx, cy + 12 * s), (cx, cy + 24 * s)]
    grip = rrect_pts(cx - 5 * s, cy + 22 * s, 10 * s, 22 * s, 4 * s)
    c = (cx, cy)
    return [poly(rot(blade, c, deg), STEEL_L, INK, IOW), line(rot(shank, c, deg), INK, 3.2 * s),
            poly(rot(grip, c, deg), WOOD, INK, IOW)]


def mini_hex(cx, cy, r, fill, stroke=INK, sw=IOW):
    return poly(hex_corners(cx, cy, r), fill, stroke, sw)


def icon_build_tile():
    """Build a country tile: a green hex with a road and a mason's trowel."""
    out = [mini_hex(42, 56, 36, GRASS),
           line([(42 - 31.2, 56), (42 + 31.2, 56)], DIRT, 8, cap="butt"),
           poly(ellipse_pts(30, 44, 8, 7, k=16), LEAF, INK, 2), poly(ellipse_pts(56, 70, 7, 6, k=16), LEAF, INK, 2)]
    out += trowel_items(74, 40, 1.0, 35)
    return out


def plank_items(x0, y0, length, width, col=WOOD, deg=0.0, n=5):
    """A short plank road: boards across two rails."""
    c = (x0 + length / 2, y0 + width / 2)
    out = [poly(rot(rect_pts(x0, y0 + width * 0.08, length, width * 0.84), c, deg), WOOD_D, INK, IOW)]
    step = length / n
    for k in range(n):
        out.append(poly(rot(rect_pts(x0 + k * step + 1.5, y0, step - 3, width), c, deg), col, INK, 1.8))
    return out


def icon_roads():
    """Road pieces: a town gate and two plank roads."""
    out = [poly([(24, 76), (24, 20), (76, 20), (76, 76)], STONE, INK, IOW)]
    for x in (24, 37, 50, 63):
        out.append(poly(rect_pts(x, 12, 8, 10), STONE, INK, 2))
    out.append(poly([(38, 76), (38, 50)] + arc(50, 50, 12, 180, 360, 2) + [(62, 76)], "#3a2a1c", INK, IOW))
    out += plank_items(2, 78, 44, 16, WOOD_L)
    out += plank_items(54, 78, 44, 16, WOOD_L)
    return out


def icon_planks():
    """Road pieces: two plank road segments."""
    out = []
    for dx, dy, deg in ((0, -16, -18), (0, 18, -18)):
        c = (50 + dx, 50 + dy)
        out.append(poly(rot(rect_pts(6 + dx, 38 + dy, 88, 24), c, deg), "#8a8f96", INK, IOW))
        for k in range(7):
            out.append(poly(rot(rect_pts(10 + dx + k * 12, 36 + dy, 9, 28), c, deg), WOOD_L if k % 2 else WOOD, INK,
                            2.0))
    return out


def arrow_arc(cx, cy, r, a0, a1, col, w=6.0):
    pts = arc(cx, cy, r, a0, a1, 2)
    tip = pts[-1]
    a = math.radians(a1 + (90 if a1 > a0 else -90))
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    head = [(tip[0] + ux * w * 1.4, tip[1] + uy * w * 1.4), (tip[0] + nx * w * 1.3, tip[1] + ny * w * 1.3),
            (tip[0] - nx * w * 1.3, tip[1] - ny * w * 1.3)]
    return [line(pts, INK, w + 3), poly(head, col, INK, 2), line(pts, col, w)]


def icon_trade():
    """Trading: two goods and a pair of turning arrows."""
    out = [place(icon_brick(), 28, 30, 44), place(icon_grain(), 72, 72, 44)]
    out += arrow_arc(50, 50, 34, 200, 300, "#3f9a3f", 5)
    out += arrow_arc(50, 50, 34, 20, 120, "#3f9a3f", 5)
    return out


def stall_items(x0=10.0, yb=92.0, w=80.0, c1="#c0392b", c2=CREAM):
    s = w / 80
    def P(x, y):
        return (x0 + x * s, yb - (92 - y) * s)
    out = [poly([P(4, 92), P(4, 40), P(10, 40), P(10, 92)], WOOD_D, INK, 2),
           poly([P(70, 92), P(70, 40), P(76, 40), P(76, 92)], WOOD_D, INK, 2),
           poly([P(2, 66), P(78, 66), P(78, 78), P(2, 78)], WOOD, INK, IOW)]
    for k in range(5):
        col = c1 if k % 2 == 0 else c2
        xa, xb = -2 + k * 16.8, -2 + (k + 1) * 16.8
        out.append(poly([P(xa + 6, 22), P(xb + 6, 22), P(xb, 42), P(xa, 42)], col, INK, 2))
        out.append(poly([P(xa, 42), P(xb, 42)] + [P(x, y) for x, y in arc((xa + xb) / 2, 42, 8.4, 0, 180, 2)],
                        col, INK, 2))
    out += [poly(ellipse_pts(*P(22, 60), 7 * s, 6 * s, k=16), "#d84a2a", INK, 1.6),
            poly(ellipse_pts(*P(38, 60), 7 * s, 6 * s, k=16), GRAIN, INK, 1.6),
            poly(ellipse_pts(*P(56, 60), 8 * s, 6 * s, k=16), "#6aa83a", INK, 1.6)]
    return out


def icon_market():
    return stall_items()


def icon_merchants():
    """Merchants' row: a stall with a coin."""
    return stall_items(4, 92, 70, "#2f6fa8") + [place(icon_coin1(), 80, 78, 34)]


def icon_council():
    """The guild council: a round table of three heads under a banner."""
    out = [poly([(20, 8), (80, 8), (80, 40), (50, 50), (20, 40)], "#2f5fa8", INK, IOW),
           poly(star_pts(50, 26, 10, 4, 5), GOLD, INK, 1.5)]
    for cx in (24, 50, 76):
        out += [poly(spline([(cx - 15, 96), (cx - 13, 76), (cx, 70), (cx + 13, 76), (cx + 15, 96)], step=2),
                     "#7b3f2a" if cx != 50 else "#2f5f3a", INK, IOW),
                circle(cx, 62, 10, "#e0b088", INK, IOW)]
    out.append(ell(50, 92, 44, 8, WOOD, INK, IOW))
    return out


def icon_mug():
    """A tavern's ale mug with foam."""
    body = rrect_pts(22, 30, 46, 62, 6)
    handle = arc(68, 60, 18, -70, 70, 2) + arc(68, 60, 9, 70, -70, 2)
    foam = spline([(18, 34), (20, 20), (32, 14), (42, 20), (52, 12), (64, 18), (72, 30), (66, 38), (22, 38)],
                  closed=True, step=2)
    out = [poly(handle, WOOD, INK, IOW), poly(body, WOOD, INK, IOW)]
    for x in (32, 45, 58):
        out.append(line([(x, 42), (x, 86)], WOOD_D, 2.5))
    out += [line([(22, 48), (68, 48)], STEEL_D, 4), line([(22, 80), (68, 80)], STEEL_D, 4),
            poly(foam, WHITE, INK, IOW)]
    return out


def icon_fountain():
    """The crystal fountain: a basin with a jet and crystals in the water."""
    out = [ell(50, 80, 44, 12, STONE_D, INK, IOW), ell(50, 76, 44, 12, STONE, INK, IOW),
           ell(50, 76, 36, 8, WATER), poly(rect_pts(44, 40, 12, 36), STONE_L, INK, IOW),
           ell(50, 40, 20, 6, STONE, INK, IOW)]
    for sx in (-1, 1):
        out.append(line(spline([(50, 28), (50 + sx * 14, 20), (50 + sx * 26, 36), (50 + sx * 30, 66)], step=2),
                        WATER, 4))
    out.append(line([(50, 34), (50, 10)], WATER, 5))
    for cx, h in ((34, 22), (64, 26)):
        body, face = crystal_parts(cx, 78, 9, h, 0)
        out += [poly(body, CRYSTAL, INK, 2), poly(face, CRYSTAL_L, opacity=0.7)]
    out.append(poly(star_pts(50, 8, 7, 2, 4, 0), WHITE, CRYSTAL_D, 1))
    return out


def card_fan(draw, keep, face, art):
    """Cards in a fan: `draw` drawn, `keep` kept (the others greyed)."""
    out = []
    n = max(1, draw)
    for i in range(n):
        deg = (i - (n - 1) / 2) * 16
        card = rot(rrect_pts(32, 16, 36, 54, 5), (50, 92), deg)
        kept = i >= n - keep
        out.append(poly(card, face if kept else "#c8c2b4", INK, IOW, opacity=1 if kept else 0.85))
        if kept:
            cx, cy = rot([(50, 40)], (50, 92), deg)[0]
            out.append(place(art(), cx, cy, 26))
    return out


def icon_draw_spells(draw=2, keep=1):
    return card_fan(draw, keep, "#e2d8f8", lambda: [poly(star_pts(50, 50, 40, 16, 5), MAGIC, INK, 5)])


def icon_draw_buildings(draw=2, keep=1):
    return card_fan(draw, keep, "#dcecf6", lambda: townhall_parts(6, 88, 88))


def icon_building():
    """Build a building from the hand."""
    return [poly(rrect_pts(24, 10, 52, 80, 6), "#dcecf6", INK, IOW)] + townhall_parts(28, 76, 44) + \
        trowel_items(76, 60, 0.7, 35)


def icon_wizard_up():
    """Knight to wizard: a pointed hat over an upgrade arrow."""
    hat = [(18, 74), (46, 8), (58, 30), (82, 74)]
    out = [poly(hat, MAGIC, INK, IOW), ell(50, 76, 40, 9, MAGIC, INK, IOW),
           poly(star_pts(46, 50, 9, 3.5, 5), GOLD, INK, 1.2), poly(star_pts(60, 62, 5, 2, 5), GOLD, INK, 1)]
    out += up_arrow(84, 34, 36, 24)
    return out


def icon_stride():
    """Stride: a boot with a step more or less."""
    boot = [(14, 16), (40, 16), (42, 60), (66, 68), (70, 86), (10, 86)]
    return [poly(boot, BARK, INK, IOW), line([(10, 80), (70, 80)], BARK_D, 4),
            poly(rect_pts(12, 16, 30, 10), "#8a6a3a", INK, 2)] + \
        numeral("+1", 80, 20, 24, "#3f9a3f", 5.5, INK, 1.6) + numeral("-1", 80, 54, 24, RED_NO, 5.5, INK, 1.6)


def icon_teleport():
    """Teleport: a swirling portal."""
    out = []
    for k, r in enumerate((42, 32, 22, 12)):
        out.append(poly(ellipse_pts(50, 50, r, r * 0.9, k=40), MAGIC if k % 2 == 0 else MAGIC_L, INK, 2))
    for k in range(5):
        out.append(line(arc(50, 50, 36 - k * 5, k * 72, k * 72 + 150, 2), WHITE, 2.2, opacity=0.8))
    out.append(poly(star_pts(50, 50, 10, 3, 4, 0), WHITE))
    return out


def icon_echo():
    """Echo: the same tile's action again (a circular arrow round a hex)."""
    out = [mini_hex(50, 50, 26, PARCH)]
    out += arrow_arc(50, 50, 40, -60, 220, "#3f9a3f", 6)
    out += numeral("2", 50, 52, 22, INK, 5)
    return out


def icon_mirror():
    """Mirror image: your hex and the neighbour's action."""
    out = [mini_hex(30, 58, 24, PARCH), mini_hex(71.6, 58, 24, "#e2d8f8")]
    out += [poly(star_pts(72, 58, 10, 4, 5), MAGIC, INK, 1.5)]
    out += arrow_arc(51, 58, 24, 200, 340, "#3f9a3f", 4.5)
    return out


def icon_bridge():
    """Phantom bridge: a ghostly plank road between two hexes."""
    out = [mini_hex(20, 56, 24, GRASS), mini_hex(80, 56, 24, GRASS)]
    out += plank_items(24, 46, 52, 20, "#cdb8f4")
    out += [poly(star_pts(50, 22, 8, 3, 4, 0), MAGIC_L, MAGIC, 1.2)]
    return out


def icon_dispel():
    """Dispel: a barricade struck through."""
    out = []
    for x in (18, 38, 58, 78):
        out.append(poly([(x - 6, 86), (x - 6, 30), (x, 18), (x + 6, 30), (x + 6, 86)], WOOD, INK, 2.5))
    out += [poly(rect_pts(10, 44, 80, 9), WOOD_D, INK, 2), poly(rect_pts(10, 66, 80, 9), WOOD_D, INK, 2)]
    out += [line([(14, 14), (86, 88)], WHITE, 14), line([(14, 14), (86, 88)], RED_NO, 9)]
    out += [line([(86, 14), (14, 88)], WHITE, 14), line([(86, 14), (14, 88)], RED_NO, 9)]
    return out


def icon_ennoble():
    """Ennoble: a peasant's hat becomes a knight's helm."""
    out = [place(peasant_head(50, 56, 1.6), 22, 56, 56)]
    out += [place(helmet_items(50, 52, 1.5, "#c0392b"), 76, 54, 60)]
    out += [poly([(38, 74), (50, 74), (50, 66), (62, 80), (50, 94), (50, 86), (38, 86)], "#3f9a3f", INK, 2.4)]
    return out


def helmet_items(cx, cy, s, plume):
    """A knight's great helm with a plume."""
    helm = [(cx - 18 * s, cy + 22 * s), (cx - 18 * s, cy - 8 * s)] + \
        arc(cx, cy - 8 * s, 18 * s, 180, 360, 2) + [(cx + 18 * s, cy + 22 * s)]
    pl = spline([(cx - 2 * s, cy - 24 * s), (cx + 8 * s, cy - 38 * s), (cx + 24 * s, cy - 36 * s),
                 (cx + 10 * s, cy - 24 * s)], closed=True, step=2)
    return [poly(pl, plume, INK, IOW), poly(helm, STEEL, INK, IOW),
            poly(rect_pts(cx - 14 * s, cy - 2 * s, 28 * s, 5 * s), INK),
            line([(cx, cy + 4 * s), (cx, cy + 20 * s)], STEEL_D, 3 * s),
            line([(cx - 8 * s, cy - 20 * s), (cx - 4 * s, cy - 22 * s)], STEEL_L, 3 * s)]


def icon_crown():
    pts = [(14, 76), (10, 30), (32, 52), (50, 18), (68, 52), (90, 30), (86, 76)]
    return [poly(pts, GOLD, INK, IOW), poly(rect_pts(14, 72, 72, 14), GOLD_D, INK, IOW),
            circle(50, 18, 6, "#c0392b", INK, 2), circle(10, 30, 5, CRYSTAL, INK, 2), circle(90, 30, 5, CRYSTAL, INK, 2)]


def icon_favour():
    """Royal favour: a crown and a step to the right."""
    out = [place(icon_crown(), 40, 44, 70)]
    out.append(poly([(46, 76), (70, 76), (70, 66), (92, 82), (70, 98), (70, 88), (46, 88)], "#3f9a3f", INK, IOW))
    return out


def icon_levitate():
    """Levitation: a country tile floating up on magic."""
    out = [ell(50, 90, 30, 6, INK, opacity=0.25), mini_hex(50, 42, 30, GRASS),
           line([(50 - 26, 42), (50 + 26, 42)], DIRT, 7, cap="butt"),
           poly(ellipse_pts(40, 32, 7, 6, k=16), LEAF, INK, 2)]
    for x in (26, 50, 74):
        out.append(poly(star_pts(x, 80, 6, 2, 4, 0), MAGIC_L, MAGIC, 1))
    return out


def icon_hourglass():
    """Time warp: an hourglass."""
    out = [poly(rect_pts(22, 8, 56, 10), WOOD, INK, IOW), poly(rect_pts(22, 82, 56, 10), WOOD, INK, IOW)]
    glass = [(30, 18), (70, 18), (54, 50), (70, 82), (30, 82), (46, 50)]
    out += [poly(glass, "#e8f4fa", INK, IOW), poly([(36, 24), (64, 24), (50, 46)], GRAIN),
            poly([(50, 60), (62, 80), (38, 80)], GRAIN), line([(50, 48), (50, 78)], GRAIN_D, 2)]
    out += arrow_arc(50, 50, 46, 200, 320, MAGIC, 4)
    return out


def icon_bloom():
    """Crystal bloom: crystals sprouting like a flower."""
    out = [line(spline([(50, 96), (48, 76), (52, 60)], step=2), LEAF_D, 5)]
    out.append(poly(ellipse_pts(36, 78, 10, 5, deg=-30, k=16), LEAF, INK, 2))
    for deg in (-50, -20, 20, 50, 0):
        body, face = crystal_parts(50, 62, 12, 40 if deg else 50, deg)
        out += [poly(body, CRYSTAL, INK, 2.2), poly(face, CRYSTAL_L, opacity=0.7)]
    return out


def icon_transmute():
    """Transmutation: one resource turns into another, in a circle of arrows."""
    out = [place(icon_wood(), 28, 30, 40), place(icon_stone(), 72, 72, 40)]
    out += arrow_arc(50, 50, 36, 200, 300, MAGIC, 5)
    out += arrow_arc(50, 50, 36, 20, 120, MAGIC, 5)
    return out


def icon_midas():
    """Midas touch: a golden hand over coins."""
    hand = spline([(30, 92), (26, 60), (22, 38), (28, 34), (34, 52), (34, 22), (41, 20), (44, 48), (46, 16), (53, 16),
                   (55, 48), (58, 22), (65, 23), (65, 54), (74, 40), (80, 44), (68, 76), (62, 92)], closed=True, step=2)
    return [poly(hand, GOLD_L, INK, IOW), line([(34, 74), (58, 74)], GOLD_D, 2.5)] + \
        [place(icon_coin1(), 78, 80, 30), poly(star_pts(78, 20, 9, 2.5, 4, 0), WHITE, GOLD_D, 1.2)]


def icon_keep_tower():
    """A keep: a square tower with battlements."""
    out = [poly(rect_pts(26, 26, 48, 66), STONE, INK, IOW)]
    for x in (26, 38, 50, 62):
        out.append(poly(rect_pts(x, 14, 8, 13), STONE, INK, 2))
    out += [poly([(42, 92), (42, 74)] + arc(50, 74, 8, 180, 360, 2) + [(58, 92)], "#3a2a1c", INK, 2),
            poly(rect_pts(46, 40, 8, 14), INK), line([(74, 14), (74, 0)], INK, 2),
            poly([(74, 0), (90, 4), (74, 9)], "#c0392b", INK, 1.5)]
    return out


# names of the icons the tile, spell and building pictures use
ICONS = {
    "W": icon_wood, "B": icon_brick, "S": icon_stone, "G": icon_grain, "C": icon_crystal, "$": icon_coin1,
    "coins": icon_coin, "any": icon_any, "government": icon_government, "gov_free": icon_gov_free,
    "hire": icon_hire, "upgrade": icon_upgrade, "lance": icon_lance, "spell": icon_spell, "plan": icon_plan,
    "build_tile": icon_build_tile, "roads": icon_roads, "trade": icon_trade, "market": icon_market,
    "merchants": icon_merchants, "council": icon_council, "mug": icon_mug, "fountain": icon_fountain,
    "building": icon_building, "wizard_up": icon_wizard_up, "stride": icon_stride, "teleport": icon_teleport,
    "echo": icon_echo, "mirror": icon_mirror, "bridge": icon_bridge, "dispel": icon_dispel,
    "ennoble": icon_ennoble, "favour": icon_favour, "levitate": icon_levitate, "hourglass": icon_hourglass,
    "bloom": icon_bloom, "transmute": icon_transmute, "midas": icon_midas, "crown": icon_crown,
    "keep": icon_keep_tower, "planks": icon_planks,
}
RESOURCE_ORDER = ("W", "B", "S", "G", "C", "$")
RESOURCE_FILES = {"W": "wood", "B": "brick", "S": "stone", "G": "grain", "C": "crystal", "$": "coin"}


def fan_icon(name):
    """'spells:2:1' / 'buildings:3:2': a fan of cards, draw 2 keep 1."""
    kind, draw, keep = name.split(":")
    fn = icon_draw_spells if kind == "spells" else icon_draw_buildings
    return fn(int(draw), int(keep))


def icon(name):
    """The drawing of an icon by name (100 box)."""
    if ":" in name:
        return fan_icon(name)
    return ICONS[name]()


# --------------------------------------------------------------------------
# what an action, spell or building does, as icons: [(icon name, badge text or None)]
# --------------------------------------------------------------------------


def step_items(step):
    """The icons of one action step of tiles.yaml / spells.yaml / buildings.yaml."""
    (kind, arg), = step.items()
    if kind == "gain":
        return [(k, str(n)) for k, n in arg.items()]
    if kind == "choose":
        return [("any", str(arg))]
    if kind == "government":
        return [("gov_free" if arg == "free_advance" else "government", None)]
    if kind == "hire":
        return [("hire", None)] + [(k, f"-{n}") for k, n in (arg.get("cost") or {}).items()]
    if kind == "upgrade":
        only = arg.get("only")
        if only == "knight":
            base = [("wizard_up", None)]
        elif only == "peasant":
            base = [("ennoble", None)]
        else:
            base = [("upgrade", f"-{arg['discount']}" if arg.get("discount") else None)]
        return base + [(k, f"-{n}") for k, n in (arg.get("cost") or {}).items()]
    if kind in ("draw_spells", "draw_buildings"):
        return [(f"{kind[5:]}:{arg['draw']}:{arg['keep']}", None)]
    if kind == "build_tile":
        return [("build_tile", f"-{arg['discount']}" if arg.get("discount") else None)]
    if kind == "build_building":
        return [("building", f"-{arg['discount']}" if arg.get("discount") else None)]
    if kind == "roads":
        return [("planks", str(arg))]
    if kind == "trade":
        return [("trade", str(arg["times"]))]
    if kind == "exchange":
        return [("transmute", str(arg))]
    spell_only = {"stride": "stride", "teleport": "teleport", "echo": "echo", "mirror": "mirror",
                  "dispel": "dispel", "royal_favour": "favour", "time_warp": "hourglass"}
    if kind in spell_only:
        return [(spell_only[kind], None)]
    raise ValueError(f"no icon for the action step {step!r}")


def action_items(steps):
    out = []
    for step in steps or ():
        out += step_items(step)
    return out


# --------------------------------------------------------------------------
# tile data (data/somerset/tiles.yaml)
# --------------------------------------------------------------------------


class TileSpec:
    """What one tile face shows at rotation 0."""

    def __init__(self, entry, kind, sides):
        self.id = entry["id"]
        self.kind = kind                      # "city" or "country"
        self.name = entry["name"]
        self.label = entry.get("label")       # "2+", "3+", "4+" (city tiles)
        self.cost = dict(entry.get("cost") or {})
        self.action = entry.get("action") or []
        self.roads = str(entry["roads"])
        assert len(self.roads) == len(sides) == 6 and set(self.roads) <= {"0", "1"}, (self.id, self.roads)
        self.stub_sides = [side for ch, side in zip(self.roads, sides) if ch == "1"]
        self.art = f"tiles/{self.id}.svg"


def load_tiles(path=TILES_YAML):
    data = load_yaml(path)
    sides = [str(s) for s in data["road_sides"]]
    assert sorted(sides) == sorted(SIDE_ANGLE), f"road_sides must name the six sides, not {sides}"
    return ([TileSpec(e, "city", sides) for e in data["city_tiles"]] +
            [TileSpec(e, "country", sides) for e in data["country_tiles"]])


class TileLayout:
    """Where a tile's roads, plaza or plate and badges lie: for drawing, checking and free space."""

    def __init__(self, spec: TileSpec):
        self.spec = spec
        self.hub_r = PLAZA_R if spec.kind == "city" else PLATE_R
        self.stubs = []                       # (side, from the edge midpoint, to under the hub)
        for side in spec.stub_sides:
            a = edge_mid(side)
            ang = math.radians(SIDE_ANGLE[side])
            b = (MID + (self.hub_r - 6) * math.cos(ang), MID + (self.hub_r - 6) * math.sin(ang))
            self.stubs.append((side, a, b))
        self.keep_out = [((MID, MID), self.hub_r + 3)]
        if spec.kind == "country":
            self.keep_out.append((COST_C, COST_R + 3))
        else:
            self.keep_out.append((LABEL_C, LABEL_R + 3))

    def clearance(self, p, border=5.0):
        """How big a round prop at p may be: clear of the border, roads, hub and badges."""
        c = hex_inside(p) - border
        for _, a, b in self.stubs:
            c = min(c, seg_dist(p, a, b) - ROAD_W / 2 - ROAD_RIM - 2)
        for q, r in self.keep_out:
            c = min(c, dist(p, q) - r)
        return c


def check_tile(spec: TileSpec, svg_text=None):
    """Assert the road rules numerically (and, given the written SVG, read them back from it).

    * there is a stub for exactly the sides whose mask character is '1';
    * each stub starts exactly on its edge midpoint (on the hex border, HEX_APO from the
      centre) and runs perpendicular to that edge towards the centre, so the stubs of two
      neighbouring tiles meet exactly at the shared midpoint;
    * it ends under the plaza / plate, and the cost badge and the label stay off the roads.
    """
    lay = TileLayout(spec)
    assert [s for s, _, _ in lay.stubs] == spec.stub_sides, spec.id
    assert len(spec.stub_sides) == spec.roads.count("1"), spec.id
    for side, a, b in lay.stubs:
        ang = math.radians(SIDE_ANGLE[side])
        mid = (MID + HEX_APO * math.cos(ang), MID + HEX_APO * math.sin(ang))
        assert dist(a, mid) < 1e-9, (spec.id, side, a, "a stub starts on its edge midpoint")
        assert abs(hex_inside(a)) < 1e-9, (spec.id, side, "the midpoint lies on the border")
        corners = hex_corners()
        k = list(SIDE_ANGLE).index(side)
        # the edge's two corners are equally far from the stub's start: it is the midpoint
        ends = sorted(corners, key=lambda c: dist(c, mid))[:2]
        assert abs(dist(ends[0], a) - dist(ends[1], a)) < 1e-9 and abs(dist(ends[0], a) - HEX_R / 2) < 1e-9, \
            (spec.id, side, k)
        ux, uy = (b[0] - a[0]) / dist(a, b), (b[1] - a[1]) / dist(a, b)
        assert abs(ux + math.cos(ang)) < 1e-9 and abs(uy + math.sin(ang)) < 1e-9, (spec.id, side, "perpendicular")
        assert dist(b, (MID, MID)) < lay.hub_r, (spec.id, side, "the stub reaches the hub")
    for q, r in lay.keep_out[1:]:
        for _, a, b in lay.stubs:
            assert seg_dist(q, a, b) >= r + ROAD_W / 2 - 3, (spec.id, "a badge on a road")
    if svg_text is not None:
        drawn = read_stubs(svg_text)
        assert sorted(drawn) == sorted(spec.stub_sides), (spec.id, sorted(drawn), spec.stub_sides)
        for side, a, _ in lay.stubs:
            (x0, y0), (x1, y1) = drawn[side]
            assert dist((x0, y0), a) < 0.002, (spec.id, side, "the drawn stub starts on the edge midpoint")
            assert abs((x1 - x0) * math.sin(math.radians(SIDE_ANGLE[side])) -
                       (y1 - y0) * math.cos(math.radians(SIDE_ANGLE[side]))) < 0.01, (spec.id, side, "drawn askew")


STUB_RE = re.compile(r'<path id="road-(\w+)" d="M(-?[\d.]+) (-?[\d.]+) L(-?[\d.]+) (-?[\d.]+)"')


def read_stubs(svg_text):
    """{side: (start, end)} of the road stubs written in a tile's SVG."""
    return {m[0]: ((float(m[1]), float(m[2])), (float(m[3]), float(m[4]))) for m in STUB_RE.findall(svg_text)}


# --------------------------------------------------------------------------
# scenery props: (x, y) is the foot of the prop, s its half width; light from the upper left
# --------------------------------------------------------------------------
OL = 1.8        # outline width of scenery


def tuft(x, y, s, col=GRASS_D):
    return line([(x - s, y), (x - s * 0.3, y - s * 1.1), (x, y), (x + s * 0.4, y - s * 1.2), (x + s, y)], col, 1.3)


def prop_tree(x, y, s, rng, col=LEAF):
    trunk = [(x - s * 0.14, y), (x - s * 0.1, y - s * 0.9), (x + s * 0.1, y - s * 0.9), (x + s * 0.14, y)]
    crown = ellipse_pts(x, y - s * 1.25, s * 0.85, s * 0.75, k=30, wobble=0.08, rng=rng, lobes=5, lobe_amp=0.07)
    return [ell(x, y, s * 0.7, s * 0.2, INK, opacity=0.2), poly(trunk, BARK, INK, OL), poly(crown, col, INK, OL),
            poly(ellipse_pts(x - s * 0.25, y - s * 1.45, s * 0.35, s * 0.25, k=16), mix(col, "#ffffff", 0.3),
                 opacity=0.8)]


def prop_pine(x, y, s, rng, col=LEAF_D):
    out = [ell(x, y, s * 0.55, s * 0.18, INK, opacity=0.2),
           poly(rect_pts(x - s * 0.1, y - s * 0.5, s * 0.2, s * 0.5), BARK, INK, OL)]
    for k in range(3):
        yb = y - s * (0.35 + 0.55 * k)
        w = s * (0.62 - 0.14 * k)
        out.append(poly([(x - w, yb), (x, yb - s * 0.95), (x + w, yb)], col, INK, OL))
    return out


def prop_bush(x, y, s, rng, col=LEAF):
    pts = ellipse_pts(x, y - s * 0.4, s * 0.8, s * 0.45, k=24, wobble=0.1, rng=rng, lobes=4, lobe_amp=0.08)
    return [poly(pts, col, INK, OL), circle(x - s * 0.2, y - s * 0.55, s * 0.12, "#c0392b")]


def prop_house(x, y, s, rng, roof=None, wall=WALL):
    roof = roof or rng.choice((ROOF_RED, ROOF_BROWN, ROOF_SLATE, "#9c5a2a"))
    w, h = s * 0.85, s * 0.8
    front = rect_pts(x - w, y - h, 2 * w, h)
    rf = [(x - w - s * 0.12, y - h), (x - w * 0.35, y - h - s * 0.75), (x + w * 0.35, y - h - s * 0.75),
          (x + w + s * 0.12, y - h)]
    out = [ell(x, y, w * 1.1, s * 0.18, INK, opacity=0.2), poly(front, wall, INK, OL), poly(rf, roof, INK, OL),
           poly(rect_pts(x - w * 0.15, y - h * 0.55, w * 0.32, h * 0.55), "#6a4428", INK, 1.0),
           poly(rect_pts(x + w * 0.4, y - h * 0.7, w * 0.3, h * 0.28), "#3a4e66", INK, 0.8),
           poly(rect_pts(x - w * 0.72, y - h * 0.7, w * 0.3, h * 0.28), "#3a4e66", INK, 0.8)]
    if rng.random() < 0.5:
        out.append(poly(rect_pts(x + w * 0.3, y - h - s * 0.85, s * 0.18, s * 0.4), BRICK, INK, 1.0))
    return out


def prop_hall(x, y, s, rng, roof=ROOF_SLATE):
    """A long hall with tall windows (guild hall, manor)."""
    w, h = s * 0.95, s * 0.75
    out = [ell(x, y, w * 1.1, s * 0.18, INK, opacity=0.2), poly(rect_pts(x - w, y - h, 2 * w, h), WALL, INK, OL),
           poly([(x - w - s * 0.1, y - h), (x - w * 0.7, y - h - s * 0.6), (x + w * 0.7, y - h - s * 0.6),
                 (x + w + s * 0.1, y - h)], roof, INK, OL)]
    for k in range(4):
        wx = x - w * 0.75 + k * w * 0.5
        out.append(poly([(wx - w * 0.08, y - h * 0.2), (wx - w * 0.08, y - h * 0.7), (wx, y - h * 0.82),
                         (wx + w * 0.08, y - h * 0.7), (wx + w * 0.08, y - h * 0.2)], "#3a4e66", INK, 0.8))
    out += [line([(x, y - h - s * 0.6), (x, y - h - s * 1.05)], INK, 1.2),
            poly([(x, y - h - s * 1.05), (x + s * 0.35, y - h - s * 0.95), (x, y - h - s * 0.85)], "#c0392b", INK, 0.8)]
    return out


def prop_church(x, y, s, rng, big=False):
    """A church: nave and a steeple (abbey, monastery, cathedral)."""
    w, h = s * 0.75, s * 0.7
    out = [ell(x, y, s * 1.0, s * 0.2, INK, opacity=0.2),
           poly(rect_pts(x - w * 0.3, y - h, w * 1.25, h), STONE_L, INK, OL),
           poly([(x - w * 0.35, y - h), (x + w * 0.15, y - h - s * 0.5), (x + w * 0.95, y - h - s * 0.5),
                 (x + w, y - h)], ROOF_SLATE, INK, OL)]
    tw = w * 0.34
    tx = x - w * 0.62
    out += [poly(rect_pts(tx - tw, y - h * 1.9, 2 * tw, h * 1.9), STONE_L, INK, OL),
            poly([(tx - tw * 1.15, y - h * 1.9), (tx, y - h * 1.9 - s * (1.1 if big else 0.7)),
                  (tx + tw * 1.15, y - h * 1.9)], ROOF_SLATE, INK, OL)]
    top = y - h * 1.9 - s * (1.1 if big else 0.7)
    out += [line([(tx, top), (tx, top - s * 0.3)], INK, 1.4), line([(tx - s * 0.1, top - s * 0.2),
                                                                    (tx + s * 0.1, top - s * 0.2)], INK, 1.4),
            poly([(tx - tw * 0.35, y - h * 1.1), (tx - tw * 0.35, y - h * 1.45), (tx, y - h * 1.6),
                  (tx + tw * 0.35, y - h * 1.45), (tx + tw * 0.35, y - h * 1.1)], "#3a4e66", INK, 0.8)]
    out.append(circle(x + w * 0.35, y - h * 0.55, s * 0.14, "#9a3a5a", INK, 0.8))
    if big:
        tx2 = x + w * 1.1
        out += [poly(rect_pts(tx2 - tw, y - h * 1.6, 2 * tw, h * 1.6), STONE_L, INK, OL),
                poly([(tx2 - tw * 1.15, y - h * 1.6), (tx2, y - h * 1.6 - s * 0.9), (tx2 + tw * 1.15, y - h * 1.6)],
                     ROOF_SLATE, INK, OL)]
    return out


def prop_tower(x, y, s, rng, roof=MAGIC, wall=STONE_L, stars=True):
    """A round tower with a conical roof (the wizards' tower)."""
    w = s * 0.38
    out = [ell(x, y, s * 0.6, s * 0.18, INK, opacity=0.2),
           poly([(x - w, y), (x - w * 0.85, y - s * 1.7), (x + w * 0.85, y - s * 1.7), (x + w, y)], wall, INK, OL),
           poly([(x - w * 1.3, y - s * 1.7), (x + w * 0.2, y - s * 2.8), (x + w * 1.3, y - s * 1.7)], roof, INK, OL),
           poly([(x - w * 0.3, y - s * 1.0), (x - w * 0.3, y - s * 1.25), (x, y - s * 1.35), (x + w * 0.3, y - s * 1.25),
                 (x + w * 0.3, y - s * 1.0)], "#f5d76e", INK, 0.8),
           poly(rect_pts(x - w * 0.3, y - s * 0.45, w * 0.6, s * 0.45), "#5a3a22", INK, 0.8)]
    if stars:
        out += [poly(star_pts(x + w * 0.2, y - s * 2.9, s * 0.22, s * 0.08, 5), GOLD, INK, 0.8),
                poly(star_pts(x - w * 0.3, y - s * 2.1, s * 0.12, s * 0.05, 5), GOLD)]
    return out


def prop_keep(x, y, s, rng):
    """A square stone keep with battlements and a banner."""
    w = s * 0.6
    out = [ell(x, y, s * 0.85, s * 0.2, INK, opacity=0.2),
           poly(rect_pts(x - w, y - s * 1.5, 2 * w, s * 1.5), STONE, INK, OL)]
    for k in range(4):
        out.append(poly(rect_pts(x - w + k * w * 0.55, y - s * 1.72, w * 0.34, s * 0.24), STONE, INK, OL))
    out += [poly([(x - w * 0.3, y), (x - w * 0.3, y - s * 0.45), (x, y - s * 0.6), (x + w * 0.3, y - s * 0.45),
                  (x + w * 0.3, y)], "#3a2a1c", INK, 0.8),
            poly(rect_pts(x - w * 0.12, y - s * 1.15, w * 0.24, s * 0.3), INK),
            line([(x + w * 0.8, y - s * 1.72), (x + w * 0.8, y - s * 2.3)], INK, 1.2),
            poly([(x + w * 0.8, y - s * 2.3), (x + w * 1.5, y - s * 2.18), (x + w * 0.8, y - s * 2.05)], "#2f5fa8",
                 INK, 0.8)]
    return out


def prop_rock(x, y, s, rng, col=STONE):
    pts = ellipse_pts(x, y - s * 0.35, s * 0.8, s * 0.5, k=9, wobble=0.18, rng=rng)
    return [poly(pts, col, INK, OL), line([(x - s * 0.3, y - s * 0.55), (x + s * 0.1, y - s * 0.7)],
                                          mix(col, "#ffffff", 0.4), 1.6)]


def prop_cliff(x, y, s, rng):
    """Quarry cliffs: stepped grey rock faces."""
    out = []
    for k, (dx, dy, w, h) in enumerate(((-0.5, 0, 0.6, 1.1), (0.35, 0.05, 0.55, 0.8), (-0.05, 0.15, 0.5, 0.55))):
        bx, by = x + dx * s, y + dy * s
        face = [(bx - w * s, by), (bx - w * s * 0.8, by - h * s), (bx + w * s * 0.6, by - h * s * 1.05),
                (bx + w * s, by)]
        out += [poly(face, [STONE, STONE_L, STONE][k], INK, OL),
                line([(bx - w * s * 0.3, by - h * s * 0.8), (bx - w * s * 0.2, by - h * s * 0.2)], STONE_D, 1.2)]
    return out


def prop_block(x, y, s, rng):
    front, top, side = brick_pts(x - s * 0.6, y - s * 0.6, s * 1.0, s * 0.6, s * 0.3)
    return outlined([(top, STONE_L), (side, STONE_D), (front, STONE)], OL)


def prop_standing(x, y, s, rng):
    slab = [(x - s * 0.3, y), (x - s * 0.35, y - s * 1.1), (x - s * 0.1, y - s * 1.35), (x + s * 0.3, y - s * 1.2),
            (x + s * 0.3, y)]
    return [ell(x, y, s * 0.45, s * 0.12, INK, opacity=0.25), poly(slab, STONE, INK, OL),
            line([(x - s * 0.15, y - s * 1.0), (x - s * 0.18, y - s * 0.3)], STONE_L, 1.4)]


def prop_field(x, y, s, rng, col=GRAIN, stripe=GRAIN_D):
    """A field seen from above: a rounded patch with furrows (flat: drawn under the rest)."""
    pts = ellipse_pts(x, y - s * 0.3, s * 0.95, s * 0.6, deg=rng.uniform(-20, 20), k=8, wobble=0.05, rng=rng)
    out = [poly(pts, col, mix(col, "#000000", 0.35), OL)]
    for k in range(-3, 4):
        out.append(line([(x - s * 0.7 + k * 0.04 * s, y - s * 0.3 + k * s * 0.13),
                         (x + s * 0.7 + k * 0.04 * s, y - s * 0.3 + k * s * 0.13 - s * 0.08)], stripe, 1.1,
                        opacity=0.7))
    return out


def prop_haystack(x, y, s, rng):
    pts = [(x - s * 0.6, y)] + arc(x, y, s * 0.6, 180, 360, 2, ry=s * 0.9) + [(x + s * 0.6, y)]
    return [ell(x, y, s * 0.7, s * 0.15, INK, opacity=0.2), poly(pts, GRAIN_L, INK, OL),
            line(arc(x, y, s * 0.42, 200, 340, 2, ry=s * 0.6), GRAIN_D, 1.2)]


def prop_pit(x, y, s, rng):
    """A clay pit: a dug hollow of orange clay with a puddle."""
    outer = ellipse_pts(x, y - s * 0.3, s * 0.95, s * 0.55, k=20, wobble=0.1, rng=rng)
    inner = ellipse_pts(x + s * 0.05, y - s * 0.25, s * 0.65, s * 0.33, k=18, wobble=0.1, rng=rng)
    return [poly(outer, "#d08a52", INK, OL), poly(inner, "#a85a2e"),
            poly(ellipse_pts(x + s * 0.2, y - s * 0.2, s * 0.25, s * 0.1, k=12), WATER, opacity=0.8)]


def prop_kiln(x, y, s, rng):
    """A beehive brick kiln with smoke."""
    dome = [(x - s * 0.6, y)] + arc(x, y, s * 0.6, 180, 360, 2, ry=s * 0.8) + [(x + s * 0.6, y)]
    return [ell(x, y, s * 0.7, s * 0.15, INK, opacity=0.2), poly(dome, BRICK, INK, OL),
            poly([(x - s * 0.2, y)] + arc(x, y, s * 0.2, 180, 360, 2, ry=s * 0.3) + [(x + s * 0.2, y)], "#f08a2a",
                 INK, 0.8),
            line(spline([(x, y - s * 0.8), (x + s * 0.2, y - s * 1.1), (x - s * 0.1, y - s * 1.4),
                         (x + s * 0.15, y - s * 1.7)], step=1.5), "#b0a8a0", s * 0.18, opacity=0.8)]


def prop_logs(x, y, s, rng):
    return [place(icon_wood(), x, y - s * 0.5, s * 1.6)]


def prop_tent(x, y, s, rng, col=None):
    col = col or rng.choice(("#c0392b", "#2f5fa8", "#d4a017", "#2f7a4a"))
    body = [(x - s * 0.8, y), (x, y - s * 1.3), (x + s * 0.8, y)]
    out = [ell(x, y, s * 0.85, s * 0.15, INK, opacity=0.2), poly(body, CREAM, INK, OL)]
    for k in (-1, 1):
        out.append(poly([(x + k * s * 0.27, y), (x, y - s * 1.3), (x + k * s * 0.53, y)], col))
    out += [poly(body, "none", INK, OL), poly([(x - s * 0.2, y), (x, y - s * 0.55), (x + s * 0.2, y)], "#4a2a1a"),
            line([(x, y - s * 1.3), (x, y - s * 1.75)], INK, 1.1),
            poly([(x, y - s * 1.75), (x + s * 0.4, y - s * 1.65), (x, y - s * 1.55)], col, INK, 0.7)]
    return out


def prop_fence(x, y, s, rng):
    """The tilt barrier of the lists: a striped rail."""
    out = [line([(x - s, y - s * 0.4), (x + s, y - s * 0.4)], INK, s * 0.28)]
    for k in range(5):
        xa = x - s + k * s * 0.4
        out.append(line([(xa, y - s * 0.4), (xa + s * 0.4, y - s * 0.4)], "#c0392b" if k % 2 else CREAM, s * 0.18,
                        cap="butt"))
    for xa in (x - s * 0.9, x, x + s * 0.9):
        out.append(line([(xa, y), (xa, y - s * 0.5)], WOOD_D, 1.6))
    return out


def prop_watchtower(x, y, s, rng):
    """A wooden watchtower on four legs."""
    out = [ell(x, y, s * 0.6, s * 0.15, INK, opacity=0.2)]
    for a, b in (((-0.45, 0), (-0.3, -1.5)), ((0.45, 0), (0.3, -1.5)), ((-0.45, 0), (0.3, -1.0)),
                 ((0.45, 0), (-0.3, -1.0))):
        out.append(line([(x + a[0] * s, y + a[1] * s), (x + b[0] * s, y + b[1] * s)], WOOD_D, 1.8))
    out += [poly(rect_pts(x - s * 0.5, y - s * 1.85, s, s * 0.4), WOOD, INK, OL),
            poly([(x - s * 0.6, y - s * 1.85), (x, y - s * 2.4), (x + s * 0.6, y - s * 1.85)], ROOF_BROWN, INK, OL)]
    return out


def prop_crane(x, y, s, rng):
    """A builders' treadwheel crane with a hanging block."""
    out = [ell(x, y, s * 0.7, s * 0.15, INK, opacity=0.2),
           line([(x - s * 0.4, y), (x, y - s * 1.8)], WOOD_D, 2.2), line([(x + s * 0.3, y), (x, y - s * 1.8)], WOOD_D, 2.2),
           line([(x - s * 0.3, y - s * 1.6), (x + s * 0.9, y - s * 1.9)], WOOD, 2.6),
           line([(x + s * 0.85, y - s * 1.88), (x + s * 0.85, y - s * 0.9)], INK, 0.9),
           poly(rect_pts(x + s * 0.7, y - s * 0.9, s * 0.3, s * 0.25), STONE, INK, 0.8),
           circle(x - s * 0.25, y - s * 0.45, s * 0.42, "none", WOOD_D, 1.8)]
    return out


def prop_scaffold(x, y, s, rng):
    """A half-built wall in scaffolding."""
    out = [poly(rect_pts(x - s * 0.8, y - s * 0.7, s * 1.6, s * 0.7), STONE_L, INK, OL)]
    for k in range(3):
        out.append(line([(x - s * 0.8, y - s * 0.23 * (k + 1)), (x + s * 0.8, y - s * 0.23 * (k + 1))], STONE_D, 0.8))
    for xa in (x - s * 0.9, x, x + s * 0.9):
        out.append(line([(xa, y), (xa, y - s * 1.3)], WOOD_D, 1.6))
    out.append(line([(x - s * 0.95, y - s * 1.0), (x + s * 0.95, y - s * 1.0)], WOOD, 2))
    return out


def prop_windmill(x, y, s, rng):
    body = [(x - s * 0.35, y), (x - s * 0.25, y - s * 1.2), (x + s * 0.25, y - s * 1.2), (x + s * 0.35, y)]
    out = [ell(x, y, s * 0.5, s * 0.13, INK, opacity=0.2), poly(body, WALL, INK, OL),
           poly([(x - s * 0.32, y - s * 1.2), (x, y - s * 1.55), (x + s * 0.32, y - s * 1.2)], ROOF_BROWN, INK, OL)]
    hub = (x, y - s * 1.25)
    for k in range(4):
        a = math.radians(35 + 90 * k)
        tip = (hub[0] + s * 1.0 * math.cos(a), hub[1] + s * 1.0 * math.sin(a))
        side = (hub[0] + s * 0.9 * math.cos(a + 0.22), hub[1] + s * 0.9 * math.sin(a + 0.22))
        out.append(poly([hub, tip, side], CREAM, INK, 1.0))
    out.append(circle(hub[0], hub[1], s * 0.08, INK))
    return out


def prop_stall(x, y, s, rng):
    return [place(stall_items(), x, y - s * 0.75, s * 1.8)]


def prop_mine(x, y, s, rng):
    """A hill with a timbered mine entrance and a cart of silver ore."""
    hill = [(x - s, y)] + arc(x, y, s, 180, 360, 2, ry=s * 0.95) + [(x + s, y)]
    door = [(x - s * 0.32, y), (x - s * 0.32, y - s * 0.45)] + arc(x, y - s * 0.45, s * 0.32, 180, 360, 2) + \
        [(x + s * 0.32, y)]
    return [poly(hill, "#8a8a70", INK, OL), poly(door, "#1e1610", WOOD_D, 2.2),
            line([(x - s * 0.4, y - s * 0.8), (x + s * 0.4, y - s * 0.8)], WOOD_D, 2.2),
            poly(ellipse_pts(x + s * 0.5, y - s * 0.12, s * 0.28, s * 0.12, k=12), STEEL_L, INK, 0.8),
            poly(star_pts(x + s * 0.55, y - s * 0.3, s * 0.14, s * 0.05, 4, 0), WHITE)]


def prop_well(x, y, s, rng):
    return [ell(x, y - s * 0.2, s * 0.5, s * 0.2, STONE, INK, OL),
            poly(rect_pts(x - s * 0.5, y - s * 0.45, s, s * 0.45), STONE, INK, OL),
            line([(x - s * 0.45, y - s * 0.45), (x - s * 0.45, y - s * 1.1)], WOOD_D, 1.5),
            line([(x + s * 0.45, y - s * 0.45), (x + s * 0.45, y - s * 1.1)], WOOD_D, 1.5),
            poly([(x - s * 0.6, y - s * 1.1), (x, y - s * 1.4), (x + s * 0.6, y - s * 1.1)], ROOF_RED, INK, 1.0)]


def prop_deer(x, y, s, rng):
    """A stag standing: the hunting lodge's quarry."""
    body = ellipse_pts(x, y - s * 0.75, s * 0.5, s * 0.22, k=20)
    out = []
    for dx in (-0.35, -0.2, 0.25, 0.4):
        out.append(line([(x + dx * s, y - s * 0.65), (x + dx * s, y)], "#7a4a22", 1.6))
    out += [poly(body, "#a0622e", INK, 1.0),
            poly([(x + s * 0.35, y - s * 0.85), (x + s * 0.55, y - s * 1.25), (x + s * 0.7, y - s * 1.2),
                  (x + s * 0.55, y - s * 0.8)], "#a0622e", INK, 1.0),
            line([(x + s * 0.58, y - s * 1.25), (x + s * 0.5, y - s * 1.6), (x + s * 0.4, y - s * 1.7)], "#5a3a1a", 1.2),
            line([(x + s * 0.65, y - s * 1.25), (x + s * 0.8, y - s * 1.6), (x + s * 0.95, y - s * 1.65)], "#5a3a1a", 1.2)]
    return out


def prop_pond(x, y, s, rng):
    pts = ellipse_pts(x, y - s * 0.3, s * 0.9, s * 0.5, k=20, wobble=0.08, rng=rng)
    return [poly(pts, WATER, WATER_D, OL), line([(x - s * 0.3, y - s * 0.4), (x + s * 0.1, y - s * 0.4)], WHITE, 1.2,
                                                  opacity=0.7)]


def prop_banner(x, y, s, rng):
    col = rng.choice(("#c0392b", "#2f5fa8", "#d4a017"))
    return [line([(x, y), (x, y - s * 1.8)], WOOD_D, 1.6),
            poly([(x, y - s * 1.8), (x + s * 0.7, y - s * 1.65), (x, y - s * 1.45)], col, INK, 0.8)]


PROPS = {
    "tree": prop_tree, "pine": prop_pine, "bush": prop_bush, "house": prop_house, "hall": prop_hall,
    "church": prop_church, "cathedral": lambda x, y, s, rng: prop_church(x, y, s, rng, big=True),
    "tower": prop_tower, "keep": prop_keep, "rock": prop_rock, "cliff": prop_cliff, "block": prop_block,
    "standing": prop_standing, "field": prop_field, "haystack": prop_haystack, "pit": prop_pit, "kiln": prop_kiln,
    "logs": prop_logs, "tent": prop_tent, "fence": prop_fence, "watchtower": prop_watchtower, "crane": prop_crane,
    "scaffold": prop_scaffold, "windmill": prop_windmill, "stall": prop_stall, "mine": prop_mine, "well": prop_well,
    "deer": prop_deer, "pond": prop_pond, "banner": prop_banner,
    "oak": lambda x, y, s, rng: prop_tree(x, y, s, rng, "#3f7a2a"),
    "inn": lambda x, y, s, rng: prop_house(x, y, s, rng, roof=ROOF_BROWN) + [
        line([(x + s * 0.95, y - s * 0.7), (x + s * 1.25, y - s * 0.7)], INK, 1.2),
        place(icon_mug(), x + s * 1.2, y - s * 0.4, s * 0.5)],
    "manor": lambda x, y, s, rng: prop_hall(x, y, s, rng, roof=ROOF_RED),
    "lodge": lambda x, y, s, rng: prop_house(x, y, s, rng, roof=LEAF_D, wall=WOOD_L),
    "cottage": lambda x, y, s, rng: prop_house(x, y, s, rng, roof=GRAIN_D),
}
FLAT_PROPS = {"field", "pit", "pond"}

# Each country tile's scenery: ground colour, landmark props (biggest first) and filler props.
COUNTRY_SCENES = {
    "K01": (LEAF_L, ["oak", "pine"], ["tree", "pine", "oak", "pine", "bush"]),
    "K02": ("#b9b06a", ["pit", "pit"], ["pit", "bush", "rock", "tree"]),
    "K03": ("#a9b48a", ["cliff", "block"], ["rock", "block", "rock", "bush"]),
    "K04": (GRASS_L, ["field", "field"], ["field", "haystack", "field", "tree"]),
    "K05": (GRASS, ["house", "logs"], ["pine", "house", "logs", "tree"]),
    "K06": (GRASS, ["kiln", "house"], ["pit", "kiln", "house", "bush"]),
    "K07": (GRASS_L, ["windmill", "field"], ["field", "haystack", "tree", "house"]),
    "K08": (GRASS, ["stall", "house"], ["house", "stall", "house", "well", "tree"]),
    "K09": (GRASS, ["house"], ["tree", "bush", "rock", "tree"]),
    "K10": (GRASS, ["church"], ["tree", "field", "bush", "tree"]),
    "K11": ("#a9c070", ["standing", "standing", "standing"], ["standing", "standing", "rock", "bush"]),
    "K12": (LEAF_L, ["oak", "standing"], ["oak", "tree", "bush", "oak"]),
    "K13": (GRASS, ["manor", "banner"], ["tree", "bush", "banner", "well"]),
    "K14": (GRASS, ["keep"], ["rock", "tree", "banner", "bush"]),
    "K15": (GRASS_L, ["fence", "tent"], ["tent", "banner", "tent", "tree"]),
    "K16": ("#9cb86a", ["tower"], ["standing", "pine", "rock", "bush"]),
    "K17": (GRASS, ["inn", "well"], ["house", "tree", "bush", "haystack"]),
    "K18": (GRASS, ["hall", "house"], ["house", "tree", "banner", "bush"]),
    "K19": ("#b8b47a", ["crane", "scaffold"], ["block", "logs", "block", "tent"]),
    "K20": (GRASS, ["watchtower"], ["pine", "rock", "tree", "bush"]),
    "K21": (GRASS_L, ["tent", "stall"], ["tent", "banner", "stall", "tent"]),
    "K22": (LEAF_L, ["lodge", "deer"], ["pine", "pine", "tree", "pine"]),
    "K23": ("#a4ae82", ["mine", "rock"], ["rock", "pine", "rock", "pine"]),
    "K24": (GRASS, ["church", "field"], ["tree", "field", "well", "bush"]),
    "K25": (GRASS, ["cathedral", "house"], ["house", "house", "tree", "house"]),
}
CITY_ICONS = {
    "C01": "W", "C02": "B", "C03": "S", "C04": "G", "C05": "coins", "C06": "government", "C07": "hire",
    "C08": "upgrade", "C09": "spell", "C10": "plan", "C11": "build_tile", "C12": "fountain", "C13": "roads",
    "C14": "market", "C15": "council", "C16": "mug", "C17": "lance", "C18": "merchants",
}
# a city tile's big icon stands for these action icons: their number goes on it
SAME_ICON = {"coins": "$", "fountain": "C", "market": "trade", "lance": "upgrade", "mug": "hire",
             "council": "government", "merchants": None, "roads": "planks"}


# how tall a prop is, in its half widths s (from its foot up)
PROP_H = {"tree": 2.15, "oak": 2.15, "pine": 2.35, "tower": 3.0, "church": 2.4, "cathedral": 2.8, "keep": 2.35,
          "watchtower": 2.4, "tent": 1.8, "crane": 2.0, "windmill": 2.3, "banner": 1.9, "standing": 1.4,
          "kiln": 1.8, "mine": 1.0, "deer": 1.7, "inn": 1.7}


def prop_circles(x, foot, s, h):
    """Circles covering a prop of half width s and height h*s standing at (x, foot)."""
    n = max(2, int(math.ceil(h / 0.8)))
    return [((x, foot - s * 0.45 - (h - 0.9) * s * k / (n - 1)), s * (0.9 - 0.25 * k / (n - 1))) for k in range(n)]


def fit(lay, x, foot, h, want, taken):
    """The largest half width (up to want) a prop of height h may have standing at (x, foot)."""
    def ok(s):
        for q, r in prop_circles(x, foot, s, h):
            if lay.clearance(q, 1.5) < r:
                return False
            for q2, r2 in taken:
                if dist(q, q2) < r + r2 * 0.8:
                    return False
        return True
    lo, hi = 0.0, want
    if not ok(lo + 4):
        return 0.0
    for _ in range(8):
        mid = (lo + hi) / 2
        if ok(mid):
            lo = mid
        else:
            hi = mid
    return lo


def scatter(lay, rng, names, landmarks, big=34.0, small=17.0, fill=18):
    """Place landmark props (large) and filler props: [(name, x, foot, s)], flat ones first, then by foot."""
    placed = []
    taken = []
    jobs = [(name, big, 260, 12.0) for name in landmarks] + \
        [(names[k % len(names)], rng.uniform(small * 0.7, small * 1.2), 60, 6.0) for k in range(fill)]
    for name, want, tries, minimum in jobs:
        h = PROP_H.get(name, 1.7)
        best = None
        for _ in range(tries):
            x, foot = rng.uniform(20, 236), rng.uniform(14, 252)
            s = fit(lay, x, foot, h, want, taken)
            if s >= minimum and (best is None or s + rng.uniform(0, 1) > best[0]):
                best = (s, x, foot)
        if best:
            s, x, foot = best
            placed.append((name, x, foot, s))
            taken += prop_circles(x, foot, s, h)
    placed.sort(key=lambda t: (t[0] not in FLAT_PROPS, t[2]))
    return placed


# --------------------------------------------------------------------------
# tile drawing
# --------------------------------------------------------------------------


def hex_ground(doc, fill_lt, fill_dk):
    g = doc.radial(MID - 30, MID - 40, 170, [(0, fill_lt), (1, fill_dk)])
    return poly(hex_corners(), g)


def draw_stubs(doc, lay, paved):
    verge, surface = (PAVE_D, PAVE) if paved else (DIRT_D, DIRT)
    out = []
    for side, a, b in lay.stubs:
        out.append(EXACT.line([a, b], verge, ROAD_W + 2 * ROAD_RIM, cap="butt"))
    for side, a, b in lay.stubs:
        out.append(EXACT.el("path", id=f"road-{side}", d=EXACT.d_of([a, b], close=False), fill="none", stroke=surface,
                            stroke_width=ROAD_W, stroke_linecap="butt"))
        ang = math.radians(SIDE_ANGLE[side])
        nx, ny = -math.sin(ang), math.cos(ang)
        length = dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        if paved:                               # setts across the street
            for k in range(1, int(length / 9)):
                c = (a[0] + ux * k * 9, a[1] + uy * k * 9)
                out.append(line([(c[0] - nx * ROAD_W * 0.45, c[1] - ny * ROAD_W * 0.45),
                                 (c[0] + nx * ROAD_W * 0.45, c[1] + ny * ROAD_W * 0.45)], PAVE_D, 1.0, cap="butt",
                                opacity=0.55))
        else:                                   # wheel ruts and a grass strip
            for off, col, w in ((-5.5, DIRT_D, 1.6), (5.5, DIRT_D, 1.6), (0, GRASS_D, 2.2)):
                out.append(line([(a[0] + nx * off + ux * 3, a[1] + ny * off + uy * 3),
                                 (b[0] + nx * off, b[1] + ny * off)], col, w, opacity=0.55))
    return out


def hex_rim(opacity=0.55):
    """A thin line round the hex, so tiles read as tiles; inset so it never leaves the box."""
    return poly(hex_corners(MID, MID, HEX_R - 1.2), "none", INK, 2.4, opacity=opacity)


def item_layout(n, cx, cy, r):
    """Centres and size of n action icons inside a circle of radius r."""
    if n <= 1:
        return [(cx, cy)], r * 1.3
    if n == 2:
        return [(cx - r * 0.47, cy), (cx + r * 0.47, cy)], r * 0.92
    if n == 3:
        return [(cx - r * 0.45, cy - r * 0.3), (cx + r * 0.45, cy - r * 0.3), (cx, cy + r * 0.44)], r * 0.8
    pts = [(cx - r * 0.4, cy - r * 0.38), (cx + r * 0.4, cy - r * 0.38), (cx - r * 0.4, cy + r * 0.38),
           (cx + r * 0.4, cy + r * 0.38)]
    return pts[:n], r * 0.66


def draw_items(items, cx, cy, r):
    """Action icons with their count badges, fitted in a circle."""
    pts, size = item_layout(len(items), cx, cy, r)
    out = []
    for (name, badge), (x, y) in zip(items, pts):
        out.append(place(icon(name), x, y, size))
    for (name, badge), (x, y) in zip(items, pts):
        if badge:
            br = size * (0.2 if len(badge) == 1 else 0.24)
            fill = RED_NO if badge.startswith("-") else INK
            out += count_badge(badge, x + size * 0.36, y + size * 0.32, br, fill)
    return out


def draw_cost(costs, cx, cy, r, ring=INK):
    """A cost badge: resource icons with counts in a parchment disc."""
    items = [(k, str(n)) for k, n in sorted(costs.items(), key=lambda kv: RESOURCE_ORDER.index(kv[0]))]
    out = [circle(cx, cy, r, PARCH, ring, 2.6)]
    pts, size = item_layout(len(items), cx, cy, r * 0.98)
    size = min(size, r * 0.95)
    for (k, n), (x, y) in zip(items, pts):
        out.append(place(icon(k), x - size * 0.08, y, size * 0.95))
    for (k, n), (x, y) in zip(items, pts):
        out += count_badge(n, x + size * 0.3, y + size * 0.26, size * 0.24)
    return out


def city_plaza(doc, spec):
    """The plaza where the streets meet: a paved ring, the action roundel, its big icon and number."""
    out = [circle(MID, MID, PLAZA_R + 1.5, PAVE_D), circle(MID, MID, PLAZA_R - 1.5, PAVE)]
    for k in range(24):
        a = math.radians(k * 15)
        out.append(line([(MID + 52 * math.cos(a), MID + 52 * math.sin(a)), (MID + 60 * math.cos(a),
                                                                             MID + 60 * math.sin(a))], PAVE_D, 1.0,
                        opacity=0.6))
    g = doc.radial(MID - 14, MID - 18, 70, [(0, "#fffaf0"), (1, "#efe0bc")])
    out += [circle(MID, MID, 51, g, "#6a5232", 3.2), circle(MID, MID, 46, "none", "#c9b07a", 1.4)]
    items = action_items(spec.action)
    big = CITY_ICONS.get(spec.id, items[0][0] if items else "government")
    badge = None
    extras = []
    for name, b in items:
        if badge is None and (name == big or SAME_ICON.get(big) == name) and name not in [e[0] for e in extras]:
            badge = b or ""
        else:
            extras.append((name, b))
    if extras:
        out.append(place(icon(big), MID, MID - 12, 66))
        n = len(extras)
        for i, (name, b) in enumerate(extras):
            x = MID + (i - (n - 1) / 2) * 30
            out += [circle(x, MID + 30, 14.5, CREAM, "#6a5232", 1.6), place(icon(name), x, MID + 30, 24)]
            if b:
                out += count_badge(b, x + 12, MID + 38, 7.5, RED_NO if b.startswith("-") else INK)
    else:
        out.append(place(icon(big), MID, MID - 2, 80))
    if badge:
        out += count_badge(badge, MID + 32, MID + 30, 14, RED_NO if badge.startswith("-") else INK)
    return out


def label_badge(label):
    """The city tile's 2+/3+/4+ label: a small shield with the digits."""
    x, y = LABEL_C
    r = LABEL_R
    shield = [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x + r, y), (x, y + r), (x - r, y)]
    return [poly(shield, "#2f4a7a", GOLD, 2.2)] + numeral(label, x, y - r * 0.12, r * 0.95, WHITE, 3.2, advance=0.7)


def city_walls(lay):
    """A crenellated town wall along each edge without a street."""
    out = []
    open_sides = [s for s in SIDE_ANGLE if s not in [st for st, _, _ in lay.stubs]]
    inset = 12.0
    for side in open_sides:
        ang = SIDE_ANGLE[side]
        # the edge's corners sit at ang -30 and ang +30 degrees; the wall runs parallel to it, `inset` inside
        rr = (HEX_APO - inset) / math.cos(math.radians(30))
        a = (MID + rr * math.cos(math.radians(ang - 30)), MID + rr * math.sin(math.radians(ang - 30)))
        b = (MID + rr * math.cos(math.radians(ang + 30)), MID + rr * math.sin(math.radians(ang + 30)))
        a2 = (a[0] + (b[0] - a[0]) * 0.1, a[1] + (b[1] - a[1]) * 0.1)
        b2 = (a[0] + (b[0] - a[0]) * 0.9, a[1] + (b[1] - a[1]) * 0.9)
        ox, oy = math.cos(math.radians(ang)) * 5, math.sin(math.radians(ang)) * 5
        top = [(a2[0] + ox, a2[1] + oy), (b2[0] + ox, b2[1] + oy)]
        out += [line([a2, b2], INK, 13, cap="butt"), line(top, INK, 8, cap="butt", stroke_dasharray="6 5"),
                line([a2, b2], STONE_L, 10, cap="butt"), line(top, STONE, 5, cap="butt", stroke_dasharray="5 6"),
                line([(a2[0] - ox * 0.4, a2[1] - oy * 0.4), (b2[0] - ox * 0.4, b2[1] - oy * 0.4)], STONE_D, 1.2,
                     cap="butt", stroke_dasharray="9 4")]
        for p in (a2, b2):
            out += [circle(p[0], p[1], 9, STONE, INK, 2), circle(p[0], p[1], 4.5, STONE_D)]
    return out


def cobbles(rng, lay, n=150):
    out = []
    for _ in range(n):
        p = (rng.uniform(14, 242), rng.uniform(10, 246))
        if hex_inside(p) < 5:
            continue
        r = rng.uniform(2.5, 4.5)
        out.append(poly(ellipse_pts(p[0], p[1], r, r * 0.75, deg=rng.uniform(0, 180), k=8), "none", COBBLE_D, 0.9,
                        opacity=0.7))
    return out


def city_tile_svg(spec):
    doc = Doc()
    lay = TileLayout(spec)
    rng = random.Random(f"somerset-{spec.id}")
    doc.add(hex_ground(doc, "#ece2c8", "#d8cbac"))
    doc.add(cobbles(rng, lay))
    doc.add(city_walls(lay))
    doc.add(hex_rim())
    props = scatter(lay, rng, ["house", "house", "house", "tree", "house", "well"], ["house", "house"], big=26,
                    small=16, fill=22)
    for name, x, y, s in props:
        doc.add(PROPS[name](x, y, s, rng))
    doc.add(draw_stubs(doc, lay, paved=True))
    doc.add(city_plaza(doc, spec))
    if spec.label:
        doc.add(label_badge(spec.label))
    return doc


def river(lay, rng):
    """A stream crossing the first road at a stone bridge (the toll bridge): (water, bridge, banks to keep clear)."""
    side, a, b = lay.stubs[0]
    t = 0.45
    c = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    ang = math.radians(SIDE_ANGLE[side] + 90)
    u = (math.cos(ang), math.sin(ang))
    ends = []
    for sgn in (-1, 1):
        k = 0.0
        while hex_inside((c[0] + u[0] * k * sgn, c[1] + u[1] * k * sgn)) > 2 and k < 200:
            k += 4.0
        ends.append((c[0] + u[0] * k * sgn, c[1] + u[1] * k * sgn))
    bend1 = (c[0] - u[0] * 30 + 6, c[1] - u[1] * 30 + 4)
    bend2 = (c[0] + u[0] * 30 - 6, c[1] + u[1] * 30 - 4)
    course = [p for p in spline([ends[0], bend1, c, bend2, ends[1]], step=3) if hex_inside(p) > 9.0]
    ux, uy = (b[0] - a[0]) / dist(a, b), (b[1] - a[1]) / dist(a, b)
    parapets = []
    for sgn in (-1, 1):
        o = (-uy * sgn * (ROAD_W / 2 + 1), ux * sgn * (ROAD_W / 2 + 1))
        parapets.append([(c[0] - ux * 22 + o[0], c[1] - uy * 22 + o[1]), (c[0] + ux * 22 + o[0], c[1] + uy * 22 + o[1])])
    water = [line(course, WATER_D, 30, cap="butt"), line(course, WATER, 24, cap="butt"),
             line(course, "#8cc6ea", 4, cap="butt", opacity=0.6, stroke_dasharray="10 14")]
    bridge = [line(p, INK, 7, cap="butt") for p in parapets] + [line(p, STONE_L, 4.5, cap="butt") for p in parapets]
    return water, bridge, [(q, 16.0) for q in course[::4]]


def country_tile_svg(spec):
    doc = Doc()
    lay = TileLayout(spec)
    rng = random.Random(f"somerset-{spec.id}")
    ground, landmarks, fillers = COUNTRY_SCENES.get(spec.id, (GRASS, ["tree"], ["tree", "bush", "rock"]))
    doc.add(hex_ground(doc, mix(ground, "#ffffff", 0.15), mix(ground, "#000000", 0.12)))
    for _ in range(40):
        p = (rng.uniform(20, 236), rng.uniform(14, 242))
        if hex_inside(p) > 8:
            doc.add(tuft(p[0], p[1], rng.uniform(2, 3.5), mix(ground, "#000000", 0.3)))
    doc.add(hex_rim())
    bridge = []
    if spec.id == "K09":
        water, bridge, banks = river(lay, rng)
        doc.add(water)
        lay.keep_out += banks
    props = scatter(lay, rng, fillers, landmarks, big=44, small=17, fill=18)
    for name, x, y, s in props:
        doc.add(PROPS[name](x, y, s, rng))
    doc.add(draw_stubs(doc, lay, paved=False))
    doc.add(bridge)
    g = doc.radial(MID - 14, MID - 18, 76, [(0, "#fffaf0"), (1, PARCH)])
    doc.add(circle(MID, MID, PLATE_R, g, "#3f5a24", 3.4), circle(MID, MID, PLATE_R - 5, "none", "#9cb86a", 1.6))
    doc.add(draw_items(action_items(spec.action), MID, MID, PLATE_R - 8))
    doc.add(draw_cost(spec.cost, COST_C[0], COST_C[1], COST_R))
    return doc


def tile_svg(spec):
    return city_tile_svg(spec) if spec.kind == "city" else country_tile_svg(spec)


def make_tiles():
    for spec in load_tiles():
        doc = tile_svg(spec)
        check_tile(spec, doc.text())
        save(doc, spec.art)


# --------------------------------------------------------------------------
# seat pieces: workers, road pieces, barricades, claim and track markers
# --------------------------------------------------------------------------


def load_seats(path=SEATS_YAML):
    """[(id, rgb, mark)] from data/seats.yaml."""
    return [(c["id"], c["rgb"], c["mark"]) for c in load_yaml(path)["colours"]]


def lum(color):
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def mark_tone(color):
    """Black marks on light colours, white on dark ones."""
    return "#151515" if lum(color) > 140 else "#ffffff"


def mark_shapes(kind, cx, cy, r, color):
    """A seat's mark (engine/core/marks.py's shapes, via svgkit) in the box of radius r round (cx, cy)."""
    return [KIT.seat_mark(kind, cx, cy, r, color)]


def shades(color):
    """(dark, light) variants of a seat colour for shading."""
    dark = mix(color, "#000000", 0.3) if lum(color) > 60 else "#555555"
    light = mix(color, "#ffffff", 0.35)
    return dark, light


HALO = "#fff8e6"


def with_halo(parts, ow, halo_w=7.0, halo_op=0.6):
    """Outlined silhouette with a soft light halo so dark pieces read on any ground."""
    return [poly(p, HALO, HALO, ow + halo_w, opacity=halo_op) for p, _ in parts] + outlined(parts, ow)


FIG_W, FIG_H = 128.0, 160.0       # a standing worker's box; the feet stand on FOOT_Y
FOOT_Y = 150.0
SKIN = "#e3b48a"
WORKER_KINDS = ("peasant", "knight", "wizard")


def legs(x0, x1, top, col):
    out = []
    for x in (x0, x1):
        out.append((rrect_pts(x - 7, top, 14, FOOT_Y - top, 4), col))
    return out


def peasant_figure(color, mark):
    """A peasant: a short tunic figure in a wide straw hat, a hoe over the shoulder."""
    dark, light = shades(color)
    hoe_shaft = tube([(22, 150), (102, 34)], [3.4, 3.4])
    blade = [(96, 30), (118, 40), (116, 48), (100, 42)]
    tunic = spline([(64, 80), (84, 84), (92, 100), (94, 134), (64, 138), (34, 134), (36, 100), (44, 84)],
                   closed=True, step=2)
    arm_r = tube(spline([(84, 88), (90, 104), (78, 116)], step=2), [7] * 40)
    arm_l = tube(spline([(44, 88), (40, 104), (50, 118)], step=2), [7] * 40)
    head = ellipse_pts(64, 68, 14, 15, k=32)
    brim = ellipse_pts(64, 58, 33, 8, k=40)
    crown = spline([(48, 58), (50, 40), (64, 36), (78, 40), (80, 58)], step=2)
    parts = [(hoe_shaft, WOOD), (blade, STEEL)] + legs(54, 74, 128, "#6e5032") + \
        [(tunic, color), (arm_l, color), (arm_r, color), (head, SKIN), (crown, GRAIN_L), (brim, GRAIN_L)]
    hands = [(ellipse_pts(78, 118, 6, 6, k=16), SKIN), (ellipse_pts(51, 120, 6, 6, k=16), SKIN)]
    out = with_halo(parts + hands, 4.0)
    out += [line([(36, 124), (92, 124)], dark, 5), line(spline([(50, 46), (64, 44), (78, 46)], step=2), "#a0302a", 4),
            circle(58, 70, 1.8, INK), circle(70, 70, 1.8, INK), line([(59, 77), (69, 77)], "#8a5a3a", 1.6),
            line([(48, 52), (80, 52)], GRAIN_D, 1.5, opacity=0.7)]
    out += [poly(ellipse_pts(64, 104, 17, 17, k=32), mix(color, mark_tone(color), 0.12), dark, 1.5)]
    out += mark_shapes(mark, 64, 104, 14, mark_tone(color))
    return out


def knight_figure(color, mark):
    """A knight: a steel helm with a plume, a surcoat and a big kite shield bearing the mark."""
    dark, light = shades(color)
    sword_b = [(100, 24), (106, 30), (106, 96), (100, 96)]
    guard = rect_pts(92, 94, 22, 6)
    surcoat = spline([(64, 72), (88, 78), (96, 96), (96, 134), (64, 140), (32, 134), (32, 96), (40, 78)],
                     closed=True, step=2)
    arm_r = tube(spline([(88, 82), (98, 96), (103, 104)], step=2), [7.5] * 40)
    helm = [(44, 76), (44, 46)] + arc(64, 46, 20, 180, 360, 2) + [(84, 76)]
    plume = spline([(62, 28), (70, 10), (92, 8), (80, 26)], closed=True, step=2)
    shield = [(20, 84), (64, 84), (64, 112)] + spline([(64, 112), (58, 130), (42, 146)], step=2)[1:] + \
        spline([(42, 146), (26, 130), (20, 112)], step=2)[1:]
    parts = [(plume, color), (sword_b, STEEL_L), (guard, GOLD)] + legs(52, 76, 126, STEEL) + \
        [(surcoat, color), (arm_r, STEEL), (helm, STEEL), (shield, color)]
    out = with_halo(parts + [(ellipse_pts(103, 104, 6, 6, k=16), STEEL)], 4.0)
    out += [poly(rect_pts(48, 50, 32, 5), INK), line([(64, 58), (64, 74)], STEEL_D, 2.5),
            line([(50, 40), (56, 34)], STEEL_L, 3), line([(103, 30), (103, 92)], STEEL_D, 1.4),
            poly(shield, "none", GOLD, 3.0), line([(70, 128), (94, 128)], dark, 4)]
    out += mark_shapes(mark, 42, 108, 17, mark_tone(color))
    return out


def wizard_figure(color, mark):
    """A wizard: a tall pointed hat, a long robe, a white beard and a staff with a crystal."""
    dark, light = shades(color)
    staff = tube([(104, 152), (104, 40)], [3.6, 3.6])
    robe = spline([(64, 76), (86, 82), (92, 104), (100, 148), (64, 152), (28, 148), (36, 104), (42, 82)],
                  closed=True, step=2)
    arm = tube(spline([(84, 86), (96, 98), (101, 100)], step=2), [8] * 40)
    head = ellipse_pts(64, 66, 13, 14, k=32)
    beard = spline([(52, 68), (56, 92), (64, 102), (72, 92), (76, 68), (64, 76)], closed=True, step=2)
    hat = [(36, 56), (56, 24), (64, 2), (78, 22), (92, 56)]
    brim = ellipse_pts(64, 56, 32, 7, k=40)
    gem_body, gem_face = crystal_parts(104, 42, 12, 26, 0)
    parts = [(staff, WOOD), (robe, color), (arm, color), (head, SKIN), (beard, WHITE), (hat, color),
             (brim, dark), (gem_body, CRYSTAL)]
    out = with_halo(parts + [(ellipse_pts(101, 100, 6, 6, k=16), SKIN)], 4.0)
    out += [poly(gem_face, CRYSTAL_L, opacity=0.7), circle(59, 64, 1.8, INK), circle(69, 64, 1.8, INK),
            poly(star_pts(62, 36, 6, 2.4, 5), GOLD, INK, 1), poly(star_pts(72, 46, 3.6, 1.5, 5), GOLD),
            line([(64, 104), (64, 148)], dark, 2.5, opacity=0.6),
            line(spline([(58, 80), (64, 88), (70, 80)], step=1.5), "#c9c4b8", 1.5)]
    out += [poly(ellipse_pts(64, 124, 17, 17, k=32), mix(color, mark_tone(color), 0.12), dark, 1.5)]
    out += mark_shapes(mark, 64, 124, 14, mark_tone(color))
    return out


FIGURES = {"peasant": peasant_figure, "knight": knight_figure, "wizard": wizard_figure}


def make_worker(seat, color, mark, kind):
    items = FIGURES[kind](color, mark)
    doc = Doc(int(FIG_W), int(FIG_H))
    doc.add(ell(64, FOOT_Y + 2, 38, 7, INK, opacity=0.3))
    doc.add(items)
    save(doc, f"pieces/{kind}_{seat}.svg")
    # Lying down: the figure turned a quarter (head to the left), its seat mark kept upright where the turn
    # takes it, so the mark reads as the seat's badge does.
    marks_at = [part for part in items if 'id="seat-mark"' in part]
    body = [part for part in items if 'id="seat-mark"' not in part]
    lying = Doc(int(FIG_H), int(FIG_W))
    lying.add(ell(FIG_H / 2 + 4, FIG_W / 2 + 10, FIG_H / 2 - 14, 30, INK, opacity=0.2))
    lying.add(group(body, transform=f"translate(0 {fmt(FIG_W)}) rotate(-90)"))
    for part in marks_at:
        cx, cy, r = (float(re.search(rf'data-{k}="([-0-9.]+)"', part).group(1)) for k in ("cx", "cy", "r"))
        lying.add(mark_shapes(mark, cy, FIG_W - cx, r, mark_tone(color)))  # (x, y) -> (y, FIG_W - x)
    save(lying, f"pieces/{kind}_{seat}_lying.svg")


ROAD_PIECE = (96, 36)       # a road piece's box, in tile units (256 per tile): it crosses the edge
BARRICADE = (112, 40)       # a barricade's box, in tile units: it lies along the edge (128 long)


def make_road(seat, color, mark):
    """A plank road in the seat's colours, to lay across the edge between two tiles."""
    w, h = ROAD_PIECE
    dark, light = shades(color)
    doc = Doc(w, h)
    doc.add(poly(rrect_pts(2, 4, w - 4, h - 8, 4), HALO, HALO, 5, opacity=0.6))
    doc.add(poly(rrect_pts(2, 4, w - 4, h - 8, 4), color, INK, 2.5))
    n = 8
    for k in range(n):
        x = 6 + k * (w - 12) / n
        doc.add(poly(rect_pts(x + 0.8, 9, (w - 12) / n - 1.6, h - 18), WOOD_L if k % 2 else WOOD, INK, 1.2))
        doc.add(circle(x + (w - 12) / n / 2, 12, 0.9, WOOD_D))
        doc.add(circle(x + (w - 12) / n / 2, h - 12, 0.9, WOOD_D))
    doc.add(circle(w / 2, h / 2, 12.5, color, INK, 2.2))
    doc.add(mark_shapes(mark, w / 2, h / 2, 11, mark_tone(color)))
    save(doc, f"pieces/road_{seat}.svg")


def make_barricade(seat, color, mark):
    """A spiked fence in the seat's colours, to lay along an edge."""
    w, h = BARRICADE
    dark, light = shades(color)
    doc = Doc(w, h)
    stakes = []
    for k in range(9):
        x = 8 + k * (w - 16) / 8
        stakes.append(([(x - 4, 36), (x - 4, 10), (x, 2), (x + 4, 10), (x + 4, 36)], WOOD))
    rails = [(rect_pts(3, 14, w - 6, 7), color), (rect_pts(3, 26, w - 6, 7), color)]
    doc.add(with_halo(stakes + rails, 2.4, 5.0))
    for k in range(9):
        x = 8 + k * (w - 16) / 8
        doc.add(poly([(x - 2.4, 10), (x, 3.5), (x + 2.4, 10)], STEEL_L))
    doc.add(poly([(w / 2 - 14, 6), (w / 2 + 14, 6), (w / 2 + 14, 24), (w / 2, 36), (w / 2 - 14, 24)], color, INK, 2.2))
    doc.add(mark_shapes(mark, w / 2, 18, 11, mark_tone(color)))
    save(doc, f"pieces/barricade_{seat}.svg")


CLAIM_SIZE = 72             # a claim marker's box, in tile units: centred on COST_C it covers the cost badge


def make_claim(seat, color, mark):
    """A claim marker: a round seal in the seat's colour with a shield bearing the mark."""
    s = CLAIM_SIZE
    c = s / 2
    dark, light = shades(color)
    doc = Doc(s, s)
    g = doc.radial(c - 10, c - 12, 44, [(0, light), (1, color)])
    doc.add(circle(c, c, c - 1.5, HALO, opacity=0.6), circle(c, c, c - 3, g, INK, 3.0),
            circle(c, c, c - 8, "none", GOLD, 2.4))
    shield = [(c - 18, c - 19), (c + 18, c - 19), (c + 18, c + 2)] + \
        spline([(c + 18, c + 2), (c + 10, c + 16), (c, c + 23)], step=2)[1:] + \
        spline([(c, c + 23), (c - 10, c + 16), (c - 18, c + 2)], step=2)[1:]
    doc.add(poly(shield, dark, GOLD, 2.6))
    doc.add(mark_shapes(mark, c, c - 2, 17, mark_tone(dark)))
    save(doc, f"pieces/claim_{seat}.svg")


TRACK_MARKER = (48, 64)     # the government track marker: a banner on a pole, its foot at (24, 60)


def make_track_marker(seat, color, mark):
    w, h = TRACK_MARKER
    dark, light = shades(color)
    doc = Doc(w, h)
    pole = rect_pts(6, 4, 5, 56)
    flag = [(11, 6), (44, 6), (44, 40), (36, 34), (28, 40), (11, 40)]
    base = ellipse_pts(14, 58, 12, 4, k=20)
    doc.add(with_halo([(base, STONE_D), (pole, WOOD), (flag, color)], 2.4, 5.0))
    doc.add(circle(8.5, 4, 3.5, GOLD, INK, 1.2))
    doc.add(mark_shapes(mark, 27.5, 21, 12, mark_tone(color)))
    save(doc, f"pieces/track_marker_{seat}.svg")


def make_pieces():
    for seat, color, mark in load_seats():
        for kind in WORKER_KINDS:
            make_worker(seat, color, mark, kind)
        make_road(seat, color, mark)
        make_barricade(seat, color, mark)
        make_claim(seat, color, mark)
        make_track_marker(seat, color, mark)


# --------------------------------------------------------------------------
# resources, the sword in the stone, the empty hexes
# --------------------------------------------------------------------------


def make_resources():
    for key, name in RESOURCE_FILES.items():
        doc = Doc(128, 128)
        doc.add(place(icon(key), 64, 64, 116))
        save(doc, f"icon_{name}.svg")
    doc = Doc(128, 128)
    doc.add(place(icon_any(), 64, 64, 116))
    save(doc, "icon_any.svg")


def make_sword():
    """The sword in the stone: the start player's marker, its blade deep in a rock."""
    doc = Doc(128, 128)
    rock = spline([(10, 120), (14, 96), (32, 80), (60, 74), (90, 78), (110, 92), (118, 120)], step=2)
    g = doc.linear(20, 74, 110, 120, [(0, STONE_L), (1, STONE_D)])
    blade = [(58, 44), (70, 44), (70, 96), (64, 104), (58, 96)]
    guard = rect_pts(40, 36, 48, 9)
    grip = rect_pts(59, 12, 10, 25)
    pommel = ellipse_pts(64, 10, 7, 7, k=18)
    doc.add(ell(64, 121, 56, 6, INK, opacity=0.3))
    doc.add(with_halo([(blade, STEEL_L), (grip, BARK), (guard, GOLD), (pommel, GOLD)], 3.5, 6.0, 0.5))
    doc.add(line([(64, 48), (64, 86)], STEEL_D, 2), line([(61, 16), (67, 20)], BARK_D, 1.5),
            line([(61, 24), (67, 28)], BARK_D, 1.5), circle(64, 40.5, 3, "#c0392b", INK, 1))
    doc.add(poly(rock, g, INK, 3.5))
    doc.add(ell(64, 80, 10, 3.5, INK, opacity=0.6))
    doc.add(line(spline([(28, 98), (44, 90), (58, 94)], step=2), STONE_L, 3),
            line(spline([(80, 102), (96, 96)], step=2), STONE_D, 2.5),
            poly(ellipse_pts(28, 114, 9, 4, k=14), LEAF, INK, 1.5), poly(ellipse_pts(102, 116, 9, 4, k=14), LEAF, INK, 1.5))
    for x, y, r in ((30, 36, 8), (100, 30, 9), (96, 60, 5), (32, 62, 5)):
        doc.add(poly(star_pts(x, y, r, r * 0.28, 4, 0), GOLD_L, GOLD_D, 1))
    save(doc, "sword.svg")


def make_hexes():
    """The empty map space (a grass hex) and a faint spot where a country tile may be built."""
    doc = Doc()
    rng = random.Random("somerset-empty")
    doc.add(hex_ground(doc, "#b9cf8a", "#93b066"))
    for _ in range(50):
        p = (rng.uniform(20, 236), rng.uniform(14, 242))
        if hex_inside(p) > 8:
            doc.add(tuft(p[0], p[1], rng.uniform(2, 3.5), "#7a9a50"))
    doc.add(poly(hex_corners(MID, MID, HEX_R - 1.5), "none", "#6a8a44", 3.0, opacity=0.6))
    save(doc, "hex_empty.svg")
    doc = Doc()
    doc.add(poly(hex_corners(MID, MID, HEX_R - 3), "#fff6d8", fill_opacity=0.28))
    doc.add(poly(hex_corners(MID, MID, HEX_R - 6), "none", "#fff6d8", 5.0, stroke_dasharray="16 10", opacity=0.85))
    doc.add(poly(hex_corners(MID, MID, HEX_R - 6), "none", INK, 1.4, stroke_dasharray="16 10", opacity=0.45))
    doc.add(plus_sign(MID, MID, 22, "#fff6d8"))
    save(doc, "hex_buildable.svg")


# --------------------------------------------------------------------------
# more icons for the cards
# --------------------------------------------------------------------------


def icon_horseshoe():
    """Stables: a horseshoe (knights and wizards may move a step less)."""
    outer = arc(50, 46, 38, 150, 390, 2)
    shoe = tube(outer, [9.5] * len(outer))
    out = [poly(shoe, STEEL, INK, IOW)]
    for a in (165, 200, 235, 305, 340, 375):
        x, y = 50 + 38 * math.cos(math.radians(a)), 46 + 38 * math.sin(math.radians(a))
        out.append(circle(x, y, 2.4, INK))
    return out


def icon_period():
    """Each building period: a circular arrow round a little house."""
    out = arrow_arc(50, 50, 38, -40, 250, "#3f9a3f", 6)
    out += [poly([(32, 70), (32, 48), (50, 32), (68, 48), (68, 70)], WALL, INK, IOW),
            poly([(28, 50), (50, 28), (72, 50)], ROOF_RED, INK, IOW), poly(rect_pts(45, 56, 10, 14), "#6a4428")]
    return out


def icon_landing():
    """A landing fee: another worker steps onto your tile."""
    out = [mini_hex(50, 58, 38, GRASS), line([(50 - 33, 58), (50 + 33, 58)], DIRT, 8, cap="butt")]
    # a worker of nobody in particular: its mark is a plain dot, not a seat's mark (tests find those by id)
    figure = [part.replace('id="seat-mark" ', "") for part in peasant_figure("#7b8794", "dot")]
    out.append(place(figure, 50, 40, 100, base=160))
    return out


def icon_no_grain():
    """No grain: a sheaf struck through."""
    return [place(icon_grain(), 50, 50, 84), line([(16, 16), (84, 84)], WHITE, 14), line([(16, 16), (84, 84)], RED_NO, 9)]


def icon_country():
    """A country tile you own."""
    return [mini_hex(50, 50, 44, GRASS), line([(50 - 38, 50), (50 + 38, 50)], DIRT, 10, cap="butt"),
            place(prop_tree(0, 0, 10, random.Random(1)), 32, 30, 40, base=40),
            place(prop_house(0, 0, 10, random.Random(2), roof=ROOF_RED), 66, 70, 40, base=40)]


def icon_hammer():
    """A workshop's hammer on an anvil."""
    anvil = [(18, 62), (82, 62), (72, 72), (64, 72), (66, 88), (34, 88), (36, 72), (28, 72)]
    head = rot(rect_pts(30, 14, 34, 16), (47, 22), -30)
    handle = rot(rect_pts(44, 26, 7, 38), (47, 22), -30)
    return [poly(anvil, STEEL_D, INK, IOW), poly(handle, WOOD, INK, IOW), poly(head, STEEL, INK, IOW)]


def icon_flask():
    """An alchemist's flask, bubbling."""
    body = [(40, 12), (60, 12), (60, 38), (84, 84), (78, 92), (22, 92), (16, 84), (40, 38)]
    liquid = [(30, 60), (70, 60), (84, 84), (78, 92), (22, 92), (16, 84)]
    return [poly(body, "#e8f4fa", INK, IOW), poly(liquid, "#7ad06a"), poly(body, "none", INK, IOW),
            circle(44, 74, 5, WHITE, opacity=0.8), circle(58, 66, 3.5, WHITE, opacity=0.8),
            circle(50, 40, 3, "#7ad06a"), poly(rect_pts(36, 6, 28, 8), WOOD, INK, 2)]


def icon_bread():
    """A bakery's loaf."""
    loaf = ellipse_pts(50, 58, 40, 24, k=40)
    out = [poly(loaf, "#d08f3e", INK, IOW), poly(ellipse_pts(44, 52, 28, 12, k=30), "#e6b26a", opacity=0.8)]
    for x in (32, 48, 64):
        out.append(line([(x, 48), (x + 10, 66)], "#8a5420", 3))
    return out


def icon_books():
    """A library's books on a shelf."""
    out = [poly(rect_pts(8, 84, 84, 8), WOOD, INK, IOW)]
    for x, w, h, col in ((12, 14, 60, "#8a2a2a"), (27, 12, 52, "#2f5fa8"), (40, 16, 64, "#2f7a4a"),
                         (57, 12, 56, MAGIC)):
        out.append(poly(rect_pts(x, 84 - h, w, h), col, INK, 2.5))
        out.append(line([(x + 2, 84 - h + 8), (x + w - 2, 84 - h + 8)], GOLD, 2))
    out.append(poly(rot(rect_pts(70, 26, 13, 58), (76, 84), 16), "#b0643a", INK, 2.5))
    return out


ICONS.update({"horseshoe": icon_horseshoe, "period": icon_period, "landing": icon_landing,
              "no_grain": icon_no_grain, "country": icon_country, "hammer": icon_hammer, "flask": icon_flask,
              "bread": icon_bread, "books": icon_books})


# --------------------------------------------------------------------------
# cards: 180 x 256, a name band left empty (the scene writes the name), art, costs
# --------------------------------------------------------------------------
CARD_W, CARD_H = 180, 256
NAME_BAND = (14, 14, 152, 32)        # x, y, w, h: left empty for the name
SPELL_WINDOW = (14, 54, 152, 142)
SPELL_ICON = (90, 125, 68)           # centre and radius of the effect icons in the window
TIMING_BAND = (34, 58, 112, 22)      # x, y, w, h: a spell cast only before (after) the move: a ribbon for
                                     # the scene's words ("Before the move"), the icons lower and smaller
SPELL_ICON_TIMED = (90, 136, 56)
BUY_C = (44, 224)                    # the buy cost (coins) and the cast cost (crystals)
CAST_C = (136, 224)
BUILD_WINDOW = (14, 54, 152, 118)
EFFECT_BAND = (14, 180, 152, 62)


def card_base(doc, outer, trim, inner):
    card = rrect_pts(3, 3, CARD_W - 6, CARD_H - 6, 12)
    x, y, w, h = NAME_BAND
    return [poly(move(card, 2, 3), INK, opacity=0.3), poly(card, outer, INK, 3.0),
            poly(rrect_pts(8, 8, CARD_W - 16, CARD_H - 16, 8), "none", trim, 1.6),
            poly(rrect_pts(x, y, w, h, 6), CREAM, inner, 2.0)]


def spell_frame(doc):
    g = doc.linear(0, 0, CARD_W, CARD_H, [(0, "#4a3585"), (1, "#2a1c55")])
    out = card_base(doc, g, GOLD, "#8a72c8")
    x, y, w, h = SPELL_WINDOW
    wg = doc.radial(x + w / 2, y + h / 2, 90, [(0, "#fbf6ff"), (1, "#d9ccf2")])
    out.append(poly(rrect_pts(x, y, w, h, 8), wg, GOLD, 2.4))
    out += [circle(*BUY_C, 22, CREAM, GOLD_D, 2.6), circle(*CAST_C, 22, CREAM, CRYSTAL_D, 2.6)]
    for x0, y0 in ((20, 206), (160, 206), (90, 244)):
        out.append(poly(star_pts(x0, y0, 4, 1.4, 4, 0), GOLD_L, opacity=0.8))
    return out


def cost_pair(key, n, c):
    """A card's cost: the resource's icon and its number."""
    x, y = c
    return [place(icon(key), x - 4, y - 1, 32)] + count_badge(str(n), x + 11, y + 10, 9.5)


def make_spell(spell):
    doc = Doc(CARD_W, CARD_H)
    doc.add(spell_frame(doc))
    timed = spell.get("timing", "any") != "any"
    cx, cy, r = SPELL_ICON_TIMED if timed else SPELL_ICON
    rng = random.Random(f"somerset-{spell['id']}")
    for _ in range(7):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(r * 0.95, r * 1.12)
        x, y = cx + d * math.cos(a) * 1.1, cy + d * math.sin(a) * 0.95
        doc.add(poly(star_pts(x, y, rng.uniform(3, 5.5), 1.4, 4, 0), MAGIC_L, opacity=0.9))
    items = [("bridge" if name == "planks" else name, badge) for name, badge in action_items(spell["effect"])]
    doc.add(draw_items(items, cx, cy, r))     # a spell lays its road by magic: the phantom bridge
    if timed:
        doc.add(timing_ribbon(spell["timing"]))
    doc.add(cost_pair("$", spell["buy"], BUY_C))
    doc.add(cost_pair("C", spell["cast"], CAST_C))
    save(doc, f"cards/spell_{spell['id']}.svg")


def timing_ribbon(timing):
    """The ribbon of a spell cast only before (pale gold) or only after (pale green) the move: notched ends
    and a gold rim; the words ("Before the move") are the scene's, in the player's language."""
    x, y, w, h = TIMING_BAND
    n = 7
    fill = "#f3e3b0" if timing == "before" else "#d8ecd2"
    pts = [(x - n, y), (x + w + n, y), (x + w, y + h / 2), (x + w + n, y + h), (x - n, y + h), (x, y + h / 2)]
    return [poly(move(pts, 1, 2), INK, opacity=0.3), poly(pts, fill, GOLD_D, 1.8, id=f"timing-{timing}")]


def make_spell_frame():
    doc = Doc(CARD_W, CARD_H)
    doc.add(spell_frame(doc))
    save(doc, "cards/spell_frame.svg")


def card_back(doc, outer, trim, emblem):
    card = rrect_pts(3, 3, CARD_W - 6, CARD_H - 6, 12)
    out = [poly(move(card, 2, 3), INK, opacity=0.3), poly(card, outer, INK, 3.0),
           poly(rrect_pts(10, 10, CARD_W - 20, CARD_H - 20, 8), "none", trim, 2.4),
           poly(rrect_pts(16, 16, CARD_W - 32, CARD_H - 32, 6), "none", trim, 1.2)]
    for x, y in ((26, 26), (154, 26), (26, 230), (154, 230)):
        out.append(poly(star_pts(x, y, 7, 2.5, 4, 0), trim))
    out += [poly(star_pts(90, 128, 58, 44, 8, -90), "none", trim, 2.0), circle(90, 128, 44, CREAM, trim, 3.0),
            place(icon(emblem), 90, 128, 64)]
    return out


def make_spell_back():
    doc = Doc(CARD_W, CARD_H)
    g = doc.radial(90, 128, 150, [(0, "#5a44a0"), (1, "#24184a")])
    doc.add(card_back(doc, g, GOLD, "spell"))
    rng = random.Random("somerset-spell-back")
    for _ in range(22):
        x, y = rng.uniform(22, 158), rng.uniform(22, 234)
        if dist((x, y), (90, 128)) > 66:
            doc.add(poly(star_pts(x, y, rng.uniform(2, 4), 1, 4, 0), "#e9d79a", opacity=0.8))
    save(doc, "cards/spell_back.svg")


def ability_items(b):
    """The icons of a building's lasting ability and of what it does when built."""
    out = []
    for key, arg in (b.get("ability") or {}).items():
        if key == "worker_cap":
            out.append(("hire", f"+{arg}"))
        elif key == "workshop":
            out.append(("any", f"+{arg}"))
        elif key == "stables":
            out.append(("horseshoe", None))
        elif key == "income":
            out.append(("period", None))
            out += [(k, f"+{n}") for k, n in arg.items()]
        elif key == "road_pieces":
            out.append(("planks", f"+{arg}"))
        elif key == "tile_discount":
            out.append(("build_tile", f"-{arg}"))
        elif key == "landing_fee":
            out += [("landing", None), ("$", str(arg))]
        elif key == "upgrade_no_grain":
            out += [("upgrade", None), ("no_grain", None)]
        elif key == "spell_discount":
            out += [("spell", None), ("$", f"-{arg}")]
        elif key == "alchemy":
            out += [("any", f"-{arg}"), ("C", "+1")]
        elif key == "market":
            out.append(("trade", "1"))
        elif key == "final":
            out += [("crown", None), ("$", f"+{arg}")]
        elif key == "final_per_country_tile":
            out += [("crown", None), ("country", None), ("$", f"+{arg['each']}")]
        elif key == "gov_fee_discount":
            out.append(("government", f"-{arg}"))
        elif key == "activate_bonus":
            out += [(k, f"+{n}") for k, n in arg.items()]
        else:
            raise ValueError(f"no icon for the building ability {key!r}")
    return out + [it for it in action_items(b.get("now")) if it[0] != "hire" or not out or out[0][0] != "hire"]


# what each building looks like: a scenery prop drawn big, and an emblem beside it
BUILDING_ART = {
    "R": ("house", None), "B01": ("cottage", "hammer"), "B02": ("lodge", "horseshoe"), "B03": ("hall", "coins"),
    "B04": ("watchtower", None), "B05": ("hall", "build_tile"), "B06": ("church", "C"), "B07": ("house", "$"),
    "B08": ("keep", "upgrade"), "B09": ("hall", "books"), "B10": ("tower", "flask"), "B11": ("stall", None),
    "B12": ("cottage", "bread"), "B13": ("manor", None), "B14": ("keep", None), "B15": ("hall", "government"),
    "B16": ("cathedral", None),
}


def building_frame(doc):
    g = doc.linear(0, 0, CARD_W, CARD_H, [(0, "#7a5230"), (1, "#4e3018")])
    out = card_base(doc, g, GOLD_L, "#b08a5a")
    x, y, w, h = BUILD_WINDOW
    sky = doc.linear(0, y, 0, y + h, [(0, "#cfe6f4"), (0.62, "#eef6f0"), (0.63, GRASS_L), (1, GRASS)])
    out.append(poly(rrect_pts(x, y, w, h, 8), sky, GOLD_L, 2.4))
    x, y, w, h = EFFECT_BAND
    out.append(poly(rrect_pts(x, y, w, h, 8), PARCH, GOLD_L, 2.4))
    return out


def make_building(b):
    doc = Doc(CARD_W, CARD_H)
    doc.add(building_frame(doc))
    prop, emblem = BUILDING_ART.get(b["id"], ("house", None))
    rng = random.Random(f"somerset-{b['id']}")
    x, y, w, h = BUILD_WINDOW
    hgt = PROP_H.get(prop, 1.7)
    s = min(40.0, (h - 14) / hgt)
    doc.add(ell(112, y + h - 16, 44, 6, INK, opacity=0.15))
    doc.add(PROPS[prop](112, y + h - 14, s, rng))
    if emblem:
        doc.add(circle(150, y + 22, 17, CREAM, INK, 2), place(icon(emblem), 150, y + 22, 28))
    costs = sorted(b["cost"].items(), key=lambda kv: RESOURCE_ORDER.index(kv[0]))
    step = min(36.0, (h - 12) / max(1, len(costs)))
    for i, (k, n) in enumerate(costs):
        cy = y + 22 + i * step
        doc.add(circle(34, cy, 17, CREAM, INK, 2))
        doc.add(cost_pair(k, n, (36, cy)))
    x, y, w, h = EFFECT_BAND
    items = ability_items(b)
    n = len(items)
    size = min(58.0, (w - 8) / max(1, n))
    for i, (name, badge) in enumerate(items):
        ix = x + w / 2 + (i - (n - 1) / 2) * size
        doc.add(place(icon(name), ix, y + h / 2, size * 0.9))
    for i, (name, badge) in enumerate(items):
        ix = x + w / 2 + (i - (n - 1) / 2) * size
        if badge:
            doc.add(count_badge(badge, ix + size * 0.3, y + h / 2 + size * 0.28, 10 if len(badge) < 2 else 11.5,
                                RED_NO if badge.startswith("-") else INK))
    save(doc, f"cards/building_{b['id']}.svg")


def make_building_back():
    doc = Doc(CARD_W, CARD_H)
    g = doc.radial(90, 128, 150, [(0, "#8a6038"), (1, "#3e2612")])
    doc.add(card_back(doc, g, GOLD_L, "plan"))
    save(doc, "cards/building_back.svg")


def load_buildings(path=BUILDINGS_YAML):
    data = load_yaml(path)
    return [data["residence"]] + list(data["buildings"])


def load_spells(path=SPELLS_YAML):
    return list(load_yaml(path)["spells"])


def make_cards():
    make_spell_frame()
    make_spell_back()
    for spell in load_spells():
        make_spell(spell)
    for b in load_buildings():
        make_building(b)
    make_building_back()


# --------------------------------------------------------------------------
# the government track: 6 columns, each its fee and its three benefits
# --------------------------------------------------------------------------
GOV_W, GOV_H = 840, 430
GOV_X0, GOV_COL_W = 104, 120          # column k (1..6) spans x GOV_X0 + (k-1)*GOV_COL_W .. + GOV_COL_W - 8
GOV_SLOT = (52, 106)                  # y range of each column's marker slot (the track markers stand here)
GOV_ROWS = {"fee": (114, 176), "money": (182, 244), "resources": (250, 312), "magic": (318, 412)}


def gov_column_x(k):
    """Left x and width of column k (1..6) of the government track."""
    return GOV_X0 + (k - 1) * GOV_COL_W, GOV_COL_W - 8


def row_icons(items, cx, cy, size):
    """A row of icons with number badges, centred at (cx, cy)."""
    out = []
    n = len(items)
    for i, (name, badge) in enumerate(items):
        x = cx + (i - (n - 1) / 2) * size
        out.append(place(icon(name), x, cy, size * 0.92))
    for i, (name, badge) in enumerate(items):
        x = cx + (i - (n - 1) / 2) * size
        if badge:
            out += count_badge(badge, x + size * 0.32, cy + size * 0.3, size * 0.22 if len(badge) == 1 else size * 0.27)
    return out


def make_gov_board():
    cols = load_yaml(GAME_YAML)["government"]
    doc = Doc(GOV_W, GOV_H)
    frame = rrect_pts(4, 4, GOV_W - 8, GOV_H - 8, 16)
    g = doc.linear(0, 0, GOV_W, GOV_H, [(0, "#f6ead0"), (1, "#e6cf9c")])
    doc.add(poly(move(frame, 3, 4), INK, opacity=0.3), poly(frame, "#5a3a22", INK, 4),
            poly(rrect_pts(14, 14, GOV_W - 28, GOV_H - 28, 10), g, "#3e2612", 2.5))
    # the legend column: what each row gives
    legend = {"fee": [("any", "-")], "money": [("$", None)], "resources": [("any", None)], "magic": [("C", None)]}
    for row, (y0, y1) in GOV_ROWS.items():
        doc.add(rect(22, y0, GOV_W - 44, y1 - y0, "#ffffff" if row != "fee" else "#e9d2a6", "#b08a5a", 1.4, rx=8,
                     fill_opacity=0.35))
        if row == "fee":
            doc.add(place(icon("any"), 58, (y0 + y1) / 2, 44), count_badge("-", 76, (y0 + y1) / 2 + 14, 9, RED_NO))
        else:
            doc.add(place(icon(legend[row][0][0]), 58, (y0 + y1) / 2, 46))
    doc.add(place(icon("government"), 58, 78, 56))
    for c in cols:
        k = int(c["column"])
        x0, w = gov_column_x(k)
        cx = x0 + w / 2
        doc.add(rect(x0, 22, w, GOV_H - 44, "none", "#8a6a40", 2.0, rx=10))
        # the column number on a banner, the marker slot below it
        doc.add(poly([(cx - 26, 24), (cx + 26, 24), (cx + 26, 46), (cx, 52), (cx - 26, 46)], "#2f4a7a", GOLD, 2))
        doc.add(numeral(str(k), cx, 35, 16, WHITE, 3.4))
        doc.add(rect(x0 + 6, GOV_SLOT[0] + 2, w - 12, GOV_SLOT[1] - GOV_SLOT[0] - 4, "#fff8e6", "#8a6a40", 2.0, rx=8,
                     stroke_dasharray="7 5", fill_opacity=0.6))
        if k < len(cols):
            ax = x0 + w + 4
            doc.add(poly([(ax - 5, 70), (ax + 5, 79), (ax - 5, 88)], "#3f9a3f", INK, 1.5))
        fee = sorted((c.get("fee") or {}).items(), key=lambda kv: RESOURCE_ORDER.index(kv[0]))
        y0, y1 = GOV_ROWS["fee"]
        if fee:
            doc.add(row_icons([(key, str(n)) for key, n in fee], cx, (y0 + y1) / 2, min(40, (w - 8) / len(fee))))
        else:
            doc.add(poly(star_pts(cx, (y0 + y1) / 2, 16, 7, 5), GOLD, INK, 2))     # the start: no fee
        y0, y1 = GOV_ROWS["money"]
        doc.add(row_icons([("$", str(c["money"]))], cx, (y0 + y1) / 2, 50))
        y0, y1 = GOV_ROWS["resources"]
        res = [("any", str(c["resources"]))]
        if c.get("resource_crystals"):
            res.append(("C", f"+{c['resource_crystals']}"))
        doc.add(row_icons(res, cx, (y0 + y1) / 2, 50 if len(res) == 1 else 46))
        y0, y1 = GOV_ROWS["magic"]
        free = c.get("free_cast", "none")
        if free in (None, "none", False):
            doc.add(row_icons([("C", str(c["crystals"]))], cx, (y0 + y1) / 2, 50))
        else:
            ym = (y0 + y1) / 2
            doc.add(row_icons([("C", str(c["crystals"]))], cx, ym - 22, 42))
            doc.add(numeral("/" if free == "or" else "+", cx - 24, ym + 22, 18, INK if free == "and" else "#6a5232", 4))
            doc.add(place(icon("spell"), cx + 10, ym + 22, 40))
            doc.add(poly(star_pts(cx + 30, ym + 10, 7, 2.5, 4, 0), MAGIC_L, MAGIC, 1))
    save(doc, "gov_board.svg")


def main():
    make_tiles()
    make_pieces()
    make_resources()
    make_sword()
    make_hexes()
    make_cards()
    make_gov_board()
    print(f"wrote {len(WRITTEN)} files")


if __name__ == "__main__":
    main()
