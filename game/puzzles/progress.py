"""Which puzzles the player has solved: a saved list of puzzle keys (position codes) under one storage key.

Stored value: ``{"solved": [key, ...]}`` in the order solved. Anything else read back is treated as nothing
solved (and set aside by the store's owner); keys that are not text are dropped. Standard library only.
"""

from __future__ import annotations

from typing import Any

SOLVED_KEY = "puzzles"
MAX_KEY_LENGTH = 2000  # a position code is never longer


def solved_from_data(data: Any) -> list[str]:
    """The solved keys in ``data`` (the stored value), without duplicates; [] when it is not the stored form."""
    if not isinstance(data, dict) or not isinstance(data.get("solved"), list):
        return []
    keys: list[str] = []
    for key in data["solved"]:
        if isinstance(key, str) and 0 < len(key) <= MAX_KEY_LENGTH and key not in keys:
            keys.append(key)
    return keys


def solved_to_data(keys: list[str]) -> dict[str, Any]:
    return {"solved": list(keys)}


def load_solved(store: Any) -> list[str]:
    return solved_from_data(store.get(SOLVED_KEY))


def mark_solved(store: Any, key: str) -> bool:
    """Add ``key`` to the saved list (once); False when the store could not save it."""
    keys = load_solved(store)
    if key in keys:
        return True
    return bool(store.put(SOLVED_KEY, solved_to_data([*keys, key])))
