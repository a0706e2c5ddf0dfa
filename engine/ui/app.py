"""The program's window: a fixed-step loop, a stack of scenes, and the command line that starts it."""
from __future__ import annotations

import argparse
import os
import random
import sys
import traceback
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.core import paths, registry  # noqa: E402
from engine.core.registry import GameInfo  # noqa: E402
from engine.core.rules import Seat  # noqa: E402
from engine.ui.assets import Assets  # noqa: E402
from engine.ui.i18n import t  # noqa: E402
from engine.ui.notices import Notices  # noqa: E402
from engine.ui.scene import Scene  # noqa: E402

if TYPE_CHECKING:
    from engine.core.match import Match
    from engine.ui.settings import Settings

FPS = 60
MIN_WINDOW = (960, 540)
BASE_SIZE = (1280, 720)  # the layout every scene is designed at; ui_scale grows it from here


class App:
    """One window, one clock, one stack of scenes; only the top scene gets events and updates."""

    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False, fullscreen: bool | None = None) -> None:
        from engine.ui import settings as settings_mod
        from engine.ui.sound import Sounds

        self.settings, self.settings_problem = settings_mod.load()
        if self.settings_problem:
            print(f"tiletable: {self.settings_problem}", file=sys.stderr)
        size = size or self.settings.window_size
        if fullscreen is None:
            fullscreen = self.settings.fullscreen and not headless
        self.sound = Sounds(enabled=self.settings.sound)
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # Only what the table uses: starting the mixer costs time and, without audio, stderr noise.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(t("Tile Table"))
        self.headless = headless
        self.scenes: list[Scene] = []
        self.running = True
        self.fullscreen = False
        self.windowed_size = (int(size[0]), int(size[1]))
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        self.size: tuple[int, int] = self.screen.get_size()
        if fullscreen:
            self.toggle_fullscreen()
        self.assets = Assets()
        self.notices = Notices()  # the window's own messages (a failing disk), drawn above every scene
        self.clock = pygame.time.Clock()
        self.mouse: tuple[int, int] | None = None  # last pointer position seen in an event
        self.frame = 0
        pygame.key.set_repeat(350, 35)

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass  # a nicety; older or odd video drivers simply allow any size

    # ------------------------------------------------------------------ look
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled DejaVu Sans at `size` pixels, cached."""
        return self.assets.font(size, bold)

    @property
    def ui_scale(self) -> float:
        """How much larger than the 1280x720 design the window is (1.5 at 1920x1080)."""
        w, h = self.size
        return max(0.75, min(2.0, w / BASE_SIZE[0], h / BASE_SIZE[1]))

    def px(self, n: float) -> int:
        """A design-size length (at 1280x720) scaled to the window."""
        return max(1, round(n * self.ui_scale))

    # ----------------------------------------------------------------- stack
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (the one below stays)."""
        self.pop()
        self.push(scene)

    def show_rules(self, game_id: str) -> None:
        """Open the game's rules screen over the table (F1 anywhere in a game)."""
        from engine.ui.scenes.rules import RulesScene

        self.push(RulesScene(self, game_id, registry.get(game_id).title))

    def to_menu(self) -> None:
        """Leave whatever is on screen for a fresh main menu (it re-reads the saves for Continue)."""
        from engine.ui.scenes.menu import MenuScene

        while self.scenes:
            self.pop()
        self.push(MenuScene(self))

    def start_match(self, info: GameInfo, match: "Match") -> None:
        """Put the game's scene in place of the top scene (the setup screen)."""
        self.replace(info.make_scene(self, match))

    # ------------------------------------------------------------------ loop
    def step(self, events: list[pygame.event.Event], dt: float = 1 / FPS) -> None:
        """One frame: dispatch these events, update the top scene, draw the stack (no flip)."""
        for event in events:
            self._dispatch(event)
            if not self.running:
                return
        top = self.top
        if top is not None:
            top.update(dt)
        self.notices.update(dt)
        self.draw()
        self.frame += 1

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            if not self.headless:  # F11 is remembered like the Settings screen's switch
                self.settings.fullscreen = self.fullscreen
                self.save_settings()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and getattr(self.top, "match", None) is not None:
            self.show_rules(self.top.match.game_id)
            return
        pos = getattr(event, "pos", None)
        if pos is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = (int(pos[0]), int(pos[1]))
        top = self.top
        if top is not None:
            top.handle(event)

    def draw(self) -> None:
        """Draw from the highest opaque scene upward, so overlays show what lies below them."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        if start < 0:
            self.screen.fill((0, 0, 0))
            return
        for scene in self.scenes[start:]:
            scene.draw(self.screen)
        self.notices.draw(self.screen, self, self.scenes[-1].notice_area())

    def run(self, max_frames: int | None = None, screenshot: str | os.PathLike[str] | None = None) -> int:
        """The 60 FPS loop until quit (or max_frames); with screenshot, save the last frame as PNG."""
        if screenshot is not None and max_frames is None:
            max_frames = 5
        frames = 0
        self.clock.tick()
        while self.running and (max_frames is None or frames < max_frames):
            # Clamp dt so a stall (dragging the window, a breakpoint) never jumps animations.
            dt = min(self.clock.tick(FPS) / 1000, 0.1)
            self.step(pygame.event.get(), dt)
            if self.running:
                pygame.display.flip()
            frames += 1
        if screenshot is not None:
            out = Path(screenshot)
            out.parent.mkdir(parents=True, exist_ok=True)
            self.draw()
            pygame.image.save(self.screen, str(out))
        return 0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Let every scene leave, finish the saves still being written, then shut pygame down."""
        from engine.core.savefile import background_writer

        while self.scenes:
            self.pop()
        background_writer().flush(timeout=10.0)
        pygame.quit()

    # ---------------------------------------------------------------- window
    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        surf = pygame.display.get_surface()
        if surf is None or surf.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.screen = surf
        if not self.fullscreen:
            self.windowed_size = size
        self._notify_resize()

    def apply_settings(self, new: "Settings") -> None:
        """Use `new` from now on (window, sound, animations, purist mode) and save it."""
        old = self.settings
        self.settings = new
        self.sound.enabled = new.sound
        if new.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        if tuple(new.window_size) != tuple(old.window_size):
            self.windowed_size = tuple(new.window_size)
            if not self.fullscreen:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                self._notify_resize()
        for scene in list(self.scenes):
            hook = getattr(scene, "on_settings", None)
            if hook is not None:
                hook(new)
        self.save_settings()

    def save_settings(self) -> bool:
        """Keep the settings for the next start; a disk that refuses only costs a notice."""
        from engine.core.savefile import write_problem
        from engine.ui import settings as settings_mod

        try:
            settings_mod.save(self.settings)
        except OSError as exc:
            self.notices.notify(t("Could not save the settings: {why}. They apply until the table is closed.",
                                  why=t(write_problem(exc))))
            return False
        return True

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            desktop = pygame.display.get_desktop_sizes()[0]
            self.screen = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
            self.fullscreen = True
        self._notify_resize()

    def _notify_resize(self) -> None:
        self.size = self.screen.get_size()
        for scene in list(self.scenes):
            scene.on_resize(self.size)


# ---------------------------------------------------------------- the games
_REPORTED: set[str] = set()


def discover_games(package: str = "games") -> dict[str, str]:
    """Register every game (a broken one is reported and skipped). Returns {package: error}."""
    if package == "games":
        registry.games()
    else:
        registry.discover(package)
    for name, error in registry.errors.items():
        if name not in _REPORTED:
            _REPORTED.add(name)
            print(f"tiletable: the game {name} could not be loaded: {error}", file=sys.stderr)
    return dict(registry.errors)


def known_games() -> list[GameInfo]:
    """Playable registered games (those with a scene), by title; discovery errors are in discovery_errors()."""
    discover_games()
    return [g for g in registry.games() if registry.playable(g)]


def discovery_errors() -> dict[str, str]:
    return dict(registry.errors)


def new_match(info: GameInfo, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> "Match":
    """A fresh match of `info` that autosaves into the user's folder."""
    from engine.core.match import Match
    from engine.core.savefile import background_writer

    return Match(info.make_rules(), seats, seed, options, autosave_path=paths.new_autosave_path(info.id),
                 writer=background_writer())


COMPUTER_WORDS = ("computer", "cpu")


def parse_seats(spec: str, info: GameInfo) -> list[Seat]:
    """Seats from "Ann,Bob:purple,computer,Cleo:computer"; colours follow data/seats.yaml unless named."""
    from engine.ui.theme import seat_colours

    palette = [c.id for c in seat_colours()]
    entries = [e.strip() for e in spec.split(",")]
    if not spec.strip() or any(not e for e in entries):
        raise ValueError(f"empty seat in {spec!r}: write names separated by commas, e.g. \"Ann,Bob,computer\"")
    if not info.min_seats <= len(entries) <= info.max_seats:
        raise ValueError(
            f"{info.title} is played by {info.min_seats} to {info.max_seats} seats; {spec!r} names {len(entries)}"
        )
    if len(entries) > len(palette):
        raise ValueError(f"there are only {len(palette)} seat colours; {spec!r} names {len(entries)} seats")
    parsed: list[tuple[str, str, str | None]] = []
    computers = 0
    for entry in entries:
        name, *tags = [p.strip() for p in entry.split(":")]
        kind, colour = "human", None
        if name.lower() in COMPUTER_WORDS and not tags:
            computers += 1
            name, kind = t("Computer {n}", n=computers), "computer"
        for tag in tags:
            low = tag.lower()
            if low in COMPUTER_WORDS:
                kind = "computer"
            elif low == "human":
                kind = "human"
            elif low in palette:
                if colour is not None:
                    raise ValueError(f"seat {entry!r} names two colours")
                colour = low
            else:
                raise ValueError(
                    f"seat {entry!r}: {tag!r} is neither human/computer nor a colour ({', '.join(palette)})"
                )
        if not name:
            raise ValueError(f"seat {entry!r} has no name")
        parsed.append((name, kind, colour))
    return _assign_colours(parsed, palette)


def _assign_colours(parsed: list[tuple[str, str, str | None]], palette: list[str]) -> list[Seat]:
    named = [c for _, _, c in parsed if c is not None]
    for c in named:
        if named.count(c) > 1:
            raise ValueError(f"two seats want the colour {c}")
    lower = [n.lower() for n, _, _ in parsed]
    for n, _, _ in parsed:
        if lower.count(n.lower()) > 1:
            raise ValueError(f"two seats are called {n!r}; give each seat its own name")
    free = [c for c in palette if c not in named]
    seats = []
    for i, (name, kind, colour) in enumerate(parsed):
        if colour is None:
            colour = free.pop(0)
        seats.append(Seat(i, name, colour, kind))
    return seats


def default_seats(info: GameInfo) -> str:
    """Two humans (or the minimum, if a game needs more), for --game without --seats."""
    n = max(2, info.min_seats) if info.max_seats >= 2 else info.min_seats
    return ",".join(t("Player {n}", n=i + 1) for i in range(n))


# ------------------------------------------------------------- command line
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
    try:
        start = _prepare_start(args)
    except _StartError as exc:
        print(f"main.py: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a start that fails says so in one line, not a traceback
        if args.debug:
            traceback.print_exc()
        print(f"main.py: could not start: {_one_line(exc)}" + ("" if args.debug else " (--debug shows the details)"),
              file=sys.stderr)
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


def _one_line(exc: BaseException) -> str:
    """An error as one line: a data file's problem as file, line and problem; anything else with its type."""
    from engine.core.errors import DataError

    if isinstance(exc, DataError):
        return exc.shown
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class _StartError(Exception):
    """A command-line request that cannot be met; the message says why."""


def _prepare_start(args: argparse.Namespace) -> tuple[GameInfo, "Match"] | None:
    """The game to open straight away (from --game or --load), made before any window opens."""
    if args.load:
        return _load_match(args.load)
    if args.replay:
        info, match = _load_match(args.replay)
        match.autosave_path = None  # a replay never writes
        return info, match
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
        raise _StartError(str(exc)) from None
    return infos[match.game_id], match
