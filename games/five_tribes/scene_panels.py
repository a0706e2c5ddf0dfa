"""The panels of the Five Tribes table (a mixin of FiveTribesScene): the column and the side.

The column holds the turn-order and bid-order tracks, the supply, the resource row and the Djinn
row; the side holds the header (round, instruction), a panel per seat and the action area. Both
are drawn into the scene's cached layers (scene_draw.py) and redrawn only when what they show
changes; the hints that pulse are drawn every frame. Everything comes from `self.s`, the view of
the seat holding the screen.
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, wrap_text
from games.five_tribes.rules_state import ASSASSIN, HIDDEN
from games.five_tribes.scene_art import TRACK_SIZES, card_size, track_spot
from games.five_tribes.scene_draw import BAD_EDGE, COUNT_BG, GREEN

COIN, COIN_EDGE = (236, 190, 84), (120, 78, 22)  # a price on the turn-order track
STAR, STAR_EDGE = (120, 200, 196), (26, 84, 84)  # a place on the bid-order track
TRACK_STEP = 80  # track pictures' units from one spot to the next (art/five_tribes/README.md)
TRACK_LABEL_Y = 36 / 150  # where the pictures put each spot's number, as a share of their height


class FiveTribesPanels:
    """The column (tracks, supply, card rows) and the side (header, seats, action area)."""

    # ------------------------------------------------------------------ the column: tracks, rows, supply
    def _draw_column(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        draw_panel(surface, self.column.inflate(-px(6), -px(6)), radius=px(10))
        label = self.app.font(px(13), True)
        small = self.app.font(px(12))
        draw_text(surface, t("Turn order (price on each spot)"), self.turn_label, label, theme.BRASS)
        surface.blit(self.art.track(self.turn_track_name, self.turn_track_rect.width), self.turn_track_rect)
        prices = [cost for cost, _marker in self.rules.track_spots(s)]
        self._draw_track_labels(surface, self.turn_track_rect, self.turn_track_name, prices, COIN, COIN_EDGE)
        msize = self.marker_size()
        for spot, (_cost, marker) in enumerate(self.rules.track_spots(s)):
            if marker is not None:
                self._draw_marker(surface, marker, self.spot_centre(spot), msize)
        draw_text(surface, t("Bid order"), self.bid_label, label, theme.BRASS)
        surface.blit(self.art.track(self.bid_track_name, self.bid_track_rect.width), self.bid_track_rect)
        places = (TRACK_SIZES[self.bid_track_name][0] - 120) // TRACK_STEP + 1  # the picture's spots: x = 60 + 80 i
        self._draw_track_labels(surface, self.bid_track_rect, self.bid_track_name, range(1, places + 1), STAR, STAR_EDGE)
        for i, marker in enumerate(s.bid_track):
            if marker is not None:
                self._draw_marker(surface, marker, self.bid_centre(i), msize)
        self._draw_supply(surface, small)
        draw_text(surface, t("Resource row (from card 1)"), self.row_label, label, theme.BRASS)
        for slot, rect in enumerate(self.row_rects):
            card = s.row[slot] if slot < len(s.row) else None
            if card is not None:
                surface.blit(self.art.resource(card, rect.height), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 1, border_radius=4)
            draw_text(surface, str(slot + 1), (rect.left + px(3), rect.top + px(1)), small, theme.TEXT_DIM)
        if s.deck:
            surface.blit(self.art.back("resource", self.deck_rect.height), self.deck_rect)
        else:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, self.deck_rect, 1, border_radius=4)
        self._draw_count_plate(surface, len(s.deck), self.deck_rect.center)
        draw_text(surface, t("Djinns ({n} in the deck)", n=len(s.djinn_deck)), self.djinn_label, label, theme.BRASS)
        for i, rect in enumerate(self.djinn_rects):
            djinn = s.djinn_row[i] if i < len(s.djinn_row) else None
            if djinn is not None:
                surface.blit(self.art.djinn(djinn, rect.height), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 1, border_radius=4)
        self._draw_row_targets(surface)

    def _draw_track_labels(self, surface: pygame.Surface, rect: pygame.Rect, track: str, labels, fill, edge) -> None:
        """Each spot's number (a price, a bid place) on a disc of its own over the picture's small one, readable."""
        px = self.app.px
        spacing = rect.width * TRACK_STEP / TRACK_SIZES[track][0]
        r = min(px(12), round(spacing * 0.46))
        font = self.app.font(max(px(9), round(r * 1.25)), True)
        for i, label in enumerate(labels):
            fx, _fy = track_spot(track, i)
            centre = (round(rect.left + fx * rect.width), round(rect.top + rect.height * TRACK_LABEL_Y))
            pygame.draw.circle(surface, fill, centre, r)
            pygame.draw.circle(surface, edge, centre, r, 1)
            draw_text(surface, str(label), (centre[0], centre[1] + 1), font, theme.INK, "center")

    def _draw_count_plate(self, surface: pygame.Surface, n: int, centre: tuple[int, int]) -> None:
        """A pile's count on a dark plate of its own, clear of the card back's pattern."""
        px = self.app.px
        font = self.app.font(px(15), True)
        plate = pygame.Rect(0, 0, font.size(str(n))[0] + px(12), font.get_linesize() + px(2))
        plate.center = centre
        pygame.draw.rect(surface, COUNT_BG, plate, border_radius=px(6))
        pygame.draw.rect(surface, theme.BRASS, plate, 1, border_radius=px(6))
        draw_text(surface, str(n), plate.center, font, theme.TEXT, "center")

    def _draw_marker(self, surface: pygame.Surface, marker: int, centre: tuple[int, int], size: int) -> None:
        if self.drag.holding and self.drag.spec.piece == ("marker", marker):
            return
        colour = self.match.seats[self.s.marker_seat[marker]].colour
        img = self.art.marker(colour, size)
        surface.blit(img, img.get_rect(center=centre))
        if marker == self.s.marker and self.s.phase != "over":
            pygame.draw.circle(surface, theme.HIGHLIGHT, centre, size // 2 + 3, 2)

    def _draw_supply(self, surface: pygame.Surface, font) -> None:
        s = self.s
        r = self.supply_rect
        px = self.app.px
        icon = min(px(22), r.height // 2 - px(2))
        items = [("palm", s.palms_left, self.counted(s.palms_left, "1 palm tree left", "{n} palm trees left")),
                 ("palace", s.palaces_left, self.counted(s.palaces_left, "1 palace left", "{n} palaces left")),
                 ("bag", sum(s.bag), self.counted(sum(s.bag), "1 meeple in the bag", "{n} meeples in the bag"))]
        self._supply_rects = []
        for i, (name, n, tip) in enumerate(items):
            x = r.left + (i % 2) * (r.width // 2)
            y = r.top + (i // 2) * (icon + px(4))
            rect = pygame.Rect(x, y, icon, icon)
            surface.blit(self.art.piece(name, icon), rect)
            draw_text(surface, str(n), (rect.right + px(4), rect.centery), font, theme.TEXT, "midleft")
            self._supply_rects.append((rect.inflate(px(24), 0), tip))
        if s.layout.lake >= 0:
            h = icon + px(2)
            rect = pygame.Rect(r.left + r.width // 2, r.top + icon + px(4), card_size(h)[0], h)
            surface.blit(self.art.back("whim", h), rect)
            draw_text(surface, str(len(s.whim_deck)), (rect.right + px(4), rect.centery), font, theme.TEXT, "midleft")
            self._supply_rects.append((rect.inflate(px(24), 0), self.counted(
                len(s.whim_deck), "1 Whim card left in the deck", "{n} Whim cards left in the deck")))

    def _draw_row_targets(self, surface: pygame.Surface) -> None:
        """Cards the mover may buy or Djinns they may take now (lit when it is the holder's turn)."""
        if not (self._my_turn() and self.show_highlights):
            return
        m = self.m
        if m.phase in ("tile", "market") and self.rules.tile_at(m, m.final).action == "market":
            for slot in m.window:
                if m.row[slot] is not None:
                    pygame.draw.rect(surface, GREEN, self.row_rects[slot].inflate(4, 4), 2, border_radius=5)
        if m.phase == "tile" and self.rules.tile_at(m, m.final).action == "djinn":
            takes = {a.djinn for a in self.legal_now() if a.kind == "take_djinn"}
            for i, rect in enumerate(self.djinn_rects):
                if i < len(m.djinn_row) and m.djinn_row[i] in takes:
                    pygame.draw.rect(surface, GREEN, rect.inflate(4, 4), 2, border_radius=5)

    def _draw_column_hints(self, surface: pygame.Surface) -> None:
        """Every frame: the bidding marker pulses, and a dragged marker lights the spots it may take."""
        m = self.m
        if not (self._my_turn() and m.phase == "bid"):
            return
        if self.drag.holding and self.drag.spec.piece[0] == "marker":
            legal = set(self.drag.legal_targets()) if self.show_highlights else set()
            size = self.marker_size()
            for spot in range(sum(n for _c, n in m.levels)):
                c = self.spot_centre(spot)
                if spot in legal:
                    pygame.draw.circle(surface, GREEN, c, size // 2 + 4, 3)
            if self.drag.hover is not None and self.drag.hover_reason:
                pygame.draw.circle(surface, BAD_EDGE, self.spot_centre(self.drag.hover), size // 2 + 4, 3)
            return
        rect = self.marker_rect(m.marker)
        if rect is not None and self.show_highlights:
            pygame.draw.circle(surface, GREEN, rect.center, rect.width // 2 + 4, self._pulse())

    # ------------------------------------------------------------------ the side: header, seats, action area
    def _draw_side(self, surface: pygame.Surface) -> None:
        px = self.app.px
        draw_panel(surface, self.side.inflate(-px(4), -px(4)), radius=px(12))
        totals = self._projected_totals() if self.show_projected_scores else None
        for seat, rect in enumerate(self.seat_rects()):
            self._draw_seat(surface, seat, rect, totals)
        a = self.action_area
        pygame.draw.line(surface, theme.PANEL_EDGE, (a.left, a.top - px(4)), (a.right, a.top - px(4)), 1)
        if self._shows_supply():
            m = self.m
            action = self.rules.tile_at(m, m.final).action
            src = self.palm_source()
            pygame.draw.rect(surface, theme.PANEL_LIGHT, src, border_radius=px(6))
            if not (self.drag.holding and self.drag.spec.piece[0] == action):
                surface.blit(self.art.piece(action, src.width - px(4)), src.inflate(-px(4), -px(4)))

    def _projected_totals(self) -> list[int] | None:
        try:
            return list(self.rules.score_sheet(self.s).totals)
        except Exception:  # noqa: BLE001 - a sheet that cannot be made mid-game only hides the figures
            return None

    def _draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, totals) -> None:
        s = self.s
        px = self.app.px
        p = s.players[seat]
        info = self.match.seats[seat]
        active = s.phase != "over" and seat == s.seat
        self.draw_seat_frame(surface, rect, active)
        parts = self.seat_parts(seat)
        theme.draw_seat_badge(surface, info.colour, parts["badge"])
        name = info.name + ("  " + t("(computer)") if info.is_computer else "")
        if self.computer.thinking == seat:
            name += "  ..."
        if seat == self.holder:
            name += "  " + t("(you)")
        bold = self.app.font(px(14), True)
        small = self.app.font(px(12))
        draw_text(surface, name, (parts["badge"].right + px(6), parts["badge"].centery), bold, theme.TEXT, "midleft")
        if totals is not None:
            # Hidden gold is not in the figure: it says so ("+ ?"), the hover explains.
            vp = t("{vp} VP + ?", vp=totals[seat]) if p.gold_hidden else t("{vp} VP", vp=totals[seat])
            draw_text(surface, vp, parts["vp"].midright, bold, theme.BRASS, "midright")
        gold = "?" if p.gold_hidden else str(p.gold)
        counters = (("gold", self.art.piece("coin", parts["gold"].width), gold),
                    ("camels", self.art.camel(info.colour, parts["camels"].width), str(p.camels)),
                    ("vizier", self.art.meeple("vizier", parts["vizier"].width), str(p.viziers)),
                    ("elder", self.art.meeple("elder", parts["elder"].width), str(p.elders)),
                    ("fakir", self.art.resource("fakir", parts["fakir"].height), str(p.fakirs)))
        for key, img, text in counters:
            r = parts[key]
            surface.blit(img, img.get_rect(center=r.center))
            draw_text(surface, text, (r.right + px(3), r.centery), bold, theme.TEXT, "midleft")
        for whim, done, r in parts["whims"]:
            if whim == HIDDEN:
                surface.blit(self.art.back("whim", r.height), r)
            else:
                card = self.art.whim(whim, r.height, text=False)
                surface.blit(self.art.faded(card, 150) if done else card, r)
                if done:
                    pygame.draw.line(surface, GREEN, (r.left + 2, r.centery), (r.centerx - 1, r.bottom - 3), 3)
                    pygame.draw.line(surface, GREEN, (r.centerx - 1, r.bottom - 3), (r.right - 2, r.top + 3), 3)
        for good, r in parts["goods"]:
            surface.blit(self.art.resource(good, r.height), r)
            n = p.goods[good]
            if n > 1:
                draw_text(surface, str(n), (r.right, r.bottom), small, theme.TEXT, "bottomright")
        for djinn, r in parts["djinns"]:
            if parts["djinn_chips"]:
                self._draw_djinn_chip(surface, djinn, r, used=djinn in p.used)
                continue
            card = self.art.djinn(djinn, r.height)
            surface.blit(self.art.faded(card, 110) if djinn in p.used else card, r)
        if not parts["goods"] and not parts["djinns"]:
            draw_text(surface, t("No goods, no Djinns"), (parts["low"].left, parts["low"].centery), small,
                      theme.TEXT_DIM, "midleft")

    def _draw_djinn_chip(self, surface: pygame.Surface, djinn: str, rect: pygame.Rect, used: bool) -> None:
        """A Djinn in a small seat panel: its name on a plate in the cards' colours (dim once used this round)."""
        px = self.app.px
        pygame.draw.rect(surface, (62, 40, 88) if not used else theme.PANEL, rect, border_radius=px(5))
        pygame.draw.rect(surface, theme.BRASS if not used else theme.PANEL_EDGE, rect, 1, border_radius=px(5))
        draw_text(surface, self.djinn_name(djinn), rect.center, self.chip_font(),
                  theme.TEXT if not used else theme.TEXT_DIM, "center")

    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.app.px
        hd = self.header
        m = self.m
        title = t("Round {r}", r=m.round) if m.phase != "over" else t("Game over")
        self.draw_title(surface, title, (hd.left + px(6), hd.top + px(8)), px(20))
        text = self.instruction()
        font = self.app.font(px(13))
        rect = pygame.Rect(hd.left + px(6), hd.top + px(42), hd.width - px(12), hd.height - px(44))
        key = ("instr", text, rect.width)
        lines = self._memo_static(key, lambda: wrap_text(text, font, rect.width))
        y = rect.top
        for line in lines[:3]:
            draw_text(surface, line, (rect.left, y), font, theme.TEXT)
            y += font.get_linesize()
        if self._shows_supply() and not self.drag.holding:
            src = self.palm_source()
            pygame.draw.rect(surface, GREEN, src.inflate(4, 4), self._pulse(), border_radius=px(7))
        if self._my_turn() and m.phase == "control" and self.show_highlights and not self.drag.holding:
            r = self.seat_parts(m.seat)["camels"]
            pygame.draw.circle(surface, GREEN, r.center, r.width // 2 + 4, self._pulse())
        if self._my_turn() and m.phase == "tribe" and m.collected[0] == ASSASSIN and self.show_highlights:
            self._draw_court_targets(surface)

    def _draw_court_targets(self, surface: pygame.Surface) -> None:
        """Opponents' Viziers and Elders the Assassins may kill: ringed in their panels (red under the marker)."""
        targets = {(k.seat, c) for k in self.kill_targets() if k.seat >= 0 for c in k.colours}
        hover = self.drag.hover if self.drag.holding and self.drag.spec.piece[0] == "assassin" else None
        for seat, tribe in targets:
            r = self.seat_parts(seat)[tribe]
            pygame.draw.circle(surface, GREEN, r.center, r.width // 2 + 4, 2)
        if hover is not None and hover[0] == "court":
            r = self.seat_parts(hover[1])[hover[2]]
            colour = BAD_EDGE if self.drag.hover_reason else theme.HIGHLIGHT
            pygame.draw.circle(surface, colour, r.center, r.width // 2 + 6, 3)
