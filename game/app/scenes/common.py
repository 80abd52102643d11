"""Pieces shared by several scenes: the header bar with a back button, starting a game without replacing an
unfinished one by accident, a link broken to fit, and the pointer and keys on a scrolling list of rows."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...play.i18n import tr
from ...play.match import Session, load_unfinished
from ...play.rating import Rating
from .. import layout, theme
from ..input import Action
from ..scene import Services
from ..theme import Text
from ..widgets import Button


def header_rects(m: layout.Metrics) -> tuple[pygame.Rect, pygame.Rect]:
    """(the whole header bar, its back button) at the top of the surface."""
    u = m.u
    bar = pygame.Rect(u // 2, u // 2, m.size[0] - u, max(m.target, int(u * 1.7)))
    back = pygame.Rect(bar.x, bar.y, int(u * 3.6), bar.height)
    return bar, back


def draw_title(
    app: Services, surface: pygame.Surface, bar: pygame.Rect, title: str, room: pygame.Rect | None = None
) -> None:
    """The scene's title, centred in the header bar between the buttons at its two ends (or in ``room``, the
    free part of the bar when one end has more buttons)."""
    m = app.metrics
    if room is None:
        room = bar.inflate(-int(m.u * 7.6), 0)
    app.announcer.title(title)
    shown, size = app.text.fitted(title, max(m.body, int(m.u * 1.05)), room.width - m.u // 2)
    app.text.draw(surface, shown, size, theme.INK, center=room.center)


def reading_text() -> str:
    """What History, Results and Backup show while the history is read (in steps, across frames)."""
    return tr("Reading your games…")


def footer_rect(m: layout.Metrics) -> pygame.Rect:
    """The full-width row of main buttons at the bottom of the surface."""
    u = m.u
    height = max(m.target, int(u * 2.1))
    return pygame.Rect(u, m.size[1] - u // 2 - height, m.size[0] - 2 * u, height)


def back_button(app: Services, rect: pygame.Rect) -> Button:
    """The header's back button, placed at ``rect`` (from :func:`header_rects`)."""
    button = Button(tr("Back"), app.manager.pop)
    button.rect = rect
    return button


def start_game(app: Services, session: Session, start: Callable[[], None]) -> None:
    """Run ``start`` (which shows ``session``'s board, so it becomes the saved game) at once when no other game is
    unfinished; otherwise ask first (the scene "replace"). The same game played on by link is no other game, unless
    the link is older (a move played here and not sent yet would be lost: then it asks). A saved game that cannot be
    read is set aside (kept under another key, with a notice) rather than asked about."""
    unfinished = load_unfinished(app.saved, app.rng)
    if unfinished is None:
        start()
        return
    same_link = unfinished.link_id is not None and unfinished.link_id == session.link_id
    here, there = (unfinished.current, len(unfinished.state.moves)), (session.current, len(session.state.moves))
    if same_link and here <= there:  # (further here: a move not sent; a match's boards count first)
        start()
        return
    app.go("replace", unfinished=unfinished, start=start)


def break_anywhere(text: Text, value: str, size: int, width: int) -> list[str]:
    """``value`` (a link: no spaces) cut into lines no wider than ``width`` at ``size``."""
    lines, line = [], ""
    for char in value:
        if line and text.width(line + char, size) > width:
            lines.append(line)
            line = ""
        line += char
    return [*lines, line] if line else lines


class RowList:
    """The pointer and the keys on a list of rows that scrolls (puzzles, history).

    A drag moves the list a whole row at a time, once the finger has travelled a full row: a tap whose finger slips
    a little stays a tap. A press and a release on the same row, with no scrolling between, tap that row. Up and
    down (when no button has the focus) and the mouse wheel scroll it. The scene keeps the rows: it gives its
    ``row_at(pos)`` (the row under a point, or None) and ``scroll_by(rows)`` (clamped by the scene)."""

    def __init__(self, row_at: Callable[[tuple[int, int]], int | None], scroll_by: Callable[[int], None]) -> None:
        self.row_at = row_at
        self.scroll_by = scroll_by
        self.anchor: tuple[int, int] | None = None  # where the finger would be had the list not scrolled
        self.pressed: int | None = None  # the row under the press, until the list scrolls

    def keys(self, action: Action, focused: bool) -> bool:
        """Scrolls for up, down (unless a button has the ``focused``) and the wheel; True if ``action`` was one."""
        if action.kind in ("up", "down") and not focused:
            self.scroll_by(-1 if action.kind == "up" else 1)
        elif action.kind == "scroll":
            self.scroll_by(-action.amount)
        else:
            return False
        return True

    def pointer(self, action: Action, rect: pygame.Rect, row_height: int) -> int | None:
        """Follows a press, drag or release (a drag starts from a press inside ``rect``, the list's area); returns
        the row tapped when ``action`` ends a tap."""
        kind, pos = action.kind, action.pos
        if kind == "press":
            inside = rect.collidepoint(pos)
            self.anchor = pos if inside else None
            self.pressed = self.row_at(pos) if inside else None
        elif kind == "drag" and self.anchor is not None:
            rows = int((self.anchor[1] - pos[1]) / row_height)  # whole rows travelled, rounded toward zero
            if rows:
                self.pressed = None
                self.scroll_by(rows)
                self.anchor = (self.anchor[0], self.anchor[1] - rows * row_height)
        elif kind == "release":
            row, self.pressed, self.anchor = self.pressed, None, None
            if row is not None and row == self.row_at(pos):
                return row
        return None


def rating_words(rating: Rating) -> str:
    """The player's rating in words: a provisional one (its deviation still large: few rated games) with a
    question mark and what that means, as the results and the history show it."""
    if rating.provisional:
        return tr("rating {rating}? (provisional until more rated games)").format(rating=round(rating.value))
    return tr("rating {rating}").format(rating=round(rating.value))
