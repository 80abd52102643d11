"""The whole path through the real loop: menu -> settings -> a full game -> results -> history saved."""

from __future__ import annotations

import pytest

from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.settings import SettingsScene

from .conftest import LANDSCAPE, PORTRAIT


def play_out_by_clicks(driver) -> int:
    """Click the first undrawn line until the game ends; returns the number of clicks."""
    clicks = 0
    session = driver.scene.session
    while not session.state.over:
        driver.wait_for_turn()
        if session.state.over:
            break
        line = session.state.legal_lines()[0]
        before = len(session.state.moves)
        driver.click(driver.line_point(line))
        clicks += 1
        assert len(session.state.moves) == before + 1, "a click on a line draws it"
    return clicks


@pytest.mark.slow
@pytest.mark.parametrize(
    ("shape", "size_label", "lines", "screen"),
    [
        ("Square", None, 12, PORTRAIT),
        ("Triangle", "4 dots a side · 9 triangles", 18, LANDSCAPE),
        ("Hexagon", None, 30, PORTRAIT),
    ],
)
def test_menu_settings_full_game_results_history(make_driver, store, shape, size_label, lines, screen):
    driver = make_driver(size=screen)
    assert isinstance(driver.scene, MenuScene)
    driver.press_button("New game")
    assert isinstance(driver.scene, SettingsScene)
    driver.choose("Board", shape)
    if shape == "Square":
        driver.choose("Rows", "2 boxes · 3 dots")
        driver.choose("Columns", "2 boxes · 3 dots")
    elif size_label:
        driver.choose("Size", size_label)
    driver.choose("Player 2", "Human")
    driver.choose("Animation", "Fast")
    driver.press_button("Play")
    assert isinstance(driver.scene, BoardScene)
    assert driver.scene.session.board.num_lines == lines
    clicks = play_out_by_clicks(driver)
    assert clicks == lines
    driver.until(lambda: isinstance(driver.scene, ResultsScene))
    history = store.get("history")["games"]
    assert len(history) == 1
    entry = history[0]
    assert sum(entry["scores"]) == driver.scene.session.board.num_cells
    assert entry["moves"][0].count(".") == 5
    assert store.get("unfinished") is None
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene)
    assert len(driver.scene.entries) == 1
    driver.key(__import__("pygame").K_ESCAPE)
    assert isinstance(driver.scene, ResultsScene)


@pytest.mark.slow
def test_rematch_alternates_the_starter_and_keeps_the_settings(make_driver, store):
    driver = make_driver()
    driver.press_button("New game")
    driver.choose("Rows", "2 boxes · 3 dots")
    driver.choose("Columns", "2 boxes · 3 dots")
    driver.choose("Player 1", "Computer (Beginner)")
    driver.choose("Animation", "Fast")
    driver.press_button("Play")
    first = driver.scene.session
    driver.until(lambda: isinstance(driver.scene, ResultsScene), limit=5000)
    driver.press_button("Rematch")
    assert isinstance(driver.scene, BoardScene)
    second = driver.scene.session
    assert second.starter == (first.starter + 1) % 2
    assert second.settings == first.settings
    assert len(store.get("history")["games"]) == 1
