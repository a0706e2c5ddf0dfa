"""The rules contract every game implements, and the small value types it speaks in.

Pure Python: nothing here (or in any game's rules) may import pygame, so the
rules run in tests, benchmarks, the simulator and computer seats alike.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

SEAT_KINDS = ("human", "computer")


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table: position, name, colour id and who decides."""

    index: int
    name: str
    colour: str
    kind: str = "human"

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "name": self.name, "colour": self.colour, "kind": self.kind}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Seat":
        return cls(int(d["index"]), str(d["name"]), str(d["colour"]), str(d.get("kind", "human")))

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


class Action:
    """Base of every game's actions: frozen dataclasses that round-trip through plain dicts.

    Subclasses are declared with ``@action`` so they register under their
    ``kind`` name; ``Action.from_dict`` finds the class again when a save or a
    log is read back.
    """

    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, dict[str, type]]] = {}
    game: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, game: str, d: dict[str, Any]) -> "Action":
        """Rebuild an action of `game` from its dict; raises ValueError with a readable reason."""
        if not isinstance(d, dict) or "kind" not in d:
            raise ValueError("an action must be a mapping with a 'kind'")
        if not isinstance(d["kind"], str):
            raise ValueError(f"an action's kind must be a name, not {_shape(d['kind'])}")
        kinds = Action._registry.get(game, {})
        klass = kinds.get(d["kind"])
        if klass is None:
            raise ValueError(f"unknown action kind {d['kind']!r} for game {game!r}")
        names = {f.name: f for f in dataclasses.fields(klass)}
        extra = {str(k) for k in d} - set(names) - {"kind"}
        if extra:
            raise ValueError(f"action {d['kind']!r} has unknown fields: {', '.join(sorted(extra))}")
        hints = _field_types(klass)
        args = {}
        for name, f in names.items():
            if name not in d:
                if f.default is dataclasses.MISSING:
                    raise ValueError(f"action {d['kind']!r} lacks the field {name!r}")
                continue
            value = _tupled(d[name])
            if not _fits(value, hints.get(name, Any)):
                raise ValueError(f"action {d['kind']!r}: the field {name!r} must be {_spell(hints[name])}, "
                                 f"not {_shape(value)}")
            args[name] = value
        try:
            return klass(**args)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"action {d['kind']!r}: {exc}") from None


def action(game: str, kind: str):
    """Class decorator: make a frozen, slotted dataclass action registered as game/kind."""

    def wrap(cls):
        cls = dataclass(frozen=True, slots=True)(cls)
        cls.kind = kind
        cls.game = game
        Action._registry.setdefault(game, {})[kind] = cls
        return cls

    return wrap


@functools.cache
def _field_types(klass: type) -> dict[str, Any]:
    """The resolved annotations of an action class's fields (they are strings under `from __future__`)."""
    return typing.get_type_hints(klass)


def _fits(value: Any, hint: Any) -> bool:
    """Whether a value read from a save has the type an action field declares (bool is no int here)."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, a) for v, a in zip(value, args))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a type this check does not know: the rules judge the value


def _spell(hint: Any) -> str:
    """A field's type in words, for a damaged save's message."""
    names = {int: "a whole number", str: "text", bool: "true or false", float: "a number", type(None): "nothing"}
    if hint in names:
        return names[hint]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_spell(h) for h in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_spell(args[0])} values"
        return f"a list of {len(args)} values"
    return str(hint)


def _shape(value: Any) -> str:
    """What a wrong value is, shortly: 'the text 'abc'', 'a list', 'true'."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return repr(value)[:40]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


@dataclass(slots=True)
class ScoreRow:
    """One category of the score sheet: a label, one value per seat, and why."""

    label: str
    values: list[int]
    note: str = ""


@dataclass(slots=True)
class ScoreSheet:
    """Rows of categories, a column per seat, totals, and the final ranking."""

    seats: list[str]
    rows: list[ScoreRow] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)  # seat indices, best first
    tie_break: str = ""
    details: list[str] = field(default_factory=list)  # readable account lines
    final: bool = False

    def check_totals(self) -> bool:
        """True when every total is the sum of its column."""
        return all(
            sum(row.values[i] for row in self.rows) == self.totals[i] for i in range(len(self.seats))
        )


@runtime_checkable
class Rules(Protocol):
    """What the engine asks of a game. States are never mutated once made."""

    game_id: str

    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any]) -> Any: ...

    def to_move(self, state: Any) -> int | None: ...

    def legal_actions(self, state: Any) -> list[Action]: ...

    def why_illegal(self, state: Any, act: Action) -> str | None: ...

    def apply(self, state: Any, act: Action) -> Any: ...

    def score_sheet(self, state: Any) -> ScoreSheet: ...

    def view(self, state: Any, seat: int) -> Any: ...

    def chance_count(self, state: Any) -> int:
        """How many random events (draws, spins, reveals) have happened: undo never crosses one."""
        ...

    def describe(self, state: Any, act: Action) -> str:
        """The action in words for the game log, said before it is applied."""
        ...

    def has_private_information(self) -> bool:
        """Whether any seat ever holds something another seat may not see (pass-and-play curtain)."""
        ...


class IllegalAction(Exception):
    """An action the rules refuse; the message is the reason a player reads."""
