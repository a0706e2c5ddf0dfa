"""Match: play, undo, redo, save, load and autosave, for every registered game."""
from __future__ import annotations

import random
import re

import pytest
import yaml

from engine.core import registry
from engine.core.errors import DataError
from engine.core.match import Match
from engine.core.rules import IllegalAction, Seat

GAMES = [g.id for g in registry.games()]


def rules_for(game_id):
    return registry.get(game_id).make_rules()


def _match(game_id, seed=5, autosave_path=None, humans=True):
    info = registry.get(game_id)
    colours = ["red", "yellow", "white", "black", "purple"]
    seats = [Seat(i, f"P{i}", colours[i], "human" if humans else "computer") for i in range(info.min_seats)]
    return Match(info.make_rules(), seats, seed, autosave_path=autosave_path)


def _play_random(match, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if match.finished:
            break
        match.play(rng.choice(match.legal_actions()), autosave=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_save_then_load_at_ten_points_gives_the_same_state(game_id, tmp_path):
    for k in range(10):
        match = _match(game_id, seed=100 + k)
        _play_random(match, 15 * k + 3, seed=k)
        path = tmp_path / f"save{k}.yaml"
        match.save(path)
        loaded = Match.load(path, rules_for)
        assert loaded.state == match.state
        assert [e.action for e in loaded.log] == [e.action for e in match.log]


@pytest.mark.parametrize("game_id", GAMES)
def test_play_refuses_an_illegal_action_with_the_reason_and_changes_nothing(game_id):
    match = _match(game_id)
    legal = match.legal_actions()
    # find an action of some later phase that is illegal now
    probe = _match(game_id, seed=6)
    _play_random(probe, 6)
    illegal = next((a for a in probe.legal_actions() if match.why_illegal(a) is not None), None)
    assert illegal is not None
    before = match.state
    with pytest.raises(IllegalAction) as err:
        match.play(illegal)
    assert str(err.value) == match.why_illegal(illegal)
    assert match.state is before and len(match.log) == 0 and legal == match.legal_actions()


def _damaged(tmp_path, text):
    path = tmp_path / "damaged.yaml"
    path.write_text(text)
    return path


def _good_save(tmp_path, game_id="entdecker"):
    match = _match(game_id)
    _play_random(match, 12)
    path = tmp_path / "good.yaml"
    match.save(path)
    return path, yaml.safe_load(path.read_text())


def _refused_untouched(path, *expected):
    """Loading `path` is refused with a reason containing every `expected` text, and the file stays as it was."""
    before = path.read_bytes()
    with pytest.raises(DataError) as err:
        Match.load(path, rules_for)
    assert any(e in str(err.value) for e in expected), str(err.value)
    assert path.read_bytes() == before
    return str(err.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_save_truncated_is_refused_and_left_as_it_was(game_id, tmp_path):
    path, _ = _good_save(tmp_path, game_id)
    text = path.read_text()
    bad = _damaged(tmp_path, text[: len(text) // 2] + "\n  - {kind: pla")
    _refused_untouched(bad, "damaged", "not valid YAML")


@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_save_with_an_illegal_action_names_the_action_number(game_id, tmp_path):
    path, data = _good_save(tmp_path, game_id)
    match = Match.load(path, rules_for)
    from engine.core.rules import Action

    # an action of this very save that the rules refuse at the fourth step
    k = 3
    bad_action = next(raw for raw in data["actions"]
                      if match.rules.why_illegal(match.states[k], Action.from_dict(game_id, raw)) is not None)
    data["actions"][k] = bad_action
    reason = _refused_untouched(_damaged(tmp_path, yaml.safe_dump(data)), f"action {k + 1} ({bad_action['kind']}) is not legal")
    assert reason.endswith(match.rules.why_illegal(match.states[k], Action.from_dict(game_id, bad_action)))


@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_save_with_an_unknown_action_kind_is_refused(game_id, tmp_path):
    path, data = _good_save(tmp_path, game_id)
    data["actions"][2] = {"kind": "teleport"}
    _refused_untouched(_damaged(tmp_path, yaml.safe_dump(data)), "action 3 is damaged: unknown action kind 'teleport'")


@pytest.mark.parametrize("game_id", GAMES)
def test_save_for_an_unknown_game_is_refused(game_id, tmp_path):
    path, data = _good_save(tmp_path, game_id)
    data["game"] = "chess"
    _refused_untouched(_damaged(tmp_path, yaml.safe_dump(data)), "unknown game 'chess'")


@pytest.mark.parametrize("game_id", GAMES)
def test_save_from_a_newer_version_is_refused(game_id, tmp_path):
    path, data = _good_save(tmp_path, game_id)
    data["format"] = 99
    _refused_untouched(_damaged(tmp_path, yaml.safe_dump(data)), "newer version")


def test_save_that_is_not_a_mapping_is_refused(tmp_path):
    with pytest.raises(DataError) as err:
        Match.load(_damaged(tmp_path, "- just\n- a list\n"), rules_for)
    assert "not a mapping" in str(err.value)


def test_missing_save_file_is_refused(tmp_path):
    with pytest.raises(DataError) as err:
        Match.load(tmp_path / "nope.yaml", rules_for)
    assert "not found" in str(err.value)


def test_autosave_is_written_after_every_action_and_replaces_atomically(tmp_path):
    path = tmp_path / "auto.yaml"
    match = _match("entdecker", autosave_path=path)
    rng = random.Random(1)
    for n in range(1, 6):
        match.play(rng.choice(match.legal_actions()))
        data = yaml.safe_load(path.read_text())
        assert len(data["actions"]) == n
    assert sorted(p.name for p in tmp_path.iterdir()) == ["auto.yaml"], "no temp file may be left behind"


def test_undo_takes_back_own_actions_but_never_a_reveal():
    match = _match("entdecker", seed=3)
    from games.entdecker.rules import Declare, PlaceShip, Spin

    match.play(Spin())
    assert match.why_no_undo() is not None, "the spin revealed the income"
    assert not match.undo()
    match.play(PlaceShip(-1, 3))
    match.play(Declare(1, False))
    assert match.undo() and match.undo()
    assert match.state.phase == "start"
    assert match.redo() and match.state.phase == "declare"


def test_version_grows_at_every_play_undo_redo_and_seek_even_when_a_state_comes_back():
    """Caches key on Match.version: an undo that brings back an equal state (or a reused id) still counts."""
    from engine.core.match import ReplayMatch
    from games.entdecker.rules import Declare, PlaceShip, Spin

    match = _match("entdecker", seed=3)
    seen = [match.version]
    match.play(Spin())
    match.play(PlaceShip(-1, 3))
    seen.append(match.version)
    assert match.undo()
    seen.append(match.version)
    assert match.redo()
    seen.append(match.version)
    with pytest.raises(IllegalAction):
        match.play(Declare(99, False))
    assert match.version == seen[-1], "a refused action changes nothing"
    assert match.undo()
    seen.append(match.version)
    assert not match.undo(), "the spin revealed the income"
    assert match.version == seen[-1], "a refused undo changes nothing"
    assert seen == sorted(seen) and len(set(seen)) == len(seen)
    replay = ReplayMatch(match)
    before = replay.version
    replay.seek(0)
    assert replay.version > before
    again = replay.version
    replay.seek(0)
    assert replay.version == again, "showing the same step again changes nothing"
    replay.seek(replay.length)
    assert replay.version > again


@pytest.mark.parametrize("game_id", GAMES)
def test_a_played_action_is_judged_once_whether_or_not_the_scene_asked_first(game_id, monkeypatch):
    """Match.play is the one gate, and judges once: a scene's why_illegal answer for that action is reused."""
    match = _match(game_id, seed=8)
    calls = []
    judge = match.rules.why_illegal
    monkeypatch.setattr(match.rules, "why_illegal", lambda s, a: calls.append(a) or judge(s, a))
    rng = random.Random(8)
    for step in range(12):
        act = rng.choice(match.legal_actions())
        calls.clear()
        if step % 2:
            assert match.why_illegal(act) is None
        match.play(act, autosave=False)
        assert calls == [act], f"judged {len(calls)} times"
    stale = rng.choice(match.legal_actions())
    assert match.why_illegal(stale) is None
    match.play(rng.choice(match.legal_actions()), autosave=False)
    refused = match.why_illegal(stale)
    if refused is not None:  # the answer of an older version is never reused
        with pytest.raises(IllegalAction, match=re.escape(refused)):
            match.play(stale)


@pytest.mark.parametrize("game_id", GAMES)
def test_find_names_the_legal_action_of_a_kind_by_its_fields(game_id):
    """Match.find(kind, **fields): a scene names what a gesture means instead of rebuilding the action."""
    import dataclasses

    match = _match(game_id, seed=12)
    rng = random.Random(12)
    seen_kinds = set()
    for _ in range(40):
        if match.finished:
            break
        legal = match.legal_actions()
        for act in legal:
            fields = {f.name: getattr(act, f.name) for f in dataclasses.fields(act)}
            assert match.find(act.kind, **fields) == act
            seen_kinds.add(act.kind)
            if fields:  # with a field left out, some legal action of that kind that agrees on the rest
                name = next(iter(fields))
                found = match.find(act.kind, **{k: v for k, v in fields.items() if k != name})
                assert found in legal and found.kind == act.kind
            for name, value in fields.items():
                if isinstance(value, int) and not isinstance(value, bool):
                    other = dataclasses.replace(act, **{name: value + 1000})
                    assert other not in legal and match.find(act.kind, **{**fields, name: value + 1000}) is None
        match.play(rng.choice(legal), autosave=False)
    assert len(seen_kinds) >= 3
    with pytest.raises(ValueError, match="no action kind"):
        match.find("fly")
    with pytest.raises(ValueError, match="no field colour_of_the_sky"):
        match.find(next(iter(seen_kinds)), colour_of_the_sky=1)


def test_find_takes_a_list_for_a_tuple_field_and_finds_nothing_in_a_replay():
    from engine.core.match import ReplayMatch

    match = _match("five_tribes", seed=2)
    while not any(a.kind == "kill" for a in match.legal_actions()) and not match.finished:
        match.play(random.Random(len(match.log)).choice(match.legal_actions()), autosave=False)
    kill = next(a for a in match.legal_actions() if a.kind == "kill")
    assert match.find("kill", colours=list(kill.colours), tile=kill.tile, seat=kill.seat) == kill
    assert ReplayMatch(match).find("bid") is None


def test_undo_never_takes_back_another_seats_action():
    match = _match("entdecker", seed=3)
    rng = random.Random(2)
    match.play(rng.choice(match.legal_actions()))
    while match.log[-1].seat == match.to_move():
        match.play(rng.choice(match.legal_actions()))
    assert match.why_no_undo() == "The last action was another seat's; only your own turn can be taken back."
    assert not match.undo()


def test_save_list_shows_damaged_files_with_their_reason_untouched_and_finds_the_latest_unfinished(tmp_path):
    from engine.core.saves import latest_unfinished, list_saves

    first = _match("entdecker", seed=1, autosave_path=tmp_path / "a.yaml")
    first.play(first.legal_actions()[0])
    second = _match("entdecker", seed=2, autosave_path=tmp_path / "b.yaml")
    _play_random(second, 5)
    second.save(tmp_path / "b.yaml")
    broken = tmp_path / "c.yaml"
    broken.write_text("format: 1\ngame: [entdecker\n")
    before = broken.read_bytes()
    infos = {i.path.name: i for i in list_saves(tmp_path)}
    assert sorted(infos) == ["a.yaml", "b.yaml", "c.yaml"]
    assert [n for n, i in infos.items() if i.damaged] == ["c.yaml"]
    assert "line 3" in infos["c.yaml"].problem and "not valid YAML" in infos["c.yaml"].problem
    assert broken.read_bytes() == before
    latest = latest_unfinished({"entdecker"}, tmp_path)
    assert latest is not None and latest.seats == ["P0", "P1"]
    assert latest_unfinished({"chess"}, tmp_path) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cheap_save_text_is_the_same_yaml_as_dumping_the_whole_game_across_undos(game_id, monkeypatch):
    """Each action is turned into YAML once; a save joins the pieces. An undo drops what followed it."""
    from engine.core import match as match_module
    from engine.core.savefile import dump_yaml

    monkeypatch.setattr(match_module, "_now", lambda: "2026-11-23T12:00:00")
    match = _match(game_id, seed=4)
    assert match.save_text() == dump_yaml(match.to_save()), "no action yet"
    rng = random.Random(4)
    for step in range(60):
        if match.finished:
            break
        match.play(rng.choice(match.legal_actions()), autosave=False)
        if step % 7 == 3 and match.why_no_undo() is None:
            match.undo()
            match.play(rng.choice(match.legal_actions()), autosave=False)  # perhaps another action in its place
        if step % 5 == 0:
            assert match.save_text() == dump_yaml(match.to_save())
    assert match.save_text() == dump_yaml(match.to_save())
    assert len(Match.from_save_text(match.save_text(), rules_for).log) == len(match.log)


@pytest.mark.parametrize("game_id", ["entdecker", "five_tribes", "desert_sons"])
def test_a_turn_that_has_ended_stands_even_when_the_same_seat_moves_next(game_id):
    """Issue 13: undo crossed the end of a turn when the seat that ended it was also the next to move."""
    import random

    from engine.core import registry
    from engine.ui.catalogue import parse_seats

    info = registry.get(game_id)
    found = 0
    for seed in range(1, 30):
        match = Match(info.make_rules(), parse_seats("Ann,Bob", info), seed)
        rng = random.Random(seed)
        while not match.finished and found < 3:
            before = match.state
            seat = match.to_move()
            match.play(rng.choice(match.legal_actions()), autosave=False)
            rules = match.rules
            if match.to_move() == seat and rules.turn_id(match.state) != rules.turn_id(before):
                found += 1
                assert match.why_no_undo() is not None, f"seed {seed}: undo would cross the end of a turn"
                assert not match.undo() and match.state is not before
        if found >= 3:
            break
    assert found, f"{game_id}: no game gave a seat two turns in a row; the test needs another seed range"
