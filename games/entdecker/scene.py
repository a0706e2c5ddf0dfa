"""The Entdecker table: the sea board, the piles, the seats, and every gesture of a turn.

Gestures become actions; the Match (and so the rules) judges every one. This
module lays the table out and translates the mouse; scene_draw.py draws it.
It never decides what is legal.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Hashable, NamedTuple

import pygame

from engine.core.match import Match
from engine.ui.choices import MainAction
from engine.ui.drag import DragSpec
from engine.ui.game_scene import GameScene
from engine.ui.i18n import t
from engine.ui.widgets import Button, stacked_rects
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
from games.entdecker.scene_draw import EntdeckerDrawing, turn_point

__all__ = ["EntdeckerScene", "turn_point"]

UNITS = ("scout", "fort", "settlement")
SPIN_SECONDS = 0.9
NOTICE_SECONDS = 7.0


class Gone(NamedTuple):
    """A drawn tile that fitted nowhere, shown in the Drawn slot for a while before it goes."""

    tile: int
    event: str | None  # the "?" event it would have brought
    pile: int | None  # the reserve pile it joins as a spare; None: it left the game
    text: str  # the rules' account of it (Words)
    seconds: float


def alternatives(parts: list[str]) -> str:
    """Things the player may do, joined as a sentence says them: "a, b or c"."""
    if len(parts) <= 1:
        return parts[0] if parts else ""
    head = parts[0]
    for part in parts[1:-1]:
        head = t("{a}, {b}", a=head, b=part)
    return t("{a} or {b}", a=head, b=parts[-1])


class EntdeckerScene(EntdeckerDrawing, GameScene):
    """Plays one match of Entdecker with the mouse."""

    toast_seconds = 4.0

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.rules: EntdeckerRules = match.rules
        self.cat = self.rules.cat
        self.art = Path(self.cat.art_dir)
        self.declare_draws = 1
        self.declare_personal = False
        self._declare_for: Hashable = None  # the turn the declaration box was set up for
        self.gone: Gone | None = None
        self.spin_anim = 0.0
        self.spin_total = SPIN_SECONDS
        self.spin_from = 0.0
        self.spin_to = 0.0
        self._anywhere: tuple[tuple, dict] | None = None
        self.layout()
        self._fresh_declaration(match.state)

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        w, h = self.table_size
        px = self.app.px
        self.panel = pygame.Rect(w - max(px(400), int(w * 0.29)), 0, 0, h)
        self.panel.width = w - self.panel.left
        strip_h = px(132)
        self.board_view = pygame.Rect(0, 0, self.panel.left, h - strip_h)
        self.strip = pygame.Rect(0, h - strip_h, self.panel.left, strip_h)
        self.world_w = self.cat.columns + 2
        self.world_h = self.cat.rows + 2
        self.camera.fit(self.board_view.inflate(-px(16), -px(16)), self.world_w, self.world_h)
        p = self.panel
        # The header row: the round on the left, Undo, ?, Scores and Log on the right (as at every table).
        self.header = pygame.Rect(p.left + px(12), p.top + px(6), p.width - px(24), px(36))
        self.btn_row_h = px(30)
        self.main_rect = pygame.Rect(p.left + px(16), p.bottom - px(54), p.width - px(32), px(40))
        self.ctrl = pygame.Rect(p.left + px(12), self.main_rect.top - px(104), p.width - px(24), px(96))
        self._static_for = None
        self._build_widgets()

    def _build_widgets(self) -> None:
        px = self.app.px
        c = self.ctrl
        bw = px(34)
        self.btn_less = Button(pygame.Rect(c.left + px(96), c.top + px(14), bw, bw), "-", lambda: self._adjust(-1),
                               tooltip=lambda: t("One tile fewer"))
        self.btn_more = Button(pygame.Rect(c.left + px(176), c.top + px(14), bw, bw), "+", lambda: self._adjust(1),
                               tooltip=self._more_tip)
        self.btn_own = Button(pygame.Rect(c.left + px(224), c.top + px(14), c.width - px(236), bw), self._own_label,
                              self._toggle_own, tooltip=self._own_tip)
        self.build_table_widgets(self.header, self.btn_row_h, (px(54), px(72), px(32), px(70)), self.main_rect)
        self.widgets.add(self.btn_less, self.btn_more, self.btn_own)
        self._sync_widgets()

    # ------------------------------------------------------------------ state helpers
    @property
    def s(self) -> State:
        """What this screen shows (Entdecker hides nothing a seat holds: the whole table)."""
        return self.visible

    def hint_rects(self, action) -> list[pygame.Rect]:
        """Where the hinted action is made: the spinner, a pile, the space for the ship or a tile, the unit."""
        rects = super().hint_rects(action)
        if isinstance(action, Spin):
            rects.append(self.spinner_rect())
        elif isinstance(action, DrawTile) and 0 <= action.pile < len(self.pile_rects()):
            rects.append(self.pile_rects()[action.pile])
        elif isinstance(action, (PlaceShip, PlaceTile, PlacePersonal)):
            rects.append(self.cell_rect((action.col, action.row)))
            if isinstance(action, PlaceTile):
                rects.append(self.hand_rect())
        elif isinstance(action, PlaceUnit):
            seat = self.match.to_move()
            if seat is not None:
                rects += [rect for unit, rect in self.unit_rects(seat) if unit == action.unit]
            if self.s.ship is not None:
                rects.append(self.cell_rect(self.s.ship))
        return rects

    def on_match_change(self, match: Match) -> None:
        self._fresh_declaration(match.state)
        self._sync_widgets()

    def take_notices(self, state: State) -> None:
        """What the last action caused, as notices over the board (and the spinner's turn, a failed tile's show)."""
        self.gone = None  # the next action: a tile that fitted nowhere before has gone
        filled = [n for n in state.notices if n["type"] == "filled"]
        if filled:
            text = (t("1 enclosed gap filled from the reserve.") if len(filled) == 1
                    else t("{n} enclosed gaps filled from the reserve.", n=len(filled)))
            self.notices.add(text, NOTICE_SECONDS, note={"type": "filled", "cells": [n["cell"] for n in filled]})
        for note in state.notices:
            text = self._notice_text(state, note)
            kind = note["type"]
            if text:
                icon = None
                if kind == "event":
                    icon = self._event_icon(note["event"])
                elif kind == "no_fit":
                    icon = self._tile_icon(note["tile"])
                self.notices.add(text, NOTICE_SECONDS * (2 if kind == "island" else 1),
                                 "good" if kind == "island" else "plain", note=note, icon=icon,
                                 min_height=44 if icon else 0)
            if kind == "no_fit":
                self.gone = Gone(note["tile"], note["event"], note["pile"], note["text"], NOTICE_SECONDS)
            if kind == "spin":
                self.spin_from = self.spin_to
                sector = self.cat.config["spinner"].index(note["value"])
                n = len(self.cat.config["spinner"])
                self.spin_to = math.ceil(self.spin_from) + 2 + (sector + 0.5) / n
                self.spin_total = self.anim(SPIN_SECONDS)  # the Settings' animation speed; 0 = no spin
                self.spin_anim = self.spin_total

    def caused(self, state: State, action=None) -> list[str]:
        """What the action that made `state` caused, in words (the log lists it under the action)."""
        lines = []
        filled = sum(1 for n in state.notices if n["type"] == "filled")
        if filled:
            lines.append(t("1 enclosed gap filled from the reserve.") if filled == 1
                         else t("{n} enclosed gaps filled from the reserve.", n=filled))
        return lines + [text for n in state.notices if (text := self._notice_text(state, n))]

    def _notice_text(self, s: State, note: dict) -> str:
        name = self.seat_name
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
            return t("No reserve {shape} tile is left for an enclosed gap: it is blocked and counts as discovered.",
                     shape=t(self.cat.patterns[note["pattern"]].name))
        if kind == "waiting":
            shape = note["pattern"]
            return t("No reserve {shape} tile is left for an enclosed gap: it stays undiscovered for now.",
                     shape=t(self.cat.patterns[shape].name) if shape else t("fitting"))
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
        if self.match.find("end_turn") is not None:
            parts.append(t("end the turn"))
        return t("{who}: {what}.", who=who, what=alternatives(parts))

    # ------------------------------------------------------------------ the main button
    def main_action(self) -> MainAction | None:
        s = self.match.state
        if s.phase == "over":
            return MainAction(t("Final scores"), self.push_final_sheet, t("Show the final score sheet"))
        if s.phase == "spin":
            return MainAction(t("Spin"), Spin(), t("Spin the income display: every seat gains the gold it shows"))
        if s.phase == "declare":
            cost = self._declare_cost()
            return MainAction(t("Set sail ({g} gold)", g=cost), Declare(self.declare_draws, self.declare_personal),
                              t("Pay {g} gold and set out to explore", g=cost))
        if s.phase == "start" and not self.rules.start_spaces(s):
            return MainAction(t("Pass"), PassTurn(), t("No start space is affordable: the turn passes"))
        if s.phase == "explore":
            return MainAction(t("End turn"), EndTurn(), t("Finish the turn without placing a unit"))
        return None

    def idle_label(self) -> str:
        return t("End turn")

    # ------------------------------------------------------------------ the declaration box
    def _fresh_declaration(self, state: State) -> None:
        """Each turn's declaration starts anew: one tile, no own tile."""
        turn = self.rules.turn_id(state)
        if state.phase == "declare" and self._declare_for != turn:
            self._declare_for = turn
            self.declare_draws, self.declare_personal = 1, False
            self._sync_widgets()

    def _declare_cost(self) -> int:
        cfg = self.cat.config
        return self.declare_draws * cfg["draw_cost"] + (cfg["personal_tile_cost"] if self.declare_personal else 0)

    def _can_declare(self, draws: int, personal: bool) -> bool:
        return draws >= 0 and self.match.find("declare", draws=draws, personal=personal) is not None

    def _adjust(self, step: int) -> None:
        if self._can_declare(self.declare_draws + step, self.declare_personal):
            self.declare_draws += step
        self._sync_widgets()

    def _more_tip(self) -> str:
        if self.btn_more.enabled:
            return t("One tile more")
        return t("No more: each tile costs 1 gold, an own tile 2, and only {n} face-down tiles are left.",
                 n=self.s.face_down_left)

    def _own_label(self) -> str:
        return t("Own tile: yes") if self.declare_personal else t("Own tile: no")

    def _own_tip(self) -> str:
        if not self.s.players[self.s.current].personal:
            return t("You have laid all your own tiles.")
        return t("For 2 gold you may lay one of your own tiles this turn.")

    def _toggle_own(self) -> None:
        want = not self.declare_personal
        if want:  # the own tile's 2 gold first: as many draws as are still paid for
            draws = self.declare_draws
            while draws > 0 and not self._can_declare(draws, True):
                draws -= 1
            if not self._can_declare(draws, True):
                return
            self.declare_draws = draws
        elif self.declare_draws == 0:
            self.declare_draws = 1
        self.declare_personal = want
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if not hasattr(self, "btn_own"):
            return  # still being built
        s = self.s
        declaring = s.phase == "declare" and self.may_choose()
        for w in (self.btn_less, self.btn_more, self.btn_own):
            w.visible = declaring
        if declaring:
            self.btn_own.enabled = self.declare_personal or self._can_declare(0, True) or self._can_declare(1, True)
            self.btn_less.enabled = self._can_declare(self.declare_draws - 1, self.declare_personal)
            self.btn_more.enabled = self._can_declare(self.declare_draws + 1, self.declare_personal)
        self.sync_table_widgets()

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
        size = px(56)
        x = self.strip.left + px(24)
        y = self.strip.top + px(36)
        return [pygame.Rect(x + i * (size + px(10)), y, size, size) for i in range(len(self.s.piles))]

    def hand_rect(self) -> pygame.Rect:
        piles = self.pile_rects()
        return pygame.Rect(piles[-1].right + self.app.px(28), piles[0].top, piles[0].width, piles[0].height)

    def reserve_rects(self) -> list[pygame.Rect]:
        px = self.app.px
        size = px(48)
        start = self.hand_rect().right + px(32)
        y = self.strip.top + px(40)
        end = self.ship_dock().left - px(16)
        gap = max(px(4), min(px(18), (end - start - 6 * size) // 6))
        return [pygame.Rect(start + i * (size + gap), y, size, size) for i in range(6)]

    def seat_rects(self) -> list[pygame.Rect]:
        px = self.app.px
        top = self.panel.top + px(126)
        area = pygame.Rect(self.panel.left + px(12), top, self.panel.width - px(24), self.ctrl.top - px(10) - top)
        return stacked_rects(area, len(self.match.seats), px(6), px(124))

    def unit_rects(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        rect = self.seat_rects()[seat]
        px = self.app.px
        size = min(px(30), rect.height - px(62))
        x = rect.left + px(10)
        out = []
        for unit in UNITS:
            out.append((unit, pygame.Rect(x, rect.bottom - size - px(8), size, size)))
            x += size + px(20)
        return out

    def own_tile_rects(self, seat: int) -> list[tuple[int, pygame.Rect]]:
        """The seat's own tiles at the right of its panel, as large as the room beside its units allows."""
        rect = self.seat_rects()[seat]
        px = self.app.px
        gap = px(5)
        units_end = self.unit_rects(seat)[-1][1].right + px(30)  # room for the last unit's count
        room = (rect.right - px(10) - units_end - 3 * gap) // 4
        size = max(px(16), min(px(50), rect.height - px(59), room))  # clear of the gold row above
        out = []
        for i, tile in enumerate(self.s.players[seat].personal):
            out.append((tile, pygame.Rect(rect.right - px(10) - (4 - i) * (size + gap) + gap, rect.bottom - size - px(7),
                                          size, size)))
        return out

    def spinner_rect(self) -> pygame.Rect:
        px = self.app.px
        r = px(34)
        return pygame.Rect(self.panel.right - px(16) - 2 * r, self.panel.top + px(50), 2 * r, 2 * r)

    def instruction_rect(self) -> pygame.Rect:
        px = self.app.px
        left = self.panel.left + px(18)
        return pygame.Rect(left, self.panel.top + px(50), self.spinner_rect().left - px(12) - left, px(70))

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
        if not self.may_choose():
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
                ship = self.match.find("place_ship", col=cell[0], row=cell[1]) if cell is not None else None
                if ship is not None:
                    self._try(ship)  # a click on a highlighted start space works too
                    return True
        elif s.phase == "explore":
            for i, rect in enumerate(self.pile_rects()):
                if rect.collidepoint(pos):
                    if self._try(DrawTile(i)) and self.s.phase == "place":
                        piece, origin = ("hand",), self.hand_rect().center
                    else:
                        return True
            usable = self.rules.usable_personal(s)
            for tile, rect in self.own_tile_rects(s.current):
                if rect.collidepoint(pos) and tile in usable:
                    piece, origin = ("own", self.cat.tiles[tile].pattern.code), rect.center
            for unit, rect in self.unit_rects(s.current):
                if rect.collidepoint(pos) and self.match.find("place_unit", unit=unit) is not None:
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
        if self.gone is not None:
            left = self.gone.seconds - dt
            self.gone = self.gone._replace(seconds=left) if left > 0 else None
        if self.wants_final_sheet(busy=len(self.notices) > 0):
            self.push_final_sheet()

    # ------------------------------------------------------------------ words under the pointer
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
                if not back:
                    return t("Pile {i} is empty.", i=i + 1)
                kind = t("a \"?\" tile: its event happens once it is laid") if back == "question" else t("a plain tile")
                return t("Pile {i}: {n} tiles; the top one is {kind}.", i=i + 1, n=len(s.piles[i]), kind=kind)
        if self.hand_rect().collidepoint(pos):
            return self.hand_words()
        for i, rect in enumerate(self.reserve_rects()):
            if rect.collidepoint(pos):
                name = t(self.cat.patterns[f"P{i + 1}"].name)
                return t("Reserve {i} ({name}): {n} tiles, {m} spare tiles that did not fit. They fill enclosed gaps.",
                         i=i + 1, name=name, n=len(s.reserve[i]), m=len(s.overflow[i]))
        if self.spinner_rect().collidepoint(pos):
            last = t("last spin: {v}", v=s.income) if s.income else t("not spun yet")
            return t("Income display: every seat gains the spun gold at the start of each round ({last}).", last=last)
        cell = self.cell_at(pos)
        if cell is None:
            return None
        gap = self.gap_words(cell)
        if gap:
            return gap
        if s.phase == "start" and self.may_choose():
            reason = self.match.why_illegal(PlaceShip(*cell))
            if reason:
                return t(reason)
            toll = self.rules.toll(s, cell, s.current)
            return t("Start here (toll {g} gold).", g=toll) if toll else t("Start here: no toll.")
        return None

    def hand_words(self) -> str:
        """What the Drawn slot holds: the tile in hand, or a tile that fitted nowhere on its way out."""
        if self.gone is not None:
            return t(self.gone.text)
        if self.s.in_hand is not None:
            return t("The drawn tile: lay it beside the ship.")
        return t("Drawn: the tile you turn up from a pile lands here until you lay it.")

    def gap_words(self, cell: tuple[int, int]) -> str | None:
        """A blocked gap, a gap waiting for a tile, or a space enclosed now, said when hovered."""
        s = self.s
        code = self.rules.gap_pattern(s, cell) if self.rules.grid.inside(cell) else None
        shape = t(self.cat.patterns[code].name) if code else t("fitting")
        if cell in s.blocked:
            return t("Blocked gap: it calls for a {shape} tile, and reserve pile {n} and its spares had none left. "
                     "It counts as discovered: no white line leads into it, and it closes the islands beside it "
                     "without adding to their size (this edition's ruling; a setup option leaves such gaps undiscovered).",
                     shape=shape, n=int(code[1:]) if code else "?")
        if cell in s.waiting:
            return t("Enclosed gap: no reserve {shape} tile is left for it, so it stays undiscovered (a setup option). "
                     "A spare tile of its shape fills it at the end of a turn, or a drawn tile that fits it.", shape=shape)
        if self.rules.empty(s, cell) and code is not None and all(
                self.rules.required_edge(s, cell, d) is not None for d in range(4)):
            n = int(code[1:])
            left = len(s.reserve[n - 1]) + len(s.overflow[n - 1])
            return t("Enclosed gap: at the end of the turn it is filled with a {shape} tile from reserve pile {n} "
                     "({k} left there).", shape=shape, n=n, k=left)
        return None

    def island_text(self, island: dict) -> str:
        names = [self.seat_name(o) + " " + t(self.rules.unit_name(u)) for _, (o, u, _) in island["units"]]
        units = ", ".join(names) if names else t("no units")
        value = self.rules.island_value(self.s, island)
        n = len(island["cells"])
        size = t("1 tile") if n == 1 else t("{n} tiles", n=n)
        if not island["complete"]:
            state = t("still open")
        elif island["blocked"]:
            k = len(island["blocked"])
            state = (t("fully discovered, closed by 1 blocked gap") if k == 1
                     else t("fully discovered, closed by {k} blocked gaps", k=k))
        else:
            state = t("fully discovered")
        return t("Island of {size}, {state}: worth {v} (plus a chip when scored with a fort or settlement). Units: {u}.",
                 size=size, state=state, v=value, u=units)
