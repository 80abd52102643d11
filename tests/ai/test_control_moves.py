"""The selective solvers' move set (:func:`game.ai.position.coins.control_moves`), on positions worked out by hand:
every safe line first, then one way of giving away each chain end, the middle of a chain of two, one string of each
loop."""

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
    bottom are safe; each outer box is a chain of one, given away by either of its two strings."""
    board = Board.square(1, 3)
    state = all_drawn_but(board, ["v 0 0", "v 0 1", "v 0 2", "v 0 3", "h 0 1", "h 1 1"])
    found = moves(state)
    assert set(found[:2]) == names(board, "h 0 1", "h 1 1")
    assert len(found) == 6 and set(found[2:]) == names(board, "v 0 0", "v 0 1", "v 0 2", "v 0 3")


def test_narrow_keeps_only_short_sacrifices_while_safe_lines_remain() -> None:
    """1x5 boxes: a chain of one (box 0), the safe middle box 1 (its top and bottom), and a chain of three
    (boxes 2-4): narrow offers the single box's strings and not the long chain's ends."""
    board = Board.square(1, 5)
    undrawn = ["v 0 0", "v 0 1", "v 0 2", "v 0 3", "v 0 4", "v 0 5", "h 0 1", "h 1 1"]
    state = all_drawn_but(board, undrawn)
    safe = names(board, "h 0 1", "h 1 1")
    assert set(moves(state)) == safe | names(board, "v 0 0", "v 0 1", "v 0 2", "v 0 5")
    assert set(moves(state, narrow=True)) == safe | names(board, "v 0 0", "v 0 1")


def test_a_loop_is_offered_once() -> None:
    """2x2 boxes with the border drawn: the four boxes make a loop; any of its four strings opens it."""
    board = Board.square(2, 2)
    inner = ["h 1 0", "h 1 1", "v 0 1", "v 1 1"]
    found = moves(all_drawn_but(board, inner))
    assert len(found) == 1 and found[0] in names(board, *inner)


def test_with_only_safe_lines_every_free_line_is_offered() -> None:
    board = Board.square(2, 2)
    state = GameState(board)
    assert sorted(moves(state)) == list(range(board.num_lines))


def test_a_chain_of_two_hanging_from_a_box_with_four_sides_is_opened_in_the_middle_too() -> None:
    """1x3 boxes, the tops and bottoms of boxes 1 and 2 drawn: box 0 keeps its four sides (its top, bottom and left
    side are safe) and boxes 1-2 are a chain of two from it to the ground."""
    board = Board.square(1, 3)
    state = all_drawn_but(board, ["h 0 0", "h 1 0", "v 0 0", "v 0 1", "v 0 2", "v 0 3"])
    found = moves(state)
    assert set(found[:3]) == names(board, "h 0 0", "h 1 0", "v 0 0")
    assert len(found) == 6 and set(found[3:]) == names(board, "v 0 1", "v 0 2", "v 0 3")
    assert set(moves(state, narrow=True)) == set(found), "a chain of two is a short sacrifice"
