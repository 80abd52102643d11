"""A plain depth-limited minimax over single lines, for the rules where chain theory does not apply.

Misère, "no extra move" and games of 3-4 players use it: the value is the root player's score against the best
other score (fewer is better in misère), and with more than two players every other player is assumed to play
against the root player (the *paranoid* assumption). It deepens one line at a time until its node budget is
spent and plays the best move of the deepest finished depth.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..core import GameState

NODES_PER_YIELD = 32


class _OutOfNodes(Exception):
    pass


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


class Lookahead:
    """Iterative-deepening minimax from ``state``'s mover; a generator method does the work in small steps."""

    def __init__(self, state: GameState, node_budget: int) -> None:
        self.state = state
        self.root = state.to_move
        self.budget = node_budget
        self.nodes = 0

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
            except _OutOfNodes:
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
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfNodes
        if self.nodes % NODES_PER_YIELD == 0:
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
