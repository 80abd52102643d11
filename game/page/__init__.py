"""The page port: everything the game asks of the browser page it runs in, behind one typed interface.

:class:`Page` says what the game asks of a page: its window (size, pixel density, visibility, colour scheme,
language), its address (the ``#`` fragment a link brings), the clipboard and the share sheet, the live region a
screen reader reads, a text field over the canvas, localStorage, and the game's own scripts (``backup.js``,
``webrtc.js``, ``core_page.js``: each a global object of functions that take and answer strings, driven through a
:class:`Script`). Only :class:`~game.page.browser.PygbagPage` touches pygbag's ``platform.window`` and
``platform.document``; tests use :class:`~game.page.memory.MemoryPage`, the one in-memory page.

:func:`current` is the page the game runs in (pygbag's, made at first use, in the browser only); :func:`use`
puts another in its place (tests, the browser harness's tools).
"""

from __future__ import annotations

from .browser import PygbagPage
from .port import Done, Glue, LocalStorage, Page, Refused, Script, Scripts, text_of

__all__ = ["Done", "Glue", "LocalStorage", "Page", "Refused", "Script", "Scripts", "current", "text_of", "use"]

_current: Page | None = None


def current() -> Page:
    """The page the game runs in: the one given to :func:`use`, else pygbag's (only in the browser)."""
    global _current
    if _current is None:
        _current = PygbagPage()
    return _current


def use(page: Page | None) -> None:
    """Run on ``page`` from now on (None: pygbag's page again, made at the next :func:`current`)."""
    global _current
    _current = page
