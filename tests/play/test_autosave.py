"""Keeping the game on the device: the unfinished game saved when it changes, the finished game recorded, and a
practice game leaving both alone (the app's GameKeeper, listening to the match controller's events)."""

from __future__ import annotations

import random

from game.play.match import PRACTICE, Changed, GameKeeper, Session, unfinished_game
from game.play.settings import Seat, Settings
from game.storage import MemoryStore, Saved

PEOPLE = Settings(seats=(Seat("human"), Seat("human")), size=(1, 1), animation="fast")


class Counting(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def _write(self, key: str, text: str) -> None:
        self.writes.append(key)
        super()._write(key, text)


def test_the_unfinished_game_is_saved_when_it_changes_and_recorded_when_it_ends():
    store = Counting()
    session = Session(PEOPLE, random.Random(1), first=0)
    GameKeeper(session, Saved(store))  # (saves at once, as the app does when the board shows the game)
    assert store.get("unfinished") is not None and store.writes.count("unfinished") == 1
    session.outbox.put(Changed())
    assert store.writes.count("unfinished") == 1, "nothing changed: nothing written"
    session.play_line(0)
    assert store.writes.count("unfinished") == 2
    for line in (1, 2, 3):
        session.play_line(line)
    session.update(10.0)  # (past the pause on the finished board: the controller finishes the game)
    assert store.get("unfinished") is None
    assert store.get("history") is None, "saved under a key of its own: the history is merged when read"
    assert len(Saved(store).history().games) == 1 and store.get("history") is not None


def test_a_practice_game_leaves_the_saved_game_and_the_history_alone():
    store = MemoryStore()
    saved = Saved(store)
    saved.save_unfinished(unfinished_game(Session(PEOPLE, random.Random(2), first=0)))
    before = store.get("unfinished")
    practice = Session(PEOPLE, random.Random(1), first=0, purpose=PRACTICE)
    GameKeeper(practice, saved)
    for line in range(4):
        practice.play_line(line)
    practice.update(10.0)
    assert practice.finished
    assert store.get("unfinished") == before and store.get("history") is None


def test_the_game_is_kept_once_however_often_it_is_shown():
    store = Counting()
    saved = Saved(store)
    session = Session(PEOPLE, random.Random(1), first=0)
    for _ in range(3):
        GameKeeper.watch(session, saved)
    session.play_line(0)
    assert store.writes.count("unfinished") == 2, "one keeper: saved when shown, then once a change"
