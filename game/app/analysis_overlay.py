"""The analysis board drawn over a board: each undrawn line's value in a small label at its middle, the best lines'
labels filled (the values come from :mod:`game.play.analysis_board`). No line is dotted: in a review the dotted
line is the better move for the move shown, which its verdict names.

Labels are sized to the board's edge, so neighbouring labels never overlap: a label is at most :data:`LABEL_OF_EDGE`
of an edge high and its pill fits in :data:`PILL_OF_EDGE` of an edge across, and the middles of two lines of a
cell are at least half an edge apart in one direction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..core import GameState
from ..play.analysis_board import LineValues, ValuesBoard, caption, value_label
from ..play.i18n import tr, tr_mark
from ..play.match import Session
from . import theme
from .input import Action
from .render import BoardView
from .scene import Services
from .theme import Text
from .widgets import Button, Panel, focus_ring

LABEL_OF_EDGE = 0.34  # text size as a share of the edge (a pill is about 1.2 text sizes high: under half an edge)
PILL_OF_EDGE = 0.86  # a pill's widest, as a share of the edge (two labels on one straight row stay apart)
WIDEST = "\u221288"  # the widest label fitted (values above 99 do not occur on the boards offered)
EXPLAINED = tr_mark(
    "Values: each free line shows what drawing it gives the player to move, in boxes more than the other from "
    "here on, with best play. The best are filled in. \u2026 means still searching; a blank, not solved in time."
)


def explain_once(app: Services) -> None:
    """The analysis board's short explanation, the first time it is turned on (on this device)."""
    if app.settings.values_told:
        return
    app.notify(tr(EXPLAINED))
    app.announcer.say(tr(EXPLAINED))
    app.save_settings(app.settings.with_(values_told=True))


def label_size(text: Text, view: BoardView, largest: int) -> int:
    """The labels' text size on ``view``: a share of its edge, at most ``largest``, narrowed to fit the pill."""
    size = max(1, min(largest, int(view.edge * LABEL_OF_EDGE)))
    while size > 1 and text.width(WIDEST, size) + size // 2 > view.edge * PILL_OF_EDGE:
        size -= 1
    return size


def draw_values(surface: pygame.Surface, view: BoardView, text: Text, values: LineValues, largest: int) -> None:
    """The value of each undrawn line of ``values``' position over ``view`` (already drawn on ``surface``)."""
    best = values.best()
    size = label_size(text, view, largest)
    pad = max(2, size // 4)
    for line, value in values.values.items():
        label = value_label(value, line in values.pending)
        if not label:
            continue
        (ax, ay), (bx, by) = view.ends[line]
        centre = (round((ax + bx) / 2), round((ay + by) / 2))
        if line in best:
            fill, ink = theme.BUTTON_PRIMARY, theme.ON_PRIMARY
        else:
            fill, ink = theme.PANEL, theme.INK if value is not None else theme.MUTED
        pill = pygame.Rect(0, 0, text.width(label, size) + 2 * pad, int(size * 1.05))
        pill.center = centre
        pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
        if line not in best:
            pygame.draw.rect(surface, theme.FAINT, pill, 1, border_radius=pill.height // 2)
        text.draw(surface, label, size, ink, center=centre)


class ValuesButton(Button):
    """The analysis board's switch where a row of buttons has no room for one more word (the game's board): a
    square showing a value label, filled while the values show. Its label ("Values", "Hide values") is what the
    keyboard focus and the tests name it by."""

    def __init__(self, on_click: Callable[[], None]) -> None:
        super().__init__(tr("Values"), on_click, why=on_click)
        self.on = False
        self.text_size = 0  # the body text size (set where it is laid out)

    def set_on(self, on: bool) -> None:
        self.on = on
        self.label = tr("Hide values") if on else tr("Values")

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hover: Any, pressed: Any) -> None:
        if self.on:
            fill = theme.BUTTON_PRIMARY
        else:
            fill = theme.BUTTON_DOWN if pressed == 0 else theme.BUTTON_HOVER if hover == 0 else theme.BUTTON
        radius = min(14, self.rect.height // 3)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if focused:
            focus_ring(surface, self.rect, radius)
        ink = theme.ON_PRIMARY if self.on else theme.INK if self.enabled else theme.DISABLED
        size = max(text.least, self.text_size, int(self.rect.height * 0.4))
        pill = pygame.Rect(0, 0, text.width("+1", size) + size // 2, int(size * 1.1))
        pill.center = self.rect.center
        pygame.draw.rect(surface, ink, pill, 2, border_radius=pill.height // 2)
        text.draw(surface, "+1", size, ink, center=self.rect.center)


class Values:
    """The analysis board in a scene: on or off (its switch, ``button``), the values of the position shown searched
    while it is on (polled a step a frame; positions finished are kept), their summary told to the screen reader
    when complete, and the labels drawn over the board. The scene decides what else waits meanwhile."""

    def __init__(self, app: Services, toggle: Callable[[], None]) -> None:
        self.app = app
        self.on = False
        self.board = ValuesBoard()
        self.button = ValuesButton(toggle)

    def switch(self, on: bool) -> None:
        """Shown (its explanation the first time) or hidden (its search stopped)."""
        self.on = on
        self.button.set_on(on)
        if on:
            explain_once(self.app)
        else:
            self.board.stop()

    def searching(self, state: GameState, names: list[str]) -> bool:
        """True while on and the values of ``state`` are not complete (their search starts or goes on: other
        searches wait); the summary of complete values is told once."""
        if not self.on:
            return False
        self.board.show(state)
        news = self.board.news(names)
        if news:
            self.app.announcer.say(news)
        return self.board.busy

    def step(self, budget: float) -> None:
        self.board.step(budget)

    @property
    def busy(self) -> bool:
        return self.board.busy

    def caption(self, state: GameState, names: list[str]) -> str:
        return caption(self.board.show(state) if self.on else None, names)

    def draw(self, surface: pygame.Surface, view: BoardView, text: Text, state: GameState, size: int) -> None:
        """The labels over ``view``, when on and the values are those of ``state``."""
        shown = self.board.current if self.on else None
        if shown is not None and shown.state.drawn == state.drawn:
            draw_values(surface, view, text, shown, size)


# what the values take while they show over a game: the pointer, and the keys that would draw or move the cursor
TAKEN = frozenset(
    ("press", "release", "drag", "hover", "confirm", "left", "right", "up", "down", "undo", "hint", "next", "previous")
)


class GameValues(Values):
    """The analysis board over a game in play: turning it on pauses the game (help, like a hint: the game is not
    rated); while it shows no line is drawn (the buttons work, Back hides it, the board still zooms); turning it off
    plays on. ``say`` tells the player why it cannot be shown, ``waiting`` what the game waits for."""

    def __init__(self, app: Services, session: Session, say: Callable[[str], None], waiting: Callable[[], str]) -> None:
        super().__init__(app, self.toggle)
        self.session = session
        self.say = say
        self.waiting = waiting

    def offered(self) -> bool:
        """Help allowed, two players, a game that can wait."""
        session = self.session
        return session.pausable and not session.settings.no_help and len(session.seats) == 2

    def toggle(self) -> None:
        if self.on:
            self.switch(False)
            self.session.attend()
        elif self.session.analyse():
            self.switch(True)
        elif self.session.settings.no_help:
            self.say(tr("No values in a competitive game"))
        elif not self.session.accepting_input():
            self.say(self.waiting())

    def handle(self, action: Action, panel: Panel) -> bool:
        """An input while the values show; False for one the board handles as usual (a pinch, the wheel...)."""
        kind = action.kind
        if kind == "back":
            self.toggle()
        elif kind in TAKEN:
            used = panel.handle(action)
            if not used and kind in ("press", "confirm", "undo", "hint"):
                self.say(tr("Values shown: press Hide values to play on"))
        else:
            return False
        return True
