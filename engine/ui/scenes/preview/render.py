"""Drawing the previewer's items: a tile, piece or card picture, its overlays, headings, definition tooltips."""
from __future__ import annotations

import math
from typing import Any

import pygame

from engine.core.preview import PreviewItem, Problem, orient_point
from engine.core.words import N_, Words
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text

FALLBACK_HUES = ((230, 120, 60), (90, 170, 230), (120, 200, 90), (220, 90, 180), (240, 210, 80), (150, 120, 230),
                 (80, 200, 190), (230, 80, 80))
KIND_TITLES = {"tile": N_("Tiles"), "back": N_("Backs"), "piece": N_("Pieces"), "card": N_("Cards"),
               "board": N_("Boards")}
KIND_NAMES = {"tile": N_("tile"), "back": N_("back"), "piece": N_("piece"), "card": N_("card"), "board": N_("board")}


def said(text: Any) -> Any:
    """A hook's text as the player reads it: `Words` in the current language; anything else (an id, a
    number, a file) as it is."""
    return t(text) if isinstance(text, Words) else text


def problem_text(problem: Problem) -> str:
    """A problem in the current language, its values too when they are words (an expected count's label,
    what a missing picture is for)."""
    return t(problem.template, **{k: said(v) for k, v in problem.params.items()})


def type_colour(kind: str, palette: dict[str, tuple[int, int, int]] | Any) -> tuple[int, int, int]:
    """The overlay colour of an edge, region or spot type: the game's palette, else a stable pick."""
    if kind in palette:
        return tuple(palette[kind])[:3]  # type: ignore[return-value]
    return FALLBACK_HUES[sum(map(ord, kind)) % len(FALLBACK_HUES)]


# ------------------------------------------------------------------ drawing items
class ItemRenderer:
    """Draws items through their game's renderer once per (item, size, rotation) and keeps the result."""

    MAX = 800

    def __init__(self, assets: Any) -> None:
        self.assets = assets
        self.cache: dict[tuple, pygame.Surface] = {}
        self.errors: dict[str, str] = {}  # item id -> why its drawing failed

    def clear(self) -> None:
        self.cache.clear()
        self.errors.clear()

    def image(self, item: PreviewItem, size: tuple[int, int], rotation: int, flipped: bool = False) -> pygame.Surface:
        """The item drawn at this size and turn; `flipped` (a flippable item) mirrored first, then turned."""
        rotation %= max(1, item.rotations)
        flipped = flipped and item.flippable
        key = (item.id, size, rotation, flipped)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        if len(self.cache) > self.MAX:
            self.cache.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        try:
            if flipped:  # mirror, then turn: drawn turned the other way and mirrored last (orient_point)
                item.draw(surf, surf.get_rect(), -rotation % max(1, item.rotations), self.assets)
                surf = pygame.transform.flip(surf, True, False)
            else:
                item.draw(surf, surf.get_rect(), rotation, self.assets)
        except Exception as exc:  # one item's broken art must not take the previewer down
            self.errors[item.id] = f"{type(exc).__name__}: {exc}"
            surf = broken_image(size)
        self.cache[key] = surf
        return surf


def heading_text(title: str, items: list[PreviewItem]) -> str:
    """A section's heading: how many kinds, and how many in the box when they are counted."""
    if any(i.count is not None for i in items):
        return t("{title}: {k} kinds, {n} in the box", title=title, k=len(items), n=sum(i.count or 0 for i in items))
    return t("{title}: {k} kinds", title=title, k=len(items))


def broken_image(size: tuple[int, int]) -> pygame.Surface:
    """What an item that cannot be drawn shows: a dark square with a red cross."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (60, 30, 26), rect, border_radius=max(2, rect.w // 12))
    pygame.draw.rect(surf, theme.BAD, rect, max(1, rect.w // 40), border_radius=max(2, rect.w // 12))
    inset = rect.inflate(-rect.w // 3, -rect.h // 3)
    width = max(2, rect.w // 20)
    pygame.draw.line(surf, theme.BAD, inset.topleft, inset.bottomright, width)
    pygame.draw.line(surf, theme.BAD, inset.topright, inset.bottomleft, width)
    return surf


def rotated_size(item: PreviewItem, long_side: int, rotation: int) -> tuple[int, int]:
    """The item's box at this long side, turned: a 3:2 card on its side is 2:3."""
    if item.aspect >= 1:
        w, h = long_side, max(1, round(long_side / item.aspect))
    else:
        w, h = max(1, round(long_side * item.aspect)), long_side
    if item.rotations == 4 and rotation % 2:
        w, h = h, w
    return (w, h)


def draw_overlay(surface: pygame.Surface, rect: pygame.Rect, item: PreviewItem, rotation: int, show: dict[str, bool],
                 palette: Any, font: pygame.font.Font, flipped: bool = False) -> None:
    """Edges, regions, spots and the grid of `item` over rect, turned (and mirrored) like the item."""
    ov = item.overlay
    steps = max(1, item.rotations)
    flipped = flipped and item.flippable

    def at(p) -> tuple[float, float]:
        x, y = orient_point((float(p[0]), float(p[1])), rotation, steps, flipped)
        return (rect.left + x * rect.width, rect.top + y * rect.height)

    unit = min(rect.width, rect.height)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    shift = (-rect.left, -rect.top)

    def local(p) -> tuple[float, float]:
        x, y = at(p)
        return (x + shift[0], y + shift[1])

    if show.get("grid"):
        ink = (255, 255, 255)
        for k in range(1, 8):
            alpha = 150 if k == 4 else (95 if k % 2 == 0 else 45)
            width = 2 if k == 4 else 1
            x = round(rect.width * k / 8)
            y = round(rect.height * k / 8)
            pygame.draw.line(layer, (*ink, alpha), (x, 0), (x, rect.height), width)
            pygame.draw.line(layer, (*ink, alpha), (0, y), (rect.width, y), width)
        pygame.draw.polygon(layer, (*ink, 200), [local(p) for p in ov.shape], 2)
    if show.get("regions"):
        for region in ov.regions:
            if len(region.outline) >= 3:
                colour = type_colour(region.type, palette)
                pygame.draw.polygon(layer, (*colour, 70), [local(p) for p in region.outline])
    surface.blit(layer, rect)
    labels: list[tuple[str, tuple[float, float], tuple[int, int, int]]] = []
    if show.get("regions"):
        for region in ov.regions:
            if len(region.outline) >= 3:
                colour = type_colour(region.type, palette)
                pts = [at(p) for p in region.outline]
                pygame.draw.polygon(surface, (20, 14, 10), pts, max(3, unit // 70))
                pygame.draw.polygon(surface, colour, pts, max(2, unit // 110))
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                lift = 0.15 * unit if show.get("spots") and ov.piece_spots else 0  # clear of the spot's ring
                labels.append((str(said(region.id)), (cx, cy - lift), colour))
    if show.get("edges"):
        width = max(4, unit // 28)
        for edge in ov.edges:
            colour = type_colour(edge.type, palette)
            a, b = at(edge.a), at(edge.b)
            cx, cy = rect.center
            # Pull the band a little inside the tile so it is not cut by the tile's border.
            pull = lambda p: (p[0] + (cx - p[0]) * 0.035, p[1] + (cy - p[1]) * 0.035)  # noqa: E731
            pa, pb = pull(a), pull(b)
            pygame.draw.line(surface, (20, 14, 10), pa, pb, width + 4)
            pygame.draw.line(surface, colour, pa, pb, width)
            # Labelled a fifth of the way along, just inside: edge middles carry the tile's own features.
            mx, my = a[0] + (b[0] - a[0]) * 0.2, a[1] + (b[1] - a[1]) * 0.2
            ex, ey = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            d = max(1.0, math.dist((ex, ey), (cx, cy)))
            nx, ny = (cx - ex) / d, (cy - ey) / d
            shown = str(said(edge.type))
            tw, th = font.size(shown)
            inward = width + abs(nx) * tw / 2 + abs(ny) * th / 2 + 3  # the whole label inside the tile
            labels.append((shown, (mx + nx * inward, my + ny * inward), colour))
    if show.get("spots"):
        for spot in ov.icon_spots:
            colour = type_colour(spot.label or "icon", palette)
            c = at((spot.x, spot.y))
            r = max(4, spot.radius * unit)
            pygame.draw.circle(surface, (20, 14, 10), c, r + 1, 4)
            pygame.draw.circle(surface, colour, c, r, 2)
            pygame.draw.line(surface, colour, (c[0] - r * 0.5, c[1]), (c[0] + r * 0.5, c[1]), 2)
            pygame.draw.line(surface, colour, (c[0], c[1] - r * 0.5), (c[0], c[1] + r * 0.5), 2)
            labels.append((str(said(spot.label)) if spot.label else t("icon"),
                           (c[0], c[1] + r + font.get_height() * 0.7), colour))
        for spot in ov.piece_spots:
            colour = type_colour("unit", palette) if "unit" in palette else theme.HIGHLIGHT
            c = at((spot.x, spot.y))
            r = max(4, spot.radius * unit)
            pygame.draw.circle(surface, (20, 14, 10), c, r + 1, 5)
            pygame.draw.circle(surface, colour, c, r, 3)
            pygame.draw.circle(surface, colour, c, max(2, r * 0.18))
            labels.append((str(said(spot.label)) if spot.label else t("piece"),
                           (c[0], c[1] + r + font.get_height() * 0.7), colour))
    if unit < 150:
        labels = []  # too small to read; the legend still names the colours
    for text, pos, colour in labels:
        draw_text(surface, text, (pos[0] + 1, pos[1] + 1), font, (12, 8, 5), "center")
        draw_text(surface, text, pos, font, theme.mix(colour, (255, 255, 255), 0.35), "center")


def overlay_types(item: PreviewItem, show: dict[str, bool]) -> list[str]:
    """The edge, region and icon spot types of the overlays shown, for the legend (as the hook gives them:
    the palette's keys; `said` turns each into the words shown)."""
    ov = item.overlay
    seen: list[str] = []
    names = ([e.type for e in ov.edges] if show.get("edges") else []) + \
        ([r.type for r in ov.regions] if show.get("regions") else []) + \
        ([s.label for s in ov.icon_spots] if show.get("spots") else [])
    for name in names:
        if name and name not in seen:
            seen.append(name)
    return seen


def draw_definition(surface: pygame.Surface, text: str, pos: tuple[int, int], font: pygame.font.Font,
                    bold: pygame.font.Font) -> pygame.Rect:
    """A tooltip with YAML as written: indentation kept, one block per definition, file lines in bold."""
    pad = max(6, font.get_height() // 2)
    rows: list[tuple[str, pygame.font.Font, tuple[int, int, int]]] = []
    max_w = max(200, surface.get_width() // 2 - pad * 2)
    for block in text.split("\n\n"):
        lines = block.split("\n")
        if rows:
            rows.append(("", font, theme.TEXT))
        for k, line in enumerate(lines[:18]):
            is_head = k == 0 and len(lines) > 1
            f = bold if is_head else font
            while f.size(line)[0] > max_w and len(line) > 4:
                line = line[:-5] + "…"
            rows.append((line, f, theme.HIGHLIGHT if is_head else theme.TEXT))
        if len(lines) > 18:
            rows.append(("…", font, theme.TEXT_DIM))
    step = font.get_linesize()
    w = max((f.size(r)[0] for r, f, _ in rows), default=0) + pad * 2
    h = step * len(rows) + pad * 2
    area = surface.get_rect()
    rect = pygame.Rect(pos[0] + 16, pos[1] + 18, w, h)
    if rect.right > area.right - 4:
        rect.right = pos[0] - 10
    if rect.bottom > area.bottom - 4:
        rect.bottom = pos[1] - 10
    rect.clamp_ip(area.inflate(-8, -8))
    draw_panel(surface, rect, fill=(30, 23, 18), edge=theme.BRASS_DARK, radius=8, width=1)
    y = rect.top + pad
    for line, f, colour in rows:
        if line:
            draw_text(surface, line, (rect.left + pad, y), f, colour)
        y += step
    return rect
