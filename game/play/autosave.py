"""The game in play kept on the device: the unfinished game saved whenever it changes, the finished one recorded.

A practice game (``Session.recorded`` False) leaves the saved unfinished game and the history alone.
"""

from __future__ import annotations

from ..storage import Saved
from .session import Session


class Autosave:
    """Keeps ``saved`` in step with ``session``: :meth:`keep` saves the unfinished game when it changed since it was
    last saved (a move, an undo, a new board), :meth:`save` saves it now, :meth:`finish` records the finished game."""

    def __init__(self, session: Session, saved: Saved) -> None:
        self.session = session
        self.saved = saved
        self.saved_at: tuple[int, int] | None = None

    def save(self) -> None:
        self.saved_at = self.session.save_point()
        if self.session.recorded and self.session.resumable:
            self.saved.save_unfinished(self.session.to_unfinished())

    def keep(self) -> None:
        if self.session.save_point() != self.saved_at:
            self.save()

    def finish(self) -> None:
        """The game is over: into the history (unless nobody played it: see :meth:`Session.unplayed`), and no
        unfinished game left to resume."""
        if self.session.recorded and not self.session.unplayed():
            self.saved.add_game(self.session.record())  # (merged by the next reading: results, History)
        if self.session.recorded and self.session.resumable:
            self.saved.clear_unfinished()
