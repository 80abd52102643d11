"""One schema at import and at read (issue 23, class 3): every defect found by the hostile tester has a test here
that failed before the schema, and what players have stored today (schema 1 and 2, old backups) still reads."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.play.backup import BackupError, export_text, merge_backup, read_backup, write_desktop_file
from game.play.settings import Settings
from game.play.stats import board_token_of_name, outcome, stats_rows
from game.storage import FileStore, FinishedGame, MemoryStore, RecordError, Saved
from game.storage.history import read_book
from game.storage.reasons import Why
from game.storage.records import FoldedGame, LegacyTotals, UnfinishedGame

GAME = {
    "id": "a1b2c3d4e5f60718",
    "date": "2026-03-01T10:00:00+00:00",
    "board": "s2x2",
    "rules": "2",
    "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "medium"}],
    "names": ["You", "Medium"],
    "scores": [3, 1],
    "winners": [0],
    "moves": [],
}


def backup_text(*games: dict, earlier: dict | None = None) -> str:
    """A version 1 backup file, as the game wrote them until now."""
    history = {"games": list(games), "earlier": earlier or {"games": 0, "rows": {}, "streak": ["", 0]}}
    data = {"app": "pipopipette", "kind": "backup", "version": 1, "exported": "2026-03-02T00:00:00+00:00"}
    return json.dumps({**data, "settings": Settings().to_data(), "history": history, "puzzles": {"solved": []}})


# -- refused at the check, before anything is stored -------------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("date", "0001-01-01T00:00:00+01:00", "date"),  # OverflowError at every History opening, before
        ("date", "9999-12-31T23:59:59-01:00", "date"),
        ("date", 1767225600, "date"),  # a numeric date
        ("rules", 2, "missing"),  # reported as added, then set aside as unreadable, before
        ("names", ["You", "\ud800"], "name"),  # a lone surrogate: the import crashed and left .tmp files
        ("names", ["You", "x" * 1_000_000], "name"),
        ("scores", [10**30, 1], "scores"),
    ],
)
def test_a_game_outside_the_schema_is_refused_at_import_and_changes_nothing(field, value, why, tmp_path) -> None:
    store = FileStore(tmp_path)
    with pytest.raises(BackupError, match=why):
        merge_backup(Saved(store), read_backup(backup_text({**GAME, field: value})))
    assert list(tmp_path.iterdir()) == [], "nothing stored, no temporary file left"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_at_import_and_at_read(constant: str) -> None:
    text = backup_text(GAME).replace('"scores": [3, 1]', f'"scores": [{constant}, 1]')
    with pytest.raises(BackupError, match="not a number"):
        read_backup(text)
    store = MemoryStore()
    store.texts["history"] = json.dumps({"schema": 2, "app": "pipopipette", "data": [GAME]}).replace("3, 1", constant)
    saved = Saved(store)
    assert saved.history().total == 0
    assert store.texts["history.bad-1"].count(constant) == 1, "kept aside as it was"
    assert saved.pop_notices()[0].why == Why.NOT_A_NUMBER


def test_totals_of_ten_to_the_thirty_games_are_refused() -> None:
    huge = {"games": 10**30, "rows": {"easy|3x3 boxes": [10**30, 0, 0, 2]}, "streak": ["won", 3]}
    with pytest.raises(BackupError, match="totals"):
        read_backup(backup_text(GAME, earlier=huge))
    assert read_book({"games": [], "earlier": huge}).unusable == Why.BAD_TOTALS


def test_the_same_game_refused_at_import_is_refused_at_read() -> None:
    for field, value in (("date", "0001-01-01T00:00:00+01:00"), ("rules", 2), ("names", ["You", "\ud800"])):
        book = read_book([GAME, {**GAME, "id": "other", field: value}])
        assert [game.id for game in book.games] == [GAME["id"]] and len(book.bad) == 1, field


SURROGATE_KEYS = [
    {**GAME, "\ud800": 1},  # an unknown field of a game: Import and History crashed (no id), Export (with an id)
    {key: value for key, value in GAME.items() if key != "id"} | {"\udfff": 1},
    {**GAME, "later": {"\ud800": 1}},  # (nested: refused before)
]


@pytest.mark.parametrize("game", SURROGATE_KEYS)
def test_a_field_name_the_font_cannot_draw_is_refused_at_import_and_kept_aside_at_read(game, tmp_path) -> None:
    with pytest.raises(RecordError) as error:
        FinishedGame.from_data(game)
    assert str(error.value) == Why.GAME_NOT_VALUES
    with pytest.raises(BackupError, match="damaged"):
        read_backup(backup_text(game))
    store = FileStore(tmp_path)
    store.put("history", [GAME, {**game, "id": "other"} if "id" in game else game])
    saved = Saved(store)
    assert [kept.id for kept in saved.history().games] == [GAME["id"]]
    assert store.kept() == ["history.bad-1"]


@pytest.mark.parametrize(
    ("record", "data"),
    [
        (UnfinishedGame, {"version": 1, "settings": {"\ud800": 1}, "starter": 0, "codes": [], "current": 0}),
        (LegacyTotals, {"key": "k", "games": 1, "rows": {"easy|s3x3\ud800": [1, 0, 0, 2]}, "streak": ["", 0]}),
        (FoldedGame, ["g\ud800", "2026-03-01T10:00:00"]),
    ],
)
def test_every_record_refuses_a_lone_surrogate_in_a_name_as_in_a_value(record, data) -> None:
    with pytest.raises(RecordError):
        record.from_data(data)


# -- an import merges completely, with an exact account ----------------------------------------------------------
def test_a_duplicate_id_with_different_content_is_reported_not_counted_as_already_here() -> None:
    saved = Saved(MemoryStore())
    saved.record_game(FinishedGame.from_data(GAME))
    result = merge_backup(saved, read_backup(backup_text({**GAME, "scores": [1, 3], "winners": [1]})))
    assert (result.account.added, result.account.already, result.account.conflicts) == (0, 0, 1)
    assert "1 game not added: a different game here has its id" in result.summary()
    assert [game.scores for game in saved.history().games] == [(3, 1)]


def test_export_then_import_into_another_device_moves_every_game_and_total() -> None:
    source = Saved(MemoryStore(), classify=outcome, recent=2)
    for day in range(1, 6):
        source.record_game(FinishedGame.from_data({**GAME, "id": f"g{day}", "date": f"2026-03-0{day}T10:00:00"}))
    target = Saved(MemoryStore(), classify=outcome)
    result = merge_backup(target, read_backup(export_text(source, Settings())))
    view = target.history()
    assert (result.account.added, result.account.folded_added, view.total) == (2, 3, 5)
    assert [row.played for row in stats_rows(view.games, view.earlier)] == [5]
    again = merge_backup(target, read_backup(export_text(source, Settings())))
    assert (again.account.already, again.account.folded_already, target.history().total) == (2, 3, 5)


# -- what players have stored today still reads, and nothing is lost -------------------------------------------------
def test_a_schema_2_history_reads_with_its_totals_keyed_by_board_token_and_split_rows_merged(tmp_path: Path) -> None:
    """A history saved by the version before this one, whose player switched to French half way: the 3x3 row
    was split in two ("3x3 boxes" and "3x3 cases"); it is one row again, keyed "medium|s3x3"."""
    stored = {
        "games": [GAME],
        "earlier": {
            "games": 9,
            "rows": {
                "medium|3x3 boxes": [3, 1, 0, 4],
                "medium|3x3 cases": [2, 0, 1, 6],
                "hard|triangle 5": [0, 0, 1, None],
                "easy|hexagone 7": [1, 0, 0, 2],
            },
            "streak": ["won", 2],
        },
    }
    (tmp_path / "history.json").write_text(json.dumps({"schema": 2, "app": "pipopipette", "data": stored}))
    saved = Saved(FileStore(tmp_path), classify=outcome, board_name=board_token_of_name)
    earlier = saved.history().earlier
    assert earlier.games == 9 and earlier.streak == ("won", 2)
    assert earlier.rows == {"medium|s3x3": [5, 1, 1, 6], "hard|t5": [0, 0, 1, None], "easy|h1": [1, 0, 0, 2]}
    saved.record_game(FinishedGame.from_data({**GAME, "id": "new"}))
    written = json.loads((tmp_path / "history.json").read_text())
    assert written["schema"] == 3 and len(written["data"]["legacy"]) == 1 and saved.history().total == 11


def test_a_version_1_backup_of_this_device_adds_its_totals_once() -> None:
    earlier = {"games": 4, "rows": {"easy|2x2 boxes": [4, 0, 0, 3]}, "streak": ["won", 4]}
    device = MemoryStore()
    device.put("history", {"games": [GAME], "earlier": earlier})
    saved = Saved(device, board_name=board_token_of_name)
    result = merge_backup(saved, read_backup(backup_text(GAME, earlier=earlier)))
    assert (result.account.already, result.account.totals_already, saved.history().total) == (1, 4, 5)


def test_old_games_without_seats_or_moves_still_read_and_export() -> None:
    old = {key: value for key, value in GAME.items() if key not in ("seats", "moves", "id")}
    game = FinishedGame.from_data(old)
    assert game.seats == () and game.moves == () and outcome(game) is None
    store = MemoryStore()
    store.put("history", [old])
    backup = read_backup(export_text(Saved(store), Settings()))
    assert backup.history.games == [game]


def test_a_record_raises_a_reason_storage_words_for_the_player() -> None:
    with pytest.raises(RecordError) as error:
        FinishedGame.from_data({**GAME, "winners": [7]})
    assert str(error.value) == Why.GAME_BAD_WINNERS


def test_an_export_that_cannot_be_written_refuses_with_a_reason_and_keeps_the_file_there(tmp_path: Path) -> None:
    path = tmp_path / "pipopipette-backup.json"
    old = export_text(Saved(MemoryStore()), Settings())
    write_desktop_file(path, old)
    with pytest.raises(BackupError, match="text that cannot be written to a file"):
        write_desktop_file(path, old.replace("pipopipette", "pipo\ud800"))  # truncated it to 0 bytes, before
    assert path.read_text(encoding="utf-8") == old and [p.name for p in tmp_path.iterdir()] == [path.name]


def test_an_export_cut_short_leaves_the_file_there_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "pipopipette-backup.json"
    write_desktop_file(path, "old")

    def power_cut(_fd: int) -> None:
        raise KeyboardInterrupt  # not an OSError: nothing is cleaned up, as after a crash

    monkeypatch.setattr(os, "fsync", power_cut)
    with pytest.raises(KeyboardInterrupt):
        write_desktop_file(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
