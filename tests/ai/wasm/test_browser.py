"""The browser half: core_worker.js (run by node as a Worker would run it) behind BrowserSolver, against Python.

The page object stands in for ``window.pipopipetteCore`` (core_page.js): ``post`` hands the text to the
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

from game.ai.analysis import finish as finish_values
from game.ai.search.common import OutOfNodes
from game.ai.search.solver import Solver, SolverOptions, line_values
from game.ai.wasm import browser
from game.ai.wasm import solver as compiled
from game.ai.wasm import values as core_values
from game.core import Board, GameState, Rules
from game.page import Script
from game.page.memory import MemoryPage

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
HOST = Path(__file__).with_name("worker_host.js")


class NodeWorker:
    """One Worker: core_worker.js in a node process, its messages read into the page's ``latest``."""

    def __init__(self, page: WorkerPage) -> None:
        assert NODE is not None
        self.process = subprocess.Popen(
            [NODE, str(HOST), str(browser.HERE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.page = page
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        module = base64.b64encode(browser.MODULE.read_bytes()).decode("ascii")
        self.send(json.dumps({"type": "module", "wasm": module}))
        assert self.ready.wait(30)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            if message["type"] == "ready":
                self.ready.set()
            else:
                with self.page.lock:
                    if message["id"] in self.page.owner:  # (as core_page.js: a forgotten request's are dropped)
                        self.page.latest[message["id"]] = line.strip()

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


class WorkerPage:
    """``window.pipopipetteCore`` (core_page.js) with each Worker in a node process."""

    def __init__(self, count: int) -> None:
        self.latest: dict[int, str] = {}
        self.owner: dict[int, int] = {}
        self.lock = threading.Lock()
        self.workers = [NodeWorker(self) for _ in range(count)]

    def alive(self) -> str:
        return ",".join(str(index) for index, worker in enumerate(self.workers) if worker.alive())

    def post(self, index: int, search_id: int, text: str) -> str:
        if not self.workers[index].alive():
            return "closed"
        self.owner[search_id] = index
        self.workers[index].send(text)
        return "ok"

    def poll(self, search_id: int) -> str:
        with self.lock:
            found = self.latest.pop(search_id, "")
        if not found and search_id in self.owner and not self.workers[self.owner[search_id]].alive():
            return "closed"
        return found

    def forget(self, search_id: int) -> str:
        with self.lock:
            self.owner.pop(search_id, None)
            self.latest.pop(search_id, None)
        return "ok"

    def close(self) -> None:
        for worker in self.workers:
            worker.kill()


def core_script(core: Any) -> Script:
    """``window.pipopipetteCore`` of a page in memory whose core_page.js is ``core``."""
    return MemoryPage(scripts={browser.PAGE_SCRIPT.name: core}).script(browser.PAGE_SCRIPT)


@pytest.fixture(scope="module")
def page() -> Any:
    found = WorkerPage(2)
    yield found
    found.close()


@pytest.fixture
def window(page: WorkerPage, monkeypatch: pytest.MonkeyPatch) -> Script:
    core = core_script(page)
    monkeypatch.setattr(browser, "_workers", browser.Workers(core, 2))
    return core


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


def test_the_worker_gives_the_python_solvers_values(window: Script) -> None:
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


def test_the_empty_3x3_board_in_the_worker(window: Script) -> None:
    solver = browser.BrowserSolver(GameState(Board.square(3)))
    finish(solver)
    assert solver.value == -3 and solver.nodes > 1000


def test_a_stopped_search_was_on_a_legal_move_and_the_next_one_runs(window: Script) -> None:
    rng = random.Random(3)
    state = GameState(Board.square(5))
    while state.lines_left > 42:
        safe = [line for line in state.legal_lines() if state.is_safe(line)]
        state.play(rng.choice(safe))
    slow = browser.BrowserSolver(state, SolverOptions(beats=0))
    while slow.nodes == 0:
        assert not slow.step(0.0)
        threading.Event().wait(0.001)
    slow.close()
    assert slow.current in state.legal_lines() and slow.refuted <= set(state.legal_lines())
    quick = browser.BrowserSolver(GameState(Board.square(2)))
    finish(quick)
    assert quick.value == 2


def test_a_node_limit_in_the_worker_raises_out_of_nodes(window: Script) -> None:
    solver = browser.BrowserSolver(GameState(Board.square(4)), SolverOptions(max_nodes=1000))
    with pytest.raises(OutOfNodes):
        finish(solver)


def test_exact_solver_hands_out_browser_solvers_once_connected(window: Script) -> None:
    assert isinstance(compiled.exact_solver(GameState(Board.square(2))), browser.BrowserSolver)
    assert isinstance(core_values.exact_values(GameState(Board.square(2)), 1.0), browser.BrowserValues)


def values_in_the_worker(state: GameState, seconds: float, lines: list[int] | None = None) -> dict[int, int | None]:
    search = browser.BrowserValues(state, seconds, lines)
    for _ in range(100_000):
        if search.step(0.0):
            return search.values
        threading.Event().wait(0.001)
    raise AssertionError("the worker did not answer")


@pytest.mark.slow
def test_the_workers_values_request_gives_the_python_solvers_line_values(window: Script) -> None:
    """The differential test of the "values" request: 60 small positions of every shape and rule variant, then 4x4
    games 14-18 lines from the end, each line's value against the Python solver's."""
    rng = random.Random(11)
    positions = [random_position(rng) for _ in range(60)]
    for _ in range(6):
        state = GameState(Board.square(4), Rules(misere=rng.random() < 0.3, no_extra=rng.random() < 0.3))
        while state.lines_left > rng.randint(14, 18):
            safe = [line for line in state.legal_lines() if state.is_safe(line)]
            state.play(rng.choice(safe or state.legal_lines()))
        positions.append(state)
    for state in positions:
        assert values_in_the_worker(state, 60.0) == line_values(state), f"{state.board.describe()} {state.drawn:#x}"
    state = positions[-1]
    some = state.legal_lines()[1::2]
    assert values_in_the_worker(state, 60.0, some) == line_values(state, some)


def test_the_worker_answers_each_line_as_it_finishes_and_gives_up_a_line_after_its_time(window: Script) -> None:
    """Lines too hard for their time (the empty 5x5 board, 20 ms each) are given up one after the other, and every
    answer carries all the lines so far; a stopped request answers no more and the next one runs."""
    empty = GameState(Board.square(5))
    assert values_in_the_worker(empty, 0.02, empty.legal_lines()[:3]) == dict.fromkeys(empty.legal_lines()[:3])
    stopped = browser.BrowserValues(empty, 60.0)
    stopped.step(0.0)
    stopped.close()
    small = GameState(Board.square(2))
    assert values_in_the_worker(small, 60.0) == line_values(small)
    assert not stopped.step(0.0) and set(stopped.values.values()) == {None}


class ClosedPage:
    """A page whose Workers have all died: every request comes back "closed"."""

    def alive(self) -> str:
        return "0"

    def post(self, index: int, search_id: int, text: str) -> str:
        return "closed"


def test_a_values_request_on_a_page_without_the_worker_goes_on_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "_workers", browser.Workers(core_script(ClosedPage()), 1))
    state = GameState(Board.square(2))
    state.play(0)
    assert finish_values(browser.BrowserValues(state, 60.0)) == line_values(state)


def test_a_page_without_the_worker_leaves_the_python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "_workers", browser.Workers(core_script(ClosedPage()), 1))
    solver = browser.BrowserSolver(GameState(Board.square(2)))
    while not solver.step(1.0):
        pass
    assert solver.value == 2


def test_connect_fails_quietly_on_a_page_that_cannot_run_scripts() -> None:
    assert not browser.connect(MemoryPage(scripts={}))
    assert not browser.connected()


def slow_position() -> GameState:
    """5x5 boxes at 42 lines left: a win test there runs for minutes."""
    rng = random.Random(3)
    state = GameState(Board.square(5))
    while state.lines_left > 42:
        state.play(rng.choice([line for line in state.legal_lines() if state.is_safe(line)]))
    return state


def test_two_workers_search_at_once_and_a_dead_workers_search_goes_on_on_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    two = WorkerPage(2)
    try:
        monkeypatch.setattr(browser, "_workers", browser.Workers(core_script(two), 2))
        state = slow_position()
        assert compiled.searches_at_once(state)
        slow = browser.BrowserSolver(state, SolverOptions(beats=0))
        quick = browser.BrowserSolver(GameState(Board.square(3)))
        slow.step(0.0)
        quick.step(0.0)  # posted to the other Worker, while the slow one searches
        first = two.owner[slow._request.id]
        assert two.owner[quick._request.id] == 1 - first
        finish(quick)
        assert quick.value == -3
        assert quick._request.id not in two.owner, "done: the page forgot it"
        assert not slow.step(0.0)
        two.workers[first].kill()
        assert not compiled.searches_at_once(state)
        while slow.nodes == 0 or two.owner[slow._request.id] == first:  # posted again, to the Worker left
            assert not slow.step(0.0)
            threading.Event().wait(0.001)
        assert slow._fallback is None  # still the Workers', not the Python solver's
        slow.close()
        two.workers[1 - first].kill()
        last = browser.BrowserSolver(GameState(Board.square(2)))  # no Worker left: the Python solver
        finish(last)
        assert last.value == 2
    finally:
        two.close()


PAGE_FORGETS = r"""
const fs = require('fs');
const started = [];
global.window = {};
global.Worker = class { constructor() { started.push(this); } postMessage() {} terminate() {} };
global.URL = { createObjectURL: () => 'blob:worker' };
global.Blob = class {};
global.WebAssembly = {};
eval(fs.readFileSync(process.argv[1], 'utf8'));
const core = window.pipopipetteCore;
core.open('', '', 1);
const says = (id) => started[0].onmessage({ data: JSON.stringify({ type: 'progress', id: id }) });
core.post(0, 7, '{"type": "search"}');
says(7);
const read = core.poll(7);
says(7);
core.forget(7);
says(7);
says(8);
console.log(JSON.stringify({ read: read, after: core.poll(7), owner: Object.keys(core.owner).length,
                             latest: Object.keys(core.latest).length }));
"""


def test_the_real_page_script_forgets_a_request_and_drops_what_comes_after() -> None:
    """core_page.js itself (in node, a stand-in Worker): once Python has forgotten a request, the page keeps no
    record of it, neither its Worker nor an unread answer nor one that comes later (nor one never asked for)."""
    assert NODE is not None
    ran = subprocess.run(
        [NODE, "-e", PAGE_FORGETS, str(browser.PAGE_SCRIPT.source)], capture_output=True, text=True, check=True
    )
    found = json.loads(ran.stdout)
    assert json.loads(found["read"]) == {"type": "progress", "id": 7}
    assert (found["after"], found["owner"], found["latest"]) == ("", 0, 0)
