"""The player's settings: window, sound, animation speed and purist mode, kept in settings.yaml.

No pygame here, so the settings can be read and tested without a window. A
damaged settings file is never overwritten silently: the program starts with
the defaults, says why, and keeps the damaged file beside the new one.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from engine.core import paths
from engine.core.errors import DataError
from engine.core.words import Words
from engine.core.savefile import dump_yaml, parse_save_text, read_save_text, write_atomic
from engine.core.saves import KEEP_FINISHED

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
# How long animations take, relative to "normal"; "off" skips them.
ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
KEEP_FINISHED_CHOICES: tuple[int, ...] = (10, 25, 50, 100, 500)
HARD_SECONDS_CHOICES: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 5.0)  # how long a Hard seat thinks per turn
MAX_SETTINGS_BYTES = 64 * 1024  # a settings file is a dozen lines


@dataclass
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: str = "normal"
    sound: bool = True
    purist: bool = False  # hide legal-target highlights and projected scores
    keep_finished: int = KEEP_FINISHED  # finished games kept in the save folder; older ones are removed
    hard_seconds: float = 1.0  # a Hard computer seat's thinking time per turn (0.25-5 s)
    language: str = ""  # a language code (en, de); empty: the system's language, when the table has it

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def seconds(self, normal: float) -> float:
        """An animation's length at the chosen speed (0 when animations are off)."""
        return normal * self.animation_factor

    @property
    def show_highlights(self) -> bool:
        return not self.purist

    @property
    def show_projected_scores(self) -> bool:
        return not self.purist

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        return d


def settings_path() -> Path:
    return paths.user_data_dir() / "settings.yaml"


def _check(data: Any) -> Settings:
    if data is None:
        return Settings()
    if not isinstance(data, dict):
        raise ValueError(Words("it is not a mapping of setting names to values"))
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(Words("unknown setting {name} (known: {known})", name=repr(unknown[0]), known=", ".join(sorted(known))))
    s = Settings()
    for name in ("fullscreen", "sound", "purist"):
        if name in data:
            if not isinstance(data[name], bool):
                raise ValueError(Words("{name} must be true or false, not {value}", name=repr(name), value=repr(data[name])))
            setattr(s, name, data[name])
    if "animation_speed" in data:
        if data["animation_speed"] not in ANIMATION_SPEEDS:
            raise ValueError(Words("{name} must be one of {choices}, not {value}", name="'animation_speed'",
                                   choices=", ".join(ANIMATION_SPEEDS), value=repr(data["animation_speed"])))
        s.animation_speed = data["animation_speed"]
    if "keep_finished" in data:
        keep = data["keep_finished"]
        if not isinstance(keep, int) or isinstance(keep, bool) or keep < 1:
            raise ValueError(Words("{name} must be a whole number of at least 1, not {value}", name="'keep_finished'",
                                   value=repr(keep)))
        s.keep_finished = keep
    if "hard_seconds" in data:
        secs = data["hard_seconds"]
        if not isinstance(secs, (int, float)) or isinstance(secs, bool) or not 0.25 <= secs <= 5:
            raise ValueError(Words("{name} must be a number of seconds from 0.25 to 5, not {value}", name="'hard_seconds'",
                                   value=repr(secs)))
        s.hard_seconds = float(secs)
    if "language" in data:
        code = data["language"]
        if not isinstance(code, str) or not (code == "" or code.replace("_", "").isalpha()):
            raise ValueError(Words("{name} must be a language code like en or de, not {value}", name="'language'",
                                   value=repr(code)))
        s.language = code
    if "window_size" in data:
        size = data["window_size"]
        ok = isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and v >= 320 for v in size)
        if not ok:
            raise ValueError(Words("{name} must be two whole numbers like [1280, 720], not {value}", name="'window_size'",
                                   value=repr(size)))
        s.window_size = (size[0], size[1])
    return s


def _problem(exc: ValueError) -> str:
    """What a ValueError of _check says (its Words, so it can be translated)."""
    said = exc.args[0] if exc.args else ""
    return said if isinstance(said, Words) else str(said)


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and the reason the file could not be used."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = parse_save_text(read_save_text(path, MAX_SETTINGS_BYTES, what="settings"), path, what="settings")
    except DataError as exc:
        return Settings(), Words("{problem}; using the defaults", problem=exc.shown)
    try:
        return _check(data), None
    except ValueError as exc:
        return Settings(), Words("{path}: {problem}; using the defaults", path=str(path), problem=_problem(exc))


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a damaged file found there is kept as settings.yaml.damaged."""
    path = path or settings_path()
    if path.exists():
        _, problem = load(path)
        if problem is not None:
            backup = path.with_name(path.name + ".damaged")
            if not backup.exists():
                path.replace(backup)
    write_atomic(path, dump_yaml(settings.to_dict()))
