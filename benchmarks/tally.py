"""The record of a match between the measured side and another program, and its report: one shape for every script
that plays the Expert against a program outside the project (``peers.py``: Knox; ``pypi_peers.py``: dnbpy and
OpenSpiel).

The report is a Markdown table row: wins/draws/losses of the measured side, its score (a draw counts half), the
mean margin in cells, the wall-clock seconds a line of each side with the CPU seconds in brackets, and the games
aborted (left out of the score). Both sides of these matches are limited by wall-clock time, so the machine's load
average is printed at the start and at the end (:func:`load`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    aborted: int = 0
    restarts: int = 0
    margins: list[int] = field(default_factory=list)
    measured_times: list[float] = field(default_factory=list)
    opponent_times: list[float] = field(default_factory=list)
    measured_cpu: list[float] = field(default_factory=list)
    opponent_cpu: list[float] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    first_seat: list[int] = field(default_factory=lambda: [0, 0, 0])  # the first player's wins, draws, losses
    stopped: int = 0  # games stopped early (--stop-lines), not counted as won, drawn or lost

    def add(self, margin: int, seat: int) -> None:
        """A finished game: ``margin`` for the measured side, which sat in ``seat``."""
        self.margins.append(margin)
        if margin > 0:
            self.wins += 1
        elif margin < 0:
            self.losses += 1
        else:
            self.draws += 1
        first_margin = margin if seat == 0 else -margin
        self.first_seat[0 if first_margin > 0 else 1 if first_margin == 0 else 2] += 1

    def stop(self) -> None:
        """A game stopped early (``--stop-lines``): neither won nor lost."""
        self.stopped += 1

    def timed(self, by_measured: bool, wall: float, cpu: float) -> None:
        """One line drawn: the wall-clock and CPU seconds its side took."""
        (self.measured_times if by_measured else self.opponent_times).append(wall)
        (self.measured_cpu if by_measured else self.opponent_cpu).append(cpu)

    def abort(self, game: int, why: object) -> None:
        self.aborted += 1
        self.reasons.append(f"game {game}: {why}")

    @property
    def valid(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """The measured side's share of the points, a draw counting half (0 before any valid game)."""
        return (self.wins + self.draws / 2) / self.valid if self.valid else 0.0

    def row(self, label: str, restarts: bool = True) -> str:
        margin = sum(self.margins) / self.valid if self.valid else 0.0
        return (
            f"| {label} | {self.wins}/{self.draws}/{self.losses} | {100 * self.score:.0f}% | {margin:+.1f} | "
            f"{mean(self.measured_times):.2f} ({mean(self.measured_cpu):.2f}) | "
            f"{mean(self.opponent_times):.2f} ({mean(self.opponent_cpu):.2f}) | {self.aborted} |"
            + (f" {self.restarts} |" if restarts else "")
        )


def header(measured: str, opponent: str, restarts: bool = True) -> str:
    """The two header lines of the table whose rows :meth:`Tally.row` writes."""
    names = [
        "board",
        f"{measured} W/D/L",
        "score",
        "avg margin",
        f"{measured} s/line (CPU)",
        f"{opponent} s/line (CPU)",
        "aborted",
    ] + (["restarts"] if restarts else [])
    return "| " + " | ".join(names) + " |\n|" + " --- |" * len(names)


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"
