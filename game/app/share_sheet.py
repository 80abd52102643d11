"""Giving a link away on a phone: the system's share sheet (``navigator.share``) where the browser has one, and a
real, selectable text field over the canvas when copying is refused, so "copy it by hand" can be done.

Nothing here writes JavaScript source: the share sheet gets a plain object made by ``JSON.parse`` from data, and
the text field is a DOM element made from Python (``platform.document``) whose ``value`` is set to the text.
``status`` is a sentence for the player in English (``tr()`` it where it is drawn), as in :mod:`.clipboard`.
"""

from __future__ import annotations

import json
from typing import Any

from ..play.i18n import tr_mark
from .page import browser_document, browser_window

SHARING = tr_mark("Choose where to send it...")
SHARED = tr_mark("Sent.")
SHARE_FAILED = tr_mark("The browser could not share it: copy the link instead.")
FIELD_CSS = (
    "position:fixed;left:{x:.0f}px;top:{y:.0f}px;width:{w:.0f}px;height:{h:.0f}px;box-sizing:border-box;margin:0;"
    "padding:6px;border-width:2px;border-style:solid;border-color:#2f6fbf;border-radius:8px;background:#fffdf8;"
    "color:#2b2b2b;font-size:16px;font-family:sans-serif;resize:none;z-index:10;-webkit-user-select:text;user-select:text"
)


class ShareSheet:
    """The phone's own way to send something (messages, mail, a nearby device), where the browser offers it."""

    def __init__(self, browser: bool) -> None:
        self.browser = browser
        self.status = ""

    @property
    def available(self) -> bool:
        if not self.browser:
            return False
        try:
            return callable(browser_window().navigator.share)
        except AttributeError:
            return False

    def share(self, title: str, url: str) -> None:
        """Open the share sheet on ``url``; ``status`` follows its answer (closing the sheet says nothing)."""
        window = browser_window()
        try:
            data = window.JSON.parse(json.dumps({"title": title, "url": url}))
            promise = window.navigator.share(data)
        except Exception:  # noqa: BLE001 - a browser that has no share sheet after all, or refuses it now
            self.status = SHARE_FAILED
            return
        self.status = SHARING
        try:
            promise.then(lambda _result: self._set(SHARED), self._failed)
        except Exception:  # noqa: BLE001 - a runtime that cannot pass callbacks to JavaScript
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
    long-press on a phone). Shown in the browser only; :meth:`hide` removes it."""

    def __init__(self) -> None:
        self.element: Any = None

    def show(self, text: str, place: tuple[int, int, int, int], scene_height: int) -> None:
        """Show ``text`` over ``place`` (x, y, width, height in the scene's pixels; the scene is the bottom
        ``scene_height`` pixels of the canvas, below any notice strip), selected."""
        self.hide()
        try:
            document = browser_document()
            canvas = document.getElementById("canvas")
            box = canvas.getBoundingClientRect()
            scale_x, scale_y = float(box.width) / float(canvas.width), float(box.height) / float(canvas.height)
            top = float(canvas.height) - scene_height
            x, y, w, h = place
            element = document.createElement("textarea")
            element.readOnly = True
            element.value = text
            element.style.cssText = FIELD_CSS.format(
                x=float(box.left) + x * scale_x, y=float(box.top) + (top + y) * scale_y, w=w * scale_x, h=h * scale_y
            )
            document.body.appendChild(element)
            element.focus()
            element.select()
        except Exception:  # noqa: BLE001 - a page without a DOM: the text stays drawn on the canvas
            return
        self.element = element

    def hide(self) -> None:
        element, self.element = self.element, None
        if element is not None:
            try:
                element.remove()
            except Exception:  # noqa: BLE001 - the page is going away
                return

    @property
    def shown(self) -> bool:
        return self.element is not None
