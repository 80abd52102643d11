"""A scene's last drawing kept while nothing but a computer's thinking dots moves.

In the browser drawing the board scene is most of a frame's time; while a computer thinks only its dots move, so a
frame is the kept image with the dots drawn over it instead of a whole new drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from .scoreboard import Dots


@dataclass(frozen=True)
class Still:
    """The scene as last drawn, without its thinking dots, and everything that drawing depended on (``key``). The
    image is kept only once two frames in a row had the same key (None before)."""

    key: tuple[Any, ...]
    image: pygame.Surface | None
    dots: Dots | None


class StillFrame:
    """Draws a scene whole, or while its key stays the same, as the image kept from the last frame."""

    def __init__(self) -> None:
        self.kept: Still | None = None

    def clear(self) -> None:
        """Whatever an input or a new layout changes is drawn in full."""
        self.kept = None

    def draw(
        self, surface: pygame.Surface, key: tuple[Any, ...] | None, draw: Callable[[pygame.Surface], Dots | None]
    ) -> Dots | None:
        """Draw with ``draw`` (which returns where the thinking dots go), or blit the kept image when ``key`` (None:
        nothing to keep) is the kept one's; returns where the dots go."""
        kept = self.kept
        if key is not None and kept is not None and kept.key == key and kept.image is not None:
            surface.blit(kept.image, (0, 0))
            return kept.dots
        dots = draw(surface)
        if key is None:
            self.kept = None
        elif kept is not None and kept.key == key:  # the same drawing twice in a row: keep it from now on
            self.kept = Still(key, surface.copy(), dots)
        else:  # (while something else moves, such as a line's glow, copying every frame would cost more)
            self.kept = Still(key, None, dots)
        return dots
