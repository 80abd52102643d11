"""Games to put in links: a random game of some moves on a board, or a whole one (the link tests' positions)."""

from __future__ import annotations

import random

from game.core import Board, GameState, Rules

SITE = "https://example.org/pipopipette/"


def played(board: Board, moves: int, seed: int = 1, rules: Rules | None = None) -> GameState:
    state = GameState(board, rules or Rules())
    rng = random.Random(seed)
    while not state.over and len(state.moves) < moves:
        state.play_random(rng)
    return state


def finished(board: Board, seed: int = 1) -> GameState:
    return played(board, board.num_lines, seed)
