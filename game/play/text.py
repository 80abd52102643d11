"""The one gate for text from outside the game: pasted, typed, imported, stored, or a file path to show.

Any text may arrive there: a link copied from a chat carries zero-width spaces and soft hyphens, a backup can
hold NUL or a lone surrogate, a name can be a million characters long. :func:`clean` turns any of it into text
that is safe to keep, compare and draw:

* lone surrogates (half of a UTF-16 pair, which no UTF-8 file or font takes) become :data:`MARK`, while a
  well-formed pair becomes the character it encodes;
* the text is put in Unicode's composed form (NFC), so ``e`` followed by a combining acute is the one ``é``;
* invisible characters are removed: controls (NUL, escape...), and format characters (zero-width spaces and
  joiners, the soft hyphen, the bidirectional controls such as U+202E that reverse what follows, the BOM);
* line and paragraph breaks (and tabs) become a space, or stay line breaks where the text may have several lines;
* characters no font has (private use, unassigned) become :data:`MARK`, visible where they were;
* the length is bounded (in characters, after all of the above).

:func:`displayable` is the renderer's own, lighter pass (``game/app/theme.py``): no character that a font
cannot place (controls, format characters, surrogates) reaches it, and very long strings are cut.
No pygame here.
"""

from __future__ import annotations

import unicodedata

MARK = "\ufffd"  # the replacement character: what stands for a character that cannot be shown
NAME_LENGTH = 40  # a player's name as stored or imported (names chosen in the game have at most 12 letters)
LINK_LENGTH = 4000  # a pasted link or code: more than any the game reads (3,600), so a longer one is refused whole
PATH_LENGTH = 400  # a file path shown to the player
DRAWN_LENGTH = 1000  # characters the renderer draws of one string (far more than a screen's width)

# Unicode's general categories, by their two letters: C (other) and Z (separators), then the kind
_INVISIBLE = "cf"  # Cc controls, Cf format characters (zero-width, soft hyphen, bidi controls, BOM)
_NO_GLYPH = "ons"  # Co private use, Cn unassigned, Cs surrogates
_BREAKS = "lp"  # Zl line and Zp paragraph separators
_LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85"  # what str.splitlines() breaks at, among the controls


def _kind(char: str) -> str:
    """``invisible``, ``unshown``, ``break`` or ``shown``: what the gate does with ``char``."""
    category = unicodedata.category(char)
    major, minor = category[0], category[1]
    if char in _LINE_BREAKS or char == "\t" or (major == "Z" and minor in _BREAKS):
        return "break"
    if major == "C":
        return "invisible" if minor in _INVISIBLE else "unshown"
    return "shown"


def repair_surrogates(text: str) -> str:
    """``text`` with every pair of surrogates joined into its character and every lone one replaced by MARK."""
    if not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def clean(text: object, limit: int, *, lines: bool = False) -> str:
    """``text`` from outside (any value: None is "", anything else not text its ``str``) made safe to keep and
    draw, at most ``limit`` characters; ``lines`` keeps line breaks (as ``\\n``), else they become spaces."""
    if text is None:
        return ""
    raw = text if isinstance(text, str) else str(text)
    raw = raw[: 4 * limit + 16]  # (enough for the removals below; a huge paste is not normalised whole)
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", repair_surrogates(raw)):
        kind = _kind(char)
        if kind == "break":
            kept.append("\n" if lines and char != "\t" else " ")
        elif kind == "invisible":
            continue
        else:
            kept.append(MARK if kind == "unshown" else char)
        if len(kept) >= limit:
            break
    return "".join(kept)


def clean_name(text: object) -> str:
    """A player's name from outside (a backup, stored history): cleaned, on one line, spaces trimmed."""
    return " ".join(clean(text, NAME_LENGTH).split())


def shown_path(path: object) -> str:
    """A file or folder path as the player reads it (a data folder's name may hold any character)."""
    return clean(str(path), PATH_LENGTH)


def displayable(text: str) -> str:
    """What the renderer draws for ``text``: a space for a line break or a tab, MARK for any other control, format
    character or surrogate, every other character as it is; at most DRAWN_LENGTH characters."""
    text = text[:DRAWN_LENGTH]
    if text.isprintable():
        return text
    return "".join(_shown(char) for char in text)


def _shown(char: str) -> str:
    if char.isprintable():
        return char
    kind = _kind(char)
    if kind == "break":
        return " "
    if kind == "invisible" or "\ud800" <= char <= "\udfff":
        return MARK
    return char  # other spaces, private use and unassigned characters: the font draws its own box for these
