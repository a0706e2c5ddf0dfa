"""The Realm of Sand table: every seat's board, the market, the ring of rune tiles with the queen, the central
supply, and every gesture of a turn.

Gestures become actions; the Match (and so the rules) judges every one. This module lays the table out and
translates the mouse; scene_layout.py says where everything lies, scene_draw.py draws the boards and the piece in hand, scene_panels.py the market, the
ring, the supply and the seats' panels, scene_words.py says everything in words (instructions, buttons,
notices, tooltips) and scene_art.py makes the pictures. Everything drawn comes from `self.visible` (the view
of the seat holding the screen), so of another seat's hand only the tiles it took from the ring in sight of all
show while someone else holds the screen (those dealt to it stay backs).

The board shown large is the holder's (a click on another seat's small board shows that one large until a
click on the holder's own). Pieces in hand: ("tile", tile) from the hand, onto an anchor (x, y) of the board
(R or the wheel turns it, F flips it) or, with the blue power, onto ("ring", tile); ("disc", colour) from
the seat's supply and ("board_disc", (x, y)) from the board, onto a cell or, with the yellow power, onto
("supply", colour) of the central supply; ("square", (x, y)) with the green power, onto an empty cell.
"""
from __future__ import annotations

import math
from typing import Any, Hashable

import pygame

from engine.core.match import Match
from engine.core.orientation import Orientation
from engine.ui.drag import DragSpec
from engine.ui.game_scene import GameScene
from engine.ui.surface_cache import MB, SurfaceCache
from games.realm_of_sand.rules import (
    EMPTY, HIDDEN, ChooseStartDisc, Claim, ExchangeDisc, KeepCard, MoveDisc, MoveSquare, PlaceDisc, PlaceTile,
    RealmOfSandRules, Reserve, SwapTile, TakeTile, Unlock,
)
from games.realm_of_sand.scene_art import RealmArt, default_art_dir
from games.realm_of_sand.scene_draw import RealmDrawing
from games.realm_of_sand.scene_layout import Cell, RealmLayout
from games.realm_of_sand.scene_panels import RealmPanels
from games.realm_of_sand.scene_words import RealmWords

TABLE_CACHE_BUDGET = 4 * MB  # per state: the rules' answers the frame asks again and again
NOTICE_SECONDS = 6.0
FRESH_SECONDS = 2.0  # how long the cells a computer seat just changed glow (scaled by the animation speed)
FREE = ("before", "after")


class RealmOfSandScene(RealmWords, RealmPanels, RealmDrawing, RealmLayout, GameScene):
    """Plays one match of Realm of Sand with the mouse."""

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.rules: RealmOfSandRules = match.rules
        self.cat = self.rules.cat
        self.art = RealmArt(app.assets, default_art_dir(), app.font)
        self.focus: int | None = None  # a seat whose board is shown large instead of the holder's
        self.claiming: int | None = None  # a card clicked whose pattern lies on the board several ways
        self.hover_choice: Any = None
        self._cache: SurfaceCache[Any, Any] = SurfaceCache(TABLE_CACHE_BUDGET, "realm of sand table")
        self.fresh: dict[int, tuple[frozenset[int], float]] = {}  # seat: cells a computer just changed, seconds left
        self._boards: list[tuple] | None = self._snapshot()
        self.layout()

    # ------------------------------------------------------------------ who is shown
    @property
    def s(self):
        """What this screen may show: the holder's view of the game."""
        return self.visible

    def shown_seat(self) -> int:
        """The seat whose board is large: the focus, else the holder, else the seat to move."""
        if self.focus is not None and self.focus < len(self.match.seats):
            return self.focus
        if self.holder is not None:
            return self.holder
        cur = self.match.state.current
        return cur if 0 <= cur < len(self.match.seats) else 0

    def small_seats(self) -> list[int]:
        big = self.shown_seat()
        return [i for i in range(len(self.match.seats)) if i != big]

    def my_turn(self) -> bool:
        """A human seat is to move and it holds the screen (its board is the one it plays on)."""
        if not self.human_turn():
            return False
        seat = self.match.to_move()
        return seat == self.holder or (self.holder is None and not self.private)

    def acting(self) -> bool:
        """The seat to move may play on the large board now (its own, shown large)."""
        return self.my_turn() and self.shown_seat() == self.match.to_move()

    # ------------------------------------------------------------------ rules answers, per state
    def _asked(self, name: str, make) -> Any:
        key = (name, self.match.version, self.holder)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = make()
        return hit

    def legal(self) -> list:
        return self._asked("legal", lambda: self.rules.legal_actions(self.match.state) if self.my_turn() else [])

    def powers(self) -> list[str]:
        return self._asked("powers", lambda: self.rules.powers_now(self.s) if self.my_turn() else [])

    def embeddings_of(self, card: int) -> list[tuple[Cell, ...]]:
        seat = self.holder if self.holder is not None else self.shown_seat()
        key = ("emb", self.match.version, seat, card)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self.rules.embeddings(self.s, card, seat)
        return hit

    def anchors_for(self, tile: int, lie: Orientation) -> dict[Cell, tuple[Cell, ...]]:
        key = ("anchors", self.match.version, tile, lie)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self.rules.anchors(self.s, tile, lie) if self.acting() else {}
        return hit

    # ------------------------------------------------------------------ state changes
    def take_notices(self, state) -> None:
        for note in state.notices:
            if self.notice_shown(note):
                self.notices.add(lambda note=note: self.notice_text(note), NOTICE_SECONDS, self.notice_style(note),
                                 note=note)

    def on_match_change(self, match: Match) -> None:
        self._mark_fresh(match)
        self._cache.clear()
        self.claiming = None
        if self.focus is not None and self.my_turn():
            self.focus = None  # the seat to move plays on its own board
        self._sync_widgets()

    def _mark_fresh(self, match: Match) -> None:
        """The cells a computer seat's action just changed glow for a moment on whichever board shows them, so
        its turn can be followed piece by piece (the pieces themselves appear at once)."""
        before, self._boards = self._boards, self._snapshot()
        boards = self._boards
        if boards is None:
            return
        entry = match.log[-1] if match.log else None
        if before is None or entry is None or entry.seat is None or not match.seats[entry.seat].is_computer:
            return
        for seat, (old, new) in enumerate(zip(before, boards)):
            changed = frozenset(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
            if changed:
                self.fresh[seat] = (changed, self.anim(FRESH_SECONDS))

    def _snapshot(self) -> list[tuple] | None:
        """Every board's cells as the screen may show them (None before anyone holds a private screen)."""
        try:
            return [p.cells for p in self.s.players]
        except RuntimeError:  # nothing private may be read before a seat has taken the screen
            return None

    def take_screen(self, seat: int) -> None:
        super().take_screen(seat)
        self._boards = self._snapshot()
        self.focus = None
        self.claiming = None
        self._static_for = None
        self._cache.clear()
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if not hasattr(self, "btn_main"):
            return
        self.sync_table_widgets()
        px = self.app.px
        a = self.action_area
        self.widen_main(self.app.font(px(13)), a.left + px(100))  # a longer language's label said whole
        self.lay_choice_rows(a, (50, 82), 28, 6, 42, self.app.font(px(12)))

    # ------------------------------------------------------------------ drag specs
    def target_at(self, piece, pos) -> Hashable | None:
        kind = piece[0]
        if kind == "tile":
            spec = self.drag.spec
            lie = spec.turn if spec is not None and isinstance(spec.turn, Orientation) else Orientation()
            for tile, rect in self.ring_spots():
                if tile >= 0 and rect.collidepoint(pos):
                    return ("ring", tile)
            return self.anchor_at(piece[1], lie, pos)
        if kind in ("disc", "board_disc"):
            for what, colour, rect in self.supply_rects():
                if what == "disc" and rect.inflate(self.app.px(8), self.app.px(8)).collidepoint(pos):
                    return ("supply", colour)
        return self.cell_at(pos)

    def _tile_action(self, tile: int, target, lie: Orientation):
        if isinstance(target, tuple) and target and target[0] == "ring":
            return SwapTile(tile, target[1])
        if isinstance(target, tuple) and len(target) == 2 and all(isinstance(v, int) for v in target):
            return PlaceTile(tile, lie.turns, lie.flipped, target[0], target[1])
        return None

    def _tile_candidates(self, spec: DragSpec) -> list:
        tile = spec.piece[1]
        out: list = []
        if self.match.state.phase == "before":
            out += list(self.anchors_for(tile, spec.turn))
        if any(isinstance(a, SwapTile) and a.tile == tile for a in self.legal()):
            out += [("ring", r) for r in self.s.ring]
        return out

    def _spec_for(self, piece, origin) -> DragSpec:
        kind = piece[0]
        if kind == "tile":
            tile = piece[1]
            spec = DragSpec(piece, origin, lambda target, lie: self._tile_action(tile, target, lie), lambda: [],
                            rotatable=True, sides=4, flippable=True, auto_orient=True)
            spec.candidates = lambda: self._tile_candidates(spec)
            return spec
        if kind == "disc":
            colour = piece[1]

            def place(target, _turn):
                if isinstance(target, tuple) and target and target[0] == "supply":
                    return ExchangeDisc(colour, target[1])
                return PlaceDisc(colour, target[0], target[1])
            return DragSpec(piece, origin, place, lambda: self._disc_candidates(piece))
        if kind == "board_disc":
            fx, fy = piece[1]

            def move(target, _turn):
                if isinstance(target, tuple) and target and target[0] == "supply":
                    give = self.s.players[self.match.state.current].cells[fy * self.cat.width + fx].upper()
                    return ExchangeDisc(give, target[1], fx, fy)
                return MoveDisc(fx, fy, target[0], target[1])
            return DragSpec(piece, origin, move, lambda: self._disc_candidates(piece))
        if kind == "square":
            fx, fy = piece[1]
            return DragSpec(piece, origin, lambda target, _turn: MoveSquare(fx, fy, target[0], target[1])
                            if isinstance(target[0], int) else None, lambda: self._square_candidates(piece))
        raise ValueError(piece)

    def _disc_candidates(self, piece) -> list:
        moves = self._asked("disc_moves", lambda: self.rules.disc_moves(self.s) if self.acting() else {})
        key = piece[1]
        out: list = list(moves.get(key, []))
        legal = self.legal()
        if piece[0] == "disc":
            out += [("supply", a.take) for a in legal if isinstance(a, ExchangeDisc) and a.give == key and a.x == -1]
        else:
            out += [("supply", a.take) for a in legal if isinstance(a, ExchangeDisc) and (a.x, a.y) == key]
        return out

    def _square_candidates(self, piece) -> list:
        fx, fy = piece[1]
        return [(a.x, a.y) for a in self.legal() if isinstance(a, MoveSquare) and (a.from_x, a.from_y) == (fx, fy)]

    def explain(self, piece, target) -> str | None:
        return None  # every target makes an action: the rules say why one is refused

    def on_release(self, piece, target) -> bool:
        return False

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        self.hover_choice = self.hovered_choice()

    def game_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.claiming is not None:
            self.cancel_claim()
            return True
        return False

    def cancel_claim(self) -> None:
        self.claiming = None
        self._static_for = None
        self._sync_widgets()

    def pick(self, pos) -> bool:
        """A left press on the table: a small board to look at, else what the seat to move may do there."""
        for seat, panel, _board, _cs in self.small_rects():
            if panel.collidepoint(pos):
                self.focus = None if seat == self.holder else seat
                self._static_for = None
                return True
        if not self.my_turn():
            return False
        if self.claiming is not None:
            return self._pick_embedding(pos)
        phase = self.match.state.phase
        if phase == "take":
            return self._click_take(pos)
        if phase == "reserve":
            return self._click_keep(pos)
        if phase == "start":
            return self._click_start_disc(pos)
        if self.shown_seat() != self.match.to_move():
            return False
        if phase == "unlock":
            cell = self.cell_at(pos)
            return self._try(Unlock(*cell)) if cell is not None else False
        return self._pick_piece(pos) or self._click_card(pos) or self._click_power(pos)

    def _pick_piece(self, pos) -> bool:
        s = self.s
        seat = self.match.to_move()
        for tile, rect in self.hand_rects():
            if tile >= 0 and rect.collidepoint(pos):
                if s.phase != "before" and not any(isinstance(a, SwapTile) and a.tile == tile for a in self.legal()):
                    self.refused(self.rules.why_illegal(self.match.state, PlaceTile(tile, 0, False, 0, 0))
                                 or self.rules.phase_reason(self.match.state))
                    return True
                self.hold(self._spec_for(("tile", tile), rect.center), pos)
                self._static_for = None
                return True
        p = s.players[seat]
        for colour, rect in self.disc_rects():
            if rect.collidepoint(pos) and p.discs.get(colour, 0) > 0:
                piece = ("disc", colour)
                if not self._disc_candidates(piece):
                    self.refused(self.rules.why_illegal(self.match.state, PlaceDisc(colour, 0, 0))
                                 or self.rules.phase_reason(self.match.state))
                    return True
                self.hold(self._spec_for(piece, rect.center), pos)
                self._static_for = None
                return True
        cell = self.cell_at(pos)
        if cell is None:
            return False
        entry = p.cells[cell[1] * self.cat.width + cell[0]]
        if entry and entry.islower():
            piece = ("board_disc", cell)
            if not self._disc_candidates(piece):
                self.refused(self.rules.why_illegal(self.match.state, MoveDisc(cell[0], cell[1], cell[0], cell[1]))
                             or self.rules.phase_reason(self.match.state))
                return True
            self.hold(self._spec_for(piece, self.cell_rect(cell).center), pos)
            self._static_for = None
            return True
        if entry and entry.isupper() and "move_square" in self.powers():
            piece = ("square", cell)
            if self._square_candidates(piece):
                self.hold(self._spec_for(piece, self.cell_rect(cell).center), pos)
                self._static_for = None
                return True
        return False

    def _click_take(self, pos) -> bool:
        for tile, rect in self.offer_rects() + [(t, r) for t, r in self.ring_spots()[1:3]]:
            if rect.collidepoint(pos):
                return self._try(TakeTile(tile))
        for tile, rect in self.ring_spots()[3:]:
            if rect.collidepoint(pos):
                self.refused(self.rules.why_illegal(self.match.state, TakeTile(tile)) or "")
                return True
        return False

    def _click_keep(self, pos) -> bool:
        for card, rect in self.drawn_rects():
            if rect.collidepoint(pos) and card != HIDDEN:
                return self._try(KeepCard(card))
        return False

    def _click_start_disc(self, pos) -> bool:
        for what, colour, rect in self.supply_rects():
            if what == "disc" and rect.collidepoint(pos):
                return self._try(ChooseStartDisc(colour))
        return False

    def card_at(self, pos) -> tuple[int, str] | None:
        """The face-up card under the pointer: (card, 'market' | 'reserve' | 'drawn' | 'claimed')."""
        drawn = self.drawn_rects()
        for card, rect in drawn:
            if card != HIDDEN and rect.collidepoint(pos):
                return card, "drawn"
        if drawn and self.market_rect.collidepoint(pos):
            return None  # the drawn cards' panel lies over the market
        for _level, _k, card, rect in self.slot_rects():
            if card != EMPTY and rect.collidepoint(pos):
                return card, "market"
        for card, rect, where in self.chip_rects():
            if card != HIDDEN and rect.collidepoint(pos):
                return card, where
        return None

    def _click_card(self, pos) -> bool:
        hit = self.card_at(pos)
        if hit is None or hit[1] not in ("market", "reserve"):
            for level in (1, 2, 3):
                if self.deck_rect(level).collidepoint(pos) and Reserve(level) in self.legal():
                    return self._try(Reserve(level))
            return False
        card = hit[0]
        if self.match.state.phase not in FREE:
            self.refused(self.rules.why_illegal(self.match.state, Claim(card, ())) or "")
            return True
        ways = self.embeddings_of(card)
        if not ways:
            self.refused(self.no_pattern_words(card))
            return True
        if len(ways) == 1:
            return self._try(Claim(card, ways[0]))
        self.claiming = card
        self._static_for = None
        self._sync_widgets()
        return True

    def embedding_at(self, pos) -> tuple[Cell, ...] | None:
        """While a claim waits for its embedding: the one under the pointer (the nearest of those on its cell)."""
        if self.claiming is None:
            return None
        cell = self.cell_at(pos)
        if cell is None:
            return None
        ways = [w for w in self.embeddings_of(self.claiming) if cell in w]
        if not ways:
            return None

        def distance(way) -> float:
            cx = sum(self.cell_rect(c).centerx for c in way) / len(way)
            cy = sum(self.cell_rect(c).centery for c in way) / len(way)
            return math.dist((cx, cy), pos)
        return min(ways, key=distance)

    def _pick_embedding(self, pos) -> bool:
        way = self.embedding_at(pos)
        if way is None:
            hit = self.card_at(pos)
            if hit is not None and hit[0] != self.claiming:
                self.claiming = None
                return self._click_card(pos)
            self.cancel_claim()
            return True
        card = self.claiming
        self.claiming = None
        return self._try(Claim(card, way))

    def _click_power(self, pos) -> bool:
        if not self.crystal_rect().collidepoint(pos):
            return False
        simple = [a for a in self.legal() if a.kind in ("all_discs", "gain_level")]
        if simple:
            return self._try(simple[0])
        return False

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        super().update(dt)
        self.fresh = {seat: (cells, left - dt) for seat, (cells, left) in self.fresh.items() if left > dt}
        self.drag.update(dt)
        if self.wants_final_sheet():
            self.push_final_sheet()
