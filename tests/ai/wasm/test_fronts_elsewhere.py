"""The compiled core's fronts search elsewhere (its thread, the browser's Worker) until the Python solver takes over:
:func:`~game.ai.search.solver.solving` then ends the frame's step at each look instead of polling again."""

from __future__ import annotations

import pytest

from game.ai.wasm import browser
from game.ai.wasm import solver as compiled
from game.core import Board, GameState
from game.page import Script
from game.page.memory import MemoryPage


class Page:
    """``window.pipopipetteCore`` with one Worker that takes every request and has not answered yet; or, ``closed``,
    none left."""

    def __init__(self, closed: bool = False) -> None:
        self.closed = closed

    def alive(self) -> str:
        return "" if self.closed else "0"

    def post(self, index: int, search_id: int, text: str) -> str:
        return "closed" if self.closed else "ok"

    def poll(self, search_id: int) -> str:
        return ""


def core_script(core: Page) -> Script:
    return MemoryPage(scripts={browser.PAGE_SCRIPT.name: core}).script(browser.PAGE_SCRIPT)


def test_a_search_in_the_worker_is_elsewhere_until_the_python_solver_takes_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(browser, "_workers", browser.Workers(core_script(Page()), 1))
    searching = browser.BrowserSolver(GameState(Board.square(3)))
    assert not searching.step(0.0) and searching.elsewhere
    monkeypatch.setattr(browser, "_workers", browser.Workers(core_script(Page(closed=True)), 1))
    taken_over = browser.BrowserSolver(GameState(Board.square(3)))
    taken_over.step(0.0)
    assert not taken_over.elsewhere


@pytest.mark.skipif(not compiled.compiled_core_available(), reason="wasmtime is not installed")
def test_a_search_in_the_cores_thread_is_elsewhere_until_the_python_solver_takes_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searching = compiled.WasmSolver(GameState(Board.square(3)))
    searching.step(0.0)
    assert searching.elsewhere
    searching.close()
    monkeypatch.setattr(compiled, "pool", lambda: None)  # no core here
    taken_over = compiled.WasmSolver(GameState(Board.square(2)))
    while not taken_over.step(1.0):
        pass
    assert not taken_over.elsewhere
