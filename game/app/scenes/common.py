"""Pieces shared by several scenes: the header bar with a back button, and scene-to-scene navigation."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import layout, theme
from ..i18n import tr
from ..widgets import Button

if TYPE_CHECKING:
    from ..app import App


def header_rects(m: layout.Metrics) -> tuple[pygame.Rect, pygame.Rect]:
    """(the whole header bar, its back button) at the top of the surface."""
    u = m.u
    bar = pygame.Rect(u // 2, u // 2, m.size[0] - u, max(m.target, int(u * 1.7)))
    back = pygame.Rect(bar.x, bar.y, int(u * 3.6), bar.height)
    return bar, back


def draw_title(
    app: App, surface: pygame.Surface, bar: pygame.Rect, title: str, room: pygame.Rect | None = None
) -> None:
    """The scene's title, centred in the header bar between the buttons at its two ends (or in ``room``, the
    free part of the bar when one end has more buttons)."""
    m = app.metrics
    if room is None:
        room = bar.inflate(-int(m.u * 7.6), 0)
    size = app.text.fit(title, max(m.body, int(m.u * 1.05)), room.width - m.u // 2)
    title = app.text.shorten(title, size, room.width - m.u // 2)  # (on the narrowest screens)
    app.text.draw(surface, title, size, theme.INK, center=room.center)


def footer_rect(m: layout.Metrics) -> pygame.Rect:
    """The full-width row of main buttons at the bottom of the surface."""
    u = m.u
    height = max(m.target, int(u * 2.1))
    return pygame.Rect(u, m.size[1] - u // 2 - height, m.size[0] - 2 * u, height)


def back_button(app: App, rect: pygame.Rect) -> Button:
    """The header's back button, placed at ``rect`` (from :func:`header_rects`)."""
    button = Button(tr("Back"), app.manager.pop)
    button.rect = rect
    return button


def go_to_menu(app: App) -> None:
    from .menu import MenuScene

    app.manager.reset(MenuScene(app))
