"""On-canvas keys for a position code, for screens without a keyboard (pygbag shows no virtual keyboard): three
pages of keys (A-Z, a-z, then the digits and - _ . #), a key to turn the page and one to delete.

A :class:`Keypad` is a panel widget (``part_at``, ``activate``, ``key``, ``draw``) like a button: a key is
pressed on ``press`` and typed on ``release`` over the same key, so sliding off cancels it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from . import theme
from .i18n import tr
from .theme import Text
from .widgets import focus_ring

PAGES = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789-_.#")
PAGE_NAMES = ("ABC", "abc", "123")
COLUMNS = 7
ROWS = 5  # four rows of characters, then the page keys and delete


class Keypad:
    def __init__(self, on_char: Callable[[str], None], on_delete: Callable[[], None]) -> None:
        self.on_char = on_char
        self.on_delete = on_delete
        self.page = 0
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)

    def part_rects(self) -> list[tuple[Any, pygame.Rect]]:
        """(part, rect) for every key: ("char", c), ("page", i) or ("delete",)."""
        gap = max(3, self.rect.width // 90)
        width = (self.rect.width - gap * (COLUMNS - 1)) / COLUMNS
        height = (self.rect.height - gap * (ROWS - 1)) / ROWS
        parts: list[tuple[Any, pygame.Rect]] = []
        for index, char in enumerate(PAGES[self.page]):
            row, column = divmod(index, COLUMNS)
            parts.append((("char", char), self._cell(column, row, 1, width, height, gap)))
        bottom = ROWS - 1
        for page in range(len(PAGES)):
            parts.append((("page", page), self._cell(page * 2, bottom, 2, width, height, gap)))
        parts.append((("delete",), self._cell(COLUMNS - 1, bottom, 1, width, height, gap)))
        return parts

    def _cell(self, column: int, row: int, span: int, width: float, height: float, gap: int) -> pygame.Rect:
        x = self.rect.x + column * (width + gap)
        y = self.rect.y + row * (height + gap)
        return pygame.Rect(round(x), round(y), round(width * span + gap * (span - 1)), round(height))

    def part_at(self, pos: tuple[int, int]) -> Any:
        for part, rect in self.part_rects():
            if rect.collidepoint(pos):
                return part
        return None

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
            ink = theme.PANEL if current else theme.INK
            size = text.fit(label, int(rect.height * 0.5), rect.width - 6)
            text.draw(surface, label, size, ink, center=rect.center)
