"""Puzzles: positions where exactly one line keeps the best result, grouped by the technique they teach.

The set lives in ``puzzles.json`` next to this module (written by ``tools/make_puzzles.py``, which finds and
checks every answer with the exact solver)::

    {"version": 1, "themes": {"chains": [[position code, answer line, value], ...], ...}}

``value`` is what the answer is worth to the player to move with perfect play from both sides (their future cells
minus the other's; in misère the other's minus theirs), as :mod:`game.ai.search.solver` counts it. The player to
move is always player 0 of two; the rules (misère, no extra move) are part of the position code. Standard library
only; the app reads the set with :func:`load_puzzles` and never solves anything (it words the themes and hints).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core import CodeError, GameState, code_game, decode

DATA_PATH = Path(__file__).with_name("puzzles.json")
DATA_VERSION = 1


THEMES = (
    "chains",
    "all-but-two",
    "all-but-four",
    "handout",
    "long-chain",
    "sacrifice",
    "loops",
    "triangles",
    "triangles-two",
    "hexagons",
    "misere",
    "no-extra",
    "fight",
)
"""The themes in the order the set presents them (``game.play.puzzle_words`` names each one and gives its hint).
Every theme is played on squares with the standard rules except ``triangles``, ``triangles-two`` and ``hexagons``
(their boards), ``misere`` (misère: the fewest cells win) and ``no-extra`` (no extra move after a capture).
``fight`` comes last: its positions are the hardest, up to 50 times the others' solving bound
(``solving.DEEP_NODES``)."""


class PuzzleError(ValueError):
    """The puzzle data cannot be used; the message says where."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``key`` (the game its position code holds, unique) names it in the saved list of solved
    puzzles: the same whichever code version wrote the code (a set written in version 1 codes and the same set
    written again in version 2 have the same keys), so regenerating the set loses no player's progress."""

    number: int
    theme: str
    code: str
    answer: int
    value: int

    @property
    def key(self) -> str:
        return code_game(self.code)

    def position(self) -> GameState:
        return decode(self.code)

    def final_margin(self) -> int:
        """The player's final lead in cells (negative: behind) when they play the answer and both play perfectly;
        in misère, where the fewest cells win, the lead is how many cells fewer they end with."""
        state = self.position()
        lead = state.scores[0] - state.scores[1]
        return (-lead if state.rules.misere else lead) + self.value


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


@cache
def load_puzzles(path: Path = DATA_PATH) -> tuple[Puzzle, ...]:
    """Every puzzle of the stored set, in order (easiest first within each theme); read once (puzzles are
    immutable), so opening the puzzle list again costs nothing."""
    return tuple(parse_puzzles(json.loads(path.read_text(encoding="utf-8"))))
