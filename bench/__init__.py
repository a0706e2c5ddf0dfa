"""Performance figures of the table: menu start-up, frame times while dragging, rules speed, memory.

    python -m bench            a readable table
    python -m bench --json     the same figures as one JSON object

Benchmarks print figures; they never fail a build. bench/README.md explains
each figure and its target.
"""
from __future__ import annotations

import importlib
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]

SCENE_SIZE = (1920, 1080)
WARMUP_FRAMES = 30
TIMED_FRAMES = 600
GAMES = 20
PLAYOUT_GAMES = 20  # random playouts through the rules alone (issue 14)
LEGAL_GAMES = 4  # games whose 40%..60% states are timed for legal_actions
MENU_RUNS = 5

TARGETS = {
    "menu_first_frame_s": ("<=", 1.0),
    "frame_ms_p99": ("<=", 8.0),
    "games_per_s": (">=", 20.0),
    "playouts_per_s": (">=", 60.0),
    "legal_actions_ms_p50": ("<=", 2.0),
    "evaluate_us_p50": ("<=", 1000.0),
    "peak_rss_mb": ("<=", 200.0),
    "resize_peak_rss_mb": ("<=", 250.0),
}


# ----------------------------------------------------------------- helpers
def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks."""
    data = sorted(values)
    if not data:
        return float("nan")
    k = (len(data) - 1) * q / 100
    lo, hi = math.floor(k), math.ceil(k)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def game_bench(info) -> Any:
    """The game's own benchmark module, games/<pkg>/bench.py, or None when it has none.

    It may define `bench_drag` and `bench_position` (the scene drag below), `GAMES_PER_S_TARGET` (its playout target where it
    differs from TARGETS) and `RESIZE_SWEEP = True` (the game the resize sweep draws).
    """
    maker = info.make_scene or info.make_rules  # a rules-only game has no make_scene yet
    name = f"{maker.__module__}.bench"  # the game's __init__ defines both
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but imports something missing: say so, do not skip quietly
        return None


def _seats(info, n: int, kind: str = "human"):
    from engine.core.rules import Seat
    from engine.core.seats import default_colours

    colours = default_colours()
    return [Seat(i, f"Seat {i + 1}", colours[i % len(colours)], kind) for i in range(n)]


# ----------------------------------------------------------------- menu
_MENU_CHILD = r"""
import time
t0 = time.perf_counter()
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from engine.ui.app import App
from engine.ui.scenes.menu import MenuScene
app = App(headless=True)
app.push(MenuScene(app))
app.step([])
print(f"drawn {time.perf_counter() - t0:.6f}", flush=True)
app.close()
"""


def menu_child(data_dir: str) -> tuple[float, float]:
    """Seconds from launching a fresh interpreter to its first drawn menu frame, and the part after it started."""
    env = dict(os.environ, TILETABLE_DATA_DIR=data_dir, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", _MENU_CHILD], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()  # printed right after the first frame is drawn
    wall = time.perf_counter() - start
    _, err = proc.communicate(timeout=600)
    if not line.startswith("drawn "):
        raise RuntimeError(f"the menu child failed (exit {proc.returncode}):\n{err}")
    return wall, float(line.split()[1])


def measure_menu(runs: int = MENU_RUNS) -> dict[str, float]:
    """Wall time from launching a fresh interpreter to its first drawn menu frame (median of runs)."""
    with tempfile.TemporaryDirectory(prefix="bench-menu-") as data_dir:
        walls, inside = zip(*(menu_child(data_dir) for _ in range(runs)))
    return {"menu_first_frame_s": statistics.median(walls), "menu_first_frame_in_process_s": statistics.median(inside)}


# ----------------------------------------------------------------- a dragged tile
def bench_scene(info, size: tuple[int, int] = SCENE_SIZE, frames: int = TIMED_FRAMES,
                warmup: int = WARMUP_FRAMES) -> dict[str, Any]:
    """Frame times (update + draw of the whole stack) while a piece is dragged over the game's board.

    A game's games/<pkg>/bench.py may define `bench_drag(app, scene, match)`: it gets a fresh match (all
    seats human) with its scene on top of the menu, may play moves, must leave a piece held, and returns a
    function frame -> events (or None when this seed gives no usable position: the next seed is tried).
    An optional `bench_position(match) -> bool` plays the match on before its scene is made (False: try
    the next seed), so the scene opens on that position as it would from a save.
    """
    _headless_env()
    import pygame

    from engine.core.match import Match
    from engine.ui.app import App
    from engine.ui.scenes.menu import MenuScene

    module = game_bench(info)
    hook = getattr(module, "bench_drag", None)
    position = getattr(module, "bench_position", None)
    if hook is None:
        return {"skipped": "no bench_drag(app, scene, match) in the game's bench.py"}
    seats = info.max_seats
    app = App(size=size, headless=True)
    try:
        for seed in range(1, 21):
            match = Match(info.make_rules(), _seats(info, seats), seed)  # no autosave path: nothing is written
            if position is not None and not position(match):
                continue
            while app.scenes:
                app.pop()
            app.push(MenuScene(app))
            scene = info.make_scene(app, match)
            app.push(scene)
            events = hook(app, scene, match)
            if events is not None:
                break
        else:
            return {"skipped": "no seed from 1 to 20 gave a position to drag in"}
        drag = getattr(scene, "drag", None)
        times = []
        for i in range(warmup + frames):
            batch = events(i)
            start = time.perf_counter()
            app.step(batch)
            elapsed = time.perf_counter() - start
            if i >= warmup:
                times.append(elapsed * 1000)
        if drag is not None and not drag.holding:
            raise RuntimeError(f"{info.id}: the piece was no longer held after the sweep; the figures mean nothing")
        state = match.state
        result = {
            "frame_ms_p50": percentile(times, 50),
            "frame_ms_p99": percentile(times, 99),
            "frame_ms_max": max(times),
            "frames": frames,
            "size": f"{size[0]}x{size[1]}",
            "seats": seats,
            "seed": seed,
        }
        if hasattr(state, "cells"):
            result["tiles_on_board"] = len(state.cells)
        return result
    finally:
        app.close()
        pygame.quit()


# ----------------------------------------------------------------- a computer seat thinking
class BusyAgent:
    """Keeps a core busy for THINK_SECONDS (a Hard seat's budget), then plays the first legal action."""

    THINK_SECONDS = 1.0

    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.rules = rules

    def choose(self, view: Any) -> Any:
        end = time.perf_counter() + self.THINK_SECONDS
        n = 0
        while time.perf_counter() < end:
            n += 1
        return self.rules.legal_actions(view)[0]


def bench_thinking(info, size: tuple[int, int] = SCENE_SIZE, frames: int = 240) -> dict[str, Any]:
    """Frame times of the table while a computer seat thinks as hard as it may (a core kept busy for 1 s).

    The seat thinks in its own process: these frames should look like any other frame of the table.
    """
    _headless_env()
    import pygame

    from engine.core.match import Match
    from engine.ui.app import App

    seats = _seats(info, info.min_seats, "computer")
    app = App(size=size, headless=True)
    try:
        match = Match(info.make_rules(), seats, 1)
        scene = info.make_scene(app, match)
        app.push(scene)
        scene.computer.agent = BusyAgent
        scene.computer.delay = 0.0
        times: list[float] = []
        last = time.perf_counter()
        deadline = last + 60
        for _ in range(WARMUP_FRAMES):  # the first frames draw the board's art once
            app.step([], 1 / 60)
        while len(times) < frames and time.perf_counter() < deadline:
            start = time.perf_counter()
            played = len(match.log)
            app.step([], start - last)
            last = time.perf_counter()
            # frames in which a move is played (and laid out, and saved) are the dragging figures' business
            if scene.computer.thinking is not None and not scene.computer.paused and len(match.log) == played:
                times.append((last - start) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))  # a real frame's pace
        if not times:
            return {"skipped": "the computer seat never started thinking"}
        return {"frame_ms_p50": percentile(times, 50), "frame_ms_p99": percentile(times, 99),
                "frame_ms_max": max(times), "frames": len(times), "size": f"{size[0]}x{size[1]}"}
    finally:
        app.close()
        pygame.quit()


# ----------------------------------------------------------------- rules speed
def _timed(call: Callable[[Any], Any], states: list) -> list[float]:
    """Milliseconds of one call per state."""
    times = []
    for state in states:
        t0 = time.perf_counter()
        call(state)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def bench_playouts(info, games: int = PLAYOUT_GAMES) -> float:
    """Random full games through the rules alone, as a computer seat's search plays them: games per second.

    rules.setup, then legal_actions and apply(checked=True) with a seeded random choice until the game
    ends; seats cycle through the game's range. A fresh rules object, timed before anything else of
    the game runs, so no cache of the rules starts warm.
    """
    import random

    rules = info.make_rules()
    span = info.max_seats - info.min_seats + 1
    start = time.perf_counter()
    for k in range(games):
        state = rules.setup(_seats(info, info.min_seats + k % span, "computer"), k, {})
        rng = random.Random(k)
        while rules.to_move(state) is not None:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)), checked=True)
    return games / (time.perf_counter() - start)


def bench_game(info, games: int = GAMES, legal_games: int = LEGAL_GAMES) -> dict[str, Any]:
    """Random playouts through the rules alone, random full games (through Match, as engine/simulate.py
    --no-check), the same with invariant checks after every action, and legal_actions on mid-game states."""
    from engine.simulate import play_one

    playouts = bench_playouts(info)
    rules = info.make_rules()
    span = info.max_seats - info.min_seats + 1
    start = time.perf_counter()
    for k in range(games):
        play_one(rules, info.min_seats + k % span, k, check=False)
    plain = time.perf_counter() - start
    played, actions = [], 0
    start = time.perf_counter()
    for k in range(games):
        seats = info.min_seats + k % span
        match, problem, number = play_one(rules, seats, k)
        actions += number
        if problem:
            return {"problem": f"seed {k}, {seats} seats, action {number}: {problem}"}
        if len(played) < legal_games:
            played.append(match)
    elapsed = time.perf_counter() - start
    middle = [state for match in played
              for state in match.states[int((len(match.states) - 1) * 0.4): int((len(match.states) - 1) * 0.6) + 1]]
    calls = _timed(rules.legal_actions, middle)
    evaluate = _evaluate_times(info, rules, middle)
    queries = {}
    for name, applies, query, target in rules.bench_queries():
        times = _timed(query, [state for state in middle if applies(state)])
        if times:
            queries[name] = {"ms_p50": percentile(times, 50), "ms_p99": percentile(times, 99), "calls": len(times),
                             "target_ms": target}
    return {
        "queries": queries,
        "games_per_s": games / plain,
        "games_per_s_target": getattr(game_bench(info), "GAMES_PER_S_TARGET", TARGETS["games_per_s"][1]),
        "games_per_s_checked": games / elapsed,
        "playouts_per_s": playouts,
        "playout_games": PLAYOUT_GAMES,
        "actions_per_s": actions / elapsed,
        "games": games,
        "legal_actions_ms_p50": percentile(calls, 50),
        "legal_actions_ms_p99": percentile(calls, 99),
        "legal_actions_calls": len(calls),
        **evaluate,
    }


def _evaluate_times(info, rules, states: list) -> dict[str, Any]:
    """The computer seats' evaluation (games/<id>/agent.py evaluate), which the search calls thousands of times a
    turn: microseconds per call on mid-game states, every seat's, each on a fresh copy (nothing the state
    remembers of an earlier call; what a board keeps of itself stays warm, as in a search)."""
    from engine.core.search import game_hooks

    hooks = game_hooks(info.id)
    if hooks is None:
        return {}
    times = []
    for state in states:
        if rules.to_move(state) is None:
            continue
        for seat in range(len(state.seats)):
            fresh = state.copy()
            t0 = time.perf_counter()
            hooks.evaluate(rules, fresh, seat)
            times.append((time.perf_counter() - t0) * 1e6)
    return {"evaluate_us_p50": percentile(times, 50), "evaluate_us_p99": percentile(times, 99),
            "evaluate_calls": len(times)} if times else {}


# ----------------------------------------------------------------- all together
def run_all(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    _headless_env()
    from engine.core import registry
    from engine.ui.catalogue import discover_games, known_games

    say = progress or (lambda text: None)
    discover_games()
    result: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    result["games"] = {}
    for info in registry.games():  # rules figures for every game, even one whose screen is not written yet
        say(f"rules of {info.id}")
        result["games"][info.id] = bench_game(info)
    result["scenes"] = {}
    for info in known_games():
        say(f"dragging in {info.id}")
        result["scenes"][info.id] = bench_scene(info)
    result["thinking"] = {}
    for info in known_games():
        say(f"a computer seat thinking in {info.id}")
        result["thinking"][info.id] = bench_thinking(info)
    say("menu start-up")
    result.update(measure_menu())
    from bench import resize  # here, not above: `python -m bench.resize` runs that module as __main__

    swept = next((info.id for info in known_games() if getattr(game_bench(info), "RESIZE_SWEEP", False)), None)
    if swept is not None:
        say(f"resizing {swept} through {resize.SWEEP_SIZES} window sizes")
        result["resize"] = resize.measure_resize_sweep(swept)
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def _verdict(key: str, value: float) -> str:
    op, limit = TARGETS[key]
    ok = value <= limit if op == "<=" else value >= limit
    return f"{op} {limit:g}  " + ("ok" if ok else "MISSED")


def format_table(r: dict[str, Any]) -> str:
    rows: list[tuple[str, str, str]] = []
    rows.append(("menu first frame (fresh interpreter)", f"{r['menu_first_frame_s']:.3f} s",
                 _verdict("menu_first_frame_s", r["menu_first_frame_s"])))
    rows.append(("  of which after interpreter start", f"{r['menu_first_frame_in_process_s']:.3f} s", ""))
    for gid, s in r["scenes"].items():
        if "skipped" in s:
            rows.append((f"{gid}: frame while dragging", "skipped", s["skipped"]))
            continue
        where = f"{s['size']}, {s['seats']} seats, seed {s['seed']}"
        if "tiles_on_board" in s:
            where += f", {s['tiles_on_board']} tiles"
        rows.append((f"{gid}: frame while dragging p50", f"{s['frame_ms_p50']:.2f} ms", where))
        rows.append((f"{gid}: frame while dragging p99", f"{s['frame_ms_p99']:.2f} ms",
                     _verdict("frame_ms_p99", s["frame_ms_p99"])))
        rows.append((f"{gid}: frame while dragging max", f"{s['frame_ms_max']:.2f} ms", ""))
    for gid, s in r.get("thinking", {}).items():
        if "skipped" in s:
            rows.append((f"{gid}: frame while a computer thinks", "skipped", s["skipped"]))
            continue
        rows.append((f"{gid}: frame while a computer thinks p50", f"{s['frame_ms_p50']:.2f} ms",
                     f"{s['size']}, {s['frames']} frames, a core busy in the worker"))
        rows.append((f"{gid}: frame while a computer thinks p99", f"{s['frame_ms_p99']:.2f} ms",
                     _verdict("frame_ms_p99", s["frame_ms_p99"])))
    for gid, g in r["games"].items():
        if "problem" in g:
            rows.append((f"{gid}: random games", "FAILED", g["problem"]))
            continue
        target = g["games_per_s_target"]
        ok = "ok" if g["games_per_s"] >= target else "MISSED"
        rows.append((f"{gid}: random games", f"{g['games_per_s']:.1f} games/s", f">= {target:g}  {ok}"))
        rows.append((f"{gid}: random games (checked)", f"{g['games_per_s_checked']:.1f} games/s",
                     "invariants after every action"))
        rows.append((f"{gid}: random playouts (rules only)", f"{g['playouts_per_s']:.1f} games/s",
                     _verdict("playouts_per_s", g["playouts_per_s"])))
        rows.append((f"{gid}: legal_actions p50", f"{g['legal_actions_ms_p50']:.3f} ms",
                     _verdict("legal_actions_ms_p50", g["legal_actions_ms_p50"])))
        rows.append((f"{gid}: legal_actions p99", f"{g['legal_actions_ms_p99']:.3f} ms",
                     f"{g['legal_actions_calls']} mid-game states"))
        if "evaluate_us_p50" in g:
            rows.append((f"{gid}: computer's evaluate p50", f"{g['evaluate_us_p50']:.0f} us",
                         _verdict("evaluate_us_p50", g["evaluate_us_p50"])))
            rows.append((f"{gid}: computer's evaluate p99", f"{g['evaluate_us_p99']:.0f} us",
                         f"{g['evaluate_calls']} calls, every seat of mid-game states"))
        for name, q in g.get("queries", {}).items():
            ok = "ok" if q["ms_p50"] <= q["target_ms"] else "MISSED"
            rows.append((f"{gid}: {name} p50", f"{q['ms_p50']:.3f} ms", f"<= {q['target_ms']:g}  {ok}"))
            rows.append((f"{gid}: {name} p99", f"{q['ms_p99']:.3f} ms", f"{q['calls']} mid-game states"))
    rows.append(("peak memory (RSS)", f"{r['peak_rss_mb']:.0f} MB", _verdict("peak_rss_mb", r["peak_rss_mb"])))
    sweep = r.get("resize")
    if sweep is None:
        rows.append(("peak RSS while resizing", "skipped", "no game's bench.py sets RESIZE_SWEEP = True"))
    else:
        rows.append((f"{sweep['game']}: peak RSS over {sweep['sizes']} window sizes",
                     f"{sweep['peak_rss_mb']:.0f} MB", _verdict("resize_peak_rss_mb", sweep["peak_rss_mb"])))
    w0 = max(len(a) for a, _, _ in rows)
    w1 = max(len(b) for _, b, _ in rows)
    head = f"Tile Table bench: Python {r['python']}, {r['cpus']} CPUs"
    lines = [head, "-" * len(head)]
    lines += [f"{a:<{w0}}  {b:>{w1}}  {c}".rstrip() for a, b, c in rows]
    return "\n".join(lines)


def command_line(prog: str, description: str, run: Callable[[Callable[[str], None] | None], dict[str, Any]],
                 table: Callable[[dict[str, Any]], str], argv: list[str] | None = None) -> int:
    """Run a benchmark in a throwaway user folder and print its table (or, with --json, one JSON object)."""
    import argparse
    import json

    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory(prefix="bench-data-") as data_dir:
        os.environ["TILETABLE_DATA_DIR"] = data_dir  # never write into the user's folder
        progress = None if args.json else (lambda text: print(f"... {text}", file=sys.stderr, flush=True))
        result = run(progress)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    return command_line("python -m bench", "Performance figures of the table.", run_all, format_table, argv)
