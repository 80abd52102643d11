"""A computer's move and a player's hint, each searched a few milliseconds a frame (no pygame).

:class:`Thinking` holds what is being searched and since when; the session asks it for a step each frame and plays
the line it hands back. A computer with a time budget per move (:attr:`ComputerPlayer.budget`) has its best line so
far played once that budget has passed in wall time, as the player waits.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .. import ai
from ..core import GameState

BUDGET_MARGIN_SECONDS = 0.1  # a computer's move is played this much before its time is up (a frame or two to show)
HINT_MIN_SECONDS = 0.2
HINT_MAX_SECONDS = 0.45


def hint_seconds(lines: int) -> float:
    """The hint search's time on a board of ``lines`` lines: small boards are solved exactly well within it, big
    ones get the most; with the frame's idle time given to it, the hint shows within about half a second."""
    return min(HINT_MAX_SECONDS, HINT_MIN_SECONDS + lines / 400)


class Thinking:
    def __init__(self, players: list[ai.ComputerPlayer | None], wall: Callable[[], float] = time.perf_counter):
        self.players = players  # by seat: the computer player, or None for a person
        self.wall = wall  # the player's clock, for a computer's time budget
        self.search: ai.Search | None = None
        self.started = 0.0  # the session's clock when the search began
        self.started_wall = 0.0
        self.hint_search: ai.HintSearch | None = None
        self.hint: tuple[int, ai.Reason | None] | None = None

    def forget(self) -> None:
        """A line was drawn or taken back: what was being searched, and the hint shown, are for another position."""
        self.search = None
        self.forget_hint()

    def forget_hint(self) -> None:
        self.hint = None
        self.hint_search = None

    # -- the computer to move ---------------------------------------------------------------------------------
    def step_computer(self, state: GameState, now: float, wait: float, step_seconds: float) -> int | None:
        """Search a step for the computer to move; its line once the search is final and ``wait`` seconds (the
        pace of play) have passed since it began, or once its time budget has run out. None while it thinks."""
        if self.search is None:
            player = self.players[state.to_move]
            assert player is not None, "a computer seat has a computer player"
            self.search = player.think(state)
            self.started = now
            self.started_wall = self.wall()
        done = self.search.step(step_seconds)
        if (done and now - self.started >= wait) or self.past_budget(state.to_move):
            return self.search.best
        return None

    def past_budget(self, seat: int) -> bool:
        """True when a computer with a time budget has thought for longer than it, in wall time: its search keeps to
        the budget by itself, except in parts bounded by work, which in the browser can run several times longer."""
        player = self.players[seat]
        budget = getattr(player, "budget", None)  # (None for a person, and for a level bounded by work)
        return budget is not None and self.wall() - self.started_wall >= budget - BUDGET_MARGIN_SECONDS

    # -- a hint -----------------------------------------------------------------------------------------------
    def ask_hint(self, state: GameState) -> bool:
        """Start looking for a hint in ``state``; False when one is already being looked for."""
        if self.hint_search is not None:
            return False
        self.hint = None
        self.hint_search = ai.think_hint(state, hint_seconds(state.board.num_lines))
        return True

    def step_hint(self, step_seconds: float) -> None:
        search = self.hint_search
        if search is not None and search.step(step_seconds):
            self.hint = (search.best, search.reason)
            self.hint_search = None
