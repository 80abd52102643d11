"""What a screen reader hears during a game: every move (the person's and the computer's), a hint with its line,
the position on request (R), and why a key did nothing."""

from __future__ import annotations

import random

import pygame
import pytest

from game.play.match import Session
from game.play.settings import Seat, Settings

HUMAN = Seat("human")
EASY = Seat("computer", "easy")


def start(make_driver, settings: Settings, first: int = 0):
    driver = make_driver()
    session = Session(settings, random.Random(3), first=first)
    driver.app.go("board", session=session)
    driver.frames(2)
    return driver, session


def test_every_move_is_told_as_it_is_played(make_driver):
    driver, session = start(make_driver, Settings(seats=(HUMAN, EASY), animation="fast"))
    said = driver.app.announcer.said
    driver.click(driver.line_point(0))
    driver.until(lambda: len(session.state.moves) >= 2 and session.accepting_input(), limit=600)
    driver.frames(2)
    moves = [line for line in said if " draw " in line or " draws " in line]
    assert moves[0] == "You draw the top of a1, Easy to play."
    assert len(moves) == len(session.state.moves), "each move told once, the computer's too"
    assert moves[1].startswith("Easy draws ")


def test_r_reads_the_whole_position(make_driver):
    driver, session = start(make_driver, Settings(seats=(HUMAN, HUMAN), animation="fast"))
    driver.key(pygame.K_r)
    assert driver.app.announcer.said[-1].startswith("Score: 0 to 0. 24 lines left. ")


def test_a_hint_is_told_with_its_line_and_a_refused_key_with_its_reason(make_driver):
    driver, session = start(make_driver, Settings(seats=(HUMAN, EASY), animation="fast"))
    driver.key(pygame.K_h)
    driver.until(lambda: session.hint is not None, limit=600)
    driver.frames(1)
    told = [line for line in driver.app.announcer.said if line.startswith("Hint: ")]
    assert len(told) == 1 and (" between " in told[0] or " of " in told[0])
    competitive, _ = start(make_driver, Settings(seats=(HUMAN, EASY), animation="fast", competitive=True))
    competitive.key(pygame.K_h)
    assert competitive.app.announcer.said[-1] == "No hints in a competitive game"


def test_the_result_is_told_when_the_game_ends(make_driver):
    driver, session = start(make_driver, Settings(seats=(HUMAN, HUMAN), size=(2, 2), animation="fast"))
    rng = random.Random(1)
    while not session.state.over:
        session.play_line(rng.choice(session.state.legal_lines()))
    driver.until(lambda: type(driver.scene).__name__ == "ResultsScene", limit=600)
    told = driver.app.announcer.said[-1]
    scores = session.totals()
    assert told.endswith(f"Player 1 {scores[0]}, Player 2 {scores[1]}.")
    assert told.startswith(("Player 1 wins", "Player 2 wins", "A draw"))


# -- every change a sighted player sees (game/app/telling.py), in both languages --------------------------------


@pytest.fixture(params=["en", "fr"])
def speak(request, monkeypatch):
    """The game in this language, whatever the app's settings choose; ``speak()`` returns it."""
    from game.play import i18n

    monkeypatch.setattr(i18n, "choose", lambda *args: None)
    monkeypatch.setattr(i18n, "_active", request.param)
    return lambda: request.param


def test_a_new_scene_tells_its_title_and_tab_tells_the_widget_it_reaches(make_driver, speak):
    from game.app.telling import widget_words
    from game.play.i18n import tr

    driver = make_driver()
    speak()
    said = driver.app.announcer.said
    driver.frames(1)
    driver.press_button(tr("Settings"))
    driver.frames(1)
    assert tr("Settings") in said, "the scene's title"
    driver.key(pygame.K_TAB)
    focused = driver.scene.panel.widgets[driver.scene.panel.focus]
    assert said[-1] == widget_words(focused)
    assert said[-1].endswith((", 1 of 3", ", 1 sur 3")), "an option row: its value and where it is among them"
    driver.key(pygame.K_RIGHT)
    assert said[-1] == f"{tr('{label}: {value}').format(label=focused.label, value=focused.options[1][1])}"


def test_an_option_tapped_is_told_with_its_new_value(make_driver, speak):
    from game.play.i18n import tr

    driver = make_driver()
    speak()
    driver.press_button(tr("Settings"))
    driver.choose(tr("Board"), tr("Triangle"))
    assert driver.app.announcer.said[-1] == tr("{label}: {value}").format(label=tr("Board"), value=tr("Triangle"))


def test_a_tap_on_a_taken_line_and_an_undo_are_told(make_driver, speak):
    from game.play.i18n import tr

    driver, session = start(make_driver, Settings(seats=(HUMAN, HUMAN), animation="fast"))
    language = speak()
    said = driver.app.announcer.said
    driver.click(driver.line_point(0))
    driver.until(lambda: session.accepting_input() and session.animation is None)
    driver.frames(30)
    taken = list(said).count(tr("That line is taken"))
    driver.clock.jump(2.0)  # (not the second half of a double tap, which says nothing)
    driver.tap(driver.line_point(0))
    assert list(said).count(tr("That line is taken")) == taken + 1
    driver.press_button(tr("Undo"))
    assert (
        said[-1].startswith(tr("Undone: 1 line taken back."))
        if language == "en"
        else said[-1].startswith("Annulé : 1 trait repris.")
    )
    assert tr("That line is taken") not in said[-1], "the message of before the undo no longer holds"
    assert session.state.moves == []


def test_a_notice_and_a_reviews_moves_are_told(make_driver, speak):
    from game.app.scenes.review import ReviewScene

    from .test_scenes import finished_session

    driver = make_driver()
    speak()
    said = driver.app.announcer.said
    driver.app.notify("Saved.")
    assert said[-1] == "Saved."
    session = finished_session(Settings(seats=(HUMAN, EASY), size=(2, 2)))
    review = ReviewScene(driver.app, session.state, session.names, session.seats)
    driver.app.manager.push(review)
    driver.frames(2)
    driver.press_button("<")
    driver.frames(1)
    assert said[-1] == f"{review.headline()}. {review.verdict()}", "the move shown, in words"
