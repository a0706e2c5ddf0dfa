"""Small SVG-writing and geometry helpers shared by the art scripts.

Used by art/entdecker/make_art.py, art/desert_sons/make_art.py and
art/five_tribes/make_art.py (standard library only).  The scripts write
their SVGs as plain strings for pygame-ce's nanosvg loader; this module
holds the pieces they have in common:

  * SvgKit: element writers (fmt, attrs, el, group, place, d_of, poly, line,
    circle, rect, outlined) at a fixed number format; a script makes one
    kit and binds its methods to module names,
  * Doc: an SVG document (gradients in <defs> plus body elements),
  * geometry on point lists: dist, unit, spline, arc, rot, scale_pts, move,
    ellipse_pts, tube, seg_dist, star_pts, and the colour blend mix,
  * seat_mark: a seat's mark (dot, stripes, cross, ring, diamond) from the one
    geometry in engine/core/marks.py, the table's badges draw the same.

Everything is deterministic: the same calls give the same bytes.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

REPO = str(Path(__file__).resolve().parents[1])     # engine/core/marks.py: the marks' one geometry
if REPO not in sys.path:
    sys.path.append(REPO)
from engine.core import marks  # noqa: E402


# --------------------------------------------------------------------------
# formatting and element writers
# --------------------------------------------------------------------------


def fmt(v: float, digits: int = 2) -> str:
    """A number with at most `digits` decimals, no trailing zeros, never "-0"."""
    s = f"{v:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def flat(items):
    """Flatten nested lists/tuples of element strings, dropping empty ones."""
    out = []
    for it in items:
        if isinstance(it, (list, tuple)):
            out.extend(flat(it))
        elif it:
            out.append(it)
    return out


class SvgKit:
    """Element writers at one number format.

    digits: decimals for attribute values; path_digits: decimals for path
    coordinates (default: digits); ink: the default outline colour of
    outlined().
    """

    def __init__(self, digits: int = 2, path_digits: int | None = None, ink: str = "#000000"):
        self.digits = digits
        self.path_digits = digits if path_digits is None else path_digits
        self.ink = ink

    def fmt(self, v: float) -> str:
        return fmt(v, self.digits)

    def attrs(self, kw: dict) -> str:
        parts = []
        for k, v in kw.items():
            if v is None:
                continue
            k = k.rstrip("_").replace("_", "-")
            if isinstance(v, float):
                v = self.fmt(v)
            parts.append(f'{k}="{v}"')
        return " ".join(parts)

    def el(self, tag: str, **kw) -> str:
        return f"<{tag} {self.attrs(kw)}/>"

    def group(self, items, transform=None, **kw) -> str:
        inner = "".join(flat(items))
        kw["transform"] = transform
        return f"<g {self.attrs(kw)}>{inner}</g>"

    def place(self, items, cx, cy, size, base=256.0, **kw) -> str:
        """Place a drawing made in a base x base box centred at (cx, cy), size wide."""
        f = self.fmt
        k = size / base
        return self.group(items, transform=f"translate({f(cx - size / 2)} {f(cy - size / 2)}) scale({f(k)})", **kw)

    def d_of(self, pts, close=True) -> str:
        """Path data for a polyline."""
        n = self.path_digits
        s = "M" + " L".join(f"{fmt(x, n)} {fmt(y, n)}" for x, y in pts)
        return s + (" Z" if close else "")

    def poly(self, pts, fill, stroke=None, sw=None, **kw):
        return self.el("path", d=self.d_of(pts), fill=fill, stroke=stroke, stroke_width=sw,
                       stroke_linejoin="round" if stroke else None, **kw)

    def line(self, pts, stroke, sw, cap="round", **kw):
        return self.el("path", d=self.d_of(pts, close=False), fill="none", stroke=stroke, stroke_width=sw,
                       stroke_linecap=cap, stroke_linejoin="round", **kw)

    def circle(self, cx, cy, r, fill, stroke=None, sw=None, **kw):
        return self.el("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill, stroke=stroke,
                       stroke_width=sw, **kw)

    def rect(self, x, y, w, h, fill, stroke=None, sw=None, rx=None, **kw):
        return self.el("rect", x=float(x), y=float(y), width=float(w), height=float(h),
                       rx=None if rx is None else float(rx), fill=fill, stroke=stroke, stroke_width=sw, **kw)

    def seat_mark(self, kind, cx, cy, r, fill) -> str:
        """A seat's mark filling the box of radius r centred at (cx, cy), in `fill`.

        The shapes are engine/core/marks.py's (the badges' too), written as one group
        <g id="seat-mark" data-mark=KIND data-cx data-cy data-r> so a test can find the mark
        and check it. The box is rounded to the kit's number format first, so the
        written shapes are the geometry placed in the written box.
        """
        cx, cy, r = (float(self.fmt(v)) for v in (cx, cy, r))
        items = []
        for p in marks.placed(kind, cx, cy, r):
            if isinstance(p, marks.Disc):
                items.append(self.circle(p.cx, p.cy, p.r, fill))
            elif isinstance(p, marks.Ring):
                items.append(self.circle(p.cx, p.cy, p.r, "none", fill, p.width))
            else:
                items.append(self.poly(p.points, fill))
        return f'<g id="seat-mark" data-mark="{kind}" {self.attrs({"data_cx": cx, "data_cy": cy, "data_r": r})}>' \
            f'{"".join(items)}</g>'

    def numeral(self, text, cx, cy, h, colour, sw, outline=None, ow=0.0, advance=0.72):
        """Draw text (digits, + - > /) centred at (cx, cy), h high, as stroked paths (see glyph)."""
        w = h * (advance * len(text) - (advance - 0.6))
        x0 = cx - w / 2
        strokes = []
        for i, ch in enumerate(text):
            for pl in glyph(ch):
                strokes.append([(x0 + (i * advance + x) * h, cy - h / 2 + y * h) for x, y in pl])
        out = []
        if outline:
            out += [self.line(s, outline, sw + 2 * ow) for s in strokes]
        out += [self.line(s, colour, sw) for s in strokes]
        return out

    def outlined(self, parts, ow, oc=None, halo=None):
        """Draw closed shapes as one silhouette: (halo pass,) outline pass, then fills.

        parts: list of (points, fill); oc: outline colour (default: the kit's
        ink); halo: optional (extra width, colour, opacity) drawn first.
        """
        oc = self.ink if oc is None else oc
        out = []
        if halo:
            hw, hc, ho = halo
            out += [self.poly(p, hc, hc, ow + hw, opacity=ho) for p, _ in parts]
        out += [self.poly(p, oc, oc, ow) for p, _ in parts]
        out += [self.poly(p, f) for p, f in parts]
        return out


class Doc:
    """An SVG document: gradient definitions plus a list of body elements.

    Subclasses set `digits` (number format) and `flatten` (add() flattens
    nested lists and drops empty items, instead of one level only).
    """

    digits = 2
    flatten = False

    def __init__(self, w=256, h=256):
        self.w, self.h = w, h
        self.defs: list[str] = []
        self.body: list[str] = []
        self._n = 0

    def _fmt(self, v) -> str:
        return fmt(v, self.digits)

    def uid(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}{self._n}"

    def add(self, *items):
        if self.flatten:
            self.body.extend(flat(items))
            return
        for it in items:
            if isinstance(it, (list, tuple)):
                self.body.extend(it)
            else:
                self.body.append(it)

    def _stops(self, stops):
        out = []
        for st in stops:
            op = f' stop-opacity="{self._fmt(st[2])}"' if len(st) > 2 else ""
            out.append(f'<stop offset="{self._fmt(st[0])}" stop-color="{st[1]}"{op}/>')
        return "".join(out)

    def linear(self, x1, y1, x2, y2, stops) -> str:
        f = self._fmt
        gid = self.uid("lg")
        self.defs.append(
            f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" '
            f'x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}">'
            f"{self._stops(stops)}</linearGradient>")
        return f"url(#{gid})"

    def radial(self, cx, cy, r, stops, fx=None, fy=None) -> str:
        f = self._fmt
        gid = self.uid("rg")
        fx = cx if fx is None else fx
        fy = cy if fy is None else fy
        self.defs.append(
            f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" '
            f'cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fx="{f(fx)}" fy="{f(fy)}">'
            f"{self._stops(stops)}</radialGradient>")
        return f"url(#{gid})"

    def text(self) -> str:
        defs = f"<defs>{''.join(self.defs)}</defs>" if self.defs else ""
        body = "\n".join(self.body)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w}" height="{self.h}" '
                f'viewBox="0 0 {self.w} {self.h}">\n{defs}\n{body}\n</svg>\n')


# --------------------------------------------------------------------------
# geometry on point lists
# --------------------------------------------------------------------------


def dist(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


def unit(v):
    ln = math.hypot(v[0], v[1]) or 1.0
    return (v[0] / ln, v[1] / ln)


def spline(pts, t0=None, t1=None, closed=False, step=3.0):
    """Sample a Catmull-Rom/Hermite spline through pts.

    For open splines t0/t1 give the (unit) direction of the end tangents.
    """
    pts = [tuple(p) for p in pts]
    n = len(pts)
    tans = []
    if closed:
        for i in range(n):
            a, b = pts[i - 1], pts[(i + 1) % n]
            tans.append(((b[0] - a[0]) / 2, (b[1] - a[1]) / 2))
        segs = [(i, (i + 1) % n) for i in range(n)]
    else:
        if t0 is None:
            t0 = unit((pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]))
        if t1 is None:
            t1 = unit((pts[-1][0] - pts[-2][0], pts[-1][1] - pts[-2][1]))
        for i in range(n):
            if i == 0:
                d = dist(pts[0], pts[1])
                tans.append((t0[0] * d, t0[1] * d))
            elif i == n - 1:
                d = dist(pts[-2], pts[-1])
                tans.append((t1[0] * d, t1[1] * d))
            else:
                a, b = pts[i - 1], pts[i + 1]
                tans.append(((b[0] - a[0]) / 2, (b[1] - a[1]) / 2))
        segs = [(i, i + 1) for i in range(n - 1)]
    return hermite(pts, tans, segs, closed, step)


def hermite(pts, tans, segs, closed, step):
    """Sample cubic Hermite segments (i, j) of pts with tangents tans, about step apart."""
    out = []
    for i, j in segs:
        p0, p1, m0, m1 = pts[i], pts[j], tans[i], tans[j]
        k = max(3, int(dist(p0, p1) / step))
        for s in range(k):
            t = s / k
            t2, t3 = t * t, t * t * t
            h00, h10, h01, h11 = 2 * t3 - 3 * t2 + 1, t3 - 2 * t2 + t, -2 * t3 + 3 * t2, t3 - t2
            out.append((h00 * p0[0] + h10 * m0[0] + h01 * p1[0] + h11 * m1[0],
                        h00 * p0[1] + h10 * m0[1] + h01 * p1[1] + h11 * m1[1]))
    if not closed:
        out.append(pts[-1])
    return out


def arc(cx, cy, r, a0, a1, step=3.0, ry=None):
    """Points on a circle (or ellipse, radius ry) from angle a0 to a1 (degrees, screen coords)."""
    ry = r if ry is None else ry
    span = abs(a1 - a0)
    k = max(4, int(math.radians(span) * max(r, ry) / step))
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / k)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / k))) for i in range(k + 1)]


def rot(pts, c, deg):
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(c[0] + (x - c[0]) * ca - (y - c[1]) * sa, c[1] + (x - c[0]) * sa + (y - c[1]) * ca) for x, y in pts]


def scale_pts(pts, c, k, ky=None):
    ky = k if ky is None else ky
    return [(c[0] + (x - c[0]) * k, c[1] + (y - c[1]) * ky) for x, y in pts]


def move(pts, dx, dy):
    return [(x + dx, y + dy) for x, y in pts]


def ellipse_pts(cx, cy, rx, ry, deg=0.0, k=48, wobble=0.0, rng=None, lobes=0, lobe_amp=0.0):
    """k points on an ellipse, optionally wobbly (seeded by rng) or with `lobes` bumps."""
    out = []
    ph = rng.uniform(0, 6.28) if rng else 0.0
    for i in range(k):
        t = 2 * math.pi * i / k
        f = 1.0
        if wobble:
            f += wobble * (0.6 * math.sin(3 * t + ph) + 0.4 * math.sin(5 * t + 2 * ph))
        if lobes:
            f += lobe_amp * math.cos(lobes * t)
        out.append((cx + rx * f * math.cos(t), cy + ry * f * math.sin(t)))
    return rot(out, (cx, cy), deg) if deg else out


def tube(center, widths):
    """Closed outline around a centre line with per-point half widths."""
    left, right = [], []
    n = len(center)
    for i, (p, w) in enumerate(zip(center, widths)):
        a = center[max(0, i - 1)]
        b = center[min(n - 1, i + 1)]
        tx, ty = unit((b[0] - a[0], b[1] - a[1]))
        left.append((p[0] - ty * w, p[1] + tx * w))
        right.append((p[0] + ty * w, p[1] - tx * w))
    return left + right[::-1]


def seg_dist(p, a, b):
    """Distance from point p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    if l2 == 0:
        return math.hypot(p[0] - a[0], p[1] - a[1])
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def star_pts(cx, cy, r_out, r_in, n=5, deg=-90.0):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(deg + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def mix(c1, c2, t):
    """Blend two #rrggbb colours: t=0 gives c1, t=1 gives c2."""
    a = [int(c1[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(a[i] + (b[i] - a[i]) * t):02x}" for i in range(3))


def glyph(ch):
    """Stroke polylines of a character (digits, + - > /) in a box 0.6 wide and 1 high: the art's numbers, drawn
    as paths (nanosvg draws no <text>)."""
    if ch == "0":
        return [ellipse_pts(0.3, 0.5, 0.27, 0.48, k=40) + [(0.57, 0.5)]]
    if ch == "1":
        return [[(0.1, 0.2), (0.34, 0.02), (0.34, 0.98)]]
    if ch == "2":
        return [arc(0.3, 0.28, 0.26, 192, 380, 0.02) + [(0.04, 0.98), (0.6, 0.98)]]
    if ch == "3":
        return [arc(0.29, 0.26, 0.23, 205, 450, 0.02), arc(0.29, 0.72, 0.26, 270, 515, 0.02)]
    if ch == "4":
        return [[(0.45, 0.98), (0.45, 0.02), (0.02, 0.7), (0.6, 0.7)]]
    if ch == "5":
        return [[(0.55, 0.02), (0.12, 0.02), (0.07, 0.45)] +
                spline([(0.07, 0.45), (0.3, 0.38), (0.56, 0.6), (0.5, 0.88), (0.28, 0.98), (0.03, 0.9)], step=0.02)]
    if ch == "6":
        return [spline([(0.52, 0.05), (0.28, 0.04), (0.07, 0.34), (0.04, 0.68)], step=0.02),
                ellipse_pts(0.3, 0.7, 0.26, 0.28, k=40) + [(0.56, 0.7)]]
    if ch == "7":
        return [[(0.02, 0.02), (0.58, 0.02), (0.2, 0.98)]]
    if ch == "8":
        return [ellipse_pts(0.3, 0.25, 0.21, 0.23, k=36) + [(0.51, 0.25)],
                ellipse_pts(0.3, 0.72, 0.26, 0.26, k=40) + [(0.56, 0.72)]]
    if ch == "9":
        return [rot(p, (0.3, 0.5), 180) for p in glyph("6")]
    if ch == "+":
        return [[(0.04, 0.52), (0.56, 0.52)], [(0.3, 0.26), (0.3, 0.78)]]
    if ch == "-":
        return [[(0.06, 0.52), (0.54, 0.52)]]
    if ch == ">":
        return [[(0.08, 0.2), (0.52, 0.52), (0.08, 0.84)]]
    if ch == "/":
        return [[(0.5, 0.05), (0.1, 0.95)]]
    raise ValueError(ch)
