"""Strings-and-coins analysis of a position, for any board shape.

Cells are coins, undrawn lines are strings, a border line ties its coin to the ground. A coin's *degree* is its
number of undrawn lines. Coins of degree 2 link up into **chains** (paths, each end tied to the ground or to a
coin of degree 3 or more, a *joint*) and **loops** (cycles). A chain of 3 or more coins is *long*.

The endgame value (:meth:`Analysis.endgame_value`, by :func:`~.coins.simple_value`) is exact for a *simple*
position: no safe line, nothing to take, every coin of degree 2 (only chains ending on the ground, and loops). The
long-chain rule (:func:`mover_gets_control`) and the fully controlled value (:func:`controlled_value`) are the rules
of thumb the middle game fights over.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import GameState
from .coins import GROUND, simple_value, strings, tables_for


@dataclass(frozen=True)
class Component:
    """A chain or a loop: its coins in order along it and its undrawn lines (a chain's ends included)."""

    kind: str
    cells: tuple[int, ...]
    lines: tuple[int, ...]
    ends: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def is_long(self) -> bool:
        return self.kind == "chain" and self.size >= 3


@dataclass(frozen=True)
class Analysis:
    """Everything the levels and hints read from a position."""

    captures: tuple[int, ...]
    safe: tuple[int, ...]
    chains: tuple[Component, ...]
    loops: tuple[Component, ...]
    joints: tuple[int, ...]
    cells_left: int
    lines_left: int

    @property
    def long_chains(self) -> int:
        return sum(1 for c in self.chains if c.is_long)

    @property
    def simple(self) -> bool:
        """Only chains ending on the ground and loops remain, and nothing is safe or ready to take."""
        return not (self.captures or self.safe or self.joints) and all(
            GROUND == a == b for a, b in (c.ends for c in self.chains)
        )

    def sizes(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Sorted chain sizes and loop sizes."""
        return tuple(sorted(c.size for c in self.chains)), tuple(sorted(c.size for c in self.loops))

    def endgame_value(self) -> int:
        """The value of the chains and loops for the player who must open one (:func:`~.coins.simple_value`):
        exact when the position is :attr:`simple`; joints are ignored."""
        return simple_value(*self.sizes())


def degrees(state: GameState) -> list[int]:
    """Undrawn lines around each cell (0 once it is taken)."""
    cells = state.board.cells
    return [len(cells[c]) - state.sides[c] for c in range(len(cells))]


def other_end(state: GameState, line: int, cell: int) -> int:
    """The coin at the other end of ``line`` seen from ``cell``, or GROUND."""
    for other in state.board.line_cells[line]:
        if other != cell:
            return other
    return GROUND


def open_lines(state: GameState, cell: int) -> list[int]:
    return [line for line in state.board.cells[cell] if not state.drawn >> line & 1]


def analyse(state: GameState) -> Analysis:
    """Split the position into chains, loops and joints, and list the safe and capturing lines."""
    deg = degrees(state)
    legal = state.legal_lines()
    captures = tuple(line for line in legal if state.would_capture(line))
    safe = tuple(safe_lines(state))
    chains, loops = _components(state, deg)
    joints = tuple(c for c, d in enumerate(deg) if d >= 3)
    cells_left = sum(1 for d in deg if d > 0)
    return Analysis(captures, safe, tuple(chains), tuple(loops), joints, cells_left, len(legal))


def _components(state: GameState, deg: list[int]) -> tuple[list[Component], list[Component]]:
    """The chains and loops, from the one walk over them (:func:`~.coins.strings`)."""
    chains, loops = strings(tables_for(state.board), state.drawn, deg)
    return (
        [Component("chain", coins, lines, ends) for coins, lines, ends in chains],
        [Component("loop", coins, lines) for coins, lines, _ in loops],
    )


# -- the endgame ---------------------------------------------------------------------------------------------
def controlled_value(analysis: Analysis) -> int:
    """Cells minus 4 a long chain and 8 a loop, plus 4 (8 if only loops): what full control is worth."""
    chains = sum(1 for c in analysis.chains if c.is_long)
    loops = len(analysis.loops)
    bonus = 8 if loops and not chains else 4
    return analysis.cells_left - 4 * chains - 8 * loops + bonus


def mover_gets_control(state: GameState, long_chains: int) -> bool:
    """The long-chain rule, for the player to move, if the game ends with ``long_chains`` long chains.

    The player in control makes the last move. Every line that closes nothing passes the turn; with L lines and
    C cells left and D double-crosses to come (one per long chain but the last), L - C + D turns pass, so the
    mover makes the last move when that is even.
    """
    crosses = max(long_chains - 1, 0)
    return (state.lines_left - _cells_left(state) + crosses) % 2 == 0


def _cells_left(state: GameState) -> int:
    return sum(1 for owner in state.owner if owner < 0)


def chain_rules(state: GameState) -> bool:
    """True when chain theory applies: two players, normal scoring, an extra move after a capture that may be
    declined."""
    rules = state.rules
    return rules.players == 2 and rules.normal_play


def safe_lines(state: GameState) -> list[int]:
    """The lines that take nothing and give no cell its last-but-one side."""
    return [line for line in state.legal_lines() if state.is_safe(line) and not state.would_capture(line)]
