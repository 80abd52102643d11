"""The Expert in a real browser page (``tools/browser/expert_page.py``: the app's loop and board scene in headless
Chromium on Pyodide, the compiled core in its Web Worker), as ``benchmarks/peers.py --browser`` plays it against
Knox: it answers legal lines through a whole small game, and a game that is not the page's is refused.

Skipped, saying why, when node, Chromium, the harness's playwright-core, Pyodide or the pygame-ce wheel are absent
(set up as docs/testing.md says, "Real browser pages").
"""

from __future__ import annotations

import pytest

from game.core import Board, GameState
from tools.browser.browser_expert import BrowserExpert, lacking
from tools.browser.node_driver import skip_reason

MISSING = lacking()
pytestmark = pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))


@pytest.fixture(scope="module")
def page():
    expert = BrowserExpert()
    yield expert
    expert.close()


def test_the_browser_expert_answers_a_legal_line_in_every_position_of_a_small_game(page):
    assert page.new_game(2, 3, seat=1, seed=5, seconds=0.5)  # True: the Worker runs the compiled core
    state = GameState(Board.square(2, 3))
    answers = 0
    while not state.over:
        if state.to_move == 1:
            line, seconds = page.reply(list(state.moves))
            assert line in state.legal_lines()
            assert seconds >= 0
            answers += 1
        else:
            line = state.legal_lines()[len(state.moves) % len(state.legal_lines())]
        state.play(line)
    assert answers >= 3


def test_a_game_that_is_not_the_pages_is_refused(page):
    page.new_game(2, 2, seat=0, seed=1, seconds=0.5)
    first, _ = page.reply([])
    other = next(line for line in range(12) if line != first)
    with pytest.raises(RuntimeError, match="is not the one played"):
        page.reply([other, first])
