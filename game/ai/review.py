"""Reviewing a finished (or unfinished) game: the exact value of every position and what each move cost.

For each move ``n`` of a two-player game: the value ``v`` of the position before it for the player to move (the
solver's value: same sign and scale as ``solve``), a ``best`` move that achieves ``v``, and the ``loss``, ``v``
minus what the move played achieves (0 for a best move). The positions are solved from the last one back to the
first, with one transposition table shared by all of them (values depend on the drawn lines only), so the late,
small positions are solved first and help the earlier ones. Each position gets at most ``seconds`` of search, in
wall time from the start of its search (the compiled core searches between the steps too, in its thread or the
browser's Worker, so the time inside the steps is not what it had); once one is not solved in time, the earlier
(larger) ones are not tried and stay unknown.

:class:`Review` works in small steps (``step(budget)``, a few milliseconds each) for the browser;
:func:`review` is the synchronous wrapper used by the engine's ``review`` command.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from ..core import GameState
from ..steps import WALL_CLOCK, Clock
from .hints import reason_for
from .reasons import Judgement, Mistake, Why
from .search.solver import SolverOptions
from .wasm.solver import AnySolver, exact_solver, solver_version

# The table stops growing below a dict resize (2/3 of 2**16 and of 2**18 entries): one resize of a table this big
# costs 7-30 ms in a single step (a 400,000 cap gave 21.6 ms CPU steps in benchmarks/review.py).
TABLE_LIMIT = 40_000 if sys.platform == "emscripten" else 150_000
# Table entries freed per step once the table is given up (all at once cost up to 9 ms on the desktop, 20,000 about
# 3 ms, and the browser is 2-3 times slower)
DISCARD_CHUNK = 5_000


RESULTS_VERSION = 1  # what a review's results mean; a change here makes every kept review be computed again


def results_meaning(seconds: float) -> str:
    """What every review's results with ``seconds`` per position mean, whichever solver found them: the start
    of :func:`results_version`. (Solved values are exact whoever solved them; only the positions given up on
    depend on the solver.)"""
    return f"{RESULTS_VERSION}/{seconds:g}s/"


def results_version(game: GameState, seconds: float) -> str:
    """What a review of ``game`` computed here with ``seconds`` per position is, for results kept for later: its
    meaning and the solver that runs here (another solver takes the results and searches again the positions
    they gave up on)."""
    return f"{results_meaning(seconds)}{solver_version(game)}"


@dataclass(frozen=True)
class MoveReview:
    """One move of the game as the review sees it; ``value`` is None while (or when) its position is not solved."""

    index: int
    line: int
    player: int
    value: int | None = None
    best: int | None = None
    loss: int | None = None

    @property
    def solved(self) -> bool:
        return self.value is not None and self.loss is not None

    def engine_line(self, judgement: Judgement | None = None) -> str:
        """The line the engine's ``review`` command prints for this move, with the ``judgement`` of a move that lost
        cells in machine form (``mistake <code> better <reason>``)."""
        head = f"{self.index} {self.line} player {self.player}"
        if not self.solved:
            return f"{head} unknown"
        words = [] if judgement is None else judgement.tokens()
        return " ".join([f"{head} value {self.value} best {self.best} loss {self.loss}", *words])


def positions_of(game: GameState) -> list[GameState]:
    """The position before every move of ``game`` and the one after the last (``len(game.moves) + 1`` states)."""
    replay = GameState(game.board, game.rules, game.first)
    positions = [replay.copy()]
    for line in game.moves:
        replay.play(line)
        positions.append(replay.copy())
    return positions


def move_value(before: GameState, after: GameState, after_value: int) -> int:
    """What the move from ``before`` to ``after`` achieves for its mover, given the value of ``after``."""
    mover = before.to_move
    gained = after.scores[mover] - before.scores[mover]
    if before.rules.misere:
        gained = -gained
    if after.over or after.to_move == mover:
        return gained + after_value
    return gained - after_value


class Review:
    """The review of ``game`` being computed: ``step(budget)`` until it returns True; ``moves`` fills in as it goes.

    Games of three or four players are not solved: every move stays unknown and the review is done at once."""

    def __init__(
        self,
        game: GameState,
        seconds: float,
        table_limit: int = TABLE_LIMIT,
        make_solver: Callable[..., AnySolver] = exact_solver,
        clock: Clock = WALL_CLOCK,
    ) -> None:
        """``make_solver``: the exact solver's class or factory (by default the compiled core where it runs, whose
        table is its own: ``_table`` then stays empty; :class:`~game.ai.search.solver.Solver` fills ``_table``);
        ``clock``: where the time is read."""
        self._make_solver = make_solver
        self.clock = clock
        self.positions = positions_of(game)
        self.lines = list(game.moves)
        self.seconds = seconds
        self.table_limit = table_limit
        count = len(self.lines)
        self.values: list[int | None] = [None] * (count + 1)
        self.best: list[int | None] = [None] * (count + 1)
        if game.over:
            self.values[count] = 0
        self.done = game.rules.players != 2 or count == 0
        # the position being solved: from the last back to the first (the final one too if the game goes on)
        self._next = count - 1 if game.over else count
        self._solver: AnySolver | None = None
        self._began = 0.0  # when the search of the position being solved began (wall time)
        self._table: dict[int, int] = {}
        self._discard: dict[int, int] = {}

    # -- driving ----------------------------------------------------------------------------------------------
    def step(self, budget_seconds: float) -> bool:
        """Work for about ``budget_seconds``; True once every position is solved or given up."""
        deadline = self.clock() + budget_seconds
        while not self.done:
            if self._next < 0:
                self._free_some()  # a chunk a step
                break
            if self._solver is None:
                self._solver = self._make_solver(
                    self.positions[self._next], SolverOptions(table=self._table, max_entries=self.table_limit)
                )
                self._began = self.clock()
            # the step ends at the frame's deadline or when this position's own time is up, whichever comes first
            now = self.clock()
            finished = self._solver.step(max(0.0, min(deadline - now, self._began + self.seconds - now)))
            if finished:
                self.values[self._next] = self._solver.value
                self.best[self._next] = self._solver.best_move
                self._solver = None
                self._next -= 1
                self.done = self._next < 0
            elif self.clock() - self._began >= self.seconds:
                self._give_up()
            elif self._solver.elsewhere:
                break  # it only looked at the core's search, running elsewhere: the frame has its time back
            if self.clock() >= deadline:
                break
        return self.done

    def suspend(self) -> None:
        """Stops the search under way (another search needs the core: the analysis board); the next step starts
        this position again (the core's table keeps what was found)."""
        if self._solver is not None:
            self._solver.close()
            self._solver = None

    def restore(self, values: list[int | None], best: list[int | None], done: bool) -> bool:
        """Take back the results of an earlier review of this game (kept by the app): values and best moves by
        position, solved from some position to the end, and whether it was done. False, and nothing changes, when
        they cannot belong to this game (wrong length, a value out of range, a best move not legal there, a gap)."""
        count = len(self.lines)
        if len(values) != count + 1 or len(best) != count + 1 or self.done or count == 0:
            return False
        known = [index for index, value in enumerate(values) if value is not None]
        first = known[0] if known else count + 1
        if known != list(range(first, count + 1)):
            return False
        for index in range(count + 1):
            if not _fits(self.positions[index], values[index], best[index]):
                return False
        if self.positions[count].over and values[count] != 0:
            return False
        self.values, self.best = list(values), list(best)
        self._next = -1 if done else first - 1
        self.done = self._next < 0
        return True

    def _give_up(self) -> None:
        """This position was not solved in time: it and every earlier one stay unknown; the table is freed in
        the next steps, a chunk at a time."""
        if self._solver is not None:
            self._solver.close()
        self._solver = None
        self._discard, self._table = self._table, {}
        self._next = -1

    def _free_some(self) -> None:
        discard = self._discard
        for _ in range(min(DISCARD_CHUNK, len(discard))):
            discard.popitem()
        self.done = not discard

    def finish(self) -> Review:
        while not self.step(1.0):
            pass
        return self

    # -- results ----------------------------------------------------------------------------------------------
    @property
    def solving(self) -> int | None:
        """The move whose position is being solved now (None when none is)."""
        return None if self.done or self._next < 0 else self._next

    def move(self, index: int) -> MoveReview:
        before, after = self.positions[index], self.positions[index + 1]
        line, player = self.lines[index], before.to_move
        value, after_value = self.values[index], self.values[index + 1]
        if value is None or after_value is None:
            return MoveReview(index, line, player)
        loss = value - move_value(before, after, after_value)
        return MoveReview(index, line, player, value, self.best[index], loss)

    @property
    def moves(self) -> list[MoveReview]:
        return [self.move(index) for index in range(len(self.lines))]

    def judgement(self, index: int) -> Judgement | None:
        """Why move ``index`` lost cells (:func:`judge`); None when it is not solved or lost nothing."""
        move = self.move(index)
        if not move.solved or not move.loss or move.best is None:
            return None
        return judge(self.positions[index], move.line, move.best)

    def engine_lines(self) -> list[str]:
        """What the engine's ``review`` command prints: one line per move (:meth:`MoveReview.engine_line`)."""
        return [self.move(index).engine_line(self.judgement(index)) for index in range(len(self.lines))]

    def solved_count(self) -> int:
        return sum(1 for index in range(len(self.lines)) if self.move(index).solved)


def _fits(position: GameState, value: int | None, best: int | None) -> bool:
    """Whether ``value`` and ``best`` can be a solved position's (both unknown, or a value within the cells left
    and a legal best move; none at the end of the game)."""
    if value is None:
        return best is None
    if type(value) is not int or abs(value) > position.board.num_cells:
        return False
    if position.over:
        return best is None
    return type(best) is int and best in position.legal_lines()


def review(game: GameState, seconds: float) -> list[MoveReview]:
    """Every move of ``game`` reviewed, each position searched for at most ``seconds``."""
    return Review(game, seconds).finish().moves


def judge(before: GameState, played: int, best: int) -> Judgement:
    """Why ``played`` was worse than ``best`` in ``before`` (left as found): the :class:`Mistake` that fits, if one
    does, and the hints' reason for ``best`` (:func:`~game.ai.hints.reason_for`). The hints' vocabulary (control,
    all-but-two, safe lines) is that of normal play: misère, no-extra-move and captures-compulsory games get neither."""
    if not before.rules.normal_play:
        return Judgement(None, None)
    why = reason_for(before, best)
    if why.why in (Why.ALL_BUT_TWO, Why.ALL_BUT_FOUR) and before.would_capture(played):
        return Judgement(Mistake.HANDED_OVER, why)
    if before.would_capture(best) and not before.would_capture(played):
        return Judgement(Mistake.LEFT_BOXES, why)
    if before.is_safe(best) and not before.would_capture(best) and not before.is_safe(played):
        return Judgement(Mistake.GAVE_EARLY, why)
    if why.why is Why.SACRIFICE:
        return Judgement(Mistake.MISSED_SACRIFICE, why)
    if why.why is Why.OPENS_SHORTEST:
        return Judgement(Mistake.LONGER_CHAIN, why)
    return Judgement(None, why)
