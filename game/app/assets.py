"""Where the game's sounds and icons are read from.

They are kept in ``assets/`` at the top of the repository, where pygbag packs them beside ``game/`` for the browser.
The wheel carries the same folder as the package ``game.assets`` (setup.py maps it there), so an installed game
reads them through :mod:`importlib.resources`; a source tree (pygbag's archive, a checkout run in place) has no such
package and reads the folder where it lies.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame


def asset_folder() -> Traversable:
    """The package ``game.assets`` when the game is installed, else ``assets/`` beside ``game/``."""
    try:
        return resources.files("game.assets")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "assets"


ASSETS = asset_folder()
SOUNDS = ASSETS / "sounds"
ICON = ASSETS / "icons" / "icon-192.png"


def load_image(item: Traversable) -> pygame.Surface:
    """An image file from the assets (raises FileNotFoundError or pygame.error when it cannot be read)."""
    with resources.as_file(item) as path:
        return pygame.image.load(str(path))
