"""One page playing game after game for hours: the page's entry for ``benchmarks/browser_soak.py`` (run by the
browser harness through ``app_pages.js``).

The page runs the app as the game runs it (:class:`~game.app.app.App` and its loop, the compiled core in its Web
Worker, the page's localStorage as its store, so the history grows game after game) and plays it as a person
would, by taps on its buttons: Quick play (the Expert against Hard on 5x5 boxes, fast pace, no sound), then after
each game Review (its exact analysis for up to :data:`REVIEW_SECONDS`), the analysis board ("Values") over the
position in the middle of the game for up to :data:`VALUES_SECONDS`, back to the results, and Rematch.

``soak.sample()`` answers, as JSON, what the page's Python holds and how its frames went since the last sample
(the benchmark asks every minute). Opened with ``?stack-switching`` in its address, the page turns Pyodide's stack
switching back on after the app turned it off (:mod:`game.app.stack_switching`): the page as it was before.
"""

from __future__ import annotations

import asyncio
import gc
import json
import statistics
import sys
import time
from collections import Counter
from typing import Any

import pygame

from game.app.app import App
from game.app.scenes.board import BoardScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.review import ReviewScene
from game.play.settings import Seat, Settings
from game.storage import Saved, open_store

SETTINGS = Settings(
    size=(5, 5), seats=(Seat("computer", "expert"), Seat("computer", "hard")), sound=False, animation="fast"
)
REVIEW_SECONDS = 20.0
VALUES_SECONDS = 10.0
LOOK_SECONDS = 0.25  # how often the soak looks at the scene shown
GAME_SECONDS = 600.0  # a game that takes longer is stuck


class SoakApp(App):
    """The app, each turn of its loop timed: (when it began, how long it took, whether it drew a frame)."""

    turns: list[tuple[float, float, bool]]

    def frame(self, dt: float) -> None:
        started, drawn = time.perf_counter(), self.drawn
        super().frame(dt)
        self.turns.append((started, time.perf_counter() - started, self.drawn != drawn))


class Soak:
    """Plays game after game on the app's screens; counts what it did."""

    def __init__(self, app: SoakApp) -> None:
        self.app = app
        self.games = 0
        self.reviews_done = 0
        self.values_shown = 0
        self.problem = ""
        self.sampled_at = time.perf_counter()

    def button(self, label: str) -> Any:
        scene = self.app.manager.top
        widgets = getattr(getattr(scene, "panel", None), "widgets", [])
        return next((widget for widget in widgets if getattr(widget, "label", None) == label), None)

    async def tap(self, label: str) -> None:
        """Press and release the shown scene's button ``label`` (mouse events, as a click), once it is shown."""
        if not await self.until(lambda: self.button(label) is not None, 10):
            raise RuntimeError(f"no button {label!r} on {type(self.app.manager.top).__name__}")
        x, y = self.button(label).rect.center
        pos = (x, y + self.app.notice_height)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))

    async def until(self, done: object, seconds: float) -> bool:
        """Wait until ``done()`` (looked at every :data:`LOOK_SECONDS`), at most ``seconds``; whether it came."""
        end = time.perf_counter() + seconds
        while not done():  # type: ignore[operator]
            if time.perf_counter() > end:
                return False
            await asyncio.sleep(LOOK_SECONDS)
        return True

    async def play(self) -> None:
        try:
            await self.games_back_to_back()
        except Exception as error:  # noqa: BLE001 - the benchmark reads it and stops
            self.problem = f"{type(error).__name__}: {error}"

    async def games_back_to_back(self) -> None:
        await self.until(lambda: self.app.manager.top is not None, 60)
        await self.tap("Quick play")
        while self.app.running:
            if not await self.until(lambda: isinstance(self.app.manager.top, ResultsScene), GAME_SECONDS):
                self.problem = f"game {self.games + 1} did not end in {GAME_SECONDS:.0f} s"
                return
            self.games += 1
            await self.review()
            await self.tap("Rematch")
            await self.until(lambda: isinstance(self.app.manager.top, BoardScene), 10)

    async def review(self) -> None:
        """The game's review until its analysis is done (or :data:`REVIEW_SECONDS`), then the analysis board over
        the middle position, then back to the results."""
        await self.tap("Review")
        await self.until(lambda: isinstance(self.app.manager.top, ReviewScene), 10)
        review = self.app.manager.top
        if not isinstance(review, ReviewScene):
            return
        self.reviews_done += await self.until(lambda: review.analysis.done, REVIEW_SECONDS)
        review.go_to(review.count // 2)
        review.toggle_values()
        await asyncio.sleep(1.0)
        self.values_shown += await self.until(lambda: not review.values.busy, VALUES_SECONDS)
        review.toggle_values()
        self.app.manager.pop()
        await self.until(lambda: isinstance(self.app.manager.top, ResultsScene), 10)

    def sample(self) -> str:
        """What the page's Python holds now, and how its loop went since the last sample (JSON)."""
        turns, self.app.turns = self.app.turns, []
        now = time.perf_counter()
        seconds, self.sampled_at = now - self.sampled_at, now
        work = sorted(spent for _, spent, _ in turns) or [0.0]
        gaps = [later[0] - earlier[0] for earlier, later in zip(turns, turns[1:], strict=False)] or [0.0]
        view = self.app.saved.history()
        return json.dumps(
            {
                "games": self.games,
                "reviews_done": self.reviews_done,
                "values_shown": self.values_shown,
                "problem": self.problem,
                "scene": type(self.app.manager.top).__name__,
                "gc_counts": list(gc.get_count()),
                "gc_objects": len(gc.get_objects()),
                "gc_types": dict(Counter(type(o).__name__ for o in gc.get_objects()).most_common(12)),
                "allocated_blocks": sys.getallocatedblocks(),
                "turns_per_second": len(turns) / seconds,
                "frames_per_second": sum(drew for _, _, drew in turns) / seconds,
                "turn_ms_median": statistics.median(work) * 1000,
                "turn_ms_p95": work[int(len(work) * 0.95)] * 1000,
                "turn_ms_max": work[-1] * 1000,
                "gap_ms_max": max(gaps) * 1000,
                "text_cache_mb": self.app.text._cache_bytes / (1 << 20),
                "text_cache_entries": len(self.app.text._cache),
                "history_games": view.total,
                "stored_bytes": view.stored_bytes,
            }
        )


async def main() -> None:
    Saved(open_store()).save_settings(SETTINGS.to_data())
    SoakApp.turns = []
    app = SoakApp(size=None)
    app.turns = []
    app.sounds.enabled = False
    import js  # type: ignore[import-not-found]  # the page (Pyodide)

    if "stack-switching" in str(js.location.search):  # the page as before game/app/stack_switching.py
        import pyodide_js  # type: ignore[import-not-found]

        pyodide_js._module.jspiSupported = True
    soak = Soak(app)
    sys.modules["__main__"].soak = soak  # type: ignore[attr-defined]  # reached by benchmarks/browser_soak.py
    await asyncio.gather(app.run(), soak.play())


if __name__ == "__main__":
    asyncio.run(main())
