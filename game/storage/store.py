"""The storage interface shared by every backend: JSON values under short keys, never raising on bad data."""

from __future__ import annotations

import re
from typing import Any

from .envelope import EnvelopeError, unwrap, wrap

_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_MAX_ASIDE = 1000


class StoreError(Exception):
    """A backend could not read, write, move or remove a stored text."""


def check_key(key: str) -> None:
    """Raise ValueError unless ``key`` is a short lower-case name (letters, digits, '_' and '-')."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"invalid storage key: {key!r}")


def aside_key(key: str, number: int) -> str:
    """The key under which the ``number``-th unusable value of ``key`` is kept."""
    return f"{key}.bad-{number}"


class Store:
    """Saved JSON values by key. Bad stored data is moved aside (kept) and reported in ``notices``, never raised.

    Subclasses provide the raw text operations ``_read``, ``_write``, ``_remove``, ``_exists`` and ``_move``,
    which raise StoreError when the medium fails.
    """

    def __init__(self) -> None:
        self.notices: list[str] = []

    def get(self, key: str) -> Any | None:
        """The value saved under ``key``; None when there is none or it cannot be used (then it is moved aside)."""
        check_key(key)
        try:
            text = self._read(key)
        except StoreError as error:
            self._set_aside(key, f"it could not be read: {error}")
            return None
        if text is None:
            return None
        try:
            return unwrap(text)
        except EnvelopeError as error:
            self._set_aside(key, str(error))
            return None

    def put(self, key: str, value: Any) -> bool:
        """Save ``value`` (plain JSON data) under ``key``; False, with a notice, when it could not be saved."""
        check_key(key)
        try:
            text = wrap(value)
        except (TypeError, ValueError) as error:
            self.notices.append(f'Could not save "{key}": the value is not plain data ({error}).')
            return False
        try:
            self._write(key, text)
        except StoreError as error:
            self.notices.append(f'Could not save "{key}": {error}.')
            return False
        return True

    def delete(self, key: str) -> bool:
        """Remove the value saved under ``key`` (nothing to do if there is none); False, with a notice, on failure."""
        check_key(key)
        try:
            self._remove(key)
        except StoreError as error:
            self.notices.append(f'Could not remove "{key}": {error}.')
            return False
        return True

    def quarantine(self, key: str, reason: str) -> None:
        """Move the value saved under ``key`` aside because the app found it unusable for ``reason``."""
        check_key(key)
        try:
            present = self._exists(key)
        except StoreError:
            present = True
        if present:
            self._set_aside(key, reason)

    def pop_notices(self) -> list[str]:
        """Return the pending notices for the player and forget them."""
        notices, self.notices = self.notices, []
        return notices

    def _set_aside(self, key: str, reason: str) -> None:
        try:
            target = self._free_aside_key(key)
            self._move(key, target)
        except StoreError as error:
            self.notices.append(f'The saved "{key}" could not be used ({reason}) nor set aside ({error}).')
            return
        self.notices.append(
            f'The saved "{key}" could not be used ({reason}). It was kept as "{target}"; defaults are used.'
        )

    def _free_aside_key(self, key: str) -> str:
        for number in range(1, _MAX_ASIDE + 1):
            candidate = aside_key(key, number)
            if not self._exists(candidate):
                return candidate
        raise StoreError(f"{_MAX_ASIDE} earlier unusable copies are already kept")

    def _read(self, key: str) -> str | None:
        raise NotImplementedError

    def _write(self, key: str, text: str) -> None:
        raise NotImplementedError

    def _remove(self, key: str) -> None:
        raise NotImplementedError

    def _exists(self, key: str) -> bool:
        raise NotImplementedError

    def _move(self, key: str, target: str) -> None:
        raise NotImplementedError
