"""The values of many lines of one position as one request to the compiled core; :func:`exact_values` picks where.

Each line is a search of that one root move from the position (its value is the line's: the cells it closes and
what follows, as :func:`~game.ai.search.solver.line_values` counts), one after the other on one core, whose table
keeps what each found for the next; a line not solved within ``seconds`` of wall time is given up (None). On the
desktop :class:`CoreValues` runs the request in a thread, so the lines follow one another without waiting for the
caller's steps (``step`` only reads what is found); in the browser the Worker does the same
(:class:`~.browser.BrowserValues`); elsewhere :class:`~game.ai.analysis.Analysis` steps the Python solver line by
line. All three answer the same way (:class:`~game.ai.analysis.LineValuesSearch`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..analysis import Analysis, LineValuesSearch
from ..position.coins import CoinTables, tables_for
from .browser import BrowserValues, connected
from .front import ValuesFront
from .runtime import DONE, EXACT, RUNNING, Core, Pool, pool
from .solver import FIRST_SLICE, POLL_SECONDS, CoreJob, core_takes, runs_compiled, timed_slice


class _ValuesJob(CoreJob):
    """The request as the search thread runs it: the lines valued so far (``found``, in order: appended by the
    thread, read by the caller)."""

    def __init__(self, tables: CoinTables, state: GameState, lines: list[int], seconds: float, clock: Clock) -> None:
        super().__init__(tables, state)
        self.lines = lines
        self.seconds = seconds
        self.clock = clock
        self.found: list[tuple[int, int | None]] = []
        self.slice = FIRST_SLICE  # nodes of the next slice: what the last slices' rate fits (kept from line to line)

    def _work(self, core: Core, cores: Pool) -> None:
        """Values the lines one after the other."""
        for line in self.lines:
            if self.stop or cores.closing:
                break
            self.found.append((line, self._value(core, line)))

    def _value(self, core: Core, line: int) -> int | None:
        """The value of ``line``, or None once its time is up (or the request is stopped): slices sized to end by
        then (:func:`~.solver.timed_slice`)."""
        core.start(self.drawn, [line], self.misere, self.no_extra, None, 0, EXACT)
        began = self.clock()
        while not self.stop:
            before = self.clock()
            status = core.run(self.slice)
            now = self.clock()
            if status == DONE:
                return core.result()[0]
            left = began + self.seconds - now
            self.slice = timed_slice(self.slice, now - before, left)
            if status != RUNNING or left <= 0:
                return None
        return None


class CoreValues(ValuesFront):
    """The values of the lines of ``state`` (those of ``lines``) searched by the compiled core in a thread, each
    for at most ``seconds`` of wall time; ``step`` waits at most its budget (at least
    :data:`~.solver.POLL_SECONDS`) and shows the lines finished meanwhile."""

    def _start(self) -> None:
        self._job = _ValuesJob(self.tables, self.state, self.lines, self.seconds, self.clock)
        self._thread: threading.Thread | None = None
        self._read = 0

    def _poll(self, budget_seconds: float) -> bool:
        job = self._job
        if self._thread is None:
            self._thread = threading.Thread(target=job.run, name="wasm-values", daemon=True)
            self._thread.start()
        finished = job.finished.wait(max(budget_seconds, POLL_SECONDS))
        found = job.found[self._read :]
        self._read += len(found)
        self.values.update(found)
        if not finished or job.stop:
            return False
        if job.failed:
            return self._take_over(budget_seconds)
        self.done = True
        return True

    def close(self) -> None:
        """Stops the request (its thread lets go of the core within a slice of nodes); the values found stay."""
        self._job.stop = True

    def __del__(self) -> None:
        job = getattr(self, "_job", None)  # (None: the constructor failed before the request was made)
        if job is not None:
            job.stop = True


def exact_values(
    state: GameState, seconds: float, lines: Iterable[int] | None = None, clock: Clock = WALL_CLOCK
) -> LineValuesSearch:
    """The search of the values of ``state``'s legal lines (those of ``lines``), each for at most ``seconds``: the
    compiled core's, as one request, where it runs (the Worker once :func:`~.browser.connect` has started it, else
    a thread), else :class:`~game.ai.analysis.Analysis` with the Python solver."""
    if not runs_compiled(state):
        return Analysis(state, seconds, lines=lines, clock=clock)
    if connected():
        return BrowserValues(state, seconds, lines, clock)
    return CoreValues(state, seconds, lines, clock)


def line_values(state: GameState, lines: Iterable[int] | None = None) -> dict[int, int] | None:
    """:func:`game.ai.search.solver.line_values` by the compiled core, in the calling thread, with no time limit;
    None when the core does not run here or cannot take the board."""
    if not core_takes(state) or pool() is None:
        return None
    job = _ValuesJob(
        tables_for(state.board), state, list(state.legal_lines() if lines is None else lines), float("inf"), WALL_CLOCK
    )
    job.run()
    if job.failed:
        return None
    return {line: value for line, value in job.found if value is not None}
