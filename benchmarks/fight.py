"""The fight for control: what a win-only search saves over the exact value, with the narrow selective solver.

Run: ``.venv/bin/python -m benchmarks.fight`` (``--board hex`` or ``--board triangle``, ``--games N``). The
positions come from games of Hard against itself (fixed seeds): the first position of each game with 12, 14,
16 and 18 safe lines left and nothing to take. For each, the narrow selective solver (``docs/solver.md``) finds
the value (``Solver``), then, with a fresh table, only whether the mover can win the game (``beats``: the
opponent's lead). Prints seconds and search nodes per position and the totals.
"""

from __future__ import annotations

import argparse
import time

from game.ai.player import choose_move
from game.ai.position.chains import safe_lines
from game.ai.search.solver import Solver, to_win
from game.core import Board, GameState

BOARDS = {"5x5": Board.square(5), "hex": Board.hexagon(2), "triangle": Board.triangle(6)}
SAFE_COUNTS = (12, 14, 16, 18)


def fight_positions(board: Board, games: int) -> list[GameState]:
    """Positions from Hard-v-Hard games at the wanted numbers of safe lines, nothing capturable."""
    found = []
    for game in range(games):
        state = GameState(board)
        wanted = set(SAFE_COUNTS)
        while not state.over and wanted:
            safe = len(safe_lines(state))
            if safe in wanted and not any(state.would_capture(line) for line in state.legal_lines()):
                wanted.discard(safe)
                found.append(state.copy())
            state.play(choose_move(state, "hard", seed=31 * game + len(state.moves)))
    return found


def timed(state: GameState, beats: int | None) -> tuple[float, int, Solver]:
    solver = Solver(state, table={}, selective=True, narrow=True, beats=beats, pause_every=1 << 30)
    start = time.perf_counter()
    solver.step(1e9)
    return time.perf_counter() - start, solver.nodes, solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=list(BOARDS), default="5x5")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    totals = [0.0, 0, 0.0, 0]
    for state in fight_positions(BOARDS[args.board], args.games):
        seconds, nodes, exact = timed(state, None)
        win_seconds, win_nodes, test = timed(state, to_win(state))
        verdict = "wins" if test.best_move is not None else "cannot win"
        print(
            f"{len(safe_lines(state)):2d} safe lines, {state.lines_left} left: value {exact.value:+d} "
            f"{seconds:6.2f} s {nodes:8d} nodes | win test: {verdict:<10} {win_seconds:6.2f} s {win_nodes:8d} nodes",
            flush=True,
        )
        totals = [totals[0] + seconds, totals[1] + nodes, totals[2] + win_seconds, totals[3] + win_nodes]
    print(f"total: value {totals[0]:.2f} s {totals[1]} nodes | win test {totals[2]:.2f} s {totals[3]} nodes")


if __name__ == "__main__":
    main()
