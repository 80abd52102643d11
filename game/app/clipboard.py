"""Copy and paste text: ``navigator.clipboard`` in the browser (asynchronous), pygame's clipboard on the desktop.

The browser answers later (a JavaScript promise), so :class:`Clipboard` keeps what happened in ``status`` (a
sentence for the player, in English: ``tr()`` it where it is drawn) and what was pasted in ``pasted`` (cleaned by
:func:`game.play.text.clean`); a scene reads both each frame. Whatever fails, the text stays on the screen for the
player to copy by hand.
"""

from __future__ import annotations

from typing import Any

from ..page import Page, Refused
from ..play.i18n import tr_mark
from ..play.text import LINK_LENGTH, clean

COPIED = tr_mark("Copied: send it to your friend.")
COPYING = tr_mark("Copying...")
REFUSED = tr_mark("The browser did not allow copying: select the link above and copy it by hand.")
NO_DESKTOP_COPY = tr_mark("Copying is not available here: the link is shown above.")
PASTING = tr_mark("Pasting...")
PASTE_REFUSED = tr_mark("The browser did not allow pasting: type the code, or paste it with Ctrl+V.")
NO_DESKTOP_PASTE = tr_mark("Pasting is not available here: type the code.")
NOTHING_TO_PASTE = tr_mark("The clipboard holds no text.")


class Clipboard:
    """``page``: the browser page the game runs in (its ``navigator.clipboard``), None on the desktop (pygame's)."""

    def __init__(self, page: Page | None) -> None:
        self.page = page
        self.status = ""
        self.pasted: str | None = None

    # -- copy -------------------------------------------------------------------------------------------------
    def copy(self, text: str) -> None:
        if self.page is not None:
            self._browser_copy(self.page, text)
        else:
            self._desktop_copy(text)

    def _browser_copy(self, page: Page, text: str) -> None:
        self.status = COPYING
        try:
            watched = page.write_clipboard(text, lambda _result: self._set(COPIED), lambda _error: self._set(REFUSED))
        except Refused:  # no clipboard (an insecure page, an old browser): show the text
            self.status = REFUSED
            return
        if not watched:  # a runtime that cannot pass callbacks to JavaScript: assumed copied
            self.status = COPIED

    def _desktop_copy(self, text: str) -> None:
        try:
            import pygame

            pygame.scrap.put_text(text)
        except Exception:  # noqa: BLE001 - no clipboard in this video driver
            self.status = NO_DESKTOP_COPY
            return
        self.status = COPIED

    # -- paste ------------------------------------------------------------------------------------------------
    def request_paste(self) -> None:
        """Ask for the clipboard's text; it arrives in ``pasted`` (at once on the desktop, later in the browser)."""
        self.pasted = None
        if self.page is not None:
            self._browser_paste(self.page)
            return
        try:
            import pygame

            text = pygame.scrap.get_text()
        except Exception:  # noqa: BLE001
            self.status = NO_DESKTOP_PASTE
            return
        self._receive(text)

    def _browser_paste(self, page: Page) -> None:
        self.status = PASTING
        try:
            watched = page.read_clipboard(self._receive, lambda _error: self._set(PASTE_REFUSED))
        except Refused:
            self.status = PASTE_REFUSED
            return
        if not watched:  # a runtime that cannot pass callbacks to JavaScript
            self.status = PASTE_REFUSED

    def _receive(self, text: Any) -> None:
        """The pasted text, through the gate for text from outside (``game/play/text.py``): a link copied from a
        chat carries zero-width spaces and soft hyphens, which are removed."""
        text = clean(text, LINK_LENGTH)
        if text.strip():
            self.pasted = text
            self.status = ""
        else:
            self.status = NOTHING_TO_PASTE

    @property
    def waiting(self) -> bool:
        """The browser has not answered a copy or a paste yet (its answer changes what is shown)."""
        return self.status in (COPYING, PASTING)

    # -- helpers ----------------------------------------------------------------------------------------------
    def _set(self, status: str) -> None:
        self.status = status
