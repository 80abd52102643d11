"""The typed records storage owns, and the one schema every stored or imported value passes: ``from_data`` checks
a value (types, ranges, sizes) and raises :class:`RecordError` with the reason; ``to_data`` gives plain JSON back.

The same ``from_data`` runs when a value is read from the device and when it comes in a backup file, so a value
refused at one door is refused at the other. Ranges: dates are ISO 8601 between :data:`FIRST_DAY` and
:data:`LAST_DAY` once in UTC; counts and scores are whole numbers from 0 to :data:`MAX_COUNT` / :data:`MAX_SCORE`;
text is at most a stated length and has no lone surrogate; numbers are finite (the JSON reader refuses NaN and
Infinity before anything here sees them, see ``envelope.py``). No pygame here.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, NamedTuple

from ..core import CodeError, decode
from ..core.notation import parse_board_token, parse_rules_token
from .reasons import Why

FIRST_DAY = datetime(1970, 1, 1, tzinfo=UTC)
LAST_DAY = datetime(2999, 12, 31, tzinfo=UTC)
MAX_COUNT = 10_000_000  # games in one set of totals: far beyond a lifetime of play, far below 10**30
MAX_SCORE = 10_000  # boxes in one game or match (12x12 boxes, 4 boards: 576)
MAX_NAME = 100  # characters in a stored player name (the game lets a player type 12)
MAX_ID = 64
MAX_CODE = 2000  # a position code is never longer
MAX_BOARDS = 4
MAX_SHORT = 40  # a level, a seat kind, a board token, a result
RESULTS = ("won", "drawn", "lost")
SEAT_KINDS = ("human", "computer")
MAX_DEPTH = 20  # nesting of a field this version does not know


class RecordError(ValueError):
    """A value that does not pass the schema; the message is a code of storage's reasons (reasons.py)."""


class Outcome(NamedTuple):
    """One game of one person against the computer: the strongest level met, the board token, result and margin."""

    level: str
    board: str
    result: str
    margin: int


Classify = Callable[["FinishedGame"], Outcome | None]
"""Gives a game's Outcome for the totals, or None when it counts only in the number of games."""


# -- the schema's pieces --------------------------------------------------------------------------------------
def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def text(value: Any, limit: int, why: str, empty: bool = False) -> str:
    """``value`` as text of at most ``limit`` characters with no lone surrogate (else RecordError(why))."""
    if not isinstance(value, str) or len(value) > limit or (not value and not empty) or not _encodable(value):
        raise RecordError(why)
    return value


def _encodable(value: str) -> bool:
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800"), which JSON can carry and UTF-8 cannot
        return False
    return True


def count(value: Any, limit: int, why: str, low: int = 0) -> int:
    """``value`` as a whole number from ``low`` to ``limit`` (else RecordError(why))."""
    if not is_int(value) or not low <= value <= limit:
        raise RecordError(why)
    return value


def date(value: Any) -> str:
    """``value`` as an ISO 8601 date between FIRST_DAY and LAST_DAY (a date without an offset is in UTC)."""
    if not isinstance(value, str) or len(value) > MAX_SHORT:
        raise RecordError(Why.GAME_BAD_DATE)
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        utc = when.astimezone(UTC)
    except (ValueError, OverflowError):  # 0001-01-01T00:00+01:00 is before the calendar's first day in UTC
        raise RecordError(Why.GAME_BAD_DATE) from None
    if not FIRST_DAY <= utc <= LAST_DAY:
        raise RecordError(Why.GAME_BAD_DATE)
    return value


def sort_key(value: str) -> datetime:
    """A checked date as a moment, for sorting games recorded in different time zones."""
    when = datetime.fromisoformat(value)
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def game_order(game: FinishedGame | FoldedGame) -> tuple[datetime, str]:
    """The order of the history: by date, then by id (games that share a time stamp, whatever order a merge or an
    import left them in)."""
    return sort_key(game.date), game.id


def plain(value: Any, why: str, depth: int = 0) -> Any:
    """``value`` if it is plain JSON with finite numbers and encodable text, nested at most MAX_DEPTH deep."""
    if depth > MAX_DEPTH:
        raise RecordError(why)
    if value is None or isinstance(value, bool) or is_int(value):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(why)
        return value
    if isinstance(value, str):
        return text(value, len(value), why, empty=True)
    if isinstance(value, list):
        return [plain(item, why, depth + 1) for item in value]
    if isinstance(value, dict):
        return {text(k, len(k), why, empty=True): plain(v, why, depth + 1) for k, v in value.items()}
    raise RecordError(why)


def content_id(data: Any) -> str:
    """An id made from a value's content (checked text): the same for the same value wherever it is read."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return "c" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


@lru_cache(maxsize=256)
def players_of(board: str, rules: str) -> int:
    """How many players the rules token names (RecordError when the board or the rules cannot be read)."""
    try:
        parse_board_token(board)
        return parse_rules_token(rules).players
    except CodeError:
        raise RecordError(Why.GAME_BAD_BOARD) from None


@lru_cache(maxsize=1024)
def replays(code: str, board: str, rules: str) -> bool:
    """True when ``code`` decodes to a game on ``board`` under ``rules`` (tokens)."""
    try:
        game = decode(code)
        return game.board is parse_board_token(board) and game.rules == parse_rules_token(rules)
    except CodeError:
        return False


# -- a finished game ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    kind: str
    level: str

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


KNOWN_FIELDS = (
    "id", "date", "board", "rules", "seats", "names", "scores", "winners", "moves", "boards", "decider", "rated"
)  # fmt: skip


@dataclass(frozen=True)
class FinishedGame:
    """One finished game or match as the history keeps it.

    ``board`` and ``rules`` are the position code's tokens (language-free); ``moves`` holds each board's position
    code (empty for a game saved before moves were); ``boards`` a match's scores board by board (empty for one
    board or before they were recorded); ``seats`` is empty for a game saved before seats were. Fields this version
    does not know are kept in ``extra`` and written back as they were.
    """

    id: str
    date: str
    board: str
    rules: str
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seats: tuple[Seat, ...] = ()
    moves: tuple[str, ...] = ()
    boards: tuple[tuple[int, ...], ...] = ()
    decider: bool = False
    rated: bool = False  # counts for the player's rating (game/play/rating.py); games before ratings: False
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            **self.extra,
            "id": self.id,
            "date": self.date,
            "board": self.board,
            "rules": self.rules,
            "names": list(self.names),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "moves": list(self.moves),
            "decider": self.decider,
        }
        if self.rated:
            data["rated"] = True
        if self.seats:  # (none for a game saved before seats were)
            data["seats"] = [{"kind": seat.kind, "level": seat.level} for seat in self.seats]
        if self.boards:
            data["boards"] = [list(scores) for scores in self.boards]
        return data

    @classmethod
    def from_data(cls, data: Any, replay: bool = True) -> FinishedGame:
        """The game in ``data``; RecordError says why not. A game without an id gets one made from its content (the
        same in every tab). ``replay``: each board's position code must decode to a game of this board and rules
        (the history skips it for games about to be folded into totals, whose moves are not kept)."""
        if not isinstance(data, dict):
            raise RecordError(Why.GAME_NOT_VALUES)
        names = data.get("names")
        if not (isinstance(names, list) and names):
            raise RecordError(Why.GAME_NO_NAMES)
        names_t = tuple(text(name, MAX_NAME, Why.GAME_BAD_NAME, empty=True) for name in names)
        scores = data.get("scores")
        if not (isinstance(scores, list) and len(scores) == len(names)):
            raise RecordError(Why.GAME_BAD_SCORES)
        scores_t = tuple(count(score, MAX_SCORE, Why.GAME_BAD_SCORES) for score in scores)
        winners = data.get("winners")
        if not isinstance(winners, list) or len(set(map(repr, winners))) != len(winners):
            raise RecordError(Why.GAME_BAD_WINNERS)
        winners_t = tuple(count(w, len(names) - 1, Why.GAME_BAD_WINNERS) for w in winners)
        for name in ("date", "board", "rules"):
            if not isinstance(data.get(name), str):
                raise RecordError(Why.GAME_NO_FIELDS)
        when = date(data["date"])
        board = text(data["board"], MAX_SHORT, Why.GAME_BAD_BOARD)
        rules = text(data["rules"], MAX_SHORT, Why.GAME_BAD_BOARD)
        if players_of(board, rules) != len(names):
            raise RecordError(Why.GAME_BAD_PLAYERS)
        given = data.get("id")
        if given is not None and not isinstance(given, str):
            raise RecordError(Why.GAME_BAD_ID)
        extra = plain({key: value for key, value in data.items() if key not in KNOWN_FIELDS}, Why.GAME_NOT_VALUES)
        return cls(
            id=text(given, MAX_ID, Why.GAME_BAD_ID) if given else content_id(data),
            date=when,
            board=board,
            rules=rules,
            names=names_t,
            scores=scores_t,
            winners=winners_t,
            seats=_seats(data.get("seats"), len(names)),
            moves=_moves(data.get("moves"), board, rules, replay),
            boards=_boards(data.get("boards"), len(names)),
            decider=_flag(data.get("decider")),
            rated=_flag(data.get("rated")),
            extra=extra,
        )


def _seats(seats: Any, players: int) -> tuple[Seat, ...]:
    if seats is None:
        return ()
    if not isinstance(seats, list):
        raise RecordError(Why.GAME_BAD_SEATS)
    if len(seats) != players:
        raise RecordError(Why.GAME_BAD_PLAYERS)
    found = []
    for seat in seats:
        if not (isinstance(seat, dict) and seat.get("kind") in SEAT_KINDS):
            raise RecordError(Why.GAME_BAD_SEATS)
        found.append(Seat(seat["kind"], text(seat.get("level"), MAX_SHORT, Why.GAME_BAD_SEATS)))
    return tuple(found)


def _moves(moves: Any, board: str, rules: str, replay: bool) -> tuple[str, ...]:
    if moves is None:
        return ()
    if not (isinstance(moves, list) and len(moves) <= MAX_BOARDS):
        raise RecordError(Why.GAME_BAD_MOVES)
    codes = tuple(text(code, MAX_CODE, Why.GAME_BAD_MOVES) for code in moves)
    if replay and not all(replays(code, board, rules) for code in codes):
        raise RecordError(Why.GAME_BAD_MOVES)
    return codes


def _boards(boards: Any, players: int) -> tuple[tuple[int, ...], ...]:
    if boards is None:
        return ()
    if not (isinstance(boards, list) and len(boards) <= MAX_BOARDS):
        raise RecordError(Why.GAME_BAD_SCORES)
    found = []
    for scores in boards:
        if not (isinstance(scores, list) and len(scores) == players):
            raise RecordError(Why.GAME_BAD_SCORES)
        found.append(tuple(count(score, MAX_SCORE, Why.GAME_BAD_SCORES) for score in scores))
    return tuple(found)


def _flag(value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    raise RecordError(Why.GAME_NO_FIELDS)


# -- a game folded into the totals ----------------------------------------------------------------------------
@dataclass(frozen=True)
class FoldedGame:
    """A game older than the recent ones, kept as its id, date and outcome (None: it was not one person against
    the computer, so it counts only in the number of games), and whether it counted for the rating (its result
    against the strongest level met is what the rating replays). Stored as ``[id, date]``,
    ``[id, date, level, board, result, margin]`` or, rated, ``[id, date, level, board, result, margin, 1]``."""

    id: str
    date: str
    outcome: Outcome | None = None
    rated: bool = False

    def to_data(self) -> list[Any]:
        rated = [1] if self.rated and self.outcome else []
        return [self.id, self.date, *(self.outcome or ()), *rated]

    @classmethod
    def from_data(cls, data: Any) -> FoldedGame:
        if not (isinstance(data, list) and len(data) in (2, 6, 7)) or (len(data) == 7 and data[6] != 1):
            raise RecordError(Why.BAD_TOTALS)
        game_id = text(data[0], MAX_ID, Why.BAD_TOTALS)
        when = date(data[1]) if isinstance(data[1], str) else _raise(Why.BAD_TOTALS)
        if len(data) == 2:
            return cls(game_id, when)
        level, board, result, margin = data[2:6]
        if result not in RESULTS:
            raise RecordError(Why.BAD_TOTALS)
        return cls(
            game_id,
            when,
            Outcome(
                text(level, MAX_SHORT, Why.BAD_TOTALS),
                text(board, MAX_SHORT, Why.BAD_TOTALS),
                result,
                count(margin, MAX_SCORE, Why.BAD_TOTALS, low=-MAX_SCORE),
            ),
            rated=len(data) == 7,
        )

    @classmethod
    def of(cls, game: FinishedGame, classify: Classify | None) -> FoldedGame:
        outcome = classify(game) if classify else None
        return cls(game.id, game.date, outcome, game.rated and outcome is not None)


def _raise(why: str) -> Any:
    raise RecordError(why)


# -- totals kept from before games were folded one by one -----------------------------------------------------
Row = list[Any]  # [won, drawn, lost, best winning margin or None]


@dataclass(frozen=True)
class LegacyTotals:
    """Totals of older games as versions before this one kept them (a count, rows by "level|board", the streak
    they ended on), with no game ids. ``key`` is made from their content as first stored, so the same totals
    (this device's, or a backup's imported twice) are counted once."""

    key: str
    games: int
    rows: Mapping[str, Row]
    streak: tuple[str, int] = ("", 0)

    def to_data(self) -> dict[str, Any]:
        return {"key": self.key, "games": self.games, "rows": dict(self.rows), "streak": list(self.streak)}

    @classmethod
    def from_data(cls, data: Any, key: str | None = None, board: Callable[[str], str] | None = None) -> LegacyTotals:
        """Totals in their stored form (``key`` given: the form before this version, whose row keys may name the
        board in the player's language; ``board`` turns such a name into its token, and rows that then share a
        key are added up)."""
        why = Why.BAD_TOTALS
        if not isinstance(data, dict):
            raise RecordError(why)
        games = count(data.get("games"), MAX_COUNT, why)
        rows: dict[str, Row] = {}
        stored_rows = data.get("rows", {})
        if not isinstance(stored_rows, dict):
            raise RecordError(why)
        for name, row in stored_rows.items():
            level, _, where = text(name, 2 * MAX_SHORT + 1, why).partition("|")
            if not where:
                raise RecordError(why)
            name = f"{level}|{board(where) if board else where}"
            rows[name] = _add_rows(rows.get(name), _row(row))
        if sum(sum(row[:3]) for row in rows.values()) > games:
            raise RecordError(why)
        streak = data.get("streak", ["", 0])
        if not (isinstance(streak, list) and len(streak) == 2 and streak[0] in ("", *RESULTS)):
            raise RecordError(why)
        streak_t = (streak[0], count(streak[1], games, why))
        made_key = key if key is not None else text(data.get("key"), MAX_ID, why)
        return cls(made_key, games, rows, streak_t)


def _row(row: Any) -> Row:
    why = Why.BAD_TOTALS
    if not (isinstance(row, list) and len(row) == 4):
        raise RecordError(why)
    best = None if row[3] is None else count(row[3], MAX_SCORE, why, low=-MAX_SCORE)
    return [*(count(n, MAX_COUNT, why) for n in row[:3]), best]


def _add_rows(old: Row | None, new: Row) -> Row:
    if old is None:
        return new
    best = [b for b in (old[3], new[3]) if b is not None]
    return [old[0] + new[0], old[1] + new[1], old[2] + new[2], max(best) if best else None]


# -- the unfinished game --------------------------------------------------------------------------------------
UNFINISHED_VERSION = 1


@dataclass(frozen=True)
class UnfinishedGame:
    """The autosaved game in play: its settings (named values, checked by ``game.play.settings``), who started,
    each board's position code, the board in play, the move timer's time left, why it is played (a game or a
    decider) and the id of a game played by link."""

    settings: Mapping[str, Any]
    starter: int
    codes: tuple[str, ...]
    current: int
    timer_left: float | None = None
    purpose: str = "game"
    link: str | None = None
    unrated: bool = False  # undo or a hint was used, or the game began on a given position: it will not be rated

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "version": UNFINISHED_VERSION,
            "settings": dict(self.settings),
            "starter": self.starter,
            "codes": list(self.codes),
            "current": self.current,
            "timer_left": self.timer_left,
            "purpose": self.purpose,
        }
        if self.unrated:
            data["unrated"] = True
        return {**data, "link": self.link} if self.link else data

    @classmethod
    def from_data(cls, data: Any) -> UnfinishedGame:
        """The game in ``data`` (its shape and bounds; ``game.play.match.resume_session`` checks its meaning)."""
        if not isinstance(data, dict):
            raise RecordError(Why.NOT_A_GAME)
        if data.get("version") != UNFINISHED_VERSION:
            raise RecordError(Why.GAME_OTHER_VERSION)
        why = Why.GAME_INCOMPLETE
        settings, codes = data.get("settings"), data.get("codes")
        if not isinstance(settings, dict) or not isinstance(codes, list) or len(codes) > MAX_BOARDS:
            raise RecordError(why)
        stored_left: Any = data.get("timer_left")
        timer_left: float | None = None  # (out of range: the clock starts afresh rather than the game being lost)
        if (is_int(stored_left) or isinstance(stored_left, float)) and 0 <= stored_left <= 3600:
            timer_left = float(stored_left)
        link = data.get("link")
        return cls(
            settings=plain(settings, why),
            starter=count(data.get("starter"), MAX_BOARDS - 1, why),
            codes=tuple(text(code, MAX_CODE, why) for code in codes),
            current=count(data.get("current"), MAX_BOARDS, why, low=-MAX_BOARDS),
            timer_left=timer_left,
            purpose="decider" if data.get("purpose") == "decider" else "game",
            link=link if isinstance(link, str) and link and len(link) <= MAX_ID and _encodable(link) else None,
            unrated=_flag(data.get("unrated")),
        )
