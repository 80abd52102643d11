"""The settings scene offers each board shape exactly its offered sizes."""

from __future__ import annotations

from game.app.scenes.settings import size_rows
from game.core.shapes import SHAPES
from game.play.settings import Settings


def test_settings_offer_exactly_the_offered_range() -> None:
    for shape in SHAPES.values():
        rows = size_rows(Settings(shape=shape.name, size=shape.default))
        assert [label for label, *_ in rows] == list(shape.dimensions)
        for _, options, value, _ in rows:
            assert [n for n, _ in options] == list(shape.offered)
            assert value in shape.offered
        below = (shape.offered.start - 1,) * shape.arity
        if below[0] in shape.sizes:  # legal for the rules, not offered to players
            assert Settings(shape=shape.name, size=below).problems() == [
                f"a {shape.name} board of size {list(below)} is not offered"
            ]
