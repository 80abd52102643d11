"""What the game says for a screen reader: in the browser, the page's live region (``#announcer`` in
``index_template.html``, a polite ARIA log outside the canvas, reached through the page port ``game/page``); on
the desktop the same words are kept for the tests and for Settings to show, since a pygame window has no
accessibility tree.

Text goes into the page as a text node (``textContent``), never as markup or code.
"""

from __future__ import annotations

from collections import deque

from ..page import Page

KEPT = 20  # lines kept in the live region (and here): a screen reader reads the newest; older ones stay readable


class Announcer:
    def __init__(self, page: Page | None = None) -> None:
        """``page`` is the browser page the game runs in, or None on the desktop."""
        self.page = page
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
        if self.page is not None and not self.page.announce(text, KEPT):
            self.page = None  # a page that refused the region loses only the speech
