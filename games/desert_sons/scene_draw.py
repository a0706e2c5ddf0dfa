"""Drawing of the Realm of the Desert Sons table (a mixin of DesertSonsScene).

A frame is one cached layer (board, stacks, rumor board, seats: redrawn only
when the game, the camera, the holder or the piece in hand change) plus what
moves: highlights, the held piece, notices, buttons and tooltips. Everything
comes from `self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.logpanel import placed_since_last_turn
from engine.ui.widgets import draw_panel, draw_text, draw_tooltip, draw_wrapped, wrap_text
from games.desert_sons.rules_state import HIDDEN
from games.desert_sons.scene_art import box_on_base, figure_rect, turban_rect

FRAME = (112, 76, 42)
GREEN = (110, 220, 120)
GREEN_FILL = (110, 230, 130, 80)
AMBER = (244, 176, 60)
AMBER_FILL = (250, 180, 60, 90)
PALE_FILL = (255, 255, 255, 40)
BAD_EDGE = (220, 70, 60)
SCORED_TINT = (120, 100, 70, 95)
ABILITY_TEXT = {
    "leader": "Caravan leader, once per game: pay {n} water to move along white lines freely.",
    "scout": "Scout, once per game: pay {n} water to lay a tile from another player's display.",
    "driver": "Camel driver, once per game: pay {n} water at the end of your turn for one more turn.",
}


class DesertDrawing:
    """Every draw_* method of the scene; needs the scene's geometry helpers."""

    # ------------------------------------------------------------------ the frame
    def _static_key(self) -> tuple:
        held = self.drag.spec.piece if self.drag.holding else None
        walking = self.camel_slide[0] if self.camel_slide is not None else None
        return (self.match.version, self.holder, self.app.size, self.camera.cell_px,
                tuple(self.camera.offset), held, self.computer.thinking, self._my_turn(), self.show_highlights,
                self.show_projected_scores, walking)

    def draw(self, surface: pygame.Surface) -> None:
        key = self._static_key()
        if self._static is None or self._static_for != key or self._static.get_size() != surface.get_size():
            if self._static is None or self._static.get_size() != surface.get_size():
                self._static = pygame.Surface(surface.get_size()).convert()
            self._draw_static(self._static)
            self._static_for = key
        surface.blit(self._static, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        self._draw_outlines(surface)
        self._draw_highlights(surface)
        walking = self.camel_slide_pos()
        if walking is not None:
            self._draw_camel(surface, walking[0], walking[1])
        surface.set_clip(clip)
        self._draw_side_hints(surface)
        self.widgets.draw(surface, self.app.font(self.app.px(14)))
        self._draw_scoring_card(surface)
        self.draw_notices(surface, toast_avoid=self._scoring_card_rect())
        self._draw_held(surface)
        self.draw_overlays(surface)
        self.draw_hover(surface)

    def _draw_static(self, layer: pygame.Surface) -> None:
        from engine.ui.widgets import draw_background

        draw_background(layer)
        self._explorer_rects: list[tuple[int, pygame.Rect]] = []
        self._camel_rects: list[tuple[int, pygame.Rect]] = []
        self._shown_totals = self._projected_totals()
        self._draw_board(layer)
        self._draw_fixed_targets(layer)
        self._draw_header(layer)
        self._draw_strip(layer)
        for seat, rect in enumerate(self.seat_rects()):
            self._draw_seat(layer, seat, rect)
        self._draw_action_area(layer)

    def _projected_totals(self) -> list[int] | None:
        try:
            return list(self.rules.score_sheet(self.s, details=False).totals)
        except Exception:  # noqa: BLE001 - a sheet that cannot be made mid-game only hides the figures
            return None

    def _board_explorer_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Where each explorer on the board was drawn (rank, rect), as of the last layer drawn."""
        return getattr(self, "_explorer_rects", [])

    # ------------------------------------------------------------------ board
    def _area_rect(self) -> pygame.Rect:
        return self.cell_rect((0, 0)).union(self.cell_rect((self.size - 1, self.size - 1)))

    def _draw_board(self, surface: pygame.Surface) -> None:
        s = self.s
        size = self.camera.cell_px
        area = self._area_rect()
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        draw_panel(surface, area.inflate(size * 0.7, size * 0.7), fill=FRAME, edge=theme.BRASS_DARK, radius=size // 4)
        pygame.draw.rect(surface, (70, 46, 24), area.inflate(6, 6), border_radius=4)
        empty = self.art.empty_square(size)
        blits = []
        for r in range(self.size):
            for c in range(self.size):
                placed = s.cells.get((c, r))
                img = self.art.tile(self.cat.kinds[placed.kind].art, size, placed.rotation) if placed else empty
                blits.append((img, self.cell_rect((c, r))))
        surface.blits(blits, doreturn=False)
        self._draw_scored(surface)
        self._draw_marks(surface)
        self._draw_board_explorers(surface)
        self._draw_camels(surface)
        surface.set_clip(clip)

    def _part_polygon(self, cell, part) -> list[tuple[int, int]]:
        key = ("poly", cell, part, self.camera.cell_px, tuple(self.camera.offset))
        hit = self._board_cache.get(key)
        if hit is None:
            outline = self.rules.part_geometry(self.s, cell, part)["outline"]
            hit = self._board_cache[key] = [self.tile_point(cell, p) for p in outline]
        return hit

    def _draw_scored(self, surface: pygame.Surface) -> None:
        """Oases already scored are dimmed: their icons are used up."""
        size = self.camera.cell_px
        tint = None
        for cell, part in self.s.scored_parts:
            if tint is None:
                tint = pygame.Surface((size, size), pygame.SRCALPHA)
            tint.fill((0, 0, 0, 0))
            rect = self.cell_rect(cell)
            pts = [(x - rect.left, y - rect.top) for x, y in self._part_polygon(cell, part)]
            pygame.draw.polygon(tint, SCORED_TINT, pts)
            surface.blit(tint, rect)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        if s.options.get("centre_exchange"):
            rect = self.cell_rect(self.cat.exchange)
            pygame.draw.rect(surface, theme.BRASS, rect.inflate(-4, -4), 2, border_radius=6)
        seat = self.match.to_move()
        if seat is not None and not self.match.seats[seat].is_computer and s.phase != "over":
            new = placed_since_last_turn(self.match, seat, lambda st: {c for c, p in st.cells.items() if p.tile is not None})
            for cell in new:  # tiles laid since this seat's last turn: a brass corner
                rect = self.cell_rect(cell)
                q = max(6, rect.width // 5)
                corner = [rect.topleft, (rect.left + q, rect.top), (rect.left, rect.top + q)]
                pygame.draw.polygon(surface, theme.HIGHLIGHT, corner)
                pygame.draw.polygon(surface, theme.BRASS_DARK, corner, 1)
        for cell in s.laid:
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.cell_rect(cell), max(2, px(2)), border_radius=3)

    def _board_figure(self, rank: int) -> pygame.Surface:
        seat = self.s.owner[rank]
        return self.art.explorer(self.match.seats[seat].colour, rank, self.board_box_width())

    def _draw_board_explorers(self, surface: pygame.Surface) -> None:
        s = self.s
        held = self.drag.spec.piece if self.drag.holding else None
        spots = []
        for rank, (cell, part) in s.explorers.items():
            if held is not None and held[0] == "home" and held[1] == rank:
                continue
            spots.append((self.spot_point(cell, part), rank))
        for base, rank in sorted(spots, key=lambda item: item[0][1]):
            box = box_on_base(self.board_box_width(), base)
            surface.blit(self._board_figure(rank), box)
            if rank == s.turban:
                self._draw_turban(surface, box, rank)
            self._explorer_rects.append((rank, figure_rect(box, rank)))

    def _draw_turban(self, surface: pygame.Surface, box: pygame.Rect, rank: int, alpha: int = 255) -> None:
        img = self.art.turban(box.width)
        surface.blit(img if alpha == 255 else self._faded(img, alpha), turban_rect(box, rank))

    def _draw_camels(self, surface: pygame.Surface) -> None:
        s = self.s
        size = self.camera.cell_px
        held = self.drag.spec.piece if self.drag.holding else None
        for seat, player in enumerate(s.players):
            if player.camel is None:
                continue
            rect = self.cell_rect(player.camel)
            colour = self.match.seats[seat].colour
            if held is not None and held[0] == "camel" and held[1] == seat:
                pygame.draw.circle(surface, theme.seat_rgb(colour), rect.center, size * 0.3, 2)
                continue
            if self.camel_slide is not None and self.camel_slide[0] == seat:
                continue  # walking its route: drawn each frame
            self._camel_rects.append((seat, self._draw_camel(surface, seat, rect.center)))

    def _draw_camel(self, surface: pygame.Surface, seat: int, centre) -> pygame.Rect:
        """A camel on its seat-coloured base, standing at the middle of a square."""
        size = self.camera.cell_px
        colour = self.match.seats[seat].colour
        img = self.art.camel(colour, int(size * 0.66))
        box = img.get_rect(center=(round(centre[0]), round(centre[1] - size * 0.06)))
        base = pygame.Rect(0, 0, int(size * 0.6), int(size * 0.2))
        base.center = (box.centerx, box.bottom - size * 0.06)
        pygame.draw.ellipse(surface, (40, 30, 18), base)
        pygame.draw.ellipse(surface, theme.seat_rgb(colour), base, max(2, size // 24))
        surface.blit(img, box)
        return box

    # ------------------------------------------------------------------ highlights
    def _draw_outlines(self, surface: pygame.Surface) -> None:
        """The oasis being scored, oases just scored, and whatever a hovered choice button means."""
        s = self.s
        px = self.app.px
        if s.scoring is not None:
            self._outline_parts(surface, s.scoring.parts, theme.HIGHLIGHT, px(3))
        for notice in self.notices:
            if notice.note.get("type") == "oasis":
                self._outline_parts(surface, notice.note["parts"], theme.BRASS, px(3))
        act = self.hover_choice
        if act is not None and getattr(act, "kind", "") == "score_oasis":
            key = ((act.col, act.row), act.part)
            for parts in s.pending:
                if key in parts:
                    self._outline_parts(surface, parts, (255, 255, 255), px(4))
        if act is not None and getattr(act, "kind", "") == "choose_icon" and s.scoring is not None:
            icon = next((ic for cell, part, index, ic in s.scoring.icons
                         if (cell, part, index) == ((act.col, act.row), act.part, act.index)), None)
            for cell, part, index, ic in s.scoring.icons:
                if ic == icon:
                    self._ring_icon(surface, cell, part, index, (255, 255, 255), px(4))

    def _outline_parts(self, surface, parts, colour, width) -> None:
        for cell, part in parts:
            if cell in self.s.cells:
                pygame.draw.polygon(surface, colour, self._part_polygon(cell, part), width)

    def _ring_icon(self, surface, cell, part, index, colour, width) -> None:
        centre = self.tile_point(cell, self.rules.part_geometry(self.s, cell, part)["icons"][index][1])
        pygame.draw.circle(surface, colour, centre, self.cat.icon_radius * self.camera.cell_px * 1.25, width)

    def _pulse(self, lo: int = 2, hi: int = 4) -> int:
        return lo + int((hi - lo) * (1 + math.sin(pygame.time.get_ticks() / 220)) / 2)

    def _cell_fill(self, surface, cell, fill) -> None:
        size = self.camera.cell_px
        overlay = self._board_cache.get(("fill", fill, size))
        if overlay is None:
            overlay = pygame.Surface((size, size), pygame.SRCALPHA)
            overlay.fill(fill)
            self._board_cache[("fill", fill, size)] = overlay
        surface.blit(overlay, self.cell_rect(cell))

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if self.drag.holding:
            self._draw_drag_targets(surface)
            return
        if not self.show_highlights or not self._my_turn():
            return
        s = self.match.state
        phase = s.phase
        seat = s.decider
        if phase == "camels":
            for cell in self.rules.camel_starts(s):
                pygame.draw.rect(surface, GREEN, self.cell_rect(cell).inflate(-4, -4), self._pulse(), border_radius=6)
        elif phase == "move" and s.players[seat].camel is not None:
            rect = self.cell_rect(s.players[seat].camel)
            pygame.draw.rect(surface, GREEN, rect.inflate(-2, -2), self._pulse(), border_radius=6)
        elif phase in ("discover", "place") and s.players[seat].camel is not None:
            for cell in self.rules.frontier(s, s.players[seat].camel):
                pygame.draw.rect(surface, (230, 240, 255), self.cell_rect(cell).inflate(-6, -6), 2, border_radius=6)
        elif phase == "explorer":
            for spot in self.rules.explorer_spots(s):
                self._ring_spot(surface, spot["cell"], spot["part"], theme.HIGHLIGHT, self._pulse())
            for rank, rect in self._board_explorer_rects():
                if s.owner[rank] == seat:  # may be dragged home
                    pygame.draw.rect(surface, AMBER, rect.inflate(4, 4), 2, border_radius=4)
        elif phase == "order":
            for parts in s.pending:
                self._outline_parts(surface, parts, GREEN, self._pulse(2, 5))
        elif phase == "icon" and s.scoring is not None:
            for cell, part, index, _icon in s.scoring.icons:
                self._ring_icon(surface, cell, part, index, GREEN, self._pulse(2, 4))

    def _ring_spot(self, surface, cell, part, colour, width) -> None:
        x, y = self.spot_point(cell, part)
        r = max(6, round(self.camera.cell_px * 0.13))
        pygame.draw.circle(surface, colour, (x, y - r // 2), r, width)

    def _draw_fixed_targets(self, surface: pygame.Surface) -> None:
        """Where a piece that never turns (camel, explorer) may go: drawn once into the cached layer."""
        if not (self.drag.holding and self.show_highlights):
            return
        piece = self.drag.spec.piece
        kind = piece[0]
        px = self.app.px
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        if kind == "camel":
            reach = self._reach()
            drop = self.art.water(max(8, self.camera.cell_px // 6))
            for cell in self.drag.legal_targets():
                rect = self.cell_rect(cell)
                if reach.get(cell, 0) > 0:  # only with the caravan leader: an amber frame and a water stone
                    pygame.draw.rect(surface, AMBER, rect.inflate(-4, -4), 2, border_radius=4)
                    surface.blit(drop, drop.get_rect(topright=rect.inflate(-6, -6).topright))
                else:
                    self._cell_fill(surface, cell, GREEN_FILL)
                    pygame.draw.rect(surface, GREEN, rect.inflate(-2, -2), 3, border_radius=4)
        elif kind == "camel_start":
            for cell in self.drag.legal_targets():
                self._cell_fill(surface, cell, GREEN_FILL)
        elif kind == "explorer":
            for cell, part in self.drag.legal_targets():
                self._ring_spot(surface, cell, part, GREEN, px(3))
        surface.set_clip(clip)

    def _draw_drag_targets(self, surface: pygame.Surface) -> None:
        piece = self.drag.spec.piece
        kind = piece[0]
        hover = self.drag.hover
        if self.show_highlights:
            if kind in ("hand", "display"):
                legal_now = set(self.drag.legal_targets())
                akey = (self.match.version, piece)
                if self._anywhere is None or self._anywhere[0] != akey:
                    self._anywhere = (akey, self.drag.legal_anywhere())
                for cell in self._anywhere[1]:
                    now = cell in legal_now
                    self._cell_fill(surface, cell, GREEN_FILL if now else PALE_FILL)
                    pygame.draw.rect(surface, GREEN if now else (230, 230, 220), self.cell_rect(cell).inflate(-2, -2),
                                     3 if now else 2, border_radius=4)
                    if not now:
                        self._turn_glyph(surface, self.cell_rect(cell))
        if kind in ("hand", "display") and hover is not None and hover in self.drag.legal_targets():
            img = self._held_image(piece, self.camera.cell_px, self.drag.rotation)
            ghost = self._board_cache.get(("ghost", id(img)))
            if ghost is None or ghost[0] is not img:
                copy = img.copy()
                copy.set_alpha(160)
                ghost = self._board_cache[("ghost", id(img))] = (img, copy)
            surface.blit(ghost[1], self.cell_rect(hover))
        if hover is not None and self.drag.hover_reason and kind in ("camel", "camel_start", "hand", "display"):
            pygame.draw.rect(surface, BAD_EDGE, self.cell_rect(hover), 3, border_radius=4)

    def _turn_glyph(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small turning arrow: this square fits once the tile is turned."""
        r = max(5, rect.width // 7)
        c = rect.center
        pygame.draw.arc(surface, (250, 250, 240), pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), 0.5, 5.0, 2)
        tip = (c[0] + r * math.cos(0.5), c[1] - r * math.sin(0.5))
        pygame.draw.polygon(surface, (250, 250, 240), [(tip[0] + 4, tip[1] - 1), (tip[0] - 3, tip[1] - 4),
                                                       (tip[0] - 1, tip[1] + 4)])

    def _draw_side_hints(self, surface: pygame.Surface) -> None:
        """Pulsing marks on the side panel: what the seat to move may press or drag there."""
        if self.drag.holding:
            if self.drag.spec.piece[0] == "home" and self.show_highlights:
                rect = self.seat_rects()[self.drag.spec.piece[2]]
                pygame.draw.rect(surface, GREEN, rect, self._pulse(), border_radius=self.app.px(8))
            return
        if not self.show_highlights or not self._my_turn():
            return
        s = self.match.state
        seat = s.decider
        phase = s.phase
        if phase == "camels":
            pygame.draw.rect(surface, GREEN, self.camel_slot(seat).inflate(6, 6), self._pulse(), border_radius=6)
        elif phase == "discover":
            low = s.lowest_stack()
            if low is not None:
                pygame.draw.rect(surface, GREEN, self.stack_rects()[low].inflate(6, 6), self._pulse(), border_radius=6)
            for owner in range(len(s.players)):
                if owner != seat and not self.rules.ability_available(s, seat, "scout"):
                    continue
                for tile, rect in self.display_rects(owner):
                    if tile is not None and self.rules.placements(s, tile):
                        colour = GREEN if owner == seat else AMBER
                        pygame.draw.rect(surface, colour, rect.inflate(4, 4), 2, border_radius=4)
        elif phase == "place":
            pygame.draw.rect(surface, GREEN, self.hand_rect().inflate(6, 6), self._pulse(), border_radius=6)
        elif phase == "discard":
            for tile, rect in self.display_rects(seat):
                if tile is not None:
                    pygame.draw.rect(surface, BAD_EDGE, rect.inflate(4, 4), self._pulse(), border_radius=4)
        elif phase == "explorer":
            for rank in self.explorer_slots(seat):
                if rank in s.players[seat].supply and self.rules.explorer_spots(s):
                    pygame.draw.rect(surface, GREEN, self.explorer_hit(seat, rank).inflate(6, 6), 2, border_radius=4)
        elif phase == "rumor":
            for good, col in self.rumor_columns().items():
                if len(s.rumor_slots[good]) < self.cat.config["rumor_slots_per_good"]:
                    pygame.draw.rect(surface, GREEN, col, self._pulse(), border_radius=6)
        elif phase == "rumor_take":
            for (good, i), rect in self.rumor_slot_rects().items():
                if i < len(s.rumor_slots[good]):
                    pygame.draw.rect(surface, AMBER, rect.inflate(4, 4), self._pulse(), border_radius=4)

    # ------------------------------------------------------------------ the held piece
    def _held_image(self, piece, size: int, rotation: int) -> pygame.Surface:
        kind = piece[0]
        s = self.s
        if kind in ("camel", "camel_start"):
            return self.art.camel(self.match.seats[piece[1]].colour, int(size * 0.7))
        if kind == "hand":
            tile = s.in_hand if s.in_hand is not None else 0
            return self.art.tile(self.cat.tiles[tile].art, size, rotation)
        if kind == "display":
            return self.art.tile(self.cat.tiles[piece[2]].art, size, rotation)
        return self._board_figure(piece[1])

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.drag.holding:
            piece = self.drag.spec.piece
            img = self._held_image(piece, self.camera.cell_px, self.drag.rotation)
            pos = self.drag.pos
            if piece[0] in ("explorer", "home"):
                rect = box_on_base(img.get_width(), (round(pos[0]), round(pos[1])))
            else:
                rect = img.get_rect(center=(pos[0] - 4, pos[1] - 6))  # lifted off the table
            surface.blit(self._shadow(rect.size), rect.move(8, 10))
            surface.blit(img, rect)
            if piece[0] in ("hand", "display"):
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2, border_radius=3)
            if piece[0] in ("explorer", "home") and piece[1] == self.s.turban:
                self._draw_turban(surface, rect, piece[1])
        spring = self.drag.spring_pos()
        if spring is not None:
            piece, pos = spring
            img = self._held_image(piece, self.camera.cell_px, 0)
            surface.blit(img, img.get_rect(center=pos))

    def _shadow(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("shadow", size)
        surf = self._board_cache.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 80), surf.get_rect(), border_radius=max(2, size[0] // 8))
            self._board_cache[key] = surf
        return surf

    # ------------------------------------------------------------------ side: header and strip
    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.app.px
        s = self.s
        hd = self.header
        draw_panel(surface, hd, radius=px(10))
        title = t("Round {r}", r=max(1, s.round)) if s.phase != "over" else t("Game over")
        if s.final is not None and s.phase != "over":
            title += "  -  " + t("last turns")
        draw_text(surface, title, (hd.left + px(14), hd.top + px(10)), self.app.font(px(19), bold=True), theme.BRASS)
        draw_wrapped(surface, self.instruction(), pygame.Rect(hd.left + px(14), hd.top + px(44), hd.width - px(28), px(44)),
                     self.app.font(px(13)), theme.TEXT, max_lines=2)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        draw_panel(surface, self.strip, radius=px(10))
        small = self.app.font(px(12))
        label = self.app.font(px(12), bold=True)
        rects = self.stack_rects()
        draw_text(surface, t("Stacks"), (rects[0].left, self.strip.top + px(6)), label, theme.TEXT_DIM)
        low = s.lowest_stack()
        for i, rect in enumerate(rects):
            n = len(s.stacks[i])
            if n:
                for k in range(min(n, 5) // 2, 0, -1):
                    pygame.draw.rect(surface, (30, 22, 16), rect.move(k * 2, k * 2), border_radius=4)
                surface.blit(self.art.stack_back(i + 1, rect.width), rect)
                if i != low:
                    pygame.draw.rect(surface, (0, 0, 0), rect, 1, border_radius=4)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 1, border_radius=4)
                draw_text(surface, str(i + 1), rect.center, small, theme.TEXT_DIM, "center")
            draw_text(surface, str(n), (rect.centerx, rect.bottom + px(3)), small, theme.TEXT, "midtop")
        hand = self.hand_rect()
        draw_text(surface, t("Drawn"), (hand.centerx, self.strip.top + px(6)), label, theme.TEXT_DIM, "midtop")
        pygame.draw.rect(surface, theme.PANEL_LIGHT, hand, 1, border_radius=5)
        holding_hand = self.drag.holding and self.drag.spec.piece[0] == "hand"
        if s.in_hand is not None and not holding_hand:
            surface.blit(self.art.tile(self.cat.tiles[s.in_hand].art, hand.width, 0), hand)
        self._draw_supply(surface)
        self._draw_rumor_board(surface)

    def _draw_supply(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        rect = self.supply_rect()
        font = self.app.font(px(12))
        size = px(17)
        x = rect.left
        items = [(self.art.water(size), s.water), (self.art.camel_card(size), s.camel_cards)]
        items += [(self.art.good(g, size), s.goods[g]) for g in self.cat.goods]
        for img, n in items:
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
            x += size + px(1)
            x = draw_text(surface, str(n), (x, rect.centery), font, theme.TEXT, "midleft").right + px(7)

    def _draw_rumor_board(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        board = self.rumor_board_rect()
        pygame.draw.rect(surface, (64, 48, 78), board, border_radius=px(8))
        pygame.draw.rect(surface, (120, 96, 150), board, 1, border_radius=px(8))
        draw_text(surface, t("Rumor board"), (board.left + px(8), board.top + px(4)), self.app.font(px(12), bold=True),
                  (214, 200, 236))
        self.drawn_rumors = []
        value_font = self.app.font(px(12), bold=True)
        slots = self.rumor_slot_rects()
        for good, col in self.rumor_columns().items():
            icon_size = px(22)
            icon = self.art.good(good, icon_size)
            surface.blit(icon, (col.left + px(2), col.top))
            value, unknown = self.rules.good_value(s, good)
            text = f"={value}" + ("?" if unknown else "")
            draw_text(surface, text, (col.left + icon_size + px(4), col.top + icon_size // 2), value_font, theme.TEXT,
                      "midleft")
            placed = s.rumor_slots[good]
            for i in range(self.cat.config["rumor_slots_per_good"]):
                rect = slots[(good, i)]
                if i >= len(placed):
                    pygame.draw.rect(surface, (84, 66, 104), rect, border_radius=4)
                    pygame.draw.rect(surface, (150, 128, 180), rect, 1, border_radius=4)
                    continue
                tile, placer, _seen = placed[i]
                if tile == HIDDEN:
                    surface.blit(self.art.rumor_back(rect.width), rect)
                    self.drawn_rumors.append((good, i, None))
                else:
                    val = self.rules.rumor_value(tile)
                    surface.blit(self.art.rumor_face(val, good, rect.width), rect)
                    self.drawn_rumors.append((good, i, val))
                    if s.phase != "over":  # face up only for this seat: an eye says "only you know"
                        pygame.draw.circle(surface, (250, 246, 236), (rect.right - 2, rect.top + 2), max(3, px(4)))
                        pygame.draw.circle(surface, (40, 30, 60), (rect.right - 2, rect.top + 2), max(1, px(2)))
                pygame.draw.rect(surface, theme.seat_rgb(self.match.seats[placer].colour),
                                 pygame.Rect(rect.left, rect.bottom + 1, rect.width, max(2, px(3))))
        pile = self.rumor_pile_rect()
        n = len(s.rumor_pile)
        if n:
            for k in range(min(n, 4), 0, -1):
                pygame.draw.rect(surface, (30, 20, 40), pile.move(k * 2, -k * 2), border_radius=4)
            surface.blit(self.art.rumor_back(pile.width), pile)
        else:
            pygame.draw.rect(surface, (96, 78, 118), pile, 1, border_radius=4)
        draw_text(surface, str(n), (pile.centerx, pile.bottom + px(4)), self.app.font(px(11), bold=True), theme.TEXT,
                  "midtop")

    # ------------------------------------------------------------------ side: seats
    def _draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        s = self.s
        px = self.app.px
        info = self.match.seats[seat]
        player = s.players[seat]
        current = s.phase != "over" and seat == s.current
        deciding = s.phase != "over" and seat == s.decider
        draw_panel(surface, rect, fill=theme.PANEL_LIGHT if current else theme.PANEL, radius=px(8),
                   edge=theme.HIGHLIGHT if deciding else (theme.BRASS if current else theme.PANEL_EDGE),
                   width=3 if deciding else 1, shadow=False)
        badge = pygame.Rect(rect.left + px(10), rect.top + px(7), px(20), px(20))
        theme.draw_seat_badge(surface, info.colour, badge)
        name = info.name + ("  " + t("(computer)") if info.is_computer else "")
        if self.computer.thinking == seat:
            name += "  ..."
        nrect = draw_text(surface, name, (badge.right + px(8), badge.centery), self.app.font(px(15), bold=True), theme.TEXT,
                          "midleft")
        if s.owner[s.turban] == seat:
            tb = self.art.turban_icon(px(24))
            surface.blit(tb, tb.get_rect(midleft=(nrect.right + px(6), badge.centery)))
        for which, arect in self.ability_rects(seat).items():
            used = bool(player.used[which]) and not (which == "leader" and s.options["leader_per_use"])
            surface.blit(self.art.ability(which, arect.width, used), arect)
        if self._shown_totals is not None and (self.show_projected_scores or s.phase == "over"):
            draw_text(surface, t("{n} pts", n=self._shown_totals[seat]), (rect.right - px(10), badge.centery),
                      self.app.font(px(15), bold=True), theme.BRASS, "midright")
        self._draw_seat_explorers(surface, seat)
        self._draw_seat_camel(surface, seat)
        self._draw_water(surface, seat)
        self._draw_caravan(surface, seat)
        self._draw_display(surface, seat)

    def _faded(self, img: pygame.Surface, alpha: int) -> pygame.Surface:
        key = ("faded", id(img), alpha)
        hit = self._board_cache.get(key)
        if hit is None or hit[0] is not img:
            copy = img.copy()
            copy.set_alpha(alpha)
            hit = self._board_cache[key] = (img, copy)
        return hit[1]

    def _draw_seat_explorers(self, surface, seat: int) -> None:
        s = self.s
        colour = self.match.seats[seat].colour
        held = self.drag.spec.piece if self.drag.holding else None
        for rank, box in self.explorer_slots(seat).items():
            img = self.art.explorer(colour, rank, box.width)
            home = rank in s.players[seat].supply and not (held is not None and held[0] == "explorer" and held[1] == rank)
            surface.blit(img if home else self._faded(img, 55), box)
            if rank == s.turban:
                self._draw_turban(surface, box, rank, 255 if home else 70)

    def _draw_seat_camel(self, surface, seat: int) -> None:
        slot = self.camel_slot(seat)
        img = self.art.camel(self.match.seats[seat].colour, slot.width)
        held = self.drag.holding and self.drag.spec.piece[0] == "camel_start" and self.drag.spec.piece[1] == seat
        placed = self.s.players[seat].camel is not None
        if held:
            pygame.draw.rect(surface, theme.PANEL_EDGE, slot, 1, border_radius=4)
            return
        surface.blit(self._faded(img, 90) if placed else img, slot)

    def _draw_water(self, surface, seat: int) -> None:
        rect = self.water_rect(seat)
        px = self.app.px
        n = self.s.players[seat].water
        size = rect.height
        font = self.app.font(px(12), bold=True)
        text_w = font.size("x99")[0] + px(4)
        room = max(1, rect.width - text_w)
        step = min(size - px(3), (room - size) / max(1, n - 1)) if n > 1 else size
        drop = self.art.water(size)
        for i in range(n):
            surface.blit(drop, (rect.left + round(i * step), rect.top))
        x = rect.left + (round((n - 1) * step) + size if n else 0) + px(4)
        draw_text(surface, f"x{n}", (x, rect.centery), font, (170, 210, 240) if n else theme.TEXT_DIM, "midleft")

    def _draw_caravan(self, surface, seat: int) -> None:
        px = self.app.px
        player = self.s.players[seat]
        frame, slots, hidden = self.caravan_slots(seat)
        pygame.draw.rect(surface, (96, 70, 44), frame, border_radius=px(5))
        pygame.draw.rect(surface, (150, 112, 70), frame, 1, border_radius=px(5))
        font = self.app.font(px(11), bold=True)
        if player.camel_cards:
            card = self.art.camel_card(frame.height - px(4))
            surface.blit(card, card.get_rect(midleft=(frame.left + px(2), frame.centery)))
            draw_text(surface, str(player.camel_cards), (frame.left + px(24), frame.bottom - px(1)), font, theme.TEXT,
                      "bottomright")
        for i, slot in enumerate(slots):
            pygame.draw.rect(surface, (74, 52, 32), slot, border_radius=3)
            if i < len(player.goods):
                surface.blit(self.art.good(player.goods[i], slot.width), slot)
            elif i >= 4:  # spaces a camel card added
                pygame.draw.rect(surface, (200, 160, 100), slot, 1, border_radius=3)
        carried = len(player.goods)
        cap = self.rules.capacity(self.s, seat)
        tail = f"{carried}/{cap}" + (f" +{hidden}" if hidden else "")
        draw_text(surface, tail, (frame.right - px(4), frame.centery), font, theme.TEXT, "midright")

    def _draw_display(self, surface, seat: int) -> None:
        held = self.drag.spec.piece if self.drag.holding else None
        for tile, rect in self.display_rects(seat):
            if tile is None or (held is not None and held[0] == "display" and held[2] == tile):
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
                continue
            surface.blit(self.art.tile(self.cat.tiles[tile].art, rect.width, 0), rect)

    # ------------------------------------------------------------------ side: the action area
    def _draw_action_area(self, surface: pygame.Surface) -> None:
        px = self.app.px
        a = self.action_area
        draw_panel(surface, a, radius=px(10))
        s = self.s
        if s.phase == "rumor" and s.rumor_hand is not None and s.rumor_hand != HIDDEN and self.holder == s.decider:
            rect = pygame.Rect(a.left + px(8), a.top + px(6), px(42), px(42))
            surface.blit(self.art.rumor_face(self.rules.rumor_value(s.rumor_hand), None, rect.width), rect)
            self.drawn_rumors.append(("hand", 0, self.rules.rumor_value(s.rumor_hand)))
        if not self.choices() and self.main_action() is None and s.phase != "over":
            draw_wrapped(surface, self._idle_hint(), pygame.Rect(a.left + px(12), a.top + px(10), a.width - px(24), px(44)),
                         self.app.font(px(13)), theme.TEXT_DIM, max_lines=2)

    def _idle_hint(self) -> str:
        phase = self.match.state.phase
        if not self._my_turn():
            who = self._decider()
            return t("Waiting for {who}.", who=self._seat_name(who)) if who is not None else ""
        return {"camels": t("Drag your camel from your panel to a green end square."),
                "place": t("Drag the tile from 'Drawn' onto a green square; turn it with R."),
                "discard": t("Click a tile of your display to remove it."),
                "order": t("Click a green oasis on the board."),
                "icon": t("Click an icon in the outlined oasis."),
                "rumor": t("Click a column of the rumor board.")}.get(phase, "")

    def _scoring_card_rect(self) -> pygame.Rect | None:
        sc = self.s.scoring
        if sc is None:
            return None
        px = self.app.px
        width = min(self.board_view.width - px(40), px(430))
        height = px(34) + len(sc.explorers) * self.app.font(px(13)).get_linesize() + px(8)
        return pygame.Rect(self.board_view.left + px(14), self.board_view.bottom - height - px(14), width, height)

    def _draw_scoring_card(self, surface: pygame.Surface) -> None:
        """While an oasis scores: its explorers in claiming order, the toll and what each claimed."""
        sc = self.s.scoring
        if sc is None:
            return
        px = self.app.px
        font = self.app.font(px(13))
        bold = self.app.font(px(14), bold=True)
        lines = []
        claims = {c["rank"]: c for c in sc.claims}
        toll = sc.toll
        for rank in sc.explorers:
            owner = self.s.owner[rank]
            text = t("{who}, rank {r}", who=self._seat_name(owner), r=rank)
            if rank == self.s.turban:
                text += " " + t("(turban)")
            if toll and toll["rank"] == rank:
                text += ": " + (t("paid the toll") if toll["paid"] else t("no toll paid, no action"))
            if rank in claims:
                claim = claims[rank]
                if claim["result"]:
                    text += ": " + t(claim["result"])
                elif claim["icon"]:
                    text += ": " + t("claimed {icon}, deciding", icon=self._icon_name(claim["icon"]).lower())
            elif sc.queue and sc.queue[0] == rank:
                text += ": " + t("chooses now")
            lines.append((owner, text))
        n = len({c for c, _ in sc.parts})
        title = t("Scoring an oasis of {n} tiles", n=n) if n != 1 else t("Scoring an oasis of 1 tile")
        rect = self._scoring_card_rect()
        width = rect.width
        draw_panel(surface, rect, fill=(44, 62, 48), edge=theme.BRASS, radius=px(8), width=2)
        draw_text(surface, title, (rect.left + px(12), rect.top + px(8)), bold, theme.PARCHMENT)
        y = rect.top + px(32)
        for owner, text in lines:
            pygame.draw.rect(surface, theme.seat_rgb(self.match.seats[owner].colour),
                             (rect.left + px(10), y + px(3), px(5), font.get_linesize() - px(6)))
            line = wrap_text(text, font, width - px(34))[0]
            draw_text(surface, line, (rect.left + px(22), y), font, theme.TEXT)
            y += font.get_linesize()

    # ------------------------------------------------------------------ notices, toasts, tooltips
    def _notice_text(self, note: dict) -> str:
        """A notice in words, as the seat holding the screen may read it."""
        kind = note.get("type")
        viewer = self.holder
        private = note.get("private")
        mine = private is None or private == viewer or self.reveal_all
        who = self._seat_name(note["seat"]) if "seat" in note else ""
        if kind == "turn":
            return t("{who} takes an extra turn (camel driver).", who=who)
        if kind == "no_fit":
            name = t(self.cat.tiles[note["tile"]].name)
            return t("The drawn tile ({name}) fits nowhere beside {who}'s camel: it goes to the display and the turn ends.",
                     name=name, who=who)
        if kind == "scout":
            return t("{who} paid water (scout) and took a tile from {other}'s display.", who=who,
                     other=self._seat_name(note["from"]))
        if kind == "refill":
            return t("{who} refills the display from the stack.", who=who)
        if kind == "discarded":
            return t("{who} removed a tile ({name}) from the game: the display was full.", who=who,
                     name=t(self.cat.tiles[note["tile"]].name))
        if kind == "oasis":
            return t(self.rules.describe_oasis(self.s, note))
        if kind == "rumor_drawn":
            if mine and "value" in note:
                return t("{who} looked at the rumor tile: {v:+d}. Only {who} knows it.", who=who, v=note["value"])
            return t("{who} looked at a rumor tile in secret.", who=who)
        if kind == "rumor_placed":
            return t("{who} put a rumor tile face down on {good}.", who=who, good=self._good_name(note["good"]))
        if kind == "rumor_taken":
            if mine and "value" in note:
                return t("{who} took the rumor {v:+d} off {good}; it goes back into the pile.", who=who, v=note["value"],
                         good=self._good_name(note["good"]))
            return t("{who} took a rumor tile off {good}; it goes back into the pile.", who=who,
                     good=self._good_name(note["good"]))
        if kind == "exchange":
            return t("{who} swapped {give} for {take}.", who=who, give=self._good_name(note["give"]),
                     take=self._good_name(note["take"]))
        if kind == "last_tile":
            return t("The last tile has been drawn: everyone has one more turn.")
        if kind == "game_over":
            return t("The game is over: {why}.", why=t(note.get("reason", "")))
        return ""

    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        text = self.hover_text(pos)
        if text:
            draw_tooltip(surface, text, pos, font)

    def drop_words(self, piece, target) -> str | None:
        """What a legal drop there costs: the caravan leader's water, a scout's water."""
        if piece[0] == "camel" and self._reach().get(target, 0) > 0:
            return t("Pay {n} water (caravan leader, once per game) to end the move here.",
                     n=self.cat.config["costs"]["leader"])
        if piece[0] == "display" and piece[1] != self.match.state.current:
            return t("Scout: pay {n} water to lay {who}'s tile here.", n=self.cat.config["costs"]["scout"],
                     who=self._seat_name(piece[1]))
        return None

    def hover_text(self, pos) -> str | None:
        """What lies under the pointer, in words."""
        s = self.s
        if self.board_view.collidepoint(pos):
            for rank, rect in reversed(self._board_explorer_rects()):
                if rect.collidepoint(pos):
                    return self._explorer_text(rank, on_board=True)
            for seat, rect in getattr(self, "_camel_rects", []):
                if rect.collidepoint(pos):
                    return t("{who}'s camel (caravan).", who=self._seat_name(seat))
            cell = self.cell_at(pos)
            if cell is None:
                return None
            key = ("info", cell, self.holder)
            text = self._board_cache.get(key)
            if text is None:
                text = self._board_cache[key] = t(self.rules.square_info(s, cell))
            return text
        for i, rect in enumerate(self.stack_rects()):
            if rect.collidepoint(pos):
                n = len(s.stacks[i])
                return t("Stack {i}: {n} tiles. Tiles are always drawn from the lowest stack that has tiles.", i=i + 1, n=n)
        if self.hand_rect().collidepoint(pos) and s.in_hand is not None:
            return t("The drawn tile: {name}. Drag it beside the camel.", name=t(self.cat.tiles[s.in_hand].name))
        if self.supply_rect().collidepoint(pos):
            goods = ", ".join(f"{s.goods[g]} {self._good_name(g).lower()}" for g in self.cat.goods)
            return t("The supply: {w} water stones, {c} camel cards, {goods}.", w=s.water, c=s.camel_cards, goods=goods)
        for (good, i), rect in self.rumor_slot_rects().items():
            if rect.collidepoint(pos) and i < len(s.rumor_slots[good]):
                tile, placer, _seen = s.rumor_slots[good][i]
                if tile == HIDDEN:
                    return t("A face-down rumor on {good}, placed by {who}.", good=self._good_name(good),
                             who=self._seat_name(placer))
                return t("Rumor {v:+d} on {good}, placed by {who}.", v=self.rules.rumor_value(tile),
                         good=self._good_name(good), who=self._seat_name(placer))
        for good, col in self.rumor_columns().items():
            if col.collidepoint(pos):
                value, unknown = self.rules.good_value(s, good)
                text = t("{good} is worth {v} at the end (4 plus the rumors on it)", good=self._good_name(good), v=value)
                if unknown:
                    text += t(", and {n} face-down rumors you have not seen", n=unknown)
                return text + "."
        if self.rumor_pile_rect().collidepoint(pos):
            return t("Rumor tiles still face down beside the board: {n}.", n=len(s.rumor_pile))
        for seat in range(len(s.players)):
            text = self._seat_hover(seat, pos)
            if text:
                return text
        return None

    def _explorer_text(self, rank: int, on_board: bool) -> str:
        s = self.s
        owner = s.owner[rank]
        text = t("{who}'s explorer, rank {r} of {top} (taller explorers claim icons first).", who=self._seat_name(owner),
                 r=rank, top=self.max_rank)
        if rank == s.turban:
            text += " " + t("It wears the turban and counts as the tallest.")
        if not on_board and rank in s.explorers:
            text += " " + t("It stands on the board.")
        return text

    def _seat_hover(self, seat: int, pos) -> str | None:
        s = self.s
        player = s.players[seat]
        if not self.seat_rects()[seat].collidepoint(pos):
            return None
        for rank in self.explorer_slots(seat):
            if self.explorer_hit(seat, rank).inflate(self.app.px(6), self.app.px(4)).collidepoint(pos):
                return self._explorer_text(rank, on_board=False)
        for which, rect in self.ability_rects(seat).items():
            if rect.collidepoint(pos):
                text = t(ABILITY_TEXT[which], n=self.cat.config["costs"][which])
                used = player.used[which] and not (which == "leader" and s.options["leader_per_use"])
                return text + " " + (t("Used.") if used else t("Not used yet."))
        if self.camel_slot(seat).collidepoint(pos):
            return t("{who}'s camel: on the board.", who=self._seat_name(seat)) if player.camel else t(
                "{who}'s camel: drag it to an end of the start cross.", who=self._seat_name(seat))
        if self.water_rect(seat).collidepoint(pos):
            return t("{who} has {n} water stones (toll, caravan leader, scout, camel driver; ties).",
                     who=self._seat_name(seat), n=player.water)
        frame, _slots, _hidden = self.caravan_slots(seat)
        if frame.collidepoint(pos):
            goods = ", ".join(f"{player.goods.count(g)} {self._good_name(g).lower()}" for g in self.cat.goods
                              if g in player.goods) or t("nothing")
            return t("Caravan: {goods}; {n} of {cap} load spaces (4, plus 2 per camel card: {k}).", goods=goods,
                     n=len(player.goods), cap=self.rules.capacity(s, seat), k=player.camel_cards)
        for tile, rect in self.display_rects(seat):
            if rect.collidepoint(pos):
                if tile is None:
                    return t("A free place in {who}'s display.", who=self._seat_name(seat))
                return t("{who}'s display: {name} (stack {n}).", who=self._seat_name(seat),
                         name=t(self.cat.tiles[tile].name), n=self.cat.tile_stack[tile])
        return None

