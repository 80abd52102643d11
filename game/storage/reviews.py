"""The reviews' results kept per game, so a game reviewed again shows its analysis at once (a cache).

Under one key (:data:`~.keys.REVIEWS`): a list of entries, the most recently kept last, each a game's key (a digest
of its position code: the same game from the history, the results or a link has one key), the version of the
analysis that computed it (a stronger solver, or more time, computes it again), and the review's values and best
moves by position, with whether it was done. At most :data:`KEPT_GAMES` entries and :data:`KEPT_BYTES` of JSON are
kept: the oldest go first. Nothing here is the only copy of anything: an entry that cannot be read is ignored (and
dropped at the next write) and the review is computed again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .keys import REVIEWS
from .store import Store

KEPT_GAMES = 40
KEPT_BYTES = 96_000  # a 5x5 game's entry is about 500 bytes; a 10x10 one about 2 KB


def game_key(code: str) -> str:
    """The key of the game whose position code (all its moves) is ``code``."""
    return hashlib.sha256(code.encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class KeptReview:
    """A review's results: by position, its value and best move (None where not solved), and whether it was done."""

    values: list[int | None]
    best: list[int | None]
    done: bool


class ReviewCache:
    def __init__(self, store: Store) -> None:
        self.store = store

    def read(self, game: str, version: str) -> KeptReview | None:
        """The results kept for ``game`` by the analysis ``version``; None when there are none (or none usable)."""
        for entry in reversed(self._entries()):
            if entry.get("game") == game and entry.get("version") == version:
                return _review(entry)
        return None

    def read_like(self, game: str, meaning: str) -> KeptReview | None:
        """The results kept for ``game`` by any analysis whose version starts with ``meaning`` (the same results
        found by another solver); None when there are none."""
        for entry in reversed(self._entries()):
            if entry.get("game") == game and str(entry.get("version", "")).startswith(meaning):
                return _review(entry)
        return None

    def keep(self, game: str, version: str, review: KeptReview) -> bool:
        """Keep ``review`` for ``game`` (replacing what was kept for it), the oldest entries dropped past the
        bounds; False when it could not be written (nothing is lost: the review can be computed again)."""
        entry = {
            "game": game,
            "version": version,
            "values": list(review.values),
            "best": list(review.best),
            "done": review.done,
        }
        entries = [e for e in self._entries() if e.get("game") != game and _review(e) is not None] + [entry]
        entries = entries[-KEPT_GAMES:]
        while len(entries) > 1 and len(json.dumps(entries)) > KEPT_BYTES:
            entries.pop(0)
        return self.store.put(REVIEWS, {"games": entries})

    def _entries(self) -> list[dict[str, Any]]:
        value = self.store.get(REVIEWS)
        games = value.get("games") if isinstance(value, dict) else None
        return [entry for entry in games if isinstance(entry, dict)] if isinstance(games, list) else []


def _review(entry: dict[str, Any]) -> KeptReview | None:
    """The results in ``entry``, or None when they are not well formed (the review checks they fit its game)."""
    values, best, done = entry.get("values"), entry.get("best"), entry.get("done")
    if not isinstance(values, list) or not isinstance(best, list) or not isinstance(done, bool):
        return None
    if not all(_whole_or_none(v) for v in values) or not all(_whole_or_none(b) for b in best):
        return None
    if not isinstance(entry.get("game"), str) or not isinstance(entry.get("version"), str):
        return None
    return KeptReview(values, best, done)


def _whole_or_none(value: Any) -> bool:
    return value is None or type(value) is int
