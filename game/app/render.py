"""One renderer for every board shape, working only from the core's dot positions, lines and cells."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ..core import Board, GameState
from . import theme
from .layout import fit_board
from .theme import Text

Point = tuple[int, int]


@dataclass
class Marks:
    """What to highlight on top of the position (all optional)."""

    last_turn: list[int] = field(default_factory=list)
    last_player: int = -1
    preview: int | None = None
    preview_player: int = 0
    cursor: int | None = None
    hint: int | None = None
    animating: int | None = None
    line_progress: float = 1.0
    filling: tuple[int, ...] = ()
    fill_progress: float = 1.0
    pulse: float = 0.0


class BoardView:
    """A board fitted into a rect: pixel geometry, hit-testing and drawing."""

    def __init__(self, board: Board, rect: pygame.Rect) -> None:
        self.board = board
        self.rect = pygame.Rect(rect)
        fit = fit_board(board, self.rect)
        self.dots: list[Point] = [fit.point(x, y) for x, y in board.dots]
        self.ends = [(self.dots[a], self.dots[b]) for a, b in board.lines]
        self.edge = math.dist(*self.ends[0])
        self.cells = [self._polygon(cell) for cell in range(board.num_cells)]
        self.centres = [fit.point(*board.cell_centre(cell)) for cell in range(board.num_cells)]
        self.line_width = max(3, round(self.edge * 0.075))
        self.dot_radius = max(4, round(self.edge * 0.085))
        inradius = min(math.dist(self.centres[0], _mid(*self.ends[line])) for line in board.cells[0])
        self.mark_size = max(12, round(inradius * 1.15))
        self._cache_key: tuple | None = None
        self._cache: pygame.Surface | None = None
        self._backed: tuple[pygame.Surface, pygame.Surface] | None = None
        self._cell_images: dict[tuple[int, int, str, bool], tuple[pygame.Surface, Point]] = {}

    def _polygon(self, cell: int) -> list[Point]:
        corners = {d for line in self.board.cells[cell] for d in self.board.lines[line]}
        points = [self.dots[d] for d in corners]
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        return sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))

    # -- hit-testing ------------------------------------------------------------------------------------------
    def line_at(self, state: GameState, pos: tuple[int, int], radius: float | None = None) -> int | None:
        """The undrawn line nearest ``pos`` within ``radius`` pixels (default half an edge), or None."""
        limit = self.edge * 0.5 if radius is None else max(radius, self.edge * 0.5)
        best, best_distance = None, limit
        for line, (a, b) in enumerate(self.ends):
            if state.is_drawn(line):
                continue
            distance = _segment_distance(pos, a, b)
            if distance < best_distance:
                best, best_distance = line, distance
        return best

    def neighbour(self, state: GameState, line: int | None, direction: str) -> int | None:
        """The undrawn line to move a keyboard cursor to from ``line`` in ``direction`` (left/right/up/down)."""
        free = [n for n in range(self.board.num_lines) if not state.is_drawn(n)]
        if not free:
            return None
        if line is None:
            centre = self.rect.center
            return min(free, key=lambda n: math.dist(_mid(*self.ends[n]), centre))
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
        ox, oy = _mid(*self.ends[line])
        best, best_score = None, math.inf
        for n in free:
            mx, my = _mid(*self.ends[n])
            along = (mx - ox) * dx + (my - oy) * dy
            across = abs((mx - ox) * dy - (my - oy) * dx)
            if along <= self.edge * 0.1:
                continue
            score = along + 2 * across
            if score < best_score:
                best, best_score = n, score
        return line if best is None else best

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        state: GameState,
        text: Text,
        marks: Marks,
        marks_text: list[str],
        patterns: bool,
    ) -> None:
        hidden_line = marks.animating
        hidden_cells = set(marks.filling)
        layer = self._static_layer(state, text, marks_text, patterns, hidden_line, hidden_cells)
        surface.blit(self._on_background(surface, layer), self.rect)
        for cell in marks.filling:
            owner = state.owner[cell]
            if owner >= 0:
                self._fill_cell(surface, text, cell, owner, marks_text[owner], patterns, marks.fill_progress)
        for line in marks.last_turn:
            if line != hidden_line:
                self._line(surface, line, theme.PLAYER_COLOURS[marks.last_player], self.line_width + 2)
        if marks.hint is not None:
            glow = 0.5 + 0.5 * math.sin(marks.pulse * 6)
            self._line(surface, marks.hint, theme.tint(theme.HINT, 0.35 * glow), self.line_width + 6)
        if marks.preview is not None:
            colour = theme.tint(theme.PLAYER_COLOURS[marks.preview_player], 0.45)
            self._line(surface, marks.preview, colour, self.line_width + 2)
        if marks.cursor is not None:
            self._cursor(surface, marks.cursor)
        if hidden_line is not None:
            a, b = self.ends[hidden_line]
            t = marks.line_progress
            tip = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))
            colour = theme.PLAYER_COLOURS[marks.last_player] if marks.last_player >= 0 else theme.LINE
            pygame.draw.line(surface, colour, a, tip, self.line_width + 2)
        for line in {marks.preview, marks.cursor, marks.hint, hidden_line, *marks.last_turn} - {None}:
            for dot in self.board.lines[line]:
                pygame.draw.circle(surface, theme.DOT, self.dots[dot], self.dot_radius)

    def _on_background(self, surface: pygame.Surface, layer: pygame.Surface) -> pygame.Surface:
        """``layer`` over what lies under the board on ``surface`` (drawn before it, the same every frame), made
        into one opaque image when the layer changes. An opaque image blits several times faster than a transparent
        one: in the browser (WebAssembly) blending the board's layer was most of a frame's drawing time."""
        if not surface.get_rect().contains(self.rect):
            return layer
        if self._backed is None or self._backed[0] is not layer:
            backed = surface.subsurface(self.rect).copy()
            backed.blit(layer, (0, 0))
            self._backed = (layer, backed)
        return self._backed[1]

    def _static_layer(
        self,
        state: GameState,
        text: Text,
        marks_text: list[str],
        patterns: bool,
        hidden_line: int | None,
        hidden_cells: set[int],
    ) -> pygame.Surface:
        drawn = state.drawn if hidden_line is None else state.drawn & ~(1 << hidden_line)
        owners = tuple(-1 if c in hidden_cells else o for c, o in enumerate(state.owner))
        key = (drawn, owners, patterns, tuple(marks_text))
        if key == self._cache_key and self._cache is not None:
            return self._cache
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shift = (-self.rect.x, -self.rect.y)
        for cell, owner in enumerate(owners):
            if owner >= 0:
                image, topleft = self._cell_image(text, cell, owner, marks_text[owner], patterns)
                layer.blit(image, _add(topleft, shift))
        for line, (a, b) in enumerate(self.ends):
            if drawn >> line & 1:
                pygame.draw.line(layer, theme.LINE, _add(a, shift), _add(b, shift), self.line_width)
            else:
                _dashed(layer, theme.FAINT, _add(a, shift), _add(b, shift), max(1, self.line_width // 2))
        for dot in self.dots:
            pygame.draw.circle(layer, theme.DOT, _add(dot, shift), self.dot_radius)
        self._cache_key, self._cache = key, layer
        return layer

    def _cell_image(self, text: Text, cell: int, owner: int, mark: str, patterns: bool) -> tuple[pygame.Surface, Point]:
        """An owned cell drawn once on its own small surface, reused whenever the board is redrawn."""
        key = (cell, owner, mark, patterns)
        found = self._cell_images.get(key)
        if found is None:
            xs = [x for x, _ in self.cells[cell]]
            ys = [y for _, y in self.cells[cell]]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            image = pygame.Surface(box.size, pygame.SRCALPHA)
            self._fill_cell(image, text, cell, owner, mark, patterns, 1.0, (-box.x, -box.y))
            found = self._cell_images[key] = (image, box.topleft)
        return found

    def _fill_cell(
        self,
        target: pygame.Surface,
        text: Text,
        cell: int,
        owner: int,
        mark: str,
        patterns: bool,
        progress: float,
        shift: tuple[int, int] = (0, 0),
    ) -> None:
        """Fill ``cell`` for ``owner`` (grown to ``progress``), drawing at screen position + ``shift``."""
        colour = theme.PLAYER_COLOURS[owner]
        cx, cy = self.centres[cell]
        scale = 0.3 + 0.7 * progress
        polygon = [
            _add((round(cx + (x - cx) * scale), round(cy + (y - cy) * scale)), shift) for x, y in self.cells[cell]
        ]
        pygame.draw.polygon(target, theme.tint(colour, 0.62), polygon)
        if patterns:
            draw_pattern(target, polygon, theme.tint(colour, 0.3), owner, max(6, round(self.edge * 0.16)))
        if progress >= 1.0:
            size = self.mark_size
            text.draw(target, mark, size, theme.shade(colour, 0.35), center=_add((cx, cy), shift))

    def _line(self, surface: pygame.Surface, line: int, colour: tuple[int, int, int], width: int) -> None:
        a, b = self.ends[line]
        pygame.draw.line(surface, colour, a, b, width)

    def _cursor(self, surface: pygame.Surface, line: int) -> None:
        a, b = self.ends[line]
        pygame.draw.line(surface, theme.FOCUS, a, b, self.line_width + 6)
        pygame.draw.line(surface, theme.PANEL, a, b, max(1, self.line_width - 1))


def _add(p: tuple[float, float], shift: tuple[int, int]) -> Point:
    return round(p[0] + shift[0]), round(p[1] + shift[1])


def _mid(a: Point, b: Point) -> tuple[float, float]:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _segment_distance(p: tuple[int, int], a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy or 1
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _dashed(surface: pygame.Surface, colour: tuple[int, int, int], a: Point, b: Point, width: int) -> None:
    length = math.dist(a, b)
    pieces = max(3, int(length // 10)) | 1
    for i in range(0, pieces, 2):
        t0, t1 = i / pieces, (i + 1) / pieces
        start = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        end = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, colour, start, end, width)


def draw_pattern(
    surface: pygame.Surface, polygon: list[Point], colour: tuple[int, int, int], kind: int, step: int
) -> None:
    """Draw owner ``kind``'s pattern (stripes, dots, bars, cross-hatch) clipped to ``polygon``."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    if box.width < 4 or box.height < 4:
        return
    tile = pygame.Surface(box.size, pygame.SRCALPHA)
    w, h = box.size
    width = max(1, step // 4)
    name = theme.PATTERNS[kind % len(theme.PATTERNS)]
    if name in ("stripes", "grid"):
        for offset in range(-h, w, step):
            pygame.draw.line(tile, colour, (offset, h), (offset + h, 0), width)
    if name == "grid":
        for offset in range(-h, w, step):
            pygame.draw.line(tile, colour, (offset, 0), (offset + h, h), width)
    if name == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, w, step):
                pygame.draw.circle(tile, colour, (x, y), max(1, step // 5))
    if name == "bars":
        for y in range(step // 2, h, step):
            pygame.draw.line(tile, colour, (0, y), (w, y), width)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in polygon])
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(tile, box)
