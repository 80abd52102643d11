"""The history the app keeps on the device after each finished game: the latest 100 games in detail, the older ones
folded into totals (docs: game/storage/history.py), checked through the real loop with literal counts."""

from __future__ import annotations

import random

import pytest

from game.app.scenes.board import BoardScene
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.storage import FinishedGame, Saved

COMPUTERS = Settings(seats=(Seat("computer", "easy"), Seat("computer", "easy")), size=(2, 2), animation="fast")


def old_game(number: int) -> dict:
    return {
        "id": f"old{number:03d}",
        "date": f"2026-01-01T{number // 60:02d}:{number % 60:02d}:00+00:00",
        "board": "s3x3",
        "rules": "2",
        "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "easy"}],
        "names": ["You", "Easy"],
        "scores": [5, 4],
        "winners": [0],
        "moves": [],
    }


def finish_a_game(driver) -> Session:
    session = Session(COMPUTERS, random.Random(1), first=0)
    driver.app.go("board", session=session)
    driver.until(lambda: not isinstance(driver.scene, BoardScene), limit=4000)
    return session


@pytest.mark.slow
def test_the_latest_100_games_are_kept_in_detail_and_every_game_is_counted(make_driver, store):
    saved = Saved(store)
    for number in range(150):
        assert saved.record_game(FinishedGame.from_data(old_game(number)))
    driver = make_driver()
    session = finish_a_game(driver)
    view = Saved(store).history()
    assert (view.total, len(view.games), view.earlier.games) == (151, 100, 51)
    assert [game.id for game in view.games[:2]] == ["old051", "old052"], "the oldest games went into the totals"
    assert list(view.games[-1].scores) == session.totals() and sum(session.totals()) == 4


@pytest.mark.slow
def test_a_short_history_only_grows(make_driver, store):
    saved = Saved(store)
    for number in range(3):
        assert saved.record_game(FinishedGame.from_data(old_game(number)))
    driver = make_driver()
    finish_a_game(driver)
    view = Saved(store).history()
    assert [game.id for game in view.games[:3]] == ["old000", "old001", "old002"]
    assert (view.total, len(view.games), view.earlier.games) == (4, 4, 0)
