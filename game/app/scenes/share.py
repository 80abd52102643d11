"""Share: a link to a position or a finished game (or, playing by link, to the game so far), copied or shown."""

from __future__ import annotations

import pygame

from ...play.i18n import tr
from .. import theme
from ..clipboard import Clipboard
from ..scene import PanelScene, Services
from ..widgets import Button, Panel
from .common import back_button, break_anywhere, draw_title, header_rects


class ShareScene(PanelScene):
    """``title`` over ``explanation``, the ``link`` in full, Copy and Back."""

    def __init__(self, app: Services, title: str, explanation: str, link: str) -> None:
        super().__init__(app)
        self.title = title
        self.explanation = explanation
        self.link = link
        self.clipboard = Clipboard(app.browser)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        self.bar, back_rect = header_rects(m)
        width = min(w - 2 * u, u * 30)
        self.body = pygame.Rect((w - width) // 2, self.bar.bottom + u, width, h - self.bar.bottom - 2 * u)
        copy = Button(tr("Copy link"), self.copy, primary=True)
        height = max(m.target, int(u * 2.2))
        copy.rect = pygame.Rect(self.body.x, self.body.bottom - height, self.body.width, height)
        self.panel.set([copy, back_button(self.app, back_rect)])
        self.panel.focus = 0

    def copy(self) -> None:
        self.clipboard.copy(self.link)

    def wants_frame(self) -> bool:
        """The browser's answer to Copy is awaited: "Copied" (or why not) shows when it comes."""
        return self.clipboard.waiting

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        text, u = self.app.text, m.u
        draw_title(self.app, surface, self.bar, self.title)
        y = self.body.y
        size = m.body
        for line in text.wrap(self.explanation, size, self.body.width):
            text.draw(surface, line, size, theme.INK, topleft=(self.body.x, y))
            y += int(size * 0.8)
        y += u // 2
        small = m.body
        lines = break_anywhere(text, self.link, small, self.body.width - u)
        box = pygame.Rect(self.body.x, y, self.body.width, len(lines) * int(small * 0.8) + u)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        y = box.y + u // 2
        for line in lines:
            text.draw(surface, line, small, theme.INK, topleft=(box.x + u // 2, y))
            y += int(small * 0.8)
        if self.clipboard.status:
            status_y = box.bottom + u // 2
            for line in text.wrap(tr(self.clipboard.status), size, self.body.width):
                text.draw(surface, line, size, theme.MUTED, topleft=(self.body.x, status_y))
                status_y += int(size * 0.8)
        self.panel.draw(surface, text)
