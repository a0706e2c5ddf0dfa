"""The command line: parse it, prepare the game to open (before any window), open the window and run."""
from __future__ import annotations

import argparse
import os
import random
import sys
import traceback
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.core.registry import GameInfo  # noqa: E402
from engine.ui.app import App  # noqa: E402
from engine.ui.i18n import t  # noqa: E402
from engine.ui.catalogue import (  # noqa: E402
    default_seats,
    discover_games,
    discovery_errors,
    known_games,
    new_match,
    parse_seats,
)

if TYPE_CHECKING:
    from engine.core.match import Match


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}") from None
    if w < 320 or h < 200:
        raise argparse.ArgumentTypeError(f"size {text!r} is too small (at least 320x200)")
    return (w, h)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="Tile Table: tile-laying board games for one screen.")
    p.add_argument("--game", metavar="ID", help="start this game directly (see the ids the menu lists)")
    p.add_argument("--seats", metavar="SPEC", help='seats for --game, e.g. "Ann,Bob,computer" or "Ann:purple,Bob:computer"')
    p.add_argument("--seed", type=int, metavar="N", help="random seed for --game (default: random)")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--screenshot", metavar="OUT.png", help="render offscreen, save a PNG and exit")
    p.add_argument("--frames", type=int, default=5, metavar="N", help="frames to run before --screenshot (default 5)")
    p.add_argument("--preview", nargs="?", const="", metavar="GAME",
                   help="open the tile previewer (on GAME); with --screenshot, write GAME's contact sheet and exit")
    p.add_argument("--size", type=_size, default=None, metavar="WxH",
                   help="window size (default: the Settings screen's choice, first 1280x720)")
    p.add_argument("--fullscreen", action="store_true", default=None, help="start in fullscreen (F11 toggles)")
    p.add_argument("--replay", metavar="FILE", help="open a save and step through it")
    p.add_argument("--step", type=int, metavar="N", help="with --replay: start at step N (default 0)")
    p.add_argument("--debug", action="store_true", help="on a start error, print the full traceback too")
    return p


def run(argv: list[str] | None = None) -> int:
    """Parse the command line, open the window and run until quit; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if (args.seats or args.seed is not None) and not args.game:
        parser.print_usage(sys.stderr)
        print("main.py: --seats and --seed need --game", file=sys.stderr)
        return 2
    if sum(1 for x in (args.game, args.load, args.replay) if x) > 1:
        print("main.py: use only one of --game, --load and --replay", file=sys.stderr)
        return 2
    if args.screenshot is None and _no_display():
        print("main.py: No display found: run on a desktop, or use --screenshot OUT.png to render one frame.",
              file=sys.stderr)
        return 2
    if args.preview is not None:
        from engine.ui.scenes.preview import run_from_command_line

        return run_from_command_line(args)
    _start_language()
    try:
        start = _prepare_start(args)
    except _StartError as exc:
        print(f"main.py: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a start that fails says so in one line, not a traceback
        if args.debug:
            traceback.print_exc()
        line = t("could not start: {why}", why=_one_line(exc))
        print(f"main.py: {line}" + ("" if args.debug else " " + t("(--debug shows the details)")), file=sys.stderr)
        return 2
    app = App(size=args.size, headless=args.screenshot is not None, fullscreen=args.fullscreen)
    try:
        from engine.ui.scenes.menu import MenuScene

        app.push(MenuScene(app))
        if start is not None:
            info, match = start
            if args.replay:
                from engine.ui.scenes.replay import ReplayScene

                app.push(ReplayScene(app, info, match, start=args.step if args.step is not None else 0))
            else:
                assert info.make_scene is not None, f"{info.id} has no screen yet"
                app.push(info.make_scene(app, match))
        return app.run(max_frames=args.frames if args.screenshot else None, screenshot=args.screenshot)
    finally:
        app.close()


def _no_display() -> bool:
    """True when SDL found no screen and fell back to drawing nowhere (over SSH, in a container).

    A driver the user chose on purpose (SDL_VIDEODRIVER=dummy in tests) is not a fallback.
    """
    chosen = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if chosen in ("dummy", "offscreen"):
        return False
    try:
        pygame.display.init()
    except pygame.error:
        return True
    return pygame.display.get_driver() in ("dummy", "offscreen")


def _start_language() -> None:
    """The settings' language (else the system's), chosen before a game is prepared, so that a start error is
    said in it; the window chooses again when it opens (and notes a damaged catalogue there)."""
    from engine.core.errors import DataError
    from engine.ui import i18n
    from engine.ui import settings as settings_mod

    try:
        i18n.set_language(i18n.chosen_language(settings_mod.load()[0].language))
    except DataError:
        pass  # the window says so when it opens


def _one_line(exc: BaseException) -> str:
    """An error as one line: a data file's problem as file, line and problem; anything else with its type."""
    from engine.core.errors import DataError

    if isinstance(exc, DataError):
        return t(exc.shown)
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class _StartError(Exception):
    """A command-line request that cannot be met; the message says why."""


def _prepare_start(args: argparse.Namespace) -> tuple[GameInfo, "Match"] | None:
    """The game to open straight away (from --game or --load), made before any window opens."""
    if args.load:
        return _load_match(args.load)
    if args.replay:
        replayed, match = _load_match(args.replay)
        match.autosave_path = None  # a replay never writes
        return replayed, match
    if not args.game:
        return None
    discover_games()
    broken = discovery_errors().get(f"games.{args.game}")
    if broken is not None:
        raise _StartError(f"the game {args.game!r} could not be loaded: {broken}")
    info = next((g for g in known_games() if g.id == args.game), None)
    if info is None:
        known = ", ".join(g.id for g in known_games()) or "none"
        raise _StartError(f"unknown game {args.game!r}; known games: {known}")
    try:
        seats = parse_seats(args.seats or default_seats(info), info)
    except ValueError as exc:
        raise _StartError(str(exc)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    return info, new_match(info, seats, seed)


def _load_match(path: str) -> tuple[GameInfo, "Match"]:
    from engine.core.errors import DataError
    from engine.core.match import Match

    discover_games()
    infos: dict[str, GameInfo] = {}

    def rules_for(game_id: str) -> Any:
        info = next((g for g in known_games() if g.id == game_id), None)
        if info is None:
            raise KeyError(game_id)  # Match.load turns this into "the save is for an unknown game"
        infos[game_id] = info
        return info.make_rules()

    from engine.core.savefile import background_writer

    try:
        # Resuming a save keeps writing into it, as Continue and Load do: no copy beside it.
        match = Match.load(path, rules_for, autosave_path=path, writer=background_writer())
    except DataError as exc:
        raise _StartError(t(exc.shown)) from None
    return infos[match.game_id], match
