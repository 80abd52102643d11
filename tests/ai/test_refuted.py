"""What an unfinished draw test already knows, and the Expert's use of it: the root moves the exact solver has
shown not to beat its target (:attr:`~game.ai.search.solver.Solver.refuted`) are not played
(:func:`~game.ai.levels.expert.avoid_losing`)."""

from __future__ import annotations

import random

import pytest

from game.ai.levels.expert import avoid_losing
from game.ai.position.coins import tables_for
from game.ai.search.solver import Solver, solve
from game.core import Board, GameState


def after_safe_play(seed: int, lines_left: int, board: Board | None = None) -> GameState:
    state = GameState(board or Board.square(3, 3))
    rng = random.Random(seed)
    while state.lines_left > lines_left:
        legal = state.legal_lines()
        safe = [line for line in legal if state.is_safe(line)]
        state.play(rng.choice(safe or legal))
    return state


def move_value(state: GameState, line: int) -> int:
    """The mover's exact value of drawing ``line`` (the cells it takes plus what follows)."""
    after = state.copy()
    taken = len(after.play(line).captured)
    rest = solve(after)
    assert rest is not None
    return taken + rest if after.to_move == state.to_move else taken - rest


@pytest.mark.parametrize("seed", range(6))
def test_every_refuted_move_is_no_better_than_the_target_at_every_pause(seed: int) -> None:
    state = after_safe_play(seed, 15)
    value = solve(state)
    assert value is not None
    for beats in (value - 1, value, value + 1):
        solver = Solver(state, random.Random(seed), pause_every=8, beats=beats)
        seen: set[int] = set()
        while not solver.step(0.0):
            assert seen <= solver.refuted, "a refuted move stays refuted"
            seen = set(solver.refuted)
        for line in solver.refuted:
            assert move_value(state, line) <= beats
        if solver.best_move is None:
            assert solver.refuted == set(solver.root_moves()), "no move beats the target: all of them refuted"
        else:
            assert solver.best_move not in solver.refuted
            assert move_value(state, solver.best_move) > beats


def test_a_full_window_search_refutes_nothing() -> None:
    solver = Solver(after_safe_play(1, 15), random.Random(1))
    solver.step(1e9)
    assert solver.done and solver.refuted == set()


def test_a_move_shown_to_lose_is_replaced_by_a_safe_line_not_shown_to_lose() -> None:
    state = after_safe_play(3, 20)
    safe = [line for line in state.legal_lines() if state.is_safe(line)]
    move = safe[0]
    assert avoid_losing(state, move, set(), random.Random(1)) == move
    assert avoid_losing(state, move, {safe[1]}, random.Random(1)) == move
    for seed in range(5):
        other = avoid_losing(state, move, {move, safe[1]}, random.Random(seed))
        assert other in safe and other not in {move, safe[1]}


def test_a_corner_border_line_counts_as_its_twin() -> None:
    board = Board.square(3, 3)
    state = GameState(board)
    line, before = tables_for(board).twins[0]
    twin = before.bit_length() - 1
    assert board.line_cells[line] == board.line_cells[twin]
    for losing, move in (({twin}, line), ({line}, twin)):
        other = avoid_losing(state, move, losing, random.Random(0))
        assert other not in (line, twin) and state.is_safe(other)


def test_when_every_safe_line_is_shown_to_lose_the_move_stays() -> None:
    state = after_safe_play(2, 20)
    safe = [line for line in state.legal_lines() if state.is_safe(line)]
    assert avoid_losing(state, safe[0], set(safe), random.Random(0)) == safe[0]
