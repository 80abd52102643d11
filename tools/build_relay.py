"""Bundle the browser's MQTT client for online rooms' relays (mqtt.js, from npm) into one script beside the page.

Usage: python -m tools.build_relay [OUT]   (default build/web/relay-mqtt.js; ``make web`` runs it after pygbag)

mqtt.js and esbuild are pinned in package.json and package-lock.json; ``npm ci`` fetches them into node_modules/
when it is missing, and esbuild bundles tools/relay_mqtt.mjs (which puts mqtt.js's ``connect`` on
``window.pipopipetteMqtt``) for the browser, minified. Neither node_modules nor the bundle is committed: the
library is fetched and bundled at build time. ``game/play/online/relay.js`` loads the bundle when a room needs it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENTRY = ROOT / "tools" / "relay_mqtt.mjs"
BUNDLE = "relay-mqtt.js"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
MQTT = ROOT / "node_modules" / "mqtt" / "package.json"


class RelayBuildError(Exception):
    """The bundle could not be made; the message says why."""


def missing() -> str:
    """What this machine lacks to make the bundle ("" when nothing): npm, or node_modules not yet installed."""
    if ESBUILD.exists() and MQTT.exists():
        return ""
    return "" if shutil.which("npm") else "npm is not installed (Debian: apt-get install npm)"


def bundle(out: Path, timeout: float = 300) -> Path:
    """Write the bundle to ``out`` (``npm ci`` first when node_modules lacks mqtt or esbuild); returns ``out``."""
    why = missing()
    if why:
        raise RelayBuildError(why)
    if not (ESBUILD.exists() and MQTT.exists()):
        _run(["npm", "ci", "--no-audit", "--no-fund"], timeout)
    out.parent.mkdir(parents=True, exist_ok=True)
    _run([str(ESBUILD), str(ENTRY), "--bundle", "--format=iife", "--platform=browser", "--minify",
          f"--outfile={out}", "--log-level=warning"], timeout)  # fmt: skip
    return out


def _run(command: list[str], timeout: float) -> None:
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise RelayBuildError(f"{command[0]} failed: {error}") from error
    if done.returncode != 0:
        raise RelayBuildError(f"{' '.join(command[:2])} failed:\n{done.stderr[-2000:]}")


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "web" / BUNDLE
    try:
        made = bundle(out)
    except RelayBuildError as error:
        print(f"build_relay: {error}", file=sys.stderr)
        return 1
    print(f"{made}: {made.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
