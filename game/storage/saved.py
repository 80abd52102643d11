"""What the game saves, in one place: settings, the unfinished game, the history, the games played by link and the
solved puzzles, each under its own key.

Scenes call :class:`Saved`, never a store key. It checks every value read (the envelope in ``Store.get``, the
shape of each value here; the app checks the meaning of settings and of the unfinished game and hands back what it
rejects), keeps unusable data aside and never writes over it, and keeps every value that could not be written
(browser storage full or switched off, a read-only data folder): reads see it, and :meth:`Saved.retry` (the app
calls it every few seconds) writes it as soon as the medium works again. The player is told once when saving
stops working and once when it works again. History writes re-read what is stored and merge by game id, so two
tabs lose no finished game.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from . import phrases
from .history import RECENT_GAMES, Book, Classify, Earlier, read_book
from .keys import HISTORY, LINK_GAMES, PUZZLES, SETTINGS, UNFINISHED
from .notices import CANNOT_SAVE, KEPT_GAMES, SAVING_AGAIN, Notice
from .store import Store

_DELETE = object()


@dataclass(frozen=True)
class HistoryView:
    """The history to show: detailed recent games (oldest first), totals of earlier ones, and the state of saving."""

    games: list[dict[str, Any]]
    earlier: Earlier
    unsaved: int
    kept: int
    stored_bytes: int

    @property
    def total(self) -> int:
        return self.earlier.games + len(self.games)


class Saved:
    """The game's saved data on top of a :class:`Store`. ``classify`` sorts a game into the totals that replace
    detailed records past the most recent ``recent`` games (see :mod:`game.storage.history`)."""

    def __init__(self, store: Store, classify: Classify | None = None, recent: int = RECENT_GAMES) -> None:
        self.store = store
        self.classify = classify
        self.recent = recent
        self.pending: dict[str, Any] = {}
        self.unsaved_games: list[dict[str, Any]] = []
        self.failing = False
        self.notices: list[Notice] = []
        self._kept_bad: set[str] = set()

    # -- settings ---------------------------------------------------------------------------------------------
    def settings(self) -> dict[str, Any] | None:
        """The saved settings as named values (the app checks each value), or None."""
        return self._read_dict(SETTINGS, phrases.NOT_SETTINGS)

    def save_settings(self, data: dict[str, Any]) -> bool:
        return self._write(SETTINGS, data)

    def reject_settings(self, reason: str) -> None:
        """The app found the saved settings unusable: keep them aside."""
        self._reject(SETTINGS, reason)

    # -- the unfinished game ----------------------------------------------------------------------------------
    def unfinished(self) -> dict[str, Any] | None:
        """The autosaved unfinished game (the app rebuilds and checks it), or None."""
        return self._read_dict(UNFINISHED, phrases.NOT_A_GAME)

    def has_unfinished(self) -> bool:
        return self.unfinished() is not None

    def save_unfinished(self, data: dict[str, Any]) -> bool:
        return self._write(UNFINISHED, data)

    def clear_unfinished(self) -> bool:
        return self._write(UNFINISHED, _DELETE)

    def reject_unfinished(self, reason: str) -> None:
        """The app could not rebuild the saved game: keep it aside."""
        self._reject(UNFINISHED, reason)

    # -- games played by link ---------------------------------------------------------------------------------
    def link_games(self) -> dict[str, Any] | None:
        """The games played by link with a friend far away: game id -> position code (the app checks each)."""
        return self._read_dict(LINK_GAMES, phrases.NOT_SETTINGS)

    def save_link_games(self, data: dict[str, str]) -> bool:
        return self._write(LINK_GAMES, data)

    # -- history ----------------------------------------------------------------------------------------------
    def history(self) -> HistoryView:
        """The history to show: what is stored (its unreadable parts kept aside) and the games not yet saved."""
        book = self._stored_book()
        if book is None:
            book = Book()
        book.add(self.unsaved_games)
        return HistoryView(book.games, book.earlier, len(self.unsaved_games), self.kept(), self.stored_bytes())

    def record_game(self, entry: dict[str, Any]) -> bool:
        """Add a finished game (given an id if it has none); False when it is kept to be saved later."""
        if not isinstance(entry.get("id"), str):
            entry = {"id": os.urandom(8).hex(), **entry}
        self.unsaved_games.append(entry)
        return self._flush()

    def clear_history(self) -> bool:
        """Forget every finished game (kept-aside data stays)."""
        self.unsaved_games = []
        return self._write(HISTORY, Book().to_data())

    def merge_history(self, games: list[dict[str, Any]], earlier: Earlier) -> int:
        """Add ``games`` (checked entries, from a backup) that are not already saved, by game id; take ``earlier``
        as the totals of older games when there are none yet (totals cannot be merged without counting games
        twice). Returns how many games were new."""
        book = self._stored_book()
        if book is None:
            book = Book()
        book.add(self.unsaved_games)
        self.unsaved_games = []
        added = book.add(games)
        if book.earlier.games == 0 and earlier.games:
            book.earlier = earlier
        book.compact(self.classify, self.recent)
        self._write(HISTORY, book.to_data())
        return added

    # -- solved puzzles ---------------------------------------------------------------------------------------
    def solved_puzzles(self) -> list[str]:
        """The keys of the puzzles solved, in the order solved (anything unusable in the stored list is dropped)."""
        return solved_from_data(self._read_dict(PUZZLES, phrases.NOT_PUZZLES))

    def save_solved_puzzles(self, keys: list[str]) -> bool:
        return self._write(PUZZLES, {"solved": solved_from_data({"solved": keys})})

    def mark_puzzle_solved(self, key: str) -> bool:
        """Add ``key`` to the solved puzzles (once); False when it is kept to be saved later."""
        keys = self.solved_puzzles()
        return True if key in keys else self.save_solved_puzzles([*keys, key])

    # -- state ------------------------------------------------------------------------------------------------
    def kept(self) -> int:
        """How many unreadable values are kept aside."""
        return len(self.store.kept())

    def stored_bytes(self) -> int:
        return self.store.stored_bytes()

    @property
    def has_pending(self) -> bool:
        return bool(self.pending or self.unsaved_games)

    def retry(self) -> bool:
        """Write whatever could not be written before; True when nothing is left waiting."""
        return self._flush() if self.has_pending else True

    def pop_notices(self) -> list[Notice]:
        """Messages for the player (storage's own first), once each."""
        notices = self.store.pop_notices() + self.notices
        self.notices = []
        return notices

    # -- inside -----------------------------------------------------------------------------------------------
    def _read_dict(self, key: str, wrong_type: str) -> dict[str, Any] | None:
        if key in self.pending:
            value = self.pending[key]
            return None if value is _DELETE else value
        value = self.store.get(key)
        if value is None or isinstance(value, dict):
            return value
        self.store.quarantine(key, wrong_type)
        return None

    def _reject(self, key: str, reason: str) -> None:
        if key in self.pending:
            del self.pending[key]
            return
        self.store.quarantine(key, reason)

    def _write(self, key: str, value: Any) -> bool:
        self.pending[key] = value
        return self._flush()

    def _flush(self) -> bool:
        for key, value in list(self.pending.items()):
            done = self.store.delete(key) if value is _DELETE else self.store.put(key, value)
            if done:
                del self.pending[key]
        if self.unsaved_games:
            self._write_history()
        self._tell_how_saving_goes()
        return not self.has_pending

    def _stored_book(self) -> Book | None:
        """The stored history with its unreadable parts kept aside; None while it cannot be written over."""
        value = self.store.get(HISTORY)
        if HISTORY in self.store.stuck:
            return None
        book = read_book(value)
        if book.unusable:
            self.store.quarantine(HISTORY, book.unusable)
            return None if HISTORY in self.store.stuck else Book()
        if book.bad:
            notice = Notice(KEPT_GAMES, HISTORY, book.bad_reason, count=len(book.bad))
            bad = json.dumps(book.bad, sort_keys=True)
            if bad in self._kept_bad or self.store.keep_aside(HISTORY, book.bad, notice):
                self._kept_bad.add(bad)
                self.store.put(HISTORY, book.to_data())
        return book

    def _write_history(self) -> None:
        book = self._stored_book()
        if book is None:
            return
        book.add(self.unsaved_games)
        book.compact(self.classify, self.recent)
        if self.store.put(HISTORY, book.to_data()):
            self.unsaved_games = []

    def _tell_how_saving_goes(self) -> None:
        if self.has_pending and not self.failing:
            self.failing = True
            self.notices.append(Notice(CANNOT_SAVE, why=self.store.fault or phrases.NOT_WORKING))
        elif not self.has_pending and self.failing:
            self.failing = False
            self.notices.append(Notice(SAVING_AGAIN))


MAX_PUZZLE_KEY = 2000  # a puzzle key is its position code, never longer


def solved_from_data(data: Any) -> list[str]:
    """The solved puzzle keys in a stored value ``{"solved": [key, ...]}``, without duplicates or non-keys."""
    if not isinstance(data, dict) or not isinstance(data.get("solved"), list):
        return []
    keys = (key for key in data["solved"] if isinstance(key, str) and 0 < len(key) <= MAX_PUZZLE_KEY)
    return list(dict.fromkeys(keys))
