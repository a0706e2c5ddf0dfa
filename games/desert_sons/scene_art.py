"""Pictures of Realm of the Desert Sons' pieces for the scene, each made once per size and cached.

The art lives in art/desert_sons/ (drawn by make_art.py). A piece whose SVG is
not there yet is drawn here with pygame shapes instead, so the table is
complete while the art grows; as soon as the file exists it is used.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Callable

import pygame

from engine.ui import theme
from engine.ui.art_folder import ArtFolder
from engine.ui.assets import Assets
from engine.ui.surface_cache import MB

Size = tuple[int, int]
RUMOR_CODES = {-2: "m2", -1: "m1", 1: "p1", 2: "p2"}
ABILITIES = ("leader", "scout", "driver")
SUPERSAMPLE = 3  # shapes drawn here are drawn this much larger and scaled down once, for smooth edges
# Explorer boxes are 128 x 256 units (art/desert_sons/make_art.py): the plinth's top is at 226, a figure of
# rank r rises 82 + 8 r above it, and its head's centre is 17 below its top. The turban (128 x 64) sits with
# its point (64, 48) on that centre.
PLINTH_TOP, PLINTH_FOOT = 226.0, 252.0
TURBAN_HEAD_Y = 48.0

SAND = (236, 202, 138)
SAND_DARK = (196, 160, 100)
RUMOR_PURPLE = (86, 62, 140)
RUMOR_EDGE = (46, 30, 84)
# Pieces drawn here while their SVG is missing (camels, explorers, stack backs, icons): a few MB per size.
MADE_BUDGET = 8 * MB
GOOD_COLOURS = {"incense": (214, 168, 70), "myrrh": (176, 52, 48), "salt": (236, 236, 228), "gems": (40, 150, 90)}


class DesertArt(ArtFolder):
    """Every picture the scene draws, by game word: tiles, camels, explorers, turban, goods, rumors."""

    def __init__(self, assets: Assets, art_dir: Path, font: Callable[[int, bool], pygame.font.Font]) -> None:
        super().__init__(assets, art_dir, font, MADE_BUDGET, "desert sons pieces")

    # ------------------------------------------------------------------ tiles and board
    def tile(self, art: str, size: int, rotation: int) -> pygame.Surface:
        return self.assets.turned(self.dir / art, (size, size), rotation)

    def empty_square(self, size: int) -> pygame.Surface:
        """An undiscovered square of the 11 x 11 area."""
        if self.has("board_empty.svg"):
            return self.svg("board_empty.svg", (size, size))
        return self.remember(("empty", size), lambda: _sand_square(size))

    def stack_back(self, number: int, size: int) -> pygame.Surface:
        name = f"back_{number}.svg"
        if self.has(name):
            return self.svg(name, (size, size))
        return self.remember(("back", number, size), lambda: self._numbered_back(number, size))

    def _numbered_back(self, number: int, size: int) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (150, 98, 52), rect, border_radius=max(3, size // 8))
        pygame.draw.rect(surf, (222, 178, 104), rect.inflate(-size // 7, -size // 7), max(1, size // 18),
                         border_radius=max(2, size // 10))
        for k in range(4):  # a sun of dunes behind the number
            y = rect.bottom - size * (0.14 + 0.07 * k)
            pygame.draw.arc(surf, (186, 132, 72), pygame.Rect(size * 0.1 + k * 3, y - size * 0.2, size * 0.8, size * 0.4),
                            0.3, math.pi - 0.3, max(1, size // 30))
        font = self.font(max(8, int(size * 0.5)), True)
        text = font.render(str(number), True, (252, 236, 200))
        shade = font.render(str(number), True, (70, 40, 18))
        c = rect.center
        surf.blit(shade, shade.get_rect(center=(c[0] + max(1, size // 30), c[1] + max(1, size // 30))))
        surf.blit(text, text.get_rect(center=c))
        pygame.draw.rect(surf, (70, 44, 22), rect, max(1, size // 24), border_radius=max(3, size // 8))
        return surf.convert_alpha()

    # ------------------------------------------------------------------ pieces
    def camel(self, colour: str, size: int) -> pygame.Surface:
        """A seat's camel (its caravan), facing left, with the seat's mark on its saddle cloth."""
        name = f"camel_{colour}.svg"
        if self.has(name):
            return self.svg(name, (size, size))
        return self.remember(("camel", colour, size), lambda: _camel(colour, size))

    def explorer(self, colour: str, rank: int, width: int) -> pygame.Surface:
        """A seat's explorer of this rank in its box (width x 2*width): every figure stands on a plinth at the
        box's foot, and taller ranks reach higher (figure_rect says where)."""
        name = f"explorer_{colour}_{rank}.svg"
        if self.has(name):
            return self.svg(name, (width, 2 * width))
        return self.remember(("explorer", colour, rank, width), lambda: _explorer(colour, rank, width))

    def turban(self, width: int) -> pygame.Surface:
        """The turban for an explorer box `width` wide (turban_rect places it)."""
        if self.has("turban.svg"):
            return self.svg("turban.svg", (width, width // 2))
        return self.remember(("turban", width), lambda: _turban(width))

    def turban_icon(self, size: int) -> pygame.Surface:
        """The turban on its own, as a square badge (beside the name of the seat that wears it)."""
        if self.has("icon_turban.svg"):
            return self.svg("icon_turban.svg", (size, size))
        return self.turban(size)

    def icon(self, icon_id: str, size: int) -> pygame.Surface:
        """An action icon (incense, myrrh, salt, gems, water1, water2, camel, rumor)."""
        name = f"icon_{'camel_card' if icon_id == 'camel' else icon_id}.svg"
        if self.has(name):
            return self.svg(name, (size, size))
        return self.remember(("icon", icon_id, size), lambda: _disc(size, GOOD_COLOURS.get(icon_id, (90, 140, 200))))

    def water(self, size: int) -> pygame.Surface:
        for name in ("water_stone.svg", "icon_water1.svg"):
            if self.has(name):
                return self.svg(name, (size, size))
        return self.remember(("water", size), lambda: _disc(size, (70, 150, 210)))

    def good(self, good: str, size: int) -> pygame.Surface:
        for name in (f"good_{good}.svg", f"icon_{good}.svg"):
            if self.has(name):
                return self.svg(name, (size, size))
        return self.remember(("good", good, size), lambda: _disc(size, GOOD_COLOURS.get(good, (180, 180, 180))))

    def camel_card(self, size: int) -> pygame.Surface:
        for name in ("camel_card.svg", "icon_camel_card.svg"):
            if self.has(name):
                return self.svg(name, (size, size))
        return self.remember(("card", size), lambda: _disc(size, (200, 150, 90)))

    # ------------------------------------------------------------------ rumors
    def rumor_back(self, size: int) -> pygame.Surface:
        if self.has("rumor_back.svg"):
            return self.svg("rumor_back.svg", (size, size))
        return self.remember(("rumor_back", size), lambda: self._rumor_tile(size, None, None))

    def rumor_face(self, value: int, good: str | None, size: int) -> pygame.Surface:
        """A rumor tile turned face up: its value (+2 .. -2), on a good's slot when `good` is given."""
        code = RUMOR_CODES.get(value)
        if code is not None and good is not None and self.has(f"rumor_{good}_{code}.svg"):
            return self.svg(f"rumor_{good}_{code}.svg", (size, size))
        return self.remember(("rumor_face", value, size), lambda: self._rumor_tile(size, value, good))

    def _rumor_tile(self, size: int, value: int | None, good: str | None) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = surf.get_rect()
        radius = max(3, size // 6)
        if value is None:
            pygame.draw.rect(surf, RUMOR_PURPLE, rect, border_radius=radius)
            pygame.draw.rect(surf, (132, 108, 190), rect.inflate(-size // 5, -size // 5), max(1, size // 20),
                             border_radius=radius)
            if self.has("icon_rumor.svg"):
                icon = self.svg("icon_rumor.svg", (int(size * 0.62), int(size * 0.62)))
                surf.blit(icon, icon.get_rect(center=rect.center))
        else:
            good_fill = (232, 214, 170) if value > 0 else (214, 172, 150)
            pygame.draw.rect(surf, good_fill, rect, border_radius=radius)
            ink = (30, 110, 60) if value > 0 else (160, 40, 30)
            font = self.font(max(8, int(size * 0.46)), True)
            text = font.render(f"{value:+d}", True, ink)
            surf.blit(text, text.get_rect(center=rect.center))
        pygame.draw.rect(surf, RUMOR_EDGE, rect, max(1, size // 16), border_radius=radius)
        return surf.convert_alpha()

    # ------------------------------------------------------------------ abilities
    def ability(self, which: str, size: int, used: bool) -> pygame.Surface:
        """One of the three once-per-game abilities: caravan leader, scout, camel driver; grey once used."""
        name = f"ability_{which}.svg"
        if self.has(name) and not used:
            return self.svg(name, (size, size))
        return self.remember(("ability", which, size, used), lambda: _ability(which, size, used))


def figure_top(rank: int) -> float:
    """Where the head of an explorer of this rank begins, in box units (0..256)."""
    return PLINTH_TOP - (82.0 + 8.0 * rank)


def figure_rect(box: pygame.Rect, rank: int) -> pygame.Rect:
    """The part of an explorer's box that the figure covers (head to plinth), for hovering and picking."""
    k = box.height / 256
    top = box.top + round(figure_top(rank) * k)
    return pygame.Rect(box.left + round(box.width * 0.2), top, round(box.width * 0.6), box.top + round(PLINTH_FOOT * k) - top)


def turban_rect(box: pygame.Rect, rank: int) -> pygame.Rect:
    """Where the turban goes on the explorer of this rank standing in `box`."""
    k = box.width / 128
    head_y = box.top + (figure_top(rank) + 17.0) * box.height / 256
    return pygame.Rect(box.left, round(head_y - TURBAN_HEAD_Y * k), box.width, box.width // 2)


def box_on_base(width: int, base: tuple[int, int]) -> pygame.Rect:
    """An explorer box `width` wide whose plinth's middle stands on `base` (a spot on a tile)."""
    rect = pygame.Rect(0, 0, width, 2 * width)
    rect.midtop = (base[0], round(base[1] - (PLINTH_TOP + PLINTH_FOOT) / 2 * rect.height / 256))
    return rect


# ---------------------------------------------------------------------- drawn pictures
def _smooth(size: Size, draw: Callable[[pygame.Surface, float], None]) -> pygame.Surface:
    """Draw at SUPERSAMPLE times the size with `draw(surface, scale)` and scale down once."""
    big = pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)
    draw(big, SUPERSAMPLE)
    return pygame.transform.smoothscale(big, size).convert_alpha()


def _sand_square(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size))
    surf.fill((168, 132, 84))
    inner = pygame.Rect(0, 0, size, size).inflate(-2, -2)
    pygame.draw.rect(surf, (184, 148, 98), inner)
    step = max(6, size // 6)
    for y in range(step // 2, size, step):  # faint dune ripples: sand nobody has walked yet
        for x in range((y // step % 2) * step // 2, size, step):
            pygame.draw.line(surf, (172, 136, 88), (x, y), (x + step // 3, y - 1), 1)
    pygame.draw.rect(surf, (146, 112, 70), surf.get_rect(), 1)
    return surf.convert()


def _disc(size: int, colour: theme.Colour) -> pygame.Surface:
    def draw(s: pygame.Surface, k: float) -> None:
        c = (s.get_width() // 2, s.get_height() // 2)
        r = s.get_width() // 2 - int(2 * k)
        pygame.draw.circle(s, theme.mix(colour, (0, 0, 0), 0.45), c, r)
        pygame.draw.circle(s, colour, c, r - int(2 * k))
    return _smooth((size, size), draw)


def _camel(colour: str, size: int) -> pygame.Surface:
    seat = theme.seat_colour(colour)
    body = seat.rgb
    edge = theme.mix(body, (0, 0, 0), 0.55) if theme.luminance(body) > 0.25 else (200, 190, 170)

    def draw(s: pygame.Surface, k: float) -> None:
        u = s.get_width() / 128

        def P(pts):
            return [(x * u, y * u) for x, y in pts]
        legs = [((48, 74), (44, 116)), ((58, 74), (60, 116)), ((92, 74), (90, 116)), ((100, 74), (104, 116))]
        for a, b in legs:
            pygame.draw.line(s, edge, P([a])[0], P([b])[0], int(11 * u))
            pygame.draw.line(s, body, P([a])[0], P([b])[0], int(6 * u))
        torso = P([(38, 64), (48, 46), (62, 28), (78, 26), (92, 40), (106, 54), (110, 68), (100, 82),
                   (72, 86), (46, 82), (34, 74)])
        neck = P([(46, 68), (34, 54), (26, 36), (22, 24), (14, 20), (6, 26), (6, 34), (16, 36), (22, 42),
                  (28, 60), (40, 80)])
        for shape in (torso, neck):
            pygame.draw.polygon(s, edge, shape)
        pygame.draw.polygon(s, body, P([(42, 64), (51, 48), (64, 32), (77, 31), (89, 43), (102, 55), (105, 67),
                                       (97, 78), (72, 81), (48, 78), (40, 72)]))
        pygame.draw.polygon(s, body, P([(47, 64), (37, 52), (30, 35), (25, 27), (15, 25), (10, 28), (11, 31),
                                       (19, 33), (26, 40), (32, 60), (42, 76)]))
        cloth = pygame.Rect(0, 0, 34 * u, 26 * u)
        cloth.center = (int(72 * u), int(56 * u))
        pygame.draw.rect(s, (238, 226, 198), cloth, border_radius=int(5 * u))
        pygame.draw.rect(s, edge, cloth, max(1, int(2.5 * u)), border_radius=int(5 * u))
        theme.draw_mark(s, seat.mark, cloth.inflate(-4 * u, -2 * u), (60, 40, 28))
        pygame.draw.circle(s, (20, 14, 10), P([(14, 27)])[0], max(1, int(2.5 * u)))
    return _smooth((size, size), draw)


def _explorer(colour: str, rank: int, width: int) -> pygame.Surface:
    """A standing figure in the explorer box: head, robe widening to its base, the seat's mark, a plinth."""
    seat = theme.seat_colour(colour)
    fill = seat.rgb
    edge = theme.mix(fill, (0, 0, 0), 0.6) if theme.luminance(fill) > 0.2 else (214, 204, 186)

    def draw(s: pygame.Surface, k: float) -> None:
        w, h = s.get_size()
        u = h / 256
        line = max(2, int(1.4 * k))
        top = figure_top(rank) * u
        foot = PLINTH_TOP * u
        head_r = 15 * u
        cx = w / 2
        head_c = (cx, top + 17 * u)
        robe = [(cx - 20 * u, head_c[1] + head_r), (cx + 20 * u, head_c[1] + head_r), (cx + 33 * u, foot),
                (cx - 33 * u, foot)]
        pygame.draw.rect(s, (91, 58, 28), pygame.Rect(20 * u, foot, 88 * u, 26 * u), border_radius=int(6 * u))
        pygame.draw.polygon(s, fill, robe)
        pygame.draw.polygon(s, edge, robe, line)
        pygame.draw.circle(s, fill, head_c, head_r)
        pygame.draw.circle(s, edge, head_c, head_r, line)
        band = pygame.Rect(0, 0, 40 * u, min(40 * u, (foot - head_c[1]) * 0.45))
        band.center = (int(cx), int((head_c[1] + foot) / 2 + 10 * u))
        theme.draw_mark(s, seat.mark, band, theme.contrast(fill))
    return _smooth((width, 2 * width), draw)


def _turban(width: int) -> pygame.Surface:
    def draw(s: pygame.Surface, k: float) -> None:
        u = s.get_width() / 128
        dome = pygame.Rect(44 * u, 24 * u, 40 * u, 30 * u)
        pygame.draw.ellipse(s, (244, 239, 226), dome)
        pygame.draw.ellipse(s, (90, 70, 50), dome, max(2, int(k * 1.5)))
        pygame.draw.circle(s, (200, 16, 46), (s.get_width() // 2, int(34 * u)), int(5 * u))
    return _smooth((width, max(1, width // 2)), draw)


def _ability(which: str, size: int, used: bool) -> pygame.Surface:
    fill = (86, 66, 48) if used else (226, 190, 120)
    ink = (130, 112, 92) if used else (70, 44, 20)

    def draw(s: pygame.Surface, k: float) -> None:
        w = s.get_width()
        c = (w / 2, w / 2)
        pygame.draw.circle(s, fill, c, w / 2 - k)
        pygame.draw.circle(s, ink, c, w / 2 - k, max(2, int(1.2 * k)))
        lw = max(2, int(w * 0.08))
        if which == "leader":  # a white line crossed freely: a double arrow over a white stripe
            pygame.draw.line(s, (250, 250, 250) if not used else (150, 140, 128), (w * 0.5, w * 0.18), (w * 0.5, w * 0.82),
                             int(w * 0.14))
            pygame.draw.line(s, ink, (w * 0.2, w * 0.5), (w * 0.8, w * 0.5), lw)
            pygame.draw.polygon(s, ink, [(w * 0.84, w * 0.5), (w * 0.66, w * 0.38), (w * 0.66, w * 0.62)])
        elif which == "scout":  # an eye: looking into another display
            eye = pygame.Rect(w * 0.18, w * 0.32, w * 0.64, w * 0.36)
            pygame.draw.ellipse(s, ink, eye, lw)
            pygame.draw.circle(s, ink, c, w * 0.1)
        else:  # camel driver: a turning arrow, one more turn
            pygame.draw.arc(s, ink, pygame.Rect(w * 0.22, w * 0.22, w * 0.56, w * 0.56), 0.4, 5.2, lw)
            tip = (w * 0.5 + w * 0.28 * math.cos(0.4), w * 0.5 - w * 0.28 * math.sin(0.4))
            pygame.draw.polygon(s, ink, [(tip[0] + w * 0.12, tip[1] - w * 0.02), (tip[0] - w * 0.08, tip[1] - w * 0.1),
                                         (tip[0] - w * 0.02, tip[1] + w * 0.12)])
        if used:
            pygame.draw.line(s, (206, 82, 62), (w * 0.2, w * 0.8), (w * 0.8, w * 0.2), max(2, int(w * 0.1)))
    return _smooth((size, size), draw)
