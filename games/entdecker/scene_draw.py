"""Drawing of the Entdecker table (a mixin of EntdeckerScene).

A frame is one cached layer (board, strip of piles, seat panel: redrawn only
when the game, the camera, the piece in hand or the declaration change) plus
what moves: highlights, the spinner, the held piece, notices, buttons and
tooltips. Everything comes from `self.s`, the state the screen may show.
"""
from __future__ import annotations

import math

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.logpanel import placed_since_last_turn
from engine.ui.surface_cache import MB, cache_on
from engine.ui.widgets import draw_background, draw_panel, draw_text, draw_tooltip, draw_wrapped

SEA_DEEP = (18, 52, 86)
FRAME = (92, 64, 38)
GREEN = (120, 230, 140)
GOOD_FILL = (120, 230, 140, 70)
AMBER = (244, 176, 60)  # a start space that charges a toll
BAD_EDGE = (220, 70, 60)
GOLD_EMPTY = (30, 22, 17)  # an empty square of the gold display: darker than either seat panel
WAITING_EDGE = (150, 170, 190)
# Notice panels, faded pieces and hand shadows: a whole game's are under 3 MB even at 4K.
SURFACES_BUDGET = 8 * MB


def turn_point(x: float, y: float, rotation: int) -> tuple[float, float]:
    """A point of a tile (0..1, rotation 0) after turning the tile clockwise `rotation` times."""
    for _ in range(rotation % 4):
        x, y = 1 - y, x
    return x, y


class EntdeckerDrawing:
    """Every draw_* method of the scene; needs the scene's geometry helpers."""

    # ------------------------------------------------------------------ the frame
    def _static_key(self) -> tuple:
        held = self.drag.spec.piece if self.drag.holding else None
        gone = self.gone.tile if self.gone is not None else None
        return (self.match.version, self.app.size, self.camera.cell_px, tuple(self.camera.offset), held,
                self.computer.thinking, self.declare_draws, self.declare_personal, self.may_choose(),
                self.show_highlights, gone)

    def _draw_static(self, layer: pygame.Surface) -> None:
        draw_background(layer)
        self._draw_board(layer)
        self._draw_strip(layer)
        self._draw_panel(layer)

    def draw(self, surface: pygame.Surface) -> None:
        # Everything that changes only with the game, the camera or the piece in hand is drawn
        # once into a layer; a frame is that layer plus what moves (highlights, the held piece).
        self.blit_static(surface, self._static_key(), self._draw_static)
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        self._draw_highlights(surface)
        self._draw_outlines(surface)
        surface.set_clip(clip)
        self._draw_spinner(surface)
        self.widgets.draw(surface, self.app.font(self.app.px(14)))
        self.draw_notices(surface, width=640)
        self._draw_held(surface)
        self.draw_overlays(surface)
        self.draw_hover(surface)

    def tile_image(self, tile: int, size: int, rotation: int) -> pygame.Surface:
        return self.app.assets.turned(self.art / self.cat.tiles[tile].art, (size, size), rotation)

    def _event_icon(self, event: str):
        """The "?" event's picture at a height, for its notice."""
        return lambda height: self.app.assets.image(self.art / f"event_{event}.svg", (height, height))

    def _tile_icon(self, tile: int):
        """A tile's picture at a height, for its notice."""
        return lambda height: self.tile_image(tile, height, 0)

    # ------------------------------------------------------------------ the board
    def _draw_board(self, surface: pygame.Surface) -> None:
        cam = self.camera
        s = self.s
        size = cam.cell_px
        frame = cam.cell_rect(0.5, 0.5, self.world_w - 1, self.world_h - 1)
        draw_panel(surface, frame.inflate(size // 3, size // 3), fill=FRAME, edge=theme.BRASS_DARK, radius=size // 4)
        pygame.draw.rect(surface, SEA_DEEP, frame, border_radius=size // 5)
        clip = surface.get_clip()
        surface.set_clip(self.board_view)
        sea = self.app.assets.image(self.art / "board_sea.svg", (size, size))
        blits = []
        for r in range(self.cat.rows):
            for c in range(self.cat.columns):
                rect = self.cell_rect((c, r))
                placed = s.cells.get((c, r))
                if placed is not None:
                    blits.append((self.tile_image(placed.tile, size, placed.rotation), rect))
                else:
                    blits.append((sea, rect))
        surface.blits(blits, doreturn=False)
        seat = self.match.to_move()
        if seat is not None and not self.match.seats[seat].is_computer:
            for cell in placed_since_last_turn(self.match, seat, lambda st: st.cells):
                rect = self.cell_rect(cell)
                corner = [rect.topleft, (rect.left + rect.width // 4, rect.top), (rect.left, rect.top + rect.height // 4)]
                pygame.draw.polygon(surface, theme.HIGHLIGHT, corner)
                pygame.draw.polygon(surface, theme.BRASS_DARK, corner, 1)
        for cell in s.blocked:
            self._draw_blocked(surface, self.cell_rect(cell))
        for cell in s.waiting:  # gaps left undiscovered (a setup option): a thin frame says "waiting for a tile"
            pygame.draw.rect(surface, WAITING_EDGE, self.cell_rect(cell).inflate(-6, -6), 1, border_radius=6)
        self._draw_circles(surface, size)
        self._draw_units(surface, size)
        self._draw_ship(surface, size)
        surface.set_clip(clip)

    @staticmethod
    def _draw_blocked(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A blocked gap: a dark rock, crossed, so it reads as closed and not as open sea."""
        pygame.draw.rect(surface, (70, 60, 52), rect.inflate(-4, -4), border_radius=6)
        pygame.draw.line(surface, (40, 34, 30), rect.topleft, rect.bottomright, 3)
        pygame.draw.line(surface, (40, 34, 30), rect.topright, rect.bottomleft, 3)

    def _draw_outlines(self, surface: pygame.Surface) -> None:
        for notice in self.notices:
            if notice.note and notice.note["type"] in ("island", "filled"):  # outline the island being scored, or the filled gaps
                for cell in notice.note["cells"]:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, self.cell_rect(cell), 3, border_radius=4)

    def _draw_circles(self, surface: pygame.Surface, size: int) -> None:
        for cell, circle in self.rules.circles.items():
            d = (circle.into[0] - cell[0], circle.into[1] - cell[1])
            rotation = {(0, 1): 0, (-1, 0): 1, (0, -1): 2, (1, 0): 3}[d]
            img = self.app.assets.turned(self.art / "board_start.svg", (size, size), rotation)
            rect = self.cell_rect(cell)
            surface.blit(img if self.rules.empty(self.s, circle.into) else self._faded(img, 70), rect)

    def _draw_units(self, surface: pygame.Surface, size: int) -> None:
        usize = max(12, int(size * 0.42))
        for cell, placed in self.s.cells.items():
            if placed.unit is None:
                continue
            owner, unit, piece = placed.unit
            colour = self.match.seats[owner].colour
            spot = self.cat.tiles[placed.tile].pattern.spots[piece]
            x, y = turn_point(spot[0], spot[1], placed.rotation)
            rect = self.cell_rect(cell)
            img = self.app.assets.image(self.art / f"unit_{unit}_{colour}.svg", (usize, usize))
            surface.blit(img, img.get_rect(center=(rect.left + x * rect.width, rect.top + y * rect.height)))

    def _draw_ship(self, surface: pygame.Surface, size: int) -> None:
        s = self.s
        if s.ship is None:
            return
        rect = self.cell_rect(s.ship)
        img = self.app.assets.image(self.art / "ship.svg", (int(size * 0.56), int(size * 0.56)))
        surface.blit(img, img.get_rect(center=rect.center))

    # ------------------------------------------------------------------ what may be done now
    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if not self.show_highlights:
            return  # purist mode: the player finds the legal spots; a refused drop still says why
        s = self.s
        size = self.camera.cell_px
        if self.drag.holding:
            self._draw_drop_spots(surface, size)
            return
        if not self.may_choose():
            return
        if s.phase == "start":
            pulse = 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 250)))
            for cell in self.rules.start_spaces(s):
                toll = self.rules.toll(s, cell, s.current)
                rect = self.cell_rect(cell)
                pygame.draw.rect(surface, AMBER if toll else GREEN, rect.inflate(-4, -4), pulse, border_radius=size // 3)
                if toll:
                    self._draw_toll_badge(surface, rect, toll)
        if s.phase == "explore" and s.fresh is not None and self.rules.unit_options(s):
            for i in range(len(s.cells[s.fresh].pieces)):
                self._draw_spot_ring(surface, (s.fresh, i), theme.HIGHLIGHT)
        if s.phase in ("explore", "place") and s.ship is not None:
            for cell in self.rules.free_lines(s, s.ship):
                pygame.draw.rect(surface, (200, 230, 255), self.cell_rect(cell).inflate(-6, -6), 2, border_radius=6)

    def _draw_toll_badge(self, surface: pygame.Surface, rect: pygame.Rect, toll: int) -> None:
        """A gold coin with the toll on a start space that charges one, so it differs from a free one at a glance."""
        r = max(8, rect.width // 5)
        centre = (rect.right - r + 2, rect.top + r - 2)
        pygame.draw.circle(surface, theme.BRASS, centre, r)
        pygame.draw.circle(surface, theme.INK, centre, r, 2)
        draw_text(surface, str(toll), centre, self.app.font(max(10, int(r * 1.3)), bold=True), theme.INK, "center")

    def _draw_drop_spots(self, surface: pygame.Surface, size: int) -> None:
        piece = self.drag.spec.piece
        legal_now = set(self.drag.legal_targets())
        akey = (self.match.version, piece)
        if self._anywhere is None or self._anywhere[0] != akey:
            self._anywhere = (akey, self.drag.legal_anywhere())
        overlay = pygame.Surface((size, size), pygame.SRCALPHA)
        for target in self._anywhere[1]:
            if piece[0] == "unit":
                self._draw_spot_ring(surface, target, GREEN)
                continue
            rect = self.cell_rect(target)
            overlay.fill(GOOD_FILL if target in legal_now else (255, 255, 255, 28))
            surface.blit(overlay, rect)
            pygame.draw.rect(surface, GREEN if target in legal_now else (200, 220, 200), rect, 3, border_radius=4)

    def _draw_spot_ring(self, surface: pygame.Surface, target, colour) -> None:
        cell, idx = target
        placed = self.s.cells[cell]
        sx, sy = self.cat.tiles[placed.tile].pattern.spots[idx]
        x, y = turn_point(sx, sy, placed.rotation)
        rect = self.cell_rect(cell)
        pygame.draw.circle(surface, colour, (rect.left + x * rect.width, rect.top + y * rect.height), rect.width * 0.2, 3)

    # ------------------------------------------------------------------ the strip: piles, drawn tile, reserve, ship
    def _draw_strip(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        font = self.app.font(px(13))
        small = self.app.font(px(12))
        draw_panel(surface, self.strip.inflate(-px(8), -px(8)), radius=px(10))
        draw_text(surface, t("Face-down piles"), (self.strip.left + px(24), self.strip.top + px(14)), font, theme.TEXT_DIM)
        can_draw = s.phase == "explore" and self.may_choose() and self.show_highlights and self.rules.can_draw(s)
        for i, rect in enumerate(self.pile_rects()):
            back = self.rules.top_back(s, i)
            n = len(s.piles[i])
            for k in range(min(n, 4), 0, -1):
                pygame.draw.rect(surface, (30, 22, 16), rect.move(k * 2, k * 2), border_radius=4)
            if back:
                surface.blit(self.app.assets.image(self.art / self.cat.backs[back], rect.size), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 2, border_radius=4)
            draw_text(surface, str(n), (rect.centerx, rect.bottom + px(12)), small, theme.TEXT, "center")
            if can_draw and n:
                pygame.draw.rect(surface, GREEN, rect.inflate(4, 4), 2, border_radius=5)
        self._draw_hand(surface, font, small)
        self._draw_reserve(surface, font, small)
        if s.ship is None:
            dock = self.ship_dock()
            draw_text(surface, t("Ship"), (dock.centerx, self.strip.top + px(14)), font, theme.TEXT_DIM, "midtop")
            if not (self.drag.holding and self.drag.spec.piece[0] == "ship"):
                img = self.app.assets.image(self.art / "ship.svg", (dock.width, dock.height))
                surface.blit(img, dock)
            if s.phase == "start" and self.may_choose() and self.show_highlights:
                pygame.draw.rect(surface, GREEN, dock.inflate(6, 6), 2, border_radius=8)

    def _draw_hand(self, surface: pygame.Surface, font, small) -> None:
        """The Drawn slot: the tile in hand, or a tile that fitted nowhere, crossed out, with where it goes."""
        s = self.s
        px = self.app.px
        hand = self.hand_rect()
        draw_text(surface, t("Drawn"), (hand.centerx, self.strip.top + px(14)), font, theme.TEXT_DIM, "midtop")
        pygame.draw.rect(surface, theme.PANEL_LIGHT, hand, 2, border_radius=6)
        gone = self.gone
        if gone is not None:
            surface.blit(self.tile_image(gone.tile, hand.width, 0), hand)
            pygame.draw.line(surface, BAD_EDGE, hand.topleft, hand.bottomright, 3)
            pygame.draw.line(surface, BAD_EDGE, hand.topright, hand.bottomleft, 3)
            pygame.draw.rect(surface, BAD_EDGE, hand, 3, border_radius=4)
            if gone.event:
                icon = px(26)
                img = self.app.assets.image(self.art / f"event_{gone.event}.svg", (icon, icon))
                spot = pygame.Rect(hand.right - icon + px(8), hand.top - px(8), icon, icon)
                pygame.draw.circle(surface, theme.PARCHMENT, spot.center, icon // 2 + px(2))
                surface.blit(img, spot)
            where = t("to reserve {n}", n=gone.pile) if gone.pile else t("out of the game")
            draw_text(surface, where, (hand.centerx, hand.bottom + px(12)), small, theme.HIGHLIGHT, "center")
            return
        holding_hand = self.drag.holding and self.drag.spec.piece[0] == "hand"
        if s.in_hand is not None and not holding_hand:
            surface.blit(self.tile_image(s.in_hand, hand.width, 0), hand)

    def _draw_reserve(self, surface: pygame.Surface, font, small) -> None:
        s = self.s
        px = self.app.px
        rects = self.reserve_rects()
        draw_text(surface, t("Reserve"), (rects[0].left, self.strip.top + px(14)), font, theme.TEXT_DIM)
        joined = self.gone.pile if self.gone is not None else None
        for i, rect in enumerate(rects):
            pile, spare = s.reserve[i], s.overflow[i]
            top = pile[-1] if pile else (spare[-1] if spare else None)
            if top is not None:
                surface.blit(self.tile_image(top, rect.width, 0), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 2, border_radius=4)
            if joined == i + 1:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=5)
            ball = (rect.right - px(4), rect.top + px(4))
            pygame.draw.circle(surface, theme.BRASS, ball, px(9))
            pygame.draw.circle(surface, theme.BRASS_DARK, ball, px(9), 1)
            draw_text(surface, str(i + 1), ball, small, theme.INK, "center")
            label = str(len(pile)) + (f" +{len(spare)}" if spare else "")
            draw_text(surface, label, (rect.centerx, rect.bottom + px(12)), small, theme.TEXT, "center")

    # ------------------------------------------------------------------ the panel: header, seats, declaration
    def _draw_panel(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        p = self.panel
        draw_panel(surface, p.inflate(-px(4), -px(4)), radius=px(12))
        body = self.app.font(px(14))
        small = self.app.font(px(12))
        title = t("Round {r}", r=s.round) if s.phase != "over" else t("Game over")
        self.draw_title(surface, title, (p.left + px(18), self.header.top + px(8)), px(20))
        draw_wrapped(surface, self.instruction(), self.instruction_rect(), self.app.font(px(13)), theme.TEXT)
        for seat, rect in enumerate(self.seat_rects()):
            self._draw_seat(surface, seat, rect, body, small)
        if s.phase == "declare" and self.may_choose():
            c = self.ctrl
            draw_panel(surface, c, fill=theme.PANEL_LIGHT, radius=px(8), shadow=False)
            draw_text(surface, t("Tiles"), (c.left + px(12), c.top + px(22)), body, theme.TEXT)
            draw_text(surface, str(self.declare_draws), (c.left + px(153), c.top + px(31)),
                      self.app.font(px(20), bold=True), theme.TEXT, "center")
            gold = s.players[s.current].gold
            draw_text(surface, t("Cost {c} of your {g} gold", c=self._declare_cost(), g=gold),
                      (c.left + px(12), c.top + px(62)), body, theme.TEXT_DIM)

    def _draw_spinner(self, surface: pygame.Surface) -> None:
        rect = self.spinner_rect()
        values = self.cat.config["spinner"]
        n = len(values)
        c = rect.center
        r = rect.width // 2
        colours = [(190, 150, 80), (160, 120, 60), (200, 165, 95), (150, 110, 55)]
        small = self.app.font(self.app.px(13), bold=True)
        for i, v in enumerate(values):
            a0 = -math.pi / 2 + 2 * math.pi * i / n
            a1 = -math.pi / 2 + 2 * math.pi * (i + 1) / n
            pts = [c] + [(c[0] + r * math.cos(a0 + (a1 - a0) * k / 8), c[1] + r * math.sin(a0 + (a1 - a0) * k / 8))
                         for k in range(9)]
            pygame.draw.polygon(surface, colours[i % 4], pts)
            am = (a0 + a1) / 2
            draw_text(surface, str(v), (c[0] + r * 0.62 * math.cos(am), c[1] + r * 0.62 * math.sin(am)), small, theme.INK,
                      "center")
        pygame.draw.circle(surface, theme.BRASS_DARK, c, r, 2)
        turns = self.spin_to - (self.spin_to - self.spin_from) * (self.spin_anim / max(self.spin_total, 1e-6)) ** 2
        angle = -math.pi / 2 + 2 * math.pi * turns
        tip = (c[0] + r * 0.9 * math.cos(angle), c[1] + r * 0.9 * math.sin(angle))
        pygame.draw.line(surface, (40, 28, 20), c, tip, 4)
        pygame.draw.circle(surface, (40, 28, 20), c, 5)
        if self.s.phase == "spin" and self.may_choose() and self.show_highlights:
            pulse = 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 200)))
            pygame.draw.circle(surface, GREEN, c, r + 4, pulse)

    def _draw_seat(self, surface, seat: int, rect: pygame.Rect, body, small) -> None:
        s = self.s
        px = self.app.px
        player = s.players[seat]
        info = self.match.seats[seat]
        active = s.phase != "over" and seat == s.current
        self.draw_seat_frame(surface, rect, active)
        badge = pygame.Rect(rect.left + px(10), rect.top + px(8), px(22), px(22))
        theme.draw_seat_badge(surface, info.colour, badge)
        name = info.name + ("  " + t("(computer)") if info.is_computer else "")
        if self.computer.thinking == seat:
            name += "  ..."
        draw_text(surface, name, (badge.right + px(8), badge.centery), self.app.font(px(15), bold=True), theme.TEXT, "midleft")
        vp_font = self.app.font(px(15), bold=True)
        vp_text = t("{vp} VP", vp=player.vp)
        draw_text(surface, vp_text, (rect.right - px(10), badge.centery), vp_font, theme.BRASS, "midright")
        icon = px(20)
        vp_icon = pygame.Rect(rect.right - px(14) - vp_font.size(vp_text)[0] - icon, badge.centery - icon // 2, icon, icon)
        surface.blit(self.app.assets.image(self.art / "icon_vp.svg", vp_icon.size), vp_icon)
        self._draw_gold(surface, rect, badge.bottom + px(6), player.gold, small)
        self._draw_chips(surface, rect, badge.bottom + px(6), player.chips, small)
        self._draw_supply(surface, seat, active, small)

    def _draw_gold(self, surface, rect: pygame.Rect, top: int, gold: int, small) -> None:
        """The gold display 0..12: full squares brass, empty ones dark with a rim (seen on either panel)."""
        px = self.app.px
        cap = self.cat.config["gold_cap"]
        coin = px(14)
        surface.blit(self.app.assets.image(self.art / "icon_gold.svg", (coin, coin)),
                     (rect.left + px(10), top + px(5) - coin // 2))
        gx = rect.left + px(10) + coin + px(4)
        gw = max(px(6), (rect.width - px(208)) // cap)
        for k in range(cap):
            cell = pygame.Rect(gx + k * gw, top, gw - 2, px(10))
            if k < gold:
                pygame.draw.rect(surface, theme.BRASS, cell, border_radius=2)
            else:
                pygame.draw.rect(surface, GOLD_EMPTY, cell, border_radius=2)
                pygame.draw.rect(surface, theme.PANEL_EDGE, cell, 1, border_radius=2)
        draw_text(surface, t("{g} gold", g=gold), (gx + cap * gw + px(8), top + px(5)), small, theme.TEXT, "midleft")

    def _draw_chips(self, surface, rect: pygame.Rect, top: int, chips, small) -> None:
        px = self.app.px
        coin = px(14)
        value = sum(self.cat.chip_value(c) for c, _ in chips)
        text = t("1 chip ({v})", v=value) if len(chips) == 1 else t("{n} chips ({v})", n=len(chips), v=value)
        draw_text(surface, text, (rect.right - px(10), top + px(5)), small, theme.TEXT_DIM, "midright")
        chip_icon = pygame.Rect(rect.right - px(13) - small.size(text)[0] - coin, top + px(5) - coin // 2, coin, coin)
        surface.blit(self.app.assets.image(self.art / "icon_chip.svg", chip_icon.size), chip_icon)

    def _draw_supply(self, surface, seat: int, active: bool, small) -> None:
        """The seat's units (with how many are left) and own tiles; what the seat to move may drag is outlined."""
        s = self.s
        px = self.app.px
        player = s.players[seat]
        colour = self.match.seats[seat].colour
        mine = active and self.may_choose() and self.show_highlights
        placeable = {u.unit for u in self.rules.unit_options(s)} if mine else set()
        for unit, urect in self.unit_rects(seat):
            img = self.app.assets.image(self.art / f"unit_{unit}_{colour}.svg", urect.size)
            held = self.drag.holding and self.drag.spec.piece == ("unit", unit) and active
            if player.supply[unit] and not (held and player.supply[unit] == 1):
                surface.blit(img, urect)
            else:
                surface.blit(self._faded(img, 60), urect)
            draw_text(surface, f"x{player.supply[unit]}", (urect.right + px(2), urect.bottom), small, theme.TEXT, "bottomleft")
            if unit in placeable:
                pygame.draw.rect(surface, GREEN, urect.inflate(4, 4), 2, border_radius=4)
        usable = set(self.rules.usable_personal(s)) if mine else set()
        for tile, trect in self.own_tile_rects(seat):
            if self.drag.holding and self.drag.spec.piece == ("own", self.cat.tiles[tile].pattern.code) and active:
                pygame.draw.rect(surface, theme.PANEL_EDGE, trect, 1)
                continue
            surface.blit(self.tile_image(tile, trect.width, 0), trect)
            if tile in usable:
                pygame.draw.rect(surface, GREEN, trect.inflate(4, 4), 2, border_radius=4)

    # ------------------------------------------------------------------ the piece in hand
    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.drag.holding:
            piece = self.drag.spec.piece
            pos = self.drag.pos
            hover = self.drag.hover
            img = self._piece_image(piece, self.camera.cell_px, self.drag.rotation)
            if piece[0] in ("hand", "own") and hover is not None and hover in self.drag.legal_targets():
                ghost = img.copy()
                ghost.set_alpha(150)
                surface.blit(ghost, self.cell_rect(hover))
            rect = img.get_rect(center=(pos[0] - 4, pos[1] - 6))  # lifted off the table
            surface.blit(self._shadow(rect.size), rect.move(8, 10))
            surface.blit(img, rect)
            if piece[0] in ("hand", "own"):
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2, border_radius=3)
            if hover is not None and self.drag.hover_reason and piece[0] in ("hand", "own", "ship"):
                pygame.draw.rect(surface, BAD_EDGE, self.cell_rect(hover), 3, border_radius=4)
        spring = self.drag.spring_pos()
        if spring is not None:
            piece, pos = spring
            img = self._piece_image(piece, self.camera.cell_px, 0)
            surface.blit(img, img.get_rect(center=pos))

    def _faded(self, img: pygame.Surface, alpha: int) -> pygame.Surface:
        """A see-through copy of an image (used pieces, used circles), made once."""
        cache = cache_on(self, "_surfaces", SURFACES_BUDGET)
        key = ("faded", id(img), alpha)
        hit = cache.get(key)
        if hit is None or hit[0] is not img:
            copy = img.copy()
            copy.set_alpha(alpha)
            hit = cache[key] = (img, copy)
        return hit[1]

    def _shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft dark shape under a piece in hand (cached per size)."""
        cache = cache_on(self, "_surfaces", SURFACES_BUDGET)
        surf = cache.get(("shadow", size))
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect(), border_radius=max(2, size[0] // 8))
            cache[("shadow", size)] = surf
        return surf

    def _piece_image(self, piece, size: int, rotation: int) -> pygame.Surface:
        kind = piece[0]
        s = self.s
        if kind == "ship":
            return self.app.assets.image(self.art / "ship.svg", (int(size * 0.7), int(size * 0.7)))
        if kind == "hand":
            tile = s.in_hand if s.in_hand is not None else 0
            return self.tile_image(tile, size, rotation)
        if kind == "own":
            tiles = [tl for tl in s.players[s.current].personal if self.cat.tiles[tl].pattern.code == piece[1]]
            return self.tile_image(tiles[0] if tiles else 0, size, rotation)
        colour = self.match.seats[s.current].colour
        usize = max(12, int(size * 0.5))
        return self.app.assets.image(self.art / f"unit_{piece[1]}_{colour}.svg", (usize, usize))

    # ------------------------------------------------------------------ hover
    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        text = self._hover_text(pos)
        if text:
            hit = self.piece_at(pos)
            if hit is not None:
                island = self.rules.island_at(self.s, *hit)
                if island:
                    for cell in island["cells"]:
                        pygame.draw.rect(surface, theme.HIGHLIGHT, self.cell_rect(cell), 2)
            draw_tooltip(surface, text, pos, font, max_width=self.app.px(380))
