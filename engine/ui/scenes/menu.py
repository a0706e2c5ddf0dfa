"""The main menu: the table's title and one card per registered game."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from engine.core import registry
from engine.core.errors import DataError
from engine.core.match import Match
from engine.core.registry import GameInfo
from engine.core.savefile import background_writer
from engine.core.saves import SaveInfo, latest_unfinished, mark_damaged
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.widgets import (
    Button,
    Clickable,
    WidgetGroup,
    draw_background,
    draw_panel,
    draw_shadow,
    draw_text,
    draw_text_shadowed,
    draw_wrapped,
    wrap_text,
)

if TYPE_CHECKING:
    from pathlib import Path

    from engine.ui.app import App

COVER_NAMES = ("cover.svg", "cover.png")  # art/<id>/cover.*: a game's picture on its card

# Each card gets its own hue (teal, terracotta, olive, indigo, plum) so the games read apart at a glance.
CARD_HUES: tuple[theme.Colour, ...] = ((32, 122, 116), (168, 82, 50), (98, 116, 48), (56, 78, 130), (118, 60, 96))


def seat_range_text(info: GameInfo) -> str:
    if info.min_seats == info.max_seats:
        return t("{n} players", n=info.min_seats) if info.min_seats != 1 else t("1 player")
    return t("{lo}–{hi} players", lo=info.min_seats, hi=info.max_seats)


class GameCard(Clickable):
    """A parchment card for one game: its picture or monogram, title, seat range and blurb."""

    def __init__(self, app: "App", info: GameInfo, rect: pygame.Rect, on_click: Callable[[], None],
                 hue: theme.Colour = theme.ACCENT) -> None:
        super().__init__(rect, on_click, tooltip="")
        self.app = app
        self.info = info
        self.hue = hue
        self._ink = theme.mix(hue, theme.INK, 0.35)  # the hue dark enough to read on parchment

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        px = self.app.px
        lifted = self.hover and not self.pressed
        rect = self.rect.move(0, -px(3) if lifted else (px(1) if self.pressed else 0))
        radius = px(14)
        draw_shadow(surface, rect, radius, spread=px(16) if lifted else px(10), offset=(0, px(8) if lifted else px(5)),
                    alpha=170 if lifted else 130)
        pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=radius)
        band = pygame.Rect(rect.left, rect.top, rect.w, px(10))
        pygame.draw.rect(surface, self.hue, band, border_top_left_radius=radius, border_top_right_radius=radius)
        edge = theme.BRASS if self.hover else theme.PARCHMENT_EDGE
        pygame.draw.rect(surface, edge, rect, px(3) if self.hover else px(1) + 1, border_radius=radius)
        pad = px(18)
        medal = px(84)
        medal_rect = pygame.Rect(rect.left + pad, rect.top + pad + px(8), medal, medal)
        self._draw_medallion(surface, medal_rect)
        x = medal_rect.right + pad
        width = rect.right - pad - x
        y = rect.top + pad + px(6)
        for line in self._title_lines(width):
            draw_text(surface, line[0], (x, y), line[1], theme.INK)
            y += line[1].get_linesize()
        y += px(4)
        y = self._draw_seats(surface, x, y)
        foot_font = self.app.font(px(15), bold=True)
        foot_y = rect.bottom - pad + px(4)
        blurb = t(self.info.blurb) if self.info.blurb else t("A tile-laying game.")
        small = self.app.font(px(14))
        lines = max(1, (foot_y - foot_font.get_height() - px(14) - (y + px(8))) // small.get_linesize())
        draw_wrapped(surface, blurb, pygame.Rect(x, y + px(8), width, rect.bottom - y), small, theme.INK_DIM,
                     line_gap=1.0, max_lines=lines)
        # The card's call to action: says what a click does, brightens on hover.
        ink = self.hue if self.hover else theme.mix(self.hue, theme.PARCHMENT, 0.3)
        label = draw_text(surface, t("New game"), (rect.right - pad - px(16), foot_y), foot_font, ink, "bottomright")
        _chevron(surface, (label.right + px(9), label.centery), px(5), ink)
        pygame.draw.line(surface, theme.mix(theme.PARCHMENT, theme.PARCHMENT_EDGE, 0.45),
                         (x, label.top - px(8)), (rect.right - pad, label.top - px(8)), 1)

    def _title_lines(self, width: int) -> list[tuple[str, pygame.font.Font]]:
        """The title on one line if a slightly smaller size fits, else wrapped onto two."""
        px = self.app.px
        title = t(self.info.title)
        for size in (23, 21, 19):
            font = self.app.font(px(size), bold=True)
            if font.size(title)[0] <= width:
                return [(title, font)]
        font = self.app.font(px(19), bold=True)
        lines = wrap_text(title, font, width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
            while font.size(lines[1] + "…")[0] > width and len(lines[1]) > 1:
                lines[1] = lines[1][:-1]
            lines[1] = lines[1].rstrip() + "…"
        return [(line, font) for line in lines]

    def _draw_seats(self, surface: pygame.Surface, x: int, y: int) -> int:
        px = self.app.px
        size = px(18)
        for i in range(self.info.max_seats):
            colour = self._ink if i < self.info.min_seats else theme.mix(self._ink, theme.PARCHMENT, 0.55)
            theme.draw_pawn(surface, pygame.Rect(x + i * (size - px(2)), y, size, size), colour)
        font = self.app.font(px(15), bold=True)
        tx = x + self.info.max_seats * (size - px(2)) + px(8)
        draw_text(surface, seat_range_text(self.info), (tx, y + size // 2 + 1), font, self._ink, "midleft")
        return y + size

    def _draw_medallion(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cover = self._cover_path()
        if cover is not None:
            surface.blit(self.app.assets.image(cover, rect.size), rect)
            return
        # No cover art yet: a brass-ringed teal medallion with the game's initial.
        c = rect.center
        r = rect.w // 2
        hexagon = theme.angle_points(c, r * 0.78, 6, math.pi / 6)
        pygame.draw.circle(surface, theme.BRASS_DARK, c, r)
        pygame.draw.circle(surface, self.hue, c, r - self.app.px(4))
        pygame.draw.polygon(surface, theme.mix(self.hue, (0, 0, 0), 0.3), hexagon)
        pygame.draw.polygon(surface, theme.mix(self.hue, (255, 255, 255), 0.25), hexagon, max(1, r // 22))
        letter = (t(self.info.title)[:1] or "?").upper()
        draw_text(surface, letter, (c[0], c[1] + 1), self.app.font(round(r * 0.95), bold=True), theme.PARCHMENT, "center")

    def _cover_path(self) -> str | None:
        for name in COVER_NAMES:
            path = f"art/{self.info.id}/{name}"
            if self.app.assets.resolve(path).is_file():
                return path
        return None


def _why_not_loadable(path: "Path") -> str | None:
    """None when the whole save replays, else why it cannot be opened."""
    try:
        Match.load(path, lambda gid: registry.get(gid).make_rules())
    except DataError as exc:
        return exc.in_file()
    return None


def _chevron(surface: pygame.Surface, at: tuple[int, int], size: int, colour: theme.Colour) -> None:
    x, y = at
    pygame.draw.lines(surface, colour, False, [(x - size // 2, y - size), (x + size // 2, y), (x - size // 2, y + size)],
                      max(2, size // 2))


class MenuScene(Scene):
    """The first screen: pick a game to set up, or quit."""

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        from engine.ui.catalogue import discovery_errors, known_games

        self.infos = known_games()
        self.errors = discovery_errors()
        self.cards: list[GameCard] = [
            GameCard(app, info, pygame.Rect(0, 0, 1, 1), self._opener(info), CARD_HUES[i % len(CARD_HUES)])
            for i, info in enumerate(self.infos)
        ]
        self.quit_button = Button(pygame.Rect(0, 0, 1, 1), lambda: t("Quit"), app.quit, tooltip=lambda: t("Close the table"))
        self.resume = self._find_resume()
        self.load_error: str | None = None
        self.continue_button = Button(pygame.Rect(0, 0, 1, 1), self._continue_label, self.continue_game,
                                      style="primary", tooltip=lambda: t("Resume the game you played last"))
        self.continue_button.visible = self.resume is not None
        self.load_button = Button(pygame.Rect(0, 0, 1, 1), lambda: t("Load"), self.open_load,
                                  tooltip=lambda: t("Every saved game: resume it or watch its replay"))
        self.settings_button = Button(pygame.Rect(0, 0, 1, 1), lambda: t("Settings"), self.open_settings,
                                      tooltip=lambda: t("Window, sound, animation speed and purist mode"))
        self.ui = WidgetGroup([*self.cards, self.quit_button, self.continue_button, self.load_button,
                               self.settings_button])
        self.preview_button = Button(pygame.Rect(0, 0, 1, 1), lambda: t("Tile previewer"), self.open_previewer,
                                     style="quiet", tooltip=lambda: t("Every tile and piece of a game, as drawn in play"))
        self.ui.add(self.preview_button)
        self.layout()

    def _continue_label(self) -> str:
        if self.resume is None:
            return ""
        title = next((i.title for i in self.infos if i.id == self.resume.game), self.resume.game)
        text = t("Continue {title}: {seats}", title=t(title), seats=", ".join(self.resume.seats))
        if "round" in self.resume.summary:
            text += " · " + t("round {r}", r=self.resume.summary["round"])
        return text

    def _find_resume(self) -> SaveInfo | None:
        """The newest game in progress that opens (each save is replayed once to be sure, until it changes)."""
        return latest_unfinished({i.id for i in self.infos}, verify=_why_not_loadable,
                                 keep_finished=self.app.settings.keep_finished, tidy=True)

    def continue_game(self) -> None:
        """Load the latest unfinished game and keep autosaving into the same file."""
        info = self.resume
        if info is None:
            return
        try:
            match = Match.load(info.path, lambda gid: registry.get(gid).make_rules(), autosave_path=info.path,
                               writer=background_writer())
        except DataError as exc:
            mark_damaged(info.path, exc.in_file())  # never offered again while the file stays as it is
            self.load_error = exc.in_file()
            self.resume = self._find_resume()
            self.continue_button.visible = self.resume is not None
            return
        game = registry.get(info.game)
        assert game.make_scene is not None, f"{game.id} has no screen yet"
        self.app.push(game.make_scene(self.app, match))

    def open_load(self) -> None:
        from engine.ui.scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def open_settings(self) -> None:
        from engine.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_previewer(self) -> None:
        from engine.ui.scenes.preview import PreviewScene

        self.app.push(PreviewScene(self.app))

    def _opener(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.open_setup(info)

    def open_setup(self, info: GameInfo) -> None:
        from engine.ui.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, info))

    def card_for(self, game_id: str) -> GameCard:
        return next(c for c in self.cards if c.info.id == game_id)

    # ---------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        n = len(self.cards)
        cols = 1 if n <= 1 else 2 if n in (2, 4) else 3
        rows = max(1, math.ceil(n / cols))
        gap = px(26)
        top, bottom = px(178), h - px(96)
        card_w = min(px(380), (w - px(80) - gap * (cols - 1)) // cols)
        card_h = min(px(212), (bottom - top - gap * (rows - 1)) // rows)
        block_h = rows * card_h + (rows - 1) * gap
        y0 = top + max(0, (bottom - top - block_h) // 2 - px(10))
        for i, card in enumerate(self.cards):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)  # a short last row is centred, not left-aligned
            row_w = in_row * card_w + (in_row - 1) * gap
            x0 = (w - row_w) // 2
            card.rect = pygame.Rect(x0 + col * (card_w + gap), y0 + row * (card_h + gap), card_w, card_h)
        self.quit_button.rect = pygame.Rect(w - px(40) - px(150), h - px(40) - px(44), px(150), px(44))
        self.quit_button.font = self.app.font(px(18), bold=True)
        bottom = h - px(40) - px(44)
        self.load_button.rect = pygame.Rect(px(40), bottom, px(120), px(44))
        self.settings_button.rect = pygame.Rect(self.load_button.rect.right + px(12), bottom, px(130), px(44))
        # Continue sits centred between Settings and Quit, as wide as its label needs and the row allows
        # (a label longer still is cut with an ellipsis and said whole in the tooltip).
        font = self.continue_button.font = self.app.font(px(16), bold=True)
        side = max(self.settings_button.rect.right, w - self.quit_button.rect.left) + px(16)
        width = min(font.size(self._continue_label())[0] + px(48), w - 2 * side)
        self.continue_button.rect = pygame.Rect(0, 0, max(px(200), width), px(44))
        self.continue_button.rect.midbottom = (w // 2, h - px(40))
        for button in (self.load_button, self.settings_button):
            button.font = self.app.font(px(17), bold=True)
        self.preview_button.rect = pygame.Rect(w - px(40) - px(170), px(24), px(170), px(38))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> None:
        self.ui.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        w, h = surface.get_size()
        px = self.app.px
        draw_text_shadowed(surface, t("Tile Table"), (w // 2, px(72)), self.app.font(px(58), bold=True), theme.PARCHMENT,
                           "center", offset=px(3))
        theme.ornament(surface, (w // 2, px(116)), px(300), theme.BRASS)
        draw_text(surface, t("Tile-laying games for one table"), (w // 2, px(142)), self.app.font(px(18)), theme.TEXT_DIM,
                  "center")
        if not self.cards:
            self._draw_empty(surface)
        self.ui.draw(surface, self.app.font(px(18)))
        self._draw_footer(surface)
        self.ui.draw_tooltips(surface, self.app.font(px(15)))

    def _draw_empty(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = self.app.px
        box = pygame.Rect(0, 0, px(520), px(120))
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, radius=px(14))
        draw_text(surface, t("No games are installed."), (box.centerx, box.centery - px(14)), self.app.font(px(22), True),
                  theme.TEXT, "center")
        draw_text(surface, t("Each game registers itself from games/<id>/__init__.py."), (box.centerx, box.centery + px(20)),
                  self.app.font(px(15)), theme.TEXT_DIM, "center")

    def _draw_footer(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = self.app.px
        # the strip under the bottom row of buttons: the cards above reach down to that row
        top = self.quit_button.rect.bottom + px(3)
        y = self.quit_button.rect.bottom + px(20)
        small = self.app.font(px(14))
        if self.load_error:
            theme.draw_warning(surface, pygame.Rect(px(40), y - px(9), px(18), px(18)), theme.BAD)
            text = t("Could not continue that game: {why}", why=t(self.load_error))
            box = pygame.Rect(px(66), top, w - px(106), h - top)
            draw_wrapped(surface, text, box, small, theme.BAD, line_gap=1.0, max_lines=2)
        elif self.errors:
            names = ", ".join(name.split(".")[-1] for name in self.errors)
            msg = t("Could not load: {names} (details in the console)", names=names)
            theme.draw_warning(surface, pygame.Rect(px(40), y - px(9), px(18), px(18)), theme.BAD)
            draw_text(surface, msg, (px(66), y), small, theme.BAD, "midleft")
        else:
            draw_text(surface, t("F11: full screen · F1 in a game: its rules"), (px(40), y), small, theme.TEXT_DIM,
                      "midleft")
