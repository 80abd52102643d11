"""What is wrong with a link or a position code, in the player's words: each kind of :class:`CodeError` (the core
says which, in :data:`game.core.notation.CODE_PROBLEMS`) as a sentence that says what happened and what to do,
never the parser's own terms (fields, check characters)."""

from __future__ import annotations

from ..core import CodeError, GameState, decode
from .i18n import tr, tr_mark

NOT_A_LINK = tr_mark("This is not a game link.")
DAMAGED = tr_mark("This link is damaged: the game in it cannot be read. Ask for the link again.")
CHANGED = tr_mark("This link was changed on the way: a letter in it is wrong or missing. Ask for the link again.")
NEWER = tr_mark("This link was made by another version of the game, which this one cannot read.")
LINK_PROBLEMS = {
    "not-text": NOT_A_LINK,
    "too-long": NOT_A_LINK,
    "incomplete": tr_mark("This link is not whole: part of it was lost when it was copied. Ask for the link again."),
    "check": CHANGED,
    "version": NEWER,
    "board": tr_mark("This link's board is not one this game has."),
    "rules": DAMAGED,
    "first": DAMAGED,
    "damaged": DAMAGED,
}


class LinkError(ValueError):
    """A link or code that cannot be opened; the message says why, for the player."""


def link_problem(error: CodeError) -> str:
    """The sentence to show for a link whose position code could not be read."""
    return tr(LINK_PROBLEMS.get(getattr(error, "kind", "damaged"), DAMAGED))


def decode_link_code(code: str) -> GameState:
    """The game in a link's position code; :class:`LinkError` saying why not, in the player's words."""
    try:
        return decode(code)
    except CodeError as error:
        raise LinkError(link_problem(error)) from None
