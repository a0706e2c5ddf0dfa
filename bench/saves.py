"""Save-folder figures: the menu with hundreds of saves, Esc back to it, frames while autosaving, hostile saves.

    python -m bench.saves           a readable table
    python -m bench.saves --json    the same figures as one JSON object

Figures, not assertions (bench/README.md says what each one measures).
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MENU_SAVES = 300
ESC_SAVES = 19
LATE_GAME = "five_tribes"
AUTOSAVE_FRAMES = 900  # 15 s of play at 60 frames per second
AUTOSAVE_FROM = 0.8  # the computer seats take over at this share of a random game's length

def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def late_match(game: str = LATE_GAME, seed: int = 7, share: float = 1.0, kind: str = "human", **kwargs):
    """A seeded random game played to `share` of its length (a whole game by default)."""
    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Seat

    info = registry.get(game)
    seats = [Seat(0, "Ann", "red", kind), Seat(1, "Bob", "yellow", kind), Seat(2, "Cleo", "white", kind)]
    probe = Match(info.make_rules(), seats, seed)
    rng = random.Random(seed)
    while not probe.finished:
        probe.play(rng.choice(probe.legal_actions()), autosave=False)
    stop = int(len(probe.log) * share)
    match = Match(info.make_rules(), seats, seed, **kwargs)
    for entry in probe.log[:stop]:
        match.play(entry.action, autosave=False)
    return match


def _fill_folder(folder: Path, count: int) -> None:
    """`count` late-game saves in progress (none is pruned: the worst case for the menu)."""
    from engine.core.savefile import dump_yaml

    data = late_match(share=0.95).to_save()
    folder.mkdir(parents=True, exist_ok=True)
    text = dump_yaml(data)
    for i in range(count):
        (folder / f"{LATE_GAME}-{i:04d}.yaml").write_text(text.replace(data["updated"], f"2026-11-01T10:{i // 60 % 60:02d}:{i % 60:02d}"))


def _menu_child(data_dir: str) -> float:
    from bench import menu_child

    return menu_child(data_dir)[0]


def measure_menu_with_saves(count: int = MENU_SAVES, warm_runs: int = 5) -> dict[str, float]:
    """First menu frame of a fresh interpreter with `count` late-game saves: first start (no index) and later ones."""
    from engine.core.saves import INDEX_NAME

    with tempfile.TemporaryDirectory(prefix="bench-saves-") as data_dir:
        folder = Path(data_dir) / "autosave"
        _fill_folder(folder, count)
        cold = _menu_child(data_dir)
        assert (folder / INDEX_NAME).exists(), "the first start leaves an index"
        warm = statistics.median(_menu_child(data_dir) for _ in range(warm_runs))
    return {"menu_saves": count, "menu_first_start_s": cold, "menu_later_start_s": warm}


def measure_esc(count: int = ESC_SAVES, runs: int = 9) -> dict[str, float]:
    """Esc from a game to the menu with `count` late-game saves in the folder (after the first visit)."""
    _headless()
    from engine.core import registry
    from engine.ui.app import App

    with tempfile.TemporaryDirectory(prefix="bench-esc-") as data_dir:
        os.environ["TILETABLE_DATA_DIR"] = data_dir
        _fill_folder(Path(data_dir) / "autosave", count)
        app = App(size=(1280, 720), headless=True)
        try:
            app.to_menu()
            times = []
            for _ in range(runs):
                match = late_match(share=0.5)
                app.push(registry.get(LATE_GAME).make_scene(app, match))
                app.step([])
                start = time.perf_counter()
                app.to_menu()
                app.step([])
                times.append(time.perf_counter() - start)
        finally:
            app.close()
    return {"esc_saves": count, "esc_to_menu_ms_p50": statistics.median(times) * 1000,
            "esc_to_menu_ms_max": max(times) * 1000}


def measure_autosave_frames(frames: int = AUTOSAVE_FRAMES) -> dict[str, Any]:
    """Frame times while computer seats play the end of a late game, every action autosaved.

    Once with the window's background writer, once writing on the frame loop (how
    it was), so the figure shows what moving the write off the loop is worth.
    """
    _headless()
    from engine.core import registry
    from engine.core.savefile import SaveWriter, background_writer
    from engine.ui.app import App
    from engine.ui.scenes.menu import MenuScene

    from bench import percentile

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-autosave-") as data_dir:
        os.environ["TILETABLE_DATA_DIR"] = data_dir
        for label, writer in (("off", None), ("background", background_writer()), ("on_the_loop", SaveWriter())):
            where = None if writer is None else Path(data_dir) / f"late-{label}.yaml"
            match = late_match(share=AUTOSAVE_FROM, kind="computer", autosave_path=where, writer=writer)
            app = App(size=(1920, 1080), headless=True)
            try:
                app.push(MenuScene(app))
                scene = registry.get(LATE_GAME).make_scene(app, match)
                app.push(scene)
                scene.computer.delay = 1 / 60  # a decision per frame or two: as many autosaves as possible
                before = len(match.log)
                times = []
                for i in range(frames):
                    start = time.perf_counter()
                    app.step([], 1 / 60)
                    times.append((time.perf_counter() - start) * 1000)
                    if match.finished:
                        break
                    scene.computer.wait(1.0)  # thinking is another thread's: not this figure
                if writer is not None:
                    writer.flush(10)
            finally:
                app.close()
            out[label] = {"frame_ms_p50": percentile(times, 50), "frame_ms_p99": percentile(times, 99),
                          "frame_ms_max": max(times), "frames": len(times), "autosaves": len(match.log) - before,
                          "actions_in_save": len(match.log)}
    return out


def measure_autosave_call(runs: int = 30) -> dict[str, float]:
    """Main-thread milliseconds of one autosave of a whole late game (median): the window's way, and the old one."""
    import yaml

    from engine.core.savefile import SaveWriter, background_writer, write_atomic

    out = {}
    with tempfile.TemporaryDirectory(prefix="bench-autosave-call-") as data_dir:
        path = Path(data_dir) / "late.yaml"
        for label, writer in (("background", background_writer()), ("on_the_loop", SaveWriter())):
            match = late_match(autosave_path=path, writer=writer)
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                match.autosave()
                times.append((time.perf_counter() - start) * 1000)
                writer.flush(10)
            out[f"autosave_call_ms_{label}"] = statistics.median(times)
        data = match.to_save()
        times = []
        for _ in range(runs):  # before: PyYAML's pure-Python dumper and the write, on the frame loop
            start = time.perf_counter()
            write_atomic(path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
            times.append((time.perf_counter() - start) * 1000)
        out["autosave_call_ms_before"] = statistics.median(times)
        out["autosave_actions"] = len(match.log)
    return out


def measure_hostile() -> dict[str, Any]:
    """Seconds to refuse each damaged or hostile save: `main.py --load` (a fresh interpreter) and the menu."""
    _headless()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.hostile_saves import make_hostile_saves

    per_file: dict[str, float] = {}
    unchanged = True
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as data_dir:
        folder = Path(data_dir) / "autosave"
        files = make_hostile_saves(folder)
        stamps = {p: p.read_bytes() for p in files if p.stat().st_size < 1024 * 1024}
        env = dict(os.environ, TILETABLE_DATA_DIR=str(Path(data_dir) / "elsewhere"), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        base = _load_wall(ROOT / "main.py", env, ["--help"])  # the interpreter and imports alone
        for path in files:
            wall = _load_wall(ROOT / "main.py", env, ["--load", str(path), "--screenshot", str(Path(data_dir) / "x.png")])
            per_file[path.stem] = wall
        menu = _menu_child(data_dir)
        unchanged = all(p.read_bytes() == text for p, text in stamps.items())
    slowest = max(per_file, key=per_file.get)
    return {"hostile_kinds": len(per_file), "hostile_load_s_max": per_file[slowest], "hostile_load_slowest": slowest,
            "hostile_load_s_median": statistics.median(per_file.values()), "python_start_s": base,
            "hostile_menu_first_frame_s": menu, "hostile_files_unchanged": unchanged, "hostile_load_s": per_file}


def _load_wall(main: Path, env: dict[str, str], args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, str(main), *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    wall = time.perf_counter() - start
    if args[0] == "--load" and done.returncode != 2:
        raise RuntimeError(f"{args[1]} was not refused: exit {done.returncode}\n{done.stderr}")
    return wall


def run_all(progress=None) -> dict[str, Any]:
    say = progress or (lambda text: None)
    result: dict[str, Any] = {}
    say(f"menu with {MENU_SAVES} saves")
    result.update(measure_menu_with_saves())
    say(f"Esc to the menu with {ESC_SAVES} saves")
    result.update(measure_esc())
    say("frames while autosaving a late game")
    result["autosave"] = measure_autosave_frames()
    result.update(measure_autosave_call())
    say("hostile saves")
    result.update(measure_hostile())
    return result


def format_table(r: dict[str, Any]) -> str:
    rows = [
        (f"menu first frame, {r['menu_saves']} saves, first start", f"{r['menu_first_start_s']:.2f} s",
         "builds the index"),
        (f"menu first frame, {r['menu_saves']} saves, later starts", f"{r['menu_later_start_s']:.2f} s", "median of 5"),
        (f"Esc to the menu, {r['esc_saves']} saves, p50", f"{r['esc_to_menu_ms_p50']:.0f} ms",
         f"max {r['esc_to_menu_ms_max']:.0f} ms"),
    ]
    for label, a in r["autosave"].items():
        rows.append((f"frame while autosaving ({label}) p99", f"{a['frame_ms_p99']:.2f} ms",
                     f"p50 {a['frame_ms_p50']:.2f}, max {a['frame_ms_max']:.1f}, {a['autosaves']} autosaves "
                     f"of up to {a['actions_in_save']} actions, {a['frames']} frames"))
    rows.append((f"autosave of a {r['autosave_actions']}-action game, main thread", f"{r['autosave_call_ms_background']:.2f} ms",
                 f"writing on the loop: {r['autosave_call_ms_on_the_loop']:.1f} ms; before (pure-Python YAML): "
                 f"{r['autosave_call_ms_before']:.1f} ms"))
    rows.append((f"hostile saves refused by --load ({r['hostile_kinds']} kinds), max",
                 f"{r['hostile_load_s_max']:.2f} s", f"{r['hostile_load_slowest']}; Python start alone "
                                                      f"{r['python_start_s']:.2f} s"))
    rows.append(("hostile saves refused by --load, median", f"{r['hostile_load_s_median']:.2f} s", ""))
    rows.append(("menu first frame with every hostile save", f"{r['hostile_menu_first_frame_s']:.2f} s",
                 "files unchanged" if r["hostile_files_unchanged"] else "A FILE CHANGED"))
    w0 = max(len(a) for a, _, _ in rows)
    w1 = max(len(b) for _, b, _ in rows)
    return "\n".join(f"{a:<{w0}}  {b:>{w1}}  {c}".rstrip() for a, b, c in rows)


def main(argv: list[str] | None = None) -> int:
    from bench import command_line

    return command_line("python -m bench.saves", "Save-folder figures.", run_all, format_table, argv)


if __name__ == "__main__":
    sys.exit(main())
