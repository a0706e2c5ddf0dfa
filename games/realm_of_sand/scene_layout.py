"""Where everything lies on the Realm of Sand table (a mixin of RealmOfSandScene): the large board, the hand and
the seat's discs, the ring of rune tiles and the two in front of the queen, the market rows and decks, the central
supply, the red power's cards and the other seats shown small.

`layout` sets the areas whenever the window's size changes; the other methods turn them into the rects the drawing
and the gestures share (scene.py reads the mouse with them, scene_draw.py and scene_panels.py draw into them).
Everything comes from `self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import math

import pygame

from engine.core.orientation import Orientation
from games.realm_of_sand.rules import EMPTY, HIDDEN
from games.realm_of_sand.scene_art import board_size, laid_box, tile_box

Cell = tuple[int, int]
SIDE_W = 300  # design pixels: the right column (header, other seats, action area)
RING_BAND = 40  # design pixels: the loop of rune tiles around the market
DISC_ORDER = ("G", "R", "K", "B", "Y")
SQUARE_ORDER = ("G", "R", "K")


class RealmLayout:
    """The table's geometry; needs the scene's app, match, view (`s`), catalogue and layout state."""

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        w, h = self.table_size
        px = self.app.px
        side_w = min(px(SIDE_W), max(px(200), w // 4))
        self.side = pygame.Rect(w - side_w, 0, side_w, h)
        inner = self.side.inflate(-px(12), 0)
        self.header = pygame.Rect(inner.left, px(4), inner.width, px(62))
        self.action_area = pygame.Rect(inner.left, h - px(160) - px(6), inner.width, px(160))
        self.others_area = pygame.Rect(inner.left, self.header.bottom + px(4), inner.width,
                                       self.action_area.top - px(6) - self.header.bottom - px(4))
        # the large board: as tall as the window allows under its name and above the hand and the info line
        room_h = h - px(8) - px(28) - px(100) - px(44)
        room_w = (self.side.left - px(16)) // 2
        cell = min(room_h * 96 // 768, room_w * 96 // 640, px(66))
        self.cell = max(9, cell - cell % 3)
        bw, bh = board_size(self.cell)
        left = px(8)
        self.name_strip = pygame.Rect(left, px(6), bw, px(28))
        self.board_rect = pygame.Rect(left, self.name_strip.bottom + px(2), bw, bh)
        self.hand_area = pygame.Rect(left, self.board_rect.bottom + px(4), bw, px(100))
        self.info_area = pygame.Rect(left, self.hand_area.bottom + px(2), bw, max(px(30), h - self.hand_area.bottom
                                                                                    - px(8)))
        mid_left = self.board_rect.right + px(10)
        self.ring_rect = pygame.Rect(mid_left, px(6), max(px(200), self.side.left - px(8) - mid_left), h - px(12))
        band = px(RING_BAND)
        self.inner = self.ring_rect.inflate(-2 * band, -2 * band)
        self.board_view = pygame.Rect(0, 0, self.side.left, h)
        self._lay_middle()
        self._static_for = None  # (the table's cache keys what depends on the size by the size: it stays)
        self._build_widgets()

    def _lay_middle(self) -> None:
        """Inside the ring: the two tiles in front of the queen, the market rows III, II, I, the central supply."""
        px = self.app.px
        inner = self.inner
        gap = px(6)
        self.offer_area = pygame.Rect(inner.left, inner.top, inner.width, px(66))
        self.supply_area = pygame.Rect(inner.left, inner.bottom - px(64), inner.width, px(64))
        room = pygame.Rect(inner.left, self.offer_area.bottom + gap, inner.width,
                           self.supply_area.top - gap - self.offer_area.bottom - gap)
        deck_w = px(62)
        card_w = (room.width - deck_w - 4 * gap) // 4
        card_h = (room.height - 2 * gap - 3 * px(4)) // 3
        card_w = min(card_w, card_h * 200 // 280)
        card_h = card_w * 280 // 200
        self.card_w = card_w
        rows_h = 3 * card_h + 2 * gap
        top = room.bottom - rows_h  # the room left above row III is where the notices stand (notice_band)
        total_w = deck_w + 4 * (card_w + gap)
        x0 = room.left + (room.width - total_w) // 2
        self.market_rows: dict[int, pygame.Rect] = {}
        for k, level in enumerate((3, 2, 1)):
            self.market_rows[level] = pygame.Rect(x0, top + k * (card_h + gap), total_w, card_h)
        self.market_rect = pygame.Rect(x0, top, total_w, rows_h)

    def _build_widgets(self) -> None:
        px = self.app.px
        a = self.action_area
        self.build_table_widgets(self.header, px(30), (px(52), px(66), px(30), px(66)),
                                 pygame.Rect(a.right - px(150), a.bottom - px(44), px(146), px(40)))

    # ------------------------------------------------------------------ the boards' geometry
    def cell_origin(self, board: pygame.Rect, cell: int) -> tuple[float, float]:
        return (board.left + cell / 3, board.top + cell / 3)

    def cell_rect(self, cell: Cell, board: pygame.Rect | None = None, size: int | None = None) -> pygame.Rect:
        """A cell of a board drawn at `board` with cells of `size` pixels (the large board by default)."""
        board = self.board_rect if board is None else board
        size = self.cell if size is None else size
        ox, oy = self.cell_origin(board, size)
        return pygame.Rect(round(ox + cell[0] * size), round(oy + cell[1] * size), size, size)

    def cell_at(self, pos) -> Cell | None:
        """The large board's cell under a screen point, or None."""
        ox, oy = self.cell_origin(self.board_rect, self.cell)
        x, y = math.floor((pos[0] - ox) / self.cell), math.floor((pos[1] - oy) / self.cell)
        if 0 <= x < self.cat.width and 0 <= y < self.cat.height:
            return (x, y)
        return None

    def anchor_at(self, tile: int, lie: Orientation, pos) -> Cell | None:
        """The anchor (top-left of the laid tile's box) of a tile held with its box centred on `pos`; None when the
        pointer is not over the large board or just around it."""
        if not self.board_rect.inflate(self.cell, self.cell).collidepoint(pos):
            return None
        w, h = laid_box(self.cat.tiles[tile], lie)
        ox, oy = self.cell_origin(self.board_rect, self.cell)
        u, v = (pos[0] - ox) / self.cell, (pos[1] - oy) / self.cell
        return (math.floor(u - w / 2 + 0.5), math.floor(v - h / 2 + 0.5))

    def tile_screen_rect(self, tile: int, lie: Orientation, anchor: Cell) -> pygame.Rect:
        w, h = laid_box(self.cat.tiles[tile], lie)
        r = self.cell_rect(anchor)
        return pygame.Rect(r.left, r.top, w * self.cell, h * self.cell)

    def track_spot(self, board: pygame.Rect, cell: int, level: int) -> tuple[int, int]:
        from games.realm_of_sand.scene_art import TRACK_SLOT

        x0, step, ty, _r = TRACK_SLOT
        k = cell / 96
        return (round(board.left + (x0 + step * level) * k), round(board.top + ty * k))

    def emblem_spot(self, board: pygame.Rect, cell: int) -> tuple[tuple[int, int], int]:
        from games.realm_of_sand.scene_art import EMBLEM

        ex, ey, er = EMBLEM
        k = cell / 96
        return (round(board.left + ex * k), round(board.top + ey * k)), round(er * k)

    def crystal_rect(self) -> pygame.Rect:
        centre, r = self.emblem_spot(self.board_rect, self.cell)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = centre
        return rect

    # ------------------------------------------------------------------ the holder's hand and supply
    def hand_cell(self) -> int:
        return max(6, self.app.px(28))

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The large board's seat's hand: (tile or HIDDEN, rect), left to right."""
        p = self.s.players[self.shown_seat()]
        px = self.app.px
        c = self.hand_cell()
        slot = 3 * c + px(8)
        out = []
        for k, tile in enumerate(p.hand):
            if tile == HIDDEN or not 0 <= tile < len(self.cat.tiles):
                w, h = c * 2, c * 2
            else:
                w, h = (v * c for v in tile_box(self.cat.tiles[tile]))
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (self.hand_area.left + k * slot + slot // 2, self.hand_area.top + px(6) + 3 * c // 2)
            out.append((tile, rect))
        return out

    def disc_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The large board's seat's own disc supply, one spot per colour (3 + 2 in two rows)."""
        px = self.app.px
        c = self.hand_cell()
        left = self.hand_area.left + 3 * (3 * c + px(8)) + px(4)
        cols = 3
        w = max(px(40), (self.hand_area.right - left) // cols)
        out = []
        for k, colour in enumerate(DISC_ORDER):
            row, col = divmod(k, cols)
            out.append((colour, pygame.Rect(left + col * w, self.hand_area.top + px(8) + row * px(42), px(30), px(30))))
        return out

    # ------------------------------------------------------------------ the middle
    def ring_spots(self) -> list[tuple[int, pygame.Rect]]:
        """The queen (-2) and each ring tile, clockwise from the queen at the top middle, on the loop's path."""
        key = ("ring", self.s.ring, self.app.size)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        band = self.app.px(RING_BAND)
        path = self.ring_rect.inflate(-band, -band)
        items = [-2] + list(self.s.ring)
        n = len(items)
        perimeter = 2 * (path.width + path.height)
        out = []
        for k, item in enumerate(items):
            x, y = _along(path, (k + 0.5) * perimeter / n + path.width / 2)
            step = min(band, round(perimeter / n) - 2)
            rect = pygame.Rect(0, 0, max(8, step), band)
            if not (path.top - 1 <= y <= path.top + 1 or path.bottom - 1 <= y <= path.bottom + 1):
                rect.size = (band, max(8, step))
            rect.center = (round(x), round(y))
            out.append((item, rect))
        self._cache[key] = out
        return out

    def ring_cell(self) -> int:
        return max(5, self.app.px(12))

    def offer_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The two tiles in front of the queen, drawn large in the offer row."""
        px = self.app.px
        c = self.offer_cell()
        out = []
        x = self.offer_area.left + px(150)
        for tile in self.s.ring[:2]:
            w, h = (v * c for v in tile_box(self.cat.tiles[tile]))
            rect = pygame.Rect(x, self.offer_area.centery - h // 2, w, h)
            out.append((tile, rect))
            x += w + px(16)
        return out

    def offer_cell(self) -> int:
        return max(6, self.app.px(26))

    def slot_rects(self) -> list[tuple[int, int, int, pygame.Rect]]:
        """Every market slot: (level, slot, card or EMPTY, rect)."""
        px = self.app.px
        out = []
        for level in (3, 2, 1):
            row = self.market_rows[level]
            cards = self.s.market[level - 1]
            for k, card in enumerate(cards):
                rect = pygame.Rect(row.left + px(62) + px(6) + k * (self.card_w + px(6)), row.top, self.card_w,
                                   row.height)
                out.append((level, k, card, rect))
        return out

    def deck_rect(self, level: int) -> pygame.Rect:
        row = self.market_rows[level]
        px = self.app.px
        w = min(px(58), self.card_w)
        h = w * 280 // 200
        return pygame.Rect(row.left, row.top + (row.height - h) // 2, w, h)

    def supply_rects(self) -> list[tuple[str, str, pygame.Rect]]:
        """The central supply: ("square", colour, rect) for the stock, ("disc", colour, rect) for the discs."""
        px = self.app.px
        area = self.supply_area
        side = min(px(28), area.height - px(30))
        step = max(side + px(20), min(px(64), (area.width - px(24)) // 8))
        out = []
        x = area.left + px(8)
        y = area.top + px(26)
        for colour in SQUARE_ORDER:
            out.append(("square", colour, pygame.Rect(x, y, side, side)))
            x += step
        x += px(8)
        for colour in DISC_ORDER:
            out.append(("disc", colour, pygame.Rect(x, y, side, side)))
            x += step
        return out

    def drawn_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The red power's drawn cards, large over the market while one is chosen."""
        s = self.s
        if s.phase != "reserve":
            return []
        px = self.app.px
        w = min(px(120), (self.market_rect.width - px(40)) // 3)
        h = w * 280 // 200
        n = len(s.drawn)
        total = n * w + (n - 1) * px(12)
        x = self.market_rect.centerx - total // 2
        y = self.market_rect.centery - h // 2 + px(12)
        return [(card, pygame.Rect(x + k * (w + px(12)), y, w, h)) for k, card in enumerate(s.drawn)]

    # ------------------------------------------------------------------ the other seats
    def small_rects(self) -> list[tuple[int, pygame.Rect, pygame.Rect, int]]:
        """Each seat shown small: (seat, panel, board picture rect, cell size)."""
        seats = self.small_seats()
        if not seats:
            return []
        px = self.app.px
        area = self.others_area
        gap = px(4)
        h = min(px(250), (area.height - gap * (len(seats) - 1)) // len(seats))
        out = []
        for k, seat in enumerate(seats):
            panel = pygame.Rect(area.left, area.top + k * (h + gap), area.width, h)
            room_h = panel.height - px(26)
            cs = max(3, min(room_h * 96 // 768, (panel.width * 55 // 100) * 96 // 640))
            cs -= cs % 3
            bw, bh = board_size(cs)
            board = pygame.Rect(panel.left + px(5), panel.top + px(22), bw, bh)
            out.append((seat, panel, board, cs))
        return out


def _along(rect: pygame.Rect, distance: float) -> tuple[float, float]:
    """The point `distance` along the rectangle's outline, clockwise from its top-left corner."""
    w, h = rect.width, rect.height
    d = distance % (2 * (w + h))
    if d < w:
        return (rect.left + d, rect.top)
    d -= w
    if d < h:
        return (rect.right, rect.top + d)
    d -= h
    if d < w:
        return (rect.right - d, rect.bottom)
    d -= w
    return (rect.left, rect.bottom - d)
