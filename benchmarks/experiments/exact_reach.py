"""How far from the end each solver of the compiled core settles a position in the Expert's time: the CPU seconds
its draw test (a move that keeps at least a draw, then a win test) needs, by lines left.

    python -m benchmarks.experiments.exact_reach --board 4x4 --lines 30-36 --positions 12
    python -m benchmarks.experiments.exact_reach --board 5x5 --lines 34-44 --games games5.txt --kinds exact narrow

Positions: the first position of each game with N lines left and no capture to make, from a ``peers.py`` record
(``--games``: the games against Knox, both sides' positions) or else from games of Hard against itself (fixed
seeds). For each position and solver kind (``exact``, ``narrow``, ``wide``: the searches of
:func:`game.ai.levels.expert._ladder`), on the core's table as the previous positions left it (as in a game, where
the table is kept from move to move): the draw test (``beats`` = the mover's lead needed to win, minus one), then,
if a drawing move was found, the win test, each until it finishes or ``--max-seconds`` of CPU pass. Printed per
lines left and kind: the positions, the median CPU seconds of the draw test and of both tests together (a test
that did not finish counts as ``--max-seconds``), and how many finished both within 0.5, 1.0 and 1.4 s. CPU
seconds of the process (the core's thread included), so the load matters less; ``uptime`` is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from benchmarks.experiments.postmortem import read_games
from benchmarks.peers import Coordinates
from game.ai.levels.hard import hard
from game.ai.position.coins import capture_moves, tables_for
from game.ai.search.solver import to_win
from game.ai.wasm.solver import WasmSolver, compiled_core_available, exact_solver
from game.core import Board, GameState

MARKS = (0.5, 1.0, 1.4)


def quiet(state: GameState) -> bool:
    tables = tables_for(state.board)
    return capture_moves(tables, state.drawn, tables.degrees(state.drawn)) == ([], [])


def from_record(path: str, board: Board, rows: int, cols: int, lines_left: int) -> list[GameState]:
    found = []
    for game in read_games(path, Coordinates(board, rows, cols)):
        state = GameState(board)
        for line in game.lines:
            if state.lines_left <= lines_left and quiet(state):
                if state.lines_left == lines_left:
                    found.append(state.copy())
                break
            state.play(line)
    return found


def from_hard(board: Board, lines_left: int, count: int, seed: int) -> list[GameState]:
    found = []
    game = 0
    while len(found) < count and game < 4 * count:
        rng = random.Random(seed * 1000 + game)
        state = GameState(board)
        while state.lines_left > lines_left or (state.lines_left == lines_left and not quiet(state)):
            if state.lines_left == lines_left:
                break
            moves = hard(state.copy(), rng)
            try:
                while True:
                    next(moves)
            except StopIteration as done:
                state.play(done.value)
        if state.lines_left == lines_left and quiet(state):
            found.append(state)
        game += 1
    return found


def timed(state: GameState, kind: str, beats: int, cap: float) -> tuple[float, int | None]:
    """CPU seconds the solver of ``kind`` needs to answer ``beats`` (``cap`` if it does not finish) and its move."""
    solver = exact_solver(state, random.Random(1), selective=kind != "exact", narrow=kind == "narrow", beats=beats)
    assert isinstance(solver, WasmSolver), "the compiled core does not run here"
    began = time.process_time()
    try:
        while not solver.step(0.05):
            if time.process_time() - began >= cap:
                return cap, None
    finally:
        solver.close()
    return time.process_time() - began, solver.best_move if solver.best_move is not None else -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="4x4")
    parser.add_argument("--lines", default="30-35", help="lines left, LOW-HIGH")
    parser.add_argument("--positions", type=int, default=10, help="per count of lines left (self-play)")
    parser.add_argument("--games", help="a peers.py record to take the positions from")
    parser.add_argument("--kinds", nargs="+", default=["exact"], choices=("exact", "narrow", "wide"))
    parser.add_argument("--max-seconds", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not compiled_core_available():
        print("the compiled core does not run here (no wasmtime): nothing to measure")
        return 0
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    board = Board.square(rows, cols)
    low, high = (int(part) for part in args.lines.split("-"))
    print(f"uptime: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    print(
        "| lines left | kind | positions | draw test median s | both tests median s | both within "
        + " / ".join(f"{mark} s" for mark in MARKS)
        + " |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for lines_left in range(low, high + 1):
        if args.games:
            states = from_record(args.games, board, rows, cols, lines_left)[: args.positions]
        else:
            states = from_hard(board, lines_left, args.positions, args.seed)
        for kind in args.kinds:
            draw_times, both_times = [], []
            for state in states:
                lead = to_win(state)
                draw_seconds, move = timed(state, kind, lead - 1, args.max_seconds)
                total = draw_seconds
                if move is not None and move >= 0 and draw_seconds < args.max_seconds:
                    win_seconds, _ = timed(state, kind, lead, args.max_seconds - draw_seconds)
                    total += win_seconds
                draw_times.append(draw_seconds)
                both_times.append(min(total, args.max_seconds))
            if not states:
                continue
            within = " / ".join(str(sum(1 for one in both_times if one <= mark)) for mark in MARKS)
            print(
                f"| {lines_left} | {kind} | {len(states)} | {statistics.median(draw_times):.2f} | "
                f"{statistics.median(both_times):.2f} | {within} |",
                flush=True,
            )
    print(f"uptime at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
