"""Hints: the Expert's move for the player to move, with its reason (a :class:`~game.ai.reasons.Reason`)."""

from __future__ import annotations

import random

from ..core import GameState
from ..steps import WALL_CLOCK, Clock
from .levels import EXPERT_SECONDS, MoveGenerator
from .levels.expert import expert_move
from .player import Search
from .position.chains import analyse, chain_rules, safe_lines
from .position.tactics import gift, opened_runs, take_all, undo_many
from .reasons import Reason, Why


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
        yours = analysis.simple and taken + analysis.endgame_value() == before
    undo_many(state, played)
    return yours


def reason_for(state: GameState, line: int) -> Reason:
    """Why ``line`` is a good move for the player to move in ``state`` (which is left as found)."""
    if state.would_capture(line):
        return Reason(Why.WINNING if rest_is_yours(state) else Why.TAKES)
    for run in opened_runs(state):
        if run.decline == line:
            return Reason(Why.ALL_BUT_TWO if len(run.cells) == 2 else Why.ALL_BUT_FOUR)
    if state.is_safe(line):
        return Reason(Why.SAFE)
    given = gift(state, line).cells
    if safe_lines(state):
        return Reason(Why.SACRIFICE)
    least = min(gift(state, other).cells for other in state.legal_lines())
    return Reason(Why.OPENS_SHORTEST, given) if given == least else Reason(Why.SACRIFICE)


class HintSearch(Search):
    """A :class:`Search` for the Expert's move that also sets ``reason`` once it is done (None until then)."""

    def __init__(self, state: GameState, seconds: float = EXPERT_SECONDS, clock: Clock = WALL_CLOCK) -> None:
        if state.over:
            raise ValueError("the game is over: there is nothing to hint")
        position = state.copy()
        self.reason: Reason | None = None
        super().__init__(self._think(position, seconds, clock), fallback=position.legal_lines()[0], clock=clock)

    def _think(self, position: GameState, seconds: float, clock: Clock) -> MoveGenerator:
        rng = random.Random(len(position.moves))
        line = yield from expert_move(position, rng, seconds, clock)
        self.reason = reason_for(position, line)
        return line


def think_hint(state: GameState, seconds: float = EXPERT_SECONDS) -> HintSearch:
    """Start looking for a hint; step it like any :class:`Search`, then read ``best`` and ``reason``."""
    return HintSearch(state, seconds)


def hint(state: GameState, seconds: float = EXPERT_SECONDS) -> tuple[int, Reason]:
    """Synchronous hint: (line, reason)."""
    search = think_hint(state, seconds)
    search.finish()
    return search.best, search.reason or reason_for(state, search.best)
