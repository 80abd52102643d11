"""Random playouts per second on the rules core: play a random game to the end, then undo back to the start.

A random playout draws the undrawn lines in a uniformly random order (every line stays legal until it is drawn,
so shuffling the legal lines once is the same distribution as choosing uniformly at every move). The second
figure uses ``GameState.play_random``, which lists the legal lines before every move, as a naive caller would.
Rates are per second of this process's CPU time, the median of three rounds (the machine is shared).

    python -m benchmarks.playouts [seconds per round, default 0.5]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from game.core import Board, GameState

BOARDS = {
    "square 5x5": lambda: Board.square(5),
    "square 3x3": lambda: Board.square(3),
    "triangle 6": lambda: Board.triangle(6),
    "hex 2": lambda: Board.hexagon(2),
}


def shuffled_playout(state: GameState, rng: random.Random) -> None:
    order = state.legal_lines()
    rng.shuffle(order)
    for line in order:
        state.play(line)
    for _ in order:
        state.undo()


def play_random_playout(state: GameState, rng: random.Random) -> None:
    moves = 0
    while not state.over:
        state.play_random(rng)
        moves += 1
    for _ in range(moves):
        state.undo()


def playouts_per_second(board: Board, playout: Callable[[GameState, random.Random], None], seconds: float) -> float:
    state, rng = GameState(board), random.Random(1)
    start = time.process_time()
    done = 0
    while time.process_time() - start < seconds:
        for _ in range(20):
            playout(state, rng)
        done += 20
    if state.moves:
        raise AssertionError("undo did not bring the board back to the start")
    return done / (time.process_time() - start)


def median_of_three(board: Board, playout: Callable[[GameState, random.Random], None], seconds: float) -> float:
    return statistics.median(playouts_per_second(board, playout, seconds) for _ in range(3))


def main(seconds: float) -> None:
    print(f"{'board':<12} {'lines':>5} {'shuffled':>12} {'play_random':>12}   (playouts per second)")
    for name, build in BOARDS.items():
        board = build()
        fast = median_of_three(board, shuffled_playout, seconds)
        naive = median_of_three(board, play_random_playout, seconds)
        print(f"{name:<12} {board.num_lines:>5} {fast:>12,.0f} {naive:>12,.0f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 0.5)
