"""What the game saves (game.storage.Saved) on both media, the browser's localStorage (through a fake
page, game.page.memory) and the desktop's JSON files: unreadable data kept aside and never overwritten, saving that
stops and starts again, two tabs at once, and the stored size after 1,000 games."""

from __future__ import annotations

import errno
import itertools
import json
import os
import random
import sys
import tempfile
from pathlib import Path

import pytest

from game.core import GameState, encode
from game.core.notation import parse_board_token, parse_rules_token
from game.page import use as use_page
from game.page.memory import MemoryPage
from game.play.notices import notice_text, storage_words
from game.play.stats import outcome, stats_rows
from game.steps import run
from game.storage import (
    RECENT_GAMES,
    Additions,
    FileStore,
    FinishedGame,
    LegacyTotals,
    MemoryStore,
    Notice,
    Outcome,
    Saved,
    Store,
    UnfinishedGame,
    open_store,
)
from game.storage import saved as saved_module
from game.storage.history import read_book
from game.storage.reasons import Why
from game.storage.saved import GRACE_SECONDS


class Medium:
    """One saving medium and raw access to it: "browser" (open_store in a fake browser) or "file"."""

    def __init__(self, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.kind = kind
        self.monkeypatch = monkeypatch
        self.folder = tmp_path / "data"
        if kind == "browser":
            self.page = MemoryPage()
            monkeypatch.setattr(sys, "platform", "emscripten")
            use_page(self.page)

    def open(self) -> Store:
        """A store on this medium, as a new tab or a new start of the game would open it."""
        return open_store() if self.kind == "browser" else FileStore(self.folder)

    def saved(self, **options) -> Saved:
        return Saved(self.open(), classify=outcome, **options)

    def plant(self, key: str, text: str) -> None:
        if self.kind == "browser":
            self.page.storage.items[f"pipopipette.{key}"] = text
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / f"{key}.json").write_text(text, encoding="utf-8")

    def raw(self, key: str) -> str | None:
        if self.kind == "browser":
            return self.page.storage.items.get(f"pipopipette.{key}")
        path = self.folder / f"{key}.json"
        return path.read_text(encoding="utf-8") if path.exists() else None

    def value(self, key: str):
        return json.loads(self.raw(key))["data"]

    def break_writes(self) -> None:
        """Storage full in the browser; a read-only data folder on the desktop."""
        if self.kind == "browser":
            self.page.storage.quota = 0
        else:

            def read_only(*_args, **_kwargs):
                raise PermissionError(errno.EROFS, "Read-only file system")

            self.monkeypatch.setattr(tempfile, "mkstemp", read_only)

    def mend_writes(self) -> None:
        if self.kind == "browser":
            self.page.storage.quota = None
        else:
            self.monkeypatch.undo()


@pytest.fixture(params=["browser", "file"])
def medium(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Medium:
    """(In the browser a merged addition waits GRACE_SECONDS before it is removed; here the clock moves on that much
    at every reading, as if the games were played minutes apart: tests/storage/test_two_writers.py has the wait.)"""
    moments = itertools.count(step=GRACE_SECONDS)
    monkeypatch.setattr(saved_module, "clock", lambda: 1.7e9 + next(moments))
    return Medium(request.param, tmp_path, monkeypatch)


def words(saved: Saved) -> list[str]:
    """The notices waiting for the player, as the app shows them (in English)."""
    return [notice_text(notice) for notice in saved.pop_notices()]


def envelope(data, schema: int = 3) -> str:
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


def rec(number: int, **fields) -> FinishedGame:
    """The same game as a record, as Session.record hands it to storage."""
    return FinishedGame.from_data(game(number, **fields))


def ids(games) -> list[str]:
    return [entry.id for entry in games]


def stored_ids(medium: Medium) -> list[str]:
    return [entry["id"] for entry in medium.value("history")["games"]]


UNFINISHED = UnfinishedGame(settings={}, starter=0, codes=("code",), current=0)


def test_round_trip_of_each_saved_thing(medium: Medium) -> None:
    saved = medium.saved()
    assert saved.settings() is None and saved.unfinished() is None and saved.history().total == 0
    assert saved.save_settings({"shape": "hex"}) and saved.save_unfinished(UNFINISHED)
    assert saved.record_game(rec(1))
    again = medium.saved()
    assert again.settings() == {"shape": "hex"} and again.has_unfinished()
    assert ids(again.history().games) == ["g00001"]
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
    text = envelope({"games": []}, schema=4)
    medium.plant(key, text)
    saved = medium.saved()
    saved.settings(), saved.unfinished(), saved.history()
    assert medium.raw(f"{key}.bad-1") == text, "kept byte for byte"
    [notice] = words(saved)
    assert "saved by a newer version of Pipopipette" in notice


def test_a_newer_history_is_never_overwritten_by_the_next_game(medium: Medium) -> None:
    text = envelope({"games": [], "future": True}, schema=4)
    medium.plant("history", text)
    saved = medium.saved()
    assert saved.record_game(rec(1))
    assert medium.raw("history.bad-1") == text
    assert stored_ids(medium) == ["g00001"]


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
    assert view.games == [FinishedGame.from_data(entry) for entry in good]
    assert medium.value("history.bad-1") == BAD_ENTRIES
    assert stored_ids(medium) == ["g00001", "g00002"]
    [notice] = words(saved)
    assert notice.startswith("8 games in your history could not be read") and "the others are shown" in notice
    assert medium.saved().history().kept == 1, "found again later, in History"
    assert saved.record_game(rec(3))
    assert medium.value("history.bad-1") == BAD_ENTRIES and medium.raw("history.bad-2") is None


def test_unreadable_data_that_cannot_be_moved_aside_is_left_alone(medium: Medium) -> None:
    medium.plant("history", "{damaged")
    medium.break_writes()
    if medium.kind == "file":
        medium.monkeypatch.setattr("os.replace", lambda *_: (_ for _ in ()).throw(PermissionError(13, "denied")))
    saved = medium.saved()
    assert saved.record_game(rec(1)) is False
    assert medium.raw("history") == "{damaged"
    notices = words(saved)
    assert any("nothing will be saved over it" in notice for notice in notices)
    assert ids(saved.history().games) == ["g00001"], "the game is shown, kept to be saved"
    medium.mend_writes()
    assert saved.retry()
    assert medium.raw("history.bad-1") == "{damaged"
    assert stored_ids(medium) == ["g00001"]


# -- saving stops working: the game goes on, the player is told once, it saves again later -------------------------
def test_when_saving_fails_the_player_is_told_once_and_everything_is_saved_later(medium: Medium) -> None:
    saved = medium.saved()
    saved.save_settings({"shape": "square"})
    medium.break_writes()
    assert saved.record_game(rec(1)) is False
    assert saved.save_settings({"shape": "hex"}) is False
    assert saved.record_game(rec(2)) is False
    assert saved.retry() is False
    [notice] = words(saved)
    why = storage_words(Why.BROWSER_FULL if medium.kind == "browser" else Why.FOLDER_READ_ONLY)
    assert notice == (f"Results cannot be saved now: {why}. Play on; they will be saved when saving works again.")
    assert saved.settings() == {"shape": "hex"}, "the game goes on with what the player chose"
    view = saved.history()
    assert ids(view.games) == ["g00001", "g00002"] and view.unsaved == 2
    medium.mend_writes()
    assert saved.retry() is True
    assert words(saved) == ["Saving works again: everything is saved."]
    again = medium.saved()
    assert again.settings() == {"shape": "hex"}
    assert ids(again.history().games) == ["g00001", "g00002"]


def test_browser_storage_switched_off_then_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    medium = Medium("browser", tmp_path, monkeypatch)
    medium.plant("settings", envelope({"shape": "triangle"}))
    medium.page.storage_blocked = True
    saved = medium.saved()
    assert saved.settings() is None and saved.history().total == 0
    assert saved.record_game(rec(1)) is False
    assert saved.save_unfinished(UNFINISHED) is False
    [notice] = words(saved)
    assert storage_words(Why.BROWSER_NO_SAVING) in notice
    assert saved.has_unfinished()
    medium.page.storage_blocked = False
    assert saved.retry()
    assert medium.value("history")["games"][0]["id"] == "g00001"
    assert medium.value("settings") == {"shape": "triangle"}, "what could not be read was not written over"
    assert words(saved) == ["Saving works again: everything is saved."]


# -- two tabs ----------------------------------------------------------------------------------------------------
def test_two_tabs_lose_no_finished_game(medium: Medium) -> None:
    left, right = medium.saved(), medium.saved()
    left.history(), right.history()
    for number in range(1, 7):
        (left if number % 2 else right).record_game(rec(number))
    assert ids(medium.saved().history().games) == [f"g{n:05d}" for n in range(1, 7)]


def test_a_tab_that_could_not_save_merges_its_games_later(medium: Medium) -> None:
    left, right = medium.saved(), medium.saved()
    medium.break_writes()
    left.record_game(rec(1))
    medium.mend_writes()
    right.record_game(rec(2))
    right.record_game(rec(3))
    assert left.retry()
    assert stored_ids(medium) == ["g00001", "g00002", "g00003"]
    assert left.record_game(rec(3)) and len(medium.value("history")["games"]) == 3, "one game counts once"


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


@pytest.mark.slow
def test_a_thousand_games_stay_under_a_megabyte_with_totals_for_all(medium: Medium) -> None:
    medium.monkeypatch.setattr("os.fsync", lambda _fd: None)  # durability is tested elsewhere; this test is size
    biggest = finished_codes("s12x12", "2", boards=2, seed=1)  # the largest record: a two-board match on 12x12
    saved = medium.saved()
    games = [rec(n, board="s12x12", moves=biggest) for n in range(1000)]
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
    saved.record_game(rec(1))
    assert saved.history().stored_bytes == len(medium.raw("settings").encode()) + len(medium.raw("history").encode())


def test_old_histories_are_read_and_their_games_get_the_same_id_everywhere(medium: Medium) -> None:
    old = game(1)
    del old["id"]
    medium.plant("history", envelope([old], schema=1))
    one, two = medium.saved(), medium.saved()
    one.record_game(rec(2))
    two.record_game(rec(3))
    stored = read_book(medium.value("history"))
    assert len(stored.games) == 3 and stored.games[0] == FinishedGame.from_data(old)
    assert stored.games[0].id == FinishedGame.from_data(dict(reversed(list(old.items())))).id


# -- what mutation testing found unchecked (docs/testing.md) --------------------------------------------------------
def by_result(entry: FinishedGame) -> Outcome | None:
    """The test's own sorting of a game into the totals: the result and margin it carries, if any."""
    if "result" not in entry.extra:
        return None
    return Outcome("medium", entry.board, entry.extra["result"], entry.extra["margin"])


def test_older_games_fold_into_totals_counted_by_hand(medium: Medium) -> None:
    saved = Saved(medium.open(), classify=by_result, recent=1)
    played = [
        game(0),  # two people: counted among the games, in no row, and no part of the streak
        game(1, result="won", margin=3),
        game(2, result="won", margin=5),
        game(3, result="lost", margin=-2),
        game(4, result="won", margin=2),
        game(5, result="drawn", margin=0),
        game(6, result="lost", margin=-1),
        game(7, result="lost", margin=-4),
        game(8, result="won", margin=1),  # the one recent game, in detail
    ]
    for entry in played:
        assert saved.record_game(FinishedGame.from_data(entry))
    earlier = Saved(medium.open()).history().earlier
    assert earlier.games == 8
    assert earlier.rows == {"medium|s3x3": [3, 1, 3, 5]}  # won 1, 2, 4; drawn 5; lost 3, 6, 7; best win by 5
    assert earlier.streak == ("lost", 2)  # games 6 and 7
    assert stored_ids(medium) == ["g00008"]


def test_without_a_way_to_sort_games_older_ones_are_only_counted(medium: Medium) -> None:
    saved = Saved(medium.open(), recent=1)
    for number in range(1, 4):
        assert saved.record_game(rec(number, result="won", margin=2))
    view = saved.history()
    assert (view.earlier.games, view.earlier.rows, view.earlier.streak) == (2, {}, ("", 0))
    assert ids(view.games) == ["g00003"]


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (game(1, names=[], scores=[], winners=[]), Why.GAME_NO_NAMES),
        (game(1, names=[1, 2]), Why.GAME_BAD_NAME),
        (game(1, scores=["5", 4]), Why.GAME_BAD_SCORES),
        (game(1, scores=[True, 4]), Why.GAME_BAD_SCORES),
        (game(1, winners=[2]), Why.GAME_BAD_WINNERS),
        (game(1, winners=[-1]), Why.GAME_BAD_WINNERS),
    ],
)
def test_each_flaw_of_a_game_is_named(entry: dict, reason: str) -> None:
    book = read_book({"games": [game(2), entry]})
    assert book.bad == [entry] and book.bad_reason == reason
    assert book.games == [rec(2)] and book.unusable == ""


@pytest.mark.parametrize(
    "earlier",
    [
        [],
        "lots",
        {"games": -1},
        {"games": "12"},
        {"games": True},
        {"games": 3, "rows": []},
        {"games": 3, "rows": {"medium|s3x3": [1, 2, 0]}},
        {"games": 3, "rows": {"medium|s3x3": [-1, 0, 0, None]}},
        {"games": 3, "rows": {"medium|s3x3": [1, 0, 0, "3"]}},
        {"games": 3, "rows": {"medium|s3x3": "1 0 0"}},
        {"games": 3, "rows": {"medium s3x3": [1, 0, 0, 2]}},
        {"games": 3, "streak": ["won", "3"]},
        {"games": 3, "streak": ["maybe", 3]},
        {"games": 3, "streak": ["won"]},
        {"games": 3, "streak": "won"},
    ],
)
def test_damaged_totals_make_the_history_unusable(earlier) -> None:
    assert read_book({"games": [game(1)], "earlier": earlier}).unusable == Why.BAD_TOTALS


def test_totals_are_read_back_as_stored_and_missing_parts_are_empty() -> None:
    bare = read_book({"games": [], "earlier": {"games": 3}}).earlier
    assert (bare.games, bare.rows, bare.streak) == (3, {}, ("", 0))
    full = {"games": 5, "rows": {"medium|s3x3": [0, 1, 2, None], "easy|t6": [2, 0, 0, 7]}, "streak": ["won", 2]}
    earlier = read_book({"games": [game(1)], "earlier": full}).earlier
    assert (earlier.games, earlier.rows, earlier.streak) == (5, full["rows"], ("won", 2))


def test_totals_that_count_no_game_add_nothing() -> None:
    assert read_book({"games": [], "earlier": {"games": 0, "rows": {}, "streak": ["", 0]}}).legacy == []


def test_a_cleared_unfinished_game_leaves_nothing_stored(medium: Medium) -> None:
    saved = medium.saved()
    saved.save_unfinished(UNFINISHED)
    assert saved.clear_unfinished()
    assert medium.raw("unfinished") is None


def test_an_unfinished_game_cleared_while_saving_fails_is_gone_at_once_and_removed_later(medium: Medium) -> None:
    saved = medium.saved()
    saved.save_unfinished(UNFINISHED)
    if medium.kind == "file":  # a read-only data folder; in the browser, storage switched off
        medium.monkeypatch.setattr(Path, "unlink", lambda *_a, **_k: (_ for _ in ()).throw(PermissionError(13, "no")))
    else:
        medium.page.storage_blocked = True
    assert saved.clear_unfinished() is False
    assert saved.unfinished() is None and not saved.has_unfinished()
    assert medium.raw("unfinished") is not None
    if medium.kind == "file":
        medium.monkeypatch.undo()
    else:
        medium.page.storage_blocked = False
    assert saved.retry() is True
    assert medium.raw("unfinished") is None


def test_retry_with_nothing_waiting_succeeds(medium: Medium) -> None:
    saved = medium.saved()
    assert saved.retry() is True
    assert words(saved) == []


def test_settings_the_app_rejects_are_kept_aside_with_its_reason(medium: Medium) -> None:
    medium.plant("settings", envelope({"shape": "octagon"}))
    saved = medium.saved()
    assert saved.settings() == {"shape": "octagon"}
    saved.reject_settings("unknown board shape")
    assert medium.raw("settings") is None and medium.value("settings.bad-1") == {"shape": "octagon"}
    assert words(saved) == [
        "Your saved settings could not be read (unknown board shape). They were kept unchanged; the defaults are used."
    ]


def test_an_unfinished_game_the_app_rejects_is_kept_aside_with_its_reason(medium: Medium) -> None:
    medium.plant("unfinished", envelope({"version": 99}))
    saved = medium.saved()
    saved.reject_unfinished("it was saved by a newer version")
    assert medium.raw("unfinished") is None and medium.value("unfinished.bad-1") == {"version": 99}
    [notice] = words(saved)
    assert notice.startswith("Your unfinished game could not be read (it was saved by a newer version).")


def test_rejecting_a_value_not_yet_saved_drops_it_and_keeps_nothing_aside(medium: Medium) -> None:
    saved = medium.saved()
    medium.break_writes()
    assert saved.save_settings({"shape": "octagon"}) is False
    saved.reject_settings("unknown board shape")
    assert saved.settings() is None and not saved.has_pending
    medium.mend_writes()
    assert saved.retry() is True
    assert medium.raw("settings") is None and medium.raw("settings.bad-1") is None and saved.kept() == 0


def test_games_played_by_link_are_saved_and_read_back(medium: Medium) -> None:
    saved = medium.saved()
    assert saved.link_games() is None
    assert saved.save_link_games({"a1": "1.s3x3.2.0..A"})
    assert medium.value("link-games") == {"a1": "1.s3x3.2.0..A"}
    assert medium.saved().link_games() == {"a1": "1.s3x3.2.0..A"}


def test_link_games_of_the_wrong_type_are_kept_aside(medium: Medium) -> None:
    medium.plant("link-games", envelope(["a1"]))
    saved = medium.saved()
    assert saved.link_games() is None
    assert medium.value("link-games.bad-1") == ["a1"]
    [notice] = words(saved)
    assert "(they are not a set of named values)" in notice


def test_solved_puzzles_are_kept_in_the_order_solved_once_each(medium: Medium) -> None:
    saved = medium.saved()
    assert saved.solved_puzzles() == []
    assert saved.mark_puzzle_solved("p2") and saved.mark_puzzle_solved("p1") and saved.mark_puzzle_solved("p2")
    assert medium.value("puzzles") == {"solved": ["p2", "p1"]}
    assert medium.saved().solved_puzzles() == ["p2", "p1"]


def test_saving_solved_puzzles_drops_what_is_not_a_puzzle_key(medium: Medium) -> None:
    saved = medium.saved()
    longest = "k" * 2000
    assert saved.save_solved_puzzles(["a", "", "b", "a", longest, longest + "k"])
    assert medium.value("puzzles") == {"solved": ["a", "b", longest]}


def test_stored_solved_puzzles_are_read_without_what_is_not_a_puzzle_key(medium: Medium) -> None:
    medium.plant("puzzles", envelope({"solved": ["x", 7, None, "", "x", "y"]}))
    assert medium.saved().solved_puzzles() == ["x", "y"]
    medium.plant("puzzles", envelope({"solved": "x"}))
    assert medium.saved().solved_puzzles() == []


def test_solved_puzzles_of_the_wrong_type_are_kept_aside(medium: Medium) -> None:
    medium.plant("puzzles", envelope(["p1"]))
    saved = medium.saved()
    assert saved.solved_puzzles() == []
    assert medium.value("puzzles.bad-1") == ["p1"]
    [notice] = words(saved)
    assert notice.startswith("Your solved puzzles could not be read (it is not a list of solved puzzles).")
    assert saved.mark_puzzle_solved("p3") and medium.value("puzzles") == {"solved": ["p3"]}


def test_a_solved_puzzle_waits_with_the_others_while_saving_fails(medium: Medium) -> None:
    saved = medium.saved()
    saved.mark_puzzle_solved("p1")
    medium.break_writes()
    assert saved.mark_puzzle_solved("p1") is True, "already saved: nothing to write"
    assert not saved.has_pending and words(saved) == []
    assert saved.mark_puzzle_solved("p2") is False
    assert saved.solved_puzzles() == ["p1", "p2"]
    medium.mend_writes()
    assert saved.retry() and medium.value("puzzles") == {"solved": ["p1", "p2"]}


def test_clearing_the_history_forgets_every_game_saved_or_waiting(medium: Medium) -> None:
    saved = Saved(medium.open(), classify=by_result, recent=1)
    saved.record_game(rec(1, result="won", margin=1))
    saved.record_game(rec(2))
    medium.break_writes()
    saved.record_game(rec(3))
    medium.mend_writes()
    assert saved.clear_history() is True
    assert medium.value("history") == {"version": 3, "games": [], "folded": [], "legacy": []}
    view = medium.saved().history()
    assert view.total == 0 and saved.history().total == 0 and saved.history().unsaved == 0


def test_merging_adds_new_games_and_every_new_set_of_totals_once(medium: Medium) -> None:
    saved = Saved(medium.open(), classify=by_result, recent=3)
    saved.record_game(rec(2))
    totals = LegacyTotals("k1", 10, {"medium|s3x3": [6, 1, 3, 4]}, ("won", 2))
    account = saved.merge(Additions([rec(1, result="won", margin=6), rec(2), rec(3)], legacy=[totals]))
    assert (account.added, account.already, account.totals_added) == (2, 1, 10)
    stored = read_book(medium.value("history"))
    assert ids(stored.games) == ["g00001", "g00002", "g00003"]
    assert (stored.earlier.games, stored.earlier.rows, stored.earlier.streak) == (
        10,
        {"medium|s3x3": [6, 1, 3, 4]},
        ("won", 2),
    )
    other = LegacyTotals("k2", 4, {"easy|t6": [4, 0, 0, 9]}, ("won", 4))
    account = saved.merge(Additions([rec(3), rec(4, result="lost", margin=-3)], legacy=[other, totals]))
    assert (account.added, account.already, account.totals_added, account.totals_already) == (1, 1, 4, 10)
    stored = read_book(medium.value("history"))  # the other device's totals are added; the same ones are not
    assert ids(stored.games) == ["g00002", "g00003", "g00004"]
    assert stored.earlier.games == 15  # 10 + 4, and game 1, a win by 6, folded: the best win is now 6
    assert stored.earlier.rows == {"medium|s3x3": [7, 1, 3, 6], "easy|t6": [4, 0, 0, 9]}
    assert stored.earlier.streak == ("won", 3)


def test_merging_a_backup_saves_the_games_waiting_to_be_saved_too(medium: Medium) -> None:
    saved = medium.saved()
    medium.break_writes()
    saved.record_game(rec(5))
    medium.mend_writes()
    assert saved.merge(Additions([rec(6)])).added == 1
    assert stored_ids(medium) == ["g00005", "g00006"]
    assert saved.history().unsaved == 0 and not saved.has_pending


def test_merging_a_backup_over_an_unreadable_history_keeps_that_aside(medium: Medium) -> None:
    medium.plant("history", "{damaged")
    saved = medium.saved()
    assert saved.merge(Additions([rec(1)], legacy=[LegacyTotals("k", 2, {})])).added == 1
    assert medium.raw("history.bad-1") == "{damaged"
    stored = read_book(medium.value("history"))
    assert ids(stored.games) == ["g00001"] and stored.earlier.games == 2


def test_a_different_game_under_an_id_already_here_is_reported_and_not_added(medium: Medium) -> None:
    saved = medium.saved()
    saved.record_game(rec(1))
    edited = rec(1, names=["Ann", "Medium"])
    account = saved.merge(Additions([edited, rec(1)]))
    assert (account.added, account.already, account.conflicts) == (0, 1, 1)
    assert [entry["names"] for entry in medium.value("history")["games"]] == [["You", "Medium"]]


def test_games_without_an_id_are_known_by_their_content_in_any_key_order(medium: Medium) -> None:
    first, second, third = game(1, id=""), game(2, id=""), game(3)
    del third["id"]
    medium.plant("history", envelope([first, third], schema=1))
    saved = medium.saved()
    same_as_third = dict(reversed(list(third.items())))  # the same game, its fields written in another order
    merged = Additions([FinishedGame.from_data(entry) for entry in (same_as_third, first, second)])
    assert saved.merge(merged).added == 1, "only the second is new"
    assert [entry["date"] for entry in medium.value("history")["games"]] == [g["date"] for g in (first, second, third)]


def test_saving_is_not_said_to_work_again_before_anything_was_saved(medium: Medium) -> None:
    saved = medium.saved()
    medium.break_writes()
    assert saved.save_settings({"shape": "octagon"}) is False
    assert len(words(saved)) == 1  # cannot save now
    saved.reject_settings("unknown board shape")  # the only value waiting is dropped: nothing waits
    assert saved.retry() is True
    assert words(saved) == [], "nothing was written, so nothing shows that saving works"
    medium.mend_writes()
    assert saved.save_settings({"shape": "hex"}) is True
    assert words(saved) == ["Saving works again: everything is saved."]


def test_merging_a_backup_over_a_history_that_cannot_be_moved_aside_loses_nothing(medium: Medium) -> None:
    medium.plant("history", "{damaged")
    medium.break_writes()
    if medium.kind == "file":
        medium.monkeypatch.setattr("os.replace", lambda *_: (_ for _ in ()).throw(PermissionError(13, "denied")))
    saved = medium.saved()
    assert saved.merge(Additions([rec(1)], legacy=[LegacyTotals("k", 2, {})])).added == 1
    assert medium.raw("history") == "{damaged" and saved.has_pending
    medium.mend_writes()
    assert saved.retry()
    assert medium.raw("history.bad-1") == "{damaged"
    stored = read_book(medium.value("history"))
    assert ids(stored.games) == ["g00001"] and stored.earlier.games == 2


def test_a_history_that_is_not_one_is_kept_aside_and_the_next_game_saved_at_once(medium: Medium) -> None:
    medium.plant("history", envelope(42))
    saved = medium.saved()
    assert saved.record_game(rec(1)) is True
    assert medium.value("history.bad-1") == 42
    assert stored_ids(medium) == ["g00001"]


def test_games_that_cannot_be_shown_are_told_as_one_fact(medium: Medium) -> None:
    medium.plant("history", envelope([game(1), game(2, date="yesterday"), game(3, date="today")]))
    saved = medium.saved()
    assert len(saved.history().games) == 1
    assert saved.pop_notices() == [Notice("kept-games", "history", Why.GAME_BAD_DATE, count=2)]


def test_games_that_cannot_be_shown_are_kept_each_time_new_ones_appear(medium: Medium) -> None:
    medium.plant("history", envelope([game(1), game(2, date="yesterday")]))
    saved = medium.saved()
    assert len(saved.history().games) == 1
    medium.plant("history", envelope([game(1), game(3, winners=[5])]))  # another tab wrote a different bad game
    assert len(saved.history().games) == 1
    assert medium.value("history.bad-1") == [game(2, date="yesterday")]
    assert medium.value("history.bad-2") == [game(3, winners=[5])]
    assert stored_ids(medium) == ["g00001"]


def test_games_kept_aside_are_kept_once_while_the_cleaned_history_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    medium = Medium("file", tmp_path, monkeypatch)
    medium.plant("history", envelope([game(1), game(2, date="yesterday")]))
    real_replace = os.replace

    def refuse_history(source, target) -> None:  # the history file alone cannot be replaced (locked by a backup tool)
        if Path(target).name == "history.json":
            raise PermissionError(errno.EACCES, "locked")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", refuse_history)
    saved = medium.saved()
    for _ in range(3):
        assert len(saved.history().games) == 1
    assert medium.value("history.bad-1") == [game(2, date="yesterday")] and medium.raw("history.bad-2") is None
    monkeypatch.setattr(os, "replace", real_replace)
    saved.history()
    assert medium.raw("history.bad-2") is None
    assert stored_ids(medium) == ["g00001"]


def test_each_time_saving_stops_and_starts_again_the_player_is_told_once(medium: Medium) -> None:
    saved = medium.saved()
    for round_ in range(2):
        medium.break_writes()
        assert saved.save_settings({"round": round_}) is False
        assert saved.save_settings({"round": round_, "again": True}) is False
        [stopped] = words(saved)
        assert stopped.startswith("Results cannot be saved now"), round_
        medium.mend_writes()
        assert saved.retry() is True
        assert words(saved) == ["Saving works again: everything is saved."], round_
        assert saved.save_settings({"round": round_, "saved": True}) is True
        assert words(saved) == [], round_


def test_a_reading_under_way_when_the_history_is_cleared_writes_nothing_back() -> None:
    """The reading read the history as a clear had left it; then the player clears it again (the games it was
    merging among what is cleared): the text stored is the same as the reading read, and yet the reading, resumed,
    must not write those games back."""
    store = MemoryStore()
    saved = Saved(store)
    assert saved.clear_history()
    imported = Additions([rec(number) for number in range(1, 601)])  # (an import: merged a few hundred a step)
    store.put(imported.key(), imported.to_data())
    reading = saved.history_in_steps()
    next(reading)
    assert saved.clear_history()
    run(reading)
    assert Saved(store).history().total == 0


def test_a_reading_under_way_writes_nothing_back_even_after_the_cleared_history_was_written_again() -> None:
    store = MemoryStore()
    saved = Saved(store)
    assert saved.clear_history()
    imported = Additions([rec(number) for number in range(1, 601)])
    store.put(imported.key(), imported.to_data())
    reading = saved.history_in_steps()
    next(reading)
    assert saved.clear_history()
    store.put("add-0000000000000000", Additions().to_data())  # (an addition holding nothing new: the next
    assert saved.history().total == 0  # reading writes the cleared history again, the very text first read)
    run(reading)
    assert Saved(store).history().total == 0
