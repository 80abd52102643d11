"""Online servers: the STUN (and TURN) servers an online game's connection may use, and the relays (MQTT brokers
over WebSocket, ``wss://``) that carry a room's one link, in one list typed or pasted one a line, checked when saved
(a bad address is refused with the reason, and nothing is lost), or set back to the default lists, or cleared (then
only devices on the same network connect, by two links). The checks are :mod:`game.play.online.ice`'s."""

from __future__ import annotations

import pygame

from ...play.i18n import tr
from ...play.online.ice import (
    DEFAULT_RELAYS,
    DEFAULT_SERVERS,
    LONGEST,
    MOST_RELAYS,
    MOST_SERVERS,
    read_relays,
    read_servers,
    relays_problem,
)  # fmt: skip
from ...play.text import clean
from .. import layout, theme
from ..clipboard import Clipboard
from ..input import Action
from ..scene import Scene, Services
from ..widgets import Button, Panel
from .common import back_button, break_anywhere, draw_title, footer_rect, header_rects

MAX_TYPED = (MOST_SERVERS + MOST_RELAYS) * (LONGEST + 1) + 200


class ServersScene(Scene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.typed = "\n".join((*app.settings.stun, *app.settings.relays))
        self.clipboard = Clipboard(app.page)
        self.problem = ""

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def arrange(self) -> None:
        m = self.app.metrics
        u = m.u
        self.bar, back_rect = header_rects(m)
        footer = footer_rect(m)
        row = pygame.Rect(footer.x, footer.y - footer.height - u // 2, footer.width, footer.height)
        paste, default, clear = (Button(tr("Paste"), self.paste), Button(tr("Default list"), self.default),
                                 Button(tr("None"), self.clear))  # fmt: skip
        paste.rect, default.rect, clear.rect = layout.split_row(row, 3, u // 2)
        save = Button(tr("Save"), self.save, primary=True)
        save.rect = footer
        intro = self.app.text.wrap(self.intro(), m.caption, footer.width)
        top = self.bar.bottom + u // 2 + len(intro) * int(m.caption * 0.8) + u // 2
        self.field = pygame.Rect(footer.x, top, footer.width, max(m.target, (row.y - u * 4) - top))
        self.panel.set([paste, default, clear, save, back_button(self.app, back_rect)])

    def intro(self) -> str:
        return (
            tr(
                "Devices on different networks find each other through these servers; with none, only devices on the "
                "same Wi-Fi can play together. One address a line: stun:host:port, or turn:name:password@host:port."
            )
            + " "
            + tr("Relays (wss://host:port/path) carry a room's one link; with none, a friend joins by two links.")
        )

    # -- actions ----------------------------------------------------------------------------------------------
    def paste(self) -> None:
        self.clipboard.request_paste()
        self._take_pasted()

    def default(self) -> None:
        self.typed, self.problem = "\n".join((*DEFAULT_SERVERS, *DEFAULT_RELAYS)), ""

    def clear(self) -> None:
        self.typed, self.problem = "", ""

    def save(self) -> None:
        servers, problem = read_servers(self.typed)
        relays = read_relays(self.typed)
        problem = problem or relays_problem(relays)
        if problem:
            self.problem = problem  # (what was typed stays, to be mended)
            return
        self.app.save_settings(self.app.settings.with_(stun=servers, relays=relays))
        self.app.manager.pop()

    def _take_pasted(self) -> None:
        if self.clipboard.pasted is not None:
            pasted = clean(self.clipboard.pasted, MAX_TYPED, lines=True).strip()
            self.typed = (self.typed.rstrip() + "\n" + pasted).strip()[:MAX_TYPED]
            self.clipboard.pasted = None
            self.problem = ""

    # -- scene contract ---------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        kind = action.kind
        if kind == "text":
            self.typed = (self.typed + clean(action.text, MAX_TYPED))[:MAX_TYPED]
            self.problem = ""
        elif kind == "paste":
            self.paste()
        elif kind == "back" and action.text == "backspace":
            self.typed = self.typed[:-1]
        elif kind == "back":
            self.app.manager.pop()
        elif kind == "confirm" and self.panel.focus is None and action.text != "space":
            self.typed += "\n"  # Enter starts the next address
        elif kind not in ("undo", "hint", "read"):  # (letters typed into the field, not commands)
            self.panel.handle(action)

    def wants_frame(self) -> bool:
        return self.clipboard.waiting

    def update(self, dt: float) -> None:
        self._take_pasted()

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        text, u = self.app.text, m.u
        draw_title(self.app, surface, self.bar, tr("Online servers"))
        y = self.bar.bottom + u // 2
        for line in text.wrap(self.intro(), m.caption, self.field.width):
            text.draw(surface, line, m.caption, theme.MUTED, topleft=(self.field.x, y))
            y += int(m.caption * 0.8)
        pygame.draw.rect(surface, theme.PANEL, self.field, border_radius=12)
        pygame.draw.rect(surface, theme.FOCUS, self.field, 2, border_radius=12)
        step = int(m.body * 0.8)
        lines = [part for entry in (self.typed + "|").split("\n")
                 for part in break_anywhere(text, entry, m.body, self.field.width - u)]  # fmt: skip
        if not self.typed:
            lines = [tr("No server: only the same network"), "|"]
        room = max(1, (self.field.height - u // 2) // step)
        y = self.field.y + u // 4
        for line in lines[-room:]:
            text.draw(surface, line, m.body, theme.INK, topleft=(self.field.x + u // 2, y))
            y += step
        message = self.problem or tr(self.clipboard.status)
        if message:
            colour = theme.LAST_TURN if self.problem else theme.MUTED
            y = self.field.bottom + u // 3
            for line in text.wrap(message, m.caption, self.field.width)[:3]:
                text.draw(surface, line, m.caption, colour, topleft=(self.field.x, y))
                y += int(m.caption * 0.8)
        self.panel.draw(surface, text)
