"""Pictures of Somerset's tiles and pieces for the scene, each made once per size (and turn) and cached.

The art lives in art/somerset/ (drawn by make_art.py; its README gives the boxes): hex tiles in a
256 x 256 box with the hex's corners at its top and bottom, workers in 128 x 160 (lying: 160 x 128),
road pieces 96 x 36 (laid across an edge, joining the tiles), barricades 112 x 40 (along an edge),
claim markers 72 x 72 over a country tile's cost badge, track markers 48 x 64, icons and the sword
128 x 128. A picture whose file is not there is drawn here with plain shapes instead and named in
`missing`, so the table says what is missing and never crashes on it.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Callable

import pygame

from engine.core.paths import project_root
from engine.core.words import N_
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.art_folder import ArtFolder
from engine.ui.assets import Assets
from engine.ui.surface_cache import MB

Size = tuple[int, int]
TILE_BOX = 256.0  # the tile art's box; the hex's corner radius is half of it
COST_BADGE = (51.78, 84.0)  # the country tiles' cost badge centre in the box (make_art.py COST_C)
CLAIM_BOX = 72.0
ROAD_BOX = (96.0, 36.0)
BARRICADE_BOX = (112.0, 40.0)
WORKER_BOX = (128.0, 160.0)
TRACK_MARKER_BOX = (48.0, 64.0)
CARD_BOX = (180.0, 256.0)
GOV_BOX = (840.0, 430.0)  # gov_board.svg: column k spans x GOV_X0 + (k-1) * GOV_COL_W, GOV_COL_W - 8 wide;
GOV_X0, GOV_COL_W, GOV_SLOT = 104.0, 120.0, (52.0, 106.0)  # its marker slot spans y GOV_SLOT (make_art.py)
TIMING_BAND = (34.0, 58.0, 112.0, 22.0)  # a timed spell's ribbon in the card box (make_art.py TIMING_BAND)
TIMING_TAGS = {"before": N_("Before the move"), "after": N_("After the move")}


def timing_tag(timing: str) -> str:
    """The words on a spell card cast only before or only after the move ("" for any time)."""
    tag = TIMING_TAGS.get(timing)
    return t(tag) if tag else ""
ICONS = {"W": "icon_wood.svg", "B": "icon_brick.svg", "S": "icon_stone.svg", "G": "icon_grain.svg",
         "C": "icon_crystal.svg", "$": "icon_coin.svg", "any": "icon_any.svg"}
RESOURCE_RGB = {"W": (150, 100, 52), "B": (184, 84, 58), "S": (150, 150, 158), "G": (226, 190, 84),
                "C": (120, 170, 230), "$": (226, 184, 60), "any": (200, 200, 200)}
MADE_BUDGET = 16 * MB  # turned road pieces, drawn stand-ins: a few MB per zoom level
SPELL_FACE = (226, 216, 248)
BUILDING_FACE = (240, 226, 196)


def default_art_dir() -> Path:
    return project_root() / "art" / "somerset"


class SomersetArt(ArtFolder):
    """Every picture the scene draws, by game word: tiles, workers, road pieces, barricades, markers, icons."""

    def __init__(self, assets: Assets, art_dir: Path, font: Callable[[int, bool], pygame.font.Font]) -> None:
        super().__init__(assets, art_dir, font, MADE_BUDGET, "somerset pieces")

    # ------------------------------------------------------------------ tiles
    def tile(self, ident: str, name: str, box: int, rotation: int) -> pygame.Surface:
        """A city or country tile in a box `box` wide (the hex's corner radius is box / 2), turned `rotation`
        sixths clockwise."""
        file = f"tiles/{ident}.svg"
        if self.has(file):
            return self.assets.turned_sixths(self.dir / file, (box, box), rotation)
        return self.remember(("tile", ident, box), lambda: self._plain_hex(box, ident, name))

    def empty_hex(self, box: int, buildable: bool = False) -> pygame.Surface:
        file = "hex_buildable.svg" if buildable else "hex_empty.svg"
        if self.has(file):
            return self.svg(file, (box, box))
        return self.remember(("empty", buildable, box), lambda: self._plain_hex(box, "", ""))

    def _plain_hex(self, box: int, ident: str, name: str) -> pygame.Surface:
        surf = pygame.Surface((box, box), pygame.SRCALPHA)
        points = hex_points(box / 2, box / 2, box / 2)
        fill = (150, 170, 110) if ident.startswith("K") else (196, 180, 150) if ident else (90, 80, 60, 90)
        pygame.draw.polygon(surf, fill, points)
        pygame.draw.polygon(surf, theme.INK, points, max(1, box // 60))
        if name:
            font = self.font(max(7, box // 9), True)
            words = name.split()
            for k, word in enumerate(words):
                img = font.render(word, True, theme.INK)
                y = box / 2 + (k - (len(words) - 1) / 2) * font.get_height()
                surf.blit(img, img.get_rect(center=(box // 2, round(y))))
        return surf.convert_alpha()

    # ------------------------------------------------------------------ pieces
    def worker(self, colour: str, kind: str, lying: bool, width: int) -> pygame.Surface:
        """A worker `width` wide (standing: 128 x 160 box; lying: 160 x 128, `width` the long side)."""
        w, h = WORKER_BOX
        size = (width, round(width * h / w)) if not lying else (width, round(width * w / h))
        file = f"pieces/{kind}_{colour}{'_lying' if lying else ''}.svg"
        if self.has(file):
            return self.svg(file, size)
        return self.remember(("worker", colour, kind, lying, size), lambda: _plain_worker(colour, kind, lying,
                                                                                                  size))

    def road(self, colour: str, barricade: bool, length: int, degrees: float = 0.0) -> pygame.Surface:
        """A road piece (or barricade) `length` long, its long side turned `degrees` anticlockwise from east."""
        key = ("road", colour, barricade, length, round(degrees) % 180)
        hit = self.made.get(key)
        if hit is None:
            bw, bh = BARRICADE_BOX if barricade else ROAD_BOX
            size = (length, max(2, round(length * bh / bw)))
            file = f"pieces/{'barricade' if barricade else 'road'}_{colour}.svg"
            flat = self.svg(file, size) if self.has(file) else _plain_piece(colour, barricade, size)
            hit = pygame.transform.rotozoom(flat, round(degrees) % 180, 1.0) if round(degrees) % 180 else flat
            self.made[key] = hit
        return hit

    def claim(self, colour: str, side: int) -> pygame.Surface:
        file = f"pieces/claim_{colour}.svg"
        if self.has(file):
            return self.svg(file, (side, side))
        return self.remember(("claim", colour, side), lambda: _plain_disc(colour, side))

    def gov_board(self, width: int) -> pygame.Surface | None:
        """The government track's board (gov_board.svg) `width` wide, or None when the file is missing."""
        if not self.has("gov_board.svg"):
            self.missing.add("gov_board.svg")
            return None
        return self.svg("gov_board.svg", (width, round(width * GOV_BOX[1] / GOV_BOX[0])))

    def track_marker(self, colour: str, width: int) -> pygame.Surface:
        w, h = TRACK_MARKER_BOX
        size = (width, round(width * h / w))
        file = f"pieces/track_marker_{colour}.svg"
        if self.has(file):
            return self.svg(file, size)
        return self.remember(("marker", colour, size), lambda: _plain_disc(colour, width))

    def icon(self, code: str, side: int) -> pygame.Surface:
        """A resource's icon (W, B, S, G, C, $ or any)."""
        file = ICONS.get(code, "icon_any.svg")
        if self.has(file):
            return self.svg(file, (side, side))
        return self.remember(("icon", code, side), lambda: _plain_icon(code, side))

    def sword(self, side: int) -> pygame.Surface:
        if self.has("sword.svg"):
            return self.svg("sword.svg", (side, side))
        return self.remember(("sword", side), lambda: _plain_sword(side))

    def card(self, kind: str, ident: str, name: str, width: int, tag: str = "") -> pygame.Surface:
        """A spell or building card (180 x 256 box) `width` wide with its name in the name band and, for a
        spell cast only before or after the move, `tag` ("Before the move") on its ribbon; the back when
        `ident` is empty."""
        size = (width, round(width * CARD_BOX[1] / CARD_BOX[0]))
        file = f"cards/{kind}_back.svg" if not ident else f"cards/{kind}_{ident}.svg"
        return self.remember(("card", kind, ident, name, tag, width),
                                   lambda: self._card(file, kind, name, size, tag))

    def _card(self, file: str, kind: str, name: str, size: Size, tag: str = "") -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        if self.has(file):
            surf.blit(self.svg(file, size), (0, 0))
        else:
            pygame.draw.rect(surf, SPELL_FACE if kind == "spell" else BUILDING_FACE, surf.get_rect(),
                             border_radius=max(2, size[0] // 14))
            pygame.draw.rect(surf, theme.INK, surf.get_rect(), max(1, size[0] // 60), border_radius=max(2, size[0] // 14))
        if name:
            k = size[0] / CARD_BOX[0]
            band = pygame.Rect(round(14 * k), round(14 * k), round(152 * k), round(32 * k))
            _fit_blit(surf, name, band, self.font, round(15 * k), theme.INK)
        if tag:
            k = size[0] / CARD_BOX[0]
            x, y, w, h = TIMING_BAND
            band = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
            if not self.has(file):
                pygame.draw.rect(surf, theme.PARCHMENT, band, border_radius=max(1, band.height // 4))
            _fit_blit(surf, tag, band, self.font, round(12 * k), theme.INK)
        return surf.convert_alpha()


def _fit_blit(surf: pygame.Surface, text: str, band: pygame.Rect,
              font: Callable[[int, bool], pygame.font.Font], points: int, rgb: tuple) -> None:
    """`text` in bold, centred in `band`, the font shrunk (to 7 points at least) until it fits."""
    points = max(7, points)
    face = font(points, True)
    while face.size(text)[0] > band.width - 4 and points > 7:
        points -= 1
        face = font(points, True)
    img = face.render(text, True, rgb)
    surf.blit(img, img.get_rect(center=band.center))


# ------------------------------------------------------------------ geometry
def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hex's corners (top first, clockwise)."""
    return [(cx + r * math.cos(math.radians(-90 + 60 * k)), cy + r * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def badge_offset(rotation: int, hex_r: float) -> tuple[float, float]:
    """Where a country tile's cost badge (its claim marker's place) lies from the hex's centre, turned so."""
    scale = 2 * hex_r / TILE_BOX
    dx, dy = (COST_BADGE[0] - TILE_BOX / 2) * scale, (COST_BADGE[1] - TILE_BOX / 2) * scale
    a = math.radians(60 * rotation)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


# ------------------------------------------------------------------ stand-ins for missing files
def _plain_worker(colour: str, kind: str, lying: bool, size: Size) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rgb = theme.seat_rgb(colour)
    w, h = size
    body = pygame.Rect(0, 0, w, h).inflate(-w // 4, -h // 5)
    if lying:
        pygame.draw.ellipse(surf, rgb, body)
        pygame.draw.ellipse(surf, theme.INK, body, max(1, w // 30))
    else:
        theme.draw_pawn(surf, body, rgb)
    mark = pygame.Rect(0, 0, w // 3, w // 3)
    mark.center = body.center
    theme.draw_mark(surf, theme.seat_colour(colour).mark, mark, theme.contrast(rgb))
    return surf.convert_alpha()


def _plain_piece(colour: str, barricade: bool, size: Size) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rgb = theme.seat_rgb(colour)
    rect = surf.get_rect().inflate(-2, -2)
    pygame.draw.rect(surf, (120, 84, 48) if not barricade else rgb, rect, border_radius=max(1, size[1] // 4))
    pygame.draw.rect(surf, theme.INK, rect, max(1, size[1] // 10), border_radius=max(1, size[1] // 4))
    c = rect.center
    pygame.draw.circle(surf, rgb, c, max(2, size[1] // 3))
    return surf.convert_alpha()


def _plain_disc(colour: str, side: int) -> pygame.Surface:
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    theme.draw_seat_badge(surf, colour, surf.get_rect())
    return surf.convert_alpha()


def _plain_icon(code: str, side: int) -> pygame.Surface:
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-side // 6, -side // 6)
    pygame.draw.ellipse(surf, RESOURCE_RGB.get(code, (200, 200, 200)), rect)
    pygame.draw.ellipse(surf, theme.INK, rect, max(1, side // 14))
    return surf.convert_alpha()


def _plain_sword(side: int) -> pygame.Surface:
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.line(surf, (210, 214, 224), (side // 2, side // 8), (side // 2, side * 7 // 8), max(2, side // 10))
    pygame.draw.line(surf, theme.BRASS, (side // 4, side * 2 // 3), (side * 3 // 4, side * 2 // 3), max(2, side // 10))
    return surf.convert_alpha()
