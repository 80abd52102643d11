"""Keyboard focus: Tab cycles the board's line cursor and the buttons (with a visible ring), Enter activates;
menu and settings are usable from the keyboard alone; taps and keys that do nothing say why."""

from __future__ import annotations

import random

import pygame

from game.app.scenes.board import BoardScene
from game.app.scenes.howto import HowToScene
from game.app.scenes.settings import SettingsScene
from game.play.match import Session
from game.play.settings import Seat, Settings

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), animation="fast")


def start(driver, settings=TWO_PEOPLE) -> Session:
    session = Session(settings, random.Random(4), first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    return session


def focused_label(scene) -> str | None:
    focus = scene.panel.focus
    return None if focus is None else scene.panel.widgets[focus].label


def test_tab_cycles_board_cursor_and_buttons_and_enter_activates(make_driver):
    driver = make_driver()
    session = start(driver)
    scene = driver.scene
    driver.key(pygame.K_TAB)
    assert scene.input.show_cursor and scene.input.cursor is not None and focused_label(scene) is None, (
        "the board first"
    )
    driver.key(pygame.K_TAB)
    assert focused_label(scene) == "Hint", "Undo is skipped while there is nothing to undo"
    assert not scene.marks().cursor, "the line cursor hides while a button has the focus"
    driver.key(pygame.K_TAB)
    assert focused_label(scene) == "Send move", "two people on one device can send the game to a friend"
    driver.key(pygame.K_TAB)
    assert focused_label(scene) == "Menu"
    driver.key(pygame.K_TAB)
    assert focused_label(scene) == "Values", "the analysis board's switch, in the header"
    driver.key(pygame.K_TAB)
    assert focused_label(scene) == "Sound", "the sound switch"
    driver.key(pygame.K_TAB)
    assert focused_label(scene) is None and scene.input.show_cursor, "and round to the board again"
    line = scene.input.cursor
    driver.key(pygame.K_RETURN)
    assert session.state.moves == [line], "Enter on the board draws the cursor's line"
    driver.wait_for_turn()
    for _ in range(5):
        driver.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    driver.frames(1)
    assert focused_label(scene) == "Hint", (
        "Shift+Tab goes backwards: board -> Sound -> Values -> Menu -> Send move -> Hint"
    )
    driver.key(pygame.K_RETURN)
    driver.until(lambda: session.hint is not None, limit=1000)
    assert len(session.state.moves) == 1, "Enter on a button presses it and draws nothing"


def test_focus_ring_is_drawn_on_the_focused_button(make_driver):
    driver = make_driver()
    start(driver)
    scene = driver.scene
    hint = driver.widget("Hint")
    ring = hint.rect.inflate(18, 18)
    probe = (ring.centerx, ring.top + 1)
    before = tuple(driver.app.screen.get_at(probe))[:3]
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert focused_label(scene) == "Hint"
    assert tuple(driver.app.screen.get_at(probe))[:3] != before


def test_menu_and_new_game_by_keyboard_alone(make_driver):
    driver = make_driver()
    labels = [widget.label for widget in driver.scene.panel.widgets if widget.enabled]
    driver.key(pygame.K_TAB)
    assert focused_label(driver.scene) == labels[0]
    for _ in range(labels.index("New game")):
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, SettingsScene)
    for _ in range(40):
        if focused_label(driver.scene) == "Play":
            break
        driver.key(pygame.K_TAB)
    assert focused_label(driver.scene) == "Play"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, BoardScene)


def test_how_to_play_pages_turn_by_keyboard(make_driver):
    driver = make_driver()
    driver.app.manager.push(HowToScene(driver.app))
    driver.frames(1)
    driver.key(pygame.K_RIGHT)
    assert driver.scene.page == 1
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert driver.scene.page == 2, "Next has the focus first"


def test_a_tap_that_does_nothing_says_why(make_driver):
    driver = make_driver()
    session = start(driver, TWO_PEOPLE.with_(seats=(Seat("human"), Seat("computer", "easy"))))
    scene = driver.scene
    driver.click(driver.line_point(0))
    assert session.state.moves == [0]
    driver.click(driver.line_point(0))
    assert scene.status() != "That line is taken", "at once, it is the second half of a double click: silent"
    driver.frames(15)
    driver.click(driver.line_point(0))
    assert scene.status() == "That line is taken"
    driver.wait_for_turn()
    driver.click(driver.line_point(0))
    assert scene.status() == "That line is taken"
    driver.frames(75)  # 2.5 s at the fake clock's 30 frames a second
    assert scene.status() != "That line is taken", "the explanation goes after a moment"


def test_undo_and_hint_keys_explain_in_a_competitive_game(make_driver):
    driver = make_driver()
    start(driver, TWO_PEOPLE.with_(timer=30, competitive=True))
    driver.key(pygame.K_h)
    assert driver.scene.status() == "No hints in a competitive game"
    driver.key(pygame.K_u)
    assert driver.scene.status() == "No undo in a competitive game"
