"""What a sighted player sees change on any scene, told to the screen reader (:mod:`game.app.announcer`) in one
place: the scene's title when another scene or page shows (:meth:`Announcer.title`, from the drawing of the
title), the widget the keyboard focus moves to, and an option
row's new value however it was changed (a tap, an arrow key). Scenes tell the rest themselves: a board's moves,
a message of the moment (:class:`~game.play.presenter.Feedback`, given the announcer), a review's move.
"""

from __future__ import annotations

from typing import Any

from ..play.i18n import tr
from .announcer import Announcer
from .widgets import Button, Choice


def widget_words(widget: Any) -> str:
    """The widget as a screen reader says it: "Play, button", "Size: 5x5 boxes, 3 of 7", greyed when it is."""
    if isinstance(widget, Choice):
        value = widget.options[widget.index][1]
        words = tr("{label}: {value}, {n} of {count}").format(
            label=widget.label or tr("Pages"), value=value, n=widget.index + 1, count=len(widget.options)
        )
    elif isinstance(widget, Button):
        words = tr("{label}, button").format(label=widget.label)
    else:
        words = str(getattr(widget, "label", "") or "")
    if words and not getattr(widget, "enabled", True):
        words = tr("{words}, greyed").format(words=words)
    return words


class Teller:
    """Compares what the top scene shows with what was last told, after each turn of the loop, and tells the
    difference."""

    def __init__(self, announcer: Announcer) -> None:
        self.announcer = announcer
        self.scene: Any = None
        self.focused = ""
        self.values: dict[str, str] = {}

    def watch(self, scene: Any) -> None:
        panel = getattr(scene, "panel", None)
        widgets = list(getattr(panel, "widgets", []))
        values = {
            widget.label: widget.options[widget.index][1]
            for widget in widgets
            if isinstance(widget, Choice) and widget.label and widget.options
        }
        if scene is not self.scene:  # (a new scene: its title is told as it is drawn, its rows as they are)
            self.scene, self.values, self.focused = scene, values, ""
            return
        for label, value in values.items():
            if label in self.values and self.values[label] != value:
                self.announcer.say(tr("{label}: {value}").format(label=label, value=value))
        self.values = values
        focus = getattr(panel, "focus", None)
        focused = widget_words(widgets[focus]) if focus is not None and 0 <= focus < len(widgets) else ""
        if focused and focused != self.focused and not self._just_changed(focused, values):
            self.announcer.say(focused)
        self.focused = focused

    def _just_changed(self, focused: str, values: dict[str, str]) -> bool:
        """The focused row's value was just told (its label and value), so the focus words would repeat it."""
        said = self.announcer.said[-1] if self.announcer.said else ""
        return any(said == tr("{label}: {value}").format(label=k, value=v) and focused.startswith(said)
                   for k, v in values.items())  # fmt: skip
