"""Desktop idle CPU: the real loop (App.run at 60 frames a second, real clock, headless SDL) left alone on the menu,
on a board where a person is to move, and on a board whose move clock runs, as the share of one core the process
used (CPU time over wall time).
For comparison, the same loop forced to draw every frame (what it did before it learnt to rest).

Usage: python -m benchmarks.idle_cpu [--seconds 5]   (prints % of one core and frames drawn)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.app.app import App
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.storage import MemoryStore


def idle_share(app: App, seconds: float, always_draw: bool = False) -> tuple[float, float, int]:
    """(share of one core, wall seconds, frames drawn) while the loop runs ``seconds`` with no input."""
    scene = app.manager.top
    if always_draw:
        scene.wants_frame = lambda: True  # type: ignore[method-assign]
    asyncio.run(app.run(max_frames=app.frames + 10))  # settle: first drawing, caches
    drawn = app.drawn
    cpu, wall = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall < seconds:
        asyncio.run(app.run(max_frames=app.frames + 10))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if always_draw:
        del scene.wants_frame
    return cpu / wall, wall, app.drawn - drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for name, size in (("1280x720", (1280, 720)), ("1100x760 (the desktop window)", (1100, 760))):
        app = App(size=size, store=MemoryStore(), browser=False)
        app.sounds.enabled = False
        you_v_expert = Settings(seats=(Seat("human"), Seat("computer", "expert")), size=(5, 5))
        timed = Settings(seats=(Seat("human"), Seat("human")), size=(5, 5), timer=30)
        boards = {"5x5 board, your turn vs Expert": you_v_expert, "5x5, two people, 30 s clock": timed}
        for place in ("menu", *boards):
            if place != "menu":
                app.go("board", session=Session(boards[place], first=0))
            for always in (False, True):
                share, wall, drawn = idle_share(app, args.seconds, always)
                how = "drawing every frame (before)" if always else "idle"
                print(
                    f"{name:30s} {place:32s} {how:29s} {share * 100:5.1f}% of a core  "
                    f"{drawn:4d} frames drawn in {wall:.1f} s"
                )
    pygame.quit()


if __name__ == "__main__":
    main()
