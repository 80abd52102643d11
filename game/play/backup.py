"""Backup: history, settings and solved puzzles exported as one JSON file, and such a file checked and merged back.

The file::

    {"app": "pipopipette", "kind": "backup", "version": 1, "exported": "<ISO date>",
     "settings": {...}, "history": {"games": [entry, ...], "earlier": {...}}, "puzzles": {"solved": [key, ...]}}

``history`` is the saved history's own form (``game.storage.history``): the recent games in detail and the totals
of older ones. :func:`read_backup` checks everything before anything is changed (format, version, the settings,
every game, the totals, the solved list) and raises :class:`BackupError` with the reason in the player's words;
:func:`merge_backup` then adds the games that are not already saved (by game id: importing the same file twice
adds nothing), adds the solved puzzles and takes the file's settings, all through ``game.storage.Saved`` (which
keeps and retries whatever the medium refuses).

Moving the file: in the browser a download (a Blob and an anchor) and an ``<input type=file>`` whose text is
picked up on a later frame (the browser reads files asynchronously); on the desktop a fixed file in the user's
data folder. No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core import CodeError, decode
from ..core.notation import parse_board_token, parse_rules_token
from ..storage import Earlier, Saved, game_id
from ..storage.history import earlier_from_data
from .i18n import tr, tr_n
from .settings import SEAT_KINDS, Settings, settings_from_data

APP = "pipopipette"
KIND = "backup"
VERSION = 1
FILE_NAME = "pipopipette-backup.json"
MAX_BYTES = 4_000_000


class BackupError(ValueError):
    """A file that cannot be imported (or written); the message says why, in the player's words."""


@dataclass(frozen=True)
class Backup:
    settings: Settings
    games: list[dict[str, Any]]
    earlier: Earlier
    solved: list[str]


# -- writing --------------------------------------------------------------------------------------------------
def export_text(saved: Saved, settings: Settings, now: datetime | None = None) -> str:
    """The backup file's text for what ``saved`` holds and the current ``settings``."""
    view = saved.history()
    data = {
        "app": APP,
        "kind": KIND,
        "version": VERSION,
        "exported": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "settings": settings.to_data(),
        "history": {"games": view.games, "earlier": view.earlier.to_data()},
        "puzzles": {"solved": saved.solved_puzzles()},
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


# -- reading and checking -------------------------------------------------------------------------------------
def read_backup(text: str | bytes) -> Backup:
    """The checked contents of a backup file; raises :class:`BackupError` saying what is wrong."""
    if len(text) > MAX_BYTES:
        raise BackupError(tr("the file is too large to be a Pipopipette backup"))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError(tr("the file is not text, so it is not a Pipopipette backup")) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BackupError(tr("the file is not a Pipopipette backup (it is not JSON)")) from None
    if not isinstance(data, dict) or data.get("app") != APP or data.get("kind") != KIND:
        raise BackupError(tr("the file is not a Pipopipette backup"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError(tr("the backup has no valid format version"))
    if version > VERSION:
        raise BackupError(tr("the backup was made by a newer version of the game (format {v})").format(v=version))
    if not all(section in data for section in ("settings", "history", "puzzles")):
        raise BackupError(tr("the backup is incomplete"))
    settings, problems = settings_from_data(data["settings"])
    if problems:
        raise BackupError(tr("the backup's settings are impossible ({why})").format(why=problems[0]))
    games, earlier = _history(data["history"])
    return Backup(settings, games, earlier, _solved(data["puzzles"]))


def _history(history: Any) -> tuple[list[dict[str, Any]], Earlier]:
    if not isinstance(history, dict) or not isinstance(history.get("games"), list):
        raise BackupError(tr("the backup's history is not a list of games"))
    for number, entry in enumerate(history["games"], 1):
        why = entry_problem(entry)
        if why:
            raise BackupError(tr("game {n} of the backup's history is damaged: {why}").format(n=number, why=why))
    earlier, problem = earlier_from_data(history.get("earlier"))
    if problem:
        raise BackupError(tr("the backup's totals of older games are damaged"))
    return history["games"], earlier


def _solved(puzzles: Any) -> list[str]:
    if not isinstance(puzzles, dict) or not isinstance(puzzles.get("solved"), list):
        raise BackupError(tr("the backup's solved puzzles are not a list"))
    solved = puzzles["solved"]
    if not all(isinstance(key, str) and 0 < len(key) <= 2000 for key in solved):
        raise BackupError(tr("the backup's solved puzzles hold something that is not a puzzle"))
    return list(dict.fromkeys(solved))


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def entry_problem(entry: Any) -> str:
    """Why ``entry`` is not a history entry as the game records them ("" when it is one); stricter than what the
    history shows, since an imported game must replay."""
    if not isinstance(entry, dict):
        return tr("it is not a set of named values")
    try:
        datetime.fromisoformat(str(entry.get("date")))
        board = parse_board_token(str(entry.get("board")))
        rules = parse_rules_token(str(entry.get("rules")))
    except (ValueError, CodeError):
        return tr("its date, board or rules cannot be read")
    players = rules.players
    seats, names, scores, winners = (entry.get(k) for k in ("seats", "names", "scores", "winners"))
    if "id" in entry and not (isinstance(entry["id"], str) and entry["id"]):
        return tr("its id is not text")
    if not (isinstance(seats, list) and len(seats) == players):
        return tr("it should list {n} players").format(n=players)
    if not all(isinstance(s, dict) and s.get("kind") in SEAT_KINDS and isinstance(s.get("level"), str) for s in seats):
        return tr("a player is neither a person nor a computer")
    if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
        return tr("the names do not match the players")
    if not (isinstance(scores, list) and len(scores) == players and all(_int(s) and s >= 0 for s in scores)):
        return tr("the scores do not match the players")
    if not (isinstance(winners, list) and winners and all(_int(w) and 0 <= w < players for w in winners)):
        return tr("the winners are not players of the game")
    return _moves_problem(entry.get("moves"), board, rules)


def _moves_problem(moves: Any, board: Any, rules: Any) -> str:
    if not (isinstance(moves, list) and all(isinstance(code, str) for code in moves)):
        return tr("its moves are not position codes")
    for code in moves:
        try:
            game = decode(code)
        except CodeError:
            return tr("its moves cannot be replayed")
        if game.board is not board or game.rules != rules:
            return tr("its moves are of another board or other rules")
    return ""


# -- merging --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MergeResult:
    added: int
    already: int
    puzzles_added: int

    def summary(self) -> str:
        games = tr_n("{n} game added", "{n} games added", self.added)
        if self.already:
            games += " " + tr_n("({n} already here)", "({n} already here)", self.already)
        puzzles = tr_n("{n} solved puzzle added", "{n} solved puzzles added", self.puzzles_added)
        return tr("Backup imported: {games}, {puzzles}, settings restored.").format(games=games, puzzles=puzzles)


def merge_backup(saved: Saved, backup: Backup) -> MergeResult:
    """Merge a checked backup: new games by game id, the solved puzzles, the settings (the caller applies them
    to the running app)."""
    imported = list({game_id(entry): entry for entry in backup.games}.values())
    added = saved.merge_history(imported, backup.earlier)
    solved = saved.solved_puzzles()
    new_solved = [key for key in backup.solved if key not in solved]
    saved.save_solved_puzzles(solved + new_solved)
    saved.save_settings(backup.settings.to_data())
    return MergeResult(added, len(imported) - added, len(new_solved))


# -- moving the file: desktop -----------------------------------------------------------------------------------
def desktop_path(saved: Saved) -> Path:
    """Where the desktop keeps the backup file: the store's folder (the user's data folder)."""
    folder = getattr(saved.store, "folder", None)
    if folder is None:
        from ..storage import default_data_dir

        folder = default_data_dir()
    return Path(folder) / FILE_NAME


def write_desktop_file(path: Path, text: str) -> None:
    """Write the backup file; raises BackupError saying why it could not be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
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
SCRIPT = Path(__file__).with_name("backup.js")  # defines window.pipopipetteBackup in the page


def _page(window: Any, call: str) -> Any:
    """Run ``call`` on the page's pipopipetteBackup object, defining it first if this page has not got it yet."""
    if window.eval("typeof(window.pipopipetteBackup)") != "object":
        window.eval(SCRIPT.read_text(encoding="utf-8"))
    return window.eval("window.pipopipetteBackup." + call)


def browser_download(window: Any, text: str, name: str = FILE_NAME, kind: str = "application/json") -> None:
    """Offer ``text`` as a file download of media type ``kind`` (raises BackupError if the page refuses)."""
    try:
        _page(window, f"download({json.dumps(text)},{json.dumps(name)},{json.dumps(kind)})")
    except Exception as error:
        raise BackupError(tr("the browser refused the download ({why})").format(why=error)) from None


def browser_pick_file(window: Any) -> None:
    """Open the browser's file chooser; its text arrives later through :func:`browser_take_upload`."""
    try:
        _page(window, f"pick({MAX_BYTES})")
    except Exception as error:
        raise BackupError(tr("the browser refused to open a file ({why})").format(why=error)) from None


def browser_take_upload(window: Any) -> dict[str, str] | None:
    """None while the player is still choosing; then {"state": "done", "text": ...}, {"state": "cancelled"}, or
    {"state": "error", "error": why} (why in the player's words)."""
    try:
        answer = _page(window, "take()")
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
