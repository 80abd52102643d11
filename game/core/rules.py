"""The rules of Pipopipette: rule switches, the game state, playing and undoing lines, the end of the game.

A :class:`GameState` keeps the drawn lines as an int bit set plus a count of drawn sides per cell, so playing
and undoing a line touch at most two cells. Undo pops a stack of what each move changed, so it is the exact
inverse of play by construction.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import NamedTuple

from .board import Board

STARTS = ("normal", "swedish", "icelandic")


class RulesError(ValueError):
    """An impossible rule setting or a move that breaks the rules."""


class IllegalMove(RulesError):
    """A line that cannot be drawn now (already drawn, out of range, or the game is over)."""


@dataclass(frozen=True)
class Rules:
    """The rule switches of a game (every combination is valid except the ones :meth:`check` rejects)."""

    players: int = 2
    misere: bool = False
    no_extra: bool = False
    start: str = "normal"
    must_capture: bool = False  # captures compulsory: while a cell can be closed, only a line closing one

    @property
    def normal_play(self) -> bool:
        """Most cells wins, a capture gives an extra move and may be declined: the play the chain theory (all but
        two, control) is about."""
        return not (self.misere or self.no_extra or self.must_capture)

    def check(self, board: Board | None = None) -> Rules:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise RulesError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.start not in STARTS:
            raise RulesError(f"start must be one of {', '.join(STARTS)}, not {self.start!r}")
        if board is not None:
            predrawn = set(predrawn_lines(board, self))
            for sides in board.cells:
                if predrawn.issuperset(sides):
                    raise RulesError(f"a {self.start} start would close a cell on {board.describe()}")
        return self

    def with_(self, **changes: object) -> Rules:
        return replace(self, **changes)  # type: ignore[arg-type]


def predrawn_lines(board: Board, rules: Rules) -> tuple[int, ...]:
    if rules.start == "swedish":
        return board.border
    if rules.start == "icelandic":
        return board.left_bottom_border()
    return ()


class MoveResult(NamedTuple):
    """What one line did: the cells it closed and who moves next (-1 once the game is over)."""

    line: int
    player: int
    captured: tuple[int, ...]
    next_player: int


class GameState:
    """One game in progress. ``moves`` lists the lines drawn by players (pre-drawn lines are not moves)."""

    __slots__ = (
        "board",
        "rules",
        "first",
        "drawn",
        "sides",
        "owner",
        "scores",
        "to_move",
        "moves",
        "_stack",
        "_need",
        "_predrawn",
        "_line_cells",
        "_num_lines",
        "_full",
    )

    def __init__(self, board: Board, rules: Rules | None = None, first: int = 0) -> None:
        self.board = board
        self.rules = (rules or Rules()).check(board)
        if not isinstance(first, int) or not 0 <= first < self.rules.players:
            raise RulesError(f"first player must be 0..{self.rules.players - 1}, not {first!r}")
        self.first = first
        self._need = tuple(len(sides) for sides in board.cells)
        self._line_cells = board.line_cells
        self._num_lines = board.num_lines
        self._full = (1 << board.num_lines) - 1
        self._predrawn = predrawn_lines(board, self.rules)
        self.drawn = 0
        self.sides = [0] * board.num_cells
        for line in self._predrawn:
            self.drawn |= 1 << line
            for cell in board.line_cells[line]:
                self.sides[cell] += 1
        self.owner = [-1] * board.num_cells
        self.scores = [0] * self.rules.players
        self.to_move = first
        self.moves: list[int] = []
        self._stack: list[tuple[int, int, tuple[int, ...]]] = []

    # -- queries --------------------------------------------------------------------------------------------
    def is_drawn(self, line: int) -> bool:
        return bool(self.drawn >> line & 1)

    def legal_lines(self) -> list[int]:
        """The lines that may be drawn now, ascending: the undrawn lines (only the captures among them when
        captures are compulsory and there is one)."""
        if self.rules.must_capture:
            captures = self.capture_lines()
            if captures:
                return captures
        undrawn = bin(self._full ^ self.drawn)[:1:-1]  # character i is bit i of the undrawn set
        return [line for line, bit in enumerate(undrawn) if bit == "1"]

    def capture_lines(self) -> list[int]:
        """The undrawn lines that would close a cell, ascending."""
        need, sides, cells = self._need, self.sides, self.board.cells
        found = {
            line
            for cell, count in enumerate(sides)
            if count == need[cell] - 1
            for line in cells[cell]
            if not self.drawn >> line & 1
        }
        return sorted(found)

    def must_not_draw(self, line: int) -> bool:
        """True if ``line`` is undrawn but refused now: captures are compulsory and it closes nothing while a cell
        can be closed."""
        return self.rules.must_capture and not self.would_capture(line) and bool(self.capture_lines())

    @property
    def lines_left(self) -> int:
        return self.board.num_lines - self.drawn.bit_count()

    @property
    def over(self) -> bool:
        return self.drawn == self._full

    def winners(self) -> list[int]:
        """The players on the best score (fewest cells in misère); several means a shared draw."""
        best = min(self.scores) if self.rules.misere else max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    def would_capture(self, line: int) -> int:
        """How many cells drawing ``line`` would close."""
        need, sides = self._need, self.sides
        return sum(1 for c in self.board.line_cells[line] if sides[c] == need[c] - 1)

    def is_safe(self, line: int) -> bool:
        """True if ``line`` gives no cell its last-but-one side."""
        need, sides = self._need, self.sides
        return all(sides[c] != need[c] - 2 for c in self.board.line_cells[line])

    def drawers(self) -> list[int]:
        """Who drew each of :attr:`moves`, in the same order."""
        return [player for _, player, _ in self._stack]

    def last_turn(self) -> list[int]:
        """The lines of the most recent turn (the last move and the captures that led to it by the same player)."""
        if not self._stack:
            return []
        player = self._stack[-1][1]
        turn: list[int] = []
        for line, mover, captured in reversed(self._stack):
            if mover != player or (turn and not captured):
                break
            turn.append(line)
        return turn[::-1]

    # -- play and undo --------------------------------------------------------------------------------------
    def play(self, line: int) -> MoveResult:
        if not (isinstance(line, int) and 0 <= line < self._num_lines):
            raise IllegalMove(f"no line {line!r} on {self.board.describe()}")
        bit = 1 << line
        if self.drawn & bit:
            raise IllegalMove(f"line {line} is already drawn")
        if self.rules.must_capture and self.must_not_draw(line):
            raise IllegalMove(f"line {line} closes nothing while a cell can be closed: captures are compulsory")
        player = self.to_move
        self.drawn |= bit
        captured: tuple[int, ...] = ()
        sides, need = self.sides, self._need
        for cell in self._line_cells[line]:
            sides[cell] += 1
            if sides[cell] == need[cell]:
                self.owner[cell] = player
                captured += (cell,)
        if captured:
            self.scores[player] += len(captured)
        self._stack.append((line, player, captured))
        self.moves.append(line)
        if self.drawn == self._full:
            self.to_move = -1
        elif not captured or self.rules.no_extra:
            self.to_move = (player + 1) % self.rules.players
        return MoveResult(line, player, captured, self.to_move)

    def undo(self) -> int:
        """Take back the last move; returns its line."""
        if not self._stack:
            raise RulesError("nothing to undo")
        line, player, captured = self._stack.pop()
        self.moves.pop()
        self.drawn ^= 1 << line
        sides = self.sides
        for cell in self._line_cells[line]:
            sides[cell] -= 1
        if captured:
            for cell in captured:
                self.owner[cell] = -1
            self.scores[player] -= len(captured)
        self.to_move = player
        return line

    def copy(self) -> GameState:
        other = GameState.__new__(GameState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.sides = self.sides[:]
        other.owner = self.owner[:]
        other.scores = self.scores[:]
        other.moves = self.moves[:]
        other._stack = self._stack[:]
        return other

    def snapshot(self) -> tuple:
        """Everything undo must restore, as one comparable value."""
        return (self.drawn, tuple(self.sides), tuple(self.owner), tuple(self.scores), self.to_move, tuple(self.moves))

    def play_random(self, rng: random.Random) -> MoveResult:
        """Draw a uniformly random undrawn line, chosen with the caller's ``rng``."""
        if self.over:
            raise IllegalMove("the game is over: there is no line left to draw")
        return self.play(rng.choice(self.legal_lines()))

    def __repr__(self) -> str:
        return f"<GameState {self.board.describe()} moves={len(self.moves)} scores={self.scores} turn={self.to_move}>"
