"""Damaged and hostile saves are refused with the reason, never a traceback, and the file is left as it was.

Through every door a save comes in: Match.load, `main.py --load`, the menu's
Continue and the Load list.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from engine.core import registry
from engine.core.errors import DataError
from engine.core.match import Match
from engine.core.paths import project_root
from engine.core.rules import Seat
from tests.hostile_saves import KINDS, good_save_data, make_hostile_saves


def rules_for(game_id):
    return registry.get(game_id).make_rules()


@pytest.fixture(scope="module")
def good():
    return good_save_data()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_damaged_or_hostile_save_is_refused_with_its_reason_and_left_unchanged(kind, good, tmp_path):
    make, words = KINDS[kind]
    path = tmp_path / f"{kind}.yaml"
    path.write_bytes(make(good).encode("utf-8"))
    before = path.stat().st_size, path.stat().st_mtime_ns
    with pytest.raises(DataError) as err:
        Match.load(path, rules_for)
    assert words in str(err.value), str(err.value)
    assert "\n" not in str(err.value), "one line a player can read"
    assert (path.stat().st_size, path.stat().st_mtime_ns) == before


def test_the_good_save_the_hostile_ones_are_made_from_loads(good, tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(yaml.safe_dump(good, sort_keys=False))
    assert len(Match.load(path, rules_for).log) == len(good["actions"])


def test_an_action_field_of_the_wrong_type_is_named_before_the_rules_see_it(good):
    data = dict(good, actions=[dict(a) for a in good["actions"]])
    data["actions"][1]["col"] = "three"
    with pytest.raises(DataError) as err:
        Match.from_save_text(yaml.safe_dump(data), rules_for)
    assert err.value.problem == ("action 2 is damaged: action 'place_ship': the field 'col' must be a whole number, "
                                 "not the text 'three'")


def test_whatever_the_rules_raise_while_replaying_becomes_a_refusal_naming_the_action(good, monkeypatch):
    rules = registry.get("entdecker").make_rules()

    def broken_apply(state, act):
        raise ZeroDivisionError("the rules met a value they never expected")

    monkeypatch.setattr(rules, "apply", broken_apply)
    with pytest.raises(DataError) as err:
        Match.from_save_text(yaml.safe_dump(good), lambda gid: rules)
    assert err.value.problem.startswith("action 1 (spin) cannot be replayed: ZeroDivisionError")


def test_an_option_the_game_does_not_offer_is_refused():
    info = registry.get("five_tribes")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], 3)
    data = match.to_save()
    data["options"] = {"board": "moon_9x9"}
    with pytest.raises(DataError) as err:
        Match.from_save_text(yaml.safe_dump(data), rules_for)
    assert "option 'board' cannot be 'moon_9x9'" in err.value.problem


def _main(*args, env_extra=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "main.py", *args], cwd=project_root(), env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("kind", ["field_wrong_type", "kind_is_a_list", "one_seat", "alias_bomb", "huge",
                                  "deeply_nested"])
def test_load_on_the_command_line_refuses_with_one_line_and_exit_2(kind, good, tmp_path):
    make, words = KINDS[kind]
    path = tmp_path / f"{kind}.yaml"
    path.write_bytes(make(good).encode("utf-8"))
    before = path.read_bytes()
    done = _main("--load", str(path), "--screenshot", str(tmp_path / "never.png"),
                 env_extra={"TILETABLE_DATA_DIR": str(tmp_path / "data")})
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and words in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert path.read_bytes() == before and not (tmp_path / "never.png").exists()


def test_the_menu_never_offers_a_damaged_save_as_continue_and_the_load_list_says_why(app, user_data_dir, good):
    from engine.ui.scenes.load import LoadScene
    from engine.ui.scenes.menu import MenuScene

    folder = user_data_dir / "autosave"
    files = make_hostile_saves(folder, good)
    stamps = {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in files}
    menu = MenuScene(app)
    assert menu.resume is None, f"offered {menu.resume}"
    assert not menu.continue_button.visible
    load = LoadScene(app)
    app.push(load)
    listed = {info.path: info for info in load.saves}
    for path in files:
        info = listed[path]
        if path.name == "unknown_game.yaml":
            assert info.game == "chess" and not info.damaged, "a game that is not installed is said so, not damaged"
        else:
            assert info.damaged, f"{path.name} is listed as openable"
        load._select(load.saves.index(info))
        assert not load.resume_button.enabled and not load.replay_button.enabled
        app.step([])  # each row and its reason draw without a fault
    # the header-level damage is seen without a full load; the deep kind (an illegal action 6) after one
    assert "action 6" in listed[folder / "action_illegal.yaml"].problem
    assert all((p.stat().st_size, p.stat().st_mtime_ns) == stamps[p] for p in files), "no file may change"


def test_continue_skips_a_damaged_newer_save_for_the_older_good_one(app, user_data_dir, good):
    from engine.ui.scenes.menu import MenuScene

    folder = user_data_dir / "autosave"
    folder.mkdir(parents=True)
    older = folder / "older.yaml"
    older.write_text(yaml.safe_dump(dict(good, updated="2026-01-01T10:00:00"), sort_keys=False))
    newer = folder / "newer.yaml"
    damaged = dict(good, updated="2026-02-02T10:00:00", actions=list(good["actions"]))
    damaged["actions"][5] = damaged["actions"][0]
    newer.write_text(yaml.safe_dump(damaged, sort_keys=False))
    menu = MenuScene(app)
    assert menu.resume is not None and menu.resume.path == older


def test_continue_on_a_save_damaged_after_the_menu_opened_shows_why_and_never_offers_it_again(app, user_data_dir,
                                                                                              good):
    from engine.ui.scenes.menu import MenuScene

    folder = user_data_dir / "autosave"
    folder.mkdir(parents=True)
    path = folder / "game.yaml"
    path.write_text(yaml.safe_dump(good, sort_keys=False))
    menu = MenuScene(app)
    app.push(menu)
    assert menu.resume is not None
    damaged = dict(good, actions=list(good["actions"]))
    damaged["actions"][5] = damaged["actions"][0]
    path.write_text(yaml.safe_dump(damaged, sort_keys=False))  # e.g. edited by hand meanwhile
    menu.continue_game()
    assert app.top is menu, "the program stays on the menu"
    assert "action 6" in menu.load_error and not menu.continue_button.visible
    assert MenuScene(app).resume is None, "offered again at the next visit"
    app.step([])  # the reason is drawn without a fault


def test_a_save_refused_by_resume_in_the_load_list_stays_marked_damaged(app, user_data_dir, good):
    from engine.ui.scenes.load import LoadScene

    folder = user_data_dir / "autosave"
    folder.mkdir(parents=True)
    path = folder / "game.yaml"
    damaged = dict(good, actions=list(good["actions"]))
    damaged["actions"][7] = damaged["actions"][0]
    path.write_text(yaml.safe_dump(damaged, sort_keys=False))
    scene = LoadScene(app)
    app.push(scene)
    assert not scene.current.damaged, "the header is fine: only a full load finds action 8"
    scene.resume()
    assert app.top is scene and scene.current.damaged and "action 8" in scene.current.problem
    assert not scene.resume_button.enabled
    again = LoadScene(app)
    assert again.current.damaged and "action 8" in again.current.problem
    app.step([])
    path.write_text(yaml.safe_dump(good, sort_keys=False))  # mended by hand: it opens again
    assert not LoadScene(app).current.damaged
