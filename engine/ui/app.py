"""The program's window: a fixed-step loop, a stack of scenes, notices above them, the settings applied.

The games it can open are in engine/ui/catalogue.py; the command line that starts it is engine/ui/cli.py.
"""
from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.core import registry  # noqa: E402
from engine.core.registry import GameInfo  # noqa: E402
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
        self._use_language(self.settings.language)
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
        assert info.make_scene is not None, f"{info.id} has no screen yet"
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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            match = getattr(self.top, "match", None)
            if match is not None:
                self.show_rules(match.game_id)
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
        self.sound.close()  # no sound may end while pygame shuts the mixer down (a hang: Sounds.close)
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
        if new.language != old.language:
            self._use_language(new.language)
            self._notify_resize()  # every scene lays its words out again in the new language
        if new.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        if tuple(new.window_size) != tuple(old.window_size):
            w, h = new.window_size
            self.windowed_size = (w, h)
            if not self.fullscreen:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                self._notify_resize()
        for scene in list(self.scenes):
            hook = getattr(scene, "on_settings", None)
            if hook is not None:
                hook(new)
        self.save_settings()

    def _use_language(self, setting: str) -> None:
        """Show the table in the setting's language (the system's when unset); a damaged catalogue is a
        notice, and the table stays in the language it had."""
        from engine.core.errors import DataError
        from engine.ui import i18n

        try:
            i18n.set_language(i18n.chosen_language(setting))
        except DataError as exc:
            message = t("{problem}; the table stays in {language}", problem=t(exc.shown),
                        language=i18n.name_of(i18n.language()))
            print(f"tiletable: {message}", file=sys.stderr)
            notices = getattr(self, "notices", None)
            if notices is not None:
                notices.notify(message)

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
