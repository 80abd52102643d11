"""Who plays a seat, plugged into the match controller: a person on this device, the computer, a friend far away
who plays by link, an online peer (:class:`game.play.online.game.OnlinePeer`).

A driver says whether its seat is played on this device (``here``: its lines are chosen here, and this device's
clock times them) and, asked each frame while its seat is to move, hands over the line it chose once it has chosen
one. A person's lines come from their taps instead (:meth:`Session.play_human`), a friend's from their link, a
peer's from the room that referees it: their drivers never choose.
"""

from __future__ import annotations

from typing import Protocol

from ...core import GameState
from ..thinking import Thinking
from .moves import COMPUTER, LINK, PERSON


class SeatDriver(Protocol):
    here: bool  # the seat is played on this device
    source: str  # where its moves come from (game.play.match.moves)

    def step(self, state: GameState, now: float, wait: float, step_seconds: float) -> int | None:
        """The line chosen for the seat to move once it is chosen (``wait`` seconds at least, for the pace of
        play), else None."""
        ...


class Person:
    """A person on this device: lines come from their taps."""

    here = True
    source = PERSON

    def step(self, state: GameState, now: float, wait: float, step_seconds: float) -> int | None:
        return None


class Computer:
    """The computer, searching a few milliseconds a frame in the game's one search slot (:class:`Thinking`)."""

    here = True
    source = COMPUTER

    def __init__(self, thinking: Thinking) -> None:
        self.thinking = thinking

    def step(self, state: GameState, now: float, wait: float, step_seconds: float) -> int | None:
        return self.thinking.step_computer(state, now, wait, step_seconds)


class LinkFriend:
    """A friend far away, playing by link: their lines come in the link they send (a new session opened from it)."""

    here = False
    source = LINK

    def step(self, state: GameState, now: float, wait: float, step_seconds: float) -> int | None:
        return None
