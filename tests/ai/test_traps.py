"""Traps: in a position that cannot be won, the Expert keeps the exact value and offers the most losing replies."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from ai_helpers import TickingClock, run_to_end
from test_solver import brute_force, random_position

from game.ai.search.solver import PAUSE_EVERY, Solver, to_win
from game.ai.search.traps import natural_replies, trap_move
from game.core import Board, GameState, Rules

# The brute-force values of the positions below, kept across tests: they depend only on the board, the rules and
# the lines drawn, never on the AI. A mutation run forks every mutant's run from a process that has run the suite
# once, so there each value is worked out once instead of once per mutant (most of this file's time).
VALUES: dict[tuple[Board, Rules, int], int] = {}


def exact_value(state: GameState) -> int:
    """:func:`test_solver.brute_force`, remembered in ``VALUES``."""
    key = (state.board, state.rules, state.drawn)
    if key not in VALUES:
        VALUES[key] = brute_force(state)
    return VALUES[key]


def move_value(state: GameState, line: int) -> int:
    """The exact value for the mover of drawing ``line`` (as :func:`test_solver.move_value`, from ``VALUES``)."""
    mover = state.to_move
    result = state.play(line)
    after = exact_value(state)
    state.undo()
    sign = -1 if state.rules.misere else 1
    return sign * len(result.captured) + (after if result.next_player == mover else -after)


def share_of_losing_replies(state: GameState, line: int) -> float:
    """Brute force: after ``line``, the share of the opponent's natural replies that let the mover win."""
    state.play(line)
    replies = natural_replies(state)
    wins = 0
    for reply in replies:
        opponent = state.to_move
        state.play(reply)
        if state.to_move == opponent:  # it took cells (perhaps the last): it must not even draw
            wins += exact_value(state) < to_win(state)
        else:
            wins += exact_value(state) > to_win(state)
        state.undo()
    state.undo()
    return wins / len(replies) if replies else 0.0


def losing_positions(rules: Rules, wanted: int) -> list[GameState]:
    """2x3-box positions with 13 lines left whose mover cannot win and has a quiet move keeping the value."""
    found = []
    seed = 0
    while len(found) < wanted:
        state = random_position(Board.square(2, 3), rules, 13, seed)
        seed += 1
        if not state.over and exact_value(state) <= to_win(state):
            found.append(state)
    return found


@pytest.mark.slow
def test_trap_move_keeps_the_value_and_offers_the_most_losing_replies() -> None:
    chose_a_trap = 0
    for rules in (Rules(), Rules(misere=True)):
        for state in losing_positions(rules, 6):
            value = exact_value(state)
            quiet = [line for line in state.legal_lines() if not state.would_capture(line)]
            keeping = [line for line in quiet if move_value(state, line) == value]
            if not keeping:
                continue
            shares = {line: share_of_losing_replies(state, line) for line in keeping}
            table: dict[int, int] = {}
            move = run_to_end(trap_move(state, random.Random(1), table, value, time.perf_counter() + 60, keeping[0]))
            assert move in keeping
            assert shares[move] == max(shares.values())
            chose_a_trap += max(shares.values()) > 0
    assert chose_a_trap


def test_trap_move_falls_back_when_out_of_time() -> None:
    """On the empty 3x3 board (worth -3) no test finishes in one step, so the given move is kept."""
    state = GameState(Board.square(3, 3))
    fallback = state.legal_lines()[5]
    move = run_to_end(trap_move(state, random.Random(1), {}, -3, time.perf_counter(), fallback))
    assert move == fallback


def test_trap_search_pauses_after_every_test() -> None:
    """Most null-window tests finish within their first step (a solver pauses after two looks at the clock,
    ``PAUSE_EVERY`` nodes apart, on a slow machine): the trap search must still pause after each, or one step would
    run hundreds of them."""
    slow = TickingClock(1.0)
    created: list[Solver] = []

    class CountedSolver(Solver):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            created.append(self)

    state = losing_positions(Rules(), 1)[0]
    first = state.legal_lines()[0]
    moves = trap_move(
        state, random.Random(1), {}, exact_value(state), 1e9, first, make_solver=CountedSolver, clock=slow
    )
    yields = 0
    try:
        while True:
            next(moves)
            yields += 1
    except StopIteration:
        pass
    assert len(created) > 5
    assert yields >= len(created)
    assert all(solver.nodes <= (solver.pauses + 1) * 2 * PAUSE_EVERY for solver in created)
