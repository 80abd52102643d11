"""Nothing replaced by accident: every way of starting a game asks before an unfinished game would be replaced."""

from __future__ import annotations

import random

import pygame

from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.opening import open_link
from game.app.scenes.replace import ReplaceScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.settings import SettingsScene
from game.core import GameState, decode, encode
from game.play.match import Session
from game.play.settings import Seat, Settings

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), animation="fast")


def leave_a_game_unfinished(driver, store) -> list[int]:
    session = Session(TWO_PEOPLE, random.Random(2), first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    for line in (0, 5):
        driver.wait_for_turn()
        driver.click(driver.line_point(line))
    driver.wait_for_turn()
    driver.press_button("Menu")
    assert isinstance(driver.scene, MenuScene)
    return decode(store.get("unfinished")["codes"][0]).moves


def saved_moves(store) -> list[int]:
    return decode(store.get("unfinished")["codes"][0]).moves


def test_quick_play_while_a_game_is_unfinished_asks_first_and_continue_keeps_it(make_driver, store):
    driver = make_driver()
    moves = leave_a_game_unfinished(driver, store)
    driver.press_button("Quick play")
    assert isinstance(driver.scene, ReplaceScene), "nothing started yet"
    assert [widget.label for widget in driver.scene.panel.widgets] == ["Continue", "Replace", "Cancel"]
    assert "2 lines drawn" in driver.scene.summary
    driver.press_button("Continue")
    assert isinstance(driver.scene, BoardScene)
    assert driver.scene.session.state.moves == moves == [0, 5]


def test_replace_starts_the_new_game_and_only_then_is_the_old_one_gone(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    driver.press_button("Quick play")
    driver.press_button("Replace")
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == []
    assert saved_moves(store) == []
    driver.key(pygame.K_ESCAPE)
    assert [type(scene) for scene in driver.app.manager.stack] == [MenuScene]


def test_a_new_game_from_settings_asks_when_it_starts_and_escape_keeps_both(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    driver.press_button("New game")
    assert isinstance(driver.scene, SettingsScene)
    driver.scene.start()
    driver.frames(1)
    assert isinstance(driver.scene, ReplaceScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, SettingsScene), "back to the settings, nothing lost"
    assert saved_moves(store) == [0, 5]
    driver.scene.start()
    driver.frames(1)
    driver.press_button("Replace")
    assert isinstance(driver.scene, BoardScene) and saved_moves(store) == []


def test_opening_a_link_asks_before_replacing_the_unfinished_game(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    state = GameState(TWO_PEOPLE.board())
    for line in (1, 2, 3):
        state.play(line)
    assert open_link(driver.app, encode(state))
    driver.frames(1)
    assert isinstance(driver.scene, ReplaceScene)
    driver.press_button("Continue")
    assert driver.scene.session.state.moves == [0, 5]
    driver.key(pygame.K_ESCAPE)
    assert open_link(driver.app, encode(state))
    driver.frames(1)
    driver.press_button("Replace")
    assert driver.scene.session.state.moves == [1, 2, 3] and saved_moves(store) == [1, 2, 3]


def test_playing_on_from_a_review_asks_before_replacing_the_unfinished_game(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    finished = GameState(TWO_PEOPLE.board())
    rng = random.Random(3)
    while not finished.over:
        finished.play_random(rng)
    review = ReviewScene(driver.app, finished)
    driver.app.manager.push(review)
    driver.frames(1)
    review.go_to(4)
    review.play_from_here()
    driver.frames(1)
    assert isinstance(driver.scene, ReplaceScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is review and saved_moves(store) == [0, 5]


def test_escape_closes_the_question_and_keeps_the_game(make_driver, store):
    driver = make_driver()
    leave_a_game_unfinished(driver, store)
    driver.press_button("Quick play")
    driver.frames(1)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    assert [widget.label for widget in driver.scene.panel.widgets][:3] == ["Continue", "New game", "Quick play"]
    assert saved_moves(store) == [0, 5]


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
