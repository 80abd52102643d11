"""The window the game draws in, followed as it changes: a resized desktop window, a turned phone, a zoomed or
resized browser page, and the page going out of sight."""

from __future__ import annotations

import pygame

from ..page import Page
from . import layout
from .input import Action


class FollowsPage:
    """The part of :class:`~game.app.app.App` that keeps its surface the shape of the window or page."""

    screen: pygame.Surface
    page: Page | None  # the browser page (game/page), None on the desktop
    density: float
    dirty: bool
    page_hidden: bool

    @property
    def size(self) -> tuple[int, int]:
        raise NotImplementedError

    def _fit_notices(self) -> None:
        raise NotImplementedError

    def dispatch(self, action: Action) -> None:
        raise NotImplementedError

    def _follow_window_size(self) -> None:
        """After the desktop window was resized: keep the new surface, but never smaller than the least size laid
        out as designed for its shape."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.screen = surface
        w, h = self.screen.get_size()
        least_w, least_h = layout.least_size((w, h))
        if w < least_w or h < least_h:
            self.screen = pygame.display.set_mode((max(w, least_w), max(h, least_h)), pygame.RESIZABLE)
        self.dirty = True

    def _browser_canvas(self) -> tuple[tuple[int, int], float]:
        assert self.page is not None, "only in the browser"
        return layout.browser_canvas(*self.page.viewport())

    def _follow_browser_window(self) -> None:
        """Give the canvas the page's current shape and pixel density when either changed (a rotation, a resized
        window, a zoom), then let pygbag fit it on the page again."""
        assert self.page is not None, "only in the browser"
        size, density = self._browser_canvas()
        if size == self.screen.get_size() and density == self.density:  # (the screen, notice strip included)
            return
        self.screen = pygame.display.set_mode(size)
        self.density = density
        self._fit_notices()
        self.page.refit()  # (pygbag's set_mode fits the canvas on the page before it changed)

    def _watch_visibility(self) -> None:
        """When the page goes out of sight (another tab, the phone locked), the top scene is told (``hidden``), so
        a timed game waits instead of playing itself out."""
        hidden = self.page is not None and self.page.hidden()
        if hidden and not self.page_hidden:
            self.dispatch(Action("hidden"))
        self.page_hidden = hidden
