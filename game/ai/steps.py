"""The one way the AI's work is driven: generators that do a short piece of work between two yields, and a clock.

Every search is a generator: it yields after a short piece of work (a couple of milliseconds, as
:class:`~game.ai.search.common.Work` says) and returns its result. Three ways to run one, here only:

* :func:`run`: to its end, at once (building a board's tables, the synchronous API, tools);
* :func:`until`: inside another search, passing its pauses on (with the caller's best move so far) until it ends
  or a stop time comes;
* :class:`Stepper`: from outside, a time slice at a time (``step(budget)``: the app's frame loop, the solvers).

Time is read from a :data:`Clock` passed in (``time.perf_counter`` by default), never from the ``time`` module
behind the caller's back: a test gives a fake clock to see what a search does on a slow or fast machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Y = TypeVar("Y")

Clock = Callable[[], float]  # seconds, only differences count
WALL_CLOCK: Clock = time.perf_counter


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
    the last thing it yielded that was not None."""

    def __init__(self, steps: Generator[Y | None, None, T], clock: Clock = WALL_CLOCK) -> None:
        self._steps = steps
        self.clock = clock
        self.latest: Y | None = None
        self.value: T | None = None
        self.done = False

    def step(self, budget_seconds: float) -> bool:
        """Works for about ``budget_seconds`` (at least one piece of work); True once ``steps`` has ended."""
        deadline = self.clock() + budget_seconds
        while not self.done:
            try:
                found = next(self._steps)
            except StopIteration as done:
                self.value, self.done = done.value, True
                break
            if found is not None:
                self.latest = found
            if self.clock() >= deadline:
                break
        return self.done
