"""Why game.storage could not use or save something: codes, no words (as the AI's reasons, game/ai/reasons.py).

Storage puts them in its errors and notices; the player reads them through the language catalogue
(:func:`game.play.notices.storage_words`), where a test checks every code has its words.
"""

from __future__ import annotations

from enum import StrEnum


class Why(StrEnum):
    """A reason's code (the comment gives its words in English)."""

    # why a stored text cannot be used (the envelope)
    DAMAGED = "damaged"  # the data is damaged
    NOT_OURS_FORMAT = "not-ours-format"  # the data is not in Pipopipette's format
    OTHER_PROGRAM = "other-program"  # the data was written by another program
    NO_VERSION = "no-version"  # the data has no valid format version
    NEWER = "newer"  # the data was saved by a newer version of Pipopipette
    INCOMPLETE = "incomplete"  # the data is incomplete
    NOT_A_NUMBER = "not-a-number"  # the data holds a number that is not a number
    NOT_TEXT = "not-text"  # the file is not text

    # why a stored value has the wrong shape
    NOT_SETTINGS = "not-settings"  # they are not a set of named values
    NOT_A_GAME = "not-a-game"  # it is not a saved game
    NOT_A_HISTORY = "not-a-history"  # it is not a list of games
    BAD_TOTALS = "bad-totals"  # the totals of older games are damaged
    NOT_PUZZLES = "not-puzzles"  # it is not a list of solved puzzles

    # why a game in the history cannot be shown
    GAME_NOT_VALUES = "game-not-values"  # a game is not a set of named values
    GAME_NO_NAMES = "game-no-names"  # a game has no player names
    GAME_BAD_SCORES = "game-bad-scores"  # a game's scores do not match its players
    GAME_BAD_WINNERS = "game-bad-winners"  # a game's winners are not among its players
    GAME_NO_FIELDS = "game-no-fields"  # a game's date, board or rules are missing
    GAME_BAD_DATE = "game-bad-date"  # a game's date cannot be read
    GAME_BAD_BOARD = "game-bad-board"  # a game's board or rules cannot be read
    GAME_BAD_PLAYERS = "game-bad-players"  # a game's players do not match its rules
    GAME_BAD_ID = "game-bad-id"  # a game's id is not text
    GAME_BAD_NAME = "game-bad-name"  # a game's player name is too long or not text
    GAME_BAD_SEATS = "game-bad-seats"  # a game's players are neither people nor computers
    GAME_BAD_MOVES = "game-bad-moves"  # a game's moves cannot be replayed
    GAME_OTHER_VERSION = "game-other-version"  # the saved game is not in a form this version reads
    GAME_INCOMPLETE = "game-incomplete"  # the saved game is incomplete

    # why saving (or moving aside) failed
    FOLDER_READ_ONLY = "folder-read-only"  # the data folder is read-only
    DISK_FULL = "disk-full"  # the disk is full
    FOLDER_REFUSED = "folder-refused"  # the data folder refused it
    BROWSER_FULL = "browser-full"  # the browser's storage is full
    BROWSER_NO_SAVING = "browser-no-saving"  # this browser does not allow saving
    BROWSER_REFUSED = "browser-refused"  # the browser refused to save
    TOO_MANY_KEPT = "too-many-kept"  # too many earlier unreadable copies are already kept
    NOT_WORKING = "not-working"  # saving does not work
