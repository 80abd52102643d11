"""A move as the match controller applies it: the line, the seat it is drawn for, who drew it, and whether the
move timer drew it for a player who ran out of time."""

from __future__ import annotations

from dataclasses import dataclass

PERSON, COMPUTER, TIMER, LINK, PEER = "person", "computer", "timer", "link", "peer"
SOURCES = (PERSON, COMPUTER, TIMER, LINK, PEER)


@dataclass(frozen=True)
class Move:
    """``line`` drawn for ``seat``; ``source`` says who chose it (a person on this device, the computer, the move
    timer, a friend's link, an online peer); ``forced`` when the timer drew it for a player out of time."""

    line: int
    seat: int
    source: str = PERSON
    forced: bool = False

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"a move comes from one of {SOURCES}, not {self.source!r}")
