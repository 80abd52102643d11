"""Work cut into small steps, so that reading a big history never holds a frame up.

A piece of work is a generator that yields between two small pieces (every :data:`EVERY` items: a few ms at most,
in the browser too) and returns its result. :func:`drain` runs one to its end at once (tests, tools, what must be
done now); :class:`Steps` runs one a few ms at a time from the frame loop, on the desktop as in the browser, where
there are no threads and localStorage is synchronous: the page's thread is the only one.

While work runs in steps, what exists after each step is frozen out of Python's cyclic garbage collector
(``gc.freeze``) until the work ends: a collection would otherwise go through everything a big history is made of
in one go, in whichever frame it fell (300 ms and more for a 10 MB history on this loaded machine, 40 ms frozen).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, Generic, TypeVar

EVERY = 200  # items read, checked or written between two yields

T = TypeVar("T")
Work = Generator[None, None, T]


def drain(work: Work[T]) -> T:
    """Run ``work`` to its end at once; its result."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def pause(index: int) -> bool:
    """True at every :data:`EVERY`-th item: ``if pause(i): yield``."""
    return index % EVERY == EVERY - 1


def sort_in_steps(items: list[Any], key: Callable[[Any], Any]) -> Work[None]:
    """Sort ``items`` in place by ``key``; the keys are made in steps (a list already in order, as stored, is left
    as it is)."""
    keys: list[Any] = []
    ordered = True
    for index, item in enumerate(items):
        made = key(item)
        ordered = ordered and (not keys or keys[-1] <= made)
        keys.append(made)
        if pause(index):
            yield
    if ordered:
        return
    order = sorted(range(len(items)), key=keys.__getitem__)
    items[:] = [items[index] for index in order]


def release_in_steps(items: list[Any]) -> Work[None]:
    """Empty ``items`` from the end, :data:`EVERY` at a time: freeing a list of many thousand games at once takes
    as long as a frame or more."""
    while items:
        del items[-EVERY:]
        yield


def map_in_steps(function: Callable[[Any], T], items: Iterable[Any]) -> Work[list[T]]:
    """``[function(item) for item in items]``, in steps."""
    done: list[T] = []
    for index, item in enumerate(items):
        done.append(function(item))
        if pause(index):
            yield
    return done


def chunks(items: Sequence[T]) -> Iterable[Sequence[T]]:
    """``items`` :data:`EVERY` at a time."""
    return (items[start : start + EVERY] for start in range(0, len(items), EVERY))


class Steps(Generic[T]):
    """``work`` run a few ms at a time: :meth:`run` for each frame, until ``done``; then ``result``."""

    def __init__(self, work: Work[T], clock: Callable[[], float] = time.perf_counter) -> None:
        self.work = work
        self.clock = clock
        self.done = False
        self.gave_up = False
        self.result: T | None = None

    def run(self, seconds: float) -> bool:
        """Work for about ``seconds`` (at least one step); True once the work is done."""
        end = self.clock() + seconds
        while not self.done and not self.gave_up:
            try:
                next(self.work)
            except StopIteration as finished:
                self.done, self.result = True, finished.value
                gc.unfreeze()
            else:
                if self.clock() >= end:
                    gc.freeze()
                    break
        return self.done

    @property
    def closed(self) -> bool:
        """Given up before it was done."""
        return self.gave_up and not self.done

    def close(self) -> None:
        """Give the work up, unless it is done (it releases what it holds, a file lock for one)."""
        if not self.done:
            self.work.close()
            self.gave_up = True
            gc.unfreeze()
