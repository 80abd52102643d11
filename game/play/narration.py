"""The game told in words, for a screen reader (the page's live region) and for anyone who asks: each move as it
is played, and the whole position on request (no pygame).

Cells are named as on a chess board, on every shape: rows of cell centres from the top (1, 2, ...), cells in a row
from the left (a, b, ...), so "b2" is the second cell of the second row. A line is "the top of b2" (a side of one
cell, named by its direction from the cell's centre) or "between b2 and c2".
"""

from __future__ import annotations

import math
from functools import cache
from string import ascii_lowercase

from ..ai.position.chains import analyse, safe_lines
from ..core import Board, GameState, MoveResult
from .i18n import tr, tr_mark, tr_n

DIRECTIONS = (  # by the angle from a cell's centre to the line's middle, y growing downwards; 45 degrees each
    tr_mark("the right side of {cell}"),
    tr_mark("the lower right side of {cell}"),
    tr_mark("the bottom of {cell}"),
    tr_mark("the lower left side of {cell}"),
    tr_mark("the left side of {cell}"),
    tr_mark("the upper left side of {cell}"),
    tr_mark("the top of {cell}"),
    tr_mark("the upper right side of {cell}"),
)


def column_letters(index: int) -> str:
    """a, b, ..., z, aa, ab, ... (spreadsheet style)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = ascii_lowercase[rest] + letters
    return letters


@cache
def cell_names(board: Board) -> tuple[str, ...]:
    """Each cell's name: its column letters and row number. A row is a band one cell high from the top of the
    board, so the up and down triangles of a band share a row, and a honeycomb's offset columns zig-zag along one."""
    centres = [board.cell_centre(cell) for cell in range(board.num_cells)]
    heights = sorted(_height(board, cell) for cell in range(board.num_cells))
    band, top = heights[len(heights) // 2], board.bounds()[1]
    rows: dict[int, list[int]] = {}
    for cell, (_, y) in enumerate(centres):
        rows.setdefault(math.floor((y - top) / band + 0.25), []).append(cell)
    names = [""] * board.num_cells
    for row, cells in enumerate(rows[key] for key in sorted(rows)):
        for column, cell in enumerate(sorted(cells, key=lambda c: centres[c][0])):
            names[cell] = f"{column_letters(column)}{row + 1}"
    return tuple(names)


def _height(board: Board, cell: int) -> float:
    ys = [board.dots[dot][1] for line in board.cells[cell] for dot in board.lines[line]]
    return max(ys) - min(ys)


def line_words(board: Board, line: int) -> str:
    """Where ``line`` is, in words: "between b2 and c2", or "the top of b2" for a side of only one cell."""
    names = cell_names(board)
    cells = board.line_cells[line]
    if len(cells) == 2:
        first, second = sorted(cells, key=lambda c: names[c])
        return tr("between {a} and {b}").format(a=names[first], b=names[second])
    (cx, cy), (mx, my) = board.cell_centre(cells[0]), board.line_midpoint(line)
    sector = round(math.degrees(math.atan2(my - cy, mx - cx)) / 45) % 8
    return tr(DIRECTIONS[sector]).format(cell=names[cells[0]])


def score_words(state: GameState, players: list[str]) -> str:
    """ "3 to 1" for two players, else each player's score by name."""
    if len(players) == 2:
        return tr("{a} to {b}").format(a=state.scores[0], b=state.scores[1])
    return ", ".join(f"{name} {score}" for name, score in zip(players, state.scores, strict=True))


def announce_move(state: GameState, move: MoveResult, players: list[str], you: int | None = None) -> str:
    """One move, after it was played on ``state``: who drew which line, what it closed, the score, who is next.
    ``you`` is the seat of the one person playing computers, told as "You" ("You draw", "your turn")."""
    board = state.board
    line = line_words(board, move.line)
    if move.player == you:
        parts = [tr("You draw {line}").format(line=line)]
    else:
        parts = [tr("{player} draws {line}").format(player=players[move.player], line=line)]
    if move.captured:
        cells = " " + tr("and") + " "
        parts.append(tr("closes {cells}").format(cells=cells.join(cell_names(board)[c] for c in move.captured)))
        parts.append(score_words(state, players))
    if move.next_player < 0:
        parts.append(tr("game over"))
    elif move.next_player == you:
        parts.append(tr("you again") if move.player == you else tr("your turn"))
    elif move.next_player == move.player:
        parts.append(tr("{player} again").format(player=players[move.player]))
    else:
        parts.append(tr("{player} to play").format(player=players[move.next_player]))
    return ", ".join(parts) + "."


def describe_position(state: GameState, players: list[str]) -> str:
    """The whole position in a few sentences: the score, the lines left, the safe lines, the chains and loops."""
    left = state.board.num_lines - bin(state.drawn).count("1")
    sentences = [tr("Score: {score}.").format(score=score_words(state, players))]
    sentences.append(tr_n("{n} line left.", "{n} lines left.", left).format(n=left))
    if state.over:
        return " ".join(sentences)
    sentences.append(tr("{player} to play.").format(player=players[state.to_move]))
    safe = len(safe_lines(state))
    sentences.append(tr_n("{n} safe line.", "{n} safe lines.", safe).format(n=safe))
    analysis = analyse(state)
    chains, loops = analysis.sizes()
    if chains:
        count = tr_n("{n} chain: {sizes}.", "{n} chains: {sizes}.", len(chains))
        sentences.append(count.format(n=len(chains), sizes=_listed(chains)))
    if loops:
        count = tr_n("{n} loop: {sizes}.", "{n} loops: {sizes}.", len(loops))
        sentences.append(count.format(n=len(loops), sizes=_listed(loops)))
    return " ".join(sentences)


def _listed(sizes: tuple[int, ...]) -> str:
    return ", ".join(str(size) for size in sorted(sizes, reverse=True))
