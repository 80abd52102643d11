"""The review screen's analysis in the app's own loop (frames drawn, the search polled): how long each position is
searched, in wall time, against its budget, and the time until the review is done; in the browser the search runs
in the Web Worker and works between the frames too.

Desktop:  python -m benchmarks.review_browser
Browser:  node ../shared/tools/browser_harness/run.js --app . --entry benchmarks/review_browser.py
              --exclude tests --exclude docs --exclude tools --viewport 390x844 --dpr 2 --mobile --fit
              --duration 240000
The review of ``benchmarks/analysis_browser.py``'s 4x4 and 5x5 games (the Hard games of seed 1) is opened at its
last move and run frame by frame until its analysis is done (the app's 10 s a position). Printed per game: the time
until done, the moves solved, and the longest wall time a position was searched (from the frame its search began
to the frame it was solved or given up), and each position searched more than 2 s as it ends. The figures go to the
console.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

if sys.platform != "emscripten":  # headless on the desktop; the browser has its canvas
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from benchmarks.analysis_browser import FRAME, GAMES
from game.ai.wasm import browser as core_in_worker
from game.ai.wasm.solver import compiled_core_available
from game.app.app import App
from game.app.scenes.review import POSITION_SECONDS, ReviewScene
from game.core import decode
from game.storage import MemoryStore

LONG = 2.0  # a position searched longer than this (wall time) is printed as it ends


async def review(app: App, code: str) -> tuple[float, int, int, float, int]:
    """(seconds until done, moves solved, moves, the longest wall time of one position's search, frames)."""
    scene = ReviewScene(app, decode(code))
    app.manager.push(scene)
    analysis = scene.analysis
    started = time.perf_counter()
    frames = 0
    solving, since, longest = analysis.solving, started, 0.0
    while not analysis.done:
        app.frame(FRAME)
        frames += 1
        await asyncio.sleep(FRAME)
        if analysis.solving != solving:
            now = time.perf_counter()
            longest = max(longest, now - since)
            if now - since > LONG and solving is not None:
                ended = "solved" if analysis.values[solving] is not None else "given up"
                print(f"  position {solving}: searched {now - since:.1f} s, {ended}", flush=True)
            solving, since = analysis.solving, now
    seconds = time.perf_counter() - started
    app.manager.pop()
    return seconds, analysis.solved_count(), len(analysis.lines), longest, frames


async def measure() -> None:
    browser = sys.platform == "emscripten"
    app = App(size=None if browser else (780, 1688), store=MemoryStore(), density=1.0 if browser else 2.0)
    app.sounds.enabled = False
    where = "Web Worker" if core_in_worker.connected() else "thread" if compiled_core_available() else "Python"
    print(f"review, {'browser' if browser else 'desktop'}, search in: {where}, {POSITION_SECONDS} s a position")
    for name, (code, _) in GAMES.items():
        seconds, solved, moves, longest, frames = await review(app, code)
        print(
            f"REVIEW {name}: done in {seconds:.1f} s, {solved} of {moves} moves solved, longest position "
            f"{longest:.1f} s of wall time, {frames} frames",
            flush=True,
        )
    print("REVIEW DONE", flush=True)
    if not browser:
        pygame.quit()


def main() -> None:
    asyncio.run(measure())


if __name__ == "__main__":
    main()
