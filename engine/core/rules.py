"""The rules contract every game implements, and the small value types it speaks in.

Pure Python: nothing here (or in any game's rules) may import pygame, so the
rules run in tests, benchmarks, the simulator and computer seats alike.
"""
from __future__ import annotations

import abc
import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Hashable, Protocol, runtime_checkable

from engine.core.words import N_, Words

SEAT_KINDS = ("human", "computer")
SEAT_LEVELS = ("easy", "normal", "hard", "random")  # how a computer seat plays ("random": for tests)
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table: position, name, colour id, who decides and, for a computer, its level."""

    index: int
    name: str
    colour: str
    kind: str = "human"
    level: str = DEFAULT_LEVEL  # a computer seat's level (SEAT_LEVELS); a human seat's is not saved

    def to_dict(self) -> dict[str, Any]:
        d = {"index": self.index, "name": self.name, "colour": self.colour, "kind": self.kind}
        if self.kind == "computer":
            d["level"] = self.level
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Seat":
        return cls(int(d["index"]), str(d["name"]), str(d["colour"]), str(d.get("kind", "human")),
                   str(d.get("level", DEFAULT_LEVEL)))

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
            raise ValueError(Words("an action must be a mapping with a 'kind'"))
        if not isinstance(d["kind"], str):
            raise ValueError(Words("an action's kind must be a name, not {shape}", shape=_shape(d["kind"])))
        kinds = Action._registry.get(game, {})
        klass = kinds.get(d["kind"])
        if klass is None:
            raise ValueError(Words("unknown action kind {kind} for game {game}", kind=repr(d["kind"]), game=repr(game)))
        names = {f.name: f for f in dataclasses.fields(klass)}
        extra = {str(k) for k in d} - set(names) - {"kind"}
        if extra:
            raise ValueError(Words("action {kind} has unknown fields: {fields}", kind=repr(d["kind"]),
                                   fields=", ".join(sorted(extra))))
        hints = _field_types(klass)
        args = {}
        for name, f in names.items():
            if name not in d:
                if f.default is dataclasses.MISSING:
                    raise ValueError(Words("action {kind} lacks the field {name}", kind=repr(d["kind"]), name=repr(name)))
                continue
            value = _tupled(d[name])
            if not _fits(value, hints.get(name, Any)):
                raise ValueError(Words("action {kind}: the field {name} must be {spelled}, not {shape}", kind=repr(d["kind"]),
                                       name=repr(name), spelled=_spell(hints[name]), shape=_shape(value)))
            args[name] = value
        try:
            return klass(**args)
        except (TypeError, ValueError) as exc:
            raise ValueError(Words("action {kind}: {problem}", kind=repr(d["kind"]), problem=str(exc))) from None


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
    """A field's type in words, for a damaged save's message (Words: translated where it is shown)."""
    names = {int: N_("a whole number"), str: N_("text"), bool: N_("true or false"), float: N_("a number"),
             type(None): N_("nothing")}
    if hint in names:
        return Words(names[hint])
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_spell(h) for h in typing.get_args(hint)]
        said = parts[0]
        for part in parts[1:]:
            said = Words("{a} or {b}", a=said, b=part)
        return said
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return Words("a list of {kind} values", kind=_spell(args[0]))
        return Words("a list of {n} values", n=len(args))
    return str(hint)


def _shape(value: Any) -> str:
    """What a wrong value is, shortly: 'the text 'abc'', 'a list', 'true'."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return Words("a list")
    if isinstance(value, dict):
        return Words("a mapping")
    if value is None:
        return Words("nothing")
    if isinstance(value, str):
        return Words("the text {text}", text=repr(value[:40]))
    return repr(value)[:40]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


# ----------------------------------------------------------------------------- copying states
FRESH = {"copy": "fresh"}  # field metadata: every copy starts it anew (what the last action caused; memos)
RECORDS = {"copy": "records"}  # field metadata: a list of records, replaced when they change, never edited


def copy_from_fields(cls: type) -> type:
    """Class decorator for a mutable state dataclass: its `copy()`, made from the fields' types.

    A new field can never be forgotten: numbers, text, tuples, frozensets and
    frozen dataclasses are shared; lists, dicts and sets are copied as deep as
    their types say they hold mutable things; a class with its own `copy()` is
    copied by it; FRESH and RECORDS fields as their metadata says. A type it
    cannot judge (a plain mutable class) stops the class being defined. The
    copy is compiled to straight-line code, as fast as one written by hand.
    """
    hints = typing.get_type_hints(cls)
    names: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copy(self):", "    s = _new(_cls)"]
    for f in dataclasses.fields(cls):
        how = f.metadata.get("copy")
        value = f"self.{f.name}"
        if how == "fresh":
            if f.default_factory in (list, dict):
                expr = "[]" if f.default_factory is list else "{}"
            elif f.default_factory is not dataclasses.MISSING:
                names[f"_fresh_{f.name}"] = f.default_factory
                expr = f"_fresh_{f.name}()"
            else:
                raise TypeError(f"{cls.__name__}.{f.name} starts anew in a copy but has no default_factory")
        elif how == "records":
            expr = f"list({value})"
        else:
            expr = _copy_expr(hints[f.name], value, 0, f"{cls.__name__}.{f.name}") or value
        lines.append(f"    s.{f.name} = {expr}")
    lines.append("    return s")
    # Compiled once per class, at import, from the class's own field names and the fixed templates above:
    # never from anything read from disk. Straight-line code copies a state twice as fast as a loop would,
    # and copies are the hottest call of playouts (measured: Desert Sons 7.8 us against 14.7 us per state). Made
    # without exec, from the same types as closures run by C-level map/setattr loops, a copy took 2-3 times as long
    # (2026-11-30, mid-game states of three seats: Entdecker 3.8 against 7.7 us, Desert Sons 6.6 / 13.5, Five
    # Tribes 7.2 / 13.8, Somerset 1.4 / 4.5, Realm of Sand 2.1 / 6.2).
    exec("\n".join(lines), names)  # noqa: S102
    copy = names["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = "A copy that shares nothing mutable with this one (made from the fields' types)."
    cls.copy = copy  # type: ignore[attr-defined]
    return cls


def _copy_expr(hint: Any, value: str, depth: int, where: str) -> str | None:
    """Python that copies `value` of type `hint`, or None when the value is immutable and may be shared."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return None  # an item of unknown type (an option's value): taken as a plain value
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        exprs = [_copy_expr(a, value, depth, where) for a in kinds]
        if all(e is None for e in exprs):
            return None
        if len(kinds) != 1:
            raise TypeError(f"{where}: cannot tell how to copy a value that may be any of {hint}")
        return f"(None if {value} is None else {exprs[0]})" if len(args) == 2 else exprs[0]
    if origin in (tuple, frozenset) or hint in (tuple, frozenset):
        return None
    item = f"x{depth}"
    if origin is list or hint is list:
        inner = _copy_expr(args[0], item, depth + 1, where) if args else None
        return f"list({value})" if inner is None else f"[{inner} for {item} in {value}]"
    if origin is dict or hint is dict:
        inner = _copy_expr(args[1], item, depth + 1, where) if args else None
        key = f"k{depth}"
        return f"dict({value})" if inner is None else f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
    if origin is set or hint is set:
        return f"set({value})"  # set members are hashable: values, never changed in place
    if isinstance(hint, type):
        if issubclass(hint, (int, float, str, bytes, type(None))):
            return None
        if dataclasses.is_dataclass(hint) and hint.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return None
        if callable(getattr(hint, "copy", None)):
            return f"{value}.copy()"
    raise TypeError(f"{where}: cannot tell how to copy a {hint}")


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
    verdict: str = ""  # said where the winner is named, for a game without one (a solo game's rating)

    def check_totals(self) -> bool:
        """True when every total is the sum of its column."""
        return all(
            sum(row.values[i] for row in self.rows) == self.totals[i] for i in range(len(self.seats))
        )


@runtime_checkable
class Rules(Protocol):
    """What the engine asks of a game. States are never mutated once made.

    The methods after `has_private_information` are optional in spirit: RulesBase
    gives each a default, so call sites call them without asking whether they exist.
    """

    game_id: str

    def setup(self, seats: list[Seat], seed: int, options: dict[str, Any]) -> Any: ...

    def to_move(self, state: Any) -> int | None: ...

    def legal_actions(self, state: Any) -> list[Action]: ...

    def why_illegal(self, state: Any, act: Action) -> str | None: ...

    def apply(self, state: Any, act: Action, checked: bool = False) -> Any:
        """The next state; raises IllegalAction with the reason, unless the caller has judged `act` (checked)."""
        ...

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

    def option_specs(self) -> list[dict[str, Any]]:
        """The setup options: [{id, label, default, choices, help}] (see engine.core.options)."""
        ...

    def turn_id(self, state: Any) -> Hashable:
        """Equal for every state of one turn: the log panel finds where a turn began."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """A few plain values for a save's header (round, tiles left) shown in the load list."""
        ...

    def winners(self, state: Any) -> list[int]:
        """The seats that win the finished game, after the game's tie-break."""
        ...

    def check_invariants(self, state: Any) -> list[str]:
        """Problems the rules must never allow (conservation, matching edges); empty when all is well."""
        ...

    def pace(self, act: Action) -> float:
        """The share of a computer seat's usual pause this action stays in view (a small step: less)."""
        ...

    def bench_queries(self) -> list[tuple[str, Callable[[Any], bool], Callable[[Any], Any], float]]:
        """Extra queries `python -m bench` times: (name, applies to state, query, target in ms)."""
        ...

    def canonical(self, state: Any, act: Action) -> Action:
        """The action legal_actions lists for what an accepted `act` does (a tile that looks the same turned)."""
        ...


class IllegalAction(Exception):
    """An action the rules refuse; the message is the reason a player reads."""

    @property
    def reason(self) -> str:
        """The reason as the rules said it (Words keep their template for translation)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


class RulesBase(abc.ABC):
    """The skeleton every game's rules share: dispatch by action class, the phase gate, the contract's defaults.

    A game names its actions' judges and effects `_why_<kind>` and `_do_<kind>`
    (a judge is optional: the phase gate may be all there is to say). The table
    from action class to those methods is made once, when the class is defined,
    and a missing `_do_<kind>` fails then, not in the middle of a game.

    The phase gate reads `state.phase`: `action_phases` says in which phases each
    action class may be played at all; elsewhere the refusal is `out_of_phase`,
    by default the game's `phase_reasons` text for the phase the game is in.
    States are mutable dataclasses with `copy()`, treated as immutable outside `apply`.
    """

    game_id: ClassVar[str] = ""
    game_name: ClassVar[str] = ""  # as players say it, in "'fly' is not an action of Entdecker."
    phase_reasons: ClassVar[dict[str, str]] = {}  # phase -> what must happen first
    action_phases: ClassVar[dict[type, tuple[str, ...]]] = {}  # action class -> phases it may be played in
    _dispatch: ClassVar[dict[type, tuple[tuple[str, ...] | None, Callable | None, Callable]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.game_id:
            return
        table = {}
        for kind, klass in Action._registry.get(cls.game_id, {}).items():
            effect = getattr(cls, f"_do_{kind}", None)
            if effect is None:
                raise TypeError(f"{cls.__name__} has no _do_{kind} for {cls.game_id}'s action {kind!r}")
            table[klass] = (cls.action_phases.get(klass), getattr(cls, f"_why_{kind}", None), effect)
        cls._dispatch = table

    # ------------------------------------------------------------------ judging and applying
    def why_illegal(self, state: Any, act: Action) -> str | None:
        """None when `act` is legal now; else the reason, in the game's words."""
        if self.to_move(state) is None:
            return "The game is over."
        entry = self._dispatch.get(type(act))
        if entry is None:
            return Words("'{kind}' is not an action of {game}.", kind=getattr(act, "kind", type(act).__name__),
                         game=Words(self.game_name))
        problem = self.malformed(act)
        if problem is not None:
            return problem
        phases, judge, _effect = entry
        if phases is not None and state.phase not in phases:
            return self.out_of_phase(state, act)
        return None if judge is None else judge(self, state, act)

    def apply(self, state: Any, act: Action, checked: bool = False) -> Any:
        """The state after `act` (the argument is never changed); IllegalAction with the reason if refused.

        `checked=True` skips the judging when the caller has just had `why_illegal`
        answer None for this very state and action (Match does): one judgement a play.
        """
        if not checked:
            reason = self.why_illegal(state, act)
            if reason is not None:
                raise IllegalAction(reason)
        s = state.copy()
        self._dispatch[type(act)][2](self, s, act)
        return s

    def malformed(self, act: Action) -> str | None:
        """Why the action's values cannot be judged at all (a field of the wrong type), or None."""
        return None

    def phase_reason(self, state: Any) -> str:
        """What the seat to move must do first, in the phase the game is in."""
        return self.phase_reasons[state.phase]

    def out_of_phase(self, state: Any, act: Action) -> str:
        """The refusal of an action played outside its phases; games say more for some actions."""
        return self.phase_reason(state)

    # ------------------------------------------------------------------ the contract's defaults
    @abc.abstractmethod
    def to_move(self, state: Any) -> int | None:
        """The seat that decides now, or None once the game is over (every game says it)."""

    def view(self, state: Any, seat: int) -> Any:
        """Everything is open to every seat unless the game says otherwise."""
        return state

    def has_private_information(self) -> bool:
        return False

    def option_specs(self) -> list[dict[str, Any]]:
        return []

    def turn_id(self, state: Any) -> Hashable:
        """By default a turn is the run of states one seat moves in (the game knows its own turn counter)."""
        return (self.to_move(state),)

    def summary(self, state: Any) -> dict[str, Any]:
        return {}

    def winners(self, state: Any) -> list[int]:
        """The seats that win the finished game, after the game's tie-break (a game with one overrides this):
        by default every seat with the best total shares the win."""
        sheet = self.score_sheet(state)  # type: ignore[attr-defined]  # every game defines it (the protocol)
        if not sheet.totals:
            return []
        best = max(sheet.totals)
        return [i for i, total in enumerate(sheet.totals) if total == best]

    def check_invariants(self, state: Any) -> list[str]:
        return []

    def pace(self, act: Action) -> float:
        return 1.0

    def bench_queries(self) -> list[tuple[str, Callable[[Any], bool], Callable[[Any], Any], float]]:
        return []

    def canonical(self, state: Any, act: Action) -> Action:
        """legal_actions lists each outcome once; an accepted action it does not list spells one it does.

        Games whose tiles look the same turned list one rotation of them and name
        it here; every other action is its own spelling.
        """
        return act


_DEFAULTED = ("view", "has_private_information", "option_specs", "turn_id", "summary", "check_invariants", "pace",
              "bench_queries", "canonical")


class _WithDefaults:
    """A rules object that does not subclass RulesBase (a test's tiny game), completed with the contract's defaults."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or "_rules" not in self.__dict__:
            raise AttributeError(name)  # being unpickled (sent to a computer seat's worker): no rules inside yet
        try:
            return getattr(self._rules, name)
        except AttributeError:
            if name not in _DEFAULTED:
                raise
        return getattr(RulesBase, name).__get__(self)

    def apply(self, state: Any, act: Action, checked: bool = False) -> Any:
        if not checked:
            reason = self._rules.why_illegal(state, act)
            if reason is not None:
                raise IllegalAction(reason)
        return self._rules.apply(state, act)


def complete(rules: Any) -> Any:
    """The rules with every method of the contract: itself when it subclasses RulesBase, else wrapped once."""
    return rules if isinstance(rules, (RulesBase, _WithDefaults)) else _WithDefaults(rules)
