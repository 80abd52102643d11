"""Bad saved data never crashes the app: it is set aside, the player is told once, defaults are used."""

from __future__ import annotations

import errno
import json
import tempfile
from pathlib import Path

import pygame
import pytest

from game.app.notice_strip import reading_seconds
from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene
from game.play.settings import Settings, settings_from_data
from game.storage import FinishedGame

from .test_scenes import VS, finished_session


def test_unreadable_settings_are_set_aside_and_the_player_told(make_driver, store):
    store.texts["settings"] = "{this is not json"
    driver = make_driver()
    assert driver.app.settings == Settings()
    assert any("settings" in message for message, _ in driver.app.notices)
    assert "settings.bad-1" in store.texts
    assert isinstance(driver.scene, MenuScene)


def test_impossible_settings_are_quarantined_with_the_reason(make_driver, store):
    store.put("settings", {"shape": "square", "size": [40, 2], "sound": False})
    driver = make_driver()
    assert driver.app.settings == Settings()
    assert store.get("settings") is None
    assert "settings.bad-1" in store.texts
    assert any("not offered" in message for message, _ in driver.app.notices)


def test_notices_stay_long_enough_to_read_then_go(make_driver, store):
    store.texts["settings"] = "[broken"
    driver = make_driver()
    [(message, until)] = driver.app.notices
    assert "settings" in message and "bad" not in message, "in the player's words, no internal key"
    assert until - driver.app.now >= reading_seconds(message) - 0.1 >= 8, "about 20 words: 8 s or more"
    driver.frames(int(reading_seconds(message) * 30) - 10)
    assert driver.app.notices, "still shown just before its time is up"
    driver.frames(20)
    assert driver.app.notices == [] and driver.app.notice_height == 0
    assert store.notices == []


def test_a_damaged_unfinished_game_is_set_aside_when_continued(make_driver, store):
    store.put("unfinished", {"version": 1, "settings": {}, "starter": 0, "current": 0, "codes": ["1.s3x3.2.0.AA.B"]})
    driver = make_driver()
    assert driver.widget("Continue").enabled
    driver.press_button("Continue")
    assert isinstance(driver.scene, MenuScene)
    assert store.get("unfinished") is None
    assert "unfinished.bad-1" in store.texts
    driver.frames(1)
    assert "Continue" not in [widget.label for widget in driver.scene.panel.widgets]
    assert any("unfinished" in message for message, _ in driver.app.notices)


GOOD = {
    "date": "2026-11-30T10:00:00+00:00",
    "board": "s3x3",
    "rules": "2",
    "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "easy"}],
    "names": ["You", "Easy"],
    "scores": [5, 4],
    "winners": [0],
    "moves": [],
}
BAD = [{"names": "x"}, 7, {**GOOD, "date": "no"}, {**GOOD, "board": "s99x2"}, {**GOOD, "winners": [5]}]


def test_bad_history_entries_are_kept_aside_and_the_good_ones_shown(make_driver, store):
    store.put("history", [BAD[0], GOOD, *BAD[1:]])
    driver = make_driver()
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene)
    assert driver.scene.entries == [FinishedGame.from_data(GOOD)]
    assert json.loads(store.texts["history.bad-1"])["data"] == BAD
    assert store.get("history")["games"] == [FinishedGame.from_data(GOOD).to_data()]
    driver.frames(1)
    [(message, _)] = driver.app.notices
    assert message.startswith("5 games in your history could not be read") and "kept" in message
    assert "bad" not in message
    assert "1 saved item could not be read; it was kept" in driver.scene.saving
    driver.frames(2)


def test_the_history_line_still_names_what_was_kept_after_the_notice(make_driver, store):
    store.texts["history"] = '{"schema": 9, "app": "pipopipette", "data": []}'
    driver = make_driver()
    driver.press_button("History")
    assert driver.scene.total == 0
    driver.frames(int(reading_seconds(driver.app.notices[0][0]) * 30) + 5)
    assert driver.app.notices == []
    driver.key(pygame.K_ESCAPE)
    driver.press_button("History")
    assert "1 saved item could not be read; it was kept" in driver.scene.saving
    assert "history.bad-1" in store.texts


def test_a_history_of_the_wrong_type_is_kept_not_overwritten_by_the_next_game(make_driver, store):
    store.put("history", {"not": "a history"})
    driver = make_driver()
    session = finished_session(VS)
    session.movers = [game.drawers() for game in session.games]
    driver.app.go("board", session=session)
    driver.until(lambda: isinstance(driver.scene, ResultsScene))
    assert json.loads(store.texts["history.bad-1"])["data"] == {"not": "a history"}
    assert len(store.get("history")["games"]) == 1


def test_quick_play_uses_the_last_settings(make_driver, store):
    store.put("settings", Settings(shape="triangle", size=(5,)).to_data())
    driver = make_driver()
    driver.press_button("Quick play")
    assert isinstance(driver.scene, BoardScene)
    assert driver.scene.session.board.describe().startswith("triangle, 5 dots")


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ("text", "named values"),
        ({"size": "3x3"}, "size should be a list"),
        ({"timer": 12}, "12 s move timer"),
        ({"timer": True}, "number"),
        ({"seats": [{"kind": "human"}]}, "2 to 4"),
        ({"seats": [{"kind": "robot"}, {"kind": "human"}]}, "robot"),
        ({"first": 3}, "cannot start"),
        ({"shape": "hex", "size": [9]}, "not offered"),
        ({"animation": "warp"}, "warp"),
    ],
)
def test_settings_validation_names_the_problem(data, problem):
    settings, problems = settings_from_data(data)
    assert settings == Settings()
    assert problem in problems[0]


def test_settings_round_trip_through_json():
    settings = Settings(shape="hex", size=(2,), misere=True, start="swedish", timer=15, first=-1, match=True)
    assert settings_from_data(settings.to_data()) == (settings, [])


def test_quitting_with_results_not_saved_warns_keeps_them_and_the_next_start_saves_them(
    make_driver, tmp_path, monkeypatch
):
    """Before: quitting with the data folder read-only lost the results waiting to be saved, without a word."""
    from game.storage import FileStore, Saved

    folder = tmp_path / "data"
    folder.mkdir()
    store = FileStore(folder)
    spare = FileStore(tmp_path / "spare")
    driver = make_driver(store=store, browser=False)
    driver.app.saved = Saved(store, spare=spare)
    real_mkstemp = tempfile.mkstemp

    def read_only_data_folder(*args, **kwargs):
        if Path(kwargs["dir"]) == folder:
            raise PermissionError(errno.EROFS, "Read-only file system")
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", read_only_data_folder)
    assert driver.app.saved.record_game(FinishedGame.from_data(GOOD)) is False
    driver.app.dispatch(type("Quit", (), {"kind": "quit"})())
    assert driver.app.running, "the first quit warns and stays"
    assert any("kept in" in message and "Quit again" in message for message, _ in driver.app.notices)
    driver.app.dispatch(type("Quit", (), {"kind": "quit"})())
    assert not driver.app.running
    monkeypatch.setattr(tempfile, "mkstemp", real_mkstemp)
    again = Saved(store, spare=spare)
    assert again.unparked == 1 and [game.names for game in again.history().games] == [tuple(GOOD["names"])]
    assert spare.names() == [] and not again.has_pending
