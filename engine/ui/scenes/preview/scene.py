"""The tile previewer's screen: the item grid, the large stage with its controls, the problems list; events and layout."""
from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine.core.preview import LoadError, PreviewItem, PreviewSource, Problem, load_hook, zoom_step
from engine.core.registry import GameInfo
from engine.ui import i18n, theme
from engine.ui.i18n import t
from engine.ui.scene import Scene
from engine.ui.scenes.preview.model import POLL_SECONDS, GameView, shown_path
from engine.ui.scenes.preview.render import (
    KIND_NAMES,
    KIND_TITLES,
    ItemRenderer,
    draw_definition,
    draw_overlay,
    heading_text,
    overlay_types,
    problem_text,
    rotated_size,
    said,
    type_colour,
)
from engine.ui.widgets import (
    Button,
    Cycle,
    Toggle,
    WidgetGroup,
    elide,
    draw_background,
    draw_panel,
    draw_text,
    draw_wrapped,
    render_text,
    wrap_text,
)

if TYPE_CHECKING:
    from engine.ui.app import App

STAGE_TIP_SECONDS = 0.8
BACKGROUNDS = ("board", "light", "dark")
OVERLAYS = ("edges", "regions", "spots", "grid")
FELT = (38, 92, 74)


# ------------------------------------------------------------------ the scene
class PreviewScene(Scene):
    """Browse a game's items, look at one large with its overlays, and see edits to its files live."""

    def __init__(self, app: "App", game_id: str | None = None, data_dir: Path | None = None, art_dir: Path | None = None,
                 hook: Any = None) -> None:
        super().__init__(app)
        from engine.ui.catalogue import discover_games

        discover_games()
        from engine.core import registry

        self.infos: list[GameInfo] = registry.games()  # art can be looked at before a game's screen exists
        ids = [i.id for i in self.infos]
        if game_id is not None and game_id not in ids:
            raise KeyError(f"unknown game {game_id!r} (known: {', '.join(ids) or 'none'})")
        self.renderer = ItemRenderer(app.assets)
        self.view: GameView | None = None
        self.selected: str | None = None
        self.rotation = 0
        self.flipped = False  # a flippable item shown face down (mirrored, then turned)
        self.zoom = 100
        self.overlays = {name: False for name in OVERLAYS}
        self.background = "board"
        self.show_neighbours = False
        self.show_problems = False
        self.pan = [0, 0]
        self.scroll = 0
        self.problem_scroll = 0
        self.mouse: tuple[int, int] | None = None
        self._press: tuple[int, int] | None = None
        self._panning = False
        self._poll = 0.0
        self._rest = 0.0  # seconds the pointer has not moved
        self.error_rect: pygame.Rect | None = None  # where the error panel was drawn last
        self._overlay_cache: dict[tuple, pygame.Surface] = {}
        self._bg_cache: dict[tuple, pygame.Surface] = {}
        self._build_widgets()
        first = game_id or self._first_game()
        if first is not None:
            self.open_game(first, data_dir, art_dir, hook)
        self._layout()

    def _first_game(self) -> str | None:
        """The first registered game with a preview hook (else simply the first game)."""
        for info in self.infos:
            try:
                if load_hook(info.id) is not None:
                    return info.id
            except Exception:
                continue
        return self.infos[0].id if self.infos else None

    # ---------------------------------------------------------------- games
    @property
    def source(self) -> PreviewSource | None:
        return self.view.source if self.view else None

    @property
    def error(self) -> LoadError | None:
        return self.view.error if self.view else None

    @property
    def problems(self) -> list[Problem]:
        if self.view is None:
            return []
        drawn = [Problem("draw_error", "{id}: cannot be drawn: {why}", {"id": i, "why": why}, i)
                 for i, why in sorted(self.renderer.errors.items())]
        return self.view.problems + drawn

    def open_game(self, game_id: str, data_dir: Path | None = None, art_dir: Path | None = None, hook: Any = None) -> None:
        """Show this game (its own data and art folders unless given)."""
        self.view = GameView(game_id, data_dir, art_dir, hook)
        i18n.use_game(game_id)  # the game's own words first
        self.renderer.clear()
        self._overlay_cache.clear()
        self.scroll = self.problem_scroll = 0
        self.rotation, self.flipped, self.pan = 0, False, [0, 0]
        self.selected = None
        src = self.source
        if src is not None and src.items:
            self.selected = (src.of_kind(src.kinds()[0]) or list(src.items))[0].id
        if game_id in self.game_cycle.options:
            self.game_cycle.set_value(game_id)
        self._layout()

    def select(self, item_id: str) -> None:
        if self.selected != item_id:
            self.selected = item_id
            self.rotation, self.flipped, self.pan = 0, False, [0, 0]

    @property
    def item(self) -> PreviewItem | None:
        src = self.source
        return src.item(self.selected) if src is not None and self.selected else None

    def reload_now(self) -> None:
        if self.view is not None and self.view.hook is not None:
            self.app.assets.invalidate()
            self.view.reload()
            self._forget_pictures()

    def _forget_pictures(self) -> None:
        self.renderer.clear()
        self._overlay_cache.clear()
        self._bg_cache.clear()
        self._layout_grid()

    # ---------------------------------------------------------------- widgets
    def _build_widgets(self) -> None:
        R = pygame.Rect(0, 0, 1, 1)
        titles = {i.id: i.title for i in self.infos}
        self.game_cycle = Cycle(R, [i.id for i in self.infos] or [""], on_change=self.open_game,
                                label=lambda gid: t(titles.get(gid, gid)) if gid else t("No games"),
                                tooltip=lambda: t("Switch to another game (right click: back)"))
        self.btn_problems = Button(R, self._problems_label, self._toggle_problems, tooltip=lambda: t(
            "Tiles without art, art no definition uses, art the game cannot use, counts that disagree with the facts"))
        self.btn_back = Button(R, lambda: t("Back"), self.leave, tooltip=lambda: t("Back to the menu (Esc)"))
        self.btn_left = Button(R, "↺", lambda: self.turn(-1), tooltip=lambda: t("Turn anticlockwise (Shift+R)"))
        self.btn_right = Button(R, "↻", lambda: self.turn(1), tooltip=lambda: t("Turn clockwise (R or right click)"))
        self.btn_flip = Button(R, "⇋", self.flip, tooltip=lambda: t("Flip it over, as a player may before laying it (F)"))
        self.btn_out = Button(R, "−", lambda: self.set_zoom(zoom_step(self.zoom, -1)), tooltip=lambda: t("Zoom out (-)"))
        self.btn_in = Button(R, "+", lambda: self.set_zoom(zoom_step(self.zoom, 1)), tooltip=lambda: t("Zoom in (+)"))
        self.btn_zoom = Button(R, lambda: f"{self.zoom} %", lambda: self.set_zoom(100),
                               tooltip=lambda: t("100 %: the art's own size. Click to return to it (0)"))
        self.bg_cycle = Cycle(R, BACKGROUNDS, on_change=self._set_background,
                              label=lambda v: {"board": t("Board"), "light": t("Light"), "dark": t("Dark")}[v],
                              tooltip=lambda: t("The background under the tile (B)"))
        self.tog_neighbours = Toggle(R, lambda: t("Neighbours"), False, self._set_neighbours,
                                     tooltip=lambda: t("Lay sample tiles beside it, as on the board (N)"))
        names = {"edges": lambda: t("Edges"), "regions": lambda: t("Regions"), "spots": lambda: t("Spots"),
                 "grid": lambda: t("Grid")}
        tips = {"edges": lambda: t("Edge types (1)"), "regions": lambda: t("Regions and their outlines (2)"),
                "spots": lambda: t("Where icons are printed and pieces stand (3)"), "grid": lambda: t("An 8 x 8 grid (4)")}
        self.overlay_toggles = {name: Toggle(R, names[name], False, self._overlay_setter(name), tooltip=tips[name])
                                for name in OVERLAYS}
        self.ui = WidgetGroup([self.game_cycle, self.btn_problems, self.btn_back, self.btn_left, self.btn_right, self.btn_flip,
                               self.btn_out, self.btn_zoom, self.btn_in, self.bg_cycle, self.tog_neighbours,
                               *self.overlay_toggles.values()])

    def _overlay_setter(self, name: str) -> Callable[[bool], None]:
        def set_(on: bool) -> None:
            self.overlays[name] = on
        return set_

    def set_overlay(self, name: str, on: bool) -> None:
        self.overlays[name] = on
        self.overlay_toggles[name].value = on

    def _set_background(self, value: str) -> None:
        self.background = value

    def set_background(self, value: str) -> None:
        self.background = value
        self.bg_cycle.set_value(value)

    def _set_neighbours(self, on: bool) -> None:
        self.show_neighbours = on
        if on:
            self._fit_neighbours()

    def set_neighbours(self, on: bool) -> None:
        self.tog_neighbours.value = on
        self._set_neighbours(on)

    def _fit_neighbours(self) -> None:
        """Zoom out until the tile and its neighbours fit the stage, if they do not already."""
        item = self.item
        if item is None:
            return
        while self.zoom > 25:
            w, h = rotated_size(item, self._long_side(item), self.rotation)
            if w * 3 <= self.stage.width and h * 3 <= self.stage.height:
                break
            self.zoom = zoom_step(self.zoom, -1)
        self.pan = [0, 0]

    def _problems_label(self) -> str:
        return t("Problems ({n})", n=len(self.problems))

    def _toggle_problems(self) -> None:
        self.show_problems = not self.show_problems

    def turn(self, step: int) -> None:
        item = self.item
        if item is not None and item.rotations > 1:
            self.rotation = (self.rotation + step) % item.rotations

    def flip(self) -> None:
        """Mirror the item as it now looks (engine.core.orientation's F): only pieces a player may lay face down."""
        item = self.item
        if item is not None and item.flippable:
            self.rotation = -self.rotation % max(1, item.rotations)
            self.flipped = not self.flipped

    def set_zoom(self, zoom: int) -> None:
        self.zoom = max(25, min(400, int(zoom)))

    def leave(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.to_menu()

    # ---------------------------------------------------------------- layout
    def on_resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        px = self.app.px
        self.header = pygame.Rect(0, 0, w, px(64))
        self.game_cycle.rect = pygame.Rect(px(210), px(14), px(316), px(36))
        self.btn_back.rect = pygame.Rect(w - px(20) - px(96), px(14), px(96), px(36))
        self.btn_problems.rect = pygame.Rect(self.btn_back.rect.left - px(12) - px(150), px(14), px(150), px(36))
        top, bottom = px(72), h - px(30)
        grid_w = int((w - px(48)) * 0.44)
        self.grid_rect = pygame.Rect(px(16), top, grid_w, bottom - top)
        self.detail = pygame.Rect(self.grid_rect.right + px(16), top, w - px(16) - self.grid_rect.right - px(16), bottom - top)
        d = self.detail
        row2 = d.bottom - px(48)
        row1 = row2 - px(46)
        self.stage = pygame.Rect(d.left + px(12), d.top + px(52), d.width - px(24), row1 - px(10) - (d.top + px(52)))
        x = d.left + px(12)
        b = px(36)
        for widget, width in ((self.btn_left, b), (self.btn_right, b), (self.btn_flip, b), (None, px(8)), (self.btn_out, b),
                              (self.btn_zoom, px(70)), (self.btn_in, b), (None, px(8)), (self.bg_cycle, px(150)),
                              (self.tog_neighbours, px(140))):
            if widget is not None:
                widget.rect = pygame.Rect(x, row1, width, b)
            x += width + px(6)
        x = d.left + px(12)
        for name in OVERLAYS:
            self.overlay_toggles[name].rect = pygame.Rect(x, row2 + px(4), px(118), px(30))
            x += px(126)
        self._layout_grid()

    def _layout_grid(self) -> None:
        """Cell rects of every item in content coordinates (before scrolling), with section headings."""
        px = self.app.px
        self.cell = (px(88), px(104))
        self.thumb = px(66)
        inner = self.grid_rect.inflate(-px(24), -px(20))
        self.grid_inner = inner
        cols = max(1, inner.width // self.cell[0])
        gap = (inner.width - cols * self.cell[0]) // max(1, cols)
        self.cells: list[tuple[str, pygame.Rect]] = []
        self.headings: list[tuple[str, int]] = []
        src = self.source
        y = 0
        if src is not None:
            for kind in src.kinds():
                items = src.of_kind(kind)
                self.headings.append((kind, y))
                y += px(30)
                for k, item in enumerate(items):
                    row, col = divmod(k, cols)
                    self.cells.append((item.id, pygame.Rect(col * (self.cell[0] + gap), y + row * self.cell[1],
                                                            self.cell[0], self.cell[1])))
                y += math.ceil(len(items) / cols) * self.cell[1] + px(10)
        self.content_h = y
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.grid_inner.height)

    def cell_rect(self, item_id: str) -> pygame.Rect | None:
        """Where the item's cell is on screen now (None when scrolled out of view or unknown)."""
        for iid, rect in self.cells:
            if iid == item_id:
                r = rect.move(self.grid_inner.left, self.grid_inner.top - self.scroll)
                return r if self.grid_inner.contains(r) else None
        return None

    def scroll_to(self, item_id: str) -> None:
        for iid, rect in self.cells:
            if iid == item_id:
                if rect.top < self.scroll:
                    self.scroll = rect.top
                elif rect.bottom > self.scroll + self.grid_inner.height:
                    self.scroll = rect.bottom - self.grid_inner.height
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def item_at(self, pos: tuple[int, int]) -> str | None:
        """The item whose grid cell is under pos."""
        if self.show_problems or not self.grid_inner.collidepoint(pos):
            return None
        x, y = pos[0] - self.grid_inner.left, pos[1] - self.grid_inner.top + self.scroll
        return next((iid for iid, rect in self.cells if rect.collidepoint(x, y)), None)

    def problem_rows(self) -> list[tuple[Problem, pygame.Rect]]:
        px = self.app.px
        inner = self.grid_inner
        y = inner.top + px(34) - self.problem_scroll
        out = []
        font = self.app.font(px(13))
        for p in self.problems:
            lines = len(wrap_text(problem_text(p), font, inner.width - px(36)))
            rect = pygame.Rect(inner.left, y, inner.width, lines * font.get_linesize() + px(10))
            out.append((p, rect))
            y = rect.bottom + px(4)
        return out

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        pos = getattr(event, "pos", None)
        if pos is not None:
            self.mouse = (int(pos[0]), int(pos[1]))
            self._rest = 0.0
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self._panning or (self._press is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)):
            if self._drag(event):
                return
        if self.ui.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and pos is not None:
            self._press_at(self.mouse, event.button)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if k == pygame.K_ESCAPE:
            self.leave()
        elif k == pygame.K_r:
            self.turn(-1 if shift else 1)
        elif k == pygame.K_f:
            self.flip()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_zoom(zoom_step(self.zoom, 1))
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_zoom(zoom_step(self.zoom, -1))
        elif k in (pygame.K_0, pygame.K_KP0):
            self.set_zoom(100)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._step_selection(k)
        elif k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            name = OVERLAYS[k - pygame.K_1]
            self.set_overlay(name, not self.overlays[name])
        elif k == pygame.K_b:
            self.bg_cycle.step(1)
        elif k == pygame.K_n:
            self.set_neighbours(not self.show_neighbours)
        elif k == pygame.K_p:
            self._toggle_problems()
        elif k == pygame.K_F5:
            self.reload_now()

    def _step_selection(self, key: int) -> None:
        ids = [iid for iid, _ in self.cells]
        if not ids:
            return
        cols = max(1, self.grid_inner.width // self.cell[0])
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -cols, pygame.K_DOWN: cols}[key]
        i = ids.index(self.selected) if self.selected in ids else 0
        target = ids[max(0, min(len(ids) - 1, i + step))]
        self.select(target)
        self.scroll_to(target)

    def _wheel(self, event: pygame.event.Event) -> None:
        at = self.mouse
        if at is not None and self.stage.collidepoint(at):
            self.set_zoom(zoom_step(self.zoom, 1 if event.y > 0 else -1))
        elif at is not None and self.grid_rect.collidepoint(at):
            step = self.app.px(60) * event.y
            if self.show_problems:
                self.problem_scroll = max(0, self.problem_scroll - step)
            else:
                self.scroll = max(0, min(self.max_scroll(), self.scroll - step))

    def _press_at(self, pos: tuple[int, int] | None, button: int) -> None:
        if pos is None:
            return
        if self.stage.collidepoint(pos):
            if button == 1:
                self._press = pos
            elif button == 3:
                self.turn(1)
            return
        if button != 1:
            return
        if self.show_problems:
            for p, rect in self.problem_rows():
                if rect.collidepoint(pos) and self.grid_inner.collidepoint(pos) and p.item_id and self.source:
                    if self.source.item(p.item_id) is not None:
                        self.select(p.item_id)
            return
        hit = self.item_at(pos)
        if hit is not None:
            self.select(hit)

    def _drag(self, event: pygame.event.Event) -> bool:
        """Left-drag on the stage pans the large view."""
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            dx, dy = event.pos[0] - self._press[0], event.pos[1] - self._press[1]
            if self._panning or abs(dx) + abs(dy) > 4:
                self._panning = True
                self.pan[0] += dx
                self.pan[1] += dy
                self._press = (int(event.pos[0]), int(event.pos[1]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._panning
            self._press, self._panning = None, False
            return was
        return False

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self._rest += dt
        self._poll += dt
        if self._poll < POLL_SECONDS or self.view is None:
            return
        self._poll = 0.0
        loads = self.view.loads
        diff = self.view.poll()
        if diff:
            for path in diff:
                self.app.assets.invalidate(path)  # changed art is read again on the next draw
            self._forget_pictures()
            if self.view.loads != loads and self.source is not None and self.source.item(self.selected or "") is None:
                self.selected = self.source.items[0].id if self.source.items else None

    # ---------------------------------------------------------------- text
    def definition_text(self, item: PreviewItem) -> str:
        """What hovering an item shows: each place the data defines it, as written."""
        if not item.definitions:
            files = ", ".join(p.name for p in item.art) or t("no art")
            return t("{id}: not written in the data; the game's code draws it from {files}.", id=item.id, files=files)
        parts = []
        for d in item.definitions:
            where = shown_path(d.file) + (f", {t('line {n}', n=d.line)}" if d.line else "")
            parts.append(f"{where}\n{d.text}")
        return "\n\n".join(parts)

    def hover_item(self) -> PreviewItem | None:
        """The item under the pointer: a grid cell, or the large tile on the stage."""
        if self.mouse is None or self.source is None or self._panning:
            return None
        hit = self.item_at(self.mouse)
        if hit is not None:
            return self.source.item(hit)
        # Over the large tile the definition waits for the pointer to rest, so it never hides the art being studied.
        if self._rest >= STAGE_TIP_SECONDS and self.stage.collidepoint(self.mouse) and self.item is not None \
                and self._large_rect().collidepoint(self.mouse):
            return self.item
        return None

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        px = self.app.px
        self._draw_header(surface)
        view = self.view
        if view is None:
            self._message(surface, t("No games are installed."), t("Each game registers itself from games/<id>/__init__.py."))
        elif not view.has_hook:
            title = self._title(view.game_id)
            self._message(surface, t("{title} has no tile preview yet.", title=title),
                          t("Add games/{id}/preview.py with preview_source(data_dir, art_dir); engine/core/preview.py "
                            "describes what it returns.", id=view.game_id))
        elif view.source is None:
            self._message(surface, t("Nothing to show yet."), t("The game's data could not be loaded; see below."))
        else:
            draw_panel(surface, self.grid_rect, radius=px(12))
            draw_panel(surface, self.detail, radius=px(12))
            parts = (self._draw_problems if self.show_problems else self._draw_grid, self._draw_detail)
            for part in parts:
                clip = surface.get_clip()
                try:
                    part(surface)
                except Exception as exc:  # malformed items from a half-written hook: report, keep drawing
                    self.renderer.errors["(screen)"] = f"{type(exc).__name__}: {exc}"
                surface.set_clip(clip)
        for w in self.ui.widgets:
            w.visible = view is not None and view.source is not None or w in (self.game_cycle, self.btn_back)
        self.btn_problems.style = "danger" if self.problems else "normal"
        item = self.item
        turns = item is not None and item.rotations > 1
        self.btn_left.enabled = self.btn_right.enabled = turns
        self.btn_flip.visible = item is not None and item.flippable
        self.tog_neighbours.enabled = item is not None and item.kind == "tile" and self.source is not None \
            and self.source.neighbours is not None
        self.ui.draw(surface, self.app.font(px(15)))
        self.error_rect = None
        if view is not None and view.error is not None:
            self._draw_error(surface, view.error, has_good=view.source is not None)
        if view is not None and view.source is not None:
            hint = t("Click to choose · arrows: next · R or right click: turn · F: flip · wheel, + and −: zoom · "
                     "drag: move · 1-4: overlays · Esc: back") if self.item is not None and self.item.flippable else \
                t("Click to choose · arrows: next · R or right click: turn · wheel, + and −: zoom · drag: move · "
                  "1-4: overlays · Esc: back")
            draw_text(surface, hint, (surface.get_width() // 2, surface.get_height() - px(15)), self.app.font(px(12)),
                      theme.TEXT_DIM, "center")
        self._draw_hover(surface)

    def _title(self, game_id: str) -> str:
        return t(next((i.title for i in self.infos if i.id == game_id), game_id))

    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.app.px
        draw_text(surface, t("Tile previewer"), (px(22), px(32)), self.app.font(px(22), bold=True), theme.PARCHMENT,
                  "midleft")
        src = self.source
        if src is None or self.view is None:
            return
        tiles = src.of_kind("tile")
        parts = [t("{k} tile kinds, {n} tiles", k=len(tiles), n=sum(i.count or 0 for i in tiles))]
        others = len(src.items) - len(tiles)
        if others:
            parts.append(t("{n} other items", n=others))
        if self.view.loaded_at is not None:
            parts.append(t("read {time}", time=self.view.loaded_at.strftime("%H:%M:%S")))
        x = self.game_cycle.rect.right + px(16)
        draw_text(surface, " · ".join(parts), (x, px(24)), self.app.font(px(13)), theme.TEXT, "midleft")
        folder = lambda p: f"{p.parent.name}/{p.name}"  # noqa: E731
        note = t("Live: {folder}, {art}; saved edits show at once.",
                 folder=folder(self.view.data_dir), art=folder(self.view.art_dir))
        room = self.btn_problems.rect.left - px(12) - x
        font = self.app.font(px(12))
        for size in (11, 10):  # a long game id (realm_of_sand) in a longer language: a size smaller before a cut
            if font.size(note)[0] <= room:
                break
            font = self.app.font(px(size))
        draw_text(surface, elide(note, font, room), (x, px(42)), font, theme.TEXT_DIM, "midleft")

    def _message(self, surface: pygame.Surface, title: str, body: str) -> None:
        px = self.app.px
        box = pygame.Rect(0, 0, min(px(640), surface.get_width() - px(80)), px(116))
        box.center = (surface.get_width() // 2, surface.get_height() // 2)
        draw_panel(surface, box, fill=theme.PANEL_LIGHT, radius=px(14))
        draw_text(surface, title, (box.centerx, box.top + px(34)), self.app.font(px(21), bold=True), theme.PARCHMENT,
                  "center")
        draw_wrapped(surface, body, box.inflate(-px(48), 0).move(0, px(58)).clip(box.inflate(-px(48), -px(20))),
                     self.app.font(px(15)), theme.TEXT)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        px = self.app.px
        src = self.source
        assert src is not None
        inner = self.grid_inner
        clip = surface.get_clip()
        surface.set_clip(inner)
        head_font = self.app.font(px(15), bold=True)
        small = self.app.font(px(11))
        count_font = self.app.font(px(11), bold=True)
        flagged = {p.item_id for p in self.problems if p.item_id}
        for kind, y in self.headings:
            items = src.of_kind(kind)
            title = t(KIND_TITLES.get(kind, kind.capitalize()))
            line = heading_text(title, items)
            draw_text(surface, line, (inner.left, inner.top + y - self.scroll + px(4)), head_font, theme.BRASS)
        blits = []
        marks: list[Callable[[], None]] = []  # badges and warnings go over the pictures
        for iid, rect in self.cells:
            r = rect.move(inner.left, inner.top - self.scroll)
            if r.bottom < inner.top or r.top > inner.bottom:
                continue
            item = src.item(iid)
            if item is None:
                continue
            selected = iid == self.selected
            hovered = self.mouse is not None and r.collidepoint(self.mouse)
            face = r.inflate(-px(6), -px(6))
            fill = theme.PANEL_LIGHT if selected else (theme.mix(theme.PANEL, theme.PANEL_LIGHT, 0.5) if hovered else theme.PANEL)
            pygame.draw.rect(surface, fill, face, border_radius=px(8))
            if selected:
                pygame.draw.rect(surface, theme.HIGHLIGHT, face, 2, border_radius=px(8))
            size = rotated_size(item, self.thumb, 0)
            img = self.renderer.image(item, size, 0)
            blits.append((img, img.get_rect(midtop=(face.centerx, face.top + px(5)))))
            label = item.id
            while small.size(label)[0] > face.width - px(6) and len(label) > 3:
                label = label[:-2] + "…"
            draw_text(surface, label, (face.centerx, face.bottom - px(14)), small, theme.TEXT, "center")
            if item.count is not None:
                marks.append(self._count_badge(surface, item.count, face, count_font))
            if iid in flagged:
                warn = pygame.Rect(face.left + px(2), face.top + px(2), px(16), px(16))
                marks.append(partial(theme.draw_warning, surface, warn))
        surface.blits(blits, doreturn=False)
        for mark in marks:
            mark()
        surface.set_clip(clip)
        if self.content_h > inner.height:
            track = pygame.Rect(self.grid_rect.right - px(10), inner.top, px(5), inner.height)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
            thumb_h = max(px(24), track.height * inner.height // self.content_h)
            top = track.top + (track.height - thumb_h) * self.scroll // max(1, self.max_scroll())
            pygame.draw.rect(surface, theme.BRASS_DARK, (track.left, top, track.width, thumb_h), border_radius=3)

    def _count_badge(self, surface: pygame.Surface, count: int, face: pygame.Rect, font: pygame.font.Font
                     ) -> Callable[[], None]:
        px = self.app.px

        def draw() -> None:
            text = render_text(f"×{count}", font, theme.INK)
            b = text.get_rect(topright=(face.right - px(4), face.top + px(3))).inflate(px(8), px(2))
            pygame.draw.rect(surface, theme.BRASS, b, border_radius=px(6))
            pygame.draw.rect(surface, theme.BRASS_DARK, b, 1, border_radius=px(6))
            surface.blit(text, text.get_rect(center=b.center))

        return draw

    def _draw_problems(self, surface: pygame.Surface) -> None:
        px = self.app.px
        inner = self.grid_inner
        problems = self.problems
        title = t("Problems: {n}", n=len(problems)) if problems else t("No problems found.")
        draw_text(surface, title, (inner.left, inner.top + px(4)), self.app.font(px(15), bold=True), theme.BRASS)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(inner.left, inner.top + px(30), inner.width, inner.height - px(30)))
        font = self.app.font(px(13))
        for p, rect in self.problem_rows():
            if rect.bottom < inner.top or rect.top > inner.bottom:
                continue
            hovered = self.mouse is not None and rect.collidepoint(self.mouse)
            pygame.draw.rect(surface, theme.PANEL_LIGHT if hovered else theme.mix(theme.PANEL, (0, 0, 0), 0.15), rect,
                             border_radius=px(6))
            colour = theme.BAD if p.kind in ("missing_art", "no_art", "art_unreadable", "draw_error", "art_ratio") \
                else theme.BRASS
            theme.draw_warning(surface, pygame.Rect(rect.left + px(8), rect.top + px(6), px(16), px(16)), colour)
            draw_wrapped(surface, problem_text(p), pygame.Rect(rect.left + px(32), rect.top + px(5),
                                                                          rect.width - px(40), rect.height), font,
                         theme.TEXT)
        surface.set_clip(clip)

    def _long_side(self, item: PreviewItem) -> int:
        return max(4, round(item.native_px * self.zoom / 100))

    def _large_rect(self) -> pygame.Rect:
        item = self.item
        if item is None:
            return pygame.Rect(self.stage.center, (0, 0))
        w, h = rotated_size(item, self._long_side(item), self.rotation)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (self.stage.centerx + self.pan[0], self.stage.centery + self.pan[1])
        return rect

    def _draw_detail(self, surface: pygame.Surface) -> None:
        px = self.app.px
        d = self.detail
        item = self.item
        if item is None:
            return
        title = draw_text(surface, item.id, (d.left + px(14), d.top + px(10)), self.title_font(), theme.PARCHMENT)
        name = self.detail_name(item)
        if name:
            draw_text(surface, name, (title.right + px(12), title.bottom - px(3)), self.name_font(), theme.TEXT,
                      "bottomleft")
        draw_text(surface, self.detail_line(item), (d.left + px(14), d.top + px(34)), self.detail_font(),
                  theme.TEXT_DIM)
        self._draw_stage(surface, item)

    def title_font(self) -> pygame.font.Font:
        return self.app.font(self.app.px(18), bold=True)

    def name_font(self) -> pygame.font.Font:
        return self.app.font(self.app.px(14))

    def detail_font(self) -> pygame.font.Font:
        return self.app.font(self.app.px(13))

    def detail_name(self, item: PreviewItem) -> str:
        """The item's name in the player's language, beside its id (cut short only where it cannot fit)."""
        if not item.name or item.name == item.id:
            return ""
        px = self.app.px
        room = self.detail.width - px(28) - self.title_font().size(item.id)[0] - px(12)
        return elide(t(item.name), self.name_font(), max(px(60), room))

    def detail_line(self, item: PreviewItem) -> str:
        """The line under the item's id: what it is, how many are in the box, how it lies, where the data writes it."""
        bits = [t(KIND_NAMES[item.kind]) if item.kind in KIND_NAMES else item.kind]
        if item.count is not None:
            bits.append(t("{n} in the box", n=item.count))
        if self.flipped:
            bits.append(t("flipped"))
        if item.rotations > 1:
            bits.append(t("turned {deg}°", deg=round(360 * self.rotation / item.rotations)))
        if item.definitions and item.definitions[0].line:
            first = item.definitions[0]
            bits.append(f"{Path(first.file).name}:{first.line}")
        return elide(" · ".join(bits), self.detail_font(), self.detail.width - self.app.px(28))

    def _draw_stage(self, surface: pygame.Surface, item: PreviewItem) -> None:
        px = self.app.px
        stage = self.stage
        clip = surface.get_clip()
        surface.set_clip(stage)
        rect = self._large_rect()
        self._draw_stage_background(surface, rect)
        src = self.source
        assert src is not None
        neighbours = []
        if self.show_neighbours and src.neighbours is not None and item.kind == "tile" and not self.flipped:
            try:
                neighbours = list(src.neighbours(item.id, self.rotation))
            except Exception as exc:  # a half-written hook: the tile alone still shows
                self.renderer.errors[item.id + " (neighbours)"] = f"{type(exc).__name__}: {exc}"
        for n in neighbours:
            other = src.item(n.item_id)
            if other is None:
                continue
            size = rotated_size(other, self._long_side(other), n.rotation)
            img = self.renderer.image(other, size, n.rotation)
            centre = (rect.centerx + n.dx * rect.width, rect.centery + n.dy * rect.height)
            surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
            if self.overlays["grid"]:
                pygame.draw.rect(surface, (255, 255, 255), img.get_rect(center=(round(centre[0]), round(centre[1]))), 1)
        surface.blit(self.renderer.image(item, rect.size, self.rotation, self.flipped), rect)
        if any(self.overlays.values()):
            surface.blit(self._overlay_image(item, rect.size), rect)
        if neighbours:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 2)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.PANEL_EDGE, stage, 2, border_radius=px(4))
        self._draw_legend(surface, item)

    def _overlay_image(self, item: PreviewItem, size: tuple[int, int]) -> pygame.Surface:
        """The overlays of the selected item at this size and turn, drawn once."""
        loads = self.view.loads if self.view else 0
        key = (item.id, size, self.rotation, self.flipped, tuple(sorted(self.overlays.items())), loads)
        hit = self._overlay_cache.get(key)
        if hit is None:
            if len(self._overlay_cache) > 64:
                self._overlay_cache.clear()
            hit = pygame.Surface(size, pygame.SRCALPHA)
            font = self.app.font(max(10, min(self.app.px(14), size[0] // 16)), bold=True)
            try:
                draw_overlay(hit, hit.get_rect(), item, self.rotation, self.overlays, self.source.palette if self.source else {},
                             font, self.flipped)
            except Exception as exc:  # malformed overlay data from a hook
                self.renderer.errors[item.id + " (overlay)"] = f"{type(exc).__name__}: {exc}"
            self._overlay_cache[key] = hit
        return hit

    def _draw_stage_background(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        stage = self.stage
        if self.background == "board":
            src = self.source
            surface.fill(FELT, stage)
            if src is not None and src.empty_cell is not None:
                cell = self._empty_cell(rect.size)
                if cell is not None:
                    w, h = rect.size
                    x0 = rect.left - math.ceil((rect.left - stage.left) / w) * w
                    y0 = rect.top - math.ceil((rect.top - stage.top) / h) * h
                    blits = [(cell, (x, y)) for y in range(y0, stage.bottom, h) for x in range(x0, stage.right, w)]
                    surface.blits(blits, doreturn=False)
            return
        key = (self.background, stage.size)
        tile = self._bg_cache.get(key)
        if tile is None:
            a, b = ((236, 232, 222), (218, 212, 200)) if self.background == "light" else ((30, 30, 34), (42, 42, 48))
            tile = pygame.Surface(stage.size).convert()
            tile.fill(a)
            step = self.app.px(16)
            for yy in range(0, stage.height, step):
                for xx in range((yy // step) % 2 * step, stage.width, step * 2):
                    tile.fill(b, (xx, yy, step, step))
            self._bg_cache[key] = tile
        surface.blit(tile, stage)

    def _empty_cell(self, size: tuple[int, int]) -> pygame.Surface | None:
        key = ("empty", size)
        hit = self._bg_cache.get(key)
        if hit is None and self.source is not None and self.source.empty_cell is not None:
            hit = pygame.Surface(size, pygame.SRCALPHA)
            try:
                self.source.empty_cell(hit, hit.get_rect(), 0, self.app.assets)
            except Exception as exc:
                self.renderer.errors["(board)"] = f"{type(exc).__name__}: {exc}"
                hit = pygame.Surface(size, pygame.SRCALPHA)
                hit.fill((*FELT, 255))
            self._bg_cache[key] = hit
        return hit

    def _draw_legend(self, surface: pygame.Surface, item: PreviewItem) -> None:
        if not any(self.overlays[k] for k in ("edges", "regions", "spots")):
            return
        px = self.app.px
        palette = self.source.palette if self.source else {}
        # (the words shown, the colour): a type is coloured by the hook's own text, the palette's key
        names = [(str(said(n)), type_colour(n, palette)) for n in overlay_types(item, self.overlays)]
        if self.overlays["spots"] and item.overlay.piece_spots:
            names.append((t("piece spot"), theme.HIGHLIGHT))
        if not names:
            return
        font = self.app.font(px(12))
        widths = [font.size(n)[0] + px(26) for n, _c in names]
        box = pygame.Rect(self.stage.left + px(8), self.stage.bottom - px(8) - px(26), sum(widths) + px(10), px(26))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 14, 10, 200), panel.get_rect(), border_radius=px(6))
        surface.blit(panel, box)
        x = box.left + px(8)
        for (name, colour), w in zip(names, widths):
            pygame.draw.rect(surface, colour, (x, box.centery - px(6), px(12), px(12)), border_radius=px(3))
            draw_text(surface, name, (x + px(17), box.centery), font, theme.TEXT, "midleft")
            x += w

    def _draw_error(self, surface: pygame.Surface, error: LoadError, has_good: bool) -> None:
        px = self.app.px
        w, h = surface.get_size()
        font = self.app.font(px(14))
        box = pygame.Rect(px(40), 0, w - px(80), 0)
        lines = wrap_text(t(error.problem), font, box.width - px(90))[:4]
        box.height = px(64) + len(lines) * font.get_linesize()
        box.bottom = self.stage.bottom - px(6)  # above the controls, so they stay usable
        self.error_rect = box
        draw_panel(surface, box, fill=(86, 32, 26), edge=theme.BAD, radius=px(10), width=2)
        theme.draw_warning(surface, pygame.Rect(box.left + px(16), box.top + px(14), px(30), px(30)))
        x = box.left + px(62)
        head = t("The data could not be read; the last good version stays on screen.") if has_good \
            else t("The data could not be read.")
        draw_text(surface, head, (x, box.top + px(10)), self.app.font(px(15), bold=True), theme.PARCHMENT)
        where = shown_path(error.file) or t("(no file)")
        if error.line:
            where = t("{file}, line {line}", file=where, line=error.line)
        draw_text(surface, where, (x, box.top + px(32)), self.app.font(px(14), bold=True), theme.HIGHLIGHT)
        y = box.top + px(54)
        for line in lines:
            draw_text(surface, line, (x, y), font, theme.TEXT)
            y += font.get_linesize()

    def _draw_hover(self, surface: pygame.Surface) -> None:
        px = self.app.px
        if any(w.hover and w.visible for w in self.ui.widgets):
            self.ui.draw_tooltips(surface, self.app.font(px(13)))
            return
        item = self.hover_item()
        if item is not None and self.mouse is not None:
            draw_definition(surface, self.definition_text(item), self.mouse, self.app.font(px(12)),
                            self.app.font(px(12), bold=True))
