"""The previewer's model: one game's items as its hook lists them, and the files watched for a live reload."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from engine.core.preview import (
    LoadError,
    PreviewSource,
    Problem,
    changed,
    describe_error,
    find_problems,
    game_art_dir,
    game_data_dir,
    load_hook,
    snapshot,
    survey_art,
)

POLL_SECONDS = 0.3


def shown_path(path: str | Path | None) -> str:
    """A data or art path as a designer reads it: relative to the project (or the copy) where possible."""
    if path is None:
        return ""
    p = Path(path)
    from engine.core.paths import project_root

    for base in (project_root(), p.parent.parent.parent):
        try:
            return p.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(p)


# ------------------------------------------------------------------ loading a game
class GameView:
    """One game in the previewer: its hook, the last good source, the current error and the watched files."""

    def __init__(self, game_id: str, data_dir: Path | None = None, art_dir: Path | None = None, hook: Any = None) -> None:
        self.game_id = game_id
        self.data_dir = Path(data_dir) if data_dir is not None else game_data_dir(game_id)
        self.art_dir = Path(art_dir) if art_dir is not None else game_art_dir(game_id)
        self.hook = hook
        self.has_hook = True
        self.source: PreviewSource | None = None
        self.error: LoadError | None = None
        self.problems: list[Problem] = []
        self.loads = 0  # good loads so far; caches compare it
        self.loaded_at: _dt.datetime | None = None
        self._snap: dict = {}
        if hook is None:
            try:
                self.hook = load_hook(game_id)
            except Exception as exc:  # a half-written preview.py: show why, keep going
                self.error = describe_error(exc)
                return
            self.has_hook = self.hook is not None
        if self.has_hook:
            self._snap = self._snapshot()
            self.reload()

    def _snapshot(self) -> dict:
        files = self.source.watch if self.source is not None else ()
        return snapshot(files, (self.data_dir, self.art_dir))

    def reload(self) -> bool:
        """Read the game again through its hook; on failure keep the last good source. True when it loaded."""
        try:
            source = self.hook.preview_source(self.data_dir, self.art_dir)
            if not isinstance(source, PreviewSource):
                raise TypeError(f"preview_source returned {type(source).__name__}, not a PreviewSource")
        except Exception as exc:  # DataError or anything else from the game's loader: never crash
            self.error = describe_error(exc)
            self.problems = self._problems(self.source)
            return False
        self.source = source
        self.error = None
        self.loads += 1
        self.loaded_at = _dt.datetime.now()
        self.problems = self._problems(source)
        # Files the source newly asks to watch start from now; the others keep the stamps taken
        # before this read, so an edit saved while it was reading is still seen next time.
        for path, stamp in self._snapshot().items():
            self._snap.setdefault(path, stamp)
        return True

    def _problems(self, source: PreviewSource | None) -> list[Problem]:
        if source is None:
            return []
        try:
            return find_problems(source, survey_art(source))
        except Exception as exc:  # a malformed source from a half-written hook
            self.error = self.error or describe_error(exc)
            return []

    def poll(self) -> set[Path]:
        """Files that changed since the last look (and the reload they caused)."""
        if not self.has_hook or self.hook is None:
            return set()
        snap = self._snapshot()
        diff = changed(self._snap, snap)
        self._snap = snap
        if diff:
            self.reload()
        return diff


def load_source(game_id: str) -> GameView:
    """The game's preview as the previewer would open it (hook, source, error)."""
    return GameView(game_id)
