"""Drawing of the Realm of the Desert Sons table (a mixin of DesertSonsScene): the frame, the board, the held piece.

A frame is one cached layer (board, stacks, rumor board, seats: redrawn only
when the game, the camera, the holder or the piece in hand change) plus what
moves: highlights, the held piece, notices, buttons and tooltips. The side
panel is drawn by scene_panels.py. Everything comes from `self.s`, the view of
the seat holding the screen.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme
from engine.ui.logpanel import placed_since_last_turn
from engine.ui.widgets import draw_panel, render_text
from games.desert_sons.scene_art import PLINTH_FOOT, box_on_base, figure_rect, turban_rect

FRAME = (112, 76, 42)
GREEN = (110, 220, 120)
GREEN_FILL = (110, 230, 130, 80)
AMBER = (244, 176, 60)
AMBER_FILL = (250, 180, 60, 90)
PALE_FILL = (255, 255, 255, 40)
BAD_EDGE = (220, 70, 60)
HOME = (120, 206, 236)  # your explorers on the board that may go home: no seat's colour (issue 13)
SCORED_TINT = (120, 100, 70, 95)


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
        self.blit_static(surface, self._static_key(), self._draw_static)
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
        self._draw_lifted_icons(surface)
        surface.set_clip(clip)

    # ------------------------------------------------------------------ icons above the pieces
    def _icons_that_matter(self) -> list[tuple[tuple[int, int], int, int]]:
        """(square, part, index) of the icons a player judges now: the new tile's in the explorer step, those of
        oases waiting to score, and the free ones of the oasis being scored. Drawn above the pieces (issue 13)."""
        s = self.s
        out = []
        if s.phase == "explorer" and s.fresh in s.cells:
            kind = self.cat.kinds[s.cells[s.fresh].kind]
            out += [(s.fresh, p, i) for p, part in enumerate(kind.parts) for i in range(len(part.icons))]
        if s.phase == "order":
            for parts in s.pending:
                for cell, p in parts:
                    out += [(cell, p, i) for i in range(len(self.cat.kinds[s.cells[cell].kind].parts[p].icons))]
        if s.scoring is not None:
            out += [(cell, p, i) for cell, p, i, _icon in s.scoring.icons]
        return out

    def _draw_lifted_icons(self, surface: pygame.Surface) -> None:
        for cell, part, index in self._icons_that_matter():
            img, centre = self._lifted_icon(cell, part, index)
            surface.blit(img, img.get_rect(center=centre))

    def _lifted_icon(self, cell, part, index) -> tuple[pygame.Surface, tuple[int, int]]:
        """The icon's roundel cut from its tile's picture (so it looks exactly as on the tile), and its centre."""
        placed = self.s.cells[cell]
        size = self.camera.cell_px
        at = self.rules.part_geometry(self.s, cell, part)["icons"][index][1]
        centre = self.tile_point(cell, at)
        key = ("lift", placed.kind, placed.rotation, size, at)
        img = self._board_cache.get(key)
        if img is None:
            tile = self.art.tile(self.cat.kinds[placed.kind].art, size, placed.rotation)
            r = max(2, round(self.cat.icon_radius * size * 1.1))  # the roundel with its outline and shadow
            x, y = round(at[0] * size), round(at[1] * size)
            img = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
            pygame.draw.circle(img, (255, 255, 255, 255), (r, r), r)
            square = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            square.blit(tile, (r - x, r - y))
            img.blit(square, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            self._board_cache[key] = img
        return img, centre

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
            self._draw_board_rank(surface, box, rank)
            self._explorer_rects.append((rank, figure_rect(box, rank)))

    def _draw_board_rank(self, surface: pygame.Surface, box: pygame.Rect, rank: int) -> None:
        """The rank on a dark tag under an explorer on the board (the plinth's own number is too small to read)."""
        font = self.app.font(max(9, self.app.px(10)), bold=True)
        text = render_text(str(rank), font, theme.TEXT)
        tag = text.get_rect().inflate(self.app.px(4), 0)
        tag.midtop = (box.centerx, box.top + round(PLINTH_FOOT * box.height / 256) - self.app.px(2))
        pygame.draw.rect(surface, (40, 28, 18), tag, border_radius=max(2, tag.height // 3))
        surface.blit(text, text.get_rect(center=tag.center))

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
                self._ring_spot(surface, spot["cell"], spot["part"], GREEN, self._pulse())
            for rank, rect in self._board_explorer_rects():
                if s.owner[rank] == seat:  # may be dragged home
                    pygame.draw.rect(surface, HOME, rect.inflate(4, 4), 2, border_radius=4)
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
