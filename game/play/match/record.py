"""What a game leaves behind, as functions of a snapshot of it (no pygame): its unfinished form for the device to
resume, its record in the history, whether it counts for the rating, and the point that changes whenever what is
saved of it would.

They read a played game through :class:`Played` (the match controller, :class:`game.play.match.Session`, is one)
and change nothing.
"""

from __future__ import annotations

import hashlib
import math
import os
from datetime import UTC, datetime
from typing import Protocol

from ...core import Board, GameState, Match, MoveTimer, Rules, encode
from ...core.notation import board_token, rules_token
from ...storage import FinishedGame, Seat, UnfinishedGame
from ..rating import is_rated
from ..settings import Seat as SeatChoice
from ..settings import Settings

GAME, PRACTICE, DECIDER = "game", "practice", "decider"  # a practice game is neither saved nor recorded


class Played(Protocol):
    """What these functions read of a game in play."""

    settings: Settings
    purpose: str
    board: Board
    rules: Rules
    seats: tuple[SeatChoice, ...]
    names: list[str]
    starter: int
    match: Match
    timer: MoveTimer
    changes: int
    link_id: str | None
    unrated: bool

    @property
    def games(self) -> list[GameState]: ...

    def winners(self) -> list[int]: ...


def save_point(game: Played) -> tuple[int, int]:
    """Changes whenever the saved game would: on every change (a move, an undo, a new board, a link sent), and
    every whole second of a running move timer (so closing the page mid-move resumes with the time that was left,
    not a fresh clock)."""
    seconds = math.ceil(game.timer.remaining()) if game.timer.enabled else 0
    return game.changes, seconds


def unfinished_game(game: Played) -> UnfinishedGame:
    """The game as the device keeps it to resume."""
    return UnfinishedGame(
        settings=game.settings.to_data(),
        starter=game.starter,
        codes=tuple(encode(state) for state in game.games),
        current=game.match.current,
        timer_left=game.timer.remaining() if game.timer.enabled else None,
        purpose=game.purpose,
        link=game.link_id,
        unrated=game.unrated,
    )


def finished_record(game: Played) -> FinishedGame:
    """The history's record of this finished game or match (a new id each call: keep the one made)."""
    return FinishedGame(
        id=record_id(game),
        date=datetime.now(UTC).isoformat(timespec="seconds"),
        board=board_token(game.board),
        rules=rules_token(game.rules),
        seats=tuple(Seat(seat.kind, seat.level) for seat in game.seats),
        names=tuple(game.names),
        scores=tuple(game.match.totals()),
        winners=tuple(game.winners()),
        moves=tuple(encode(state) for state in game.games),
        boards=tuple(tuple(scores) for scores in game.match.board_scores()),
        decider=game.purpose == DECIDER,
        rated=rated(game),
    )


def record_id(game: Played) -> str:
    """A new game's id is random (two games alike in all are two games); a game played by link is known by its link
    id and its moves, so opening its last link again cannot record it twice."""
    if game.link_id is None:
        return os.urandom(8).hex()
    moves = "|".join(encode(state) for state in game.games)
    return hashlib.sha256(f"{game.link_id}|{moves}".encode()).hexdigest()[:16]


def rated(game: Played) -> bool:
    """Whether this game counts for the player's rating (the rule is :func:`game.play.rating.is_rated`)."""
    seats = [(seat.kind, seat.level) for seat in game.seats]
    return is_rated(seats, game.unrated, "" if game.purpose != PRACTICE else game.purpose, game.link_id is not None)


def score_curves(game: GameState) -> list[list[int]]:
    """Each player's score after every move (starting at 0), for the results chart."""
    replay = GameState(game.board, game.rules, game.first)
    curves = [[0] for _ in replay.scores]
    for line in game.moves:
        replay.play(line)
        for player, score in enumerate(replay.scores):
            curves[player].append(score)
    return curves
