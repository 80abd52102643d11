"""The Expert playing in a real browser page (headless Chromium on Pyodide, through the browser harness): the page
runs the app with the Expert in one seat (``expert_page.py``); this side hands it the opponent's lines and reads the
Expert's. Used by ``benchmarks/peers.py --browser`` and by ``tests/ai/wasm/test_browser_expert.py``.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

from tools.browser.node_driver import HOME, PLAYWRIGHT, PYODIDE, TOOLS, NodeDriver, missing

HERE = Path(__file__).resolve().parent
GAME = HERE.parents[1]
DRIVER = HERE / "app_pages.js"
ENTRY = HERE.relative_to(GAME) / "expert_page.py"
WHEEL = HOME / "wheels" / "pygame_ce-2.5.6.dev2-cp313-cp313-pyodide_2025_0_wasm32.whl"
PAGE = "expert"
READY_TRIES = 600  # of the page's Expert, 0.1 s apart once the game's modules are loaded
PAGE_EXPERT = "__import__('sys').modules['__main__'].expert"


def lacking() -> list[str]:
    """What this machine lacks to run the Expert in the browser (empty when it has everything)."""
    return missing(
        PLAYWRIGHT,
        PYODIDE,
        (f"the pygame-ce wheel {WHEEL}", WHEEL.exists()),
        (f"the harness page in {TOOLS}", (TOOLS / "harness.html").exists()),
    )


def open_app_page(entry: Path, page: str, ready: str, query: str = "") -> NodeDriver:
    """A Chromium page named ``page`` running the game's ``entry`` (a path in the repository) in the harness,
    once its main module has ``ready`` (tried ``READY_TRIES`` times, 0.1 s apart); ``query``: "?..." added to the
    page's address."""
    env = dict(os.environ, BROWSER_HARNESS_HOME=str(HOME), BROWSER_HARNESS_TOOLS=str(TOOLS))
    driver = NodeDriver(DRIVER, env=env, stop_seconds=20)
    try:
        base = driver.ask(serve=str(GAME), entry=str(entry))
        driver.ask(open=page, browser=page, url=base + query)
        for _ in range(READY_TRIES):
            if driver.ask(page=page, py=f"str(hasattr(__import__('sys').modules['__main__'], {ready!r}))") == "True":
                return driver
            time.sleep(0.1)
        raise RuntimeError(f"the page's {ready} did not start")
    except BaseException:
        driver.close()
        raise


class BrowserExpert:
    """One Chromium page running the Expert, kept for many games (as one open page of the game would be: the
    Worker's tables last from game to game, as the desktop Expert's last in its process)."""

    def __init__(self) -> None:
        self.driver = open_app_page(ENTRY, PAGE, "expert")

    def new_game(self, rows: int, cols: int, seat: int, seed: int, seconds: float) -> bool:
        """A new game on ``rows`` x ``cols`` boxes, the Expert in ``seat`` (0 moves first) with ``seconds`` a move;
        True when the page runs the compiled core in its Worker (False: the Python solver, the app's fallback)."""
        call = f"{PAGE_EXPERT}.new_game({rows}, {cols}, {seat}, {seed}, {seconds!r})"
        return bool(json.loads(self.driver.ask(page=PAGE, py=call))["worker"])

    def reply(self, moves: list[int]) -> tuple[int, float]:
        """The Expert's line after ``moves`` (every line so far; the opponent's are played on the page), and the
        seconds from its turn to that line on the page's clock."""
        try:
            answer = self.driver.ask(page=PAGE, **{"await": f"await {PAGE_EXPERT}.reply({moves!r})"})
        except RuntimeError as error:
            raise RuntimeError(python_error(str(error))) from None
        line, seconds = json.loads(answer)
        return int(line), float(seconds)

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the browser's processes (the page's thread, the Worker, Chromium's own)."""
        return sum(_cpu(pid) for pid in _descendants(self.driver.process.pid))

    def close(self) -> None:
        self.driver.close()


def python_error(text: str) -> str:
    """The Python exception's own line in what the page reported (its traceback inside a JavaScript error), else
    the report's first line."""
    found = re.findall(r"^(\w+(?:Error|Exception): .*)$", text, re.MULTILINE)
    return found[-1] if found else text.strip().splitlines()[0]


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", encoding="ascii") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def _cpu(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
