"""The panels of the Realm of Sand table (a mixin of RealmOfSandScene): the large board's seat (name, hand, discs,
cards), the other seats shown small, the ring of tiles with the queen, the market, the central supply, the
header and the action area.

Geometry lives in scene_layout.py; this draws what it lays out. Everything drawn comes from `self.s`, the view of
the seat holding the screen: another seat's reserved cards and the tiles dealt to its hand are backs here (a
tile it took from the ring, seen by all, shows).
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, draw_wrapped, elide, wrap_text
from games.realm_of_sand.rules import EMPTY, HIDDEN, Claim

GREEN = (110, 220, 120)
LEVEL_NAMES = {1: "I", 2: "II", 3: "III"}


class RealmPanels:
    """Panels, market, ring and supply; needs the scene's geometry, state, art and fonts."""

    def chip_rects(self) -> list[tuple[int, pygame.Rect, str]]:
        """(card, rect, 'claimed' | 'reserve') of every card chip drawn in the last frame."""
        return getattr(self, "_chips", [])

    # ------------------------------------------------------------------ the large board's seat
    def _draw_name_strip(self, surface: pygame.Surface, seat: int) -> None:
        s = self.s
        px = self.app.px
        strip = self.name_strip
        info = self.match.seats[seat]
        badge = pygame.Rect(strip.left, strip.top + px(4), px(20), px(20))
        theme.draw_seat_badge(surface, info.colour, badge)
        bold = self.app.font(px(15), bold=True)
        small = self.app.font(px(12))
        figures = self.figures_words(seat)
        fig_w = small.size(figures)[0]
        who = info.name + ("  " + t("(computer)") if info.is_computer else "")
        if self.computer.thinking == seat:
            who += "  …"
        room = strip.width - fig_w - badge.width - px(16)
        draw_text(surface, elide(who, bold, room), (badge.right + px(6), strip.top + px(5)), bold,
                  theme.HIGHLIGHT if seat == s.current and s.phase != "over" else theme.TEXT)
        draw_text(surface, figures, (strip.right, strip.top + px(7)), small, theme.TEXT, "topright")

    def _draw_hand(self, surface: pygame.Surface, seat: int) -> None:
        s = self.s
        px = self.app.px
        c = self.hand_cell()
        held = self.drag.spec.piece if self.drag.holding else None
        playable = {a.tile for a in self.legal() if a.kind == "place_tile"} if seat == s.current else set()
        for tile, rect in self.hand_rects():
            if tile == HIDDEN or tile < 0:
                back = self.art.tile_back(c)
                for k in range(2):
                    surface.blit(back, (rect.left + (k % 2) * c, rect.top + px(2)))
                continue
            if held == ("tile", tile):
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=px(3))
                continue
            surface.blit(self.art.tile(self.cat.tiles[tile], c), rect.topleft)
            if tile in playable and self.show_highlights:
                pygame.draw.rect(surface, GREEN, rect.inflate(px(6), px(6)), max(1, px(2)), border_radius=px(4))
        p = s.players[seat]
        font = self.app.font(px(13), bold=True)
        for colour, rect in self.disc_rects():
            n = p.discs.get(colour, 0)
            img = self.art.disc(colour, rect.width)
            if n == 0:
                img = self._dimmed(img, ("dim_disc", colour, rect.width))
            surface.blit(img, rect)
            draw_text(surface, f"×{n}", (rect.right + px(2), rect.centery), font,
                      theme.TEXT if n else theme.TEXT_DIM, "midleft")

    def _dimmed(self, img: pygame.Surface, key) -> pygame.Surface:
        hit = self._cache.get(key)
        if hit is None:
            hit = img.copy()
            hit.set_alpha(80)
            self._cache[key] = hit
        return hit

    def _draw_info(self, surface: pygame.Surface, seat: int) -> None:
        """The disc steps left (while a disc action may be taken), then the seat's claimed and reserved cards."""
        s = self.s
        px = self.app.px
        area = self.info_area
        font = self.app.font(px(12))
        x = area.left
        if seat == s.current and s.phase in ("before", "discs"):
            steps = self.rules.disc_steps_left(s)
            words = t("Disc steps left: {n}", n=steps)
            x = draw_text(surface, words, (x, area.top + px(2)), self.app.font(px(12), bold=True),
                          theme.HIGHLIGHT if s.phase == "discs" else theme.TEXT).right + px(12)
        p = s.players[seat]
        row = pygame.Rect(x, area.top, area.right - x, px(20))
        self._draw_chips(surface, row, [(c, "claimed") for c in p.claimed] + [(c, "reserve") for c in p.reserved],
                         font)

    def _draw_chips(self, surface: pygame.Surface, row: pygame.Rect, cards: list[tuple[int, str]],
                    font: pygame.font.Font) -> None:
        """Small named chips of cards (a reserved card of another seat as a back) in one row, "+n" when full."""
        px = self.app.px
        chips = getattr(self, "_chips", None)
        if chips is None:
            chips = self._chips = []
        x = row.left
        for k, (card, where) in enumerate(cards):
            label = self.cat.cards[card].id if card != HIDDEN else "?"
            width = font.size(label)[0] + px(10)
            if x + width > row.right - px(24) and k < len(cards) - 1 or x + width > row.right:
                draw_text(surface, t("+{n}", n=len(cards) - k), (row.right, row.centery), font, theme.TEXT_DIM,
                          "midright")
                break
            rect = pygame.Rect(x, row.top, width, row.height)
            fill = theme.PARCHMENT if where == "claimed" else (206, 196, 236)
            pygame.draw.rect(surface, fill, rect, border_radius=px(3))
            pygame.draw.rect(surface, theme.BRASS_DARK, rect, 1 if where == "claimed" else 2, border_radius=px(3))
            draw_text(surface, label, rect.center, font, theme.INK, "center")
            chips.append((card, rect, where))
            x += width + px(3)

    # ------------------------------------------------------------------ the other seats
    def _draw_small_seats(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        if len(self.match.seats) == 1:
            self._draw_solo_panel(surface)
            return
        for seat, panel, board, cs in self.small_rects():
            info = self.match.seats[seat]
            self.draw_seat_frame(surface, panel, s.current == seat and s.phase != "over")
            badge = pygame.Rect(panel.left + px(5), panel.top + px(3), px(16), px(16))
            theme.draw_seat_badge(surface, info.colour, badge)
            bold = self.app.font(px(13), bold=True)
            who = info.name + ("  " + t("(computer)") if info.is_computer else "")
            if self.computer.thinking == seat:
                who += "  …"
            draw_text(surface, elide(who, bold, panel.width - px(30)), (badge.right + px(5), panel.top + px(3)),
                      bold, theme.TEXT)
            self.draw_board(surface, seat, board, cs)
            self._draw_small_info(surface, seat, pygame.Rect(board.right + px(6), board.top, panel.right - board.right
                                                             - px(10), panel.bottom - board.top - px(4)))

    def _draw_small_info(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        s = self.s
        p = s.players[seat]
        px = self.app.px
        font = self.app.font(px(12))
        bold = self.app.font(px(12), bold=True)
        y = area.top
        icon = px(15)
        x = area.left
        for name, value in (("points", self.rules.points(s, seat)), ("hourglass", self.rules.hourglasses(s, seat))):
            surface.blit(self.art.icon(name, icon), (x, y))
            x = draw_text(surface, str(value), (x + icon + px(2), y), bold, theme.TEXT).right + px(8)
        surface.blit(self.art.icon("plus1", icon), (x, y))
        draw_text(surface, str(p.level), (x + icon + px(2), y), bold, theme.TEXT)
        y += px(20)
        d = px(14)
        colours = ("G", "R", "K", "B", "Y")
        step = max(d + px(4), min(px(34), area.width // 5))
        for k, colour in enumerate(colours):
            n = p.discs.get(colour, 0)
            img = self.art.disc(colour, d)
            if n == 0:
                img = self._dimmed(img, ("dim_disc", colour, d))
            surface.blit(img, (area.left + k * step, y))
            draw_text(surface, str(n), (area.left + k * step + d + 1, y + d // 2), font,
                      theme.TEXT if n else theme.TEXT_DIM, "midleft")
        y += px(20)
        back = self.art.tile_back(px(12))
        for k in range(len(p.hand)):
            surface.blit(back, (area.left + k * px(14), y))
        draw_text(surface, t("{n} in hand", n=len(p.hand)), (area.left + 3 * px(14) + px(4), y - px(1)), font,
                  theme.TEXT_DIM)
        y += px(18)
        cards = [(c, "claimed") for c in p.claimed] + [(c, "reserve") for c in p.reserved]
        font = self.app.font(px(10))
        while cards and y + px(17) <= area.bottom:
            row = pygame.Rect(area.left, y, area.width, px(17))
            last = y + 2 * px(20) > area.bottom
            fits = cards if last else self._chips_fitting(cards, row, font)
            self._draw_chips(surface, row, fits, font)
            cards = cards[len(fits):]
            y += px(20)

    def _chips_fitting(self, cards: list[tuple[int, str]], row: pygame.Rect, font: pygame.font.Font) -> list:
        """As many of the cards as fit in one row of chips (at least one)."""
        px = self.app.px
        x, out = row.left, []
        for card, where in cards:
            width = font.size(self.cat.cards[card].id if card != HIDDEN else "?")[0] + px(10)
            if out and x + width > row.right:
                break
            out.append((card, where))
            x += width + px(3)
        return out

    def _draw_solo_panel(self, surface: pygame.Surface) -> None:
        """A solo game: the turns left and the rating bands in place of the other seats."""
        px = self.app.px
        area = self.others_area
        draw_panel(surface, area, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius=px(8), width=1, shadow=False)
        s = self.s
        bold = self.app.font(px(14), bold=True)
        font = self.app.font(px(12))
        y = area.top + px(8)
        draw_text(surface, t("Solo game"), (area.left + px(10), y), bold, theme.BRASS)
        y += px(24)
        turns = self.rules.cfg["solo"]["turns"]
        draw_text(surface, t("Turn {n} of {total}", n=min(s.turn, turns), total=turns), (area.left + px(10), y), font,
                  theme.TEXT)
        y += px(24)
        draw_text(surface, t("Ratings by final points:"), (area.left + px(10), y), font, theme.TEXT_DIM)
        y += px(18)
        points = self.rules.points(s, 0)
        bands = self.rules.cfg["solo"]["ratings"]
        for k, band in enumerate(bands):
            top = bands[k + 1]["min"] - 1 if k + 1 < len(bands) else None
            span = f"{band['min']}–{top}" if top is not None else f"{band['min']}+"
            here = band["min"] <= points and (top is None or points <= top)
            words = f"{span}: {t(band['name'])}"
            draw_text(surface, elide(words, font, area.width - px(30)), (area.left + px(18), y), font,
                      theme.HIGHLIGHT if here else theme.TEXT)
            y += px(17)

    # ------------------------------------------------------------------ the ring and the queen
    def _draw_ring(self, surface: pygame.Surface) -> None:
        px = self.app.px
        band = px(40)
        path = self.ring_rect.inflate(-band, -band)
        pygame.draw.rect(surface, (70, 54, 40), path, max(2, band - px(6)), border_radius=band // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.ring_rect, 1, border_radius=band)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.inner, 1, border_radius=px(6))
        c = self.ring_cell()
        taking = self.s.phase == "take" and self.my_turn()
        spots = self.ring_spots()
        for k, (tile, rect) in enumerate(spots):
            if tile == -2:
                img = self.art.queen(round(band * 0.7))
                surface.blit(img, img.get_rect(center=rect.center))
                continue
            img = self.art.tile(self.cat.tiles[tile], c)
            surface.blit(img, img.get_rect(center=rect.center))
            if k in (1, 2):
                colour = GREEN if taking else theme.BRASS
                pygame.draw.rect(surface, colour, img.get_rect(center=rect.center).inflate(px(6), px(6)),
                                 max(1, px(2)), border_radius=px(3))

    def _draw_offer(self, surface: pygame.Surface) -> None:
        px = self.app.px
        area = self.offer_area
        img = self.art.queen(px(34))
        surface.blit(img, img.get_rect(midleft=(area.left + px(4), area.centery)))
        font = self.app.font(px(12))
        draw_wrapped(surface, t("In front of the queen:"), pygame.Rect(area.left + px(44), area.top + px(14),
                                                                     px(100), px(40)), font, theme.TEXT)
        taking = self.s.phase == "take" and self.my_turn()
        c = self.offer_cell()
        for tile, rect in self.offer_rects():
            surface.blit(self.art.tile(self.cat.tiles[tile], c), rect.topleft)
            if taking:
                pygame.draw.rect(surface, GREEN, rect.inflate(px(8), px(8)), max(2, px(3)), border_radius=px(5))
        draw_text(surface, t("Ring: {n} tiles", n=len(self.s.ring)), (area.right, area.top + px(2)), font,
                  theme.TEXT_DIM, "topright")

    # ------------------------------------------------------------------ the market
    def _draw_market(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        claimable = {a.card for a in self.legal() if isinstance(a, Claim)}
        for level in (3, 2, 1):
            deck = self.deck_rect(level)
            n = len(s.decks[level - 1])
            if n:
                surface.blit(self.art.card_back(level, deck.width), deck.topleft)
            else:
                pygame.draw.rect(surface, theme.PANEL_EDGE, deck, 1, border_radius=px(6))
            draw_text(surface, f"{LEVEL_NAMES[level]} · {n}", (deck.centerx, deck.bottom + px(1)),
                      self.app.font(px(11)), theme.TEXT_DIM, "midtop")
        for _level, _k, card, rect in self.slot_rects():
            if card == EMPTY:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=px(6))
                continue
            surface.blit(self.art.card(self.cat.cards[card], rect.width), rect.topleft)
            if card in claimable and self.show_highlights:
                pygame.draw.rect(surface, GREEN, rect.inflate(px(4), px(4)), max(2, px(3)), border_radius=px(7))

    def _draw_drawn(self, surface: pygame.Surface) -> None:
        """The red power's three cards over the market while one is kept."""
        rects = self.drawn_rects()
        if not rects:
            return
        px = self.app.px
        box = rects[0][1].unionall([r for _c, r in rects]).inflate(px(24), px(48))
        box.top -= px(4)
        draw_panel(surface, box, fill=theme.PANEL, edge=theme.BRASS, radius=px(8), width=2, shadow=True)
        font = self.app.font(px(13), bold=True)
        draw_text(surface, t("Keep one card face down"), (box.centerx, box.top + px(6)), font, theme.BRASS, "midtop")
        level = self.s.drawn_level or 1
        for card, rect in rects:
            img = self.art.card(self.cat.cards[card], rect.width) if card != HIDDEN else \
                self.art.card_back(level, rect.width)
            surface.blit(img, rect.topleft)
            if card != HIDDEN and self.my_turn():
                pygame.draw.rect(surface, GREEN, rect.inflate(px(4), px(4)), max(2, px(2)), border_radius=px(7))

    # ------------------------------------------------------------------ the central supply
    def _draw_supply(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        area = self.supply_area
        draw_panel(surface, area, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius=px(8), width=1, shadow=False)
        small = self.app.font(px(11))
        bold = self.app.font(px(13), bold=True)
        rects = self.supply_rects()
        squares = [r for what, _c, r in rects if what == "square"]
        discs = [r for what, _c, r in rects if what == "disc"]
        draw_text(surface, t("Square stock"), (squares[0].left, area.top + px(6)), small, theme.TEXT_DIM)
        draw_text(surface, t("Disc supply"), (discs[0].left, area.top + px(6)), small, theme.TEXT_DIM)
        choosing = s.phase == "start" and self.my_turn()
        for what, colour, rect in rects:
            n = s.squares[colour] if what == "square" else s.supply[colour]
            img = self.art.square(colour, rect.width) if what == "square" else self.art.disc(colour, rect.width)
            if n == 0:
                img = self._dimmed(img, ("dim", what, colour, rect.width))
            surface.blit(img, rect)
            draw_text(surface, str(n), (rect.right + px(3), rect.centery), bold, theme.TEXT if n else theme.TEXT_DIM,
                      "midleft")
            if choosing and colour in self.rules.cfg["purple_start_disc"] and what == "disc" and n:
                pygame.draw.rect(surface, GREEN, rect.inflate(px(6), px(6)), max(2, px(2)), border_radius=px(5))

    # ------------------------------------------------------------------ header and action area
    def _draw_header(self, surface: pygame.Surface) -> None:
        """The round (or the solo turn) under the table's buttons; the game's name is the window's."""
        px = self.app.px
        font = self.app.font(px(13), bold=True)
        draw_text(surface, elide(self.round_words(), font, self.header.width - px(4)),
                  (self.header.left + px(2), self.header.top + px(42)), font, theme.BRASS)

    def _draw_action_area(self, surface: pygame.Surface) -> None:
        px = self.app.px
        a = self.action_area
        draw_panel(surface, a, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius=px(8), width=1, shadow=False)
        words = self.instruction()
        tops = [b.rect.top for b in self.choice_buttons if b.visible] + [self.btn_main.rect.top]
        box = pygame.Rect(a.left + px(8), a.top + px(4), a.width - px(16), min(tops) - px(4) - a.top - px(4))
        font = self.app.font(px(12))
        for size in (11, 10):  # a long instruction (a power's gesture, a longer language): smaller before cut short
            if len(wrap_text(words, font, box.width)) * font.get_linesize() <= box.height:
                break
            font = self.app.font(px(size))
        draw_wrapped(surface, words, box, font, theme.TEXT, line_gap=1.0, max_lines=box.height // font.get_linesize())

