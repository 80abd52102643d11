"""Statistics from the saved history: the one person's games against the computer, by level and board.

A history entry is what :meth:`Session.record` saved, checked by ``game.storage`` (which also keeps the totals of
older games, sorted by :func:`outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ai import LEVELS
from ..core import CodeError
from ..core.notation import parse_board_token, parse_rules_token
from ..core.shapes import shape_of
from ..storage import Earlier
from ..storage.history import Outcome
from .i18n import tr, tr_n

WON, DRAWN, LOST = "won", "drawn", "lost"


def outcome(entry: dict[str, Any]) -> Outcome | None:
    """The person's result in ``entry``, or None when it was not one person against the computer."""
    seats = entry.get("seats")
    if not isinstance(seats, list) or len(seats) != len(entry["names"]):
        return None
    humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
    computers = [s for s in seats if isinstance(s, dict) and s.get("kind") == "computer"]
    levels = [str(s["level"]) for s in computers if s.get("level") in LEVELS]
    if len(humans) != 1 or not levels:
        return None
    try:
        board = parse_board_token(str(entry.get("board")))
        short = shape_of(board).short_name(board, tr)
        misere = parse_rules_token(str(entry.get("rules"))).misere
    except CodeError:
        return None
    you = humans[0]
    scores = entry["scores"]
    others = [score for seat, score in enumerate(scores) if seat != you]
    margin = (min(others) - scores[you]) if misere else (scores[you] - max(others))
    winners = entry["winners"]
    result = LOST if you not in winners else DRAWN if len(winners) > 1 else WON
    return Outcome(max(levels, key=LEVELS.index), short, result, margin)


@dataclass
class Row:
    """Played, won, drawn, lost and the best winning margin against one level on one board."""

    level: str
    board: str
    won: int = 0
    drawn: int = 0
    lost: int = 0
    best: int | None = None

    @property
    def played(self) -> int:
        return self.won + self.drawn + self.lost

    def add(self, game: Outcome) -> None:
        if game.result == WON:
            self.won += 1
            self.best = game.margin if self.best is None else max(self.best, game.margin)
        elif game.result == DRAWN:
            self.drawn += 1
        else:
            self.lost += 1


def stats_rows(entries: list[dict[str, Any]], earlier: Earlier | None = None) -> list[Row]:
    """One row per (level, board) the person has played (in ``entries`` and the ``earlier`` totals), weakest level
    first, then most played."""
    rows: dict[tuple[str, str], Row] = {}
    for key, (won, drawn, lost, best) in (earlier.rows if earlier else {}).items():
        level, board = key.split("|", 1)
        if level in LEVELS:
            rows[(level, board)] = Row(level, board, won, drawn, lost, best)
    for entry in entries:
        game = outcome(entry)
        if game is not None:
            rows.setdefault((game.level, game.board), Row(game.level, game.board)).add(game)
    return sorted(rows.values(), key=lambda row: (LEVELS.index(row.level), -row.played, row.board))


def current_streak(entries: list[dict[str, Any]], earlier: Earlier | None = None) -> tuple[str, int]:
    """(result, how many in a row) of the person's latest games against the computer, continuing the streak the
    ``earlier`` totals ended on; ("", 0) when none."""
    results = [game.result for game in map(outcome, entries) if game is not None]
    before, before_count = earlier.streak if earlier else ("", 0)
    if not results:
        return (before, before_count) if before_count else ("", 0)
    last = results[-1]
    count = 0
    for result in reversed(results):
        if result != last:
            break
        count += 1
    if count == len(results) and before == last:
        count += before_count
    return last, count


def streak_text(entries: list[dict[str, Any]], earlier: Earlier | None = None) -> str:
    result, count = current_streak(entries, earlier)
    if not count:
        return tr("Play the computer to see your record by level and board.")
    if result == WON:
        return tr_n("Current streak: {n} win", "Current streak: {n} wins", count)
    if result == DRAWN:
        return tr_n("Current streak: {n} draw", "Current streak: {n} draws", count)
    return tr_n("Current streak: {n} loss", "Current streak: {n} losses", count)
