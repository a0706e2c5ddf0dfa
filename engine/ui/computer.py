"""Computer seats at the table: think in a worker process, play on the main thread after a visible pause."""
from __future__ import annotations

import sys
from typing import Any, Callable

from engine.core.agents import LEVELS
from engine.core.search import level_factory
from engine.core.match import Match
from engine.core.rules import IllegalAction
from engine.core.thinker import Answer, Thinker


class _Job:
    """One decision being made away from the frame loop."""

    def __init__(self, seat: int, number: int, version: int) -> None:
        self.seat = seat
        self.number = number          # the question's number at the thinker
        self.version = version        # match.version when it began: any change since makes the result stale
        self.elapsed = 0.0
        self.answer: Answer | None = None

    @property
    def done(self) -> bool:
        return self.answer is not None


class ComputerDriver:
    """Plays the computer seats of a match without ever blocking the frame loop."""

    def __init__(
        self,
        match: Match,
        delay: float = 0.8,
        agent: Callable[[Any, int, int], Any] | None = None,
    ) -> None:
        """`agent(rules, seat, seed)` makes every computer seat's agent in the worker (a class or function it
        can import); None: each seat's own level (engine.core.agents.LEVELS)."""
        self.match = match
        self.delay = delay
        self.paused = False
        self.error: str | None = None
        self.agent = agent  # the agent factory the worker builds each decision with
        self.hard_seconds = 1.0  # a Hard seat's (and a hint's) thinking time per turn: the Settings' choice
        self._job: _Job | None = None
        self._hint: _Job | None = None  # a human seat asked what Hard would do
        self.hint_answer: tuple[int, Any] | None = None  # (match.version it was asked at, the action Hard would play)
        self.hint_error: str | None = None
        self.thinker = Thinker(match.rules)
        if any(seat.is_computer for seat in match.seats) and not match.read_only and not match.finished:
            self.thinker.start()  # the worker imports the rules while the table draws its first frames

    @property
    def thinking(self) -> int | None:
        """The seat whose decision is under way, for the UI's 'thinking' hint."""
        return self._job.seat if self._job is not None else None

    def update(self, dt: float) -> None:
        """Start, wait for or play one computer decision; call once per frame. Never blocks."""
        if self._hint is not None:
            self._collect_hint(self._hint)
        job = self._job
        if job is not None:
            if self._stale(job):
                self._job = None  # the match moved on (undo, load): the answer no longer fits
            else:
                job.elapsed += dt
                self._collect(job)
                if self.thinker.broken is not None and not job.done:
                    self._job = None
                    self._fail(job.seat, self.thinker.broken)
                elif job.done and job.elapsed >= self.delay * self._pace(job) and not self.paused:
                    self._job = None
                    self._finish(job)
                return
        if self.paused or self.error is not None or self.match.read_only or self.match.finished:
            return
        seat = self.match.to_move()
        if seat is None or not self.match.seats[seat].is_computer:
            return
        self._start(seat)

    # ---------------------------------------------------------------- hints
    def ask_hint(self, seat: int) -> None:
        """Ask, in the worker, what Hard would play for this (human) seat now, from that seat's view."""
        view = self.match.rules.view(self.match.state, seat)
        number = self.thinker.ask(view, seat, self._level("hard"), self.match.seed * 1_000_003 + len(self.match.log))
        self._hint = _Job(seat, number, self.match.version)
        self.hint_answer = self.hint_error = None

    def _level(self, level: str) -> Callable[[Any, int, int], Any]:
        return level_factory("hard", self.hard_seconds) if level == "hard" else LEVELS[level]

    @property
    def hint_pending(self) -> bool:
        return self._hint is not None

    def _collect_hint(self, job: _Job) -> None:
        if self._stale(job):
            self._hint = None  # the seat played (or took back) meanwhile: the hint no longer fits
            return
        self._collect(job)
        answer = job.answer
        if answer is None:
            if self.thinker.broken is not None:
                self._hint, self.hint_error = None, self.thinker.broken
            return
        self._hint = None
        if answer.error is not None:
            self.hint_error = answer.error
        else:
            self.hint_answer = (job.version, answer.action)

    def _collect(self, job: _Job) -> None:
        if job.answer is None:
            answer = self.thinker.poll()
            if answer is not None and answer.number == job.number:
                job.answer = answer

    def _pace(self, job: _Job) -> float:
        # The rules may show small steps of a bigger move (one meeple dropped) for a shorter time:
        # `rules.pace(action)` is a share of the normal pause (1.0 unless the game says otherwise).
        answer = job.answer
        if answer is None or answer.error is not None or answer.action is None:
            return 1.0
        return max(0.0, float(self.match.rules.pace(answer.action)))

    def _stale(self, job: _Job) -> bool:
        return self.match.version != job.version

    def _start(self, seat: int) -> None:
        # The worker is sent the seat's view, never the full state: it cannot decide from what the seat may not see.
        # Seeded by the match and the move number, so a replay from the same log decides the same.
        view = self.match.rules.view(self.match.state, seat)
        seed = self.match.seed * 1_000_003 + len(self.match.log)
        factory = self.agent or self._level(self.match.seats[seat].level)
        number = self.thinker.ask(view, seat, factory, seed)
        self._job = _Job(seat, number, self.match.version)

    def _finish(self, job: _Job) -> None:
        answer = job.answer
        assert answer is not None
        if answer.error is not None:
            print(answer.detail or answer.error, file=sys.stderr)
            self._fail(job.seat, answer.error)
            return
        try:
            self.match.play(answer.action)
        except IllegalAction as exc:
            self._fail(job.seat, str(exc))

    def _fail(self, seat: int, reason: str) -> None:
        # A broken computer seat stops itself and says why instead of taking the window down.
        name = self.match.seats[seat].name
        self.error = f"{name}: {reason}"
        self.paused = True
        print(f"computer seat {name}: {reason}", file=sys.stderr)

    def resume(self) -> None:
        """Unpause and forget a previous error, so the computer seats try again (a stopped worker is started anew)."""
        self.paused = False
        self.error = None
        if self.thinker.broken is not None:
            self.thinker.stop()
            self.thinker.start()

    def cancel(self) -> None:
        """Drop the decision under way (the worker finishes it and the answer is ignored)."""
        self._job = None

    def close(self) -> None:
        """Stop the worker process (the game is left or the window closes)."""
        self._job = None
        self.thinker.stop()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current decision is computed (tests and benchmarks only)."""
        job = self._job or self._hint
        if job is None or job.done:
            return True
        answer = self.thinker.wait(timeout)
        if answer is not None and answer.number == job.number:
            job.answer = answer
        return job.done or self.thinker.broken is not None
