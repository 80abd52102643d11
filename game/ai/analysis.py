"""The analysis board's numbers: the exact value of every legal line of a position, each within a time.

For the player to move, the value of drawing a line is what :func:`~game.ai.search.solver.solve` counts (future
cells minus the other's; misère: the other's minus theirs, so larger is better): the cells the line closes, then
the value of the position after it, for the same player if they move again, against them if not. Each line's
position is solved by :func:`~game.ai.wasm.solver.exact_solver` (the compiled core where it runs), all of them on
the core's one table for the board, so later lines reuse what earlier ones found. A line not solved within its
time (wall time from the start of its search: the core searches between the steps too) stays unknown (None).
:class:`Analysis` works in steps, like the review (``step(budget)`` until it returns True), so a game's loop can
poll it a few milliseconds a frame; the engine's ``values`` command runs it at once. ``lines`` limits it to some of
the legal lines (the analysis board asks again, with more time, for the lines a shorter time did not solve).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core import GameState
from ..steps import WALL_CLOCK, Clock
from .wasm.solver import AnySolver, exact_solver


class Analysis:
    """The values of the legal lines of ``state`` (two players; all of them, or those of ``lines``), each searched
    for at most ``seconds``."""

    def __init__(
        self,
        state: GameState,
        seconds: float,
        make_solver: Callable[..., AnySolver] = exact_solver,
        lines: Iterable[int] | None = None,
        clock: Clock = WALL_CLOCK,
    ) -> None:
        if state.rules.players != 2:
            raise ValueError(f"exact values need two players, this game has {state.rules.players}")
        self.state = state.copy()
        self.seconds = seconds
        legal = self.state.legal_lines()
        self.lines = legal if lines is None else [line for line in legal if line in set(lines)]
        self.values: dict[int, int | None] = dict.fromkeys(self.lines)
        self.done = not self.lines
        self._make_solver = make_solver
        self.clock = clock
        self._next = 0
        self._solver: AnySolver | None = None
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
            assert self._solver is not None
            now = self.clock()
            finished = self._solver.step(max(0.0, min(deadline - now, self._began + self.seconds - now)))
            if finished:
                assert self._solver.value is not None
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

    def finish(self) -> Analysis:
        """Runs to the end (synchronous: the engine)."""
        while not self.step(1.0):
            pass
        return self

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
