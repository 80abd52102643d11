"""Two Web Workers in a real browser page (``tools/browser/workers_page.py``: headless Chromium on Pyodide, the
Workers started as the app starts them): both start, and the Expert's draw test and win test run at once, one on
each; limited to one Worker, they run in turn.

Skipped, saying why, when node, Chromium, the harness's playwright-core, Pyodide or the pygame-ce wheel are absent
(set up as docs/testing.md says, "Real browser pages").
"""

from __future__ import annotations

import random

import pytest

from game.core import Board, GameState
from tools.browser.browser_workers import BrowserWorkers, lacking
from tools.browser.node_driver import skip_reason

MISSING = lacking()
pytestmark = pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))


def slow_moves() -> list[int]:
    """5x5 boxes at 42 lines left from safe lines: a win test there runs for minutes."""
    rng = random.Random(3)
    state = GameState(Board.square(5))
    while state.lines_left > 42:
        state.play(rng.choice([line for line in state.legal_lines() if state.is_safe(line)]))
    return list(state.moves)


@pytest.fixture(scope="module")
def page():
    found = BrowserWorkers()
    yield found
    found.close()


def test_two_workers_start_and_the_draw_and_win_tests_run_at_once(page):
    started = page.call("connect()")  # (two Workers whatever the cores this Chromium reports)
    assert started == {"connected": True, "alive": 2, "cores": started["cores"]}
    tests = page.wait(f"at_once(5, 5, {slow_moves()}, 30.0)")
    assert tests["both"] and sorted(tests["workers"]) == [0, 1], tests
    assert page.call("use(1)") == 1
    one = page.wait(f"at_once(5, 5, {slow_moves()}, 0.5)")
    assert not one["both"] and one["workers"] == [0, None] and one["nodes"][1] == 0, one  # the win test waits
    assert page.call("use(2)") == 2
