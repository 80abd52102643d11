"""Two writers at once lose no finished game: two processes on the desktop's files (a file lock, additions under
keys of their own), and two browser tabs whose merges interleave at the worst moment (no lock at all)."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from game.page.memory import MemoryPage
from game.storage import BrowserStore, FileStore, FinishedGame, Saved
from game.storage import saved as saved_module
from game.storage.keys import HISTORY
from game.storage.saved import GRACE_SECONDS

ROUNDS = 100


def finished(writer: int, number: int) -> FinishedGame:
    return FinishedGame.from_data(
        {
            "id": f"w{writer}n{number:03d}",
            "date": f"2026-01-01T{number // 60:02d}:{number % 60:02d}:{writer:02d}+00:00",
            "board": "s2x2",
            "rules": "2",
            "names": ["You", "Easy"],
            "scores": [3, 1],
            "winners": [0],
        }
    )


def record_rounds(folder: str, writer: int, barrier) -> None:
    """One game process: records a game at every round, the two processes released together each round."""
    saved = Saved(FileStore(folder))
    for number in range(ROUNDS):
        barrier.wait()
        assert saved.record_game(finished(writer, number))


@pytest.mark.slow
def test_two_processes_recording_at_the_same_moment_lose_nothing(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("os.fsync", lambda _fd: None)  # (durability is tested elsewhere; this keeps it to seconds)
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    writers = [context.Process(target=record_rounds, args=(str(tmp_path), w, barrier)) for w in range(2)]
    for process in writers:
        process.start()
    for process in writers:
        process.join(60)
    assert [process.exitcode for process in writers] == [0, 0]
    view = Saved(FileStore(tmp_path)).history()
    assert view.total == 2 * ROUNDS, f"{2 * ROUNDS - view.total} games lost"
    assert not [path for path in tmp_path.iterdir() if path.name.startswith("add-")], "every addition merged"


def test_two_tabs_whose_merges_interleave_lose_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tab A reads the history, tab B records and merges a game, then A writes the history it read (without B's
    game) over B's: B's game is still under its own key, and the next merge brings it in."""
    page = MemoryPage()
    left = Saved(BrowserStore(page.local_storage))
    right = Saved(BrowserStore(page.local_storage))
    real_put = type(left.store).put_text
    interleaved: list[int] = []

    def put_after_the_other_tab(store, key, text):
        if store is left.store and key == HISTORY and not interleaved:
            interleaved.append(1)
            assert right.record_game(finished(2, 0))  # the other tab finishes a game in between
        return real_put(store, key, text)

    monkeypatch.setattr(type(left.store), "put_text", put_after_the_other_tab)
    assert left.record_game(finished(1, 0))
    monkeypatch.undo()
    assert interleaved == [1]
    assert {game.id for game in Saved(BrowserStore(page.local_storage)).history().games} == {
        "w1n000",
        "w2n000",
    }
    assert left.record_game(finished(1, 1))
    assert Saved(BrowserStore(page.local_storage)).history().total == 3
    assert [key for key in page.storage.items if ".add-" in key], "no merge can be sure yet that none overwrites it"
    later = [GRACE_SECONDS]
    monkeypatch.setattr(saved_module, "clock", lambda: time.time() + later[0])
    assert right.record_game(finished(2, 1))
    later[0] += GRACE_SECONDS
    assert right.history().total == 4
    assert [key for key in page.storage.items if ".add-" in key] == [], "merged, held, and old enough: removed"


def test_an_addition_is_removed_only_once_the_history_read_back_holds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    page = MemoryPage()
    saved = Saved(BrowserStore(page.local_storage))
    store = saved.store
    monkeypatch.setattr(saved_module, "clock", lambda: time.time() - 2 * GRACE_SECONDS)  # (saved long ago)
    monkeypatch.setattr(type(store), "holds_text", lambda self, key, text: False)
    assert saved.record_game(finished(1, 0))  # the history reads back other than written (another tab wrote)
    assert [key for key in page.storage.items if ".add-" in key], "kept under its own key"
    monkeypatch.undo()
    again = Saved(BrowserStore(page.local_storage))
    assert [game.id for game in again.history().games] == ["w1n000"]
    assert not [key for key in page.storage.items if ".add-" in key], "read back as written: removed"


def test_a_merged_addition_is_removed_once_it_is_exactly_grace_seconds_old(monkeypatch: pytest.MonkeyPatch) -> None:
    page = MemoryPage()
    now = [1.7e9]
    monkeypatch.setattr(saved_module, "clock", lambda: now[0])
    assert Saved(BrowserStore(page.local_storage)).record_game(finished(1, 0))
    now[0] += GRACE_SECONDS - 1
    assert Saved(BrowserStore(page.local_storage)).history().total == 1
    assert [key for key in page.storage.items if ".add-" in key], "a merge started before it may still write"
    now[0] += 1
    assert Saved(BrowserStore(page.local_storage)).history().total == 1
    assert not [key for key in page.storage.items if ".add-" in key], "held and GRACE_SECONDS old: removed"
