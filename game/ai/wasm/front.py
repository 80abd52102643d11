"""What the compiled core's two front ends share (:class:`~.solver.WasmSolver` in a thread, :class:`~.browser.
BrowserSolver` in a Web Worker): the Python solver's arguments, the Python solver itself as the reference (its root
moves and their order, its tables), and the results as the Python solver gives them."""

from __future__ import annotations

import random

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..search.solver import PAUSE_EVERY, Solver


class CoreFront:
    """Takes :class:`~game.ai.search.solver.Solver`'s arguments (``table``, ``max_entries``, ``pause_every`` are
    accepted for the same calls and not used: the core keeps its own table per board and rules); a front end
    starts its search in :meth:`_start`."""

    def __init__(
        self,
        state: GameState,
        rng: random.Random | None = None,
        pause_every: int = PAUSE_EVERY,
        table: dict[int, int] | None = None,
        selective: bool = False,
        narrow: bool = False,
        beats: int | None = None,
        first: int | None = None,
        max_entries: int | None = None,
        max_nodes: int | None = None,
        clock: Clock = WALL_CLOCK,
    ) -> None:
        self._reference = Solver(
            state, rng, pause_every, table, selective, narrow, beats, first, max_entries, max_nodes, clock
        )
        self.tables = self._reference.tables
        self.table = self._reference.table
        self.max_entries = self._reference.max_entries
        self.beats = beats
        self.value: int | None = None
        self.best_move: int | None = None
        self.done = False
        self._start(state, max_nodes)

    def _start(self, state: GameState, max_nodes: int | None) -> None:
        raise NotImplementedError
