"""Expert move times as the player sees them, in the real app loop (App.run, 60 frames a second, drawing included):
for each Expert move on 5x5, the wall time from the start of its turn to its line, the frames drawn meanwhile and
the longest gap between two of them. Expert plays Hard; games go on until ``--games`` are played. Then what the
thread did in the Expert's search steps: each piece of work (between two yields) by the innermost generator that
yielded it (``PIECES``), and each step by what its pieces were (``STEP KIND``; "waiting": only looks at the compiled
core's search, running elsewhere).

Desktop:  python -m benchmarks.expert_moves [--games 2]
Browser:  node ../shared/tools/browser_harness/run.js --app . --entry benchmarks/expert_moves.py
              --exclude tests --exclude docs --exclude tools --viewport 390x844 --dpr 2 --mobile --fit --duration 240000
(in the browser the figures go to the console; ``EXPERT_GAMES`` in the URL's query is not read: it plays 2 games;
add ``--hash noworker`` for the Python solver, as on a page without a Worker)
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import time
from typing import Any

if sys.platform != "emscripten":  # headless on the desktop; the browser has its canvas
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ai import player as ai_player
from game.ai.levels import EXPERT_SECONDS
from game.app.app import App
from game.app.render import BoardView
from game.page import current
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.storage import MemoryStore

STEPS: list[tuple[float, float]] = []  # (budget, seconds really spent) of every search step
SECONDS: list[int] = []  # frames drawn in each whole second of an Expert move (moves of over a second)
TURNS: list[tuple[float, float, float, float]] = []  # while the Expert thinks: (frame, search granted, drawing,
# time away from the loop's frame since the last one: its await and the page's own work) seconds
DRAWINGS: dict[str, list[float]] = {"anew": [], "kept": []}  # while the Expert thinks, seconds of each frame drawn:
# with the board drawn anew, or with the board scene's kept drawing and only the thinking dots drawn over it
BOARD_DRAWS = [0]  # how many times the board itself was drawn (BoardView.draw)
GC_PAUSES: list[float] = []  # seconds of every full (oldest generation) garbage collection
_gc_started = [0.0]
EXPERT_THINKING = [False]  # the Expert is to move and thinking (set around each turn of the loop)
PIECES: dict[str, list[float]] = {}  # while the Expert thinks: seconds of each piece of its search's work (between
# two yields), by the innermost generator that yielded it
STEP_PIECES: list[tuple[float, float, int, str]] = []  # while the Expert thinks: (budget, seconds spent, pieces,
# what the innermost generators were: "waiting" when every piece only looked at the compiled core's search) per step


def time_collections(phase: str, info: dict[str, int]) -> None:
    """A ``gc.callbacks`` hook: records how long each collection of the oldest generation takes."""
    if info["generation"] != 2:
        return
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    else:
        GC_PAUSES.append(time.perf_counter() - _gc_started[0])


def per_second(frames: list[float], started: float, ended: float) -> list[int]:
    """Frames drawn in each whole second from ``started`` to ``ended``."""
    return [sum(1 for t in frames if started + k <= t < started + k + 1) for k in range(int(ended - started))]


def timed_steps() -> None:
    """Record how long each search step really takes against its budget (a step can only stop between two pieces
    of the search's work, so a long piece makes a late frame whatever the budget)."""
    step = ai_player.Search.step

    def timed(self, budget: float = ai_player.STEP_SECONDS) -> bool:
        started = time.perf_counter()
        done = step(self, budget)
        STEPS.append((budget, time.perf_counter() - started))
        return done

    ai_player.Search.step = timed  # type: ignore[method-assign]


def innermost(generator: Any) -> str:
    """The name of the innermost generator ``generator`` is running (following ``yield from``)."""
    while True:
        inner = getattr(generator, "gi_yieldfrom", None)
        if inner is None and generator.gi_frame is not None and generator.gi_code.co_name in ("until", "stopping"):
            inner = generator.gi_frame.f_locals.get("steps")  # (these drive their generator by ``next``)
        if inner is None or not hasattr(inner, "gi_code"):
            return str(generator.gi_code.co_name)
        generator = inner


def profiled_pieces() -> None:
    """While the Expert thinks, time each piece of its search's work (one ``next`` of the generator a
    :class:`~game.steps.Stepper` drives) by the innermost generator that yielded, and what each step was made of."""
    from game.steps import Stepper

    start, step = Stepper.__init__, Stepper.step
    names: list[str] = []

    def pieces(steps: Any) -> Any:
        try:
            while True:
                started = time.perf_counter()
                try:
                    found = next(steps)
                except StopIteration as done:
                    return done.value
                finally:
                    if EXPERT_THINKING[0]:
                        name = innermost(steps) if steps.gi_frame is not None else "(the move's end)"
                        PIECES.setdefault(name, []).append(time.perf_counter() - started)
                        names.append(name)
                yield found
        finally:
            steps.close()

    def init(self: Any, steps: Any, *args: Any, **kwargs: Any) -> None:
        start(self, pieces(steps), *args, **kwargs)

    def timed(self: Any, budget: float) -> bool:
        names.clear()
        started = time.perf_counter()
        done = step(self, budget)
        if EXPERT_THINKING[0] and names:
            kinds = set(names)
            what = "waiting" if kinds <= {"solving", "_poll"} else "+".join(sorted(kinds))
            STEP_PIECES.append((budget, time.perf_counter() - started, len(names), what))
        return done

    Stepper.__init__ = init  # type: ignore[method-assign]
    Stepper.step = timed  # type: ignore[method-assign]


def counted_board_draws() -> None:
    """Count every drawing of the board itself, to tell a frame drawn anew from one that reused the kept drawing."""
    draw = BoardView.draw

    def counted(self: BoardView, *args: object, **kwargs: object) -> None:
        BOARD_DRAWS[0] += 1
        draw(self, *args, **kwargs)  # type: ignore[arg-type]

    BoardView.draw = counted  # type: ignore[method-assign]


EXPERT_V_HARD = Settings(seats=(Seat("computer", "expert"), Seat("computer", "hard")), size=(5, 5), sound=False)


async def play(app: App, seed: int) -> list[tuple[int, float, int, float, float]]:
    """One game in the real loop (App.run): (lines drawn before, seconds, frames drawn, longest frame gap, longest
    step overrun) for each Expert move, observed after every turn of the loop."""
    import random

    session = Session(EXPERT_V_HARD, random.Random(seed), first=seed % 2)
    app.go("board", session=session)
    moves: list[tuple[int, float, int, float, float]] = []
    seen = {"turn": None, "drawn": app.drawn, "frame": time.perf_counter(), "longest": 0.0, "ended": 0.0}
    frames: list[float] = []  # when each frame of the current Expert move was drawn
    loop_frame = app.frame

    def observed_frame(dt: float) -> None:
        started, board_draws, drawn = time.perf_counter(), BOARD_DRAWS[0], app.drawn
        EXPERT_THINKING[0] = session.thinking and session.state.to_move == 0 and not session.busy
        loop_frame(dt)
        EXPERT_THINKING[0] = False
        now = time.perf_counter()
        if seen["turn"] is not None:  # where a turn of the loop goes while the Expert thinks
            away = started - seen["ended"] if seen["ended"] else 0.0
            TURNS.append((now - started, app.granted, app.draw_seconds, away))
            if app.drawn != drawn:
                DRAWINGS["anew" if BOARD_DRAWS[0] != board_draws else "kept"].append(app.draw_seconds)
        seen["ended"] = now
        if app.drawn != seen["drawn"]:
            seen["longest"] = max(seen["longest"], now - seen["frame"])
            seen["drawn"], seen["frame"] = app.drawn, now
            frames.append(now)
        expert_turn = session.thinking and session.state.to_move == 0
        if expert_turn and seen["turn"] is None:
            seen["turn"], seen["longest"] = (now, app.drawn, len(session.state.moves), len(STEPS)), 0.0
            frames.clear()
        elif seen["turn"] is not None and not expert_turn:
            started, drawn, lines, first_step = seen["turn"]
            SECONDS.extend(per_second(frames, started, now))
            over = max((spent - budget for budget, spent in STEPS[first_step:]), default=0.0)
            moves.append((lines, now - started, app.drawn - drawn, seen["longest"], over))
            seen["turn"] = None
        if session.finished:
            app.running = False

    app.frame = observed_frame  # type: ignore[method-assign]
    app.running = True
    await app.run()
    app.frame = loop_frame  # type: ignore[method-assign]
    app.manager.reset(app.manager.stack[0])
    return moves


async def measure(games: int) -> None:
    browser = sys.platform == "emscripten"
    if browser and "noworker" in current().fragment():  # the Python solver, as without a Worker
        from game.app import app as app_module

        app_module.core_in_worker.connect = lambda page: False  # type: ignore[assignment]
    timed_steps()
    profiled_pieces()
    counted_board_draws()
    gc.callbacks.append(time_collections)
    app = App(size=None if browser else (780, 1688), store=MemoryStore(), density=1.0 if browser else 2.0)
    app.sounds.enabled = False
    where = "browser (WebAssembly)" if browser else "desktop (CPython)"
    if browser:
        from game.ai.wasm import browser as core_in_worker

        where += f", the core's Worker {'started' if core_in_worker.connected() else 'not started: the Python solver'}"
    print(f"Expert v Hard on 5x5, {where}, canvas {app.size[0]}x{app.size[1]}, budget {EXPERT_SECONDS} s a move")
    everything = []
    for game in range(games):
        for lines, seconds, drawn, longest, over in await play(app, seed=game):
            everything.append(seconds)
            fps = drawn / seconds if seconds else 0.0
            print(
                f"game {game + 1} after {lines:2d} lines: {seconds:5.2f} s, {drawn:4d} frames ({fps:4.1f}/s), "
                f"longest gap {longest * 1000:4.0f} ms, a search step over its budget by up to {over * 1000:4.0f} ms",
                flush=True,
            )
    print(
        f"EXPERT SUMMARY: {len(everything)} moves, median {statistics.median(everything):.2f} s, "
        f"max {max(everything):.2f} s, over the {EXPERT_SECONDS} s budget: "
        f"{sum(1 for s in everything if s > EXPERT_SECONDS)}"
    )
    if STEPS:
        over = sorted(spent - budget for budget, spent in STEPS)
        print(
            f"STEPS SUMMARY: {len(over)} search steps (both players), ran over their budget by: median "
            f"{statistics.median(over) * 1000:.1f} ms, 99th percentile {over[int(len(over) * 0.99)] * 1000:.1f} ms, "
            f"longest {over[-1] * 1000:.1f} ms"
        )
    if TURNS:
        frame, granted, drawing, away = (statistics.median(column) for column in zip(*TURNS, strict=True))
        print(
            f"TURNS SUMMARY: {len(TURNS)} turns of the loop while the Expert thinks, medians: frame {frame * 1000:.1f}"
            f" ms (search granted {granted * 1000:.1f} ms, drawing {drawing * 1000:.1f} ms), away between frames"
            f" {away * 1000:.1f} ms; longest: frame {max(turn[0] for turn in TURNS) * 1000:.0f} ms, drawing"
            f" {max(turn[2] for turn in TURNS) * 1000:.0f} ms, away {max(turn[3] for turn in TURNS) * 1000:.0f} ms"
        )
    if TURNS:
        print(
            "DRAWING SUMMARY: frames drawn while the Expert thinks: "
            + ", ".join(
                f"{kind} {len(seconds)} (median {statistics.median(seconds) * 1000:.1f} ms)"
                for kind, seconds in DRAWINGS.items()
                if seconds
            )
        )
    if SECONDS:
        print(
            f"FRAMES SUMMARY: {len(SECONDS)} whole seconds of Expert moves over 1 s: frames drawn a second median "
            f"{statistics.median(SECONDS)}, worst {min(SECONDS)}; full collections {len(GC_PAUSES)}, longest "
            f"{max(GC_PAUSES, default=0.0) * 1000:.0f} ms"
        )
    report_pieces()
    if not browser:
        pygame.quit()


def report_pieces() -> None:
    """What the page's thread did in the Expert's search steps: each kind of piece of work, then each kind of step."""
    for name, seconds in sorted(PIECES.items(), key=lambda item: -sum(item[1])):
        print(
            f"PIECES {name}: {len(seconds)} pieces, {sum(seconds):.2f} s in all, median "
            f"{statistics.median(seconds) * 1000:.2f} ms, longest {max(seconds) * 1000:.1f} ms"
        )
    kinds: dict[str, list[tuple[float, float, int, str]]] = {}
    for record in STEP_PIECES:
        kinds.setdefault(record[3], []).append(record)
    for what, records in sorted(kinds.items(), key=lambda item: -len(item[1])):
        budgets, spent, pieces = (statistics.median(column) for column in list(zip(*records, strict=True))[:3])
        print(
            f"STEP KIND {what}: {len(records)} steps, medians: budget {budgets * 1000:.1f} ms, spent "
            f"{spent * 1000:.1f} ms, {pieces:.0f} pieces; spent in all {sum(r[1] for r in records):.2f} s"
        )


def main() -> None:
    games = 2
    if "--games" in sys.argv:
        games = int(sys.argv[sys.argv.index("--games") + 1])
    asyncio.run(measure(games))


if __name__ == "__main__":
    main()
