"""Paper to play on (rules sheet 000): the rules sheet and blank grids, as SVG made without pygame."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from game.core import Board
from game.core.shapes import SHAPES
from game.play import i18n
from game.play.printable import RULES, grid_svg, rules_svg

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [node.text or "" for node in ET.fromstring(svg).iter(SVG + "text")]


@pytest.mark.parametrize(
    "board", [Board.from_spec(name, shape.default) for name, shape in SHAPES.items()] + [Board.square(2, 9)], ids=repr
)
def test_a_blank_grid_has_every_dot_of_the_board_and_its_name(board: Board) -> None:
    root = ET.fromstring(grid_svg(board))
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    dots = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(SVG + "circle")]
    assert len(set(dots)) == board.num_dots
    assert all(15 <= x <= 195 and 15 <= y <= 282 for x, y in dots), "inside the page's margins"
    assert texts(grid_svg(board))[0] == board.describe()


@pytest.mark.parametrize("shape", ["triangle", "hex"])
def test_triangle_and_hexagon_grids_show_every_line_faintly_and_square_ones_bare_dots(shape: str) -> None:
    board = Board.from_spec(shape, SHAPES[shape].default)
    root = ET.fromstring(grid_svg(board))
    lines = list(root.iter(SVG + "line"))
    assert len(lines) == board.num_lines and {line.get("stroke") for line in lines} == {"#c8c8c8"}
    dots = {(c.get("cx"), c.get("cy")) for c in root.iter(SVG + "circle")}
    assert all((line.get("x1"), line.get("y1")) in dots and (line.get("x2"), line.get("y2")) in dots for line in lines)
    assert "<line" not in grid_svg(Board.square(3, 3))


def test_every_offered_size_has_a_grid() -> None:
    for name, shape in SHAPES.items():
        for n in shape.offered:
            board = Board.from_spec(name, (n,) * shape.arity)
            assert grid_svg(board).count("<circle") == board.num_dots


def test_the_rules_sheet_says_every_rule_in_the_players_language() -> None:
    english = " ".join(texts(rules_svg()))
    assert "Capturing is optional" in english and "3x3 dots" in english
    i18n.set_language("fr")
    try:
        french = " ".join(texts(rules_svg()))
    finally:
        i18n.set_language("en")
    assert "Capturing" not in french and "facultatif" in french
    assert len(RULES) >= 6


def test_the_rules_sheet_draws_a_move_a_closure_and_a_chain_with_their_captions() -> None:
    root = ET.fromstring(rules_svg())
    widths = [line.get("stroke-width") for line in root.iter(SVG + "line")]
    assert widths.count("1.6") == 2, "the line of the move and the line that closes the box, bold"
    assert widths.count("0.6") == 2 + 3 + 6, "what is drawn before: two lines, three sides, a chain's six sides"
    english = texts(rules_svg())
    assert {"A move: one line", "A closes the box", "A chain of three"} <= set(english)
    assert "A" in english, "the closed box has the initial of who closed it"
    i18n.set_language("fr")
    try:
        french = texts(rules_svg())
    finally:
        i18n.set_language("en")
    assert {"Un coup : un trait", "A ferme la case", "Une chaîne de trois"} <= set(french)
