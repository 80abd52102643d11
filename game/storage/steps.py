"""Storage's work cut into small steps, so that reading a big history never holds a frame up.

A piece of work is a generator that yields between two small pieces (every :data:`EVERY` items: a few ms at most,
in the browser too) and returns its result. It is driven by the game's one driver (``game.steps``): ``run`` to its
end at once (tests, tools, what must be done now), or a ``Stepper(work, freeze=True)`` a few ms at a time from the
frame loop, on the desktop as in the browser, where there are no threads and localStorage is synchronous: the
page's thread is the only one. Here: the pieces such work is made of.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Generator, Iterable
from typing import Any, TypeVar

EVERY = 200  # items read, checked or written between two yields
RUN = 10 * EVERY  # items sorted at once (a few ms)

T = TypeVar("T")
Work = Generator[None, None, T]


def pause(index: int) -> bool:
    """True at every :data:`EVERY`-th item: ``if pause(i): yield``."""
    return index % EVERY == EVERY - 1


def sort_in_steps(items: list[Any], key: Callable[[Any], Any]) -> Work[None]:
    """Sort ``items`` in place by ``key`` (stably, as ``list.sort``), in steps: the keys made, runs of
    :data:`RUN` items sorted one a step, then merged (a list already in order, as stored, is left as it is)."""
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
    runs = []
    for start in range(0, len(items), RUN):
        runs.append(sorted(range(start, min(start + RUN, len(items))), key=keys.__getitem__))
        yield
    in_order = []
    for index, place in enumerate(heapq.merge(*runs, key=keys.__getitem__)):
        in_order.append(items[place])
        if pause(index):
            yield
    items[:] = in_order


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
