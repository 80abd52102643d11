"""The one entry point used by pygbag's ``main.py`` (browser) and ``python -m game`` (desktop)."""

from __future__ import annotations

import asyncio
import random
import sys
from typing import Any

import pygame

from .app import FRAME_RATE, App
from .check import check


async def main(max_frames: int | None = None, frame_rate: float | None = FRAME_RATE, **options: Any) -> App:
    """Run the game until the player quits (or for ``max_frames`` turns of the loop); returns the app for inspection.

    ``options`` go to :class:`App` (``size``, ``store``, ``clock``, ``browser``, ``link``), for tests and tools.
    """
    random.seed()  # pygbag seeds the generator with 1 at start-up
    app = App(**options)
    await app.run(max_frames=max_frames, frame_rate=frame_rate)
    return app


def run() -> None:
    """Desktop: a resizable window, at most 60 frames a second (and none while nothing changes); a game link or
    code on the command line is opened. ``--check`` reports whether the game's files are all there instead, in
    words (``--check --json``: as JSON) (:mod:`game.app.check`)."""
    link = sys.argv[1] if len(sys.argv) > 1 else None
    if link == "--check":
        sys.exit(check(as_json="--json" in sys.argv[2:]))
    try:
        asyncio.run(main(link=link))
    finally:
        pygame.quit()
