"""The compiled core's Web Workers in a real browser page (headless Chromium on Pyodide, through the browser
harness): the page is ``workers_page.py``; this side calls it. Used by ``benchmarks/browser_workers.py`` and
``tests/ai/wasm/test_browser_workers.py``.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from browser_expert import GAME, _descendants, lacking, python_error
from node_driver import HOME, TOOLS, NodeDriver

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "app_pages.js"
ENTRY = HERE.relative_to(GAME) / "workers_page.py"
PAGE = "workers"
PAGE_MODULE = "__import__('sys').modules['__main__']"
PAGE_OBJECT = f"{PAGE_MODULE}.workers"
READY_TRIES = 600

__all__ = ["BrowserWorkers", "lacking"]


class BrowserWorkers:
    """One Chromium page with the Workers (started by :meth:`connect`)."""

    def __init__(self) -> None:
        env = dict(os.environ, BROWSER_HARNESS_HOME=str(HOME), BROWSER_HARNESS_TOOLS=str(TOOLS))
        self.driver = NodeDriver(DRIVER, env=env, stop_seconds=20)
        try:
            self.driver.ask(serve=str(GAME), entry=str(ENTRY))
            self.driver.ask(open=PAGE, browser=PAGE)
            for _ in range(READY_TRIES):
                if self.driver.ask(page=PAGE, py=f"str(hasattr({PAGE_MODULE}, 'workers'))") == "True":
                    break
                time.sleep(0.1)
            else:
                raise RuntimeError("the page did not start")
        except BaseException:
            self.driver.close()
            raise

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
