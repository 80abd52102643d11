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

from ..play.analysis_board import LineValues, value_label
from ..play.i18n import tr, tr_mark
from . import theme
from .render import BoardView
from .scene import Services
from .theme import Text
from .widgets import Button, focus_ring

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
