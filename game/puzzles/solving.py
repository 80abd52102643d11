"""What every line of a puzzle position is worth, from the project's exact solver (two players, any scoring rule).

Used by the puzzle generator (``tools/make_puzzles.py``) and by the test that re-solves the stored puzzles; the
app itself never solves a puzzle (the answer is stored).

Two solvers, one interface: the compiled core (:class:`game.ai.wasm.solver.WasmSolver`, where ``wasmtime`` runs,
as :func:`~game.ai.wasm.solver.exact_solver` picks it) or the Python solver (the reference, and the fallback).
Both visit the same nodes to within a few (the core's table, of fixed size, can drop an entry the Python solver's
keeps), so both give the same values.

The bound on a puzzle's solve is a count of the Python solver's nodes, not seconds: the same position takes the
same nodes on any machine at any load. :func:`within_bound` lets the core decide where its count is more than
:func:`margin` away from the bound and asks the Python solver near it, so a puzzle is kept, or not, exactly as the
Python solver alone would decide, with or without the core.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.search.common import OutOfNodes
from ..ai.search.solver import Solver, SolverOptions
from ..ai.wasm import runtime
from ..ai.wasm.solver import WasmSolver, compiled_core_available, core_takes
from ..core import GameState

__all__ = [
    "DEEP_NODES",
    "beyond_bound",
    "MAX_NODES",
    "OutOfNodes",
    "Solved",
    "line_value",
    "line_values",
    "margin",
    "solve_lines",
    "unique_best",
    "within_bound",
]

MAX_NODES = 30_000
"""The most nodes the solver may use on all the lines of one puzzle together (every theme but ``fight``)."""

DEEP_NODES = 1_500_000
"""The bound of the ``fight`` theme's puzzles: the compiled core takes about half a second of CPU for that many
nodes on a loaded machine, the Python solver 7 s or more."""

PAUSE_EVERY = 256  # the Python solver checks the node budget every this many nodes


def margin(max_nodes: int) -> int:
    """How far from ``max_nodes`` the core's count must be for the core to decide alone: the Python solver checks
    its budget every :data:`PAUSE_EVERY` nodes, and the two solvers' counts differ by a few (at most 42 nodes in
    docs/solver.md's table, on positions of up to 480,000) — 1% of the bound, and at least 1,024 nodes."""
    return max(1024, max_nodes // 100)


def uses_core(state: GameState) -> bool:
    """Whether the compiled core solves ``state`` here (``wasmtime`` loads it, and it takes these rules)."""
    return core_takes(state) and compiled_core_available()


@dataclass(frozen=True)
class Solved:
    """Every legal line's value, the nodes the solve took, and whether the compiled core took them."""

    values: dict[int, int]
    nodes: int
    compiled: bool


class _Budget:
    """The nodes left to the lines of one position, and the table they share (same board, same rules). With the
    core, its table is emptied first: a position's count never depends on what was solved before it."""

    def __init__(self, max_nodes: int | None, compiled: bool) -> None:
        self.left = max_nodes
        self.nodes = 0
        self.compiled = compiled
        self.table: dict[int, int] = {}
        if compiled:
            runtime.clear_tables()

    def solve(self, state: GameState) -> int:
        """The exact value of ``state`` for the player to move; raises :class:`OutOfNodes` past the budget."""
        if self.compiled and self.left is not None and self.left <= 0:
            raise OutOfNodes  # (the core reads a limit of 0 as none; the Python solver stops at its next check)
        make = WasmSolver if self.compiled else Solver
        solver = make(state, SolverOptions(pause_every=PAUSE_EVERY, table=self.table, max_nodes=self.left))
        try:
            solver.finish()  # (the core's in this thread: one hand-off a line would cost more than most solves)
        finally:
            self.nodes += solver.nodes
            solver.close()
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
        rest = (budget or _Budget(None, False)).solve(state)
        return gained + rest if state.to_move == mover else gained - rest
    finally:
        state.undo()


def solve_lines(state: GameState, max_nodes: int | None = None, compiled: bool = True) -> Solved:
    """Every legal line of ``state`` with its :func:`line_value` (``state`` is left as found), by the compiled core
    when ``compiled`` and it runs here, else by the Python solver. With ``max_nodes``, raises :class:`OutOfNodes`
    once the lines together took more nodes than that (the Python solver notices at its next multiple of
    :data:`PAUSE_EVERY`)."""
    if state.rules.players != 2:
        raise ValueError("puzzles are two-player games")
    budget = _Budget(max_nodes, compiled and uses_core(state))
    values = {line: line_value(state, line, budget) for line in state.legal_lines()}
    return Solved(values, budget.nodes, budget.compiled)


def line_values(state: GameState, max_nodes: int | None = None, compiled: bool = True) -> dict[int, int]:
    """The values of :func:`solve_lines`."""
    return solve_lines(state, max_nodes, compiled).values


def within_bound(state: GameState, max_nodes: int) -> Solved | None:
    """The lines of ``state`` solved, when the Python solver solves them all within ``max_nodes`` nodes, else None.

    The core, where it runs, decides alone when its count is more than :func:`margin` below the bound or above it;
    between, the Python solver decides. So the answer is the Python solver's, whichever solver ran."""
    if not uses_core(state):
        return _or_none(state, max_nodes, compiled=False)
    band = margin(max_nodes)
    solved = _or_none(state, max_nodes + band, compiled=True)
    if solved is None or solved.nodes < max_nodes - band:
        return solved
    return _or_none(state, max_nodes, compiled=False)


def beyond_bound(state: GameState, solved: Solved, bound: int) -> bool:
    """Whether the Python solver needs more than ``bound`` nodes for the lines of ``state`` (``solved``: those lines
    solved by :func:`within_bound` under a larger bound): decided by ``solved``'s count when it is more than
    :func:`margin` away from ``bound``, else by :func:`within_bound`."""
    band = margin(bound)
    if solved.compiled and abs(solved.nodes - bound) > band:
        return solved.nodes > bound
    return within_bound(state, bound) is None


def _or_none(state: GameState, max_nodes: int, compiled: bool) -> Solved | None:
    try:
        return solve_lines(state, max_nodes, compiled)
    except OutOfNodes:
        return None


def unique_best(values: dict[int, int]) -> int | None:
    """The one line reaching the best value, or None when several lines share it."""
    best = max(values.values())
    winners = [line for line, value in values.items() if value == best]
    return winners[0] if len(winners) == 1 else None
