"""Backup: export and import round trip, merging without duplicates, bad files changing nothing, both platforms."""

from __future__ import annotations

import json

import pytest

from game.app.scenes.backup import BackupScene
from game.app.scenes.history import HistoryScene
from game.core import Board, GameState, encode
from game.page import use as use_page
from game.page.memory import MemoryPage
from game.play.backup import (
    FILE_NAME,
    SCRIPT,
    Backup,
    BackupError,
    desktop_path,
    export_text,
    merge_backup,
    read_backup,
)
from game.play.settings import Seat, Settings
from game.storage import PUZZLES as SOLVED_KEY
from game.storage import RECENT_GAMES, Additions, FileStore, FinishedGame, LegacyTotals, MemoryStore, Saved

from .conftest import PORTRAIT


def game_entry(seed: int, date: str = "2026-11-30T10:00:00+00:00") -> dict:
    """A history entry as Session.record() writes it, for a real 2x2 game."""
    state = GameState(Board.square(2, 2))
    line = seed % state.board.num_lines
    while not state.over:
        legal = state.legal_lines()
        state.play(legal[line % len(legal)])
        line += 7
    return {
        "date": date,
        "board": "s2x2",
        "rules": "2",
        "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "hard"}],
        "names": ["You", "Hard"],
        "scores": list(state.scores),
        "winners": state.winners(),
        "moves": [encode(state)],
    }


def dated(n: int) -> str:
    return f"2026-11-{1 + n // 24:02d}T{n % 24:02d}:00:00+00:00"


SETTINGS = Settings(size=(4, 4), seats=(Seat("human"), Seat("computer", "expert")), sound=False)


GAMES = [game_entry(i, dated(i)) for i in range(5)]
RECORDS = [FinishedGame.from_data(entry) for entry in GAMES]


def filled_store() -> MemoryStore:
    store = MemoryStore()
    store.put("history", {"games": GAMES, "earlier": {"games": 0, "rows": {}, "streak": ["", 0]}})
    store.put("settings", SETTINGS.to_data())
    store.put(SOLVED_KEY, {"solved": ["1.s3x3.2.0.AB.Q", "code-2"]})
    return store


def games_of(store) -> list[FinishedGame]:
    return Saved(store).history().games


def test_round_trip_restores_history_settings_and_solved_puzzles():
    text = export_text(Saved(filled_store()), SETTINGS)
    target = MemoryStore()
    result = merge_backup(Saved(target), read_backup(text))
    assert games_of(target) == RECORDS
    assert target.get("settings") == SETTINGS.to_data()
    assert target.get(SOLVED_KEY) == {"solved": ["s3x3.2.0.AB", "code-2"]}, "a whole code (older saves) as its key"
    assert (result.added, result.already, result.puzzles_added) == (5, 0, 2)


def test_merge_adds_only_what_is_missing_and_keeps_date_order():
    store = MemoryStore()
    store.put("history", [GAMES[i] for i in (0, 2, 4)])
    store.put(SOLVED_KEY, {"solved": ["code-2"]})
    backup = read_backup(export_text(Saved(filled_store()), SETTINGS))
    result = merge_backup(Saved(store), backup)
    assert (result.added, result.already, result.puzzles_added) == (2, 3, 1)
    assert games_of(store) == RECORDS
    again = merge_backup(Saved(store), backup)
    assert (again.added, again.already, again.puzzles_added) == (0, 5, 0)
    assert games_of(store) == RECORDS, "importing the same file twice adds nothing"
    assert store.get(SOLVED_KEY) == {"solved": ["code-2", "s3x3.2.0.AB"]}
    summary = "Backup imported: 0 games added (5 already here), 0 solved puzzles added, settings restored."
    assert again.summary() == summary


def test_an_older_backup_holding_whole_codes_adds_no_puzzle_this_device_has_by_its_key():
    store = MemoryStore()
    store.put(SOLVED_KEY, {"solved": ["s3x3.2.0.AB"]})  # (saved by key: as the game saves them now)
    result = merge_backup(Saved(store), read_backup(export_text(Saved(filled_store()), SETTINGS)))
    assert result.puzzles_added == 1, "only code-2"
    assert store.get(SOLVED_KEY) == {"solved": ["s3x3.2.0.AB", "code-2"]}


def test_a_merge_past_the_recent_games_folds_the_oldest_into_the_totals():
    store = MemoryStore()
    store.put("history", [game_entry(i, dated(i)) for i in range(RECENT_GAMES, RECENT_GAMES + 3)])
    imported = [game_entry(i, dated(i)) for i in range(RECENT_GAMES)]
    records = [FinishedGame.from_data(entry) for entry in imported]
    result = merge_backup(Saved(store), Backup(SETTINGS, Additions(records), []))
    view = Saved(store).history()
    assert result.added == RECENT_GAMES and view.total == RECENT_GAMES + 3
    assert len(view.games) == RECENT_GAMES and view.earlier.games == 3
    assert view.games[-1] == FinishedGame.from_data(game_entry(RECENT_GAMES + 2, dated(RECENT_GAMES + 2)))


def test_a_backups_older_totals_are_added_to_the_devices_once():
    totals = LegacyTotals("k40", 40, {"hard|s3x3": [30, 2, 8, 5]}, ("won", 3))
    device = MemoryStore()
    merge_backup(Saved(device), Backup(SETTINGS, Additions(RECORDS, legacy=[totals]), []))
    assert Saved(device).history().earlier.games == 40
    result = merge_backup(Saved(device), Backup(SETTINGS, Additions(legacy=[LegacyTotals("k7", 7, {})]), []))
    assert Saved(device).history().earlier.games == 47, "the device had totals: the backup's are added, not dropped"
    assert "7 older games added to the totals" in result.summary()
    again = merge_backup(Saved(device), Backup(SETTINGS, Additions(legacy=[totals]), []))
    assert Saved(device).history().earlier.games == 47, "the same totals twice count once"
    assert "40 older games already counted" in again.summary()


def good_data() -> dict:
    return json.loads(export_text(Saved(filled_store()), SETTINGS))


def set_in_entry(key, value):
    return lambda d: d["history"]["games"][1].__setitem__(key, value)


BAD_FILES = {
    "not json": (lambda d: None, "not JSON"),
    "other program": (lambda d: d.update(app="other"), "not a Pipopipette backup"),
    "newer version": (lambda d: d.update(version=3), "newer version"),
    "no version": (lambda d: d.pop("version"), "no valid format version"),
    "no history": (lambda d: d.pop("history"), "incomplete"),
    "history not a list": (lambda d: d.update(history={"a": 1}), "not a list of games"),
    "entry not a dict": (lambda d: d["history"]["games"].append("game"), "game 6 .* damaged"),
    "bad totals": (lambda d: d["history"]["legacy"].append({"key": "k", "games": -4}), "totals of older games"),
    "id not text": (set_in_entry("id", 12), "game 2 .* id"),
    "scores text": (set_in_entry("scores", ["1", "3"]), "game 2 .* scores"),
    "bad date": (set_in_entry("date", "yesterday"), "game 2 .* date"),
    "moves not a list": (set_in_entry("moves", "all"), "game 2 .* moves cannot be replayed"),
    "bad board": (set_in_entry("board", "s99x2"), "game 2 .* board"),
    "winner out of range": (set_in_entry("winners", [5]), "winners"),
    "three seats for two": (set_in_entry("seats", [{"kind": "human", "level": "easy"}] * 3), "players do not match"),
    "tampered moves": (set_in_entry("moves", ["1.s2x2.2.0.AAB.Q"]), "moves cannot be replayed"),
    "moves of another board": (set_in_entry("moves", [encode(GameState(Board.square(3, 3)))]), "cannot be replayed"),
    "impossible settings": (lambda d: d["settings"].update(size=[40, 40]), "settings are impossible"),
    "solved not a list": (lambda d: d.update(puzzles={"solved": "all"}), "solved puzzles"),
    "solved holds numbers": (lambda d: d["puzzles"]["solved"].append(7), "solved puzzles"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(name):
    change, message = BAD_FILES[name]
    data = good_data()
    change(data)
    text = "{not json" if name == "not json" else json.dumps(data)
    store = filled_store()
    store.put("history", GAMES[:2])
    before = dict(store.texts)
    with pytest.raises(BackupError, match=message):
        merge_backup(Saved(store), read_backup(text))
    assert store.texts == before


def test_binary_and_huge_files_are_refused():
    with pytest.raises(BackupError, match="not text"):
        read_backup(b"\xff\xfe\x00garbage")
    with pytest.raises(BackupError, match="too large"):
        read_backup("x" * 5_000_000)


# -- the scene ------------------------------------------------------------------------------------------------
def open_backup(driver) -> BackupScene:
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene)
    driver.press_button("Backup")
    assert isinstance(driver.scene, BackupScene)
    return driver.scene


def test_desktop_export_then_import_through_the_data_folder(make_driver, tmp_path):
    store = FileStore(tmp_path)
    store.put("history", GAMES)
    store.put(SOLVED_KEY, {"solved": ["code-2"]})
    driver = make_driver(PORTRAIT, store=store)
    scene = open_backup(driver)
    driver.press_button("Export")
    path = desktop_path(driver.app.saved)
    assert path == tmp_path / FILE_NAME and path.exists()
    assert str(path) in scene.message
    driver.app.saved.clear_history()
    driver.press_button("Import")
    assert games_of(store) == RECORDS
    assert scene.message.startswith("Backup imported: 5 games added") and not scene.error
    path.write_text('{"app": "pipopipette", "kind": "backup", "version": 9}', encoding="utf-8")
    before = {name.name: name.read_bytes() for name in tmp_path.glob("*.json") if name.name != FILE_NAME}
    driver.press_button("Import")
    assert scene.error and scene.message.startswith("Nothing was changed: the backup was made by a newer version")
    assert {name.name: name.read_bytes() for name in tmp_path.glob("*.json") if name.name != FILE_NAME} == before
    driver.press_button("Back")
    assert isinstance(driver.scene, HistoryScene) and len(driver.scene.entries) == 5


def test_desktop_import_without_a_file_says_where_it_looked(make_driver, tmp_path):
    driver = make_driver(PORTRAIT, store=FileStore(tmp_path))
    scene = open_backup(driver)
    driver.press_button("Import")
    assert scene.error and f"there is no backup file at {tmp_path / FILE_NAME}" in scene.message


class FakeBackupScript:
    """backup.js as the page would answer it, keeping what it was asked to download and the file chosen."""

    def __init__(self) -> None:
        self.downloads: list[str] = []
        self.picked = 0
        self.upload: dict | None = None
        self.files: list[tuple[str, str, str]] = []

    def download(self, text: str, name: str, kind: str) -> str:
        self.files.append((name, kind, text))
        if name == FILE_NAME:
            assert kind == "application/json"
            self.downloads.append(text)
        return "ok"

    def pick(self, limit: str) -> str:
        assert int(limit) > 0
        self.picked += 1
        return "ok"

    def take(self) -> str:
        answer, self.upload = self.upload, None
        return json.dumps(answer) if answer else ""


def backup_page() -> tuple[MemoryPage, FakeBackupScript]:
    """A browser page (in memory, the game's page from now on) running backup.js."""
    script = FakeBackupScript()
    page = MemoryPage(scripts={SCRIPT.name: script})
    use_page(page)
    return page, script


def test_browser_download_and_upload(make_driver, monkeypatch):
    _, window = backup_page()
    store = MemoryStore()
    driver = make_driver(PORTRAIT, store=store, browser=True)
    driver.app.manager.push(BackupScene(driver.app))
    driver.frames(1)
    scene = driver.scene
    driver.press_button("Export")
    assert len(window.downloads) == 1 and read_backup(window.downloads[0]).history.games == []
    driver.press_button("Import")
    assert window.picked == 1 and scene.waiting
    driver.frames(3)
    assert scene.waiting, "still choosing"
    window.upload = {"state": "done", "text": "not a backup", "name": "x.json"}
    driver.frames(1)
    assert not scene.waiting and scene.error and "not JSON" in scene.message
    assert store.get("history") is None
    driver.press_button("Import")
    window.upload = {"state": "error", "error": "large"}
    driver.frames(1)
    assert scene.message == "Nothing was changed: the file is too large to be a Pipopipette backup."
    driver.press_button("Import")
    window.upload = {"state": "done", "text": export_text(Saved(filled_store()), SETTINGS), "name": FILE_NAME}
    driver.frames(1)
    assert games_of(store) == RECORDS
    assert driver.app.settings == SETTINGS and not driver.app.sounds.enabled
    driver.press_button("Import")
    window.upload = {"state": "cancelled"}
    driver.frames(1)
    assert scene.message == "No file chosen." and not scene.waiting


@pytest.mark.slow
def test_export_is_made_a_few_ms_a_frame_and_then_offered(make_driver, tmp_path, monkeypatch):
    """A big history never holds a frame up: the backup's text is made in steps, then written once whole."""
    from game.storage import steps

    store = FileStore(tmp_path)
    store.put("history", {"games": [game_entry(n, dated(n)) for n in range(3 * steps.EVERY)]})
    driver = make_driver(PORTRAIT, store=store)
    scene = open_backup(driver)
    driver.frames(40)  # (what is saved is counted first)
    monkeypatch.setattr(driver.app, "step_budget", lambda: 0.0)  # one step a frame
    driver.press_button("Export")
    path = desktop_path(driver.app.saved)
    assert not path.exists() and scene.message == "Preparing the backup..."
    frames = 0
    while not path.exists() and frames < 2000:
        driver.frames(1)
        frames += 1
    assert path.exists() and str(path) in scene.message and frames > 3
    made, at_once = (
        read_backup(path.read_text(encoding="utf-8")),
        read_backup(export_text(driver.app.saved, Settings())),
    )
    assert made.history == at_once.history and len(made.history.games) + len(made.history.folded) == 3 * steps.EVERY
