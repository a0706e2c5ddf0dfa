"""A game killed with SIGKILL between two actions resumes with no action lost (autosave is atomic)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from engine.core import registry
from engine.core.match import Match
from engine.core.paths import project_root

GAMES = [g.id for g in registry.games()]

CHILD = textwrap.dedent("""
    import random, sys, time
    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Seat
    info = registry.get(sys.argv[1])
    seats = [Seat(i, f"P{i}", c) for i, c in enumerate(["red", "yellow", "white", "black", "purple"][:info.min_seats])]
    match = Match(info.make_rules(), seats, 21, autosave_path=sys.argv[2])
    rng = random.Random(21)
    while not match.finished:
        match.play(rng.choice(match.legal_actions()))   # autosaves before it returns
        print(len(match.log), flush=True)
    time.sleep(60)
""")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_killed_between_two_actions_resumes_with_every_reported_action(game_id, tmp_path):
    save = tmp_path / "auto.yaml"
    env = dict(os.environ, PYTHONPATH=str(project_root()))
    child = subprocess.Popen([sys.executable, "-c", CHILD, game_id, str(save)], stdout=subprocess.PIPE, text=True,
                             cwd=project_root(), env=env)
    try:
        played = 0
        while played < 25:
            line = child.stdout.readline()
            assert line, "the child stopped before playing 25 actions"
            played = int(line)
        child.send_signal(signal.SIGKILL)  # no clean-up, no atexit: mid-stride, as a power cut would
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    resumed = Match.load(save, lambda gid: registry.get(gid).make_rules())
    assert len(resumed.log) >= played, "an action the game had reported as played is missing from the save"
    if not resumed.finished:  # and the game goes on from there
        resumed.play(resumed.legal_actions()[0], autosave=False)
