"""The Expert in a browser page, as a player meets it: the page's entry for ``browser_expert.py`` (run by the
browser harness through ``app_pages.js``; ``benchmarks/peers.py --browser`` plays it against Knox).

The page runs the app itself (:class:`~game.app.app.App` and its loop, started in the browser as ``main.py`` starts
it, so the compiled core's Web Worker is started as in the game) with a board scene on a game between a person
(the opponent, whose lines are handed in) and the Expert. The Expert thinks exactly as in the game: the session's
:class:`~game.play.thinking.Thinking` runs ``ComputerPlayer("expert").think(state)`` a step a frame (the app's
step budget, frames drawn), exact searches go to the Worker, and its line is played once found or once its budget
has passed. The game's "fast" pace of play is used: lines are drawn quickly and a move found at once is shown after a
short pause, as in the game.

``expert.new_game(rows, cols, seat, seed, seconds)`` starts a game (``seat``: the Expert's, 0 moving first;
``seed``: the game's random generator; ``seconds``: the Expert's budget a move); ``await expert.reply(moves)``
hands in the opponent's lines among ``moves`` (every line so far, in order) and answers the Expert's next line as
JSON: ``[line, seconds]``, where ``seconds`` runs from when its turn came (the line before it drawn on the page).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from game.ai.wasm import browser as core_in_worker
from game.app.app import App
from game.app.scenes.board import BoardScene
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.storage import MemoryStore

WAIT_SECONDS = 120.0  # the most a reply may take (the Expert keeps to its budget; this catches a stuck page)
WATCH_SECONDS = 0.005  # how often the lines drawn are looked at


class ExpertPage:
    """The game shown in the page, and when each of its lines was drawn (page's wall clock)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.session: Session | None = None
        self.seat = 0
        self.drawn_at: list[float] = []
        self.started = 0.0

    def new_game(self, rows: int, cols: int, seat: int, seed: int, seconds: float) -> str:
        people = [Seat("human"), Seat("human")]
        people[seat] = Seat("computer", "expert")
        settings = Settings(size=(rows, cols), seats=tuple(people), sound=False, animation="fast")
        self.session = Session(settings, random.Random(seed), first=0)
        player = self.session.players[seat]
        assert player is not None
        player.seconds = seconds
        self.seat = seat
        self.app.manager.reset(BoardScene(self.app, self.session))
        self.started = time.perf_counter()
        self.drawn_at = []
        return json.dumps({"worker": core_in_worker.connected(), "lines": self.session.board.num_lines})

    def _moves(self) -> list[int]:
        """The lines drawn so far, noting when each new one was first seen."""
        if self.session is None:
            return []
        moves = list(self.session.state.moves)
        while len(self.drawn_at) < len(moves):
            self.drawn_at.append(time.perf_counter())
        return moves

    async def watch(self) -> None:
        """Notes when each line is drawn, between replies too (the Expert's lines after the one asked for)."""
        while self.app.running:
            self._moves()
            await asyncio.sleep(WATCH_SECONDS)

    async def reply(self, moves: list[int]) -> str:
        """Plays the opponent's lines among ``moves`` and answers the Expert's next line (see the module's notes)."""
        session = self.session
        assert session is not None, "new_game first"
        end = time.perf_counter() + WAIT_SECONDS
        while True:
            played = self._moves()
            if played[: len(moves)] != moves[: len(played)]:
                raise ValueError(f"the page's game {played} is not the one played {moves}")
            if len(played) > len(moves):
                turn = self.drawn_at[len(moves) - 1] if moves else self.started
                return json.dumps([played[len(moves)], self.drawn_at[len(moves)] - turn])
            if len(played) < len(moves) and session.accepting_input():
                if not session.play_human(moves[len(played)]):
                    raise ValueError(f"the page refused the opponent's line {moves[len(played)]}")
                continue
            if session.state.over or time.perf_counter() > end:
                over = session.state.over
                raise RuntimeError(f"no line from the Expert after {len(played)} lines (game over: {over})")
            await asyncio.sleep(WATCH_SECONDS)


async def main() -> None:
    app = App(size=None, store=MemoryStore())
    app.sounds.enabled = False
    page = ExpertPage(app)
    sys.modules["__main__"].expert = page  # type: ignore[attr-defined]  # reached by browser_expert.py
    app.running = True
    await asyncio.gather(app.run(), page.watch())


if __name__ == "__main__":
    asyncio.run(main())
