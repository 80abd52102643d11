"""The compiled core in the browser: the same module in one or two Web Workers, driven by JSON strings (pygbag,
Pyodide).

The page's thread never searches: :class:`BrowserSolver` posts a position to a Worker (``core_page.js`` starts
``core_worker.js`` from its source text and hands it ``core.wasm`` in base64, so nothing has to be served beside
the game) and each ``step`` polls once for the latest message about it, without waiting. It answers what
:class:`~game.ai.search.solver.Solver` answers. :class:`BrowserValues` posts the values of many lines of a position
as one request (the analysis board's): the Worker goes from line to line by itself and its answers carry every line
valued so far. :func:`connect` is the app's one hook, once at start-up in the browser (the page port,
``game/page``): two
Workers where the device has two cores or more (two searches at once, as the desktop's two cores: the Expert's win
test beside its draw test), else one. :class:`Workers` hands a request to a free Worker as the desktop's
:class:`~.runtime.Pool` hands out cores. :func:`game.ai.wasm.solver.exact_solver` and
:func:`game.ai.wasm.values.exact_values` then hand out the Workers' searches. Where the page has no Worker or no
WebAssembly, or the Workers fail, the Python solver plays on.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...core import GameState
from ...page import Glue, Page, Script
from ..position.coins import CoinTables
from ..search.common import OutOfNodes
from ..search.solver import Solver
from .front import CoreFront, ValuesFront
from .runtime import MODULE, WAIT_FOR_ANY, board_ints, position_ints, search_kind, table_log2

HERE = Path(__file__).parent
PAGE_SCRIPT = Glue("pipopipetteCore", HERE / "core_page.js")
WORKER_SCRIPT = HERE / "core_worker.js"
# Each Worker's table, by index: the first as a desktop core's; the second, which takes a search only while the
# first is busy (the Expert's win test beside its draw test), half of it (measured: README.md, "In the browser")
TABLE_BYTES = (16 << 20, 8 << 20)
# navigator.hardwareConcurrency from which the page runs two Workers: a core for each and the rest for the page and
# the browser. On 2 cores two Workers found no more wins than one and slowed the page's frames
# (docs/measurements/expert-time.md).
TWO_WORKERS_CORES = 4
FINAL = ("done", "out_of_nodes", "error")  # the Worker's last message about a search (a values request: "done")

_workers: Workers | None = None
_ids = itertools.count(1)


def connect(page: Page) -> bool:
    """Starts the Workers in ``page`` (two where the device has ``TWO_WORKERS_CORES`` cores or more, else one);
    True if the page runs at least one. Once connected, :func:`connected` is true and the exact searches go to the
    Workers."""
    global _workers
    try:
        core = page.script(PAGE_SCRIPT)
        worker = WORKER_SCRIPT.read_text(encoding="utf-8")
        module = base64.b64encode(MODULE.read_bytes()).decode("ascii")
        started = int(core.open(worker, module, str(workers_for(page.cores()))))
    except Exception:
        return False
    _workers = Workers(core, started) if started > 0 else None
    return _workers is not None


def workers_for(cores: object) -> int:
    """How many Workers the page runs on a device of ``cores`` logical cores (``navigator.hardwareConcurrency``)."""
    try:
        return len(TABLE_BYTES) if int(str(cores)) >= TWO_WORKERS_CORES else 1
    except ValueError:
        return 1


def connected() -> bool:
    """Whether the exact searches go to the page's Workers: :func:`connect` started them and one still runs (with
    none left the game plans and searches as with the Python solver)."""
    return _workers is not None and bool(_workers.alive())


def searches_at_once() -> bool:
    """Whether two Workers are running (two searches at once, each on a Worker of its own)."""
    return _workers is not None and len(_workers.alive()) > 1


def disconnect() -> None:
    """Back to the Python solver (tests)."""
    global _workers
    _workers = None


class _Worker:
    """What the page's side knows of one Worker: the board its table holds, the request it is on, since when."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.table_bytes = TABLE_BYTES[index]
        self.board: str | None = None
        self.request: _WorkerRequest | None = None
        self.since = 0.0


class Workers:
    """The page's Workers as the desktop's :class:`~.runtime.Pool` hands out its cores: a request goes to a free
    Worker, preferring the one whose table holds its board, else the first (the larger table). When every Worker
    is busy a request waits (it is posted at a later poll); after :data:`~.runtime.WAIT_FOR_ANY` s it takes the
    Worker busy with its board, else the one busy longest, whose request (a search nobody stopped, say) goes back
    to waiting and takes none from others. A Worker that dies leaves its request to the others, and the Python
    solver takes over where none is left. ``clock``: seconds, for the waits."""

    def __init__(self, core: Script, count: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.core = core  # core_page.js in the page
        self.clock = clock
        self.workers = [_Worker(index) for index in range(min(count, len(TABLE_BYTES)))]

    def alive(self) -> list[_Worker]:
        """The Workers still running, as the page says."""
        try:
            live = {int(index) for index in str(self.core.alive()).split(",") if index}
        except Exception:
            live = set()
        return [worker for worker in self.workers if worker.index in live]

    def take(self, request: _WorkerRequest) -> _Worker | None:
        """The Worker for ``request`` now, or None: it waits (every Worker busy), or none is left (``request.lost``)."""
        live = self.alive()
        if not live:
            request.lost = True
            return None
        free = [worker for worker in live if worker.request is None]
        warm = [worker for worker in free if worker.board == request.board]
        chosen = (warm or free)[0] if free else self._taken_from_another(live, request)
        if chosen is not None:
            chosen.request, chosen.board, chosen.since = request, request.board, self.clock()
            request.waiting_since = None
        return chosen

    def _taken_from_another(self, live: list[_Worker], request: _WorkerRequest) -> _Worker | None:
        """Every Worker is busy: after :data:`~.runtime.WAIT_FOR_ANY` s of waiting, the one busy with the board of
        ``request``, else the one busy longest, its request sent back to waiting; None until then."""
        if request.waiting_since is None:
            request.waiting_since = self.clock()
        if not request.may_displace or self.clock() - request.waiting_since < WAIT_FOR_ANY:
            return None
        busy = [worker for worker in live if worker.board == request.board] or live
        chosen = min(busy, key=lambda worker: worker.since)
        if chosen.request is not None:
            chosen.request.displaced()
        return chosen

    def give_back(self, request: _WorkerRequest) -> None:
        for worker in self.workers:
            if worker.request is request:
                worker.request = None

    def forget(self, request: _WorkerRequest) -> None:
        """The page drops what it keeps of ``request`` (its Worker, its unread answer) and what comes after."""
        with contextlib.suppress(Exception):  # (a page that has lost its Workers keeps nothing to drop)
            self.core.forget(request.id)


def board_request(tables: CoinTables, state: GameState) -> dict[str, Any]:
    """What every request to a Worker says about the board and rules of ``state`` (the Worker loads a board once
    and keeps its table while the requests that follow are on the same; the table's size, ``tableLog2``, is the
    Worker's, added when the request is posted)."""
    rules = state.rules
    return {
        "board": f"{state.board.kind} {state.board.size} {int(rules.misere)}{int(rules.no_extra)}",
        "boardInts": board_ints(tables),
        "lines": tables.num_lines,
        "cells": tables.num_cells,
        "symmetries": len(tables.perms),
        "misere": int(rules.misere),
        "noExtra": int(rules.no_extra),
    }


def drawn_lines(tables: CoinTables, state: GameState) -> list[int]:
    return [line for line in range(tables.num_lines) if state.drawn >> line & 1]


def search_request(
    reference: Solver, state: GameState, moves: list[int], search_id: int, max_nodes: int | None
) -> dict[str, Any]:
    """The Worker's "search" message for ``state`` over the root ``moves`` (``reference.search_order()``)."""
    return {
        "type": "search",
        "id": search_id,
        **board_request(reference.tables, state),
        "positionInts": position_ints(drawn_lines(reference.tables, state), moves),
        "kind": search_kind(reference),
        "beats": reference.beats,
        "nodeLimit": max_nodes or 0,
    }


def values_request(
    tables: CoinTables, state: GameState, lines: list[int], seconds: float, search_id: int
) -> dict[str, Any]:
    """The Worker's "values" message: each of ``lines`` of ``state`` searched as the one root move, for at most
    ``seconds`` each."""
    return {
        "type": "values",
        "id": search_id,
        **board_request(tables, state),
        "drawn": drawn_lines(tables, state),
        "moves": lines,
        "seconds": seconds,
    }


class WorkerLost(Exception):
    """No Worker takes the request (none is left, or it did not take it): the caller's Python solver takes over."""


class _WorkerRequest:
    """One request to a Worker, the same for a search and for a position's values: posted at the first look
    where a Worker is free (:class:`Workers`), then its latest answer polled (the page keeps only the newest
    message of each request); a request whose Worker died or was taken from it is posted again."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.message, self.id, self.board = message, message["id"], str(message["board"])
        self.workers = _workers
        self.worker: _Worker | None = None
        self.posted = False  # ever: the first answer may be read
        self.over = False  # its last answer read, or stopped
        self.lost = False
        self.waiting_since: float | None = None
        self.may_displace = True  # a request taken from its Worker waits for a free one

    def answer(self) -> dict[str, Any] | None:
        """The Worker's latest answer, or None when it has none yet (or the request waits for a Worker); raises
        :class:`WorkerLost`."""
        if self.over:
            return None
        if self.worker is None and not self._post():
            return None
        assert self.worker is not None and self.workers is not None
        try:
            answer = str(self.workers.core.poll(self.id))
        except Exception as error:
            raise WorkerLost from error
        if answer == "closed":  # its Worker died: another takes the request, else Python
            self.workers.give_back(self)
            self.worker = None
            self._post()
            return None
        message: dict[str, Any] | None = json.loads(answer) if answer else None
        if message is not None and (message.get("type") in FINAL or message.get("done")):
            self._release()
        return message

    def _post(self) -> bool:
        """Posts the request to the Worker :class:`Workers` gives it; False while it waits for one."""
        if self.workers is None:
            raise WorkerLost
        worker = self.workers.take(self)
        if worker is None:
            if self.lost:
                raise WorkerLost
            return False
        message = {**self.message, "tableLog2": table_log2(int(self.message["lines"]), worker.table_bytes)}
        try:
            posted = self.workers.core.post(worker.index, self.id, json.dumps(message))
        except Exception as error:
            self.workers.give_back(self)
            raise WorkerLost from error
        if posted != "ok":  # it died meanwhile: the Python solver takes this request, the next go to the others
            self.workers.give_back(self)
            raise WorkerLost
        self.worker, self.posted = worker, True
        return True

    def displaced(self) -> None:
        """Its Worker was given to another request (which ends this one there): it waits for a free one."""
        self.worker, self.may_displace = None, False

    def _release(self) -> None:
        self.over = True
        self.worker = None
        if self.workers is not None:
            self.workers.give_back(self)
            self.workers.forget(self)

    def stop(self) -> None:
        """Tells the Worker to stop it (within a slice of nodes), if it is on one, and frees the Worker."""
        if self.worker is not None and self.workers is not None:
            with contextlib.suppress(Exception):  # a page that has lost its Worker has nothing to stop
                stop = json.dumps({"type": "stop", "id": self.id})
                self.workers.core.post(self.worker.index, self.id, stop)
        self._release()


class BrowserSolver(CoreFront):
    """The :class:`~game.ai.search.solver.Solver` (exact or selective) run by a Worker; ``step`` polls, never
    waits. The arguments are the Python solver's (``table``, ``max_entries``, ``pause_every`` are not used: the
    Worker keeps its own table per board and rules). If the Worker reports an error, or no Worker is left, the
    Python solver takes over."""

    def _start(self, state: GameState, max_nodes: int | None) -> None:
        self.refuted: set[int] = set()
        self.current: int | None = None
        self.nodes = 0
        self._moves = self._reference.search_order() if state.drawn != self.tables.full else []
        self._request = _WorkerRequest(search_request(self._reference, state, self._moves, next(_ids), max_nodes))
        self._fallback: Solver | None = None

    def step(self, budget_seconds: float) -> bool:
        """Posts the search (first call) and reads what the Worker has said since; True once it is done.
        ``budget_seconds`` only matters once the Python solver has taken over."""
        if self.done:
            return True
        if self._fallback is not None:
            self.done = self._fallback.step(budget_seconds)
            self.value, self.best_move = self._fallback.value, self._fallback.best_move
            self.refuted, self.current = self._fallback.refuted, self._fallback.current
            return self.done
        first = not self._request.posted
        try:
            message = self._request.answer()
        except WorkerLost:
            return self._take_over(budget_seconds)
        if first:
            self.current = self._moves[0] if self._moves else None
        return False if message is None else self._read(message, budget_seconds)

    def _read(self, message: dict[str, Any], budget_seconds: float) -> bool:
        kind = message.get("type")
        if kind == "progress":
            self.nodes = int(message["nodes"])
            self.current = message["current"]
            self.refuted = set(message["refuted"])
            return False
        if kind == "done":
            self.nodes = int(message["nodes"])
            self.value, self.best_move, self.done = int(message["value"]), message["move"], True
            return True
        if kind == "out_of_nodes":
            raise OutOfNodes
        return self._take_over(budget_seconds)

    def _take_over(self, budget_seconds: float) -> bool:
        self._fallback = self._reference
        return self.step(budget_seconds)

    def close(self) -> None:
        """Tells the Worker to stop this search (it stops within a slice of nodes)."""
        if self._fallback is None and not self.done:
            self._request.stop()

    def __del__(self) -> None:
        request = getattr(self, "_request", None)  # (None: the constructor failed before the request was made)
        if request is not None and request.worker is not None:  # dropped unstopped: its Worker is free for others
            request.stop()


class BrowserValues(ValuesFront):
    """:class:`~game.ai.analysis.Analysis` as one "values" request to the Worker, which values the lines one after
    the other (each for at most ``seconds`` of wall time, timed there) without waiting for the page's frames;
    ``step`` posts it (first call) and reads the Worker's latest answer (every line so far), never waits. If the
    Worker reports an error, the Python solver values the lines left."""

    def _start(self) -> None:
        self._request = _WorkerRequest(values_request(self.tables, self.state, self.lines, self.seconds, next(_ids)))

    def _poll(self, budget_seconds: float) -> bool:
        try:
            message = self._request.answer()
        except WorkerLost:
            return self._take_over(budget_seconds)
        if message is None:
            return False
        if message.get("type") != "values":
            return self._take_over(budget_seconds)
        self.values.update(zip(self.lines, message["values"], strict=True))
        self.done = bool(message["done"])
        return self.done

    def close(self) -> None:
        """Tells the Worker to stop this request (it stops within a slice of nodes); the values found stay."""
        if self._fallback is None and not self.done:
            self._request.stop()

    def __del__(self) -> None:
        request = getattr(self, "_request", None)
        if request is not None and request.worker is not None:
            request.stop()
