"""``pipopipette --check``: whether an installed game is whole, for packagers and the wheel's test.

It runs the game for a few frames with its data kept in memory (nothing of the player's is read or written) and the
SDL drivers dummy unless chosen, loads the window icon and every sound the way the game does, reads the browser's
backup script and the puzzles, and prints what it found in words for a person (``--check``), or as one JSON object
for a script (``--check --json``): where the assets were read from, the icon's size, each sound's length in
seconds, and ``missing`` (what could not be read, with why). The exit status is 1 when anything is missing.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

import pygame

from ..play.backup import SCRIPT
from ..play.i18n import tr
from ..puzzles import load_puzzles
from ..storage import MemoryStore
from .app import App
from .assets import ASSETS, ICON, load_image
from .sound import NAMES

FRAMES = 5


def check(frames: int = FRAMES, as_json: bool = False) -> int:
    """Run the check, print its report (in words, or as JSON) and return the exit status."""
    for driver in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        os.environ.setdefault(driver, "dummy")
    report = survey(frames)
    print(json.dumps(report, indent=1) if as_json else in_words(report))
    return 1 if report["missing"] else 0


def in_words(report: dict[str, Any]) -> str:
    """The check's report for a person: whether the game is whole, then what was read and what is missing."""
    missing = report["missing"]
    lines = [tr("Pipopipette is installed whole.") if not missing else tr("Pipopipette is missing some of its files:")]
    lines += [tr("  missing: {why}").format(why=why) for why in missing]
    lines.append(tr("The game ran {frames} frames ({drawn} drawn) in a window nobody sees.").format(**report))
    lines.append(tr("Its files are read from {assets}.").format(assets=report["assets"]))
    if "icon" in report:
        lines.append(tr("Window icon: {w}x{h} pixels.").format(w=report["icon"][0], h=report["icon"][1]))
    sounds = report.get("sounds", {})
    if sounds:
        lengths = ", ".join(f"{name} {length:.2f} s" for name, length in sounds.items())
        lines.append(tr("Sounds: {lengths}.").format(lengths=lengths))
    if "puzzles" in report:
        lines.append(tr("Puzzles: {n}.").format(n=report["puzzles"]))
    if "backup_js" in report:
        lines.append(tr("The browser's backup script: {n} bytes.").format(n=report["backup_js"]))
    lines.append(tr("(pipopipette --check --json gives the same as JSON, for scripts.)"))
    return "\n".join(lines)


def survey(frames: int) -> dict[str, Any]:
    app = App(store=MemoryStore())
    asyncio.run(app.run(max_frames=frames, frame_rate=None))
    missing: list[str] = []
    report: dict[str, Any] = {"frames": app.frames, "drawn": app.drawn, "assets": str(ASSETS), "missing": missing}
    try:
        report["icon"] = list(load_image(ICON).get_size())
    except (pygame.error, FileNotFoundError) as error:
        missing.append(f"icon {ICON.name}: {error}")
    report["sounds"] = {}
    for name in NAMES:
        try:
            report["sounds"][name] = round(app.sounds.load(name).get_length(), 3)
        except (pygame.error, FileNotFoundError) as error:
            missing.append(f"sound {name}: {error}")
    shipped = (("backup_js", lambda: len(SCRIPT.source.read_bytes())), ("puzzles", lambda: len(load_puzzles())))
    for label, read in shipped:
        try:
            report[label] = read()
        except OSError as error:
            missing.append(f"{label}: {error}")
    pygame.quit()
    return report
