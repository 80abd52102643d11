"""The scene contract and the scene manager.

A scene has ``enter()`` (it becomes the top scene), ``exit()`` (it stops being the top scene), ``handle(action)``,
``update(dt)`` and ``draw(surface)``; draw never changes game state. The manager keeps a stack: ``push`` puts a
scene on top, ``pop`` returns to the one below (which is entered again), ``replace`` swaps the top one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .input import Action
from .widgets import Panel

if TYPE_CHECKING:
    from .app import App


class Scene:
    """Base scene. A scene that places widgets overrides :meth:`arrange`; it runs again whenever the size changes."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._laid_out_for: object = None

    def arrange(self) -> None:
        """Place everything for the current ``self.app.size``."""

    def ensure_layout(self) -> None:
        """Run :meth:`arrange` if the window size or density changed since the last one (or it was invalidated)."""
        if self._laid_out_for != self.app.metrics:
            self._laid_out_for = self.app.metrics
            self.arrange()

    def invalidate_layout(self) -> None:
        self._laid_out_for = None

    def enter(self) -> None:
        """Called when the scene becomes the top scene (pushed, or uncovered by a pop)."""

    def exit(self) -> None:
        """Called when the scene stops being the top scene (popped, replaced or covered)."""

    def handle(self, action: Action) -> None:
        """React to one abstract input action."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def wants_frame(self) -> bool:
        """True while something on screen moves by itself (an animation, a clock, a computer thinking), so the
        app draws the next frame even though no input came. Input, resizes and new scenes are drawn anyway."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes game state."""


class PanelScene(Scene):
    """A scene of widgets in one :class:`Panel` (set by :meth:`arrange`): Back leaves it, the panel takes the rest."""

    panel: Panel

    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        else:
            self.panel.handle(action)


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].exit()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        """Leave the top scene; the bottom scene is never popped."""
        if len(self.stack) <= 1:
            return
        self.stack.pop().exit()
        self.stack[-1].enter()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Drop every scene and start again from ``scene`` (used to return to the menu)."""
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
