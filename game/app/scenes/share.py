"""Share: a link to a position or a finished game (or, playing by link, to the game so far), sent through the
phone's share sheet where there is one, copied, or shown in a real text field to copy by hand."""

from __future__ import annotations

import pygame

from ...play.i18n import tr
from .. import layout, theme
from ..clipboard import REFUSED, Clipboard
from ..scene import PanelScene, Services
from ..share_sheet import ShareSheet, TextField
from ..widgets import Button, Panel
from .common import back_button, break_anywhere, draw_title, header_rects


class ShareScene(PanelScene):
    """``title`` over ``explanation``, the ``link`` in full, Share (the phone's share sheet, when there is one),
    Copy link (Copy code for a code) and Back. When copying is refused, the link is put in a selectable text
    field over its box."""

    def __init__(self, app: Services, title: str, explanation: str, link: str) -> None:
        super().__init__(app)
        self.title = title
        self.explanation = explanation
        self.link = link
        self.clipboard = Clipboard(app.page)
        self.sheet = ShareSheet(app.page)
        self.field = TextField(app.page)
        self.field_for: object = None  # the layout the text field was placed for

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def exit(self) -> None:
        self.field.hide()

    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        text = self.app.text
        self.bar, back_rect = header_rects(m)
        width = min(w - 2 * u, u * 30)
        self.body = pygame.Rect((w - width) // 2, self.bar.bottom + u, width, h - self.bar.bottom - 2 * u)
        self.explanation_lines = text.wrap(self.explanation, m.body, self.body.width)
        self.link_lines = break_anywhere(text, self.link, m.body, self.body.width - u)
        top = self.body.y + len(self.explanation_lines) * int(m.body * 0.8) + u // 2
        self.box = pygame.Rect(self.body.x, top, self.body.width, len(self.link_lines) * int(m.body * 0.8) + u)
        height = max(m.target, int(u * 2.2))
        row = pygame.Rect(self.body.x, self.body.bottom - height, self.body.width, height)
        copy = Button(self.copy_words(), self.copy, primary=not self.sheet.available)
        buttons = [copy]
        if self.sheet.available:
            buttons.insert(0, Button(tr("Share..."), self.share, primary=True))
        for button, rect in zip(buttons, layout.split_row(row, len(buttons), u // 2), strict=True):
            button.rect = rect
        self.panel.set([*buttons, back_button(self.app, back_rect)])
        self.panel.focus = 0

    def copy_words(self) -> str:
        """The copy button's words: Copy link for an address, Copy code for a code to paste in Open a link."""
        return tr("Copy link") if "://" in self.link else tr("Copy code")

    def share(self) -> None:
        self.sheet.share(self.title, self.link)

    def copy(self) -> None:
        self.clipboard.copy(self.link)

    def status(self) -> str:
        """What the last Share or Copy came to, in the player's words."""
        status = self.sheet.status or self.clipboard.status
        return tr(status) if status else ""

    def update(self, dt: float) -> None:
        """Once copying is refused, the link goes into a real text field over its box, selected, to copy by hand."""
        self.ensure_layout()
        if self.clipboard.status != REFUSED or not self.app.browser:
            return
        if self.field_for != self.app.metrics or not self.field.shown:
            self.field_for = self.app.metrics
            box = self.box
            self.field.show(self.link, (box.x, box.y, box.width, box.height), self.app.size[1])

    def wants_frame(self) -> bool:
        """The browser's answer to Share or Copy is awaited: what it said shows when it comes."""
        return self.clipboard.waiting or self.sheet.waiting

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        text, u = self.app.text, m.u
        draw_title(self.app, surface, self.bar, self.title)
        y = self.body.y
        size = m.body
        for line in self.explanation_lines:
            text.draw(surface, line, size, theme.INK, topleft=(self.body.x, y))
            y += int(size * 0.8)
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=12)
        y = self.box.y + u // 2
        for line in self.link_lines:
            text.draw(surface, line, size, theme.INK, topleft=(self.box.x + u // 2, y))
            y += int(size * 0.8)
        status = self.status()
        if status:
            status_y = self.box.bottom + u // 2
            for line in text.wrap(status, size, self.body.width):
                text.draw(surface, line, size, theme.MUTED, topleft=(self.body.x, status_y))
                status_y += int(size * 0.8)
        self.panel.draw(surface, text)
