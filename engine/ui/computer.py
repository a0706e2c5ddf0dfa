"""Computer seats at the table: think in a worker thread, play on the main thread after a visible pause."""
from __future__ import annotations

import sys
import threading
import traceback
from typing import Any, Callable

from engine.core.agents import RandomAgent
from engine.core.match import Match
from engine.core.rules import IllegalAction


class _Job:
    """One decision being made away from the frame loop."""

    def __init__(self, seat: int, state: Any, version: int) -> None:
        self.seat = seat
        self.state = state
        self.version = version       # match.version when it began: any change since makes the result stale
        self.elapsed = 0.0
        self.action: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()


class ComputerDriver:
    """Plays the computer seats of a match without ever blocking the frame loop."""

    def __init__(
        self,
        match: Match,
        delay: float = 0.8,
        agent_for: Callable[[Match, int], Any] | None = None,
    ) -> None:
        self.match = match
        self.delay = delay
        self.paused = False
        self.error: str | None = None
        self._agent_for = agent_for or _random_agent
        self._job: _Job | None = None

    @property
    def thinking(self) -> int | None:
        """The seat whose decision is under way, for the UI's 'thinking' hint."""
        return self._job.seat if self._job is not None else None

    def update(self, dt: float) -> None:
        """Start, wait for or play one computer decision; call once per frame."""
        job = self._job
        if job is not None:
            if self._stale(job):
                self._job = None  # the match moved on (undo, load): the answer no longer fits
            else:
                job.elapsed += dt
                if job.done.is_set() and job.elapsed >= self.delay * self._pace(job) and not self.paused:
                    self._job = None
                    self._finish(job)
                return
        if self.paused or self.error is not None or self.match.read_only or self.match.finished:
            return
        seat = self.match.to_move()
        if seat is None or not self.match.seats[seat].is_computer:
            return
        self._start(seat)

    def _pace(self, job: _Job) -> float:
        # The rules may show small steps of a bigger move (one meeple dropped) for a shorter time:
        # `rules.pace(action)` is a share of the normal pause (1.0 unless the game says otherwise).
        if job.error is not None or job.action is None:
            return 1.0
        return max(0.0, float(self.match.rules.pace(job.action)))

    def _stale(self, job: _Job) -> bool:
        return self.match.version != job.version

    def _start(self, seat: int) -> None:
        job = _Job(seat, self.match.state, self.match.version)
        agent = self._agent_for(self.match, seat)

        def work() -> None:
            try:
                job.action = agent.choose(job.state)
            except BaseException as exc:  # reported on the main thread, never lost in the worker
                job.error = exc
            finally:
                job.done.set()

        self._job = job
        threading.Thread(target=work, name=f"computer-seat-{seat}", daemon=True).start()

    def _finish(self, job: _Job) -> None:
        if job.error is not None:
            self._fail(job.seat, job.error)
            return
        try:
            self.match.play(job.action)
        except IllegalAction as exc:
            self._fail(job.seat, exc)

    def _fail(self, seat: int, exc: BaseException) -> None:
        # A broken computer seat stops itself and says why instead of taking the window down.
        name = self.match.seats[seat].name
        self.error = f"{name}: {exc}"
        self.paused = True
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)

    def resume(self) -> None:
        """Unpause and forget a previous error, so the computer seats try again."""
        self.paused = False
        self.error = None

    def cancel(self) -> None:
        """Drop the decision under way (its thread finishes and is ignored)."""
        self._job = None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current decision is computed (tests and benchmarks only)."""
        job = self._job
        return True if job is None else job.done.wait(timeout)


def _random_agent(match: Match, seat: int) -> RandomAgent:
    # Seeded by the match and the move number, so a replay from the same log decides the same.
    return RandomAgent(match.rules, seat, match.seed * 1_000_003 + len(match.log))
