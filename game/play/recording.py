"""What a game leaves behind, without pygame: its record in the history, its unfinished form for the autosave, whether
it counts for the rating, and what may come after it (a decider after a tie, the beginners' next practice board).

:class:`Recording` is the part of :class:`~game.play.session.Session` that writes a game down; it reads the session's
state and changes none of it.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..core import GameState, Match, MoveTimer, encode
from ..core.notation import board_token, rules_token
from ..core.shapes import SHAPES
from ..storage import FinishedGame, Seat, UnfinishedGame
from .rating import is_rated
from .settings import Settings

if TYPE_CHECKING:
    from ..core import Board, Rules
    from .session import Session
    from .settings import Seat as SeatChoice

GAME, PRACTICE, DECIDER = "game", "practice", "decider"  # a practice game is neither saved nor recorded
BEGINNER_PATH = ((2, 2), (4, 4))  # rules sheet 000: beginners start on 3x3 dots, then move up to 5x5 dots


class Recording:
    """How a session is written down (the session's own state, declared here for what this part reads)."""

    settings: Settings
    purpose: str
    rng: random.Random
    board: Board
    rules: Rules
    seats: tuple[SeatChoice, ...]
    names: list[str]
    starter: int
    match: Match
    timer: MoveTimer
    moves_made: int
    link_id: str | None
    unrated: bool
    _record: FinishedGame | None

    @property
    def games(self) -> list[GameState]:
        """The match's boards (one, but for a two-board match)."""
        return self.match.games

    @property
    def current(self) -> int:
        return self.match.current

    def totals(self) -> list[int]:
        return self.match.totals()

    def winners(self) -> list[int]:
        return self.match.winners()

    def again(self, settings: Settings, first: int, purpose: str) -> Session:
        raise NotImplementedError

    resumable = True  # kept as the unfinished game that Continue resumes (an online game is not: see play/online)

    @property
    def recorded(self) -> bool:
        """False for a practice game: it is not autosaved and does not go into the history."""
        return self.purpose != PRACTICE

    def tied(self) -> bool:
        """True when every player shares the win (a drawn game or match)."""
        return len(self.winners()) == len(self.seats)

    def move_up(self) -> Settings | None:
        """After a practice game on a board of :data:`BEGINNER_PATH` that a person won (alone), the settings of a
        practice game on the next one (else None: after a loss or a draw the same board again is the advice)."""
        size = tuple(self.settings.size)
        if self.purpose != PRACTICE or self.settings.shape != "square" or size not in BEGINNER_PATH[:-1]:
            return None
        winners = self.winners()
        if len(winners) != 1 or self.seats[winners[0]].is_computer:
            return None
        return self.settings.with_(size=BEGINNER_PATH[BEGINNER_PATH.index(size) + 1])

    def decider_due(self) -> bool:
        """The game (not a decider, nor practice) ended in a tie, and the players agreed before play that a tie
        goes on to a decider."""
        over = all(game.over for game in self.games)
        return self.settings.decider and self.purpose == GAME and len(self.seats) == 2 and over and self.tied()

    def decider(self) -> Session:
        """A decider board after a tie (rules sheet 003): one board of the same shape with an odd number of cells
        (so two players cannot tie again), the same players and rules, started by the one who did not start the
        last board."""
        starter = (self.games[-1].first + 1) % len(self.seats)
        return self.again(self.decider_settings(), starter, DECIDER)

    def decider_settings(self) -> Settings:
        shape = SHAPES[self.settings.shape]
        return self.settings.with_(size=shape.decider_size(self.settings.size), match=False)

    def save_point(self) -> tuple[int, int]:
        """Changes whenever the saved game would: on every move, and every whole second of a running move timer
        (so closing the page mid-move resumes with the time that was left, not a fresh clock)."""
        seconds = math.ceil(self.timer.remaining()) if self.timer.enabled else 0
        return self.moves_made, seconds

    def to_unfinished(self) -> UnfinishedGame:
        return UnfinishedGame(
            settings=self.settings.to_data(),
            starter=self.starter,
            codes=tuple(encode(game) for game in self.games),
            current=self.current,
            timer_left=self.timer.remaining() if self.timer.enabled else None,
            purpose=self.purpose,
            link=self.link_id,
            unrated=self.unrated,
        )

    def record(self) -> FinishedGame:
        """The history's record of this finished game or match (made once: the same id every time)."""
        if self._record is None:
            self._record = self._make_record()
        return self._record

    def _record_id(self) -> str:
        """A new game's id is random (two games alike in all are two games); a game played by link is known by its
        link id and its moves, so opening its last link again cannot record it twice."""
        if self.link_id is None:
            return os.urandom(8).hex()
        moves = "|".join(encode(game) for game in self.games)
        return hashlib.sha256(f"{self.link_id}|{moves}".encode()).hexdigest()[:16]

    def _make_record(self) -> FinishedGame:
        return FinishedGame(
            id=self._record_id(),
            date=datetime.now(UTC).isoformat(timespec="seconds"),
            board=board_token(self.board),
            rules=rules_token(self.rules),
            seats=tuple(Seat(seat.kind, seat.level) for seat in self.seats),
            names=tuple(self.names),
            scores=tuple(self.totals()),
            winners=tuple(self.winners()),
            moves=tuple(encode(game) for game in self.games),
            boards=tuple(tuple(scores) for scores in self.match.board_scores()),
            decider=self.purpose == DECIDER,
            rated=self.rated(),
        )

    def rated(self) -> bool:
        """Whether this game counts for the player's rating (the rule is :func:`game.play.rating.is_rated`)."""
        seats = [(seat.kind, seat.level) for seat in self.seats]
        return is_rated(seats, self.unrated, "" if self.purpose != PRACTICE else self.purpose, self.link_id is not None)
