"""Saved settings, history and the unfinished game: browser localStorage or JSON files on the desktop.

``open_store()`` picks the backend for the running platform. Every value is plain JSON data stored in an envelope
with a schema version; unusable stored data is moved aside (kept) and explained in ``Store.notices``.
No pygame here.
"""

from __future__ import annotations

import sys

from .browser import BrowserStore
from .envelope import APP, SCHEMA, EnvelopeError
from .files import FileStore, default_data_dir
from .memory import MemoryStore
from .store import Store, StoreError, aside_key

__all__ = [
    "APP",
    "SCHEMA",
    "BrowserStore",
    "EnvelopeError",
    "FileStore",
    "MemoryStore",
    "Store",
    "StoreError",
    "aside_key",
    "default_data_dir",
    "open_store",
]


def open_store(namespace: str = "pipopipette") -> Store:
    """The store for this platform: localStorage in the browser (keys "<namespace>.<key>"), else JSON files.

    On the desktop ``namespace`` is the folder name under the user's data folder (unless $PIPOPIPETTE_DATA_DIR
    names the folder itself). If the browser offers no localStorage, a MemoryStore is used and a notice says so.
    """
    if sys.platform == "emscripten":
        return _browser_store(namespace)
    return FileStore(default_data_dir(folder_name=namespace))


def _browser_store(namespace: str) -> Store:
    import platform

    try:
        local_storage = platform.window.localStorage  # type: ignore[attr-defined]  # pygbag's, in the browser only
    except Exception:
        local_storage = None
    if local_storage is None:
        store = MemoryStore()
        store.notices.append("This browser does not allow saving: settings and results last until the page closes.")
        return store
    return BrowserStore(local_storage, namespace)
