"""What a screen reader hears during a game: every move (the person's and the computer's), a hint with its line,
the position on request (R), and why a key did nothing."""

from __future__ import annotations

import random

import pygame

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
