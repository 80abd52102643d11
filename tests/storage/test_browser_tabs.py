"""Two tabs of one Chromium context (one origin, one localStorage) finish a game at the same moment, 100 rounds: the
history loses none. Each tab runs the game's Python in Pyodide and finishes its game as the app does (the app's
``GameKeeper`` recording it into the app's store on the page's localStorage); a third tab reads the history as the
History scene does. ``benchmarks/two_tabs.py`` runs the same with rounds spaced out, and with an earlier version.

Skipped, saying why, when node, Chromium, the harness's playwright-core or Pyodide are absent (set up as in
docs/testing.md, "Real browser pages"); run it before calling storage work done.
"""

from __future__ import annotations

import pytest
from browser_tabs import MISSING, TABS, Tabs, count, open_tabs, play_rounds

from tools.browser.node_driver import skip_reason

pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]
ROUNDS = 100


@pytest.fixture
def tabs():
    driver = Tabs()
    open_tabs(driver)
    yield driver
    driver.close()


def test_two_tabs_finishing_games_at_the_same_moment_lose_none(tabs):
    recorded = play_rounds(tabs, ROUNDS)
    figures = count(tabs, recorded)
    assert figures.games == 2 * ROUNDS and len({game for pair in recorded for game in pair}) == 2 * ROUNDS
    assert figures.lost == 0 and figures.rounds_losing == 0, figures
    # a minute later (the additions old enough to be removed once the history holds them), two more games finish
    # at the same moment: both tabs merge and remove at once, and still nothing is lost
    for name in TABS:
        tabs.python(name, "tab.a_minute_on()")
    recorded += play_rounds(tabs, 1, first=ROUNDS)
    after = count(tabs, recorded)
    assert after.lost == 0 and after.rounds_losing == 0, after
    assert after.waiting < figures.waiting, "additions the history holds were removed"
    assert after.stored >= figures.games, "the history value itself holds every game of the 100 rounds"
