"""The Expert's depth-limited searches, used while the position is too big to solve exactly.

* :class:`Lookahead` (two players): negamax alpha-beta to a fixed depth with a transposition table. In normal
  play it keeps the exact solver's reductions (free captures taken at once, only "take" or "decline" at the end
  of a chain, simple chain/loop endgames valued by formula), searches only the control moves (safe lines and
  one way of opening each chain or loop) and scores the horizon with :func:`control_estimate`.
  Misère and no-extra-move games search every line and score the horizon by the cells won on the way.
* :class:`Paranoid` (three or four players): the player to move against a coalition of all the others, which
  makes it a two-sided search again; it counts cells only, and lets the player at the horizon take what is
  offered.

Both are generators that pause every ``pause_every`` work units (a node, or a horizon evaluation worth
``EVAL_UNITS``), so a step between two pauses stays far below 5 ms.
"""

from __future__ import annotations

from collections.abc import Generator

from ..core import GameState
from .coins import (
    CoinTables,
    chain_end_moves,
    components,
    control_moves,
    simple_value,
    tables_for,
    take_free_coins,
    untake,
)

PAUSE_EVERY = 32
EVAL_UNITS = 8
CONTROL_HORIZON = 2  # safe lines ahead beyond which control is not guessed
INF = 10_000

Search = Generator[None, None, int]


class _Counter:
    """Counts work units and says when to pause."""

    def __init__(self, pause_every: int) -> None:
        self.units = 0
        self.pauses = 0
        self.pause_every = pause_every
        self._next = pause_every

    def add(self, units: int = 1) -> bool:
        self.units += units
        if self.units < self._next:
            return False
        self._next = self.units + self.pause_every
        self.pauses += 1
        return True


class Lookahead(_Counter):
    """Two-player depth-limited negamax; ``line_value`` scores one root line for the player to move."""

    def __init__(self, state: GameState, pause_every: int = PAUSE_EVERY) -> None:
        super().__init__(pause_every)
        self.tables: CoinTables = tables_for(state.board)
        self.normal = not (state.rules.misere or state.rules.no_extra)
        self.sign = -1 if state.rules.misere else 1
        self.no_extra = state.rules.no_extra
        self._deg = self.tables.degrees(state.drawn)
        self._tt: dict[int, tuple[int, int, int]] = {}

    def line_value(self, drawn: int, line: int, depth: int, alpha: int, beta: int) -> Search:
        deg = self._deg
        gained = 0
        for cell in self.tables.line_cells[line]:
            deg[cell] -= 1
            if not deg[cell]:
                gained += 1
        gained *= self.sign
        child = drawn | 1 << line
        if self.no_extra or not gained:
            value = gained - (yield from self._node(child, depth - 1, gained - beta, gained - alpha))
        else:
            value = gained + (yield from self._node(child, depth - 1, alpha - gained, beta - gained))
        for cell in self.tables.line_cells[line]:
            deg[cell] += 1
        return value

    def _node(self, drawn: int, depth: int, alpha: int, beta: int) -> Search:
        if self.add():
            yield
        tables, deg = self.tables, self._deg
        gain, taken, chain_coins = 0, [], []
        if self.normal:
            gain, taken, chain_coins = take_free_coins(deg, drawn, tables.line_cells, tables.cell_mask)
            for line in taken:
                drawn |= 1 << line
        value = yield from self._score(drawn, depth, alpha - gain, beta - gain, chain_coins)
        untake(deg, taken, tables.line_cells)
        return value + gain

    def _score(self, drawn: int, depth: int, alpha: int, beta: int, chain_coins: list[int]) -> Search:
        tables, deg = self.tables, self._deg
        if drawn == tables.full:
            return 0
        if self.normal and not chain_coins and max(deg) <= 2:
            return simple_value(*components(tables, drawn, deg))
        if depth <= 0 and not chain_coins:
            if self.add(EVAL_UNITS):
                yield
            return control_estimate(tables, drawn, deg) if self.normal else 0
        stored = self._tt.get(drawn)
        if stored is not None and stored[0] >= depth:
            _, low, high = stored
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        if chain_coins:
            moves = chain_end_moves(chain_coins, drawn, tables.line_cells, tables.cell_mask)
        elif self.normal:
            moves = control_moves(tables, drawn, deg)
        else:
            moves = ordered_moves(tables, drawn, deg)
        start, value = alpha, -INF
        for line in moves:
            score = yield from self.line_value(drawn, line, depth, alpha, beta)
            if score > value:
                value = score
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        low, high = (-INF, value) if value <= start else (value, INF) if value >= beta else (value, value)
        self._tt[drawn] = (depth, low, high)
        return value


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


def control_estimate(tables: CoinTables, drawn: int, deg: list[int]) -> int:
    """A chain-and-control guess of the value for the player to move (normal play, no capturable coin).

    Plays the safe lines greedily in a few fixed orders to see who must open the first chain (the parity of the
    safe lines left) and what is left then; values that as a simple endgame of its chain segments
    (:func:`chain_segments`), from the opener's side; and averages the orders, so an uncertain parity counts
    for little. With more than ``CONTROL_HORIZON`` safe lines ahead the parity is noise: 0 (cells only).
    """
    total = 0
    for order in (tables.order, tables.order[::-1], tables.order[1::2] + tables.order[::2]):
        after, left, safe_moves = _play_safe_lines(tables, order, drawn, deg)
        if safe_moves > CONTROL_HORIZON:
            return 0
        value = simple_value(*chain_segments(tables, after, left))
        total += value if safe_moves % 2 == 0 else -value
    return round(total / 3)


def _play_safe_lines(
    tables: CoinTables, order: tuple[int, ...], drawn: int, deg: list[int]
) -> tuple[int, list[int], int]:
    """Draws safe lines in ``order`` until none is left: (drawn lines, coin degrees, safe lines drawn)."""
    line_cells = tables.line_cells
    deg = deg[:]
    safe_moves = 0
    for line in order:
        if drawn >> line & 1:
            continue
        cells = line_cells[line]
        if all(deg[c] >= 3 for c in cells):
            for c in cells:
                deg[c] -= 1
            drawn |= 1 << line
            safe_moves += 1
    return drawn, deg, safe_moves


def chain_segments(tables: CoinTables, drawn: int, deg: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Chains and loops of a position, cutting chains where they meet: each run of degree-2 coins is a chain,
    and each coin where runs meet joins the longest run it touches (the last two runs at a joint merge)."""
    line_cells, cell_mask = tables.line_cells, tables.cell_mask
    run_of = [-1] * tables.num_cells
    sizes: list[int] = []
    loops: list[int] = []
    for start in range(tables.num_cells):
        if deg[start] != 2 or run_of[start] >= 0:
            continue
        run = len(sizes)
        members = [start]
        run_of[start] = run
        closed = False
        for first in _strings(cell_mask[start] & ~drawn):
            came, coin = first, start
            while True:
                cells = line_cells[came]
                if len(cells) == 1:
                    break
                coin = cells[0] if cells[1] == coin else cells[1]
                if coin == start:
                    closed = True
                    break
                if deg[coin] != 2 or run_of[coin] >= 0:
                    break
                run_of[coin] = run
                members.append(coin)
                came = (cell_mask[coin] & ~drawn & ~(1 << came)).bit_length() - 1
            if closed:
                break
        sizes.append(0 if closed else len(members))
        if closed:
            loops.append(len(members))
    singles = 0
    for coin, left in enumerate(deg):
        if left < 3:
            continue
        touching = {run_of[c] for c in _neighbours(tables, drawn, coin) if run_of[c] >= 0}
        if touching:
            longest = max(touching, key=lambda r: sizes[r])
            sizes[longest] += 1
        else:
            singles += 1
    chains = sorted([size for size in sizes if size] + [1] * singles)
    return tuple(chains), tuple(sorted(loops))


def _strings(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _neighbours(tables: CoinTables, drawn: int, coin: int) -> list[int]:
    line_cells = tables.line_cells
    return [c for line in _strings(tables.cell_mask[coin] & ~drawn) for c in line_cells[line] if c != coin]


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
        deg = self._deg
        gained = 0
        for cell in self.tables.line_cells[line]:
            deg[cell] -= 1
            if not deg[cell]:
                gained += 1
        gained *= self.sign if seat == 0 else -self.sign
        nxt = (seat + 1) % self.players if self.no_extra or not gained else seat
        value = gained + (yield from self._node(drawn | 1 << line, nxt, depth - 1, alpha - gained, beta - gained))
        for cell in self.tables.line_cells[line]:
            deg[cell] += 1
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
        low, high = -INF, INF
        if value <= start_alpha:
            high = value
        elif value >= start_beta:
            low = value
        else:
            low = high = value
        self._tt[key] = (depth, low, high)
        return value

    def _greedy_captures(self, seat: int) -> int:
        """The player at the horizon takes every cell offered (normal play), scored for the root player."""
        if self.no_extra or self.sign < 0:
            return 0
        offered = self._deg.count(1)
        return offered if seat == 0 else -offered
