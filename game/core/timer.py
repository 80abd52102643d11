"""The move timer as pure logic: the caller passes the clock value in, and owns the random generator."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import GameState, MoveResult, RulesError

TIMER_CHOICES = (0, 10, 15, 30)


@dataclass
class MoveTimer:
    """A fixed time per move; it restarts on every move, extra moves included.

    ``seconds == 0`` means no timer. Call :meth:`restart` whenever a line is drawn and :meth:`tick` every
    frame; on expiry ``tick`` draws a random legal line for the player to move and restarts the clock.
    """

    seconds: float
    started: float = 0.0

    def __post_init__(self) -> None:
        if self.seconds < 0:
            raise RulesError(f"a move timer cannot be negative ({self.seconds} s)")

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    def restart(self, now: float) -> None:
        self.started = now

    def remaining(self, now: float) -> float:
        return max(0.0, self.seconds - (now - self.started)) if self.enabled else float("inf")

    def fraction_left(self, now: float) -> float:
        return self.remaining(now) / self.seconds if self.enabled else 1.0

    def expired(self, now: float) -> bool:
        return self.enabled and now - self.started >= self.seconds

    def tick(self, state: GameState, now: float, rng: random.Random) -> MoveResult | None:
        if state.over or not self.expired(now):
            return None
        result = state.play_random(rng)
        self.restart(now)
        return result
