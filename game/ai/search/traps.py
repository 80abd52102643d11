"""Setting traps when the exact value says the game cannot be won against perfect play.

Among the moves that keep the exact value, the Expert prefers the one after which the largest share of the
opponent's natural replies (the lines that take cells, else its safe lines, else any line) hand the win back:
a perfect opponent still wins, and a fallible one gets the most chances to go wrong. Every test is a null-window
:class:`~game.ai.solver.Solver` search sharing the exact solver's table, so most of it is already known.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Generator
from typing import Any

from ...core import GameState
from ...steps import WALL_CLOCK, Clock, until
from .solver import Solver, SolverOptions, solving, to_win

MoveGenerator = Generator[int | None, None, int]
MakeSolver = Callable[[GameState, SolverOptions], Any]  # Solver, or a class with its interface (the compiled core's)
SolverFor = Callable[[GameState, int], Any]  # a position and a threshold (``beats``) to a solver on the shared table
Stopping = Callable[..., Generator[int | None, None, Any]]  # runs a search until the trap search's stop time


def trap_move(
    state: GameState,
    rng: random.Random,
    table: dict[int, int],
    value: int,
    stop: float,
    fallback: int,
    max_entries: int | None = None,
    make_solver: MakeSolver = Solver,
    clock: Clock = WALL_CLOCK,
) -> MoveGenerator:
    """The move keeping the exact ``value`` (which does not win) whose position offers the opponent the most
    losing natural replies; ``fallback`` (a move worth ``value``) if time runs out (``clock()`` reaches ``stop``)
    before any is found better. ``state`` is not changed; ``table`` (the exact solver's) gets at most
    ``max_entries``; ``make_solver``: :class:`~.solver.Solver` or a class with its interface (the compiled core's)."""
    options = SolverOptions(table=table, max_entries=max_entries, clock=clock)

    def solver_for(position: GameState, beats: int) -> Any:
        return make_solver(position, dataclasses.replace(options, beats=beats))

    stopping = functools.partial(until, stop=stop, clock=clock)
    position = state.copy()
    best, best_share = fallback, -1.0
    moves = [line for line in position.legal_lines() if not position.would_capture(line)]
    rng.shuffle(moves)
    for line in moves:
        position.play(line)
        share = yield from _trap_share(position, solver_for, -value, stopping, best)
        position.undo()
        if share is None:
            break
        if share > best_share:
            best, best_share = line, share
    return best


def _trap_share(
    position: GameState, solver_for: SolverFor, most: int, stopping: Stopping, best: int
) -> Generator[int | None, None, float | None]:
    """With the opponent to move in ``position``: -1 if it is worth more than ``most`` to them (the move
    before it lost value), else the share of their natural replies after which the other side wins; None at
    the stop time (``stopping``: :func:`~game.steps.until` with the stop time and the clock)."""
    gains = yield from _beats(position, solver_for, most, stopping, best)
    if gains is None:
        return None
    if gains:
        return -1.0
    replies = natural_replies(position)
    traps = 0
    for reply in replies:
        opponent = position.to_move
        position.play(reply)
        if position.over:
            wins: bool | None = position.winners() == [1 - opponent]
        elif position.to_move == opponent:  # it took cells and moves again: the trap works if it cannot even draw
            holds = yield from _beats(position, solver_for, to_win(position) - 1, stopping, best)
            wins = None if holds is None else not holds
        else:
            wins = yield from _beats(position, solver_for, to_win(position), stopping, best)
        position.undo()
        if wins is None:
            return None
        traps += wins
    return traps / len(replies)


def natural_replies(position: GameState) -> list[int]:
    """The replies a player would consider first: the lines that take cells, else the safe lines, else any."""
    legal = position.legal_lines()
    return (
        [line for line in legal if position.would_capture(line)]
        or [line for line in legal if position.is_safe(line)]
        or legal
    )


def _beats(
    position: GameState, solver_for: SolverFor, beats: int, stopping: Stopping, best: int
) -> Generator[int | None, None, bool | None]:
    """Whether the player to move in ``position`` can get more than ``beats`` from the rest; None at the stop
    time."""
    solver = solver_for(position, beats)
    try:
        done = yield from stopping(solving(solver), best)
    finally:
        solver.close()  # also when the move is dropped: a compiled core's search runs in a thread
    if done is None:
        return None
    yield best  # many tests finish within their first step: pause after each, so a step stays short
    return solver.best_move is not None
