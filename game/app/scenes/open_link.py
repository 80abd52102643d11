"""A link or a position code typed or pasted here, then opened as any link is (``opening``): the scene it leads to
instead of this one, or the reason it cannot be opened, shown under the field."""

from __future__ import annotations

import pygame

from ...core.notation import ALPHABET
from ...play.i18n import tr
from ...play.links import MAX_LINK, LinkError, parse_link
from ...play.text import clean
from .. import layout, theme
from ..clipboard import Clipboard
from ..input import Action
from ..keypad import Keypad
from ..scene import Scene, Services
from ..widgets import Button, Panel
from .common import back_button, break_anywhere, draw_title, header_rects
from .opening import destination, show

ALLOWED = set(ALPHABET) | set(".#:/%?&=~")
EXAMPLE = "2.s3x3.2.0.AHG.98"  # (a real code: the intro offers it to try)
MAX_TYPED = MAX_LINK


class OpenLinkScene(Scene):
    """A text field for a link or a code: type it (keyboard or on-canvas keys), or paste it (the Paste button or
    Ctrl+V), then Open."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.typed = ""
        self.clipboard = Clipboard(app.page)
        self.problem = ""
        self.keypad = Keypad(self.type_char, self.delete_char)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def arrange(self) -> None:
        """Upright: the intro, the field, Paste/Clear/Open in one row, room for a message, and the keys below
        (the field gives up height on short screens so the keys keep finger size); sideways, the keys on the
        right."""
        m = self.app.metrics
        w, h = m.size
        u, gap = m.u, m.u // 2
        self.bar, back_rect = header_rects(m)
        width = w - 2 * u if m.portrait else w // 2 - int(u * 1.5)
        x = u
        intro = self.app.text.wrap(self._intro(), m.caption, width)
        self.intro_top = self.bar.bottom + gap
        field_top = self.intro_top + len(intro) * self.caption_step() + gap
        row_h = m.target
        message_lines = 3 if h - field_top > 5 * m.target + int(u * 10) else 2
        message_h = message_lines * self.caption_step()
        least_field = max(m.target, 2 * int(m.body * 0.8) + gap)
        if m.portrait:
            below_field = 3 * gap + row_h + message_h
            keys_least = 3 * (m.target + 3)
            room = h - gap - field_top - below_field - keys_least
            field_h = max(least_field, min(int(u * 4), room))
        else:
            field_h = int(u * 4)
        self.field = pygame.Rect(x, field_top, width, field_h)
        row = pygame.Rect(x, self.field.bottom + gap, width, row_h)
        paste = Button(tr("Paste"), self.paste)
        clear = Button(tr("Clear"), self.clear)
        self.open_button = Button(tr("Open"), self.open, primary=True)
        paste.rect, clear.rect, self.open_button.rect = layout.split_row(row, 3, gap)
        self.message_y = row.bottom + gap
        if m.portrait:
            top = self.message_y + message_h + gap
            room_rect = pygame.Rect(x, top, width, h - gap - top)
        else:
            keys_x, keys_w = w // 2 + gap, w // 2 - int(u * 1.5)
            room_rect = pygame.Rect(keys_x, self.bar.bottom + u, keys_w, h - self.bar.bottom - 2 * u)
        self.keypad.place(room_rect, m.target)
        self.message_bottom = self.keypad.rect.top - gap if m.portrait else h - gap
        self.panel.set([paste, clear, self.open_button, self.keypad, back_button(self.app, back_rect)])

    def caption_step(self) -> int:
        return int(self.app.metrics.caption * 0.8)

    # -- actions ----------------------------------------------------------------------------------------------
    def paste(self) -> None:
        self.clipboard.request_paste()
        self._take_pasted()

    def type_char(self, char: str) -> None:
        self.typed = (self.typed + char)[:MAX_TYPED]
        self.problem = ""

    def delete_char(self) -> None:
        self.typed = self.typed[:-1]

    def clear(self) -> None:
        self.typed = ""
        self.problem = ""

    def open(self) -> None:
        if not self.typed.strip():
            self.problem = tr("Type or paste a link or a position code first.")
            return
        try:
            name, args = destination(self.app, parse_link(self.typed))
        except LinkError as error:
            self.problem = str(error)
            return
        show(self.app, name, args, self.app.replace)

    def _take_pasted(self) -> None:
        if self.clipboard.pasted is not None:
            self.typed = self.clipboard.pasted.strip()[:MAX_TYPED]
            self.clipboard.pasted = None
            self.problem = ""

    # -- scene contract ---------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        kind = action.kind
        if kind == "text":
            typed = "".join(ch for ch in clean(action.text, MAX_TYPED) if ch in ALLOWED)
            self.typed = (self.typed + typed)[:MAX_TYPED]
            self.problem = ""
        elif kind == "paste":
            self.paste()
        elif kind == "back" and action.text == "backspace":
            self.delete_char()
        elif kind == "back":
            self.app.manager.pop()
        elif kind == "confirm" and self.panel.focus is not None:
            self.panel.handle(action)
        elif kind == "confirm":
            if action.text != "space":  # a space typed into the field is not a command
                self.open()
        elif kind not in ("undo", "hint"):  # U and H typed into the field are letters, not commands
            self.panel.handle(action)

    def wants_frame(self) -> bool:
        """The browser's answer to Paste is awaited: the pasted text (or why not) shows when it comes."""
        return self.clipboard.waiting

    def update(self, dt: float) -> None:
        self._take_pasted()

    def _intro(self) -> str:
        return tr("Paste or type a game link, or a position code such as {code}.").format(code=EXAMPLE)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        text, u = self.app.text, m.u
        draw_title(self.app, surface, self.bar, tr("Open a link"))
        y = self.intro_top
        size, step = m.caption, self.caption_step()
        for line in text.wrap(self._intro(), size, self.field.width):
            text.draw(surface, line, size, theme.MUTED, topleft=(self.field.x, y))
            y += step
        pygame.draw.rect(surface, theme.PANEL, self.field, border_radius=12)
        pygame.draw.rect(surface, theme.FOCUS, self.field, 2, border_radius=12)
        small = m.body
        shown = self.typed + "|"
        lines = break_anywhere(text, shown, small, self.field.width - u)
        room = max(1, (self.field.height - u // 2) // int(small * 0.8))
        y = self.field.y + u // 4
        for line in lines[-room:]:
            text.draw(surface, line, small, theme.INK, topleft=(self.field.x + u // 2, y))
            y += int(small * 0.8)
        message = self.problem or tr(self.clipboard.status)
        if message:
            colour = theme.LAST_TURN if self.problem else theme.MUTED
            lines = text.wrap(message, size, self.field.width)
            room = max(1, (self.message_bottom - self.message_y) // step)
            if len(lines) > room:  # (a very long reason, on the smallest screens)
                lines = lines[: room - 1] + [text.shorten(" ".join(lines[room - 1 :]), size, self.field.width)]
            y = self.message_y
            for line in lines:
                text.draw(surface, line, size, colour, topleft=(self.field.x, y))
                y += step
        self.panel.draw(surface, text)
