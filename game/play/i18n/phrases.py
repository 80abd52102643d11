"""Phrases built from the game's own values (boards, hint reasons, levels), in the active language."""

from __future__ import annotations

import re
from datetime import datetime

from ...ai import hints
from ...core import Board
from ...core.shapes import shape_of
from . import tr, tr_mark

HINT_REASONS = {
    hints.TAKES: tr_mark("takes the box"),
    hints.SAFE: tr_mark("safe line"),
    hints.ALL_BUT_TWO: tr_mark("take all but two: keeps control"),
    hints.ALL_BUT_FOUR: tr_mark("take all but four: keeps control"),
    hints.SACRIFICE: tr_mark("sacrifice to win control"),
    hints.WINNING: tr_mark("you are winning: the rest is yours with correct play"),
}
_OPENS = re.compile(r"opens the shortest chain \(gives (\d+)\)")
# The starts by what is drawn: sheet 000's Swedish board has its border drawn; the left-and-bottom start is in no
# rules sheet (the code calls it "icelandic"), and sheet 003's "Swedish / Icelandic rule" is something else, the
# permission to decline captures (see Captures in Settings and How to play).
START_NAMES = {
    "normal": tr_mark("Empty"),
    "swedish": tr_mark("Swedish board (border drawn)"),
    "icelandic": tr_mark("Left and bottom drawn"),
}
ANIMATION_NAMES = {"slow": tr_mark("Slow"), "normal": tr_mark("Normal"), "fast": tr_mark("Fast")}
LEVEL_NAMES = {
    "beginner": tr_mark("Beginner"),
    "easy": tr_mark("Easy"),
    "medium": tr_mark("Medium"),
    "hard": tr_mark("Hard"),
    "expert": tr_mark("Expert"),
}


def hint_reason(reason: str) -> str:
    """The AI's reason for a hint (one of :mod:`game.ai.hints`' constants) as the player reads it, capitalised."""
    opens = _OPENS.fullmatch(reason)
    if opens:
        text = tr("opens the shortest chain (gives {n})").format(n=opens.group(1))
    else:
        text = tr(HINT_REASONS.get(reason, reason))
    return text[:1].upper() + text[1:]


def tie_note(board: Board, players: int) -> str:
    """Whether the players can tie on ``board``: only when its cells share out evenly among them."""
    if board.num_cells % players:
        return tr("no tie possible")
    return tr("a tie is possible")


def level_name(level: str) -> str:
    return tr(LEVEL_NAMES.get(level, level.title()))


def describe_board(board: Board) -> str:
    """A name players understand, with cells and dots both given (the shape table's words, translated)."""
    return shape_of(board).describe(board, tr)


MONTHS = (
    *(tr_mark("Jan"), tr_mark("Feb"), tr_mark("Mar"), tr_mark("Apr"), tr_mark("May"), tr_mark("Jun")),
    *(tr_mark("Jul"), tr_mark("Aug"), tr_mark("Sep"), tr_mark("Oct"), tr_mark("Nov"), tr_mark("Dec")),
)


def format_date(when: datetime) -> str:
    """Day, month and time as the player's language writes them: "30 Nov 2026 14:05" / "30 nov. 2026 14:05"."""
    return f"{when.day} {tr(MONTHS[when.month - 1])} {when.year} {when.hour:02d}:{when.minute:02d}"


MONTH_NAMES = (
    *(tr_mark("January"), tr_mark("February"), tr_mark("March"), tr_mark("April")),
    *(tr_mark("May"), tr_mark("June"), tr_mark("July"), tr_mark("August")),
    *(tr_mark("September"), tr_mark("October"), tr_mark("November"), tr_mark("December")),
)
WEEKDAY_INITIALS = (
    *(tr_mark("Mo"), tr_mark("Tu"), tr_mark("We"), tr_mark("Th"), tr_mark("Fr"), tr_mark("Sa"), tr_mark("Su")),
)


def month_name(month: int) -> str:
    """The month's full name (1 is January); "May" is the same key as the short month, "mai" in French too."""
    return tr(MONTH_NAMES[month - 1])


def weekday_initials() -> list[str]:
    """Two letters a weekday, Monday first."""
    return [tr(day) for day in WEEKDAY_INITIALS]
