"""Drawing of the Realm of Sand table (a mixin of RealmOfSandScene): the frame, the boards, the highlights and the
piece in hand.

A frame is one cached layer (boards, hand, market, ring, supply, panels: drawn again only when the game, the
holder, the board shown large, the piece in hand or its lie change) plus what moves with the pointer: a
card's embeddings on the board, the tile snapped onto the anchor under it with the pieces it would cover
marked, the piece itself, notices, buttons and tooltips. Everything comes from `self.s`, the view of the
seat holding the screen.
"""
from __future__ import annotations

import pygame

from engine.core.orientation import Orientation
from engine.ui import theme
from engine.ui.widgets import draw_background, draw_text

GREEN = (110, 220, 120)
GREEN_FILL = (110, 230, 130, 60)
BAD_EDGE = (220, 70, 60)
COVER_MARK = (230, 60, 50)
WAY_COLOURS = ((255, 214, 120), (120, 210, 255), (240, 130, 220), (150, 240, 150), (255, 160, 90), (200, 180, 255))
CLOSED_TINT = (20, 12, 6, 150)  # a dark cell not open under the 'unlock' rule


class RealmDrawing:
    """Every draw_* method of the scene; needs the scene's geometry helpers."""

    def _static_key(self) -> tuple:
        spec = self.drag.spec
        held = (spec.piece, spec.rotation, spec.flipped) if spec is not None else None
        return (self.match.version, self.holder, self.shown_seat(), self.app.size, held, self.claiming,
                self.computer.thinking, self.my_turn(), self.show_highlights)

    def notice_band(self) -> pygame.Rect:
        """The notices over the room above the market (never over the large board or a card the player reads)."""
        top = self.offer_area.bottom - self.app.px(6)
        return pygame.Rect(self.inner.left, top, self.inner.width, max(0, self.market_rect.top - top))

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface, self._static_key(), self._draw_static)
        self._draw_pointer_layer(surface)
        self.widgets.draw(surface, self.app.font(self.app.px(13)))
        self._draw_card_peek(surface)
        self.draw_notices(surface)
        self._draw_held(surface)
        self.draw_overlays(surface)
        self.draw_hover(surface)

    def _draw_static(self, layer: pygame.Surface) -> None:
        draw_background(layer)
        self._chips = []  # the card chips drawn in this layer, for the pointer to find
        seat = self.shown_seat()
        s = self.s
        px = self.app.px
        frame = pygame.Rect(self.name_strip.left - px(5), self.name_strip.top - px(4), self.board_rect.width + px(10),
                            self.info_area.bottom - self.name_strip.top + px(6))
        self.draw_seat_frame(layer, frame, seat == s.current and s.phase != "over")
        self._draw_name_strip(layer, seat)
        self.draw_board(layer, seat, self.board_rect, self.cell)
        self._draw_hand(layer, seat)
        self._draw_info(layer, seat)
        self._draw_ring(layer)
        self._draw_offer(layer)
        self._draw_market(layer)
        self._draw_supply(layer)
        self._draw_drawn(layer)
        self._draw_small_seats(layer)
        if self.drag.holding and self.show_highlights:  # where the piece in hand may go: still while it is held
            self._draw_legal(layer)
        self._draw_header(layer)
        self._draw_action_area(layer)

    # ------------------------------------------------------------------ a board
    def draw_board(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, cell: int) -> None:
        """A seat's board at `rect` with cells of `cell` pixels: its pieces, +1 marker and (advanced) crystal."""
        s = self.s
        p = s.players[seat]
        side = s.options["side"]
        crystals = self.cat.board(p.colour).crystals
        surface.blit(self.art.board(p.colour, side, cell, crystals), rect.topleft)
        piece = max(4, round(cell * 0.84))
        held = self.drag.spec.piece if self.drag.holding and seat == self.shown_seat() else None
        if s.options["dark_cells"] == "unlock":
            self._shade_closed(surface, p, rect, cell)
        blits = []
        width = self.cat.width
        for i, entry in enumerate(p.cells):
            if not entry:
                continue
            x, y = i % width, i // width
            if held is not None and held[0] in ("board_disc", "square") and held[1] == (x, y):
                continue  # picked up: it is in hand
            img = self.art.piece(entry, piece)
            r = self.cell_rect((x, y), rect, cell)
            blits.append((img, img.get_rect(center=r.center)))
        surface.blits(blits, doreturn=False)
        marker = self.art.level_marker(max(4, round(cell * 56 / 96)))
        surface.blit(marker, marker.get_rect(center=self.track_spot(rect, cell, p.level)))
        if side == "advanced":
            centre, r = self.emblem_spot(rect, cell)
            img = self.art.crystal(p.charged, max(4, round(cell * 64 / 96)))
            surface.blit(img, img.get_rect(center=centre))
            if seat == s.current and s.ready and seat == self.holder:
                pygame.draw.circle(surface, theme.HIGHLIGHT, centre, r, max(2, self.app.px(2)))

    def _shade_closed(self, surface: pygame.Surface, p, rect: pygame.Rect, cell: int) -> None:
        key = ("closed", cell)
        shade = self._cache.get(key)
        if shade is None:
            shade = pygame.Surface((cell, cell), pygame.SRCALPHA)
            shade.fill(CLOSED_TINT)
            self._cache[key] = shade
        width = self.cat.width
        for i in range(width * self.cat.height):
            x, y = i % width, i // width
            if (x, y) not in self.cat.light and not p.unlocked >> i & 1:
                surface.blit(shade, self.cell_rect((x, y), rect, cell))

    # ------------------------------------------------------------------ highlights of the piece in hand
    def _draw_legal(self, surface: pygame.Surface) -> None:
        """Where the piece in hand may go as it lies now: for a tile, every cell a legal placement covers (tinted)
        and a dot where the tile's middle goes for each legal anchor; for a disc or square, each cell."""
        spec = self.drag.spec
        kind = spec.piece[0]
        legal = self.drag.legal_targets()
        cells = [c for c in legal if isinstance(c[0], int)]
        fill = self._cell_fill()
        if kind == "tile":
            tile = spec.piece[1]
            lie = spec.turn
            covered: set = set()
            for anchor in cells:
                covered.update(c for c, _colour in self.rules.tile_cells(tile, lie, *anchor))
            for c in covered:
                surface.blit(fill, self.cell_rect(c))
            dot = max(3, self.cell // 9)
            for anchor in cells:
                box = self.tile_screen_rect(tile, lie, anchor)
                pygame.draw.circle(surface, GREEN, box.center, dot)
                pygame.draw.circle(surface, theme.INK, box.center, dot, 1)
        else:
            for c in cells:
                r = self.cell_rect(c)
                surface.blit(fill, r)
                pygame.draw.rect(surface, GREEN, r, 2)
        for target in legal:
            if not isinstance(target[0], int):
                rect = self._target_rect(target)
                if rect is not None:
                    pygame.draw.rect(surface, GREEN, rect.inflate(4, 4), 2, border_radius=self.app.px(4))

    def _cell_fill(self) -> pygame.Surface:
        key = ("fill", self.cell)
        fill = self._cache.get(key)
        if fill is None:
            fill = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            fill.fill(GREEN_FILL)
            self._cache[key] = fill
        return fill

    def _target_rect(self, target) -> pygame.Rect | None:
        if target[0] == "ring":
            return next((r for t, r in self.ring_spots() if t == target[1]), None)
        if target[0] == "supply":
            return next((r for what, c, r in self.supply_rects() if what == "disc" and c == target[1]), None)
        return None

    # ------------------------------------------------------------------ what follows the pointer
    def _draw_fresh(self, surface: pygame.Surface) -> None:
        """The cells a computer seat just changed, outlined on its board (large or small), fading out."""
        if not self.fresh:
            return
        boards = {self.shown_seat(): (self.board_rect, self.cell)}
        boards.update({seat: (board, cs) for seat, _panel, board, cs in self.small_rects()})
        width = self.cat.width
        for seat, (cells, left) in self.fresh.items():
            if seat not in boards:
                continue
            rect, cs = boards[seat]
            fade = min(1.0, left / 0.5)  # the last half second fades
            glow = tuple(round(c * 0.4 * fade) for c in theme.HIGHLIGHT)  # added to the cell: it lights up
            line = max(3, cs // 7)
            for i in cells:
                r = self.cell_rect((i % width, i // width), rect, cs)
                surface.fill(glow, r, special_flags=pygame.BLEND_RGB_ADD)
                pygame.draw.rect(surface, theme.INK, r.inflate(2, 2), line + 2, border_radius=max(2, cs // 8))
                pygame.draw.rect(surface, theme.mix(theme.INK, theme.HIGHLIGHT, fade), r, line,
                                 border_radius=max(2, cs // 8))

    def _draw_pointer_layer(self, surface: pygame.Surface) -> None:
        """A card's embeddings while its card is hovered (or a claim waits for one), the choice under the pointer."""
        self._draw_fresh(surface)
        if self.drag.holding:
            return
        if self.claiming is not None:
            ways = self.embeddings_of(self.claiming)
            chosen = self.embedding_at(self.mouse)
            choice = self.hover_choice
            if getattr(choice, "kind", "") == "claim":
                chosen = choice.cells
            self._draw_ways(surface, ways, chosen)
            return
        if self.show_sheet or self.show_log or self.since is not None:
            return
        hit = self.card_at(self.mouse)
        if hit is not None and hit[1] in ("market", "reserve") and self.shown_seat() == self.holder:
            self._draw_ways(surface, self.embeddings_of(hit[0]), None)

    def _draw_ways(self, surface: pygame.Surface, ways, chosen) -> None:
        """Each embedding tinted and outlined in its own colour; the chosen one in the highlight, thick."""
        width = max(3, self.app.px(3))
        for k, way in enumerate(ways):
            colour = WAY_COLOURS[k % len(WAY_COLOURS)]
            tint = self._tint(colour, 110 if way == chosen else 60)
            inset = (k % 3) * max(1, self.app.px(3))
            for c in way:
                r = self.cell_rect(c)
                surface.blit(tint, r)
                pygame.draw.rect(surface, colour, r.inflate(-2 * inset - 2, -2 * inset - 2), width,
                                 border_radius=self.app.px(4))
        if chosen is not None:
            for c in chosen:
                pygame.draw.rect(surface, theme.HIGHLIGHT, self.cell_rect(c), max(4, self.app.px(5)),
                                 border_radius=self.app.px(4))
        if self.claiming is not None:
            for _lv, _k, card, rect in self.slot_rects():
                if card == self.claiming:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(self.app.px(6), self.app.px(6)),
                                     max(3, self.app.px(3)), border_radius=self.app.px(7))

    def _tint(self, colour, alpha: int) -> pygame.Surface:
        key = ("tint", colour, alpha, self.cell)
        tint = self._cache.get(key)
        if tint is None:
            tint = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            tint.fill((*colour, alpha))
            self._cache[key] = tint
        return tint

    def _draw_held(self, surface: pygame.Surface) -> None:
        spec = self.drag.spec
        if spec is None:
            spring = self.drag.spring_pos()
            if spring is not None:
                self._draw_piece_at(surface, spring[0], spring[1], Orientation())
            return
        piece = spec.piece
        hover = self.drag.hover
        bad = self.drag.hover_reason is not None
        if piece[0] == "tile":
            lie = spec.turn
            if isinstance(hover, tuple) and len(hover) == 2 and isinstance(hover[0], int):
                self._draw_snapped_tile(surface, piece[1], lie, hover, bad)
                return
            if hover is not None:
                rect = self._target_rect(hover)
                if rect is not None:
                    pygame.draw.rect(surface, BAD_EDGE if bad else theme.HIGHLIGHT, rect.inflate(6, 6), 3,
                                     border_radius=self.app.px(4))
            self._draw_piece_at(surface, piece, self.drag.pos, lie)
            return
        if isinstance(hover, tuple) and len(hover) == 2 and isinstance(hover[0], int):
            pygame.draw.rect(surface, BAD_EDGE if bad else theme.HIGHLIGHT, self.cell_rect(hover), 3)
            entry = self.s.players[self.shown_seat()].cells[hover[1] * self.cat.width + hover[0]]
            if entry and not bad and piece[0] in ("disc", "board_disc") and piece[1] != hover:
                self._mark_covered(surface, self.cell_rect(hover))
        elif hover is not None:
            rect = self._target_rect(hover)
            if rect is not None:
                pygame.draw.rect(surface, BAD_EDGE if bad else theme.HIGHLIGHT, rect.inflate(6, 6), 3,
                                 border_radius=self.app.px(4))
        self._draw_piece_at(surface, piece, self.drag.pos, Orientation())

    def _draw_snapped_tile(self, surface: pygame.Surface, tile: int, lie: Orientation, anchor, bad: bool) -> None:
        """The tile laid on the anchor under the pointer, the pieces it would cover crossed out, the refusal red."""
        img = self.art.tile(self.cat.tiles[tile], self.cell, lie)
        box = self.tile_screen_rect(tile, lie, anchor)
        key = ("faded", tile, self.cell, lie)
        faded = self._cache.get(key)
        if faded is None:
            faded = img.copy()
            faded.set_alpha(215)
            self._cache[key] = faded
        surface.blit(faded, box.topleft)
        colour = BAD_EDGE if bad else theme.HIGHLIGHT
        width = max(2, self.app.px(3))
        for c, _colour in self.rules.tile_cells(tile, lie, *anchor):
            pygame.draw.rect(surface, colour, self.cell_rect(c), width)
        if not bad:
            for c in self.anchors_for(tile, lie).get(anchor, ()):
                self._mark_covered(surface, self.cell_rect(c))

    def _mark_covered(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """A cell whose piece the drop would send back: a red inner edge and a red badge with a cross."""
        width = max(2, self.app.px(2))
        pygame.draw.rect(surface, COVER_MARK, r.inflate(-2 * width - 2, -2 * width - 2), width,
                         border_radius=self.app.px(3))
        rad = max(4, self.cell // 6)
        centre = (r.right - rad - width, r.top + rad + width)
        pygame.draw.circle(surface, COVER_MARK, centre, rad)
        pygame.draw.circle(surface, (255, 240, 230), centre, rad, 1)
        d = rad * 0.5
        for sx in (-1, 1):
            pygame.draw.line(surface, (255, 250, 245), (centre[0] - d, centre[1] - sx * d),
                             (centre[0] + d, centre[1] + sx * d), max(2, rad // 3))

    def _draw_piece_at(self, surface: pygame.Surface, piece, pos, lie: Orientation) -> None:
        kind = piece[0]
        if kind == "tile":
            img = self.art.tile(self.cat.tiles[piece[1]], self.cell, lie)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
            return
        side = max(6, round(self.cell * 0.84))
        if kind == "disc":
            img = self.art.disc(piece[1], side)
        else:
            entry = self.s.players[self.match.state.current].cells[piece[1][1] * self.cat.width + piece[1][0]]
            if not entry:
                return
            img = self.art.piece(entry, side)
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    # ------------------------------------------------------------------ a card looked at
    def peeked_card(self) -> int | None:
        """The card under the pointer (market, reserve, drawn, claimed) or named by the choice under it."""
        if self.holding or self.show_sheet or self.show_log or self.since is not None:
            return None
        act = self.hover_choice
        if act is not None and not callable(act) and getattr(act, "kind", "") == "keep_card":
            return act.card
        hit = self.card_at(self.mouse)
        return hit[0] if hit is not None else None

    def _draw_card_peek(self, surface: pygame.Surface) -> None:
        """The card looked at, large, beside the market (never over the board it is matched on)."""
        card = self.peeked_card()
        if card is None:
            return
        width = self.app.px(170)
        img = self.art.card(self.cat.cards[card], width)
        rect = img.get_rect()
        if self.mouse[0] >= self.side.left:
            rect.right = self.side.left - self.app.px(8)
        else:
            rect.left = self.side.left + self.app.px(8)
        rect.centery = max(rect.height // 2 + self.app.px(8),
                           min(self.mouse[1], self.table_size[1] - rect.height // 2 - self.app.px(8)))
        rect.right = min(rect.right, self.table_size[0] - self.app.px(4))
        surface.blit(img, rect)
        pygame.draw.rect(surface, theme.BRASS, rect, max(1, self.app.px(2)), border_radius=self.app.px(8))

    def _small_text(self, surface: pygame.Surface, text: str, pos, size: int = 12, colour=theme.TEXT,
                    anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
        return draw_text(surface, text, pos, self.app.font(self.app.px(size), bold=bold), colour, anchor)
