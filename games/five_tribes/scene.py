"""The Five Tribes table: the Sultanate, the tracks, the rows of cards and Djinns, the seats, every gesture.

Gestures become actions; the Match (and so the rules) judges every one. This module lays out
the screen and keeps track of what changes; scene_input.py turns the mouse into actions,
scene_choices.py makes the buttons, scene_draw.py draws the frame and the Sultanate,
scene_panels.py the column and the seats, scene_hover.py the tooltips and cards under the pointer,
scene_art.py makes the pictures, scene_words.py says what happens and scene_sheet.py is the final
score sheet. Everything drawn comes from `self.visible` (the view of
the seat holding the screen): gold and Whim cards in another seat's hand never show.

The move is the game's heart: press on a lit tile to pick up its meeples (PickUp), then drag
them into the next tile and the next; each tile entered receives one meeple of the chosen
colour (Drop). Chips or the wheel choose the colour. A click on a marked end tile finishes the
move the most direct way (rules.shortest_completion).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from engine.core.match import Match
from engine.ui.game_scene import GameScene
from engine.ui.table_notices import NoticeBoard
from engine.ui.widgets import stacked_rects
from engine.core.words import N_
from games.five_tribes.rules import FiveTribesRules
from games.five_tribes.rules_state import TRIBES, Bid, Kill
from games.five_tribes.scene_art import FiveTribesArt, card_size, track_spot
from games.five_tribes.scene_choices import FiveTribesChoices
from games.five_tribes.scene_draw import FiveTribesDrawing
from games.five_tribes.scene_hover import FiveTribesHover
from games.five_tribes.scene_input import FiveTribesInput
from games.five_tribes.scene_panels import FiveTribesPanels
from games.five_tribes.scene_words import NOTICE_SECONDS, WHIM_ICON, WHIM_NOTICE_HEIGHT, WHIM_NOTICE_SECONDS, FiveTribesWords

MARGIN = 0.25  # cells of frame around the Sultanate
DJINN_CARD_MIN = 56  # design pixels: a Djinn card in a seat panel smaller than this is shown as its name
STEP_INSET = 0.2  # a held meeple drops on a tile only once the pointer is this share of a cell inside it
SHOWN_NOTICES = ("collect", "camel", "last_camel", "cards", "build", "kill", "no_target", "palm", "palace",
                 "supply_empty", "market_closed", "no_djinn", "djinn_taken", "djinn", "gold", "card", "sell",
                 "whim_taken", "no_whim", "whim_paid", "no_move", "game_over")


class FiveTribesScene(FiveTribesInput, FiveTribesChoices, FiveTribesDrawing, FiveTribesPanels, FiveTribesHover,
                      FiveTribesWords, GameScene):
    """Plays one match of Five Tribes with Whims of the Sultan with the mouse."""

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.rules: FiveTribesRules = match.rules
        self.cat = self.rules.cat
        self.cfg = self.cat.config
        self.art = FiveTribesArt(app.assets, self.cat, app.font)
        self.pending_end: int | None = None  # a press on a marked end tile: released there, the move finishes
        self.colour: str | None = None  # the colour of the next meeple to drop
        self.step_refusal: tuple[int, str] | None = None  # (tile, why) of the last refused step
        self.last_tile: int | None = None  # the tile the held pointer was last over during a move
        self._walk_pos: tuple[int, int] | None = None
        self.targeting: str | None = None  # a Djinn whose target tile is being chosen
        self.kill_choice: list[Kill] = []  # Iblis: the kills at the target just chosen
        self.kumarbi = 0  # Fakirs to discard through Kumarbi with the bid
        self.pay_pref = "fakir"  # Djinn costs and Sacred Places: pay with Fakirs or Elders first
        self.selling: set[str] = set()  # goods chosen for the next sale
        self._static: pygame.Surface | None = None  # the three regions as last drawn
        self._layers: dict[str, tuple] = {}  # region -> the key it was drawn for
        self._version = 0  # grows with every change of the match (a state's id may be reused after undo)
        self._memo: dict[Any, Any] = {}  # per state: rules answers the frame needs (legal steps, ends, ...)
        self._memo_for: tuple | None = None
        # Whim cards paid out stay long in view, with their card: under the board, not over its top row.
        self.whim_notices = NoticeBoard(app, shown=2)
        self.whim_notice_rects: list[pygame.Rect] = []  # where they were drawn last
        self.layout()
        self._sync_colour()

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        w, h = self.table_size
        px = self.app.px
        lay = self.match.state.layout
        self.column = pygame.Rect(0, 0, px(290), h)
        side_w = px(410)
        self.side = pygame.Rect(w - side_w, 0, side_w, h)
        self.board_view = pygame.Rect(self.column.right, 0, self.side.left - self.column.right, h)
        self.camera.fit(self.board_view.inflate(-px(12), -px(12)), lay.width + 2 * MARGIN, lay.height + 2 * MARGIN)
        self._layout_column()
        self._layout_side()
        self._layers.clear()
        self._memo_for = None
        self._build_widgets()

    def _layout_column(self) -> None:
        px = self.app.px
        s = self.match.state
        inner = self.column.inflate(-px(20), 0)
        x, y, gap, label = inner.left, px(8), px(6), px(19)
        spots = sum(n for _c, n in s.levels)
        self.turn_track_name = "turn_track_5p" if spots > 9 else "turn_track"
        self.bid_track_name = "bid_track_5p" if len(s.bid_track) > 4 else "bid_track"
        self.turn_label = (x, y)
        y += label
        tw = inner.width
        th = round(tw * 150 / (1000 if spots > 9 else 760))
        self.turn_track_rect = pygame.Rect(x, y, tw, th)
        y += th + px(8)
        self.bid_label = (x, y)
        y += label
        bh = max(th, px(46))
        bw = round(bh * (440 if len(s.bid_track) > 4 else 360) / 150)
        self.bid_track_rect = pygame.Rect(x, y, bw, bh)
        self.supply_rect = pygame.Rect(self.bid_track_rect.right + px(8), y, inner.right - self.bid_track_rect.right - px(8), bh)
        y += bh + px(8)
        self.row_label = (x, y)
        y += label
        cw = (inner.width - 4 * gap) // 5
        ch = round(cw * 256 / 180)
        self.row_rects = [pygame.Rect(x + (i % 5) * (cw + gap), y + (i // 5) * (ch + gap), cw, ch)
                          for i in range(self.cfg["face_up_resources"])]
        self.deck_rect = pygame.Rect(x + 4 * (cw + gap), y + ch + gap, cw, ch)
        rows = (self.cfg["face_up_resources"] + 4) // 5
        y += rows * (ch + gap) + px(4)
        self.djinn_label = (x, y)
        y += label
        n = self.cfg["face_up_djinns"]
        dw = (inner.width - (n - 1) * gap) // n
        dh = round(dw * 256 / 180)
        room = self.column.bottom - px(8) - y
        if dh > room:
            dh = max(px(40), room)
            dw = round(dh * 180 / 256)
        self.djinn_rects = [pygame.Rect(x + i * (dw + gap), y, dw, dh) for i in range(n)]

    def _layout_side(self) -> None:
        px = self.app.px
        inner = self.side.inflate(-px(16), 0)
        h = self.table_size[1]
        self.header = pygame.Rect(inner.left, px(6), inner.width, px(100))
        self.action_area = pygame.Rect(inner.left, h - px(124), inner.width, px(118))
        top = self.header.bottom + px(4)
        self.seats_area = pygame.Rect(inner.left, top, inner.width, self.action_area.top - px(6) - top)

    def _build_widgets(self) -> None:
        px = self.app.px
        a = self.action_area
        self.build_table_widgets(self.header, px(30), (px(50), px(70), px(32), px(70)),
                                 pygame.Rect(a.right - px(176), a.bottom - px(40), px(176), px(36)),
                                 sheet_tip=N_("Show or hide the score sheet (as far as you can see)"))

    # ------------------------------------------------------------------ board geometry
    @property
    def s(self):
        """What this screen may show: the holder's view of the game."""
        return self.visible

    @property
    def m(self):
        """The game itself, for asking the rules (never drawn)."""
        return self.match.state

    def cell_rect(self, tile: int) -> pygame.Rect:
        r, c = divmod(tile, self.m.layout.width)
        return self.camera.cell_rect(c + MARGIN, r + MARGIN)

    def board_rect(self) -> pygame.Rect:
        lay = self.m.layout
        return self.cell_rect(0).union(self.cell_rect(lay.cells - 1))

    def tile_at(self, pos) -> int | None:
        """The tile of the Sultanate under a screen point, or None."""
        if not self.board_view.collidepoint(pos):
            return None
        lay = self.m.layout
        wx, wy = self.camera.to_world(pos)
        c, r = math.floor(wx - MARGIN), math.floor(wy - MARGIN)
        return r * lay.width + c if 0 <= c < lay.width and 0 <= r < lay.height else None

    def tile_core_at(self, pos) -> int | None:
        """The tile whose middle (all but a rim of STEP_INSET) holds the point: the pointer is well inside it."""
        tile = self.tile_at(pos)
        if tile is None:
            return None
        inset = round(self.camera.cell_px * STEP_INSET)
        return tile if self.cell_rect(tile).inflate(-2 * inset, -2 * inset).collidepoint(pos) else None

    def tile_point(self, tile: int, fx: float, fy: float) -> tuple[int, int]:
        rect = self.cell_rect(tile)
        return (round(rect.left + fx * rect.width), round(rect.top + fy * rect.height))

    def whim_rect(self, tile: int) -> pygame.Rect:
        """Where the Whim card of a Wondrous City lies: its top right corner."""
        h = round(self.camera.cell_px * 0.36)
        rect = pygame.Rect((0, 0), card_size(h))
        rect.center = self.tile_point(tile, 0.84, 0.2)
        return rect

    def meeple_rects(self, tile: int, counts: tuple[int, ...]) -> list[tuple[str, pygame.Rect]]:
        """Where each tribe present on a tile is drawn: one figure per tribe (its count beside it)."""
        present = [TRIBES[c] for c in range(5) if counts[c]]
        size = self.camera.cell_px
        ms = max(8, round(size * 0.27))
        step = ms * 0.68
        cx, cy = self.tile_point(tile, 0.5, 0.76)
        left = cx - (step * (len(present) - 1)) / 2
        return [(tribe, pygame.Rect(round(left + i * step - ms / 2), cy - ms // 2, ms, ms))
                for i, tribe in enumerate(present)]

    def meeple_hit(self, pos) -> tuple[int, str] | None:
        """(tile, tribe) of the meeple figure under a point; the nearest figure of the tile if close."""
        tile = self.tile_at(pos)
        if tile is None:
            return None
        rects = self.meeple_rects(tile, self.m.meeples[tile])
        if not rects:
            return None
        tribe, rect = min(rects, key=lambda tr: math.dist(tr[1].center, pos))
        return (tile, tribe) if math.dist(rect.center, pos) < rect.width * 1.1 else None

    # ------------------------------------------------------------------ side geometry
    def seat_rects(self) -> list[pygame.Rect]:
        return stacked_rects(self.seats_area, len(self.match.seats), self.app.px(5), self.app.px(128))

    def seat_parts(self, seat: int) -> dict[str, Any]:
        """The rects of one seat's panel: name row, counters (gold, camels, Viziers, Elders, Fakirs), goods,
        Djinns and Whim cards (as the holder may see them)."""
        key = ("parts", seat)
        hit = self._memo_get(key)
        if hit is not None:
            return hit
        px = self.app.px
        s = self.s
        p = s.players[seat]
        rect = self.seat_rects()[seat]
        out: dict[str, Any] = {"rect": rect}
        out["badge"] = pygame.Rect(rect.left + px(8), rect.top + px(5), px(20), px(20))
        out["vp"] = pygame.Rect(rect.right - px(130), rect.top + px(3), px(120), px(24))  # the points so far
        row = pygame.Rect(rect.left + px(8), rect.top + px(29), rect.width - px(16), px(24))
        icon = px(22)
        x = row.left
        for name in ("gold", "camels", "vizier", "elder", "fakir"):
            out[name] = pygame.Rect(x, row.top + (row.height - icon) // 2, icon, icon)
            x += icon + px(34)
        whims = [(w, False) for w in p.whims] + [(w, True) for w in p.whims_done]
        wh = row.height + px(4)
        ww = card_size(wh)[0]
        out["whims"] = []
        wx = row.right - ww
        for whim, done in reversed(whims):
            if wx < x - px(10):
                break
            out["whims"].insert(0, (whim, done, pygame.Rect(wx, row.top - px(2), ww, wh)))
            wx -= ww + px(3)
        low = pygame.Rect(rect.left + px(8), row.bottom + px(4), rect.width - px(16), rect.bottom - row.bottom - px(8))
        ch = max(px(14), low.height)
        cw = card_size(ch)[0]
        x = low.left
        out["goods"] = []
        for good in self.cat.goods:
            if p.goods.get(good, 0) > 0:
                out["goods"].append((good, pygame.Rect(x, low.top, cw, ch)))
                x += cw + px(3)
        x += px(8) if out["goods"] else 0
        out["djinns"] = []
        # A card too small for its name to be read (five seats) becomes a name plate of its own.
        out["djinn_chips"] = ch < px(DJINN_CARD_MIN)
        font = self.chip_font()
        for djinn in p.djinns:
            if out["djinn_chips"]:
                w, h = font.size(self.djinn_name(djinn))[0] + px(12), min(ch, px(22))
                out["djinns"].append((djinn, pygame.Rect(x, low.top + (ch - h) // 2, w, h)))
                x += w + px(4)
            else:
                out["djinns"].append((djinn, pygame.Rect(x, low.top, cw, ch)))
                x += cw + px(3)
        out["low"] = low
        self._memo[key] = out
        return out

    def chip_font(self) -> pygame.font.Font:
        """The words on a Djinn's name plate in a small seat panel."""
        return self.app.font(self.app.px(11), True)

    def spot_centre(self, spot: int) -> tuple[int, int]:
        fx, fy = track_spot(self.turn_track_name, spot)
        r = self.turn_track_rect
        return (round(r.left + fx * r.width), round(r.top + fy * r.height))

    def bid_centre(self, index: int) -> tuple[int, int]:
        fx, fy = track_spot(self.bid_track_name, index)
        r = self.bid_track_rect
        return (round(r.left + fx * r.width), round(r.top + fy * r.height))

    def marker_size(self) -> int:
        return max(10, round(self.turn_track_rect.height * 0.42))

    def spot_at(self, pos) -> int | None:
        """The spot of the turn-order track under a point."""
        spots = sum(n for _c, n in self.m.levels)
        r = self.marker_size() * 0.75
        for i in range(spots):
            if math.dist(self.spot_centre(i), pos) <= r:
                return i
        return None

    def marker_rect(self, marker: int) -> pygame.Rect | None:
        """Where a turn marker stands now: on the turn-order track or the bid-order track."""
        m = self.m
        size = self.marker_size()
        for i, (_cost, who) in enumerate(self.rules.track_spots(m)):
            if who == marker:
                return pygame.Rect(0, 0, size, size).move(self.spot_centre(i)[0] - size // 2, self.spot_centre(i)[1] - size // 2)
        if marker in m.bid_track:
            c = self.bid_centre(m.bid_track.index(marker))
            return pygame.Rect(c[0] - size // 2, c[1] - size // 2, size, size)
        return None

    def palm_source(self) -> pygame.Rect:
        """The palm and palace supply in the action area (a drag starts there)."""
        px = self.app.px
        a = self.action_area
        return pygame.Rect(a.left + px(6), a.bottom - px(42), px(40), px(40))

    def marker_source(self) -> pygame.Rect:
        """The assassin marker, beside the end of the move."""
        m = self.m
        size = max(12, round(self.camera.cell_px * 0.34))
        cx, cy = self.tile_point(m.final, 0.86, 0.2) if m.final >= 0 else self.palm_source().center
        return pygame.Rect(cx - size // 2, cy - size // 2, size, size)

    def drawn_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Sibittis: the Djinns just drawn, laid out large over the middle of the board."""
        px = self.app.px
        drawn = list(self.m.drawn)
        h = min(px(220), self.board_view.height // 3)
        w = round(h * 180 / 256)
        gap = px(16)
        left = self.board_view.centerx - (len(drawn) * w + (len(drawn) - 1) * gap) // 2
        top = self.board_view.centery - h // 2
        return [(d, pygame.Rect(left + i * (w + gap), top, w, h)) for i, d in enumerate(drawn)]

    # ------------------------------------------------------------------ what the rules say now (memoised per state)
    def _memo_get(self, key):
        now = (self._version, self.match.version, self.holder)
        if self._memo_for != now:
            self._memo.clear()
            self._memo_for = now
        return self._memo.get(key)

    def _memo_call(self, key, make: Callable[[], Any]):
        hit = self._memo_get(key)
        if hit is None:
            hit = self._memo[key] = make()
        return hit

    def start_tiles(self) -> list[int]:
        return self._memo_call("start", lambda: self.rules.start_tiles(self.m))

    def next_steps(self) -> list[tuple[int, str]]:
        return self._memo_call("steps", lambda: self.rules.next_steps(self.m))

    def end_tiles(self, start: int | None = None) -> list[int]:
        return self._memo_call(("ends", start), lambda: self.rules.end_tiles(self.m, start))

    def kill_targets(self) -> list[Kill]:
        return self._memo_call("kills", lambda: self.rules.kill_targets(self.m))

    def legal_now(self) -> list:
        return self._memo_call("legal", lambda: self.rules.legal_actions(self.m) if self.m.phase != "over" else [])

    def may_choose(self) -> bool:
        return self._my_turn()

    def _my_turn(self) -> bool:
        return self.human_turn() and self.holder == self.match.to_move()

    # ------------------------------------------------------------------ changes
    def take_notices(self, state) -> None:
        for note in state.notices:
            if self.notice_shown(note):
                whim = note.get("type") == "whim_paid"  # a Whim paid out stays in view, with its card
                seconds = WHIM_NOTICE_SECONDS if whim else NOTICE_SECONDS
                board = self.whim_notices if whim else self.notices
                board.add(  # worded when drawn: for the seat holding the screen then
                    lambda note=note, state=state: self.notice_text(state, note) if self._notice_visible(note) else "",
                    self.anim(seconds) or seconds, "special" if whim else "plain", note=note, sticky=whim,
                    icon=(lambda h, w=note["whim"]: self.art.whim_picture(w, h)) if whim else None,
                    icon_height=WHIM_ICON, min_height=WHIM_NOTICE_HEIGHT if whim else 0)

    # Notes that say again what the action that made them says: the log leaves them out (engine/ui/game_scene.py)
    ECHOES = {"camel": ("place_camel",), "palm": ("place_palm",), "palace": ("place_palace",), "kill": ("kill",),
              "djinn_taken": ("take_djinn", "keep_djinn"), "djinn": ("use_djinn",), "sell": ("sell",),
              "card": ("buy_card",)}
    NOTICE_KINDS = frozenset(SHOWN_NOTICES)

    def caused(self, state, action=None) -> list[str]:
        """What the action that made `state` caused, as the screen's holder may read it (the log lists it)."""
        return [text for n in state.notices if self.notice_kind_shown(n) and self._notice_visible(n)
                and not self.echoes(action, n)
                and (text := self.notice_text(state, n))]

    def hint_rects(self, action) -> list[pygame.Rect]:
        """Where the hinted action is made: the bid's spot, the tile to pick up, drop on, build or plant on."""
        rects = super().hint_rects(action)
        if isinstance(action, Bid):
            size = self.marker_size()
            cx, cy = self.spot_centre(action.spot)
            rects.append(pygame.Rect(cx - size // 2, cy - size // 2, size, size))
        tile = getattr(action, "tile", -1)  # the actions made on a tile of the Sultanate
        if isinstance(tile, int) and 0 <= tile < self.m.layout.cells:
            rects.append(self.cell_rect(tile))
        return rects

    def on_match_change(self, match: Match) -> None:
        self._version += 1
        m = match.state
        if m.phase != "tribe":
            self.kill_choice = []
        if self.targeting is not None and (m.phase not in ("start", "tribe", "tile", "finish")
                                           or match.find("use_djinn", djinn=self.targeting) is None):
            self.targeting = None  # the Djinn can no longer be used: its targets go
        if m.phase != "move":
            self.release_hand()
            self.pending_end = None
        if m.phase != "finish":
            self.selling = set()
        self.selling = {g for g in self.selling if m.player.goods.get(g, 0) > 0} if m.phase != "over" else set()
        self.choice_page = 0
        self.kumarbi = 0  # Kumarbi's Fakirs go with one bid only: the next bidder (or an undo) starts from none
        self.step_refusal = None
        self._sync_colour()
        self._sync_widgets()

    def _sync_colour(self) -> None:
        """Keep the chosen colour one the hand holds, preferring one that can go somewhere next."""
        m = self.m
        if m.phase != "move":
            self.colour = None
            return
        held = [TRIBES[c] for c in range(5) if m.hand[c]]
        usable = [c for c in held if any(col == c for _t, col in self.next_steps())]
        if not (self.colour in usable or (self.colour in held and not usable)):
            self.colour = usable[0] if usable else (held[0] if held else None)
        if self.walking and self.drag.spec.piece != ("hand", self.colour):
            self.drag.spec.piece = ("hand", self.colour)

    def take_screen(self, seat: int) -> None:
        super().take_screen(seat)
        self._version += 1
        self._layers.clear()
        self._sync_widgets()

    def on_settings(self, settings) -> None:
        super().on_settings(settings)
        self._layers.clear()

    # ------------------------------------------------------------------ widgets
    def _sync_widgets(self) -> None:
        self.sync_table_widgets(hide_idle_main=True)
        self._layout_choices()


    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        super().update(dt)
        self.whim_notices.update(dt)
        self.drag.update(dt)
        if self.wants_final_sheet(busy=len(self.whim_notices) > 0):
            self.push_final_sheet()

    def push_final_sheet(self) -> None:
        """The final sheet, every row with what it counts and each seat's cell with why."""
        from games.five_tribes.scene_sheet import FiveTribesSheetScene

        self.final_pushed = True
        self.app.push(FiveTribesSheetScene(self.app, self.match))


__all__ = ["FiveTribesScene"]
