"""The puzzles in words: each theme's title (the technique it teaches) and hint, and what a puzzle asks and answers.

One table keyed by theme (the themes are ``game.puzzles.THEMES``); the puzzle scene only reads it. A puzzle played
under another rule than the standard one says so in its goal and in its answer: in misère the fewest cells win,
so "wins by 3" means ending with 3 cells fewer than the other player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..core import GameState
from .i18n import tr, tr_mark


class Puzzle(Protocol):
    """What the words read of a puzzle (``game.puzzles.Puzzle``, a package beside this one)."""

    @property
    def theme(self) -> str: ...

    def position(self) -> GameState: ...

    def final_margin(self) -> int: ...


@dataclass(frozen=True)
class ThemeWords:
    """A theme's title, which names its technique, and its hint (both marked for the catalogue, in English)."""

    title: str
    hint: str


THEME_WORDS: dict[str, ThemeWords] = {
    "chains": ThemeWords(
        tr_mark("Counting chains"),
        tr_mark("Count the chains: what each line gives away, and what taking everything leaves you to open."),
    ),
    "all-but-two": ThemeWords(
        tr_mark("All but two"),
        tr_mark("All but two: decline the last two boxes of the chain, so the other player must open the next one."),
    ),
    "all-but-four": ThemeWords(
        tr_mark("All but four"),
        tr_mark("All but four: in an opened loop, leave the last four boxes, so the other player must open next."),
    ),
    "handout": ThemeWords(
        tr_mark("The hard-hearted handout"),
        tr_mark("The hard-hearted handout: give a chain of two away by its middle line, so it cannot be declined."),
    ),
    "long-chain": ThemeWords(
        tr_mark("The long-chain rule"),
        tr_mark("The long-chain rule: count dots plus long chains; make or break a chain to get control."),
    ),
    "sacrifice": ThemeWords(
        tr_mark("Sacrifice for control"),
        tr_mark("Sacrifice for control: a safe line would hand over control; give a box or two away now instead."),
    ),
    "loops": ThemeWords(
        tr_mark("Loops"),
        tr_mark("Loops: declining a loop costs four boxes, not two; count whether control is still worth it."),
    ),
    "triangles": ThemeWords(
        tr_mark("Triangles"),
        tr_mark("Triangles have three sides: the second side gives a triangle away. Count the chains as on squares."),
    ),
    "triangles-two": ThemeWords(
        tr_mark("Triangles: leave the last two"),
        tr_mark(
            "Leave the last two: take all but two of the opened chain, then draw its far end; the other opens next."
        ),
    ),
    "hexagons": ThemeWords(
        tr_mark("Hexagons"),
        tr_mark("Hexagons have six sides: the fifth side gives a hexagon away. Count the chains as on squares."),
    ),
    "misere": ThemeWords(
        tr_mark("Misère"),
        tr_mark(
            "Misère: the fewest boxes win. Leave boxes for the other player to take; a box you close makes you "
            "move again."
        ),
    ),
    "no-extra": ThemeWords(
        tr_mark("No extra move"),
        tr_mark("No extra move: closing a box ends your turn, so every capture is a move the other player answers."),
    ),
    "fight": ThemeWords(
        tr_mark("The fight for control"),
        tr_mark(
            "The fight for control: many safe lines are left. Count the safe moves and the long chains to come; "
            "only one line gets the count right."
        ),
    ),
}


def theme_title(puzzle: Puzzle) -> str:
    return tr(THEME_WORDS[puzzle.theme].title)


def hint_text(puzzle: Puzzle) -> str:
    return tr("Hint: {hint}").format(hint=tr(THEME_WORDS[puzzle.theme].hint))


def rule_note(puzzle: Puzzle) -> str:
    """The rule the puzzle is played under when it is not the standard one (said before the goal and after the
    answer), or ''."""
    rules = puzzle.position().rules
    if rules.misere:
        return tr("Misère: the fewest boxes win.")
    if rules.no_extra:
        return tr("No extra move after a capture.")
    return ""


def goal_text(puzzle: Puzzle) -> str:
    """What the player must find, from the final result the answer leads to with best play."""
    margin = puzzle.final_margin()
    if margin > 0:
        goal = tr("Find the one line that wins by {n}.").format(n=margin)
    elif margin == 0:
        goal = tr("Find the one line that draws.")
    else:
        goal = tr("Find the one line that loses by only {n}.").format(n=-margin)
    note = rule_note(puzzle)
    return f"{note} {goal}" if note else goal


def right_text(puzzle: Puzzle) -> str:
    margin = puzzle.final_margin()
    if margin > 0:
        right = tr("Right! With best play this line wins by {n}.").format(n=margin)
    elif margin == 0:
        right = tr("Right! With best play this line draws.")
    else:
        right = tr("Right! With best play this line loses by only {n}.").format(n=-margin)
    note = rule_note(puzzle)
    return f"{right} {note}" if note else right
