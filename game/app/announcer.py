"""What the game says for a screen reader: in the browser, the page's live region (``#announcer`` in
``index_template.html``, a polite ARIA log outside the canvas); on the desktop the same words are kept for the
tests and for Settings to show, since a pygame window has no accessibility tree.

Text goes into the page as a text node (``textContent``), never as markup or code.
"""

from __future__ import annotations

from collections import deque
from typing import Any

KEPT = 20  # lines kept in the live region (and here): a screen reader reads the newest; older ones stay readable


class Announcer:
    def __init__(self, document: Any = None) -> None:
        """``document`` is the browser page's (``platform.document``), or None on the desktop."""
        self.document = document
        self.said: deque[str] = deque(maxlen=KEPT)
        self.titled = ""  # the last title told

    def title(self, text: str) -> None:
        """A scene shows ``text`` as its title: told when it is not the title told last (another scene or page
        shows), so a screen reader hears where the player is."""
        if text and text != self.titled:
            self.titled = text
            self.say(text)

    def say(self, text: str) -> None:
        if not text:
            return
        self.said.append(text)
        if self.document is not None:
            self._to_page(text)

    def _to_page(self, text: str) -> None:
        try:
            region = self.document.getElementById("announcer")
            if region is None:
                return
            line = self.document.createElement("p")
            line.textContent = text
            region.appendChild(line)
            while int(region.childElementCount) > KEPT:
                region.removeChild(region.firstElementChild)
        except Exception:  # noqa: BLE001 - a page without the region (or a refused DOM call) loses only the speech
            self.document = None


def page_document(browser: bool) -> Any:
    """pygbag's ``platform.document`` in the browser, else None."""
    if not browser:
        return None
    try:
        import platform

        return platform.document  # type: ignore[attr-defined]  # pygbag's, in the browser only
    except AttributeError:
        return None
