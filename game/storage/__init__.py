"""Saved settings, history, the unfinished game and solved puzzles: browser localStorage or JSON files on the desktop.

:class:`Saved` is what the game uses: it owns every key (``keys``) and hands out typed records (``records``: a
finished game, the unfinished game; ``history``: the history's form and its migration from earlier versions).
``open_store()`` picks the medium for the running platform. Every value is plain JSON data stored in an envelope
with a schema version, and passes one schema when read and when imported; unusable stored data is moved aside
(kept) and explained in the player's words. ``docs/storage.md`` describes it all. No pygame here.
"""

from __future__ import annotations

import sys

from .. import page
from .browser import BrowserStore
from .envelope import APP, SCHEMA, EnvelopeError
from .files import FileStore, default_data_dir
from .history import RECENT_GAMES, Account, Additions, Earlier
from .keys import HISTORY, LINK_GAMES, PUZZLES, SETTINGS, UNFINISHED
from .memory import MemoryStore
from .notices import Notice
from .progress import daily_from_data, is_day, solved_from_data
from .records import FinishedGame, FoldedGame, LegacyTotals, Outcome, RecordError, Seat, UnfinishedGame
from .saved import HistoryView, Saved
from .store import Store, StoreError, StoreUnavailable

__all__ = [
    "APP",
    "Account",
    "Additions",
    "FinishedGame",
    "FoldedGame",
    "LegacyTotals",
    "Outcome",
    "RecordError",
    "Seat",
    "UnfinishedGame",
    "HISTORY",
    "LINK_GAMES",
    "PUZZLES",
    "RECENT_GAMES",
    "SCHEMA",
    "SETTINGS",
    "UNFINISHED",
    "BrowserStore",
    "Earlier",
    "EnvelopeError",
    "FileStore",
    "HistoryView",
    "MemoryStore",
    "Notice",
    "Saved",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "default_data_dir",
    "open_store",
    "daily_from_data",
    "is_day",
    "solved_from_data",
]


def open_store(namespace: str = "pipopipette") -> Store:
    """The store for this platform: localStorage in the browser (keys "<namespace>.<key>"), else JSON files.

    On the desktop ``namespace`` is the folder name under the user's data folder (unless $PIPOPIPETTE_DATA_DIR
    names the folder itself). In the browser, localStorage is looked up again for every operation: when touching
    it fails (storage switched off), the store reports the fault and works again once the browser allows it.
    """
    if sys.platform == "emscripten":
        return BrowserStore(_local_storage, namespace)
    return FileStore(default_data_dir(folder_name=namespace))


def _local_storage() -> object:
    return page.current().local_storage()
