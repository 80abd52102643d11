"""The player's progress in the puzzles, kept by :class:`~game.storage.saved.Saved`: the puzzles solved (by key, in
the order solved) and the days the daily puzzle was solved. Stored as ``{"solved": [key, ...], "daily":
["YYYY-MM-DD", ...]}`` (``daily`` only once one was solved); what is not a key or a date is dropped when read.

A key is the game a puzzle's position code holds (``game.core.code_game``: no code version, no check
characters). Older saves and backups hold whole codes (of version 1): they are read as the same keys."""

from __future__ import annotations

import datetime
from typing import Any

from ..core import code_game
from .keys import PUZZLES
from .reasons import Why

MAX_PUZZLE_KEY = 2000  # a puzzle key is its position code, never longer


class PuzzleProgress:
    """The part of :class:`~game.storage.saved.Saved` that keeps the puzzles' progress (through its reading and
    writing, which keep what cannot be written and retry it)."""

    def _read_dict(self, key: str, wrong_type: str) -> dict[str, Any] | None:
        raise NotImplementedError

    def _write(self, key: str, value: Any) -> bool:
        raise NotImplementedError

    # -- solved puzzles ---------------------------------------------------------------------------------------
    def solved_puzzles(self) -> list[str]:
        """The keys of the puzzles solved, in the order solved (anything unusable in the stored list is dropped)."""
        return solved_from_data(self._read_dict(PUZZLES, Why.NOT_PUZZLES))

    def save_solved_puzzles(self, keys: list[str]) -> bool:
        return self._save_puzzles(keys, self.daily_days())

    def daily_days(self) -> list[str]:
        """The dates (``YYYY-MM-DD``) on which the daily puzzle was solved, oldest first."""
        return daily_from_data(self._read_dict(PUZZLES, Why.NOT_PUZZLES))

    def mark_daily_solved(self, day: str) -> bool:
        """Add ``day`` to the days the daily puzzle was solved (once); False when it is kept to be saved later."""
        days = self.daily_days()
        return True if day in days else self._save_puzzles(self.solved_puzzles(), [*days, day])

    def _save_puzzles(self, keys: list[str], days: list[str]) -> bool:
        data: dict[str, Any] = {"solved": solved_from_data({"solved": keys})}
        if days:  # (the form before the daily puzzle, for a player who never played one)
            data["daily"] = daily_from_data({"daily": days})
        return self._write(PUZZLES, data)

    def mark_puzzle_solved(self, key: str) -> bool:
        """Add ``key`` to the solved puzzles (once); False when it is kept to be saved later."""
        keys = self.solved_puzzles()
        return True if key in keys else self.save_solved_puzzles([*keys, key])


def daily_from_data(data: Any) -> list[str]:
    """The days in a stored value ``{"daily": ["YYYY-MM-DD", ...]}``: real dates only, each once, sorted."""
    if not isinstance(data, dict) or not isinstance(data.get("daily"), list):
        return []
    return sorted({day for day in data["daily"] if is_day(day)})


def is_day(value: Any) -> bool:
    """A calendar date written ``YYYY-MM-DD`` in ASCII digits."""
    if not (isinstance(value, str) and len(value) == 10 and value.isascii()):
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def solved_from_data(data: Any) -> list[str]:
    """The solved puzzle keys in a stored value ``{"solved": [key, ...]}``, without duplicates or non-keys; a whole
    position code (as older saves hold them) is read as its key."""
    if not isinstance(data, dict) or not isinstance(data.get("solved"), list):
        return []
    keys = (code_game(key) for key in data["solved"] if isinstance(key, str) and 0 < len(key) <= MAX_PUZZLE_KEY)
    return list(dict.fromkeys(keys))
