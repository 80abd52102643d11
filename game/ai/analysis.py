"""The analysis board's numbers: the exact value of every legal line of a position, each within a time.

For the player to move, the value of drawing a line is what :func:`~game.ai.search.solver.solve` counts (future
cells minus the other's; misère: the other's minus theirs, so larger is better): the cells the line closes, then
the value of the position after it, for the same player if they move again, against them if not
(:func:`~game.ai.search.solver.line_values` gives the same numbers without a time limit). A line not solved within
its time (wall time from the start of its search) stays unknown (None).

One interface, three places the search runs (:func:`game.ai.wasm.values.exact_values` picks): the compiled core
values all the lines as one request, in a thread on the desktop (:class:`~game.ai.wasm.values.CoreValues`) or in
the Web Worker in the browser (:class:`~game.ai.wasm.browser.BrowserValues`), and :class:`Analysis` here steps a
solver per line where the core does not run (the Python solver). Each works in steps, like the review
(``step(budget)`` until it returns True; ``values`` fills in as lines finish), so a game's loop can poll it a few
milliseconds a frame; ``finish()`` runs it at once (the engine's ``values`` command). ``lines`` limits it to some of
the legal lines (the analysis board asks again, with more time, for the lines a shorter time did not solve).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..core import GameState
from ..steps import WALL_CLOCK, Clock
from .search.solver import Solver


class LineValuesSearch(Protocol):
    """What every search of line values answers (:class:`Analysis` and the compiled core's front ends)."""

    lines: list[int]
    values: dict[int, int | None]
    done: bool

    def step(self, budget_seconds: float) -> bool: ...

    def close(self) -> None: ...


def chosen_lines(state: GameState, lines: Iterable[int] | None) -> list[int]:
    """The legal lines of ``state`` (those of ``lines`` only, when given), in line order; two players only."""
    if state.rules.players != 2:
        raise ValueError(f"exact values need two players, this game has {state.rules.players}")
    legal = state.legal_lines()
    if lines is None:
        return legal
    wanted = set(lines)
    return [line for line in legal if line in wanted]


def finish(search: LineValuesSearch) -> dict[int, int | None]:
    """Runs ``search`` to its end (synchronous: the engine); its values."""
    while not search.step(1.0):
        pass
    return search.values


class Analysis:
    """The values of the legal lines of ``state`` (two players; all of them, or those of ``lines``), each searched
    for at most ``seconds`` by a solver of its own made by ``make_solver`` (the Python solver; any object with the
    solver's ``step``, ``value`` and ``close``), stepped from here."""

    def __init__(
        self,
        state: GameState,
        seconds: float,
        make_solver: Callable[[GameState], Any] = Solver,
        lines: Iterable[int] | None = None,
        clock: Clock = WALL_CLOCK,
    ) -> None:
        self.state = state.copy()
        self.seconds = seconds
        self.lines = chosen_lines(self.state, lines)
        self.values: dict[int, int | None] = dict.fromkeys(self.lines)
        self.done = not self.lines
        self._make_solver = make_solver
        self.clock = clock
        self._next = 0
        self._solver: Any = None
        self._began = 0.0  # when the search of the line being valued began (wall time)
        self._gained = 0
        self._same_mover = False

    def step(self, budget_seconds: float) -> bool:
        """Work for about ``budget_seconds``; True once every line is valued or given up."""
        deadline = self.clock() + budget_seconds
        while not self.done:
            line = self.lines[self._next]
            if self._solver is None and self._start(line):
                continue
            now = self.clock()
            finished = self._solver.step(max(0.0, min(deadline - now, self._began + self.seconds - now)))
            if finished:
                rest = self._solver.value
                self._finish(line, self._gained + rest if self._same_mover else self._gained - rest)
            elif self.clock() - self._began >= self.seconds:
                self._solver.close()
                self._finish(line, None)
            if self.clock() >= deadline:
                break
        return self.done

    def close(self) -> None:
        """Stops the search under way (the values found stay; a later step starts the line again)."""
        if self._solver is not None:
            self._solver.close()
            self._solver = None

    def _start(self, line: int) -> bool:
        """Draws ``line`` and starts solving what follows; True if that needed no search (the game ended)."""
        after = self.state.copy()
        captured = len(after.play(line).captured)
        self._gained = -captured if after.rules.misere else captured
        self._same_mover = after.to_move == self.state.to_move
        if after.over:
            self._finish(line, self._gained)
            return True
        self._solver = self._make_solver(after)
        self._began = self.clock()
        return False

    def _finish(self, line: int, value: int | None) -> None:
        self.values[line] = value
        self._solver = None
        self._next += 1
        self.done = self._next == len(self.lines)
