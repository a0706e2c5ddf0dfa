"""Play random legal games to the end, checking the game's invariants after every action.

    python -m engine.simulate GAME --games N --seed S [--seats K] [--option NAME=VALUE ...] [--save FILE]

Prints games per second. On a failure prints the seed and action number and exits 1.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from engine.core import registry
from engine.core.match import Match
from engine.core.options import option_specs, options_problem
from engine.core.rules import Seat
from engine.core.seats import default_colours


def play_one(rules, seats: int, seed: int, check: bool = True, max_actions: int = 100_000,
             options: dict[str, Any] | None = None):
    """One random game from set-up to the end (with these set-up options); returns (match, problem or None,
    action number)."""
    colours = default_colours()
    table = [Seat(i, f"Seat {i + 1}", colours[i % len(colours)], "computer") for i in range(seats)]
    match = Match(rules, table, seed, options)
    rng = random.Random(seed)
    checker = match.rules.check_invariants
    for number in range(1, max_actions + 1):
        if match.finished:
            return match, None, number - 1
        state = match.state
        legal = rules.legal_actions(state)
        if not legal:
            return match, "no legal action although the game is not over", number
        act = rng.choice(legal)
        try:
            match.play(act, autosave=False)
        except Exception as exc:  # a crash is a failure to report with its seed, not to hide
            return match, f"{type(exc).__name__}: {exc} (action {act.to_dict()})", number
        if check:
            problems = checker(match.state)
            if problems:
                return match, "; ".join(problems) + f" (after {act.to_dict()})", number
    return match, f"the game did not end within {max_actions} actions", max_actions


def speed(game_id: str, games: int = 20, seed: int = 0,
          variants: dict[str, dict[str, Any]] | None = None) -> dict[str, float]:
    """A game's rules speed alone (its bench.py prints it): full games per second through the Match, without
    invariant checks, per seat count (and per variant of options, named in the keys), their median, and
    legal_actions p50 / p99 / max in ms on the middle fifth of the first two games of each."""
    import statistics

    info = registry.get(game_id)
    rules = info.make_rules()
    out: dict[str, float] = {}
    middle: list[Any] = []
    for variant, options in (variants or {"": {}}).items():
        for seats in range(info.min_seats, info.max_seats + 1):
            start = time.perf_counter()
            for k in range(games):
                match, problem, _number = play_one(rules, seats, seed + k, check=False, options=options)
                if problem:
                    raise RuntimeError(f"seed {seed + k}, {seats} seats{' ' + variant if variant else ''}: {problem}")
                if k < 2:
                    n = len(match.states)
                    middle += match.states[int(n * 0.4): int(n * 0.6) + 1]
            name = f"games_per_s_{seats}_seats" + (f"_{variant}" if variant else "")
            out[name] = games / (time.perf_counter() - start)
    out["games_per_s_median"] = statistics.median(v for k, v in out.items() if k.startswith("games_per_s_"))
    times = []
    for state in middle:
        t0 = time.perf_counter()
        rules.legal_actions(state)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    out["legal_actions_ms_p50"] = times[len(times) // 2]
    out["legal_actions_ms_p99"] = times[min(len(times) - 1, int(len(times) * 0.99))]
    out["legal_actions_ms_max"] = times[-1]
    return out


def parse_options(pairs: list[str]) -> dict[str, Any] | str:
    """NAME=VALUE pairs as set-up options, each value read as YAML reads it (true, 3, advanced); or the problem."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            return f"an option is NAME=VALUE, not {pair!r}"
        try:
            out[name] = yaml.safe_load(text) if text else ""
        except yaml.YAMLError:
            out[name] = text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, default=None, help="seats per game (default: cycle through the game's range)")
    parser.add_argument("--save", type=Path, default=None, help="with --games 1: write the finished game's save here")
    parser.add_argument("--no-check", action="store_true", help="skip invariant checks (pure speed)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a set-up option of the game (repeatable), e.g. --option side=advanced")
    args = parser.parse_args(argv)
    try:
        info = registry.get(args.game)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    rules = info.make_rules()
    options = parse_options(args.option)
    problem = options if isinstance(options, str) else options_problem(option_specs(rules), options)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    assert isinstance(options, dict)
    start = time.perf_counter()
    actions = 0
    for k in range(args.games):
        seed = args.seed + k
        seats = args.seats or info.min_seats + k % (info.max_seats - info.min_seats + 1)
        match, problem, number = play_one(rules, seats, seed, check=not args.no_check, options=options)
        actions += number
        if problem:
            print(f"FAILED: {args.game} seed {seed} with {seats} seats, action {number}: {problem}")
            return 1
        if args.save is not None:
            match.save(args.save)
    elapsed = time.perf_counter() - start
    print(
        f"{args.games} {args.game} games, {actions} actions, {elapsed:.2f} s: "
        f"{args.games / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
