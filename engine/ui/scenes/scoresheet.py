"""The score sheet: a row per category, a column per seat, totals, ranking, a bar chart and the account."""
from __future__ import annotations

import pygame

from engine.core.rules import ScoreSheet, Seat
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.widgets import Button, WidgetGroup, centred_rect, draw_background, draw_panel, draw_text, draw_wrapped


def draw_score_table(app, surface: pygame.Surface, rect: pygame.Rect, sheet: ScoreSheet, seats: list[Seat],
                     title: str) -> pygame.Rect:
    """Draw the sheet as a table (and, when there is room, bars of the totals) inside rect."""
    px = app.px
    draw_panel(surface, rect, fill=theme.PARCHMENT, edge=theme.PARCHMENT_EDGE, radius=px(12), inner_edge=theme.PARCHMENT_DARK)
    head = app.font(px(22), bold=True)
    body = app.font(px(15))
    bold = app.font(px(15), bold=True)
    small = app.font(px(12))
    draw_text(surface, title, (rect.centerx, rect.top + px(16)), head, theme.INK, "midtop")
    n = len(sheet.seats)
    label_w = min(px(300), rect.width // 3)
    col_w = (rect.width - label_w - px(40)) // max(1, n)
    x0 = rect.left + px(20)
    y = rect.top + px(62)
    row_h = px(30)
    winners = set()
    if sheet.final and sheet.ranking:
        best = sheet.totals[sheet.ranking[0]]
        winners = {i for i in range(n) if sheet.totals[i] == best}
    for i, name in enumerate(sheet.seats):
        cx = x0 + label_w + col_w * i + col_w // 2
        badge = pygame.Rect(0, 0, px(18), px(18))
        badge.midbottom = (cx, y + px(2))
        theme.draw_seat_badge(surface, seats[i].colour, badge)
        draw_text(surface, name, (cx, y + px(6)), bold, theme.INK, "midtop")
    y += px(30)
    pygame.draw.line(surface, theme.PARCHMENT_EDGE, (x0, y), (rect.right - px(20), y), 2)
    for row in sheet.rows:
        y += px(6)
        draw_text(surface, row.label, (x0, y + row_h // 2), body, theme.INK, "midleft")
        for i, v in enumerate(row.values):
            cx = x0 + label_w + col_w * i + col_w // 2
            draw_text(surface, str(v), (cx, y + row_h // 2), body, theme.INK, "center")
        y += row_h
    pygame.draw.line(surface, theme.INK, (x0, y + px(4)), (rect.right - px(20), y + px(4)), 2)
    y += px(10)
    draw_text(surface, t("Total"), (x0, y + row_h // 2), bold, theme.INK, "midleft")
    for i, v in enumerate(sheet.totals):
        cx = x0 + label_w + col_w * i + col_w // 2
        colour = theme.ACCENT_DARK if i in winners else theme.INK
        draw_text(surface, str(v) + ("  *" if i in winners else ""), (cx, y + row_h // 2), bold, colour, "center")
    y += row_h + px(12)
    # bars of the totals
    top = max(sheet.totals + [1])
    bar_h = px(14)
    for i, v in enumerate(sheet.totals):
        if y + bar_h > rect.bottom - px(60):
            break
        draw_text(surface, sheet.seats[i], (x0, y + bar_h // 2), small, theme.INK, "midleft")
        w = int((rect.width - label_w - px(60)) * v / top)
        bar = pygame.Rect(x0 + label_w, y, max(2, w), bar_h)
        pygame.draw.rect(surface, theme.seat_rgb(seats[i].colour), bar, border_radius=3)
        pygame.draw.rect(surface, theme.INK, bar, 1, border_radius=3)
        y += bar_h + px(6)
    y += px(8)
    if sheet.final and sheet.ranking:
        names = " and ".join(sheet.seats[i] for i in sorted(winners))
        draw_text(surface, t("{names} won.", names=names) if len(winners) == 1 else t("Shared win: {names}.", names=names),
                  (x0, y), bold, theme.ACCENT_DARK)
        y += px(24)
        y += draw_wrapped(surface, sheet.tie_break, pygame.Rect(x0, y, rect.width - px(40), px(40)), small, theme.INK_DIM)
    for line in sheet.details[-8:]:
        if y > rect.bottom - px(40):
            break
        y += draw_wrapped(surface, "- " + line, pygame.Rect(x0, y, rect.width - px(40), px(60)), small, theme.INK) + px(2)
    return rect


class ScoreSheetScene(Scene):
    """The final (or current) score sheet over the table, with a way back to the menu."""

    def __init__(self, app, match, sheet: ScoreSheet) -> None:
        super().__init__(app)
        self.match = match
        self.sheet = sheet
        self.widgets = WidgetGroup()
        self._layout()

    def on_resize(self, size) -> None:
        self._layout()

    def _layout(self) -> None:
        px = self.app.px
        w, h = self.app.size
        self.rect = centred_rect(self.app.size, min(w - px(80), px(900)), h - px(80))
        bw = px(180)
        self.widgets = WidgetGroup([
            Button(pygame.Rect(self.rect.right - bw - px(20), self.rect.bottom - px(56), bw, px(40)), t("Main menu"),
                   self._menu, style="primary"),
            Button(pygame.Rect(self.rect.right - 2 * bw - px(36), self.rect.bottom - px(56), bw, px(40)), t("Look at the board"),
                   self.app.pop),
        ])

    def _menu(self) -> None:
        self.app.to_menu()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.pop()
            return
        self.widgets.handle(event)

    def draw(self, surface) -> None:
        draw_background(surface)
        title = t("Final scores") if self.sheet.final else t("Scores so far")
        draw_score_table(self.app, surface, self.rect, self.sheet, self.match.seats, title)
        self.widgets.draw(surface, self.app.font(self.app.px(15)))
        self.widgets.draw_tooltips(surface, self.app.font(self.app.px(13)))
