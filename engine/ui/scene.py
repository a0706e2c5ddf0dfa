"""The Scene base: one screen of the program (menu, setup, a game, a dialog)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from engine.ui.app import App


class Scene:
    """A screen of the program: owns its drawing and its events."""

    opaque: bool = True  # False: the scene below is drawn first (overlays, dialogs)

    def __init__(self, app: "App") -> None:
        self.app = app

    def on_enter(self) -> None:
        """Called when the scene is put on the stack."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack (popped or replaced)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event; only the top scene receives events."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds; only the top scene is updated."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto surface."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size; every scene on the stack is told."""

    def notice_area(self) -> pygame.Rect | None:
        """Where the window's own warnings may sit without hiding what a player reads (None: the whole window)."""
        return None
