"""The monkey: seeded random taps, clicks, drags, keys, wheel turns and window sizes from every scene, through the
app's own loop. Nothing may raise, memory stays flat once warm, and whatever was saved reads back as valid.
``benchmarks/monkey.py`` runs the same monkey for a long time and reports its figures."""

from __future__ import annotations

import pathlib
import tracemalloc

import pygame
import pytest
from app_monkey import FrameClock, Monkey, every_scene, registered_classes, small_game_settings, stored_problems

from game.app.app import App
from game.storage import FileStore, Saved

ACTIONS_PER_SCENE = 4
WARM_GROWTH_LIMIT = 1_000_000  # bytes of Python objects a warm round may add (measured: 90-340 KB, caches filling)


@pytest.mark.slow
def test_the_monkey_breaks_nothing(tmp_path, seed=20261130):
    store = FileStore(tmp_path)
    Saved(store).save_settings(small_game_settings())
    monkey = Monkey(lambda: App(size=(360, 640), store=store, clock=FrameClock(), browser=False), seed=seed)
    monkey.tour(ACTIONS_PER_SCENE)  # warm: fonts, boards and tables the tour needs are built once
    tracemalloc.start()
    try:
        monkey.tour(ACTIONS_PER_SCENE)
        # What the round kept, less what pathlib allocated: it interns path parts (sys.intern), and once in a while
        # the round crosses a resize of the interpreter's table of interned strings, one block of about 1.8 MB that
        # depends on how many strings the tests before it interned (seen in whole runs of the app's tests only).
        kept = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, pathlib.__file__)])
        growth = sum(stat.size for stat in kept.statistics("filename"))
    finally:
        tracemalloc.stop()
        monkey.close()
        pygame.event.clear()
    assert set(monkey.scenes) >= registered_classes(monkey.app), "every scene was visited"
    assert sum(monkey.events.values()) >= 2 * ACTIONS_PER_SCENE * len(every_scene(monkey.app))
    assert growth < WARM_GROWTH_LIMIT, f"a warm round of the monkey kept {growth} bytes"
    assert stored_problems(FileStore(tmp_path)) == []
