"""Nothing replaced by accident: New game and Quick play ask before an unfinished game would be replaced."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.settings import SettingsScene
from game.app.session import Session
from game.app.settings_model import Seat, Settings
from game.core import decode

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), animation="fast")


def leave_a_game_unfinished(driver, store) -> list[int]:
    session = Session(TWO_PEOPLE, random.Random(2), first=0)
    driver.app.manager.push(BoardScene(driver.app, session))
    driver.frames(2)
    for line in (0, 5):
        driver.wait_for_turn()
        driver.click(driver.line_point(line))
    driver.wait_for_turn()
    driver.press_button("Menu")
    assert isinstance(driver.scene, MenuScene)
    return decode(store.get("unfinished")["codes"][0]).moves


@pytest.mark.parametrize("button", ["Quick play", "New game"])
def test_starting_a_game_while_one_is_unfinished_asks_first_and_continue_keeps_it(make_driver, store, button):
    driver = make_driver()
    moves = leave_a_game_unfinished(driver, store)
    driver.press_button(button)
    assert isinstance(driver.scene, MenuScene), "nothing started yet"
    labels = [widget.label for widget in driver.scene.panel.widgets]
    assert labels == ["Continue", "Replace"]
    assert "2 lines drawn" in driver.scene.unfinished
    driver.press_button("Continue")
    assert isinstance(driver.scene, BoardScene)
    assert driver.scene.session.state.moves == moves == [0, 5]


def test_replace_starts_the_new_game_and_only_then_is_the_old_one_gone(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    driver.press_button("Quick play")
    driver.press_button("Replace")
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == []
    assert decode(store.get("unfinished")["codes"][0]).moves == []


def test_replace_for_a_new_game_keeps_the_old_one_until_the_new_one_starts(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    driver.press_button("New game")
    driver.press_button("Replace")
    assert isinstance(driver.scene, SettingsScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    assert decode(store.get("unfinished")["codes"][0]).moves == [0, 5], "backing out of settings replaces nothing"
    assert driver.widget("Continue").enabled


def test_escape_closes_the_question_and_keeps_the_game(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    driver.press_button("Quick play")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    assert [widget.label for widget in driver.scene.panel.widgets][:3] == ["Continue", "New game", "Quick play"]
    assert decode(store.get("unfinished")["codes"][0]).moves == [0, 5]


def test_no_question_without_an_unfinished_game(make_driver):
    driver = make_driver()
    driver.press_button("Quick play")
    assert isinstance(driver.scene, BoardScene)


def test_an_unreadable_unfinished_game_is_set_aside_not_asked_about(make_driver, store):
    store.put("unfinished", {"version": 1, "settings": {}, "starter": 0, "current": 0, "codes": ["nonsense"]})
    driver = make_driver()
    driver.press_button("Quick play")
    assert isinstance(driver.scene, BoardScene)
    assert "unfinished.bad-1" in store.texts, "the damaged save is kept aside"
