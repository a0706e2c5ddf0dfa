"""The game log: every action in words and what it caused, newest last, scrollable with the wheel."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.widgets import draw_panel, draw_text, wrap_text


class LogPanel:
    """Draws a match's log inside a rect; the wheel scrolls it while the pointer is over it.

    `caused(i)` gives the lines of what log entry i caused (a draw, a score, a
    card paid), worded for whoever holds the screen; `viewer()` says who that is,
    so the lines are worded again when the screen changes hands.
    """

    def __init__(self, app, match, caused: Callable[[int], list[str]] | None = None,
                 viewer: Callable[[], Any] | None = None, start: int = 0) -> None:
        self.app = app
        self.match = match
        self.caused = caused
        self.viewer = viewer or (lambda: None)
        self.start = start  # the first entry shown ("since your last turn" starts later)
        self.scroll = 0  # lines up from the newest
        self._lines: tuple[tuple, list[tuple[str, int | None]]] | None = None

    def lines(self, width: int, font) -> list[tuple[str, int | None]]:
        """The log wrapped to width, as (line, seat) pairs; made again only when the log or the viewer changes."""
        key = (self.match.version, width, self.viewer(), self.start)
        if self._lines is None or self._lines[0] != key:
            out: list[tuple[str, int | None]] = []
            for index in range(self.start, len(self.match.log)):
                entry = self.match.log[index]
                for k, line in enumerate(wrap_text(f"{index + 1}. {t(entry.text)}", font, width)):
                    out.append((line if k == 0 else "    " + line, entry.seat))
                for caused in (self.caused(index) if self.caused else []):
                    # already in the reader's language: the game's caused() says it through t()
                    for k, line in enumerate(wrap_text(caused, font, width - font.size("      ")[0])):
                        out.append(("    → " + line if k == 0 else "      " + line, entry.seat))
            self._lines = (key, out)
        return self._lines[1]

    def handle(self, event, rect: pygame.Rect) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.app.mouse and rect.collidepoint(self.app.mouse):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, title: str | None = None, hint: str = "") -> None:
        px = self.app.px
        draw_panel(surface, rect, fill=(34, 26, 20), edge=theme.BRASS_DARK, radius=px(10))
        font = self.app.font(px(14))
        draw_text(surface, title or t("Game log"), (rect.left + px(14), rect.top + px(10)), self.app.font(px(16), True),
                  theme.BRASS)
        body = rect.inflate(-px(28), -px(50))
        body.top = rect.top + px(38)
        if hint:
            body.height -= font.get_linesize()
            draw_text(surface, hint, (rect.centerx, rect.bottom - px(10)), self.app.font(px(13)), theme.TEXT_DIM,
                      "midbottom")
        lines = self.lines(body.width, font)
        step = font.get_linesize()
        fit = max(1, body.height // step)
        self.scroll = min(self.scroll, max(0, len(lines) - fit))
        shown = lines[max(0, len(lines) - fit - self.scroll): len(lines) - self.scroll]
        y = body.top
        for line, seat in shown:
            if seat is not None:
                colour = theme.seat_rgb(self.match.seats[seat].colour)
                pygame.draw.rect(surface, colour, (body.left - px(8), y + px(3), px(4), step - px(6)))
            draw_text(surface, line, (body.left, y), font, theme.TEXT)
            y += step
        if not lines:
            draw_text(surface, t("Nothing has happened yet."), body.topleft, font, theme.TEXT_DIM)


def placed_since_last_turn(match, seat: int, cells_of) -> set:
    """Cells that gained a tile between `seat`'s previous turn and its current one (others' turns only)."""
    log, states = match.log, match.states
    turn_id = match.rules.turn_id
    i = len(log)
    now = turn_id(states[-1])
    while i > 0 and turn_id(states[i - 1]) == now:  # step back over the actions of the turn in progress
        i -= 1
    j = i
    while j > 0 and log[j - 1].seat != seat:
        j -= 1
    if j == 0 and not any(e.seat == seat for e in log[:i]):
        return set()  # the seat's first turn: everything is new, nothing to point out
    return set(cells_of(states[i])) - set(cells_of(states[j]))
