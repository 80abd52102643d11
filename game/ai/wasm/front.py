"""What the compiled core's two front ends share (a thread on the desktop, a Web Worker in the browser): for one
search (:class:`~.solver.WasmSolver`, :class:`~.browser.BrowserSolver`), the Python solver's options, the Python
solver itself as the reference (its root moves and their order, its tables), and the results as the Python solver
gives them; for the values of many lines (:class:`~.values.CoreValues`, :class:`~.browser.BrowserValues`),
:class:`~game.ai.analysis.Analysis`'s arguments and answers."""

from __future__ import annotations

from collections.abc import Iterable

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..analysis import Analysis, chosen_lines
from ..position.coins import tables_for
from ..search.solver import DEFAULT_OPTIONS, Solver, SolverOptions


class CoreFront:
    """Takes :class:`~game.ai.search.solver.Solver`'s options (``table``, ``max_entries``, ``pause_every`` are used
    only by the Python solver that takes over where the core fails: the core keeps its own table per board and
    rules); a front end starts its search in :meth:`_start`."""

    _fallback: Solver | None  # the reference, once it has taken over where the core failed (set by ``_start``)

    def __init__(self, state: GameState, options: SolverOptions = DEFAULT_OPTIONS) -> None:
        self._reference = Solver(state, options)
        self.tables = self._reference.tables
        self.table = self._reference.table
        self.max_entries = self._reference.max_entries
        self.beats = options.beats
        self.value: int | None = None
        self.best_move: int | None = None
        self.done = False
        self._start(state, options.max_nodes)

    @property
    def elsewhere(self) -> bool:
        """The core searches (in its thread or Web Worker), not the Python solver: a step only looks at it."""
        return self._fallback is None

    def _start(self, state: GameState, max_nodes: int | None) -> None:
        raise NotImplementedError


class ValuesFront:
    """What the compiled core's two front ends for line values share (:class:`~.values.CoreValues` in a thread,
    :class:`~.browser.BrowserValues` in the Worker): :class:`~game.ai.analysis.Analysis`'s arguments and answers,
    the whole request searched by the core (each line a search of that one root move on its table, for at most
    ``seconds`` of wall time), and the Python solver taking over the lines not valued yet where the core fails. A
    front end starts its search in :meth:`_start` and reads it in :meth:`_poll`."""

    def __init__(
        self, state: GameState, seconds: float, lines: Iterable[int] | None = None, clock: Clock = WALL_CLOCK
    ) -> None:
        self.state = state.copy()
        self.seconds = seconds
        self.clock = clock
        self.lines = chosen_lines(self.state, lines)
        self.values: dict[int, int | None] = dict.fromkeys(self.lines)
        self.done = not self.lines
        self.tables = tables_for(self.state.board)
        self._fallback: Analysis | None = None
        self._start()

    def step(self, budget_seconds: float) -> bool:
        """Reads what the core has found (waiting at most ``budget_seconds``); True once every line is valued or
        given up."""
        if self.done:
            return True
        if self._fallback is None:
            return self._poll(budget_seconds)
        self.done = self._fallback.step(budget_seconds)
        self.values.update((line, value) for line, value in self._fallback.values.items() if value is not None)
        return self.done

    def close(self) -> None:
        raise NotImplementedError

    def _start(self) -> None:
        raise NotImplementedError

    def _poll(self, budget_seconds: float) -> bool:
        raise NotImplementedError

    def _take_over(self, budget_seconds: float) -> bool:
        """The core failed: the Python solver values the lines it had not valued."""
        rest = [line for line, value in self.values.items() if value is None]
        self._fallback = Analysis(self.state, self.seconds, lines=rest, clock=self.clock)
        return self.step(budget_seconds)
