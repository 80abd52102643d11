"""The compiled core (``core.wasm``) under ``wasmtime`` on the desktop: loading it, and a few instances to search in.

Everything here is optional: without the ``wasmtime`` package (the browser's Python, a platform with no wheel) or
with an unreadable module, :func:`pool` is None and the game uses the Python solver. A :class:`Core` is one
instance of the module: its linear memory holds one board's tables and one transposition table, which stays warm
while searches of the same board and rules follow one another. Calls into the module release the GIL, so a search
runs in a thread beside the frame loop (:mod:`.solver`).
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import struct
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..position.coins import CoinTables
from ..search.solver import Solver

MODULE = Path(__file__).with_name("core.wasm")
TABLE_BYTES = 16 << 20  # the transposition table of one core: 1 M entries on boards of up to 64 lines (4x4, 5x5)
CORES = 2  # instances at most: two searches at once (say, a hint while a review solves), each its own table
WAIT_FOR_WARM = 0.05  # seconds a search waits for the busy core that holds its board before taking another
# Seconds a search waits when every core is busy before one more is made (at most twice CORES): a search nobody
# stopped (its solver dropped without close) holds its core until it ends or is collected, and must not block others.
WAIT_FOR_ANY = 1.0
RUNNING, DONE, OUT_OF_NODES = 0, 1, 2
EXACT, WIDE, NARROW = 0, 1, 2  # the search kinds: exact, selective, narrow selective (solver.py's flags)

BoardKey = tuple[object, ...]  # a board and rule variant: what one table is valid for


class CoreError(RuntimeError):
    """The module refused a board or a position (too big for its fixed arrays, or not one of its board's)."""


def board_ints(tables: CoinTables) -> list[int]:
    """What ``set_board`` reads: each line's two cells (-1: the ground), the move order, the symmetries."""
    cells = [cell for pair in tables.line_cells for cell in (*pair, -1)[:2]]
    return [*cells, *tables.order, *(target for perm in tables.perms for target in perm)]


def table_log2(num_lines: int, table_bytes: int) -> int:
    """``set_table``'s argument for a table of at most ``table_bytes`` on a board of ``num_lines`` lines (4 slots a
    bucket, a slot one word per 64 lines and one more)."""
    words = (num_lines + 63) // 64 + 1
    return max(4, (table_bytes // (4 * 8 * words)).bit_length() - 1)


def search_kind(solver: Solver) -> int:
    """The core's search kind for what ``solver`` (the Python solver of the same request) searches."""
    return (NARROW if solver.narrow else WIDE) if solver.selective else EXACT


def position_ints(drawn: Sequence[int], moves: Sequence[int]) -> list[int]:
    """What ``start`` reads: the drawn lines and the root moves in the order to search them, each counted."""
    return [len(drawn), *drawn, len(moves), *moves]


class Core:
    """One instance of the module. Not thread-safe: :class:`Pool` hands it to one search at a time."""

    def __init__(self, engine: Any, module: Any) -> None:
        import wasmtime

        self._store = wasmtime.Store(engine)
        instance = wasmtime.Instance(self._store, module, [])
        exports: Any = instance.exports(self._store)  # name -> export; which kind each is, the module says
        self._memory: Any = exports["memory"]
        self._calls: dict[str, Callable[..., Any]] = {
            name: exports[name]
            for name in (
                "clear_table",
                "set_board",
                "set_table",
                "start",
                "run",
                "result_value",
                "result_move",
                "current_move",
                "node_count",
                "refuted_moves",
            )
        }
        self._io = exports["io_area"](self._store)
        self.board: BoardKey | None = None

    def close(self) -> None:
        """Frees the instance (its store); the core cannot be used after."""
        self._store.close()

    def _call(self, name: str, *args: int | float) -> Any:
        return self._calls[name](self._store, *args)

    def _write(self, values: Sequence[int]) -> None:
        self._memory.write(self._store, struct.pack(f"<{len(values)}i", *values), self._io)

    def _read(self, count: int) -> list[int]:
        data = self._memory.read(self._store, self._io, self._io + 4 * count)
        return list(struct.unpack(f"<{count}i", data))

    def load(self, tables: CoinTables, board: BoardKey) -> None:
        """Makes ``tables`` this core's board with an empty table, unless ``board`` is already loaded."""
        if self.board == board:
            return
        self.board = None
        self._write(board_ints(tables))
        if not self._call("set_board", tables.num_lines, tables.num_cells, len(tables.perms)):
            raise CoreError(f"a board of {tables.num_lines} lines and {tables.num_cells} cells does not fit the core")
        if not self._call("set_table", table_log2(tables.num_lines, TABLE_BYTES)):
            raise CoreError("no memory for the transposition table")
        self.board = board

    def clear(self) -> None:
        """Empties the transposition table (a fresh search, as benchmarks want it)."""
        self._call("clear_table")

    def start(
        self,
        drawn: Sequence[int],
        moves: Sequence[int],
        misere: bool,
        no_extra: bool,
        beats: int | None,
        nodes: int,
        kind: int = EXACT,
    ) -> None:
        """A new search of the position with the ``drawn`` lines over the root ``moves`` (in that order);
        ``nodes``: the node limit (0: none); ``kind``: :data:`EXACT`, :data:`WIDE` or :data:`NARROW`."""
        self._write(position_ints(drawn, moves))
        threshold = 0 if beats is None else beats
        flags = (int(misere), int(no_extra), kind, int(beats is not None), threshold)
        if not self._call("start", *flags, float(nodes)):
            raise CoreError("the position does not fit the loaded board")

    def run(self, nodes: int) -> int:
        """Searches about ``nodes`` more nodes: RUNNING, DONE or OUT_OF_NODES."""
        return int(self._call("run", nodes))

    def result(self) -> tuple[int, int | None]:
        """(value, best move or None) of a finished search."""
        move = int(self._call("result_move"))
        return int(self._call("result_value")), None if move < 0 else move

    def progress(self) -> tuple[int, int | None, list[int]]:
        """(nodes so far, the root move being searched, the root moves shown not to beat ``beats``)."""
        current = int(self._call("current_move"))
        count = int(self._call("refuted_moves"))
        return int(self._call("node_count")), None if current < 0 else current, self._read(count)


class Pool:
    """At most ``size`` cores; :meth:`take` prefers an idle core that already holds the board (its table is warm)."""

    def __init__(self, make: Callable[[], Core], size: int = CORES, owned: Sequence[Any] = ()) -> None:
        """``make`` makes a core; ``owned``: what the cores were made from (wasmtime's engine and module), freed
        last by :meth:`close`."""
        self._make = make
        self._size = size
        self._idle: list[Core] = []
        self._busy: list[Core] = []
        self._made = 0
        self._changed = threading.Condition()
        self._owned = list(owned)
        self.closing = False  # searches stop at their next call and no core is handed out

    def close(self, patience: float = 1.0) -> None:
        """Stops the searches, waits up to ``patience`` seconds for their cores, and frees every core and what
        they were made from while the interpreter is still whole (at exit: wasmtime's own finalisers, run during
        the interpreter's teardown, would fail noisily). A core still searching after that is left alone."""
        with self._changed:
            self.closing = True
            deadline = time.monotonic() + patience
            while self._busy and time.monotonic() < deadline:
                self._changed.wait(0.01)
            for core in self._idle:
                core.close()
            self._idle.clear()
            if not self._busy:
                for item in reversed(self._owned):
                    item.close()
                self._owned.clear()

    def take(self, board: BoardKey, give_up: Callable[[], bool]) -> Core | None:
        """An idle core (waiting for one if all are busy, at most :data:`WAIT_FOR_ANY` s before another is made),
        or None once ``give_up()`` is true. A core busy with ``board`` is waited for a moment
        (:data:`WAIT_FOR_WARM` s): a search just stopped gives it back within a call, and its table is warm."""
        patience = time.monotonic() + WAIT_FOR_WARM
        crowded = time.monotonic() + WAIT_FOR_ANY  # then one more core, up to twice the size
        with self._changed:
            while True:
                if give_up() or self.closing:
                    return None
                for core in self._idle:
                    if core.board == board:
                        self._idle.remove(core)
                        self._busy.append(core)
                        return core
                if any(core.board == board for core in self._busy) and time.monotonic() < patience:
                    self._changed.wait(0.005)
                    continue
                if self._made < self._size or (self._made < 2 * self._size and time.monotonic() > crowded):
                    self._made += 1
                    break
                if self._idle:
                    core = self._idle.pop(0)
                    self._busy.append(core)
                    return core
                self._changed.wait(0.02)
        try:
            core = self._make()
        except BaseException:
            with self._changed:
                self._made -= 1
            raise
        with self._changed:
            self._busy.append(core)
        return core

    def clear_tables(self) -> None:
        """Empties the tables of the idle cores (a busy one keeps its search's)."""
        with self._changed:
            for core in self._idle:
                if core.board is not None:
                    core.clear()

    def give_back(self, core: Core) -> None:
        with self._changed:
            self._busy.remove(core)
            self._idle.append(core)
            self._changed.notify_all()


_pool: Pool | None = None
_loaded = False
_loading = threading.Lock()


@functools.cache
def present() -> bool:
    """Whether the compiled core can be tried here (``wasmtime`` is installed, the module is there), found without
    loading either: :func:`pool` loads them (about 0.1 s), in a search's thread."""
    return importlib.util.find_spec("wasmtime") is not None and MODULE.is_file()


def pool() -> Pool | None:
    """The cores of this process, or None when the compiled core cannot run here (no ``wasmtime``, no module)."""
    global _pool, _loaded
    with _loading:
        if not _loaded:
            _loaded = True
            _pool = _load()
    return _pool


def clear_tables() -> None:
    """Empties the tables of the cores made so far (a fresh start); loads nothing."""
    if _pool is not None:
        _pool.clear_tables()


def _load() -> Pool | None:
    try:
        import wasmtime
    except (ImportError, RuntimeError, OSError):  # not installed, or a wheel that cannot run on this platform
        return None
    try:
        engine = wasmtime.Engine()
        module = wasmtime.Module(engine, MODULE.read_bytes())
        Core(engine, module).close()  # fails here, once, if the module cannot be instantiated
    except (OSError, wasmtime.WasmtimeError, KeyError):
        return None
    cores = Pool(lambda: Core(engine, module), owned=(engine, module))
    atexit.register(cores.close)
    return cores
