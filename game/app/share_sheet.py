"""Giving a link away on a phone: the system's share sheet (``navigator.share``) where the browser has one, and a
real, selectable text field over the canvas when copying is refused, so "copy it by hand" can be done. Both are
the page's (the page port, ``game/page``). ``status`` is a sentence for the player in English (``tr()`` it where
it is drawn), as in :mod:`.clipboard`.
"""

from __future__ import annotations

from typing import Any

from ..page import Page, Refused
from ..play.i18n import tr_mark

SHARING = tr_mark("Choose where to send it...")
SHARED = tr_mark("Sent.")
SHARE_FAILED = tr_mark("The browser could not share it: copy the link instead.")


class ShareSheet:
    """The phone's own way to send something (messages, mail, a nearby device), where the browser offers it.
    ``page``: the browser page, None on the desktop (no share sheet)."""

    def __init__(self, page: Page | None) -> None:
        self.page = page
        self.status = ""

    @property
    def available(self) -> bool:
        return self.page is not None and self.page.can_share()

    def share(self, title: str, url: str) -> None:
        """Open the share sheet on ``url``; ``status`` follows its answer (closing the sheet says nothing)."""
        if self.page is None:
            self.status = SHARE_FAILED
            return
        self.status = SHARING
        try:
            watched = self.page.share(title, url, lambda _result: self._set(SHARED), self._failed)
        except Refused:  # a browser that has no share sheet after all, or refuses it now
            self.status = SHARE_FAILED
            return
        if not watched:  # a runtime that cannot pass callbacks to JavaScript
            self.status = ""

    @property
    def waiting(self) -> bool:
        return self.status == SHARING

    def _set(self, status: str) -> None:
        self.status = status

    def _failed(self, error: Any) -> None:
        """The sheet was closed (AbortError: the player changed their mind) or the browser refused."""
        self.status = "" if getattr(error, "name", "") == "AbortError" else SHARE_FAILED


class TextField:
    """A read-only text field laid over a place of the canvas, holding a text the player can select and copy (or
    long-press on a phone). Shown in the browser only (``page``); :meth:`hide` removes it."""

    def __init__(self, page: Page | None) -> None:
        self.page = page
        self.shown = False

    def show(self, text: str, place: tuple[int, int, int, int], scene_height: int) -> None:
        """Show ``text`` over ``place`` (x, y, width, height in the scene's pixels; the scene is the bottom
        ``scene_height`` pixels of the canvas, below any notice strip), selected; a page without a DOM keeps the
        text drawn on the canvas."""
        self.hide()
        if self.page is not None:
            self.shown = self.page.show_text_field(text, place, scene_height)

    def hide(self) -> None:
        if self.shown and self.page is not None:
            self.page.hide_text_field()
        self.shown = False
