"""The real page: pygbag's ``platform.window`` and ``platform.document`` (the browser harness's Pyodide sets the same
two). The only module of the game that touches a JavaScript object.

Nothing here writes JavaScript source from data: the share sheet gets a plain object made by ``JSON.parse``, the
live region's lines and the text field's text are set as text (``textContent``, ``value``), and a script's
functions are called with their arguments as values.
"""

from __future__ import annotations

import json
from typing import Any

from .port import Done, Glue, LocalStorage, Refused, Script, text_of

FIELD_CSS = (
    "position:fixed;left:{x:.0f}px;top:{y:.0f}px;width:{w:.0f}px;height:{h:.0f}px;box-sizing:border-box;margin:0;"
    "padding:6px;border-width:2px;border-style:solid;border-color:#2f6fbf;border-radius:8px;background:#fffdf8;"
    "color:#2b2b2b;font-size:16px;font-family:sans-serif;resize:none;z-index:10;-webkit-user-select:text;user-select:text"
)


def _window() -> Any:
    import platform

    return platform.window  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser


def _document() -> Any:
    import platform

    return platform.document  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser


def _watch(promise: Any, done: Done, failed: Done) -> bool:
    """Call ``done`` or ``failed`` when the promise settles; False if it cannot be watched."""
    try:
        promise.then(done, failed)
    except Exception:  # noqa: BLE001 - a runtime that cannot pass callbacks to JavaScript
        return False
    return True


class PygbagPage:
    """The browser page the game runs in (:class:`game.page.Page`)."""

    def __init__(self) -> None:
        self.field: Any = None  # the text field shown, a DOM element

    # -- the window -------------------------------------------------------------------------------------------
    def viewport(self) -> tuple[float, float, float]:
        window = _window()
        ratio = getattr(window, "devicePixelRatio", 1.0)
        return float(window.innerWidth), float(window.innerHeight), float(ratio or 1.0)

    def refit(self) -> None:
        try:
            refit = _window().window_resize  # pygbag's; its set_mode calls it before the canvas changed
        except AttributeError:
            return
        if callable(refit):
            refit()

    def hidden(self) -> bool:
        try:
            return bool(_window().document.hidden)
        except AttributeError:  # (a page without the Page Visibility API: always in sight)
            return False

    def prefers_dark(self) -> bool:
        try:
            return bool(_window().matchMedia("(prefers-color-scheme: dark)").matches)
        except Exception:  # noqa: BLE001 - a page that cannot say keeps the light look
            return False

    def language(self) -> str:
        try:
            return text_of(_window().navigator.language)
        except Exception:  # noqa: BLE001 - no navigator in this page
            return ""

    def cores(self) -> int:
        try:
            return int(_window().navigator.hardwareConcurrency or 1)
        except Exception:  # noqa: BLE001 - a browser that does not say
            return 1

    # -- the address ------------------------------------------------------------------------------------------
    def address(self) -> str | None:
        try:
            return str(_window().location.href)
        except Exception:  # noqa: BLE001 - a page without a readable address
            return None

    def fragment(self) -> str:
        try:
            return str(_window().location.hash or "")
        except Exception:  # noqa: BLE001 - no readable location
            return ""

    def clear_fragment(self) -> None:
        try:
            window = _window()
            window.history.replaceState(None, "", f"{window.location.pathname}{window.location.search}")
        except Exception:  # noqa: BLE001 - a page whose address cannot be changed keeps it
            return

    # -- the clipboard and the share sheet ----------------------------------------------------------------------
    def write_clipboard(self, text: str, done: Done, failed: Done) -> bool:
        try:
            promise = _window().navigator.clipboard.writeText(text)
        except Exception as error:  # noqa: BLE001 - no clipboard (an insecure page, an old browser)
            raise Refused(str(error)) from None
        return _watch(promise, done, failed)

    def read_clipboard(self, done: Done, failed: Done) -> bool:
        try:
            promise = _window().navigator.clipboard.readText()
        except Exception as error:  # noqa: BLE001
            raise Refused(str(error)) from None
        return _watch(promise, done, failed)

    def can_share(self) -> bool:
        try:
            return callable(_window().navigator.share)
        except AttributeError:
            return False

    def share(self, title: str, url: str, done: Done, failed: Done) -> bool:
        window = _window()
        try:
            data = window.JSON.parse(json.dumps({"title": title, "url": url}))
            promise = window.navigator.share(data)
        except Exception as error:  # noqa: BLE001 - a browser that has no share sheet after all, or refuses it now
            raise Refused(str(error)) from None
        return _watch(promise, done, failed)

    # -- what a screen reader reads, and a text field ------------------------------------------------------------
    def announce(self, text: str, kept: int) -> bool:
        try:
            document = _document()
            region = document.getElementById("announcer")
            if region is None:
                return True
            line = document.createElement("p")
            line.textContent = text
            region.appendChild(line)
            while int(region.childElementCount) > kept:
                region.removeChild(region.firstElementChild)
        except Exception:  # noqa: BLE001 - a refused DOM call loses only the speech
            return False
        return True

    def show_text_field(self, text: str, place: tuple[int, int, int, int], scene_height: int) -> bool:
        self.hide_text_field()
        try:
            document = _document()
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
            return False
        self.field = element
        return True

    def hide_text_field(self) -> None:
        element, self.field = self.field, None
        if element is not None:
            try:
                element.remove()
            except Exception:  # noqa: BLE001 - the page is going away
                return

    # -- storage and scripts ------------------------------------------------------------------------------------
    def local_storage(self) -> LocalStorage | None:
        storage: LocalStorage | None = _window().localStorage
        return storage

    def script(self, glue: Glue) -> Script:
        window = _window()
        if window.eval(f"typeof(window.{glue.name})") != "object":
            window.eval(glue.source.read_text(encoding="utf-8"))
        found = getattr(window, glue.name)
        return Script(lambda function, args: text_of(getattr(found, function)(*args)))
