"""The storage interface shared by every backend: JSON values under short keys, never raising on bad data.

Bad stored data is moved aside (kept, under "<key>.bad-<n>") and reported in ``notices`` (see ``notices.py``).
A value that cannot even be moved aside is left where it is and the key is ``stuck``: nothing is written over it.
A failed write is not a notice here: ``put`` returns False and ``fault`` says why, and the caller
(:class:`game.storage.saved.Saved`) keeps the value and tells the player once. Reasons and faults are codes from
``reasons.py``, put in words by the language catalogue (``game/play/notices.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from ..steps import run
from .envelope import EnvelopeError, unwrap_in_steps, wrap
from .keys import aside_key, check_key, is_aside_key, is_saved_key
from .notices import KEPT, STUCK, Notice
from .reasons import Why
from .steps import Work

_MAX_ASIDE = 1000


class StoreError(Exception):
    """A backend could not read, write, move or remove a stored text; the message is a code of storage's reasons."""


class StoreUnavailable(StoreError):
    """The medium itself cannot be reached (browser storage switched off); no key is to blame."""


class Store:
    """Saved JSON values by key.

    Subclasses provide the raw text operations ``_read``, ``_write``, ``_remove``, ``_exists``, ``_move`` and
    ``_names``, which raise StoreError when the medium fails.
    """

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.stuck: set[str] = set()
        self.fault = ""

    # -- values ---------------------------------------------------------------------------------------------------
    def get(self, key: str) -> Any | None:
        """The value saved under ``key``; None when there is none or it cannot be used (then it is moved aside)."""
        return run(self.get_in_steps(key))

    def get_in_steps(self, key: str) -> Work[Any | None]:
        """:meth:`get` in steps (the text read at once, then parsed item by item)."""
        value, _ = yield from self.read_in_steps(key)
        return value

    def read_in_steps(self, key: str) -> Work[tuple[Any | None, str | None]]:
        """:meth:`get_in_steps`, and the text the value was read from (None: none, or it could not be read)."""
        check_key(key)
        try:
            text = self._read(key)
        except StoreUnavailable as error:
            self.fault = str(error)
            return None, None
        except StoreError as error:
            self._set_aside(key, str(error))
            return None, None
        if text is None:
            self.stuck.discard(key)
            return None, None
        try:
            value = yield from unwrap_in_steps(text)
        except EnvelopeError as error:
            self._set_aside(key, str(error))
            return None, None
        self.stuck.discard(key)
        return value, text

    def put(self, key: str, value: Any) -> bool:
        """Save ``value`` (plain JSON data, else TypeError/ValueError) under ``key``; False when it could not be.

        A stuck key (unreadable data that could not be moved aside) is moved aside first, or not written at all.
        """
        return self.put_text(key, wrap(value))

    def put_text(self, key: str, text: str) -> bool:
        """Save a stored text made by ``envelope.wrap`` (or ``wrap_in_steps``) under ``key``, as :meth:`put`."""
        check_key(key)
        if key in self.stuck and not self._retry_aside(key):
            return False
        try:
            self._write(key, text)
        except StoreError as error:
            self.fault = str(error)
            return False
        return True

    def holds_text(self, key: str, text: str | None) -> bool:
        """True when the text saved under ``key`` is ``text`` (None: nothing is saved under it), as read now."""
        try:
            return self._read(key) == text
        except StoreError:
            return False

    def delete(self, key: str) -> bool:
        """Remove the value saved under ``key`` (nothing to do if there is none); False when it could not be."""
        check_key(key)
        if key in self.stuck:
            return self._retry_aside(key)
        try:
            self._remove(key)
        except StoreError as error:
            self.fault = str(error)
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

    def keep_aside(self, key: str, value: Any, notice: Notice) -> bool:
        """Save ``value`` (an unusable part of the value under ``key``) under a new aside key and tell the player
        ``notice``; False (and nothing told) when it could not be saved."""
        check_key(key)
        text = wrap(value)
        try:
            target = self._free_aside_key(key)
            self._write(target, text)
        except StoreError as error:
            self.fault = str(error)
            return False
        self.notices.append(notice)
        return True

    # -- two writers, and a spare place -----------------------------------------------------------------------
    @contextlib.contextmanager
    def lock(self, key: str) -> Iterator[bool]:
        """Hold ``key`` against other writers (other processes) while the block runs; yields whether it is held.

        Here nothing else writes (a store in memory; the browser, where storage's additions under keys of their
        own make a lock unneeded, see ``saved.py``); ``FileStore`` takes a file lock."""
        yield True

    def spare(self) -> Store | None:
        """Where values that cannot be saved here are kept when the game quits (None: nowhere)."""
        return None

    def where(self) -> str:
        """Where this store keeps its values, for the player ("" when there is nothing to show)."""
        return ""

    def names(self) -> list[str]:
        """The keys of every value saved (values kept aside not included); empty when they cannot be listed."""
        try:
            return [name for name in self._names() if is_saved_key(name) and not is_aside_key(name)]
        except StoreError:
            return []

    # -- what is kept ---------------------------------------------------------------------------------------------
    def kept(self) -> list[str]:
        """The keys of every value kept aside, in no particular order; empty when they cannot be listed."""
        try:
            return [name for name in self._names() if is_aside_key(name)]
        except StoreError:
            return []

    def stored_bytes(self) -> int:
        """The size of everything this game has stored (UTF-8 bytes), kept-aside values included."""
        try:
            names = [name for name in self._names() if is_saved_key(name)]
        except StoreError:
            return 0
        total = 0
        for name in names:
            try:
                total += self._size(name)
            except StoreError:
                continue
        return total

    def pop_notices(self) -> list[Notice]:
        """Return the pending notices for the player and forget them."""
        notices, self.notices = self.notices, []
        return notices

    # -- moving aside ---------------------------------------------------------------------------------------------
    def _set_aside(self, key: str, reason: str) -> None:
        try:
            target = self._free_aside_key(key)
            self._move(key, target)
        except StoreError as error:
            if key not in self.stuck:
                self.notices.append(Notice(STUCK, key, reason, str(error)))
            self.stuck.add(key)
            return
        self.stuck.discard(key)
        self.notices.append(Notice(KEPT, key, reason))

    def _retry_aside(self, key: str) -> bool:
        try:
            target = self._free_aside_key(key)
            self._move(key, target)
        except StoreError as error:
            self.fault = str(error)
            return False
        self.stuck.discard(key)
        return True

    def _free_aside_key(self, key: str) -> str:
        for number in range(1, _MAX_ASIDE + 1):
            candidate = aside_key(key, number)
            if not self._exists(candidate):
                return candidate
        raise StoreError(Why.TOO_MANY_KEPT)

    # -- the medium -----------------------------------------------------------------------------------------------
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

    def _names(self) -> list[str]:
        """Every key held in the medium that could be this game's (the backend's own namespace only)."""
        raise NotImplementedError

    def _size(self, key: str) -> int:
        text = self._read(key)
        return 0 if text is None else len(text.encode("utf-8"))
