"""One way to keep things saved: when they changed since the last save that worked.

:class:`KeepWhenChanged` is the mechanism: it remembers the point (a value that moves whenever what is saved would)
of the last save that worked, and saves again only when the point moved. It keeps the game in play
(:class:`GameKeeper`, a listener on the match controller's events, wired once by the app), the room an online host
keeps across a reload (:class:`game.play.online.kept.Keeper`) and a review's results
(:class:`game.play.kept_review.ReviewKeeper`). No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from ...storage import Saved
from .controller import Session
from .events import Changed, Event, Finished
from .record import save_point, unfinished_game


class KeepWhenChanged:
    """Saves when the point moved since the last save that worked (``kept``: the point already saved, if any)."""

    def __init__(self, kept: object = None) -> None:
        self.kept = kept

    def keep(self, point: object, save: Callable[[], object]) -> None:
        """Run ``save`` if ``point`` (None: nothing worth saving) differs from the last one saved; a ``save`` that
        returns False did not work, and is tried again at the next call."""
        if point is None or point == self.kept:
            return
        if save() is not False:
            self.kept = point


class GameKeeper:
    """Keeps ``session`` on the device through ``saved``: the unfinished game whenever it changed (a move, an undo,
    a new board, a second of the move timer, a link sent, leaving it), the finished one as the controller decided
    (:class:`~game.play.match.events.Finished`). A practice game and an online game are not kept to resume; what
    the referee keeps beside the game (an online host's room, :class:`game.play.online.kept.Keeper`) it keeps
    through ``saved`` once told to here."""

    def __init__(self, session: Session, saved: Saved) -> None:
        self.session = session
        self.saved = saved
        self.keeping = KeepWhenChanged()
        session.outbox.listen(self.hear)
        session.referee.keep_with(saved)
        self.hear(Changed())

    @staticmethod
    def watch(session: Session, saved: Saved) -> None:
        """Keep ``session`` saved from now on (once: a session already kept is left as it is)."""
        if not any(
            isinstance(getattr(listener, "__self__", None), GameKeeper) for listener in session.outbox.listeners
        ):
            GameKeeper(session, saved)

    def hear(self, event: Event) -> None:
        if isinstance(event, Changed) and not self.session.finished:
            self.keeping.keep(save_point(self.session), self._save_unfinished)
        elif isinstance(event, Finished):
            if event.record is not None:
                self.saved.add_game(event.record)  # (merged by the next reading: results, History)
            if event.clear:
                self.saved.clear_unfinished()

    def _save_unfinished(self) -> None:
        session = self.session
        if session.recorded and session.resumable:
            self.saved.save_unfinished(unfinished_game(session))
