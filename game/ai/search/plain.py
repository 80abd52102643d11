"""The exact search under the rules where the strings-and-coins reductions do not hold (misère, no extra move,
captures compulsory): plain negamax over every line but redundant twins, with the solver's table. Part of
:class:`~game.ai.search.solver.Solver`."""

from __future__ import annotations

from collections.abc import Generator, Iterator

from ..position.coins import CoinTables, capture_mask, twin_lines
from .common import UNKNOWN, Work, bounds_after, pack, unpack

Search = Generator[None, None, int]


class PlainSearch:
    """The plain search's part of the solver (its state is the solver's)."""

    tables: CoinTables
    table: dict[int, int]
    work: Work
    must_capture: bool
    no_extra: bool
    _deg: list[int]

    def line_value(self, images: tuple[int, ...], line: int, alpha: int, beta: int) -> Search:
        raise NotImplementedError

    def _store(self, key: int, entry: int) -> None:
        raise NotImplementedError

    def _plain_moves(self, drawn: int) -> Iterator[int]:
        """Every undrawn line but redundant twins; with captures compulsory, only a capture while there is one (one
        capture when a capture gives an extra move: the mover then takes every capture in turn, in any order, to
        the same position)."""
        tables = self.tables
        if self.must_capture:
            captures = capture_mask(tables, drawn, self._deg)
            if captures:
                lines = [line for line in tables.order if captures >> line & 1]
                yield from lines if self.no_extra else lines[:1]
                return
        skip = drawn | twin_lines(tables, drawn)
        for line in tables.order:
            if not skip >> line & 1:
                yield line

    def _plain(self, images: tuple[int, ...], alpha: int, beta: int) -> Search:
        if self.work.tick():
            yield
        tables = self.tables
        drawn = images[0]
        if drawn == tables.full:
            return 0
        key = min(images)
        tt = self.table
        low, high, _ = unpack(tt.get(key, UNKNOWN))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start = alpha
        value = -999
        for line in self._plain_moves(drawn):
            score = yield from self.line_value(images, line, alpha, beta)
            if score > value:
                value = score
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store(key, pack(*bounds_after(value, start, beta, low, high)))
        return value
