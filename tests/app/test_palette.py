"""Both palettes meet WCAG AA where the game draws: text 4.5:1, lines, dots and marks 3:1; players stay apart."""

from __future__ import annotations

import itertools
import math

import pytest

from game.app.palette import DARK, LIGHT, PALETTES, contrast, luminance
from game.play.players import COLOURS

SURFACES = ("background", "panel")
TEXT_ON = {"ink": (*SURFACES, "button", "button_hover", "button_down"), "muted": SURFACES, "danger": SURFACES,
           "accent": SURFACES, "on_primary": ("button_primary", "button_danger"),
           "on_selected": ("selected",)}  # fmt: skip
GRAPHICS = ("line", "dot", "last_turn", "hint", "focus", "selected")
# Exempt, as WCAG 2.1 (1.4.11) exempts it: "faint" draws the lines not yet drawn (the dots mark every place a line
# can go). A greyed button's text ("disabled") is exempt too, but held to 3:1 so that it can still be read.


def test_the_contrast_formula_matches_wcag_reference_values() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # the well-known AA grey
    assert luminance((255, 255, 255)) == pytest.approx(1.0) and luminance((0, 0, 0)) == 0.0


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_text_reaches_aa_on_every_surface_it_is_drawn_on(palette) -> None:
    low = [(t, s, round(contrast(getattr(palette, t), getattr(palette, s)), 2))
           for t, surfaces in TEXT_ON.items() for s in surfaces
           if contrast(getattr(palette, t), getattr(palette, s)) < 4.5]  # fmt: skip
    assert low == []


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_greyed_text_can_still_be_read(palette) -> None:
    assert contrast(palette.disabled, palette.button) >= 3.0 and contrast(palette.disabled, palette.button_hover) >= 3.0


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_lines_marks_and_player_colours_reach_three_to_one(palette) -> None:
    drawn = {name: getattr(palette, name) for name in GRAPHICS} | palette.players
    pairs = [(name, colour, surface) for name, colour in drawn.items() for surface in SURFACES]
    low = [(name, s, round(contrast(c, getattr(palette, s)), 2)) for name, c, s in pairs
           if contrast(c, getattr(palette, s)) < 3.0]  # fmt: skip
    assert low == []


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_every_player_colour_has_a_shade_and_the_shades_stay_apart(palette) -> None:
    assert set(palette.players) == set(COLOURS)
    closest = min(math.dist(a, b) for a, b in itertools.combinations(palette.players.values(), 2))
    assert closest > 60


def test_the_dark_palette_is_dark_and_the_light_one_light() -> None:
    assert luminance(DARK.background) < 0.05 < 0.8 < luminance(LIGHT.background)
    assert set(LIGHT.colours()) == set(DARK.colours())
