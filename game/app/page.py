"""The browser page the game runs in: pygbag's ``platform.window`` (size, pixel ratio, localStorage, the backup
file's download and chooser). Only in the browser; tests put a stand-in in its place."""

from __future__ import annotations

from typing import Any


def browser_window() -> Any:
    import platform

    return platform.window  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser


def prefers_dark(browser: bool, window: Any = None) -> bool:
    """Whether the system asks for a dark look: the browser's ``prefers-color-scheme``; on the desktop
    ``$PIPOPIPETTE_THEME=dark`` (pygame cannot ask the system)."""
    if not browser:
        import os

        return os.environ.get("PIPOPIPETTE_THEME", "").strip().lower() == "dark"
    try:
        page = window if window is not None else browser_window()
        return bool(page.matchMedia("(prefers-color-scheme: dark)").matches)
    except Exception:  # noqa: BLE001 - a page that cannot say keeps the light look
        return False


def browser_document() -> Any:
    import platform

    return platform.document  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser
