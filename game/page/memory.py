"""The page in memory: :class:`MemoryPage` answers every call of :class:`game.page.Page` as a browser would, and
keeps what the game did to it (what was copied, shared, said, shown) for tests to read. The one stand-in for the
browser page; the game's scripts are Python objects of the same functions (``scripts``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .port import Done, Glue, Refused, Script, text_of


class MemoryLocalStorage:
    """A dict-backed localStorage: getItem gives None for a missing key; setItem fails past ``quota`` characters."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> Any:  # noqa: N802 - the JavaScript names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        used = sum(len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> Any:
        return list(self.items)[index] if 0 <= index < len(self.items) else None


@dataclass
class Pending:
    """A browser's answer not given yet (a promise): :meth:`MemoryPage.settle` gives it."""

    done: Done
    failed: Done


@dataclass
class PageError:
    """A JavaScript error as the game's callbacks get it (``name``: "NotAllowedError", "AbortError")."""

    name: str


@dataclass
class MemoryPage:
    """A browser page in memory. ``site``: its address without the fragment (None: an address that cannot be
    read); ``answer_at_once``: the clipboard and the share sheet answer when asked (else :meth:`settle` answers
    the oldest question); ``share_sheet``: the browser has one; ``clipboard_refused``: copying and pasting fail
    when answered, ``clipboard_missing``: refused at once."""

    width: float = 390
    height: float = 844
    ratio: float = 1.0
    site: str | None = "https://pipopipette.github.io/pipopipette/"
    hash: str = ""
    scripts: dict[str, Any] = field(default_factory=dict)
    storage: Any = field(default_factory=MemoryLocalStorage)
    language_tag: str = "en"
    dark: bool = False
    device_cores: int = 1
    share_sheet: bool = False
    clipboard_refused: bool = False
    clipboard_missing: bool = False
    answer_at_once: bool = True
    live_region: bool = True
    storage_blocked: bool = False  # touching localStorage raises SecurityError (storage switched off)
    out_of_sight: bool = False
    clipboard: str = ""
    refits: int = 0
    replaced: list[str] = field(default_factory=list)  # addresses put in place of the current one
    shared: list[dict[str, str]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)  # the live region's lines, oldest first
    field_text: str | None = None  # the text field shown, and where
    field_place: tuple[int, int, int, int] | None = None
    loaded: list[str] = field(default_factory=list)  # the scripts the game asked for, in order
    pending: list[Pending] = field(default_factory=list)
    on_refit: Callable[[], None] | None = None

    # -- the window -------------------------------------------------------------------------------------------
    def viewport(self) -> tuple[float, float, float]:
        return float(self.width), float(self.height), float(self.ratio or 1.0)

    def refit(self) -> None:
        self.refits += 1
        if self.on_refit is not None:
            self.on_refit()

    def hidden(self) -> bool:
        return self.out_of_sight

    def prefers_dark(self) -> bool:
        return self.dark

    def language(self) -> str:
        return self.language_tag

    def cores(self) -> int:
        return self.device_cores

    # -- the address ------------------------------------------------------------------------------------------
    def address(self) -> str | None:
        return None if self.site is None else self.site + self.hash

    def fragment(self) -> str:
        return self.hash

    def clear_fragment(self) -> None:
        self.replaced.append(self.site or "")
        self.hash = ""

    def open_fragment(self, fragment: str) -> None:
        """A link pasted into the address bar of the open page (only the ``#`` part changes)."""
        self.hash = "#" + fragment.lstrip("#") if fragment else ""

    # -- the clipboard and the share sheet ----------------------------------------------------------------------
    def write_clipboard(self, text: str, done: Done, failed: Done) -> bool:
        if self.clipboard_missing:
            raise Refused("NotAllowedError")
        if not self.clipboard_refused:
            self.clipboard = text
        return self._answer(done, failed, None)

    def read_clipboard(self, done: Done, failed: Done) -> bool:
        if self.clipboard_missing:
            raise Refused("NotAllowedError")
        return self._answer(done, failed, self.clipboard)

    def can_share(self) -> bool:
        return self.share_sheet

    def share(self, title: str, url: str, done: Done, failed: Done) -> bool:
        if not self.share_sheet:
            raise Refused("no share sheet")
        self.shared.append({"title": title, "url": url})
        self.pending.append(Pending(done, failed))  # the player chooses, later (:meth:`settle`)
        return True

    def settle(self, error: str = "", value: Any = None) -> None:
        """The browser answers the oldest question: ``error`` names why it failed ("AbortError": the share sheet
        was closed), else it was done (with ``value``)."""
        pending = self.pending.pop(0)
        if error:
            pending.failed(PageError(error))
        else:
            pending.done(value)

    def _answer(self, done: Done, failed: Done, value: Any) -> bool:
        if not self.answer_at_once:
            self.pending.append(Pending(done, failed))
        elif self.clipboard_refused:
            failed(PageError("NotAllowedError"))
        else:
            done(value)
        return True

    # -- what a screen reader reads, and a text field ------------------------------------------------------------
    def announce(self, text: str, kept: int) -> bool:
        if self.live_region:
            self.said = [*self.said, text][-kept:]
        return True

    def show_text_field(self, text: str, place: tuple[int, int, int, int], scene_height: int) -> bool:
        self.field_text, self.field_place = text, place
        return True

    def hide_text_field(self) -> None:
        self.field_text = self.field_place = None

    # -- storage and scripts ------------------------------------------------------------------------------------
    def local_storage(self) -> Any:
        if self.storage_blocked:
            raise RuntimeError("SecurityError: The operation is insecure.")
        return self.storage

    def script(self, glue: Glue) -> Script:
        if glue.name not in self.scripts:
            raise RuntimeError(f"ReferenceError: {glue.name} is not defined")
        self.loaded.append(glue.name)
        found = self.scripts[glue.name]
        return Script(lambda function, args: text_of(getattr(found, function)(*args)))
