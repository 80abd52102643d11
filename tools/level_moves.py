"""The move every level chooses on a fixed set of positions, with time standing still: a refactor's proof.

Each level plays from seeded positions on several boards and rules (random safe-first games cut at a number of
lines left); the Expert is given a clock that never moves, so every search it starts runs to its end (an
infinitely fast machine) and its move depends on the code alone, not on the machine's load. The positions the
Expert could not finish quickly that way (where the exact solver would run on more than 20 lines, 12 in the other
rules, 9 with three players) are left out.
Run it before and after a change that should not change how the computer plays, and compare the outputs::

    python -m tools.level_moves > before.txt      # on the old code
    python -m tools.level_moves > after.txt       # on the new
    diff before.txt after.txt                          # nothing: the same moves

``--python`` keeps the compiled core out (the Python solver decides every search).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path


def frozen() -> float:
    return 0.0


time.perf_counter = frozen  # before the game is imported: every clock it keeps is this one

from game.core import Board, GameState, Rules  # noqa: E402

BOARDS = {
    "3x3": lambda: Board.square(3),
    "4x4": lambda: Board.square(4),
    "5x5": lambda: Board.square(5),
    "triangle 4": lambda: Board.triangle(4),
    "hex 1": lambda: Board.hexagon(1),
}
RULES = {
    "normal": Rules(),
    "misere": Rules(misere=True),
    "no-extra": Rules(no_extra=True),
    "must-capture": Rules(must_capture=True),
    "3 players": Rules(players=3),
}


def position(board: Board, rules: Rules, left: int, seed: int) -> GameState:
    """A game of random lines (a safe line while there is one, a capture first) stopped at ``left`` lines left."""
    rng = random.Random(seed)
    state = GameState(board, rules)
    while state.lines_left > left and not state.over:
        legal = state.legal_lines()
        captures = [line for line in legal if state.would_capture(line)]
        safe = [line for line in legal if state.is_safe(line) and not state.would_capture(line)]
        state.play(rng.choice(captures or safe or legal))
    return state


def expert_can_finish(name: str, rules: Rules, state: GameState) -> bool:
    """Whether the Expert's searches end soon with no time limit (see the module)."""
    left = state.lines_left
    if rules.players > 2:
        return left <= 9
    if not rules.normal_play:
        return left <= 12
    return left <= 20 or (name == "4x4" and left >= 37) or (name == "5x5" and left >= 50)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", action="store_true", help="the Python solver only (no compiled core)")
    parser.add_argument("--seeds", type=int, default=3, help="positions per board, rules and stage")
    args = parser.parse_args()
    import game
    from game.ai.player import LEVELS, choose_move

    print(f"# {Path(game.__file__).parent}", file=sys.stderr)

    if args.python:
        import game.ai.wasm.solver as wasm_solver

        wasm_solver.present = lambda: False  # type: ignore[attr-defined]
    for board_name, make in BOARDS.items():
        board = make()
        for rules_name, rules in RULES.items():
            for fraction in (0.9, 0.6, 0.4, 0.25, 0.12):
                for seed in range(args.seeds):
                    left = max(1, round(board.num_lines * fraction))
                    state = position(board, rules, left, seed)
                    if state.over:
                        continue
                    moves = []
                    for level in LEVELS:
                        if level == "expert" and not expert_can_finish(board_name, rules, state):
                            moves.append("-")
                            continue
                        moves.append(str(choose_move(state, level, seed=seed, seconds=2.5)))
                    print(f"{board_name} | {rules_name} | {state.lines_left} left | seed {seed} | {' '.join(moves)}")
                    sys.stdout.flush()


if __name__ == "__main__":
    main()
