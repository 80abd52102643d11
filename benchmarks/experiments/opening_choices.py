"""How good each early-game method's safe line is, by the exact solver, on boards small enough to solve.

    python -m benchmarks.experiments.opening_choices --board 3x3 --positions 60 --seconds 0.3
    python -m benchmarks.experiments.opening_choices --board 3x4 --positions 30 --seconds 0.5 --drawn 6-10

Positions: from the empty board, ``--drawn`` random safe lines (nothing taken), kept when more than ``--safe``
safe lines are left (the Expert's early game: more than ``SELECTIVE_SAFE`` on the real boards). For each, the exact
value of every safe line (:class:`game.ai.search.solver.Solver`) and each method's choice with ``--seconds`` a move:

- ``random``: a random safe line;
- ``hard``: Hard's early move (a safe line after which the long-chain rule, counting the chains already formed,
  gives the opponent no control: :func:`game.ai.levels.hard.long_chain_rule`);
- ``playouts``: flat playouts (``early_game.py``'s ``playout_move``);
- ``tree``: the tree search over safe lines (``early_game.py``'s ``uct_move``).

Printed: per method, the mean loss in cells against the best safe line with its standard error, and how often it
chose a best one. The methods play on the same positions, so their differences are paired. Time-limited methods
depend on the machine's load, which the script prints.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable

from benchmarks.experiments.early_game import playout_move, uct_move
from game.ai.levels.hard import long_chain_rule
from game.ai.position.chains import safe_lines
from game.ai.position.coins import tables_for
from game.ai.search.solver import Solver
from game.core import Board, GameState
from game.steps import run

Method = Callable[[GameState, list[int], random.Random, float], int]


def searched(search: Callable) -> Method:
    def choose(state: GameState, safe: list[int], rng: random.Random, seconds: float) -> int:
        tables = tables_for(state.board)
        deg = tables.degrees(state.drawn)
        return run(search(tables, state.drawn, deg, safe, rng, time.perf_counter() + seconds, safe[0]))

    return choose


METHODS: dict[str, Method] = {
    "random": lambda state, safe, rng, seconds: rng.choice(safe),
    "hard": lambda state, safe, rng, seconds: rng.choice(run(long_chain_rule(state.copy(), safe))),
    "playouts": searched(playout_move),
    "tree": searched(uct_move),
}


def exact_after(state: GameState, line: int, table: dict[int, int]) -> int:
    """The mover's exact value of drawing the safe ``line`` (it takes nothing, so the opponent moves next)."""
    state.play(line)
    solver = Solver(state, table=table)
    while not solver.step(1.0):
        pass
    state.undo()
    assert solver.value is not None
    return -solver.value


def early_position(board: Board, drawn: int, most_safe: int, rng: random.Random) -> GameState | None:
    state = GameState(board)
    for _ in range(drawn):
        safe = safe_lines(state)
        if not safe:
            return None
        state.play(rng.choice(safe))
    return state if len(safe_lines(state)) > most_safe else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="3x3", help="boxes, RxC")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--drawn", default="2-8", help="random safe lines drawn before the position, LOW-HIGH")
    parser.add_argument("--safe", type=int, default=6, help="keep positions with more safe lines than this")
    parser.add_argument("--seconds", type=float, default=0.3, help="each time-limited method's time a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    low, high = (int(part) for part in args.drawn.split("-"))
    board = Board.square(rows, cols)
    rng = random.Random(args.seed)
    print(f"load: {' '.join(f'{value:.2f}' for value in os.getloadavg())} (1, 5, 15 min)")
    losses: dict[str, list[int]] = {name: [] for name in METHODS}
    table: dict[int, int] = {}
    done = 0
    while done < args.positions:
        state = early_position(board, rng.randint(low, high), args.safe, rng)
        if state is None:
            continue
        safe = safe_lines(state)
        values = {line: exact_after(state, line, table) for line in safe}
        top = max(values.values())
        for name, method in METHODS.items():
            losses[name].append(top - values[method(state, safe, random.Random(rng.random()), args.seconds)])
        done += 1
    print(f"{args.board} boxes, {done} positions, {low}-{high} safe lines drawn, {args.seconds} s a move")
    print(f"load at the end: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    print("| method | mean loss (cells) | best line chosen |")
    print("| --- | --- | --- |")
    for name, lost in losses.items():
        mean = sum(lost) / len(lost)
        error = (sum((value - mean) ** 2 for value in lost) / (len(lost) - 1) / len(lost)) ** 0.5
        best = sum(1 for value in lost if value == 0)
        print(f"| {name} | {mean:.2f} +- {error:.2f} | {best} of {len(lost)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
