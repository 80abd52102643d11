"""Backup: history, settings and solved puzzles exported as one JSON file, and such a file checked and merged back.

The file (version 2)::

    {"app": "pipopipette", "kind": "backup", "version": 2, "exported": "<ISO date>",
     "settings": {...}, "history": <the saved history's own form, schema 3>, "puzzles": {"solved": [key, ...]}}

Version 1 held the history as schema 2 (``{"games": [...], "earlier": {...}}``); it is read the same way the
device's own history is migrated (``game.storage.history``). :func:`read_backup` passes everything through the
schema the device's own data passes when read (``game.storage.records``), and more: every game's moves replay,
every text is within bounds and every number finite, the settings are possible. Anything else raises
:class:`BackupError` with the reason in the player's words, and nothing is changed. :func:`merge_backup` then
merges all of it through ``game.storage.Saved``: games by id (importing the same file twice adds nothing; a
different game under an id already here is not added, and said), older games and older totals by rule (see
``history.py``), the solved puzzles, and the file's settings; its :class:`MergeResult` says what was added and
kept, and why.

Moving the file: in the browser a download (a Blob and an anchor) and an ``<input type=file>`` whose text is
picked up on a later frame (the browser reads files asynchronously); on the desktop a fixed file in the user's
data folder. No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..page import Glue, Scripts
from ..steps import run
from ..storage import (
    Account,
    Additions,
    FinishedGame,
    FoldedGame,
    LegacyTotals,
    RecordError,
    Saved,
    daily_from_data,
    is_day,
    solved_from_data,
)
from ..storage.envelope import NotANumber, dumps_in_steps, loads
from ..storage.files import write_aside
from ..storage.history import HISTORY_VERSION, legacy_totals
from ..storage.records import plain
from ..storage.steps import Work, map_in_steps
from .i18n import tr, tr_n
from .notices import storage_words
from .settings import Settings, settings_from_data
from .stats import board_token_of_name

APP = "pipopipette"
KIND = "backup"
VERSION = 2
FILE_NAME = "pipopipette-backup.json"
MAX_BYTES = 4_000_000


class BackupError(ValueError):
    """A file that cannot be imported (or written); the message says why, in the player's words."""


@dataclass(frozen=True)
class Backup:
    settings: Settings
    history: Additions
    solved: list[str]
    daily: list[str] = field(default_factory=list)  # the days the daily puzzle was solved (none before version 3)


# -- writing --------------------------------------------------------------------------------------------------
def export_text(saved: Saved, settings: Settings, now: datetime | None = None) -> str:
    """The backup file's text for what ``saved`` holds and the current ``settings``."""
    return run(export_in_steps(saved, settings, now))


def export_in_steps(saved: Saved, settings: Settings, now: datetime | None = None) -> Work[str]:
    """:func:`export_text` in steps (``game.storage.steps``): a big history never holds a frame up."""
    view = yield from saved.history_in_steps()
    history = {
        "version": HISTORY_VERSION,
        "games": (yield from map_in_steps(FinishedGame.to_data, view.games)),
        "folded": (yield from map_in_steps(FoldedGame.to_data, view.earlier.folded)),
        "legacy": [block.to_data() for block in view.earlier.legacy],
    }
    data = {
        "app": APP,
        "kind": KIND,
        "version": VERSION,
        "exported": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "settings": settings.to_data(),
        "history": history,
        "puzzles": {"solved": saved.solved_puzzles(), "daily": saved.daily_days()},
    }
    return (yield from dumps_in_steps(data))


# -- reading and checking -------------------------------------------------------------------------------------
def read_backup(text: str | bytes) -> Backup:
    """The checked contents of a backup file; raises :class:`BackupError` saying what is wrong."""
    data = _parse(text)
    if not isinstance(data, dict) or data.get("app") != APP or data.get("kind") != KIND:
        raise BackupError(tr("the file is not a Pipopipette backup"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError(tr("the backup has no valid format version"))
    if version > VERSION:
        raise BackupError(tr("the backup was made by a newer version of the game (format {v})").format(v=version))
    if not all(section in data for section in ("settings", "history", "puzzles")):
        raise BackupError(tr("the backup is incomplete"))
    try:
        settings_data = plain(data["settings"], "")
    except RecordError:
        settings_data = None
    settings, problems = settings_from_data(settings_data)
    if settings_data is None or problems:
        why = problems[0] if problems else tr("a value is not text or not a number")
        raise BackupError(tr("the backup's settings are impossible ({why})").format(why=why))
    return Backup(settings, _history(data["history"]), _solved(data["puzzles"]), _daily(data["puzzles"]))


def _parse(text: str | bytes) -> Any:
    if len(text) > MAX_BYTES:
        raise BackupError(tr("the file is too large to be a Pipopipette backup"))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError(tr("the file is not text, so it is not a Pipopipette backup")) from None
    try:
        return loads(text)
    except NotANumber:
        raise BackupError(tr("the file holds a number that is not a number (NaN or Infinity)")) from None
    except (ValueError, RecursionError):
        raise BackupError(tr("the file is not a Pipopipette backup (it is not JSON)")) from None


def _history(history: Any) -> Additions:
    """The backup's history as additions, every part through the schema (version 1's totals migrated)."""
    if not isinstance(history, dict) or not isinstance(history.get("games"), list):
        raise BackupError(tr("the backup's history is not a list of games"))
    found = Additions()
    for number, entry in enumerate(history["games"], 1):
        try:
            found.games.append(FinishedGame.from_data(entry))
        except RecordError as error:
            why = storage_words(str(error))
            message = tr("game {n} of the backup's history is damaged: {why}").format(n=number, why=why)
            raise BackupError(message) from None
    try:
        if history.get("version") == HISTORY_VERSION:
            folded, legacy = history.get("folded", []), history.get("legacy", [])
            if not isinstance(folded, list) or not isinstance(legacy, list):
                raise RecordError("")
            found.folded = [FoldedGame.from_data(line) for line in folded]
            found.legacy = [LegacyTotals.from_data(block) for block in legacy]
        else:
            found.legacy = legacy_totals(history.get("earlier"), board_token_of_name)
    except RecordError:
        raise BackupError(tr("the backup's totals of older games are damaged")) from None
    return found


def _daily(puzzles: Any) -> list[str]:
    days = puzzles.get("daily", [])  # (a dict: _solved checked it)
    if not isinstance(days, list) or not all(is_day(day) for day in days):
        raise BackupError(tr("the backup's daily puzzle days are not dates"))
    return daily_from_data({"daily": days})


def _solved(puzzles: Any) -> list[str]:
    if not isinstance(puzzles, dict) or not isinstance(puzzles.get("solved"), list):
        raise BackupError(tr("the backup's solved puzzles are not a list"))
    solved = puzzles["solved"]
    try:
        keys = [plain(key, "") for key in solved]
    except RecordError:
        keys = []
    if len(keys) != len(solved) or not all(isinstance(key, str) and 0 < len(key) <= 2000 for key in keys):
        raise BackupError(tr("the backup's solved puzzles hold something that is not a puzzle"))
    return solved_from_data({"solved": keys})  # (whole codes, as older backups hold them, read as their keys)


# -- merging --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MergeResult:
    """What an import did: the history's account (``game.storage.Account``) and the solved puzzles added."""

    account: Account
    puzzles_added: int

    @property
    def added(self) -> int:
        return self.account.added

    @property
    def already(self) -> int:
        return self.account.already

    def summary(self) -> str:
        account = self.account
        games = tr_n("{n} game added", "{n} games added", account.added)
        if account.already:
            games += " " + tr_n("({n} already here)", "({n} already here)", account.already)
        parts = [games]
        if account.conflicts:
            parts.append(
                tr_n(
                    "{n} game not added: a different game here has its id",
                    "{n} games not added: different games here have their ids",
                    account.conflicts,
                )
            )
        older = account.folded_added + account.totals_added
        if older:
            parts.append(tr_n("{n} older game added to the totals", "{n} older games added to the totals", older))
        counted = account.folded_already + account.totals_already
        if counted:
            parts.append(tr_n("{n} older game already counted", "{n} older games already counted", counted))
        parts.append(tr_n("{n} solved puzzle added", "{n} solved puzzles added", self.puzzles_added))
        return tr("Backup imported: {games}, settings restored.").format(games=", ".join(parts))


def merge_backup(saved: Saved, backup: Backup) -> MergeResult:
    """Merge a checked backup: the history (``Saved.merge``), the solved puzzles, the settings (the caller
    applies them to the running app)."""
    account = saved.merge(backup.history)
    solved = saved.solved_puzzles()
    new_solved = [key for key in backup.solved if key not in solved]
    saved.save_solved_puzzles(solved + new_solved)
    for day in backup.daily:
        saved.mark_daily_solved(day)
    saved.save_settings(backup.settings.to_data())
    return MergeResult(account, len(new_solved))


# -- moving the file: desktop -----------------------------------------------------------------------------------
def desktop_path(saved: Saved) -> Path:
    """Where the desktop keeps the backup file: the store's folder (the user's data folder)."""
    folder = getattr(saved.store, "folder", None)
    if folder is None:
        from ..storage import default_data_dir

        folder = default_data_dir()
    return Path(folder) / FILE_NAME


def write_desktop_file(path: Path, text: str) -> None:
    """Write the file atomically (the one there before stays whole until the new one is complete); raises
    BackupError saying why it could not be written."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # (a lone surrogate: the text would not read back)
        raise BackupError(tr("it holds text that cannot be written to a file")) from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_aside(path, data)
    except OSError as error:
        raise BackupError(tr("the file could not be written ({why})").format(why=error.strerror or error)) from None


def read_desktop_file(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BackupError(tr("the file is too large to be a Pipopipette backup"))
        return path.read_bytes()
    except FileNotFoundError:
        raise BackupError(tr("there is no backup file at {path}").format(path=path)) from None
    except OSError as error:
        raise BackupError(tr("the file could not be read ({why})").format(why=error.strerror or error)) from None


# -- moving the file: browser ---------------------------------------------------------------------------------------
SCRIPT = Glue("pipopipetteBackup", Path(__file__).with_name("backup.js"))


def browser_download(page: Scripts, text: str, name: str = FILE_NAME, kind: str = "application/json") -> None:
    """Offer ``text`` as a file download of media type ``kind`` (raises BackupError if the page refuses)."""
    try:
        page.script(SCRIPT).download(text, name, kind)
    except Exception as error:
        raise BackupError(tr("the browser refused the download ({why})").format(why=error)) from None


def browser_pick_file(page: Scripts) -> None:
    """Open the browser's file chooser; its text arrives later through :func:`browser_take_upload`."""
    try:
        page.script(SCRIPT).pick(str(MAX_BYTES))  # (strings cross the same under pygbag and Pyodide)
    except Exception as error:
        raise BackupError(tr("the browser refused to open a file ({why})").format(why=error)) from None


def browser_take_upload(page: Scripts) -> dict[str, str] | None:
    """None while the player is still choosing; then {"state": "done", "text": ...}, {"state": "cancelled"}, or
    {"state": "error", "error": why} (why in the player's words)."""
    try:
        answer = page.script(SCRIPT).take()
    except Exception as error:
        return {"state": "error", "error": tr("the browser could not read the file ({why})").format(why=error)}
    if not isinstance(answer, str) or not answer:
        return None
    try:
        found = json.loads(answer)
    except ValueError:
        found = None
    if not isinstance(found, dict) or found.get("state") not in ("done", "cancelled", "error"):
        return {"state": "error", "error": tr("the browser could not read the file")}
    if found["state"] == "error":
        too_large = found.get("error") == "large"
        found["error"] = (
            tr("the file is too large to be a Pipopipette backup")
            if too_large
            else tr("the browser could not read the file")
        )
    return found
