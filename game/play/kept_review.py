"""A game's review taken back from what was kept for it, and kept again as it grows (no pygame).

The review screen's analysis (:class:`game.ai.review.Review`) is kept per game by :mod:`game.storage.reviews`,
keyed by the game's id (a digest of its position code) and the analysis version (:func:`~game.ai.review.
results_version`: the time per position and the solver), so the game reviewed again shows what was found at once
and goes on from there; results that do not fit the game are ignored and it is analysed again. Results found by
another solver are taken too (solved values are exact whoever solved them), and the positions they gave up on are
searched again: in the browser the solver is the compiled core once its Worker is ready and Python before, so a
review reopened while the Worker starts (or whose first opening was before it was ready) keeps its results.

Not a listener on the match controller's events, as the game's keeper is (:class:`~.match.saving.GameKeeper`): a
review makes no move and has no controller; what is kept is the analysis's own cache, never a game to resume, and it
changes as the analysis is stepped, so :class:`ReviewKeeper` is that analysis stepped (the same
:class:`~.match.saving.KeepWhenChanged` keeps it).
"""

from __future__ import annotations

from ..ai.review import Review, results_meaning, results_version
from ..core import GameState, encode
from ..storage.reviews import KeptReview, ReviewCache, game_key
from .match.saving import KeepWhenChanged


class ReviewKeeper:
    """Takes ``review`` (of ``game``, ``seconds`` a position) back from ``cache`` (``Saved.reviews``) at once
    (``restored``), steps it, and writes it again when it found more (:meth:`keep`: once it is done, and when it is
    suspended)."""

    def __init__(self, cache: ReviewCache, game: GameState, review: Review, seconds: float) -> None:
        self.cache = cache
        self.review = review
        self.key = (game_key(encode(game)), results_version(game, seconds))
        kept = self.cache.read(*self.key)
        if kept is None:  # found by another solver (in the browser, before the compiled core's Worker was ready)
            kept = self.cache.read_like(self.key[0], results_meaning(seconds))
            kept = None if kept is None else KeptReview(kept.values, kept.best, False)  # (its give-ups: tried again)
        self.restored = kept is not None and review.restore(kept.values, kept.best, kept.done)
        self.keeping = KeepWhenChanged(self.results() if self.restored else None)
        self._wanted = game.rules.players == 2 and bool(game.moves)

    def results(self) -> KeptReview:
        review = self.review
        return KeptReview(list(review.values), list(review.best), review.done)

    def step(self, seconds: float) -> bool:
        """A step of the review's analysis (about ``seconds`` long); True once every position is solved or given up
        (as :meth:`Review.step`), and then its results are kept."""
        done = self.review.step(seconds)
        if done:
            self.keep()
        return done

    def suspend(self) -> None:
        """The review stops where it is (its screen goes): what it found is kept, for the next review to start from."""
        self.review.suspend()
        self.keep()

    def keep(self) -> None:
        """Keep what the review has found, if that is something and more than what is kept."""
        results = self.results()
        worth = self._wanted and (results.done or any(value is not None for value in results.values[:-1]))
        self.keeping.keep(results if worth else None, lambda: self.cache.keep(*self.key, results))
