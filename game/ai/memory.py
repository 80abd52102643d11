"""One memory budget for everything the AI keeps between moves: solver tables and per-board lookup tables.

The exact and selective solvers keep their transposition tables between moves and games (a solved position stays
solved), one table per board, rule variant and search kind; every board also has its strings-and-coins lookup
tables (:class:`~game.ai.position.coins.CoinTables`). Each was once bounded on its own, so visiting many boards grew the
process without end. Here they share one budget, counted in *entries* (a table entry, or an int of a lookup
table: about 100 bytes each on the desktop):

* :meth:`MemoryBudget.table` hands out a search table and the number of entries it may hold (the budget less
  everything else kept, and at most ``table_cap``), after making room for a move's growth (``growth`` entries)
  by retiring the least recently used items; a table that alone leaves no such room, or is at its cap, is
  retired and replaced by an empty one;
* :meth:`MemoryBudget.keep` / :meth:`MemoryBudget.get` hold fixed-size items (the lookup tables of a board);
* retired tables are emptied ``slice_entries`` at a time, with a pause between slices (freeing 150,000 entries at
  once took 7-11 ms), so a step of the browser's loop stays short.

The budget is smaller in the browser (``sys.platform == "emscripten"``): less memory, and searches 2-3 times
slower, so each move adds fewer entries.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Generator, Hashable

Table = dict[int, int]

DESKTOP_ENTRIES = 300_000  # about 30 MB
BROWSER_ENTRIES = 100_000  # about 10 MB
# One table holds at most this many entries: a dict is resized in one go when it grows past 2/3 of its slots
# (at about 43,000, 87,000 and 175,000 entries; the resize at 175,000 took about 7 ms, one long step).
DESKTOP_TABLE_CAP = 150_000
BROWSER_TABLE_CAP = 40_000
SLICE_ENTRIES = 5_000  # freed between two pauses (20,000 took 3.4 ms of CPU on the desktop, 2-3 times that in
# the browser)


class MemoryBudget:
    """Search tables and fixed-size items under one bound, least recently used retired first."""

    def __init__(self, entries: int, table_cap: int | None = None, slice_entries: int = SLICE_ENTRIES) -> None:
        self.entries = entries
        self.table_cap = entries if table_cap is None else min(table_cap, entries)
        self.growth = min(entries // 3, self.table_cap)  # room kept free for the table in use
        self.slice_entries = slice_entries
        self._kept: OrderedDict[Hashable, object] = OrderedDict()  # least recently used first
        self._fixed: dict[Hashable, int] = {}  # sizes of the fixed-size items
        self._retiring: list[Table] = []

    def size(self) -> int:
        """Entries kept now (tables being emptied not counted)."""
        return sum(self._size(key) for key in self._kept)

    def retiring(self) -> int:
        """Entries in retired tables not yet emptied."""
        return sum(len(table) for table in self._retiring)

    def table(self, key: Hashable) -> Generator[None, None, tuple[Table, int]]:
        """The search table kept under ``key`` (new if there is none) and how many entries it may hold.

        Retires what must go and empties retired tables a slice at a time, pausing after each slice."""
        table = self._kept.pop(key, None)
        if not isinstance(table, dict):
            table = {}
        if len(table) + self.growth > self.entries or len(table) >= self.table_cap:
            self._retire(table)
            table = {}
        self._kept[key] = table
        self._make_room(self.growth)
        yield from self.empty_retired()
        return table, min(self.table_cap, self.entries - (self.size() - len(table)))

    def get(self, key: Hashable) -> object | None:
        """The item kept under ``key`` (now the most recently used), or None."""
        item = self._kept.get(key)
        if item is not None:
            self._kept.move_to_end(key)
        return item

    def keep(self, key: Hashable, item: object, entries: int) -> None:
        """Keeps a fixed-size ``item`` of ``entries`` entries, retiring the least recently used to fit it (an
        item larger than the whole budget is not kept)."""
        if entries > self.entries:
            return
        self._kept[key] = item
        self._fixed[key] = entries
        self._make_room(0)

    def empty_retired(self) -> Generator[None, None, None]:
        """Empties the retired tables, ``slice_entries`` at a time, pausing after each slice."""
        while self._retiring:
            old = self._retiring[-1]
            for _ in range(min(self.slice_entries, len(old))):
                old.popitem()
            if not old:
                self._retiring.pop()
            yield

    def clear(self) -> None:
        """Forgets everything (what a new process would know)."""
        self._kept.clear()
        self._fixed.clear()
        self._retiring.clear()

    def _size(self, key: Hashable) -> int:
        item = self._kept[key]
        return len(item) if isinstance(item, dict) else self._fixed[key]

    def _make_room(self, growth: int) -> None:
        """Retires the least recently used items (never the most recent) until ``growth`` more entries fit."""
        total = self.size()
        while total + growth > self.entries and len(self._kept) > 1:
            key, item = self._kept.popitem(last=False)
            total -= self._fixed.pop(key) if key in self._fixed else len(item)  # type: ignore[arg-type]
            if isinstance(item, dict):
                self._retire(item)

    def _retire(self, table: Table) -> None:
        if table:
            self._retiring.append(table)


BUDGET = (
    MemoryBudget(BROWSER_ENTRIES, BROWSER_TABLE_CAP)
    if sys.platform == "emscripten"
    else MemoryBudget(DESKTOP_ENTRIES, DESKTOP_TABLE_CAP)
)
