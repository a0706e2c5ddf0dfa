"""The save folder stays fast and tidy: an index of headers, finished games pruned, leftovers removed, --load resumes in place."""
from __future__ import annotations

import os
import random
import time

import yaml

from engine.core import registry, saves
from engine.core.match import Match
from engine.core.rules import Seat
from engine.core.savefile import background_writer
from engine.core.saves import list_saves


def _write_save(folder, name, seed=3, actions=6, finished=False, updated="2026-11-01T10:00:00"):
    info = registry.get("entdecker")
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
    rng = random.Random(seed)
    for _ in range(actions):
        match.play(rng.choice(match.legal_actions()), autosave=False)
    data = match.to_save()
    data["finished"] = finished
    data["updated"] = updated
    path = folder / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _count_reads(monkeypatch):
    reads = []
    real = saves.read_info

    def counting(path):
        reads.append(path.name)
        return real(path)

    monkeypatch.setattr(saves, "read_info", counting)
    return reads


def test_the_save_list_reads_only_the_saves_that_changed_since_the_last_visit(tmp_path, monkeypatch):
    for i in range(5):
        _write_save(tmp_path, f"g{i}.yaml", seed=i + 1)
    reads = _count_reads(monkeypatch)
    first = list_saves(tmp_path)
    assert sorted(reads) == [f"g{i}.yaml" for i in range(5)]
    reads.clear()
    assert list_saves(tmp_path) == first and reads == [], "nothing changed: nothing is read"
    changed = _write_save(tmp_path, "g2.yaml", seed=9, actions=9)
    os.utime(changed, ns=(time.time_ns(), time.time_ns() + 5_000_000))  # a new time even on coarse clocks
    again = {i.path.name: i for i in list_saves(tmp_path)}
    assert reads == ["g2.yaml"] and again["g2.yaml"].actions == 9
    (tmp_path / "g4.yaml").unlink()
    assert "g4.yaml" not in {i.path.name for i in list_saves(tmp_path)}


def test_a_damaged_index_is_rebuilt_not_trusted(tmp_path, monkeypatch):
    _write_save(tmp_path, "a.yaml")
    list_saves(tmp_path)
    (tmp_path / saves.INDEX_NAME).write_text("{not json at all")
    reads = _count_reads(monkeypatch)
    assert [i.path.name for i in list_saves(tmp_path)] == ["a.yaml"] and reads == ["a.yaml"]
    reads.clear()
    list_saves(tmp_path)
    assert reads == [], "the rebuilt index is used next time"


def test_only_the_newest_finished_games_are_kept_and_games_in_progress_never_go(tmp_path):
    for i in range(8):
        _write_save(tmp_path, f"done{i}.yaml", finished=True, updated=f"2026-11-0{i + 1}T10:00:00")
    _write_save(tmp_path, "playing.yaml", finished=False, updated="2026-10-01T10:00:00")
    (tmp_path / "broken.yaml").write_text("format: 1\ngame: [")
    kept = list_saves(tmp_path, keep_finished=3)
    names = {i.path.name for i in kept}
    assert names == {"done7.yaml", "done6.yaml", "done5.yaml", "playing.yaml", "broken.yaml"}
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == sorted(names), "the older finished games were removed"


def test_leftover_temp_files_of_interrupted_writes_are_removed_at_start_up(app, user_data_dir):
    from engine.ui.scenes.menu import MenuScene

    folder = user_data_dir / "autosave"
    folder.mkdir(parents=True)
    old = folder / ".entdecker-1.yaml.abc123.tmp"
    old.write_text("half a sa")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    fresh = folder / ".entdecker-2.yaml.def456.tmp"  # another window may be writing it right now
    fresh.write_text("being written")
    MenuScene(app)
    assert not old.exists() and fresh.exists()


def test_the_menu_keeps_the_number_of_finished_games_the_settings_say(app, user_data_dir):
    from engine.ui.scenes.menu import MenuScene

    folder = user_data_dir / "autosave"
    folder.mkdir(parents=True)
    for i in range(4):
        _write_save(folder, f"done{i}.yaml", finished=True, updated=f"2026-11-0{i + 1}T10:00:00")
    app.settings.keep_finished = 2
    MenuScene(app)
    assert sorted(p.name for p in folder.glob("*.yaml")) == ["done2.yaml", "done3.yaml"]


def test_keep_finished_is_a_setting_that_is_saved_and_checked(tmp_path):
    from engine.ui import settings as st

    path = tmp_path / "settings.yaml"
    st.save(st.Settings(keep_finished=25), path)
    assert st.load(path) == (st.Settings(keep_finished=25), None)
    path.write_text("keep_finished: -3\n")
    loaded, problem = st.load(path)
    assert loaded == st.Settings() and "keep_finished" in problem


def test_load_on_the_command_line_keeps_writing_into_the_file_it_resumed(tmp_path, user_data_dir):
    from engine.ui.cli import _load_match, build_parser

    path = _write_save(tmp_path, "mine.yaml", actions=4)
    info, match = _load_match(str(build_parser().parse_args(["--load", str(path)]).load))
    assert match.autosave_path == path
    match.play(match.legal_actions()[0])
    background_writer().flush()
    assert len(yaml.safe_load(path.read_text())["actions"]) == 5
    autosaves = user_data_dir / "autosave"
    assert not autosaves.exists() or not list(autosaves.glob("*.yaml")), "no new file beside the original"


def test_a_settings_file_that_is_huge_or_an_alias_bomb_is_refused_at_once(tmp_path):
    from engine.ui import settings as st

    path = tmp_path / "settings.yaml"
    path.write_text("sound: true\n#" + "x" * (2 * 1024 * 1024))
    loaded, problem = st.load(path)
    assert loaded == st.Settings() and "larger than any settings" in problem
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    path.write_text("\n".join(lines) + "\n")
    loaded, problem = st.load(path)
    assert loaded == st.Settings() and "aliases" in problem


def test_reading_a_save_with_aliases_leaves_no_reference_cycles():
    """The alias count (an alias bomb is refused before it is built) is freed by reference counting: it was a closure
    calling itself, a cycle per file read, left for the cyclic collector (which the computer seats pause)."""
    from engine.core.savefile import parse_save_text
    from tests.reference_cycles import cyclic_garbage

    text = "a: &x [1, [2, 3]]\nb: *x\nc: {d: *x}\n"
    data, cyclic = cyclic_garbage(lambda: parse_save_text(text))
    assert data == {"a": [1, [2, 3]], "b": [1, [2, 3]], "c": {"d": [1, [2, 3]]}}
    assert cyclic == []


def test_continue_is_found_by_reading_the_newest_files_first_and_the_index_fills_over_visits(tmp_path, monkeypatch):
    from engine.core.saves import latest_unfinished

    for i in range(12):
        path = _write_save(tmp_path, f"g{i:02d}.yaml", seed=i + 1, finished=i == 11,
                           updated=f"2026-11-01T10:00:{i:02d}")
        os.utime(path, ns=(10**18 + i * 10**9, 10**18 + i * 10**9))  # written in this order
    reads = _count_reads(monkeypatch)
    found = latest_unfinished({"entdecker"}, tmp_path, budget_s=0.0)
    assert found.path.name == "g10.yaml", "the newest game in progress (g11 is finished)"
    assert reads == ["g11.yaml", "g10.yaml"], "a first start reads only what it needs for Continue"
    reads.clear()
    latest_unfinished({"entdecker"}, tmp_path, budget_s=60.0)
    assert sorted(reads) == [f"g{i:02d}.yaml" for i in range(10)], "spare time indexes the rest"
    reads.clear()
    assert latest_unfinished({"entdecker"}, tmp_path).path.name == "g10.yaml" and reads == []


def test_the_load_list_reads_saves_the_index_does_not_know_a_few_a_frame_and_keeps_the_selection(app, user_data_dir,
                                                                                                  monkeypatch):
    from engine.ui.scenes import load as load_module
    from engine.ui.scenes.load import LoadScene

    folder = user_data_dir / "autosave"
    folder.mkdir(parents=True)
    for i in range(8):
        path = _write_save(folder, f"g{i}.yaml", seed=i + 1, updated=f"2026-11-01T10:00:0{i}")
        os.utime(path, ns=(10**18 + i * 10**9, 10**18 + i * 10**9))
    monkeypatch.setattr(load_module, "READ_SECONDS_PER_FRAME", 0.0)  # one save a frame
    monkeypatch.setattr(load_module, "READ_SECONDS_AT_OPEN", 0.0)
    scene = LoadScene(app)
    app.push(scene)
    assert [s.path.name for s in scene.saves] == ["g7.yaml"] and not scene.scan.done, "the newest write first"
    app.step([])
    assert [s.path.name for s in scene.saves] == ["g7.yaml", "g6.yaml"]
    scene._select(1)  # the player picks g6 while the rest arrive
    for _ in range(10):
        app.step([])
    assert [s.path.name for s in scene.saves] == [f"g{i}.yaml" for i in range(7, -1, -1)]
    assert scene.current.path.name == "g6.yaml"
    assert LoadScene(app).scan.done, "the next visit knows them all from the index"
