"""What every line of a puzzle position is worth, from the project's exact solver (two players, any scoring rule).

Used by the puzzle generator (``tools/make_puzzles.py``) and by the test that re-solves the stored puzzles; the
app itself never solves a puzzle (the answer is stored).

The bound on a puzzle's solve is a count of the solver's nodes, not seconds: the same position takes the same
nodes on any machine at any load, so whether a puzzle is cheap enough to keep does not depend on the clock.
"""

from __future__ import annotations

from ..ai.search.common import OutOfNodes
from ..ai.search.solver import Solver
from ..core import GameState

__all__ = ["MAX_NODES", "OutOfNodes", "line_value", "line_values", "unique_best"]

MAX_NODES = 30_000
"""The most nodes the solver may use on all the lines of one puzzle together (a stored puzzle solves within it)."""

PAUSE_EVERY = 256  # the node budget is checked every this many nodes


class _Budget:
    """The nodes left to the lines of one position, and the table they share (same board, same rules)."""

    def __init__(self, max_nodes: int | None) -> None:
        self.left = max_nodes
        self.table: dict[int, int] = {}

    def solve(self, state: GameState) -> int:
        """The exact value of ``state`` for the player to move; raises :class:`OutOfNodes` past the budget."""
        solver = Solver(state, pause_every=PAUSE_EVERY, table=self.table, max_nodes=self.left)
        while not solver.step(3600.0):
            pass
        if self.left is not None:
            self.left -= solver.nodes
        assert solver.value is not None
        return solver.value


def line_value(state: GameState, line: int, budget: _Budget | None = None) -> int:
    """The best result the player to move can still reach after drawing ``line`` (their future cells minus the
    other's; misère: the other's minus theirs): what the line closes, plus the rest of the game with perfect play
    from both sides, counted for whoever moves next."""
    mover = state.to_move
    gained = len(state.play(line).captured)
    if state.rules.misere:
        gained = -gained
    try:
        if state.over:
            return gained
        rest = (budget or _Budget(None)).solve(state)
        return gained + rest if state.to_move == mover else gained - rest
    finally:
        state.undo()


def line_values(state: GameState, max_nodes: int | None = None) -> dict[int, int]:
    """Every legal line of ``state`` with its :func:`line_value` (``state`` is left as found). With ``max_nodes``,
    raises :class:`OutOfNodes` once the lines together took more solver nodes than that."""
    if state.rules.players != 2:
        raise ValueError("puzzles are two-player games")
    budget = _Budget(max_nodes)
    return {line: line_value(state, line, budget) for line in state.legal_lines()}


def unique_best(values: dict[int, int]) -> int | None:
    """The one line reaching the best value, or None when several lines share it."""
    best = max(values.values())
    winners = [line for line, value in values.items() if value == best]
    return winners[0] if len(winners) == 1 else None
