"""What storage reports, in the player's words and language: never a key, always what the player knows it as."""

from __future__ import annotations

from ..storage import HISTORY, PUZZLES, SETTINGS, UNFINISHED, Notice
from ..storage.notices import CANNOT_SAVE, KEPT, KEPT_GAMES, SAVING_AGAIN, STUCK
from .i18n import tr, tr_mark, tr_n

# storage's phrases (game.storage.phrases.ALL), marked for the catalogue; tests check the two sets are equal
STORAGE_PHRASES = (
    tr_mark("the data is damaged"),
    tr_mark("the data is not in Pipopipette's format"),
    tr_mark("the data was written by another program"),
    tr_mark("the data has no valid format version"),
    tr_mark("the data was saved by a newer version of Pipopipette"),
    tr_mark("the data is incomplete"),
    tr_mark("the data holds a number that is not a number"),
    tr_mark("the file is not text"),
    tr_mark("they are not a set of named values"),
    tr_mark("it is not a saved game"),
    tr_mark("it is not a list of games"),
    tr_mark("the totals of older games are damaged"),
    tr_mark("it is not a list of solved puzzles"),
    tr_mark("a game is not a set of named values"),
    tr_mark("a game has no player names"),
    tr_mark("a game's scores do not match its players"),
    tr_mark("a game's winners are not among its players"),
    tr_mark("a game's date, board or rules are missing"),
    tr_mark("a game's date cannot be read"),
    tr_mark("a game's board or rules cannot be read"),
    tr_mark("a game's players do not match its rules"),
    tr_mark("a game's id is not text"),
    tr_mark("a game's player name is too long or not text"),
    tr_mark("a game's players are neither people nor computers"),
    tr_mark("a game's moves cannot be replayed"),
    tr_mark("the saved game is not in a form this version reads"),
    tr_mark("the saved game is incomplete"),
    tr_mark("the data folder is read-only"),
    tr_mark("the disk is full"),
    tr_mark("the data folder refused it"),
    tr_mark("the browser's storage is full"),
    tr_mark("this browser does not allow saving"),
    tr_mark("the browser refused to save"),
    tr_mark("too many earlier unreadable copies are already kept"),
    tr_mark("saving does not work"),
)


def notice_text(notice: Notice) -> str:
    """The sentence shown to the player for one of storage's notices."""
    why, error = tr(notice.why), tr(notice.error)
    if notice.kind == KEPT:
        if notice.key == SETTINGS:
            text = tr("Your saved settings could not be read ({why}). They were kept unchanged; the defaults are used.")
        elif notice.key == UNFINISHED:
            text = tr("Your unfinished game could not be read ({why}). It was kept unchanged; start a new game.")
        elif notice.key == HISTORY:
            text = tr("Your game history could not be read ({why}). It was kept unchanged; new games start afresh.")
        elif notice.key == PUZZLES:
            text = tr("Your solved puzzles could not be read ({why}). They were kept unchanged; puzzles start afresh.")
        else:
            text = tr("Some saved data could not be read ({why}). It was kept unchanged.")
        return text.format(why=why)
    if notice.kind == STUCK:
        return tr(
            "Some saved data could not be read ({why}) nor moved aside ({error}). It is left as it was; nothing "
            "will be saved over it."
        ).format(why=why, error=error)
    if notice.kind == KEPT_GAMES:
        return tr_n(
            "{n} game in your history could not be read ({why}). It was kept unchanged; the others are shown.",
            "{n} games in your history could not be read ({why}). They were kept unchanged; the others are shown.",
            notice.count,
        ).format(why=why)
    if notice.kind == CANNOT_SAVE:
        return tr("Results cannot be saved now: {why}. Play on; they will be saved when saving works again.").format(
            why=why
        )
    if notice.kind == SAVING_AGAIN:
        return tr("Saving works again: everything is saved.")
    return tr("Some saved data needs attention.")
