"""The scene contract, what a scene may ask of the app, and the scene manager.

A scene has ``enter()`` (it becomes the top scene), ``exit()`` (it stops being the top scene), ``handle(action)``,
``update(dt)`` and ``draw(surface)``; draw never changes game state. The manager keeps a stack: ``push`` puts a
scene on top, ``pop`` returns to the one below (which is entered again), ``replace`` swaps the top one.

Scenes are registered by name (``game/app/scenes/__init__.py``) and reach each other by name through the app
(``app.go("review", game=...)``), so no scene imports another. A scene is given the app's :class:`Services`, the
small interface below; it never imports the app module.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, Protocol

import pygame

from .input import Action
from .widgets import Panel

if TYPE_CHECKING:
    from ..page import Page
    from ..play.links import HashWatch
    from ..play.settings import Settings
    from ..storage import Saved
    from .announcer import Announcer
    from .layout import Metrics
    from .sound import Sounds
    from .theme import Text


class Services(Protocol):
    """What the app gives every scene (:class:`game.app.app.App` is the one implementation)."""

    browser: bool  # running in the page (pygbag), not a desktop window
    page: Page | None  # the browser page the game runs in (game/page), None on the desktop
    running: bool  # False ends the loop (the desktop's menu quits so)
    settings: Settings
    saved: Saved
    rng: random.Random
    text: Text
    sounds: Sounds
    announcer: Announcer  # the words a screen reader reads (the page's live region)
    manager: SceneManager
    hash_watch: HashWatch  # the page's address: a link pasted into it, or an online room's link kept in it

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def metrics(self) -> Metrics: ...

    def touch_radius(self) -> float: ...

    def notify(self, message: str) -> None: ...

    def save_settings(self, settings: Settings) -> None: ...

    def step_budget(self) -> float: ...

    def go(self, name: str, /, **args: Any) -> None:
        """Show the scene registered as ``name`` (made with ``args``) on top; Back returns to this one."""

    def replace(self, name: str, /, **args: Any) -> None:
        """Show the scene ``name`` instead of the top one."""

    def reset(self, name: str, /, **args: Any) -> None:
        """Drop every scene and start again from the scene ``name`` (the menu)."""


class Scene:
    """Base scene. A scene that places widgets overrides :meth:`arrange`; it runs again whenever the size changes."""

    def __init__(self, app: Services) -> None:
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
        """True while something on screen moves by itself (an animation, a computer thinking), so the app draws
        the next frame even though no input came, and one more when it stops. Input, resizes and new scenes are
        drawn anyway."""
        return False

    def changed(self) -> bool:
        """True when something shown changed by itself in a step since the last drawing (a move clock's tick): the
        app draws that frame only, a few times a second instead of every frame."""
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


# How a registered scene is made: its class, called with the app's services and the scene's own arguments.
SceneFactory = Callable[Concatenate[Services, ...], Scene]


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
