"""The exact solver on the positions that decide games against Knox, and on ``solve.py``'s endgames.

    python -m benchmarks.solver_set                   # every set, both questions, no time limit
    python -m benchmarks.solver_set --sets 4x4 --max-seconds 60

The positions (``solver_positions.txt``) are taken from the Expert's games against Knox (``peers.py`` output, session
4): 4x4 boxes at 27-31 lines left, 5x5 boxes at 34-40, where the game is decided. For each position, on a fresh
table each time: the exact value (full window), the Expert's win test (``beats`` = the opponent's lead: is
there a move that wins the game?) and, with ``--questions ladder``, the Expert's three questions in turn until one
finds a move (win, draw, best value), with search nodes, seconds and CPU seconds. Node counts do not depend on the
machine's load; seconds do (give ``uptime`` with them), CPU seconds less so. ``--max-seconds``: a solve that takes
longer is reported as not finished (``-``) and left out of the totals (its nodes so far are shown).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from benchmarks.peers import Coordinates, _parse
from benchmarks.solve import SEEDS, endgame
from game.ai.search.solver import Solver, to_win
from game.core import Board, GameState

POSITIONS = Path(__file__).resolve().parent / "solver_positions.txt"


def knox_positions(size: str) -> list[tuple[str, GameState]]:
    """(name, position) of every stored position of the board ``size`` ("4x4" or "5x5")."""
    found = []
    for text in POSITIONS.read_text().splitlines():
        if not text or text.startswith("#"):
            continue
        board_name, left, source, *moves = text.split()
        if board_name != size:
            continue
        rows, cols = (int(part) for part in size.split("x"))
        board = Board.square(rows, cols)
        names = Coordinates(board, rows, cols)
        state = GameState(board)
        for move in moves:
            state.play(names.line(*_parse(move)))
        assert state.lines_left == int(left), text
        found.append((f"{size} {left} left {source}", state))
    return found


def endgames() -> list[tuple[str, GameState]]:
    """``solve.py``'s endgames: 5x5 boxes with 28 and 32 lines left, seeds 1-8."""
    return [
        (f"5x5 {left} left seed {seed}", endgame(Board.square(5, 5), seed, left)) for left in (28, 32) for seed in SEEDS
    ]


def ask(state: GameState, question: str, max_seconds: float) -> tuple[str, int, float, float]:
    """(the answer, or "-" if not finished in ``max_seconds``; nodes; wall seconds; CPU seconds) of one question,
    on a fresh table: "value" (full window), "win" (a null window at the opponent's lead), or "ladder" (the
    Expert's questions in turn on one table until one finds a move: win, else draw, else the value)."""
    lead = to_win(state)
    table: dict[int, int] = {}
    nodes, start, cpu = 0, time.perf_counter(), time.process_time()
    steps: list[tuple[int | None, str]] = {
        "value": [(None, "")],
        "win": [(lead, "win")],
        "ladder": [(lead, "win"), (lead - 1, "draw"), (None, "loss")],
    }[question]
    shown = "-"
    for beats, outcome in steps:
        solver = Solver(state, pause_every=4096, beats=beats, table=table if question == "ladder" else None)
        done = solver.step(max(0.0, start + max_seconds - time.perf_counter()))
        nodes += solver.nodes
        if not done:
            shown = "-"
            break
        assert solver.value is not None
        if beats is None:
            shown = f"{solver.value:+d}" if question == "value" else outcome
            break
        shown = outcome if solver.best_move is not None else f"no {outcome}"
        if solver.best_move is not None:
            break
    return shown, nodes, time.perf_counter() - start, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="4x4,5x5,endgames", help="comma-separated: 4x4, 5x5, endgames")
    parser.add_argument("--max-seconds", type=float, default=1e9, help="give up a question after this long")
    parser.add_argument("--questions", default="value,win", help="comma-separated: value, win, ladder")
    args = parser.parse_args()
    questions = args.questions.split(",")
    head = f"{'nodes':>10} {'s':>7} {'CPU s':>7}"
    print(f"{'position':32}" + "".join(f" {question:>8} {head}  " for question in questions))
    for name in args.sets.split(","):
        positions = endgames() if name == "endgames" else knox_positions(name)
        totals = {question: [0, 0.0, 0.0, 0] for question in questions}  # nodes, seconds, CPU seconds, finished
        for label, state in positions:
            row = f"{label:32}"
            for question in questions:
                shown, nodes, seconds, cpu = ask(state, question, args.max_seconds)
                row += f" {shown:>8} {nodes:>10,} {seconds:>7.2f} {cpu:>7.2f}  "
                if shown != "-":
                    totals[question][0] += nodes
                    totals[question][1] += seconds
                    totals[question][2] += cpu
                    totals[question][3] += 1
            print(row, flush=True)
        for question, (nodes, seconds, cpu, finished) in totals.items():
            done = f"{finished} of {len(positions)} finished"
            print(f"{name} total, {question}: {done}, {nodes:,} nodes, {seconds:.2f} s, {cpu:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
