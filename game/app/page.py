"""The browser page the game runs in: pygbag's ``platform.window`` (size, pixel ratio, localStorage, the backup
file's download and chooser). Only in the browser; tests put a stand-in in its place."""

from __future__ import annotations

from typing import Any


def browser_window() -> Any:
    import platform

    return platform.window  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser


def browser_document() -> Any:
    import platform

    return platform.document  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser
