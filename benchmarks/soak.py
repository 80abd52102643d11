"""A soak: computer-against-computer games one after another through the app's own loop (``App.run``), started
by clicking Quick play and then Rematch on each results screen, with results saved in a temporary folder as on
the desktop.

Usage: python -m benchmarks.soak [--games 1000] [--size 2x2] [--levels beginner,easy] [--tracemalloc]
Prints memory after the first game and at the end (resident size, the same after a full garbage collection and
malloc_trim, and with --tracemalloc the Python objects alive, slower), the frames and time taken, and the saved
data's size and games counted at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.app.app import App
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene
from game.play.settings import Seat, Settings
from game.storage import FileStore, Saved
from tests.app_monkey import FrameClock, resident_mb, settled_mb, stored_problems, traced_mb

FRAME_SECONDS = 0.1  # each frame moves the game's clock 0.1 s (the loop's largest step): animations end sooner


def click(app: App, label: str) -> None:
    """Click the top scene's button ``label`` with real mouse events, and run one frame."""
    scene = app.manager.top
    [button] = [widget for widget in scene.panel.widgets if widget.label == label]
    x, y = button.rect.center
    pos = (x, y + app.notice_height)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app, 1)


LOOP = asyncio.new_event_loop()  # one event loop for the whole soak, as in the game


def frames(app: App, count: int) -> None:
    LOOP.run_until_complete(app.run(max_frames=app.frames + count))


def play_one(app: App, limit: int = 100_000) -> int:
    """Run frames until the results screen shows; the frames it took."""
    start = app.frames
    while not isinstance(app.manager.top, ResultsScene):
        frames(app, 10)
        if app.frames - start > limit:
            raise RuntimeError("a game did not end")
    return app.frames - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--size", default="2x2", help="boxes, rows x columns (default 2x2)")
    parser.add_argument("--levels", default="beginner,easy", help="the two computers' levels")
    parser.add_argument("--tracemalloc", action="store_true", help="also count Python objects (slower)")
    args = parser.parse_args()
    rows, columns = (int(n) for n in args.size.split("x"))
    levels = args.levels.split(",")
    settings = Settings(size=(rows, columns), seats=tuple(Seat("computer", level) for level in levels))
    settings = settings.with_(animation="fast", sound=False)
    with tempfile.TemporaryDirectory() as folder:
        store = FileStore(folder)
        Saved(store).save_settings(settings.to_data())
        app = App(size=(360, 640), store=store, clock=FrameClock(FRAME_SECONDS), browser=False)
        frames(app, 1)
        assert isinstance(app.manager.top, MenuScene)
        click(app, "Quick play")
        total_frames = play_one(app)
        if args.tracemalloc:
            tracemalloc.start()
        start_settled = settled_mb()
        start_rss, start_traced, started = resident_mb(), traced_mb(), time.perf_counter()
        print(f"{args.games} games, {args.size} boxes, {' v '.join(levels)}")
        print(f"after game 1: {start_rss:.1f} MB resident", end="")
        print(f", {start_traced:.2f} MB traced" if args.tracemalloc else "")
        for number in range(2, args.games + 1):
            click(app, "Rematch")
            total_frames += play_one(app)
            if number % 100 == 0:
                print(f"  after game {number}: {resident_mb():.1f} MB resident", end="")
                print(f", {traced_mb():.2f} MB traced" if args.tracemalloc else "")
        seconds = time.perf_counter() - started
        end_rss, end_traced = resident_mb(), traced_mb()
        end_settled = settled_mb()
        reopened = Saved(FileStore(folder))
        view = reopened.history()
        problems = stored_problems(FileStore(folder))
    print(f"{total_frames} frames, {seconds:.0f} s for games 2-{args.games}")
    print(f"resident memory: {start_rss:.1f} MB -> {end_rss:.1f} MB ({end_rss - start_rss:+.1f} MB)")
    print(f"settled (after gc and malloc_trim): {start_settled:.1f} MB -> {end_settled:.1f} MB")
    if args.tracemalloc:
        print(f"Python objects (tracemalloc): {start_traced:.2f} MB -> {end_traced:.2f} MB")
    print(f"history: {view.total} games counted, {len(view.games)} in detail; saved data {view.stored_bytes} bytes")
    print(f"problems reading the saved data back: {problems or 'none'}")
    if problems or view.total != args.games:
        sys.exit(1)


if __name__ == "__main__":
    main()
