"""Statistics from the saved history: the one person's games against the computer, by level and board.

A history entry is what :meth:`Session.record` saved; anything malformed is skipped, never shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ai import LEVELS
from ..core import Board, CodeError
from ..core.notation import parse_board_token, parse_rules_token

WON, DRAWN, LOST = "won", "drawn", "lost"
HISTORY_LIMIT = 200  # the most finished games the history keeps (the newest)


def valid_entries(history: Any) -> list[dict[str, Any]]:
    """The entries that can be shown (anything malformed is skipped), in saved order (oldest first)."""
    if not isinstance(history, list):
        return []
    entries = []
    for entry in history:
        if not isinstance(entry, dict):
            continue
        names, scores, winners = entry.get("names"), entry.get("scores"), entry.get("winners")
        if not (isinstance(names, list) and isinstance(scores, list) and isinstance(winners, list)):
            continue
        if len(names) != len(scores) or not all(isinstance(s, int) for s in scores):
            continue
        entries.append(entry)
    return entries


@dataclass(frozen=True)
class Outcome:
    """One game of the person against the computer: the strongest level met, the board, result and margin."""

    level: str
    board: str
    result: str
    margin: int


def short_board(board: Board) -> str:
    if board.kind == "square":
        return f"{board.size[0]}x{board.size[1]} boxes"
    if board.kind == "triangle":
        return f"triangle {board.size[0]}"
    return f"hexagon {board.num_cells}"


def outcome(entry: dict[str, Any]) -> Outcome | None:
    """The person's result in ``entry``, or None when it was not one person against the computer."""
    seats = entry.get("seats")
    if not isinstance(seats, list) or len(seats) != len(entry["names"]):
        return None
    humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
    levels = [s.get("level") for s in seats if isinstance(s, dict) and s.get("kind") == "computer"]
    levels = [level for level in levels if level in LEVELS]
    if len(humans) != 1 or not levels:
        return None
    try:
        board = short_board(parse_board_token(str(entry.get("board"))))
        misere = parse_rules_token(str(entry.get("rules"))).misere
    except CodeError:
        return None
    you = humans[0]
    scores = entry["scores"]
    others = [score for seat, score in enumerate(scores) if seat != you]
    margin = (min(others) - scores[you]) if misere else (scores[you] - max(others))
    winners = entry["winners"]
    result = LOST if you not in winners else DRAWN if len(winners) > 1 else WON
    return Outcome(max(levels, key=LEVELS.index), board, result, margin)


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


def stats_rows(entries: list[dict[str, Any]]) -> list[Row]:
    """One row per (level, board) the person has played, weakest level first, then most played."""
    rows: dict[tuple[str, str], Row] = {}
    for entry in entries:
        game = outcome(entry)
        if game is not None:
            rows.setdefault((game.level, game.board), Row(game.level, game.board)).add(game)
    return sorted(rows.values(), key=lambda row: (LEVELS.index(row.level), -row.played, row.board))


def current_streak(entries: list[dict[str, Any]]) -> tuple[str, int]:
    """(result, how many in a row) of the person's latest games against the computer; ("", 0) when none."""
    results = [game.result for game in map(outcome, entries) if game is not None]
    if not results:
        return "", 0
    last = results[-1]
    count = 0
    for result in reversed(results):
        if result != last:
            break
        count += 1
    return last, count


def streak_text(entries: list[dict[str, Any]]) -> str:
    result, count = current_streak(entries)
    if not count:
        return "Play the computer to see your record by level and board."
    noun = {WON: "win", DRAWN: "draw", LOST: "loss"}[result]
    plural = "es" if noun == "loss" else "s"
    return f"Current streak: {count} {noun}{plural if count > 1 else ''}"
