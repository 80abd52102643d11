"""The move timer as pure logic: the caller runs it with the time that passed, and owns the random generator."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import GameState, RulesError

TIMER_CHOICES = (0, 10, 15, 30)


@dataclass
class MoveTimer:
    """A fixed time per move; it restarts on every move, extra moves included.

    ``seconds == 0`` means no timer. The clock counts only the time it is given by :meth:`run`, so the caller
    pauses it by not running it (while a line is being drawn, while the game is off screen), and keeps it across
    leaving and resuming by saving :meth:`remaining` and giving it back to :meth:`set_remaining`. When it runs
    out, :meth:`random_line` is the line drawn for the player to move, whoever that is, person or computer.
    """

    seconds: float
    used: float = 0.0

    def __post_init__(self) -> None:
        if self.seconds < 0:
            raise RulesError(f"a move timer cannot be negative ({self.seconds} s)")

    @property
    def enabled(self) -> bool:
        return self.seconds > 0

    def restart(self) -> None:
        self.used = 0.0

    def run(self, dt: float) -> None:
        """Let ``dt`` seconds of the mover's time pass."""
        if self.enabled and dt > 0:
            self.used = min(self.seconds, self.used + dt)

    def remaining(self) -> float:
        return self.seconds - self.used if self.enabled else float("inf")

    def set_remaining(self, seconds: float) -> None:
        """Resume with ``seconds`` left (kept within 0 and the full time)."""
        self.used = self.seconds - min(max(seconds, 0.0), self.seconds)

    def fraction_left(self) -> float:
        return self.remaining() / self.seconds if self.enabled else 1.0

    def expired(self) -> bool:
        return self.enabled and self.used >= self.seconds

    def random_line(self, state: GameState, rng: random.Random) -> int | None:
        """The random legal line drawn for the player to move once the time is up; None while time is left."""
        if state.over or not self.expired():
            return None
        return rng.choice(state.legal_lines())
