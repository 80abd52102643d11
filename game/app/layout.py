"""Layout as pure functions of the surface size: portrait (phones) and landscape (desktop) are both designed."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..core import Board

BROWSER_PORTRAIT = (720, 1280)
BROWSER_LANDSCAPE = (1280, 720)
DESKTOP_SIZE = (1100, 760)
MIN_SIZE = (360, 360)


def is_portrait(size: tuple[int, int]) -> bool:
    return size[1] > size[0]


def unit(size: tuple[int, int]) -> int:
    """The base measure for text and spacing: 1/20 of the shorter side."""
    return max(14, min(size) // 20)


def browser_canvas(inner_width: float, inner_height: float) -> tuple[int, int]:
    """The fixed canvas for a browser window of this shape (pygbag scales it to fit)."""
    return BROWSER_PORTRAIT if inner_height > inner_width else BROWSER_LANDSCAPE


@dataclass(frozen=True)
class BoardLayout:
    portrait: bool
    header: pygame.Rect
    scores: pygame.Rect
    status: pygame.Rect
    board: pygame.Rect
    buttons: pygame.Rect


def board_layout(size: tuple[int, int]) -> BoardLayout:
    w, h = size
    u = unit(size)
    pad = u // 2
    if is_portrait(size):
        header = pygame.Rect(pad, pad, w - 2 * pad, int(u * 1.7))
        scores = pygame.Rect(pad, header.bottom + pad, w - 2 * pad, int(u * 2.6))
        status = pygame.Rect(pad, scores.bottom + pad // 2, w - 2 * pad, int(u * 1.4))
        buttons = pygame.Rect(pad, h - pad - int(u * 2.0), w - 2 * pad, int(u * 2.0))
        board = pygame.Rect(pad, status.bottom + pad, w - 2 * pad, buttons.top - status.bottom - 2 * pad)
        return BoardLayout(True, header, scores, status, board, buttons)
    panel_w = max(int(w * 0.3), u * 9)
    panel_x = w - panel_w - pad
    header = pygame.Rect(panel_x, pad, panel_w, int(u * 1.7))
    buttons = pygame.Rect(panel_x, h - pad - int(u * 2.0), panel_w, int(u * 2.0))
    status = pygame.Rect(panel_x, buttons.top - pad - int(u * 2.6), panel_w, int(u * 2.6))
    scores = pygame.Rect(panel_x, header.bottom + pad, panel_w, status.top - header.bottom - 2 * pad)
    board = pygame.Rect(pad, pad, panel_x - 2 * pad, h - 2 * pad)
    return BoardLayout(False, header, scores, status, board, buttons)


def split_row(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``count`` equal rects side by side filling ``rect``."""
    width = (rect.width - gap * (count - 1)) / count
    return [pygame.Rect(round(rect.x + i * (width + gap)), rect.y, round(width), rect.height) for i in range(count)]


def split_column(rect: pygame.Rect, count: int, gap: int, most: int | None = None) -> list[pygame.Rect]:
    """``count`` equal rects stacked in ``rect`` (each at most ``most`` high, centred as a group)."""
    height = (rect.height - gap * (count - 1)) / count
    if most is not None:
        height = min(height, most)
    top = rect.y + (rect.height - (height * count + gap * (count - 1))) / 2
    return [pygame.Rect(rect.x, round(top + i * (height + gap)), rect.width, round(height)) for i in range(count)]


@dataclass(frozen=True)
class Fit:
    """Maps board coordinates (the core's dot positions) to pixels inside a rect."""

    scale: float
    offset_x: float
    offset_y: float

    def point(self, x: float, y: float) -> tuple[int, int]:
        return round(self.offset_x + x * self.scale), round(self.offset_y + y * self.scale)


def fit_board(board: Board, rect: pygame.Rect, margin: float = 0.5) -> Fit:
    """Scale the board's dots into ``rect``, keeping ``margin`` edge lengths free around them, centred."""
    x0, y0, x1, y1 = board.bounds()
    edge = _edge_length(board)
    span_x, span_y = x1 - x0 + 2 * margin * edge, y1 - y0 + 2 * margin * edge
    scale = min(rect.width / span_x, rect.height / span_y)
    offset_x = rect.centerx - (x0 + x1) / 2 * scale
    offset_y = rect.centery - (y0 + y1) / 2 * scale
    return Fit(scale, offset_x, offset_y)


def _edge_length(board: Board) -> float:
    a, b = board.lines[0]
    (ax, ay), (bx, by) = board.dots[a], board.dots[b]
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5


def tight_rect(board: Board, rect: pygame.Rect, margin: float = 0.5) -> pygame.Rect:
    """The part of ``rect`` that the fitted board (with its margin) really covers, centred in ``rect``."""
    x0, y0, x1, y1 = board.bounds()
    edge = _edge_length(board)
    span_x, span_y = x1 - x0 + 2 * margin * edge, y1 - y0 + 2 * margin * edge
    scale = min(rect.width / span_x, rect.height / span_y)
    tight = pygame.Rect(0, 0, round(span_x * scale), round(span_y * scale))
    tight.center = rect.center
    return tight
