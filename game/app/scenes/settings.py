"""Settings: board shape and size, seats, rule switches, timer, who starts, sound, patterns, animation, match.

Every change is checked before it is kept, so an impossible combination cannot be chosen; the reason is shown.
The rows are on three pages (tabs), each row in a fixed place: changing the shape or the number of players leaves
empty places rather than moving the rows below them, so nothing moves under the finger.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ...ai import LEVELS
from ...core import TIMER_CHOICES, Board
from .. import layout, theme
from ..input import Action
from ..scene import Scene
from ..session import Session, seat_names
from ..settings_model import (
    ANIMATION_SPEEDS,
    DEFAULT_SIZES,
    HEX_RANGE,
    RANDOM_FIRST,
    SQUARE_RANGE,
    TRIANGLE_RANGE,
    Seat,
    Settings,
)
from ..widgets import Button, Choice, Panel
from .common import back_button, draw_title, footer_rect, header_rects

if TYPE_CHECKING:
    from ..app import App

SEAT_OPTIONS = [(Seat("human"), "Human")] + [(Seat("computer", level), level.title()) for level in LEVELS]


PAGES = ("Board", "Players", "Options")
SLOTS = 6  # rows a page has room for; every row has its own place on its page


def size_rows(settings: Settings) -> list[tuple[str, list[tuple[int, str]], int, int]]:
    """(label, options, current value, index in size) for the size steppers of the chosen shape."""
    if settings.shape == "square":
        rows, cols = settings.size
        return [
            ("Rows", [(n, f"{n} boxes · {n + 1} dots") for n in SQUARE_RANGE], rows, 0),
            ("Columns", [(n, f"{n} boxes · {n + 1} dots") for n in SQUARE_RANGE], cols, 1),
        ]
    if settings.shape == "triangle":
        options = [(n, f"{n} dots a side") for n in TRIANGLE_RANGE]
        return [("Size", options, settings.size[0], 0)]
    options = [(n, f"{Board.hexagon(n).num_cells} hexagons") for n in HEX_RANGE]
    return [("Size", options, settings.size[0], 0)]


def slot_rect(body: pygame.Rect, slot: int, m: layout.Metrics) -> pygame.Rect:
    """The place of row ``slot`` of a page: one column of :data:`SLOTS` rows upright, two of three sideways; it
    depends only on the surface, never on which rows a page shows."""
    columns = 1 if m.portrait else 2
    per_column = math.ceil(SLOTS / columns)
    gap = max(2, m.u // 8)
    width = (body.width - m.u * (columns - 1)) // columns
    height = max(m.target, min(int(m.u * 2.4), (body.height - gap * (per_column - 1)) // per_column))
    column, row = divmod(slot, per_column)
    return pygame.Rect(body.x + column * (width + m.u), body.y + row * (height + gap), width, height)


class SettingsScene(Scene):
    def __init__(self, app: App, play: bool) -> None:
        super().__init__(app)
        self.play = play
        self.draft = app.settings
        self.message = ""
        self.page = 0

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    # -- changing the draft -----------------------------------------------------------------------------------
    def change(self, **changes: Any) -> None:
        candidate = self.draft.with_(**changes)
        if "seats" in changes and candidate.first >= len(candidate.seats):
            candidate = candidate.with_(first=0)
        problems = candidate.problems()
        if problems:
            self.message = f"Not possible: {problems[0]}"
        else:
            self.draft = candidate
            self.message = ""
            self.app.save_settings(candidate)
        focus = self.panel.focus
        self.arrange()
        self.panel.focus = focus

    def _set_size(self, index: int, value: int) -> None:
        size = list(self.draft.size)
        size[index] = value
        self.change(size=tuple(size))

    def _set_players(self, count: int) -> None:
        seats = list(self.draft.seats[:count])
        while len(seats) < count:
            seats.append(Seat("computer", "easy"))
        self.change(seats=tuple(seats))

    def _set_seat(self, index: int, seat: Seat) -> None:
        seats = list(self.draft.seats)
        seats[index] = seat
        self.change(seats=tuple(seats))

    def _controls(self) -> list[list[tuple[int, Choice]]]:
        """Each page's rows with their places (a place stays empty when its row does not apply)."""
        d = self.draft
        board: list[tuple[int, Choice]] = [
            (
                0,
                Choice(
                    "Board",
                    [("square", "Square"), ("triangle", "Triangle"), ("hex", "Hexagon")],
                    d.shape,
                    lambda v: self.change(shape=v, size=DEFAULT_SIZES[v]),
                ),
            ),
        ]
        for label, options, value, index in size_rows(d):
            size = Choice(label, options, value, lambda v, i=index: self._set_size(i, v), stepper=True)
            board.append((1 + index, size))
        board += [
            (3, Choice("Winner", [(False, "Most boxes"), (True, "Fewest")], d.misere, lambda v: self.change(misere=v))),
            (
                4,
                Choice(
                    "Start",
                    [("normal", "Empty"), ("swedish", "Swedish"), ("icelandic", "Icelandic")],
                    d.start,
                    lambda v: self.change(start=v),
                ),
            ),
            (5, Choice("Extra move", [(False, "Yes"), (True, "No")], d.no_extra, lambda v: self.change(no_extra=v))),
        ]
        players: list[tuple[int, Choice]] = [
            (0, Choice("Players", [(2, "2"), (3, "3"), (4, "4")], len(d.seats), self._set_players))
        ]
        names = seat_names(d.seats)
        for index, seat in enumerate(d.seats):
            row = Choice(
                f"Player {index + 1}", SEAT_OPTIONS, seat, lambda v, i=index: self._set_seat(i, v), stepper=True
            )
            players.append((1 + index, row))
        starters = [(i, name) for i, name in enumerate(names)] + [(RANDOM_FIRST, "Random")]
        players.append((5, Choice("Who starts", starters, d.first, lambda v: self.change(first=v), stepper=True)))
        options = [
            Choice(
                "Move timer",
                [(t, f"{t} s" if t else "Off") for t in TIMER_CHOICES],
                d.timer,
                lambda v: self.change(timer=v),
            ),
            Choice(
                "Match",
                [(False, "One board"), (True, f"{len(d.seats)} boards")],
                d.match,
                lambda v: self.change(match=v),
            ),
            Choice("Sound", [(True, "On"), (False, "Off")], d.sound, lambda v: self.change(sound=v)),
            Choice("Patterns", [(True, "On"), (False, "Off")], d.patterns, lambda v: self.change(patterns=v)),
            Choice(
                "Animation", [(s, s.title()) for s in ANIMATION_SPEEDS], d.animation, lambda v: self.change(animation=v)
            ),
        ]
        return [board, players, list(enumerate(options))]

    def page_of(self, label: str) -> int | None:
        """The page holding the row called ``label`` (None when there is none)."""
        for number, rows in enumerate(self._controls()):
            if any(row.label == label for _, row in rows):
                return number
        return None

    def show_page(self, page: int) -> None:
        self.page = page
        self.arrange()
        self.panel.focus = None

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        m = self.app.metrics
        u, w = m.u, m.size[0]
        gap = max(2, u // 8)
        self.bar, back_rect = header_rects(m)
        back = back_button(self.app, back_rect)
        footer = footer_rect(m)
        line = int(m.caption * 0.9)
        self.message_rect = pygame.Rect(u, footer.y - gap - line, w - 2 * u, line)
        tabs = Choice("", [(i, name) for i, name in enumerate(PAGES)], self.page, self.show_page, label_share=0)
        tabs.place(pygame.Rect(self.bar.x, self.bar.bottom + gap, self.bar.width, m.target), self.app.text)
        body = pygame.Rect(self.bar.x, tabs.rect.bottom + 2 * gap, self.bar.width, 0)
        body.height = self.message_rect.y - gap - body.y
        rows = self._controls()[self.page]
        for slot, row in rows:
            row.place(slot_rect(body, slot, m), self.app.text)
        done = (
            Button("Play", self.start, primary=True)
            if self.play
            else Button("Done", self.app.manager.pop, primary=True)
        )
        done.rect = footer
        self.panel.set([*(row for _, row in rows), tabs, done, back])

    def start(self) -> None:
        from .board import BoardScene

        self.app.manager.replace(BoardScene(self.app, Session(self.draft, self.app.rng)))

    # -- scene contract ---------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        else:
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        draw_title(self.app, surface, self.bar, "New game" if self.play else "Settings")
        text = self.app.text
        if self.message:
            size = text.fit(self.message, m.caption, self.message_rect.width)
            text.draw(surface, self.message, size, theme.LAST_TURN, center=self.message_rect.center)
        else:
            summary = self.draft.board().describe()
            if self.draft.misere:
                summary += " · misère: fewest boxes wins"
            if self.draft.no_extra:
                summary += " · no extra move (house rule)"
            if self.draft.competitive:
                summary += " · competitive: no undo or hints"
            size = text.fit(summary, m.caption, self.message_rect.width)
            text.draw(surface, summary, size, theme.MUTED, center=self.message_rect.center)
        self.panel.draw(surface, text)
