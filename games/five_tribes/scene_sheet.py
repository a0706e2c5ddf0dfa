"""The final score sheet of Five Tribes: every row says what it counts, every cell why it holds its points.

The rules' score sheet gives the rows and totals; the scorer gives, for each seat and row, the
reason in words (for example "3 x 1 (Jafaar)" or "a set of 5 (21) + a set of 2 (3)"). The reasons
stand under the numbers as far as the row has room; hovering a cell shows them whole.
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scenes.scoresheet import ScoreSheetScene
from engine.ui.widgets import draw_panel, draw_text, draw_tooltip, draw_wrapped, wrap_text
from games.five_tribes.rules_scoring import CATEGORIES


class FiveTribesSheetScene(ScoreSheetScene):
    """ScoreSheetScene with Five Tribes' explanations."""

    def __init__(self, app, match) -> None:
        rules = match.rules
        state = match.state
        super().__init__(app, match, rules.score_sheet(state))
        self.why = [r["why"] for r in rules.scorer.score(state)]
        self.keys = [key for key, _label in CATEGORIES]
        self.whims = [[rules.cat.whims[w] for w in p.whims_done] for p in state.players]
        self.mouse: tuple[int, int] | None = None
        self.cells: list[tuple[pygame.Rect, str]] = []

    def handle(self, event) -> None:
        if hasattr(event, "pos"):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
        super().handle(event)

    def draw(self, surface) -> None:
        from engine.ui.widgets import draw_background

        draw_background(surface)
        self._draw_table(surface)
        self.widgets.draw(surface, self.app.font(self.app.px(15)))
        if self.mouse is not None and not any(w.hover for w in self.widgets.widgets):
            for rect, text in self.cells:
                if rect.collidepoint(self.mouse):
                    draw_tooltip(surface, text, self.mouse, self.app.font(self.app.px(13)))
                    break
        self.widgets.draw_tooltips(surface, self.app.font(self.app.px(13)))

    def _draw_table(self, surface) -> None:
        px = self.app.px
        rect = self.rect
        sheet = self.sheet
        seats = self.match.seats
        draw_panel(surface, rect, fill=theme.PARCHMENT, edge=theme.PARCHMENT_EDGE, radius=px(12),
                   inner_edge=theme.PARCHMENT_DARK)
        title = t("Final scores") if sheet.final else t("Scores so far")
        draw_text(surface, title, (rect.centerx, rect.top + px(12)), self.app.font(px(22), True), theme.INK, "midtop")
        label_font = self.app.font(px(14), True)
        note_font = self.app.font(px(10))
        value_font = self.app.font(px(16), True)
        why_font = self.app.font(px(10))
        n = len(sheet.seats)
        x0 = rect.left + px(18)
        label_w = min(px(330), rect.width * 9 // 20)
        col_w = (rect.right - px(18) - x0 - label_w) // max(1, n)
        y = rect.top + px(50)
        winners = set()
        if sheet.final and sheet.ranking:
            best = sheet.totals[sheet.ranking[0]]
            winners = {i for i in range(n) if sheet.totals[i] == best}
        for i, name in enumerate(sheet.seats):
            cx = x0 + label_w + col_w * i + col_w // 2
            badge = pygame.Rect(0, 0, px(18), px(18))
            badge.midright = (cx - self.app.font(px(14), True).size(name)[0] // 2 - px(4), y + px(9))
            theme.draw_seat_badge(surface, seats[i].colour, badge)
            draw_text(surface, name, (cx, y + px(9)), label_font, theme.INK, "center")
        y += px(22)
        pygame.draw.line(surface, theme.PARCHMENT_EDGE, (x0, y), (rect.right - px(18), y), 2)
        bottom = rect.bottom - px(118)
        rows = len(sheet.rows)
        row_h = max(px(30), (bottom - y) // max(1, rows))
        why_lines = max(0, (row_h - px(3) - value_font.get_linesize()) // why_font.get_linesize())
        self.cells = []
        for r, row in enumerate(sheet.rows):
            top = y + r * row_h
            if r % 2:
                pygame.draw.rect(surface, theme.mix(theme.PARCHMENT, theme.PARCHMENT_DARK, 0.45),
                                 (x0 - px(6), top, rect.width - px(24), row_h))
            draw_text(surface, t(row.label), (x0, top + px(3)), label_font, theme.INK)
            note = wrap_text(t(row.note), note_font, label_w - px(10))
            ny = top + px(3) + label_font.get_linesize()
            for line in note[:2]:
                if ny + note_font.get_height() > top + row_h:
                    break
                draw_text(surface, line, (x0, ny), note_font, theme.INK_DIM)
                ny += note_font.get_linesize()
            key = self.keys[r] if r < len(self.keys) else ""
            for i, v in enumerate(row.values):
                cell = pygame.Rect(x0 + label_w + col_w * i, top, col_w, row_h)
                draw_text(surface, str(v), (cell.centerx, top + px(3)), value_font, theme.INK, "midtop")
                why = t(self.why[i].get(key, "")) if i < len(self.why) else ""
                if why:
                    self.cells.append((cell, why))
                if why_lines and why:
                    box = pygame.Rect(cell.left + px(4), top + px(1) + value_font.get_linesize(), col_w - px(8),
                                      why_lines * why_font.get_linesize())
                    draw_wrapped(surface, why, box, why_font, theme.INK_DIM, line_gap=1.0, max_lines=why_lines,
                                 align="center")
        y += rows * row_h + px(4)
        pygame.draw.line(surface, theme.INK, (x0, y), (rect.right - px(18), y), 2)
        y += px(6)
        draw_text(surface, t("Total"), (x0, y), label_font, theme.INK)
        for i, v in enumerate(sheet.totals):
            cx = x0 + label_w + col_w * i + col_w // 2
            colour = theme.ACCENT_DARK if i in winners else theme.INK
            draw_text(surface, str(v) + (" *" if i in winners else ""), (cx, y), value_font, colour, "midtop")
        y += value_font.get_linesize() + px(8)
        small = self.app.font(px(12))
        if sheet.final and sheet.ranking:
            names = t(" and ").join(sheet.seats[i] for i in sorted(winners))
            text = t("{names} won.", names=names) if len(winners) == 1 else t("Shared win: {names}.", names=names)
            draw_text(surface, text, (x0, y), label_font, theme.ACCENT_DARK)
            y += label_font.get_linesize()
            draw_text(surface, t(sheet.tie_break), (x0, y), small, theme.INK_DIM)
            y += small.get_linesize()
        done = [f"{sheet.seats[i]}: {len(cards)}" for i, cards in enumerate(self.whims) if cards]
        if done:
            draw_text(surface, t("Whim cards fulfilled (their gold is in the gold row): {list}", list=", ".join(done)),
                      (x0, y), small, theme.INK)
