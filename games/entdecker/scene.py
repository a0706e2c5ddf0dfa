"""The Entdecker table: the sea board, the piles, the seats, and every gesture of a turn.

Gestures become actions; the Match (and so the rules) judges every one. This
module draws and translates; it never decides what is legal.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Hashable

import pygame

from engine.core.match import Match
from engine.ui import theme
from engine.ui.drag import DragSpec
from engine.ui.i18n import t
from engine.ui.logpanel import placed_since_last_turn
from engine.ui.game_scene import GameScene
from engine.ui.surface_cache import MB, cache_on
from engine.ui.widgets import Button, WidgetGroup, draw_background, draw_panel, draw_text, draw_tooltip, draw_wrapped
from games.entdecker.rules import (
    Declare,
    DrawTile,
    EndTurn,
    EntdeckerRules,
    PassTurn,
    PlacePersonal,
    PlaceShip,
    PlaceTile,
    PlaceUnit,
    Spin,
    State,
)

UNITS = ("scout", "fort", "settlement")
SEA_DEEP = (18, 52, 86)
FRAME = (92, 64, 38)
GOOD_FILL = (120, 230, 140, 70)
BAD_EDGE = (220, 70, 60)
SPIN_SECONDS = 0.9
NOTICE_SECONDS = 7.0
# Notice panels, faded pieces and hand shadows: a whole game's are under 3 MB even at 4K.
SURFACES_BUDGET = 8 * MB


def turn_point(x: float, y: float, rotation: int) -> tuple[float, float]:
    """A point of a tile (0..1, rotation 0) after turning the tile clockwise `rotation` times."""
    for _ in range(rotation % 4):
        x, y = 1 - y, x
    return x, y


class EntdeckerScene(GameScene):
    """Plays one match of Entdecker with the mouse."""

    toast_seconds = 4.0

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.rules: EntdeckerRules = match.rules
        self.cat = self.rules.cat
        self.art = Path(self.cat.art_dir)
        self.declare_draws = 1
        self.declare_personal = False
        self.spin_anim = 0.0
        self.spin_total = SPIN_SECONDS
        self.spin_from = 0.0
        self.spin_to = 0.0
        self._static: pygame.Surface | None = None
        self._static_for: tuple | None = None
        self._anywhere: tuple[tuple, dict] | None = None
        self._seen_states = len(match.states)
        match.listeners.append(self._on_match_change)
        self.layout()

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        w, h = self.table_size
        px = self.app.px
        self.panel = pygame.Rect(w - max(px(380), int(w * 0.29)), 0, 0, h)
        self.panel.width = w - self.panel.left
        strip_h = px(132)
        self.board_view = pygame.Rect(0, 0, self.panel.left, h - strip_h)
        self.strip = pygame.Rect(0, h - strip_h, self.panel.left, strip_h)
        self.world_w = self.cat.columns + 2
        self.world_h = self.cat.rows + 2
        self.camera.fit(self.board_view.inflate(-px(16), -px(16)), self.world_w, self.world_h)
        self._build_widgets()

    def _build_widgets(self) -> None:
        px = self.app.px
        p = self.panel
        self.widgets = WidgetGroup()
        y = p.bottom - px(54)
        main_w = (p.width - px(48)) // 2
        small_w = (p.width - main_w - px(56)) // 2
        self.btn_main = Button(pygame.Rect(p.left + px(16), y, main_w, px(40)), self.main_label, self.main_click,
                               style="primary", tooltip=self.main_tip)
        ctrl_top = y - px(104)
        self.ctrl = pygame.Rect(p.left + px(12), ctrl_top, p.width - px(24), px(96))
        bw = px(34)
        self.btn_less = Button(pygame.Rect(self.ctrl.left + px(96), self.ctrl.top + px(14), bw, bw), "-",
                               lambda: self._adjust(-1), tooltip=lambda: t("One tile fewer"))
        self.btn_more = Button(pygame.Rect(self.ctrl.left + px(176), self.ctrl.top + px(14), bw, bw), "+",
                               lambda: self._adjust(1), tooltip=lambda: t("One tile more"))
        self.btn_own = Button(pygame.Rect(self.ctrl.left + px(224), self.ctrl.top + px(14), self.ctrl.width - px(236), bw),
                              self._own_label, self._toggle_own,
                              tooltip=lambda: t("For 2 gold you may lay one of your own tiles this turn."))
        spin = self.spinner_rect()
        self.make_table_buttons(log=pygame.Rect(p.left + px(40) + main_w + small_w, y, small_w, px(40)),
                                sheet=pygame.Rect(p.left + px(28) + main_w, y, small_w, px(40)),
                                # On the title's row, clear of the turn prompt under it.
                                rules=pygame.Rect(spin.left - px(46), p.top + px(12), px(34), px(30)),
                                undo=pygame.Rect(spin.left - px(122), p.top + px(12), px(70), px(30)))
        self.widgets.add(self.btn_main, self.btn_sheet, self.btn_log, self.btn_less, self.btn_more, self.btn_own, self.btn_rules,
                         self.btn_undo)
        self._sync_widgets()

    # ------------------------------------------------------------------ state helpers
    @property
    def s(self) -> State:
        return self.match.state

    def _human_turn(self) -> bool:
        return self.human_turn()

    def _seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def _on_match_change(self, match: Match) -> None:
        state = match.state
        if len(match.states) > self._seen_states:
            filled = [n for n in state.notices if n["type"] == "filled"]
            if filled:
                text = (t("1 enclosed gap filled from the reserve.") if len(filled) == 1
                        else t("{n} enclosed gaps filled from the reserve.", n=len(filled)))
                self.notices.add(text, NOTICE_SECONDS, note={"type": "filled", "cells": [n["cell"] for n in filled]})
            for note in state.notices:
                text = self._notice_text(state, note)
                if text:
                    kind = note["type"]
                    event = self._event_icon(note["event"]) if kind == "event" else None
                    self.notices.add(text, NOTICE_SECONDS * (2 if kind == "island" else 1),
                                     "good" if kind == "island" else "plain", note=note, icon=event,
                                     min_height=44 if event else 0)
                if note["type"] == "spin":
                    self.spin_from = self.spin_to
                    sector = self.cat.config["spinner"].index(note["value"])
                    n = len(self.cat.config["spinner"])
                    self.spin_to = math.ceil(self.spin_from) + 2 + (sector + 0.5) / n
                    self.spin_total = self.anim(SPIN_SECONDS)  # the Settings' animation speed; 0 = no spin
                    self.spin_anim = self.spin_total
        self._seen_states = len(match.states)
        if state.phase == "declare":
            gold = state.players[state.current].gold
            self.declare_draws = max(0, min(self.declare_draws or 1, gold, state.face_down_left))
            if self.declare_draws == 0 and not self.declare_personal:
                self.declare_draws = 1
        self._sync_widgets()

    def caused(self, state: State) -> list[str]:
        """What the action that made `state` caused, in words (the log lists it under the action)."""
        lines = []
        filled = sum(1 for n in state.notices if n["type"] == "filled")
        if filled:
            lines.append(t("1 enclosed gap filled from the reserve.") if filled == 1
                         else t("{n} enclosed gaps filled from the reserve.", n=filled))
        return lines + [text for n in state.notices if (text := self._notice_text(state, n))]

    def _notice_text(self, s: State, note: dict) -> str:
        name = lambda x: self._seat_name(x)  # noqa: E731
        kind = note["type"]
        if kind == "spin":
            return t("{who} spun {n}: every seat gains {n} gold (up to 12).", who=name(note["seat"]), n=note["value"])
        if kind == "toll":
            return t("{who} paid {g} gold to the bank to start on {owner}'s unit.", who=name(note["seat"]), g=note["gold"],
                     owner=name(note["owner"]))
        if kind in ("no_fit", "event"):
            return t(note["text"])
        if kind == "island":
            return t(self.rules.describe_island(s, note))
        if kind == "blocked":
            return t("No reserve tile is left for an enclosed gap: it stays closed.")
        if kind == "pass":
            return t("{who} cannot afford a start and passes.", who=name(note["seat"]))
        if kind == "game_over":
            return t("The game is over.")
        return ""

    # ------------------------------------------------------------------ instruction
    def over_words(self) -> str:
        return t("The game is over. Open the score sheet to see how it ended.")

    def turn_words(self, seat: int, who: str) -> str:
        s = self.s
        if s.phase == "spin":
            return t("{who}: spin the income display (click it) to start round {r}.", who=who, r=s.round)
        if s.phase == "start":
            if not self.rules.start_spaces(s):
                return t("{who}: no start space is affordable. Pass.", who=who)
            where = t("a blue circle beside the board") if s.round == 1 else t("a highlighted space")
            return t("{who}: drag the ship to {where}.", who=who, where=where)
        if s.phase == "declare":
            return t("{who}: choose how many tiles to buy (1 gold each) and whether to use an own tile (2 gold).", who=who)
        if s.phase == "place":
            return t("{who}: lay the drawn tile beside the ship. R, right click or the wheel turns it.", who=who)
        parts = []
        if self.rules.can_draw(s):
            parts.append(t("drag a tile from a face-down pile ({n} paid left)", n=s.draws_left))
        if self.rules.usable_personal(s):
            parts.append(t("drag one of your own tiles"))
        if self.rules.unit_options(s):
            parts.append(t("drag a unit onto the new land"))
        if not self.rules._can_explore(s):
            parts.append(t("or end the turn"))
        return f"{who}: " + ", ".join(parts) + "."

    # ------------------------------------------------------------------ buttons
    def main_label(self) -> str:
        phase = self.s.phase
        if phase == "spin":
            return t("Spin")
        if phase == "declare":
            return t("Set sail ({g} gold)", g=self._declare_cost())
        if phase == "start" and not self.rules.start_spaces(self.s):
            return t("Pass")
        if phase == "over":
            return t("Final scores")
        return t("End turn")

    def _main_action(self):
        s = self.s
        if s.phase == "spin":
            return Spin()
        if s.phase == "declare":
            return Declare(self.declare_draws, self.declare_personal)
        if s.phase == "start":
            return PassTurn()
        if s.phase == "explore":
            return EndTurn()
        return None

    def main_tip(self) -> str:
        if self.s.phase == "over":
            return t("Show the final score sheet")
        act = self._main_action()
        if act is None:
            return t("Lay the drawn tile first.")
        if not self._human_turn():
            return t("Wait for the computer seat.")
        return self.match.why_illegal(act) or ""

    def main_click(self) -> None:
        if self.s.phase == "over":
            self.push_final_sheet()
            return
        act = self._main_action()
        if act is not None and self._human_turn():
            self._try(act)

    def _declare_cost(self) -> int:
        cfg = self.cat.config
        return self.declare_draws * cfg["draw_cost"] + (cfg["personal_tile_cost"] if self.declare_personal else 0)

    def _adjust(self, step: int) -> None:
        s = self.s
        gold = s.players[s.current].gold
        self.declare_draws = max(0, min(self.declare_draws + step, gold, s.face_down_left))
        self._sync_widgets()

    def _own_label(self) -> str:
        return t("Own tile: yes") if self.declare_personal else t("Own tile: no")

    def _toggle_own(self) -> None:
        self.declare_personal = not self.declare_personal
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        s = self.s
        human = self._human_turn()
        declaring = s.phase == "declare" and human
        for w in (self.btn_less, self.btn_more, self.btn_own):
            w.visible = declaring
        if declaring:
            player = s.players[s.current]
            self.btn_own.enabled = bool(player.personal)
            self.btn_less.enabled = self.declare_draws > 0
            self.btn_more.enabled = self.declare_draws < min(player.gold, s.face_down_left)
        self.btn_undo.enabled = human and self.match.why_no_undo() is None
        self.btn_sheet.visible = self.show_projected_scores or self.match.finished  # purist mode: final sheet only
        if not self.btn_sheet.visible:
            self.show_sheet = False
        act = self._main_action()
        self.btn_main.enabled = s.phase == "over" or (human and act is not None and self.match.why_illegal(act) is None)


    def on_settings(self, settings) -> None:
        super().on_settings(settings)
        self._sync_widgets()
        self._static_for = None

    # ------------------------------------------------------------------ geometry
    def world_of(self, cell: tuple[int, int]) -> tuple[int, int]:
        return (cell[0] + 1, cell[1] + 1)

    def cell_rect(self, cell: tuple[int, int]) -> pygame.Rect:
        x, y = self.world_of(cell)
        return self.camera.cell_rect(x, y)

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.board_view.collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(pos)
        c, r = math.floor(wx) - 1, math.floor(wy) - 1
        if self.rules.grid.inside((c, r)) or (c, r) in self.rules.circles:
            return (c, r)
        return None

    def piece_at(self, pos) -> tuple[tuple[int, int], int] | None:
        """The land piece of a placed tile under the pointer, by its nearest unit spot."""
        cell = self.cell_at(pos)
        placed = self.s.cells.get(cell) if cell else None
        if placed is None or not placed.pieces:
            return None
        rect = self.cell_rect(cell)
        fx, fy = (pos[0] - rect.left) / rect.width, (pos[1] - rect.top) / rect.height
        pattern = self.cat.tiles[placed.tile].pattern
        best, best_d = None, 1e9
        for i, (sx, sy) in enumerate(pattern.spots):
            x, y = turn_point(sx, sy, placed.rotation)
            d = (x - fx) ** 2 + (y - fy) ** 2
            if d < best_d:
                best, best_d = i, d
        if best_d > 0.16 and pattern.code not in ("P5", "P6"):
            return None  # far from any land: the pointer is over sea
        return cell, best

    def pile_rects(self) -> list[pygame.Rect]:
        px = self.app.px
        size = px(60)
        x = self.strip.left + px(24)
        y = self.strip.top + px(36)
        return [pygame.Rect(x + i * (size + px(12)), y, size, size) for i in range(len(self.s.piles))]

    def hand_rect(self) -> pygame.Rect:
        piles = self.pile_rects()
        return pygame.Rect(piles[-1].right + self.app.px(30), piles[0].top, piles[0].width, piles[0].height)

    def reserve_rects(self) -> list[pygame.Rect]:
        px = self.app.px
        size = px(48)
        start = self.hand_rect().right + px(34)
        y = self.strip.top + px(44)
        end = self.ship_dock().left - px(16)
        gap = max(px(6), min(px(18), (end - start - 6 * size) // 6))
        return [pygame.Rect(start + i * (size + gap), y, size, size) for i in range(6)]

    def seat_rects(self) -> list[pygame.Rect]:
        px = self.app.px
        top = self.panel.top + px(112)
        n = len(self.match.seats)
        avail = self.ctrl.top - px(10) - top
        h = min(px(118), avail // n - px(6))
        return [pygame.Rect(self.panel.left + px(12), top + i * (h + px(6)), self.panel.width - px(24), h) for i in range(n)]

    def own_tile_rects(self, seat: int) -> list[tuple[int, pygame.Rect]]:
        rect = self.seat_rects()[seat]
        px = self.app.px
        size = min(px(34), rect.height - px(60))
        out = []
        for i, tile in enumerate(self.s.players[seat].personal):
            out.append((tile, pygame.Rect(rect.right - px(10) - (4 - i) * (size + px(5)), rect.bottom - size - px(8), size, size)))
        return out

    def unit_rects(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        rect = self.seat_rects()[seat]
        px = self.app.px
        size = min(px(30), rect.height - px(62))
        x = rect.left + px(10)
        out = []
        for unit in UNITS:
            out.append((unit, pygame.Rect(x, rect.bottom - size - px(8), size, size)))
            x += size + px(22)
        return out

    def spinner_rect(self) -> pygame.Rect:
        px = self.app.px
        r = px(34)
        return pygame.Rect(self.panel.right - px(16) - 2 * r, self.panel.top + px(14), 2 * r, 2 * r)

    def ship_dock(self) -> pygame.Rect:
        px = self.app.px
        return pygame.Rect(self.strip.right - px(80), self.strip.top + px(34), px(60), px(60))

    # ------------------------------------------------------------------ drag specs
    def target_at(self, piece, pos) -> Hashable | None:
        kind = piece[0]
        if kind == "unit":
            hit = self.piece_at(pos)
            if hit is not None:
                return hit
            cell = self.cell_at(pos)
            return (cell, None) if cell is not None else None
        return self.cell_at(pos)

    def _spec_for(self, piece, origin) -> DragSpec:
        kind = piece[0]
        s = self.s
        if kind == "ship":
            return DragSpec(piece, origin, lambda c, r: PlaceShip(c[0], c[1]),
                            lambda: list(self.rules.circles) + list(self.s.cells))
        if kind == "hand":
            return DragSpec(piece, origin, lambda c, r: PlaceTile(c[0], c[1], r),
                            lambda: self.rules.free_lines(self.s, self.s.ship) if self.s.ship else [],
                            rotatable=True, auto_orient=True)
        if kind == "own":
            code = piece[1]
            return DragSpec(piece, origin, lambda c, r: PlacePersonal(code, c[0], c[1], r),
                            lambda: self.rules.free_lines(self.s, self.s.ship) if self.s.ship else [],
                            rotatable=True, auto_orient=True)
        if kind == "unit":
            unit = piece[1]

            def act(target, r):
                cell, idx = target
                if cell != self.s.fresh or idx is None:
                    return None
                return PlaceUnit(unit, idx)

            fresh = s.fresh
            pieces = len(s.cells[fresh].pieces) if fresh in s.cells else 0
            return DragSpec(piece, origin, act, lambda: [(fresh, i) for i in range(pieces)])
        raise ValueError(piece)

    def explain(self, piece, target) -> str | None:
        """Why a spot that makes no action at all is refused."""
        if piece[0] == "unit":
            cell, idx = target
            if cell != self.s.fresh:
                return t("Units go on the land of the tile the ship has just reached.")
            if idx is None:
                return t("Units stand on land, not at sea.")
        return None

    # ------------------------------------------------------------------ input
    def pick(self, pos) -> bool:
        """Mouse pressed at pos: pick up whatever the seat to move may use there."""
        s = self.s
        if not self._human_turn():
            return False
        if s.phase == "spin" and self.spinner_rect().collidepoint(pos):
            self._try(Spin())
            return True
        piece, origin = None, None
        if s.phase == "start":
            dock = self.ship_dock()
            if dock.collidepoint(pos):
                piece, origin = ("ship",), dock.center
            else:
                cell = self.cell_at(pos)
                if cell is not None and self.match.why_illegal(PlaceShip(*cell)) is None:
                    self._try(PlaceShip(*cell))  # a click on a highlighted start space works too
                    return True
        elif s.phase == "explore":
            for i, rect in enumerate(self.pile_rects()):
                if rect.collidepoint(pos):
                    if self._try(DrawTile(i)) and self.s.phase == "place":
                        piece, origin = ("hand",), self.hand_rect().center
                    else:
                        return True
            for tile, rect in self.own_tile_rects(s.current):
                if rect.collidepoint(pos) and tile in self.rules.usable_personal(s):
                    piece, origin = ("own", self.cat.tiles[tile].pattern.code), rect.center
            for unit, rect in self.unit_rects(s.current):
                if rect.collidepoint(pos) and any(u.unit == unit for u in self.rules.unit_options(s)):
                    piece, origin = ("unit", unit), rect.center
        elif s.phase == "place" and self.hand_rect().collidepoint(pos):
            piece, origin = ("hand",), self.hand_rect().center
        if piece is None:
            return False
        self.hold(self._spec_for(piece, origin), pos)
        return True

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        super().update(dt)
        self.drag.update(dt)
        if self.spin_anim > 0:
            self.spin_anim = max(0.0, self.spin_anim - dt)
        if self.wants_final_sheet(busy=len(self.notices) > 0):
            self.push_final_sheet()

    # ------------------------------------------------------------------ drawing
    def _static_key(self) -> tuple:
        held = self.drag.spec.piece if self.drag.holding else None
        return (id(self.s), self.app.size, self.camera.cell_px, tuple(self.camera.offset), held,
                self.computer.thinking, self.declare_draws, self.declare_personal, self._human_turn())

    def draw(self, surface: pygame.Surface) -> None:
        # Everything that changes only with the game, the camera or the piece in hand is drawn
        # once into a layer; a frame is that layer plus what moves (highlights, the held piece).
        key = self._static_key()
        if self._static is None or self._static_for != key or self._static.get_size() != surface.get_size():
            if self._static is None or self._static.get_size() != surface.get_size():
                self._static = pygame.Surface(surface.get_size()).convert()
            layer = self._static
            draw_background(layer)
            self._draw_board(layer)
            self._draw_strip(layer)
            self._draw_panel(layer)
            self._static_for = key
        surface.blit(self._static, (0, 0))
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
            rect = self.cell_rect(cell)
            pygame.draw.rect(surface, (70, 60, 52), rect.inflate(-4, -4), border_radius=6)
            pygame.draw.line(surface, (40, 34, 30), rect.topleft, rect.bottomright, 3)
        self._draw_circles(surface, size)
        self._draw_units(surface, size)
        self._draw_ship(surface, size)
        surface.set_clip(clip)

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

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if not self.show_highlights:
            return  # purist mode: the player finds the legal spots; a refused drop still says why
        s = self.s
        size = self.camera.cell_px
        overlay = pygame.Surface((size, size), pygame.SRCALPHA)
        if self.drag.holding:
            piece = self.drag.spec.piece
            legal_now = set(self.drag.legal_targets())
            akey = (id(self.s), piece)
            if self._anywhere is None or self._anywhere[0] != akey:
                self._anywhere = (akey, self.drag.legal_anywhere())
            anywhere = self._anywhere[1]
            for target in anywhere:
                cell = target[0] if piece[0] == "unit" else target
                rect = self.cell_rect(cell)
                if piece[0] == "unit":
                    self._draw_spot_ring(surface, target, (120, 230, 140))
                    continue
                overlay.fill(GOOD_FILL if target in legal_now else (255, 255, 255, 28))
                surface.blit(overlay, rect)
                pygame.draw.rect(surface, (120, 230, 140) if target in legal_now else (200, 220, 200), rect, 3, border_radius=4)
            return
        if not self._human_turn():
            return
        if s.phase == "start":
            for cell in self.rules.start_spaces(s):
                rect = self.cell_rect(cell)
                pulse = 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 250)))
                pygame.draw.rect(surface, (120, 230, 140), rect.inflate(-4, -4), pulse, border_radius=size // 3)
        if s.phase == "explore" and s.fresh is not None and self.rules.unit_options(s):
            for i in range(len(s.cells[s.fresh].pieces)):
                self._draw_spot_ring(surface, (s.fresh, i), theme.HIGHLIGHT)
        if s.phase in ("explore", "place") and s.ship is not None:
            for cell in self.rules.free_lines(s, s.ship):
                pygame.draw.rect(surface, (200, 230, 255), self.cell_rect(cell).inflate(-6, -6), 2, border_radius=6)

    def _draw_spot_ring(self, surface: pygame.Surface, target, colour) -> None:
        cell, idx = target
        placed = self.s.cells[cell]
        sx, sy = self.cat.tiles[placed.tile].pattern.spots[idx]
        x, y = turn_point(sx, sy, placed.rotation)
        rect = self.cell_rect(cell)
        pygame.draw.circle(surface, colour, (rect.left + x * rect.width, rect.top + y * rect.height), rect.width * 0.2, 3)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        font = self.app.font(px(13))
        small = self.app.font(px(12))
        draw_panel(surface, self.strip.inflate(-px(8), -px(8)), radius=px(10))
        draw_text(surface, t("Face-down piles"), (self.strip.left + px(24), self.strip.top + px(14)), font, theme.TEXT_DIM)
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
            if s.phase == "explore" and self._human_turn() and self.show_highlights and self.rules.can_draw(s) and n:
                pygame.draw.rect(surface, (120, 230, 140), rect.inflate(4, 4), 2, border_radius=5)
        hand = self.hand_rect()
        draw_text(surface, t("Drawn"), (hand.centerx, self.strip.top + px(14)), font, theme.TEXT_DIM, "midtop")
        pygame.draw.rect(surface, theme.PANEL_LIGHT, hand, 2, border_radius=6)
        holding_hand = self.drag.holding and self.drag.spec.piece[0] == "hand"
        if s.in_hand is not None and not holding_hand:
            surface.blit(self.tile_image(s.in_hand, hand.width, 0), hand)
        rects = self.reserve_rects()
        draw_text(surface, t("Reserve"), (rects[0].left, self.strip.top + px(14)), font, theme.TEXT_DIM)
        for i, rect in enumerate(rects):
            pile, spare = s.reserve[i], s.overflow[i]
            top = pile[-1] if pile else (spare[-1] if spare else None)
            if top is not None:
                surface.blit(self.tile_image(top, rect.width, 0), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, 2, border_radius=4)
            ball = (rect.right - px(4), rect.top + px(4))
            pygame.draw.circle(surface, theme.BRASS, ball, px(9))
            pygame.draw.circle(surface, theme.BRASS_DARK, ball, px(9), 1)
            draw_text(surface, str(i + 1), ball, small, theme.INK, "center")
            label = str(len(pile)) + (f" +{len(spare)}" if spare else "")
            draw_text(surface, label, (rect.centerx, rect.bottom + px(12)), small, theme.TEXT, "center")
        if s.ship is None:
            dock = self.ship_dock()
            draw_text(surface, t("Ship"), (dock.centerx, self.strip.top + px(14)), font, theme.TEXT_DIM, "midtop")
            if not (self.drag.holding and self.drag.spec.piece[0] == "ship"):
                img = self.app.assets.image(self.art / "ship.svg", (dock.width, dock.height))
                surface.blit(img, dock)
            if s.phase == "start" and self._human_turn() and self.show_highlights:
                pygame.draw.rect(surface, (120, 230, 140), dock.inflate(6, 6), 2, border_radius=8)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        s = self.s
        px = self.app.px
        p = self.panel
        draw_panel(surface, p.inflate(-px(4), -px(4)), radius=px(12))
        title = self.app.font(px(20), bold=True)
        body = self.app.font(px(14))
        small = self.app.font(px(12))
        draw_text(surface, t("Round {r}", r=s.round), (p.left + px(18), p.top + px(14)), title, theme.BRASS)
        draw_wrapped(surface, self.instruction(), pygame.Rect(p.left + px(18), p.top + px(46), p.width - px(110), px(66)),
                     self.app.font(px(13)), theme.TEXT)
        for seat, rect in enumerate(self.seat_rects()):
            self._draw_seat(surface, seat, rect, body, small)
        if s.phase == "declare" and self._human_turn():
            draw_panel(surface, self.ctrl, fill=theme.PANEL_LIGHT, radius=px(8), shadow=False)
            draw_text(surface, t("Tiles"), (self.ctrl.left + px(12), self.ctrl.top + px(22)), body, theme.TEXT)
            draw_text(surface, str(self.declare_draws), (self.ctrl.left + px(153), self.ctrl.top + px(31)),
                      self.app.font(px(20), bold=True), theme.TEXT, "center")
            gold = s.players[s.current].gold
            draw_text(surface, t("Cost {c} of your {g} gold", c=self._declare_cost(), g=gold),
                      (self.ctrl.left + px(12), self.ctrl.top + px(62)), body, theme.TEXT_DIM)

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
            pts = [c] + [(c[0] + r * math.cos(a0 + (a1 - a0) * k / 8), c[1] + r * math.sin(a0 + (a1 - a0) * k / 8)) for k in range(9)]
            pygame.draw.polygon(surface, colours[i % 4], pts)
            am = (a0 + a1) / 2
            draw_text(surface, str(v), (c[0] + r * 0.62 * math.cos(am), c[1] + r * 0.62 * math.sin(am)), small, theme.INK, "center")
        pygame.draw.circle(surface, theme.BRASS_DARK, c, r, 2)
        turns = self.spin_to - (self.spin_to - self.spin_from) * (self.spin_anim / max(self.spin_total, 1e-6)) ** 2
        angle = -math.pi / 2 + 2 * math.pi * turns
        tip = (c[0] + r * 0.9 * math.cos(angle), c[1] + r * 0.9 * math.sin(angle))
        pygame.draw.line(surface, (40, 28, 20), c, tip, 4)
        pygame.draw.circle(surface, (40, 28, 20), c, 5)
        if self.s.phase == "spin" and self._human_turn() and self.show_highlights:
            pulse = 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 200)))
            pygame.draw.circle(surface, (120, 230, 140), c, r + 4, pulse)

    def _draw_seat(self, surface, seat: int, rect: pygame.Rect, body, small) -> None:
        s = self.s
        px = self.app.px
        player = s.players[seat]
        info = self.match.seats[seat]
        active = s.phase != "over" and seat == s.current
        draw_panel(surface, rect, fill=theme.PANEL_LIGHT if active else theme.PANEL, radius=px(8),
                   edge=theme.HIGHLIGHT if active else theme.PANEL_EDGE, width=3 if active else 1, shadow=False)
        badge = pygame.Rect(rect.left + px(10), rect.top + px(10), px(22), px(22))
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
        # gold track 0..12
        cap = self.cat.config["gold_cap"]
        coin = px(14)
        surface.blit(self.app.assets.image(self.art / "icon_gold.svg", (coin, coin)),
                     (rect.left + px(10), badge.bottom + px(8) + px(5) - coin // 2))
        gx, gy = rect.left + px(10) + coin + px(4), badge.bottom + px(8)
        gw = max(px(6), (rect.width - px(208)) // cap)
        for k in range(cap):
            cell = pygame.Rect(gx + k * gw, gy, gw - 2, px(10))
            pygame.draw.rect(surface, theme.BRASS if k < player.gold else (70, 56, 44), cell, border_radius=2)
        draw_text(surface, t("{g} gold", g=player.gold), (gx + cap * gw + px(8), gy + px(5)), small, theme.TEXT, "midleft")
        chips = sum(self.cat.chip_value(c) for c, _ in player.chips)
        chip_text = (t("1 chip ({v})", v=chips) if len(player.chips) == 1
                     else t("{n} chips ({v})", n=len(player.chips), v=chips))
        draw_text(surface, chip_text, (rect.right - px(10), gy + px(5)), small, theme.TEXT_DIM, "midright")
        chip_icon = pygame.Rect(rect.right - px(13) - small.size(chip_text)[0] - coin, gy + px(5) - coin // 2, coin, coin)
        surface.blit(self.app.assets.image(self.art / "icon_chip.svg", chip_icon.size), chip_icon)
        for unit, urect in self.unit_rects(seat):
            img = self.app.assets.image(self.art / f"unit_{unit}_{info.colour}.svg", urect.size)
            held = self.drag.holding and self.drag.spec.piece == ("unit", unit) and active
            if player.supply[unit] and not (held and player.supply[unit] == 1):
                surface.blit(img, urect)
            else:
                surface.blit(self._faded(img, 60), urect)
            draw_text(surface, f"x{player.supply[unit]}", (urect.right + px(2), urect.bottom), small, theme.TEXT, "bottomleft")
            if active and self._human_turn() and self.show_highlights and any(u.unit == unit for u in self.rules.unit_options(s)):
                pygame.draw.rect(surface, (120, 230, 140), urect.inflate(4, 4), 2, border_radius=4)
        usable = set(self.rules.usable_personal(s)) if active else set()
        for tile, trect in self.own_tile_rects(seat):
            if self.drag.holding and self.drag.spec.piece == ("own", self.cat.tiles[tile].pattern.code) and active:
                pygame.draw.rect(surface, theme.PANEL_EDGE, trect, 1)
                continue
            surface.blit(self.tile_image(tile, trect.width, 0), trect)
            if tile in usable and self._human_turn() and self.show_highlights:
                pygame.draw.rect(surface, (120, 230, 140), trect.inflate(4, 4), 2, border_radius=4)

    def _event_icon(self, event: str):
        """The "?" event's picture at a height, for its notice."""
        return lambda height: self.app.assets.image(self.art / f"event_{event}.svg", (height, height))

    def _draw_held(self, surface: pygame.Surface) -> None:
        if self.drag.holding:
            piece = self.drag.spec.piece
            pos = self.drag.pos
            hover = self.drag.hover
            if piece[0] in ("hand", "own") and hover is not None and hover in self.drag.legal_targets():
                rect = self.cell_rect(hover)
                img = self._piece_image(piece, self.camera.cell_px, self.drag.rotation)
                ghost = img.copy()
                ghost.set_alpha(150)
                surface.blit(ghost, rect)
            img = self._piece_image(piece, self.camera.cell_px, self.drag.rotation)
            rect = img.get_rect(center=(pos[0] - 4, pos[1] - 6))  # lifted off the table
            shadow = self._shadow(rect.size)
            surface.blit(shadow, rect.move(8, 10))
            surface.blit(img, rect)
            if piece[0] in ("hand", "own"):
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2, border_radius=3)
            if hover is not None and self.drag.hover_reason:
                if piece[0] in ("hand", "own", "ship"):
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
            tile = tiles[0] if tiles else 0
            return self.tile_image(tile, size, rotation)
        colour = self.match.seats[s.current].colour
        usize = max(12, int(size * 0.5))
        return self.app.assets.image(self.art / f"unit_{piece[1]}_{colour}.svg", (usize, usize))

    def draw_table_hover(self, surface: pygame.Surface, pos, font) -> None:
        text = self._hover_text(pos)
        if text:
            hit = self.piece_at(pos)
            if hit is not None:
                island = self.rules.island_at(self.s, *hit)
                if island:
                    for cell in island["cells"]:
                        pygame.draw.rect(surface, theme.HIGHLIGHT, self.cell_rect(cell), 2)
            draw_tooltip(surface, text, pos, font)

    def _hover_text(self, pos) -> str | None:
        s = self.s
        hit = self.piece_at(pos)
        if hit is not None:
            island = self.rules.island_at(s, *hit)
            if island is not None:
                return self.island_text(island)
        for i, rect in enumerate(self.pile_rects()):
            if rect.collidepoint(pos):
                back = self.rules.top_back(s, i)
                kind = t("a \"?\" tile: its event happens once it is laid") if back == "question" else t("a plain tile")
                return t("Pile {i}: {n} tiles; the top one is {kind}.", i=i + 1, n=len(s.piles[i]), kind=kind) if back else t("Pile {i} is empty.", i=i + 1)
        for i, rect in enumerate(self.reserve_rects()):
            if rect.collidepoint(pos):
                name = self.cat.patterns[f"P{i + 1}"].name
                return t("Reserve {i} ({name}): {n} tiles, {m} spare tiles that did not fit. They fill enclosed gaps.",
                         i=i + 1, name=name, n=len(s.reserve[i]), m=len(s.overflow[i]))
        if self.spinner_rect().collidepoint(pos):
            last = t("last spin: {v}", v=s.income) if s.income else t("not spun yet")
            return t("Income display: every seat gains the spun gold at the start of each round ({last}).", last=last)
        cell = self.cell_at(pos)
        if cell is not None and s.phase == "start" and self._human_turn():
            reason = self.match.why_illegal(PlaceShip(*cell))
            return reason or t("Start here (toll {g} gold).", g=self.rules.toll(s, cell, s.current))
        return None

    def island_text(self, island: dict) -> str:
        names = [self._seat_name(o) + " " + t(u) for _, (o, u, _) in island["units"]]
        state = t("fully discovered") if island["complete"] else t("still open")
        units = ", ".join(names) if names else t("no units")
        value = self.rules.island_value(self.s, island)
        n = len(island["cells"])
        size = t("1 tile") if n == 1 else t("{n} tiles", n=n)
        return t("Island of {size}, {state}: worth {v} (plus a chip when scored with a fort or settlement). Units: {u}.",
                 size=size, state=state, v=value, u=units)

