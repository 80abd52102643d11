"""The history the app keeps on the device after each finished game: the latest 200 games, oldest dropped first."""

from __future__ import annotations

import random

from game.app.scenes.board import BoardScene
from game.app.session import Session
from game.app.settings_model import Seat, Settings

COMPUTERS = Settings(seats=(Seat("computer", "easy"), Seat("computer", "easy")), size=(2, 2), animation="fast")


def old_game(number: int) -> dict:
    return {"date": f"2026-01-01T00:00:{number % 60:02d}+00:00", "board": "s3x3", "rules": "2", "number": number}


def finish_a_game(driver) -> Session:
    session = Session(COMPUTERS, random.Random(1), first=0)
    driver.app.manager.push(BoardScene(driver.app, session))
    driver.until(lambda: not isinstance(driver.scene, BoardScene), limit=4000)
    return session


def test_the_latest_200_games_are_kept(make_driver, store):
    store.put("history", [old_game(n) for n in range(200)])
    driver = make_driver()
    session = finish_a_game(driver)
    history = store.get("history")
    assert len(history) == 200
    assert [game.get("number") for game in history[:2]] == [1, 2], "the oldest game made room"
    assert history[-1]["scores"] == session.totals() and sum(history[-1]["scores"]) == 4


def test_a_short_history_only_grows(make_driver, store):
    store.put("history", [old_game(n) for n in range(3)])
    driver = make_driver()
    finish_a_game(driver)
    assert [game.get("number") for game in store.get("history")] == [0, 1, 2, None]
