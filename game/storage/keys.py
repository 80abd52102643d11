"""Every key the game saves under (the player never sees one: notices name what was saved in words)."""

from __future__ import annotations

import re

SETTINGS = "settings"
ONLINE_ROOM = "online-room"  # the host's online room, kept across a reload of its page
HISTORY = "history"
UNFINISHED = "unfinished"
PUZZLES = "puzzles"
LINK_GAMES = "link-games"
REVIEWS = "reviews"  # the reviews' results kept per game (reviews.py: a cache, rebuilt when lost)
ADDITION = "add-"  # prefix of the keys games (or an import) wait under until merged into the history
REMOVALS = "removals"  # in the spare store only: the keys whose removal waited when the game quit (Saved.park)

_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_ASIDE = re.compile(r"([a-z0-9][a-z0-9_-]{0,63})\.bad-([1-9][0-9]*)")


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


def is_addition_key(name: str) -> bool:
    """True for the key of additions waiting to be merged into the history (``add-`` and 16 hex digits)."""
    return name.startswith(ADDITION) and _KEY.fullmatch(name) is not None
