"""localStorage as Pyodide shows it, beside the page's own in-memory one (game.page.memory)."""

from __future__ import annotations

from game.page.memory import MemoryLocalStorage

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
