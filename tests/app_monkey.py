"""A seeded monkey for the real app: random taps, clicks, drags, keys, wheel turns and window sizes, posted as SDL
events into the app's own loop (``App.run``), plus a check that everything it left in storage is still valid.

Used by ``tests/app/test_monkey.py`` (a few seconds in ``make test``) and ``benchmarks/monkey.py`` (a long run).
Half of the pointer events aim at something on screen (a widget of the top scene, a line of the board) so that every
scene is reached quickly; the rest land anywhere. The events are reproducible from the seed; the computer players
think for a measured time each frame, so their moves (and so the exact path) can differ between runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import os
import random
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.app.app import App
from game.app.layout import MIN_PORTRAIT as MIN_SIZE  # the smaller of the least sizes, upright
from game.app.scene import Scene
from game.play.match import Session, resume_session
from game.play.settings import Seat, Settings, settings_from_data
from game.puzzles import load_puzzles
from game.storage import HISTORY, SETTINGS, UNFINISHED, RecordError, Store, UnfinishedGame
from game.storage.history import read_book

SIZES = [(360, 640), (720, 1280), (1280, 720), (1100, 760), (640, 360), (800, 800), (412, 915)]
KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_u,
    pygame.K_h,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_a,
    pygame.K_F5,
]
KINDS = ["aimed", "aimed", "tap", "click", "drag", "hover", "key", "key", "wheel", "wait", "resize"]
KIND_WEIGHTS = [30, 20, 10, 8, 6, 4, 10, 5, 2, 4, 1]


class FrameClock:
    """Each reading is ``step`` seconds after the last: the loop sees steady frames, whatever the machine does."""

    def __init__(self, step: float = 1 / 30) -> None:
        self.t = 0.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


@dataclass
class Monkey:
    """Drives the app that ``start`` makes with random events from ``seed``; counts what it did and which scenes
    it saw. When the app quits (Escape on the desktop's menu), it is started again, as a player would."""

    start: Callable[[], App]
    seed: int = 1
    events: Counter = field(default_factory=Counter)
    scenes: Counter = field(default_factory=Counter)
    starts: int = 0
    posted: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.loop = asyncio.new_event_loop()  # one loop for the whole run, as in the game
        self.app = self.launch()

    def launch(self) -> App:
        app = self.start()
        app.rng.seed(self.rng.random())
        self.starts += 1
        return app

    # -- running --------------------------------------------------------------------------------------------------
    def frames(self, count: int = 1) -> None:
        self.loop.run_until_complete(self.app.run(max_frames=self.app.frames + count))
        self.scenes[type(self.app.manager.top).__name__] += 1
        if not self.app.running:
            self.app = self.launch()

    def close(self) -> None:
        self.loop.close()

    def run(self, actions: int) -> None:
        for _ in range(actions):
            self.act()

    def tour(self, actions_per_scene: int) -> None:
        """From each of :func:`every_scene` (over the menu), ``actions_per_scene`` random actions."""
        for index in range(len(every_scene(self.app))):
            scene = every_scene(self.app)[index]  # made for the app running now (it may have been restarted)
            self.app.reset("menu")
            if type(scene) is not type(self.app.manager.top):
                self.app.manager.push(scene)
            self.frames(1)
            self.run(actions_per_scene)

    def act(self) -> None:
        kind = self.rng.choices(KINDS, KIND_WEIGHTS)[0]
        getattr(self, kind)()
        self.events[kind] += 1
        self.frames(self.rng.randint(1, 3))

    # -- what the monkey does -------------------------------------------------------------------------------------
    def point(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def target(self) -> tuple[int, int]:
        """A point on something the top scene shows: one of its widgets (or a part of one) or a board line."""
        scene = self.app.manager.top
        spots: list[Any] = []
        panel = getattr(scene, "panel", None)
        for widget in getattr(panel, "widgets", []):
            parts = widget.part_rects() if hasattr(widget, "part_rects") else []
            spots.extend(rect for _, rect in parts)
            spots.append(widget.rect)
        view = getattr(scene, "view", None)
        ends = getattr(view, "ends", None)
        if ends:
            spots.extend(pygame.Rect(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), (1, 1)) for a, b in ends)
        if not spots:
            return self.point()
        rect = self.rng.choice(spots)
        return rect.centerx, rect.centery + self.app.notice_height

    def aimed(self) -> None:
        if self.rng.random() < 0.5:
            self.tap_at(self.target())
        else:
            self.click_at(self.target())

    def tap(self) -> None:
        self.tap_at(self.point())

    def click(self) -> None:
        self.click_at(self.point())

    def tap_at(self, pos: tuple[int, int]) -> None:
        w, h = self.app.screen.get_size()
        finger = self.rng.randrange(3)
        end = self.point() if self.rng.random() < 0.2 else pos
        self.post(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, dx=0, dy=0, finger_id=finger, touch_id=1)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
        if end != pos:
            self.post(pygame.FINGERMOTION, x=end[0] / w, y=end[1] / h, dx=0, dy=0, finger_id=finger, touch_id=1)
        self.post(pygame.FINGERUP, x=end[0] / w, y=end[1] / h, dx=0, dy=0, finger_id=finger, touch_id=1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=True)

    def click_at(self, pos: tuple[int, int]) -> None:
        button = self.rng.choice([1, 1, 1, 2, 3])
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)

    def drag(self) -> None:
        start = self.point()
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        for _ in range(self.rng.randint(1, 6)):
            self.post(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(1, 0, 0), touch=False)
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=self.point(), button=1, touch=False)

    def hover(self) -> None:
        for _ in range(self.rng.randint(1, 4)):
            self.post(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(0, 0, 0), touch=False)

    def key(self) -> None:
        mod = pygame.KMOD_SHIFT if self.rng.random() < 0.2 else 0
        self.post(pygame.KEYDOWN, key=self.rng.choice(KEYS), mod=mod, unicode="", scancode=0)

    def wheel(self) -> None:
        self.post(pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-3, -1, 1, 3]), touch=False, flipped=False)

    def wait(self) -> None:
        self.frames(self.rng.randint(5, 60))

    def resize(self) -> None:
        if self.rng.random() < 0.5:
            size = self.rng.choice(SIZES)
        else:
            size = (self.rng.randint(MIN_SIZE[0] - 60, 1600), self.rng.randint(MIN_SIZE[1] - 60, 1200))
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])

    def post(self, kind: int, **fields: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))
        self.posted += 1


def small_game_settings_values() -> dict[str, Any]:
    """Settings a monkey can finish games with: 2x2 boxes against the Beginner, fast animation."""
    return {"size": (2, 2), "seats": (Seat("human"), Seat("computer", "beginner")), "animation": "fast"}


def small_game_settings() -> dict[str, Any]:
    """:func:`small_game_settings_values` as saved data."""
    return Settings(**small_game_settings_values()).to_data()


def finished_session(settings: Settings, seed: int = 3) -> Session:
    """A session whose every board was played to the end with random lines."""
    session = Session(settings, random.Random(seed), first=0)
    rng = random.Random(seed)
    for game in session.games:
        while not game.over:
            game.play(rng.choice(game.legal_lines()))
    session.movers = [game.drawers() for game in session.games]
    return session


def scene_arguments(app: App) -> dict[str, list[dict[str, Any]]]:
    """For each registered scene that takes arguments, the ones the monkey starts it with (one scene for each)."""
    small = Settings(**small_game_settings_values())
    four = Settings(shape="triangle", size=(4,), seats=(Seat("human"),) * 3 + (Seat("computer", "easy"),))
    link = "https://example.org/#p=1.s2x2.2.0.AB.C"
    return {
        "settings": [{"play": True}, {"play": False}],
        "board": [{"session": Session(small, app.rng)}, {"session": Session(four.with_(timer=15), app.rng)}],
        "results": [{"session": finished_session(small)}, {"session": finished_session(small.with_(match=True))}],
        "review": [{"game": finished_session(small).state}],
        "share": [{"title": "Share this position", "explanation": "A link to this position.", "link": link}],
        "player_name": [{"seat": 0}],
        "puzzle": [{"puzzles": load_puzzles(), "index": 0}],
        "replace": [
            {"unfinished": Session(small, app.rng), "start": lambda: app.go("board", session=Session(small, app.rng))}
        ],
    }


def every_scene(app: App) -> list[Scene]:
    """Every scene the app registers (``app.scenes``), made by name: the monkey's starting points."""
    arguments = scene_arguments(app)
    return [app.scene(name, **args) for name in app.scenes for args in arguments.get(name, [{}])]


def registered_classes(app: App) -> set[str]:
    """The class names of the scenes ``app`` registers."""
    return {getattr(make, "__name__", repr(make)) for make in app.scenes.values()}


def stored_problems(store: Store) -> list[str]:
    """Everything wrong with what ``store`` holds, read back as a fresh start of the game would ([] when valid)."""
    problems = []
    settings = store.get(SETTINGS)
    if settings is not None:
        problems += [f"settings: {why}" for why in settings_from_data(settings)[1]]
    unfinished = store.get(UNFINISHED)
    if unfinished is not None:
        try:
            session, why = resume_session(UnfinishedGame.from_data(unfinished))
        except RecordError as error:
            session, why = None, str(error)
        if session is None:
            problems.append(f"unfinished game: {why}")
    book = read_book(store.get(HISTORY))
    if book.unusable or book.bad:
        problems.append(f"history: {book.unusable or book.bad_reason}")
    problems += [f"kept aside: {key}" for key in store.kept()]
    problems += [f"notice: {notice}" for notice in store.pop_notices()]
    return problems


# -- memory figures for benchmarks/monkey.py and benchmarks/soak.py ----------------------------------------------------
def resident_mb() -> float:
    """The process's resident memory in MB (Linux /proc), or 0 where it cannot be read."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def settled_mb() -> float:
    """Resident memory once garbage is collected and the C heap gives free pages back (glibc ``malloc_trim``):
    what is really alive. Plain resident size also counts freed memory the allocator keeps for later."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: the resident size as it is
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    return resident_mb()


def traced_mb() -> float:
    return tracemalloc.get_traced_memory()[0] / 1e6 if tracemalloc.is_tracing() else 0.0
