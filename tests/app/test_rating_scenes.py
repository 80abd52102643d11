"""The rating where players see it: Results says what the game did to it (or why it did not count), History shows
it with its line over the rated games."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import theme
from game.play.match import GameKeeper, Session
from game.play.settings import Seat, Settings

HARD = Settings(seats=(Seat("human"), Seat("computer", "hard")), size=(3, 3), animation="fast")


def finish(driver, session: Session, undo: bool = False) -> None:
    """Play ``session`` out with the person drawing every line (the computer's turns too), record it, show Results."""
    rng = random.Random(5)
    if undo:
        session.play_line(0)
        session.play_line(1)
        session.animation = None
        assert session.undo()
    while not session.state.over:
        session.play_line(rng.choice(session.state.legal_lines()))
    GameKeeper(session, driver.app.saved)
    session.update(10.0)  # (the controller finishes the game, and the keeper records it)
    driver.app.go("results", session=session)
    driver.frames(2)


def test_results_say_what_a_rated_game_did_to_the_rating(make_driver):
    driver = make_driver()
    session = Session(HARD, random.Random(1), first=0)
    finish(driver, session)
    note = driver.scene.rating_note
    rating = note.removeprefix("rating ").split("?")[0]
    assert note == f"rating {rating}? (provisional until more rated games)", "a first rating says it is provisional"
    assert (int(rating) > 1500) == (0 in session.winners() and len(session.winners()) == 1)


def test_results_say_why_a_game_with_undo_is_not_rated_and_two_people_see_nothing(make_driver):
    driver = make_driver()
    finish(driver, Session(HARD, random.Random(1), first=0), undo=True)
    assert driver.scene.rating_note == "not rated: undo, a hint or a given start"
    people = Settings(seats=(Seat("human"), Seat("human")), size=(3, 3), animation="fast")
    finish(driver, Session(people, random.Random(1), first=0))
    assert driver.scene.rating_note == ""


@pytest.mark.slow
def test_history_shows_the_rating_after_the_rated_games(make_driver):
    driver = make_driver()
    for seed in range(3):
        finish(driver, Session(HARD, random.Random(seed), first=0))
    driver.app.go("history")
    driver.frames(2)
    scene = driver.scene
    assert [r.games for r in scene.ratings] == [1, 2, 3]
    now = round(scene.ratings[-1].value)
    assert scene._rating_text() == f"rating {now}? (provisional until more rated games)"
    surface = pygame.Surface(driver.app.size)
    drawn: dict[str, pygame.Rect] = {}
    draw = driver.app.text.draw

    def logged(target, words, *args, **kwargs):
        drawn[words] = draw(target, words, *args, **kwargs)
        return drawn[words]

    driver.app.text.draw = logged
    scene.draw(surface)
    driver.app.text.draw = draw
    stats = scene.stats_rect.clip(surface.get_rect())
    accent = [y for x in range(stats.left, stats.right) for y in range(stats.top, stats.bottom)
              if surface.get_at((x, y))[:3] == theme.ACCENT]  # fmt: skip
    assert accent, "the rating's line is drawn"
    assert min(accent) > drawn[scene._rating_text()].bottom, "the chart is under the words, not across them"
    values = [round(value) for value in scene.rating_values]
    assert {str(max(values)), str(min(values)), "1", "3 rated games"} <= set(drawn), "its axes are labelled"
