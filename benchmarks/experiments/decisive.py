"""How long each search needs to find a move that keeps the value, on the positions where the Expert lost it.

    python -m benchmarks.experiments.postmortem games.txt --board 4x4 --lines 33 > pm.txt  # mistakes: 8E-2 ...
    python -m benchmarks.experiments.decisive games.txt 0:8 1:7 5:9 --board 4x4 --max-seconds 30

Each ``GAME:PLY`` names the position before ply ``PLY`` of game ``GAME`` of a ``peers.py`` record (the plies that
``postmortem.py`` marks ``E`` with a drop). For each, on fresh tables: the exact value (full window), then the
selective solvers (:class:`~game.ai.search.solver.Solver` with ``selective``, narrow and wide, full window) until
they finish or ``--max-seconds`` of CPU pass, and whether the move each chose keeps the exact value (its child
solved exactly on the exact solver's table). Printed per position: lines left, safe lines, the value, and per
solver its CPU seconds, nodes and verdict. CPU seconds (``time.process_time``), so the load matters little.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from benchmarks.experiments.postmortem import read_games
from benchmarks.peers import Coordinates
from game.ai.search.solver import Solver
from game.core import Board, GameState


def exact_value(state: GameState, table: dict[int, int]) -> int:
    solver = Solver(state, table=table, pause_every=4096)
    solver.step(1e9)
    assert solver.value is not None
    return solver.value


def move_value(state: GameState, line: int, table: dict[int, int]) -> int:
    """The mover's exact value of drawing ``line`` in ``state``."""
    after = state.copy()
    taken = len(after.play(line).captured)
    rest = exact_value(after, table)
    return taken + rest if after.to_move == state.to_move else taken - rest


def selective(state: GameState, narrow: bool, max_seconds: float) -> tuple[Solver | None, float]:
    """The narrow or wide selective solver's full-window search, or None past ``max_seconds`` of CPU."""
    solver = Solver(state, random.Random(1), selective=True, narrow=narrow, pause_every=4096)
    start = time.process_time()
    while not solver.step(0.5):
        if time.process_time() - start > max_seconds:
            return None, time.process_time() - start
    return solver, time.process_time() - start


def position(games: dict[int, list[int]], board: Board, spec: str) -> GameState:
    try:
        number, ply = (int(part) for part in spec.split(":"))
        lines = games[number]
    except (ValueError, KeyError):
        raise SystemExit(f"{spec!r}: expected GAME:PLY with a finished game of the record") from None
    if not 0 <= ply < len(lines):
        raise SystemExit(f"{spec!r}: game {number} has plies 0-{len(lines) - 1}")
    state = GameState(board)
    for line in lines[:ply]:
        state.play(line)
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", help="the output of benchmarks/peers.py")
    parser.add_argument("positions", nargs="+", help="GAME:PLY, the position before that ply")
    parser.add_argument("--board", default="4x4", help="boxes, RxC")
    parser.add_argument("--max-seconds", type=float, default=30.0, help="CPU seconds a selective solver may take")
    args = parser.parse_args()
    rows, cols = (int(part) for part in args.board.split("x"))
    board = Board.square(rows, cols)
    names = Coordinates(board, rows, cols)
    games = {game.number: game.lines for game in read_games(args.games, names)}
    for spec in args.positions:
        state = position(games, board, spec)
        table: dict[int, int] = {}
        start = time.process_time()
        value = exact_value(state, table)
        safe = sum(1 for line in state.legal_lines() if state.is_safe(line))
        report = [
            f"{spec}: {state.lines_left} lines left, {safe} safe, value {value:+d}"
            f" (exact {time.process_time() - start:.1f} s)"
        ]
        for narrow in (True, False):
            kind = "narrow" if narrow else "wide"
            solver, seconds = selective(state, narrow, args.max_seconds)
            if solver is None or solver.best_move is None:
                report.append(f"{kind}: not finished in {seconds:.1f} s")
                continue
            kept = move_value(state, solver.best_move, table) == value
            report.append(f"{kind}: {seconds:.1f} s, {solver.nodes:,} nodes, {'keeps it' if kept else 'loses'}")
        print(" | ".join(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
