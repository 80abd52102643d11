"""Issue 22, "On a phone": what players tripped on with a phone in hand (timers and Competitive, an unattended
timed game, a double tap during a capture, sharing, big boards, small things)."""

from __future__ import annotations

import random

from game.app.scenes.board import BoardScene
from game.app.scenes.settings import SettingsScene
from game.play.session import Session
from game.play.settings import Seat, Settings

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), animation="fast")
AGAINST_EASY = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="fast")


def start(driver, settings: Settings) -> Session:
    session = Session(settings, random.Random(3), first=0)
    driver.app.manager.push(BoardScene(driver.app, session))
    driver.frames(1)
    return session


def open_settings(driver, settings: Settings) -> SettingsScene:
    driver.app.save_settings(settings)
    driver.app.manager.push(SettingsScene(driver.app, play=True))
    driver.frames(1)
    return driver.scene


# -- 1. timers and Competitive ------------------------------------------------------------------------------------
def test_a_timer_turns_competitive_on_where_the_player_sees_it_and_it_can_be_turned_off(make_driver):
    driver = make_driver()
    scene = open_settings(driver, TWO_PEOPLE)
    driver.choose("Move timer", "10 s")
    assert driver.widget("Competitive").options[driver.widget("Competitive").index][1] == "On: no undo or hints"
    assert "Competitive turned on" in scene.note
    driver.choose("Competitive", "Off: undo, hints")
    assert driver.app.settings.timer == 10 and not driver.app.settings.no_help
    assert scene.summary().endswith("casual: undo and hints on")
    driver.choose("Move timer", "30 s")
    assert not driver.app.settings.competitive, "changing the time keeps the player's casual choice"


def test_a_casual_timed_game_keeps_undo_and_hints(make_driver):
    driver = make_driver()
    session = start(driver, TWO_PEOPLE.with_(timer=10))
    driver.click(driver.line_point(0))
    driver.frames(20)
    assert session.can_undo() and session.can_hint()
    driver.press_button("Undo")
    assert session.state.moves == []


def test_a_greyed_undo_or_hint_says_why_when_tapped(make_driver):
    driver = make_driver()
    start(driver, TWO_PEOPLE.with_(timer=10, competitive=True))
    scene = driver.scene
    scene.ensure_layout()
    assert not scene.undo_button.enabled and not scene.hint_button.enabled
    driver.tap(scene.hint_button.rect.center)
    assert scene.status() == "No hints in a competitive game"
    driver.tap(scene.undo_button.rect.center)
    assert scene.status() == "No undo in a competitive game"


# -- 2. an unattended timed game ----------------------------------------------------------------------------------
def test_an_unattended_timed_game_pauses_after_a_few_timer_moves_and_a_touch_wakes_it(make_driver):
    driver = make_driver()
    session = start(driver, AGAINST_EASY.with_(timer=10, competitive=True, size=(5, 5)))
    driver.frames(30 * 120)  # two minutes at 30 frames a second with nobody there
    assert session.paused and not session.state.over
    assert session.unattended == 3
    moves = len(session.state.moves)
    driver.frames(30 * 60)
    assert len(session.state.moves) == moves, "a paused game does not move"
    assert driver.scene.status() == "Paused: tap the board to go on"
    assert not driver.scene.wants_frame(), "a paused game rests: no frames drawn for nothing"
    driver.tap(driver.scene.frame.board.center)
    assert not session.paused and len(session.state.moves) == moves
    assert session.unattended == 0


def test_a_game_nobody_played_is_not_recorded(make_driver, store):
    from game.play.autosave import Autosave

    driver = make_driver()
    session = Session(AGAINST_EASY.with_(timer=10, competitive=True, size=(2, 2)), random.Random(1), first=0)
    while not session.state.over:
        session.attend()  # (stays awake: this test is about recording)
        session.update(0.5, 0.01)
    assert session.unplayed()
    Autosave(session, driver.app.saved).finish()
    assert driver.app.saved.history().games == []


def test_a_game_a_person_played_is_recorded(make_driver):
    from game.play.autosave import Autosave

    driver = make_driver()
    session = Session(AGAINST_EASY.with_(size=(2, 2)), random.Random(1), first=0)
    while not session.state.over:
        if session.accepting_input():
            session.play_human(next(line for line in range(session.board.num_lines) if not session.state.is_drawn(line)))
        session.update(0.5, 0.01)
    assert not session.unplayed()
    Autosave(session, driver.app.saved).finish()
    assert len(driver.app.saved.history().games) == 1


# -- 8. a double tap during a capture -----------------------------------------------------------------------------
def test_a_double_tap_that_closes_a_box_draws_one_line_and_says_nothing(make_driver):
    driver = make_driver()
    session = start(driver, TWO_PEOPLE.with_(animation="slow"))
    board = session.board
    box = board.cells[0]
    for line in box[:3]:  # three sides of the first box, the turn passing each time
        session.play_line(line)
        driver.frames(40)
    last = box[3]
    mover = session.state.to_move
    driver.tap(driver.line_point(last))
    assert session.state.owner[0] == mover and session.busy, "the box is being filled"
    driver.tap(driver.line_point(last))
    scene = driver.scene
    assert scene.feedback.text(session.now) is None and scene.status() != "That line is taken"
    assert session.state.moves[-1] == last and session.state.moves.count(last) == 1
