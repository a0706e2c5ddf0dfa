"""Computer seats think in a separate process, so the window never waits for them.

A thread would not do: it holds the interpreter lock while it searches, and the
frame loop with it. `Thinker` owns one worker process (started with "spawn":
a clean interpreter, no copy of the window's SDL state or threads) for a match.
The table sends it a question (the rules, once; then the seat's *view* of the
state, never the full state, the seat, an agent factory and a seed) and polls
for the answer each frame without blocking. Answers carry the question's number,
so one asked before an undo is recognised as stale and dropped.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import gc
import multiprocessing
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable

_CONTEXT = multiprocessing.get_context("spawn")
START_SECONDS = 30.0  # a worker that has not answered "ready" by then is reported as broken


@dataclass
class Answer:
    """What the worker said about question `number`: an action, or why it could not decide."""

    number: int
    action: Any = None
    error: str | None = None  # the agent's exception as text ("ValueError: ..."), with `detail` its traceback
    detail: str = ""
    seconds: float = 0.0  # thinking time in the worker


def _worker(conn: Any) -> None:
    """The worker's loop: ("rules", rules) once, then ("decide", number, view, seat, factory, seed) each turn.

    A seat's agent is made on its first question (with that question's seed) and kept, so an agent
    that planned a whole turn plays the rest of it without thinking again.
    """
    rules = None
    agents: dict[tuple[Any, int], Any] = {}  # one agent per factory and seat: it keeps its plan between actions
    # The cyclic garbage collector runs only after an answer is sent, over the young objects (those the question and
    # the thinking left: in a five-seat Somerset game with a Hard seat, under a millisecond after most decisions and
    # 25 ms at most), and over everything when a match's rules arrive; never by itself. By itself it ran a full
    # collection now and then over the evaluations' caches (600 000 objects late in that game: 0.3-0.8 s, while the
    # next question waited or a Normal seat thought). Thinking makes no reference cycles (tests/test_search.py):
    # the old cyclic garbage of that whole game was 289 objects, left for the next match's rules.
    gc.disable()
    try:
        conn.send(("ready",))
    except OSError:
        return  # the table left before the worker was up
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the table is gone
        if message[0] == "stop":
            return
        if message[0] == "rules":
            rules = message[1]
            agents.clear()
            gc.collect()
            continue
        _, number, view, seat, factory, seed = message
        started = time.perf_counter()
        try:
            agent = agents.get((factory, seat))
            if agent is None:
                agent = agents[(factory, seat)] = factory(rules, seat, seed)
            answer = Answer(number, action=agent.choose(view))
        except Exception as exc:  # noqa: BLE001 - whatever an agent raises is reported to the table, never lost
            answer = Answer(number, error=f"{type(exc).__name__}: {exc}", detail=traceback.format_exc())
        answer.seconds = time.perf_counter() - started
        try:
            conn.send(answer)
        except OSError:
            return  # the table is gone
        except Exception as exc:  # noqa: BLE001 - an answer that cannot be sent back (unpicklable) is an error too
            conn.send(Answer(number, error=f"the answer could not be sent: {type(exc).__name__}: {exc}",
                             seconds=answer.seconds))
        del message, answer
        gc.collect(1)  # the answer is on its way: the young garbage is collected while the table plays it


class Thinker:
    """The table's side of one worker process: ask, poll, stop. Never blocks unless asked to wait."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self._conn: Any = None
        self._process: Any = None
        self._ready = False
        self._started_at = 0.0
        self._asked = 0  # the number of the newest question
        self.broken: str | None = None  # why the worker cannot answer any more

    # ---------------------------------------------------------------- life
    def start(self) -> None:
        """Start the worker now (it takes a moment to import the rules), if it is not running."""
        if self._process is not None and self._process.is_alive():
            return
        if self.broken is not None and self.broken.startswith("the rules could not be sent"):
            return  # they never will be: Resume shows the same reason again
        parent, child = _CONTEXT.Pipe()
        process = _CONTEXT.Process(target=_worker, args=(child,), name="tile-table-thinker", daemon=True)
        process.start()
        child.close()
        self._conn, self._process, self._ready = parent, process, False
        self._started_at = time.monotonic()
        self.broken = None
        try:
            parent.send(("rules", self.rules))
        except Exception as exc:  # noqa: BLE001 - rules that cannot be sent make a broken seat, not a crash
            self.stop()
            self.broken = f"the rules could not be sent to the computer player: {type(exc).__name__}: {exc}"

    def stop(self) -> None:
        """Stop the worker and wait for it briefly; a worker deep in thought is terminated."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            try:
                conn.send(("stop",))
            except (OSError, ValueError):
                pass
        if process is not None:
            process.join(0.5)
            if process.is_alive():
                process.terminate()
                process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        if conn is not None:
            conn.close()

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    # ---------------------------------------------------------------- questions
    def ask(self, view: Any, seat: int, factory: Callable[..., Any], seed: int) -> int:
        """Send a question; its number, which the answer carries."""
        self.start()
        self._asked += 1
        if self.broken is not None:
            return self._asked
        try:
            self._conn.send(("decide", self._asked, view, seat, factory, seed))
        except Exception as exc:  # noqa: BLE001 - a view or agent that cannot be sent is a broken seat, not a crash
            self.broken = f"the question could not be sent to the computer player: {type(exc).__name__}: {exc}"
        return self._asked

    def poll(self) -> Answer | None:
        """The newest answer if one has arrived (older ones are read and dropped); never waits."""
        newest = None
        conn = self._conn
        if conn is None:
            return None
        try:
            while conn.poll():
                message = conn.recv()
                if isinstance(message, tuple) and message and message[0] == "ready":
                    self._ready = True
                elif isinstance(message, Answer) and message.number == self._asked:
                    newest = message
        except (EOFError, OSError):
            pass
        if newest is None and self._process is not None and not self._process.is_alive():
            self.broken = f"the computer player's process stopped (exit code {self._process.exitcode})"
        elif newest is None and not self._ready and time.monotonic() - self._started_at > START_SECONDS:
            self.broken = f"the computer player's process did not start within {START_SECONDS:.0f} s"
        return newest

    def wait(self, timeout: float | None = None) -> Answer | None:
        """Block until the newest question is answered (tests, benchmarks and the arena only)."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            answer = self.poll()
            if answer is not None or self.broken is not None:
                return answer
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                return None
            if self._conn is not None:
                self._conn.poll(0.05 if left is None else min(0.05, left))
