"""Exact solving times: the empty 3x3-box board, and 4x4 / 5x5 endgames with 20 (also 28, 32) undrawn lines.

Run: ``.venv/bin/python -m benchmarks.solve`` (add ``--quick`` to skip the empty 3x3 board). The endgames come
from random play from fixed seeds: safe lines while any remain, then any line, taking every box offered, until
the wanted number of lines is left. Prints seconds and search nodes per position.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from game.ai.search.solver import Solver
from game.core import Board, GameState

SEEDS = range(1, 9)


def endgame(board: Board, seed: int, lines_left: int = 20) -> GameState:
    state = GameState(board)
    rng = random.Random(seed)
    while state.lines_left > lines_left:
        legal = state.legal_lines()
        captures = [line for line in legal if state.would_capture(line)]
        safe = [line for line in legal if state.is_safe(line)]
        state.play(rng.choice(captures or safe or legal))
    return state


def timed_solve(state: GameState) -> tuple[float, int, int]:
    solver = Solver(state, pause_every=1 << 30)
    start = time.perf_counter()
    solver.step(1e9)
    assert solver.value is not None
    return time.perf_counter() - start, solver.nodes, solver.value


def main() -> None:
    if "--quick" not in sys.argv:
        seconds, nodes, value = timed_solve(GameState(Board.square(3, 3)))
        print(f"empty 3x3 boxes: value {value:+d} for the first player, {seconds:.2f} s, {nodes} nodes")
    for rows, left in ((4, 20), (5, 20), (5, 28), (5, 32)):
        times = []
        for seed in SEEDS:
            seconds, nodes, value = timed_solve(endgame(Board.square(rows, rows), seed, left))
            times.append(seconds)
            name = f"{rows}x{rows} endgame, {left} lines left, seed {seed}"
            print(f"{name}: value {value:+d}, {seconds:.3f} s, {nodes} nodes")
        median, worst = statistics.median(times), max(times)
        print(f"{rows}x{rows} endgames, {left} lines left: median {median:.3f} s, max {worst:.3f} s")


if __name__ == "__main__":
    main()
