"""The window's own messages over every scene: lasting warnings (the autosave is failing) and short notices.

They come from the world around a game (the disk, the settings file), not from
a game's rules, so the app draws them above whatever scene is on top. A
message shown already is not stacked again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.ui import theme
from engine.ui.widgets import draw_panel, draw_text, wrap_text

if TYPE_CHECKING:
    from engine.ui.app import App

NOTICE_SECONDS = 7.0
MAX_SHOWN = 3  # more at once would cover the table; the newest win


@dataclass
class _Message:
    text: str
    seconds: float | None  # None: until taken back


class Notices:
    """Messages the app shows above every scene, each once."""

    def __init__(self) -> None:
        self._lasting: dict[str, _Message] = {}
        self._timed: list[_Message] = []

    def warn(self, key: str, text: str | None) -> None:
        """Show `text` until warn(key, None) takes it back (one message per key)."""
        if text is None:
            self._lasting.pop(key, None)
        else:
            self._lasting[key] = _Message(text, None)

    def notify(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """Show `text` for a few seconds; the same text shown already only starts its time again."""
        for message in self._timed:
            if message.text == text:
                message.seconds = seconds
                return
        self._timed.append(_Message(text, seconds))

    def lasting(self, key: str) -> str | None:
        message = self._lasting.get(key)
        return message.text if message is not None else None

    @property
    def texts(self) -> list[str]:
        """What is shown now, lasting warnings first."""
        return [m.text for m in self.shown]

    @property
    def shown(self) -> list[_Message]:
        return (list(self._lasting.values()) + self._timed)[:MAX_SHOWN]

    def update(self, dt: float) -> None:
        for message in self._timed:
            message.seconds = (message.seconds or 0.0) - dt
        self._timed = [m for m in self._timed if (m.seconds or 0.0) > 0]

    def draw(self, surface: pygame.Surface, app: "App", area: pygame.Rect | None = None) -> list[pygame.Rect]:
        """Each message in a red-edged box at the bottom centre of `area` (default the window); returns the boxes."""
        if not self._lasting and not self._timed:
            return []
        px = app.px
        font = app.font(px(15), bold=True)
        area = surface.get_rect() if area is None else area.clip(surface.get_rect())
        width = min(max(area.w, px(360)) - px(24), px(620), surface.get_width() - px(12))
        boxes = []
        y = area.bottom - px(8)
        for message in self.shown:  # the lasting warning sits lowest, where it stays; notices stack above it
            lines = wrap_text(message.text, font, width - px(58))[:4]
            height = len(lines) * font.get_linesize() + px(16)
            box = pygame.Rect(0, y - height, width, height)
            box.centerx = area.centerx
            box.clamp_ip(surface.get_rect())
            lasting = message.seconds is None
            draw_panel(surface, box, fill=theme.mix(theme.PANEL, theme.BAD, 0.18), edge=theme.BAD,
                       radius=px(10), width=2 if lasting else 1)
            theme.draw_warning(surface, pygame.Rect(box.left + px(12), box.top + px(8), px(22), px(22)),
                               theme.BAD if lasting else theme.BRASS)
            ty = box.top + px(8)
            for line in lines:
                draw_text(surface, line, (box.left + px(44), ty), font, theme.PARCHMENT)
                ty += font.get_linesize()
            boxes.append(box)
            y = box.top - px(6)
        return boxes
