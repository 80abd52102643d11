"""A long monkey run: seeded random taps, clicks, drags, keys, wheel turns and window sizes from every scene, through
the app's own loop (``tests/app_monkey.py``, the same monkey as ``tests/app/test_monkey.py``), with data saved in a
temporary folder as on the desktop.

Usage: python -m benchmarks.monkey [--actions 5000] [--seed 1] [--tracemalloc]
Prints the events posted, the scenes seen, memory at the start and the end (the process's resident size, the same
after a full garbage collection and malloc_trim, and with --tracemalloc the Python objects alive, which is slower),
and whether every saved file still reads back as valid.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app.app import App
from game.storage import FileStore, Saved
from tests.app_monkey import (
    FrameClock,
    Monkey,
    every_scene,
    resident_mb,
    settled_mb,
    small_game_settings,
    stored_problems,
    traced_mb,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5000, help="random actions in all (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tracemalloc", action="store_true", help="also count Python objects (about 2.5x slower)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = FileStore(folder)
        Saved(store).save_settings(small_game_settings())
        monkey = Monkey(lambda: App(size=(360, 640), store=store, clock=FrameClock(), browser=False), args.seed)
        per_scene = 10
        tour = per_scene * len(every_scene(monkey.app))
        monkey.tour(per_scene)  # warm-up: one tour, not counted in the growth
        if args.tracemalloc:
            tracemalloc.start()
        start_settled = settled_mb()
        start_rss, start_traced, started = resident_mb(), traced_mb(), time.perf_counter()
        print(f"seed {args.seed}: after a warm-up tour of {tour} actions: {start_rss:.1f} MB resident", end="")
        print(f", {start_traced:.1f} MB traced" if args.tracemalloc else "")
        done = 0
        while done < args.actions:
            monkey.tour(per_scene)
            done += tour
            if done % (tour * 10) < tour:
                print(f"  {done:6d} actions: {resident_mb():.1f} MB resident, {settled_mb():.1f} MB settled", end="")
                print(f", {traced_mb():.1f} MB traced" if args.tracemalloc else "")
        seconds = time.perf_counter() - started
        monkey.close()
        end_rss, end_traced = resident_mb(), traced_mb()
        end_settled = settled_mb()
        problems = stored_problems(FileStore(folder))
        saved_bytes = FileStore(folder).stored_bytes()
    print(f"{done} actions ({dict(monkey.events)}), {monkey.posted} SDL events, in {seconds:.0f} s")
    print(f"the game was started {monkey.starts} times (Escape on the desktop menu quits)")
    print(f"scenes seen (frames): {dict(monkey.scenes)}")
    print(f"resident memory: {start_rss:.1f} MB -> {end_rss:.1f} MB ({end_rss - start_rss:+.1f} MB)")
    print(f"settled (after gc and malloc_trim): {start_settled:.1f} MB -> {end_settled:.1f} MB")
    if args.tracemalloc:
        print(f"Python objects (tracemalloc): {start_traced:.2f} MB -> {end_traced:.2f} MB")
    print(f"saved data: {saved_bytes} bytes; problems reading it back: {problems or 'none'}")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
