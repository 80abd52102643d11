"""The browser half: core_worker.js (run by node as a Worker would run it) behind BrowserSolver, against Python.

The page object stands in for ``platform.window.pipopipetteCore`` (core_page.js): ``post`` hands the text to the
worker, ``poll`` returns its latest message about a search. Skipped where node is not installed.
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

from game.ai.search.common import OutOfNodes
from game.ai.search.solver import Solver
from game.ai.wasm import browser
from game.ai.wasm import solver as compiled
from game.core import Board, GameState, Rules

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
HOST = Path(__file__).with_name("worker_host.js")


class WorkerPage:
    """``window.pipopipetteCore`` with the worker in a node process."""

    def __init__(self) -> None:
        assert NODE is not None
        self.process = subprocess.Popen(
            [NODE, str(HOST), str(browser.HERE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.latest: dict[int, str] = {}
        self.ready = threading.Event()
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        module = base64.b64encode(browser.MODULE.read_bytes()).decode("ascii")
        self.post(json.dumps({"type": "module", "wasm": module}))
        assert self.ready.wait(30)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            if message["type"] == "ready":
                self.ready.set()
            else:
                with self.lock:
                    self.latest[message["id"]] = line.strip()

    def post(self, text: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        return "ok"

    def poll(self, search_id: int) -> str:
        with self.lock:
            return self.latest.pop(search_id, "")

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


class Window:
    def __init__(self, page: WorkerPage) -> None:
        self.pipopipetteCore = page


@pytest.fixture(scope="module")
def page() -> Any:
    found = WorkerPage()
    yield found
    found.close()


@pytest.fixture
def window(page: WorkerPage, monkeypatch: pytest.MonkeyPatch) -> Window:
    window = Window(page)
    monkeypatch.setattr(browser, "_window", window)
    return window


def finish(solver: browser.BrowserSolver) -> None:
    for _ in range(100_000):
        if solver.step(0.0):
            return
        threading.Event().wait(0.001)
    raise AssertionError("the worker did not answer")


def random_position(rng: random.Random) -> GameState:
    board = rng.choice([Board.square(2, 2), Board.square(3, 3), Board.triangle(4), Board.hexagon(1)])
    rules = Rules(misere=rng.random() < 0.3, no_extra=rng.random() < 0.3)
    state = GameState(board, rules)
    while state.lines_left > rng.randint(4, 14 if not (rules.misere or rules.no_extra) else 10):
        state.play_random(rng)
    return state


def test_the_worker_gives_the_python_solvers_values(window: Window) -> None:
    rng = random.Random(7)
    for _ in range(60):
        state = random_position(rng)
        expected = Solver(state)
        while not expected.step(1.0):
            pass
        got = browser.BrowserSolver(state)
        finish(got)
        assert got.value == expected.value, state.drawn
        assert (got.best_move is None) == (expected.best_move is None)


def test_the_empty_3x3_board_in_the_worker(window: Window) -> None:
    solver = browser.BrowserSolver(GameState(Board.square(3)))
    finish(solver)
    assert solver.value == -3 and solver.nodes > 1000


def test_a_stopped_search_was_on_a_legal_move_and_the_next_one_runs(window: Window) -> None:
    rng = random.Random(3)
    state = GameState(Board.square(5))
    while state.lines_left > 42:
        safe = [line for line in state.legal_lines() if state.is_safe(line)]
        state.play(rng.choice(safe))
    slow = browser.BrowserSolver(state, beats=0)
    while slow.nodes == 0:
        assert not slow.step(0.0)
        threading.Event().wait(0.001)
    slow.close()
    assert slow.current in state.legal_lines() and slow.refuted <= set(state.legal_lines())
    quick = browser.BrowserSolver(GameState(Board.square(2)))
    finish(quick)
    assert quick.value == 2


def test_a_node_limit_in_the_worker_raises_out_of_nodes(window: Window) -> None:
    solver = browser.BrowserSolver(GameState(Board.square(4)), max_nodes=1000)
    with pytest.raises(OutOfNodes):
        finish(solver)


def test_exact_solver_hands_out_browser_solvers_once_connected(window: Window) -> None:
    assert isinstance(compiled.exact_solver(GameState(Board.square(2))), browser.BrowserSolver)


def test_a_page_without_the_worker_leaves_the_python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    class Closed:
        def post(self, text: str) -> str:
            return "closed"

    class ClosedWindow:
        pipopipetteCore = Closed()

    monkeypatch.setattr(browser, "_window", ClosedWindow())
    solver = browser.BrowserSolver(GameState(Board.square(2)))
    while not solver.step(1.0):
        pass
    assert solver.value == 2


def test_connect_fails_quietly_on_a_page_that_cannot_run_scripts() -> None:
    class NoScripts:
        def eval(self, text: str) -> str:
            raise RuntimeError("no")

    assert not browser.connect(NoScripts())
    assert not browser.connected()
