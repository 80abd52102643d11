"""localStorage as Pyodide shows it, beside the page's own in-memory one (game.page.memory)."""

from __future__ import annotations

from game.page.memory import MemoryLocalStorage
from game.storage import FinishedGame

FakeLocalStorage = MemoryLocalStorage  # (the name the storage tests give it)


class JsNull:
    """Pyodide's stand-in for JavaScript null: falsy, and not None."""

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return "jsnull"


class PyodideLocalStorage(MemoryLocalStorage):
    """localStorage as Pyodide shows it: a missing key gives a JsNull object, not None."""

    def getItem(self, key: str) -> object:  # noqa: N802 - the JavaScript name
        return self.items.get(key, JsNull())


SMALL_GAME = {
    "board": "s2x2",
    "rules": "2",
    "names": ["You", "Easy"],
    "seats": [{"kind": "human", "level": "medium"}, {"kind": "computer", "level": "easy"}],
    "scores": [3, 1],
    "winners": [0],
}


def small_game(game_id: str, date: str) -> FinishedGame:
    """A finished 2x2 game won 3-1 by the person against Easy, with ``game_id`` and ``date`` (ISO 8601)."""
    return FinishedGame.from_data({**SMALL_GAME, "id": game_id, "date": date})
