"""Raw pygame events turned into a few abstract actions, in this one place.

Pointer actions come from the mouse or from one finger, never both: SDL also sends mouse events made up from
touches (``event.touch`` is True), and those are dropped here so that a tap counts once.

Actions: ``hover`` (mouse moved, no button), ``press``/``drag``/``release`` (mouse button 1 or the first finger),
``scroll`` (wheel), ``left``/``right``/``up``/``down``, ``confirm`` (Enter, Space), ``undo`` (U), ``hint`` (H),
``back`` (Esc, Android back), ``resize``, ``hidden`` (the window or the page went out of sight) and ``quit``;
two fingers: ``pinch_start``, ``pinch``, ``pinch_end`` (see :class:`InputMapper`); for text fields, ``text``
(typed characters in ``text``) and ``paste`` (Ctrl+V). Key actions carry the key's name in ``text`` ("backspace",
"return"...), so a text field can tell Backspace from Esc.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

KEYS = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "confirm",
    pygame.K_u: "undo",
    pygame.K_h: "hint",
    pygame.K_r: "read",
    pygame.K_ESCAPE: "back",
    pygame.K_AC_BACK: "back",
    pygame.K_BACKSPACE: "back",
}
POINTER_KINDS = ("hover", "press", "drag", "release")
PINCH_KINDS = ("pinch_start", "pinch", "pinch_end")


@dataclass(frozen=True)
class Action:
    kind: str
    pos: tuple[int, int] = (0, 0)
    touch: bool = False
    amount: int = 0
    text: str = ""
    scale: float = 1.0  # a pinch: the fingers' distance now over their distance when the second one came down


class InputMapper:
    """Keeps the little state mapping needs (which fingers are down) and converts events to actions.

    A second finger coming down while the first is pressed starts a pinch: ``pinch_start`` (the first finger's
    press is cancelled by it), then ``pinch`` as either finger moves (``pos`` the point between them, ``scale`` how
    much farther apart they are), and ``pinch_end`` when one is lifted; nothing more comes from those fingers until
    every finger is up."""

    def __init__(self) -> None:
        self.finger: int | None = None
        self.fingers: dict[int, tuple[int, int]] = {}  # every finger down, where it is
        self.pinch: float | None = None  # the two fingers' distance when the pinch started
        self.pinched = False  # a pinch happened since the last time no finger was down
        self.mouse_down = False

    def actions(self, event: pygame.event.Event, size: tuple[int, int]) -> list[Action]:
        kind = event.type
        if kind == pygame.QUIT:
            return [Action("quit")]
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                return [Action("previous" if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else "next")]
            if event.key == pygame.K_v and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
                return [Action("paste")]
            name = KEYS.get(event.key)
            return [Action(name, text=pygame.key.name(event.key))] if name else []
        if kind == pygame.TEXTINPUT:
            return [Action("text", text=str(event.text))]
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            return [Action("resize")]
        if kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            return [Action("hidden")]
        if kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._finger(event, size)
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if kind == pygame.MOUSEWHEEL and not getattr(event, "touch", False):
            return [Action("scroll", amount=int(event.y))]
        return []

    def _finger(self, event: pygame.event.Event, size: tuple[int, int]) -> list[Action]:
        pos = (int(event.x * size[0]), int(event.y * size[1]))
        finger = getattr(event, "finger_id", 0)
        if event.type == pygame.FINGERDOWN:
            self.fingers[finger] = pos
            if self.finger is None and not self.pinched:
                self.finger = finger
                return [Action("press", pos, touch=True)]
            if self.pinch is None and len(self.fingers) == 2 and not self.pinched:
                self.pinch, self.pinched = max(1.0, self._spread()), True
                return [Action("pinch_start", self._middle(), touch=True)]
            return []
        if finger not in self.fingers:
            return []
        if event.type == pygame.FINGERMOTION:
            self.fingers[finger] = pos
            if self.pinch is not None:
                return [Action("pinch", self._middle(), touch=True, scale=self._spread() / self.pinch)]
            return [Action("drag", pos, touch=True)] if finger == self.finger and not self.pinched else []
        del self.fingers[finger]
        actions = []
        if self.pinch is not None:
            self.pinch = None
            actions.append(Action("pinch_end", pos, touch=True))
        elif finger == self.finger and not self.pinched:
            actions.append(Action("release", pos, touch=True))
        if finger == self.finger:
            self.finger = None
        if not self.fingers:
            self.finger, self.pinched = None, False
        return actions

    def _spread(self) -> float:
        (ax, ay), (bx, by) = list(self.fingers.values())[:2]
        return math.hypot(bx - ax, by - ay)

    def _middle(self) -> tuple[int, int]:
        (ax, ay), (bx, by) = list(self.fingers.values())[:2]
        return (ax + bx) // 2, (ay + by) // 2

    def _mouse(self, event: pygame.event.Event) -> list[Action]:
        if getattr(event, "touch", False):
            return []
        pos = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.MOUSEMOTION:
            return [Action("drag" if self.mouse_down else "hover", pos)]
        if getattr(event, "button", 1) != 1:
            return []
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down = True
            return [Action("press", pos)]
        if not self.mouse_down:
            return []
        self.mouse_down = False
        return [Action("release", pos)]
