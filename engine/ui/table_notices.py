"""What just happened on the table, in words: notices over the top of the board, and the refusal toast at its foot.

Every game shows the same kind of notice ("Ann spun 4", "The oasis is scored")
the same way: newest last, a few at a time, an identical one merged with a count
instead of stacked, faint while a piece is held or the pointer is near them so
they never hide a cell the player must judge, and fading out at the end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine.ui import theme
from engine.ui.surface_cache import MB, SurfaceCache
from engine.ui.widgets import draw_panel, draw_text, wrap_text

if TYPE_CHECKING:
    from engine.ui.app import App

FILLS = {  # a notice's style: its panel colour
    "plain": (40, 30, 24),
    "good": (44, 70, 58),  # something scored
    "special": (58, 46, 92),  # a card's reward (Five Tribes' Whims)
}
TOAST_FILL = (90, 34, 28)
TOAST_EDGE = (220, 70, 60)
FADE_SECONDS = 0.6
FAINT_ALPHA = 60
PANELS_BUDGET = 4 * MB  # a few notice sizes at a time


@dataclass(eq=False)
class Notice:
    """One line of news: its words, how long it stays, how it looks, and the game's own note behind it.

    The words may be a function: a game whose notices depend on who holds the
    screen words them when they are drawn (the holder may change meanwhile).
    """

    said: str | Callable[[], str]
    seconds: float
    style: str = "plain"
    icon: Callable[[int], pygame.Surface | None] | None = None  # the picture at its left, at a height in pixels
    icon_height: int = 36  # design pixels
    min_height: int = 0  # design pixels (a card's picture needs room)
    note: Any = None  # what the game made it from (cells to outline, a card ...)
    count: int = 1
    sticky: bool = False  # kept in view before the others (a card paid out)

    @property
    def text(self) -> str:
        return self.said() if callable(self.said) else self.said



@dataclass
class NoticeBoard:
    """The table's notices: add, age, and draw them; the same words again only count up."""

    app: "App"
    shown: int = 4  # at most this many at once
    notices: list[Notice] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._panels: SurfaceCache[tuple, pygame.Surface] = SurfaceCache(PANELS_BUDGET, "notice panels")
        self._bottom = 0  # where the last drawn notice ended: the pointer near them makes them faint

    def add(self, said: str | Callable[[], str], seconds: float, style: str = "plain", **kwargs: Any) -> Notice | None:
        """Show the words for `seconds`; the same words shown already count up instead of stacking.

        Words given as a function are worded only when drawn (nobody may hold the
        screen yet); identical ones are merged there.
        """
        if not callable(said):
            if not said:
                return None
            for notice in self.notices:
                if not callable(notice.said) and notice.said == said and notice.style == style:
                    notice.count += 1
                    notice.seconds = max(notice.seconds, seconds)
                    return notice
        notice = Notice(said, seconds, style, **kwargs)
        self.notices.append(notice)
        return notice

    def update(self, dt: float) -> None:
        for notice in self.notices:
            notice.seconds -= dt
        self.notices = [n for n in self.notices if n.seconds > 0]

    def clear(self) -> None:
        self.notices = []

    def __iter__(self):
        return iter(self.notices)

    def __len__(self) -> int:
        return len(self.notices)

    def visible(self) -> list[tuple[Notice, int]]:
        """The notices in view with how many times each was said, oldest first; sticky ones claim places first."""
        groups: dict[tuple[str, str], list[Notice]] = {}
        for notice in self.notices:
            text = notice.text
            if text:
                groups.setdefault((text, notice.style), []).append(notice)
        merged = [(group[-1], sum(n.count for n in group)) for group in groups.values()]
        merged.sort(key=lambda item: self.notices.index(item[0]))
        sticky = [m for m in merged if m[0].sticky][-self.shown:]
        rest = [m for m in merged if not m[0].sticky][-(self.shown - len(sticky)):] if len(sticky) < self.shown else []
        return [m for m in merged if m in sticky or m in rest]

    def any(self, test: Callable[[Notice], bool]) -> bool:
        return any(test(n) for n in self.notices)

    # ------------------------------------------------------------ drawing
    def layout(self, area: pygame.Rect, width: int = 600) -> list[tuple[Notice, pygame.Surface | None, list[str],
                                                                      pygame.Rect]]:
        """Where each notice in view stands: at the top of `area` and inside it, oldest first.

        Where the area cannot hold them all, the newest stay (a sticky one before the
        rest) and the older ones wait in the log; a notice taller than the whole area
        is cut to the lines that fit, ending in "…". Each: the notice, its picture, its
        lines, its rectangle.
        """
        px = self.app.px
        font = self.app.font(px(14))
        width = min(area.width - px(40), px(width))
        top = area.top + px(10)
        room = area.bottom - top
        laid = []  # (notice, picture, lines, height), oldest first
        for notice, count in self.visible():
            words = notice.text if count == 1 else f"{notice.text} (×{count})"
            picture = notice.icon(px(notice.icon_height)) if notice.icon is not None else None
            icon_w = picture.get_width() if picture is not None else 0
            lines = wrap_text(words, font, width - px(24) - (icon_w + px(10) if icon_w else 0))
            height = max(len(lines) * font.get_linesize() + px(14), px(notice.min_height))
            laid.append((notice, picture, lines, height))
        while len(laid) > 1 and sum(item[3] for item in laid) + px(6) * (len(laid) - 1) > room:
            older = [k for k, item in enumerate(laid) if not item[0].sticky]
            del laid[older[0] if older else 0]
        if laid and laid[0][3] > room:
            notice, picture, lines, _ = laid[0]
            keep = max(1, (room - px(14)) // font.get_linesize())
            if keep < len(lines):
                lines = lines[:keep - 1] + [lines[keep - 1].rstrip(" .,;:") + "…"]
            laid[0] = (notice, picture, lines, max(1, min(room, len(lines) * font.get_linesize() + px(14))))
        placed = []
        y = top
        for notice, picture, lines, height in laid:
            rect = pygame.Rect(0, y, width, height)
            rect.centerx = area.centerx
            placed.append((notice, picture, lines, rect))
            y = rect.bottom + px(6)
        return placed

    def draw(self, surface: pygame.Surface, area: pygame.Rect, pointer: tuple[int, int] | None, holding: bool,
             width: int = 600) -> int:
        """The notices as `layout` places them, faint when a piece is held or the pointer is near; returns their foot."""
        px = self.app.px
        font = self.app.font(px(14))
        top = y = area.top + px(10)
        near = pointer is not None and area.collidepoint(pointer) and pointer[1] < self._bottom + px(20)
        faint = holding or near
        for notice, picture, lines, rect in self.layout(area, width):
            panel = self._panel(rect.size, FILLS.get(notice.style, FILLS["plain"]))
            fade = min(1.0, notice.seconds / FADE_SECONDS)
            panel.set_alpha(int((FAINT_ALPHA if faint else 232) * fade))
            surface.blit(panel, rect)
            x = rect.left + px(12)
            if picture is not None:
                if faint:
                    picture = picture.copy()
                    picture.set_alpha(FAINT_ALPHA)
                surface.blit(picture, picture.get_rect(midleft=(rect.left + px(8), rect.centery)))
                x = rect.left + px(8) + picture.get_width() + px(10)
            ty = rect.top + px(7)
            colour = theme.mix(theme.TEXT, FILLS["plain"], 0.75) if faint else theme.TEXT
            for line in lines:
                draw_text(surface, line, (x, ty), font, colour)
                ty += font.get_linesize()
            y = rect.bottom + px(6)
        self._bottom = y if y > top else 0
        return y

    def _panel(self, size: tuple[int, int], fill: tuple[int, int, int]) -> pygame.Surface:
        key = (size, fill)
        panel = self._panels.get(key)
        if panel is None:
            panel = pygame.Surface(size, pygame.SRCALPHA)
            draw_panel(panel, panel.get_rect(), fill=fill, edge=theme.BRASS_DARK, radius=self.app.px(8), width=1,
                       shadow=False)
            self._panels[key] = panel
        return panel


def draw_toast(app: "App", surface: pygame.Surface, area: pygame.Rect, text: str,
               avoid: pygame.Rect | None = None, width: int = 600) -> pygame.Rect:
    """Why the last gesture was refused: a red panel at the foot of `area`, above `avoid` if they would meet."""
    px = app.px
    font = app.font(px(14))
    box_w = min(area.width - px(40), px(width))
    lines = wrap_text(text, font, box_w - px(24))
    rect = pygame.Rect(0, 0, box_w, len(lines) * font.get_linesize() + px(16))
    rect.midbottom = (area.centerx, area.bottom - px(12))
    if avoid is not None and rect.colliderect(avoid):
        rect.bottom = avoid.top - px(8)
    draw_panel(surface, rect, fill=TOAST_FILL, edge=TOAST_EDGE, radius=px(8))
    ty = rect.top + px(8)
    for line in lines:
        draw_text(surface, line, (rect.left + px(12), ty), font, theme.TEXT)
        ty += font.get_linesize()
    return rect
