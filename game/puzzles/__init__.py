"""Puzzles: positions where exactly one line keeps the best result, grouped by the technique they teach.

The set lives in ``puzzles.json`` next to this module (written by ``tools/make_puzzles.py``, which finds and
checks every answer with the exact solver)::

    {"version": 1, "themes": {"chains": [[position code, answer line, value], ...], ...}}

``value`` is what the answer is worth to the player to move with perfect play from both sides (their future cells
minus the other's), as :mod:`game.ai.solver` counts it. The player to move is always player 0. Standard library
only; the app reads the set with :func:`load_puzzles` and never solves anything.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import CodeError, GameState, decode

DATA_PATH = Path(__file__).with_name("puzzles.json")
DATA_VERSION = 1


@dataclass(frozen=True)
class Theme:
    title: str
    hint: str


THEMES: dict[str, Theme] = {
    "chains": Theme(
        "Counting chains",
        "Count the chains: what each line gives away, and what taking everything leaves you to open next.",
    ),
    "all-but-two": Theme(
        "All but two",
        "All but two: decline the last two boxes of the chain, so the other player must open the next one.",
    ),
    "double-cross": Theme(
        "The double-cross",
        "The double-cross: give a chain of two away by its middle line, so it cannot be declined.",
    ),
    "long-chain": Theme(
        "The long-chain rule",
        "The long-chain rule: count dots plus long chains; make or break a chain to get control.",
    ),
    "loops": Theme(
        "Loops",
        "Loops: declining a loop costs four boxes, not two; count whether control is still worth it.",
    ),
    "triangles": Theme(
        "Triangles",
        "Triangles have three sides: a triangle is given away by its second side. Count chains as on squares.",
    ),
    "hexagons": Theme(
        "Hexagons",
        "Hexagons have six sides: a hexagon is given away by its fifth side. Count chains as on squares.",
    ),
}


class PuzzleError(ValueError):
    """The puzzle data cannot be used; the message says where."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``key`` (its position code, unique) names it in the saved list of solved puzzles."""

    number: int
    theme: str
    code: str
    answer: int
    value: int

    @property
    def key(self) -> str:
        return self.code

    def position(self) -> GameState:
        return decode(self.code)

    @property
    def hint(self) -> str:
        return THEMES[self.theme].hint

    def outcome(self) -> str:
        """What the answer leads to with best play from both sides: "wins by 3", "draws", "loses by only 1"."""
        state = self.position()
        final = state.scores[0] - state.scores[1] + self.value
        if final > 0:
            return f"wins by {final}"
        return "draws" if final == 0 else f"loses by only {-final}"

    def goal(self) -> str:
        """What the player must find."""
        return f"Find the one line that {self.outcome()}"


def parse_puzzles(data: Any) -> list[Puzzle]:
    """The puzzles in ``data`` (the JSON value), numbered from 1 in theme order; raises :class:`PuzzleError`."""
    if not isinstance(data, dict) or data.get("version") != DATA_VERSION or not isinstance(data.get("themes"), dict):
        raise PuzzleError(f"puzzle data is not version {DATA_VERSION} with a themes table")
    puzzles: list[Puzzle] = []
    for theme, items in data["themes"].items():
        if theme not in THEMES or not isinstance(items, list):
            raise PuzzleError(f"unknown theme {theme!r}")
        for item in items:
            puzzles.append(_puzzle(len(puzzles) + 1, theme, item))
    if len({p.key for p in puzzles}) != len(puzzles):
        raise PuzzleError("a position appears twice")
    return puzzles


def _puzzle(number: int, theme: str, item: Any) -> Puzzle:
    if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)):
        raise PuzzleError(f"puzzle {number} is not [code, answer, value]")
    code, answer, value = item
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (answer, value)):
        raise PuzzleError(f"puzzle {number}: answer and value must be whole numbers")
    try:
        state = decode(code)
    except CodeError as error:
        raise PuzzleError(f"puzzle {number}: {error}") from None
    if state.over or state.to_move != 0 or state.rules.players != 2:
        raise PuzzleError(f"puzzle {number}: player 0 of two must be to move")
    if not 0 <= answer < state.board.num_lines or state.is_drawn(answer):
        raise PuzzleError(f"puzzle {number}: the answer {answer} is not a line that can be drawn")
    return Puzzle(number, theme, code, answer, value)


def load_puzzles(path: Path = DATA_PATH) -> list[Puzzle]:
    """Every puzzle of the stored set, in order (easiest first within each theme)."""
    return parse_puzzles(json.loads(path.read_text(encoding="utf-8")))
