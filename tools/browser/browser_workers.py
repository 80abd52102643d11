"""The compiled core's Web Workers in a real browser page (headless Chromium on Pyodide, through the browser
harness): the page is ``workers_page.py``; this side calls it. Used by ``benchmarks/browser_workers.py`` and
``tests/ai/wasm/test_browser_workers.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tools.browser.browser_expert import GAME, _descendants, lacking, open_app_page, python_error

HERE = Path(__file__).resolve().parent
ENTRY = HERE.relative_to(GAME) / "workers_page.py"
PAGE = "workers"
PAGE_OBJECT = "__import__('sys').modules['__main__'].workers"

__all__ = ["BrowserWorkers", "lacking"]


class BrowserWorkers:
    """One Chromium page with the Workers (started by :meth:`connect`)."""

    def __init__(self) -> None:
        self.driver = open_app_page(ENTRY, PAGE, "workers")

    def call(self, code: str) -> Any:
        return json.loads(self.driver.ask(page=PAGE, py=f"{PAGE_OBJECT}.{code}"))

    def wait(self, code: str) -> Any:
        try:
            return json.loads(self.driver.ask(page=PAGE, **{"await": f"await {PAGE_OBJECT}.{code}"}))
        except RuntimeError as error:
            raise RuntimeError(python_error(str(error))) from None

    def rss_bytes(self, kind: str = "renderer") -> int:
        """The resident memory of the browser's processes of ``kind`` (Chromium's ``--type``: "renderer" runs the
        page and its Workers, as threads)."""
        total = 0
        for pid in _descendants(self.driver.process.pid):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as command:
                    if f"--type={kind}".encode() not in command.read():
                        continue
                with open(f"/proc/{pid}/status", encoding="ascii") as status:
                    for line in status:
                        if line.startswith("VmRSS:"):
                            total += int(line.split()[1]) * 1024
            except OSError:
                continue
        return total

    def close(self) -> None:
        self.driver.close()
