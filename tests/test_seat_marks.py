"""Seat marks: a seat's badge and every piece of its colour show one mark, of one geometry.

The five marks (dot, stripes, cross, ring, diamond; data/seats.yaml) are defined once, in
engine/core/marks.py. The table's badges draw them with engine/ui/theme.draw_mark; the art
scripts write them into the pieces' SVGs with art/svgkit.py's seat_mark, as one group
<g id="seat-mark" data-mark=... data-cx data-cy data-r>. These tests check

  * the geometry itself (stripes from bottom-left to top-right, an upright "+" cross, ...);
  * theme.draw_mark and draw_seat_badge against that geometry, pixel by pixel;
  * every seat piece of every game (the games' preview hooks list them): exactly one
    seat-mark group, the seat's own mark, its shapes the geometry placed in its box, only
    moved and evenly scaled on the way to the picture; and rendered (nanosvg, as the
    table loads it) it covers the pixels the badge's mark covers;
  * no other picture carries a seat mark.
"""
from __future__ import annotations

import ast
import functools
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
import yaml

from engine.core import marks
from engine.core.preview import load_hook
from engine.ui import theme

ROOT = Path(__file__).resolve().parents[1]
SVG_NS = "{http://www.w3.org/2000/svg}"
GAMES = ("entdecker", "desert_sons", "five_tribes", "somerset")
SEATS = {c["id"]: c["mark"]         # seat colour -> its mark, in data/seats.yaml's order
         for c in yaml.safe_load((ROOT / "data" / "seats.yaml").read_text(encoding="utf-8"))["colours"]}
TOL = 0.06          # the art writes one or two decimals: 0.05 at most, plus float noise


# --------------------------------------------------------------------------
# the seat pieces, as the games' preview hooks list them
# --------------------------------------------------------------------------


def _seat_of(item_id: str) -> str | None:
    for colour in SEATS:
        if re.search(rf"(^|_){colour}(_|$)", item_id):
            return colour
    return None


@functools.lru_cache(maxsize=None)
def seat_pieces() -> tuple[tuple[str, str, str, Path], ...]:
    """(game, piece id, seat colour, svg) for every piece of a seat colour in every game."""
    out = []
    for game in GAMES:
        hook = load_hook(game)
        assert hook is not None, f"{game} has no preview hook"
        source = hook.preview_source(ROOT / "data" / game, ROOT / "art" / game)
        for item in source.items:
            colour = _seat_of(item.id)
            if item.kind != "piece" or colour is None:
                continue
            svgs = [Path(p) for p in item.art if Path(p).suffix == ".svg"]
            assert len(svgs) == 1, f"{game} {item.id}: one picture expected, got {item.art}"
            out.append((game, item.id, colour, svgs[0]))
    return tuple(out)


PIECES = seat_pieces()


def test_every_game_lists_its_seat_pieces_in_every_colour() -> None:
    kinds: dict[str, set[str]] = {}
    for game, item_id, colour, _svg in PIECES:
        kinds.setdefault(game, set()).add(re.sub(rf"(^|_){colour}(_|$)", r"\1*\2", item_id))
    assert kinds == {
        "entdecker": {"scout_*", "fort_*", "settlement_*"},
        "desert_sons": {"camel_*"} | {f"explorer_*_{rank}" for rank in range(1, 17)},
        "five_tribes": {"camel_*", "turn_marker_*"},
        "somerset": {f"{w}_*{lying}" for w in ("peasant", "knight", "wizard") for lying in ("", "_lying")}
        | {"road_*", "barricade_*", "claim_*", "track_marker_*"},
    }
    assert len(PIECES) == len(SEATS) * (3 + 17 + 2 + 10)


# --------------------------------------------------------------------------
# the geometry
# --------------------------------------------------------------------------


def test_the_geometry_is_pure_python_and_has_every_seat_mark() -> None:
    tree = ast.parse((ROOT / "engine" / "core" / "marks.py").read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "pygame" not in imported
    assert set(marks.MARKS) == set(SEATS.values()) == set(theme.MARKS)
    with pytest.raises(ValueError, match="known: dot"):
        marks.mark_primitives("star")


def _edges(poly: marks.Polygon) -> list[tuple[marks.Point, marks.Point]]:
    pts = list(poly.points)
    return list(zip(pts, pts[1:] + pts[:1]))


def test_stripes_run_from_bottom_left_to_top_right_evenly_inside_the_square() -> None:
    stripes = marks.mark_primitives("stripes")
    assert len(stripes) == marks.STRIPES_COUNT == 5
    offsets = []
    for s in stripes:
        assert isinstance(s, marks.Polygon)
        assert all(abs(x) <= marks.STRIPES_HALF + 1e-9 and abs(y) <= marks.STRIPES_HALF + 1e-9 for x, y in s.points)
        long = [(a, b) for a, b in _edges(s) if not (a[0] == b[0] and abs(a[0]) == marks.STRIPES_HALF)
                and not (a[1] == b[1] and abs(a[1]) == marks.STRIPES_HALF)]
        assert len(long) == 2, "a stripe's two long sides, the rest on the square"
        for a, b in long:       # y downwards: going right, a side goes up by as much
            assert b[0] - a[0] == pytest.approx(-(b[1] - a[1]), abs=1e-5) and a != b
        sides = sorted((a[0] + a[1]) / math.sqrt(2) for a, _b in long)
        assert sides[1] - sides[0] == pytest.approx(marks.STRIPES_WIDTH, abs=1e-5)
        offsets.append(sum(sides) / 2)
    offsets.sort()
    assert offsets == pytest.approx([(k - 2) * marks.STRIPES_PITCH for k in range(5)], abs=1e-5)


def test_the_cross_is_upright_and_the_diamond_square() -> None:
    (cross,) = marks.mark_primitives("cross")
    assert isinstance(cross, marks.Polygon)
    assert all(a[0] == b[0] or a[1] == b[1] for a, b in _edges(cross)), "a '+', not an 'x'"
    xs = sorted({abs(x) for x, _y in cross.points})
    assert xs == [marks.CROSS_THICKNESS / 2, marks.CROSS_ARM]
    (diamond,) = marks.mark_primitives("diamond")
    assert isinstance(diamond, marks.Polygon)
    assert sorted(diamond.points) == sorted([(0.0, -0.62), (0.62, 0.0), (0.0, 0.62), (-0.62, 0.0)])


# --------------------------------------------------------------------------
# rasters: the geometry sampled at pixel centres, and what may differ at its edge
# --------------------------------------------------------------------------


def _inside_poly(x: float, y: float, pts: tuple[marks.Point, ...]) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _seg_dist(x: float, y: float, a: marks.Point, b: marks.Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


EDGE = 0.8          # px: how far from the outline two fair renderings of one shape may disagree


@functools.lru_cache(maxsize=None)
def geometry_raster(mark: str, n: int) -> tuple[frozenset, frozenset]:
    """(pixels whose centre is inside the mark, pixels whose centre is within EDGE px of its outline)
    for the mark filling an n x n box."""
    prims = marks.placed(mark, n / 2, n / 2, n / 2)
    inside, near = set(), set()
    for j in range(n):
        for i in range(n):
            x, y = i + 0.5, j + 0.5
            for p in prims:
                if isinstance(p, marks.Disc):
                    d = math.hypot(x - p.cx, y - p.cy)
                    hit, gap = d <= p.r, abs(d - p.r)
                elif isinstance(p, marks.Ring):
                    d = math.hypot(x - p.cx, y - p.cy)
                    hit, gap = p.inner <= d <= p.outer, min(abs(d - p.inner), abs(d - p.outer))
                else:
                    hit = _inside_poly(x, y, p.points)
                    gap = min(_seg_dist(x, y, a, b) for a, b in _edges(p))
                if hit:
                    inside.add((i, j))
                if gap <= EDGE:
                    near.add((i, j))
    return frozenset(inside), frozenset(near)


def geometry_area(mark: str, n: int) -> float:
    """The mark's exact area in px, filling an n x n box (its shapes never overlap)."""
    area = 0.0
    for p in marks.placed(mark, n / 2, n / 2, n / 2):
        if isinstance(p, marks.Disc):
            area += math.pi * p.r ** 2
        elif isinstance(p, marks.Ring):
            area += math.pi * (p.outer ** 2 - p.inner ** 2)
        else:
            area += abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in _edges(p))) / 2
    return area


def coverage(surface: pygame.Surface, rect: pygame.Rect, ink) -> dict[tuple[int, int], float]:
    """How much of each pixel of rect (0..1) is the mark's, by ink(colour); keys relative to rect."""
    return {(i - rect.x, j - rect.y): ink(surface.get_at((i, j)))
            for j in range(rect.top, rect.bottom) for i in range(rect.left, rect.right)}


def by_alpha(c: pygame.Color) -> float:
    return c.a / 255


def assert_is_the_mark(mark: str, n: int, cover: dict[tuple[int, int], float], what: str, area: bool = True) -> None:
    """The pixels at least half covered are the mark's, up to EDGE px at its outline, and (area) the
    ink adds up to the mark's area."""
    inside, near = geometry_raster(mark, n)
    assert inside - near, f"{mark} at {n} px: too small to check"
    pixels = frozenset(p for p, v in cover.items() if v >= 0.5)
    wrong = (pixels ^ inside) - near
    assert not wrong, f"{what}: {len(wrong)} pixels off the {mark} mark, away from its outline: {sorted(wrong)[:8]}"
    if area:
        ink, exact = sum(cover.values()), geometry_area(mark, n)
        assert ink == pytest.approx(exact, rel=0.12), f"{what}: {ink:.0f} px of ink, the {mark} mark has {exact:.0f}"


def badge_mark_cover(mark: str, n: int) -> dict[tuple[int, int], float]:
    surface = pygame.Surface((n + 10, n + 10), pygame.SRCALPHA)
    theme.draw_mark(surface, mark, pygame.Rect(5, 5, n, n), (20, 20, 20))
    box = pygame.Rect(5, 5, n, n)
    outside = [(i, j) for j in range(n + 10) for i in range(n + 10) if not box.collidepoint(i, j)]
    assert all(surface.get_at(p).a == 0 for p in outside), "draw_mark drew outside its rect"
    return coverage(surface, pygame.Rect(5, 5, n, n), by_alpha)


@pytest.mark.parametrize("n", [20, 33, 64, 130, 200])
@pytest.mark.parametrize("mark", marks.MARKS)
def test_draw_mark_draws_the_shared_geometry(mark: str, n: int) -> None:
    assert_is_the_mark(mark, n, badge_mark_cover(mark, n), f"theme.draw_mark at {n} px")


def test_draw_mark_centres_the_mark_in_a_long_rect_and_refuses_unknown_marks() -> None:
    surface = pygame.Surface((90, 50), pygame.SRCALPHA)
    theme.draw_mark(surface, "cross", pygame.Rect(0, 0, 90, 50), (0, 0, 0))
    cover = coverage(surface, pygame.Rect(20, 0, 50, 50), by_alpha)
    assert sum(cover.values()) == pytest.approx(sum(coverage(surface, surface.get_rect(), by_alpha).values()))
    assert_is_the_mark("cross", 50, cover, "draw_mark in a 90 x 50 rect")
    with pytest.raises(ValueError, match="known"):
        theme.draw_mark(surface, "star", pygame.Rect(0, 0, 20, 20), (0, 0, 0))


@pytest.mark.parametrize("round_", [True, False], ids=["round", "square"])
@pytest.mark.parametrize("colour", list(SEATS))
def test_a_seat_badge_shows_its_seats_mark(colour: str, round_: bool) -> None:
    n = 56
    surface = pygame.Surface((n, n), pygame.SRCALPHA)
    theme.draw_seat_badge(surface, colour, surface.get_rect(), round_=round_)
    rgb = theme.seat_colour(colour).rgb
    ink = theme.contrast(rgb)

    rim = theme.mix(rgb, (0, 0, 0), 0.45)

    def inkiness(c: pygame.Color) -> float:     # 0 on the seat's colour (or its rim, or off the badge), 1 on the ink
        if c.a == 0 or tuple(c[:3]) == rim:
            return 0.0
        d = [ink[k] - rgb[k] for k in range(3)]
        return max(0.0, min(1.0, sum((c[k] - rgb[k]) * d[k] for k in range(3)) / sum(v * v for v in d)))
    # the badge's rim is not the mark: no area sum, pixels only
    assert_is_the_mark(SEATS[colour], n, coverage(surface, surface.get_rect(), inkiness), f"{colour} badge", area=False)


# --------------------------------------------------------------------------
# the pieces' SVGs
# --------------------------------------------------------------------------


def _parse_transform(text: str | None) -> tuple[float, float, float, float]:
    """(scale x, scale y, dx, dy) of a transform made of translate and scale only."""
    sx = sy = 1.0
    dx = dy = 0.0
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        nums = [float(v) for v in re.split(r"[\s,]+", args.strip()) if v]
        if name == "translate":
            tx, ty = nums[0], nums[1] if len(nums) > 1 else 0.0
            dx, dy = dx + sx * tx, dy + sy * ty
        elif name == "scale":
            kx, ky = nums[0], nums[1] if len(nums) > 1 else nums[0]
            sx, sy = sx * kx, sy * ky
        else:
            raise AssertionError(f"a seat mark under a {name}() transform is not the badge's shape: {text}")
    return sx, sy, dx, dy


def _path_points(d: str) -> tuple[marks.Point, ...]:
    assert re.fullmatch(r"M[-\d. ]+( L[-\d. ]+)* Z", d), f"a closed polygon path expected: {d}"
    nums = [float(v) for v in re.findall(r"-?[\d.]+", d)]
    return tuple(zip(nums[0::2], nums[1::2]))


def seat_mark_of(svg: Path) -> tuple[ET.Element, list[ET.Element]]:
    """The picture's one seat-mark group and its ancestors (outermost first)."""
    root = ET.parse(svg).getroot()
    parents = {c: p for p in root.iter() for c in p}
    found = [e for e in root.iter() if e.get("id") == "seat-mark"]
    assert len(found) == 1, f"{svg.relative_to(ROOT)}: {len(found)} seat-mark groups, one expected"
    chain, e = [], found[0]
    while e in parents:
        e = parents[e]
        chain.append(e)
    return found[0], chain[::-1]


def assert_same_shape(got: ET.Element, want: marks.Primitive, where: str) -> str:
    """Check one written element against one placed primitive; return its ink."""
    if isinstance(want, marks.Polygon):
        assert got.tag == SVG_NS + "path", f"{where}: a polygon expected, got {got.tag}"
        pts = _path_points(got.get("d", ""))
        assert len(pts) == len(want.points), f"{where}: {len(pts)} corners, {len(want.points)} expected"
        for p, q in zip(pts, want.points):
            assert p == pytest.approx(q, abs=TOL), f"{where}: corner {p} is not {q}"
        assert got.get("stroke") in (None, "none"), f"{where}: an outlined polygon grows the mark"
        return got.get("fill", "")
    assert got.tag == SVG_NS + "circle", f"{where}: a circle expected, got {got.tag}"
    c = (float(got.get("cx", 0)), float(got.get("cy", 0)), float(got.get("r", 0)))
    assert c == pytest.approx((want.cx, want.cy, want.r), abs=TOL), f"{where}: circle {c}"
    if isinstance(want, marks.Ring):
        assert got.get("fill") == "none" and float(got.get("stroke-width", 0)) == pytest.approx(want.width, abs=TOL)
        return got.get("stroke", "")
    assert got.get("stroke") in (None, "none"), f"{where}: an outlined dot grows the mark"
    return got.get("fill", "")


@pytest.mark.parametrize("game, piece, colour, svg", PIECES, ids=[f"{g}-{p}" for g, p, _c, _s in PIECES])
def test_a_seat_piece_carries_the_badges_mark(game: str, piece: str, colour: str, svg: Path) -> None:
    group, ancestors = seat_mark_of(svg)
    assert group.get("data-mark") == SEATS[colour], f"{piece}: the {group.get('data-mark')} mark on a {colour} piece"
    assert group.get("transform") is None
    cx, cy, r = (float(group.get(k, "nan")) for k in ("data-cx", "data-cy", "data-r"))
    assert r > 0
    want = marks.placed(SEATS[colour], cx, cy, r)
    children = list(group)
    assert len(children) == len(want), f"{piece}: {len(children)} shapes, the mark has {len(want)}"
    inks = {assert_same_shape(got, w, piece) for got, w in zip(children, want)}
    assert len(inks) == 1 and "" not in inks, f"{piece}: one ink for the whole mark, got {inks}"
    # on its way to the picture the mark is only moved and evenly scaled: the badge's shape
    scale = 1.0
    for a in ancestors:
        sx, sy, _dx, _dy = _parse_transform(a.get("transform"))
        assert sx == pytest.approx(sy), f"{piece}: the mark is stretched ({a.get('transform')})"
        scale *= sx
    root = ET.parse(svg).getroot()
    px_per_unit = float(root.get("width", 0)) / float(root.get("viewBox", "0 0 1 1").split()[2])
    assert 2 * r * scale * px_per_unit >= 16, f"{piece}: the mark is only {2 * r * scale:.1f} units across"


N_RASTER = 48


@pytest.mark.parametrize("game, piece, colour, svg", PIECES, ids=[f"{g}-{p}" for g, p, _c, _s in PIECES])
def test_a_seat_pieces_mark_renders_as_the_badges_mark(game: str, piece: str, colour: str, svg: Path,
                                                       tmp_path: Path) -> None:
    """The piece's mark group alone, rendered by nanosvg over its box, against draw_mark's pixels."""
    group, _ancestors = seat_mark_of(svg)
    cx, cy, r = (float(group.get(k, "nan")) for k in ("data-cx", "data-cy", "data-r"))
    ET.register_namespace("", SVG_NS[1:-1])
    body = ET.tostring(group, encoding="unicode")
    doc = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{N_RASTER}" height="{N_RASTER}" '
           f'viewBox="{cx - r} {cy - r} {2 * r} {2 * r}">{body}</svg>')
    path = tmp_path / "mark.svg"
    path.write_text(doc, encoding="utf-8")
    picture = pygame.image.load_sized_svg(str(path), (N_RASTER, N_RASTER))
    assert picture.get_size() == (N_RASTER, N_RASTER)
    cover = coverage(picture, picture.get_rect(), by_alpha)
    mark = SEATS[colour]
    assert_is_the_mark(mark, N_RASTER, cover, f"{piece} rendered")
    # and against the badge's own pixels: the same up to the outline, the same amount of ink
    badge = badge_mark_cover(mark, N_RASTER)
    _inside, near = geometry_raster(mark, N_RASTER)
    differ = {p for p in cover if (cover[p] >= 0.5) != (badge[p] >= 0.5)} - near
    assert not differ, f"{piece}: {len(differ)} pixels differ from the badge's {mark}, away from its outline"
    assert sum(cover.values()) == pytest.approx(sum(badge.values()), rel=0.1)


def test_only_seat_pieces_carry_a_seat_mark() -> None:
    tagged = {p for p in (ROOT / "art").rglob("*.svg") if 'id="seat-mark"' in p.read_text(encoding="utf-8")}
    assert tagged == {svg for _g, _p, _c, svg in PIECES}
