"""What the browser tests share: where the browser harness is, what this machine lacks for it, and the node driver of
the pages (one JSON command a line, one answer a line).

The harness's tools (``run.js``, ``harness.html``, ``bootstrap.py``, its README) are found at
``BROWSER_HARNESS_TOOLS``, by default ``../shared/tools/browser_harness``; a relative path is read from the
repository's root, wherever the command runs. What the harness installs (playwright-core, Pyodide, the pygame-ce
wheel) is at ``BROWSER_HARNESS_HOME``, by default the harness's own ``/tmp/browserharness``. docs/testing.md says
how to set them up."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tools import web_packages

REPOSITORY = Path(__file__).resolve().parents[2]
HOME = Path(os.environ.get("BROWSER_HARNESS_HOME", "/tmp/browserharness"))
TOOLS = (REPOSITORY / os.environ.get("BROWSER_HARNESS_TOOLS", "../shared/tools/browser_harness")).resolve()
README = TOOLS / "README.md"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
PLAYWRIGHT = (f"playwright-core in {HOME}/node_modules", (HOME / "node_modules" / "playwright-core").exists())
PYODIDE = (f"Pyodide in {HOME}/pyodide/0.29.3", (HOME / "pyodide" / "0.29.3" / "pyodide.js").exists())


def missing(*needs: tuple[str, bool]) -> list[str]:
    """What this machine lacks: node, Chromium and ``needs`` (each a name and whether it is there)."""
    always = (("node", shutil.which("node") is not None), (str(CHROMIUM), CHROMIUM.exists()))
    return [what for what, there in (*always, *needs) if not there]


def skip_reason(lacking: list[str]) -> str:
    return f"browser test skipped: {', '.join(lacking)} missing (see {README} and docs/testing.md)"


class NodeDriver:
    """A node script driving Chromium pages: one JSON command a line in, one answer a line out."""

    def __init__(
        self, script: Path, env: dict[str, str] | None = None, stop_seconds: float = 30, prefix: tuple[str, ...] = ()
    ) -> None:
        """``prefix`` runs node through another program (``ip netns exec NAME``: in a network namespace)."""
        self.stop_seconds = stop_seconds
        self.process = subprocess.Popen(
            [*prefix, "node", str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
            env=env,
        )  # fmt: skip

    def ask(self, **command: Any) -> Any:
        assert self.process.stdin and self.process.stdout
        if "serve" in command:  # the game's folder as the web build packs it: its pure-Python packages beside it
            web_packages.fill(Path(command["serve"]))
        self.process.stdin.write(json.dumps(command) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the pages' driver stopped (see its stderr)")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["ok"]

    def close(self) -> None:
        assert self.process.stdin
        try:
            self.process.stdin.write(json.dumps({"quit": True}) + "\n")
            self.process.stdin.close()
            self.process.wait(timeout=self.stop_seconds)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
