"""Computer players against each other: seeded games, seats rotated, wins and thinking time measured.

    python -m engine.arena GAME --agents A,B[,...] --games N --seed S [--seats K] [--budget SECONDS] [--work N]
                           [--jobs J] [--json] [--slow SECONDS]

An agent is a level name (see `engine.core.agents.LEVELS`) or `module:Class`, built as
`Class(rules, seat, seed)` with `choose(view) -> Action`, so an agent from outside the
project can be entered. Each agent decides from `rules.view(state, seat)` alone.

The agents take the seats in turn: in game k, seat i is played by agent (i + k) mod
the number of agents listed (list an agent twice to give it two seats), so every agent
plays every position equally often when N is a multiple of the seat count. Prints, for
each agent: games, wins (a shared win counts as a share), win share with a 95 % Wilson
interval, mean score, mean margin over the best other seat, and thinking time per turn
(p50, p99, max; a turn is the run of one seat's actions within one `rules.turn_id`), and the
CPU time its process had in the longest turn. With `--json` it also gives every game (its number,
seed, line-up, totals, winners and each seat's longest turn by the clock and by CPU time), so two
arenas on the same seeds can be compared game by game, and a rare slow turn is found and told apart
from a stall of the machine (a turn far longer by the clock than by CPU time waited for a core); and
each decision that took more than `--slow` seconds (0.2) past its agent's budget: the decision's
legal actions by kind, the action chosen, the positions the agent valued, and where its time went
(the seat's view made, the garbage collector, CPU against the clock). As in the table's worker process, the
cyclic garbage collector runs between decisions only, over the young objects, never by itself inside one.

The searching levels think by the clock, so a game's course depends on the machine and its load
(Hard's turns are cut by its budget). With `--work N` they think by work instead: N evaluations
buy a second of budget (the rate the summaries' `evals_per_s` shows them reaching by the clock), so
every run of an arena plays the same games, on any machine, beside any other job: two variants are
compared on exactly the same footing. The shipped figures are the clock's.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import json
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core import registry
from engine.core.agents import LEVELS
from engine.core.search import level_factory
from engine.core.match import Match
from engine.core.rules import Seat
from engine.core.seats import default_colours


@dataclass
class Record:
    """What one agent did over the arena's games."""

    name: str
    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    turn_seconds: list[float] = field(default_factory=list)
    turn_cpu_seconds: list[float] = field(default_factory=list)  # the process's CPU time in each of turn_seconds
    evaluations: int = 0  # positions valued (a searching agent's `evaluations`), over its turn_seconds

    def summary(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        times = sorted(self.turn_seconds) or [0.0]
        return {
            "agent": self.name,
            "games": self.games,
            "wins": round(self.wins, 2),
            "win_share": round(self.wins / self.games, 3) if self.games else 0.0,
            "win_share_95": [round(low, 3), round(high, 3)],
            "mean_score": round(statistics.fmean(self.scores), 2) if self.scores else 0.0,
            "mean_margin": round(statistics.fmean(self.margins), 2) if self.margins else 0.0,
            "turn_p50_s": round(percentile(times, 50), 4),
            "turn_p99_s": round(percentile(times, 99), 4),
            "turn_max_s": round(times[-1], 4),
            # The CPU time of that longest turn: far below its time by the clock, the agent waited for the machine
            # (another process had the core) instead of thinking.
            "turn_max_cpu_s": round(self.longest_turn()[1], 4),
            "turns": len(self.turn_seconds),
            "evals_per_s": round(self.evaluations / sum(self.turn_seconds)) if self.evaluations else 0,
        }

    def longest_turn(self) -> tuple[float, float]:
        """The longest turn by the clock, and the CPU time the agent's process had in it (0, 0 with no turn)."""
        if not self.turn_seconds:
            return 0.0, 0.0
        i = max(range(len(self.turn_seconds)), key=self.turn_seconds.__getitem__)
        return self.turn_seconds[i], self.turn_cpu_seconds[i]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share (successes may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(ordered: list[float], q: float) -> float:
    """The q-th percentile of sorted values (nearest rank)."""
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def agent_factory(spec: str, budget: float | None = None, work: float | None = None) -> Callable[[Any, int, int], Any]:
    """A level name, or `module:Class` (imported by name: only from the command line, never from a save); `budget` is
    Hard's (and an outside agent's with a `budget`), `work` every searching agent's evaluations per second of it."""
    if ":" not in spec:
        level = LEVELS.get(spec)
        if level is None:
            raise ValueError(f"unknown agent {spec!r}: a level ({', '.join(LEVELS)}) or module:Class")
        if spec in ("easy", "normal", "hard") and (work is not None or (spec == "hard" and budget is not None)):
            return level_factory(spec, budget if spec == "hard" else None, work)  # --budget: Hard's time per turn
        return level
    module_name, _, class_name = spec.partition(":")
    try:
        klass = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load the agent {spec!r}: {exc}") from None

    def make(rules: Any, seat: int, seed: int) -> Any:
        agent = klass(rules, seat, seed)
        if budget is not None and hasattr(agent, "budget"):
            agent.budget = budget
        if work is not None and hasattr(agent, "work"):
            agent.work = work
        return agent

    return make


SLOW = 0.2  # seconds past its agent's budget: a decision that takes longer is logged with what it was (--slow)


class _CollectorClock:
    """The seconds the cyclic garbage collector has run since this was made (a gc callback)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._began: float | None = None

    def __call__(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        elif self._began is not None:
            self.seconds += time.perf_counter() - self._began
            self._began = None


def play_game(rules: Any, factories: list[Callable[[Any, int, int], Any]], seed: int,
              max_actions: int = 100_000, slow: list[dict[str, Any]] | None = None,
              slow_past: float = SLOW) -> tuple[Match, list[list[tuple[float, float]]], list[int]]:
    """One game with seat i played by factories[i]; the finished match, each seat's thinking time per turn (by the
    clock, and the CPU time its process had meanwhile) and the positions each seat valued (0 for an agent that does
    not count them). With `slow` (a list), every decision that took more than `slow_past` seconds past its agent's
    budget (its `budget`, 0 for an agent without one) is logged there (`slow_decision`): what was decided, and where
    the time went (the seat's view made, the collector, the agent's own thinking and its evaluations)."""
    colours = default_colours()
    seats = [Seat(i, f"Seat {i + 1}", colours[i % len(colours)], "computer") for i in range(len(factories))]
    match = Match(rules, seats, seed)
    agents = [make(rules, i, seed * 1_000_003 + i) for i, make in enumerate(factories)]
    turns: list[list[tuple[float, float]]] = [[] for _ in factories]
    current: tuple[int, Any] | None = None
    collector = _CollectorClock() if slow is not None else None
    if collector is not None:
        gc.callbacks.append(collector)
    # As in the table's worker process (engine/core/thinker.py): the cyclic collector runs only between decisions,
    # over the young objects, never by itself inside one (where a full collection over the evaluations' caches took
    # Somerset's Normal seats 0.3-0.8 s now and then).
    collecting = gc.isenabled()
    gc.disable()
    try:
        for number in range(max_actions):
            seat = match.to_move()
            if seat is None:
                return match, turns, [int(getattr(agent, "evaluations", 0)) for agent in agents]
            turn = (seat, rules.turn_id(match.state))
            agent = agents[seat]
            valued, collected = getattr(agent, "evaluations", 0), collector.seconds if collector else 0.0
            started, cpu = time.perf_counter(), time.process_time()
            view = rules.view(match.state, seat)
            viewed = time.perf_counter()
            act = agent.choose(view)
            spent, cpu = time.perf_counter() - started, time.process_time() - cpu
            if collector is not None and slow is not None and spent > float(getattr(agent, "budget", 0.0)) + slow_past:
                slow.append(slow_decision(rules, view, act, number, seat, spent, cpu, viewed - started,
                                          collector.seconds - collected, getattr(agent, "evaluations", 0) - valued))
            if turn != current:
                turns[seat].append((0.0, 0.0))
                current = turn
            wall, used = turns[seat][-1]
            turns[seat][-1] = (wall + spent, used + cpu)
            match.play(act, autosave=False)
            gc.collect(1)
    finally:
        if collector is not None:
            gc.callbacks.remove(collector)
        if collecting:
            gc.enable()
    raise RuntimeError(f"the game did not end within {max_actions} actions (seed {seed})")


def slow_decision(rules: Any, view: Any, act: Any, number: int, seat: int, wall: float, cpu: float, viewing: float,
                  collecting: float, evaluations: int) -> dict[str, Any]:
    """A slow decision as the arena logs it: the action's number in the game, the seat, the seconds by the clock and
    of CPU, of them the seconds the seat's view took to make and the collector ran (either may fall in the agent's
    thinking too), the positions the agent valued, and the decision: its legal actions by kind and the one chosen."""
    kinds: dict[str, int] = {}
    for option in rules.legal_actions(view):
        name = type(option).__name__
        kinds[name] = kinds.get(name, 0) + 1
    return {"action": number, "seat": seat, "wall_s": round(wall, 4), "cpu_s": round(cpu, 4),
            "view_s": round(viewing, 4), "gc_s": round(collecting, 4), "evaluations": int(evaluations),
            "options": kinds, "chosen": type(act).__name__, "turn": repr(rules.turn_id(view))}


def run(game: str, agent_specs: list[str], games: int, seed: int, seats: int | None = None,
        budget: float | None = None, progress: Callable[[str], None] | None = None, jobs: int = 1,
        played: list[dict[str, Any]] | None = None, work: float | None = None,
        slow_past: float = SLOW) -> list[dict[str, Any]]:
    """Play the arena and return one summary per distinct agent, in the order first listed; `played`, if given,
    receives every game in order (`game_record`, with its decisions that took more than `slow_past` seconds past
    their agent's budget). With jobs > 1 the games are shared among that many worker
    processes (each game k keeps its seed and line-up, so the games are the ones a single process plays; thinking
    times are taken under the load of the others). With `work`, the searching agents think by work, not the clock
    (see the module's doc)."""
    info = registry.get(game)
    count = seat_count(info, agent_specs, seats)
    if not info.min_seats <= count <= info.max_seats:
        raise ValueError(f"{info.title} takes {info.min_seats}-{info.max_seats} seats, not {count}")
    for spec in agent_specs:
        agent_factory(spec, budget, work)  # an unknown agent is refused before any game is played
    shares = [list(range(j, games, jobs)) for j in range(max(1, jobs))]
    if len(shares) == 1:
        records, games_played = _play_share(game, agent_specs, shares[0], seed, count, budget, progress, work,
                                            slow_past=slow_past)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(len(shares)) as pool:
            parts = pool.starmap(_play_share, [(game, agent_specs, share, seed, count, budget, None, work, os.getpid(),
                                                slow_past) for share in shares if share])
        records = {spec: Record(spec) for spec in agent_specs}
        games_played = sorted((g for _, part_games in parts for g in part_games), key=lambda g: g["game"])
        for part, _ in parts:
            for spec, record in part.items():
                merged = records[spec]
                merged.games += record.games
                merged.wins += record.wins
                merged.scores += record.scores
                merged.margins += record.margins
                merged.turn_seconds += record.turn_seconds
                merged.turn_cpu_seconds += record.turn_cpu_seconds
                merged.evaluations += record.evaluations
    if played is not None:
        played.extend(games_played)
    return [records[spec].summary() for spec in dict.fromkeys(agent_specs)]


def seat_count(info: Any, agent_specs: list[str], seats: int | None) -> int:
    """The seats of an arena's games: `seats` if given, else one per agent within the game's range."""
    return seats or max(info.min_seats, min(len(agent_specs), info.max_seats))


def rotated(agent_specs: list[str], k: int, count: int) -> list[str]:
    """Game k's line-up: the agents rotated by k through `count` seats (every agent takes every seat in turn)."""
    return [agent_specs[(i + k) % len(agent_specs)] for i in range(count)]


def _play_share(game: str, agent_specs: list[str], ks: list[int], seed: int, count: int, budget: float | None,
                progress: Callable[[str], None] | None, work: float | None = None,
                parent: int | None = None, slow_past: float = SLOW) -> tuple[dict[str, Record], list[dict[str, Any]]]:
    """Games number ks of an arena (game k: seed + k, agents rotated by k), recorded per agent and per game. A worker
    process is given its arena's process id (`parent`) and stops before its next game once that process is gone (an
    arena stopped by a signal or killed would otherwise leave its workers playing out their shares)."""
    rules = registry.get(game).make_rules()
    factories = {spec: agent_factory(spec, budget, work) for spec in agent_specs}
    records = {spec: Record(spec) for spec in agent_specs}
    played: list[dict[str, Any]] = []
    for k in ks:
        if parent is not None and os.getppid() != parent:
            break  # the arena is gone: nobody waits for these games
        lineup = rotated(agent_specs, k, count)
        slow: list[dict[str, Any]] = []
        match, turns, evaluations = play_game(rules, [factories[s] for s in lineup], seed + k, slow=slow,
                                              slow_past=slow_past)
        sheet = rules.score_sheet(match.state)
        winners = winners_of(rules, match.state, sheet.totals)
        for i, spec in enumerate(lineup):
            record = records[spec]
            record.games += 1
            record.wins += 1 / len(winners) if i in winners else 0.0
            record.scores.append(sheet.totals[i])
            others = [total for j, total in enumerate(sheet.totals) if j != i]
            record.margins.append(sheet.totals[i] - max(others) if others else 0)
            record.turn_seconds.extend(wall for wall, _ in turns[i])
            record.turn_cpu_seconds.extend(cpu for _, cpu in turns[i])
            record.evaluations += evaluations[i]
        played.append(game_record(k, seed + k, lineup, sheet.totals, winners,
                                  [max(seat_turns, default=(0.0, 0.0)) for seat_turns in turns],
                                  [{"agent": lineup[d["seat"]], **d} for d in slow]))
        if progress is not None:
            progress(f"game {k + 1}/{max(ks) + 1}: " + ", ".join(f"{s}={t}" for s, t in zip(lineup, sheet.totals)))
    return records, played


def winners_of(rules: Any, state: Any, totals: Any) -> list[int]:
    """The seats that won a finished game: the game's tie-break (rules.winners), else every best total; a tie left
    is a shared win."""
    decide = getattr(rules, "winners", None)
    if decide is not None:
        return list(decide(state))
    return [i for i, total in enumerate(totals) if total == max(totals)]


def game_record(k: int, seed: int, lineup: list[str], totals: list, winners: list[int],
                longest: list[tuple[float, float]] | None = None,
                slow: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """One game of an arena: its number, seed, the agent in each seat, each seat's total, the winning seats, each
    seat's longest turn [seconds by the clock, CPU seconds] (a rare slow turn found, and told from a machine's stall)
    and its slow decisions (`slow_decision`, with the agent), if any."""
    record: dict[str, Any] = {"game": k, "seed": seed, "lineup": list(lineup), "totals": list(totals),
                              "winners": list(winners)}
    if longest is not None:
        record["longest_turn"] = [[round(wall, 4), round(cpu, 4)] for wall, cpu in longest]
    if slow:
        record["slow_decisions"] = slow
    return record


def table(rows: list[dict[str, Any]]) -> str:
    """The summaries as a Markdown table."""
    head = ("| agent | games | wins | win share (95 %) | mean score | mean margin | turn p50 / p99 / max (s) "
            "| evaluations / s |")
    lines = [head, "|" + "---|" * 8]
    for r in rows:
        low, high = r["win_share_95"]
        lines.append(f"| {r['agent']} | {r['games']} | {r['wins']:g} | {r['win_share']:.1%} ({low:.1%}-{high:.1%}) | "
                     f"{r['mean_score']:.1f} | {r['mean_margin']:+.1f} | "
                     f"{r['turn_p50_s']:.3f} / {r['turn_p99_s']:.3f} / {r['turn_max_s']:.3f} | {r['evals_per_s'] or '-'} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--agents", required=True, help="comma-separated: level names or module:Class")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, default=None, help="seats per game (default: one per agent listed)")
    parser.add_argument("--budget", type=float, default=None,
                        help="Hard's thinking seconds per turn (and an outside agent's, if it has a budget)")
    parser.add_argument("--work", type=float, default=None, metavar="N",
                        help="the searching agents think by work, not the clock: N evaluations buy a second "
                             "(every run plays the same games, whatever the machine's load)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--quiet", action="store_true", help="no line per game on stderr")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes sharing the games (default 1)")
    parser.add_argument("--slow", type=float, default=SLOW, metavar="SECONDS",
                        help=f"with --json, every decision that took SECONDS past its agent's budget is logged in its "
                             f"game (default {SLOW})")
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    played: list[dict[str, Any]] = []
    try:
        rows = run(args.game, specs, args.games, args.seed, args.seats, args.budget,
                   None if args.quiet else lambda line: print(line, file=sys.stderr), max(1, args.jobs), played,
                   args.work, args.slow)
    except (KeyError, ValueError) as exc:
        print(exc.args[0] if exc.args else exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"game": args.game, "games": args.games, "seed": args.seed, "seats": args.seats,
                          "budget": args.budget, "work": args.work, "agents": rows, "per_game": played}))
    else:
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
