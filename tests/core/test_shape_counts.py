"""The shape table is data (it builds no board): its cell counts and the hexagon's dot counts in Settings agree
with the boards ``Board.from_spec`` builds, for every size the rules accept."""

from __future__ import annotations

import itertools

import pytest

from game.core import Board
from game.core.board import BUILDERS
from game.core.shapes import SHAPES


def test_every_shape_has_a_builder() -> None:
    assert set(BUILDERS) == set(SHAPES)


@pytest.mark.parametrize("shape", SHAPES.values(), ids=lambda s: s.name)
def test_the_tables_counts_are_the_built_boards(shape) -> None:
    for size in itertools.product(shape.sizes, repeat=shape.arity):
        board = Board.from_spec(shape.name, size)
        assert shape.cells(*size) == board.num_cells, size
        if shape.arity == 1:  # (a square's option names the dots of one side)
            totals = {"cells": board.num_cells, "dots": board.num_dots}
            for key, value in shape.option_values(size[0]).items():
                assert value == totals.get(key, value), (size, key)
