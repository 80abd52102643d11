"""One renderer for every board shape, working only from the core's dot positions, lines and cells."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ..core import Board, GameState
from ..play.players import Look
from ..play.presenter import Marks
from . import theme
from .layout import fit_board
from .theme import Text

Point = tuple[int, int]


# How far off the arrow's direction the next line may lie: across <= along * 1.8, about 61 degrees either side
# (with the plain sum along + 2 * across, 10 of the 45 lines of a side-6 triangle board could not be reached).
ARROW_CONE = 1.8


class BoardView:
    """A board fitted into a rect: pixel geometry, hit-testing and drawing. ``visible`` (a zoomed board larger than
    the place it is shown in) is the part of the rect that is drawn; the caller clips the marks to it."""

    def __init__(self, board: Board, rect: pygame.Rect, visible: pygame.Rect | None = None) -> None:
        self.board = board
        self.rect = pygame.Rect(rect)
        self.shown = self.rect if visible is None else self.rect.clip(visible)
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
        self._cell_images: dict[tuple[int, Look, bool], tuple[pygame.Surface, Point]] = {}

    def _polygon(self, cell: int) -> list[Point]:
        corners = {d for line in self.board.cells[cell] for d in self.board.lines[line]}
        points = [self.dots[d] for d in corners]
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        return sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))

    # -- hit-testing ------------------------------------------------------------------------------------------
    def line_at(self, pos: tuple[int, int], radius: float | None = None) -> int | None:
        """The line nearest ``pos`` (drawn or not) within ``radius`` pixels (at least half an edge), or None.

        Every line takes part, so a press on a drawn line finds that line (and the caller refuses it) instead of a
        free line further away."""
        limit = self.edge * 0.5 if radius is None else max(radius, self.edge * 0.5)
        best, best_distance = None, limit
        for line, (a, b) in enumerate(self.ends):
            distance = _segment_distance(pos, a, b)
            if distance < best_distance:
                best, best_distance = line, distance
        return best

    def neighbour(self, state: GameState, line: int | None, direction: str) -> int | None:
        """The undrawn line to move a keyboard cursor to from ``line`` in ``direction`` (left/right/up/down): the
        nearest one within about 60 degrees of that direction, sideways distance counted twice."""
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
            if along <= self.edge * 0.1 or across > along * ARROW_CONE:
                continue
            score = math.hypot(along, 2 * across)
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
        looks: Sequence[Look],
        patterns: bool,
    ) -> None:
        """The position, every drawn line in the colour (and with patterns on, the dash) of the player who drew it,
        then the marks on top; each player as their look says (:mod:`game.play.players`)."""
        drawers = {line: look_of(looks, player) for line, player in zip(state.moves, state.drawers(), strict=True)}
        hidden_line = marks.animating
        hidden_cells = set(marks.filling)
        layer = self._static_layer(state, drawers, text, looks, patterns, hidden_line, hidden_cells)
        surface.blit(self._on_background(surface, layer), self.shown)
        for cell in marks.filling:
            owner = state.owner[cell]
            if owner >= 0:
                self._fill_cell(surface, text, cell, looks[owner], patterns, marks.fill_progress)
        for line in marks.recent:
            if line != hidden_line and line != marks.announced:
                look = drawers.get(line)
                self._halo(surface, line, colour_of(look), marks.glow.get(line, 0.0))
                self._stroke(surface, line, look, patterns)
        if marks.announced is not None and marks.announced != hidden_line:
            self._halo(surface, marks.announced, theme.LAST_TURN, max(0.6, marks.glow.get(marks.announced, 0.0)))
            self._stroke(surface, marks.announced, drawers.get(marks.announced), patterns)
        for line in marks.must:  # captures compulsory: the lines that may be drawn, dashed on a band, the hint's colour
            a, b = self.ends[line]
            pygame.draw.line(surface, theme.tint(theme.HINT, 0.72), a, b, round(self.line_width * 2.6))
            _dashed(surface, theme.HINT, a, b, self.line_width)
        if marks.hint is not None:
            glow = 0.5 + 0.5 * math.sin(marks.pulse * 6)
            self._line(surface, marks.hint, theme.tint(theme.HINT, 0.35 * glow), self.line_width + 6)
        if marks.preview is not None:
            self._preview(surface, marks.preview, colour_of(look_of(looks, marks.preview_player)))
        if marks.taken is not None:
            self._taken(surface, marks.taken, drawers.get(marks.taken), patterns)
        if marks.owned is not None:
            look = drawers.get(marks.owned)
            self._taken(surface, marks.owned, look, patterns, theme.tint(colour_of(look), 0.55))
        if marks.cursor is not None:
            self._cursor(surface, marks.cursor)
        if hidden_line is not None:
            a, b = self.ends[hidden_line]
            t = marks.line_progress
            tip = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))
            look = drawers.get(hidden_line)
            self._halo(surface, hidden_line, colour_of(look), 1.0, tip)
            stroke(surface, a, tip, look, patterns, self.line_width)
        touched = {
            marks.preview,
            marks.taken,
            marks.owned,
            marks.cursor,
            marks.hint,
            hidden_line,
            marks.announced,
            *marks.recent,
            *marks.must,
        }
        for marked in (line for line in touched if line is not None):
            for dot in self.board.lines[marked]:
                pygame.draw.circle(surface, theme.DOT, self.dots[dot], self.dot_radius)

    def _on_background(self, surface: pygame.Surface, layer: pygame.Surface) -> pygame.Surface:
        """``layer`` over what lies under the board on ``surface`` (drawn before it, the same every frame), made
        into one opaque image when the layer changes. An opaque image blits several times faster than a transparent
        one: in the browser (WebAssembly) blending the board's layer was most of a frame's drawing time."""
        if not surface.get_rect().contains(self.shown):
            return layer
        if self._backed is None or self._backed[0] is not layer:
            backed = surface.subsurface(self.shown).copy()
            backed.blit(layer, (0, 0))
            self._backed = (layer, backed)
        return self._backed[1]

    def _static_layer(
        self,
        state: GameState,
        drawers: dict[int, Look | None],
        text: Text,
        looks: Sequence[Look],
        patterns: bool,
        hidden_line: int | None,
        hidden_cells: set[int],
    ) -> pygame.Surface:
        drawn = state.drawn if hidden_line is None else state.drawn & ~(1 << hidden_line)
        owners = tuple(-1 if c in hidden_cells else o for c, o in enumerate(state.owner))
        key = (drawn, tuple(drawers.items()), owners, patterns, tuple(looks))
        if key == self._cache_key and self._cache is not None:
            return self._cache
        layer = pygame.Surface(self.shown.size, pygame.SRCALPHA)
        shift = (-self.shown.x, -self.shown.y)
        for cell, owner in enumerate(owners):
            if owner >= 0:
                image, topleft = self._cell_image(text, cell, looks[owner], patterns)
                layer.blit(image, _add(topleft, shift))
        for line, (a, b) in enumerate(self.ends):
            if drawn >> line & 1:
                stroke(layer, _add(a, shift), _add(b, shift), drawers.get(line), patterns, self.line_width)
            else:
                _dashed(layer, theme.FAINT, _add(a, shift), _add(b, shift), max(1, self.line_width // 2))
        for dot in self.dots:
            pygame.draw.circle(layer, theme.DOT, _add(dot, shift), self.dot_radius)
        self._cache_key, self._cache = key, layer
        return layer

    def _cell_image(self, text: Text, cell: int, look: Look, patterns: bool) -> tuple[pygame.Surface, Point]:
        """An owned cell drawn once on its own small surface, reused whenever the board is redrawn."""
        key = (cell, look, patterns)
        found = self._cell_images.get(key)
        if found is None:
            xs = [x for x, _ in self.cells[cell]]
            ys = [y for _, y in self.cells[cell]]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            image = pygame.Surface(box.size, pygame.SRCALPHA)
            self._fill_cell(image, text, cell, look, patterns, 1.0, (-box.x, -box.y))
            found = self._cell_images[key] = (image, box.topleft)
        return found

    def _fill_cell(
        self,
        target: pygame.Surface,
        text: Text,
        cell: int,
        look: Look,
        patterns: bool,
        progress: float,
        shift: tuple[int, int] = (0, 0),
    ) -> None:
        """Fill ``cell`` in its owner's ``look`` (grown to ``progress``), drawing at screen position + ``shift``."""
        colour = look.colour
        cx, cy = self.centres[cell]
        scale = 0.3 + 0.7 * progress
        polygon = [
            _add((round(cx + (x - cx) * scale), round(cy + (y - cy) * scale)), shift) for x, y in self.cells[cell]
        ]
        pygame.draw.polygon(target, theme.tint(colour, 0.62), polygon)
        if patterns:
            draw_pattern(target, polygon, theme.tint(colour, 0.3), look.pattern, max(6, round(self.edge * 0.16)))
        if progress >= 1.0:
            size = self.mark_size
            text.draw(target, look.initial, size, theme.shade(colour, 0.35), center=_add((cx, cy), shift))

    def _line(self, surface: pygame.Surface, line: int, colour: tuple[int, int, int], width: int) -> None:
        a, b = self.ends[line]
        pygame.draw.line(surface, colour, a, b, width)

    def _stroke(self, surface: pygame.Surface, line: int, look: Look | None, patterns: bool) -> None:
        a, b = self.ends[line]
        stroke(surface, a, b, look, patterns, self.line_width)

    def _halo(
        self,
        surface: pygame.Surface,
        line: int,
        colour: tuple[int, int, int],
        glow: float,
        tip: Point | None = None,
    ) -> None:
        """A soft band behind a line that just changed: wider and stronger while ``glow`` (1 to 0) is high."""
        a, b = self.ends[line]
        width = round(self.line_width * (2.6 + 1.6 * glow))
        pygame.draw.line(surface, theme.tint(colour, 0.62 - 0.3 * glow), a, tip or b, width)

    def _preview(self, surface: pygame.Surface, line: int, colour: tuple[int, int, int]) -> None:
        """The line a press or the mouse would draw: a pale, wide line with rings at its ends."""
        a, b = self.ends[line]
        pygame.draw.line(surface, theme.tint(colour, 0.45), a, b, self.line_width + 4)
        for end in (a, b):
            pygame.draw.circle(surface, colour, end, self.dot_radius + 4, 3)

    def _taken(
        self,
        surface: pygame.Surface,
        line: int,
        look: Look | None,
        patterns: bool,
        band: tuple[int, int, int] = theme.tint(theme.DANGER, 0.55),
    ) -> None:
        """A drawn line under the pointer: a wide band (red under a press; under the mouse, the colour of whoever
        drew it) and a red cross, so nobody expects it to be drawn again."""
        a, b = self.ends[line]
        pygame.draw.line(surface, band, a, b, self.line_width * 3)
        stroke(surface, a, b, look, patterns, self.line_width)
        x, y = _mid(a, b)
        arm = max(5, round(self.edge * 0.12))
        width = max(2, self.line_width - 1)
        pygame.draw.line(surface, theme.DANGER, (x - arm, y - arm), (x + arm, y + arm), width)
        pygame.draw.line(surface, theme.DANGER, (x - arm, y + arm), (x + arm, y - arm), width)

    def _cursor(self, surface: pygame.Surface, line: int) -> None:
        a, b = self.ends[line]
        pygame.draw.line(surface, theme.FOCUS, a, b, self.line_width + 6)
        pygame.draw.line(surface, theme.PANEL, a, b, max(1, self.line_width - 1))


def look_of(looks: Sequence[Look], player: int) -> Look | None:
    """``player``'s look; None for lines nobody drew (a Swedish or Icelandic start)."""
    return looks[player] if 0 <= player < len(looks) else None


def colour_of(look: Look | None) -> tuple[int, int, int]:
    """The colour of a player's lines and cells; lines nobody drew are ink."""
    return look.colour if look is not None else theme.LINE


def stroke(surface: pygame.Surface, a: Point, b: Point, look: Look | None, patterns: bool, width: int) -> None:
    """A drawn line from ``a`` to ``b`` in its drawer's colour; with ``patterns`` on, in the dash rhythm that goes
    with the drawer's cell pattern (full-colour dashes on a pale line, so it still reads as one drawn line)."""
    colour = colour_of(look)
    if not patterns or look is None:
        pygame.draw.line(surface, colour, a, b, width)
        return
    pygame.draw.line(surface, theme.tint(colour, 0.6), a, b, width)
    rhythm = theme.LINE_DASHES[look.pattern]
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    at, index = 0.0, 0
    while at < length:
        piece = rhythm[index % len(rhythm)] * width
        if index % 2 == 0:
            end = min(length, at + piece)
            start_point = (a[0] + ux * at, a[1] + uy * at)
            end_point = (a[0] + ux * end, a[1] + uy * end)
            pygame.draw.line(surface, colour, start_point, end_point, width)
        at += piece
        index += 1


def draw_loupe(surface: pygame.Surface, focus: Point, reach: float, zoom: float, clear: float) -> pygame.Rect:
    """Show the circle of radius ``reach`` around ``focus`` magnified ``zoom`` times where a finger pressing at
    ``focus`` does not hide it: above, at least ``clear`` pixels from the point, or beside it near the top edge.
    Returns the loupe's bounding rect."""
    w, h = surface.get_size()
    source = max(4, round(reach))
    radius = max(8, round(reach * zoom))
    fx, fy = focus
    cx, cy = round(fx), round(fy - clear - radius)
    if cy - radius < 0:
        side = -1 if fx > w / 2 else 1
        cx, cy = round(fx + side * (clear + radius)), round(fy)
    cx = min(max(cx, radius + 2), w - radius - 2)
    cy = min(max(cy, radius + 2), h - radius - 2)
    patch = pygame.Surface((2 * source, 2 * source), pygame.SRCALPHA)
    patch.fill((*theme.BACKGROUND, 255))
    area = pygame.Rect(fx - source, fy - source, 2 * source, 2 * source).clip(surface.get_rect())
    patch.blit(surface, (area.x - (fx - source), area.y - (fy - source)), area)
    lens = pygame.transform.smoothscale(patch, (2 * radius, 2 * radius))
    mask = pygame.Surface(lens.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius, radius), radius)
    lens.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(surface, theme.darker(theme.BACKGROUND, 0.3), (cx + 3, cy + 4), radius + 2)
    surface.blit(lens, (cx - radius, cy - radius))
    pygame.draw.circle(surface, theme.INK, (cx, cy), radius + 1, 3)
    pygame.draw.circle(surface, theme.INK, (cx, cy), max(3, radius // 16), 2)
    return pygame.Rect(cx - radius - 2, cy - radius - 2, 2 * radius + 8, 2 * radius + 8)


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
    surface: pygame.Surface, polygon: list[Point], colour: tuple[int, int, int], name: str, step: int
) -> None:
    """Draw the pattern ``name`` (dots, stripes, grid, bars: see :data:`game.play.players.PATTERNS`) clipped to
    ``polygon``."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    if box.width < 4 or box.height < 4:
        return
    tile = pygame.Surface(box.size, pygame.SRCALPHA)
    w, h = box.size
    width = max(1, step // 4)
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
