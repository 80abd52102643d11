"""Phrases built from the game's own values (boards, hint reasons, review judgements, levels), in the active
language: the core and the AI give codes and numbers (:mod:`game.ai.reasons`), the words are all here."""

from __future__ import annotations

from datetime import datetime

from ...ai.reasons import Judgement, Mistake, Reason, Why
from ...core import Board
from ...core.shapes import shape_of
from . import tr, tr_mark

REASONS = {
    Why.TAKES: tr_mark("takes the box"),
    Why.SAFE: tr_mark("safe line"),
    Why.ALL_BUT_TWO: tr_mark("take all but two: keeps control"),
    Why.ALL_BUT_FOUR: tr_mark("take all but four: keeps control"),
    Why.SACRIFICE: tr_mark("sacrifice to win control"),
    Why.WINNING: tr_mark("you are winning: the rest is yours with correct play"),
    Why.OPENS_SHORTEST: tr_mark("opens the shortest chain (gives {n})"),
}
# A hint to play safe or to take, said of the board's own cells (by shape name)
SAFE_HINTS = {
    "square": tr_mark("Hint: a safe line, it gives no box its third side"),
    "triangle": tr_mark("Hint: a safe line, it gives no triangle its second side"),
    "hex": tr_mark("Hint: a safe line, it gives no hexagon its fifth side"),
}
TAKE_HINTS = {
    "square": tr_mark("Hint: take the box, then move again"),
    "triangle": tr_mark("Hint: take the triangle, then move again"),
    "hex": tr_mark("Hint: take the hexagon, then move again"),
}
# What names the board's cells in the winner row, the misère note and the refusal of a line while a capture is due
MOST_CELLS = {
    "square": tr_mark("Most boxes"),
    "triangle": tr_mark("Most triangles"),
    "hex": tr_mark("Most hexagons"),
}
MISERE_NOTES = {
    "square": tr_mark("misère: fewest boxes wins"),
    "triangle": tr_mark("misère: fewest triangles wins"),
    "hex": tr_mark("misère: fewest hexagons wins"),
}
CLOSE_FIRST = {
    "square": tr_mark("Captures are compulsory: close a box first"),
    "triangle": tr_mark("Captures are compulsory: close a triangle first"),
    "hex": tr_mark("Captures are compulsory: close a hexagon first"),
}
MISTAKES = {
    Mistake.HANDED_OVER: tr_mark("handed over control"),
    Mistake.LEFT_BOXES: tr_mark("left boxes that were free to take"),
    Mistake.GAVE_EARLY: tr_mark("gave boxes away while a safe line was left"),
    Mistake.MISSED_SACRIFICE: tr_mark("missed the sacrifice that wins control"),
    Mistake.LONGER_CHAIN: tr_mark("opened a longer chain than needed"),
}
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


def reason_words(reason: Reason) -> str:
    """A hint's reason as the player reads it inside a sentence ("safe line")."""
    return tr(REASONS[reason.why]).format(n=reason.cells)


def hint_reason(reason: Reason) -> str:
    """A hint's reason as the player reads it on its own, capitalised ("Safe line")."""
    text = reason_words(reason)
    return text[:1].upper() + text[1:]


def cell_words(table: dict[str, str], board: Board) -> str:
    """The phrase of ``table`` (keyed by shape name) that names ``board``'s own cells, in the active language."""
    return tr(table[shape_of(board).name])


def tie_note(board: Board, players: int) -> str:
    """Whether the players can tie on ``board``: only when its cells share out evenly among them."""
    if board.num_cells % players:
        return tr("no tie possible")
    return tr("a tie is possible")


def hint_text(reason: Reason | None, board: Board) -> str:
    """The hint as a sentence for the status line: a safe line or a take says it of the board's own cells; None
    (no reason known) points at the marked line."""
    if reason is None:
        return tr("Hint: try the marked line")
    if reason.why is Why.SAFE:
        return cell_words(SAFE_HINTS, board)
    if reason.why is Why.TAKES:
        return cell_words(TAKE_HINTS, board)
    return tr("Hint: {reason}").format(reason=hint_reason(reason))


def cost_text(loss: int, judgement: Judgement | None) -> str:
    """ "Best move", or "Gave away 4: handed over control", for a reviewed move that lost ``loss`` cells."""
    if not loss or judgement is None:
        return tr("Best move")
    if judgement.mistake is not None:
        reason = tr(MISTAKES[judgement.mistake])
    elif judgement.better is not None:
        reason = tr("the dotted line was better ({reason})").format(reason=reason_words(judgement.better))
    else:
        return tr("Gave away {n}: the dotted line was better").format(n=loss)
    return tr("Gave away {n}: {reason}").format(n=loss, reason=reason)


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
