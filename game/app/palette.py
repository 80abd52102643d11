"""The two palettes, light and dark, and the contrast rule they are held to (no pygame).

Contrast is WCAG 2's: the ratio of the relative luminances (lighter + 0.05) / (darker + 0.05). Text must reach
4.5:1 against every surface it is drawn on (level AA for body text); lines, dots, marks and the players' colours
3:1 (AA for graphics); a greyed button's text 3:1 (WCAG exempts it, but a player still reads what it would do).
``tests/app/test_palette.py`` checks every pair of the palette, and ``tests/app/test_drawn_contrast.py`` the pixels
every widget draws in every state.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    name: str
    background: Colour
    panel: Colour
    ink: Colour
    muted: Colour
    dot: Colour
    line: Colour
    faint: Colour
    accent: Colour
    hint: Colour
    last_turn: Colour
    button: Colour
    button_hover: Colour
    button_down: Colour
    button_primary: Colour
    on_primary: Colour  # text on a primary or danger button
    danger: Colour  # text and marks that warn
    button_danger: Colour  # the fill of a button that destroys something (Resign, Delete)
    disabled: Colour
    selected: Colour  # the fill of the chosen option of a row
    on_selected: Colour  # the text on it
    focus: Colour
    wash: Colour  # what tint() mixes a colour towards: pale fills of claimed cells and highlights
    players: dict[str, Colour]  # each player colour's shade on this palette (the names are the players' choice)

    def colours(self) -> dict[str, Colour]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("name", "players")}


LIGHT = Palette(
    name="light",
    background=(246, 241, 230),
    panel=(255, 252, 245),
    ink=(40, 44, 52),
    muted=(104, 102, 96),
    dot=(40, 44, 52),
    line=(52, 58, 70),
    faint=(214, 206, 190),
    accent=(32, 110, 200),
    hint=(118, 72, 204),  # violet: apart from all four player colours (player 3 is green)
    last_turn=(224, 72, 60),
    button=(233, 226, 212),
    button_hover=(222, 212, 194),
    button_down=(205, 193, 170),
    button_primary=(32, 110, 200),
    on_primary=(255, 255, 255),
    danger=(196, 52, 44),
    button_danger=(196, 52, 44),
    disabled=(120, 116, 108),
    selected=(52, 58, 70),
    on_selected=(255, 255, 255),
    focus=(150, 90, 0),
    wash=(255, 255, 255),
    players={
        "blue": (0, 114, 178),
        "orange": (205, 98, 0),
        "green": (0, 140, 100),
        "pink": (190, 80, 150),
        "sky": (50, 145, 205),
    },  # fmt: skip
)

DARK = Palette(
    name="dark",
    background=(22, 25, 32),
    panel=(32, 36, 45),
    ink=(232, 230, 224),
    muted=(170, 168, 160),
    dot=(226, 224, 218),
    line=(206, 210, 220),
    faint=(78, 84, 98),
    accent=(102, 170, 240),
    hint=(176, 140, 255),
    last_turn=(255, 110, 96),
    button=(48, 54, 66),
    button_hover=(60, 67, 82),
    button_down=(76, 84, 102),
    button_primary=(38, 100, 178),
    on_primary=(255, 255, 255),
    danger=(240, 96, 86),
    button_danger=(176, 60, 52),
    disabled=(142, 146, 156),
    selected=(206, 210, 220),
    on_selected=(22, 25, 32),
    focus=(250, 180, 60),
    wash=(32, 36, 45),
    players={
        "blue": (60, 150, 220),
        "orange": (240, 150, 40),
        "green": (40, 180, 140),
        "pink": (225, 120, 190),
        "sky": (150, 210, 245),
    },  # fmt: skip
)

PALETTES = {palette.name: palette for palette in (LIGHT, DARK)}


def luminance(colour: Colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
