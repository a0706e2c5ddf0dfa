"""The arena: seeded games with the agents rotated through the seats, wins shared on ties, honest views."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import arena

ROOT = Path(__file__).resolve().parents[1]
SEEN: list[tuple[int, object]] = []


class FirstSeen:
    """Plays the first legal action; remembers which seat it played and what it was shown."""

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules, self.seat = rules, seat

    def choose(self, view):
        SEEN.append((self.seat, view))
        return self.rules.legal_actions(view)[0]


def untimed(games: list) -> list:
    """An arena's games without their turns' times (which the machine decides): seeds, line-ups, totals, winners."""
    return [{k: v for k, v in game.items() if k != "longest_turn"} for game in games]


def test_wilson_interval_and_percentiles():
    low, high = arena.wilson(65, 100)
    assert low == pytest.approx(0.5525, abs=1e-3) and high == pytest.approx(0.7364, abs=1e-3)
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.percentile([0.1, 0.2, 0.3, 0.4], 50) == 0.2 and arena.percentile([1.0] * 99 + [9.0], 99) == 1.0


def test_agents_take_every_seat_in_turn_and_the_wins_add_up_to_the_games():
    SEEN.clear()
    rows = arena.run("entdecker", ["random", f"{__name__}:FirstSeen"], games=4, seed=3)
    assert [r["agent"] for r in rows] == ["random", f"{__name__}:FirstSeen"]
    assert all(r["games"] == 4 for r in rows)
    assert sum(r["wins"] for r in rows) == pytest.approx(4)
    assert {seat for seat, _ in SEEN} == {0, 1}, "the outside agent played both seats over the rotation"
    assert all(r["turns"] > 0 and r["turn_p99_s"] <= r["turn_max_s"] for r in rows)


def test_every_game_is_given_with_its_seed_line_up_totals_and_winners_and_they_make_the_summary():
    """`played` gets game k with seed + k, the agents rotated by k, each seat's total and the winners; the wins and
    scores of the summaries are those of the games, so two arenas on the same seeds can be compared game by game."""
    played: list = []
    rows = arena.run("entdecker", ["random", f"{__name__}:FirstSeen"], games=4, seed=3, played=played)
    assert [g["game"] for g in played] == [0, 1, 2, 3] and [g["seed"] for g in played] == [3, 4, 5, 6]
    assert [g["lineup"] for g in played] == [arena.rotated(["random", f"{__name__}:FirstSeen"], k, 2) for k in range(4)]
    for row in rows:
        seats = [(g, g["lineup"].index(row["agent"])) for g in played]
        wins = sum(1 / len(g["winners"]) for g, i in seats if i in g["winners"])
        assert row["wins"] == pytest.approx(wins, abs=0.01)
        assert row["mean_score"] == pytest.approx(sum(g["totals"][i] for g, i in seats) / 4, abs=0.01)
    assert all(g["winners"] and max(g["totals"]) in [g["totals"][w] for w in g["winners"]] for g in played)


def test_an_agent_is_shown_its_seats_view_only():
    """Five Tribes keeps its decks face down: the agent is handed its view (hidden cards, no seed), never the state."""
    from engine.core import registry
    from games.five_tribes.rules_state import HIDDEN

    SEEN.clear()
    arena.run("five_tribes", [f"{__name__}:FirstSeen"], games=1, seed=2, seats=2)
    rules = registry.get("five_tribes").make_rules()
    assert len(SEEN) > 50
    for seat, view in SEEN:
        assert view.seed == 0 and all(card == HIDDEN for card in view.deck)
        assert rules.view(view, seat) == view


def test_the_command_line_prints_a_table_or_json_and_refuses_an_unknown_agent():
    run = lambda *a: subprocess.run([sys.executable, "-m", "engine.arena", *a], cwd=ROOT, capture_output=True,  # noqa: E731
                                    text=True, timeout=120)
    done = run("entdecker", "--agents", "random", "--games", "2", "--seed", "1", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["agents"][0]["games"] == 4 and data["agents"][0]["wins"] == 2
    assert [g["game"] for g in data["per_game"]] == [0, 1] and all(len(g["totals"]) == 2 for g in data["per_game"])
    done = run("entdecker", "--agents", "random,grandmaster", "--games", "1")
    assert done.returncode == 2 and "unknown agent 'grandmaster'" in done.stderr


def test_games_shared_among_worker_processes_are_the_same_games():
    """--jobs: each game keeps its seed and line-up, so two processes play what one plays (same wins and scores)."""
    # Random agents: their games depend on the seeds alone (a thinking level's time cap could cut differently)
    games_one: list = []
    games_two: list = []
    one = arena.run("entdecker", ["random", f"{__name__}:FirstSeen"], games=4, seed=11, played=games_one)
    two = arena.run("entdecker", ["random", f"{__name__}:FirstSeen"], games=4, seed=11, jobs=2, played=games_two)
    keep = ("agent", "games", "wins", "mean_score", "mean_margin", "turns")
    assert [{k: r[k] for k in keep} for r in one] == [{k: r[k] for k in keep} for r in two]
    assert untimed(games_one) == untimed(games_two) and [g["game"] for g in games_two] == [0, 1, 2, 3]
    assert sum(r["wins"] for r in two) == pytest.approx(4)


def test_thinking_by_work_every_run_of_an_arena_plays_the_same_games():
    """--work: the searching levels' budgets are counted in evaluations, so two runs (one process, then two sharing
    the games under each other's load) play the same games move for move, and each level's rate is reported."""
    played_one: list = []
    played_two: list = []
    one = arena.run("entdecker", ["hard", "normal"], games=2, seed=21, budget=0.03, work=3000, played=played_one)
    two = arena.run("entdecker", ["hard", "normal"], games=2, seed=21, budget=0.03, work=3000, jobs=2,
                    played=played_two)
    assert untimed(played_one) == untimed(played_two)
    keep = ("agent", "games", "wins", "mean_score", "mean_margin", "turns")
    assert [{k: r[k] for k in keep} for r in one] == [{k: r[k] for k in keep} for r in two]
    assert all(r["evals_per_s"] > 0 for r in one + two)


def test_a_worker_whose_arena_is_gone_stops_before_its_next_game():
    """An arena's worker processes are given its process id; once that process is gone (stopped by a signal, or
    killed) a worker plays no further game, where it used to play out its whole share on a machine others need."""
    import os

    records, played = arena._play_share("entdecker", ["random", "random"], [0, 1], 3, 2, None, None, None,
                                        parent=os.getppid())
    assert [g["game"] for g in played] == [0, 1] and records["random"].games == 4
    records, played = arena._play_share("entdecker", ["random", "random"], [0, 1], 3, 2, None, None, None,
                                        parent=os.getppid() + 1_000_000)  # no process has this id: the arena is gone
    assert played == [] and records["random"].games == 0


class Sleeper:
    """Plays the first legal action; its first decision waits 0.1 s without thinking (as a process the machine left
    waiting)."""

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules, self.calls = rules, 0

    def choose(self, view):
        import time

        self.calls += 1
        if self.calls == 1:
            time.sleep(0.1)
        return self.rules.legal_actions(view)[0]


class Burner:
    """Plays the first legal action; its first decision takes 0.1 s of CPU time (thinking)."""

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules, self.calls = rules, 0

    def choose(self, view):
        import time

        self.calls += 1
        until = time.process_time() + (0.1 if self.calls == 1 else 0.0)
        while time.process_time() < until:
            pass
        return self.rules.legal_actions(view)[0]


def test_the_longest_turn_is_given_by_the_clock_and_by_cpu_time_so_a_stall_is_told_from_thinking():
    """A turn that waited (sleeping, as an agent the machine did not run) shows its CPU time far below its time by
    the clock; one that thought shows them alike. Per agent and per game: a rare slow turn is found by its seed."""
    from engine.core import registry

    rules = registry.get("entdecker").make_rules()
    _, turns, _ = arena.play_game(rules, [arena.agent_factory(f"{__name__}:Sleeper"),
                                          arena.agent_factory(f"{__name__}:Burner")], seed=3, max_actions=100_000)
    (wall, cpu), (busy_wall, busy_cpu) = max(turns[0]), max(turns[1])
    assert wall >= 0.1 and cpu < 0.5 * wall, "waiting is not thinking"
    assert busy_cpu >= 0.1 and busy_wall >= 0.9 * busy_cpu, "a thinking turn's CPU time is its own"
    record = arena.Record("x", turn_seconds=[0.2, 1.4, 0.9], turn_cpu_seconds=[0.2, 0.5, 0.9])
    assert record.longest_turn() == (1.4, 0.5) and record.summary()["turn_max_cpu_s"] == 0.5
    assert arena.Record("none").longest_turn() == (0.0, 0.0)
    played: list = []
    arena.run("entdecker", ["random", f"{__name__}:FirstSeen"], games=2, seed=3, played=played)
    for game in played:
        assert len(game["longest_turn"]) == 2
        assert all(wall >= 0 and cpu >= 0 for wall, cpu in game["longest_turn"])


class Collector:
    """Plays the first legal action; its first decision runs the garbage collector over a heap of cycles, and has a
    budget (0.01 s) it overruns."""

    budget = 0.01

    def __init__(self, rules, seat: int, seed: int) -> None:
        self.rules, self.calls, self.evaluations = rules, 0, 0

    def choose(self, view):
        import gc

        self.calls += 1
        if self.calls == 1:
            self.evaluations += 7
            heap = []
            for _ in range(200_000):
                cycle: list = []
                cycle.append(cycle)
                heap.append(cycle)
            del heap
            gc.collect()
        return self.rules.legal_actions(view)[0]


def test_a_decision_past_its_agents_budget_is_logged_with_where_its_time_went():
    """The arena logs a decision that took longer than its agent's budget by more than `slow_past`: which game
    action and seat, its legal actions by kind and the one chosen, the positions valued, and the seconds the
    collector ran in it; a decision within its budget (every other one here) is not logged."""
    from engine.core import registry

    rules = registry.get("entdecker").make_rules()
    slow: list = []
    arena.play_game(rules, [arena.agent_factory(f"{__name__}:Collector"), arena.agent_factory("random")], seed=3,
                    slow=slow, slow_past=0.02)
    assert len(slow) == 1, slow
    (decision,) = slow
    assert decision["action"] == 0 and decision["seat"] == 0 and decision["evaluations"] == 7
    assert decision["gc_s"] > 0 and decision["wall_s"] >= decision["gc_s"] and decision["wall_s"] > 0.03
    assert sum(decision["options"].values()) >= 1 and decision["chosen"] in decision["options"]
    played: list = []
    arena.run("entdecker", [f"{__name__}:Collector", "random"], games=2, seed=3, played=played, slow_past=0.02)
    assert [len(game.get("slow_decisions", [])) for game in played] == [1, 1]
    assert {game["slow_decisions"][0]["agent"] for game in played} == {f"{__name__}:Collector"}
