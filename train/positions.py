"""Positions reached by strong play, and their exact values: the work of one self-play seed.

A game is Hard against itself from the empty board, its ties drawn from ``random.Random(seed)``; the positions kept
are those with a number of lines left in the labelled range and nothing to capture (a capture that opens nothing
is always taken, so those positions are not decisions). Each is labelled by the exact solver (the compiled core
where it runs, else the Python solver) within a node budget: its value for the player to move, as
:func:`game.ai.solve` gives it, or None when the budget runs out.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from game.ai.levels.hard import hard
from game.ai.position.coins import capture_moves, lines_of, safe_mask, tables_for
from game.ai.search.common import OutOfNodes
from game.ai.search.solver import SolverOptions
from game.ai.wasm.solver import exact_solver
from game.core import Board, GameState
from game.steps import run


class Labelled(NamedTuple):
    """One position of a self-play game and its exact value (None: not found within the node budget)."""

    seed: int
    lines_left: int
    drawn: int  # the drawn lines as a bit set
    value: int | None
    nodes: int
    cpu_ms: int  # CPU time of the process (the core's thread included) spent on this label
    # (line, exact value of the position after it for the opponent) of every safe line, where asked for
    children: tuple[tuple[int, int | None], ...] = ()
    children_ms: int = 0  # CPU time spent on the children's labels


def board_named(name: str) -> Board:
    """``"5x5"`` -> the square board of 5 x 5 boxes."""
    rows, _, cols = name.partition("x")
    try:
        return Board.square(int(rows), int(cols))
    except ValueError as error:
        raise ValueError(f"a board is written ROWSxCOLS, as 5x5, not {name!r}") from error


def self_play(board: Board, seed: int, lowest: int, highest: int) -> list[GameState]:
    """The positions of Hard's self-play game of ``seed`` with ``lowest`` to ``highest`` lines left and nothing to
    capture, the one nearest the end first."""
    tables = tables_for(board)
    rng = random.Random(seed)
    state = GameState(board)
    kept = []
    while state.lines_left >= lowest:
        if state.lines_left <= highest and capture_moves(tables, state.drawn, tables.degrees(state.drawn)) == ([], []):
            kept.append(state.copy())
        state.play(run(hard(state.copy(), rng)))
    return kept[::-1]


def label(state: GameState, max_nodes: int) -> tuple[int | None, int]:
    """The exact value of ``state`` for the player to move and the nodes searched (value None past ``max_nodes``)."""
    solver = exact_solver(state, SolverOptions(max_nodes=max_nodes))
    try:
        solver.finish()
    except OutOfNodes:
        return None, solver.nodes
    finally:
        solver.close()
    return solver.value, solver.nodes


def labelled_game(
    board: Board, seed: int, lowest: int, highest: int, max_nodes: int, children: bool = False
) -> list[Labelled]:
    """Every kept position of the game of ``seed`` with its exact value (the smallest positions first: their
    values are in the solver's table when the larger ones are searched); with ``children``, also the exact value
    of the position after each of its safe lines (solved after the position itself, whose search has filled the
    solver's table with most of what they need: they cost about as much again as the position)."""
    tables = tables_for(board)
    found = []
    for state in self_play(board, seed, lowest, highest):
        start = time.process_time()
        value, nodes = label(state, max_nodes)
        cpu_ms = round((time.process_time() - start) * 1000)
        row = Labelled(seed, state.lines_left, state.drawn, value, nodes, cpu_ms)
        if children:
            start = time.process_time()
            safe = lines_of(safe_mask(tables, state.drawn, tables.degrees(state.drawn)))
            values = tuple((line, label(child_of(state, line), max_nodes)[0]) for line in safe)
            row = row._replace(children=values, children_ms=round((time.process_time() - start) * 1000))
        found.append(row)
    return found


def child_of(state: GameState, line: int) -> GameState:
    child = state.copy()
    child.play(line)
    return child
