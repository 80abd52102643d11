"""The analysis board in the app's own loop (frames drawn, the search polled): the time until every line of the
position shown has its value, and the frames drawn meanwhile; in the browser, the search runs in the Web Worker.

Desktop:  python -m benchmarks.analysis_browser
Browser:  node ../shared/tools/browser_harness/run.js --app . --entry benchmarks/analysis_browser.py
              --exclude tests --exclude docs --exclude tools --viewport 390x844 --dpr 2 --mobile --fit
              --duration 200000 --shots 190000
The review of a 4x4 and a 5x5 game (``benchmarks/review.py``'s Hard games, seed 1, as position codes) is opened with
the values on, at several numbers of lines left; the figures go to the console, and the 4x4 board at 26 lines left
stays on screen at the end (for a screenshot).
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

from game.ai.wasm import browser as core_in_worker
from game.ai.wasm.solver import compiled_core_available
from game.app.app import App
from game.app.scenes.review import ReviewScene
from game.core import decode
from game.storage import MemoryStore

GAMES = {
    "4x4": ("2.s4x4.2.0.DQGlHLPRIgnbUCJNfkXYWOAVEMejmSTBFZaihKcd.Nw", (32, 30, 28, 26)),
    "5x5": ("2.s5x5.2.0.3P4oDmGKHgp1Wtxs0FdAi7vjXzSwUcrqJOEyRnMb56YTuNIChZ2fBeklLQVa.O_", (42, 40, 38, 36)),
}
LAST = ("4x4", 26)  # left on screen at the end
FRAME = 1 / 60


async def fill(app: App, scene: ReviewScene, left: int) -> tuple[float, int, int, int]:
    """(seconds until the values at ``left`` lines left are complete, lines valued, lines, frames drawn)."""
    scene.go_to(scene.game.board.num_lines - left)  # (the position after that many moves)
    started = time.perf_counter()
    frames = 0
    scene.values.board.show(scene.positions[scene.index])
    while scene.values.board.busy:
        app.frame(FRAME)
        frames += 1
        await asyncio.sleep(FRAME)
    shown = scene.values.board.current
    assert shown is not None
    return time.perf_counter() - started, len(shown.known()), len(shown.values), frames


async def measure() -> None:
    browser = sys.platform == "emscripten"
    app = App(size=None if browser else (780, 1688), store=MemoryStore(), density=1.0 if browser else 2.0)
    app.sounds.enabled = False
    where = "Web Worker" if core_in_worker.connected() else "thread" if compiled_core_available() else "Python"
    print(f"analysis board, {'browser' if browser else 'desktop'}, search in: {where}", flush=True)
    for name, (code, lefts) in GAMES.items():
        scene = ReviewScene(app, decode(code))
        app.manager.push(scene)
        app.frame(FRAME)
        scene.toggle_values()
        for left in lefts:
            seconds, known, lines, frames = await fill(app, scene, left)
            print(
                f"VALUES {name} at {left} lines left: {known}/{lines} valued in {seconds:.2f} s, "
                f"{frames} frames ({frames / max(seconds, 1e-9):.0f} a second)",
                flush=True,
            )
        if name != LAST[0]:
            app.manager.pop()
    scene = app.manager.top
    assert isinstance(scene, ReviewScene)
    await fill(app, scene, LAST[1])
    print("VALUES DONE", flush=True)
    for _ in range(600):  # (on screen for the screenshot)
        app.frame(FRAME)
        await asyncio.sleep(FRAME)
    if not browser:
        pygame.quit()


def main() -> None:
    asyncio.run(measure())


if __name__ == "__main__":
    main()
