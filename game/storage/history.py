"""The saved history's form: the recent games in detail, every older game folded to one short line, and totals
kept by earlier versions; read from every form players have stored, merged by game id.

Stored value (envelope schema 3)::

    {"version": 3,
     "games": [<FinishedGame>, ...],           # the most recent games, oldest first, at most RECENT_GAMES
     "folded": [[id, date, level, board, result, margin] | [id, date], ...],   # every older game, oldest first
     "legacy": [{"key": k, "games": n, "rows": {"<level>|<board token>": [won, drawn, lost, best]},
                 "streak": [result, n]}, ...]}  # totals of versions before schema 3, without game ids

Read too (see ``docs/storage.md``): schema 1, a bare list of games; schema 2, ``{"games": [...], "earlier":
{"games": n, "rows": {"<level>|<translated board name>": [...]}, "streak": [...]}}``, whose totals become one
legacy block, their rows keyed by the board token again (rows that one board had in two languages are added up).

Games are known by id: the same game is never counted twice, and a different game under an id already here is a
conflict, reported. Folded games keep their ids, so a game folded here is still "already here" when a backup
brings it back; legacy totals are known by their ``key`` (made from their content when first read), so the same
totals are never added twice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from ..steps import run
from .reasons import Why
from .records import (
    Classify,
    FinishedGame,
    FoldedGame,
    LegacyTotals,
    RecordError,
    Row,
    content_id,
    game_order,
    replays,
    sort_key,
)
from .steps import Work, pause, release_in_steps, sort_in_steps

RECENT_GAMES = 100
HISTORY_VERSION = 3
RESULTS = ("won", "drawn", "lost")

BoardName = Callable[[str], str]
"""Turns a board name as an earlier version wrote it in totals (e.g. "5x5 cases") into its token ("s5x5")."""


@dataclass(frozen=True)
class Earlier:
    """Everything known of the games older than the recent ones: their folded lines and the legacy totals."""

    folded: tuple[FoldedGame, ...] = ()
    legacy: tuple[LegacyTotals, ...] = ()

    @property
    def games(self) -> int:
        return len(self.folded) + sum(block.games for block in self.legacy)

    @property
    def rows(self) -> dict[str, Row]:
        """Totals by "level|board token": [won, drawn, lost, best winning margin or None]."""
        return self._tally[0]

    @property
    def streak(self) -> tuple[str, int]:
        """The streak the older games end on: this device's legacy streak, continued by the folded games."""
        return self._tally[1]

    @cached_property
    def _tally(self) -> tuple[dict[str, Row], tuple[str, int]]:
        return run(self._count())

    def tally_in_steps(self) -> Work[None]:
        """Count :attr:`rows` and :attr:`streak` in steps (read at once afterwards)."""
        if "_tally" not in self.__dict__:
            self.__dict__["_tally"] = yield from self._count()  # (where cached_property keeps it)

    def _count(self) -> Work[tuple[dict[str, Row], tuple[str, int]]]:
        rows: dict[str, Row] = {}
        for block in self.legacy:
            for key, row in block.rows.items():
                rows[key] = _add(rows.get(key), row)
        kind, length = self.legacy[0].streak if self.legacy else ("", 0)
        for index, game in enumerate(self.folded):
            if game.outcome is not None:
                level, board, result, margin = game.outcome
                row = [int(result == "won"), int(result == "drawn"), int(result == "lost")]
                rows[f"{level}|{board}"] = _add(rows.get(f"{level}|{board}"), [*row, margin if row[0] else None])
                kind, length = result, (length + 1 if kind == result else 1)
            if pause(index):
                yield
        return rows, (kind, length)


def _add(old: Row | None, new: Row) -> Row:
    if old is None:
        return list(new)
    best = [b for b in (old[3], new[3]) if b is not None]
    return [old[0] + new[0], old[1] + new[1], old[2] + new[2], max(best) if best else None]


@dataclass
class Additions:
    """What one event adds to the history: a finished game, or a backup's games, folded games and totals. Saved as
    one value under its own key (``add-...``) before it is merged, so that adding never rewrites a shared value."""

    games: list[FinishedGame] = field(default_factory=list)
    folded: list[FoldedGame] = field(default_factory=list)
    legacy: list[LegacyTotals] = field(default_factory=list)
    added: float = 0.0  # when it was saved (seconds since 1970), see Saved's GRACE_SECONDS

    def to_data(self) -> dict[str, Any]:
        return {
            "games": [game.to_data() for game in self.games],
            "folded": [game.to_data() for game in self.folded],
            "legacy": [block.to_data() for block in self.legacy],
            "added": self.added,
        }

    @classmethod
    def from_data(cls, data: Any) -> Additions:
        parts = ("games", "folded", "legacy")
        if not isinstance(data, dict) or not all(isinstance(data.get(part, []), list) for part in parts):
            raise RecordError(Why.NOT_A_HISTORY)
        added = data.get("added", 0.0)
        return cls(
            [FinishedGame.from_data(game) for game in data.get("games", [])],
            [FoldedGame.from_data(game) for game in data.get("folded", [])],
            [LegacyTotals.from_data(block) for block in data.get("legacy", [])],
            float(added) if isinstance(added, int | float) and math.isfinite(added) else 0.0,
        )

    def key(self) -> str:
        """The key it is saved under: made from the one game's id, or from everything in it."""
        one = len(self.games) == 1 and not self.folded
        made = content_id({"game": self.games[0].id} if one else {**self.to_data(), "added": 0})
        return "add-" + made[1:]

    def __bool__(self) -> bool:
        return bool(self.games or self.folded or self.legacy)


@dataclass
class Account:
    """What merging some additions did: games added, already here, refused (another game has their id), folded
    games added and already here, totals of older games added (how many games they count) and already here."""

    added: int = 0
    already: int = 0
    conflicts: int = 0
    folded_added: int = 0
    folded_already: int = 0
    totals_added: int = 0
    totals_already: int = 0


@dataclass
class Book:
    """A history as read: usable games (oldest first), the earlier games, what could not be used and why."""

    games: list[FinishedGame] = field(default_factory=list)
    folded: list[FoldedGame] = field(default_factory=list)
    legacy: list[LegacyTotals] = field(default_factory=list)
    bad: list[Any] = field(default_factory=list)
    bad_reason: str = ""
    unusable: str = ""

    def to_data(self) -> dict[str, Any]:
        return run(self.to_data_in_steps())

    def to_data_in_steps(self) -> Work[dict[str, Any]]:
        folded = []
        for index, game in enumerate(self.folded):
            folded.append(game.to_data())
            if pause(index):
                yield
        return {
            "version": HISTORY_VERSION,
            "games": [game.to_data() for game in self.games],
            "folded": folded,
            "legacy": [block.to_data() for block in self.legacy],
        }

    @property
    def earlier(self) -> Earlier:
        return Earlier(tuple(self.folded), tuple(self.legacy))

    @property
    def total(self) -> int:
        return self.earlier.games + len(self.games)

    def ids_in_steps(self) -> Work[set[str]]:
        """The ids of every game here, detailed and folded (for :meth:`holds`), in steps."""
        ids = {game.id for game in self.games}
        for index, game in enumerate(self.folded):
            ids.add(game.id)
            if pause(index):
                yield
        return ids

    def holds(self, additions: Additions, ids: set[str]) -> bool:
        """True when everything in ``additions`` is already here: its games among ``ids`` (this book's,
        :meth:`ids_in_steps`), its totals by key."""
        keys = {block.key for block in self.legacy}
        return (
            all(game.id in ids for game in additions.games)
            and all(game.id in ids for game in additions.folded)
            and all(block.key in keys for block in additions.legacy)
        )

    def merge(self, additions: Additions) -> Account:
        """:meth:`merge_in_steps` at once."""
        return run(self.merge_in_steps(additions))

    def merge_in_steps(self, additions: Additions) -> Work[Account]:
        """Add what is not already here; a game whose id is here with other content is left out and counted. In
        steps: the folded games of a history, and those of a backup, may be many thousand."""
        account = Account()
        detailed = {game.id: game for game in self.games}
        folded = yield from _by_id_in_steps(self.folded)
        added_folded = False
        for index, game in enumerate(additions.games):
            if game.id in detailed or game.id in folded:
                same = detailed[game.id] == game if game.id in detailed else folded[game.id].date == game.date
                account.already += same
                account.conflicts += not same
            else:
                detailed[game.id] = game
                account.added += 1
            if pause(index):
                yield
        for index, line in enumerate(additions.folded):
            if line.id in detailed or line.id in folded:
                account.folded_already += 1
            else:
                folded[line.id] = line
                account.folded_added += 1
                added_folded = True
            if pause(index):
                yield
        keys = {block.key for block in self.legacy}
        for block in additions.legacy:
            if block.key in keys:
                account.totals_already += block.games
            else:
                self.legacy.append(block)
                keys.add(block.key)
                account.totals_added += block.games
        games = list(detailed.values())
        yield from sort_in_steps(games, game_order)
        self.games = games
        if added_folded:  # (the folded games, as read, are in order already)
            lines = list(folded.values())
            yield from sort_in_steps(lines, game_order)
            self.folded = lines
        return account

    def compact_in_steps(
        self, classify: Classify | None, recent: int = RECENT_GAMES, now: datetime | None = None
    ) -> Work[None]:
        """Fold the games beyond the ``recent`` ones into one line each: those dated after ``now`` (a clock that ran
        fast) first, then the oldest, so games from the future never make the newest games fold."""
        extra = max(0, len(self.games) - recent)
        if not extra:
            return
        order = yield from fold_order_in_steps(self.games, now)
        folding = set(order[:extra])
        lines, kept, folded_away = list(self.folded), [], []
        for index, game in enumerate(self.games):
            if index in folding:
                lines.append(FoldedGame.of(game, classify))
                folded_away.append(game)
            else:
                kept.append(game)
            if pause(index):
                yield
        yield from sort_in_steps(lines, game_order)
        self.folded, self.games = lines, kept
        yield from release_in_steps(folded_away)


def _by_id_in_steps(games: list[FoldedGame]) -> Work[dict[str, FoldedGame]]:
    """``{game.id: game for game in games}``, in steps."""
    by_id = {}
    for index, game in enumerate(games):
        by_id[game.id] = game
        if pause(index):
            yield
    return by_id


def fold_order_in_steps(games: list[FinishedGame], now: datetime | None = None) -> Work[list[int]]:
    """The places of ``games`` (in history order) in the order they are folded: those dated after ``now`` (default:
    this moment) first, then the others, oldest first."""
    now = datetime.now(UTC) if now is None else now
    future: list[int] = []
    past: list[int] = []
    for index, game in enumerate(games):
        (future if sort_key(game.date) > now else past).append(index)
        if pause(index):
            yield
    return future + past


def read_book(value: Any, board_name: BoardName | None = None, recent: int = RECENT_GAMES) -> Book:
    """:func:`read_book_in_steps` at once."""
    return run(read_book_in_steps(value, board_name, recent))


def read_book_in_steps(value: Any, board_name: BoardName | None = None, recent: int = RECENT_GAMES) -> Work[Book]:
    """The history in a stored value of any schema (None: an empty one). ``unusable`` is set when nothing in it can
    be used; otherwise games that do not pass the schema are in ``bad`` (the first one's reason in ``bad_reason``),
    the rest in ``games`` and ``folded``. The moves of the ``recent`` newest games are replayed; older games are
    about to be folded, their moves dropped."""
    if value is None:
        return Book()
    try:
        entries, folded, legacy = _parts(value, board_name)
    except RecordError as error:
        return Book(unusable=str(error))
    book = Book(legacy=legacy)
    for index, line in enumerate(folded):
        _take(book, line, FoldedGame.from_data, book.folded)
        if pause(index):
            yield
    copies: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if pause(index):
            yield
        before = len(book.games)
        _take(book, entry, lambda data: FinishedGame.from_data(data, replay=False), book.games)
        if len(book.games) > before and not entry.get("id"):
            game = book.games[-1]
            copies[game.id] = copies.get(game.id, -1) + 1
            if copies[game.id]:  # two games an earlier version saved without ids, alike in all: two games
                book.games[-1] = replace(game, id=content_id({"copy": copies[game.id], "game": entry}))
    yield from sort_in_steps(book.games, game_order)
    yield from sort_in_steps(book.folded, game_order)
    order = yield from fold_order_in_steps(book.games)
    for game in [book.games[index] for index in order[-recent:]] if recent else []:
        yield
        if not all(replays(code, game.board, game.rules) for code in game.moves):
            book.games.remove(game)
            book.bad.append(game.to_data())
            book.bad_reason = book.bad_reason or Why.GAME_BAD_MOVES
    yield from _drop_repeated_ids(book)
    return book


def _take(book: Book, data: Any, parse: Callable[[Any], Any], into: list[Any]) -> None:
    try:
        into.append(parse(data))
    except RecordError as error:
        book.bad.append(data)
        book.bad_reason = book.bad_reason or str(error)


def _drop_repeated_ids(book: Book) -> Work[None]:
    """Keep one game per id (the first in date order; a folded game's id wins over a detailed one)."""
    seen = {game.id for game in book.folded}
    if len(seen) != len(book.folded):
        book.folded = list({game.id: game for game in reversed(book.folded)}.values())[::-1]
    games = []
    for index, game in enumerate(book.games):
        if game.id not in seen:
            seen.add(game.id)
            games.append(game)
        if pause(index):
            yield
    book.games = games


def _parts(value: Any, board_name: BoardName | None) -> tuple[list[Any], list[Any], list[LegacyTotals]]:
    """(game entries, folded lines, legacy totals) of a stored history of schema 1, 2 or 3."""
    if isinstance(value, list):  # schema 1
        return value, [], []
    if not isinstance(value, dict) or not isinstance(value.get("games"), list):
        raise RecordError(Why.NOT_A_HISTORY)
    if value.get("version") == HISTORY_VERSION:
        folded, legacy = value.get("folded", []), value.get("legacy", [])
        if not isinstance(folded, list) or not isinstance(legacy, list):
            raise RecordError(Why.BAD_TOTALS)
        return value["games"], folded, [LegacyTotals.from_data(block) for block in legacy]
    return value["games"], [], legacy_totals(value.get("earlier"), board_name)


def legacy_totals(earlier: Any, board_name: BoardName | None) -> list[LegacyTotals]:
    """Schema 2's totals of older games as a legacy block (none when they count no game)."""
    if earlier is None:
        return []
    block = LegacyTotals.from_data(earlier, key=content_id(earlier)[1:], board=board_name)
    return [block] if block.games else []
