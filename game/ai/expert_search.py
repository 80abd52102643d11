"""The Expert's depth-limited search for three or four players (two players fall back on Hard, see ``expert.py``).

:class:`Paranoid`: the player to move against a coalition of all the others, which makes it a two-sided search
again; it counts cells only, and lets the player at the horizon take what is offered. It is a generator that
pauses every ``pause_every`` nodes, so a step between two pauses stays far below 5 ms.
"""

from __future__ import annotations

from collections.abc import Generator

from ..core import GameState
from .coins import CoinTables, draw, tables_for, undraw
from .solver import bounds_after

PAUSE_EVERY = 32
INF = 10_000

Search = Generator[None, None, int]


class _Counter:
    """Counts work units and says when to pause."""

    def __init__(self, pause_every: int) -> None:
        self.units = 0
        self.pause_every = pause_every
        self._next = pause_every

    def add(self, units: int = 1) -> bool:
        self.units += units
        if self.units < self._next:
            return False
        self._next = self.units + self.pause_every
        return True


def ordered_moves(tables: CoinTables, drawn: int, deg: list[int]) -> list[int]:
    """Undrawn lines, captures first, then safe lines, then the rest, each group from the centre outward."""
    line_cells = tables.line_cells
    captures, safe, rest = [], [], []
    for line in tables.order:
        if drawn >> line & 1:
            continue
        left = [deg[c] for c in line_cells[line]]
        if 1 in left:
            captures.append(line)
        elif 2 in left:
            rest.append(line)
        else:
            safe.append(line)
    return captures + safe + rest


class Paranoid(_Counter):
    """Three or four players: the root player maximises its future cells minus everyone else's."""

    def __init__(self, state: GameState, pause_every: int = PAUSE_EVERY) -> None:
        super().__init__(pause_every)
        self.tables: CoinTables = tables_for(state.board)
        self.players = state.rules.players
        self.sign = -1 if state.rules.misere else 1
        self.no_extra = state.rules.no_extra
        self._deg = self.tables.degrees(state.drawn)
        self._tt: dict[tuple[int, int], tuple[int, int, int]] = {}

    def line_value(self, drawn: int, seat: int, line: int, depth: int, alpha: int, beta: int) -> Search:
        """The root player's value of ``seat`` (0: the root player) drawing ``line``."""
        cells = self.tables.line_cells[line]
        gained = draw(self._deg, cells) * (self.sign if seat == 0 else -self.sign)
        nxt = (seat + 1) % self.players if self.no_extra or not gained else seat
        value = gained + (yield from self._node(drawn | 1 << line, nxt, depth - 1, alpha - gained, beta - gained))
        undraw(self._deg, cells)
        return value

    def _node(self, drawn: int, seat: int, depth: int, alpha: int, beta: int) -> Search:
        if self.add():
            yield
        tables, deg = self.tables, self._deg
        if drawn == tables.full:
            return 0
        if depth <= 0:
            return self._greedy_captures(seat)
        key = (drawn, seat)
        stored = self._tt.get(key)
        if stored is not None and stored[0] >= depth:
            _, low, high = stored
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        maximise = seat == 0
        value = -INF if maximise else INF
        for line in ordered_moves(tables, drawn, deg):
            score = yield from self.line_value(drawn, seat, line, depth, alpha, beta)
            if maximise and score > value:
                value = score
                alpha = max(alpha, value)
            elif not maximise and score < value:
                value = score
                beta = min(beta, value)
            if alpha >= beta:
                break
        self._tt[key] = (depth, *bounds_after(value, start_alpha, start_beta, -INF, INF))
        return value

    def _greedy_captures(self, seat: int) -> int:
        """The player at the horizon takes every cell offered (normal play), scored for the root player."""
        if self.no_extra or self.sign < 0:
            return 0
        offered = self._deg.count(1)
        return offered if seat == 0 else -offered
