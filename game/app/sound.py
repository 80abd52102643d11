"""Short sounds from the assets' ``sounds/`` folder (:mod:`game.app.assets`; OGG Vorbis made by
tools/make_assets.py): a line, a capture, a win, an undo, a new board.

The mixer is started lazily. In the browser it stays off until the first tap (browsers only allow audio after
a user gesture); anywhere the mixer cannot start or a file cannot be read, the game simply stays silent.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

import pygame

from .assets import SOUNDS

NAMES = ("line", "capture", "undo", "board", "win")
RATE = 22050


class Sounds:
    """Plays the named sounds; each file is loaded the first time it is needed."""

    def __init__(self, enabled: bool, unlocked: bool, folder: Traversable = SOUNDS) -> None:
        self.enabled = enabled
        self.unlocked = unlocked
        self.folder = folder
        self.failed = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def unlock(self) -> None:
        """The player touched the page or pressed a key: audio may start now."""
        self.unlocked = True

    def play(self, name: str) -> None:
        if not (self.enabled and self.unlocked) or self.failed or name not in NAMES:
            return
        try:
            sound = self._sounds.get(name) or self.load(name)
        except (pygame.error, FileNotFoundError):
            self.failed = True
            return
        sound.play()

    def load(self, name: str) -> pygame.mixer.Sound:
        """The named sound, read now if it was not yet (raises pygame.error or FileNotFoundError)."""
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        with resources.as_file(self.folder / f"{name}.ogg") as path:
            sound = pygame.mixer.Sound(str(path))
        self._sounds[name] = sound
        return sound
