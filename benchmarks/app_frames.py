"""App speed on this machine (headless SDL): start to first frame, frame times idle and while a computer thinks,
and how long a hint takes to show (frames and seconds at 60 frames a second).

Usage: python -m benchmarks.app_frames [--quick]   (SDL's dummy video and audio drivers; prints milliseconds)
The browser runs the same loop in WebAssembly, several times slower: a frame should stay well under 16 ms here.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]

import pygame  # noqa: E402

from game.app.app import App  # noqa: E402
from game.play.match import Session  # noqa: E402
from game.play.settings import Seat, Settings  # noqa: E402
from game.storage import MemoryStore  # noqa: E402

PHONE_PORTRAIT = (780, 1688)  # a 390x844 CSS px phone's canvas at devicePixelRatio 2
PHONE_LANDSCAPE = (1688, 780)
START_SCRIPT = """
import time
started = time.perf_counter()
import asyncio
from game.app import main
asyncio.run(main(max_frames=1))
print(time.perf_counter() - started)
"""


def start_to_first_frame(runs: int = 5) -> list[float]:
    """Seconds from the start of the game's imports (pygame included) to the first frame, in a fresh process."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PIPOPIPETTE_DATA_DIR": folder, "PYTHONPATH": str(ROOT)}
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, "-c", START_SCRIPT], env=env, capture_output=True, text=True, check=True
            )
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times


def frame_times(app: App, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        started = time.perf_counter()
        app.frame(1 / 60)
        times.append(time.perf_counter() - started)
    return times


def mid_game(settings: Settings, moves: int, to_move: int = 0) -> Session:
    """A session after at least ``moves`` random safe-or-not lines, stopped when seat ``to_move`` is to play."""
    rng = random.Random(11)
    session = Session(settings, random.Random(11), first=0)
    state = session.state
    while len(state.moves) < moves or state.to_move != to_move:
        session.movers[0].append(state.to_move)
        state.play(rng.choice(state.legal_lines()))
    return session


def quiet_game(settings: Settings, moves: int, seed: int = 4, to_move: int = 0) -> Session:
    """A session after ``moves`` safe lines (nothing to capture, so searches have real work), ``to_move`` to play."""
    rng = random.Random(seed)
    session = Session(settings, random.Random(seed), first=0)
    state = session.state
    while len(state.moves) < moves or state.to_move != to_move:
        safe = [line for line in state.legal_lines() if state.is_safe(line)]
        session.movers[0].append(state.to_move)
        state.play(rng.choice(safe or state.legal_lines()))
    return session


def hint_latency(app: App, settings: Settings, moves: int) -> tuple[int, float, list[float]]:
    """(frames, seconds, frame times) from asking for a hint to seeing it, the loop paced at 60 frames a second."""
    session = quiet_game(settings, moves)
    app.go("board", session=session)
    app.frame(1 / 60)
    session.request_hint()
    started, first = time.perf_counter(), app.frames
    times: list[float] = []

    async def play() -> None:
        while session.hint is None and len(times) < 600:
            frame_started = time.perf_counter()
            app.frame(1 / 60)
            times.append(time.perf_counter() - frame_started)
            await asyncio.sleep(max(0.0, 1 / 60 - times[-1]))

    asyncio.run(play())
    app.manager.pop()
    return app.frames - first, time.perf_counter() - started, times


def report(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(len(ms) * 0.95) - 1]
    print(
        f"{label:52s} mean {statistics.mean(ms):6.2f} ms  p95 {p95:6.2f} ms  max {ms[-1]:6.2f} ms  ({len(ms)} frames)"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    starts = start_to_first_frame(2 if quick else 5)
    print(
        f"desktop start to first frame: median {statistics.median(starts) * 1000:.0f} ms (runs: "
        + ", ".join(f"{t * 1000:.0f}" for t in starts)
        + ")"
    )
    for name, size in (("portrait", PHONE_PORTRAIT), ("landscape", PHONE_LANDSCAPE)):
        app = App(size=size, store=MemoryStore(), browser=False, density=2.0)
        app.sounds.enabled = False
        report(f"menu idle, {name} {size[0]}x{size[1]}", frame_times(app, 300))
        humans = Settings(seats=(Seat("human"), Seat("human")), size=(8, 8))
        app.go("board", session=mid_game(humans, 60))
        report(f"8x8 board idle (a person to move), {name}", frame_times(app, 300))
        for level in ("medium", "expert"):
            thinking = Settings(seats=(Seat("human"), Seat("computer", level)), size=(5, 5))
            session = quiet_game(thinking, 14, to_move=1)
            app.go("board", session=session)
            app.frame(1 / 60)
            times = []
            while session.thinking and len(times) < 600:
                times += frame_times(app, 1)
            report(f"5x5 board while {level} thinks, {name}", times or [0.0])
        app.manager.pop()
        app.manager.pop()
        boards = (("square", (3, 3), 4), ("square", (5, 5), 10), ("square", (8, 8), 40), ("hex", (2,), 20))
        for shape, board, moves in boards[:2] if quick else boards:
            humans = Settings(seats=(Seat("human"), Seat("human")), shape=shape, size=board)
            frames, seconds, times = hint_latency(app, humans, moves)
            label = f"hint on {shape} {'x'.join(map(str, board))} after {moves} lines, {name}"
            print(f"{label:52s} {frames:4d} frames  {seconds * 1000:5.0f} ms  worst frame {max(times) * 1000:5.2f} ms")
    pygame.quit()


if __name__ == "__main__":
    main()
