"""Drawing of the Somerset table (a mixin of SomersetScene): the frame, the map, the highlights, the piece in hand.

A frame is one cached layer (map, supply, track, seats: drawn again only when the game, the camera, the
holder or the piece in hand change) plus what moves: the highlights of the piece in hand and its path,
the piece itself, notices, buttons and tooltips. The side panel is drawn by scene_panels.py. Everything
comes from `self.s`, the view of the seat holding the screen.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_background, draw_text
from games.somerset.scene_art import GOV_BOX, GOV_COL_W, GOV_SLOT, GOV_X0, badge_offset, hex_points, timing_tag

GREEN = (110, 220, 120)
GREEN_FILL = (110, 230, 130, 70)
PALE = (255, 250, 220)
BAD_EDGE = (220, 70, 60)
PATH = (255, 236, 150)
USED_TINT = (40, 30, 20, 90)  # a tile whose action was taken this round
SEA = (58, 92, 96)


class SomersetDrawing:
    """Every draw_* method of the scene; needs the scene's geometry helpers."""

    def _static_key(self) -> tuple:
        held = (self.drag.spec.piece, self.drag.rotation) if self.drag.holding else None
        walking = self.walking[0] if self.walking is not None else None
        return (self.match.version, self.holder, self.app.size, self.camera.cell_px, tuple(self.camera.offset), held,
                self.computer.thinking, self._my_turn(), self.show_highlights, walking)

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface, self._static_key(), self._draw_static)
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        self._draw_highlights(surface)
        walking = self.walking_pos()
        if walking is not None:
            w = self.s.workers[walking[0]]
            img = self.art.worker(self.match.seats[w.owner].colour, w.kind, False, round(self.hex_r * 0.5))
            surface.blit(img, img.get_rect(midbottom=(round(walking[1][0]), round(walking[1][1] + self.hex_r * 0.3))))
        surface.set_clip(clip)
        self.widgets.draw(surface, self.app.font(self.app.px(13)))
        self._draw_card_peek(surface)
        self.draw_notices(surface)
        self._draw_gov_peek(surface)
        self._draw_held(surface)
        self.draw_overlays(surface)
        self.draw_hover(surface)

    def _draw_static(self, layer: pygame.Surface) -> None:
        draw_background(layer)
        self._draw_map(layer)
        if self.drag.holding and self.show_highlights:  # where the piece in hand may go: still while it is held
            clip = layer.get_clip()
            layer.set_clip(self.board_view)
            self._draw_legal(layer)
            layer.set_clip(clip)
        self._draw_supply(layer)
        self._draw_header(layer)
        self._draw_track(layer)
        self._draw_seats(layer)
        self._draw_action_area(layer)

    # ------------------------------------------------------------------ the map
    def _draw_map(self, surface: pygame.Surface) -> None:
        s = self.s
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        r = self.hex_r
        box = 2 * r
        blits = []
        building = s.phase in ("build", "build_tile")
        if building:  # the hexes a country tile may go on: shown only while tiles are built
            for cell in self.rules.spots(s.board):
                img = self.art.empty_hex(box, buildable=self.show_highlights)  # purist mode: plain empty hexes
                cx, cy = self.centre(cell)
                blits.append((img, (round(cx - r), round(cy - r))))
        for cell, placed in s.board.cells.items():
            tile = self.cat.tiles[placed.tile]
            img = self.art.tile(tile.id, tile.name, box, placed.rotation)
            cx, cy = self.centre(cell)
            blits.append((img, (round(cx - r), round(cy - r))))
        surface.blits(blits, doreturn=False)
        for cell in s.used:
            self.hexes.fill_cell(surface, self.camera, cell, USED_TINT)
        self._draw_claims(surface)
        self._draw_pieces(surface)
        self._draw_workers(surface)
        surface.set_clip(clip)

    def _draw_claims(self, surface: pygame.Surface) -> None:
        r = self.hex_r
        side = max(8, round(2 * r * 72 / 256))
        for cell, placed in self.s.board.cells.items():
            if placed.owner < 0:
                continue
            cx, cy = self.centre(cell)
            dx, dy = badge_offset(placed.rotation, r)
            img = self.art.claim(self.match.seats[placed.owner].colour, side)
            surface.blit(img, img.get_rect(center=(round(cx + dx), round(cy + dy))))

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        r = self.hex_r
        held = self.drag.spec.piece if self.drag.holding else None
        by_edge: dict = {}
        for p in self.s.pieces:
            by_edge.setdefault(p.edge, []).append(p)
        for edge, pieces in by_edge.items():
            mx, my = self.edge_mid(edge)
            angle = self.edge_angle(edge)
            along = (math.cos(math.radians(angle + 90)), -math.sin(math.radians(angle + 90)))
            for k, p in enumerate(pieces):
                if held == ("road", p.edge) and p.owner == self.s.current:
                    continue  # picked up to move it
                off = (k - (len(pieces) - 1) / 2) * r * 0.3
                img = self._piece_image(p.owner, p.barricade, angle)
                surface.blit(img, img.get_rect(center=(round(mx + along[0] * off), round(my + along[1] * off))))

    def _piece_image(self, owner: int, barricade: bool, angle: float) -> pygame.Surface:
        r = self.hex_r
        colour = self.match.seats[owner].colour
        if barricade:
            return self.art.road(colour, True, max(8, round(2 * r * 112 / 256)), angle + 90)
        return self.art.road(colour, False, max(8, round(2 * r * 96 / 256)), angle)

    def _draw_workers(self, surface: pygame.Surface) -> None:
        s = self.s
        held = self.drag.spec.piece if self.drag.holding else None
        walking = self.walking[0] if self.walking is not None else None
        for i, rect in self.worker_spots():
            if held == ("move", i) or walking == i:
                continue
            w = s.workers[i]
            img = self.art.worker(self.match.seats[w.owner].colour, w.kind, not w.standing, rect.width)
            surface.blit(img, img.get_rect(center=rect.center))

    # ------------------------------------------------------------------ highlights
    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if not self.drag.holding:
            self._draw_choice_hover(surface)
            return
        spec = self.drag.spec
        kind = spec.piece[0]
        hover = self.drag.hover
        if hover is None:
            return
        bad = self.drag.hover_reason is not None
        if kind == "road":
            self.hexes.draw_edge(surface, self.camera, hover, BAD_EDGE if bad else theme.HIGHLIGHT,
                                 max(2, self.hex_r // 14))
            return
        if kind == "move" and not bad:
            self._draw_path(surface, spec.piece[1], hover)
        self.hexes.draw_outline(surface, self.camera, hover, BAD_EDGE if bad else theme.HIGHLIGHT, 3)

    def _draw_legal(self, surface: pygame.Surface) -> None:
        """Every place the piece in hand may go as it is turned now (and, for a tile, turned otherwise)."""
        kind = self.drag.spec.piece[0]
        legal = self.drag.legal_targets()
        if kind == "road":
            for edge in legal:
                self.hexes.draw_edge(surface, self.camera, edge, GREEN, max(3, self.hex_r // 10))
            return
        if kind == "tile":
            for cell in self._anywhere_cells():
                if cell not in legal:
                    self.hexes.draw_outline(surface, self.camera, cell, PALE, 2)
        for cell in legal:
            self.hexes.fill_cell(surface, self.camera, cell, GREEN_FILL)
            self.hexes.draw_outline(surface, self.camera, cell, GREEN, 2)

    def _anywhere_cells(self) -> list:
        key = ("anywhere", self.drag.spec.piece if self.drag.spec else None)
        hit = self._board_cache.get(key)
        if hit is None:
            hit = self._board_cache[key] = list(self.drag.legal_anywhere())
        return hit

    def _draw_path(self, surface: pygame.Surface, worker: int, end) -> None:
        path = self.rules.reach(self.match.state, worker).get(end)
        if not path:
            return
        points = [self.centre(c) for c in path]
        width = max(3, self.hex_r // 9)
        pygame.draw.lines(surface, PATH, False, points, width)
        for p in points[1:-1]:
            pygame.draw.circle(surface, PATH, p, width)
        pygame.draw.circle(surface, PATH, points[-1], width * 2, width)

    def _draw_choice_hover(self, surface: pygame.Surface) -> None:
        """The place a choice button under the pointer means: the hex to hire on, the worker, the barricade."""
        act = self.hover_choice
        if act is None or callable(act):
            return
        for rect in self.hint_rects(act):
            if self.board_view.contains(rect):
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2, border_radius=6)
        q, r = getattr(act, "q", None), getattr(act, "r", None)
        if q is not None and r is not None:
            self.hexes.draw_outline(surface, self.camera, (q, r), theme.HIGHLIGHT, 3)
        edge = getattr(act, "edge", None)
        if edge is not None and act.kind == "dispel":
            from games.somerset.rules_map import key_of
            key = key_of(edge)
            if key is not None:
                from engine.core.hexgrid import Edge
                self.hexes.draw_edge(surface, self.camera, Edge(*key), BAD_EDGE)

    # ------------------------------------------------------------------ the government board looked at
    def gov_peek_rect(self) -> pygame.Rect | None:
        """Where the government board is shown large while the pointer is on the track (None: not now)."""
        if self.holding or self.show_sheet or self.show_log or not self.track.collidepoint(self.mouse):
            return None
        px = self.app.px
        width = min(px(640), self.side.left - px(20))
        rect = pygame.Rect(0, 0, width, round(width * GOV_BOX[1] / GOV_BOX[0]))
        rect.topright = (self.side.left - px(10), self.track.top)
        return rect

    def _draw_gov_peek(self, surface: pygame.Surface) -> None:
        """The government board, large, with every seat's marker in its column's slot."""
        rect = self.gov_peek_rect()
        if rect is None:
            return
        img = self.art.gov_board(rect.width)
        if img is None:
            return
        surface.blit(img, rect)
        k = rect.width / GOV_BOX[0]
        by_column: dict[int, list[int]] = {}
        for seat, p in enumerate(self.s.players):
            by_column.setdefault(p.gov, []).append(seat)
        for column, seats in by_column.items():
            x0 = rect.left + (GOV_X0 + (column - 1) * GOV_COL_W) * k
            slot = pygame.Rect(round(x0 + 8 * k), round(rect.top + GOV_SLOT[0] * k), round((GOV_COL_W - 24) * k),
                               round((GOV_SLOT[1] - GOV_SLOT[0]) * k))
            mw = min(round(slot.width / max(1, len(seats))), round(slot.height * 0.7))
            for i, seat in enumerate(seats):
                marker = self.art.track_marker(self.match.seats[seat].colour, mw)
                cx = slot.left + slot.width * (i + 0.5) / len(seats)
                surface.blit(marker, marker.get_rect(center=(round(cx), slot.centery)))

    # ------------------------------------------------------------------ a card looked at
    def peeked_card(self) -> tuple[str, int] | None:
        """The card under the pointer (a chip in a seat panel) or named by the choice button under it."""
        if self.holding or self.show_sheet or self.show_log:
            return None
        act = self.hover_choice
        if act is not None and not callable(act):
            s = self.match.state
            if act.kind in ("cast_spell", "buy_spell"):
                return ("spell", act.spell)
            if act.kind == "build_building":
                return ("building", act.card)
            if act.kind == "keep_card":
                return ("spell" if s.task is not None and s.task.kind == "draw_spells" else "building", act.card)
        for rect, kind, index, _seat in self.chip_rects():
            if rect.collidepoint(self.mouse):
                return ("building" if kind in ("building", "building_hand") else "spell", index)
        return None

    def _draw_card_peek(self, surface: pygame.Surface) -> None:
        """The card looked at, large, beside the side panel."""
        card = self.peeked_card()
        if card is None:
            self._draw_tile_peek(surface)
            return
        kind, index = card
        d = self.cat.spells[index] if kind == "spell" else self.cat.buildings[index]
        width = self.app.px(170)
        img = self.art.card(kind, d.id, t(d.name), width, timing_tag(getattr(d, "timing", "any")))
        rect = img.get_rect()
        rect.right = self.side.left - self.app.px(10)
        rect.centery = max(rect.height // 2 + self.app.px(10),
                           min(self.mouse[1], self.table_size[1] - rect.height // 2 - self.app.px(10)))
        surface.blit(img, rect)

    def _draw_tile_peek(self, surface: pygame.Surface) -> None:
        """A country tile of the supply under the pointer, large above the supply."""
        if self.holding or self.show_sheet or self.show_log:
            return
        for tile, rect in self.supply_rects():
            if rect.collidepoint(self.mouse):
                d = self.cat.tiles[tile]
                box = self.app.px(150)
                img = self.art.tile(d.id, d.name, box, 0)
                at = img.get_rect(midbottom=(rect.centerx, self.supply_area.top - self.app.px(4)))
                at.clamp_ip(self.board_view)
                surface.blit(img, at)
                return

    # ------------------------------------------------------------------ the piece in hand
    def _draw_held(self, surface: pygame.Surface) -> None:
        spec = self.drag.spec
        if spec is None:
            spring = self.drag.spring_pos()
            if spring is not None:
                self._draw_piece_at(surface, spring[0], spring[1], 0)
            return
        pos = self.drag.pos
        piece = spec.piece
        hover = self.drag.hover
        if piece[0] == "road" and hover is not None:
            angle = self.edge_angle(hover)
            img = self._piece_image(self.s.current, spec.rotation % 2 == 1, angle)
            surface.blit(img, img.get_rect(center=[round(v) for v in self.edge_mid(hover)]))
            return
        if piece[0] == "tile" and hover is not None and hover not in self.s.board.cells:
            centre = self.centre(hover)
            self._draw_tile(surface, piece[1], centre, spec.rotation, alpha=220)
            return
        self._draw_piece_at(surface, piece, pos, spec.rotation)

    def _draw_piece_at(self, surface: pygame.Surface, piece, pos, rotation: int) -> None:
        kind = piece[0]
        s = self.s
        r = self.hex_r
        if kind in ("place", "move"):
            w = s.workers[piece[1]]
            img = self.art.worker(self.match.seats[w.owner].colour, w.kind, False, round(r * 0.62))
            surface.blit(img, img.get_rect(midbottom=(round(pos[0]), round(pos[1] + r * 0.3))))
        elif kind == "road":
            img = self._piece_image(s.current, rotation % 2 == 1, 0.0)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        elif kind == "tile":
            self._draw_tile(surface, piece[1], pos, rotation)

    def _draw_tile(self, surface: pygame.Surface, tile: int, centre, rotation: int, alpha: int = 255) -> None:
        r = self.hex_r
        t = self.cat.tiles[tile]
        img = self.art.tile(t.id, t.name, 2 * r, rotation)
        if alpha < 255:
            key = ("faded", tile, rotation, r)
            faded = self._board_cache.get(key)
            if faded is None:
                faded = img.copy()
                faded.set_alpha(alpha)
                self._board_cache[key] = faded
            img = faded
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
        refused = self.drag.holding and self.drag.hover_reason is not None
        pygame.draw.polygon(surface, BAD_EDGE if refused else theme.HIGHLIGHT, hex_points(centre[0], centre[1], r), 2)
        if self.drag.holding and self.drag.hover_reason is None and self.drag.hover is not None:
            draw_text(surface, "R", (centre[0] + r * 0.7, centre[1] - r * 0.9), self.app.font(self.app.px(12), True),
                      theme.HIGHLIGHT)
