"""The board graph shared by every shape: dots, lines between dots, and cells bounded by lines.

A :class:`Board` is immutable and built once per shape and size (the builders are cached), then shared
read-only by every game state. Everything the rules and the AI need is precomputed here as tuples of small
ints: the cells on each side of a line, the lines around each cell, the border lines and the board's
symmetries as permutations of line ids.

Line ids:
* square boards use OpenSpiel's ``dots_and_boxes`` numbering: horizontal lines row by row (``h r c`` has id
  ``r * C + c``), then vertical lines row by row (``v r c`` has id ``(R + 1) * C + r * (C + 1) + c``);
* triangular and hexagonal boards number lines in reading order of their midpoints (top to bottom, then left
  to right), and so do their dots and cells.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from .shapes import shape_named, shape_of

Point = tuple[float, float]

_EPS = 1e-6


@dataclass(frozen=True, eq=False)
class Board:
    """A planar board: ``dots`` are positions, ``lines`` are dot pairs, ``cells`` are tuples of line ids."""

    kind: str
    size: tuple[int, ...]
    dots: tuple[Point, ...]
    lines: tuple[tuple[int, int], ...]
    cells: tuple[tuple[int, ...], ...]
    line_cells: tuple[tuple[int, ...], ...] = field(init=False)
    border: tuple[int, ...] = field(init=False)
    symmetries: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        line_cells: list[list[int]] = [[] for _ in self.lines]
        for cell, sides in enumerate(self.cells):
            for line in sides:
                line_cells[line].append(cell)
        set_ = object.__setattr__
        set_(self, "line_cells", tuple(tuple(c) for c in line_cells))
        set_(self, "border", tuple(i for i, c in enumerate(line_cells) if len(c) == 1))
        set_(self, "symmetries", _line_symmetries(self))

    # -- construction (sizes are checked against the shape table, :mod:`game.core.shapes`) -------------------
    @staticmethod
    def square(rows: int, cols: int | None = None) -> Board:
        """A board of ``rows`` x ``cols`` boxes, that is (rows + 1) x (cols + 1) dots."""
        return Board.from_spec("square", (rows, rows if cols is None else cols))

    @staticmethod
    def triangle(side: int) -> Board:
        """A triangle of dots with ``side`` dots on each side: (side - 1)^2 small triangles."""
        return Board.from_spec("triangle", (side,))

    @staticmethod
    def hexagon(rings: int) -> Board:
        """A honeycomb of hexagons: one centre cell and ``rings`` rings around it (1 -> 7, 2 -> 19, 3 -> 37)."""
        return Board.from_spec("hex", (rings,))

    @staticmethod
    def from_spec(kind: str, size: tuple[int, ...]) -> Board:
        """The board of shape ``kind`` and ``size``; :class:`BoardError` says why there is none."""
        shape = shape_named(kind)
        return BUILDERS[shape.name](*shape.check(size))

    # -- derived facts --------------------------------------------------------------------------------------
    @property
    def num_dots(self) -> int:
        return len(self.dots)

    @property
    def num_lines(self) -> int:
        return len(self.lines)

    @property
    def num_cells(self) -> int:
        return len(self.cells)

    @property
    def spec(self) -> tuple[str, tuple[int, ...]]:
        return self.kind, self.size

    def describe(self) -> str:
        """A name players understand, with cells and dots both given."""
        return shape_of(self).describe(self)

    def cell_centre(self, cell: int) -> Point:
        dots = {d for line in self.cells[cell] for d in self.lines[line]}
        xs = [self.dots[d][0] for d in dots]
        ys = [self.dots[d][1] for d in dots]
        return sum(xs) / len(xs), sum(ys) / len(ys)

    def line_midpoint(self, line: int) -> Point:
        (ax, ay), (bx, by) = (self.dots[d] for d in self.lines[line])
        return (ax + bx) / 2, (ay + by) / 2

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of the dots; y grows downwards."""
        xs = [x for x, _ in self.dots]
        ys = [y for _, y in self.dots]
        return min(xs), min(ys), max(xs), max(ys)

    def left_bottom_border(self) -> tuple[int, ...]:
        """Border lines whose outside faces left or down: the Icelandic start's pre-drawn lines."""
        chosen = []
        for line in self.border:
            (cx, cy), (mx, my) = self.cell_centre(self.line_cells[line][0]), self.line_midpoint(line)
            out_x, out_y = mx - cx, my - cy
            if out_x < -_EPS or (out_y > _EPS and abs(out_x) < abs(out_y) + _EPS):
                chosen.append(line)
        return tuple(chosen)

    def __repr__(self) -> str:
        return f"Board.from_spec({self.kind!r}, {self.size!r})"


# -- builders: cached, given size values already checked by the shape table (so 2.0 or True never hit the cache)
@cache
def build_square(rows: int, cols: int) -> Board:
    dots = tuple((float(c), float(r)) for r in range(rows + 1) for c in range(cols + 1))

    def dot(r: int, c: int) -> int:
        return r * (cols + 1) + c

    lines = [(dot(r, c), dot(r, c + 1)) for r in range(rows + 1) for c in range(cols)]
    lines += [(dot(r, c), dot(r + 1, c)) for r in range(rows) for c in range(cols + 1)]
    vertical = (rows + 1) * cols
    cells = tuple(
        (r * cols + c, (r + 1) * cols + c, vertical + r * (cols + 1) + c, vertical + r * (cols + 1) + c + 1)
        for r in range(rows)
        for c in range(cols)
    )
    return Board("square", (rows, cols), dots, tuple(lines), cells)


def _reading_order(points: list[Point]) -> list[int]:
    return sorted(range(len(points)), key=lambda i: (round(points[i][1], 4), round(points[i][0], 4)))


def _from_polygons(kind: str, size: tuple[int, ...], polygons: list[list[Point]]) -> Board:
    """Build a board from cell outlines (corner points in order); shared corners and sides are merged."""
    keyed: dict[tuple[int, int], Point] = {}
    for poly in polygons:
        for x, y in poly:
            keyed.setdefault((round(x * 1000), round(y * 1000)), (x, y))
    raw_dots = list(keyed.values())
    dot_order = _reading_order(raw_dots)
    dots = [raw_dots[i] for i in dot_order]
    dot_id = {(round(x * 1000), round(y * 1000)): i for i, (x, y) in enumerate(dots)}

    def key(p: Point) -> int:
        return dot_id[(round(p[0] * 1000), round(p[1] * 1000))]

    edges: set[tuple[int, int]] = set()
    cell_edges = []
    for poly in polygons:
        sides = []
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            ka, kb = key(a), key(b)
            edge = (ka, kb) if ka < kb else (kb, ka)
            edges.add(edge)
            sides.append(edge)
        cell_edges.append(sides)
    raw_lines = sorted(edges)
    mids = [((dots[a][0] + dots[b][0]) / 2, (dots[a][1] + dots[b][1]) / 2) for a, b in raw_lines]
    lines = [raw_lines[i] for i in _reading_order(mids)]
    line_id = {edge: i for i, edge in enumerate(lines)}
    centres = [(sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)) for poly in polygons]
    cells = tuple(tuple(sorted(line_id[e] for e in cell_edges[i])) for i in _reading_order(centres))
    return Board(kind, size, tuple(dots), tuple(lines), cells)


@cache
def build_triangle(side: int) -> Board:
    h = math.sqrt(3) / 2

    def p(i: int, j: int) -> Point:
        return (j - i / 2, i * h)

    polygons = []
    for i in range(side - 1):
        for j in range(i + 1):
            polygons.append([p(i, j), p(i + 1, j + 1), p(i + 1, j)])
        for j in range(i):
            polygons.append([p(i, j), p(i, j + 1), p(i + 1, j + 1)])
    return _from_polygons("triangle", (side,), polygons)


@cache
def build_hexagon(rings: int) -> Board:
    polygons = []
    for q in range(-rings, rings + 1):
        for r in range(-rings, rings + 1):
            if abs(q + r) > rings:
                continue
            cx, cy = 1.5 * q, math.sqrt(3) * (r + q / 2)  # flat-topped hexagons of side 1
            polygons.append([(cx + math.cos(math.pi / 3 * k), cy + math.sin(math.pi / 3 * k)) for k in range(6)])
    return _from_polygons("hex", (rings,), polygons)


BUILDERS: dict[str, Callable[..., Board]] = {"square": build_square, "triangle": build_triangle, "hex": build_hexagon}
"""Each shape's builder, by the shape's name in :data:`game.core.shapes.SHAPES`."""


# -- symmetry -----------------------------------------------------------------------------------------------
def _line_symmetries(board: Board) -> tuple[tuple[int, ...], ...]:
    """Every rotation/reflection mapping the dot set onto itself, as a permutation of line ids.

    Found geometrically (rotations by multiples of 30 degrees about the centre, with and without a mirror), so
    it works for any shape: 8 for a square board, 4 for a rectangle, 6 for the triangle, 12 for the hexagon.
    """
    # Every symmetry fixes the mean of the dots, so that is the centre to turn about (a triangle's centroid, not
    # the middle of its bounding box).
    cx = sum(x for x, _ in board.dots) / board.num_dots
    cy = sum(y for _, y in board.dots) / board.num_dots
    where = {(round(x, 3), round(y, 3)): i for i, (x, y) in enumerate(board.dots)}
    line_id = {frozenset(line): i for i, line in enumerate(board.lines)}
    found = []
    for mirror in (1, -1):
        for k in range(12):
            a = math.pi / 6 * k
            cos_a, sin_a = math.cos(a), math.sin(a)
            mapping = []
            for x, y in board.dots:
                dx, dy = (x - cx) * mirror, y - cy
                target = (round(cx + dx * cos_a - dy * sin_a, 3), round(cy + dx * sin_a + dy * cos_a, 3))
                if target not in where:
                    break
                mapping.append(where[target])
            else:
                perm = tuple(line_id[frozenset((mapping[a_], mapping[b_]))] for a_, b_ in board.lines)
                if perm not in found:
                    found.append(perm)
    return tuple(found)
