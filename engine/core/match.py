"""Match: the one place where a game changes.

A match is rules + seats + seed + options + the list of actions played. Every
change goes through `play`, which asks the rules, applies, logs and autosaves.
States are immutable, so the match keeps every state it passed through: undo
is a step back, replay is an index, and a save is just the seed and the actions.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.core import registry
from engine.core.errors import DataError
from engine.core.options import option_specs, options_problem
from engine.core.rules import DEFAULT_LEVEL, SEAT_KINDS, SEAT_LEVELS, Action, IllegalAction, Rules, Seat, complete
from engine.core.savefile import (
    MAX_ACTIONS,
    SaveWriter,
    dump_yaml,
    parse_save_text,
    read_save_text,
    write_atomic,
)
from engine.core.seats import default_colours
from engine.core.words import Words, nwords

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
        writer: SaveWriter | None = None,
    ) -> None:
        self.rules = complete(rules)  # every method of the contract, defaults included
        self.game_id: str = rules.game_id
        self.seats = list(seats)
        self.seed = int(seed)
        self.options = dict(options or {})
        self.autosave_path = Path(autosave_path) if autosave_path else None
        # Writes now by default (tests, the simulator); the window passes its background writer.
        self.writer: SaveWriter = writer or SaveWriter()
        self._action_yaml: list[tuple[Action, str]] = []  # each played action as YAML, made once (save_text)
        self.states: list[Any] = [rules.setup(self.seats, self.seed, self.options)]
        self.log: list[LogEntry] = []
        self._redo: list[Action] = []
        self.created = _now()
        self.listeners: list[Callable[["Match"], None]] = []
        # Grows at every change of the shown state; caches key on it, never on id(state),
        # which CPython hands to a new state once an undone one is freed.
        self.version = 0
        self._judged: tuple[int, Action, str | None] | None = None  # (version, action, reason): see why_illegal

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
        """None when `act` may be played now, else the reason; playing this very action next asks no second time."""
        reason = self.rules.why_illegal(self.state, act)
        self._judged = (self.version, act, reason)
        return reason

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def find(self, kind: str, **fields: Any) -> Action | None:
        """The legal action of this kind whose fields equal the given ones, or None.

        A scene says what the gesture means ("a palm on tile 12") instead of
        rebuilding the action; fields left out may be anything, and the rules'
        first such action is the answer. A kind or field the game does not have
        is a mistake in the caller: ValueError.
        """
        klass = Action._registry.get(self.game_id, {}).get(kind)
        if klass is None:
            raise ValueError(f"{self.game_id} has no action kind {kind!r}")
        unknown = set(fields) - {f.name for f in dataclasses.fields(klass)}
        if unknown:
            raise ValueError(f"the action {kind!r} has no field {', '.join(sorted(unknown))}")
        # a list given for a tuple field (as plain data has it) means the same values
        wanted = [(name, tuple(value) if isinstance(value, list) else value) for name, value in fields.items()]
        for act in self.legal_actions():
            if type(act) is klass and all(getattr(act, name) == value for name, value in wanted):
                return act
        return None

    # ----------------------------------------------------------------- playing
    def play(self, act: Action, autosave: bool = True) -> Any:
        """Check, apply, log and autosave one action; raises IllegalAction with the reason.

        The action is judged once: a scene that has just asked `why_illegal` about
        this very action object (same game version) has its answer reused; any
        other action is judged by the rules' apply, which refuses it.
        """
        judged = self._judged
        if judged is not None and judged[0] == self.version and judged[1] is act:
            if judged[2] is not None:
                raise IllegalAction(judged[2])
            self._push(act, checked=True)
        else:
            self._push(act)
        self._redo.clear()
        if autosave:
            self.autosave()
        return self.state

    def _push(self, act: Action, checked: bool = False) -> None:
        """Apply (judging unless `checked`: IllegalAction with the reason), then log and tell the listeners."""
        before = self.state
        after = self.rules.apply(before, act, checked=True) if checked else self.rules.apply(before, act)
        text = self.rules.describe(before, act)  # said of the state the action was played in
        self.states.append(after)
        self.log.append(LogEntry(self.rules.to_move(before), act, text))
        self.version += 1
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
        if self.rules.turn_id(after) != self.rules.turn_id(before):
            return "The last action ended a turn; a turn that has ended stands."
        return None

    def undo(self) -> bool:
        if self.why_no_undo() is not None:
            return False
        self.states.pop()
        self._redo.append(self.log.pop().action)
        self.version += 1
        self.autosave()
        for listener in list(self.listeners):
            listener(self)
        return True

    def can_redo(self) -> bool:
        return bool(self._redo) and self.rules.why_illegal(self.state, self._redo[-1]) is None

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self._push(self._redo.pop(), checked=True)  # can_redo has just judged it
        self.autosave()
        return True

    # ------------------------------------------------------------ save/load
    def to_save(self) -> dict[str, Any]:
        """The save as plain data: the header fields, then every action played."""
        return {**self._header(), "actions": [e.action.to_dict() for e in self.log]}

    def _header(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "options": dict(self.options),
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "created": self.created,
            "updated": _now(),
            "finished": self.finished,
            "summary": self.rules.summary(self.state),
        }

    def save_text(self) -> str:
        """The save as YAML, the same text as dumping to_save(), in about a millisecond however long the game.

        A game's actions never change once played (undo only drops the last), so
        each one is turned into YAML once and kept; a save joins those pieces
        under its freshly written header. That keeps every autosave cheap enough
        for the frame loop, where the states it reads live.
        """
        pieces = self._action_yaml
        keep = 0
        while keep < len(pieces) and keep < len(self.log) and pieces[keep][0] is self.log[keep].action:
            keep += 1
        del pieces[keep:]  # after an undo, whatever followed the surviving actions is gone
        for entry in self.log[keep:]:
            pieces.append((entry.action, dump_yaml([entry.action.to_dict()])))
        actions = "actions:\n" + "".join(text for _, text in pieces) if pieces else "actions: []\n"
        return dump_yaml(self._header()) + actions

    def save(self, path: str | Path) -> None:
        """Write the game to `path` now; an OSError says why it could not be written."""
        write_atomic(Path(path), self.save_text())

    def autosave(self) -> None:
        """Hand the game to the writer; a failed write is remembered (save_problem), never raised."""
        if self.autosave_path is not None:
            self.writer.submit(self.autosave_path, self.save_text())

    @property
    def save_problem(self) -> str | None:
        """Why the last autosave failed ('the disk is full'), or None while the game is being saved."""
        return self.writer.problem(self.autosave_path)

    @classmethod
    def load(
        cls,
        path: str | Path,
        rules_for: Callable[[str], Rules],
        autosave_path: str | Path | None = None,
        writer: SaveWriter | None = None,
    ) -> "Match":
        """Read a save and replay every action; a damaged save raises DataError with the reason."""
        text = read_save_text(path)
        return cls.from_save_text(text, rules_for, path, autosave_path, writer)

    @classmethod
    def from_save_text(
        cls,
        text: str,
        rules_for: Callable[[str], Rules],
        path: str | Path = "<save>",
        autosave_path: str | Path | None = None,
        writer: SaveWriter | None = None,
    ) -> "Match":
        data = parse_save_text(text, path)
        rules, seats, seed, options, actions = check_save(data, rules_for, path)
        try:
            match = cls(rules, seats, seed, options, autosave_path=None, writer=writer)
        except Exception as exc:  # noqa: BLE001 - whatever the rules raise, the save is what is wrong
            raise DataError(path, None, Words("the game cannot be set up from this save: {reason}", reason=_said(exc))) from None
        if isinstance(data.get("created"), str):
            match.created = data["created"]
        for number, act in enumerate(actions, start=1):
            try:
                match._push(act)  # judged once, by apply
            except IllegalAction as exc:
                raise DataError(path, None, Words("action {number} ({kind}) is not legal at that point: {reason}",
                                                  number=number, kind=act.kind, reason=exc.reason)) from None
            except Exception as exc:  # noqa: BLE001 - a value the rules never expected is damage too
                raise DataError(path, None, Words("action {number} ({kind}) cannot be replayed: {reason}",
                                                  number=number, kind=act.kind, reason=_said(exc))) from None
        match.autosave_path = Path(autosave_path) if autosave_path else None
        return match


def check_save(
    data: dict[str, Any], rules_for: Callable[[str], Rules], path: str | Path
) -> tuple[Rules, list[Seat], int, dict[str, Any], list[Action]]:
    """The save's rules, seats, seed, options and actions, each checked but not yet replayed.

    DataError says what is wrong. Replaying the actions (what only a full load
    does) is the last check: whether each is legal where it stands.
    """
    for key in ("format", "game", "seats", "seed", "actions"):
        if key not in data:
            raise DataError(path, None, Words("the save is damaged: it has no '{key}' field", key=key))
    fmt = data["format"]
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise DataError(path, None, Words("the save has an unknown format {format}", format=repr(fmt)))
    if fmt > SAVE_FORMAT:
        raise DataError(path, None, Words("the save was written by a newer version (format {format}; this program reads up "
                                     "to {most})", format=fmt, most=SAVE_FORMAT))
    game = data["game"]
    if not isinstance(game, str):
        raise DataError(path, None, Words("the save is damaged: its game must be a name, not {value}", value=repr(game)))
    try:
        rules = rules_for(game)
    except KeyError:
        raise DataError(path, None, Words("the save is for an unknown game {game}", game=repr(game))) from None
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DataError(path, None, Words("the save is damaged: its seed must be a whole number, not {value}",
                                           value=repr(seed)))
    seats = _check_seats(data["seats"], game, path)
    options = data.get("options")
    options = {} if options is None else options
    problem = options_problem(option_specs(rules), options)
    if problem is not None:
        raise DataError(path, None, Words("the save is damaged: {problem}", problem=problem))
    actions = data["actions"]
    if not isinstance(actions, list):
        raise DataError(path, None, Words("the save is damaged: 'actions' is not a list"))
    if len(actions) > MAX_ACTIONS:
        raise DataError(path, None, Words("the save holds {n} actions, more than any game (at most {most})",
                                           n=len(actions), most=MAX_ACTIONS))
    decoded = []
    for number, raw in enumerate(actions, start=1):
        try:
            decoded.append(Action.from_dict(rules.game_id, raw))
        except ValueError as exc:
            raise DataError(path, None, Words("action {number} is damaged: {reason}", number=number,
                                                         reason=exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc))) from None
    return rules, seats, seed, options, decoded


def _check_seats(raw: Any, game: str, path: str | Path) -> list[Seat]:
    """The save's seats, refused when a seat is malformed or the table could not seat them."""
    if not isinstance(raw, list):
        raise DataError(path, None, Words("the save is damaged: 'seats' is not a list"))
    lo, hi = _seat_range(game)
    if not lo <= len(raw) <= hi:
        count = nwords("{n} seat", "{n} seats", len(raw))
        raise DataError(path, None, Words("the save has {count}; this game is played by {lo} to {hi}", count=count,
                                          lo=lo, hi=hi))
    colours = set(default_colours())
    seats: list[Seat] = []
    for number, entry in enumerate(raw, start=1):
        def bad(problem: str) -> DataError:
            return DataError(path, None, Words("the save is damaged: seat {number} {problem}", number=number, problem=problem))

        if not isinstance(entry, dict):
            raise bad(Words("is not a mapping of index, name, colour and kind"))
        extra = sorted(str(k) for k in entry if k not in ("index", "name", "colour", "kind", "level"))
        if extra:
            raise bad(Words("has unknown fields: {fields}", fields=", ".join(extra)))
        index, name, colour, kind, level = (entry.get(k) for k in ("index", "name", "colour", "kind", "level"))
        if not isinstance(index, int) or isinstance(index, bool) or index != number - 1:
            raise bad(Words("must have the index {index}, not {value}", index=number - 1, value=repr(index)))
        if not isinstance(name, str) or not name.strip():
            raise bad(Words("needs a name, not {value}", value=repr(name)))
        if colour not in colours:
            raise bad(Words("has an unknown colour {colour} (the colours: {colours})", colour=repr(colour),
                      colours=", ".join(sorted(colours))))
        kind = "human" if kind is None else kind
        if kind not in SEAT_KINDS:
            raise bad(Words("has an unknown kind {kind} (one of: {kinds})", kind=repr(kind), kinds=", ".join(SEAT_KINDS)))
        level = DEFAULT_LEVEL if level is None else level  # saves from before levels: a computer plays Normal
        if level not in SEAT_LEVELS:
            raise bad(Words("has an unknown level {level} (one of: {levels})", level=repr(level),
                      levels=", ".join(SEAT_LEVELS)))
        if any(s.colour == colour for s in seats):
            raise bad(Words("has the colour {colour} of an earlier seat", colour=repr(colour)))
        seats.append(Seat(index, name, colour, kind, level))
    return seats


def _seat_range(game: str) -> tuple[int, int]:
    """How many seats the registered game takes; any number when the game is not registered (tests)."""
    info = registry.find(game)
    return (info.min_seats, info.max_seats) if info is not None else (1, len(default_colours()))


def _said(exc: BaseException) -> str:
    """An exception in a line: its message, or its type when it has none."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}"[:200] if text else type(exc).__name__


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
        self.writer = source.writer
        self._action_yaml = []
        self.created = source.created
        self.listeners = []
        self._redo = []
        self.version = source.version
        self._judged = None
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
            self.version += 1
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


def _now() -> str:
    return _dt.datetime.now().replace(microsecond=0).isoformat()
