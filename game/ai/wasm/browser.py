"""The compiled core in the browser: the same module in a Web Worker, driven by JSON strings (pygbag, Pyodide).

The page's thread never searches: :class:`BrowserSolver` posts a position to the Worker (``core_page.js`` starts
``core_worker.js`` from its source text and hands it ``core.wasm`` in base64, so nothing has to be served beside
the game) and each ``step`` polls once for the latest message about it, without waiting. It answers what
:class:`~game.ai.search.solver.Solver` answers. :class:`BrowserValues` posts the values of many lines of a position
as one request (the analysis board's): the Worker goes from line to line by itself and its answers carry every line
valued so far. :func:`connect` is the app's one hook, once at start-up in the browser (``platform.window``);
:func:`game.ai.wasm.solver.exact_solver` and :func:`game.ai.wasm.values.exact_values` then hand out the Worker's
searches. Where the page has no Worker or no WebAssembly, or the Worker fails, the Python solver plays on.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
from pathlib import Path
from typing import Any

from ...core import GameState
from ..position.coins import CoinTables
from ..search.common import OutOfNodes
from ..search.solver import Solver
from .front import CoreFront, ValuesFront
from .runtime import MODULE, board_ints, position_ints, search_kind, table_log2

HERE = Path(__file__).parent
PAGE_SCRIPT = HERE / "core_page.js"
WORKER_SCRIPT = HERE / "core_worker.js"
TABLE_BYTES = 16 << 20  # the Worker's table, as a desktop core's

_window: Any = None
_ids = itertools.count(1)


def connect(window: Any) -> bool:
    """Starts the Worker in the page of ``window`` (pygbag's ``platform.window``); True if the page can run it.
    Once connected, :func:`connected` is true and the exact searches go to the Worker."""
    global _window
    try:
        if window.eval("typeof(window.pipopipetteCore)") != "object":
            window.eval(PAGE_SCRIPT.read_text(encoding="utf-8"))
        worker = json.dumps(WORKER_SCRIPT.read_text(encoding="utf-8"))
        module = json.dumps(base64.b64encode(MODULE.read_bytes()).decode("ascii"))
        opened = window.eval(f"window.pipopipetteCore.open({worker}, {module})")
    except Exception:
        return False
    _window = window if opened == "ok" else None
    return _window is not None


def connected() -> bool:
    return _window is not None


def disconnect() -> None:
    """Back to the Python solver (tests; a page whose Worker died)."""
    global _window
    _window = None


def board_request(tables: CoinTables, state: GameState) -> dict[str, Any]:
    """What every request to the Worker says about the board and rules of ``state`` (the Worker loads a board once
    and keeps its table while the requests that follow are on the same)."""
    rules = state.rules
    return {
        "board": f"{state.board.kind} {state.board.size} {int(rules.misere)}{int(rules.no_extra)}",
        "boardInts": board_ints(tables),
        "lines": tables.num_lines,
        "cells": tables.num_cells,
        "symmetries": len(tables.perms),
        "tableLog2": table_log2(tables, TABLE_BYTES),
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
    """The Worker did not take a request, or has gone: the caller's Python solver takes over."""


class _WorkerRequest:
    """One request to the Worker, the same for a search and for a position's values: posted at the first look,
    then its latest answer polled (the page keeps only the newest message of each request)."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.message, self.id, self.window, self.posted = message, message["id"], _window, False

    def answer(self) -> dict[str, Any] | None:
        """The Worker's latest answer, or None when it has none yet; raises :class:`WorkerLost`."""
        try:
            if not self.posted:
                self.posted = True
                if self.window.pipopipetteCore.post(json.dumps(self.message)) != "ok":
                    raise WorkerLost
            answer = self.window.pipopipetteCore.poll(self.id)
        except WorkerLost:
            raise
        except Exception as error:
            raise WorkerLost from error
        if answer == "closed":
            raise WorkerLost
        return json.loads(str(answer)) if answer else None

    def stop(self) -> None:
        """Tells the Worker to stop it (within a slice of nodes), if it was posted."""
        if self.posted:
            with contextlib.suppress(Exception):  # a page that has lost its Worker has nothing to stop
                self.window.pipopipetteCore.post(json.dumps({"type": "stop", "id": self.id}))


class BrowserSolver(CoreFront):
    """The :class:`~game.ai.search.solver.Solver` (exact or selective) run by the Worker; ``step`` polls, never
    waits. The arguments are the Python solver's (``table``, ``max_entries``, ``pause_every`` are not used: the
    Worker keeps its own table per board and rules). If the Worker reports an error, the Python solver takes
    over."""

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
