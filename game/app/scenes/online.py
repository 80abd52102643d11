"""Play online: the host's invitation to send, the guest's reply to send back, then the live game on the board.

The steps are :class:`game.play.online.lobby.Lobby`'s; this scene shows them: the link to send (Copy), Paste reply
for the host (a reply opened in another tab of this site arrives by itself), and the reason when something cannot
be used. When both devices agree on a game, the board scene takes over with the live session.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...play.i18n import tr
from ...play.online import lobby as steps
from ...play.online.lobby import Lobby
from ...play.online.protocol import HOST
from .. import layout, theme
from ..clipboard import Clipboard
from ..page import browser_window
from ..scene import PanelScene, Services
from ..widgets import Button, Panel
from .common import back_button, break_anywhere, draw_title, footer_rect, header_rects


class OnlineScene(PanelScene):
    """``link`` is "" to invite a friend, else the invitation (or a reply) this page was opened with."""

    def __init__(self, app: Services, link: str = "", window: Any = None) -> None:
        super().__init__(app)
        self.clipboard = Clipboard(app.browser)
        self.lobby: Lobby | None = None
        self.shown_state = ""
        if app.browser or window is not None:
            page = window if window is not None else browser_window()
            self.lobby = Lobby(page, app.settings, app.rng, link, browser=app.browser)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w, u = m.size[0], m.u
        self.bar, back_rect = header_rects(m)
        row = footer_rect(m)
        buttons = [back_button(self.app, back_rect)]
        state = self.lobby.state if self.lobby else ""
        if state == steps.INVITING:
            copy = Button(tr("Copy invitation"), self.copy, primary=True)
            paste = Button(tr("Paste reply"), self.clipboard.request_paste)
            copy.rect, paste.rect = layout.split_row(row, 2, u)
            buttons += [copy, paste]
        elif state == steps.REPLYING:
            copy = Button(tr("Copy reply"), self.copy, primary=True)
            copy.rect = row
            buttons.append(copy)
        self.panel.set(buttons)
        self.body = pygame.Rect(u, self.bar.bottom + u, w - 2 * u, row.top - self.bar.bottom - 2 * u)

    def copy(self) -> None:
        if self.lobby and self.lobby.link:
            self.clipboard.copy(self.lobby.link)

    def handle(self, action: Any) -> None:
        if action.kind == "back" and self.lobby is not None:
            self.lobby.close()
        super().handle(action)

    def update(self, dt: float) -> None:
        lobby = self.lobby
        if lobby is None:
            return
        lobby.update(dt)
        if self.clipboard.pasted:
            lobby.take_reply(self.clipboard.pasted)
            self.clipboard.pasted = None
        if lobby.session is not None:
            self.app.replace("board", session=lobby.session)
        elif lobby.state != self.shown_state:
            self.shown_state = lobby.state
            self.invalidate_layout()

    def wants_frame(self) -> bool:
        return self.lobby is not None and self.lobby.state not in (steps.HANDED, steps.FAILED)

    def explanation(self) -> str:
        lobby = self.lobby
        if lobby is None:
            return tr("Online play runs in the browser version of the game. On the desktop, play a friend far away "
                      "with Send move.")  # fmt: skip
        host = lobby.room is not None and lobby.room.role == HOST
        return {
            steps.PREPARING: tr("Preparing the invitation...") if host else tr("Preparing your reply..."),
            steps.INVITING: tr("Send this invitation to your friend with any app. When they answer, open their reply "
                               "on this device, or copy it and press Paste reply."),  # fmt: skip
            steps.REPLYING: tr("Send this reply back to your friend. The game begins as soon as their device takes "
                               "it."),  # fmt: skip
            steps.HANDING: tr("Handing the reply to your waiting game..."),
            steps.HANDED: tr("Your waiting game took the reply: you can close this tab."),
            steps.FAILED: tr("This room cannot be opened."),
            steps.PLAYING: tr("Connected: the game begins."),
        }[lobby.state]

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        text, u, size = self.app.text, m.u, m.body
        step_h = int(size * 0.8)
        draw_title(self.app, surface, self.bar, tr("Play online"))
        y = self.body.y
        for line in text.wrap(self.explanation(), size, self.body.width):
            text.draw(surface, line, size, theme.INK, topleft=(self.body.x, y))
            y += step_h
        link = self.lobby.link if self.lobby and self.lobby.state in (steps.INVITING, steps.REPLYING) else ""
        if link:
            lines = break_anywhere(text, link, m.caption, self.body.width - u)
            box = pygame.Rect(self.body.x, y + u // 2, self.body.width, len(lines) * int(m.caption * 0.8) + u)
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
            line_y = box.y + u // 2
            for line in lines:
                text.draw(surface, line, m.caption, theme.INK, topleft=(box.x + u // 2, line_y))
                line_y += int(m.caption * 0.8)
            y = box.bottom
        notes = [self.lobby.problem if self.lobby else "", tr(self.clipboard.status) if self.clipboard.status else ""]
        for note in filter(None, notes):
            y += u // 2
            for line in text.wrap(note, size, self.body.width):
                text.draw(surface, line, size, theme.MUTED, topleft=(self.body.x, y))
                y += step_h
        self.panel.draw(surface, text)
