"""Stand-ins for the browser's localStorage (as pygbag and Pyodide show it) and for ``platform.window``."""

from __future__ import annotations


class FakeLocalStorage:
    """A dict-backed localStorage: getItem gives None for a missing key; setItem fails past ``quota`` characters."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> str | None:  # the JavaScript names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        used = sum(len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        return list(self.items)[index] if 0 <= index < len(self.items) else None


class JsNull:
    """Pyodide's stand-in for JavaScript null: falsy, and not None."""

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return "jsnull"


class PyodideLocalStorage(FakeLocalStorage):
    """localStorage as Pyodide shows it: a missing key gives a JsNull object, not None."""

    def getItem(self, key: str) -> object:
        return self.items.get(key, JsNull())


class FakeWindow:
    """``platform.window``: touching ``localStorage`` raises SecurityError while ``blocked`` (storage switched off)."""

    def __init__(self, storage: FakeLocalStorage | None = None) -> None:
        self.storage = storage if storage is not None else FakeLocalStorage()
        self.blocked = False

    @property
    def localStorage(self) -> FakeLocalStorage:  # the JavaScript name
        if self.blocked:
            raise RuntimeError("SecurityError: The operation is insecure.")
        return self.storage
