"""Backup: history, settings and solved puzzles exported as one JSON file, and such a file checked and merged back.

The file::

    {"app": "pipopipette", "kind": "backup", "version": 1, "exported": "<ISO date>",
     "settings": {...}, "history": [entry, ...], "puzzles": {"solved": [key, ...]}}

:func:`read_backup` checks everything before anything is changed (format, version, every history entry, the
settings, the solved list) and raises :class:`BackupError` with the reason; :func:`merge_backup` then adds the
games that are not already saved (an entry already in the history is never added twice), adds the solved
puzzles, and takes the file's settings. If the store fails half-way, what was written is put back.

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
from ..puzzles.progress import SOLVED_KEY, load_solved, solved_to_data
from .settings_model import SEAT_KINDS, Settings, settings_from_data
from .stats import HISTORY_LIMIT, valid_entries

APP = "pipopipette"
KIND = "backup"
VERSION = 1
FILE_NAME = "pipopipette-backup.json"
MAX_BYTES = 4_000_000
HISTORY_KEY = "history"
SETTINGS_KEY = "settings"


class BackupError(ValueError):
    """A file that cannot be imported; the message says why, for the player."""


@dataclass(frozen=True)
class Backup:
    settings: Settings
    history: list[dict[str, Any]]
    solved: list[str]


# -- writing --------------------------------------------------------------------------------------------------
def export_text(store: Any, settings: Settings, now: datetime | None = None) -> str:
    """The backup file's text for what ``store`` holds and the current ``settings``."""
    data = {
        "app": APP,
        "kind": KIND,
        "version": VERSION,
        "exported": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "settings": settings.to_data(),
        "history": valid_entries(store.get(HISTORY_KEY)),
        "puzzles": solved_to_data(load_solved(store)),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


# -- reading and checking -------------------------------------------------------------------------------------
def read_backup(text: str | bytes) -> Backup:
    """The checked contents of a backup file; raises :class:`BackupError` saying what is wrong."""
    if len(text) > MAX_BYTES:
        raise BackupError("the file is too large to be a Pipopipette backup")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError("the file is not text, so it is not a Pipopipette backup") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BackupError("the file is not a Pipopipette backup (it is not JSON)") from None
    if not isinstance(data, dict) or data.get("app") != APP or data.get("kind") != KIND:
        raise BackupError("the file is not a Pipopipette backup")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError("the backup has no valid format version")
    if version > VERSION:
        raise BackupError(f"the backup was made by a newer version of the game (format {version}, this one reads 1)")
    for section in ("settings", "history", "puzzles"):
        if section not in data:
            raise BackupError(f"the backup has no {section}")
    settings, problems = settings_from_data(data["settings"])
    if problems:
        raise BackupError(f"the backup's settings are impossible: {problems[0]}")
    history = data["history"]
    if not isinstance(history, list):
        raise BackupError("the backup's history is not a list of games")
    for number, entry in enumerate(history, 1):
        why = entry_problem(entry)
        if why:
            raise BackupError(f"game {number} of the backup's history is damaged: {why}")
    return Backup(settings, history, _solved(data["puzzles"]))


def _solved(puzzles: Any) -> list[str]:
    if not isinstance(puzzles, dict) or not isinstance(puzzles.get("solved"), list):
        raise BackupError("the backup's solved puzzles are not a list")
    solved = puzzles["solved"]
    if not all(isinstance(key, str) and 0 < len(key) <= 2000 for key in solved):
        raise BackupError("the backup's solved puzzles hold something that is not a puzzle")
    return list(dict.fromkeys(solved))


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def entry_problem(entry: Any) -> str:
    """Why ``entry`` is not a history entry as the game records them ("" when it is one)."""
    if not isinstance(entry, dict):
        return "it is not a set of named values"
    try:
        datetime.fromisoformat(str(entry.get("date")))
        board = parse_board_token(str(entry.get("board")))
        rules = parse_rules_token(str(entry.get("rules")))
    except (ValueError, CodeError) as error:
        return f"its date, board or rules cannot be read ({error})"
    players = rules.players
    seats, names, scores, winners = (entry.get(k) for k in ("seats", "names", "scores", "winners"))
    if not (isinstance(seats, list) and len(seats) == players):
        return f"it should list {players} players"
    if not all(isinstance(s, dict) and s.get("kind") in SEAT_KINDS and isinstance(s.get("level"), str) for s in seats):
        return "a player is neither a person nor a computer"
    if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
        return "the names do not match the players"
    if not (isinstance(scores, list) and len(scores) == players and all(_int(s) and s >= 0 for s in scores)):
        return "the scores do not match the players"
    if not (isinstance(winners, list) and winners and all(_int(w) and 0 <= w < players for w in winners)):
        return "the winners are not players of the game"
    return _moves_problem(entry.get("moves"), board, rules)


def _moves_problem(moves: Any, board: Any, rules: Any) -> str:
    if not (isinstance(moves, list) and all(isinstance(code, str) for code in moves)):
        return "its moves are not position codes"
    for code in moves:
        try:
            game = decode(code)
        except CodeError as error:
            return f"its moves cannot be replayed ({error})"
        if game.board is not board or game.rules != rules:
            return "its moves are of another board or other rules"
    return ""


# -- merging --------------------------------------------------------------------------------------------------
def entry_key(entry: dict[str, Any]) -> str:
    """What makes two history entries the same game: the same date, board, rules, players, scores and moves."""
    fields = {k: entry.get(k) for k in ("date", "board", "rules", "seats", "names", "scores", "winners", "moves")}
    return json.dumps(fields, sort_keys=True)


def _when(entry: dict[str, Any]) -> datetime:
    moment = datetime.fromisoformat(str(entry.get("date")))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class MergeResult:
    added: int
    already: int
    dropped: int
    puzzles_added: int

    def summary(self) -> str:
        games = f"{self.added} game{'' if self.added == 1 else 's'} added"
        if self.already:
            games += f" ({self.already} already here)"
        if self.dropped:
            games += f", the {self.dropped} oldest left out (the history keeps {HISTORY_LIMIT})"
        puzzles = f"{self.puzzles_added} solved puzzle{'' if self.puzzles_added == 1 else 's'} added"
        return f"Backup imported: {games}, {puzzles}, settings restored."


def merged_history(current: list[dict[str, Any]], imported: list[dict[str, Any]]) -> tuple[list, int, int]:
    """(the history with the imported games that are not in it, oldest first and at most HISTORY_LIMIT long;
    how many imported games were already there; how many of the oldest were left out)."""
    keys = {entry_key(entry) for entry in current}
    added, already = [], 0
    for entry in imported:
        key = entry_key(entry)
        if key in keys:
            already += 1
        else:
            keys.add(key)
            added.append(entry)
    combined = sorted(current + added, key=_when)
    dropped = max(0, len(combined) - HISTORY_LIMIT)
    return combined[dropped:], already, dropped


def merge_backup(store: Any, backup: Backup) -> MergeResult:
    """Merge a checked backup into ``store``; raises :class:`BackupError` (with everything put back) when the
    store cannot save it."""
    old = {key: store.get(key) for key in (HISTORY_KEY, SETTINGS_KEY, SOLVED_KEY)}
    current = valid_entries(old[HISTORY_KEY])
    history, already, dropped = merged_history(current, backup.history)
    solved = load_solved(store)
    new_solved = [key for key in backup.solved if key not in solved]
    values = {
        HISTORY_KEY: history,
        SETTINGS_KEY: backup.settings.to_data(),
        SOLVED_KEY: solved_to_data(solved + new_solved),
    }
    for key, value in values.items():
        if not store.put(key, value):
            _restore(store, old)
            raise BackupError("the game could not save the imported data, so nothing was changed")
    added = len(backup.history) - already
    return MergeResult(added, already, dropped, len(new_solved))


def _restore(store: Any, old: dict[str, Any]) -> None:
    for key, value in old.items():
        if value is None:
            store.delete(key)
        else:
            store.put(key, value)


# -- moving the file: desktop -----------------------------------------------------------------------------------
def desktop_path(store: Any) -> Path:
    """Where the desktop keeps the backup file: the store's folder (the user's data folder)."""
    folder = getattr(store, "folder", None)
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
        raise BackupError(f"the file could not be written: {error.strerror or error}") from None


def read_desktop_file(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BackupError("the file is too large to be a Pipopipette backup")
        return path.read_bytes()
    except FileNotFoundError:
        raise BackupError(f"there is no backup file at {path}") from None
    except OSError as error:
        raise BackupError(f"the file could not be read: {error.strerror or error}") from None


# -- moving the file: browser ---------------------------------------------------------------------------------------
UPLOAD_SLOT = "__pipopipetteUpload"

_DOWNLOAD_JS = """(function (text, name) {
  const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  const link = document.createElement("a");
  link.href = url; link.download = name; link.style.display = "none";
  document.body.appendChild(link); link.click(); link.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  return "ok";
})(%s, %s)"""

_PICK_JS = """(function (slot, limit) {
  window[slot] = {state: "picking"};
  const input = document.createElement("input");
  input.type = "file"; input.accept = ".json,application/json"; input.style.display = "none";
  input.addEventListener("change", function () {
    const file = input.files && input.files[0];
    input.remove();
    if (!file) { window[slot] = {state: "cancelled"}; return; }
    if (file.size > limit) { window[slot] = {state: "error", error: "the file is too large to be a backup"}; return; }
    file.text().then(function (text) { window[slot] = {state: "done", text: text, name: file.name}; },
                     function () { window[slot] = {state: "error", error: "the browser could not read the file"}; });
  });
  input.addEventListener("cancel", function () { input.remove(); window[slot] = {state: "cancelled"}; });
  document.body.appendChild(input);
  input.click();
  return "ok";
})(%s, %d)"""

_TAKE_JS = """(function (slot) {
  const found = window[slot];
  if (!found || found.state === "picking") { return ""; }
  window[slot] = null;
  return JSON.stringify(found);
})(%s)"""


def browser_download(window: Any, text: str, name: str = FILE_NAME) -> None:
    """Offer ``text`` as a file download (raises BackupError if the page refuses)."""
    try:
        window.eval(_DOWNLOAD_JS % (json.dumps(text), json.dumps(name)))
    except Exception as error:
        raise BackupError(f"the browser refused the download ({error})") from None


def browser_pick_file(window: Any) -> None:
    """Open the browser's file chooser; its text arrives later through :func:`browser_take_upload`."""
    try:
        window.eval(_PICK_JS % (json.dumps(UPLOAD_SLOT), MAX_BYTES))
    except Exception as error:
        raise BackupError(f"the browser refused to open a file ({error})") from None


def browser_take_upload(window: Any) -> dict[str, str] | None:
    """None while the player is still choosing; then {"state": "done", "text": ...}, or "cancelled", or
    {"state": "error", "error": why}."""
    try:
        answer = window.eval(_TAKE_JS % json.dumps(UPLOAD_SLOT))
    except Exception as error:
        return {"state": "error", "error": f"the browser could not read the file ({error})"}
    if not isinstance(answer, str) or not answer:
        return None
    try:
        found = json.loads(answer)
    except ValueError:
        return {"state": "error", "error": "the browser could not read the file"}
    return found if isinstance(found, dict) else None
