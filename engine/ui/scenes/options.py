"""A game's setup options (desert border, board size, hidden gold...): one row per option, a cycle of choices.

Options come from the game's rules (engine.core.options spells them out); the
chosen values go to `rules.setup(..., options)`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.widgets import Button, Cycle, WidgetGroup, centred_rect, draw_panel, draw_text, draw_wrapped

if TYPE_CHECKING:
    from engine.ui.app import App


def describe(specs: list[dict[str, Any]], values: dict[str, Any]) -> str:
    """'2 of 6 options changed' or 'all options as the rules give them'."""
    changed = [s for s in specs if values.get(s["id"]) != s.get("default", s["choices"][0]["value"])]
    if not changed:
        return t("Options: as the rules give them ({n})", n=len(specs))
    return t("Options: {n} of {total} changed", n=len(changed), total=len(specs))


class OptionsScene(Scene):
    """Edits `values` (a dict shared with the setup screen) in place."""

    opaque = False

    def __init__(self, app: "App", title: str, specs: list[dict[str, Any]], values: dict[str, Any]) -> None:
        super().__init__(app)
        self.title = title
        self.specs = specs
        self.values = values
        self.cycles: list[Cycle] = []
        for spec in specs:
            vals = [c["value"] for c in spec["choices"]]
            labels = {repr(c["value"]): c["label"] for c in spec["choices"]}
            current = values.get(spec["id"], spec.get("default", vals[0]))
            cycle = Cycle(pygame.Rect(0, 0, 1, 1), vals, vals.index(current) if current in vals else 0,
                          on_change=self._setter(spec["id"]), label=self._labeller(labels),
                          tooltip=self._helper(spec))
            self.cycles.append(cycle)
        self.reset = Button(pygame.Rect(0, 0, 1, 1), lambda: t("As the rules give them"), self._reset,
                            tooltip=lambda: t("Every option back to its default"))
        self.done = Button(pygame.Rect(0, 0, 1, 1), lambda: t("Done"), self.app.pop, style="primary",
                           tooltip=lambda: t("Enter / Esc"))
        self.ui = WidgetGroup([*self.cycles, self.reset, self.done])
        self.layout()

    def _setter(self, option_id: str):
        def set_value(value: Any) -> None:
            self.values[option_id] = value
        return set_value

    @staticmethod
    def _labeller(labels: dict[str, str]) -> Callable[[Any], str]:
        return lambda v: t(labels[repr(v)])

    @staticmethod
    def _helper(spec: dict[str, Any]) -> Callable[[], str]:
        return lambda: t(spec.get("help", "")) if spec.get("help") else ""

    def _reset(self) -> None:
        for spec, cycle in zip(self.specs, self.cycles):
            default = spec.get("default", spec["choices"][0]["value"])
            cycle.set_value(default)
            self.values[spec["id"]] = default

    def layout(self) -> None:
        px = self.app.px
        self.pitch = px(50)
        height = px(110) + self.pitch * max(1, len(self.specs)) + px(80)
        self.box = centred_rect(self.app.size, px(860), min(self.app.size[1] - px(20), height))
        top = self.box.top + px(84)
        for i, cycle in enumerate(self.cycles):
            cycle.rect = pygame.Rect(self.box.left + px(300), top + i * self.pitch, px(530), px(38))
            cycle.font = self.app.font(px(15))
        self.done.rect = pygame.Rect(self.box.right - px(170), self.box.bottom - px(62), px(140), px(42))
        self.reset.rect = pygame.Rect(self.box.left + px(30), self.box.bottom - px(62), px(260), px(42))
        for b in (self.done, self.reset):
            b.font = self.app.font(px(16), bold=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.ui.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        px = self.app.px
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, radius=px(16))
        draw_text(surface, t("{game}: options", game=t(self.title)), (self.box.centerx, self.box.top + px(40)),
                  self.app.font(px(26), bold=True), theme.PARCHMENT, "center")
        font = self.app.font(px(16), bold=True)
        for spec, cycle in zip(self.specs, self.cycles):
            draw_wrapped(surface, t(spec["label"]), pygame.Rect(self.box.left + px(30), cycle.rect.top + px(2), px(260),
                                                                 px(40)), font, theme.TEXT, max_lines=2)
        self.ui.draw(surface, self.app.font(px(15)))
        self.ui.draw_tooltips(surface, self.app.font(px(14)))
