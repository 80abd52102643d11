"""The game's page keeps its WebAssembly stack: in a real browser page (headless Chromium on Pyodide 0.29, the
browser harness) the game turns Pyodide's stack switching off (game/app/stack_switching.py), and the stack pointer
stays put while the loop turns; turned back on in the same page, each callback of the loop loses 16 bytes, the leak
that stopped a page after about 25 minutes (docs/web.md, "A page that runs for hours").

Skipped, saying why, when node, Chromium, the harness's playwright-core, Pyodide or the pygame-ce wheel are absent
(set up as in the browser harness's README.md).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tools.browser.browser_expert import lacking, open_app_page
from tools.browser.node_driver import skip_reason

MISSING = lacking()
pytestmark = pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))
PAGE = "game"
STACK = """(() => {
  const m = window.pyodide._module;
  return [m._emscripten_stack_get_base() - m.stackSave(), !!m.jspiSupported];
})()"""
TURNING_SECONDS = 8.0  # the menu's loop turns 30 times a second: a few hundred callbacks of Pyodide's loop


@pytest.fixture(scope="module")
def driver():
    found = open_app_page(Path("main.py"), PAGE, "main")
    yield found
    found.close()


def stack_used(driver) -> tuple[int, bool]:
    """Bytes of the page's WebAssembly stack in use between two callbacks, and whether stack switching is on."""
    used, switching = driver.ask(page=PAGE, js=STACK)
    return int(used), bool(switching)


def test_the_game_turns_stack_switching_off_and_its_stack_stays_put(driver):
    started, switching = stack_used(driver)
    assert not switching, "the game turned Pyodide's stack switching off"
    time.sleep(TURNING_SECONDS)
    assert stack_used(driver) == (started, False)


def test_with_stack_switching_on_each_callback_loses_16_bytes(driver):
    driver.ask(page=PAGE, js="window.pyodide._module.jspiSupported = true")
    try:
        started, _ = stack_used(driver)
        time.sleep(TURNING_SECONDS)
        ended, _ = stack_used(driver)
    finally:
        driver.ask(page=PAGE, js="window.pyodide._module.jspiSupported = false")
    assert ended - started >= 16 * 100, "hundreds of callbacks, 16 bytes lost each"
    assert (ended - started) % 16 == 0
