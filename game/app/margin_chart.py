"""The review's chart of the margin over a game, with best play from each position, and the slider under it: where
they are, which move a tap on the chart or a slide points at, and their drawing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..play.i18n import tr
from . import theme
from .layout import Metrics
from .theme import Text


class MarginChart:
    """The chart in ``rect`` and the slider in ``slider`` for a game of ``count`` moves; ``title`` is the chart's
    title (wrapped to as many lines as the chart's width needs at caption size)."""

    def __init__(self, text: Text, m: Metrics, rect: pygame.Rect, slider: pygame.Rect, count: int) -> None:
        self.text, self.m = text, m
        self.rect, self.slider = rect, slider
        self.count = count

    def title_lines(self, title: str) -> list[str]:
        return self.text.wrap(title, self.m.caption, self.rect.width - self.m.u)

    def inner(self, title: str) -> pygame.Rect:
        """Where the curve goes: under the title, with room on the left for the scale."""
        u, rect = self.m.u, self.rect
        top = u // 4 + len(self.title_lines(title)) * int(self.m.caption * 0.8) + u // 2
        return pygame.Rect(rect.x + u + u // 2, rect.y + top, rect.width - 2 * u, rect.height - top - u // 2)

    def move_at(self, x: int, title: str) -> int:
        """The move under ``x`` on the chart."""
        inner = self.inner(title)
        return round((x - inner.x) / max(1, inner.width) * self.count)

    def slid_to(self, x: int) -> int:
        """The move the slider points at with the pointer at ``x``."""
        return round((x - self.slider.x) / max(1, self.slider.width) * self.count)

    def draw(
        self,
        surface: pygame.Surface,
        title: str,
        values: Sequence[int | None],
        lost: Sequence[bool],
        index: int,
        colour: tuple[int, int, int],
        analysing: bool,
    ) -> None:
        """The curve of ``values`` (None: not solved, shaded) in ``colour``, a dot after each move that ``lost``
        something, and a line at the move shown (``index``)."""
        text, u, rect = self.text, self.m.u, self.rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        small = self.m.caption
        y = rect.y + u // 4
        for line in self.title_lines(title):
            text.draw(surface, line, small, theme.INK, topleft=(rect.x + u // 2, y))
            y += int(small * 0.8)
        inner = self.inner(title)
        if inner.height < u // 2 or inner.width < u:
            return
        top = max([1, *(abs(v) for v in values if v is not None)])
        mid = inner.centery
        steps = max(1, self.count)

        def point(i: int, v: int) -> tuple[float, float]:
            return inner.x + inner.width * i / steps, mid - inner.height / 2 * v / top

        unknown = [i for i, v in enumerate(values) if v is None]
        if unknown:
            left = inner.x + inner.width * unknown[0] / steps
            right = inner.x + inner.width * min(self.count, unknown[-1] + 1) / steps
            shade = pygame.Rect(round(left), inner.y, max(1, round(right - left)), inner.height)
            pygame.draw.rect(surface, theme.BUTTON, shade)
        pygame.draw.line(surface, theme.FAINT, (inner.x, mid), (inner.right, mid), 2)
        if unknown:
            label = tr("analysing") if analysing else tr("not solved")
            if shade.width > text.width(label, small):
                text.draw(surface, label, small, theme.MUTED, midtop=(shade.centerx, shade.y + 4))
        text.draw(surface, f"+{top}", small, theme.MUTED, midright=(inner.x - 4, inner.y))
        text.draw(surface, f"-{top}", small, theme.MUTED, midright=(inner.x - 4, inner.bottom))
        for i in range(len(values) - 1):
            a, b = values[i], values[i + 1]
            if a is not None and b is not None:
                pygame.draw.line(surface, colour, point(i, a), point(i + 1, b), 3)
        for i, v in enumerate(values[:-1]):
            if lost[i] and v is not None:
                pygame.draw.circle(surface, theme.LAST_TURN, point(i + 1, values[i + 1] or 0), max(3, u // 7))
        x = round(inner.x + inner.width * index / steps)
        pygame.draw.line(surface, theme.FOCUS, (x, inner.y), (x, inner.bottom), 2)

    def draw_slider(self, surface: pygame.Surface, index: int) -> None:
        rect = self.slider
        track = pygame.Rect(rect.x, rect.centery - 3, rect.width, 6)
        pygame.draw.rect(surface, theme.FAINT, track, border_radius=3)
        x = rect.x + rect.width * index / max(1, self.count)
        pygame.draw.circle(surface, theme.ACCENT, (round(x), rect.centery), max(8, rect.height // 3))
