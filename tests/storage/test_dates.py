"""Games dated in the future (a clock that ran fast, a backup from such a device) are kept and counted, and never
make the newest games fold; games that share a time stamp keep one order."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from game.play.backup import export_text, merge_backup, read_backup
from game.play.settings import Settings
from game.play.stats import outcome
from game.steps import run
from game.storage import FinishedGame, MemoryStore, Saved
from game.storage.history import Book, read_book
from game.storage.records import game_order
from game.storage.steps import EVERY

GAME = {
    "date": "2026-03-01T10:00:00+00:00",
    "board": "s1x1",
    "rules": "2",
    "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "medium"}],
    "names": ["Zoé", "Medium"],
    "scores": [1, 0],
    "winners": [0],
    "moves": [],
    "rated": True,
}


def game(game_id: str, when: datetime, **fields: object) -> FinishedGame:
    return FinishedGame.from_data({**GAME, "id": game_id, "date": when.isoformat(timespec="seconds"), **fields})


def test_a_new_game_after_a_hundred_from_the_future_keeps_its_names_and_moves() -> None:
    # Before: the new game, dated before all of them, was the oldest and folded at once (names and moves lost).
    now = datetime.now(UTC)
    saved = Saved(MemoryStore(), classify=outcome)
    for index in range(100):
        assert saved.record_game(game(f"future{index:03}", now + timedelta(days=30, minutes=index)))
    assert saved.record_game(game("today", now, names=["Ann", "Medium"]))
    view = saved.history()
    assert view.total == 101 and len(view.games) == 100
    assert [g.names for g in view.games if g.id == "today"] == [("Ann", "Medium")]
    assert [line.id for line in view.earlier.folded] == ["future000"], "the earliest game from the future folded"
    assert view.games[-1].id == "future099", "shown in date order, dates as stored"


def test_future_games_fold_first_then_the_oldest() -> None:
    now = datetime(2026, 6, 1, tzinfo=UTC)
    past = [game(f"p{day}", now - timedelta(days=day)) for day in (3, 2, 1)]
    future = [game(f"f{day}", now + timedelta(days=day)) for day in (1, 2)]
    book = Book(games=sorted(past + future, key=game_order))
    run(book.compact_in_steps(None, recent=3, now=now))
    assert [g.id for g in book.games] == ["p3", "p2", "p1"]
    assert [line.id for line in book.folded] == ["f1", "f2"]
    run(book.compact_in_steps(None, recent=1, now=now))
    assert [g.id for g in book.games] == ["p1"] and [line.id for line in book.folded] == ["p3", "p2", "f1", "f2"]


def test_an_import_of_games_from_the_future_leaves_this_devices_newest_games_in_detail() -> None:
    now = datetime.now(UTC)
    device = Saved(MemoryStore(), classify=outcome)
    device.record_game(game("mine", now - timedelta(minutes=5)))
    source = Saved(MemoryStore(), classify=outcome)
    for index in range(120):
        source.record_game(game(f"ahead{index:03}", now + timedelta(days=1, minutes=index)))
    merge_backup(device, read_backup(export_text(source, Settings())))
    view = device.history()
    assert view.total == 121 and "mine" in [g.id for g in view.games]


def test_games_sharing_a_time_stamp_are_held_by_id_whatever_order_they_came_in() -> None:
    when = datetime(2026, 3, 1, 10, tzinfo=UTC)
    entries = [{**GAME, "id": f"g{index:03}", "date": when.isoformat()} for index in range(3 * EVERY)]
    random.Random(5).shuffle(entries)
    book = read_book({"version": 3, "games": entries, "folded": [], "legacy": []}, recent=5000)
    assert [g.id for g in book.games] == sorted(g.id for g in book.games)
