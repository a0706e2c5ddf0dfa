"""Replay: step through a saved game with the arrows, a play button or the slider.

The game's own scene draws each step (so the board looks exactly as it did),
laid out above the replay bar; this scene sits above it and owns the controls.
Through to the game below go the pointer's hover, the camera's wheel and
middle-button pan, and clicks on its enabled buttons (Scores, Log, ?, the final
sheet): nothing can be played. At the last step of a finished game the final
score sheet opens.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.core.match import Match, ReplayMatch
from engine.core.registry import GameInfo
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.widgets import Button, Cycle, Widget, WidgetGroup, draw_panel, draw_text

if TYPE_CHECKING:
    from engine.ui.app import App

STEP_SECONDS = 0.9  # one step per this many seconds while playing, at normal animation speed


class ReplayScene(Scene):
    """Controls over a read-only game scene showing the save at the chosen step."""

    opaque = True

    def __init__(self, app: "App", info: GameInfo, source: Match, start: int = 0) -> None:
        super().__init__(app)
        self.info = info
        self.replay = ReplayMatch(source)
        self.finished = source.finished
        assert info.make_scene is not None, f"{info.id} has no screen to replay in"
        self.game = info.make_scene(app, self.replay)
        self.game.reveal_all = self.finished  # a finished game hides nothing any more
        self.sheet_due = False  # arrived at the end of a finished game: its final sheet opens
        self.seek(start)
        self.playing = False
        self.clock = 0.0
        self.sliding = False
        r = pygame.Rect(0, 0, 1, 1)
        self.btn_start = Button(r.copy(), "|<", lambda: self.seek(0), tooltip=lambda: t("First step (Home)"))
        self.btn_back = Button(r.copy(), "<", lambda: self.seek(self.replay.step - 1), tooltip=lambda: t("Back (Left)"))
        self.btn_play = Button(r.copy(), self._play_label, self.toggle_play, style="primary",
                               tooltip=lambda: t("Play or pause (Space)"))
        self.btn_next = Button(r.copy(), ">", lambda: self.seek(self.replay.step + 1), tooltip=lambda: t("Forward (Right)"))
        self.btn_end = Button(r.copy(), ">|", lambda: self.seek(self.replay.length), tooltip=lambda: t("Last step (End)"))
        self.btn_close = Button(r.copy(), lambda: t("Close"), self.close, tooltip=lambda: t("Back to the list (Esc)"))
        widgets: list[Widget] = [self.btn_start, self.btn_back, self.btn_play, self.btn_next, self.btn_end, self.btn_close]
        self.watch: Cycle | None = None
        if getattr(self.game, "private", False) and not self.finished and getattr(self.game, "humans", []):
            # A game still in progress keeps its secrets: the replay shows one seat's view, after the curtain.
            seats = list(self.game.humans)
            self.game.replay_seat = seats[0]
            self.watch = Cycle(r.copy(), seats, 0, self._watch, label=lambda i: t("View: {who}", who=source.seats[i].name),
                               tooltip=lambda: t("Whose hidden pieces the replay shows"))
            widgets.append(self.watch)
        self.ui = WidgetGroup(widgets)
        self.layout()

    @property
    def match(self) -> ReplayMatch:  # F1 (rules) works here as in the game
        return self.replay

    def _watch(self, seat: int) -> None:
        self.game.replay_seat = seat

    def _play_label(self) -> str:
        return t("Pause") if self.playing else t("Play")

    # ---------------------------------------------------------------- control
    def seek(self, step: int) -> None:
        before = self.replay.step if hasattr(self, "clock") else -1
        self.replay.seek(step)
        self.clock = 0.0
        if self.replay.step >= self.replay.length:
            self.playing = False
            if self.finished and before != self.replay.step:
                self.sheet_due = True

    def toggle_play(self) -> None:
        if not self.playing and self.replay.step >= self.replay.length:
            self.seek(0)  # play from the start again
        self.playing = not self.playing
        self.clock = 0.0

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ---------------------------------------------------------------- layout
    def layout(self) -> None:
        px = self.app.px
        w, h = self.app.size
        self.bar = pygame.Rect(0, h - px(92), w, px(92))
        x, y = px(16), self.bar.top + px(12)
        for b, width in ((self.btn_start, 44), (self.btn_back, 44), (self.btn_play, 84), (self.btn_next, 44),
                         (self.btn_end, 44)):
            b.rect = pygame.Rect(x, y, px(width), px(36))
            b.font = self.app.font(px(16), bold=True)
            x += px(width) + px(6)
        right = w - px(16)
        self.btn_close.rect = pygame.Rect(right - px(96), y, px(96), px(36))
        self.btn_close.font = self.app.font(px(16), bold=True)
        right = self.btn_close.rect.left - px(10)
        if self.watch is not None:
            self.watch.rect = pygame.Rect(right - px(200), y, px(200), px(36))
            self.watch.font = self.app.font(px(15))
            right = self.watch.rect.left - px(10)
        self.slider = pygame.Rect(x + px(14), y + px(12), max(px(60), right - x - px(28)), px(12))
        self.caption = pygame.Rect(px(16), y + px(44), w - px(32), px(24))
        self.game.reserved_bottom = self.bar.height  # the table is laid out above the bar: nothing hides under it
        self.game.on_resize(self.app.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def _slide_to(self, x: int) -> None:
        frac = (x - self.slider.left) / max(1, self.slider.width)
        self.seek(round(max(0.0, min(1.0, frac)) * self.replay.length))

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> None:
        if self.ui.handle(event):
            return
        pos = getattr(event, "pos", None)
        off_bar = pos is None or not self.bar.collidepoint(pos)
        if off_bar and (self.game.show_sheet or self.game.show_log) and self.game.handle_overlays(event):
            return  # Esc or a click closes the game's open sheet or log first
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
            if event.key in keys:
                self.playing = False
                self.seek(self.replay.step + keys[event.key] * (10 if event.mod & pygame.KMOD_SHIFT else 1))
            elif event.key == pygame.K_HOME:
                self.seek(0)
            elif event.key == pygame.K_END:
                self.seek(self.replay.length)
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle_play()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.slider.inflate(0, 20).collidepoint(event.pos):
            self.sliding = True
            self.playing = False
            self._slide_to(event.pos[0])
            return
        if event.type == pygame.MOUSEMOTION and self.sliding:
            self._slide_to(event.pos[0])
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.sliding:
            self.sliding = False
            return
        if not off_bar:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 and any(
                w.visible and w.enabled and w.rect.collidepoint(pos) for w in self.game.widgets.widgets):
            self.game.widgets.handle(event)  # Scores, Log, ?, Final scores: looking, never playing
            return
        # The board below may be looked at (hover, wheel zoom, middle-button pan) but not played on.
        if event.type == pygame.MOUSEMOTION or event.type == pygame.MOUSEWHEEL or (
                event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 2):
            self.game.handle(event)

    def update(self, dt: float) -> None:
        self.game.update(dt)
        if self.sheet_due and self.app.top is self:
            self.sheet_due = False
            self.game.push_final_sheet()
        if self.playing:
            self.clock += dt
            step_time = max(0.15, self.app.settings.seconds(STEP_SECONDS))
            if self.clock >= step_time:
                self.seek(self.replay.step + 1)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.game.draw(surface)
        px = self.app.px
        panel = pygame.Surface(self.bar.size, pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), radius=0, shadow=False)
        panel.set_alpha(236)
        surface.blit(panel, self.bar)
        pygame.draw.line(surface, theme.BRASS, self.bar.topleft, self.bar.topright, 2)
        # The slider: a track, the part played so far and a knob.
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.35), self.slider, border_radius=self.slider.h // 2)
        n = max(1, self.replay.length)
        done = self.slider.copy()
        done.width = round(self.slider.width * self.replay.step / n)
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=self.slider.h // 2)
        knob = (self.slider.left + done.width, self.slider.centery)
        pygame.draw.circle(surface, theme.PARCHMENT, knob, px(10))
        pygame.draw.circle(surface, theme.BRASS, knob, px(10), 2)
        step, length = self.replay.step, self.replay.length
        if step == 0:
            what = t("The game as it was set up.")
        else:
            entry = self.replay.log[-1]
            what = t(entry.text)
        text = t("Replay · step {k} of {n}: {what}", k=step, n=length, what=what)
        font = self.app.font(px(16))
        while font.size(text)[0] > self.caption.width and len(text) > 4:
            text = text[:-2] + "…"
        draw_text(surface, text, self.caption.midleft, font, theme.TEXT, "midleft")
        self.ui.draw(surface, self.app.font(px(16)))
        self.ui.draw_tooltips(surface, self.app.font(px(15)))
