"""Pieces shared by several scenes: the header bar with a back button, and scene-to-scene navigation."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import layout, theme
from ..widgets import Button

if TYPE_CHECKING:
    from ..app import App


def header_rects(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """(the whole header bar, its back button) at the top of the surface."""
    u = layout.unit(size)
    bar = pygame.Rect(u // 2, u // 2, size[0] - u, int(u * 1.7))
    back = pygame.Rect(bar.x, bar.y, int(u * 3.6), bar.height)
    return bar, back


def draw_title(app: App, surface: pygame.Surface, bar: pygame.Rect, title: str) -> None:
    u = layout.unit(surface.get_size())
    size = app.text.fit(title, int(u * 1.05), bar.width - int(u * 8))
    app.text.draw(surface, title, size, theme.INK, center=bar.center)


def back_button(app: App, label: str = "Back") -> Button:
    return Button(label, app.manager.pop)


def go_to_menu(app: App) -> None:
    from .menu import MenuScene

    app.manager.reset(MenuScene(app))
