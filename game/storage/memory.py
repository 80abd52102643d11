"""A store kept in a dict, for tests and as the fallback when no other medium works."""

from __future__ import annotations

from .store import Store


class MemoryStore(Store):
    """Stored texts live in ``texts`` (key -> envelope text) for the life of the object."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[str, str] = {}

    def _read(self, key: str) -> str | None:
        return self.texts.get(key)

    def _write(self, key: str, text: str) -> None:
        self.texts[key] = text

    def _remove(self, key: str) -> None:
        self.texts.pop(key, None)

    def _exists(self, key: str) -> bool:
        return key in self.texts

    def _move(self, key: str, target: str) -> None:
        self.texts[target] = self.texts.pop(key)

    def _names(self) -> list[str]:
        return list(self.texts)
