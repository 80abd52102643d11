"""The computer-player interface: a search that works in small steps and can be asked for its move at any time."""

from __future__ import annotations

import random

from ..core import GameState
from ..steps import WALL_CLOCK, Clock, Stepper
from .levels import EXPERT_SECONDS, LEVEL_NAMES, TIMED_LEVELS, MoveGenerator
from .levels import LEVELS as _BY_NAME

LEVELS = LEVEL_NAMES  # the level names, weakest first
STEP_SECONDS = 0.004


class Search:
    """Runs a move generator a few milliseconds at a time (by ``clock``): ``best`` is its move so far."""

    def __init__(self, generator: MoveGenerator, fallback: int, clock: Clock = WALL_CLOCK) -> None:
        self._steps: Stepper[int, int] = Stepper(generator, clock)
        self.best = fallback
        self.done = False

    def step(self, budget: float = STEP_SECONDS) -> bool:
        """Work for about ``budget`` seconds; returns True once the move is final."""
        steps = self._steps
        self.done = steps.step(budget)
        if self.done:
            assert steps.value is not None
            self.best = steps.value
        elif steps.latest is not None:
            self.best = steps.latest
        return self.done

    def finish(self) -> int:
        while not self.step(1.0):
            pass
        return self.best


class ComputerPlayer:
    """A computer seat: a level and a random generator seeded once per game, so no two games are the same.

    ``seconds`` is the Expert's thinking time per move (the other levels are bounded by work, not time); ``clock``
    is where the time is read.
    """

    def __init__(
        self, level: str = "easy", seed: int | None = None, seconds: float = EXPERT_SECONDS, clock: Clock = WALL_CLOCK
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        self.level = level
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.clock = clock

    @property
    def budget(self) -> float | None:
        """The wall-time budget of one move for a level that thinks against the clock (the Expert), else None: the
        other levels are bounded by work, not time."""
        return self.seconds if self.level in TIMED_LEVELS else None

    def _moves(self, state: GameState) -> MoveGenerator:
        return _BY_NAME[self.level](state, self.rng, self.seconds, self.clock)

    def think(self, state: GameState) -> Search:
        """Start choosing a move for the player to move in ``state`` (which is copied, never changed)."""
        if state.over:
            raise ValueError("the game is over: there is no move to choose")
        position = state.copy()
        return Search(self._moves(position), fallback=position.legal_lines()[0], clock=self.clock)


def choose_move(state: GameState, level: str = "easy", seed: int | None = None, seconds: float = EXPERT_SECONDS) -> int:
    """Synchronous wrapper: the move ``level`` plays in ``state``."""
    return ComputerPlayer(level, seed, seconds).think(state).finish()
