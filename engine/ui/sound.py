"""Short sounds for pick up, drop, refusal and scoring (art/sounds/*.wav, made by art/sounds/make_sounds.py)."""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from engine.core.paths import project_root

NAMES = ("pick", "drop", "refuse", "score")


class Sounds:
    """Plays the table's sounds when sound is on; records what it was asked to play (tests, the log)."""

    def __init__(self, enabled: bool = True, folder: Path | None = None) -> None:
        self.enabled = enabled
        self.folder = folder or project_root() / "art" / "sounds"
        self.played: list[str] = []  # the last sounds asked for, newest last, whether heard or muted
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        self.error: str | None = None

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        if self._sounds is None:
            self._sounds = {}
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
                for name in NAMES:
                    self._sounds[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError) as exc:  # no audio device: the table stays silent
                self.error = str(exc)
        return self._sounds

    def play(self, name: str) -> None:
        if name not in NAMES:
            raise ValueError(f"unknown sound {name!r}")
        self.played.append(name)
        del self.played[:-32]
        if not self.enabled:
            return
        sound = self._load().get(name)
        if sound is not None:
            sound.play()

    def close(self, wait: float = 2.0) -> None:
        """Let the sounds still playing end before pygame shuts its mixer down (App.close).

        pygame's mixer quit takes the audio lock while holding the interpreter lock, and a sound that ends on the
        audio thread calls back into pygame, which waits for the interpreter lock while holding the audio lock: if a
        sound ends at that very moment the two wait for each other and the program hangs at closing (seen once in
        the test suite, pygame-ce 2.5.8). Waiting (the interpreter lock free) until no channel plays leaves nothing
        to end; a sound still playing after `wait` (none of the table's lasts a second) is halted."""
        if self._sounds is None or not pygame.mixer.get_init():
            return  # nothing was ever played
        deadline = time.monotonic() + wait
        while pygame.mixer.get_busy() and time.monotonic() < deadline:
            time.sleep(0.005)
        pygame.mixer.stop()
        time.sleep(0.03)  # a sound's end being handled on the audio thread (one 23 ms buffer) finishes first
