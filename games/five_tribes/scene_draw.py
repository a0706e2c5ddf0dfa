"""Drawing of the Five Tribes table (a mixin of FiveTribesScene): the frame and the Sultanate.

The screen has three regions, each kept in one cached layer and redrawn only when what it
shows changes: the column (tracks, card rows, supply), the Sultanate (tiles and every piece on
them, the path of the move) and the side (the seats). A frame blits that layer and draws only
what moves: highlights, the meeples in hand, a dragged piece, notices, buttons and tooltips.
This module draws the frame and the Sultanate; scene_panels.py draws the column and the side,
scene_hover.py what the pointer points at. Everything comes from `self.s`, the view of the seat
holding the screen.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.surface_cache import MB, cache_on
from engine.ui.widgets import draw_background, draw_panel, draw_text, table_background
from games.five_tribes.rules_djinns import TARGETS
from games.five_tribes.rules_state import ASSASSIN, HIDDEN, NOBODY, TRIBES
from games.five_tribes.scene_words import WHIM_NOTICE_HEIGHT

FRAME = (96, 62, 34)
GREEN = (110, 220, 120)
GREEN_FILL = (110, 230, 130, 70)
AMBER = (244, 176, 60)
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
        self._draw_whim_notices(surface)
        self.draw_notices(surface, width=560, toast_avoid=self.whim_notice_rects[0] if self.whim_notice_rects else None)
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
            rect = self.whim_rect(tile)
            card = self.art.whim(whim, rect.height, text=False) if whim != HIDDEN else self.art.back("whim", rect.height)
            surface.blit(card, card.get_rect(center=rect.center))
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
        self._draw_meeples(surface, self.meeple_rects(tile, s.meeples[tile]), s.meeples[tile])

    def _draw_meeples(self, surface: pygame.Surface, figures: list[tuple[str, pygame.Rect]],
                      counts: tuple[int, ...]) -> None:
        """One figure per tribe, overlapping; then each count over the foot of its own figure, so no figure hides one."""
        for tribe, rect in figures:
            surface.blit(self.art.meeple(tribe, rect.width), rect)
        for tribe, rect in figures:
            n = counts[TRIBES.index(tribe)]
            if n > 1:
                self._count_badge(surface, n, count_spot(rect, self._badge_radius()))

    def _badge_radius(self) -> int:
        return max(6, round(self.camera.cell_px * 0.085))  # two badges side by side never touch (figures step 0.18)

    def _count_badge(self, surface: pygame.Surface, n: int, at: tuple[int, int]) -> None:
        r = self._badge_radius()
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

    def _draw_whim_notices(self, surface: pygame.Surface) -> None:
        """Whim cards paid out: under the board, where nothing is to be read (upward from the window's foot when
        several would not fit), so they never cover a tile for the seconds they stay."""
        px = self.app.px
        self.whim_notice_rects = []
        shown = len(self.whim_notices.visible())
        if not shown:
            return
        view = self.board_view
        frame = self.board_rect().inflate(self.camera.cell_px * 0.4, self.camera.cell_px * 0.4)
        needed = shown * (px(WHIM_NOTICE_HEIGHT) + px(6)) + px(10)
        top = max(view.top, min(frame.bottom, view.bottom - needed) - px(4))
        area = pygame.Rect(view.left, top, view.width, view.bottom - top)
        foot = self.whim_notices.draw(surface, area, self.mouse, self.holding, 560)
        if foot > area.top + px(10):
            self.whim_notice_rects = [pygame.Rect(area.left, area.top + px(10), area.width, foot - area.top - px(16))]

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
        """Tiles the Assassins reach (green) and those Fakirs make them reach (amber, with how many)."""
        m = self.m
        fakirs = m.player.fakirs
        for tile in range(m.layout.cells):
            if not any(m.meeples[tile]):
                continue
            need = self.rules.assassins_need(m, tile)
            if need > fakirs:
                continue
            rect = self.cell_rect(tile)
            if need <= 0:
                pygame.draw.rect(surface, GREEN, rect.inflate(-6, -6), 2, border_radius=6)
            else:
                pygame.draw.rect(surface, AMBER, rect.inflate(-6, -6), 2, border_radius=6)
                self._fakir_tag(surface, tile, need)

    def _fakir_tag(self, surface: pygame.Surface, tile: int, need: int) -> None:
        """'+n' and a Fakir card on a dark tag at the top of the tile, between its value and its icon, clear of
        the meeples at its foot (the tile's tooltip says it in words)."""
        px = self.app.px
        font = self.app.font(max(px(10), round(self.camera.cell_px * 0.15)), True)
        card = self.art.resource("fakir", font.get_height())
        words = font.size(f"+{need}")[0]
        tag = pygame.Rect(0, 0, words + card.get_width() + px(10), font.get_height() + px(4))
        tag.center = self.tile_point(tile, 0.5, 0.13)
        pygame.draw.rect(surface, COUNT_BG, tag, border_radius=px(5))
        pygame.draw.rect(surface, AMBER, tag, 1, border_radius=px(5))
        draw_text(surface, f"+{need}", (tag.left + px(4), tag.centery), font, AMBER, "midleft")
        surface.blit(card, card.get_rect(midright=(tag.right - px(3), tag.centery)))

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
        figures = []
        for i, c in enumerate(present):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(left + i * step), cy)
            surface.blit(shadow, rect.move(4, 6))
            figures.append((TRIBES[c], rect))
        for tribe, rect in figures:
            if tribe == self.colour and mine:  # the colour the next step drops, ringed under its figure
                pygame.draw.circle(surface, theme.HIGHLIGHT, rect.center, size // 2 + 2, 2)
        self._draw_meeples(surface, figures, s.hand)

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


def _player_key(p) -> tuple:
    return (p.gold, p.gold_hidden, p.camels, p.viziers, p.elders, p.fakirs, tuple(sorted(p.goods.items())),
            tuple(p.djinns), tuple(p.whims), tuple(p.whims_done), tuple(p.used))


def count_spot(figure: pygame.Rect, radius: int) -> tuple[int, int]:
    """Where a figure's count badge sits: on its foot, centred, clear of the figures beside it."""
    return (figure.centerx, figure.bottom - radius // 2)


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



__all__: list[Any] = ["FiveTribesDrawing"]
