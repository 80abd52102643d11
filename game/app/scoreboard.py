"""The scoreboard: one card per seat with its colour, pattern, mark, name and score; the timer ring; thinking dots."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..play.players import Look
from . import layout, theme
from .render import draw_pattern
from .theme import Text


def swatch(surface: pygame.Surface, text: Text, rect: pygame.Rect, look: Look, patterns: bool) -> None:
    """A small owned cell: the look of the seat's boxes on the board."""
    colour = look.colour
    pygame.draw.rect(surface, theme.tint(colour, 0.62), rect, border_radius=6)
    if patterns:
        corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
        draw_pattern(surface, corners, theme.tint(colour, 0.3), look.pattern, max(6, rect.width // 4))
    pygame.draw.rect(surface, colour, rect, 3, border_radius=6)
    size = max(text.least, int(rect.height * 0.7))
    text.draw(surface, look.initial, size, theme.shade(colour, 0.35), center=rect.center)


def timer_ring(surface: pygame.Surface, centre: tuple[int, int], radius: int, fraction: float) -> None:
    """A ring emptying clockwise from the top; it turns red in the last quarter."""
    colour = theme.LAST_TURN if fraction < 0.25 else theme.ACCENT
    pygame.draw.circle(surface, theme.FAINT, centre, radius, 4)
    if fraction <= 0:
        return
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = centre
    start = math.pi / 2
    pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * fraction, 5)


@dataclass(frozen=True)
class Dots:
    """Where a thinking seat's three dots bob: the middle dot's rest position, and the dots' size."""

    centre: tuple[int, int]
    size: int

    def draw(self, surface: pygame.Surface, now: float) -> None:
        """The dots as they are at ``now``, each rising and falling a third of a second after the one before."""
        size = self.size
        for i in range(3):
            phase = (now * 3 - i * 0.35) % 1.0
            lift = math.sin(phase * math.pi)
            x = self.centre[0] + (i - 1) * size * 2
            y = self.centre[1] - round(lift * size * 0.8)
            pygame.draw.circle(surface, theme.MUTED, (x, y), size // 2 + 1)


def draw_scores(
    surface: pygame.Surface,
    text: Text,
    rect: pygame.Rect,
    looks: list[Look],
    scores: list[int],
    active: int,
    patterns: bool,
    thinking: bool,
    m: layout.Metrics,
) -> Dots | None:
    """Cards stacked when they have the room (sideways), else side by side; the active seat's card is outlined.
    Returns where the active seat's thinking dots go when ``thinking`` (None otherwise): the caller draws them,
    every frame, over the cards (so that a frame in which only the dots move need not draw the cards again)."""
    u = m.u
    count = len(looks)
    names = [look.name for look in looks]
    if rect.height - u // 3 * (count - 1) >= count * u * 1.6:
        cards = layout.split_column(rect, count, u // 3, most=int(u * 2.6))
    else:
        cards = layout.split_row(rect, count, u // 3)
    dots = None
    for seat, card in enumerate(cards):
        colour = looks[seat].colour
        on_turn = seat == active
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=12)
        if on_turn:
            pygame.draw.rect(surface, colour, card, 4, border_radius=12)
        side = min(card.height - u // 2, int(u * 1.5))
        box = pygame.Rect(card.x + u // 3, card.centery - side // 2, side, side)
        score = str(scores[seat])
        if card.width >= u * 6:
            swatch(surface, text, box, looks[seat], patterns)
            shown, name_size = text.fitted(names[seat], m.body, card.right - box.right - int(u * 4.5))
            name = text.draw(surface, shown, name_size, theme.INK, midleft=(box.right + u // 3, card.centery))
            text.draw(surface, score, int(u * 1.3), theme.INK, midright=(card.right - u // 2, card.centery))
            if on_turn and thinking:
                dots = Dots((name.right + u, card.centery), max(3, u // 6))
            continue
        # a narrow card (4 seats on a phone): swatch and score side by side, the whole name below them
        side = min(side, int(card.height * 0.5), card.width // 3)
        box = pygame.Rect(0, card.y + u // 4, side, side)
        box.centerx = card.x + card.width * 3 // 10
        swatch(surface, text, box, looks[seat], patterns)
        score_centre = (card.x + card.width * 7 // 10, box.centery)
        score_size = text.fit(score, max(m.body, int(side * 0.9)), card.width * 2 // 5)
        text.draw(surface, score, score_size, theme.INK, center=score_centre)
        shown, name_size = text.fitted(names[seat], m.body, card.width - 10)
        text.draw(surface, shown, name_size, theme.INK, midbottom=(card.centerx, card.bottom - u // 6))
        if on_turn and thinking:
            dots = Dots((score_centre[0], box.bottom + max(3, u // 7)), max(3, u // 7))
    return dots
