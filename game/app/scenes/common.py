"""Pieces shared by several scenes: the header bar with a back button, and scene-to-scene navigation."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import layout, theme
from ..i18n import tr
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


def footer_rect(size: tuple[int, int]) -> pygame.Rect:
    """The full-width row of main buttons at the bottom of the surface."""
    u = layout.unit(size)
    return pygame.Rect(u, size[1] - int(u * 2.6), size[0] - 2 * u, int(u * 2.1))


def back_button(app: App, rect: pygame.Rect) -> Button:
    """The header's back button, placed at ``rect`` (from :func:`header_rects`)."""
    button = Button(tr("Back"), app.manager.pop)
    button.rect = rect
    return button


def go_to_menu(app: App) -> None:
    from .menu import MenuScene

    app.manager.reset(MenuScene(app))
