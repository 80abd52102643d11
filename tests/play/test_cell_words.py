"""Words that name the board's cells (the winner row, the misère note, the refusal while a capture is due) say
boxes, triangles or hexagons by the board's shape, in English and French."""

from __future__ import annotations

import pytest

from game.core import Board
from game.core.shapes import SHAPES
from game.play import i18n
from game.play.i18n.phrases import CLOSE_FIRST, MISERE_NOTES, MOST_CELLS, cell_words

CELLS = {"square": ("box", "case"), "triangle": ("triangle", "triangle"), "hex": ("hexagon", "hexagone")}


@pytest.mark.parametrize("table", [MOST_CELLS, MISERE_NOTES, CLOSE_FIRST], ids=["winner", "misère", "refusal"])
@pytest.mark.parametrize("shape", SHAPES)
def test_each_phrase_names_the_boards_own_cells_in_both_languages(table: dict[str, str], shape: str) -> None:
    board = Board.from_spec(shape, SHAPES[shape].default)
    english, french = i18n.in_every_language(lambda: cell_words(table, board))
    word, mot = CELLS[shape]
    assert word[:3] in english.lower() and mot[:3] in french.lower()
    others = [other for name, pair in CELLS.items() if name != shape for other in pair if other not in (word, mot)]
    assert not any(other in english.lower() or other in french.lower() for other in others), (english, french)
