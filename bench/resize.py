"""Memory while the window is resized: one game's table drawn at many window sizes in a fresh interpreter.

    python -m bench.resize five_tribes [SIZES]     prints one JSON object

Dragging a window edge gives a new size every frame; every picture cached per pixel size must not
keep one copy per size. tests/test_memory.py asserts a bound on the figure; `python -m bench` prints it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SWEEP_SIZES = 200
FIRST_SIZE = (1100, 640)
STEP = (4, 2)  # a window edge dragged diagonally: every frame a new width and height
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def sweep_sizes(count: int = SWEEP_SIZES) -> list[tuple[int, int]]:
    """`count` different window sizes, growing from FIRST_SIZE (1100x640 .. 1896x1038 for 200)."""
    return [(FIRST_SIZE[0] + STEP[0] * i, FIRST_SIZE[1] + STEP[1] * i) for i in range(count)]


def rss_mb() -> dict[str, float]:
    """Resident memory now and at its peak, in MB (from /proc/self/status; Linux only)."""
    out = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = int(value.split()[0]) / 1024
    return {"rss_mb": out["VmRSS"], "peak_rss_mb": out["VmHWM"]}


def open_table(app: Any, game_id: str, seed: int = 7) -> Any:
    """A new game of `game_id` for two human seats (Ann, Bob) on top of `app`, its curtain lifted by Ann."""
    import pygame

    from engine.core import registry
    from engine.core.match import Match
    from engine.core.rules import Seat
    from engine.ui.scenes.curtain import CurtainScene

    info = registry.get(game_id)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
    scene = info.make_scene(app, match)
    app.push(scene)
    app.step([])
    while isinstance(app.top, CurtainScene):  # "I am Ann: show my game", pressed as a player would
        centre = app.top.button.rect.center
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))])
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)])
        app.step([])
    if app.top is not scene:
        raise RuntimeError(f"{game_id}: the table is not on top after lifting the curtain")
    return scene


def resize_sweep(game_id: str, count: int = SWEEP_SIZES) -> dict[str, Any]:
    """Open `game_id` with two human seats, then resize the window `count` times, drawing a frame at each size."""
    import pygame

    from engine.ui.app import App

    app = App(size=FIRST_SIZE, headless=True)
    try:
        scene = open_table(app, game_id)
        start = rss_mb()
        for size in sweep_sizes(count):
            app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
            if app.screen.get_size() != size or app.top is not scene:
                raise RuntimeError(f"{game_id}: the frame at {size} was not the table at that size")
        end = rss_mb()
        return {"game": game_id, "sizes": count, "last_size": "x".join(map(str, app.size)),
                "start_rss_mb": start["rss_mb"], "rss_mb": end["rss_mb"], "peak_rss_mb": end["peak_rss_mb"]}
    finally:
        app.close()


def measure_resize_sweep(game_id: str, count: int = SWEEP_SIZES) -> dict[str, Any]:
    """resize_sweep in a fresh interpreter, so the peak is this game's alone."""
    env = dict(os.environ, **HEADLESS)
    proc = subprocess.run([sys.executable, "-m", "bench.resize", game_id, str(count)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(f"the resize sweep of {game_id} failed (exit {proc.returncode}):\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    for name, value in HEADLESS.items():
        os.environ.setdefault(name, value)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    print(json.dumps(resize_sweep(args[0], int(args[1]) if len(args) > 1 else SWEEP_SIZES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
