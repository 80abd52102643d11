"""On-canvas keys for a position code, for screens without a keyboard (pygbag shows no virtual keyboard): three
pages of keys (A-Z, a-z, then the digits and - _ . #), and a bottom row with a key for each page and one to delete.

A :class:`Keypad` is a panel widget (``part_at``, ``activate``, ``key``, ``draw``) like a button: a key is
pressed on ``press`` and typed on ``release`` over the same key, so sliding off cancels it. :meth:`Keypad.place`
sizes it: every key at least as high as a finger needs, with more keys to a row where the height is short.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from ..play.i18n import tr
from . import theme
from .theme import Text
from .widgets import focus_ring, part_under

PAGES = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789-_.#")
PAGE_NAMES = ("ABC", "abc", "123")
COLUMNS = (7, 9, 13)  # keys to a row of characters, fewest first: 4, 3 or 2 rows of letters, then the bottom row
TALLEST = 1.25  # keys grow up to this many times the least key height when there is room


def rows_for(columns: int) -> int:
    """Rows of keys with ``columns`` characters to a row: the longest page's rows, then the bottom row."""
    return max(math.ceil(len(page) / columns) for page in PAGES) + 1


class Keypad:
    def __init__(self, on_char: Callable[[str], None], on_delete: Callable[[], None]) -> None:
        self.on_char = on_char
        self.on_delete = on_delete
        self.page = 0
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.columns = COLUMNS[0]
        self.gap = 3

    def place(self, room: pygame.Rect, least: int) -> None:
        """Take the bottom of ``room``: the fewest characters to a row whose rows of keys at least ``least`` high
        fit (keys up to :data:`TALLEST` times that when there is room; the widest arrangement if none fits)."""
        self.gap = max(3, room.width // 90)
        for columns in COLUMNS:
            if rows_for(columns) * (least + self.gap) - self.gap <= room.height:
                break
        self.columns = columns
        rows = rows_for(columns)
        key = max(least, min(int(least * TALLEST), (room.height + self.gap) // rows - self.gap))
        height = max(0, min(room.height, rows * (key + self.gap) - self.gap))
        self.rect = pygame.Rect(room.x, room.bottom - height, room.width, height)

    def part_rects(self) -> list[tuple[Any, pygame.Rect]]:
        """(part, rect) for every key: ("char", c), ("page", i) or ("delete",)."""
        gap, rows = self.gap, rows_for(self.columns)
        height = (self.rect.height - gap * (rows - 1)) / rows
        parts: list[tuple[Any, pygame.Rect]] = []
        width = (self.rect.width - gap * (self.columns - 1)) / self.columns
        for index, char in enumerate(PAGES[self.page]):
            row, column = divmod(index, self.columns)
            parts.append((("char", char), self._cell(column, row, width, height)))
        bottom = ["page", "page", "page", "delete"]
        width = (self.rect.width - gap * (len(bottom) - 1)) / len(bottom)
        for column, kind in enumerate(bottom):
            part = ("page", column) if kind == "page" else ("delete",)
            parts.append((part, self._cell(column, rows - 1, width, height)))
        return parts

    def _cell(self, column: int, row: int, width: float, height: float) -> pygame.Rect:
        x = self.rect.x + column * (width + self.gap)
        y = self.rect.y + row * (height + self.gap)
        return pygame.Rect(round(x), round(y), round(width), round(height))

    def part_at(self, pos: tuple[int, int]) -> Any:
        return part_under(self.part_rects(), pos)

    def activate(self, part: Any) -> None:
        if part[0] == "char":
            self.on_char(part[1])
        elif part[0] == "page":
            self.page = part[1]
        else:
            self.on_delete()

    def key(self, kind: str) -> bool:
        return False  # the keyboard types into the field directly

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hover: Any, pressed: Any) -> None:
        if focused:
            focus_ring(surface, self.rect, 8)
        for part, rect in self.part_rects():
            current = part[0] == "page" and part[1] == self.page
            fill = theme.BUTTON_DOWN if part == pressed else theme.BUTTON_HOVER if part == hover else theme.BUTTON
            if current:
                fill = theme.SELECTED
            pygame.draw.rect(surface, fill, rect, border_radius=min(10, rect.height // 4))
            label = part[1] if part[0] == "char" else PAGE_NAMES[part[1]] if part[0] == "page" else tr("Del")
            ink = theme.ON_SELECTED if current else theme.INK
            label, size = text.fitted(label, max(text.body, int(rect.height * 0.5)), rect.width - 6)
            text.draw(surface, label, size, ink, center=rect.center)
