"""Every board shape in one table: its name, code letter, size values and their ranges, builder and words.

Whatever reads or writes a shape (settings, the engine's ``new``, position codes, history, the text drawing, the
scenes' labels) looks it up here, so a shape's sizes and names have one source.

Two ranges per shape, on purpose:
* ``sizes`` is what the rules accept: every board the engine, position codes and analysis can load, down to the
  smallest ones that are still a game (a 1x1 square, a triangle of 3 dots a side), which tests and puzzles use;
* ``offered`` is the part of it that Settings offers a player, from the rules sheet's beginner board (2x2 boxes,
  a triangle of 4 dots a side) up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .board import Board, BoardError, build_hexagon, build_square, build_triangle

_TRIANGLE_ROW = math.sqrt(3) / 2


@dataclass(frozen=True)
class Shape:
    name: str  # what settings, the engine and saved history call it
    letter: str  # its letter in position codes: s3x3, t6, h1
    label: str  # its name on screen
    dimensions: tuple[str, ...]  # what each size value counts, as Settings labels it
    sizes: range  # every size value the rules accept
    offered: range  # the size values Settings offers
    default: tuple[int, ...]  # the size a player gets on choosing the shape
    cell: str  # one cell, in words
    cells: str  # several cells
    row_height: float  # distance between rows of dots, in board units (the text drawing's scale)
    builder: Callable[..., Board]  # the cached geometry builder, given checked size values
    words: Callable[[Board], str]  # the board for a player, cells and dots both given
    short_words: Callable[[Board], str]  # the board in a few words (history, statistics)
    option_words: Callable[[int], str]  # one size value as Settings offers it

    @property
    def arity(self) -> int:
        return len(self.default)

    def check(self, size: Sequence[object]) -> tuple[int, ...]:
        """``size`` as checked size values; :class:`BoardError` says what is wrong."""
        if len(size) != self.arity:
            raise BoardError(f"a {self.name} board takes {self.arity} size number(s), got {len(size)}")
        for dimension, value in zip(self.dimensions, size, strict=True):
            if isinstance(value, bool) or not isinstance(value, int) or value not in self.sizes:
                what = f"{self.name} {dimension.lower()} {value!r}"
                raise BoardError(f"{what} is out of range {self.sizes.start}..{self.sizes.stop - 1}")
        return tuple(size)  # type: ignore[arg-type]  # each value was checked to be an int above

    def build(self, size: Sequence[object]) -> Board:
        return self.builder(*self.check(size))

    def is_offered(self, size: Sequence[object]) -> bool:
        """True when Settings offers a board of ``size`` (right number of values, each in ``offered``)."""
        return len(size) == self.arity and all(
            isinstance(n, int) and not isinstance(n, bool) and n in self.offered for n in size
        )

    @property
    def token_form(self) -> str:
        """How the token is written, for messages: s<R>x<C>."""
        return self.letter + "x".join(f"<{dimension[0]}>" for dimension in self.dimensions)

    def token(self, size: Sequence[int]) -> str:
        """The board in a position code: the letter, then the size values joined by ``x``."""
        return self.letter + "x".join(str(n) for n in size)


def _square_words(board: Board) -> str:
    r, c = board.size
    return f"{r}x{c} boxes ({r + 1}x{c + 1} dots)"


def _triangle_words(board: Board) -> str:
    return f"triangle, {board.size[0]} dots a side ({board.num_cells} triangles)"


def _hexagon_words(board: Board) -> str:
    return f"hexagon, {board.num_cells} cells ({board.num_dots} dots)"


def _hexagon_option(rings: int) -> str:
    board = build_hexagon(rings)
    return f"{board.num_cells} cells · {board.num_dots} dots"


SQUARE = Shape(
    name="square",
    letter="s",
    label="Square",
    dimensions=("Rows", "Columns"),
    sizes=range(1, 13),
    offered=range(2, 13),
    default=(3, 3),
    cell="box",
    cells="boxes",
    row_height=1.0,
    builder=build_square,
    words=_square_words,
    short_words=lambda board: f"{board.size[0]}x{board.size[1]} boxes",
    option_words=lambda n: f"{n} boxes · {n + 1} dots",
)
TRIANGLE = Shape(
    name="triangle",
    letter="t",
    label="Triangle",
    dimensions=("Size",),
    sizes=range(3, 10),
    offered=range(4, 10),
    default=(6,),
    cell="triangle",
    cells="triangles",
    row_height=_TRIANGLE_ROW,
    builder=build_triangle,
    words=_triangle_words,
    short_words=lambda board: f"triangle {board.size[0]}",
    option_words=lambda n: f"{n} dots a side · {(n - 1) ** 2} triangles",
)
HEXAGON = Shape(
    name="hex",
    letter="h",
    label="Hexagon",
    dimensions=("Size",),
    sizes=range(1, 4),
    offered=range(1, 4),
    default=(1,),
    cell="hexagon",
    cells="hexagons",
    row_height=_TRIANGLE_ROW,
    builder=build_hexagon,
    words=_hexagon_words,
    short_words=lambda board: f"hexagon {board.num_cells}",
    option_words=_hexagon_option,
)
SHAPES: dict[str, Shape] = {shape.name: shape for shape in (SQUARE, TRIANGLE, HEXAGON)}
BY_LETTER = {shape.letter: shape for shape in SHAPES.values()}


def shape_named(name: str) -> Shape:
    """The shape called ``name``; :class:`BoardError` lists the known ones otherwise."""
    found = SHAPES.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(SHAPES)
        raise BoardError(f"unknown board shape {str(name)[:40]!r} ({known})")
    return found


def shape_of(board: Board) -> Shape:
    return SHAPES[board.kind]


def build(name: str, size: Sequence[object]) -> Board:
    """The board of shape ``name`` and ``size``; :class:`BoardError` says why there is none."""
    return shape_named(name).build(size)
