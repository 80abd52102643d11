"""Whole numbers written in text from outside the game: one reader for all of them.

A port in a server address, a count in a link, a line id or a time in an engine command: each is written in the ASCII
digits 0-9 and nothing else. Python's own ``isdigit`` and ``int`` take far more (``"²".isdigit()`` is true and
``int("²")`` raises; ``int("٣")``, ``int("３")`` and ``int("৩")`` read 3, which a browser then refuses in a URL), and
``int`` refuses a text of thousands of digits. The caller names the range and says, in its own words, why a text that
does not read is refused.
"""

from __future__ import annotations

import re

MOST_DIGITS = 30  # more than any number the game reads, few enough for int() at once
_DIGITS = re.compile(f"[0-9]{{1,{MOST_DIGITS}}}")


def whole_number(text: object, low: int = 0, high: int | None = None) -> int | None:
    """The number ``text`` writes in ASCII digits (no sign, space or other script's digits) when it lies within
    ``low``..``high`` (``high`` None: no upper bound); None otherwise."""
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value and (high is None or value <= high) else None
