"""The settings scene offers each board shape exactly its offered sizes."""

from __future__ import annotations

import pygame

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


def test_a_size_stepper_stops_at_its_ends(make_driver) -> None:
    driver = make_driver()
    driver.press_button("Settings")
    rows = driver.widget("Rows")
    largest = rows.options[-1][1]
    driver.choose("Rows", largest)
    driver.click(dict(driver.widget("Rows").part_rects())[1].center)
    assert driver.widget("Rows").options[driver.widget("Rows").index][1] == largest, "no jump from the largest"
    driver.key(pygame.K_DOWN)  # (the focus comes to the first row, Board; then Rows)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert driver.widget("Rows").options[driver.widget("Rows").index][1] == largest
    assert driver.widget("Rows").at_end(1) and not driver.widget("Rows").at_end(-1)
    driver.choose("Rows", driver.widget("Rows").options[0][1])
    driver.click(dict(driver.widget("Rows").part_rects())[-1].center)
    assert driver.widget("Rows").index == 0, "no jump from the smallest to the largest"
