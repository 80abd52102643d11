"""Layout as pure functions of the surface size and its density (surface pixels per CSS pixel): portrait (phones
held upright) and landscape (phones sideways, desktops) are both designed, from 320x480 CSS px up to 4K.

Sizes that must hold on every screen are written in CSS px (a phone shows about 160 of them per inch) and turned
into surface pixels with the density, so a 44 CSS px target is 88 pixels on a phone's canvas of density 2 and 44 on
the desktop: fingers and eyes get the same size at any canvas resolution.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..core import Board

DESKTOP_SIZE = (1100, 760)
MIN_PORTRAIT = (320, 480)  # the smallest surfaces laid out as designed, in CSS px: a small phone held upright,
MIN_LANDSCAPE = (480, 390)  # and one turned sideways
BODY_CSS = 14  # body text, CSS px (the font's em size)
CAPTION_CSS = 12  # captions, chart axes, small print
TARGET_CSS = 44  # the least height of anything to press
UNIT_CSS = 20  # the least base measure: 2.2 units make a target, about one unit a line of body text
PANEL_CSS = 210  # the least width of the side panel sideways: three buttons whose labels fit at body size
FONT_EM = 0.6875  # pygame's Font(None, n) is a font of n * 0.6875 px (pygame shrinks its default font so)
MAX_DENSITY = 3.0
MAX_CANVAS_PIXELS = 3_000_000  # a bigger canvas costs too much to draw in WebAssembly: density is lowered instead


def is_portrait(size: tuple[float, float]) -> bool:
    return size[1] > size[0]


def least_size(size: tuple[float, float]) -> tuple[int, int]:
    """The smallest surface (CSS px) laid out as designed, for a surface of this shape."""
    return MIN_PORTRAIT if is_portrait(size) else MIN_LANDSCAPE


def text_px(css: float, density: float) -> int:
    """The ``Text`` size whose font is ``css`` CSS px (em size) at ``density`` surface pixels per CSS pixel."""
    return math.ceil(css * density / FONT_EM)


@dataclass(frozen=True)
class Metrics:
    """Everything a scene sizes things with, for one surface size and density.

    ``u`` is the base measure (spacing, proportions); ``body`` and ``caption`` are text sizes (``Text`` sizes, see
    :func:`text_px`); ``target`` is the least height of a button or option row. All in surface pixels.
    """

    size: tuple[int, int]
    density: float
    u: int
    body: int
    caption: int
    target: int

    @property
    def portrait(self) -> bool:
        return is_portrait(self.size)

    def css(self, pixels: float) -> float:
        """Surface pixels as CSS px."""
        return pixels / self.density


def metrics(size: tuple[int, int], density: float = 1.0) -> Metrics:
    """The measures for a surface of ``size`` pixels at ``density`` pixels per CSS pixel: proportional to the
    shorter side (1/20 of it), never below the CSS minimums for text and targets."""
    u = max(round(UNIT_CSS * density), min(size) // 20)
    body = max(text_px(BODY_CSS, density), round(u * 0.72))
    caption = max(text_px(CAPTION_CSS, density), round(u * 0.6))
    target = max(math.ceil(TARGET_CSS * density), round(u * 2.2))
    return Metrics(tuple(size), density, u, body, caption, target)  # type: ignore[arg-type]


def browser_canvas(inner_width: float, inner_height: float, device_ratio: float = 1.0) -> tuple[tuple[int, int], float]:
    """(canvas size, density) for a browser window of ``inner_width`` x ``inner_height`` CSS px: the canvas has the
    window's shape at the screen's pixel density (so it is drawn crisp and fills the window), the density capped at
    :data:`MAX_DENSITY` and lowered when the canvas would exceed :data:`MAX_CANVAS_PIXELS`. A window smaller than
    :func:`least_size` gets a canvas of its shape grown to it (the page shrinks it to fit)."""
    css_w, css_h = max(float(inner_width), 1.0), max(float(inner_height), 1.0)
    least_w, least_h = least_size((css_w, css_h))
    grow = max(1.0, least_w / css_w, least_h / css_h)
    css_w, css_h = css_w * grow, css_h * grow
    density = min(MAX_DENSITY, max(1.0, float(device_ratio or 1.0)))
    if css_w * css_h * density * density > MAX_CANVAS_PIXELS:
        density = max(1.0, math.sqrt(MAX_CANVAS_PIXELS / (css_w * css_h)))
    return (round(css_w * density), round(css_h * density)), density


@dataclass(frozen=True)
class BoardLayout:
    portrait: bool
    header: pygame.Rect
    scores: pygame.Rect
    status: pygame.Rect
    board: pygame.Rect
    buttons: pygame.Rect


def board_layout(m: Metrics) -> BoardLayout:
    """The board scene's parts: upright, a column (header, scores, status, board, buttons); sideways, the board on
    the left and the rest in a panel on the right."""
    w, h = m.size
    u = m.u
    pad = u // 2
    bar = max(m.target, int(u * 1.7))
    status_h = max(int(u * 1.8), int(m.body * 1.5))
    if m.portrait:
        header = pygame.Rect(pad, pad, w - 2 * pad, bar)
        scores = pygame.Rect(pad, header.bottom + pad, w - 2 * pad, max(m.target, int(u * 2.6)))
        status = pygame.Rect(pad, scores.bottom + pad // 2, w - 2 * pad, status_h)
        buttons = pygame.Rect(pad, h - pad - bar, w - 2 * pad, bar)
        board = pygame.Rect(pad, status.bottom + pad, w - 2 * pad, buttons.top - status.bottom - 2 * pad)
        return BoardLayout(True, header, scores, status, board, buttons)
    panel_w = max(int(w * 0.3), u * 9, round(PANEL_CSS * m.density))
    panel_x = w - panel_w - pad
    header = pygame.Rect(panel_x, pad, panel_w, bar)
    buttons = pygame.Rect(panel_x, h - pad - bar, panel_w, bar)
    status = pygame.Rect(panel_x, buttons.top - pad - max(int(u * 2.6), status_h), panel_w, max(int(u * 2.6), status_h))
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
