"""The board graph: counts for every shape, geometry, numbering and symmetries."""

from __future__ import annotations

import math

import pytest

from game.core import Board, BoardError

SQUARES = [(r, c) for r in range(1, 13) for c in range(1, 13)]
ALL_BOARDS = (
    [Board.square(r, c) for r, c in [(1, 1), (2, 2), (3, 3), (2, 5), (5, 5), (12, 12)]]
    + [Board.triangle(n) for n in range(3, 10)]
    + [Board.hexagon(k) for k in range(1, 4)]
)


def board_id(board: object) -> str:
    return f"{board.kind}{'x'.join(map(str, board.size))}" if isinstance(board, Board) else str(board)


@pytest.mark.parametrize(("rows", "cols"), SQUARES)
def test_square_counts_follow_the_rules_formulas(rows: int, cols: int) -> None:
    board = Board.square(rows, cols)
    assert board.num_dots == (rows + 1) * (cols + 1)
    assert board.num_lines == rows * (cols + 1) + cols * (rows + 1)
    assert board.num_cells == rows * cols
    assert len(board.border) == 2 * (rows + cols)


@pytest.mark.parametrize(("side", "cells", "lines"), [(5, 16, 30), (6, 25, 45), (7, 36, 63)])
def test_triangle_sizes_named_in_the_rules(side: int, cells: int, lines: int) -> None:
    board = Board.triangle(side)
    assert (board.num_cells, board.num_lines) == (cells, lines)


@pytest.mark.parametrize("side", range(3, 10))
def test_triangle_counts_for_every_offered_side(side: int) -> None:
    board = Board.triangle(side)
    assert board.num_dots == side * (side + 1) // 2
    assert board.num_cells == (side - 1) ** 2
    assert board.num_lines == 3 * side * (side - 1) // 2
    assert len(board.border) == 3 * (side - 1)


@pytest.mark.parametrize(("rings", "cells"), [(1, 7), (2, 19), (3, 37)])
def test_hexagon_cell_counts(rings: int, cells: int) -> None:
    board = Board.hexagon(rings)
    assert board.num_cells == cells
    assert all(len(sides) == 6 for sides in board.cells)


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_euler_formula_holds(board: Board) -> None:
    # A connected planar graph: dots - lines + inner faces = 1.
    assert board.num_dots - board.num_lines + board.num_cells == 1


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_every_line_joins_two_neighbouring_dots(board: Board) -> None:
    assert len(set(map(frozenset, board.lines))) == board.num_lines
    for a, b in board.lines:
        (ax, ay), (bx, by) = board.dots[a], board.dots[b]
        assert math.dist((ax, ay), (bx, by)) == pytest.approx(1.0)


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_every_cell_is_a_closed_polygon_of_the_right_size(board: Board) -> None:
    sides_wanted = {"square": 4, "triangle": 3, "hex": 6}[board.kind]
    for sides in board.cells:
        assert len(set(sides)) == sides_wanted
        degree: dict[int, int] = {}
        for line in sides:
            for dot in board.lines[line]:
                degree[dot] = degree.get(dot, 0) + 1
        assert len(degree) == sides_wanted and set(degree.values()) == {2}


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_line_cells_is_the_inverse_of_cells(board: Board) -> None:
    for line, cells in enumerate(board.line_cells):
        assert 1 <= len(cells) <= 2
        assert all(line in board.cells[cell] for cell in cells)
    assert sum(len(c) for c in board.line_cells) == sum(len(s) for s in board.cells)
    assert board.border == tuple(i for i, c in enumerate(board.line_cells) if len(c) == 1)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (2, 3), (3, 3), (5, 4)])
def test_square_ids_are_openspiel_numbering(rows: int, cols: int) -> None:
    board = Board.square(rows, cols)
    line_id = 0
    for r in range(rows + 1):  # horizontal lines, row by row, left to right
        for c in range(cols):
            (x0, y0), (x1, y1) = (board.dots[d] for d in board.lines[line_id])
            assert {(x0, y0), (x1, y1)} == {(c, r), (c + 1, r)}
            line_id += 1
    for r in range(rows):  # then vertical lines, row by row
        for c in range(cols + 1):
            (x0, y0), (x1, y1) = (board.dots[d] for d in board.lines[line_id])
            assert {(x0, y0), (x1, y1)} == {(c, r), (c, r + 1)}
            line_id += 1
    assert line_id == board.num_lines


def test_square_dots_and_cells_are_numbered_row_by_row() -> None:
    board = Board.square(2, 3)
    assert board.dots[:5] == ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1))
    assert board.cells[0] == (0, 3, 9, 10)  # h 0 0, h 1 0, v 0 0, v 0 1
    assert board.cells[5] == (5, 8, 15, 16)  # the bottom-right box: h 1 2, h 2 2, v 1 2, v 1 3


@pytest.mark.parametrize("board", [b for b in ALL_BOARDS if b.kind != "square"], ids=board_id)
def test_other_shapes_number_everything_in_reading_order(board: Board) -> None:
    def in_reading_order(points: list[tuple[float, float]]) -> bool:
        keys = [(round(y, 4), round(x, 4)) for x, y in points]
        return keys == sorted(keys)

    assert in_reading_order(list(board.dots))
    assert in_reading_order([board.line_midpoint(i) for i in range(board.num_lines)])
    assert in_reading_order([board.cell_centre(i) for i in range(board.num_cells)])


@pytest.mark.parametrize(
    ("board", "count"),
    [
        (Board.square(1), 8),
        (Board.square(3), 8),
        (Board.square(6), 8),
        (Board.square(2, 3), 4),
        (Board.square(1, 5), 4),
        (Board.triangle(3), 6),
        (Board.triangle(6), 6),
        (Board.triangle(9), 6),
        (Board.hexagon(1), 12),
        (Board.hexagon(2), 12),
        (Board.hexagon(3), 12),
    ],
    ids=board_id,
)
def test_symmetry_counts(board: Board, count: int) -> None:
    assert len(board.symmetries) == count


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_each_symmetry_is_a_permutation_mapping_cells_onto_cells(board: Board) -> None:
    cell_sets = {frozenset(sides) for sides in board.cells}
    border = set(board.border)
    for perm in board.symmetries:
        assert sorted(perm) == list(range(board.num_lines))
        assert {frozenset(perm[line] for line in sides) for sides in board.cells} == cell_sets
        assert {perm[line] for line in border} == border


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_symmetries_form_a_group(board: Board) -> None:
    perms = set(board.symmetries)
    assert tuple(range(board.num_lines)) in perms
    for p in perms:
        for q in perms:
            assert tuple(p[q[line]] for line in range(board.num_lines)) in perms


def test_icelandic_lines_are_the_left_and_bottom_border_of_a_square() -> None:
    board = Board.square(3, 4)
    vertical = 4 * 4
    left = {vertical + r * 5 for r in range(3)}
    bottom = {3 * 4 + c for c in range(4)}
    assert set(board.left_bottom_border()) == left | bottom


def test_icelandic_lines_on_a_triangle_are_the_left_slant_and_the_bottom_row() -> None:
    board = Board.triangle(4)
    chosen = board.left_bottom_border()
    assert len(chosen) == 2 * 3
    bottom_y = max(y for _, y in board.dots)
    for line in chosen:
        (ax, ay), (bx, by) = (board.dots[d] for d in board.lines[line])
        on_bottom = ay == by == pytest.approx(bottom_y)
        on_left_slant = (ax - bx) / (ay - by) == pytest.approx(-0.5 / (math.sqrt(3) / 2)) if ay != by else False
        assert on_bottom or on_left_slant


@pytest.mark.parametrize("board", ALL_BOARDS, ids=board_id)
def test_icelandic_lines_are_border_lines_and_close_no_cell(board: Board) -> None:
    chosen = set(board.left_bottom_border())
    assert chosen and chosen < set(board.border)
    assert not any(chosen.issuperset(sides) for sides in board.cells)


@pytest.mark.parametrize(
    ("kind", "size", "reason"),
    [
        ("square", (0, 3), "out of range"),
        ("square", (3, 13), "out of range"),
        ("square", (3,), "takes 2 size number"),
        ("square", (2.0, 2), "out of range"),
        ("square", (True, 2), "out of range"),
        ("triangle", (2,), "out of range"),
        ("triangle", (10,), "out of range"),
        ("hex", (0,), "out of range"),
        ("hex", (4,), "out of range"),
        ("hex", (1, 1), "takes 1 size number"),
        ("octagon", (3,), "unknown board shape"),
    ],
)
def test_boards_the_game_does_not_offer_are_refused(kind: str, size: tuple, reason: str) -> None:
    with pytest.raises(BoardError, match=reason):
        Board.from_spec(kind, size)


def test_boards_are_built_once_and_shared() -> None:
    assert Board.square(4) is Board.square(4, 4) is Board.from_spec("square", (4, 4))
    assert Board.hexagon(2) is Board.from_spec("hex", (2,))


def test_describe_names_cells_and_dots() -> None:
    assert Board.square(3).describe() == "3x3 boxes (4x4 dots)"
    assert Board.triangle(6).describe() == "triangle, 6 dots a side (25 triangles)"
    assert Board.hexagon(1).describe() == "hexagon, 7 cells (24 dots)"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Board.square(0, 3), "square rows 0 is out of range 1..12"),
        (lambda: Board.square(3, 13), "square columns 13 is out of range 1..12"),
        (lambda: Board.triangle(2), "triangle size 2 is out of range 3..9"),
        (lambda: Board.hexagon(4), "hex size 4 is out of range 1..3"),
    ],
)
def test_refused_sizes_name_what_was_wrong(build, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        build()
    assert str(caught.value) == message
