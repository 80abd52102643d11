"""Shared test helpers: boards with every line drawn but a few, the textbook 3x3 positions, running a search."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import TypeVar

from game.core import Board, GameState, parse_line

T = TypeVar("T")

CHAINS_3_AND_6 = ["v 0 0", "v 0 1", "v 0 2", "v 0 3", "v 1 0", "v 1 1", "v 1 2", "h 2 2", "v 2 2", "v 2 1", "v 2 0"]
LOOP_4_CHAIN_5 = ["h 1 0", "h 1 1", "v 0 1", "v 1 1", "v 0 3", "h 1 2", "h 2 2", "v 2 2", "v 2 1", "v 2 0"]
CHAINS_2_3_4 = ["v 0 0", "v 0 1", "h 0 1", "h 0 2", "h 1 2", "h 2 2", "h 3 2", "v 1 0", "v 1 1", "h 2 1", "v 2 1"]
CHAINS_2_3_4 += ["v 2 0"]


def all_drawn_but(board: Board, undrawn: Iterable[str], then: Iterable[str] = ()) -> GameState:
    """A state on ``board`` with every line drawn except ``undrawn``, then the lines ``then`` played in order."""
    keep = {parse_line(board, name) for name in undrawn}
    state = GameState(board)
    for line in range(board.num_lines):
        if line not in keep:
            state.play(line)
    for name in then:
        state.play(parse_line(board, name))
    return state


def position(undrawn: Iterable[str], then: Iterable[str] = ()) -> GameState:
    """A 3x3-box position with every line drawn except ``undrawn``, then the lines ``then`` played in order."""
    return all_drawn_but(Board.square(3), undrawn, then)


def line(name: str) -> int:
    """The index of the line called ``name`` on the 3x3-box board."""
    return parse_line(Board.square(3), name)


def run_to_end(generator: Generator[None, None, T]) -> T:
    """Runs a stepped search to its end and returns its result."""
    try:
        while True:
            next(generator)
    except StopIteration as stop:
        return stop.value
