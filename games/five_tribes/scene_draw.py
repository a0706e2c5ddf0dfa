"""Drawing of the Five Tribes table (a mixin of FiveTribesScene).

The screen has three regions, each kept in one cached layer and redrawn only when what it
shows changes: the column (tracks, card rows, supply), the Sultanate (tiles and every piece on
them, the path of the move) and the side (the seats). A frame blits that layer and draws only
what moves: highlights, the meeples in hand, a dragged piece, notices, buttons and tooltips.
Everything comes from `self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.surface_cache import MB, cache_on
from engine.ui.widgets import draw_background, draw_panel, draw_text, draw_tooltip, table_background, wrap_text
from games.five_tribes.rules_djinns import TARGETS
from games.five_tribes.rules_state import ASSASSIN, HIDDEN, NOBODY, TRIBES, Bid, PickUp
from games.five_tribes.scene_art import card_size

FRAME = (96, 62, 34)
GREEN = (110, 220, 120)
GREEN_FILL = (110, 230, 130, 70)
AMBER = (244, 176, 60)
AMBER_FILL = (250, 180, 60, 80)
BLUE = (120, 190, 255)
PALE_FILL = (255, 255, 255, 40)
BAD_EDGE = (220, 70, 60)
PATH = (255, 226, 140)
COUNT_BG = (34, 24, 16)
# Overlays, pennants, panels and wrapped words: under 2 MB at any window size.
SURFACES_BUDGET = 8 * MB
# The board's base is view-sized (4 MB at 1920x1080, 21 at 4K) and made per zoom level: room for this many
# beside them, so zooming in and out again finds them all.
BASES_KEPT = 3


class FiveTribesDrawing:
    """Every draw_* method of the scene; needs the scene's geometry helpers."""

    # ------------------------------------------------------------------ the frame
    def _region_keys(self) -> dict[str, tuple]:
        s = self.s
        held = self.drag.spec.piece[0] if self.drag.holding else None
        mine = self._my_turn()
        look = (self.holder, self.app.size, mine, self.show_highlights, held)
        board = (self._version, self.match.version, self.camera.cell_px, tuple(self.camera.offset), self.holder,
                 self.app.size)
        column = (tuple(s.row), tuple(s.djinn_row), tuple(tuple(q) for q in s.track), tuple(s.bid_track), s.marker,
                  s.phase, len(s.deck), len(s.djinn_deck), len(s.whim_deck), s.palms_left, s.palaces_left, sum(s.bag),
                  s.window, look)
        side = (tuple(_player_key(p) for p in s.players), s.phase, s.marker, look, self.computer.thinking,
                self.show_projected_scores, s.final)
        return {"column": column, "board": board, "side": side}

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._static is None or self._static.get_size() != size:
            self._static = pygame.Surface(size).convert()
            self._layers.clear()
        regions = {"column": self.column, "board": self.board_view, "side": self.side}
        draws = {"column": self._draw_column, "board": self._draw_board, "side": self._draw_side}
        for name, key in self._region_keys().items():
            if self._layers.get(name) != key:
                layer = self._static
                rect = regions[name]
                layer.set_clip(rect)
                if name != "board":
                    draw_background(layer)
                draws[name](layer)
                layer.set_clip(None)
                self._layers[name] = key
        surface.blit(self._static, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        self._draw_highlights(surface)
        self._draw_hand(surface)
        surface.set_clip(clip)
        self._draw_column_hints(surface)
        self._draw_header(surface)
        self.widgets.draw(surface, self.app.font(self.app.px(14)))
        self.draw_notices(surface, width=560)
        self._draw_drawn_djinns(surface)
        self._draw_held(surface)
        self.draw_overlays(surface)
        self.draw_hover(surface)

    # ------------------------------------------------------------------ the Sultanate
    def _draw_board(self, surface: pygame.Surface) -> None:
        s = self.s
        size = self.camera.cell_px
        view = self.board_view
        key = ("board_base", view.size, size, tuple(self.camera.offset), self.app.size)
        base = self._memo_static(key, self._board_base)
        surface.blit(base, view)
        blits = [(self.art.tile(kind, size), self.cell_rect(tile)) for tile, kind in enumerate(s.layout.kinds)]
        surface.blits(blits, doreturn=False)
        for tile in range(s.layout.cells):
            self._draw_tile_pieces(surface, tile)
        self._draw_path(surface)

    def _board_base(self) -> pygame.Surface:
        """The table under the Sultanate and its wooden frame, made once per camera."""
        view = self.board_view
        size = self.camera.cell_px
        cache_on(self, "_surfaces", SURFACES_BUDGET).budget = SURFACES_BUDGET + BASES_KEPT * view.w * view.h * 4
        base = pygame.Surface(view.size).convert()
        base.blit(table_background(self.app.size), (-view.left, -view.top))
        area = self.board_rect().move(-view.left, -view.top)
        draw_panel(base, area.inflate(size * 0.4, size * 0.4), fill=FRAME, edge=theme.BRASS_DARK, radius=size // 6)
        pygame.draw.rect(base, (40, 26, 16), area.inflate(4, 4), border_radius=3)
        return base

    def _draw_tile_pieces(self, surface: pygame.Surface, tile: int) -> None:
        s = self.s
        size = self.camera.cell_px
        whim = s.whim_on[tile]
        if whim is not None:
            h = round(size * 0.36)
            card = self.art.whim(whim, h, text=False) if whim != HIDDEN else self.art.back("whim", h)
            cx, cy = self.tile_point(tile, 0.84, 0.2)
            surface.blit(card, card.get_rect(center=(cx, cy)))
        for name, count, fx in (("palm", s.palms[tile], 0.17), ("palace", s.palaces[tile], 0.83)):
            if count:
                img = self.art.piece(name, round(size * 0.32))
                rect = img.get_rect(center=self.tile_point(tile, fx, 0.5))
                for k in range(min(count, 3) - 1, -1, -1):
                    surface.blit(img, rect.move(-k * size // 14, -k * size // 20))
                if count > 1:
                    self._count_badge(surface, count, rect.bottomright)
        owner = s.owner[tile]
        if owner != NOBODY:
            img = self.art.camel(self.match.seats[owner].colour, round(size * 0.38))
            surface.blit(img, img.get_rect(center=self.tile_point(tile, 0.5, 0.44)))
        for tribe, rect in self.meeple_rects(tile, s.meeples[tile]):
            surface.blit(self.art.meeple(tribe, rect.width), rect)
            n = s.meeples[tile][TRIBES.index(tribe)]
            if n > 1:
                self._count_badge(surface, n, (rect.right - rect.width // 6, rect.bottom - rect.height // 8))

    def _count_badge(self, surface: pygame.Surface, n: int, at: tuple[int, int]) -> None:
        r = max(6, round(self.camera.cell_px * 0.075))
        pygame.draw.circle(surface, COUNT_BG, at, r)
        pygame.draw.circle(surface, theme.BRASS, at, r, 1)
        draw_text(surface, str(n), at, self.app.font(max(8, round(r * 1.45)), True), theme.TEXT, "center")

    def _draw_path(self, surface: pygame.Surface) -> None:
        s = self.s
        if s.phase == "move" and s.path:
            points = [self.tile_point(tl, 0.5, 0.62) for tl in s.path]
            if len(points) > 1:
                pygame.draw.lines(surface, (60, 40, 20), False, points, max(3, self.camera.cell_px // 14))
                pygame.draw.lines(surface, PATH, False, points, max(2, self.camera.cell_px // 24))
            pygame.draw.circle(surface, PATH, points[0], max(4, self.camera.cell_px // 12), 2)
        if s.final >= 0 and s.phase not in ("move", "start", "bid", "over"):
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.cell_rect(s.final), 3, border_radius=4)

    # ------------------------------------------------------------------ highlights (every frame)
    def _fill(self, surface: pygame.Surface, rect: pygame.Rect, rgba) -> None:
        key = ("fill", rect.size, rgba)
        over = self._memo_static(key, lambda: _filled(rect.size, rgba))
        surface.blit(over, rect)

    def _memo_static(self, key, make):
        return cache_on(self, "_surfaces", SURFACES_BUDGET).remember(key, make)

    def _pulse(self) -> int:
        return 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 230)))

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        m = self.m
        mine = self._my_turn()
        if self.step_refusal is not None and m.phase == "move":
            tile, _why = self.step_refusal
            if self.tile_at(self.mouse) == tile:
                pygame.draw.rect(surface, BAD_EDGE, self.cell_rect(tile), 3, border_radius=4)
        if not self.show_highlights or not mine:
            if mine and self.drag.holding and self.drag.hover is not None and self.drag.hover_reason:
                self._outline_target(surface, self.drag.hover, BAD_EDGE)
            return
        if self.drag.holding and not self.walking:
            self._draw_drag_targets(surface)
            return
        if self.walking and self.drag.hover is not None and self.drag.hover_reason:
            pygame.draw.rect(surface, BAD_EDGE, self.cell_rect(self.drag.hover), 3, border_radius=4)
        if self.targeting is not None:
            kind = self.cat.djinns[self.targeting].effect
            for tile in self.rules.power_targets(m, TARGETS[kind]):
                rect = self.cell_rect(tile)
                self._fill(surface, rect, (170, 120, 240, 70))
                pygame.draw.rect(surface, (190, 150, 255), rect.inflate(-4, -4), self._pulse(), border_radius=6)
            return
        phase = m.phase
        if phase == "start":
            hover = self.tile_at(self.mouse)
            starts = self.start_tiles()
            for tile in starts:
                pygame.draw.rect(surface, GREEN, self.cell_rect(tile).inflate(-4, -4), self._pulse(), border_radius=6)
            if hover in starts:
                for tile in self.end_tiles(hover):
                    self._end_mark(surface, tile, faint=True)
        elif phase == "move":
            self._draw_move_marks(surface)
        elif phase == "control" and m.claims:
            rect = self.cell_rect(m.claims[0])
            self._fill(surface, rect, GREEN_FILL)
            pygame.draw.rect(surface, GREEN, rect.inflate(-4, -4), self._pulse(), border_radius=6)
        elif phase == "tribe" and m.collected[0] == ASSASSIN:
            self._draw_reach(surface)
            src = self.marker_source()
            pygame.draw.circle(surface, GREEN, src.center, src.width // 2 + 3, self._pulse())
            surface.blit(self.art.piece("assassin_marker", src.width), src)
        elif phase == "tile" and self.rules.tile_at(m, m.final).action in ("palm", "palace"):
            rect = self.cell_rect(m.final)
            pygame.draw.rect(surface, GREEN, rect.inflate(-4, -4), self._pulse(), border_radius=6)

    def _draw_move_marks(self, surface: pygame.Surface) -> None:
        m = self.m
        steps = self.next_steps()
        mine = {tl for tl, tr in steps if tr == self.colour}
        other = {tl for tl, _tr in steps} - mine
        for tile in mine:
            rect = self.cell_rect(tile)
            self._fill(surface, rect, GREEN_FILL)
            pygame.draw.rect(surface, GREEN, rect.inflate(-4, -4), 3, border_radius=6)
        for tile in other:
            pygame.draw.rect(surface, (200, 220, 200), self.cell_rect(tile).inflate(-6, -6), 2, border_radius=6)
        for tile in self.end_tiles():
            self._end_mark(surface, tile, faint=False)
        pygame.draw.rect(surface, PATH, self.cell_rect(m.pos).inflate(-2, -2), 3, border_radius=4)

    def _end_mark(self, surface: pygame.Surface, tile: int, faint: bool) -> None:
        """A pennant in the corner of a tile where the move may end (grey: where it could end)."""
        rect = self.cell_rect(tile)
        mark = self._memo_static(("end", rect.size, faint), lambda: _pennant(rect.size, faint))
        surface.blit(mark, rect)

    def _draw_reach(self, surface: pygame.Surface) -> None:
        """Tiles the Assassins reach (green) and those a Fakir more reaches (amber, with the number)."""
        m = self.m
        geo = self.rules.geo(m)
        reach = m.collected[1]
        fakirs = m.player.fakirs
        font = self.app.font(self.app.px(13), True)
        for tile in range(m.layout.cells):
            if not any(m.meeples[tile]):
                continue
            need = geo.distance(m.final, tile) - reach
            if need > fakirs:
                continue
            rect = self.cell_rect(tile)
            if need <= 0:
                pygame.draw.rect(surface, GREEN, rect.inflate(-6, -6), 2, border_radius=6)
            else:
                pygame.draw.rect(surface, AMBER, rect.inflate(-6, -6), 2, border_radius=6)
                label = t("+{n} Fakir", n=need)
                draw_text(surface, label, (rect.left + 6, rect.bottom - 6), font, AMBER, "bottomleft")

    def _draw_drag_targets(self, surface: pygame.Surface) -> None:
        piece = self.drag.spec.piece
        if piece[0] == "assassin":
            self._draw_reach(surface)
        legal = self.drag.legal_targets()
        for target in legal:
            self._outline_target(surface, target, GREEN, fill=piece[0] in ("camel", "palm", "palace"))
        hover = self.drag.hover
        if hover is not None and self.drag.hover_reason:
            self._outline_target(surface, hover, BAD_EDGE)

    def _outline_target(self, surface: pygame.Surface, target, colour, fill: bool = False) -> None:
        piece = self.drag.spec.piece if self.drag.holding else None
        if piece is None:
            return
        if piece[0] == "marker":
            return  # the track lies outside the board: the column hints draw it
        if piece[0] == "assassin":
            where, place, tribe = target
            if where == "tile" and tribe is not None:
                for tr, rect in self.meeple_rects(place, self.m.meeples[place]):
                    if tr == tribe:
                        pygame.draw.circle(surface, colour, rect.center, rect.width // 2 + 2, 2)
            elif where == "tile":
                pygame.draw.rect(surface, colour, self.cell_rect(place), 3, border_radius=4)
            return
        rect = self.cell_rect(target)
        if fill:
            self._fill(surface, rect, GREEN_FILL if colour == GREEN else (220, 70, 60, 60))
        pygame.draw.rect(surface, colour, rect.inflate(-4, -4), 3, border_radius=6)

    # ------------------------------------------------------------------ the meeples in hand
    def _draw_hand(self, surface: pygame.Surface) -> None:
        """During a move the meeples in hand travel with the pointer (or wait on the last tile)."""
        s = self.s
        if s.phase != "move" or not any(s.hand):
            return
        size = max(12, round(self.camera.cell_px * 0.3))
        mine = self._my_turn()
        if mine and self.board_view.collidepoint(self.mouse):
            cx, cy = self.mouse[0] + size // 2, self.mouse[1] - size // 3
        else:
            cx, cy = self.tile_point(s.pos, 0.5, 0.3)
        present = [c for c in range(5) if s.hand[c]]
        step = size * 0.72
        left = cx - step * (len(present) - 1) / 2
        shadow = self._memo_static(("hand_shadow", size), lambda: _oval_shadow(size))
        for i, c in enumerate(present):
            tribe = TRIBES[c]
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(left + i * step), cy)
            surface.blit(shadow, rect.move(4, 6))
            surface.blit(self.art.meeple(tribe, size), rect)
            if tribe == self.colour and mine:
                pygame.draw.circle(surface, theme.HIGHLIGHT, rect.center, size // 2 + 2, 2)
            if s.hand[c] > 1:
                self._count_badge(surface, s.hand[c], (rect.right - size // 6, rect.bottom - size // 8))

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.drag.holding and not self.walking:
            piece = self.drag.spec.piece
            img = self._piece_image(piece)
            rect = img.get_rect(center=(self.drag.pos[0] - 3, self.drag.pos[1] - 5))
            shadow = self._memo_static(("hand_shadow", rect.width), lambda: _oval_shadow(rect.width))
            surface.blit(shadow, rect.move(6, 8))
            surface.blit(img, rect)
        spring = self.drag.spring_pos()
        if spring is not None and spring[0][0] != "hand":
            piece, pos = spring
            img = self._piece_image(piece)
            surface.blit(img, img.get_rect(center=pos))

    def _piece_image(self, piece) -> pygame.Surface:
        kind = piece[0]
        size = max(16, round(self.camera.cell_px * 0.42))
        if kind == "marker":
            colour = self.match.seats[self.m.marker_seat[piece[1]]].colour
            return self.art.marker(colour, max(20, round(self.marker_size() * 1.3)))
        if kind == "camel":
            return self.art.camel(self.match.seats[self.m.seat].colour, size)
        if kind == "assassin":
            return self.art.piece("assassin_marker", size)
        return self.art.piece(kind, size)

    # ------------------------------------------------------------------ the column: tracks, rows, supply
    def _draw_column(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        draw_panel(surface, self.column.inflate(-px(6), -px(6)), radius=px(10))
        label = self.app.font(px(13), True)
        small = self.app.font(px(12))
        draw_text(surface, t("Turn order (price on each spot)"), self.turn_label, label, theme.BRASS)
        surface.blit(self.art.track(self.turn_track_name, self.turn_track_rect.width), self.turn_track_rect)
        msize = self.marker_size()
        for spot, (_cost, marker) in enumerate(self.rules.track_spots(s)):
            if marker is not None:
                self._draw_marker(surface, marker, self.spot_centre(spot), msize)
        draw_text(surface, t("Bid order"), self.bid_label, label, theme.BRASS)
        surface.blit(self.art.track(self.bid_track_name, self.bid_track_rect.width), self.bid_track_rect)
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
        draw_text(surface, str(len(s.deck)), self.deck_rect.center, self.app.font(px(15), True), theme.TEXT, "center")
        draw_text(surface, t("Djinns ({n} in the deck)", n=len(s.djinn_deck)), self.djinn_label, label, theme.BRASS)
        for i, rect in enumerate(self.djinn_rects):
            djinn = s.djinn_row[i] if i < len(s.djinn_row) else None
            if djinn is not None:
                surface.blit(self.art.djinn(djinn, rect.height), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 1, border_radius=4)
        self._draw_row_targets(surface)

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
        items = [("palm", s.palms_left, t("palm trees left")), ("palace", s.palaces_left, t("palaces left")),
                 ("bag", sum(s.bag), t("meeples in the bag"))]
        self._supply_rects = []
        for i, (name, n, tip) in enumerate(items):
            x = r.left + (i % 2) * (r.width // 2)
            y = r.top + (i // 2) * (icon + px(4))
            rect = pygame.Rect(x, y, icon, icon)
            surface.blit(self.art.piece(name, icon), rect)
            draw_text(surface, str(n), (rect.right + px(4), rect.centery), font, theme.TEXT, "midleft")
            self._supply_rects.append((rect.inflate(px(24), 0), tip, n))
        if s.layout.lake >= 0:
            h = icon + px(2)
            rect = pygame.Rect(r.left + r.width // 2, r.top + icon + px(4), card_size(h)[0], h)
            surface.blit(self.art.back("whim", h), rect)
            draw_text(surface, str(len(s.whim_deck)), (rect.right + px(4), rect.centery), font, theme.TEXT, "midleft")
            self._supply_rects.append((rect.inflate(px(24), 0), t("Whim cards left in the deck"), len(s.whim_deck)))

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
        draw_panel(surface, rect, fill=theme.PANEL_LIGHT if active else theme.PANEL, radius=px(8),
                   edge=theme.HIGHLIGHT if active else theme.PANEL_EDGE, width=3 if active else 1, shadow=False)
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
            card = self.art.djinn(djinn, r.height)
            surface.blit(self.art.faded(card, 110) if djinn in p.used else card, r)
        if not parts["goods"] and not parts["djinns"]:
            draw_text(surface, t("No goods, no Djinns"), (parts["low"].left, parts["low"].centery), small,
                      theme.TEXT_DIM, "midleft")

    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.app.px
        hd = self.header
        m = self.m
        title = t("Round {r}", r=m.round) if m.phase != "over" else t("Game over")
        draw_text(surface, title, (hd.left + px(6), hd.top + px(8)), self.app.font(px(20), True), theme.BRASS)
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

    # ------------------------------------------------------------------ notices and overlays
    def _draw_drawn_djinns(self, surface: pygame.Surface) -> None:
        """Sibittis: the drawn Djinns lie large over the board until the mover keeps one."""
        if self.m.phase != "choose_djinn" or not self._my_turn():
            return
        px = self.app.px
        rects = self.drawn_rects()
        if not rects:
            return
        area = rects[0][1].unionall([r for _d, r in rects]).inflate(px(40), px(70))
        area.top -= px(10)
        draw_panel(surface, area, fill=(34, 26, 20), edge=theme.BRASS, radius=px(10))
        draw_text(surface, t("Keep one Djinn: click it"), (area.centerx, area.top + px(8)), self.app.font(px(15), True),
                  theme.BRASS, "midtop")
        for djinn, rect in rects:
            surface.blit(self.art.djinn(djinn, rect.height), rect)
            if rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=6)

    def _notice_visible(self, note: dict) -> bool:
        """Another seat's Whim card taken into a hidden hand is not shown to the holder."""
        if note.get("type") == "whim_taken" and self.m.options.get("whim_hands") == "hidden":
            return note.get("seat") == self.holder or self.reveal_all or not self.humans
        return True

    def sheet_title(self) -> str:
        hidden = any(p.gold_hidden for p in self.s.players)
        return t("Scores so far") + ("  " + t("(gold you cannot see counts 0)") if hidden else "")

    # ------------------------------------------------------------------ hover: tooltips and cards
    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        card = self._card_at(pos)
        if card is not None:
            self._draw_card_popup(surface, *card)
            return
        text = self._hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font, max_width=self.app.px(340))

    def _card_at(self, pos) -> tuple[str, str, bool] | None:
        """(kind, id, in hand) of the card under the pointer: a Djinn, a Whim card or a resource card."""
        s = self.s
        for i, rect in enumerate(self.djinn_rects):
            if rect.collidepoint(pos) and i < len(s.djinn_row) and s.djinn_row[i] is not None:
                return ("djinn", s.djinn_row[i], False)
        for slot, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos) and slot < len(s.row) and s.row[slot] is not None:
                return ("resource", s.row[slot], False)
        if self.side.collidepoint(pos):
            for seat in range(len(s.players)):
                parts = self.seat_parts(seat)
                for djinn, r in parts["djinns"]:
                    if r.collidepoint(pos):
                        return ("djinn", djinn, True)
                for whim, _done, r in parts["whims"]:
                    if r.collidepoint(pos) and whim != HIDDEN:
                        return ("whim", whim, True)
                for good, r in parts["goods"]:
                    if r.collidepoint(pos):
                        return ("resource", good, True)
        tile = self.tile_at(pos)
        if tile is not None and s.whim_on[tile] not in (None, HIDDEN):
            fx = (pos[0] - self.cell_rect(tile).left) / self.camera.cell_px
            fy = (pos[1] - self.cell_rect(tile).top) / self.camera.cell_px
            if fx > 0.68 and fy < 0.42:
                return ("whim", s.whim_on[tile], False)
        return None

    def _draw_card_popup(self, surface: pygame.Surface, kind: str, card: str, _held: bool) -> None:
        """The card large beside the pointer; a Djinn with its power, a Whim card with its condition and reward."""
        px = self.app.px
        h = px(230)
        if kind == "djinn":
            img = self.art.djinn(card, h)
            d = self.cat.djinns[card]
            cost = "" if d.cost == "none" else " " + t("Costs {pay}.", pay=self._cost_words(d.cost))
            text = t("{name}, {vp} VP. {power}", name=d.name, vp=d.vp, power=t(d.power)) + cost
        elif kind == "whim":
            img = self.art.whim(card, h)
            w = self.cat.whims[card]
            text = t("Whim of the Sultan: {gold} gold, paid once, the moment the condition holds.", gold=w.reward_gold)
        else:
            img = self.art.resource(card, round(h * 0.7))
            res = self.cat.resources[card]
            text = t("Fakir: spent to reach further, build more, or pay Djinns; never sold.") if res.kind == "fakir" else t(
                "{name}: merchandise. Sets of different goods sell for 1, 3, 7, 13, 21, 30, 40, 50, 60 gold.",
                name=t(res.name))
        font = self.app.font(px(13))
        text_w = px(230)
        lines = wrap_text(text, font, text_w)
        box = pygame.Rect(0, 0, img.get_width() + text_w + px(30), max(img.get_height(), len(lines) * font.get_linesize()) + px(20))
        box.topleft = (self.mouse[0] + px(16), self.mouse[1] - box.height // 2)
        if box.right > surface.get_width() - px(4):
            box.right = self.mouse[0] - px(16)
        box.clamp_ip(surface.get_rect().inflate(-px(8), -px(8)))
        draw_panel(surface, box, fill=(34, 26, 20), edge=theme.BRASS_DARK, radius=px(8), width=1)
        surface.blit(img, (box.left + px(10), box.top + px(10)))
        y = box.top + px(12)
        for line in lines:
            draw_text(surface, line, (box.left + img.get_width() + px(20), y), font, theme.TEXT)
            y += font.get_linesize()

    def _cost_words(self, cost: str) -> str:
        return {"elder_or_fakir": t("1 Elder or 1 Fakir"), "elder_and_elder_or_fakir": t("1 Elder, and 1 Elder or 1 Fakir"),
                "fakir": t("1 Fakir"), "fakirs": t("any number of Fakirs")}.get(cost, "")

    def _hover_text(self, pos) -> str | None:
        s = self.s
        m = self.m
        if self.turn_track_rect.collidepoint(pos):
            spot = self.spot_at(pos)
            if spot is not None:
                cost, marker = self.rules.track_spots(m)[spot]
                if m.phase == "bid" and self._my_turn():
                    landing = self.rules.landing_spot(m, spot)
                    reason = self.match.why_illegal(Bid(spot if landing is None else landing, self.kumarbi))
                    if reason:
                        return t(reason)
                    return t("Bid {n} gold here (drag your marker, or click).", n=cost)
                if marker is not None:
                    return t("{who} paid {n} for this spot.", who=self.seat_name(m.marker_seat[marker]), n=cost)
                return t("A free spot at {n} gold.", n=cost)
            return t("Turn order: the dearest spot plays first; among equal prices the last to bid plays first.")
        if self.bid_track_rect.collidepoint(pos):
            return t("Bid order: markers bid from spot 1; a marker moves here when its turn starts.")
        for rect, tip, n in getattr(self, "_supply_rects", []):
            if rect.collidepoint(pos):
                return t("{n} {what}", n=n, what=tip)
        if self.deck_rect.collidepoint(pos):
            return t("{n} resource cards in the draw pile.", n=len(s.deck))
        for seat in range(len(s.players)):
            parts = self.seat_parts(seat)
            p = s.players[seat]
            words = {"gold": t("Gold: hidden") if p.gold_hidden else t("{n} gold", n=p.gold),
                     "camels": t("{n} camels left to place", n=p.camels),
                     "vizier": t("{n} Viziers: 1 point each, 10 for each player with fewer", n=p.viziers),
                     "elder": t("{n} Elders: 2 points each; they pay for Djinns", n=p.elders),
                     "fakir": t("{n} Fakirs", n=p.fakirs)}
            for key, text in words.items():
                if parts[key].inflate(self.app.px(30), 0).move(self.app.px(15), 0).collidepoint(pos):
                    return text
            if parts["vp"].collidepoint(pos) and self.show_projected_scores:
                if p.gold_hidden:
                    return t("Points if the game ended now, without {who}'s gold: it is hidden until the end "
                             "and counts 1 point a coin.", who=self.seat_name(seat))
                return t("Points if the game ended now.")
            for whim, _done, r in parts["whims"]:
                if r.collidepoint(pos) and whim == HIDDEN:
                    return t("A Whim card in {who}'s hand.", who=self.seat_name(seat))
        tile = self.tile_at(pos)
        if tile is not None:
            return self._tile_text(tile)
        return None

    def _tile_text(self, tile: int) -> str:
        s = self.s
        m = self.m
        mine = self._my_turn()
        if mine and m.phase == "move":
            if tile == m.pos:
                return t("Your hand is here: drag into a neighbouring tile to drop a meeple.")
            reason = self.step_reason_at(tile)
            ends = self.end_tiles()
            if tile in ends:
                return t("Click to end the move here ({n} meeples still to drop).", n=sum(m.hand))
            if reason:
                return reason
            return t("Drag into this tile to drop a {tribe} here.", tribe=self.tribe_name(self.colour))
        kind = self.rules.tile_at(s, tile)
        name = t("{name}, {vp} VP", name=t(kind.name), vp=kind.vp) if kind.vp else t(kind.name)
        parts = [t("{name} ({colour})", name=name, colour=t(kind.colour)) if kind.colour != "none" else name]
        if kind.text:
            parts.append(t(kind.text))
        if s.owner[tile] != NOBODY:
            parts.append(t("Owned by {who}.", who=self.seat_name(s.owner[tile])))
        held = ", ".join(f"{n} {self.tribe_name(TRIBES[c], n)}" for c, n in enumerate(s.meeples[tile]) if n)
        if held:
            parts.append(t("Meeples: {list}.", list=held))
        if s.palms[tile] or s.palaces[tile]:
            parts.append(t("{p} palm trees, {q} palaces.", p=s.palms[tile], q=s.palaces[tile]))
        if mine and m.phase == "start":
            reason = self.match.why_illegal(PickUp(tile))
            parts.append(t(reason) if reason else t("Press here to pick up its meeples; the grey dots mark where the move can end."))
        return " ".join(parts)

def _player_key(p) -> tuple:
    return (p.gold, p.gold_hidden, p.camels, p.viziers, p.elders, p.fakirs, tuple(sorted(p.goods.items())),
            tuple(p.djinns), tuple(p.whims), tuple(p.whims_done), tuple(p.used))


def _pennant(size: tuple[int, int], faint: bool) -> pygame.Surface:
    """The end-of-move mark of one tile: a pennant in its corner (and an amber frame for a real end)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    r = max(6, w // 8)
    x, bottom = w - r - 4, h - 4
    pole = max(2, r // 5)
    pygame.draw.line(surf, COUNT_BG, (x, bottom), (x, bottom - 2 * r), pole + 2)
    flag = [(x, bottom - 2 * r), (x + r, bottom - 1.5 * r), (x, bottom - r)]
    pygame.draw.polygon(surf, (215, 215, 215) if faint else AMBER, flag)
    pygame.draw.polygon(surf, COUNT_BG, flag, 1)
    if not faint:
        pygame.draw.rect(surf, AMBER, pygame.Rect(4, 4, w - 8, h - 8), 3, border_radius=8)
    return surf


def _filled(size: tuple[int, int], rgba) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(rgba)
    return surf


def _oval_shadow(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 80), pygame.Rect(size // 8, size // 2, size * 3 // 4, size // 2))
    return surf


def _panel(size: tuple[int, int], fill, radius: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    draw_panel(surf, surf.get_rect(), fill=fill, edge=theme.BRASS_DARK, radius=radius, width=1, shadow=False)
    return surf


__all__: list[Any] = ["FiveTribesDrawing"]
