"""Two tabs of one Chromium context finishing games at the same moment (tests/storage/browser/tabs.js drives them;
each runs tests/storage/browser/tab.py in Pyodide): used by tests/storage/test_browser_tabs.py and
benchmarks/two_tabs.py.

``MISSING`` names what this machine lacks for it (node, Chromium, the harness's playwright-core and Pyodide; see
docs/testing.md, "Real browser pages")."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from tools.browser.node_driver import PLAYWRIGHT, PYODIDE, NodeDriver, missing

DRIVER = Path(__file__).resolve().parent / "storage" / "browser" / "tabs.js"
ROOT = Path(__file__).resolve().parents[1]
MISSING = missing(PLAYWRIGHT, PYODIDE)
TABS = ("left", "right")
SAME_MOMENT_MS = 150  # each round's games finish this long after the round is sent, in both tabs at once


class Tabs(NodeDriver):
    """The node driver of the tabs."""

    def __init__(self) -> None:
        super().__init__(DRIVER)
        self.opened: set[str] = set()

    def python(self, page: str, code: str):
        return self.ask(page=page, python=code)

    def together(self, code: str, pages: tuple[str, ...] = TABS) -> list:
        return self.ask(pages=list(pages), python=code, **{"in": SAME_MOMENT_MS})


@dataclass
class Figures:
    rounds: int
    games: int
    lost: int
    rounds_losing: int | None  # None when the games lost cannot be named (a version that kept only totals)
    stored: int  # games the history value itself holds (the rest wait under keys of their own)
    waiting: int  # additions not merged yet
    seconds: float


def open_tabs(tabs: Tabs, source: Path = ROOT) -> None:
    for name in TABS:
        tabs.ask(open=name, source=str(source))
        tabs.python(name, "import tab")
        tabs.opened.add(name)


def play_rounds(tabs: Tabs, rounds: int, gap: float = 0.0, first: int = 0) -> list[list[str]]:
    """``rounds`` rounds, ``gap`` seconds apart: each tab plays a game to its last move, then both finish theirs
    at the same moment. The games finished, round by round."""
    recorded: list[list[str]] = []
    for number in range(first, first + rounds):
        for index, name in enumerate(TABS):
            tabs.python(name, f"tab.prepare({2 * number + index})")
        recorded.append(tabs.together("tab.finish()"))
        time.sleep(gap)
    return recorded


def count(tabs: Tabs, recorded: list[list[str]], seconds: float = 0.0) -> Figures:
    """Read the history in a third tab (this version's code) as the History scene reads it; count every game."""
    if "reader" not in tabs.opened:
        tabs.ask(open="reader", source=str(ROOT))
        tabs.python("reader", "import tab")
        tabs.opened.add("reader")
    stored = tabs.python("reader", "tab.stored()")
    shown = tabs.python("reader", "tab.shown()")
    known = set(shown["games"])
    missing = [[game for game in pair if game not in known] for pair in recorded]
    games = sum(len(pair) for pair in recorded)
    lost = games - shown["total"]
    named = sum(len(gone) for gone in missing)
    return Figures(
        rounds=len(recorded),
        games=games,
        lost=lost,
        rounds_losing=sum(1 for gone in missing if gone) if named == lost else None,
        stored=len(set(stored["games"]) & {game for pair in recorded for game in pair}),
        waiting=stored["waiting"],
        seconds=seconds,
    )


def run_rounds(tabs: Tabs, rounds: int, gap: float = 0.0) -> Figures:
    started = time.perf_counter()
    recorded = play_rounds(tabs, rounds, gap)
    return count(tabs, recorded, time.perf_counter() - started)
