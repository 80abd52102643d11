"""The text drawing of a board, and the standard-library-only rule for the core."""

from __future__ import annotations

import subprocess
import sys

from game.core import Board, GameState, Rules, draw, parse_line


def test_drawing_of_a_square_board_shows_lines_and_owners() -> None:
    state = GameState(Board.square(1, 2))
    for name in ("h 0 0", "h 1 0", "v 0 0", "v 0 1", "v 0 2"):
        state.play(parse_line(state.board, name))
    assert draw(state) == "o---o   o\n| 2 |   |\no---o   o"  # player 1 closed box 0: owners show 1-based


def test_drawing_of_a_triangle_uses_slants() -> None:
    state = GameState(Board.triangle(3), Rules(start="swedish"))
    rows = draw(state).splitlines()
    assert rows[0].strip() == "o" and rows[-1] == "o---o---o"
    assert "/" in rows[1] and "\\" in rows[1]


def test_a_full_triangle_shows_every_slant_and_both_owners() -> None:
    state = GameState(Board.triangle(3))
    for line in range(state.board.num_lines):
        state.play(line)
    assert state.owner == [0, 0, 1, 1]  # the top cell and the upside-down middle one, then the bottom corners
    assert draw(state) == "\n".join(["    o", "   /1\\", "  o---o", " /2\\1/2\\", "o---o---o"])


def test_the_outline_of_a_hexagon_board() -> None:
    state = GameState(Board.hexagon(1), Rules(start="swedish"))  # the 18 border lines drawn
    assert draw(state).splitlines() == [
        "        o---o",
        "       /     \\",
        "  o---o       o---o",
        " /                 \\",
        "o       o   o       o",
        " \\                 /",
        "  o   o       o   o",
        " /                 \\",
        "o       o   o       o",
        " \\                 /",
        "  o---o       o---o",
        "       \\     /",
        "        o---o",
    ]


def test_every_board_draws_one_o_per_dot() -> None:
    for board in (Board.square(3, 5), Board.triangle(6), Board.hexagon(1), Board.hexagon(3)):
        assert draw(GameState(board)).count("o") == board.num_dots


def test_the_core_imports_no_pygame_and_no_asyncio() -> None:
    check = "import sys, game.core; bad = {'pygame', 'asyncio'} & set(sys.modules); assert not bad, bad"
    subprocess.run([sys.executable, "-c", check], check=True, timeout=60)
