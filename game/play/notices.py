"""What storage reports, in the player's words and language: never a key, always what the player knows it as."""

from __future__ import annotations

from ..storage import HISTORY, PUZZLES, SETTINGS, UNFINISHED, Notice
from ..storage.notices import CANNOT_SAVE, KEPT, KEPT_GAMES, SAVING_AGAIN, STUCK
from ..storage.reasons import Why
from .i18n import tr, tr_mark, tr_n

# storage's reasons in words (every code of game.storage.reasons.Why: a test checks), marked for the catalogue
STORAGE_WORDS: dict[str, str] = {
    Why.DAMAGED: tr_mark("the data is damaged"),
    Why.NOT_OURS_FORMAT: tr_mark("the data is not in Pipopipette's format"),
    Why.OTHER_PROGRAM: tr_mark("the data was written by another program"),
    Why.NO_VERSION: tr_mark("the data has no valid format version"),
    Why.NEWER: tr_mark("the data was saved by a newer version of Pipopipette"),
    Why.INCOMPLETE: tr_mark("the data is incomplete"),
    Why.NOT_A_NUMBER: tr_mark("the data holds a number that is not a number"),
    Why.NOT_TEXT: tr_mark("the file is not text"),
    Why.NOT_SETTINGS: tr_mark("they are not a set of named values"),
    Why.NOT_A_GAME: tr_mark("it is not a saved game"),
    Why.NOT_A_HISTORY: tr_mark("it is not a list of games"),
    Why.BAD_TOTALS: tr_mark("the totals of older games are damaged"),
    Why.NOT_PUZZLES: tr_mark("it is not a list of solved puzzles"),
    Why.GAME_NOT_VALUES: tr_mark("a game is not a set of named values"),
    Why.GAME_NO_NAMES: tr_mark("a game has no player names"),
    Why.GAME_BAD_SCORES: tr_mark("a game's scores do not match its players"),
    Why.GAME_BAD_WINNERS: tr_mark("a game's winners are not among its players"),
    Why.GAME_NO_FIELDS: tr_mark("a game's date, board or rules are missing"),
    Why.GAME_BAD_DATE: tr_mark("a game's date cannot be read"),
    Why.GAME_BAD_BOARD: tr_mark("a game's board or rules cannot be read"),
    Why.GAME_BAD_PLAYERS: tr_mark("a game's players do not match its rules"),
    Why.GAME_BAD_ID: tr_mark("a game's id is not text"),
    Why.GAME_BAD_NAME: tr_mark("a game's player name is too long or not text"),
    Why.GAME_BAD_SEATS: tr_mark("a game's players are neither people nor computers"),
    Why.GAME_BAD_MOVES: tr_mark("a game's moves cannot be replayed"),
    Why.GAME_OTHER_VERSION: tr_mark("the saved game is not in a form this version reads"),
    Why.GAME_INCOMPLETE: tr_mark("the saved game is incomplete"),
    Why.FOLDER_READ_ONLY: tr_mark("the data folder is read-only"),
    Why.DISK_FULL: tr_mark("the disk is full"),
    Why.FOLDER_REFUSED: tr_mark("the data folder refused it"),
    Why.BROWSER_FULL: tr_mark("the browser's storage is full"),
    Why.BROWSER_NO_SAVING: tr_mark("this browser does not allow saving"),
    Why.BROWSER_REFUSED: tr_mark("the browser refused to save"),
    Why.TOO_MANY_KEPT: tr_mark("too many earlier unreadable copies are already kept"),
    Why.NOT_WORKING: tr_mark("saving does not work"),
}


def storage_words(why: str) -> str:
    """One of storage's reasons (a code of :class:`Why`) in the player's words; anything else as it is, translated."""
    return tr(STORAGE_WORDS.get(why, why))


def notice_text(notice: Notice) -> str:
    """The sentence shown to the player for one of storage's notices."""
    why, error = storage_words(notice.why), storage_words(notice.error)
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
