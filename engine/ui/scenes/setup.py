"""Game setup: who sits at the table (name, colour, human or computer) and the seed."""
from __future__ import annotations

import random
import sys
import traceback
from typing import TYPE_CHECKING, Any

import pygame

from engine.core.errors import DataError
from engine.core.registry import GameInfo
from engine.core.rules import Seat
from engine.core.words import N_
from engine.ui import theme
from engine.ui.i18n import t, use_game
from engine.ui.scene import Scene
from engine.ui.widgets import (
    Button,
    Cycle,
    TextInput,
    WidgetGroup,
    draw_background,
    draw_panel,
    draw_text,
    draw_text_shadowed,
    wrap_text,
)

if TYPE_CHECKING:
    from engine.ui.app import App

PLAYS = ("human", "normal", "hard", "easy")  # who decides: a person, or a computer at a level (SEAT_LEVELS)
NAME_MAX = 18
SEED_MAX = 10


def describe_failure(exc: BaseException) -> str:
    """What went wrong, for a player: a data file's place and problem, else the error's kind and text."""
    if isinstance(exc, DataError):
        return t(exc.shown)  # file, line and problem already say it; the class name adds nothing
    return f"{type(exc).__name__}: {exc}"


LEVEL_WORDS = {"easy": N_("Computer · Easy"), "normal": N_("Computer · Normal"), "hard": N_("Computer · Hard")}
LEVEL_TIPS = {
    "human": N_("A person plays this seat"),
    "easy": N_("Easy: plays plausible turns but misjudges them as a casual player would"),
    "normal": N_("Normal: plays sound single turns"),
    "hard": N_("Hard: looks ahead at the other seats' replies; about a second a turn"),
}


def _kind_label(plays: str) -> str:
    return t(LEVEL_WORDS[plays]) if plays in LEVEL_WORDS else t("Human")


def _kind_icon(surface: pygame.Surface, rect: pygame.Rect, kind: str) -> None:
    if kind != "human":
        theme.draw_chip(surface, rect, theme.TEXT)
    else:
        theme.draw_pawn(surface, rect.inflate(-rect.w // 6, -rect.h // 8), theme.TEXT)


def _colour_icon(surface: pygame.Surface, rect: pygame.Rect, colour_id: str) -> None:
    theme.draw_seat_badge(surface, colour_id, rect)


def _cross_icon(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> None:
    r = rect.inflate(-rect.w // 3, -rect.h // 3)
    width = max(2, rect.w // 8)
    pygame.draw.line(surface, colour, r.topleft, r.bottomright, width)
    pygame.draw.line(surface, colour, r.bottomleft, r.topright, width)


def _plus_icon(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> None:
    r = rect.inflate(-rect.w // 3, -rect.h // 3)
    width = max(2, rect.w // 8)
    pygame.draw.line(surface, colour, r.midleft, r.midright, width)
    pygame.draw.line(surface, colour, r.midtop, r.midbottom, width)


class SeatRow:
    """One seat being set up: its name field, colour and kind cycles and remove button."""

    def __init__(self, scene: "SetupScene", name: str, colour: str, kind: str) -> None:
        self.scene = scene
        self.auto_name = True  # still a default name: follows human/computer until the player types
        rect = pygame.Rect(0, 0, 1, 1)
        self.name = TextInput(rect, name, hint=lambda: t("Name"), max_len=NAME_MAX, on_change=self._typed)
        self.name.select_on_focus = True
        palette = [c.id for c in theme.seat_colours()]
        self.colour = Cycle(rect, palette, palette.index(colour), on_change=lambda _: scene.refresh(),
                            label=lambda cid: t(theme.seat_colour(cid).name), icon=_colour_icon,
                            skip=self._colour_taken, tooltip=lambda: t("Click: next free colour · right click: previous"))
        self.kind = Cycle(rect, list(PLAYS), PLAYS.index(kind), on_change=self._kind_changed, label=_kind_label,
                          icon=_kind_icon, tooltip=lambda: t("Who decides for this seat: {what} (click: next)",
                                                             what=t(LEVEL_TIPS[self.kind.value])))
        self.remove = Button(rect, "", lambda: scene.remove_seat(self), icon=_cross_icon, style="quiet",
                             tooltip=self._remove_tip)

    @property
    def widgets(self) -> list[Any]:
        return [self.name, self.colour, self.kind, self.remove]

    def _typed(self, _text: str) -> None:
        self.auto_name = False
        self.name.select_on_focus = False
        self.scene.refresh()

    def _kind_changed(self, kind: str) -> None:
        if self.auto_name:
            self.name.text = self.scene.default_name(kind, exclude=self)
        self.scene.refresh()

    def _colour_taken(self, colour: str) -> bool:
        return any(r.colour.value == colour for r in self.scene.rows if r is not self)

    def _remove_tip(self) -> str:
        info = self.scene.info
        if len(self.scene.rows) <= info.min_seats:
            return t("{game} needs at least {n} seats", game=t(info.title), n=info.min_seats)
        return t("Remove this seat")

    def seat(self, index: int) -> Seat:
        plays = self.kind.value
        if plays == "human":
            return Seat(index, self.name.text.strip(), self.colour.value)
        return Seat(index, self.name.text.strip(), self.colour.value, "computer", plays)


class SetupScene(Scene):
    """Choose the seats and the seed of a new game, then start it."""

    def __init__(self, app: "App", info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        use_game(info.id)  # the game's options in its own words
        self.rows: list[SeatRow] = []
        self.error = ""
        r = pygame.Rect(0, 0, 1, 1)
        self.add_button = Button(r, lambda: t("Add seat"), self.add_seat, icon=_plus_icon, tooltip=self._add_tip)
        self.seed = TextInput(r, "", hint=lambda: t("random"), max_len=SEED_MAX, allowed=str.isdigit,
                              tooltip=lambda: t("The same seed deals the same tiles: leave blank for a new game"))
        self.back_button = Button(r, lambda: t("Back"), self.back, tooltip=lambda: t("Back to the games (Esc)"))
        self.start_button = Button(r, lambda: t("Start"), self.start, style="primary", tooltip=self._start_tip)
        from engine.core import options as option_data
        from engine.ui.scenes import options as options_mod

        try:
            self.option_specs = option_data.option_specs(info.make_rules())
        except Exception as exc:  # a game whose rules cannot even be made says so at Start
            self.option_specs = []
            self.error = t("Could not read the game's options") + "\n" + describe_failure(exc)
        self.options: dict[str, Any] = option_data.defaults(self.option_specs)
        self.options_button = Button(r, lambda: t("Options…"), self.open_options,
                                     tooltip=lambda: options_mod.describe(self.option_specs, self.options))
        self.options_button.visible = bool(self.option_specs)
        self.ui = WidgetGroup()
        for _ in range(max(info.min_seats, min(2, info.max_seats))):
            self.add_seat()
        self.layout()

    # ----------------------------------------------------------------- seats
    def default_name(self, kind: str, exclude: SeatRow | None = None) -> str:
        """The lowest-numbered "Player n" / "Computer n" no other seat uses."""
        pattern = t("Player {n}") if kind == "human" else t("Computer {n}")
        taken = {r.name.text.strip().lower() for r in self.rows if r is not exclude}
        n = 1
        while pattern.format(n=n).lower() in taken:
            n += 1
        return pattern.format(n=n)

    def add_seat(self) -> None:
        if len(self.rows) >= self.info.max_seats:
            return
        used = {r.colour.value for r in self.rows}
        free = [c.id for c in theme.seat_colours() if c.id not in used]
        if not free:
            return
        self.rows.append(SeatRow(self, self.default_name("human"), free[0], "human"))
        self.refresh()

    def remove_seat(self, row: SeatRow) -> None:
        if len(self.rows) <= self.info.min_seats or row not in self.rows:
            return
        self.rows.remove(row)
        self.refresh()

    def refresh(self) -> None:
        """Re-read limits and validity after any change, and lay the rows out again."""
        self.error = ""
        at_max = len(self.rows) >= min(self.info.max_seats, len(theme.seat_colours()))
        self.add_button.enabled = not at_max
        for row in self.rows:
            row.remove.enabled = len(self.rows) > self.info.min_seats
        self.start_button.enabled = self.problem() is None
        widgets: list[Any] = [w for row in self.rows for w in row.widgets]
        self.ui.widgets = [*widgets, self.add_button, self.seed, self.options_button, self.back_button,
                           self.start_button]
        if hasattr(self, "_layout_done"):
            self.layout()

    def problem(self) -> str | None:
        """Why the game cannot start yet, in words; None when it can."""
        names = [r.name.text.strip() for r in self.rows]
        for i, name in enumerate(names):
            if not name:
                return t("Seat {n} needs a name", n=i + 1)
        lower = [n.lower() for n in names]
        for name in names:
            if lower.count(name.lower()) > 1:
                return t("Two seats are called {name}", name=name)
        if not self.info.min_seats <= len(self.rows) <= self.info.max_seats:
            return t("{game} is played by {lo} to {hi} seats", game=t(self.info.title), lo=self.info.min_seats,
                     hi=self.info.max_seats)
        return None

    def seats(self) -> list[Seat]:
        return [row.seat(i) for i, row in enumerate(self.rows)]

    def seed_value(self) -> int:
        text = self.seed.text.strip()
        return int(text) if text else random.SystemRandom().randrange(1, 2**31)

    # --------------------------------------------------------------- actions
    def start(self) -> None:
        if self.problem() is not None:
            return
        from engine.ui.catalogue import new_match

        try:
            match = new_match(self.info, self.seats(), self.seed_value(), dict(self.options))
            self.app.start_match(self.info, match)
        except Exception as exc:  # a broken data file or a game's bug: say so here instead of closing the window
            if isinstance(exc, DataError):
                print(exc, file=sys.stderr)  # the file, line and problem say it all; a traceback would bury them
            else:
                traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
            self.error = t("Could not start the game") + "\n" + describe_failure(exc)

    def open_options(self) -> None:
        from engine.ui.scenes.options import OptionsScene

        self.app.push(OptionsScene(self.app, self.info.title, self.option_specs, self.options))

    def back(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def _add_tip(self) -> str:
        if not self.add_button.enabled:
            return t("{game} is played by at most {n} seats", game=t(self.info.title), n=self.info.max_seats)
        return t("Add another seat")

    def _start_tip(self) -> str:
        return self.problem() or t("Start the game (Enter)")

    # ---------------------------------------------------------------- layout
    def layout(self) -> None:
        self._layout_done = True
        w, h = self.app.size
        px = self.app.px
        pad, head_h, add_h, seed_h = px(26), px(30), px(54), px(80)
        footer_h = px(28) + px(50) + px(20)
        self.panel = pygame.Rect(0, 0, min(w - px(40), px(880)), 0)
        self.panel.centerx = w // 2
        self.panel.top = px(122)
        # Rows shrink (down to a floor) when a game seats many players on a small window.
        room = h - self.panel.top - footer_h - pad * 2 - head_h - add_h - seed_h
        pitch = max(px(44), min(px(60), room // max(1, self.info.max_seats)))
        self.row_h = pitch - max(px(6), pitch // 6)
        self.row_gap = pitch - self.row_h
        inner = self.panel.inflate(-pad * 2, 0)
        self.head_y = self.panel.top + pad
        top = self.head_y + head_h
        # Columns: badge | name | colour | plays as | remove
        badge_w, remove_w, gap = px(40), self.row_h - px(6), px(14)
        colour_w, kind_w = px(190), px(236)
        name_w = inner.w - badge_w - colour_w - kind_w - remove_w - gap * 4
        self.cols = {
            "badge": inner.left,
            "name": inner.left + badge_w + gap,
            "colour": inner.left + badge_w + gap * 2 + name_w,
            "kind": inner.left + badge_w + gap * 3 + name_w + colour_w,
        }
        self.row_rects: list[pygame.Rect] = []
        y = top
        half = self.row_gap // 2
        for row in self.rows:
            self.row_rects.append(pygame.Rect(inner.left - px(10), y - half, inner.w + px(20), self.row_h + half * 2))
            row.name.rect = pygame.Rect(self.cols["name"], y, name_w, self.row_h)
            row.colour.rect = pygame.Rect(self.cols["colour"], y, colour_w, self.row_h)
            row.kind.rect = pygame.Rect(self.cols["kind"], y, kind_w, self.row_h)
            row.remove.rect = pygame.Rect(inner.right - remove_w, y + (self.row_h - remove_w) // 2, remove_w, remove_w)
            y += pitch
        self.add_button.rect = pygame.Rect(self.cols["name"], y + px(4), px(170), px(40))
        # The panel keeps room for every possible seat, so adding one never moves the buttons.
        self.divider_y = top + self.info.max_seats * pitch + add_h
        self.seed.rect = pygame.Rect(self.cols["name"], self.divider_y + px(20), px(180), px(44))
        self.options_button.rect = pygame.Rect(inner.right - px(170), self.divider_y + px(20), px(170), px(44))
        self.panel.height = self.seed.rect.bottom + pad - self.panel.top
        bottom = min(h - px(20), self.panel.bottom + px(28) + px(50))
        self.back_button.rect = pygame.Rect(self.panel.left, bottom - px(50), px(150), px(50))
        self.start_button.rect = pygame.Rect(self.panel.right - px(200), bottom - px(50), px(200), px(50))
        self.start_button.font = self.app.font(px(19), bold=True)
        self.back_button.font = self.app.font(px(18))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> None:
        if self.ui.handle(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key == pygame.K_TAB:
            self._tab(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)

    def _tab(self, direction: int) -> None:
        fields = [r.name for r in self.rows] + [self.seed]
        current = next((i for i, f in enumerate(fields) if f.focused), None)
        for f in fields:
            f.focused = False
        i = 0 if current is None else (current + direction) % len(fields)
        fields[i].focus()

    # --------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        w, _ = surface.get_size()
        px = self.app.px
        draw_text_shadowed(surface, t(self.info.title), (w // 2, px(50)), self.app.font(px(40), bold=True), theme.PARCHMENT,
                           "center", offset=px(2))
        draw_text(surface, t("New game · {players}", players=_players(self.info)), (w // 2, px(94)),
                  self.app.font(px(17)), theme.TEXT_DIM, "center")
        draw_panel(surface, self.panel, radius=px(16), inner_edge=theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.5))
        self._draw_heads(surface)
        self._draw_rows(surface)
        self._draw_seed(surface)
        self.ui.draw(surface, self.app.font(px(17)))
        self._draw_message(surface)
        self.ui.draw_tooltips(surface, self.app.font(px(15)))

    def _draw_heads(self, surface: pygame.Surface) -> None:
        px = self.app.px
        font = self.app.font(px(13), bold=True)
        y = self.head_y + px(8)
        for key, text in (("name", t("Name")), ("colour", t("Colour")), ("kind", t("Plays as"))):
            draw_text(surface, text.upper(), (self.cols[key] + px(2), y), font, theme.TEXT_DIM, "midleft")

    def _draw_rows(self, surface: pygame.Surface) -> None:
        px = self.app.px
        for row, rect in zip(self.rows, self.row_rects):
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.PANEL_LIGHT, 0.45), rect, border_radius=px(10))
            # The seat's colour on its left edge and a badge with its mark: who is who at a glance.
            rgb = theme.seat_rgb(row.colour.value)
            strip = pygame.Rect(rect.left, rect.top, px(6), rect.h)
            pygame.draw.rect(surface, rgb, strip, border_top_left_radius=px(10), border_bottom_left_radius=px(10))
            badge = pygame.Rect(0, 0, px(34), px(34))
            badge.center = (self.cols["badge"] + px(20), rect.centery)
            theme.draw_seat_badge(surface, row.colour.value, badge)
        if len(self.rows) < self.info.max_seats:
            return
        y = self.add_button.rect.centery
        draw_text(surface, t("All {n} seats are taken.", n=self.info.max_seats), (self.add_button.rect.right + px(16), y),
                  self.app.font(px(14)), theme.TEXT_DIM, "midleft")

    def _draw_seed(self, surface: pygame.Surface) -> None:
        px = self.app.px
        x0 = self.panel.left + px(24)
        pygame.draw.line(surface, theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.6), (x0, self.divider_y),
                         (self.panel.right - px(24), self.divider_y), 1)
        label_font = self.app.font(px(13), bold=True)
        draw_text(surface, t("Seed").upper(), (self.cols["badge"], self.seed.rect.centery), label_font, theme.TEXT_DIM,
                  "midleft")
        draw_text(surface, t("Blank: a new deal. A number replays the same deal."),
                  (self.seed.rect.right + px(16), self.seed.rect.centery), self.app.font(px(14)), theme.TEXT_DIM, "midleft")

    def message_layout(self) -> tuple[pygame.Rect | None, list[tuple[str, pygame.Rect, bool]]]:
        """Where the message goes: its box (None for one short line) and each line's text, rect and boldness."""
        # Between Back and Start; a long message (a data file's path and problem) wraps in a box
        # that grows upwards from the buttons' foot, so it never runs under Start or off the window.
        text = self.error or self.problem()
        if not text:
            return None, []
        px = self.app.px
        font, bold = self.app.font(px(15)), self.app.font(px(15), bold=True)
        icon, pad = px(18), px(10)
        area = pygame.Rect(self.back_button.rect.right + px(20), self.start_button.rect.top, 0,
                           self.start_button.rect.height)
        area.width = self.start_button.rect.left - px(16) - area.left
        title, _, detail = text.partition("\n")
        width = area.width - icon - px(8) - pad * 2
        lines = [(line, True) for line in wrap_text(title, bold, width)]
        lines += [(line, False) for line in wrap_text(detail, font, width)] if detail else []
        if len(lines) == 1 and font.size(title)[0] <= area.width - icon - px(8):
            left = area.left + icon + px(8)
            y = area.centery - font.get_height() // 2
            return None, [(title, pygame.Rect(left, y, font.size(title)[0], font.get_height()), False)]
        step = font.get_linesize()
        # Lines beyond the window's top margin are dropped, the last kept one ending in an ellipsis.
        room = (area.bottom - px(10) - pad * 2) // step
        if len(lines) > room:
            lines = lines[:max(1, room)]
            last, is_bold = lines[-1]
            face = bold if is_bold else font
            while last and face.size(last + "…")[0] > width:
                last = last[:-1]
            lines[-1] = (last.rstrip() + "…", is_bold)
        box = pygame.Rect(area.left, 0, area.width, len(lines) * step + pad * 2)
        box.bottom = area.bottom
        left, y = box.left + pad + icon + px(8), box.top + pad
        rects = []
        for line, is_bold in lines:
            face = bold if is_bold else font
            rects.append((line, pygame.Rect(left, y, face.size(line)[0], face.get_height()), is_bold))
            y += step
        return box, rects

    def _draw_message(self, surface: pygame.Surface) -> None:
        box, lines = self.message_layout()
        if not lines:
            return
        px = self.app.px
        font, bold = self.app.font(px(15)), self.app.font(px(15), bold=True)
        first = lines[0][1]
        if box is None:
            theme.draw_warning(surface, pygame.Rect(first.left - px(26), first.centery - px(9), px(18), px(18)), theme.BAD)
            draw_text(surface, lines[0][0], first.topleft, font, theme.BAD)
            return
        draw_panel(surface, box, fill=theme.mix(theme.PANEL, theme.BAD, 0.12), edge=theme.BAD, radius=px(10), width=1)
        theme.draw_warning(surface, pygame.Rect(first.left - px(26), first.centery - px(9), px(18), px(18)), theme.BAD)
        for line, rect, is_bold in lines:
            draw_text(surface, line, rect.topleft, bold if is_bold else font, theme.BAD if is_bold else theme.TEXT)


def _players(info: GameInfo) -> str:
    from engine.ui.scenes.menu import seat_range_text

    return seat_range_text(info)

