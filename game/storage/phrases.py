"""Every phrase game.storage puts in a notice (a reason or a fault), in English.

The app words each notice (``game/play/notices.py``) and translates these phrases there: a test checks that the
app's catalogue marks exactly this set, so a phrase added here cannot reach the player untranslated.
"""

from __future__ import annotations

# why a stored text cannot be used (the envelope)
DAMAGED = "the data is damaged"
NOT_OURS_FORMAT = "the data is not in Pipopipette's format"
OTHER_PROGRAM = "the data was written by another program"
NO_VERSION = "the data has no valid format version"
NEWER = "the data was saved by a newer version of Pipopipette"
INCOMPLETE = "the data is incomplete"
NOT_A_NUMBER = "the data holds a number that is not a number"
NOT_TEXT = "the file is not text"

# why a stored value has the wrong shape
NOT_SETTINGS = "they are not a set of named values"
NOT_A_GAME = "it is not a saved game"
NOT_A_HISTORY = "it is not a list of games"
BAD_TOTALS = "the totals of older games are damaged"
NOT_PUZZLES = "it is not a list of solved puzzles"

# why a game in the history cannot be shown
GAME_NOT_VALUES = "a game is not a set of named values"
GAME_NO_NAMES = "a game has no player names"
GAME_BAD_SCORES = "a game's scores do not match its players"
GAME_BAD_WINNERS = "a game's winners are not among its players"
GAME_NO_FIELDS = "a game's date, board or rules are missing"
GAME_BAD_DATE = "a game's date cannot be read"
GAME_BAD_BOARD = "a game's board or rules cannot be read"
GAME_BAD_PLAYERS = "a game's players do not match its rules"
GAME_BAD_ID = "a game's id is not text"
GAME_BAD_NAME = "a game's player name is too long or not text"
GAME_BAD_SEATS = "a game's players are neither people nor computers"
GAME_BAD_MOVES = "a game's moves cannot be replayed"
GAME_OTHER_VERSION = "the saved game is not in a form this version reads"
GAME_INCOMPLETE = "the saved game is incomplete"

# why saving (or moving aside) failed
FOLDER_READ_ONLY = "the data folder is read-only"
DISK_FULL = "the disk is full"
FOLDER_REFUSED = "the data folder refused it"
BROWSER_FULL = "the browser's storage is full"
BROWSER_NO_SAVING = "this browser does not allow saving"
BROWSER_REFUSED = "the browser refused to save"
TOO_MANY_KEPT = "too many earlier unreadable copies are already kept"
NOT_WORKING = "saving does not work"

ALL = tuple(value for name, value in sorted(globals().items()) if name.isupper() and isinstance(value, str))
