"""Starting the table: a problem is one line and exit 2, never a traceback (unless --debug), never a hang."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

from engine.core import registry
from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.ui.cli import run


@pytest.fixture
def broken_desert_sons(monkeypatch):
    """Desert Sons whose tiles.yaml is broken, as an edit in progress would leave it."""
    info = registry.get("desert_sons")
    where = project_root() / "data" / "desert_sons" / "tiles.yaml"

    def make_rules():
        raise DataError(where, 477, "YAML syntax error: did not find expected node content")

    monkeypatch.setitem(registry._GAMES, "desert_sons", dataclasses.replace(info, make_rules=make_rules))


def test_a_broken_data_file_on_game_is_one_line_and_exit_2(broken_desert_sons, capsys, tmp_path):
    code = run(["--game", "desert_sons", "--screenshot", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().splitlines() == [
        "main.py: could not start: data/desert_sons/tiles.yaml, line 477: "
        "YAML syntax error: did not find expected node content (--debug shows the details)"]
    assert not (tmp_path / "x.png").exists()


def test_debug_shows_the_traceback_behind_the_line(broken_desert_sons, capsys, tmp_path):
    code = run(["--game", "desert_sons", "--debug", "--screenshot", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback (most recent call last)" in err and err.rstrip().endswith(
        "data/desert_sons/tiles.yaml, line 477: YAML syntax error: did not find expected node content")


def test_with_no_display_the_table_says_so_and_exits_instead_of_running_unseen(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["TILETABLE_DATA_DIR"] = str(tmp_path)
    done = subprocess.run([sys.executable, "main.py"], cwd=project_root(), env=env, capture_output=True, text=True,
                          timeout=60)  # today it runs forever at 80 % of a core
    assert done.returncode == 2
    assert "No display found: run on a desktop, or use --screenshot" in done.stderr
