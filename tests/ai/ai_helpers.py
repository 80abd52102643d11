"""Shared test helpers: boards with every line drawn but a few, the textbook 3x3 positions, running a search."""

from __future__ import annotations

from collections.abc import Iterable

from game.core import Board, GameState, Rules, parse_line
from game.steps import run

CHAINS_3_AND_6 = ["v 0 0", "v 0 1", "v 0 2", "v 0 3", "v 1 0", "v 1 1", "v 1 2", "h 2 2", "v 2 2", "v 2 1", "v 2 0"]
LOOP_4_CHAIN_5 = ["h 1 0", "h 1 1", "v 0 1", "v 1 1", "v 0 3", "h 1 2", "h 2 2", "v 2 2", "v 2 1", "v 2 0"]
CHAINS_2_3_4 = ["v 0 0", "v 0 1", "h 0 1", "h 0 2", "h 1 2", "h 2 2", "h 3 2", "v 1 0", "v 1 1", "h 2 1", "v 2 1"]
CHAINS_2_3_4 += ["v 2 0"]


def all_drawn_but(board: Board, undrawn: Iterable[str], then: Iterable[str] = ()) -> GameState:
    """A state on ``board`` with every line drawn except ``undrawn``, then the lines ``then`` played in order."""
    keep = {parse_line(board, name) for name in undrawn}
    state = GameState(board)
    for line in range(board.num_lines):
        if line not in keep:
            state.play(line)
    for name in then:
        state.play(parse_line(board, name))
    return state


def position(undrawn: Iterable[str], then: Iterable[str] = ()) -> GameState:
    """A 3x3-box position with every line drawn except ``undrawn``, then the lines ``then`` played in order."""
    return all_drawn_but(Board.square(3), undrawn, then)


def line(name: str) -> int:
    """The index of the line called ``name`` on the 3x3-box board."""
    return parse_line(Board.square(3), name)


class TickingClock:
    """A fake clock to pass where a search takes one (``clock=``, :mod:`game.steps`): every look at it finds
    ``step`` seconds passed, so the search's pauses follow its work, not the machine's speed."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


run_to_end = run  # runs a stepped search to its end and returns its result (the game's one driver)


# final_margin's values, per board and rules, kept across calls and tests: they depend only on the board, the rules
# and the lines drawn, never on the AI. A mutation run forks every mutant's run from a process that has run the suite
# once, so there each value is worked out once instead of once per mutant.
_TABLES: dict[tuple[Board, Rules], dict[int, int]] = {}


def final_margin(state: GameState, player: int) -> int:
    """``player``'s final lead in cells (two players; in misère the other's lead, fewest wins) when both play
    perfectly from ``state``: plain minimax over every line with a table on the drawn lines, independent of any of
    the AI's searches."""
    sign = -1 if state.rules.misere else 1
    future = _minimax(state, _TABLES.setdefault((state.board, state.rules), {}), sign)
    lead = sign * (state.scores[player] - state.scores[1 - player])
    return lead + (future if state.to_move == player else -future)


def _minimax(state: GameState, table: dict[int, int], sign: int) -> int:
    """The mover's best (own - opponent's cells, times ``sign``) over the cells still to be taken."""
    if state.over:
        return 0
    known = table.get(state.drawn)
    if known is not None:
        return known
    best = None
    for move in state.legal_lines():
        mover = state.to_move
        gained = sign * len(state.play(move).captured)
        rest = _minimax(state, table, sign)
        value = gained + (rest if state.to_move == mover else -rest)
        state.undo()
        best = value if best is None else max(best, value)
    assert best is not None
    table[state.drawn] = best
    return best
