"""The fight for control at the end of the middle game (two players, standard rules).

While safe lines remain, whoever runs out of them first must open a chain. :class:`ControlSearch` searches the
safe lines and the short sacrifices (giving away a chain of one or two, which changes who runs out first) to the
point where no safe line is left, and scores that point with the exact endgame value of its chains and loops.
It is exact when the position reached is simple, an estimate when joints remain.
"""

from __future__ import annotations

from collections.abc import Generator

from ..core import GameState
from .chains import analyse, endgame_value
from .tactics import take_all, undo_many

SAFE_LIMIT = 12


class OutOfNodes(Exception):
    """The search used up its node budget; the state has been restored."""


def safe_lines(state: GameState) -> list[int]:
    return [line for line in state.legal_lines() if state.is_safe(line) and not state.would_capture(line)]


def quiet_value(state: GameState) -> int:
    """Net cells for the mover when no safe line is left: the endgame value of its chains and loops."""
    analysis = analyse(state)
    if not analysis.cells_left:
        return 0
    return endgame_value(*analysis.sizes())


def short_sacrifices(state: GameState) -> list[int]:
    """One line for each different way of giving away a chain of one or two (a two is given in the middle)."""
    found: dict[tuple[int, tuple[int, ...]], int] = {}
    for chain in analyse(state).chains:
        if chain.size <= 2:
            line = chain.lines[1] if chain.size == 2 else chain.lines[0]
            found.setdefault((chain.size, tuple(sorted(chain.ends))), line)
    return list(found.values())


class ControlSearch:
    """Negamax with a memo on the drawn lines over safe lines and short sacrifices, to the end of safe play."""

    def __init__(self, state: GameState, node_budget: int) -> None:
        self.state = state
        self.budget = node_budget
        self.nodes = 0
        self.memo: dict[int, int] = {}

    def root_values(self) -> Generator[None, None, dict[int, int]]:
        """Each candidate line's value for the mover; raises :class:`OutOfNodes` (state restored) past the budget."""
        state = self.state
        start = len(state.moves)
        try:
            values = {}
            for line in safe_lines(state):
                values[line] = yield from self._after_safe(line)
            for line in short_sacrifices(state):
                values[line] = yield from self._after_sacrifice(line)
            return values
        except OutOfNodes:
            undo_many(state, len(state.moves) - start)
            raise

    def value(self) -> Generator[None, None, int]:
        """The mover's net cells from here (a quiet position: nothing to take)."""
        state = self.state
        key = state.drawn
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfNodes
        yield None
        safe = safe_lines(state)
        if not safe:
            result = quiet_value(state)
        else:
            result = -(10**9)
            for line in safe:
                result = max(result, (yield from self._after_safe(line)))
            for line in short_sacrifices(state):
                result = max(result, (yield from self._after_sacrifice(line)))
        self.memo[key] = result
        return result

    def _after_safe(self, line: int) -> Generator[None, None, int]:
        self.state.play(line)
        opponent = yield from self.value()
        self.state.undo()
        return -opponent

    def _after_sacrifice(self, line: int) -> Generator[None, None, int]:
        state = self.state
        state.play(line)
        given, played = take_all(state)
        opponent = (yield from self.value()) if not state.over else 0
        undo_many(state, played + 1)
        return -given - opponent
