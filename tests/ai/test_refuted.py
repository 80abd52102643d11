"""What an unfinished draw test already knows, and the Expert's use of it: the root moves the exact solver has
shown not to beat its target (:attr:`~game.ai.search.solver.Solver.refuted`) are not played; the move it was
still on is played instead (:func:`~game.ai.levels.expert.avoid_losing`)."""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest
from ai_helpers import run_to_end

from game.ai.levels import expert
from game.ai.levels.basic import SAFE_LIMIT
from game.ai.levels.expert import Unfinished, avoid_losing
from game.ai.position.coins import tables_for
from game.ai.search.solver import Solver, SolverOptions, solve, to_win
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
        solver = Solver(state, SolverOptions(random.Random(seed), pause_every=8, beats=beats))
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
    solver = Solver(after_safe_play(1, 15), SolverOptions(random.Random(1)))
    solver.step(1e9)
    assert solver.done and solver.refuted == set()


def test_a_move_shown_to_lose_is_replaced_by_a_safe_line_not_shown_to_lose() -> None:
    state = after_safe_play(3, 20)
    safe = [line for line in state.legal_lines() if state.is_safe(line)]
    move = safe[0]
    assert avoid_losing(state, move, Unfinished(), random.Random(1)) == move
    assert avoid_losing(state, move, Unfinished({safe[1]}), random.Random(1)) == move
    for seed in range(5):
        other = avoid_losing(state, move, Unfinished({move, safe[1]}), random.Random(seed))
        assert other in safe and other not in {move, safe[1]}
        other = avoid_losing(state, move, Unfinished({move}, holding=move), random.Random(seed))
        assert other in safe and other != move


def test_the_move_the_draw_test_was_still_on_replaces_a_losing_one() -> None:
    state = after_safe_play(3, 20)
    safe = [line for line in state.legal_lines() if state.is_safe(line)]
    for holding in safe[1:4]:
        assert avoid_losing(state, safe[0], Unfinished({safe[0]}, holding), random.Random(0)) == holding


def test_a_corner_border_line_counts_as_its_twin() -> None:
    board = Board.square(3, 3)
    state = GameState(board)
    line, before = tables_for(board).twins[0]
    twin = before.bit_length() - 1
    assert board.line_cells[line] == board.line_cells[twin]
    for losing, move in (({twin}, line), ({line}, twin)):
        other = avoid_losing(state, move, Unfinished(losing), random.Random(0))
        assert other not in (line, twin) and state.is_safe(other)


def test_when_every_safe_line_is_shown_to_lose_the_move_stays() -> None:
    state = after_safe_play(2, 20)
    safe = [line for line in state.legal_lines() if state.is_safe(line)]
    assert avoid_losing(state, safe[0], Unfinished(set(safe)), random.Random(0)) == safe[0]


def a_losing_safe_line(seed: int) -> tuple[GameState, int]:
    """A 3x4 position after random safe lines with more than ``SAFE_LIMIT`` safe lines left, and a safe line
    there that loses the game (the draw test's target: more than the opponent's lead, less one)."""
    state = after_safe_play(seed, 24, Board.square(3, 4))
    safe = [line for line in state.legal_lines() if state.is_safe(line)]
    assert len(safe) > SAFE_LIMIT
    return state, next(line for line in safe if move_value(state, line) < to_win(state))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_hards_move_is_tried_first_and_not_played_once_shown_to_lose(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """With many safe lines Hard's move is found first and is the first move of the exact solver's draw test; when
    the test runs out of time right after showing that it loses, the Expert plays another safe line."""
    state, losing_line = a_losing_safe_line(seed)
    firsts: list[int | None] = []
    holdings: list[int | None] = []

    def hard_plays_the_losing_line(*args: object) -> Generator[int | None, None, int]:
        yield None
        return losing_line

    def out_of_time_once_first_is_refuted(
        state: GameState,
        rng: random.Random,
        stop: float,
        best: int,
        kind: str,
        beats: int | None,
        first: int | None,
        shared: tuple[dict[int, int], int],
        draw_test: Unfinished | None = None,
        clock: object = None,
        started: object = None,
    ) -> Generator[int | None, None, Solver | None]:
        firsts.append(first)
        solver = Solver(state, SolverOptions(rng, beats=beats, first=first, pause_every=1))
        while first not in solver.refuted and not solver.step(0.0):
            yield best
        if draw_test is not None:
            draw_test.losing |= solver.refuted
            draw_test.holding = solver.current
            holdings.append(solver.current)
        return None

    monkeypatch.setattr(expert, "hard_fallback", hard_plays_the_losing_line)
    monkeypatch.setattr(expert, "_solve", out_of_time_once_first_is_refuted)
    monkeypatch.setattr(expert, "searches_at_once", lambda state: False)  # no win test beside the draw test
    move = run_to_end(expert.expert_move(state.copy(), random.Random(0), 60.0))
    assert firsts[0] == losing_line
    assert move != losing_line and state.is_safe(move)
    if holdings[0] != losing_line:
        assert move == holdings[0], "the move the draw test was still on is played"
