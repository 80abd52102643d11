"""Buttons and option rows, and a panel that routes pointer and keyboard actions to them.

A widget is pressed on ``press`` and activated on ``release`` over the same part, so sliding a finger off a
button cancels it. Keyboard: up/down and Tab/Shift+Tab move the focus, left/right change an option row, Enter/Space
activates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from . import theme
from .input import Action
from .theme import Text


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The keyboard focus: a thick ring set a little apart from ``rect``, visible on every fill colour."""
    pygame.draw.rect(surface, theme.FOCUS, rect.inflate(18, 18), 4, border_radius=radius + 9)


def label_lines(text: Text, label: str, size: int, rect: pygame.Rect) -> list[str] | None:
    """``label`` as the lines it takes in ``rect`` at ``size``: one, or two when it is too wide and two lines fit
    the height; None when it fits neither way."""
    if text.width(label, size) <= rect.width:
        return [label]
    lines = text.wrap(label, size, rect.width)
    if len(lines) == 2 and all(text.width(line, size) <= rect.width for line in lines) and size * 1.6 <= rect.height:
        return lines
    return None


def draw_label(surface: pygame.Surface, text: Text, label: str, size: int, rect: pygame.Rect, ink: tuple) -> None:
    """``label`` centred in ``rect``: on one line, else on two, else shrunk (never below the caption size)."""
    lines = label_lines(text, label, size, rect)
    if lines is None:
        shown, size = text.fitted(label, size, rect.width)
        lines = [shown]
    step = int(size * 0.75)
    y = rect.centery - step * (len(lines) - 1) // 2
    for line in lines:
        text.draw(surface, line, size, ink, center=(rect.centerx, y))
        y += step


def part_under(parts: Iterable[tuple[Any, pygame.Rect]], pos: tuple[int, int]) -> Any:
    """The first of a widget's ``(part, rect)`` pairs whose rect holds ``pos``: that part, or None."""
    return next((part for part, rect in parts if rect.collidepoint(pos)), None)


WHY = "why"  # the part of a greyed button that answers a tap by saying why it is greyed


class Button:
    """A button; greyed (``enabled`` False) it does nothing, or with ``why`` answers a tap by calling ``why`` (which
    says why it is greyed), so a greyed button is never silent on a phone, where nothing can be hovered."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        enabled: bool = True,
        primary: bool = False,
        danger: bool = False,
        why: Callable[[], None] | None = None,
    ) -> None:
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.primary = primary
        self.danger = danger
        self.why = why
        self.rect = pygame.Rect(0, 0, 0, 0)

    def part_at(self, pos: tuple[int, int]) -> Any:
        if not self.rect.collidepoint(pos):
            return None
        if self.enabled:
            return 0
        return WHY if self.why is not None else None

    def activate(self, part: Any) -> None:
        if part == WHY:
            if self.why is not None:
                self.why()
            return
        self.on_click()

    def key(self, kind: str) -> bool:
        if kind == "confirm" and self.enabled:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hover: Any, pressed: Any) -> None:
        if not self.enabled:
            fill, ink = theme.BUTTON_HOVER if pressed == WHY else theme.BUTTON, theme.DISABLED
        elif self.primary or self.danger:
            colour = theme.BUTTON_DANGER if self.danger else theme.BUTTON_PRIMARY
            fill = theme.darker(colour, 0.25) if pressed == 0 else colour  # (darker: the white text stands out more)
            ink = theme.ON_PRIMARY
        else:
            fill = theme.BUTTON_DOWN if pressed == 0 else theme.BUTTON_HOVER if hover == 0 else theme.BUTTON
            ink = theme.INK
        radius = min(14, self.rect.height // 3)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if focused:
            focus_ring(surface, self.rect, radius)
        size = max(text.body, min(int(self.rect.height * 0.45), text.body * 3 // 2))
        if text.width(self.label, size) > self.rect.width - 16:
            size = text.body
        margin = 16 if text.width(self.label, size) <= self.rect.width - 16 else 8  # (a narrow button: body size)
        draw_label(surface, text, self.label, size, self.rect.inflate(-margin, -4), ink)


class Choice:
    """A labelled row of options: segments when they fit (see :meth:`place`), else a stepper (< value >).

    ``label_share`` is the part of the row's width given to the label (0 for a row of tabs)."""

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], None],
        stepper: bool = False,
        label_share: float = 0.32,
    ) -> None:
        self.label = label
        self.options = list(options)
        self.values = [v for v, _ in self.options]
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.forced_stepper = stepper or len(self.options) > 4
        self.stepper = self.forced_stepper
        self.label_share = label_share
        self.arrow_parts = 4  # a stepper's arrow is this part of the control's width (5 when the values need it)
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- geometry ---------------------------------------------------------------------------------------------
    def place(self, rect: pygame.Rect, text: Text) -> None:
        """Put the row at ``rect``: segments if every option fits its segment at body size, else a stepper."""
        self.rect = pygame.Rect(rect)
        self.stepper = False
        control = self.control_rect()
        fits = all(
            label_lines(text, label, text.body, part.clip(control).inflate(-8, 0)) is not None
            for (_, part), (_, label) in zip(self.part_rects(), self.options, strict=True)
        )
        self.stepper = self.forced_stepper or not fits
        self.arrow_parts = 4
        if self.stepper and not self._values_fit(text):  # (the widest value decides, so the arrows never move)
            self.arrow_parts = 5

    def values_fit(self, text: Text) -> bool:
        """Every value fits the control as placed (segments, or a stepper's middle) at body size."""
        if not self.stepper:
            return True
        return self._values_fit(text)

    def _values_fit(self, text: Text) -> bool:
        """Every value fits between the stepper's arrows at body size (on one line or two)."""
        control = self.control_rect()
        arrow = min(control.height, control.width // self.arrow_parts)
        middle = control.inflate(-2 * arrow - 4, 0)
        return all(label_lines(text, label, text.body, middle) is not None for _, label in self.options)

    def control_rect(self) -> pygame.Rect:
        label_width = int(self.rect.width * self.label_share)
        inset = max(2, self.rect.h // 24)
        return pygame.Rect(
            self.rect.x + label_width, self.rect.y + inset, self.rect.width - label_width, self.rect.h - 2 * inset
        )

    def part_rects(self) -> list[tuple[Any, pygame.Rect]]:
        """Where each part answers a press: the control's columns over the row's full height (the control is drawn
        a little inset, but a press on the row's edge still counts, so the target is the row's height)."""
        control = self.control_rect()
        top, height = self.rect.y, self.rect.height
        if self.stepper:
            arrow = min(control.height, control.width // self.arrow_parts)
            return [
                (-1, pygame.Rect(control.x, top, arrow, height)),
                (+1, pygame.Rect(control.right - arrow, top, arrow, height)),
            ]
        width = control.width / len(self.options)
        return [
            (("set", i), pygame.Rect(round(control.x + i * width), top, round(width), height))
            for i in range(len(self.options))
        ]

    # -- behaviour --------------------------------------------------------------------------------------------
    def part_at(self, pos: tuple[int, int]) -> Any:
        return part_under(self.part_rects(), pos) if self.enabled else None

    def activate(self, part: Any) -> None:
        if isinstance(part, tuple):
            self._select(part[1])
        else:
            self._step(part)

    def key(self, kind: str) -> bool:
        step = {"left": -1, "right": 1, "confirm": 1}.get(kind)
        if step is None or not self.enabled:
            return False
        if kind == "confirm" and not self.stepper:
            self._select((self.index + 1) % len(self.options))  # (Enter goes round a row of segments)
        else:
            self._step(step)
        return True

    def _step(self, step: int) -> None:
        """One value on, or back: a stepper stops at its ends (a size does not jump from 12 to 2)."""
        self._select(max(0, min(len(self.options) - 1, self.index + step)))

    def at_end(self, step: int) -> bool:
        """The stepper's arrow ``step`` (-1 or +1) has no value to go to."""
        return not 0 <= self.index + step < len(self.options)

    def _select(self, index: int) -> None:
        if index != self.index:
            self.on_change(self.values[index])

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hover: Any, pressed: Any) -> None:
        size = text.body
        if self.label and self.label_share > 0:
            self._draw_label(surface, text, size)
        control = self.control_rect()
        radius = min(12, control.height // 3)
        pygame.draw.rect(surface, theme.BUTTON, control, border_radius=radius)
        if self.stepper:
            self._draw_stepper(surface, text, size, hover, pressed)
        else:
            self._draw_segments(surface, text, size, radius, hover, pressed)
        if focused:
            focus_ring(surface, control, radius)

    def _draw_label(self, surface: pygame.Surface, text: Text, size: int) -> None:
        """The row's label at the left: on one line, else two (a narrow row), else shrunk."""
        room = pygame.Rect(self.rect.x + 4, self.rect.y, int(self.rect.width * self.label_share) - 10, self.rect.h)
        lines = label_lines(text, self.label, size, room)
        if lines is None:
            shown, size = text.fitted(self.label, size, room.width)
            lines = [shown]
        step = int(size * 0.75)
        y = self.rect.centery - step * (len(lines) - 1) // 2
        for line in lines:
            text.draw(surface, line, size, theme.INK, midleft=(room.x, y))
            y += step

    def _draw_segments(
        self, surface: pygame.Surface, text: Text, size: int, radius: int, hover: Any, pressed: Any
    ) -> None:
        control = self.control_rect()
        for (part, whole), (_, label) in zip(self.part_rects(), self.options, strict=True):
            rect = whole.clip(control)
            chosen = part[1] == self.index
            if chosen:
                pygame.draw.rect(surface, theme.SELECTED, rect.inflate(-4, -4), border_radius=radius)
            elif part in (hover, pressed):
                pygame.draw.rect(surface, theme.BUTTON_HOVER, rect.inflate(-4, -4), border_radius=radius)
            ink = theme.ON_SELECTED if chosen else theme.INK
            draw_label(surface, text, label, size, rect.inflate(-8, 0), ink)

    def _draw_stepper(self, surface: pygame.Surface, text: Text, size: int, hover: Any, pressed: Any) -> None:
        control = self.control_rect()
        parts = self.part_rects()
        for part, whole in parts:
            rect = whole.clip(control)
            if part in (hover, pressed):
                pygame.draw.rect(surface, theme.BUTTON_HOVER, rect.inflate(-4, -4), border_radius=8)
            cx, cy, s = rect.centerx, rect.centery, max(5, rect.height // 6)
            points = [(cx - s * part, cy - s), (cx - s * part, cy + s), (cx + s * part, cy)]
            pygame.draw.polygon(surface, theme.DISABLED if self.at_end(part) else theme.INK, points)
        label = self.options[self.index][1]
        inner = control.inflate(-2 * parts[0][1].width, 0)
        draw_label(surface, text, label, size, inner.inflate(-4, 0), theme.INK)


class Panel:
    """The widgets of a scene, in focus order, with the pointer and keyboard state that routes actions to them."""

    def __init__(self, widgets: Sequence[Any] = ()) -> None:
        self.widgets: list[Any] = list(widgets)
        self.focus: int | None = None
        self.hover: tuple[int, Any] | None = None
        self.pressed: tuple[int, Any] | None = None

    def set(self, widgets: Sequence[Any]) -> None:
        self.widgets = list(widgets)
        if self.focus is not None and self.focus >= len(self.widgets):
            self.focus = len(self.widgets) - 1 if self.widgets else None
        self.hover = self.pressed = None

    def _at(self, pos: tuple[int, int]) -> tuple[int, Any] | None:
        for index, widget in enumerate(self.widgets):
            part = widget.part_at(pos)
            if part is not None:
                return index, part
        return None

    def handle(self, action: Action) -> bool:
        """Route ``action``; True when a widget used it."""
        kind = action.kind
        if kind == "hover":
            self.hover = self._at(action.pos)
            return False
        if kind == "press":
            self.pressed = self._at(action.pos)
            self.hover = None if action.touch else self.pressed
            return self.pressed is not None
        if kind == "drag":
            if self.pressed is not None and self._at(action.pos) != self.pressed:
                self.pressed = None
            return False
        if kind == "release":
            target, self.pressed = self.pressed, None
            if target is not None and self._at(action.pos) == target:
                self.widgets[target[0]].activate(target[1])
                return True
            return False
        return self._key(kind)

    def _key(self, kind: str) -> bool:
        usable = [i for i, w in enumerate(self.widgets) if w.enabled]
        if not usable:
            return False
        if kind in ("next", "previous"):
            kind = "down" if kind == "next" else "up"
        if kind in ("up", "down") or self.focus is None and kind in ("left", "right", "confirm"):
            if self.focus not in usable:
                self.focus = usable[0] if kind != "up" else usable[-1]
            else:
                position = usable.index(self.focus) + (1 if kind == "down" else -1)
                self.focus = usable[position % len(usable)]
            return True
        if self.focus is not None and self.focus < len(self.widgets):
            return self.widgets[self.focus].key(kind)
        return False

    def cycle(self, step: int) -> bool:
        """Move the focus to the next (``step`` 1) or previous (-1) usable widget, wrapping past either end to no
        focus (False then), so a scene can give the keyboard to something else between the last and the first."""
        usable = [i for i, w in enumerate(self.widgets) if w.enabled]
        if not usable:
            self.focus = None
            return False
        if self.focus not in usable:
            self.focus = usable[0] if step > 0 else usable[-1]
            return True
        position = usable.index(self.focus) + step
        self.focus = usable[position] if 0 <= position < len(usable) else None
        return self.focus is not None

    def draw(self, surface: pygame.Surface, text: Text) -> None:
        for index, widget in enumerate(self.widgets):
            hover = self.hover[1] if self.hover and self.hover[0] == index else None
            pressed = self.pressed[1] if self.pressed and self.pressed[0] == index else None
            widget.draw(surface, text, self.focus == index, hover, pressed)
