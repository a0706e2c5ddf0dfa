"""Computer seats think in a separate process: the window never waits, and the worker sees only the seat's view."""
from __future__ import annotations

import os
import time

import pytest

from engine.core import registry
from engine.core.thinker import Thinker
from engine.ui.catalogue import discover_games, new_match, parse_seats
from engine.ui.computer import ComputerDriver


class WhoAmI:
    """Answers with the worker's process id and what it was shown (a test agent: its 'action' is not played)."""

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules, self.seat = rules, seat

    def choose(self, view):
        return (os.getpid(), self.seat, view)


class Slow:
    """Thinks for two seconds, then plays the first legal action."""

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules = rules

    def choose(self, view):
        time.sleep(2.0)
        return self.rules.legal_actions(view)[0]


class Broken:
    def __init__(self, rules, seat: int, seed: int) -> None:
        pass

    def choose(self, view):
        raise ValueError("no idea what to do")


class Dies:
    def __init__(self, rules, seat: int, seed: int) -> None:
        pass

    def choose(self, view):
        os._exit(3)


@pytest.fixture(scope="module")
def five_tribes():
    discover_games()
    return registry.get("five_tribes")


def test_the_worker_is_another_process_and_is_shown_the_seats_view_only(five_tribes):
    """Honesty: Five Tribes hides other seats' gold; the worker is sent seat 1's view, never the state."""
    match = new_match(five_tribes, parse_seats("Ann,computer", five_tribes), seed=4)
    match.autosave_path = None
    driver = ComputerDriver(match, delay=0.0, agent=WhoAmI)
    try:
        thinker = driver.thinker
        number = thinker.ask(match.rules.view(match.state, 1), 1, WhoAmI, 0)
        answer = thinker.wait(30)
        assert answer is not None and answer.number == number and answer.error is None
        pid, seat, view = answer.action
        assert pid == thinker.pid and pid != os.getpid()
        assert seat == 1 and view == match.rules.view(match.state, 1)
        assert view != match.state, "the view hides Ann's gold: it is not the full state"
    finally:
        driver.close()


def test_the_frame_loop_never_waits_for_a_thinking_seat(five_tribes):
    match = new_match(five_tribes, parse_seats("computer,Ann", five_tribes), seed=4)
    match.autosave_path = None
    driver = ComputerDriver(match, delay=0.0, agent=Slow)
    try:
        driver.update(1 / 60)
        for _ in range(5):
            driver.update(1 / 60)  # returns at once while the seat thinks
            assert driver.thinking == 0 and not match.log
        assert driver.wait(30)
        driver.update(1 / 60)
        assert len(match.log) == 1 and match.to_move() == 1
    finally:
        driver.close()


def test_a_crashing_agent_pauses_its_seat_with_the_reason_and_resume_tries_again(five_tribes):
    match = new_match(five_tribes, parse_seats("computer,Ann", five_tribes), seed=4)
    match.autosave_path = None
    driver = ComputerDriver(match, delay=0.0, agent=Broken)
    try:
        driver.update(0.0)
        assert driver.wait(30)
        driver.update(0.0)
        assert driver.paused and driver.error.endswith(": ValueError: no idea what to do") and not match.log
        driver.update(0.0)
        assert driver.thinking is None, "a paused seat does not ask again by itself"
        driver.resume()
        driver.update(0.0)
        assert driver.thinking == 0
    finally:
        driver.close()


def test_a_worker_that_dies_is_reported_and_started_anew_on_resume(five_tribes):
    match = new_match(five_tribes, parse_seats("computer,Ann", five_tribes), seed=4)
    match.autosave_path = None
    driver = ComputerDriver(match, delay=0.0, agent=Dies)
    try:
        driver.update(0.0)
        driver.wait(30)
        driver.update(0.0)
        assert driver.paused and "process stopped (exit code 3)" in driver.error
        driver.resume()
        assert driver.thinker.alive
    finally:
        driver.close()


def test_leaving_the_game_or_closing_the_window_stops_the_worker(app, five_tribes):
    from engine.ui.scenes.menu import MenuScene

    match = new_match(five_tribes, parse_seats("Ann,computer", five_tribes), seed=4)
    app.start_match(five_tribes, match)
    scene = app.top
    thinker = scene.computer.thinker
    assert thinker.alive, "a table with a computer seat starts its worker at once"
    process = thinker._process
    app.to_menu()
    assert isinstance(app.top, MenuScene) and not process.is_alive() and process.exitcode is not None
    match = new_match(five_tribes, parse_seats("Ann,computer", five_tribes), seed=5)
    app.start_match(five_tribes, match)
    process = app.top.computer.thinker._process
    assert process.is_alive()
    app.close()
    assert not process.is_alive()


def test_a_table_without_computer_seats_starts_no_worker(app, five_tribes):
    match = new_match(five_tribes, parse_seats("Ann,Bob", five_tribes), seed=4)
    app.start_match(five_tribes, match)
    table = next(scene for scene in app.scenes if hasattr(scene, "computer"))  # under the handover curtain
    assert not table.computer.thinker.alive


def test_rules_that_cannot_be_sent_to_the_worker_pause_the_seat_instead_of_closing_the_table(five_tribes):
    match = new_match(five_tribes, parse_seats("computer,Ann", five_tribes), seed=4)
    match.autosave_path = None
    unpicklable = lambda state, seat: state  # noqa: E731 - a local function cannot be pickled
    match.rules.view = unpicklable  # type: ignore[method-assign]
    driver = ComputerDriver(match, delay=0.0)
    try:
        assert driver.thinker.broken and "could not be sent" in driver.thinker.broken
        driver.update(0.0)
        driver.update(0.0)
        assert driver.paused and "could not be sent" in driver.error and not match.log
    finally:
        driver.close()


def test_hards_thinking_time_is_a_setting_that_reaches_the_hard_seats(app, tmp_path, five_tribes):
    """Issue 14: a Hard seat thinks at most the chosen time per turn (0.25 to 5 s; 1 s unless changed)."""
    import engine.ui.settings as st
    from engine.core.search import _LevelFactory

    path = tmp_path / "settings.yaml"
    st.save(st.Settings(hard_seconds=2.0), path)
    assert st.load(path) == (st.Settings(hard_seconds=2.0), None)
    path.write_text("hard_seconds: 60\n")
    settings, problem = st.load(path)
    assert settings.hard_seconds == 1.0 and "hard_seconds" in problem
    match = new_match(five_tribes, parse_seats("Ann,computer:hard", five_tribes), seed=4)
    app.start_match(five_tribes, match)
    table = next(scene for scene in app.scenes if hasattr(scene, "computer"))
    app.apply_settings(st.Settings(hard_seconds=0.25))
    assert table.computer._level("hard") == _LevelFactory("hard", 0.25)
    assert table.computer._level("normal") == _LevelFactory("normal")


class Cycles:
    """Each decision makes a reference cycle and drops it, and answers whether the collector is on while it thinks
    and whether the cycle its previous decision dropped has been collected since (a test agent: its 'action' is not
    played)."""

    dropped = None  # a weak reference to the last cycle dropped, in the worker process

    def __init__(self, rules, seat: int, seed: int) -> None:
        pass

    def choose(self, view):
        import gc
        import weakref

        before = Cycles.dropped
        node = Node()
        node.me = node
        Cycles.dropped = weakref.ref(node)
        del node
        return gc.isenabled(), None if before is None else before() is None


class Node:
    me: object = None


def test_the_workers_collector_runs_between_questions_never_inside_one(five_tribes):
    """The worker's cyclic garbage collector never runs by itself (a full collection over the evaluations' caches
    took 0.3-0.8 s late in a long game, in a seat's decision or before it), and the cycles a decision drops are
    collected after its answer is sent, before the next question."""
    match = new_match(five_tribes, parse_seats("Ann,computer", five_tribes), seed=4)
    match.autosave_path = None
    driver = ComputerDriver(match, delay=0.0, agent=Cycles)
    try:
        thinker = driver.thinker
        view = match.rules.view(match.state, 1)
        answers = []
        for _ in range(3):
            thinker.ask(view, 1, Cycles, 0)
            answer = thinker.wait(30)
            assert answer is not None and answer.error is None
            answers.append(answer.action)
        assert answers == [(False, None), (False, True), (False, True)]
    finally:
        driver.close()
