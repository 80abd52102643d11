"""Every board shape in one table: its name, code letter, size values and their ranges, cell count and words.

Whatever reads or writes a shape (settings, the engine's ``new``, position codes, history, the text drawing, the
scenes' labels) looks it up here, so a shape's sizes and names have one source.

Two ranges per shape, on purpose:
* ``sizes`` is what the rules accept: every board the engine, position codes and analysis can load, down to the
  smallest ones that are still a game (a 1x1 square, a triangle of 3 dots a side), which tests and puzzles use;
* ``offered`` is the part of it that Settings offers a player, from the rules sheet's beginner board (2x2 boxes,
  a triangle of 4 dots a side) up.

The table is data: the geometry of each shape is built by :mod:`game.core.board` (``Board.from_spec``), which reads
the sizes it accepts from here; nothing here builds a board.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

_TRIANGLE_ROW = math.sqrt(3) / 2


class ShapedBoard(Protocol):
    """What the table reads of a board (:class:`game.core.board.Board` is one): the table is below the boards it
    describes, so it names none of their code."""

    @property
    def kind(self) -> str: ...

    @property
    def size(self) -> tuple[int, ...]: ...

    @property
    def num_cells(self) -> int: ...

    @property
    def num_dots(self) -> int: ...


class BoardError(ValueError):
    """A board shape or size that the game does not offer."""


@dataclass(frozen=True)
class Shape:
    name: str  # what settings, the engine and saved history call it
    letter: str  # its letter in position codes: s3x3, t6, h1
    label: str  # its name on screen
    dimensions: tuple[str, ...]  # what each size value counts, as Settings labels it
    sizes: range  # every size value the rules accept
    offered: range  # the size values Settings offers
    default: tuple[int, ...]  # the size a player gets on choosing the shape
    row_height: float  # distance between rows of dots, in board units (the text drawing's scale)
    cells: Callable[..., int]  # how many cells a board of these size values has
    words: str  # the board for a player, cells and dots both given (a template of :meth:`values`)
    short: str  # the board in a few words (history, statistics)
    option: str  # one size value as Settings offers it (a template of :attr:`option_values`)
    option_values: Callable[[int], dict[str, int]]
    size_names: tuple[tuple[int, str], ...] = ()  # sizes that have a name players know (sheet 004's triangles)

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

    def is_offered(self, size: Sequence[object]) -> bool:
        """True when Settings offers a board of ``size`` (right number of values, each in ``offered``)."""
        return len(size) == self.arity and all(
            isinstance(n, int) and not isinstance(n, bool) and n in self.offered for n in size
        )

    @property
    def token_form(self) -> str:
        """How the token is written, for messages: s<R>x<C>."""
        return self.letter + "x".join(f"<{dimension[0]}>" for dimension in self.dimensions)

    @staticmethod
    def values(board: ShapedBoard) -> dict[str, int]:
        """What the word templates may name: rows r and columns c (r1, c1 in dots), side n, cells, dots."""
        r, c = board.size[0], board.size[-1]
        return {"r": r, "c": c, "r1": r + 1, "c1": c + 1, "n": r, "cells": board.num_cells, "dots": board.num_dots}

    def describe(self, board: ShapedBoard, translate: Callable[[str], str] = str) -> str:
        """The board in :attr:`words`, through ``translate`` (the app passes its catalogue lookup)."""
        return translate(self.words).format(**self.values(board))

    def short_name(self, board: ShapedBoard, translate: Callable[[str], str] = str) -> str:
        return translate(self.short).format(**self.values(board))

    def option_name(self, value: int, translate: Callable[[str], str] = str) -> str:
        """One size value as Settings offers it, after its name when it has one ("Small · 5 dots a side · 16
        triangles")."""
        option = translate(self.option).format(**self.option_values(value))
        name = dict(self.size_names).get(value)
        return option if name is None else f"{translate(name)} · {option}"

    def decider_size(self, size: Sequence[int]) -> tuple[int, ...]:
        """The offered size nearest ``size`` (fewest steps on its size values, then fewest cells) whose board has
        an odd number of cells, so two players cannot tie on it: ``size`` itself when its count is odd; a 4x4 tie
        is decided on 3x3 boxes, a triangle of 5 dots a side on one of 4."""
        near = [[n for n in range(value - 2, value + 3) if n in self.offered] for value in size]
        odd = [c for c in itertools.product(*near) if self.cells(*c) % 2]

        def distance(candidate: tuple[int, ...]) -> tuple[int, int]:
            steps = sum(abs(a - b) for a, b in zip(candidate, size, strict=True))
            return steps, self.cells(*candidate)

        return min(odd, key=distance)

    def token(self, size: Sequence[int]) -> str:
        """The board in a position code: the letter, then the size values joined by ``x``."""
        return self.letter + "x".join(str(n) for n in size)


def _hexagon_cells(rings: int) -> int:
    return 3 * rings * (rings + 1) + 1


def _hexagon_option(rings: int) -> dict[str, int]:
    return {"cells": _hexagon_cells(rings), "dots": 6 * (rings + 1) ** 2}


SQUARE = Shape(
    name="square",
    letter="s",
    label="Square",
    dimensions=("Rows", "Columns"),
    sizes=range(1, 13),
    offered=range(2, 13),
    default=(3, 3),
    row_height=1.0,
    cells=lambda rows, cols: rows * cols,
    words="{r}x{c} boxes ({r1}x{c1} dots)",
    short="{r}x{c} boxes",
    option="{n} boxes · {dots} dots",
    option_values=lambda n: {"n": n, "dots": n + 1},
)
TRIANGLE = Shape(
    name="triangle",
    letter="t",
    label="Triangle",
    dimensions=("Size",),
    sizes=range(3, 10),
    offered=range(4, 10),
    default=(6,),
    row_height=_TRIANGLE_ROW,
    cells=lambda side: (side - 1) ** 2,
    words="triangle, {n} dots a side ({cells} triangles)",
    short="triangle {n}",
    option="{n} dots a side · {cells} triangles",
    option_values=lambda n: {"n": n, "cells": (n - 1) ** 2},
    size_names=((5, "Small"), (6, "Medium (the usual)"), (7, "Large")),
)
HEXAGON = Shape(
    name="hex",
    letter="h",
    label="Hexagon",
    dimensions=("Size",),
    sizes=range(1, 4),
    offered=range(1, 4),
    default=(1,),
    row_height=_TRIANGLE_ROW,
    cells=_hexagon_cells,
    words="hexagon, {cells} cells ({dots} dots)",
    short="hexagon {cells}",
    option="{cells} cells · {dots} dots",
    option_values=_hexagon_option,
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


def shape_of(board: ShapedBoard) -> Shape:
    return SHAPES[board.kind]
