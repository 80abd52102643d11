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


def legacy_link(site: str, state: GameState, game_id: str) -> str:
    """A play-by-link link as the first version wrote it: ``#f.<id>.<moves>.<code>`` (two players, nothing more)."""
    from game.core import encode

    return f"{site}#f.{game_id}.{len(state.moves)}.{encode(state)}"


def friend_link(site: str, state: GameState, game_id: str, **how) -> str:
    """A play-by-link link of this version for ``state`` (one board; ``how``: timer, players, taken...)."""
    from game.play.link_play import FriendGame, friend_fragment

    return f"{site}#{friend_fragment(FriendGame(game_id, (state,), **how))}"
