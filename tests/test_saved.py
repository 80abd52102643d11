"""What the game saves (game.storage.Saved) on both media, the browser's localStorage (through a fake
``platform.window``) and the desktop's JSON files: unreadable data kept aside and never overwritten, saving that
stops and starts again, two tabs at once, and the stored size after 1,000 games."""

from __future__ import annotations

import errno
import json
import platform
import random
import sys
import tempfile
from pathlib import Path

import pytest
from storage_fakes import FakeWindow

from game.app.notices import notice_text
from game.app.stats import outcome, stats_rows
from game.core import GameState, encode
from game.core.notation import parse_board_token, parse_rules_token
from game.storage import RECENT_GAMES, FileStore, Saved, Store, open_store
from game.storage.history import read_book


class Medium:
    """One saving medium and raw access to it: "browser" (open_store in a fake browser) or "file"."""

    def __init__(self, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.kind = kind
        self.monkeypatch = monkeypatch
        self.folder = tmp_path / "data"
        if kind == "browser":
            self.window = FakeWindow()
            monkeypatch.setattr(sys, "platform", "emscripten")
            monkeypatch.setattr(platform, "window", self.window, raising=False)

    def open(self) -> Store:
        """A store on this medium, as a new tab or a new start of the game would open it."""
        return open_store() if self.kind == "browser" else FileStore(self.folder)

    def saved(self, **options) -> Saved:
        return Saved(self.open(), classify=outcome, **options)

    def plant(self, key: str, text: str) -> None:
        if self.kind == "browser":
            self.window.storage.items[f"pipopipette.{key}"] = text
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / f"{key}.json").write_text(text, encoding="utf-8")

    def raw(self, key: str) -> str | None:
        if self.kind == "browser":
            return self.window.storage.items.get(f"pipopipette.{key}")
        path = self.folder / f"{key}.json"
        return path.read_text(encoding="utf-8") if path.exists() else None

    def value(self, key: str):
        return json.loads(self.raw(key))["data"]

    def break_writes(self) -> None:
        """Storage full in the browser; a read-only data folder on the desktop."""
        if self.kind == "browser":
            self.window.storage.quota = 0
        else:

            def read_only(*_args, **_kwargs):
                raise PermissionError(errno.EROFS, "Read-only file system")

            self.monkeypatch.setattr(tempfile, "mkstemp", read_only)

    def mend_writes(self) -> None:
        if self.kind == "browser":
            self.window.storage.quota = None
        else:
            self.monkeypatch.undo()


@pytest.fixture(params=["browser", "file"])
def medium(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Medium:
    return Medium(request.param, tmp_path, monkeypatch)


def words(saved: Saved) -> list[str]:
    """The notices waiting for the player, as the app shows them (in English)."""
    return [notice_text(notice) for notice in saved.pop_notices()]


def envelope(data, schema: int = 2) -> str:
    return json.dumps({"schema": schema, "app": "pipopipette", "data": data})


def game(number: int, board: str = "s3x3", rules: str = "2", moves: list[str] | None = None, **fields) -> dict:
    """A finished game as Session.record makes it (the person against Medium), numbered for its date and id."""
    you, them = 5 + number % 3, 4
    entry = {
        "id": f"g{number:05d}",
        "date": f"2026-{1 + number // 28000 % 12:02d}-{1 + number // 1000 % 28:02d}T{number // 60 % 17:02d}:"
        f"{number % 60:02d}:{number % 59:02d}+00:00",
        "board": board,
        "rules": rules,
        "seats": [{"kind": "human", "level": "medium"}, {"kind": "computer", "level": "medium"}],
        "names": ["You", "Medium"],
        "scores": [you, them],
        "winners": [0] if you > them else [1],
        "moves": moves or [],
    }
    entry.update(fields)
    return entry


def test_round_trip_of_each_saved_thing(medium: Medium) -> None:
    saved = medium.saved()
    assert saved.settings() is None and saved.unfinished() is None and saved.history().total == 0
    assert saved.save_settings({"shape": "hex"}) and saved.save_unfinished({"version": 1})
    assert saved.record_game(game(1))
    again = medium.saved()
    assert again.settings() == {"shape": "hex"} and again.has_unfinished()
    assert [entry["id"] for entry in again.history().games] == ["g00001"]
    assert again.clear_unfinished() and not medium.saved().has_unfinished()
    assert words(saved) == [] and words(again) == []


# -- unreadable data: kept aside, reported, never overwritten ---------------------------------------------------
@pytest.mark.parametrize(
    ("key", "data", "expected"),
    [
        ("settings", ["square", 3], "Your saved settings could not be read (they are not a set of named values)"),
        ("unfinished", "s3x3", "Your unfinished game could not be read (it is not a saved game)"),
        ("history", 42, "Your game history could not be read (it is not a list of games)"),
        ("history", {"games": "all"}, "Your game history could not be read"),
    ],
)
def test_a_value_of_the_wrong_type_is_kept_aside_and_reported(medium: Medium, key: str, data, expected: str) -> None:
    medium.plant(key, envelope(data))
    saved = medium.saved()
    read = {"settings": saved.settings, "unfinished": saved.unfinished, "history": saved.history}[key]()
    assert read is None or getattr(read, "total", None) == 0
    assert medium.value(f"{key}.bad-1") == data
    [notice] = words(saved)
    assert notice.startswith(expected) and "kept" in notice and "bad-" not in notice
    assert saved.kept() == 1


@pytest.mark.parametrize("key", ["settings", "unfinished", "history"])
def test_a_value_from_a_newer_version_is_kept_aside_and_reported(medium: Medium, key: str) -> None:
    text = envelope({"games": []}, schema=3)
    medium.plant(key, text)
    saved = medium.saved()
    saved.settings(), saved.unfinished(), saved.history()
    assert medium.raw(f"{key}.bad-1") == text, "kept byte for byte"
    [notice] = words(saved)
    assert "saved by a newer version of Pipopipette" in notice


def test_a_newer_history_is_never_overwritten_by_the_next_game(medium: Medium) -> None:
    text = envelope({"games": [], "future": True}, schema=3)
    medium.plant("history", text)
    saved = medium.saved()
    assert saved.record_game(game(1))
    assert medium.raw("history.bad-1") == text
    assert [entry["id"] for entry in medium.value("history")["games"]] == ["g00001"]


BAD_ENTRIES = [
    7,
    {"names": "x"},
    game(90, date="yesterday"),
    game(91, board="s99x2"),
    game(92, winners=[4]),
    game(93, scores=[1, 2, 3]),
    game(94, rules="3"),
    game(95, id=17),
]


def test_malformed_games_are_kept_aside_and_the_good_ones_still_shown(medium: Medium) -> None:
    good = [game(1), game(2)]
    medium.plant("history", envelope([good[0], *BAD_ENTRIES[:4], good[1], *BAD_ENTRIES[4:]], schema=1))
    saved = medium.saved()
    view = saved.history()
    assert view.games == good
    assert medium.value("history.bad-1") == BAD_ENTRIES
    assert medium.value("history")["games"] == good
    [notice] = words(saved)
    assert notice.startswith("8 games in your history could not be read") and "the others are shown" in notice
    assert medium.saved().history().kept == 1, "found again later, in History"
    assert saved.record_game(game(3))
    assert medium.value("history.bad-1") == BAD_ENTRIES and medium.raw("history.bad-2") is None


def test_unreadable_data_that_cannot_be_moved_aside_is_left_alone(medium: Medium) -> None:
    medium.plant("history", "{damaged")
    medium.break_writes()
    if medium.kind == "file":
        medium.monkeypatch.setattr("os.replace", lambda *_: (_ for _ in ()).throw(PermissionError(13, "denied")))
    saved = medium.saved()
    assert saved.record_game(game(1)) is False
    assert medium.raw("history") == "{damaged"
    notices = words(saved)
    assert any("nothing will be saved over it" in notice for notice in notices)
    assert [entry["id"] for entry in saved.history().games] == ["g00001"], "the game is shown, kept to be saved"
    medium.mend_writes()
    assert saved.retry()
    assert medium.raw("history.bad-1") == "{damaged"
    assert [entry["id"] for entry in medium.value("history")["games"]] == ["g00001"]


# -- saving stops working: the game goes on, the player is told once, it saves again later -------------------------
def test_when_saving_fails_the_player_is_told_once_and_everything_is_saved_later(medium: Medium) -> None:
    saved = medium.saved()
    saved.save_settings({"shape": "square"})
    medium.break_writes()
    assert saved.record_game(game(1)) is False
    assert saved.save_settings({"shape": "hex"}) is False
    assert saved.record_game(game(2)) is False
    assert saved.retry() is False
    [notice] = words(saved)
    why = "the browser's storage is full" if medium.kind == "browser" else "the data folder is read-only"
    assert notice == (f"Results cannot be saved now: {why}. Play on; they will be saved when saving works again.")
    assert saved.settings() == {"shape": "hex"}, "the game goes on with what the player chose"
    view = saved.history()
    assert [entry["id"] for entry in view.games] == ["g00001", "g00002"] and view.unsaved == 2
    medium.mend_writes()
    assert saved.retry() is True
    assert words(saved) == ["Saving works again: everything is saved."]
    again = medium.saved()
    assert again.settings() == {"shape": "hex"}
    assert [entry["id"] for entry in again.history().games] == ["g00001", "g00002"]


def test_browser_storage_switched_off_then_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    medium = Medium("browser", tmp_path, monkeypatch)
    medium.plant("settings", envelope({"shape": "triangle"}))
    medium.window.blocked = True
    saved = medium.saved()
    assert saved.settings() is None and saved.history().total == 0
    assert saved.record_game(game(1)) is False
    assert saved.save_unfinished({"version": 1}) is False
    [notice] = words(saved)
    assert "this browser does not allow saving" in notice
    assert saved.has_unfinished()
    medium.window.blocked = False
    assert saved.retry()
    assert medium.value("history")["games"][0]["id"] == "g00001"
    assert medium.value("settings") == {"shape": "triangle"}, "what could not be read was not written over"
    assert words(saved) == ["Saving works again: everything is saved."]


# -- two tabs ----------------------------------------------------------------------------------------------------
def test_two_tabs_lose_no_finished_game(medium: Medium) -> None:
    left, right = medium.saved(), medium.saved()
    left.history(), right.history()
    for number in range(1, 7):
        (left if number % 2 else right).record_game(game(number))
    assert [entry["id"] for entry in medium.saved().history().games] == [f"g{n:05d}" for n in range(1, 7)]


def test_a_tab_that_could_not_save_merges_its_games_later(medium: Medium) -> None:
    left, right = medium.saved(), medium.saved()
    medium.break_writes()
    left.record_game(game(1))
    medium.mend_writes()
    right.record_game(game(2))
    right.record_game(game(3))
    assert left.retry()
    assert [entry["id"] for entry in medium.value("history")["games"]] == ["g00001", "g00002", "g00003"]
    assert left.record_game(game(3)) and len(medium.value("history")["games"]) == 3, "one game counts once"


# -- compact history: recent games in detail, totals for all -----------------------------------------------------
def finished_codes(board: str, rules: str, boards: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    codes = []
    for _ in range(boards):
        state = GameState(parse_board_token(board), parse_rules_token(rules))
        while not state.over:
            state.play(rng.choice(state.legal_lines()))
        codes.append(encode(state))
    return codes


def test_a_thousand_games_stay_under_a_megabyte_with_totals_for_all(medium: Medium) -> None:
    medium.monkeypatch.setattr("os.fsync", lambda _fd: None)  # durability is tested elsewhere; this test is size
    biggest = finished_codes("s12x12", "2", boards=2, seed=1)  # the largest record: a two-board match on 12x12
    saved = medium.saved()
    games = [game(n, board="s12x12", moves=biggest) for n in range(1000)]
    for entry in games:
        assert saved.record_game(entry)
    view = medium.saved().history()
    assert view.total == 1000 and len(view.games) == RECENT_GAMES
    assert view.games == games[-RECENT_GAMES:]
    assert view.stored_bytes == sum(len(medium.raw(key).encode()) for key in ["history"])
    assert view.stored_bytes < 1_000_000
    [row] = stats_rows(view.games, view.earlier)
    [expected] = stats_rows(games)
    assert (row.won, row.drawn, row.lost, row.best) == (expected.won, expected.drawn, expected.lost, expected.best)


def test_history_reports_its_stored_size(medium: Medium) -> None:
    saved = medium.saved()
    saved.save_settings({"shape": "hex"})
    saved.record_game(game(1))
    assert saved.history().stored_bytes == len(medium.raw("settings").encode()) + len(medium.raw("history").encode())


def test_old_histories_are_read_and_their_games_get_the_same_id_everywhere(medium: Medium) -> None:
    old = game(1)
    del old["id"]
    medium.plant("history", envelope([old], schema=1))
    one, two = medium.saved(), medium.saved()
    one.record_game(game(2))
    two.record_game(game(3))
    stored = read_book(medium.value("history"))
    assert len(stored.games) == 3 and stored.games[0] == old
