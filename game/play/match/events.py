"""What a match controller tells the world, as typed events in one outbox: words shown for a moment (and read
out), words only read out (each move told for a screen reader), a sound, a change worth saving, the end.

The scene takes the outbox each frame (:meth:`Outbox.take`); listeners (the game kept saved: see
:mod:`game.play.match.saving`) hear every event as it is put.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...storage import FinishedGame


@dataclass(frozen=True)
class Shown:
    """Words shown in the status line for a moment and read out (a time-out, a refusal, the friend's news)."""

    text: str


@dataclass(frozen=True)
class Said:
    """Words for the screen reader only (each move told)."""

    text: str


@dataclass(frozen=True)
class Sound:
    name: str  # line, capture, undo, board, win


@dataclass(frozen=True)
class Changed:
    """What is saved of the game changed (a move, an undo, a new board, a second of the move timer, a link sent)."""


@dataclass(frozen=True)
class Finished:
    """The game (or match) is over. ``record`` is what goes into the history, None when it is not recorded (a
    practice game, a game nobody played); ``clear`` when no unfinished game is left to resume."""

    record: FinishedGame | None
    clear: bool


Event = Shown | Said | Sound | Changed | Finished
Listener = Callable[[Event], None]


class Outbox:
    """The controller's events, kept until the scene takes them; each one is given to every listener as it comes."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.listeners: list[Listener] = []

    def put(self, event: Event) -> None:
        self.events.append(event)
        for listener in self.listeners:
            listener(event)

    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def take(self) -> list[Event]:
        out, self.events = self.events, []
        return out

    def clear(self) -> None:
        self.events.clear()

    # -- reading what is waiting (the tests, and the results screen's news) -------------------------------------------
    def sounds(self) -> list[str]:
        return [event.name for event in self.events if isinstance(event, Sound)]

    def shown(self) -> list[str]:
        return [event.text for event in self.events if isinstance(event, Shown)]

    def said(self) -> list[str]:
        return [event.text for event in self.events if isinstance(event, Said)]
