"""The score sheet: a row per category, a column per seat, totals, ranking, a bar chart and the account.

The account (the sheet's detail lines: every island, good or row explained) scrolls on the final
sheet with the wheel, the arrow keys and PgUp/PgDn; drawn over the table during play it shows
its newest lines.
"""
from __future__ import annotations

import pygame

from engine.core.rules import ScoreSheet, Seat
from engine.ui import theme
from engine.ui.i18n import and_list, t
from engine.ui.scene import Scene
from engine.ui.widgets import (Button, WidgetGroup, centred_rect, draw_background, draw_panel, draw_text, draw_wrapped,
                               elide, wrap_text)


_WRAPPED: dict[tuple, list[str]] = {}  # (details, font, width) -> the account's lines: wrapped once, drawn every frame


def _account_lines(details: tuple[str, ...], font: pygame.font.Font, width: int) -> list[str]:
    key = (details, id(font), font.get_height(), width)
    lines = _WRAPPED.get(key)
    if lines is None:
        if len(_WRAPPED) > 32:
            _WRAPPED.clear()
        lines = _WRAPPED[key] = [line for detail in details for line in wrap_text("- " + detail, font, width)]
    return lines


def _draw_title(app, surface: pygame.Surface, title: str, area: pygame.Rect, top: int) -> int:
    """The sheet's title centred in `area`: smaller when long, on two lines when longer still; its height."""
    px = app.px
    for size in (22, 19, 17):
        head = app.font(px(size), bold=True)
        if head.size(title)[0] <= area.w:
            draw_text(surface, title, (area.centerx, top), head, theme.INK, "midtop")
            return head.get_height()
    head = app.font(px(17), bold=True)
    return draw_wrapped(surface, title, pygame.Rect(area.left, top, area.w, px(60)), head, theme.INK, line_gap=1.0,
                        max_lines=2, align="center")


def draw_score_table(app, surface: pygame.Surface, rect: pygame.Rect, sheet: ScoreSheet, seats: list[Seat],
                     title: str, scroll: int | None = None, account: dict | None = None,
                     bottom_margin: int | None = None, winners: list[int] | None = None) -> pygame.Rect:
    """Draw the sheet as a table (and, when there is room, bars of the totals) inside rect.

    The account lists the sheet's details from wrapped line `scroll` on (None: as many of the newest
    lines as fit). `account`, when given, receives where the account lies and how many lines it has
    ("box", "lines", "shown", "first"), for a scene that scrolls it; `bottom_margin` keeps room at
    the bottom (for buttons)."""
    px = app.px
    draw_panel(surface, rect, fill=theme.PARCHMENT, edge=theme.PARCHMENT_EDGE, radius=px(12), inner_edge=theme.PARCHMENT_DARK)
    body = app.font(px(15))
    bold = app.font(px(15), bold=True)
    small = app.font(px(12))
    title_h = _draw_title(app, surface, title, rect.inflate(-px(40), 0), rect.top + px(16))
    y = rect.top + max(0, title_h - app.font(px(22), bold=True).get_height())  # a title on two lines pushes the table down
    n = len(sheet.seats)
    label_w = min(px(300), rect.width // 3)
    col_w = (rect.width - label_w - px(40)) // max(1, n)
    x0 = rect.left + px(20)
    y += px(62)
    row_h = px(30)
    won_by: set[int] = set()
    if sheet.final and sheet.ranking and n > 1:  # a solo game has no winner: its details say how it went
        best = sheet.totals[sheet.ranking[0]]
        # the game's own tie-break decides (rules.winners); without it, every best total shares the win
        won_by = set(winners) if winners is not None else {i for i in range(n) if sheet.totals[i] == best}
    # Names too wide for their column take two staggered rows, each name as wide as two columns.
    stagger = any(bold.size(name)[0] > col_w - px(6) for name in sheet.seats)
    room = (2 * col_w if stagger else col_w) - px(8)
    for i, name in enumerate(sheet.seats):
        cx = x0 + label_w + col_w * i + col_w // 2
        badge = pygame.Rect(0, 0, px(18), px(18))
        badge.midbottom = (cx, y + px(2))
        theme.draw_seat_badge(surface, seats[i].colour, badge)
        drop = px(18) if stagger and i % 2 else 0
        said = elide(name, bold, room)
        cx = min(cx, rect.right - px(14) - bold.size(said)[0] // 2)  # the last name stays on the sheet
        draw_text(surface, said, (cx, y + px(6) + drop), bold, theme.INK, "midtop")
    y += px(30) + (px(18) if stagger else 0)
    pygame.draw.line(surface, theme.PARCHMENT_EDGE, (x0, y), (rect.right - px(20), y), 2)
    for row in sheet.rows:
        y += px(6)
        draw_text(surface, t(row.label), (x0, y + row_h // 2), body, theme.INK, "midleft")
        for i, v in enumerate(row.values):
            cx = x0 + label_w + col_w * i + col_w // 2
            draw_text(surface, str(v), (cx, y + row_h // 2), body, theme.INK, "center")
        y += row_h
    pygame.draw.line(surface, theme.INK, (x0, y + px(4)), (rect.right - px(20), y + px(4)), 2)
    y += px(10)
    draw_text(surface, t("Total"), (x0, y + row_h // 2), bold, theme.INK, "midleft")
    for i, v in enumerate(sheet.totals):
        cx = x0 + label_w + col_w * i + col_w // 2
        colour = theme.ACCENT_DARK if i in won_by else theme.INK
        draw_text(surface, str(v) + ("  *" if i in won_by else ""), (cx, y + row_h // 2), bold, colour, "center")
    y += row_h + px(12)
    # bars of the totals
    top = max(sheet.totals + [1])
    bar_h = px(14)
    if y + len(sheet.totals) * (bar_h + px(6)) > rect.bottom - px(60):
        bar_h = 0  # no room for every seat's bar: none, rather than a chart that leaves a seat out
    for i, v in enumerate(sheet.totals if bar_h else []):
        draw_text(surface, sheet.seats[i], (x0, y + bar_h // 2), small, theme.INK, "midleft")
        w = int((rect.width - label_w - px(60)) * v / top)
        bar = pygame.Rect(x0 + label_w, y, max(2, w), bar_h)
        pygame.draw.rect(surface, theme.seat_rgb(seats[i].colour), bar, border_radius=3)
        pygame.draw.rect(surface, theme.INK, bar, 1, border_radius=3)
        y += bar_h + px(6)
    y += px(8)
    if sheet.final and sheet.verdict and not won_by:
        draw_text(surface, t(sheet.verdict), (x0, y), bold, theme.ACCENT_DARK)
        y += px(24)
    if won_by:
        names = and_list([sheet.seats[i] for i in sorted(won_by)])
        won = t("{names} won.", names=names) if len(won_by) == 1 else t("Shared win: {names}.", names=names)
        draw_text(surface, "*  " + won, (x0, y), bold, theme.ACCENT_DARK)  # the key to the * beside the totals
        y += px(24)
        y += draw_wrapped(surface, t(sheet.tie_break), pygame.Rect(x0, y, rect.width - px(40), px(40)), small, theme.INK_DIM)
    box = pygame.Rect(x0, y + px(4), rect.width - px(40),
                      rect.bottom - (px(40) if bottom_margin is None else bottom_margin) - y - px(4))
    lines = _account_lines(tuple(t(d) for d in sheet.details), small, box.width - px(14))
    step = small.get_linesize() + px(1)
    fit = max(0, box.height // step)
    first = max(0, len(lines) - fit) if scroll is None else max(0, min(scroll, len(lines) - fit))
    shown = lines[first:first + fit]
    for k, line in enumerate(shown):
        draw_text(surface, line, (box.left, box.top + k * step), small, theme.INK)
    if len(lines) > fit and fit:
        # a scroll bar: where the lines shown lie among all of them
        track = pygame.Rect(box.right - px(6), box.top, px(5), fit * step)
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=2)
        thumb_h = max(px(12), track.height * fit // len(lines))
        thumb_y = track.top + (track.height - thumb_h) * first // max(1, len(lines) - fit)
        pygame.draw.rect(surface, theme.INK_DIM, (track.left, thumb_y, track.width, thumb_h), border_radius=2)
    if account is not None:
        account.update(box=box, lines=len(lines), shown=len(shown), first=first)
    return rect


class ScoreSheetScene(Scene):
    """The final (or current) score sheet over the table, with a way back to the menu."""

    def __init__(self, app, match, sheet: ScoreSheet) -> None:
        super().__init__(app)
        self.match = match
        self.sheet = sheet
        decide = getattr(match.rules, "winners", None)  # the game's tie-break (a test's stand-in may have none)
        self.winners = decide(match.state) if sheet.final and decide is not None else None
        self.widgets = WidgetGroup()
        self.scroll = 0  # the first account line shown
        self.account: dict = {}  # where the account was drawn and how many lines it has
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

    def scroll_by(self, lines: int) -> None:
        """Scroll the account, never past its first or last line."""
        most = max(0, self.account.get("lines", 0) - self.account.get("shown", 0))
        self.scroll = max(0, min(most, self.scroll + lines))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.pop()
            return
        page = max(1, self.account.get("shown", 1) - 1)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                     pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
        self.widgets.handle(event)

    def draw(self, surface) -> None:
        draw_background(surface)
        title = t("Final scores") if self.sheet.final else t("Scores so far")
        draw_score_table(self.app, surface, self.rect, self.sheet, self.match.seats, title, scroll=self.scroll,
                         account=self.account, bottom_margin=self.app.px(66), winners=self.winners)
        self.widgets.draw(surface, self.app.font(self.app.px(15)))
        self.widgets.draw_tooltips(surface, self.app.font(self.app.px(13)))
