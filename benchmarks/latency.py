"""The Expert's thinking time per move over whole games, and its longest single step between two yields.

Run: ``.venv/bin/python -m benchmarks.latency [--games N] [--budget SECONDS]``. The Expert plays both sides of
whole games on 5x5 boxes, triangle 6 and hexagon 19 (seeded), with its default budget (``EXPERT_SECONDS``). Prints the
median and worst time per move and the longest step between two yields of the move generator (wall clock and
CPU time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.ai.levels import EXPERT_SECONDS
from game.ai.levels.expert import expert_move
from game.core import Board, GameState, Rules

BOARDS = {"5x5 boxes": Board.square(5, 5), "triangle 6": Board.triangle(6), "hexagon 19": Board.hexagon(2)}


def timed_move(state: GameState, rng: random.Random, budget: float) -> tuple[int, float, float, float]:
    """(move, wall seconds for the whole move, longest step in wall time, longest step in CPU time).

    On a shared machine the wall-clock step includes time the process was descheduled; the CPU-time step is
    the work actually done between two yields."""
    run = expert_move(state, rng, budget)
    start = last = time.perf_counter()
    last_cpu = time.thread_time()
    longest = longest_cpu = 0.0
    while True:
        try:
            next(run)
            move = None
        except StopIteration as stop:
            move = stop.value
        now, now_cpu = time.perf_counter(), time.thread_time()
        longest, longest_cpu = max(longest, now - last), max(longest_cpu, now_cpu - last_cpu)
        last, last_cpu = now, now_cpu
        if move is not None:
            return move, now - start, longest, longest_cpu


def play_game(board: Board, rules: Rules, seed: int, budget: float) -> tuple[list[float], float, float]:
    state = GameState(board, rules)
    rng = random.Random(seed)
    times, longest, longest_cpu = [], 0.0, 0.0
    while not state.over:
        move, seconds, step, step_cpu = timed_move(state, rng, budget)
        state.play(move)
        times.append(seconds)
        longest, longest_cpu = max(longest, step), max(longest_cpu, step_cpu)
    return times, longest, longest_cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--budget", type=float, default=EXPERT_SECONDS)
    parser.add_argument("--variant", choices=("normal", "misere", "no_extra", "3players"), default="normal")
    args = parser.parse_args()
    rules = {
        "normal": Rules(),
        "misere": Rules(misere=True),
        "no_extra": Rules(no_extra=True),
        "3players": Rules(players=3),
    }[args.variant]
    for name, board in BOARDS.items():
        times, longest, longest_cpu = [], 0.0, 0.0
        for seed in range(args.games):
            game_times, game_longest, game_cpu = play_game(board, rules, seed, args.budget)
            times += game_times
            longest, longest_cpu = max(longest, game_longest), max(longest_cpu, game_cpu)
        thinking = [t for t in times if t > 0.01] or [0.0]
        print(
            f"{name} ({args.variant}): {len(times)} moves, median {statistics.median(times):.3f} s "
            f"({len(thinking)} moves over 10 ms: median {statistics.median(thinking):.3f} s), "
            f"worst {max(times):.3f} s, longest step {longest * 1000:.1f} ms wall, {longest_cpu * 1000:.1f} ms CPU"
        )


if __name__ == "__main__":
    main()
