"""The desktop store: one JSON file per key in the user's data folder, each written atomically (a temporary file,
flushed to disk, then renamed over the old one: :func:`write_aside`), and a file lock (the ``filelock`` package) that
two game processes take around merging the history. A temporary file a killed writer left behind is removed once it
is :data:`STALE_SECONDS` old (a live writer's lives for milliseconds)."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

from .reasons import Why
from .store import Store, StoreError


def default_data_dir(
    folder_name: str = "pipopipette", environ: Mapping[str, str] | None = None, system: str | None = None
) -> Path:
    """The folder for saved data: $PIPOPIPETTE_DATA_DIR, else ``folder_name`` in the platform's user data folder.

    ``environ`` and ``system`` default to ``os.environ`` and ``sys.platform``.
    """
    environ = os.environ if environ is None else environ
    system = sys.platform if system is None else system
    if environ.get("PIPOPIPETTE_DATA_DIR"):
        return Path(environ["PIPOPIPETTE_DATA_DIR"])
    home = Path(environ.get("HOME") or Path.home())
    if system == "win32":
        base = environ.get("APPDATA")
        return Path(base) / folder_name if base else home / "AppData" / "Roaming" / folder_name
    if system == "darwin":
        return home / "Library" / "Application Support" / folder_name
    xdg = environ.get("XDG_DATA_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / folder_name
    return home / ".local" / "share" / folder_name


def _describe(error: OSError) -> str:
    """Why the data folder refused, as a code of storage's reasons (reasons.py)."""
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return Why.FOLDER_READ_ONLY
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return Why.DISK_FULL
    return Why.FOLDER_REFUSED


LOCK_SECONDS = 10.0  # a merge holds the lock for milliseconds; past this the holder is taken to be stuck
STALE_SECONDS = 3600.0  # a temporary file this old is no live writer's: the longest write takes a second or two
TEMPORARY = ".tmp"


def write_aside(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: to a hidden temporary file beside it, flushed to disk, then renamed over
    it. Whatever happens, ``path`` holds its old bytes or the new ones, never a part (OSError says why not)."""
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=TEMPORARY, dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except OSError:
        _remove_quietly(temp_name)
        raise


def remove_stale_temporaries(folder: Path, now: float | None = None) -> int:
    """Remove the temporary files killed writers left in ``folder`` (hidden, ending ``.tmp``, untouched for
    :data:`STALE_SECONDS`); a file being written is younger and stays. How many were removed; errors are ignored
    (another process may remove the same file)."""
    now = time.time() if now is None else now
    removed = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") and entry.name.endswith(TEMPORARY) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    if now - entry.stat(follow_symlinks=False).st_mtime >= STALE_SECONDS:
                        os.unlink(entry.path)
                        removed += 1
    return removed


def spare_folder(folder: Path) -> Path:
    """The spare folder for a data folder: in the system's temporary folder, named for this user and ``folder``."""
    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    digest = hashlib.sha256(str(folder.resolve()).encode("utf-8", "replace")).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"pipopipette-{user}-{digest}"


class FileStore(Store):
    """Each key is the file ``<folder>/<key>.json``; the folder is created on the first save."""

    def __init__(self, folder: Path | str) -> None:
        super().__init__()
        self.folder = Path(folder)
        self._locks: dict[str, object] = {}
        self._swept = False  # the stale temporary files are removed at the first write

    @contextlib.contextmanager
    def lock(self, key: str) -> Iterator[bool]:
        """Hold ``<folder>/.<key>.lock`` (a lock the operating system releases if the process dies) while the block
        runs. When it cannot be had (a read-only folder, a holder stuck past LOCK_SECONDS) the block runs without
        it: the merge is safe without the lock (see ``saved.py``), the lock only spares a merge done twice."""
        import filelock  # (the desktop's alone: the browser build has no filelock, and no FileStore)

        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = filelock.FileLock(str(self.folder / f".{key}.lock"), timeout=LOCK_SECONDS)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock.acquire()  # type: ignore[attr-defined]
        except (OSError, filelock.Timeout):
            yield False
            return
        try:
            yield True
        finally:
            lock.release()  # type: ignore[attr-defined]

    def spare(self) -> Store | None:
        return FileStore(spare_folder(self.folder))

    def where(self) -> str:
        return str(self.folder)

    def path(self, key: str) -> Path:
        """The file that holds ``key``."""
        return self.folder / f"{key}.json"

    def _read(self, key: str) -> str | None:
        try:
            data = self.path(key).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as error:
            raise StoreError(_describe(error)) from error
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise StoreError(Why.NOT_TEXT) from error

    def _write(self, key: str, text: str) -> None:
        data = text.encode("utf-8")  # (before any file is made: wrap gives text that encodes)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self._swept:
                self._swept = True
                remove_stale_temporaries(self.folder)
            write_aside(self.path(key), data)
        except OSError as error:
            raise StoreError(_describe(error)) from error

    def _remove(self, key: str) -> None:
        try:
            self.path(key).unlink(missing_ok=True)
        except OSError as error:
            raise StoreError(_describe(error)) from error

    def _exists(self, key: str) -> bool:
        return os.path.lexists(self.path(key))

    def _move(self, key: str, target: str) -> None:
        try:
            os.replace(self.path(key), self.path(target))
        except OSError as error:
            raise StoreError(_describe(error)) from error

    def _names(self) -> list[str]:
        try:
            files = list(self.folder.iterdir())
        except (FileNotFoundError, NotADirectoryError):
            return []
        except OSError as error:
            raise StoreError(_describe(error)) from error
        return [path.name[: -len(".json")] for path in files if path.name.endswith(".json")]

    def _size(self, key: str) -> int:
        try:
            return self.path(key).stat().st_size
        except OSError as error:
            raise StoreError(_describe(error)) from error


def _remove_quietly(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)
