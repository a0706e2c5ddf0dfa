"""Settings: language, fullscreen, window size, animation speed, sound, purist mode and finished games kept; each applies
at once."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from engine.core.words import N_
from engine.ui import i18n, theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.settings import ANIMATION_SPEEDS, HARD_SECONDS_CHOICES, KEEP_FINISHED_CHOICES, WINDOW_SIZES
from engine.ui.widgets import (
    Button,
    Cycle,
    Toggle,
    WidgetGroup,
    centred_rect,
    draw_background,
    draw_panel,
    draw_text,
    draw_wrapped,
)

if TYPE_CHECKING:
    from engine.ui.app import App

SPEED_LABELS = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}


class SettingsScene(Scene):
    """One row per setting; changes are applied and saved immediately."""

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        s = app.settings
        sizes = list(WINDOW_SIZES)
        w, h = s.window_size
        if (w, h) not in sizes:
            sizes.append((w, h))
        r = pygame.Rect(0, 0, 1, 1)
        codes = i18n.languages()
        shown = i18n.language()
        self.language = Cycle(r.copy(), codes, codes.index(shown) if shown in codes else 0,
                              lambda v: self._set(language=v), label=i18n.name_of,
                              tooltip=lambda: t("The table's language: menus, rules pages, log and tiles"))
        self.fullscreen = Toggle(r.copy(), lambda: t("Full screen (F11)"), app.fullscreen,
                                 lambda v: self._set(fullscreen=v))
        self.size = Cycle(r.copy(), sizes, sizes.index((w, h)), lambda v: self._set(window_size=v),
                          label=lambda v: f"{v[0]} × {v[1]}",
                          tooltip=lambda: t("The window's size when it is not full screen"))
        speeds = list(ANIMATION_SPEEDS)
        self.speed = Cycle(r.copy(), speeds, speeds.index(s.animation_speed), lambda v: self._set(animation_speed=v),
                           label=lambda v: t(SPEED_LABELS[v]),
                           tooltip=lambda: t("How long spins, banners and computer moves stay in view"))
        self.sound = Toggle(r.copy(), lambda: t("Pick up, drop, refusal and scoring"), s.sound,
                            lambda v: self._set(sound=v))
        self.purist = Toggle(r.copy(), lambda: t("Hide highlights and projected scores"), s.purist,
                             lambda v: self._set(purist=v))
        keeps = sorted({*KEEP_FINISHED_CHOICES, s.keep_finished})
        self.keep = Cycle(r.copy(), keeps, keeps.index(s.keep_finished), lambda v: self._set(keep_finished=v),
                          label=lambda v: t("Keep the last {n}", n=v),
                          tooltip=lambda: t("Finished games kept for replay; older ones are removed. "
                                            "Games in progress are always kept."))
        hards = sorted({*HARD_SECONDS_CHOICES, s.hard_seconds})
        self.hard = Cycle(r.copy(), hards, hards.index(s.hard_seconds), lambda v: self._set(hard_seconds=v),
                          label=lambda v: t("{n} s a turn", n=f"{v:g}"),
                          tooltip=lambda: t("How long a Hard computer seat thinks about each turn: longer plays better"))
        self.back = Button(r.copy(), lambda: t("Back"), self.app.pop, style="primary", tooltip=lambda: t("Esc"))
        self.ui = WidgetGroup([self.language, self.fullscreen, self.size, self.speed, self.sound, self.keep, self.hard,
                               self.purist, self.back])
        self.layout()

    def _set(self, **changes) -> None:
        new = dataclasses.replace(self.app.settings, **changes)
        self.app.apply_settings(new)
        self.fullscreen.value = self.app.fullscreen
        if changes.get("sound"):
            self.app.sound.play("drop")  # let the player hear the sound they just turned on

    # ---------------------------------------------------------------- layout
    def layout(self) -> None:
        px = self.app.px
        self.box = centred_rect(self.app.size, px(660), px(680))
        x = self.box.left + px(250)
        w = self.box.right - px(40) - x
        rows = [self.language, self.fullscreen, self.size, self.speed, self.sound, self.keep, self.hard,
                self.purist]  # purist's note last
        self.row_y = []
        for i, widget in enumerate(rows):
            y = self.box.top + px(84) + i * px(54)
            self.row_y.append(y)
            widget.rect = pygame.Rect(x, y, w, px(40))
            widget.font = self.app.font(px(17))
        self.back.rect = pygame.Rect(0, 0, px(160), px(44))
        self.back.rect.midbottom = (self.box.centerx, self.box.bottom - px(24))
        self.back.font = self.app.font(px(18), bold=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.ui.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        px = self.app.px
        draw_panel(surface, self.box, radius=px(16))
        draw_text(surface, t("Settings"), (self.box.centerx, self.box.top + px(44)), self.app.font(px(30), bold=True),
                  theme.PARCHMENT, "center")
        labels = [t("Language"), t("Screen"), t("Window size"), t("Animation speed"), t("Sound"), t("Finished games"),
                  t("Hard computer"), t("Purist mode")]
        font = self.app.font(px(17), bold=True)
        for label, y in zip(labels, self.row_y):
            draw_text(surface, label, (self.box.left + px(40), y + px(20)), font, theme.TEXT, "midleft")
        note = t("Purist mode hides the highlighted legal spots and the projected scores during play; "
                 "a refused move still says why, and the final score sheet is always shown.")
        draw_wrapped(surface, note, pygame.Rect(self.box.left + px(40), self.row_y[-1] + px(50), self.box.width - px(80),
                                                px(60)), self.app.font(px(14)), theme.TEXT_DIM)
        if self.app.settings_problem:
            draw_wrapped(surface, t(self.app.settings_problem), pygame.Rect(self.box.left + px(40), self.box.bottom + px(10),
                                                                         self.box.width - px(80), px(60)),
                         self.app.font(px(14)), theme.BAD)
        self.ui.draw(surface, self.app.font(px(17)))
        self.ui.draw_tooltips(surface, self.app.font(px(15)))
