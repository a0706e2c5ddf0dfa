"""Load: every save in the user's folder (game, players, date, round, finished or not); resume or replay one."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.core import registry
from engine.core.errors import DataError
from engine.core.savefile import background_writer
from engine.core.saves import SaveInfo, SaveScan
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.widgets import Button, WidgetGroup, centred_rect, draw_background, draw_panel, draw_text, draw_wrapped

if TYPE_CHECKING:
    from pathlib import Path

    from engine.ui.app import App

DOUBLE_CLICK_MS = 400
READ_SECONDS_PER_FRAME = 0.008  # saves not in the index yet are read this long each frame: the list keeps drawing
READ_SECONDS_AT_OPEN = 0.15  # a folder of a few dozen new saves is listed whole before the first frame


def when(updated: str) -> str:
    """'2026-11-21T14:03:22' as '2026-11-21 14:03'."""
    return updated.replace("T", " ")[:16] if updated else "—"


class LoadScene(Scene):
    """A scrollable list of saves, newest first, with Resume and Replay."""

    def __init__(self, app: "App", folder: "Path | None" = None) -> None:
        super().__init__(app)
        self.titles = {g.id: g.title for g in registry.games()}
        self.scan = SaveScan(folder, keep_finished=app.settings.keep_finished)
        self.scan.step(READ_SECONDS_AT_OPEN)
        self.saves: list[SaveInfo] = self.scan.finish() if self.scan.done else list(self.scan.infos)
        self.selected: int | None = 0 if self.saves else None
        self.scroll = 0
        self._last_click = (-1, -10_000)
        r = pygame.Rect(0, 0, 1, 1)
        self.resume_button = Button(r.copy(), lambda: t("Resume"), self.resume, style="primary", tooltip=self._resume_tip)
        self.replay_button = Button(r.copy(), lambda: t("Replay"), self.replay, tooltip=self._replay_tip)
        self.back_button = Button(r.copy(), lambda: t("Back"), self.app.pop, tooltip=lambda: t("Esc"))
        self.ui = WidgetGroup([self.resume_button, self.replay_button, self.back_button])
        self.layout()
        self._sync()

    # ---------------------------------------------------------------- model
    @property
    def current(self) -> SaveInfo | None:
        return self.saves[self.selected] if self.selected is not None else None

    def _known(self, info: SaveInfo) -> bool:
        return info.game in self.titles

    def _resume_tip(self) -> str:
        info = self.current
        if info is None:
            return t("No saved games yet: every game you play is saved as you go.")
        if info.damaged:
            return t("This save is damaged and cannot be opened.")
        if not self._known(info):
            return t("This save is for a game that is not installed ({game}).", game=info.game)
        if info.finished:
            return t("This game is over: watch its replay instead.")
        return t("Play on from where this game stopped (Enter)")

    def _replay_tip(self) -> str:
        info = self.current
        if info is not None and info.damaged:
            return t("This save is damaged and cannot be opened.")
        if info is not None and not self._known(info):
            return t("This save is for a game that is not installed ({game}).", game=info.game)
        return t("Step through the game from its first action")

    def _sync(self) -> None:
        info = self.current
        known = info is not None and self._known(info) and not info.damaged
        self.resume_button.enabled = info is not None and known and not info.finished
        self.replay_button.enabled = known

    def _load(self, info: SaveInfo, keep_saving: bool):
        from engine.core.match import Match

        try:
            return Match.load(info.path, lambda gid: registry.get(gid).make_rules(),
                              autosave_path=info.path if keep_saving else None, writer=background_writer())
        except DataError as exc:
            # Shown as damaged from now on, here and at the next visit, with the reason.
            marked = self.scan.mark_damaged(info, exc.in_file())
            self.saves = [marked if s.path == info.path else s for s in self.saves]
            self._sync()
            return None

    def resume(self) -> None:
        info = self.current
        if info is None or not self.resume_button.enabled:
            return
        match = self._load(info, keep_saving=True)
        if match is not None:
            game = registry.get(info.game)
            assert game.make_scene is not None, f"{game.id} has no screen yet"
            self.app.push(game.make_scene(self.app, match))

    def replay(self) -> None:
        info = self.current
        if info is None or not self.replay_button.enabled:
            return
        match = self._load(info, keep_saving=False)
        if match is not None:
            from engine.ui.scenes.replay import ReplayScene

            self.app.push(ReplayScene(self.app, registry.get(info.game), match))

    def update(self, dt: float) -> None:
        """Read a few more saves the index did not know yet, keeping the selected one selected."""
        if self.scan.done:
            return
        chosen = self.current.path if self.current is not None else None
        self.scan.step(READ_SECONDS_PER_FRAME)
        self.saves = self.scan.finish() if self.scan.done else list(self.scan.infos)
        paths = [s.path for s in self.saves]
        # The same save stays selected; the rows the player scrolled to stay where they are.
        self.selected = (paths.index(chosen) if chosen in paths else 0) if self.saves else None
        self._sync()

    # ---------------------------------------------------------------- layout
    def layout(self) -> None:
        px = self.app.px
        w, h = self.app.size
        self.box = centred_rect(self.app.size, min(w - px(60), px(1040)), h - px(80))
        self.row_h = px(44)
        self.table = pygame.Rect(self.box.left + px(28), self.box.top + px(96), self.box.width - px(56),
                                 self.box.height - px(96) - px(110))
        self.columns = [(t("Game"), 0.0), (t("Players"), 0.24), (t("Saved"), 0.49), (t("Round"), 0.66),
                        (t("Status"), 0.74)]
        y = self.box.bottom - px(70)
        self.resume_button.rect = pygame.Rect(self.box.right - px(28) - px(150), y, px(150), px(46))
        self.replay_button.rect = pygame.Rect(self.resume_button.rect.left - px(162), y, px(150), px(46))
        self.back_button.rect = pygame.Rect(self.box.left + px(28), y, px(130), px(46))
        for b in (self.resume_button, self.replay_button, self.back_button):
            b.font = self.app.font(px(18), bold=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    @property
    def visible_rows(self) -> int:
        return max(1, (self.table.height - self.row_h) // self.row_h)

    def row_rect(self, index: int) -> pygame.Rect:
        top = self.table.top + self.row_h * (1 + index - self.scroll)
        return pygame.Rect(self.table.left, top, self.table.width, self.row_h)

    def _row_at(self, pos) -> int | None:
        for i in range(self.scroll, min(len(self.saves), self.scroll + self.visible_rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def _select(self, index: int) -> None:
        self.selected = max(0, min(len(self.saves) - 1, index))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self._sync()

    # ---------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> None:
        if self.ui.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif self.saves and event.key in (pygame.K_DOWN, pygame.K_UP):
                self._select((self.selected or 0) + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._open_selected()
        elif event.type == pygame.MOUSEWHEEL and self.saves:
            most = max(0, len(self.saves) - self.visible_rows)
            self.scroll = max(0, min(most, self.scroll - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                now = pygame.time.get_ticks()
                double = self._last_click[0] == row and now - self._last_click[1] < DOUBLE_CLICK_MS
                self._last_click = (row, now)
                self._select(row)
                if double:
                    self._open_selected()

    def _open_selected(self) -> None:
        if self.resume_button.enabled:
            self.resume()
        elif self.replay_button.enabled:
            self.replay()

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        px = self.app.px
        draw_panel(surface, self.box, radius=px(16))
        draw_text(surface, t("Saved games"), (self.box.centerx, self.box.top + px(46)), self.app.font(px(30), bold=True),
                  theme.PARCHMENT, "center")
        head = self.app.font(px(15), bold=True)
        body = self.app.font(px(16))
        for label, frac in self.columns:
            draw_text(surface, label, (self.table.left + px(12) + frac * self.table.width, self.table.top + self.row_h // 2),
                      head, theme.TEXT_DIM, "midleft")
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.table.left, self.table.top + self.row_h - 2),
                         (self.table.right, self.table.top + self.row_h - 2), 1)
        if not self.saves:
            draw_text(surface, t("No saved games yet: every game you play is saved as you go."),
                      (self.table.centerx, self.table.top + self.row_h * 2), body, theme.TEXT_DIM, "center")
        for i in range(self.scroll, min(len(self.saves), self.scroll + self.visible_rows)):
            self._draw_row(surface, i, body)
        if not self.scan.done:
            draw_text(surface, t("Reading saved games… {n} of {total}", n=len(self.saves), total=self.scan.total),
                      (self.table.right, self.table.bottom + px(6)), self.app.font(px(13)), theme.TEXT_DIM, "topright")
        elif len(self.saves) > self.visible_rows:
            shown = t("{a}–{b} of {n} (wheel to scroll)", a=self.scroll + 1,
                      b=min(len(self.saves), self.scroll + self.visible_rows), n=len(self.saves))
            draw_text(surface, shown, (self.table.right, self.table.bottom + px(6)), self.app.font(px(13)),
                      theme.TEXT_DIM, "topright")
        current = self.current
        if current is not None and current.damaged:
            draw_wrapped(surface, t("{file} cannot be opened: {why}", file=current.path.name, why=t(current.problem) if current.problem else ""),
                         pygame.Rect(self.table.left, self.table.bottom + px(4), self.table.width - px(220), px(40)),
                         self.app.font(px(14)), theme.BAD, max_lines=2)
        self.ui.draw(surface, body)
        self.ui.draw_tooltips(surface, self.app.font(px(15)))

    def _draw_row(self, surface: pygame.Surface, i: int, font: pygame.font.Font) -> None:
        px = self.app.px
        info = self.saves[i]
        rect = self.row_rect(i)
        if i == self.selected:
            pygame.draw.rect(surface, theme.mix(theme.PANEL_LIGHT, theme.BRASS, 0.25), rect, border_radius=px(6))
            pygame.draw.rect(surface, theme.BRASS, rect, 1, border_radius=px(6))
        elif i % 2:
            pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.12), rect, border_radius=px(6))
        known = self._known(info) and not info.damaged
        ink = theme.TEXT if known else theme.DISABLED_TEXT
        rnd = info.summary.get("round")
        status = t("Finished") if info.finished else t("In progress · {n} actions", n=info.actions)
        if info.damaged:
            status = t("Damaged")
        elif not known:
            status = t("game not installed")
        game = t(self.titles.get(info.game, info.game)) if info.game else info.path.name
        cells = [game, ", ".join(info.seats) or "—", when(info.updated), str(rnd) if rnd is not None else "—", status]
        for (label, frac), (nxt) in zip(self.columns, [*(c[1] for c in self.columns[1:]), 1.0]):
            text = cells[self.columns.index((label, frac))]
            width = int((nxt - frac) * self.table.width) - px(16)
            while text and font.size(text)[0] > width:
                text = text[:-2] + "…" if len(text) > 2 else ""
            colour = ink
            if label == t("Status"):
                colour = theme.BAD if info.damaged else theme.GOOD if info.finished and known else ink
            draw_text(surface, text, (rect.left + px(12) + frac * self.table.width, rect.centery), font, colour, "midleft")
