"""The Expert: exact play when the position can be solved in time, otherwise a careful fallback.

First version: solves exactly under the time budget (two players); when that does not finish, it takes free
boxes, then plays a safe line, then gives the fewest cells.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from ..core import GameState
from .solver import Solver

STEP_SECONDS = 0.004


def expert_move(state: GameState, rng: random.Random, budget_seconds: float = 1.0) -> Generator[int | None, None, int]:
    """Choose a move for the player to move; yields between bounded steps, returns the chosen line."""
    if state.over:
        raise ValueError("the game is over: there is no move to choose")
    fallback = _fallback(state, rng)
    yield fallback
    if state.rules.players == 2:
        deadline = time.perf_counter() + budget_seconds
        solver = Solver(state, rng)
        while time.perf_counter() < deadline:
            if solver.step(STEP_SECONDS):
                assert solver.best_move is not None
                return solver.best_move
            yield fallback
    return fallback


def _fallback(state: GameState, rng: random.Random) -> int:
    legal = state.legal_lines()
    captures = [line for line in legal if state.would_capture(line)]
    if captures:
        return rng.choice(captures)
    safe = [line for line in legal if state.is_safe(line)]
    return rng.choice(safe or legal)
