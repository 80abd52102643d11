"""Colours, player colours and patterns, and the text cache (pygame's bundled font, the same on every target)."""

from __future__ import annotations

import os

import pygame

from ..page import Page
from ..play.players import COLOURS
from ..play.text import MARK, displayable
from .palette import DARK, LIGHT, PALETTES, Palette, luminance

SEPARATOR = " · "  # what joins the parts of a text made of parts (a board's title, a summary): lines break there first
FONT_SIZES = 48  # text sizes whose fonts are kept at once (see Text.font)
TEXT_CACHE_BYTES = 8_000_000  # rendered strings kept, in pixel bytes (600 long strings could hold 30 MB)

# The colours of the palette in use (game/app/palette.py: light or dark), set by use(); read at draw time as
# theme.INK and so on, so every drawing follows a change of palette at its next frame.
BACKGROUND = LIGHT.background
PANEL = LIGHT.panel
INK = LIGHT.ink
MUTED = LIGHT.muted
DOT = LIGHT.dot
LINE = LIGHT.line
FAINT = LIGHT.faint
ACCENT = LIGHT.accent
HINT = LIGHT.hint
LAST_TURN = LIGHT.last_turn
BUTTON = LIGHT.button
BUTTON_HOVER = LIGHT.button_hover
BUTTON_DOWN = LIGHT.button_down
BUTTON_PRIMARY = LIGHT.button_primary
ON_PRIMARY = LIGHT.on_primary
DANGER = LIGHT.danger
BUTTON_DANGER = LIGHT.button_danger
DISABLED = LIGHT.disabled
SELECTED = LIGHT.selected
ON_SELECTED = LIGHT.on_selected
FOCUS = LIGHT.focus
WASH = LIGHT.wash
PALETTE = LIGHT
AWAY_FROM_WASH = 0  # what shade() mixes towards: black on a light palette, white on a dark one (set by use())


def use(palette: Palette) -> None:
    """Draw with ``palette`` from now on: its colours become this module's, and each player colour's name takes the
    palette's shade of it (``game.play.players.COLOURS``, which every seat's look is made from)."""
    global PALETTE, AWAY_FROM_WASH
    PALETTE = palette
    AWAY_FROM_WASH = 0 if luminance(palette.wash) > 0.5 else 255
    for name, colour in palette.colours().items():
        globals()[name.upper()] = colour
    COLOURS.update(palette.players)


def palette_for(choice: str, system_dark: bool) -> Palette:
    """The palette a theme setting means: "light", "dark", or the system's preference ("auto")."""
    if choice in PALETTES:
        return PALETTES[choice]
    return DARK if system_dark else LIGHT


def system_dark(page: Page | None) -> bool:
    """Whether the system asks for a dark look: the browser page's ``prefers-color-scheme``; on the desktop
    ``$PIPOPIPETTE_THEME=dark`` (pygame cannot ask the system)."""
    if page is not None:
        return page.prefers_dark()
    return os.environ.get("PIPOPIPETTE_THEME", "").strip().lower() == "dark"


use(LIGHT)
# The players' colours and patterns are in game/app/players.py (one lookup for every seat's look).
# With patterns on, a drawn line carries the rhythm of its player's cell pattern: dash and gap lengths (on, off, ...)
# in line widths, full colour over a pale line.
LINE_DASHES = {"stripes": (3.0, 1.5), "dots": (1.0, 1.0), "grid": (3.0, 1.0, 1.0, 1.0), "bars": (6.0, 1.5)}


def tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """``colour`` mixed with the palette's wash (white in the light palette, the panel in the dark one): 0 keeps
    it, 1 is the wash. Pale fills of claimed cells and highlights use it."""
    return tuple(round(c + (w - c) * amount) for c, w in zip(colour, WASH, strict=True))  # type: ignore[return-value]


class Text:
    """Renders and caches text with pygame's default font (``Font(None, size)``, bundled with pygame).

    The bundled freesansbold carries a kerning table with many wrong pairs (``tt`` and ``la`` pushed apart by
    several pixels, ``kz`` by seven), which SDL_ttf applies when it renders a whole string: "Pipopipet te".
    So a string is laid out here glyph by glyph, each one placed at the sum of the previous glyphs' advances,
    the same on the desktop and in the browser (same font, same SDL_ttf).

    Any string can be drawn: SDL_ttf refuses NUL, lone surrogates and characters of no width (a zero-width space,
    a soft hyphen, a bidirectional control), so what is drawn is :func:`~game.play.text.displayable` (those become
    the replacement mark, at most DRAWN_LENGTH characters), and a character the font still refuses is drawn as
    the mark too. A character the font has no glyph for shows the font's own empty box.
    """

    def __init__(self) -> None:
        self.least = 10  # the smallest size :meth:`fit` shrinks text to (the app keeps it at the caption size)
        self.body = 20  # body text's size (the app keeps it at the layout's body size)
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._cache_bytes = 0
        self._advances: dict[tuple[str, int], int] = {}
        self._takes: dict[str, bool] = {}  # whether SDL_ttf draws a character (the same font at every size)

    def font(self, size: int) -> pygame.font.Font:
        """The font at ``size``; the FONT_SIZES most recently used sizes are kept (a font with its glyphs costs about
        0.2 MB of C memory, and every window size brings new sizes: resizing would grow without bound)."""
        size = max(8, int(size))
        font = self._fonts.pop(size, None)
        if font is None:
            if len(self._fonts) >= FONT_SIZES:
                self._forget(next(iter(self._fonts)))
            font = pygame.font.Font(None, size)
        self._fonts[size] = font  # most recently used last
        return font

    def _forget(self, size: int) -> None:
        del self._fonts[size]
        self._advances = {key: value for key, value in self._advances.items() if key[1] != size}

    def advance(self, char: str, size: int) -> int:
        """How far the pen moves after ``char`` at ``size`` (its own advance, no kerning with its neighbours)."""
        size = max(8, int(size))
        key = (char, size)
        found = self._advances.get(key)
        if found is None:
            glyph = self.glyph(char)
            metrics = self.font(size).metrics(glyph)
            found = metrics[0][4] if metrics and metrics[0] else self.font(size).size(glyph)[0]
            self._advances[key] = found
        return found

    def glyph(self, char: str) -> str:
        """``char``, or MARK when SDL_ttf refuses to draw it (no width, NUL, a surrogate); spaces are only advanced
        over, never drawn."""
        takes = self._takes.get(char)
        if takes is None:
            try:
                takes = char.isspace() or bool(self.font(self.body).render(char, True, INK))
            except (pygame.error, ValueError):  # (UnicodeError is a ValueError)
                takes = False
            self._takes[char] = takes
        return char if takes else MARK

    def width(self, text: str, size: int) -> int:
        """The width of ``text`` as :meth:`render` lays it out."""
        return sum(self.advance(char, size) for char in displayable(text))

    def render(self, text: str, size: int, colour: tuple[int, ...] = INK) -> pygame.Surface:
        key = (text, int(size), tuple(colour))
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) > 600 or self._cache_bytes > TEXT_CACHE_BYTES:
                self._cache.clear()
                self._cache_bytes = 0
            surface = self._compose(text, int(size), colour)
            self._cache[key] = surface
            self._cache_bytes += surface.get_width() * surface.get_height() * 4
        return surface

    def _compose(self, text: str, size: int, colour: tuple[int, ...]) -> pygame.Surface:
        font = self.font(size)
        shown = displayable(text)
        surface = pygame.Surface((max(1, self.width(shown, size) + 2), font.get_height()), pygame.SRCALPHA)
        x = 0
        for char in shown:
            if not char.isspace():
                surface.blit(font.render(self.glyph(char), True, colour), (x, 0))
            x += self.advance(char, size)
        return surface

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: tuple[int, ...] = INK,
        **anchor: tuple[int, int] | int,
    ) -> pygame.Rect:
        """Blit ``text`` placed by a Rect anchor, e.g. ``center=(x, y)`` or ``midleft=(x, y)``."""
        image = self.render(text, size, colour)
        rect = image.get_rect(**anchor)
        surface.blit(image, rect)
        return rect

    def fit(self, text: str, size: int, width: int) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels, never below :attr:`least`
        (so the text may still be too wide: :meth:`fitted` shortens it then)."""
        while size > self.least and self.width(text, size) > width:
            size -= 1
        return size

    def fitted(self, text: str, size: int, width: int) -> tuple[str, int]:
        """``text`` on one line in ``width`` pixels: at the largest size up to ``size`` where it fits, and cut short
        with an ellipsis when it is too wide even at :attr:`least`. Returns (what to draw, its size)."""
        size = self.fit(text, size, width)
        return self.shorten(text, size, width), size

    def shorten(self, text: str, size: int, width: int) -> str:
        """``text``, cut short with an ellipsis if it is wider than ``width`` pixels at ``size``."""
        if self.width(text, size) <= width:
            return text
        room, used, kept = width - self.advance("…", size), 0, 0
        shown = displayable(text)
        for char in shown:
            used += self.advance(char, size)
            if used > room:
                break
            kept += 1
        return shown[:kept].rstrip(" ·") + "…"

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` at ``size`` where its words allow (a word wider than
        ``width`` keeps a line of its own). A text made of parts joined by " · " breaks between the parts where
        it can, so that a part ("captures compulsory") is not split over two lines."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for part in paragraph.split(SEPARATOR):
                joined = f"{line}{SEPARATOR}{part}" if line else part
                if self.width(joined, size) <= width:
                    line = joined
                    continue
                if line and self.width(part, size) <= width:
                    lines.append(self._ended(line, size, width))
                    line = part
                    continue
                for index, word in enumerate(part.split()):
                    joiner = SEPARATOR if index == 0 else " "
                    candidate = f"{line}{joiner}{word}" if line else word
                    if line and self.width(candidate, size) > width:
                        lines.append(self._ended(line, size, width) if index == 0 else line)
                        line = word
                    else:
                        line = candidate
            lines.append(line)
        return lines

    def _ended(self, line: str, size: int, width: int) -> str:
        """A line that a break between parts ends: with the separator's dot where it fits."""
        dotted = line + SEPARATOR.rstrip()
        return dotted if self.width(dotted, size) <= width else line

    def fit_lines(self, text: str, size: int, width: int, most: int) -> tuple[list[str], int]:
        """``text`` in at most ``most`` lines no wider than ``width``: wrapped at the largest size up to ``size``
        where it fits, else at :attr:`least` with the last line cut short by an ellipsis. Returns (lines, size)."""
        while True:
            lines = self.wrap(text, size, width)
            if len(lines) <= most and all(self.width(line, size) <= width for line in lines):
                return lines, size
            if size <= self.least:
                break
            size -= 1
        kept = lines[: most - 1] + [" ".join(lines[most - 1 :])]
        shown = [self.shorten(line, size, width) for line in kept]
        if len(lines) > most and not shown[-1].endswith("…"):
            shown[-1] = self.shorten(shown[-1] + " …", size, width) if shown[-1] else "…"
        return shown, size


def shade(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """``colour`` moved away from the palette's wash, for a mark on a pale fill of it (an initial in a claimed
    cell): mixed with black in the light palette, with white in the dark one. 0 keeps it."""
    return tuple(round(c + (AWAY_FROM_WASH - c) * amount) for c in colour)  # type: ignore[return-value]


def darker(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """``colour`` mixed with black (a shadow, in either palette): 0 keeps it, 1 is black."""
    return tuple(round(c * (1 - amount)) for c in colour)  # type: ignore[return-value]
