"""The Expert's thinking time per move over whole games, and its longest single step between two yields.

Run: ``.venv/bin/python benchmarks/latency.py [--games N] [--budget SECONDS]``. The Expert plays both sides of
whole games on 5x5 boxes, triangle 6 and hexagon 19 (seeded), with its default budget of 1 s a move. Prints the
median and worst time per move and the longest step (time between two yields of the move generator).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.expert import expert_move  # noqa: E402
from game.core import Board, GameState, Rules  # noqa: E402

BOARDS = {"5x5 boxes": Board.square(5, 5), "triangle 6": Board.triangle(6), "hexagon 19": Board.hexagon(2)}


def timed_move(state: GameState, rng: random.Random, budget: float) -> tuple[int, float, float]:
    """(move, seconds for the whole move, longest step)."""
    run = expert_move(state, rng, budget)
    start = last = time.perf_counter()
    longest = 0.0
    while True:
        try:
            next(run)
        except StopIteration as stop:
            now = time.perf_counter()
            return stop.value, now - start, max(longest, now - last)
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now


def play_game(board: Board, rules: Rules, seed: int, budget: float) -> tuple[list[float], float]:
    state = GameState(board, rules)
    rng = random.Random(seed)
    times, longest = [], 0.0
    while not state.over:
        move, seconds, step = timed_move(state, rng, budget)
        state.play(move)
        times.append(seconds)
        longest = max(longest, step)
    return times, longest


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--variant", choices=("normal", "misere", "no_extra", "3players"), default="normal")
    args = parser.parse_args()
    rules = {
        "normal": Rules(),
        "misere": Rules(misere=True),
        "no_extra": Rules(no_extra=True),
        "3players": Rules(players=3),
    }[args.variant]
    for name, board in BOARDS.items():
        times, longest = [], 0.0
        for seed in range(args.games):
            game_times, game_longest = play_game(board, rules, seed, args.budget)
            times += game_times
            longest = max(longest, game_longest)
        print(
            f"{name} ({args.variant}): {len(times)} moves, median {statistics.median(times):.3f} s, "
            f"worst {max(times):.3f} s, longest step {longest * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
