"""The real program in a real X window (Xvfb), played with a real pointer (xdotool).

Every other UI test posts events into a headless App; this one checks the whole
path a player's hand takes: X server, SDL, pygame's event queue, the scene,
the rules and the autosave on disk. It needs Xvfb, xdotool and imagemagick
(.ci/run installs them). On a fresh machine without them it skips with one line
saying what is missing and how to install it; in CI (CI=true) it fails instead,
so a broken CI image never passes by skipping.
"""
from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Mapping

import pytest
import yaml

from engine.core import registry
from engine.core.match import Match
from engine.ui.catalogue import parse_seats

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 720)
SEATS = "Ann,Bob"
SEED = 7
START_CIRCLE = (-1, 3)  # the side circle left of the board's row 3
X_TOOLS = ("Xvfb", "xdotool", "import")  # import: imagemagick's screenshot tool
INSTALL = "apt-get install xvfb xdotool imagemagick"


def x_tools_verdict(environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """What to do when X tools are missing: None (all there), ("skip", why) or, in CI (CI=true), ("fail", why)."""
    missing = [tool for tool in X_TOOLS if shutil.which(tool) is None]
    if not missing:
        return None
    environ = os.environ if environ is None else environ
    why = f"{', '.join(missing)} not found: this test needs Xvfb, xdotool and imagemagick ({INSTALL})"
    if environ.get("CI", "").lower() == "true":
        return "fail", why + "; CI must have them (.ci/run installs them)"
    return "skip", why


# ------------------------------------------------------------------ helpers
class XSession:
    """An Xvfb server on a free display, and xdotool / import run against it."""

    def __init__(self, workdir: Path) -> None:
        verdict = x_tools_verdict()
        if verdict is not None:
            what, why = verdict
            if what == "fail":
                pytest.fail(why, pytrace=False)
            pytest.skip(why)
        self.workdir = workdir
        self.server: subprocess.Popen | None = None
        self.display = ""
        self._pipe: int | None = None
        self._log = None
        self._start()

    def _start(self) -> None:
        self._log = log = open(self.workdir / "xvfb.log", "wb")
        for number in range(140, 240):
            if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
                continue
            read_end, write_end = os.pipe()
            server = subprocess.Popen(
                ["Xvfb", f":{number}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp",
                 "-displayfd", str(write_end)],
                pass_fds=(write_end,), stdout=log, stderr=log,
            )
            os.close(write_end)
            # Xvfb writes the display number and a newline to the pipe once it accepts clients. The pipe
            # stays open while the server runs: Xvfb treats a failed write there as fatal.
            answer = b""
            deadline = time.monotonic() + 15
            while not answer.endswith(b"\n") and time.monotonic() < deadline:
                ready, _, _ = select.select([read_end], [], [], max(0.0, deadline - time.monotonic()))
                chunk = os.read(read_end, 32) if ready else b""
                if not chunk:
                    break  # the server exited (display taken) or never answered
                answer += chunk
            if answer.strip() == str(number).encode() and server.poll() is None:
                self.server, self.display, self._pipe = server, f":{number}", read_end
                return
            os.close(read_end)
            server.kill()  # another server took the number first: try the next one
            server.wait()
        self.stop()
        pytest.fail(f"Xvfb did not start on any display from :140 to :239; see {self.workdir / 'xvfb.log'}")

    def env(self) -> dict[str, str]:
        return dict(os.environ, DISPLAY=self.display)

    def xdotool(self, *args: object, timeout: float = 15) -> str:
        done = subprocess.run(["xdotool", *map(str, args)], env=self.env(), capture_output=True, text=True,
                              timeout=timeout)
        if done.returncode != 0:
            raise AssertionError(f"xdotool {' '.join(map(str, args))} failed: {done.stderr.strip()}")
        return done.stdout

    def screenshot(self, path: Path) -> None:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env(), capture_output=True, timeout=30)

    def stop(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        if self._pipe is not None:
            os.close(self._pipe)
            self._pipe = None
        if self._log is not None:
            self._log.close()
            self._log = None


def _saved_actions(autosave_dir: Path) -> list[dict]:
    """The actions of the newest autosave (there is one per match), or [] while none is written."""
    files = sorted(autosave_dir.glob("*.yaml"), key=lambda p: p.stat().st_mtime)
    if not files:
        return []
    data = yaml.safe_load(files[-1].read_text(encoding="utf-8")) or {}
    return list(data.get("actions") or [])


def _wait_for(autosave_dir: Path, found, seconds: float) -> list[dict]:
    deadline = time.monotonic() + seconds
    actions: list[dict] = []
    while time.monotonic() < deadline:
        actions = _saved_actions(autosave_dir)
        if found(actions):
            break
        time.sleep(0.2)
    return actions


def _layout(app) -> dict[str, tuple[int, int]]:
    """Where the spinner, the ship dock and the start circle lie at SIZE, from the scene's own layout code."""
    info = registry.get("entdecker")
    match = Match(info.make_rules(), parse_seats(SEATS, info), SEED)  # no autosave path: writes nothing
    scene = info.make_scene(app, match)
    return {
        "spinner": scene.spinner_rect().center,
        "dock": scene.ship_dock().center,
        "circle": scene.cell_rect(START_CIRCLE).center,
    }


# ------------------------------------------------------------------ the program in the window
class Program:
    """main.py running in the X session, with its window's origin on the X screen."""

    def __init__(self, x: XSession, args: list[str], data_dir: Path, log_path: Path) -> None:
        self.x = x
        env = x.env()
        env.pop("SDL_VIDEODRIVER", None)  # the test process runs headless; the program must use X
        env.update(SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy", TILETABLE_DATA_DIR=str(data_dir),
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "main.py", *args, "--size", f"{SIZE[0]}x{SIZE[1]}"],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
        windows = x.xdotool("search", "--sync", "--onlyvisible", "--pid", self.process.pid, timeout=30).split()
        assert windows, "xdotool found no window of the program"
        geometry = dict(
            line.split("=", 1) for line in x.xdotool("getwindowgeometry", "--shell", windows[-1]).split()
        )
        self.origin = (int(geometry["X"]), int(geometry["Y"]))
        assert (int(geometry["WIDTH"]), int(geometry["HEIGHT"])) == SIZE, geometry
        time.sleep(1.0)  # let the frame loop start

    def screen(self, point: tuple[int, int]) -> tuple[int, int]:
        """A point of the window on the X screen."""
        return self.origin[0] + point[0], self.origin[1] + point[1]

    def click(self, point: tuple[int, int]) -> None:
        sx, sy = self.screen(point)
        self.x.xdotool("mousemove", sx, sy)
        time.sleep(0.3)
        self.x.xdotool("click", "1")

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
        """Press at start, move there in steps as a hand does, release at end."""
        (x0, y0), (x1, y1) = self.screen(start), self.screen(end)
        self.x.xdotool("mousemove", x0, y0)
        time.sleep(0.3)
        self.x.xdotool("mousedown", "1")
        time.sleep(0.3)
        for k in range(1, steps + 1):
            self.x.xdotool("mousemove", x0 + (x1 - x0) * k // steps, y0 + (y1 - y0) * k // steps)
            time.sleep(0.05)
        time.sleep(0.3)
        self.x.xdotool("mouseup", "1")

    def quit(self, log_path: Path) -> None:
        self.process.send_signal(signal.SIGTERM)  # pygame turns it into QUIT
        assert self.process.wait(15) == 0, log_path.read_text(errors="replace")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize("ci", [None, "false", ""])
def test_missing_x_tools_skip_outside_ci(monkeypatch: pytest.MonkeyPatch, ci: str | None) -> None:
    monkeypatch.setattr(shutil, "which", lambda tool: None if tool in ("xdotool", "import") else f"/usr/bin/{tool}")
    environ = {} if ci is None else {"CI": ci}
    assert x_tools_verdict(environ) == (
        "skip", f"xdotool, import not found: this test needs Xvfb, xdotool and imagemagick ({INSTALL})")


@pytest.mark.parametrize("ci", ["true", "TRUE"])
def test_missing_x_tools_fail_in_ci(monkeypatch: pytest.MonkeyPatch, ci: str) -> None:
    monkeypatch.setattr(shutil, "which", lambda tool: None)
    what, why = x_tools_verdict({"CI": ci})
    assert what == "fail"
    assert why.startswith("Xvfb, xdotool, import not found") and INSTALL in why


def test_x_tools_present_means_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda tool: f"/usr/bin/{tool}")
    assert x_tools_verdict({"CI": "true"}) is None
    assert x_tools_verdict({}) is None


def test_a_missing_tool_skips_the_session_with_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(shutil, "which", lambda tool: None if tool == "Xvfb" else f"/usr/bin/{tool}")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        XSession(tmp_path)
    assert "\n" not in str(skipped.value) and "Xvfb not found" in str(skipped.value)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        XSession(tmp_path)


def test_spin_and_drag_the_ship_in_a_real_window(app, tmp_path: Path) -> None:
    assert app.size == SIZE
    spots = _layout(app)
    data_dir = tmp_path / "data"
    autosaves = data_dir / "autosave"
    shot = tmp_path / "screen.png"
    program_log = tmp_path / "program.log"
    x = XSession(tmp_path)
    program: Program | None = None
    try:
        program = Program(x, ["--game", "entdecker", "--seats", SEATS, "--seed", str(SEED)], data_dir, program_log)

        # Round 1: click the income display. The first click can come before the loop reads events: retry.
        actions: list[dict] = []
        for _ in range(3):
            program.click(spots["spinner"])
            actions = _wait_for(autosaves, lambda acts: any(a.get("kind") == "spin" for a in acts), 5)
            if actions:
                break
        assert any(a.get("kind") == "spin" for a in actions), (
            f"no spin in the autosave after clicking the spinner at {program.screen(spots['spinner'])}; "
            f"see {shot} and {program_log}"
        )
        time.sleep(1.2)  # the spinner's animation

        # Drag the ship from its dock onto the start circle left of row 3: press, move in steps, release.
        program.drag(spots["dock"], spots["circle"])
        actions = _wait_for(autosaves, lambda acts: any(a.get("kind") == "place_ship" for a in acts), 15)
        x.screenshot(shot)
        ships = [a for a in actions if a.get("kind") == "place_ship"]
        assert ships, (
            f"dragging the ship from {program.screen(spots['dock'])} to {program.screen(spots['circle'])} and "
            f"releasing did not place it; autosaved actions: {actions}; screenshot {shot}, program output {program_log}"
        )
        assert ships[0].get("col") == START_CIRCLE[0] and ships[0].get("row") == START_CIRCLE[1], ships
        kinds = [a.get("kind") for a in actions]
        assert kinds[:2] == ["spin", "place_ship"], kinds
        program.quit(program_log)
    finally:
        if program is not None and program.process.poll() is None:
            if not shot.exists():
                x.screenshot(shot)
            program.kill()
        x.stop()


def _five_tribes_layout(app) -> dict[str, Any]:
    """Five Tribes at SIZE with two humans: the curtain's button, the bidder's turn marker and a free 3-gold spot."""
    from engine.ui.scenes.curtain import CurtainScene

    info = registry.get("five_tribes")
    match = Match(info.make_rules(), parse_seats(SEATS, info), SEED)  # no autosave path: writes nothing
    scene = info.make_scene(app, match)
    curtain = CurtainScene(app, scene, match.to_move())
    spot = next(i for i, (cost, who) in enumerate(match.rules.track_spots(match.state)) if cost == 3 and who is None)
    return {
        "curtain": curtain.button.rect.center,
        "marker": scene.marker_rect(match.state.marker).center,
        "spot": scene.spot_centre(spot),
        "spot_index": spot,
    }


def test_lift_the_curtain_and_bid_with_the_turn_marker_in_a_real_window(app, tmp_path: Path) -> None:
    """Five Tribes, two humans: the curtain is lifted by a click, then the turn marker is dragged onto a spot."""
    assert app.size == SIZE
    spots = _five_tribes_layout(app)
    data_dir = tmp_path / "data"
    autosaves = data_dir / "autosave"
    shot = tmp_path / "screen.png"
    program_log = tmp_path / "program.log"
    x = XSession(tmp_path)
    program: Program | None = None
    try:
        program = Program(x, ["--game", "five_tribes", "--seats", SEATS, "--seed", str(SEED)], data_dir,
                          program_log)
        actions: list[dict] = []
        for _ in range(3):  # the first click can come before the loop reads events
            program.click(spots["curtain"])
            time.sleep(0.5)
            program.drag(spots["marker"], spots["spot"])
            actions = _wait_for(autosaves, lambda acts: any(a.get("kind") == "bid" for a in acts), 5)
            if actions:
                break
        x.screenshot(shot)
        bids = [a for a in actions if a.get("kind") == "bid"]
        assert bids, (
            f"clicking the curtain at {program.screen(spots['curtain'])} then dragging the turn marker from "
            f"{program.screen(spots['marker'])} to {program.screen(spots['spot'])} placed no bid; autosaved actions: "
            f"{actions}; screenshot {shot}, program output {program_log}"
        )
        assert [a.get("kind") for a in actions] == ["bid"], actions
        assert bids[0].get("spot") == spots["spot_index"], bids
        program.quit(program_log)
    finally:
        if program is not None and program.process.poll() is None:
            if not shot.exists():
                x.screenshot(shot)
            program.kill()
        x.stop()
