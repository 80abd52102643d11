"""What the game asks of the browser page it runs in (:class:`Page`), and the small values that cross to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

Done = Callable[[Any], None]  # a promise's answer: its value (a failure: the error, whose ``name`` may say why)


class Refused(Exception):
    """The page refused at once (no clipboard, no share sheet, a call that threw)."""


@dataclass(frozen=True)
class Glue:
    """One of the game's scripts: the global object it defines in the page (``window.<name>``) and its source."""

    name: str
    source: Path


class Script:
    """A script of the game's in the page, its functions called by name (``script.take()``) with strings or
    numbers; each answers a string ("" for nothing: JavaScript's null or undefined)."""

    def __init__(self, call: Callable[[str, tuple[object, ...]], str]) -> None:
        self._call = call

    def __getattr__(self, function: str) -> Callable[..., str]:
        if function.startswith("_"):
            raise AttributeError(function)
        return lambda *args: self._call(function, args)


def text_of(value: object) -> str:
    """A script's answer as text: "" for JavaScript's null or undefined (None under pygbag, a falsy ``jsnull``
    under Pyodide)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return str(value)
    return str(value) if value else ""


class LocalStorage(Protocol):
    """The page's ``localStorage`` (JavaScript's names): ``getItem`` gives null for a missing key."""

    def getItem(self, key: str) -> Any: ...  # noqa: N802 - the JavaScript names

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802

    def removeItem(self, key: str) -> None: ...  # noqa: N802

    def key(self, index: int) -> Any: ...

    @property
    def length(self) -> int: ...


class Scripts(Protocol):
    """A page that runs the game's scripts (the online bridge, the Workers, the backup file need no more)."""

    def script(self, glue: Glue) -> Script:
        """``glue``'s object in the page, its source run first when the page has not got it yet; raises what the
        page raises when it cannot run it."""
        ...


class Page(Scripts, Protocol):
    """What the game asks of the browser page it runs in."""

    # -- the window -------------------------------------------------------------------------------------------
    def viewport(self) -> tuple[float, float, float]:
        """The page's inner width and height in CSS px and its device pixel ratio (1 when it says none)."""
        ...

    def refit(self) -> None:
        """Fit the canvas on the page again after its size changed (pygbag's ``window_resize``), where it can."""
        ...

    def hidden(self) -> bool:
        """Whether the page is out of sight (another tab, the phone locked)."""
        ...

    def prefers_dark(self) -> bool:
        """Whether the system asks for a dark look (``prefers-color-scheme``); False when the page cannot say."""
        ...

    def language(self) -> str:
        """The browser's language tag (``navigator.language``), "" when it has none."""
        ...

    def cores(self) -> int:
        """The device's logical cores (``navigator.hardwareConcurrency``, 1 when unknown)."""
        ...

    # -- the address ------------------------------------------------------------------------------------------
    def address(self) -> str | None:
        """The page's address with its fragment (``location.href``), None when it cannot be read."""
        ...

    def fragment(self) -> str:
        """The address's ``#`` part (``location.hash``), "" when there is none or it cannot be read."""
        ...

    def clear_fragment(self) -> None:
        """Take the ``#`` part out of the address without a new entry in the browser's history; a page whose
        address cannot be changed keeps it."""
        ...

    # -- the clipboard and the share sheet ----------------------------------------------------------------------
    def write_clipboard(self, text: str, done: Done, failed: Done) -> bool:
        """Copy ``text``; ``done`` or ``failed`` is called when the browser answers. Raises :class:`Refused` when it
        refuses at once; False when its answer cannot be watched."""
        ...

    def read_clipboard(self, done: Done, failed: Done) -> bool:
        """Ask for the clipboard's text, given to ``done``; as :meth:`write_clipboard`."""
        ...

    def can_share(self) -> bool:
        """Whether the browser has a share sheet (``navigator.share``)."""
        ...

    def share(self, title: str, url: str, done: Done, failed: Done) -> bool:
        """Open the share sheet on ``url``; as :meth:`write_clipboard` (``failed`` gets the error: its ``name`` is
        "AbortError" when the player closed the sheet)."""
        ...

    # -- what a screen reader reads, and a text field ------------------------------------------------------------
    def announce(self, text: str, kept: int) -> bool:
        """Add ``text`` to the live region as a paragraph of text, keeping its newest ``kept`` lines; False when
        the page refused (a page without the region just loses the words)."""
        ...

    def show_text_field(self, text: str, place: tuple[int, int, int, int], scene_height: int) -> bool:
        """A read-only text field holding ``text`` over ``place`` (x, y, width, height in the scene's pixels; the
        scene is the bottom ``scene_height`` pixels of the canvas), selected; False when it cannot be shown."""
        ...

    def hide_text_field(self) -> None: ...

    # -- storage ----------------------------------------------------------------------------------------------
    def local_storage(self) -> LocalStorage | None:
        """The page's ``localStorage``; raises what the browser raises when storage is switched off."""
        ...
