"""The page's idle cost in the browser with the compiled core's Worker started, and without it; and its cost while
a move clock runs.

    node ../shared/tools/browser_harness/run.js --app . --entry benchmarks/browser_idle.py \\
        --exclude tests --exclude docs --exclude tools --viewport 390x844 --dpr 2 --mobile --fit \\
        --measure 15000,45000 --duration 46000      # add --hash noworker: no Worker; --hash clock: a clock runs

The real loop (``App.run``) on a 5x5 board, you against the Expert, your turn, nobody touching anything for
the whole run; the app starts the Worker as it does in a game (``--hash noworker``: it does not, as a page
without WebAssembly). With ``--hash clock``, two people on 5x5 with a 30 s move clock, nobody touching: the
clock counts down the whole time (it draws the first person's line at 30 s and starts the second's). The console
gets the frames drawn in each 10 s; the harness's ``--measure`` records the page's main-thread busy time
(``taskMs``) in ``summary.json``: the idle cost is its growth between the two measures over the 30 s between them.
On the desktop the script says so and stops (``idle_cpu.py`` measures the desktop).
"""

from __future__ import annotations

import asyncio
import sys
import time

from game.ai.wasm import browser
from game.app import app as app_module
from game.app.app import App
from game.page import current
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.storage import MemoryStore

YOU_V_EXPERT = Settings(seats=(Seat("human"), Seat("computer", "expert")), size=(5, 5), sound=False)
TWO_PEOPLE_TIMED = Settings(seats=(Seat("human"), Seat("human")), size=(5, 5), sound=False, timer=30)


async def count_frames(app: App, seconds: float, every: float) -> None:
    """Prints the frames drawn in each ``every`` seconds, then stops the loop after ``seconds``."""
    started = time.perf_counter()
    drawn = app.drawn
    while time.perf_counter() - started < seconds:
        await asyncio.sleep(every)
        print(f"browser_idle: {time.perf_counter() - started:5.1f} s: {app.drawn - drawn} frames drawn", flush=True)
        drawn = app.drawn
    app.running = False


async def main() -> None:
    if sys.platform != "emscripten":
        print("run this in the browser harness (see the docstring); benchmarks/idle_cpu.py measures the desktop")
        return
    hash_ = current().fragment()
    if "noworker" in hash_:
        app_module.core_in_worker.connect = lambda page: False  # type: ignore[assignment]
    app = App(size=None, store=MemoryStore())
    app.sounds.enabled = False
    if "clock" in hash_:
        app.go("board", session=Session(TWO_PEOPLE_TIMED, first=0))
        print("browser_idle: 5x5, two people, a 30 s move clock running", flush=True)
    else:
        app.go("board", session=Session(YOU_V_EXPERT, first=0))
        print(f"browser_idle: 5x5, your turn against the Expert, Worker started: {browser.connected()}", flush=True)
    app.running = True
    await asyncio.gather(app.run(), count_frames(app, 44.0, 10.0))


if __name__ == "__main__":
    asyncio.run(main())
