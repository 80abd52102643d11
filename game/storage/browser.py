"""The browser store: ``window.localStorage`` under namespaced keys such as "pipopipette.settings"."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from .reasons import Why
from .store import Store, StoreError, StoreUnavailable


def as_text(value: Any) -> str | None:
    """A getItem result as text; None for a missing key.

    A missing key is JavaScript null, which pygbag gives as None and Pyodide as its falsy ``jsnull`` object.
    """
    if isinstance(value, str):
        return value
    if value is None or not value:
        return None
    return str(value)


def refusal(error: Exception) -> str:
    """Why the browser refused, as a code of storage's reasons (reasons.py), from the JavaScript exception."""
    text = f"{type(error).__name__} {error}"
    if "Quota" in text or "quota" in text:
        return Why.BROWSER_FULL
    if "Security" in text or "denied" in text:
        return Why.BROWSER_NO_SAVING
    return Why.BROWSER_REFUSED


class BrowserStore(Store):
    """Keys live in a localStorage-like object (getItem/setItem/removeItem/key/length) as "<namespace>.<key>".

    ``source`` is that object, or a function returning it: the function is called for every operation, so storage
    that was switched off (touching it raises SecurityError) is used again as soon as the browser allows it.
    An exception from the JavaScript side becomes a StoreError (StoreUnavailable when storage cannot be reached).
    """

    def __init__(self, source: Any | Callable[[], Any], namespace: str = "pipopipette") -> None:
        super().__init__()
        self.source = source
        self.namespace = namespace

    @contextlib.contextmanager
    def lock(self, key: str) -> Iterator[bool]:
        """No lock across tabs: the Web Locks API grants its lock in a callback, a frame later at the earliest, and
        a merge runs within one frame. ``Saved`` needs none (see its docstring): this says no lock is held."""
        yield False

    def full_key(self, key: str) -> str:
        """The localStorage key for ``key``."""
        return f"{self.namespace}.{key}"

    def _storage(self) -> Any:
        if not callable(self.source):
            return self.source
        try:
            storage = self.source()
        except Exception as error:
            raise StoreUnavailable(refusal(error)) from error
        if storage is None:
            raise StoreUnavailable(Why.BROWSER_NO_SAVING)
        return storage

    def _read(self, key: str) -> str | None:
        storage = self._storage()
        try:
            return as_text(storage.getItem(self.full_key(key)))
        except Exception as error:
            raise StoreUnavailable(refusal(error)) from error

    def _write(self, key: str, text: str) -> None:
        storage = self._storage()
        try:
            storage.setItem(self.full_key(key), text)
        except Exception as error:
            raise StoreError(refusal(error)) from error

    def _remove(self, key: str) -> None:
        storage = self._storage()
        try:
            storage.removeItem(self.full_key(key))
        except Exception as error:
            raise StoreError(refusal(error)) from error

    def _exists(self, key: str) -> bool:
        return self._read(key) is not None

    def _move(self, key: str, target: str) -> None:
        text = self._read(key)
        if text is None:
            return
        self._write(target, text)
        self._remove(key)

    def _names(self) -> list[str]:
        storage = self._storage()
        prefix = f"{self.namespace}."
        try:
            names = [as_text(storage.key(index)) for index in range(int(storage.length))]
        except Exception as error:
            raise StoreUnavailable(refusal(error)) from error
        return [name[len(prefix) :] for name in names if name and name.startswith(prefix)]
