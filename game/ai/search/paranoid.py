"""Three or four players: the paranoid search, the mover against a coalition of all the others.

Assuming everyone else plays against the mover makes it a two-sided search again. :class:`Paranoid` counts cells
only and lets the player at the horizon take what is offered; :func:`deepen` runs it one depth after another
until a time or node budget runs out and plays a best line of the deepest finished depth. Hard uses it within a
node budget (past its exact max-n budget), the Expert within its time. It pauses as :class:`~.common.Work` says.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...core import GameState
from ...steps import WALL_CLOCK, Clock, until
from ..position.coins import CoinTables, draw, ordered_moves, tables_for, undraw
from .common import INF, OutOfNodes, Work, bounds_after, pack, settled, unpack

PAUSE_EVERY = 16  # nodes between two looks at the clock (common.Work: a pause every other look at most)

Search = Generator[None, None, int]
MoveGenerator = Generator[int | None, None, int]


class Paranoid:
    """The root player maximises its future cells minus everyone else's, to a given depth."""

    def __init__(
        self, state: GameState, max_nodes: int | None = None, pause_every: int = PAUSE_EVERY, clock: Clock = WALL_CLOCK
    ) -> None:
        self.work = Work(pause_every, max_nodes, clock)
        self.tables: CoinTables = tables_for(state.board)
        self.players = state.rules.players
        self.sign = -1 if state.rules.misere else 1
        self.no_extra = state.rules.no_extra
        self.must_capture = state.rules.must_capture
        self._deg = self.tables.degrees(state.drawn)
        self._tt: dict[tuple[int, int], int] = {}  # (drawn, seat) -> packed bounds and depth

    def line_value(self, drawn: int, seat: int, line: int, depth: int, alpha: int, beta: int) -> Search:
        """The root player's value of ``seat`` (0: the root player) drawing ``line``."""
        cells = self.tables.line_cells[line]
        gained = draw(self._deg, cells) * (self.sign if seat == 0 else -self.sign)
        nxt = (seat + 1) % self.players if self.no_extra or not gained else seat
        value = gained + (yield from self._node(drawn | 1 << line, nxt, depth - 1, alpha - gained, beta - gained))
        undraw(self._deg, cells)
        return value

    def _node(self, drawn: int, seat: int, depth: int, alpha: int, beta: int) -> Search:
        if self.work.tick():
            yield
        tables, deg = self.tables, self._deg
        if drawn == tables.full:
            return 0
        if depth <= 0:
            return self._greedy_captures(seat)
        key = (drawn, seat)
        stored = self._tt.get(key)
        if stored is not None and unpack(stored)[2] >= depth:
            known = settled(stored, alpha, beta)
            if known is not None:
                return known
            low, high, _ = unpack(stored)
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        maximise = seat == 0
        value = -INF if maximise else INF
        for line in ordered_moves(tables, drawn, deg, self.must_capture):
            score = yield from self.line_value(drawn, seat, line, depth, alpha, beta)
            if maximise and score > value:
                value = score
                alpha = max(alpha, value)
            elif not maximise and score < value:
                value = score
                beta = min(beta, value)
            if alpha >= beta:
                break
        self._tt[key] = pack(*bounds_after(value, start_alpha, start_beta, -INF, INF), depth=depth)
        return value

    def _greedy_captures(self, seat: int) -> int:
        """The player at the horizon takes every cell offered (normal play), scored for the root player."""
        if self.no_extra or self.sign < 0:
            return 0
        offered = self._deg.count(1)
        return offered if seat == 0 else -offered


def deepen(
    state: GameState,
    rng: random.Random,
    best: int,
    stop: float | None = None,
    max_nodes: int | None = None,
    clock: Clock = WALL_CLOCK,
) -> MoveGenerator:
    """Iterative deepening of :class:`Paranoid` until ``clock()`` reaches ``stop`` or ``max_nodes`` nodes; a random
    one of the best lines of the deepest finished depth (``best`` until one is finished). Yields its best move so
    far."""
    search = Paranoid(state, max_nodes, clock=clock)
    moves = state.legal_lines()
    rng.shuffle(moves)
    scores: dict[int, int] = {}
    for depth in range(1, state.lines_left + 1):
        moves.sort(key=lambda line: -scores.get(line, 0))
        found: dict[int, int] = {}
        top = -INF
        for line in moves:
            try:
                score = yield from until(
                    search.line_value(state.drawn, 0, line, depth, top - 1, INF), best, stop, clock
                )
            except OutOfNodes:
                return best
            if score is None:
                return best
            found[line] = score
            top = max(top, score)
        scores = found
        best = rng.choice([line for line in moves if scores[line] == top])
        yield best
        if stop is not None and clock() >= stop:
            break
    return best
