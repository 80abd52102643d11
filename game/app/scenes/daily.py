"""The daily puzzle: today's puzzle (the same for everyone on the same date, ``game/play/daily.py``), the streak,
and this month's calendar with the days it was solved ticked. Left and right (or the arrows) turn the months."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pygame

from ...play.daily import best_streak, month_weeks, parse_day, puzzle_of_day, streak, turn_month
from ...play.i18n import tr, tr_n
from ...play.i18n.phrases import month_name, weekday_initials
from ...puzzles import load_puzzles
from .. import theme
from ..input import Action
from ..scene import Scene, Services
from ..widgets import Button, Panel
from .common import back_button, draw_title, footer_rect, header_rects


def tick(surface: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int], size: int) -> None:
    x, y = centre
    points = [(x - size // 2, y), (x - size // 6, y + size // 3), (x + size // 2, y - size // 3)]
    pygame.draw.lines(surface, colour, False, points, max(2, size // 6))


class DailyScene(Scene):
    def __init__(self, app: Services, today: Callable[[], datetime.date] = datetime.date.today) -> None:
        super().__init__(app)
        self.today = today
        self.month = today().replace(day=1)
        self.solved: set[datetime.date] = set()

    def enter(self) -> None:
        days = (parse_day(day) for day in self.app.saved.daily_days())
        self.solved = {day for day in days if day is not None}
        self.panel = Panel()
        self.invalidate_layout()

    def play_today(self) -> None:
        day = self.today()
        puzzle = puzzle_of_day(load_puzzles(), day)
        self.app.go("puzzle", puzzles=(puzzle,), index=0, daily=day.isoformat())

    def turn(self, months: int) -> None:
        self.month = turn_month(self.month, months, self.today())
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        self.bar, back_rect = header_rects(m)
        play = Button(self._play_label(), self.play_today, primary=self.today() not in self.solved)
        play.rect = footer_rect(m)
        earlier, later = Button("<", lambda: self.turn(-1)), Button(">", lambda: self.turn(1))
        later.enabled = self.month < self.today().replace(day=1)
        top = self.bar.bottom + u // 2 + 2 * int(m.body * 0.9)
        row = pygame.Rect(u, top, w - 2 * u, max(m.target, int(u * 2)))
        earlier.rect = pygame.Rect(row.x, row.y, row.height, row.height)
        later.rect = pygame.Rect(row.right - row.height, row.y, row.height, row.height)
        self.month_rect = row
        grid_top = row.bottom + u // 2
        self.grid = pygame.Rect(u, grid_top, w - 2 * u, play.rect.top - u // 2 - grid_top)
        self.panel.set([back_button(self.app, back_rect), earlier, later, play])

    def _play_label(self) -> str:
        return tr("Today's puzzle: solved") if self.today() in self.solved else tr("Play today's puzzle")

    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        elif action.kind in ("left", "right") and self.panel.focus is None:
            self.turn(-1 if action.kind == "left" else 1)
        elif not self.panel.handle(action) and action.kind == "release":
            day = self._day_at(action.pos)
            if day is not None:
                self.open_day(day)

    def open_day(self, day: datetime.date) -> None:
        """Today: today's puzzle. A past day: its puzzle, to play again or catch up (the streak counts a day's
        puzzle solved that day only, which is said). A day to come: when its puzzle comes."""
        today = self.today()
        if day == today:
            self.play_today()
        elif day > today:
            self.app.notify(tr("The puzzle of {day} comes that day.").format(day=day_words(day)))
        else:
            words = tr("The puzzle of {day}: solving it now leaves your streak as it is.")
            self.app.notify(words.format(day=day_words(day)))
            puzzle = puzzle_of_day(load_puzzles(), day)
            self.app.go("puzzle", puzzles=(puzzle,), index=0)

    def _cells(self) -> list[tuple[datetime.date, pygame.Rect]]:
        """Every day of the month shown, with its cell in the calendar."""
        weeks = month_weeks(self.month.year, self.month.month)
        cell_w = self.grid.width // 7
        cell_h = min(self.grid.height // (len(weeks) + 1), int(cell_w * 0.9))
        return [
            (day, pygame.Rect(self.grid.x + column * cell_w, self.grid.y + row * cell_h, cell_w, cell_h))
            for row, week in enumerate(weeks, 1)
            for column, day in enumerate(week)
            if day is not None
        ]

    def _day_at(self, pos: tuple[int, int]) -> datetime.date | None:
        return next((day for day, cell in self._cells() if cell.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m, text = self.app.metrics, self.app.text
        u = m.u
        draw_title(self.app, surface, self.bar, tr("Daily puzzle"), None)
        today = self.today()
        now, best = streak(self.solved, today), best_streak(self.solved)
        solved = tr_n("{n} solved", "{n} solved", len(self.solved))
        lines = [tr_n("{n} day in a row", "{n} days in a row", now).format(n=now),
                 f'{tr("best: {n}").format(n=best)} · {solved}']  # fmt: skip
        y = self.bar.bottom + u // 2
        for line, size, colour in zip(lines, (m.body, m.caption), (theme.INK, theme.MUTED), strict=True):
            line, fitted = text.fitted(line, size, self.grid.width)
            text.draw(surface, line, fitted, colour, midtop=(self.grid.centerx, y))
            y += int(m.body * 0.9)
        title = f"{month_name(self.month.month)} {self.month.year}"
        text.draw(surface, title, m.body, theme.INK, center=self.month_rect.center)
        self._draw_month(surface, today)
        self.panel.draw(surface, text)

    def _draw_month(self, surface: pygame.Surface, today: datetime.date) -> None:
        m, text = self.app.metrics, self.app.text
        weeks = month_weeks(self.month.year, self.month.month)
        cell_w = self.grid.width // 7
        cell_h = min(self.grid.height // (len(weeks) + 1), int(cell_w * 0.9))
        for column, initial in enumerate(weekday_initials()):
            centre = (self.grid.x + column * cell_w + cell_w // 2, self.grid.y + cell_h // 2)
            text.draw(surface, initial, m.caption, theme.MUTED, center=centre)
        for day, cell in self._cells():
            self._draw_day(surface, cell.inflate(-2, -2), day, today)

    def _draw_day(self, surface: pygame.Surface, cell: pygame.Rect, day: datetime.date, today: datetime.date) -> None:
        m, text = self.app.metrics, self.app.text
        solved = day in self.solved
        fill = theme.tint(theme.ACCENT, 0.75) if solved else theme.PANEL
        radius = max(3, m.u // 4)
        pygame.draw.rect(surface, fill, cell, border_radius=radius)
        if day == today:
            pygame.draw.rect(surface, theme.INK, cell, width=max(2, m.u // 8), border_radius=radius)
        colour = theme.MUTED if day > today else theme.INK
        text.draw(surface, str(day.day), m.caption, colour, midtop=(cell.centerx, cell.y + 2))
        if solved:
            tick(surface, theme.ACCENT, (cell.centerx, cell.bottom - cell.height // 3), min(cell.w, cell.h) // 3)


def day_words(day: datetime.date) -> str:
    """A day as the calendar names it: "28 November 2026"."""
    return f"{day.day} {month_name(day.month)} {day.year}"
