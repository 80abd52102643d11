"""Short sounds synthesised in code (no audio files): a line, a capture, a win, an undo, a new board.

The mixer is started lazily. In the browser it stays off until the first tap (browsers only allow audio after
a user gesture); anywhere the mixer cannot start, the game simply stays silent.
"""

from __future__ import annotations

import math
from array import array

import pygame

# (frequency Hz, duration s) notes played one after the other.
TUNES = {
    "line": [(660.0, 0.05)],
    "capture": [(784.0, 0.07), (1046.0, 0.11)],
    "undo": [(520.0, 0.05), (390.0, 0.07)],
    "board": [(523.0, 0.09), (659.0, 0.09)],
    "win": [(523.0, 0.11), (659.0, 0.11), (784.0, 0.11), (1046.0, 0.24)],
}
VOLUME = 0.35


def synthesise(notes: list[tuple[float, float]], rate: int, channels: int) -> bytes:
    """Signed 16-bit PCM of ``notes``: sine tones with a soft attack and an exponential decay."""
    samples = array("h")
    for frequency, duration in notes:
        count = int(rate * duration)
        for i in range(count):
            t = i / rate
            envelope = min(1.0, i / (rate * 0.004)) * math.exp(-5.0 * t / duration)
            tone = math.sin(2 * math.pi * frequency * t) + 0.25 * math.sin(4 * math.pi * frequency * t)
            value = int(32767 * VOLUME * envelope * tone / 1.25)
            samples.extend([value] * channels)
    return samples.tobytes()


class Sounds:
    """Plays the named tunes; each one is synthesised the first time it is needed (a few milliseconds)."""

    def __init__(self, enabled: bool, unlocked: bool) -> None:
        self.enabled = enabled
        self.unlocked = unlocked
        self.failed = False
        self._format: tuple[int, int] | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def unlock(self) -> None:
        """The player touched the page or pressed a key: audio may start now."""
        self.unlocked = True

    def play(self, name: str) -> None:
        if not (self.enabled and self.unlocked) or self.failed or name not in TUNES:
            return
        try:
            sound = self._sounds.get(name) or self._make(name)
        except (pygame.error, TypeError, ValueError):
            self.failed = True
            return
        sound.play()

    def _make(self, name: str) -> pygame.mixer.Sound:
        if self._format is None:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
            mixer = pygame.mixer.get_init()
            if mixer is None:
                raise pygame.error("the mixer did not start")
            rate, size, channels = mixer
            if size != -16:
                raise pygame.error(f"mixer sample size {size} is not 16-bit signed")
            self._format = (rate, channels)
        sound = pygame.mixer.Sound(buffer=synthesise(TUNES[name], *self._format))
        self._sounds[name] = sound
        return sound
