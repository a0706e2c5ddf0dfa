"""The pass-and-play curtain: "Hand the screen to Anna". Nothing of the game is drawn below it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.widgets import Button, WidgetGroup, centred_rect, draw_background, draw_panel, draw_text, draw_wrapped

if TYPE_CHECKING:
    from engine.ui.app import App
    from engine.ui.game_scene import GameScene


class CurtainScene(Scene):
    """Covers the whole window (opaque: the game below is not drawn) until `seat` takes the screen."""

    opaque = True

    def __init__(self, app: "App", game: "GameScene", seat: int) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.name = game.match.seats[seat].name
        self.button = Button(pygame.Rect(0, 0, 1, 1), lambda: t("I am {who}: show my game", who=self.name),
                             self.lift, style="primary", tooltip=lambda: t("Click when only you can see the screen"))
        self.menu_button = Button(pygame.Rect(0, 0, 1, 1), lambda: t("Menu"), self.app.to_menu,
                                  tooltip=lambda: t("The game is saved; the menu offers Continue"))
        self.ui = WidgetGroup([self.button, self.menu_button])
        self.layout()

    def layout(self) -> None:
        px = self.app.px
        self.box = centred_rect(self.app.size, px(620), px(300))
        self.button.rect = pygame.Rect(0, 0, px(380), px(52))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - px(34))
        self.button.font = self.app.font(px(19), bold=True)
        self.menu_button.rect = pygame.Rect(px(24), self.app.size[1] - px(64), px(110), px(40))
        self.menu_button.font = self.app.font(px(16), bold=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def lift(self) -> None:
        self.game.take_screen(self.seat)
        if self.app.top is self:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.ui.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.lift()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()

    def words(self) -> str:
        """Why the screen goes to this seat: its decision, or (the game over) its look at the final scores."""
        if self.game.match.finished:
            return t("The game is over: {who} sees the final scores and the board.", who=self.name)
        return t("{who} decides next. The others look away: {who}'s hidden pieces show once {who} clicks.", who=self.name)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        px = self.app.px
        draw_panel(surface, self.box, radius=px(16))
        chip = pygame.Rect(0, 0, px(50), px(50))
        chip.center = (self.box.centerx, self.box.top + px(54))
        theme.draw_seat_badge(surface, self.game.match.seats[self.seat].colour, chip)  # colour and its mark
        draw_text(surface, t("Hand the screen to {who}", who=self.name), (self.box.centerx, self.box.top + px(112)),
                  self.app.font(px(32), bold=True), theme.PARCHMENT, "center")
        text = self.words()
        draw_wrapped(surface, text, pygame.Rect(self.box.left + px(40), self.box.top + px(140), self.box.width - px(80),
                                                px(70)), self.app.font(px(17)), theme.TEXT_DIM, align="center")
        self.ui.draw(surface, self.app.font(px(16)))
        self.ui.draw_tooltips(surface, self.app.font(px(15)))
