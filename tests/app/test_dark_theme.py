"""The dark theme: chosen in Settings or following the system, it recolours everything drawn, players included."""

from __future__ import annotations

import pygame
import pytest

from game.app import theme
from game.app.palette import DARK, LIGHT
from game.page.memory import MemoryPage
from game.play.players import COLOURS


def test_using_a_palette_changes_every_colour_and_the_players_shades() -> None:
    theme.use(DARK)
    assert theme.PALETTE is DARK and DARK.ink == theme.INK and DARK.background == theme.BACKGROUND
    assert COLOURS["blue"] == DARK.players["blue"]
    assert theme.tint(theme.ACCENT, 1.0) == DARK.wash, "pale fills go towards the dark panel, not white"
    theme.use(LIGHT)
    assert LIGHT.ink == theme.INK and COLOURS["orange"] == LIGHT.players["orange"] and theme.WASH == (255, 255, 255)


def test_automatic_follows_the_system() -> None:
    assert theme.palette_for("auto", system_dark=True) is DARK
    assert theme.palette_for("auto", system_dark=False) is LIGHT
    assert theme.palette_for("light", system_dark=True) is LIGHT
    assert theme.system_dark(MemoryPage(dark=True)) and not theme.system_dark(MemoryPage(dark=False))


def test_the_setting_turns_the_running_game_dark_and_back(make_driver):
    driver = make_driver()
    app = driver.app
    app.save_settings(app.settings.with_(theme="dark"))  # (as the settings scene does on a tap: an input follows)
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert theme.PALETTE is DARK
    corner = driver.app.screen.get_at((2, app.size[1] // 2))[:3]
    assert corner == DARK.background
    app.save_settings(app.settings.with_(theme="light"))
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert theme.PALETTE is LIGHT and driver.app.screen.get_at((2, app.size[1] // 2))[:3] == LIGHT.background


def test_a_stored_theme_that_is_not_offered_is_refused() -> None:
    from game.play.settings import Settings, settings_from_data

    settings, problems = settings_from_data({**Settings().to_data(), "theme": "neon"})
    assert problems and "neon" in problems[0] and settings.theme == "auto"


@pytest.mark.slow
def test_no_module_keeps_a_palette_colour_from_before_the_palette_changed() -> None:
    """Colours are read from the theme when drawn: a module-level copy (as the board's status colours once were)
    keeps the light palette's ink on a dark board."""
    import ast
    from pathlib import Path

    app = Path(theme.__file__).parent
    kept = []
    for path in sorted(app.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            values = [node.value] if isinstance(node, ast.Assign | ast.AnnAssign) and node.value else []
            for value in values:
                for inner in ast.walk(value):
                    if (isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name)
                            and inner.value.id == "theme" and inner.attr.isupper()):  # fmt: skip
                        kept.append(f"{path.name}:{node.lineno} theme.{inner.attr}")
    assert kept == []


def test_initials_on_claimed_cells_stand_out_in_both_palettes() -> None:
    from game.app.palette import contrast

    for palette in (LIGHT, DARK):
        theme.use(palette)
        for colour in palette.players.values():
            fill, initial = theme.tint(colour, 0.62), theme.shade(colour, 0.35)
            assert contrast(initial, fill) >= 3.0, (palette.name, colour)  # AA for large text
