"""Pictures of Realm of Sand for the scene: boards, squares, discs, rune tiles, cards, the queen and markers,
each made once per size (and lie) and cached.

The art lives in art/realm_of_sand/ (its boxes, in SVG user units): boards/<colour>_<side>.svg 640 x 768
(6 x 6 cells of 96 from (32, 32); the +1 track's slots i = 0..6 centred on (64 + 72 i, 680), radius 28; the
emblem at (576, 680), radius 44); pieces/square_<G|R|K>.svg and disc_<G|R|K|B|Y>.svg 96 x 96,
pieces/queen.svg 96 x 128, crystal_clear/charged.svg 64 x 64, level_marker.svg 56 x 56; tiles/<id>.svg as
printed (I: 288 x 96, L: 192 x 192 with its cell (1, 1) empty) and tiles/back.svg 96 x 96; cards/<id>.svg
and cards/back_<I|II|III>.svg 200 x 280; icons/*.svg 96 x 96. A picture whose file is not there is drawn
here with plain shapes and named in `missing`: the table says what is missing and never crashes on it.

A rune tile's picture lies exactly as engine.core.orientation has it: mirrored left-right first (if
flipped), then turned clockwise a quarter `turns` times; both are exact pixel moves (pygame.transform.flip
and rotate by multiples of 90 degrees), so the picture covers the cells rules.tile_cells names.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Callable

import pygame

from engine.core.orientation import Orientation
from engine.core.paths import project_root
from engine.ui import theme
from engine.ui.art_folder import ArtFolder
from engine.ui.assets import Assets
from engine.ui.surface_cache import MB
from games.realm_of_sand.catalogue import CardDef, TileDef

Size = tuple[int, int]
BOARD_BOX = (640.0, 768.0)
GRID_ORIGIN = 32.0  # the first cell's top-left corner, in the board's box (x and y)
CELL_BOX = 96.0
TRACK_SLOT = (64.0, 72.0, 680.0, 28.0)  # the +1 track: first slot's centre x, step, centre y, radius
EMBLEM = (576.0, 680.0, 44.0)  # the board's emblem (its power on the advanced side): centre and radius
QUEEN_BOX = (96.0, 128.0)
CARD_BOX = (200.0, 280.0)
CRYSTAL_BOX = 64.0
LEVEL_BOX = 56.0
POWER_ICONS = ("reserve", "all_discs", "exchange_disc", "move_square", "gain_level", "swap_tiles")
ICONS = ("hourglass", "points", "plus1") + tuple(f"power_{p}" for p in POWER_ICONS)
MADE_BUDGET = 24 * MB  # turned tiles at a few cell sizes, stand-ins, mirrored copies

PIECE_RGB = {"G": (70, 150, 74), "R": (196, 58, 44), "K": (44, 42, 48), "B": (52, 104, 204), "Y": (232, 190, 48)}
BOARD_RGB = {"red": (168, 62, 52), "purple": (112, 70, 150), "yellow": (200, 160, 60), "green": (76, 130, 74),
             "orange": (206, 118, 50), "blue": (60, 100, 170)}
LIGHT_CELL = (236, 214, 166)
DARK_CELL = (150, 118, 82)
SAND = (222, 196, 146)
CARD_FACE = (244, 232, 204)
LEVEL_NAMES = {1: "I", 2: "II", 3: "III"}


def default_art_dir() -> Path:
    return project_root() / "art" / "realm_of_sand"


def board_size(cell: int) -> Size:
    """The board picture's size when its cells are `cell` pixels."""
    return (round(cell * BOARD_BOX[0] / CELL_BOX), round(cell * BOARD_BOX[1] / CELL_BOX))


def tile_box(tile: TileDef) -> tuple[int, int]:
    """The printed tile's box in cells (I: 3 x 1, L: 2 x 2)."""
    return (max(x for x, _ in tile.cells) + 1, max(y for _, y in tile.cells) + 1)


def laid_box(tile: TileDef, lie: Orientation) -> tuple[int, int]:
    """The tile's box in cells laid `lie` (a quarter turn swaps its sides)."""
    w, h = tile_box(tile)
    return (h, w) if lie.turns % 2 else (w, h)


class RealmArt(ArtFolder):
    """Every picture the scene draws, by game word: boards, squares, discs, tiles, cards, queen, markers, icons."""

    def __init__(self, assets: Assets, art_dir: Path, font: Callable[[int, bool], pygame.font.Font]) -> None:
        super().__init__(assets, art_dir, font, MADE_BUDGET, "realm of sand pieces")

    # ------------------------------------------------------------------ boards
    def board(self, colour: str, side: str, cell: int, crystals: tuple[tuple[int, int], ...] = ()) -> pygame.Surface:
        """A player board (its colour, 'basic' or 'advanced' side) whose cells are `cell` pixels."""
        size = board_size(cell)
        file = f"boards/{colour}_{side}.svg"
        if self.has(file):
            return self.svg(file, size)
        return self.remember(("board", colour, side, cell), lambda: self._plain_board(colour, side, cell, crystals))

    def _plain_board(self, colour: str, side: str, cell: int, crystals: tuple[tuple[int, int], ...]) -> pygame.Surface:
        size = board_size(cell)
        k = cell / CELL_BOX
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rgb = BOARD_RGB.get(colour, (120, 100, 80))
        pygame.draw.rect(surf, rgb, surf.get_rect(), border_radius=max(2, round(24 * k)))
        pygame.draw.rect(surf, theme.mix(rgb, (0, 0, 0), 0.5), surf.get_rect(), max(1, round(6 * k)),
                         border_radius=max(2, round(24 * k)))
        for y in range(6):
            for x in range(6):
                light = 1 <= x <= 4 and 1 <= y <= 4
                r = pygame.Rect(round((GRID_ORIGIN + x * CELL_BOX) * k), round((GRID_ORIGIN + y * CELL_BOX) * k),
                                cell, cell)
                pygame.draw.rect(surf, LIGHT_CELL if light else DARK_CELL, r)
                pygame.draw.rect(surf, theme.mix(DARK_CELL, (0, 0, 0), 0.4), r, max(1, round(2 * k)))
                if side == "advanced" and (x, y) in crystals:
                    c = r.center
                    d = cell * 0.3
                    pygame.draw.polygon(surf, theme.mix(rgb, (255, 255, 255), 0.3),
                                        [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])],
                                        max(1, round(4 * k)))
        x0, step, ty, tr = TRACK_SLOT
        font = self.font(max(6, round(28 * k)), True)
        for i in range(7):
            centre = (round((x0 + step * i) * k), round(ty * k))
            pygame.draw.circle(surf, LIGHT_CELL, centre, max(2, round(tr * k)))
            pygame.draw.circle(surf, theme.INK, centre, max(2, round(tr * k)), max(1, round(3 * k)))
            img = font.render(str(i) if i else "0", True, theme.INK)
            surf.blit(img, img.get_rect(center=centre))
        ex, ey, er = EMBLEM
        pygame.draw.circle(surf, theme.mix(rgb, (255, 255, 255), 0.25), (round(ex * k), round(ey * k)),
                           max(2, round(er * k)))
        return surf.convert_alpha()

    # ------------------------------------------------------------------ pieces
    def square(self, colour: str, side: int) -> pygame.Surface:
        """A rune square (G, R or K) `side` pixels across."""
        file = f"pieces/square_{colour}.svg"
        if self.has(file):
            return self.svg(file, (side, side))
        return self.remember(("square", colour, side), lambda: _plain_piece(colour, side, False))

    def disc(self, colour: str, side: int) -> pygame.Surface:
        """A spirit disc (G, R, K, B or Y) `side` pixels across."""
        file = f"pieces/disc_{colour}.svg"
        if self.has(file):
            return self.svg(file, (side, side))
        return self.remember(("disc", colour, side), lambda: _plain_piece(colour, side, True))

    def piece(self, code: str, side: int) -> pygame.Surface:
        """A board entry's piece: upper case a square, lower case a disc."""
        return self.square(code, side) if code.isupper() else self.disc(code.upper(), side)

    def queen(self, width: int) -> pygame.Surface:
        size = (width, round(width * QUEEN_BOX[1] / QUEEN_BOX[0]))
        if self.has("pieces/queen.svg"):
            return self.svg("pieces/queen.svg", size)
        return self.remember(("queen", width), lambda: _plain_queen(size))

    def crystal(self, charged: bool, side: int) -> pygame.Surface:
        file = f"pieces/crystal_{'charged' if charged else 'clear'}.svg"
        if self.has(file):
            return self.svg(file, (side, side))
        return self.remember(("crystal", charged, side), lambda: _plain_crystal(charged, side))

    def level_marker(self, side: int) -> pygame.Surface:
        if self.has("pieces/level_marker.svg"):
            return self.svg("pieces/level_marker.svg", (side, side))
        return self.remember(("level", side), lambda: _plain_level(side))

    def icon(self, name: str, side: int) -> pygame.Surface:
        """hourglass, points, plus1 or power_<power>."""
        file = f"icons/{name}.svg"
        if self.has(file):
            return self.svg(file, (side, side))
        return self.remember(("icon", name, side), lambda: self._plain_icon(name, side))

    def _plain_icon(self, name: str, side: int) -> pygame.Surface:
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        r = surf.get_rect().inflate(-side // 8, -side // 8)
        if name == "hourglass":
            pygame.draw.polygon(surf, theme.BRASS, [r.topleft, r.topright, r.center])
            pygame.draw.polygon(surf, theme.BRASS, [r.bottomleft, r.bottomright, r.center])
            pygame.draw.polygon(surf, theme.INK, [r.topleft, r.topright, r.bottomleft, r.bottomright],
                                max(1, side // 14))
            return surf.convert_alpha()
        pygame.draw.circle(surf, theme.BRASS if name == "points" else theme.PARCHMENT, r.center, r.width // 2)
        pygame.draw.circle(surf, theme.INK, r.center, r.width // 2, max(1, side // 14))
        label = {"points": "★", "plus1": "+1"}.get(name, name[6:8].upper())
        font = self.font(max(6, side // 2), True)
        img = font.render(label, True, theme.INK)
        surf.blit(img, img.get_rect(center=r.center))
        return surf.convert_alpha()

    # ------------------------------------------------------------------ rune tiles
    def tile(self, tile: TileDef, cell: int, lie: Orientation = Orientation()) -> pygame.Surface:
        """A rune tile whose cells are `cell` pixels, laid `lie` (mirrored first, then turned clockwise)."""
        key = ("tile", tile.id, cell, lie.turns, lie.flipped)
        hit = self.made.get(key)
        if hit is None:
            hit = self.made[key] = self._laid(tile, cell, lie)
        return hit

    def _laid(self, tile: TileDef, cell: int, lie: Orientation) -> pygame.Surface:
        if lie.turns == 0 and not lie.flipped:
            return self._printed(tile, cell)
        img = self._printed(tile, cell)
        if lie.flipped:
            img = pygame.transform.flip(img, True, False)
        if lie.turns:
            img = pygame.transform.rotate(img, -90 * lie.turns)  # clockwise; exact for quarter turns
        return img

    def _printed(self, tile: TileDef, cell: int) -> pygame.Surface:
        w, h = tile_box(tile)
        size = (w * cell, h * cell)
        file = f"tiles/{tile.id}.svg"
        if self.has(file):
            return self.svg(file, size)
        return self.remember(("printed", tile.id, cell), lambda: self._plain_tile(tile, cell))

    def _plain_tile(self, tile: TileDef, cell: int) -> pygame.Surface:
        w, h = tile_box(tile)
        surf = pygame.Surface((w * cell, h * cell), pygame.SRCALPHA)
        for (x, y), colour in zip(tile.cells, tile.colours):
            r = pygame.Rect(x * cell, y * cell, cell, cell)
            pygame.draw.rect(surf, SAND, r, border_radius=max(1, cell // 10))
            pygame.draw.rect(surf, theme.INK, r, max(1, cell // 24), border_radius=max(1, cell // 10))
            inner = _plain_piece(colour, max(2, round(cell * 0.78)), False)
            surf.blit(inner, inner.get_rect(center=r.center))
        return surf.convert_alpha()

    def tile_back(self, side: int) -> pygame.Surface:
        if self.has("tiles/back.svg"):
            return self.svg("tiles/back.svg", (side, side))
        return self.remember(("tile_back", side), lambda: _plain_back(side))

    # ------------------------------------------------------------------ cards
    def card(self, card: CardDef, width: int) -> pygame.Surface:
        """A kingdom card face `width` pixels wide (200 x 280 box)."""
        size = (width, round(width * CARD_BOX[1] / CARD_BOX[0]))
        file = f"cards/{card.id}.svg"
        if self.has(file):
            return self.svg(file, size)
        return self.remember(("card", card.id, width), lambda: self._plain_card(card, size))

    def card_back(self, level: int, width: int) -> pygame.Surface:
        size = (width, round(width * CARD_BOX[1] / CARD_BOX[0]))
        file = f"cards/back_{LEVEL_NAMES[level]}.svg"
        if self.has(file):
            return self.svg(file, size)
        return self.remember(("card_back", level, width), lambda: self._plain_card_back(level, size))

    def _plain_card(self, card: CardDef, size: Size) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        k = w / CARD_BOX[0]
        rect = surf.get_rect()
        pygame.draw.rect(surf, CARD_FACE, rect, border_radius=max(2, round(14 * k)))
        pygame.draw.rect(surf, theme.PARCHMENT_EDGE, rect, max(1, round(4 * k)), border_radius=max(2, round(14 * k)))
        font = self.font(max(6, round(34 * k)), True)
        small = self.font(max(6, round(20 * k)), True)
        surf.blit(font.render(str(card.points), True, theme.INK), (round(14 * k), round(8 * k)))
        glass = font.render(str(card.hourglasses), True, theme.INK_DIM)
        at = glass.get_rect(topright=(w - round(12 * k), round(8 * k)))
        surf.blit(glass, at)
        icon = self._plain_icon("hourglass", max(4, at.height))
        surf.blit(icon, icon.get_rect(topright=(at.left - round(2 * k), at.top)))
        cells = card.cells
        cols = max(x for x, _, _ in cells) + 1
        rows = max(y for _, y, _ in cells) + 1
        c = max(2, min(round(150 * k / max(cols, 4)), round(130 * k / max(rows, 3))))
        left = (w - cols * c) // 2
        top = round(70 * k) + (round(140 * k) - rows * c) // 2
        for x, y, letter in cells:
            piece = _plain_piece(letter, c - max(1, c // 10), letter in "BY")
            surf.blit(piece, (left + x * c, top + y * c))
        x = round(20 * k)
        y = h - round(44 * k)
        for colour in card.reward_discs:
            d = _plain_piece(colour, round(30 * k), True)
            surf.blit(d, (x, y))
            x += round(36 * k)
        if card.reward_levels:
            surf.blit(small.render(f"+{card.reward_levels}", True, theme.INK), (x, y + round(4 * k)))
        ident = small.render(card.id, True, theme.INK_DIM)
        surf.blit(ident, ident.get_rect(bottomright=(w - round(10 * k), h - round(8 * k))))
        return surf.convert_alpha()

    def _plain_card_back(self, level: int, size: Size) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        k = size[0] / CARD_BOX[0]
        fill = {1: (150, 112, 60), 2: (110, 80, 130), 3: (60, 96, 130)}[level]
        pygame.draw.rect(surf, fill, rect, border_radius=max(2, round(14 * k)))
        pygame.draw.rect(surf, theme.BRASS, rect, max(1, round(5 * k)), border_radius=max(2, round(14 * k)))
        font = self.font(max(6, round(60 * k)), True)
        img = font.render(LEVEL_NAMES[level], True, theme.PARCHMENT)
        surf.blit(img, img.get_rect(center=rect.center))
        return surf.convert_alpha()


# ------------------------------------------------------------------ stand-ins for missing files
def _plain_piece(colour: str, side: int, disc: bool) -> pygame.Surface:
    """A square or a disc of a colour, with a shape of its own inside (hue is never the only cue)."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    rgb = PIECE_RGB.get(colour, (150, 150, 150))
    rect = surf.get_rect().inflate(-max(1, side // 12), -max(1, side // 12))
    edge = theme.mix(rgb, (0, 0, 0), 0.5) if colour != "K" else (150, 150, 150)
    if disc:
        pygame.draw.ellipse(surf, rgb, rect)
        pygame.draw.ellipse(surf, edge, rect, max(1, side // 14))
    else:
        pygame.draw.rect(surf, rgb, rect, border_radius=max(1, side // 8))
        pygame.draw.rect(surf, edge, rect, max(1, side // 14), border_radius=max(1, side // 8))
    ink = theme.contrast(rgb)
    c = rect.center
    r = side * 0.22
    if colour == "G":  # a leaf: a triangle pointing up
        pts = [(c[0], c[1] - r), (c[0] + r, c[1] + r * 0.8), (c[0] - r, c[1] + r * 0.8)]
    elif colour == "R":  # a flame: a diamond
        pts = [(c[0], c[1] - r * 1.1), (c[0] + r * 0.8, c[1]), (c[0], c[1] + r * 1.1), (c[0] - r * 0.8, c[1])]
    elif colour == "K":  # a stone: a square
        pts = [(c[0] - r * 0.8, c[1] - r * 0.8), (c[0] + r * 0.8, c[1] - r * 0.8), (c[0] + r * 0.8, c[1] + r * 0.8),
               (c[0] - r * 0.8, c[1] + r * 0.8)]
    elif colour == "B":  # water: a ring
        pygame.draw.circle(surf, ink, c, max(2, round(r)), max(1, side // 12))
        return surf.convert_alpha()
    else:  # the moon: a star
        pts = [(c[0] + r * (1.0 if k % 2 == 0 else 0.45) * math.cos(math.radians(-90 + 36 * k)),
                c[1] + r * (1.0 if k % 2 == 0 else 0.45) * math.sin(math.radians(-90 + 36 * k))) for k in range(10)]
    pygame.draw.polygon(surf, ink, pts)
    return surf.convert_alpha()


def _plain_queen(size: Size) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    pygame.draw.polygon(surf, (236, 206, 120), [(w * 0.2, h * 0.95), (w * 0.8, h * 0.95), (w * 0.62, h * 0.4),
                                                (w * 0.38, h * 0.4)])
    pygame.draw.circle(surf, (236, 206, 120), (w // 2, round(h * 0.28)), max(2, round(w * 0.18)))
    pygame.draw.polygon(surf, theme.BRASS_DARK, [(w * 0.3, h * 0.14), (w * 0.4, h * 0.02), (w * 0.5, h * 0.12),
                                                 (w * 0.6, h * 0.02), (w * 0.7, h * 0.14)])
    return surf.convert_alpha()


def _plain_crystal(charged: bool, side: int) -> pygame.Surface:
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    pts = [(c, side * 0.06), (side * 0.9, c), (c, side * 0.94), (side * 0.1, c)]
    pygame.draw.polygon(surf, (120, 220, 255) if charged else (220, 230, 236), pts)
    pygame.draw.polygon(surf, theme.INK, pts, max(1, side // 16))
    if charged:
        pygame.draw.circle(surf, (255, 255, 255), (round(c), round(c)), max(2, side // 8))
    return surf.convert_alpha()


def _plain_level(side: int) -> pygame.Surface:
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-side // 6, -side // 6)
    pygame.draw.rect(surf, (240, 240, 236), rect, border_radius=max(1, side // 8))
    pygame.draw.rect(surf, theme.INK, rect, max(1, side // 12), border_radius=max(1, side // 8))
    return surf.convert_alpha()


def _plain_back(side: int) -> pygame.Surface:
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-2, -2)
    pygame.draw.rect(surf, (140, 104, 64), rect, border_radius=max(1, side // 8))
    pygame.draw.rect(surf, theme.BRASS, rect, max(1, side // 16), border_radius=max(1, side // 8))
    pygame.draw.circle(surf, theme.BRASS, rect.center, max(2, side // 5), max(1, side // 16))
    return surf.convert_alpha()
