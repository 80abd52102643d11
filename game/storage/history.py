"""The saved history's format: the recent games in detail, totals for every older one, merged by game id.

Stored value (envelope schema 2)::

    {"games": [<entry>, ...],             # the most recent games, oldest first, at most RECENT_GAMES
     "earlier": {"games": 812,            # how many older games were folded into totals
                 "rows": {"<level>|<board>": [won, drawn, lost, best margin or null], ...},
                 "streak": ["won", 3]}}   # the streak the folded games ended on

Schema 1 stored a bare list of entries; it is read as the games of a history with no earlier totals.
An entry is what the app's ``Session.record`` made: a dict with "id", "date", "board", "rules", "seats", "names",
"scores", "winners" and "moves" (more fields are kept as they are). Entries without an id (schema 1) get one
derived from their content, so the same game is never counted twice when two tabs merge their histories.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from ..core import CodeError
from ..core.notation import parse_board_token, parse_rules_token
from . import phrases

RECENT_GAMES = 100
RESULTS = ("won", "drawn", "lost")


class Outcome(NamedTuple):
    """One game of one person against the computer: the strongest level met, the board, result and margin."""

    level: str
    board: str
    result: str
    margin: int


Classify = Callable[[dict[str, Any]], Outcome | None]
"""Gives a game's Outcome for the totals, or None when it counts only in the number of games."""


def entry_problem(entry: Any) -> str:
    """Why a history entry cannot be shown ("" when it can)."""
    if not isinstance(entry, dict):
        return phrases.GAME_NOT_VALUES
    names, scores, winners = entry.get("names"), entry.get("scores"), entry.get("winners")
    if not (isinstance(names, list) and names and all(isinstance(name, str) for name in names)):
        return phrases.GAME_NO_NAMES
    if not (isinstance(scores, list) and len(scores) == len(names) and all(_is_int(s) for s in scores)):
        return phrases.GAME_BAD_SCORES
    if not (isinstance(winners, list) and all(_is_int(w) and 0 <= w < len(names) for w in winners)):
        return phrases.GAME_BAD_WINNERS
    for name in ("date", "board", "rules"):
        if not isinstance(entry.get(name), str):
            return phrases.GAME_NO_FIELDS
    try:
        datetime.fromisoformat(entry["date"])
    except ValueError:
        return phrases.GAME_BAD_DATE
    players = _players(entry["board"], entry["rules"])
    if players is None:
        return phrases.GAME_BAD_BOARD
    if players != len(names):
        return phrases.GAME_BAD_PLAYERS
    if "id" in entry and not isinstance(entry["id"], str):
        return phrases.GAME_BAD_ID
    return ""


@lru_cache(maxsize=256)
def _players(board: str, rules: str) -> int | None:
    """How many players the rules token names, or None when the board or the rules cannot be read."""
    try:
        parse_board_token(board)
        return parse_rules_token(rules).players
    except CodeError:
        return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def game_id(entry: dict[str, Any]) -> str:
    """The entry's id, or one made from its content (the same for the same game in every tab)."""
    given = entry.get("id")
    if isinstance(given, str) and given:
        return given
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    return "c" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass
class Earlier:
    """Totals of the games folded out of the detailed list."""

    games: int = 0
    rows: dict[str, list[Any]] = field(default_factory=dict)
    streak: tuple[str, int] = ("", 0)

    def to_data(self) -> dict[str, Any]:
        return {"games": self.games, "rows": self.rows, "streak": list(self.streak)}

    def fold(self, entry: dict[str, Any], classify: Classify | None) -> None:
        """Count one more game (the oldest detailed one) in the totals."""
        self.games += 1
        outcome = classify(entry) if classify else None
        if outcome is None:
            return
        level, board, result, margin = outcome
        row = self.rows.setdefault(f"{level}|{board}", [0, 0, 0, None])
        row[RESULTS.index(result)] += 1
        if result == "won":
            row[3] = margin if row[3] is None else max(row[3], margin)
        kind, count = self.streak
        self.streak = (result, count + 1 if kind == result else 1)


def earlier_from_data(data: Any) -> tuple[Earlier, str]:
    """The totals read back, and why they cannot be used ("" when they can)."""
    if data is None:
        return Earlier(), ""
    if not isinstance(data, dict) or not _is_int(data.get("games")) or data["games"] < 0:
        return Earlier(), phrases.BAD_TOTALS
    rows = data.get("rows", {})
    if not isinstance(rows, dict) or not all(_row_ok(key, row) for key, row in rows.items()):
        return Earlier(), phrases.BAD_TOTALS
    streak = data.get("streak", ["", 0])
    if not (isinstance(streak, list) and len(streak) == 2 and streak[0] in ("", *RESULTS) and _is_int(streak[1])):
        return Earlier(), phrases.BAD_TOTALS
    return Earlier(data["games"], {key: list(row) for key, row in rows.items()}, (streak[0], streak[1])), ""


def _row_ok(key: Any, row: Any) -> bool:
    return (
        isinstance(key, str)
        and "|" in key
        and isinstance(row, list)
        and len(row) == 4
        and all(_is_int(n) and n >= 0 for n in row[:3])
        and (row[3] is None or _is_int(row[3]))
    )


@dataclass
class Book:
    """A history as read: usable games (oldest first), totals of earlier ones, what could not be used and why."""

    games: list[dict[str, Any]] = field(default_factory=list)
    earlier: Earlier = field(default_factory=Earlier)
    bad: list[Any] = field(default_factory=list)
    bad_reason: str = ""
    unusable: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"games": self.games, "earlier": self.earlier.to_data()}

    @property
    def total(self) -> int:
        return self.earlier.games + len(self.games)

    def add(self, entries: list[dict[str, Any]]) -> int:
        """Add the entries not already here (by game id), keeping date order; how many were new."""
        known = {game_id(game) for game in self.games}
        new = [entry for entry in entries if game_id(entry) not in known]
        self.games = sorted(self.games + new, key=lambda game: game["date"])
        return len(new)

    def compact(self, classify: Classify | None, recent: int = RECENT_GAMES) -> None:
        """Fold the oldest games beyond the ``recent`` ones into the totals."""
        extra = max(0, len(self.games) - recent)
        for entry in self.games[:extra]:
            self.earlier.fold(entry, classify)
        self.games = self.games[extra:]


def read_book(value: Any) -> Book:
    """The history in a stored value (None: an empty one). ``unusable`` is set when nothing in it can be used;
    otherwise entries that cannot be shown are in ``bad``, the rest in ``games``."""
    if value is None:
        return Book()
    if isinstance(value, list):
        games, earlier = value, None
    elif isinstance(value, dict) and isinstance(value.get("games"), list):
        games, earlier = value["games"], value.get("earlier")
    else:
        return Book(unusable=phrases.NOT_A_HISTORY)
    totals, problem = earlier_from_data(earlier)
    if problem:
        return Book(unusable=problem)
    book = Book(earlier=totals)
    for entry in games:
        reason = entry_problem(entry)
        if reason:
            book.bad.append(entry)
            book.bad_reason = book.bad_reason or reason
        else:
            book.games.append(entry)
    book.games.sort(key=lambda game: game["date"])
    return book
