"""The longest piece of AI work between two yields, by kind of search: Expert v Hard on 5x5, no app, no drawing.

Each computer move is a generator; the app runs it a step a frame, and a step can only stop where the generator
yields. This drives every move one ``next()`` at a time and times each call (a *piece*). A piece is named by the
search it ended in (the chain of generators it yielded through: the Expert's solver of each kind, its traps, its
memory budget's table retirement, Hard's searches inside the Expert or as Hard). As the app does, the Expert's move
is cut at its budget.

Desktop:  python -m benchmarks.experiments.step_gaps [--games 3]
Browser:  node ../shared/tools/browser_harness/run.js --app . --entry benchmarks/experiments/step_gaps.py
              --exclude tests --exclude docs --exclude tools --duration 300000
(in the browser the figures go to the console; it plays 2 games there)
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Generator
from typing import Any

Pieces = dict[str, list[tuple[float, float]]]  # search -> (wall, CPU) seconds of each piece


from game.ai.levels import EXPERT_SECONDS, LEVELS  # noqa: E402
from game.core import Board, GameState  # noqa: E402
from game.steps import WALL_CLOCK  # noqa: E402

# The generator functions that name a piece, innermost first wins (a name not here: the innermost function's).
KINDS = {
    "table_steps": "coin tables",
    "_shared_table": "memory: retiring tables",
    "trap_move": "traps",
    "playout_move": "playouts",
    "deepen": "paranoid",
    "exact_best_move": "solver (Hard's)",
    "hard_value": "control (take or decline)",
    "fight_for_control": "control (fight)",
    "long_chain_rule": "long-chain rule",
    "fewest_cells": "fewest cells",
    "by_search": "by search",
}


DRIVEN = ("moves", "steps")  # the local names under which a generator drives another with next()


def chain(generator: Any) -> list[Any]:
    """The generators a ``yield from`` chain runs through, outermost first."""
    found = []
    while generator is not None and hasattr(generator, "gi_code"):
        found.append(generator)
        inner = generator.gi_yieldfrom
        if inner is None and generator.gi_frame is not None:  # a generator driven by next() inside this one
            inner = next((v for k, v in generator.gi_frame.f_locals.items() if k in DRIVEN), None)
        generator = inner
    return found


def kind_of(generators: list[Any]) -> str:
    """The search a piece ended in."""
    names = [g.gi_code.co_name for g in generators]
    inner = "Hard in the Expert: " if "hard_fallback" in names and names[0] == "expert_move" else ""
    for generator in reversed(generators):
        name = generator.gi_code.co_name
        if name == "_solve" and generator.gi_frame is not None:
            return f"solver ({generator.gi_frame.f_locals.get('kind')})"
        if name in KINDS:
            return inner + KINDS[name]
    return inner + (names[-1] if names else "done")


def timed_move(moves: Generator[int | None, None, int], budget: float | None, pieces: Pieces) -> int:
    """Runs one move's generator, timing every ``next()`` (cut at ``budget`` seconds, as the app cuts it)."""
    started = time.perf_counter()
    best = None
    while True:
        before, cpu = time.perf_counter(), time.process_time()
        try:
            found = next(moves)
        except StopIteration as done:
            pieces["the last piece (returning)"].append((time.perf_counter() - before, time.process_time() - cpu))
            return done.value
        spent = time.perf_counter() - before
        pieces[kind_of(chain(moves))].append((spent, time.process_time() - cpu))
        best = found if found is not None else best
        if budget is not None and best is not None and time.perf_counter() - started >= budget:
            moves.close()
            return best


async def play(seed: int, pieces: dict[str, Pieces]) -> None:
    state = GameState(Board.square(5, 5), first=seed % 2)
    rngs = [random.Random(seed), random.Random(seed + 1000)]
    levels = ["expert", "hard"]
    while not state.over:
        seat = state.to_move
        level = levels[seat]
        moves = LEVELS[level](state.copy(), rngs[seat], EXPERT_SECONDS, WALL_CLOCK)
        line = timed_move(moves, EXPERT_SECONDS if level == "expert" else None, pieces[level])
        state.play(line)
        await asyncio.sleep(0)  # the browser's page answers between moves


def report(pieces: dict[str, Pieces]) -> None:
    where = "browser (WebAssembly)" if sys.platform == "emscripten" else "desktop (CPython)"
    print(f"pieces of work between two yields, Expert v Hard on 5x5, {where}")
    print("wall ms: median, 99th percentile, longest; CPU ms (process time, without the machine's other work): longest")
    print(f"{'level':7} {'search':44} {'pieces':>8} {'median':>7} {'99%':>7} {'longest':>8} {'CPU':>7}")
    longest, longest_cpu = 0.0, 0.0
    for level, kinds in pieces.items():
        for kind, found in sorted(kinds.items(), key=lambda kv: -max(cpu for _, cpu in kv[1])):
            times = sorted(wall for wall, _ in found)
            cpu = max(cpu for _, cpu in found)
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            longest, longest_cpu = max(longest, times[-1]), max(longest_cpu, cpu)
            print(
                f"{level:7} {kind:44} {len(times):8d} {statistics.median(times) * 1000:7.2f} "
                f"{p99 * 1000:7.2f} {times[-1] * 1000:8.2f} {cpu * 1000:7.2f}",
                flush=True,
            )
    print(f"STEP GAPS SUMMARY: longest piece {longest * 1000:.1f} ms wall, {longest_cpu * 1000:.1f} ms CPU")


def main() -> None:
    games = 2 if sys.platform == "emscripten" else 3
    if "--games" in sys.argv:
        games = int(sys.argv[sys.argv.index("--games") + 1])
    pieces: dict[str, Pieces] = {"expert": defaultdict(list), "hard": defaultdict(list)}
    asyncio.run(play_all(games, pieces))


async def play_all(games: int, pieces: dict[str, Pieces]) -> None:
    """The games, then the report (in the browser ``asyncio.run`` only schedules this)."""
    for seed in range(games):
        await play(seed, pieces)
        print(f"game {seed + 1} done", flush=True)
    report(pieces)


if __name__ == "__main__":
    main()
