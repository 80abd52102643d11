"""Searches over single lines, for the rules where chain theory does not apply.

* :class:`ExactSearch` (two players, any rules): alpha-beta to the end of the game with a transposition table
  keyed on the drawn lines, on the value of the cells still to be taken (mover's minus opponent's, in the
  variant's sense). Late in a game it is exact and cheap; it gives up past its node budget.
* :class:`Lookahead` (any number of players): depth-limited minimax on the root player's score against the best
  other score (fewer is better in misère); with more than two players every other player is assumed to play
  against the root player (the *paranoid* assumption). It deepens one line at a time until its node budget is
  spent and plays the best move of the deepest finished depth.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..core import GameState

NODES_PER_YIELD = 32


INFINITY = 10**9
EXACT, LOWER, UPPER = 0, 1, 2


class OutOfNodes(Exception):
    """A search used up its node budget (the state is restored before this leaves the search)."""


class BudgetedSearch:
    """A search over ``state`` that may visit at most ``node_budget`` nodes."""

    def __init__(self, state: GameState, node_budget: int) -> None:
        self.state = state
        self.budget = node_budget
        self.nodes = 0

    def _visit(self) -> bool:
        """Count a node; raise :class:`OutOfNodes` past the budget. True when it is time to pause."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfNodes
        return self.nodes % NODES_PER_YIELD == 0


def stored_bound(entry: tuple[int, int] | None, alpha: int, beta: int) -> int | None:
    """The value in a memo ``entry`` (value, flag) if it settles the window (alpha, beta), else None."""
    if entry is None:
        return None
    stored, flag = entry
    if flag == EXACT or (flag == LOWER and stored >= beta) or (flag == UPPER and stored <= alpha):
        return stored
    return None


def score_for(state: GameState, player: int) -> int:
    """The player's margin over the best of the others, in the variant's sense (higher is better)."""
    mine = state.scores[player]
    others = [s for p, s in enumerate(state.scores) if p != player]
    return min(others) - mine if state.rules.misere else mine - max(others)


def ordered_lines(state: GameState) -> list[int]:
    """Lines that take a cell, then safe lines, then the rest (cheap ordering for alpha-beta)."""
    takes, safe, rest = [], [], []
    for line in state.legal_lines():
        if state.would_capture(line):
            takes.append(line)
        elif state.is_safe(line):
            safe.append(line)
        else:
            rest.append(line)
    return takes + safe + rest


class Lookahead(BudgetedSearch):
    """Iterative-deepening minimax from ``state``'s mover; a generator method does the work in small steps."""

    def __init__(self, state: GameState, node_budget: int) -> None:
        super().__init__(state, node_budget)
        self.root = state.to_move

    def best_lines(self) -> Generator[None, None, list[int]]:
        """The lines of equal best value at the deepest depth finished within the budget."""
        state = self.state
        moves = ordered_lines(state)
        best = moves
        depth = 1
        start = len(state.moves)
        while depth <= state.lines_left:
            try:
                best = yield from self._root_search(moves, depth)
            except OutOfNodes:
                while len(state.moves) > start:
                    state.undo()
                break
            depth += 1
        return best

    def _root_search(self, moves: list[int], depth: int) -> Generator[None, None, list[int]]:
        values = []
        for line in moves:
            self.state.play(line)
            values.append((yield from self.value(depth - 1, -(10**9), 10**9)))
            self.state.undo()
        top = max(values)
        return [line for line, v in zip(moves, values, strict=True) if v == top]

    def value(self, depth: int, alpha: int, beta: int) -> Generator[None, None, int]:
        state = self.state
        if self._visit():
            yield None
        if depth == 0 or state.over:
            return score_for(state, self.root)
        maximizing = state.to_move == self.root
        for line in ordered_lines(state):
            state.play(line)
            v = yield from self.value(depth - 1, alpha, beta)
            state.undo()
            if maximizing:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return alpha if maximizing else beta


def lookahead_move(state: GameState, rng: random.Random, node_budget: int) -> Generator[None, None, int]:
    """The best line by :class:`Lookahead`, ties broken by ``rng``."""
    lines = yield from Lookahead(state, node_budget).best_lines()
    return rng.choice(lines)


class ExactSearch(BudgetedSearch):
    """Two players: the exact value of every root line, or :class:`OutOfNodes` past the budget."""

    def __init__(self, state: GameState, node_budget: int) -> None:
        super().__init__(state, node_budget)
        self.table: dict[int, tuple[int, int]] = {}
        self.misere = state.rules.misere
        self.extra = not state.rules.no_extra

    def best_lines(self) -> Generator[None, None, list[int]]:
        """The lines of best exact value (the others are only proven worse)."""
        state = self.state
        start = len(state.moves)
        best, found = -INFINITY, []
        try:
            for line in ordered_lines(state):
                v = yield from self._line_value(line, best - 1, INFINITY)
                if v > best:
                    best, found = v, [line]
                elif v == best:
                    found.append(line)
        except OutOfNodes:
            while len(state.moves) > start:
                state.undo()
            raise
        return found

    def value(self, alpha: int, beta: int) -> Generator[None, None, int]:
        """The mover's net over the cells still to be taken, within (alpha, beta)."""
        key = self.state.drawn
        stored = stored_bound(self.table.get(key), alpha, beta)
        if stored is not None:
            return stored
        if self._visit():
            yield None
        floor, result = alpha, -INFINITY
        for line in ordered_lines(self.state):
            result = max(result, (yield from self._line_value(line, alpha, beta)))
            alpha = max(alpha, result)
            if alpha >= beta:
                break
        self.table[key] = (result, LOWER if result >= beta else UPPER if result <= floor else EXACT)
        return result

    def _line_value(self, line: int, alpha: int, beta: int) -> Generator[None, None, int]:
        state = self.state
        taken = len(state.play(line).captured)
        gain = -taken if self.misere else taken
        if state.over:
            value = gain
        elif taken and self.extra:
            value = gain + (yield from self.value(alpha - gain, beta - gain))
        else:
            value = gain - (yield from self.value(gain - beta, gain - alpha))
        state.undo()
        return value


class MaxN(BudgetedSearch):
    """3-4 players: every player takes the line best for their own cells still to come (max-n), exactly, with a
    table keyed on the drawn lines and the mover. Ties go to the line that leaves the best other player least."""

    def __init__(self, state: GameState, node_budget: int) -> None:
        super().__init__(state, node_budget)
        self.table: dict[tuple[int, int], tuple[int, ...]] = {}
        self.sign = -1 if state.rules.misere else 1

    def best_lines(self) -> Generator[None, None, list[int]]:
        """The lines of best max-n value for the mover; raises :class:`OutOfNodes` (state restored) past the budget."""
        state = self.state
        start, mover = len(state.moves), state.to_move
        try:
            values = {}
            for line in ordered_lines(state):
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

    def value(self) -> Generator[None, None, tuple[int, ...]]:
        """Each player's future gain (cells, negated in misère) under max-n play from here."""
        state = self.state
        key = (state.drawn, state.to_move)
        known = self.table.get(key)
        if known is not None:
            return known
        if self._visit():
            yield None
        mover, best = state.to_move, None
        for line in ordered_lines(state):
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
