"""The compiled core against the Python solver on random positions: every board shape, every rule variant.

Each position is solved by both: the value, the value of every legal line (so the sets of best moves are equal)
and the best move each solver plays. 10,000 positions in 20 seeded groups of 500, small enough to run in seconds,
and 1,000 at the end of games on boards of more than 64 lines; and the selective searches.
"""

from __future__ import annotations

import random

import pytest

from game.ai.search.solver import Solver, SolverOptions, line_values
from game.ai.wasm import solver as compiled
from game.ai.wasm import values as core_values
from game.core import Board, GameState, Rules, RulesError

pytestmark = [
    pytest.mark.slow,  # thousands of positions solved by both solvers
    pytest.mark.skipif(not compiled.compiled_core_available(), reason="wasmtime is not installed"),
]

BOARDS = [
    Board.square(1, 1),
    Board.square(1, 3),
    Board.square(2, 2),
    Board.square(2, 3),
    Board.square(3, 3),
    Board.square(2, 4),
    Board.square(3, 4),
    Board.triangle(3),
    Board.triangle(4),
    Board.triangle(5),
    Board.hexagon(1),
    Board.hexagon(2),
]
VARIANTS = [(False, False), (True, False), (False, True), (True, True)]
GROUPS, PER_GROUP = 20, 500


def random_rules(rng: random.Random, board: Board) -> Rules:
    misere, no_extra = rng.choice(VARIANTS)
    start = rng.choice(["normal", "normal", "swedish", "icelandic"])
    try:
        return Rules(misere=misere, no_extra=no_extra, start=start).check(board)
    except RulesError:
        return Rules(misere=misere, no_extra=no_extra)


def random_position(rng: random.Random) -> GameState:
    """A position of a random board and rules, a few lines left, reached by play that prefers safe lines with a
    random probability (so chains, loops and joints of every kind come up, not only scattered lines)."""
    board = rng.choice(BOARDS)
    rules = random_rules(rng, board)
    state = GameState(board, rules)
    normal = not (rules.misere or rules.no_extra)
    left = rng.randint(1, min(state.lines_left, 15 if normal else 11))
    safe_first = rng.random()
    while state.lines_left > left:
        safe = [line for line in state.legal_lines() if state.is_safe(line)]
        if safe and rng.random() < safe_first:
            state.play(rng.choice(safe))
        else:
            state.play_random(rng)
    return state


def solved(solver: Solver | compiled.WasmSolver) -> tuple[int | None, int | None]:
    while not solver.step(1.0):
        pass
    return solver.value, solver.best_move


@pytest.mark.parametrize("group", range(GROUPS))
def test_the_core_gives_the_python_solvers_values_and_best_moves(group: int) -> None:
    rng = random.Random(19_000 + group)
    for _ in range(PER_GROUP):
        state = random_position(rng)
        where = f"{state.board.describe()} {state.rules} drawn={state.drawn:#x}"
        expected = line_values(state)
        got = core_values.line_values(state)
        assert got == expected, where
        value, move = solved(Solver(state))
        fast_value, fast_move = solved(compiled.WasmSolver(state))
        assert fast_value == value == (max(expected.values()) if expected else 0), where
        best = {line for line, worth in expected.items() if worth == value}
        assert fast_move in best and move in best or not best and fast_move is move is None, where


# Boards of more than 64 lines: the core's line sets take several 64-bit words (up to 5 on 12x12).
BIG_BOARDS = [Board.square(6), Board.square(5, 8), Board.square(12), Board.triangle(9), Board.hexagon(3)]


@pytest.mark.parametrize("group", range(2))
def test_the_core_agrees_on_boards_of_more_than_64_lines(group: int) -> None:
    """1,000 more positions, the end of games on big boards (84-312 lines), every rule variant."""
    rng = random.Random(64_000 + group)
    for _ in range(500):
        board = rng.choice(BIG_BOARDS)
        state = GameState(board, random_rules(rng, board))
        normal = not (state.rules.misere or state.rules.no_extra)
        left = rng.randint(1, 14 if normal else 9)
        safe_first = rng.random()
        while state.lines_left > left:
            safe = [line for line in state.legal_lines() if state.is_safe(line)]
            state.play(rng.choice(safe) if safe and rng.random() < safe_first else rng.choice(state.legal_lines()))
        where = f"{state.board.describe()} {state.rules} drawn={state.drawn:#x}"
        assert core_values.line_values(state) == line_values(state), where
        assert solved(compiled.WasmSolver(state))[0] == solved(Solver(state))[0], where


SELECTIVE_BOARDS = [Board.square(3, 3), Board.square(3, 4), Board.square(4, 4), Board.triangle(5), Board.hexagon(2)]


@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
def test_the_core_gives_the_python_selective_solvers_values(narrow: bool) -> None:
    """The selective searches (normal play, only the control moves where nothing is capturable) are estimates, the
    same estimate in both: 400 positions from mostly safe play, the fight for control and its endgames."""
    rng = random.Random(1919 + narrow)
    for _ in range(400):
        state = GameState(rng.choice(SELECTIVE_BOARDS))
        left = rng.randint(8, 20)
        while state.lines_left > left:
            safe = [line for line in state.legal_lines() if state.is_safe(line)]
            state.play(rng.choice(safe) if safe and rng.random() < 0.9 else rng.choice(state.legal_lines()))
        where = f"{state.board.describe()} drawn={state.drawn:#x}"
        value, _ = solved(Solver(state, SolverOptions(selective=True, narrow=narrow)))
        fast_value, fast_move = solved(compiled.WasmSolver(state, SolverOptions(selective=True, narrow=narrow)))
        assert fast_value == value, where
        assert fast_move in state.legal_lines() or state.over, where
