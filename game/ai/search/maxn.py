"""Max-n for three or four players: every player takes the line best for their own cells still to come."""

from __future__ import annotations

from collections.abc import Generator

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..position.coins import ordered_moves, tables_for
from .common import OutOfNodes, Work

PAUSE_EVERY = 16  # nodes between two looks at the clock (common.Work: a pause every other look at most)


class MaxN:
    """Exact max-n with a table keyed on the drawn lines and the mover, within ``max_nodes`` nodes. Ties go to the
    line that leaves the best other player least."""

    def __init__(self, state: GameState, max_nodes: int, clock: Clock = WALL_CLOCK) -> None:
        self.state = state
        self.work = Work(PAUSE_EVERY, max_nodes, clock)
        self.tables = tables_for(state.board)
        self.table: dict[tuple[int, int], tuple[int, ...]] = {}
        self.sign = -1 if state.rules.misere else 1

    def best_lines(self) -> Generator[None, None, list[int]]:
        """The lines of best max-n value for the mover; raises :class:`OutOfNodes` (state restored) past the budget."""
        state = self.state
        start, mover = len(state.moves), state.to_move
        try:
            values = {}
            for line in self._ordered():
                values[line] = yield from self._after(line)
        except OutOfNodes:
            while len(state.moves) > start:
                state.undo()
            raise
        top = max(self._rank(v, mover) for v in values.values())
        return [line for line, v in values.items() if self._rank(v, mover) == top]

    @staticmethod
    def _rank(values: tuple[int, ...], player: int) -> tuple[int, int]:
        return values[player], -max(v for p, v in enumerate(values) if p != player)

    def _ordered(self) -> list[int]:
        drawn = self.state.drawn
        return ordered_moves(self.tables, drawn, self.tables.degrees(drawn), self.state.rules.must_capture)

    def value(self) -> Generator[None, None, tuple[int, ...]]:
        """Each player's future gain (cells, negated in misère) under max-n play from here."""
        state = self.state
        key = (state.drawn, state.to_move)
        known = self.table.get(key)
        if known is not None:
            return known
        if self.work.tick():
            yield None
        mover, best = state.to_move, None
        for line in self._ordered():
            values = yield from self._after(line)
            if best is None or self._rank(values, mover) > self._rank(best, mover):
                best = values
        assert best is not None
        self.table[key] = best
        return best

    def _after(self, line: int) -> Generator[None, None, tuple[int, ...]]:
        state = self.state
        mover = state.to_move
        taken = len(state.play(line).captured)
        values = [0] * state.rules.players if state.over else list((yield from self.value()))
        state.undo()
        values[mover] += self.sign * taken
        return tuple(values)
