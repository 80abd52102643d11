"""Every key the game saves under, and how each is named to the player (never the key itself)."""

from __future__ import annotations

import re

SETTINGS = "settings"
HISTORY = "history"
UNFINISHED = "unfinished"
KEYS = (SETTINGS, HISTORY, UNFINISHED)

LABELS = {SETTINGS: "settings", HISTORY: "game history", UNFINISHED: "unfinished game"}
KEPT = "It was kept unchanged."
AFTER_KEPT = {
    SETTINGS: "They were kept unchanged; the default settings are used.",
    HISTORY: "It was kept unchanged; new games start a fresh history.",
    UNFINISHED: "It was kept unchanged; you can start a new game.",
}

_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_ASIDE = re.compile(r"([a-z0-9][a-z0-9_-]{0,63})\.bad-([1-9][0-9]*)")


def label(key: str) -> str:
    """What the player calls the value saved under ``key``."""
    return LABELS.get(key, "saved data")


def check_key(key: str) -> None:
    """Raise ValueError unless ``key`` is a short lower-case name (letters, digits, '_' and '-')."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ValueError(f"invalid storage key: {key!r}")


def aside_key(key: str, number: int) -> str:
    """The key under which the ``number``-th unusable value of ``key`` is kept."""
    return f"{key}.bad-{number}"


def is_aside_key(name: str) -> bool:
    """True for a key made by :func:`aside_key`."""
    return _ASIDE.fullmatch(name) is not None


def is_saved_key(name: str) -> bool:
    """True for a key this game writes: a plain key or a value kept aside."""
    return _KEY.fullmatch(name) is not None or is_aside_key(name)
