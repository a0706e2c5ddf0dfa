"""The final score sheet of Five Tribes: every row says what it counts, every cell why it holds its points.

The rules' score sheet gives the rows and totals; the scorer gives, for each seat and row, the
reason in words (for example "3 x 1 (Jafaar)" or "a set of 5 (21) + a set of 2 (3)"). The reasons
stand under the numbers as far as the row has room; hovering a cell shows them whole. Under
the totals, a bar per seat stacks its rows in the colours of the row labels' keys: where each
seat's points came from, at a glance (hovering a part names it).
"""
from __future__ import annotations

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scenes.scoresheet import ScoreSheetScene
from engine.ui.widgets import draw_panel, draw_text, draw_tooltip, draw_wrapped, wrap_text
from games.five_tribes.rules_scoring import CATEGORIES


# The key colour of each row: the tribe's own colour where a row counts meeples, the piece's otherwise.
ROW_COLOURS = {
    "gold": (226, 140, 24),
    "viziers": (242, 192, 31),
    "vizier_bonus": (250, 226, 120),
    "elders": (176, 168, 150),
    "djinns": (128, 72, 168),
    "palms": (61, 154, 69),
    "palaces": (200, 84, 120),
    "tiles": (150, 96, 52),
    "cities": (36, 128, 140),
    "merchandise": (47, 111, 208),
}


class FiveTribesSheetScene(ScoreSheetScene):
    """ScoreSheetScene with Five Tribes' explanations."""

    def __init__(self, app, match) -> None:
        rules = match.rules
        state = match.state
        super().__init__(app, match, rules.score_sheet(state))
        scores = rules.scorer.score(state)
        self.why = [r["why"] for r in scores]  # in full: the hover shows it
        self.brief = [r["brief"] for r in scores]  # in a few words, for a cell too small for the full reason
        self.keys = [key for key, _label in CATEGORIES]
        self.whims = [[rules.cat.whims[w] for w in p.whims_done] for p in state.players]
        self.mouse: tuple[int, int] | None = None
        self.cells: list[tuple[pygame.Rect, str]] = []  # (cell, its reason) as last drawn
        self.parts: list[tuple[pygame.Rect, int, int, int]] = []  # (part of a bar, seat, row, points) as last drawn

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
            hints = self.cells + [(rect, f"{t(self.sheet.rows[r].label)}: {points}")
                                  for rect, _seat, r, points in self.parts]
            for rect, text in hints:
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
        label_w = min(px(330 - 25 * max(0, n - 2)), rect.width * 9 // 20)  # more seats: more room for their cells
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
        why_lines = max(0, (row_h - px(1) - value_font.get_linesize()) // why_font.get_linesize())
        self.cells = []
        self.parts = []
        for r, row in enumerate(sheet.rows):
            top = y + r * row_h
            if r % 2:
                pygame.draw.rect(surface, theme.mix(theme.PARCHMENT, theme.PARCHMENT_DARK, 0.45),
                                 (x0 - px(6), top, rect.width - px(24), row_h))
            key = self.keys[r] if r < len(self.keys) else ""
            chip = pygame.Rect(x0, top + px(5), px(12), px(12))
            pygame.draw.rect(surface, ROW_COLOURS.get(key, theme.INK_DIM), chip, border_radius=2)
            pygame.draw.rect(surface, theme.INK, chip, 1, border_radius=2)
            draw_text(surface, t(row.label), (chip.right + px(6), top + px(3)), label_font, theme.INK)
            note = wrap_text(t(row.note), note_font, label_w - px(10))
            ny = top + px(3) + label_font.get_linesize()
            for line in note[:2]:
                if ny + note_font.get_height() > top + row_h:
                    break
                draw_text(surface, line, (x0, ny), note_font, theme.INK_DIM)
                ny += note_font.get_linesize()
            for i, v in enumerate(row.values):
                cell = pygame.Rect(x0 + label_w + col_w * i, top, col_w, row_h)
                draw_text(surface, str(v), (cell.centerx, top + px(3)), value_font, theme.INK, "midtop")
                why = t(self.why[i].get(key, "")) if i < len(self.why) else ""
                if why:
                    self.cells.append((cell, why))
                if why_lines and why:
                    box = pygame.Rect(cell.left + px(4), top + px(1) + value_font.get_linesize(), col_w - px(8),
                                      why_lines * why_font.get_linesize())
                    if len(wrap_text(why, why_font, box.width)) > why_lines:
                        why = t(self.brief[i].get(key, why))  # the full reason stays in the cell's hover
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
        y += value_font.get_linesize() + px(2)
        self._draw_bars(surface, x0 + label_w, col_w, y, px(12))
        y += px(12) + px(8)
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

    def _draw_bars(self, surface, left: int, col_w: int, top: int, height: int) -> None:
        """A bar per seat under its total, its rows stacked in their key colours; the best total fills the column."""
        px = self.app.px
        sheet = self.sheet
        best = max([total for total in sheet.totals if total > 0], default=0)
        if not best:
            return
        full = col_w - px(16)
        for i, total in enumerate(sheet.totals):
            x = left + col_w * i + px(8)
            done = 0
            for r, row in enumerate(sheet.rows):
                points = row.values[i] if i < len(row.values) else 0
                if points <= 0:
                    continue
                start = x + round(full * done / best)
                done += points
                part = pygame.Rect(start, top, x + round(full * done / best) - start, height)
                if part.width <= 0:
                    continue
                key = self.keys[r] if r < len(self.keys) else ""
                pygame.draw.rect(surface, ROW_COLOURS.get(key, theme.INK_DIM), part)
                self.parts.append((part, i, r, points))
            if done:
                outline = pygame.Rect(x, top, round(full * done / best), height)
                pygame.draw.rect(surface, theme.INK, outline, 1)
