"""Who decides what may happen in a game: the protocol the match controller asks (:class:`Referee`); this device's
rules (:class:`~game.play.match.controller.LocalReferee`) and an online room
(:class:`~game.play.online.game.OnlineGame`) keep it. No pygame here."""

from __future__ import annotations

from typing import Protocol

from ...storage import FinishedGame, Saved
from .moves import Move


class Referee(Protocol):
    """Who decides what may happen in the game: this device (:class:`LocalReferee`) or an online room."""

    pausable: bool  # the game can wait for its people (the page hidden, the analysis board)
    resumable: bool  # kept as the unfinished game that Continue resumes
    clock_here: bool  # this device's clock times its own seats, and draws for them when their time runs out

    def tick(self, now: float) -> None:
        """Time passes (``now`` is the session's clock): what comes from elsewhere is taken in."""

    def propose(self, move: Move) -> str | None:
        """A move chosen on this device: applied (through :meth:`Session.apply`), or why not, in the player's
        words."""

    def open(self) -> bool:
        """This device may draw now."""

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def winners(self) -> list[int]: ...

    def ended(self) -> bool:
        """The game ended before its last line (a resignation)."""

    def amend(self, finished: FinishedGame) -> FinishedGame:
        """The history's record as this referee writes it."""

    def leave(self) -> None:
        """This device leaves the game."""

    def keep_with(self, saved: Saved) -> None:
        """Keep what this referee holds beside the game through ``saved`` from now on, whenever it changes (an
        online host: its room, for a reload); told once, by :class:`~game.play.match.saving.GameKeeper`."""
