"""Nothing replaced by accident: every way of starting a game goes through ``start_game`` (in ``common``), which
shows this question (Continue the unfinished game, or Replace it) when the new game would replace one that is not
finished."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...play.i18n import tr, tr_n
from ...play.i18n.phrases import describe_board
from ...play.match import Session
from .. import layout, theme
from ..input import Action
from ..scene import Scene, Services
from ..widgets import Button, Panel


def describe_unfinished(session: Session) -> str:
    """A few words that let the player recognise an unfinished game: board, players, how far it got."""
    drawn = sum(len(game.moves) for game in session.games)
    lines = tr_n("{n} line drawn", "{n} lines drawn", drawn)
    return " · ".join((describe_board(session.board), ", ".join(session.names), lines))


class ReplaceScene(Scene):
    """The question over the scene that asked it: Continue the unfinished game, or Replace it (Esc: neither)."""

    def __init__(self, app: Services, unfinished: Session, start: Callable[[], None]) -> None:
        super().__init__(app)
        self.unfinished = unfinished
        self.start = start
        self.summary = describe_unfinished(unfinished)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        (w, h), u = m.size, m.u
        width = min(w - 2 * u, u * 22)
        row_h = max(m.target, int(u * 2.1))
        rows = 2 * row_h + u // 2  # Continue and Replace, then Cancel below them
        height = u + sum(int(size * 0.85) for _, size, _ in self._lines(width)) + u // 2 + rows + u // 2
        self.dialog = pygame.Rect(0, 0, width, height)
        self.dialog.center = (w // 2, h // 2)
        row = pygame.Rect(self.dialog.x + u, self.dialog.bottom - u // 2 - rows, width - 2 * u, row_h)
        keep = Button(tr("Continue"), self.keep, primary=True)
        replace = Button(tr("Replace"), self.replace, danger=True)
        cancel = Button(tr("Cancel"), self.app.manager.pop)
        keep.rect, replace.rect = layout.split_row(row, 2, u)
        cancel.rect = row.move(0, row_h + u // 2)
        self.panel.set([keep, replace, cancel])
        self.panel.focus = 0

    def _lines(self, width: int) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The question's lines (text, size, colour), wrapped to the dialog's width."""
        m, text = self.app.metrics, self.app.text
        room = width - 2 * m.u
        heading = max(m.body, int(m.u * 0.9))
        lines = [(line, heading, theme.INK) for line in text.wrap(tr("You have an unfinished game"), heading, room)]
        lines += [(line, m.caption, theme.MUTED) for line in text.wrap(self.summary, m.caption, room)]
        question = tr("Continue it, or replace it with a new game? Cancel leaves both as they are.")
        return lines + [(line, m.body, theme.INK) for line in text.wrap(question, m.body, room)]

    def keep(self) -> None:
        self.app.manager.pop()
        self.app.go("board", session=self.unfinished)

    def replace(self) -> None:
        self.app.manager.pop()
        self.start()

    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        elif action.kind in ("left", "right"):
            self.panel.handle(Action("down" if action.kind == "right" else "up"))
        else:
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        stack = self.app.manager.stack
        if len(stack) > 1:
            stack[-2].draw(surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.INK, 140))
        surface.blit(shade, (0, 0))
        text = self.app.text
        pygame.draw.rect(surface, theme.PANEL, self.dialog, border_radius=16)
        y = self.dialog.y + self.app.metrics.u
        for line, size, colour in self._lines(self.dialog.width):
            text.draw(surface, line, size, colour, midtop=(self.dialog.centerx, y))
            y += int(size * 0.85)
        self.panel.draw(surface, text)
