"""The five levels, and the one registry that names them.

A level is a generator function ``(state, rng, seconds, clock) -> MoveGenerator``: it does a bounded piece of work
between yields (yielding its best move so far, or None) and returns its move. It may play and undo on ``state``
but leaves it as found. Choices among equally good moves are drawn from ``rng`` (seeded once per game). Only the
Expert uses ``seconds`` (its time a move); the others are bounded by work, and read ``clock`` only to pause.
``docs/ai.md`` describes every level:

* :mod:`.basic`: Beginner, Easy, Medium;
* :mod:`.hard`: Hard;
* :mod:`.expert`: the Expert.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core import GameState
from ...steps import Clock
from .basic import MoveGenerator, beginner, easy, medium
from .expert import EXPERT_SECONDS, expert_move
from .hard import hard

Level = Callable[[GameState, random.Random, float, Clock], MoveGenerator]

LEVELS: dict[str, Level] = {
    "beginner": lambda state, rng, seconds, clock: beginner(state, rng),
    "easy": lambda state, rng, seconds, clock: easy(state, rng),
    "medium": lambda state, rng, seconds, clock: medium(state, rng, clock),
    "hard": lambda state, rng, seconds, clock: hard(state, rng, clock),
    "expert": lambda state, rng, seconds, clock: expert_move(state, rng, seconds, clock),
}
LEVEL_NAMES = tuple(LEVELS)  # weakest first
TIMED_LEVELS = frozenset({"expert"})  # the levels that think against the clock (given seconds a move)

__all__ = ["EXPERT_SECONDS", "LEVELS", "LEVEL_NAMES", "TIMED_LEVELS", "Level", "MoveGenerator"]
