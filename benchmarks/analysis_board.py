"""The analysis board's time to fill: how long until every legal line of a position shows its exact value.

Run: ``.venv/bin/python -m benchmarks.analysis_board [--size 4] [--seed 1] [--lefts 36,34,32,30,28,26,24]``. A game
is played by the Hard level against itself from a fixed seed (the review benchmark's games); at each number of
lines left, the analysis board (``game.play.analysis_board.LineValues``, the app's rounds of time per line) is
polled in 8 ms steps as the app's frame does, and the script prints: lines left, the seconds until the last line
was valued or given up, how many lines got a value, and the seconds until the first half of them showed.
The search runs where the game runs it (the compiled core in a thread when ``wasmtime`` is here).
"""

from __future__ import annotations

import argparse
import time

from game.ai import ComputerPlayer
from game.ai.wasm.solver import compiled_core_available
from game.core import Board, GameState
from game.play.analysis_board import ROUND_SECONDS, LineValues

STEP_SECONDS = 0.008


def hard_positions(board: Board, seed: int, lefts: list[int]) -> dict[int, GameState]:
    """The positions of a Hard-against-Hard game at each of ``lefts`` lines left (those the game reached)."""
    state = GameState(board)
    players = [ComputerPlayer("hard", seed * 2 + seat, seconds=0.3) for seat in range(2)]
    found = {}
    while not state.over:
        if state.lines_left in lefts:
            found[state.lines_left] = state.copy()
        state.play(players[state.to_move].think(state).finish())
    return found


def fill(state: GameState) -> tuple[float, int, int, float]:
    """(seconds to fill, lines valued, lines, seconds until half of the lines showed a value)."""
    values = LineValues(state)
    started = time.perf_counter()
    half = None
    while not values.step(STEP_SECONDS):
        if half is None and 2 * len(values.known()) >= len(values.values):
            half = time.perf_counter() - started
    total = time.perf_counter() - started
    known = len(values.known())
    return total, known, len(values.values), total if half is None else half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lefts", default="34,32,30,28,26,24,20")
    args = parser.parse_args()
    lefts = [int(word) for word in args.lefts.split(",")]
    core = "compiled core" if compiled_core_available() else "Python solver"
    print(f"{args.size}x{args.size}, seed {args.seed}, {core}, rounds {ROUND_SECONDS} s per line")
    positions = hard_positions(Board.square(args.size), args.seed, lefts)
    for left in sorted(positions, reverse=True):
        total, known, lines, half = fill(positions[left])
        print(
            f"{left:3d} lines left: {known}/{lines} valued, filled in {total:.2f} s (half in {half:.2f} s)", flush=True
        )


if __name__ == "__main__":
    main()
