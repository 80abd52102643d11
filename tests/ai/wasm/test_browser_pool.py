"""The page's Workers as a pool (browser.Workers), without a browser: a fake ``window.pipopipetteCore`` that records
what is posted to which Worker and answers what a test tells it to."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.ai.search.solver import SolverOptions
from game.ai.wasm import browser
from game.ai.wasm import solver as compiled
from game.ai.wasm.runtime import WAIT_FOR_ANY, table_log2
from game.core import Board, GameState
from game.page.memory import MemoryPage


class FakePage:
    def __init__(self, count: int = 2) -> None:
        self.live = set(range(count))
        self.posts: list[tuple[int, int, dict[str, Any]]] = []
        self.answers: dict[int, str] = {}
        self.owner: dict[int, int] = {}
        self.opened_with: int | None = None

    def open(self, worker: str, module: str, count: str) -> str:
        """Starts as many Workers as asked, at most those of this page (which did start)."""
        assert worker and module, "core_worker.js and core.wasm are handed over"
        self.opened_with = int(count)
        self.live = {index for index in self.live if index < self.opened_with}
        return str(len(self.live))

    def alive(self) -> str:
        return ",".join(str(index) for index in sorted(self.live))

    def post(self, index: int, search_id: int, text: str) -> str:
        if index not in self.live:
            return "closed"
        self.owner[search_id] = index
        self.posts.append((index, search_id, json.loads(text)))
        return "ok"

    def poll(self, search_id: int) -> str:
        if search_id in self.owner and self.owner[search_id] not in self.live:
            return "closed"
        return self.answers.pop(search_id, "")

    def forget(self, search_id: int) -> str:
        self.owner.pop(search_id, None)
        self.answers.pop(search_id, None)
        return "ok"

    def searches(self) -> list[tuple[int, int]]:
        """(Worker, request id) of every search posted, in order."""
        return [(index, message["id"]) for index, _, message in self.posts if message["type"] == "search"]

    def stops(self) -> list[tuple[int, int]]:
        return [(index, message["id"]) for index, _, message in self.posts if message["type"] == "stop"]

    def done(self, search_id: int, value: int, move: int | None) -> None:
        self.answers[search_id] = json.dumps(
            {"type": "done", "id": search_id, "value": value, "move": move, "nodes": 9}
        )


def page_of(core: FakePage, cores: int = 8) -> MemoryPage:
    """A page of ``cores`` cores whose core_page.js is ``core``."""
    return MemoryPage(scripts={browser.PAGE_SCRIPT.name: core}, device_cores=cores)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> FakePage:
    found = FakePage()
    monkeypatch.setattr(browser, "_workers", None)
    assert browser.connect(page_of(found))
    return found


def small(rows: int = 2) -> GameState:
    return GameState(Board.square(rows))


def test_connect_asks_for_two_workers_and_two_running_search_at_once(page: FakePage) -> None:
    assert page.opened_with == 2
    assert browser.connected() and browser.searches_at_once()
    assert compiled.searches_at_once(small())
    page.live = {1}  # one died
    assert not compiled.searches_at_once(small())


def test_a_page_of_one_worker_takes_its_searches_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "_workers", None)
    assert browser.connect(page_of(FakePage(1)))  # the second did not start
    assert browser.connected() and not compiled.searches_at_once(small())


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 1), (3, 1), (4, 2), (8, 2)])
def test_two_workers_where_the_device_has_four_cores(cores: int, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "_workers", None)
    page = FakePage()
    assert browser.connect(page_of(page, cores))
    assert page.opened_with == workers
    assert compiled.searches_at_once(small()) == (workers == 2)


def test_a_device_that_does_not_say_its_cores_runs_one_worker() -> None:
    assert browser.workers_for("undefined") == browser.workers_for(None) == 1 == browser.workers_for(3)


def test_a_page_that_starts_no_worker_leaves_the_python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser, "_workers", None)
    assert not browser.connect(page_of(FakePage(0)))
    assert not browser.connected()
    assert not isinstance(compiled.exact_solver(small()), browser.BrowserSolver)  # (the desktop's core here)


def test_two_searches_go_to_two_workers_each_with_its_own_table(page: FakePage) -> None:
    first = browser.BrowserSolver(small(3))
    second = browser.BrowserSolver(small(3), SolverOptions(beats=0))
    assert not first.step(0.0) and not second.step(0.0)
    assert [index for index, _ in page.searches()] == [0, 1]
    lines = small(3).board.num_lines
    tables = [message["tableLog2"] for _, _, message in page.posts]
    assert tables == [table_log2(lines, browser.TABLE_BYTES[0]), table_log2(lines, browser.TABLE_BYTES[1])]
    assert tables[1] == tables[0] - 1  # the second Worker's table is half the first's
    page.done(second._request.id, 1, 4)
    assert second.step(0.0) and (second.value, second.best_move) == (1, 4)
    first.close()
    assert page.stops() == [(0, first._request.id)]


def test_a_search_goes_to_the_free_worker_whose_table_holds_its_board(page: FakePage) -> None:
    on_3x3 = browser.BrowserSolver(small(3))
    on_2x2 = browser.BrowserSolver(small(2))
    on_3x3.step(0.0)
    on_2x2.step(0.0)
    on_3x3.close()
    on_2x2.close()
    again = browser.BrowserSolver(small(2))
    again.step(0.0)
    assert page.searches()[-1] == (1, again._request.id)  # Worker 1 holds 2x2, though Worker 0 is free too


def test_with_every_worker_busy_a_search_waits_then_takes_the_one_busy_longest(page: FakePage) -> None:
    clock = Clock()
    assert browser._workers is not None
    browser._workers.clock = clock
    old = browser.BrowserSolver(small(3))
    newer = browser.BrowserSolver(small(3))
    old.step(0.0)
    clock.now = 0.1
    newer.step(0.0)
    third = browser.BrowserSolver(small(2))
    assert not third.step(0.0) and len(page.searches()) == 2  # waits
    page.done(newer._request.id, -3, 0)
    assert newer.step(0.0)
    assert not third.step(0.0)
    assert page.searches()[-1] == (1, third._request.id)  # posted once a Worker was free
    fourth = browser.BrowserSolver(small(3))
    clock.now = 1.0
    assert not fourth.step(0.0) and len(page.searches()) == 3
    clock.now = 1.0 + WAIT_FOR_ANY
    fourth.step(0.0)
    assert page.searches()[-1] == (0, fourth._request.id)  # the Worker busy longest, with its board
    clock.now = 10.0
    assert not old.step(0.0) and len(page.searches()) == 4  # the search taken off waits, and takes none
    fourth.close()
    old.step(0.0)
    assert page.searches()[-1] == (0, old._request.id)  # and is posted again once a Worker is free


def test_a_dead_workers_search_goes_to_the_other_and_then_to_python(page: FakePage) -> None:
    search = browser.BrowserSolver(small(2))
    search.step(0.0)
    page.live = {1}
    assert not search.step(0.0)
    assert page.searches() == [(0, search._request.id), (1, search._request.id)]
    page.live = set()
    while not search.step(1.0):  # the Python solver took over, saying nothing
        pass
    assert search.value == 2 and len(page.searches()) == 2
    assert not browser.connected()  # the game plans as with the Python solver
    assert not isinstance(compiled.exact_solver(small()), browser.BrowserSolver)


def test_a_dropped_search_frees_its_worker(page: FakePage) -> None:
    for _ in range(3):
        dropped = browser.BrowserSolver(small(3))
        dropped.step(0.0)
        del dropped
    assert [index for index, _ in page.searches()] == [0, 0, 0]
    assert len(page.stops()) == 3


def test_a_values_request_is_one_more_request_of_the_pool(page: FakePage) -> None:
    busy = browser.BrowserSolver(small(3))
    busy.step(0.0)
    state = small(2)
    values = browser.BrowserValues(state, 1.0)
    assert not values.step(0.0)
    index, request, message = page.posts[-1]
    assert (index, message["type"]) == (1, "values")
    answer = {"type": "values", "id": request, "values": [2] * len(values.lines), "done": True}
    page.answers[request] = json.dumps(answer)
    assert values.step(0.0) and set(values.values.values()) == {2}
    after = browser.BrowserSolver(small(2))
    after.step(0.0)
    assert page.searches()[-1] == (1, after._request.id)  # the values request gave its Worker back


def test_the_page_keeps_nothing_of_requests_done_stopped_or_dropped(page: FakePage) -> None:
    """A page that runs for hours must not keep a record per request it ever posted (core_page.js's ``forget``)."""
    answered = browser.BrowserSolver(small(2))
    answered.step(0.0)
    page.done(answered._request.id, 1, 0)
    assert answered.step(0.0)
    stopped = browser.BrowserSolver(small(3))
    stopped.step(0.0)
    stopped.close()
    dropped = browser.BrowserSolver(small(3))
    dropped.step(0.0)
    del dropped
    values = browser.BrowserValues(small(2), 1.0)
    values.step(0.0)
    request = page.posts[-1][1]
    page.answers[request] = json.dumps({"type": "values", "id": request, "values": [2] * 12, "done": True})
    assert values.step(0.0)
    assert len(page.searches()) == 3 and len(page.stops()) == 2
    assert page.owner == {} and page.answers == {}
