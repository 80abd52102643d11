"""The notice strip above the scene: messages for the player (a link that cannot be opened, data that could not be
saved), two at a time, each for as long as it takes to read; a tap on the strip closes them. Nothing is covered:
the app lays the scene out below the strip (``height`` pixels, 0 without a notice)."""

from __future__ import annotations

import pygame

from . import layout, theme
from .theme import Text

NOTICE_MIN_SECONDS = 6.0
NOTICE_WORDS_PER_SECOND = 2.5  # a slow reader's pace, with time to notice the message first
NOTICES_SHOWN = 2
LINE_STEP = 0.95  # a line of text every this many text sizes


def reading_seconds(message: str) -> float:
    """How long a notice stays: time to see it, then a slow reader's pace, at least NOTICE_MIN_SECONDS."""
    return max(NOTICE_MIN_SECONDS, 2.0 + len(message.split()) / NOTICE_WORDS_PER_SECOND)


def margin(m: layout.Metrics) -> int:
    """The strip's space above its first line and below its last: half a unit, clear of a phone's rounded corners
    and of the status bar's edge."""
    return m.u // 2


class NoticeStrip:
    """``queue`` holds (message, shown until), the time None while the message waits for its turn; ``lines`` are
    the shown messages wrapped to the screen's width."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.queue: list[tuple[str, float | None]] = []
        self.lines: list[str] = []
        self.height = 0

    def add(self, message: str) -> bool:
        """Queue ``message`` unless it is queued already; True if it was added (the strip needs fitting)."""
        if any(queued == message for queued, _ in self.queue):
            return False
        self.queue.append((message, None))
        return True

    def dismiss(self) -> None:
        """Close the notices shown (the queued ones come next)."""
        self.queue = self.queue[NOTICES_SHOWN:]

    def expired(self, now: float) -> bool:
        """A shown notice's time is up (the strip needs fitting)."""
        return any(until is not None and until <= now for _, until in self.queue)

    def fit(self, now: float, screen_size: tuple[int, int], density: float) -> None:
        """Drop read notices, start the clock of those now shown, and size the strip for them (0 without any)."""
        self.queue = [(message, until) for message, until in self.queue if until is None or until > now]
        for index, (message, until) in enumerate(self.queue[:NOTICES_SHOWN]):
            if until is None:
                self.queue[index] = (message, now + reading_seconds(message))
        w, h = screen_size
        m = layout.metrics(screen_size, density)  # the strip spans the whole screen
        shown = self.queue[:NOTICES_SHOWN]
        self.lines = [line for message, _ in shown for line in self.text.wrap(message, m.body, w - 3 * m.u)]
        height = len(self.lines) * int(m.body * LINE_STEP) + 2 * margin(m) if self.lines else 0
        self.height = min(height, h // 3)

    def draw(self, screen: pygame.Surface, density: float) -> None:
        if not self.height:
            return
        strip = pygame.Rect(0, 0, screen.get_width(), self.height)
        pygame.draw.rect(screen, theme.INK, strip)
        m = layout.metrics(screen.get_size(), density)
        size = m.body
        clip = screen.get_clip()
        screen.set_clip(strip)
        line_height = int(size * LINE_STEP)
        y = max(margin(m), (self.height - len(self.lines) * line_height) // 2)  # (never at the screen's very edge)
        for line in self.lines:
            self.text.draw(screen, line, size, theme.PANEL, midtop=(strip.centerx, y))
            y += line_height
        screen.set_clip(clip)
