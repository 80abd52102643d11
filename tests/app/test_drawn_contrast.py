"""What the widgets draw, measured in pixels: the text of every widget in every state (normal, hovered, pressed,
selected, greyed, focused) in both palettes stands 4.5:1 from the fill drawn behind it (3:1 for a greyed button's
text and for the focus ring).

The palette tests check pairs of colours; these check the pairs a widget really draws, so a state that puts a
colour on a fill it was never paired with (white on the dark theme's light "selected" fill) is caught. The colours
are read back from the surface: the fill is the commonest colour of the region, the ink its pixel that stands
furthest from the fill.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.app import theme
from game.app.analysis_overlay import ValuesButton
from game.app.keypad import Keypad
from game.app.palette import DARK, LIGHT, contrast
from game.app.theme import Text
from game.app.widgets import WHY, Button, Choice

TEXT = 4.5
GREYED = 3.0
RING = 3.0
SIZE = (480, 120)
PLACE = pygame.Rect(40, 30, 400, 60)


@pytest.fixture(params=[LIGHT, DARK], ids=["light", "dark"])
def palette(request):
    theme.use(request.param)
    yield request.param
    theme.use(LIGHT)


@pytest.fixture(scope="module")
def text() -> Text:
    pygame.font.init()
    text = Text()
    text.body = 22
    return text


def drawn(draw: Callable[[pygame.Surface], None]) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    surface.fill(theme.BACKGROUND)
    draw(surface)
    return surface


def measured(surface: pygame.Surface, region: pygame.Rect) -> tuple[tuple, tuple, float, int]:
    """(fill, ink, their contrast, how many pixels are not the fill) in ``region`` of ``surface``."""
    pixels = Counter(
        tuple(surface.get_at((x, y)))[:3]
        for x in range(region.left, region.right)
        for y in range(region.top, region.bottom)
    )
    fill = pixels.most_common(1)[0][0]
    ink = max(pixels, key=lambda colour: contrast(colour, fill))
    return fill, ink, contrast(fill, ink), sum(n for colour, n in pixels.items() if colour != fill)


def inner(rect: pygame.Rect, radius: int) -> pygame.Rect:
    """``rect`` without its rounded corners' columns and a rim, where only the fill and the label are drawn."""
    return rect.inflate(-2 * radius - 4, -8)


def assert_readable(surface: pygame.Surface, region: pygame.Rect, least: float, what: str) -> None:
    fill, ink, ratio, inked = measured(surface, region)
    assert inked > 20, f"{what}: no text drawn"
    assert ratio >= least, f"{what}: {ink} on {fill} is {ratio:.2f}:1"


BUTTON_KINDS: dict[str, dict[str, Any]] = {"plain": {}, "primary": {"primary": True}, "danger": {"danger": True}}
# (focused, hover, pressed, enabled)
BUTTON_STATES = {
    "normal": (False, None, None, True),
    "hovered": (False, 0, None, True),
    "pressed": (False, 0, 0, True),
    "focused": (True, None, None, True),
    "greyed": (False, None, None, False),
    "greyed and pressed": (False, None, WHY, False),
}


@pytest.mark.parametrize("kind", BUTTON_KINDS)
@pytest.mark.parametrize("state", BUTTON_STATES)
def test_a_buttons_label_is_readable_in_every_state(palette, text, kind, state) -> None:
    focused, hover, pressed, enabled = BUTTON_STATES[state]
    button = Button("New game", lambda: None, enabled=enabled, why=lambda: None, **BUTTON_KINDS[kind])
    button.rect = pygame.Rect(PLACE)
    surface = drawn(lambda s: button.draw(s, text, focused, hover, pressed))
    least = TEXT if enabled else GREYED
    assert_readable(surface, inner(button.rect, 14), least, f"{palette.name} {kind} button, {state}")


def test_the_focus_ring_stands_out_from_the_page_and_from_the_button(palette, text) -> None:
    button = Button("New game", lambda: None)
    button.rect = pygame.Rect(PLACE)
    surface = drawn(lambda s: button.draw(s, text, True, None, None))
    ring = surface.get_at((button.rect.centerx, button.rect.top - 7))[:3]
    assert ring == theme.FOCUS
    assert contrast(ring, theme.BACKGROUND) >= RING and contrast(ring, theme.BUTTON) >= RING


def segments(options: int) -> Choice:
    labels = ["Easy", "Medium", "Hard", "Expert"][:options]
    return Choice("Level", [(label, label) for label in labels], labels[1], lambda _: None, label_share=0.25)


# (focused, hover, pressed) for the row; hover and pressed name the first (unchosen) segment
SEGMENT_STATES = {
    "normal": (False, None, None),
    "hovered": (False, ("set", 0), None),
    "pressed": (False, ("set", 0), ("set", 0)),
    "focused": (True, None, None),
}


@pytest.mark.parametrize("state", SEGMENT_STATES)
def test_every_segment_chosen_or_not_is_readable(palette, text, state) -> None:
    focused, hover, pressed = SEGMENT_STATES[state]
    choice = segments(3)
    choice.place(pygame.Rect(PLACE), text)
    assert not choice.stepper
    surface = drawn(lambda s: choice.draw(s, text, focused, hover, pressed))
    control = choice.control_rect()
    for (part, rect), (_, label) in zip(choice.part_rects(), choice.options, strict=True):
        chosen = " (chosen)" if part == ("set", choice.index) else ""
        region = inner(rect.clip(control).inflate(-4, -4), 12)
        assert_readable(surface, region, TEXT, f"{palette.name} segment {label}{chosen}, {state}")
    label = pygame.Rect(choice.rect.x, choice.rect.y, control.x - choice.rect.x - 6, choice.rect.h)
    assert_readable(surface, label, TEXT, f"{palette.name} row label, {state}")


def test_the_chosen_segment_is_told_apart_from_the_others(palette, text) -> None:
    """The chosen segment's fill is not the row's: a sighted player sees which is chosen."""
    choice = segments(3)
    choice.place(pygame.Rect(PLACE), text)
    surface = drawn(lambda s: choice.draw(s, text, False, None, None))
    fills = [measured(surface, inner(rect.clip(choice.control_rect()), 12))[0] for _, rect in choice.part_rects()]
    assert fills[1] != fills[0] == fills[2]
    assert contrast(fills[1], fills[0]) >= RING


@pytest.mark.parametrize("state", ["normal", "pressed left", "focused"])
def test_a_steppers_value_and_arrows_are_readable(palette, text, state) -> None:
    choice = Choice("Size", [(n, f"{n}x{n} boxes") for n in range(2, 9)], 5, lambda _: None)
    choice.place(pygame.Rect(PLACE), text)
    assert choice.stepper
    pressed = -1 if state == "pressed left" else None
    surface = drawn(lambda s: choice.draw(s, text, state == "focused", pressed, pressed))
    parts = dict(choice.part_rects())
    control = choice.control_rect()
    value = control.inflate(-2 * parts[-1].width - 4, -8)
    assert_readable(surface, value, TEXT, f"{palette.name} stepper value, {state}")
    for step in (-1, 1):
        arrow = inner(parts[step].clip(control), 8)
        fill, ink, ratio, inked = measured(surface, arrow)
        assert inked > 20 and ratio >= RING, f"{palette.name} stepper arrow {step}, {state}: {ratio:.2f}:1"


@pytest.mark.parametrize("on", [False, True], ids=["off", "on"])
@pytest.mark.parametrize("state", ["normal", "pressed"])
def test_the_values_switch_is_readable_on_and_off(palette, text, on, state) -> None:
    button = ValuesButton(lambda: None)
    button.set_on(on)
    button.text_size = text.body
    button.rect = pygame.Rect(PLACE.x, PLACE.y, 90, 60)
    pressed = 0 if state == "pressed" else None
    surface = drawn(lambda s: button.draw(s, text, False, pressed, pressed))
    assert_readable(surface, inner(button.rect, 14), TEXT, f"{palette.name} values switch {on}, {state}")


def test_every_key_of_the_keypad_is_readable_on_its_page_key_and_pressed(palette, text) -> None:
    keypad = Keypad(lambda _: None, lambda: None)
    keypad.rect = pygame.Rect(10, 10, 460, 100)
    for pressed in (None, ("char", "A"), ("page", 1)):
        surface = drawn(lambda s, pressed=pressed: keypad.draw(s, text, False, None, pressed))
        for part, rect in keypad.part_rects():
            current = part == ("page", keypad.page)
            assert_readable(surface, inner(rect, 2), TEXT, f"{palette.name} key {part}, current {current}, {pressed}")
