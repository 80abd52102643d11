"""Statistics from the saved history: the one person's games against the computer, by level and board.

A game is a :class:`~game.storage.FinishedGame`; ``game.storage`` folds older games into one line each, sorted
by :func:`outcome`, and keeps totals of earlier versions (:func:`board_token_of_name` migrates their rows, which
were keyed by the board's name in the player's language). Rows are keyed by the board's token (``s5x5``), so a
row never splits when the language changes; :func:`board_label` names it in the language shown.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from ..ai import LEVELS
from ..core import CodeError
from ..core.notation import parse_board_token, parse_rules_token
from ..core.shapes import SHAPES, shape_of
from ..storage import Earlier, FinishedGame, Outcome
from .i18n import tr, tr_n
from .i18n.fr import FRENCH
from .settings import Seat

WON, DRAWN, LOST = "won", "drawn", "lost"


def outcome(game: FinishedGame) -> Outcome | None:
    """The person's result in ``game``, or None when it was not one person against the computer."""
    seats = game.seats
    humans = [i for i, seat in enumerate(seats) if seat.kind == "human"]
    levels = [seat.level for seat in seats if seat.is_computer and seat.level in LEVELS]
    if len(humans) != 1 or not levels:
        return None
    misere = parse_rules_token(game.rules).misere  # (checked by storage's schema)
    you = humans[0]
    scores = game.scores
    others = [score for seat, score in enumerate(scores) if seat != you]
    margin = (min(others) - scores[you]) if misere else (scores[you] - max(others))
    winners = game.winners
    result = LOST if you not in winners else DRAWN if len(winners) > 1 else WON
    return Outcome(max(levels, key=LEVELS.index), game.board, result, margin)


def board_label(token: str) -> str:
    """A board token in a few words of the language shown ("5x5 boxes"); what is not a token, as it is."""
    try:
        board = parse_board_token(token)
    except CodeError:
        return token
    return shape_of(board).short_name(board, tr)


def board_token_of_name(name: str) -> str:
    """The token of the board an earlier version named ``name`` in its totals (in English or French); ``name``
    itself when no board has that name."""
    return _names_to_tokens().get(name, name)


@cache
def _names_to_tokens() -> dict[str, str]:
    found: dict[str, str] = {}
    for shape in SHAPES.values():
        for size in itertools.product(shape.sizes, repeat=len(shape.dimensions)):
            try:
                board = parse_board_token(shape.token(size))
            except CodeError:
                continue
            for translate in (str, _french):
                found.setdefault(shape.short_name(board, translate), shape.token(size))
    return found


def _french(text: str) -> str:
    return FRENCH.get(text, text)


def seats_of(game: FinishedGame) -> tuple[Seat, ...] | None:
    """The seats of a finished game for a review (a level this version does not know plays as Easy); None for a
    game saved without its seats."""
    if not game.seats:
        return None
    return tuple(Seat(seat.kind, seat.level if seat.level in LEVELS else "easy") for seat in game.seats)


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


def stats_rows(entries: list[FinishedGame], earlier: Earlier | None = None) -> list[Row]:
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


def current_streak(entries: list[FinishedGame], earlier: Earlier | None = None) -> tuple[str, int]:
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


def streak_text(entries: list[FinishedGame], earlier: Earlier | None = None) -> str:
    result, count = current_streak(entries, earlier)
    if not count:
        return tr("Play the computer to see your record by level and board.")
    if result == WON:
        return tr_n("Current streak: {n} win", "Current streak: {n} wins", count)
    if result == DRAWN:
        return tr_n("Current streak: {n} draw", "Current streak: {n} draws", count)
    return tr_n("Current streak: {n} loss", "Current streak: {n} losses", count)
