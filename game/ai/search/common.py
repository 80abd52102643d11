"""What every search shares: one infinity, one way to count work and pause, one table entry format.

* :data:`INF`: larger than any value a search returns (values are differences of cells, at most 144 on 12x12).
* :class:`Work`: counts nodes, says when to pause (the searches are generators that yield then, so a step of the
  browser's loop stays short) and raises :class:`OutOfNodes` past an optional node budget. It looks at the clock
  every ``pause_every`` nodes and pauses once :data:`PAUSE_SECONDS` of work have passed since the search was last
  resumed: the pieces of work between two yields are as long in the browser (WebAssembly, 2-3 times slower) as on
  the desktop, and no search needs a count calibrated for one or the other.
* Table entries: the bounds (low, high) of a position's value packed into one int (:func:`pack`,
  :func:`unpack`): an int-to-int dict holds no objects the garbage collector must visit (a full collection over
  a big table of tuples stalled a step by several milliseconds), and it is smaller. A depth, when a search needs
  one, goes in the bits above (:func:`pack` ``depth=``).
"""

from __future__ import annotations

import sys

from ...steps import WALL_CLOCK, Clock

INF = 999  # bounds stay within -INF..INF

_OFFSET, _BITS = 1024, 11
_MASK = (1 << _BITS) - 1
UNKNOWN = (-INF + _OFFSET) << _BITS | (INF + _OFFSET)  # the entry of a position nothing is known about


class OutOfNodes(Exception):
    """A search used up its node budget (a search on a game state restores it before this leaves)."""


PAUSE_SECONDS = 0.002  # of work between two pauses of a search (a 30 Hz frame in the browser has 33 ms for all)


class Work:
    """Counts a search's nodes: ``tick()`` is True when it is time to pause, and raises :class:`OutOfNodes` once
    more than ``max_nodes`` were counted.

    Every ``pause_every`` nodes it checks the node budget and the clock: it is time to pause once
    :data:`PAUSE_SECONDS` have passed since the first node after the last pause (the search was resumed then), or
    since the first check of a new search. So a piece of work between two pauses lasts ``PAUSE_SECONDS`` and at
    most ``pause_every`` nodes more, whatever the machine; the time the search spends paused does not count. The
    node budget is checked at multiples of ``pause_every`` only, so where a search runs out of nodes never
    depends on the clock. ``clock``: where the time is read (a test passes a fake one)."""

    def __init__(self, pause_every: int, max_nodes: int | None = None, clock: Clock = WALL_CLOCK) -> None:
        self.clock = clock
        self.nodes = 0
        self.pauses = 0
        self.pause_every = pause_every
        self.max_nodes = sys.maxsize if max_nodes is None else max_nodes
        # out of nodes at the first multiple of pause_every past max_nodes
        self._out_at = sys.maxsize if max_nodes is None else (max_nodes // pause_every + 1) * pause_every
        self._next_check = pause_every
        self._resumed: float | None = None  # the clock at the first node since the last pause

    def tick(self) -> bool:
        self.nodes += 1
        nodes = self.nodes
        if nodes < self._next_check:
            return False
        if nodes >= self._out_at:
            raise OutOfNodes
        self._next_check = (nodes // self.pause_every + 1) * self.pause_every
        now = self.clock()
        if self._resumed is None:
            self._resumed = now
            return False
        if now - self._resumed < PAUSE_SECONDS:
            return False
        self._resumed = None
        self._next_check = nodes + 1  # the first node after the pause reads the clock
        self.pauses += 1
        return True


def pack(low: int, high: int, depth: int = 0) -> int:
    """One table entry for the bounds ``low <= value <= high`` (found searching ``depth`` deep, if that counts)."""
    return (depth << _BITS | low + _OFFSET) << _BITS | (high + _OFFSET)


def unpack(entry: int) -> tuple[int, int, int]:
    """(low, high, depth) of a table entry."""
    return (entry >> _BITS & _MASK) - _OFFSET, (entry & _MASK) - _OFFSET, entry >> 2 * _BITS


def bounds_after(value: int, start: int, beta: int, low: int, high: int) -> tuple[int, int]:
    """The bounds (low, high) once a fail-soft search in (start, beta) returned ``value``, the old bounds being
    (low, high): ``value`` is an upper bound if it failed low, a lower bound if it failed high, else exact."""
    if value <= start:
        return low, value
    if value >= beta:
        return value, high
    return value, value


def settled(entry: int, alpha: int, beta: int) -> int | None:
    """The value a table entry gives for the window (alpha, beta), or None if it does not settle it."""
    low, high, _ = unpack(entry)
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    return None
