"""The rules contract, checked for every registered game (a new game gets these tests for free)."""
from __future__ import annotations

import copy
import random
from dataclasses import replace as dataclasses_replace

import pytest

from engine.core import registry
from engine.core.rules import Action, IllegalAction, Seat

GAMES = [g.id for g in registry.games()]


def _seats(info, n=None):
    n = n or info.min_seats
    colours = ["red", "yellow", "white", "black", "purple"]
    return [Seat(i, f"Seat {i}", colours[i], "computer") for i in range(n)]


def _random_states(game_id, seed, limit=400):
    """States along a seeded random game, through legal_actions only."""
    info = registry.get(game_id)
    rules = info.make_rules()
    state = rules.setup(_seats(info, info.max_seats), seed, {})
    rng = random.Random(seed)
    states = [state]
    while rules.to_move(state) is not None and len(states) < limit:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
        states.append(state)
    return rules, states


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_reach_the_end_through_legal_actions_only(game_id):
    info = registry.get(game_id)
    rules = info.make_rules()
    for seed in range(3):
        state = rules.setup(_seats(info), seed, {})
        rng = random.Random(seed)
        for _ in range(20000):
            if rules.to_move(state) is None:
                break
            acts = rules.legal_actions(state)
            assert acts, "a game that is not over must offer a legal action"
            act = rng.choice(acts)
            assert rules.why_illegal(state, act) is None, f"legal_actions offered a refused action {act}"
            state = rules.apply(state, act)
        assert rules.to_move(state) is None, "the game must end"
        sheet = rules.score_sheet(state)
        assert sheet.final and sheet.check_totals()


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_never_mutates_its_input(game_id):
    rules, states = _random_states(game_id, seed=11, limit=150)
    rng = random.Random(5)
    for state in states[::7]:
        if rules.to_move(state) is None:
            continue
        before = copy.deepcopy(state)
        rules.apply(state, rng.choice(rules.legal_actions(state)))
        assert state == before


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_round_trip_through_plain_dicts(game_id):
    rules, states = _random_states(game_id, seed=3, limit=300)
    for state in states:
        if rules.to_move(state) is None:
            continue
        for act in rules.legal_actions(state):
            plain = act.to_dict()
            assert all(isinstance(v, (int, str, bool, list, type(None))) for v in plain.values())
            assert Action.from_dict(game_id, plain) == act


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_actions_give_the_same_game(game_id):
    rules, states = _random_states(game_id, seed=21, limit=200)
    info = registry.get(game_id)
    replay = rules.setup(_seats(info, info.max_seats), 21, {})
    rng = random.Random(21)
    for expected in states[1:]:
        replay = rules.apply(replay, rng.choice(rules.legal_actions(replay)))
        assert replay == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_refuses_an_illegal_action_with_the_reason_why_illegal_gives(game_id):
    """apply is safe on its own: whoever calls it, an illegal action raises IllegalAction and changes nothing."""
    rules, states = _random_states(game_id, seed=17, limit=200)
    offered = [a for state in states[::5] if rules.to_move(state) is not None for a in rules.legal_actions(state)[:5]]
    refused = 0
    for state in states[::9]:
        before = copy.deepcopy(state)
        for act in offered[::3]:
            reason = rules.why_illegal(state, act)
            if reason is None:
                continue
            refused += 1
            with pytest.raises(IllegalAction) as err:
                rules.apply(state, act)
            assert str(err.value) == reason
        assert state == before
    assert refused > 20


def _mutable_parts(value, skip_items: bool = False) -> list:
    """Every list, dict, set and unfrozen dataclass inside a value (a RECORDS list's items left out)."""
    import dataclasses

    out = []
    if isinstance(value, (list, dict, set)):
        out.append(value)
        if not skip_items:
            for item in (value.values() if isinstance(value, dict) else value):
                out += _mutable_parts(item)
    elif isinstance(value, tuple):
        for item in value:
            out += _mutable_parts(item)
    elif dataclasses.is_dataclass(value) and not type(value).__dataclass_params__.frozen:
        out.append(value)
        for f in dataclasses.fields(value):
            out += _mutable_parts(getattr(value, f.name), f.metadata.get("copy") == "records")
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copied_state_equals_its_original_and_shares_nothing_mutable(game_id):
    """State.copy is made from the fields: whatever field a game adds, apply can never change an older state."""
    rules, states = _random_states(game_id, seed=6, limit=250)
    for state in states[::10] + [rules.view(states[-1], 0)]:
        twin = state.copy()
        assert twin == dataclasses_replace(state, notices=[]), "only what the last action caused starts anew"
        shared = {id(x) for x in _mutable_parts(twin)} & {id(x) for x in _mutable_parts(state)}
        assert not shared


@pytest.mark.parametrize("game_id", GAMES)
def test_view_offers_the_same_choices_as_the_full_state(game_id):
    """A computer seat deciding from its view has exactly the options the rules allow."""
    rules, states = _random_states(game_id, seed=8, limit=300)
    for state in states:
        seat = rules.to_move(state)
        if seat is None:
            continue
        assert rules.legal_actions(rules.view(state, seat)) == rules.legal_actions(state)


def test_entdecker_view_hides_the_face_down_piles_and_the_bag():
    rules, states = _random_states("entdecker", seed=4, limit=60)
    state = states[-1]
    seen = rules.view(state, 0)
    assert [len(p) for p in seen.piles] == [len(p) for p in state.piles]
    flat = [t for p in seen.piles for t in p]
    assert set(flat) <= {-1}, "no face-down tile identity may leak"
    assert len(seen.bag) == len(state.bag) and set(seen.bag) <= {"-1"}
    assert seen.seed == 0, "the seed would let a seat predict every draw"
    for i, pile in enumerate(state.piles):
        if pile:
            assert rules.top_back(seen, i) == rules.cat.tiles[pile[-1]].back, "the top tile's back stays visible"
