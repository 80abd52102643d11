"""Tactics shared by the levels and the hints: taking what is offered, and what a line gives away.

All functions leave the state as they found it (they play and undo).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import GameState
from .chains import GROUND, degrees, open_lines, other_end
from .coins import cells_given, tables_for


@dataclass(frozen=True)
class Opened:
    """A run of coins the mover can take now, starting at a coin with one string left.

    ``take`` takes its first coin; ``decline`` (when the run is the last two of a chain or the last four of a
    loop) is the line that takes nothing and leaves them to the opponent: the all-but-two / all-but-four move.
    """

    cells: tuple[int, ...]
    lines: tuple[int, ...]
    decline: int | None
    closed: bool

    @property
    def take(self) -> int:
        return self.lines[0]

    def before_decision(self) -> int | None:
        """How many coins to take before choosing between the rest and the decline (None: no choice comes)."""
        keep = 2 if self.closed else 4
        return len(self.cells) - keep if len(self.cells) >= keep else None


def opened_runs(state: GameState) -> list[Opened]:
    """Every run the mover can take now, one per run (a run open at both ends is listed once)."""
    deg = degrees(state)
    runs: list[Opened] = []
    seen: set[int] = set()
    for cell, d in enumerate(deg):
        if d != 1 or cell in seen:
            continue
        run = _follow(state, deg, cell)
        seen.update(run.cells)
        runs.append(run)
    return runs


def _follow(state: GameState, deg: list[int], cell: int) -> Opened:
    (first,) = open_lines(state, cell)
    cells, lines = [cell], [first]
    line, current = first, cell
    while True:
        nxt = other_end(state, line, current)
        if nxt == GROUND or deg[nxt] >= 3:
            decline = lines[-1] if len(cells) == 2 else None
            return Opened(tuple(cells), tuple(lines), decline, True)
        cells.append(nxt)
        if deg[nxt] == 1:  # open at both ends: a loop that was opened, or a chain opened twice
            decline = lines[1] if len(cells) == 4 else None
            return Opened(tuple(cells), tuple(lines), decline, False)
        line = next(ln for ln in open_lines(state, nxt) if ln != line)
        lines.append(line)
        current = nxt


def take_all(state: GameState) -> tuple[int, int]:
    """Play every capture there is (the mover takes everything offered); returns (cells taken, lines played)."""
    taken = played = 0
    while True:
        line = _any_capture(state)
        if line is None:
            return taken, played
        taken += len(state.play(line).captured)
        played += 1


def _any_capture(state: GameState) -> int | None:
    sides, cells = state.sides, state.board.cells
    for cell, count in enumerate(sides):
        if count == len(cells[cell]) - 1:
            for line in cells[cell]:
                if not state.drawn >> line & 1:
                    return line
    return None


def undo_many(state: GameState, count: int) -> None:
    for _ in range(count):
        state.undo()


@dataclass(frozen=True)
class Gift:
    """What a line that takes nothing gives the next player: cells they can take, and whether they may decline."""

    line: int
    cells: int
    declinable: bool


def gift(state: GameState, line: int) -> Gift:
    """What ``line`` gives the next player if they take everything offered (:func:`~.coins.cells_given`), and
    whether they may decline some of it."""
    tables = tables_for(state.board)
    cells = cells_given(tables, state.drawn, tables.degrees(state.drawn), line)
    state.play(line)
    declinable = any(run.decline is not None for run in opened_runs(state))
    state.undo()
    return Gift(line, cells, declinable)
