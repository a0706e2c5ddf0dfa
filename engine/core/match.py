"""Match: the one place where a game changes.

A match is rules + seats + seed + options + the list of actions played. Every
change goes through `play`, which asks the rules, applies, logs and autosaves.
States are immutable, so the match keeps every state it passed through: undo
is a step back, replay is an index, and a save is just the seed and the actions.
"""
from __future__ import annotations

import datetime as _dt
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

from engine.core.errors import DataError
from engine.core.rules import Action, IllegalAction, Rules, Seat

SAVE_FORMAT = 1


@dataclass(frozen=True)
class LogEntry:
    """One played action: who played it, what it was and how it reads in the game log."""

    seat: int | None
    action: Action
    text: str


class Match:
    """Rules, seats, seed and the action log of one game in progress."""

    read_only = False  # a ReplayMatch only shows what was played

    def __init__(
        self,
        rules: Rules,
        seats: list[Seat],
        seed: int,
        options: dict[str, Any] | None = None,
        autosave_path: str | Path | None = None,
    ) -> None:
        self.rules = rules
        self.game_id: str = rules.game_id
        self.seats = list(seats)
        self.seed = int(seed)
        self.options = dict(options or {})
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.states: list[Any] = [rules.setup(self.seats, self.seed, self.options)]
        self.log: list[LogEntry] = []
        self._redo: list[Action] = []
        self.created = _now()
        self.listeners: list[Callable[["Match"], None]] = []

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> Any:
        return self.states[-1]

    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def finished(self) -> bool:
        return self.to_move() is None

    def why_illegal(self, act: Action) -> str | None:
        return self.rules.why_illegal(self.state, act)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    # ----------------------------------------------------------------- playing
    def play(self, act: Action, autosave: bool = True) -> Any:
        """Check, apply, log and autosave one action; raises IllegalAction with the reason."""
        reason = self.rules.why_illegal(self.state, act)
        if reason is not None:
            raise IllegalAction(reason)
        self._push(act)
        self._redo.clear()
        if autosave:
            self.autosave()
        return self.state

    def _push(self, act: Action) -> None:
        seat = self.rules.to_move(self.state)
        text = self.rules.describe(self.state, act)
        self.states.append(self.rules.apply(self.state, act))
        self.log.append(LogEntry(seat, act, text))
        for listener in list(self.listeners):
            listener(self)

    # -------------------------------------------------------------- undo/redo
    def why_no_undo(self, seat: int | None = None) -> str | None:
        """None when the last action may be taken back by `seat` (default: the seat to move)."""
        if not self.log:
            return "Nothing has been played yet."
        seat = self.to_move() if seat is None else seat
        last = self.log[-1]
        if last.seat != seat:
            return "The last action was another seat's; only your own turn can be taken back."
        before, after = self.states[-2], self.states[-1]
        if self.rules.chance_count(after) != self.rules.chance_count(before):
            return "The last action revealed something (a draw, a spin or an event); it stands."
        return None

    def undo(self) -> bool:
        if self.why_no_undo() is not None:
            return False
        self.states.pop()
        self._redo.append(self.log.pop().action)
        self.autosave()
        for listener in list(self.listeners):
            listener(self)
        return True

    def can_redo(self) -> bool:
        return bool(self._redo) and self.rules.why_illegal(self.state, self._redo[-1]) is None

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self._push(self._redo.pop())
        self.autosave()
        return True

    # ------------------------------------------------------------ save/load
    def to_save(self) -> dict[str, Any]:
        summary = {}
        if hasattr(self.rules, "summary"):
            summary = self.rules.summary(self.state)
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "options": self.options,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "created": self.created,
            "updated": _now(),
            "finished": self.finished,
            "summary": summary,
            "actions": [e.action.to_dict() for e in self.log],
        }

    def save(self, path: str | Path) -> None:
        write_atomic(Path(path), yaml.safe_dump(self.to_save(), sort_keys=False, allow_unicode=True))

    def autosave(self) -> None:
        if self.autosave_path is not None:
            self.save(self.autosave_path)

    @classmethod
    def load(
        cls,
        path: str | Path,
        rules_for: Callable[[str], Rules],
        autosave_path: str | Path | None = None,
    ) -> "Match":
        """Read a save and replay every action; a damaged save raises DataError with the reason."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(path, None, "save file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(path, None, f"cannot read the save: {exc}") from None
        return cls.from_save_text(text, rules_for, path, autosave_path)

    @classmethod
    def from_save_text(
        cls,
        text: str,
        rules_for: Callable[[str], Rules],
        path: str | Path = "<save>",
        autosave_path: str | Path | None = None,
    ) -> "Match":
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            raise DataError(path, line, f"the save is damaged (not valid YAML): {getattr(exc, 'problem', exc)}") from None
        if not isinstance(data, dict):
            raise DataError(path, None, "the save is damaged: it is not a mapping of save fields")
        for key in ("format", "game", "seats", "seed", "actions"):
            if key not in data:
                raise DataError(path, None, f"the save is damaged: it has no '{key}' field")
        fmt = data["format"]
        if not isinstance(fmt, int) or fmt < 1:
            raise DataError(path, None, f"the save has an unknown format {fmt!r}")
        if fmt > SAVE_FORMAT:
            raise DataError(path, None, f"the save was written by a newer version (format {fmt}; this program reads up to {SAVE_FORMAT})")
        try:
            rules = rules_for(str(data["game"]))
        except KeyError:
            raise DataError(path, None, f"the save is for an unknown game {data['game']!r}") from None
        try:
            seats = [Seat.from_dict(s) for s in data["seats"]]
            seed = int(data["seed"])
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(path, None, f"the save's seats or seed are damaged: {exc}") from None
        actions = data["actions"]
        if not isinstance(actions, list):
            raise DataError(path, None, "the save is damaged: 'actions' is not a list")
        match = cls(rules, seats, seed, data.get("options") or {}, autosave_path=None)
        if isinstance(data.get("created"), str):
            match.created = data["created"]
        for number, raw in enumerate(actions, start=1):
            try:
                act = Action.from_dict(match.game_id, raw)
            except ValueError as exc:
                raise DataError(path, None, f"action {number} is damaged: {exc}") from None
            reason = rules.why_illegal(match.state, act)
            if reason is not None:
                raise DataError(path, None, f"action {number} ({act.kind}) is not legal at that point: {reason}")
            match._push(act)
        match.autosave_path = Path(autosave_path) if autosave_path else None
        return match


class ReplayMatch(Match):
    """A finished log to step through: each step shows the game exactly as it was after that action.

    The states were computed once, when the save was loaded (every action went
    through the rules then); stepping only picks one of them, so moving the
    slider is instant. Nothing can be played, undone or saved.
    """

    read_only = True
    REASON = "This is a replay: nothing can be played."

    def __init__(self, source: Match) -> None:  # noqa: D107 - no super().__init__: the states exist already
        self.rules = source.rules
        self.game_id = source.game_id
        self.seats = list(source.seats)
        self.seed = source.seed
        self.options = dict(source.options)
        self.autosave_path = None
        self.created = source.created
        self.listeners = []
        self._redo = []
        self._all_states = list(source.states)
        self._all_log = list(source.log)
        self.states = list(self._all_states)
        self.log = list(self._all_log)

    @property
    def length(self) -> int:
        """How many actions the replay holds (steps run 0..length)."""
        return len(self._all_log)

    @property
    def step(self) -> int:
        return len(self.log)

    @property
    def complete_state(self):
        """The state after the last action of the save."""
        return self._all_states[-1]

    def seek(self, step: int) -> int:
        """Show the game after `step` actions (clamped); returns the step shown."""
        step = max(0, min(self.length, int(step)))
        if step != len(self.log):
            self.states = self._all_states[: step + 1]
            self.log = self._all_log[:step]
            for listener in list(self.listeners):
                listener(self)
        return step

    def why_illegal(self, act: Action) -> str | None:
        return self.REASON

    def legal_actions(self) -> list[Action]:
        return []

    def play(self, act: Action, autosave: bool = True) -> Any:
        raise IllegalAction(self.REASON)

    def why_no_undo(self, seat: int | None = None) -> str | None:
        return self.REASON

    def undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def autosave(self) -> None:
        return None


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new file, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _now() -> str:
    return _dt.datetime.now().replace(microsecond=0).isoformat()
