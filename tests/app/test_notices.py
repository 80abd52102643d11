"""Notices: in the player's words, in a strip that covers nothing, long enough to read; and saving that fails
while playing (storage full, switched off, a read-only folder) tells the player once and saves again later."""

from __future__ import annotations

import errno
import json
import tempfile

import pygame
import pytest
from storage_fakes import FakeLocalStorage

from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene
from game.page.memory import MemoryPage
from game.play.notices import STORAGE_WORDS, notice_text, storage_words
from game.storage import BrowserStore, FileStore, Notice, Saved
from game.storage.notices import CANNOT_SAVE, KEPT, KEPT_GAMES, SAVING_AGAIN, STUCK
from game.storage.reasons import Why

from .conftest import LANDSCAPE, PORTRAIT
from .test_scenes import VS, finished_session


def test_every_storage_reason_has_its_own_words_in_the_catalogue():
    assert set(STORAGE_WORDS) == set(Why)
    assert len(set(STORAGE_WORDS.values())) == len(Why)
    assert storage_words(Why.BROWSER_FULL) == "the browser's storage is full"
    assert all(not any(c.isspace() for c in why) for why in Why), "storage says codes, the catalogue says words"


@pytest.mark.parametrize(
    "notice",
    [
        Notice(KEPT, "settings", Why.DAMAGED),
        Notice(KEPT, "unfinished", Why.NEWER),
        Notice(KEPT, "history", Why.NOT_A_HISTORY),
        Notice(STUCK, "history", Why.DAMAGED, Why.BROWSER_FULL),
        Notice(KEPT_GAMES, "history", Why.GAME_BAD_DATE, count=3),
        Notice(CANNOT_SAVE, why=Why.FOLDER_READ_ONLY),
        Notice(SAVING_AGAIN),
    ],
)
def test_notices_never_name_a_key(notice):
    text = notice_text(notice)
    assert "bad-" not in text and "unfinished." not in text and "{" not in text
    assert (text[0].isupper() or text[0].isdigit()) and text.endswith(".")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE, (360, 640)])
def test_a_notice_hides_nothing_and_a_tap_on_it_closes_it(make_driver, store, size):
    store.texts["settings"] = "{damaged"
    driver = make_driver(size=size)
    app = driver.app
    assert app.notices and app.notice_height > 0
    strip = pygame.Rect(0, 0, app.screen.get_width(), app.notice_height)
    assert app.size == (size[0], size[1] - app.notice_height)
    for widget in driver.scene.panel.widgets:
        on_screen = widget.rect.move(0, app.notice_height)
        assert not on_screen.colliderect(strip), f"{widget.label} is under the notice"
        assert pygame.Rect((0, 0), size).contains(on_screen), f"{widget.label} is off the screen"
    driver.press_button("How to play")
    assert not isinstance(driver.scene, MenuScene), "a button below the notice works"
    driver.key(pygame.K_ESCAPE)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(size[0] // 2, app.notice_height // 2), button=1, touch=False)
    driver.post(pygame.MOUSEBUTTONUP, pos=(size[0] // 2, app.notice_height // 2), button=1, touch=False)
    driver.frames(1)
    assert app.notices == [] and app.notice_height == 0 and app.size == size
    assert isinstance(driver.scene, MenuScene), "the tap only closed the notice"


def test_more_notices_wait_their_turn(make_driver, store):
    driver = make_driver()
    for number in range(4):
        driver.app.notify(f"Message number {number}.")
    shown = [message for message, until in driver.app.notices if until is not None]
    assert shown == ["Message number 0.", "Message number 1."]
    driver.frames(int(6.5 * 30))
    shown = [message for message, until in driver.app.notices if until is not None]
    assert shown == ["Message number 2.", "Message number 3."], "the queued ones get their full time too"


def play_to_results(driver) -> None:
    session = finished_session(VS)
    session.movers = [game.drawers() for game in session.games]
    driver.app.go("board", session=session)
    driver.until(lambda: isinstance(driver.scene, ResultsScene))


def saving_notices(driver) -> list[str]:
    return [message for message, _ in driver.app.notices if "saved" in message or "Saving" in message]


def test_browser_storage_full_while_playing(make_driver):
    local = FakeLocalStorage()
    driver = make_driver(store=BrowserStore(local))
    local.quota = 0
    play_to_results(driver)
    driver.key(pygame.K_ESCAPE)
    play_to_results(driver)
    [message] = saving_notices(driver)
    assert message.startswith("Results cannot be saved now: the browser's storage is full.")
    driver.press_button("History")
    assert driver.scene.total == 2 and "2 games are not saved yet" in driver.scene.saving
    local.quota = None
    driver.frames(int(5.5 * 30))
    assert len(json.loads(local.items["pipopipette.history"])["data"]["games"]) == 2
    assert "Saving works again: everything is saved." in saving_notices(driver)


def test_browser_storage_switched_off_from_the_start(make_driver):
    page = MemoryPage()
    page.storage.items["pipopipette.settings"] = json.dumps({"schema": 2, "app": "pipopipette", "data": {}})
    page.storage_blocked = True
    driver = make_driver(store=BrowserStore(page.local_storage))
    play_to_results(driver)
    [message] = saving_notices(driver)
    assert "this browser does not allow saving" in message
    driver.press_button("Rematch")
    assert isinstance(driver.scene, BoardScene), "the game plays on"
    page.storage_blocked = False
    driver.frames(int(5.5 * 30))
    assert Saved(BrowserStore(page.local_storage)).history().total == 1, "saved (merged when read)"


def test_read_only_data_folder_on_the_desktop(make_driver, tmp_path, monkeypatch):
    store = FileStore(tmp_path)
    driver = make_driver(store=store)

    def read_only(*_args, **_kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    play_to_results(driver)
    [message] = saving_notices(driver)
    assert "the data folder is read-only" in message
    monkeypatch.undo()
    driver.frames(int(5.5 * 30))
    assert Saved(FileStore(tmp_path)).history().total == 1, "saved (merged when read)"


def test_history_says_what_was_kept_long_after_the_notice(make_driver, store):
    store.texts["unfinished"] = "not json"
    driver = make_driver()
    driver.frames(int(12 * 30))
    assert driver.app.notices == []
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene)
    assert "1 saved item could not be read; it was kept" in driver.scene.saving
