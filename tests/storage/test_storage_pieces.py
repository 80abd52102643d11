"""Pieces of storage its own tests had not pinned (found by the mutation run): the spare folder's name, the daily
puzzle's days, the kept online room."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from game.storage import MemoryStore, Saved, StoreError
from game.storage.files import STALE_SECONDS, remove_stale_temporaries, spare_folder
from game.storage.keys import ONLINE_ROOM, PUZZLES
from game.storage.notices import KEPT, Notice
from game.storage.progress import is_day
from game.storage.reasons import Why


class ReadOnly(MemoryStore):
    """A store in memory whose writes fail (as a read-only folder's)."""

    def _write(self, key: str, text: str) -> None:
        raise StoreError(Why.FOLDER_READ_ONLY)


def test_the_spare_folder_is_in_the_temporary_folder_named_for_the_user_and_the_data_folder(tmp_path: Path) -> None:
    spare = spare_folder(tmp_path / "data")
    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    assert spare.parent == Path(tempfile.gettempdir())
    prefix, digest = spare.name.rsplit("-", 1)
    assert prefix == f"pipopipette-{user}" and len(digest) == 12 and int(digest, 16) >= 0
    assert spare_folder(tmp_path / "data") == spare, "the same folder, the same spare"
    assert spare_folder(tmp_path / "other") != spare
    assert spare_folder(tmp_path / "x" / ".." / "data") == spare, "named for the folder itself, however written"


@pytest.mark.parametrize("day", ["2026-02-28", "2024-02-29", "0001-01-01", "9999-12-31"])
def test_a_day_is_a_calendar_date_written_in_ascii_digits(day: str) -> None:
    assert is_day(day)


@pytest.mark.parametrize(
    "day", ["2026-02-30", "2025-02-29", "１２３４-01-01", "2026-1-01", "2026-01-01T", "20260101", "", None, 20260101]
)
def test_what_is_not_a_day_is_not_one(day: object) -> None:
    assert not is_day(day)


def test_a_daily_puzzle_is_marked_solved_once_and_the_days_are_kept_in_order() -> None:
    saved = Saved(MemoryStore())
    assert saved.daily_days() == []
    assert saved.mark_daily_solved("2026-03-02") and saved.mark_daily_solved("2026-03-01")
    assert saved.mark_daily_solved("2026-03-02")
    assert saved.daily_days() == ["2026-03-01", "2026-03-02"]
    assert saved.mark_puzzle_solved("key") and saved.daily_days() == ["2026-03-01", "2026-03-02"]
    assert saved.solved_puzzles() == ["key"]


def test_a_day_already_marked_solved_writes_nothing() -> None:
    writable = MemoryStore()
    Saved(writable).mark_daily_solved("2026-03-02")
    store = ReadOnly()
    store.texts = dict(writable.texts)
    saved = Saved(store)
    assert saved.mark_daily_solved("2026-03-02"), "nothing to save: nothing waits"
    assert not saved.has_pending
    assert not saved.mark_daily_solved("2026-03-03") and saved.has_pending


def test_marking_the_daily_puzzle_solved_keeps_the_puzzles_solved_before() -> None:
    store = MemoryStore()
    assert Saved(store).mark_puzzle_solved("key") and Saved(store).mark_daily_solved("2026-03-02")
    assert Saved(store).solved_puzzles() == ["key"] and Saved(store).daily_days() == ["2026-03-02"]


def test_solved_days_of_the_wrong_type_are_kept_aside_as_not_puzzles() -> None:
    store = MemoryStore()
    store.put(PUZZLES, ["2026-03-02"])
    assert Saved(store).daily_days() == []
    assert store.pop_notices() == [Notice(KEPT, PUZZLES, Why.NOT_PUZZLES)]


def test_the_online_room_is_kept_read_back_cleared_and_set_aside() -> None:
    store = MemoryStore()
    saved = Saved(store)
    assert saved.online_room() is None
    assert saved.save_online_room({"room": "ABCD", "seat": 0})
    assert Saved(store).online_room() == {"room": "ABCD", "seat": 0}
    assert saved.clear_online_room() and Saved(store).online_room() is None
    assert ONLINE_ROOM not in store.names(), "nothing left stored"
    saved.save_online_room({"room": "EFGH"})
    saved.reject_online_room("the room could not be read back")
    assert saved.online_room() is None and len(store.kept()) == 1
    assert store.pop_notices() == [Notice(KEPT, ONLINE_ROOM, "the room could not be read back")]


def test_without_user_ids_the_spare_folder_is_named_for_the_user_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "getuid", raising=False)  # (as on Windows)
    monkeypatch.setenv("USERNAME", "ann")
    assert spare_folder(tmp_path).name.startswith("pipopipette-ann-")
    monkeypatch.delenv("USERNAME")
    assert spare_folder(tmp_path).name.startswith("pipopipette-user-")


def test_a_stale_temporary_another_process_removed_first_leaves_the_others_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in (".history.a.tmp", ".history.b.tmp"):
        (tmp_path / name).write_text("part")
    real_unlink = os.unlink
    calls = []

    def gone_first(path: str) -> None:
        calls.append(path)
        if len(calls) == 1:
            raise FileNotFoundError(path)  # (another game removed it a moment before)
        real_unlink(path)

    monkeypatch.setattr(os, "unlink", gone_first)
    assert remove_stale_temporaries(tmp_path, now=time.time() + STALE_SECONDS + 1) == 1
    assert len(calls) == 2 and len(list(tmp_path.iterdir())) == 1
