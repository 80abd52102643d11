"""The compiled core in the browser's Web Worker against the Python solver in the browser's Python, same page.

    node ../shared/tools/browser_harness/run.js --app . --entry benchmarks/wasm_browser.py \\
        --exclude tests --exclude docs --exclude tools --duration 120000

(the figures go to the console, ``console.log`` in the output folder; on the desktop the script says so and stops).
Positions: the empty 3x3 board and the 4x4 Knox positions at 27-28 lines left (``solver_set.py``). The Python
solver runs synchronously on the page's thread (the page stands still meanwhile: this is a measurement, not the
game); the Worker's search is posted by :class:`~game.ai.wasm.browser.BrowserSolver` and polled from the page's
loop (``await asyncio.sleep(0)`` between polls), which counts its turns and the longest gap between two of them
while the Worker searches. The figure: the Worker's nodes a second over the Python solver's (wall time both).
"""

from __future__ import annotations

import asyncio
import sys
import time

from benchmarks.solver_set import knox_positions
from game.ai.search.solver import Solver, SolverOptions
from game.ai.wasm import browser
from game.core import Board, GameState
from game.page import current


def positions() -> list[tuple[str, GameState]]:
    knox = [(name, state) for name, state in knox_positions("4x4") if state.lines_left <= 28]
    return [("empty 3x3", GameState(Board.square(3))), *knox]


def python_solve(state: GameState) -> tuple[int | None, int, float]:
    solver = Solver(state, SolverOptions(pause_every=1 << 20))
    start = time.perf_counter()
    while not solver.step(60.0):
        pass
    return solver.value, solver.nodes, time.perf_counter() - start


async def worker_solve(state: GameState) -> tuple[int | None, int, float, int, float]:
    """(value, nodes, seconds, turns of the page's loop, the longest gap between two turns)."""
    solver = browser.BrowserSolver(state)
    start = last = time.perf_counter()
    turns, gap = 0, 0.0
    while not solver.step(0.0):
        await asyncio.sleep(0)
        now = time.perf_counter()
        turns, gap, last = turns + 1, max(gap, now - last), now
    return solver.value, solver.nodes, time.perf_counter() - start, turns, gap


async def main() -> None:
    if sys.platform != "emscripten":
        print("run this in the browser harness (see the docstring); benchmarks/wasm_core.py measures the desktop")
        return
    if not browser.connect(current()):
        print("wasm_browser: the page cannot run the Worker")
        return
    await worker_solve(GameState(Board.square(2)))  # the Worker compiles the module first
    totals = {"python": [0, 0.0], "worker": [0, 0.0]}
    for name, state in positions():
        value, nodes, seconds = python_solve(state)
        fast, fast_nodes, fast_seconds, turns, gap = await worker_solve(state)
        assert fast == value, (name, fast, value)
        totals["python"][0] += nodes
        totals["python"][1] += seconds
        totals["worker"][0] += fast_nodes
        totals["worker"][1] += fast_seconds
        print(
            f"wasm_browser: {name}: value {value:+d}; Python {nodes:,} nodes {seconds:.3f} s "
            f"({nodes / seconds / 1e3:,.0f} k/s); Worker {fast_nodes:,} nodes {fast_seconds:.3f} s "
            f"({fast_nodes / fast_seconds / 1e6:.2f} M/s), page loop {turns} turns, longest gap {gap * 1e3:.1f} ms"
        )
    python_rate = totals["python"][0] / totals["python"][1]
    worker_rate = totals["worker"][0] / totals["worker"][1]
    print(
        f"wasm_browser: Python (Pyodide) {python_rate / 1e3:,.0f} k nodes/s, Worker {worker_rate / 1e6:.2f} M nodes/s: "
        f"{worker_rate / python_rate:.1f}x; seconds {totals['python'][1]:.2f} against {totals['worker'][1]:.3f}"
    )


if __name__ == "__main__":
    asyncio.run(main())
