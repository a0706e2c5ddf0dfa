"""RulesBase: the skeleton every game's rules share (dispatch, phase gate, the contract's defaults)."""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.options import option_specs
from engine.core.rules import Action, IllegalAction, RulesBase, Seat, action, complete
from tests.secret_game import SecretRules

GAMES = [g.id for g in registry.games()]
TOY = "rules_base_toy"


@action(TOY, "count")
class Count(Action):
    """Add `by` to the counter (only while counting)."""

    by: int


@action(TOY, "stop")
class Stop(Action):
    """Stop counting."""


@dataclass(slots=True)
class ToyState:
    phase: str = "counting"
    total: int = 0

    def copy(self) -> "ToyState":
        return replace(self)


class Bag:
    """Mutable, with no copy() to say how: a state holding one cannot be copied from its fields."""


class ToyRules(RulesBase):
    """A two-action game: count up by 1 or 2, then stop."""

    game_id = TOY
    game_name = "the toy"
    phase_reasons = {"counting": "Count first.", "stopped": "Counting is over."}
    action_phases = {Count: ("counting",), Stop: ("counting",)}

    def setup(self, seats, seed, options):
        return ToyState()

    def to_move(self, s):
        return None if s.total >= 10 else 0

    def legal_actions(self, s):
        return [Count(1), Count(2), Stop()] if s.phase == "counting" and s.total < 10 else []

    def _why_count(self, s, a):
        return None if a.by in (1, 2) else "Count by 1 or 2."

    def _do_count(self, s, a):
        s.total += a.by

    def _do_stop(self, s, a):
        s.phase = "stopped"


def test_the_dispatch_judges_by_action_class_and_the_phase_gate_gives_the_phases_reason():
    rules = ToyRules()
    s = rules.setup([], 0, {})
    assert rules.why_illegal(s, Count(3)) == "Count by 1 or 2."
    assert rules.why_illegal(s, Stop()) is None, "an action without a judge has only the phase gate"
    stopped = rules.apply(s, Stop())
    assert rules.why_illegal(stopped, Count(1)) == "Counting is over."
    assert s.phase == "counting", "apply never changes its argument"


def test_apply_refuses_an_illegal_action_with_the_reason_unless_the_caller_has_judged_it():
    rules = ToyRules()
    s = rules.setup([], 0, {})
    with pytest.raises(IllegalAction, match="Count by 1 or 2."):
        rules.apply(s, Count(5))
    assert rules.apply(s, Count(2), checked=True).total == 2


def test_an_action_of_another_game_and_the_end_of_the_game_are_refused_for_every_action():
    from games.entdecker.rules import Spin

    rules = ToyRules()
    assert rules.why_illegal(ToyState(), Spin()) == "'spin' is not an action of the toy."
    assert rules.why_illegal(ToyState(total=10), Count(1)) == "The game is over."


def test_a_rules_class_without_the_effect_of_one_of_its_actions_fails_when_it_is_defined():
    with pytest.raises(TypeError, match="_do_stop"):
        class Broken(RulesBase):  # noqa: F841 - defining it is the test
            game_id = TOY

            def _do_count(self, s, a):
                pass


def test_the_defaults_of_the_contract():
    rules = ToyRules()
    s = rules.setup([], 0, {})
    assert rules.option_specs() == [] and rules.summary(s) == {} and rules.check_invariants(s) == []
    assert rules.pace(Count(1)) == 1.0 and rules.bench_queries() == [] and not rules.has_private_information()
    assert rules.view(s, 0) is s and rules.turn_id(s) == (0,) and rules.canonical(s, Count(1)) == Count(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_registered_game_builds_on_rules_base(game_id):
    rules = registry.get(game_id).make_rules()
    assert isinstance(rules, RulesBase) and complete(rules) is rules
    kinds = set(Action._registry[game_id])
    assert {k.kind for k in type(rules)._dispatch} == kinds, "every action of the game has its effect"


def test_rules_that_do_not_subclass_the_base_get_its_defaults_and_its_refusing_apply():
    rules = complete(SecretRules())
    assert complete(rules) is rules, "completed once"
    assert option_specs(SecretRules()) == []
    seats = [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")]
    match = Match(SecretRules(), seats, 3)
    assert match.rules.summary(match.state) == {} and match.rules.pace(None) == 1.0
    assert match.rules.has_private_information(), "what the game says wins over the default"
    illegal = type(match.legal_actions()[0])(7)
    with pytest.raises(IllegalAction, match="That card is not in your hand."):
        match.play(illegal)


def test_copy_from_fields_copies_as_deep_as_the_types_say_and_refuses_a_type_it_cannot_judge():
    from dataclasses import field

    from engine.core.rules import FRESH, RECORDS, copy_from_fields

    @copy_from_fields
    @dataclass(slots=True)
    class Board:
        rows: list[list[int]]
        names: dict[str, list[str]]
        best: list[int] | None = None
        log: list[dict] = field(default_factory=list, metadata=RECORDS)
        news: list[str] = field(default_factory=list, metadata=FRESH)

    board = Board([[1, 2]], {"a": ["x"]}, [3], [{"n": 1}], ["said"])
    twin = board.copy()
    assert (twin.rows, twin.names, twin.best, twin.log, twin.news) == ([[1, 2]], {"a": ["x"]}, [3], [{"n": 1}], [])
    assert twin.rows[0] is not board.rows[0] and twin.names["a"] is not board.names["a"] and twin.best is not board.best
    assert twin.log is not board.log and twin.log[0] is board.log[0], "records are shared, their list is not"

    with pytest.raises(TypeError, match="cannot tell how to copy"):
        @copy_from_fields
        @dataclass(slots=True)
        class Holder:  # noqa: F841 - defining it is the test
            bag: Bag
