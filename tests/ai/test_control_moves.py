"""The selective solvers' move set (:func:`game.ai.position.coins.control_moves`), on positions worked out by hand:
every safe line first (one ground string per coin: its other ground strings leave the same position), then one way
of giving away each chain end, the middle of a chain of two, one string of each loop."""

from __future__ import annotations

from ai_helpers import all_drawn_but

from game.ai.position.coins import control_moves, tables_for
from game.core import Board, GameState, parse_line


def moves(state: GameState, narrow: bool = False) -> list[int]:
    tables = tables_for(state.board)
    return control_moves(tables, state.drawn, tables.degrees(state.drawn), narrow)


def names(board: Board, *lines: str) -> set[int]:
    return {parse_line(board, line) for line in lines}


def test_a_chain_of_three_is_opened_at_either_end_only() -> None:
    """1x3 boxes, tops and bottoms drawn: one chain of three between the ground at both ends."""
    board = Board.square(1, 3)
    state = all_drawn_but(board, ["v 0 0", "v 0 1", "v 0 2", "v 0 3"])
    found = moves(state)
    assert len(found) == 2 and set(found) == names(board, "v 0 0", "v 0 3")


def test_a_chain_of_two_is_also_opened_in_the_middle() -> None:
    board = Board.square(1, 2)
    state = all_drawn_but(board, ["v 0 0", "v 0 1", "v 0 2"])
    found = moves(state)
    assert len(found) == 3 and set(found) == names(board, "v 0 0", "v 0 1", "v 0 2")


def test_safe_lines_come_first_then_each_end_of_each_chain() -> None:
    """1x3 boxes with the outer boxes' tops and bottoms drawn: the middle box keeps four sides, so its top and
    bottom are safe (and the same move: both tie it to the ground); each outer box is a chain of one, given away by
    either of its two strings."""
    board = Board.square(1, 3)
    state = all_drawn_but(board, ["v 0 0", "v 0 1", "v 0 2", "v 0 3", "h 0 1", "h 1 1"])
    found = moves(state)
    assert found[0] in names(board, "h 0 1", "h 1 1")
    assert len(found) == 5 and set(found[1:]) == names(board, "v 0 0", "v 0 1", "v 0 2", "v 0 3")


def test_narrow_keeps_only_short_sacrifices_while_safe_lines_remain() -> None:
    """1x5 boxes: a chain of one (box 0), the safe middle box 1 (its top and bottom), and a chain of three
    (boxes 2-4): narrow offers the single box's strings and not the long chain's ends."""
    board = Board.square(1, 5)
    undrawn = ["v 0 0", "v 0 1", "v 0 2", "v 0 3", "v 0 4", "v 0 5", "h 0 1", "h 1 1"]
    state = all_drawn_but(board, undrawn)
    found = moves(state)
    safe = {found[0]}
    assert safe < names(board, "h 0 1", "h 1 1"), "box 1's top and bottom both tie it to the ground: one move"
    assert set(found) == safe | names(board, "v 0 0", "v 0 1", "v 0 2", "v 0 5")
    assert set(moves(state, narrow=True)) == safe | names(board, "v 0 0", "v 0 1")


def test_a_loop_is_offered_once() -> None:
    """2x2 boxes with the border drawn: the four boxes make a loop; any of its four strings opens it."""
    board = Board.square(2, 2)
    inner = ["h 1 0", "h 1 1", "v 0 1", "v 1 1"]
    found = moves(all_drawn_but(board, inner))
    assert len(found) == 1 and found[0] in names(board, *inner)


def test_with_only_safe_lines_every_free_line_is_offered_but_one_of_each_corner() -> None:
    """2x2 boxes, empty: each corner box has two border lines, which leave the same strings-and-coins position
    (one coin, one string to the ground cut): one of the two is offered, the other 8 lines all."""
    board = Board.square(2, 2)
    state = GameState(board)
    found = moves(state)
    assert len(found) == len(set(found)) == board.num_lines - 4
    for cell in range(board.num_cells):
        border = {line for line in board.cells[cell] if len(board.line_cells[line]) == 1}
        assert len(border & set(found)) == 1
    inner = {line for line in range(board.num_lines) if len(board.line_cells[line]) == 2}
    assert inner <= set(found)


def test_a_corner_line_is_offered_again_once_its_twin_is_drawn() -> None:
    board = Board.square(2, 2)
    state = GameState(board)
    first = moves(state)
    corner = next(line for line in first if len(board.line_cells[line]) == 1)
    cell = board.line_cells[corner][0]
    twin = next(line for line in board.cells[cell] if line != corner and len(board.line_cells[line]) == 1)
    assert twin not in first
    state.play(corner)
    assert twin in moves(state)


def test_a_chain_of_two_hanging_from_a_box_with_four_sides_is_opened_in_the_middle_too() -> None:
    """1x3 boxes, the tops and bottoms of boxes 1 and 2 drawn: box 0 keeps its four sides (its top, bottom and left
    side are safe, and one move: all three tie it to the ground) and boxes 1-2 are a chain of two from it to the
    ground."""
    board = Board.square(1, 3)
    state = all_drawn_but(board, ["h 0 0", "h 1 0", "v 0 0", "v 0 1", "v 0 2", "v 0 3"])
    found = moves(state)
    assert found[0] in names(board, "h 0 0", "h 1 0", "v 0 0")
    assert len(found) == 4 and set(found[1:]) == names(board, "v 0 1", "v 0 2", "v 0 3")
    assert set(moves(state, narrow=True)) == set(found), "a chain of two is a short sacrifice"
