"""Bad saved data never crashes the app: it is set aside, the player is told once, defaults are used."""

from __future__ import annotations

import pytest

from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.app.settings_model import Settings, settings_from_data


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


def test_notices_are_shown_once_then_fade(make_driver, store):
    store.texts["settings"] = "[broken"
    driver = make_driver()
    assert len(driver.app.notices) == 1
    driver.frames(200)  # about 6.7 s of fake time
    assert driver.app.notices == []
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
    assert not driver.widget("Continue").enabled
    assert any("unfinished" in message for message, _ in driver.app.notices)


def test_a_damaged_history_is_replaced_by_a_list_and_shows_nothing_bad(make_driver, store):
    store.put("history", [{"names": "x"}, 7, {"names": ["A", "B"], "scores": [1, 2], "winners": [1], "date": "no"}])
    driver = make_driver()
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene)
    assert len(driver.scene.entries) == 1
    driver.frames(2)


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
        ({"size": "3x3"}, "size should be list"),
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
