"""What every line of a puzzle position is worth, from the project's exact solver (two players, normal play).

Used by the puzzle generator (``tools/make_puzzles.py``) and by the test that re-solves every stored puzzle; the
app itself never solves a puzzle (the answer is stored).
"""

from __future__ import annotations

from ..ai.wasm.solver import solve
from ..core import GameState


def line_value(state: GameState, line: int) -> int:
    """The best result the player to move can still reach (their future cells minus the other's) after drawing
    ``line``: what the line closes, plus the rest of the game with perfect play from both sides."""
    mover = state.to_move
    gained = len(state.play(line).captured)
    try:
        if state.over:
            return gained
        rest = solve(state)
        assert rest is not None  # no time limit: solve always finishes
        return gained + rest if state.to_move == mover else gained - rest
    finally:
        state.undo()


def line_values(state: GameState) -> dict[int, int]:
    """Every legal line of ``state`` with its :func:`line_value` (``state`` is left as found)."""
    if state.rules.players != 2 or state.rules.misere or state.rules.no_extra:
        raise ValueError("puzzles are two-player games with the standard scoring")
    return {line: line_value(state, line) for line in state.legal_lines()}


def unique_best(values: dict[int, int]) -> int | None:
    """The one line reaching the best value, or None when several lines share it."""
    best = max(values.values())
    winners = [line for line, value in values.items() if value == best]
    return winners[0] if len(winners) == 1 else None
