"""Hints: the Expert's move for the player to move, with a short reason in the game's vocabulary."""

from __future__ import annotations

import random

from ..core import GameState
from .levels import EXPERT_SECONDS, MoveGenerator
from .levels.expert import expert_move
from .player import Search
from .position.chains import analyse, chain_rules, endgame_value, safe_lines
from .position.tactics import gift, opened_runs, take_all, undo_many

TAKES = "takes the box"
SAFE = "safe line"
ALL_BUT_TWO = "take all but two: keeps control"
ALL_BUT_FOUR = "take all but four: keeps control"
SACRIFICE = "sacrifice to win control"
WINNING = "you are winning: the rest is yours with correct play"


def opens_shortest(cells: int) -> str:
    return f"opens the shortest chain (gives {cells})"


def rest_is_yours(state: GameState) -> bool:
    """True when the mover, taking what is offered, gets every remaining cell with correct play."""
    if not chain_rules(state):
        return False
    before = sum(1 for owner in state.owner if owner < 0)
    taken, played = take_all(state)
    if state.over:
        yours = taken == before
    else:
        analysis = analyse(state)
        yours = analysis.simple and taken + endgame_value(*analysis.sizes()) == before
    undo_many(state, played)
    return yours


def reason_for(state: GameState, line: int) -> str:
    """Why ``line`` is a good move for the player to move in ``state`` (which is left as found)."""
    if state.would_capture(line):
        return WINNING if rest_is_yours(state) else TAKES
    for run in opened_runs(state):
        if run.decline == line:
            return ALL_BUT_TWO if len(run.cells) == 2 else ALL_BUT_FOUR
    if state.is_safe(line):
        return SAFE
    given = gift(state, line).cells
    if safe_lines(state):
        return SACRIFICE
    least = min(gift(state, other).cells for other in state.legal_lines())
    return opens_shortest(given) if given == least else SACRIFICE


class HintSearch(Search):
    """A :class:`Search` for the Expert's move that also sets ``reason`` once it is done."""

    def __init__(self, state: GameState, seconds: float = EXPERT_SECONDS) -> None:
        if state.over:
            raise ValueError("the game is over: there is nothing to hint")
        position = state.copy()
        self.reason = ""
        super().__init__(self._think(position, seconds), fallback=position.legal_lines()[0])

    def _think(self, position: GameState, seconds: float) -> MoveGenerator:
        rng = random.Random(len(position.moves))
        line = yield from expert_move(position, rng, seconds)
        self.reason = reason_for(position, line)
        return line


def think_hint(state: GameState, seconds: float = EXPERT_SECONDS) -> HintSearch:
    """Start looking for a hint; step it like any :class:`Search`, then read ``best`` and ``reason``."""
    return HintSearch(state, seconds)


def hint(state: GameState, seconds: float = EXPERT_SECONDS) -> tuple[int, str]:
    """Synchronous hint: (line, reason)."""
    search = think_hint(state, seconds)
    search.finish()
    return search.best, search.reason
