"""The contact sheet (`main.py --preview GAME --screenshot SHEET.png`) and the previewer's command line."""
from __future__ import annotations

import argparse
import datetime as _dt
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine.core.preview import PreviewSource, Problem, find_problems, survey_art
from engine.ui import theme
from engine.ui.i18n import t
from engine.ui.scenes.preview.model import GameView
from engine.ui.scenes.preview.render import KIND_TITLES, ItemRenderer, heading_text, problem_text, rotated_size
from engine.ui.scenes.preview.scene import PreviewScene
from engine.ui.widgets import draw_background, draw_text, wrap_text

if TYPE_CHECKING:
    from engine.ui.app import App


# ------------------------------------------------------------------ contact sheet
def contact_sheet(app: "App", source: PreviewSource, title: str, columns: int = 8, thumb: int = 128) -> pygame.Surface:
    """Every item of the source in a grid with its id and count, and the problems found, on one picture."""
    renderer = ItemRenderer(app.assets)
    cell_w, cell_h = thumb + 28, thumb + 52
    margin = 32
    head = app.font(30, bold=True)
    section = app.font(19, bold=True)
    label = app.font(14)
    count_font = app.font(14, bold=True)
    small = app.font(14)
    width = margin * 2 + columns * cell_w
    problems = find_problems(source, survey_art(source))
    # Draw the items first (drawing may add draw errors to the problems).
    images = {i.id: renderer.image(i, rotated_size(i, thumb, 0), 0) for i in source.items}
    problems += [Problem("draw_error", "{id}: cannot be drawn: {why}", {"id": i, "why": why}, i)
                 for i, why in sorted(renderer.errors.items())]
    problem_lines = [line for p in problems for line in wrap_text("• " + problem_text(p), small, width - margin * 2)]
    height = margin + 84
    for kind in source.kinds():
        n = len(source.of_kind(kind))
        height += 40 + math.ceil(n / columns) * cell_h + 12
    height += 48 + max(1, len(problem_lines)) * small.get_linesize() + margin
    sheet = pygame.Surface((width, height)).convert()
    draw_background(sheet)
    draw_text(sheet, title, (margin, margin), head, theme.PARCHMENT)
    tiles = source.of_kind("tile")
    summary = t("{k} tile kinds, {n} tiles, {o} other items · {when}", k=len(tiles), n=sum(i.count or 0 for i in tiles),
                o=len(source.items) - len(tiles), when=_dt.datetime.now().strftime("%Y-%m-%d %H:%M"))
    draw_text(sheet, summary, (margin, margin + 42), label, theme.TEXT_DIM)
    y = margin + 84
    flagged = {p.item_id for p in problems if p.item_id}
    for kind in source.kinds():
        items = source.of_kind(kind)
        draw_text(sheet, heading_text(t(KIND_TITLES.get(kind, kind.capitalize())), items), (margin, y + 8), section,
                  theme.BRASS)
        y += 40
        for k, item in enumerate(items):
            row, col = divmod(k, columns)
            cell = pygame.Rect(margin + col * cell_w, y + row * cell_h, cell_w, cell_h).inflate(-8, -8)
            pygame.draw.rect(sheet, theme.PANEL, cell, border_radius=8)
            pygame.draw.rect(sheet, theme.PANEL_EDGE, cell, 1, border_radius=8)
            img = images[item.id]
            sheet.blit(img, img.get_rect(midtop=(cell.centerx, cell.top + 8)))
            text = item.id
            while label.size(text)[0] > cell.width - 8 and len(text) > 3:
                text = text[:-2] + "…"
            draw_text(sheet, text, (cell.centerx, cell.bottom - 24), label, theme.TEXT, "center")
            if item.count is not None:
                draw_text(sheet, f"×{item.count}", (cell.centerx, cell.bottom - 8), count_font, theme.BRASS, "center")
            if item.id in flagged:
                theme.draw_warning(sheet, pygame.Rect(cell.left + 4, cell.top + 4, 18, 18))
        y += math.ceil(len(items) / columns) * cell_h + 12
    title_p = t("Problems: {n}", n=len(problems)) if problems else t("No problems found.")
    draw_text(sheet, title_p, (margin, y + 10), section, theme.BAD if problems else theme.GOOD)
    y += 48
    for line in problem_lines:
        draw_text(sheet, line, (margin, y), small, theme.TEXT)
        y += small.get_linesize()
    return sheet


# ------------------------------------------------------------------ command line
def run_from_command_line(args: argparse.Namespace) -> int:
    """`main.py --preview [GAME] [--screenshot SHEET.png]`: open the previewer, or write GAME's contact sheet."""
    from engine.ui.app import App
    from engine.ui.catalogue import discover_games, discovery_errors
    from engine.ui.scenes.menu import MenuScene

    if args.game or args.load:
        print("main.py: --preview opens the previewer; leave out --game and --load", file=sys.stderr)
        return 2
    game = args.preview or None
    from engine.core import registry

    discover_games()
    infos = registry.games()
    if game is not None and game not in {i.id for i in infos}:
        broken = discovery_errors().get(f"games.{game}")
        if broken is not None:
            print(f"main.py: the game {game!r} could not be loaded: {broken}", file=sys.stderr)
        else:
            known = ", ".join(i.id for i in infos) or "none"
            print(f"main.py: unknown game {game!r}; known games: {known}", file=sys.stderr)
        return 2
    if game is not None and args.screenshot:
        return _write_sheet(args, game, next(i.title for i in infos if i.id == game))
    app = App(size=args.size, headless=args.screenshot is not None, fullscreen=args.fullscreen)
    try:
        app.push(MenuScene(app))
        app.push(PreviewScene(app, game))
        return app.run(max_frames=args.frames if args.screenshot else None, screenshot=args.screenshot)
    finally:
        app.close()


def _write_sheet(args: argparse.Namespace, game: str, title: str) -> int:
    from engine.ui.app import App

    app = App(size=args.size, headless=True)
    try:
        view = GameView(game)
        if not view.has_hook:
            print(f"main.py: {title} has no tile preview (games/{game}/preview.py)", file=sys.stderr)
            return 2
        if view.source is None:
            err = view.error
            where = (err.file or "" if err else "") + (f", line {err.line}" if err and err.line else "")
            print(f"main.py: {where}: {err.problem if err else 'nothing to show'}", file=sys.stderr)
            return 2
        sheet = contact_sheet(app, view.source, t("{title}: every tile and piece", title=t(title)))
        out = Path(args.screenshot)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(sheet, str(out))
        n = len(view.problems)
        print(f"{out}: {len(view.source.items)} items, {n} problem(s)")
        return 0
    finally:
        app.close()
