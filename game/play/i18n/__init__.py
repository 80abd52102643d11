"""Every string the player reads goes through :func:`tr` (or :func:`tr_n` for a count).

The English text is written at the call site, as with gettext, and is the key of the French catalogue
(:mod:`game.play.i18n.fr`). One language is active at a time: :func:`set_language` picks it, from the player's
setting or, when that says "auto", from the browser or the system (:func:`detect_language`).

``tests/app/test_i18n.py`` checks that every string in the code has a French entry, that no prose string escapes
the catalogue, and that every scene in French fits a 360x640 screen.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Callable
from typing import Any, TypeVar

from ...page import Page
from .fr import FRENCH, FRENCH_PLURALS

LANGUAGES = ("en", "fr")
T = TypeVar("T")
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
AUTO = "auto"

_active = "en"


def set_language(code: str) -> str:
    """Make ``code`` the active language (an unknown code means English); returns the language now active."""
    global _active
    _active = code if code in LANGUAGES else "en"
    return _active


def language() -> str:
    return _active


def tr(text: str) -> str:
    """``text`` in the active language (English is written in the code; a missing French entry shows English)."""
    if _active == "fr":
        return FRENCH.get(text, text)
    return text


def in_every_language(make: Callable[[], T]) -> list[T]:
    """What ``make`` gives in each language the game speaks (the active one is restored after)."""
    global _active
    active, made = _active, []
    try:
        for code in LANGUAGES:
            _active = code
            made.append(make())
    finally:
        _active = active
    return made


def tr_mark(text: str) -> str:
    """Mark ``text`` for the catalogue where it is defined (module-level data); :func:`tr` it where it is drawn."""
    return text


def tr_n(singular: str, plural: str, count: int) -> str:
    """The form of a counted phrase for ``count``, in the active language; ``{n}`` in it becomes the count.

    French treats 0 and 1 as singular, English only 1.
    """
    if _active == "fr" and singular in FRENCH_PLURALS:
        one, many = FRENCH_PLURALS[singular]
        return (one if count <= 1 else many).replace("{n}", str(count))
    return (singular if count == 1 else plural).replace("{n}", str(count))


def from_tag(tag: Any) -> str:
    """A language tag such as ``fr-FR``, ``fr_CA.UTF-8``, ``fr:en`` or ``en-GB`` reduced to one of :data:`LANGUAGES`."""
    if not isinstance(tag, str):
        return "en"
    code = tag.strip().split(":")[0].replace("_", "-").split("-")[0].split(".")[0].lower()
    return code if code in LANGUAGES else "en"


def detect_language(page: Page | None = None) -> str:
    """The player's language as the browser page (``navigator.language``) or, on the desktop (no ``page``), the
    system (``LANG``, locale) reports it."""
    if page is not None:
        return from_tag(page.language())
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # gettext's order
        value = os.environ.get(name)
        if value:
            return from_tag(value)
    try:
        return from_tag(locale.getlocale()[0])
    except ValueError:
        return "en"


def choose(setting: str, page: Page | None = None) -> str:
    """Activate the language the player set, or the detected one (:func:`detect_language`) when it is ``auto``."""
    return set_language(setting if setting in LANGUAGES else detect_language(page))
