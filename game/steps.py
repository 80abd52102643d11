"""The one way long work is driven: generators that do a short piece of work between two yields, and a clock.

A search (``game.ai``) or the reading of a big history (``game.storage``) is a generator: it yields after a short
piece of work (a couple of milliseconds) and returns its result. Three ways to run one, here only:

* :func:`run`: to its end, at once (building a board's tables, the synchronous API, tools, tests);
* :func:`until`: inside another search, passing its pauses on (with the caller's best move so far) until it ends
  or a stop time comes;
* :class:`Stepper`: from outside, a time slice at a time (``step(budget)``: the app's frame loop, the solvers).

A piece of work that only looked at work running elsewhere (the compiled core's search in its thread or Web Worker)
and found it unfinished says so with :func:`waiting_elsewhere`: the step that drives it ends there instead of asking
again until its budget is spent. Asking again could only spin: in the browser the Worker's answers reach the page
between two frames, never during one. The frame loop then has its time back and draws at the display's rate.

Time is read from a :data:`Clock` passed in (``time.perf_counter`` by default), never from the ``time`` module
behind the caller's back: a test gives a fake clock to see what a search does on a slow or fast machine.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Y = TypeVar("Y")

Clock = Callable[[], float]  # seconds, only differences count
WALL_CLOCK: Clock = time.perf_counter


class _Waiting(threading.local):
    """Whether the last piece of work (of this thread's generators) only waited on work running elsewhere."""

    elsewhere = False


_waiting = _Waiting()


def waiting_elsewhere() -> None:
    """Called by a piece of work that only looked at a search running elsewhere and found it unfinished: the
    :class:`Stepper` driving it ends its step after this piece (see the module's docstring)."""
    _waiting.elsewhere = True


def run(steps: Generator[Any, None, T]) -> T:
    """Runs ``steps`` to its end; its value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def until(
    steps: Generator[Y | None, None, T], best: Y, stop: float | None = None, clock: Clock = WALL_CLOCK
) -> Generator[Y, None, T | None]:
    """Runs ``steps`` inside a search, yielding what it yields (``best`` where it yields None: the caller always
    has a move to show) until it returns (its value) or, after one of its pieces of work, ``clock()`` reaches
    ``stop`` (then ``steps`` is closed and the value is None)."""
    while True:
        try:
            found = next(steps)
        except StopIteration as done:
            return done.value
        if stop is not None and clock() >= stop:
            steps.close()
            return None
        yield best if found is None else found


class Stepper(Generic[Y, T]):
    """Runs ``steps`` a time slice at a time: ``step(budget)`` until it returns True, then ``value``; ``latest`` is
    the last thing it yielded that was not None. :meth:`close` gives it up.

    ``freeze``: between two slices, what exists is frozen out of Python's cyclic garbage collector (``gc.freeze``)
    until the work ends or is given up. Work that builds a great many objects (a big history read) needs it: a
    collection would otherwise go through all of them in whichever frame it fell (300 ms and more for a 10 MB history
    on a loaded machine, 40 ms frozen)."""

    def __init__(self, steps: Generator[Y | None, None, T], clock: Clock = WALL_CLOCK, freeze: bool = False) -> None:
        self._steps = steps
        self.clock = clock
        self.freeze = freeze
        self.latest: Y | None = None
        self.value: T | None = None
        self.done = False
        self.gave_up = False

    def step(self, budget_seconds: float) -> bool:
        """Works for about ``budget_seconds`` (at least one piece of work), or less when a piece only waited on work
        running elsewhere (:func:`waiting_elsewhere`); True once ``steps`` has ended."""
        deadline = self.clock() + budget_seconds
        while not self.done and not self.gave_up:
            _waiting.elsewhere = False
            try:
                found = next(self._steps)
            except StopIteration as done:
                self.value, self.done = done.value, True
                self._thaw()
                break
            if found is not None:
                self.latest = found
            if _waiting.elsewhere or self.clock() >= deadline:
                if self.freeze:
                    gc.freeze()
                break
        return self.done

    @property
    def closed(self) -> bool:
        """Given up before it was done."""
        return self.gave_up and not self.done

    def close(self) -> None:
        """Gives the work up, unless it is done (the generator releases what it holds: a file lock, for one)."""
        if not self.done:
            self._steps.close()
            self.gave_up = True
            self._thaw()

    def _thaw(self) -> None:
        if self.freeze:
            gc.unfreeze()
