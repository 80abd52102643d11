"""The browser store: ``window.localStorage`` under namespaced keys such as "pipopipette.settings"."""

from __future__ import annotations

from typing import Any

from .store import Store, StoreError


def as_text(value: Any) -> str | None:
    """A getItem result as text; None for a missing key.

    A missing key is JavaScript null, which pygbag gives as None and Pyodide as its falsy ``jsnull`` object.
    """
    if isinstance(value, str):
        return value
    if value is None or not value:
        return None
    return str(value)


class BrowserStore(Store):
    """Keys live in a localStorage-like object (getItem/setItem/removeItem) as "<namespace>.<key>".

    Any exception from the JavaScript side (quota exceeded, storage disabled) becomes a StoreError.
    """

    def __init__(self, local_storage: Any, namespace: str = "pipopipette") -> None:
        super().__init__()
        self.local_storage = local_storage
        self.namespace = namespace

    def full_key(self, key: str) -> str:
        """The localStorage key for ``key``."""
        return f"{self.namespace}.{key}"

    def _read(self, key: str) -> str | None:
        try:
            text = self.local_storage.getItem(self.full_key(key))
        except Exception as error:
            raise StoreError(f"the browser refused to read it ({error})") from error
        return as_text(text)

    def _write(self, key: str, text: str) -> None:
        try:
            self.local_storage.setItem(self.full_key(key), text)
        except Exception as error:
            raise StoreError(f"the browser refused to store it, perhaps its storage is full ({error})") from error

    def _remove(self, key: str) -> None:
        try:
            self.local_storage.removeItem(self.full_key(key))
        except Exception as error:
            raise StoreError(f"the browser refused to remove it ({error})") from error

    def _exists(self, key: str) -> bool:
        try:
            return as_text(self.local_storage.getItem(self.full_key(key))) is not None
        except Exception as error:
            raise StoreError(f"the browser refused to read it ({error})") from error

    def _move(self, key: str, target: str) -> None:
        text = self._read(key)
        if text is None:
            return
        self._write(target, text)
        self._remove(key)
