"""The compiled core's Web Workers in a browser page, for ``tests/ai/wasm/test_browser_workers.py`` and
``benchmarks/browser_workers.py`` (run by the browser harness through ``app_pages.js``; ``browser_workers.py`` in
this folder is the other side).

The page starts no app: ``workers.connect()`` starts the Workers as the app does at start-up
(:func:`game.ai.wasm.browser.connect`), and the calls below answer JSON texts:

- ``workers.connect()``: ``{"connected", "alive": Workers running, "cores": navigator.hardwareConcurrency}``;
- ``workers.use(count)``: the searches go to the first ``count`` Workers only (1: the page of one Worker);
- ``await workers.at_once(rows, cols, moves, seconds)``: the Expert's draw test and win test of that position
  posted together (as ``_ladder`` starts them), polled until both have searched (or ``seconds``) and stopped:
  ``{"workers": [index of each], "nodes": [...], "both": whether both had searched while neither was done}``;
- ``await workers.expert(rows, cols, moves, seconds, seed)``: the Expert's move there, thought as the game thinks
  it (:class:`~game.play.thinking.Thinking`, a step of :data:`STEP_SECONDS` a frame of :data:`FRAME_SECONDS`),
  on fresh tables: ``[line, seconds to it, searches_at_once]``;
- ``await workers.fill(seconds, count)``: ``count`` searches at once on 5x5 boxes for ``seconds`` (filling the
  Workers' tables, for a measure of their memory).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from game.ai.levels import expert as expert_level
from game.ai.player import ComputerPlayer
from game.ai.search.solver import SolverOptions, to_win
from game.ai.wasm import browser
from game.ai.wasm import solver as compiled
from game.app import app as _app  # noqa: F401  (app_pages.js takes the page as running once it is imported)
from game.core import Board, GameState
from game.page import current
from game.play.thinking import Thinking

FRAME_SECONDS = 1 / 60
STEP_SECONDS = 0.010  # what the app grants a search step in a frame (4-25 ms, game/app/app.py)
POLL_SECONDS = 0.005


def position(rows: int, cols: int, moves: list[int]) -> GameState:
    state = GameState(Board.square(rows, cols))
    for line in moves:
        state.play(line)
    return state


async def until_done(*searches: browser.BrowserSolver) -> None:
    while not all([search.step(0.0) for search in searches]):
        await asyncio.sleep(POLL_SECONDS)


class WorkersPage:
    def __init__(self) -> None:
        self.every: list[object] = []

    def connect(self) -> str:
        page = current()
        browser.TWO_WORKERS_CORES = 1  # two Workers on any device: this page measures them against one
        connected = browser.connect(page)
        workers = browser._workers
        self.every = list(workers.workers) if workers else []
        alive = len(workers.alive()) if workers else 0
        return json.dumps({"connected": connected, "alive": alive, "cores": page.cores()})

    def use(self, count: int) -> str:
        assert browser._workers is not None
        browser._workers.workers = self.every[:count]  # type: ignore[assignment]
        return json.dumps(len(browser._workers.alive()))

    async def fresh_tables(self) -> None:
        """Every Worker's table emptied (another board loaded in it), and the Python side's."""
        workers = browser._workers
        assert workers is not None
        using, workers.workers = workers.workers, self.every  # type: ignore[assignment]
        try:
            await until_done(*[browser.BrowserSolver(GameState(Board.square(1, 2))) for _ in self.every])
        finally:
            workers.workers = using
        expert_level.clear_tables()

    async def at_once(self, rows: int, cols: int, moves: list[int], seconds: float) -> str:
        state = position(rows, cols, moves)
        lead = to_win(state)
        draw = compiled.exact_solver(state, SolverOptions(random.Random(1), beats=lead - 1))
        draw.step(0.0)
        win = compiled.exact_solver(state, SolverOptions(random.Random(2), beats=lead))
        tests = [draw, win]
        end = time.perf_counter() + seconds
        both = False
        try:
            while time.perf_counter() < end and not both:
                done = [test.step(0.0) for test in tests]
                both = not any(done) and all(test.nodes > 0 for test in tests)
                await asyncio.sleep(POLL_SECONDS)
            owners = [getattr(getattr(test, "_request", None), "worker", None) for test in tests]
            indices = [None if owner is None else owner.index for owner in owners]
            return json.dumps({"workers": indices, "nodes": [test.nodes for test in tests], "both": both})
        finally:
            for test in tests:
                test.close()

    async def expert(self, rows: int, cols: int, moves: list[int], seconds: float, seed: int) -> str:
        await self.fresh_tables()
        state = position(rows, cols, moves)
        player = ComputerPlayer("expert", seed=seed, seconds=seconds)
        thinking = Thinking([player, player])
        began = time.perf_counter()
        while True:
            frame = time.perf_counter()
            line = thinking.step_computer(state, frame - began, 0.0, STEP_SECONDS)
            if line is not None:
                return json.dumps([line, time.perf_counter() - began, compiled.searches_at_once(state)])
            await asyncio.sleep(max(0.0, FRAME_SECONDS - (time.perf_counter() - frame)))

    async def fill(self, seconds: float, count: int) -> str:
        rng = random.Random(5)
        state = GameState(Board.square(5))
        while state.lines_left > 44:
            state.play(rng.choice([line for line in state.legal_lines() if state.is_safe(line)]))
        searches = [
            compiled.exact_solver(state, SolverOptions(random.Random(index), beats=index)) for index in range(count)
        ]
        end = time.perf_counter() + seconds
        try:
            while time.perf_counter() < end:
                for search in searches:
                    search.step(0.0)
                await asyncio.sleep(0.05)
            return json.dumps([search.nodes for search in searches])
        finally:
            for search in searches:
                search.close()


async def main() -> None:
    sys.modules["__main__"].workers = WorkersPage()  # type: ignore[attr-defined]  # reached by browser_workers.py
    while True:
        await asyncio.sleep(1.0)


if __name__ == "__main__":
    asyncio.run(main())
