"""The converse of the contract, for every registered game: what why_illegal accepts, legal_actions offers.

test_contract.py checks that every offered action is accepted. Here hypothesis
picks reachable states (random legal playouts of random length, seed and seat
count) and every action near an offered one (a whole number one off, a value
another offered action has in that field, a flipped yes/no, an action offered
earlier in the game) must be refused unless it is offered: a scene that asks
why_illegal and a computer seat that picks from legal_actions see one game.
The one exception is declared by the rules: a tile that looks the same turned
is listed at one rotation, and `canonical` names the listed spelling.
"""
from __future__ import annotations

import dataclasses
import random
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import registry
from engine.core.rules import Action, Seat

GAMES = [g.id for g in registry.games()]
COLOURS = ["red", "yellow", "white", "black", "purple"]


def _playout(rules, info, seed: int, seats: int, length: int) -> tuple[object, list[Action]]:
    """The state after `length` random legal actions, and some actions offered on the way there."""
    state = rules.setup([Seat(i, f"P{i}", COLOURS[i], "computer") for i in range(seats)], seed, {})
    rng = random.Random(seed)
    earlier: list[Action] = []
    for _ in range(length):
        if rules.to_move(state) is None:
            break
        legal = rules.legal_actions(state)
        earlier += rng.sample(legal, min(2, len(legal)))
        state = rules.apply(state, rng.choice(legal), checked=True)
    return state, earlier[-80:]


def _values_by_field(actions: list[Action]) -> dict[str, set]:
    """Every value each field name takes among these actions (whatever their kind)."""
    out: dict[str, set] = {}
    for act in actions:
        for f in dataclasses.fields(act):
            out.setdefault(f.name, set()).add(getattr(act, f.name))
    return out


def _neighbours(act: Action, values: dict[str, set]) -> list[Action]:
    """Actions one field away from `act`: ints one or two off, others' values, the other yes/no, tuples reordered."""
    out = []
    for f in dataclasses.fields(act):
        value = getattr(act, f.name)
        others = {v for v in values.get(f.name, ()) if type(v) is type(value) and v != value}
        if isinstance(value, bool):
            others.add(not value)
        elif isinstance(value, int):
            others |= {value - 2, value - 1, value + 1, value + 2}
        elif isinstance(value, tuple):
            others |= {value[::-1], value[1:], value + value[:1]} - {value}
        for other in others:
            try:
                out.append(dataclasses.replace(act, **{f.name: other}))
            except (TypeError, ValueError):
                continue
    return out


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_action_why_illegal_accepts_is_one_legal_actions_offers(game_id, data):
    info = registry.get(game_id)
    rules = info.make_rules()
    seed = data.draw(st.integers(0, 100_000), label="seed")
    seats = data.draw(st.integers(info.min_seats, info.max_seats), label="seats")
    length = data.draw(st.integers(0, 400), label="actions played")
    state, earlier = _playout(rules, info, seed, seats, length)
    if rules.to_move(state) is None:
        return
    legal = rules.legal_actions(state)
    offered = set(legal)
    values = _values_by_field(legal + earlier)
    candidates = set(earlier)
    for act in islice(legal, 0, None, max(1, len(legal) // 150)):  # at most about 150 actions to vary
        candidates.update(_neighbours(act, values))
    for act in candidates - offered:
        if rules.why_illegal(state, act) is None:
            spelled = rules.canonical(state, act)
            assert spelled != act and spelled in offered, (
                f"{game_id} seed {seed}, {seats} seats, after {length} actions (phase {state.phase}): "
                f"why_illegal accepts {act}, which legal_actions does not offer")
            assert rules.why_illegal(state, spelled) is None


@pytest.mark.parametrize("game_id, seed, seats, length, turned", [
    ("entdecker", 50494, 3, 20, ("place_tile", {"col": 7, "row": 4, "rotation": 2})),
    ("desert_sons", 30939, 3, 37, ("place_tile", {"col": 2, "row": 4, "rotation": 1})),
])
def test_a_tile_that_looks_the_same_turned_is_listed_once_and_canonical_names_that_rotation(
        game_id, seed, seats, length, turned):
    """Both rotations are legal (the player may turn the tile either way); legal_actions lists the first."""
    info = registry.get(game_id)
    rules = info.make_rules()
    state, _ = _playout(rules, info, seed, seats, length)
    kind, fields = turned
    act = Action.from_dict(game_id, {"kind": kind, **fields})
    legal = rules.legal_actions(state)
    assert rules.why_illegal(state, act) is None and act not in legal
    listed = rules.canonical(state, act)
    assert listed in legal and listed.rotation < act.rotation
    assert (listed.col, listed.row) == (act.col, act.row)
    assert rules.apply(state, act).cells[(act.col, act.row)].edges == rules.apply(state, listed).cells[(act.col, act.row)].edges
    assert all(rules.canonical(state, a) == a for a in legal), "a listed action is its own spelling"
