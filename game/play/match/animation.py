"""A line being drawn on the board, then the cells it closed being filled: its timing (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Animation:
    """A line being drawn (then the cells it closed being filled), started at ``start``."""

    line: int
    cells: tuple[int, ...]
    player: int
    start: float
    line_seconds: float
    fill_seconds: float

    def line_progress(self, now: float) -> float:
        return clamp((now - self.start) / self.line_seconds)

    def fill_progress(self, now: float) -> float:
        return clamp((now - self.start - self.line_seconds) / self.fill_seconds) if self.cells else 1.0

    def done(self, now: float) -> bool:
        return now >= self.start + self.line_seconds + (self.fill_seconds if self.cells else 0.0)


def clamp(value: float) -> float:
    """``value`` held between 0 and 1 (a progress)."""
    return 0.0 if value < 0 else 1.0 if value > 1 else value
