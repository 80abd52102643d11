"""Time limits of the engine's ``values`` and ``review``: how far beyond the asked time a search goes, and what a
small time still solves.

Run: ``python -m benchmarks.time_limits [--quick]``. For ``values`` (each line searched for at most
``maxtime``): every line of an empty 5x5, 8x8 and 12x12 board and of a 6x6 game 30 lines in, each as a request of
its own (``exact_values`` with one line, as the command searches it), with maxtime 1 and 20 ms; prints, for the
lines not solved in time, the time beyond maxtime (median, 95th percentile, most) in wall time and in processor
time of the whole process (the search runs in a thread). For ``review``: a 12x12 game 6 lines in (its last
position, searched first, is far from solved: the review gives up there) with maxtime 1, 5 and 20 ms, the reply's
time beyond maxtime; and a 2x2 game 4 lines from its end, the positions solved with maxtime 1, 5 and 20 ms. The
wall times include whatever else the machine runs; processor time is the search's own.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.ai.analysis import finish
from game.ai.wasm.solver import compiled_core_available, warm_up
from game.ai.wasm.values import exact_values
from game.core import Board, GameState
from game.engine import Engine


def played(board: Board, lines: int) -> GameState:
    """A game ``lines`` random lines in (a fixed seed)."""
    state, rng = GameState(board), random.Random(lines)
    for _ in range(lines):
        state.play_random(rng)
    return state


def beyond(samples: list[float]) -> str:
    if not samples:
        return "every line solved"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {1000 * statistics.median(ordered):.2f}, p95 {1000 * p95:.2f}, most {1000 * ordered[-1]:.2f} ms"


def values_overrun(state: GameState, seconds: float, count: int) -> tuple[str, str, int]:
    wall, cpu, solved = [], [], 0
    for line in state.legal_lines()[:count]:
        started, started_cpu = time.perf_counter(), time.process_time()
        found = finish(exact_values(state, seconds, lines=[line]))
        took, took_cpu = time.perf_counter() - started, time.process_time() - started_cpu
        if found[line] is None:
            wall.append(took - seconds)
            cpu.append(max(0.0, took_cpu - seconds))
        else:
            solved += 1
    return beyond(wall), beyond(cpu), solved


def review_reply(engine: Engine, ms: int) -> tuple[float, float, list[str]]:
    started, started_cpu = time.perf_counter(), time.process_time()
    reply = engine.handle(f"review maxtime={ms}")
    return time.perf_counter() - started, time.process_time() - started_cpu, reply


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="20 lines a board, the 12x12 board and 1 ms only")
    args = parser.parse_args()
    if not compiled_core_available():
        print("skipped: the compiled core does not run here (wasmtime)")
        return
    count = 20 if args.quick else 1000
    boards = [("empty 5x5", GameState(Board.square(5))), ("empty 8x8", GameState(Board.square(8)))]
    boards += [("empty 12x12", GameState(Board.square(12))), ("6x6, 30 lines in", played(Board.square(6), 30))]
    warm_up(boards[0][1])
    print("values: time beyond maxtime of the lines not solved in time (wall; processor)")
    for name, state in boards[2:3] if args.quick else boards:
        for ms in (1,) if args.quick else (1, 20):
            wall, cpu, solved = values_overrun(state, ms / 1000, count)
            print(f"  {name}, maxtime={ms}: {wall}; {cpu} ({solved} solved)")
    engine = Engine()
    engine.handle("new square 12 12")
    for line in range(6):
        engine.handle(f"move {line}")
    print("review of a 12x12 game 6 lines in (given up at its last position): reply time beyond maxtime")
    for ms in (1, 5, 20):
        wall, cpu, _ = review_reply(engine, ms)
        print(f"  maxtime={ms}: {1000 * (wall - ms / 1000):.2f} ms wall, {1000 * max(0.0, cpu - ms / 1000):.2f} ms cpu")
    engine.handle("new square 2 2")
    for line in range(8):
        engine.handle(f"move {line}")
    print("review of a 2x2 game 4 lines from its end: positions solved")
    for ms in (1, 5, 20):
        _, _, reply = review_reply(engine, ms)
        print(f"  maxtime={ms}: {sum('unknown' not in line for line in reply[:-1])} of {len(reply) - 1}")


if __name__ == "__main__":
    main()
