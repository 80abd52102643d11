"""Exact solving: the best achievable difference of future cells for the player to move (two players).

The value (see ``docs/solver.md``)::

    V(p) = max over undrawn lines e of   g + V(p+e)   if e closes g >= 1 cells (normal play: move again)
                                          -V(p+e)     if e closes nothing
    misère: -g + V(p+e) after a capture;  no extra move: g - V(p+e) for every line (both: -g - V(p+e));
    captures compulsory: the max is over the capturing lines only while there is one;
    V(full board) = 0

The search is a negamax alpha-beta over the strings-and-coins form (:mod:`game.ai.coins`) with a transposition
table of bounds keyed on the drawn lines only, canonical under the board's symmetries. In normal play it also
uses: captures that open nothing are taken at once; with a capturable coin at the end of a chain only "take it"
and "decline the last two" are searched; positions made only of independent chains and loops are valued by
formula. Misère, no-extra-move and captures-compulsory games get the plain search (those reductions are not sound
there).

The search is a generator that pauses after a short piece of work (:class:`~.common.Work`: it looks at the clock
every ``pause_every`` nodes), so :class:`Solver` can run it a few milliseconds at a time in the browser;
:func:`solve` is the synchronous wrapper.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from operator import or_
from typing import Protocol, TypeVar

from ...core import GameState
from ...steps import WALL_CLOCK, Clock, Stepper, run, waiting_elsewhere
from ..position.coins import (
    CoinTables,
    add_line,
    capture_moves,
    chain_end_moves,
    components,
    control_moves,
    draw,
    one_chain,
    openings,
    safe_mask,
    simple_value,
    tables_for,
    take_free_coins,
    twin_lines,
    undraw,
    untake,
)
from .common import UNKNOWN, OutOfNodes, Work, bounds_after, pack, unpack
from .plain import PlainSearch

PAUSE_EVERY = 16  # nodes between two looks at the clock (common.Work: the search pauses every PAUSE_SECONDS)

Search = Generator[None, None, int]


@dataclass(frozen=True)
class SolverOptions:
    """How a search runs, the same for :class:`Solver` and the compiled core's solvers (``game.ai.wasm``).

    ``rng`` shuffles the root moves (a random one of the best is kept). ``pause_every``: nodes between two looks at
    the clock. ``table`` is a transposition table to fill and reuse: valid for any position of the same board and
    rule variant. ``selective`` (normal play only) searches only :func:`~game.ai.position.coins.control_moves`
    where nothing is capturable: much faster, and its value is then a strong estimate rather than exact (use a
    separate table); ``narrow`` uses the narrow control move set (faster still, less accurate).

    ``beats``: only look for a move whose value exceeds ``beats`` (a null-window search at the root, several times
    faster than the exact value): ``best_move`` is such a move and ``value`` a lower bound above ``beats``, or
    ``best_move`` is None and ``value`` an upper bound at most ``beats``. ``first``: a root move to search first
    (a good guess makes the search faster). ``max_entries``: the table gets no new entries once it has this many
    (known ones are still updated), so it never grows, and is never resized, past it. ``max_nodes``: the search
    raises :class:`~game.ai.search.common.OutOfNodes` past this many nodes. ``clock``: where the time is read (the
    pauses, ``step``'s budget)."""

    rng: random.Random | None = None
    pause_every: int = PAUSE_EVERY
    table: dict[int, int] | None = None
    selective: bool = False
    narrow: bool = False
    beats: int | None = None
    first: int | None = None
    max_entries: int | None = None
    max_nodes: int | None = None
    clock: Clock = WALL_CLOCK


DEFAULT_OPTIONS = SolverOptions()


class Solver(PlainSearch):
    """Solves a two-player position in small steps: ``step(budget)`` until it returns True, then ``value``."""

    elsewhere = False  # (it searches here, in the steps it is given: the compiled core's fronts search elsewhere)

    def __init__(self, state: GameState, options: SolverOptions = DEFAULT_OPTIONS) -> None:
        """Searches ``state`` as ``options`` say (:class:`SolverOptions`)."""
        if state.rules.players != 2:
            raise ValueError(f"exact solving needs two players, this game has {state.rules.players}")
        self.tables: CoinTables = tables_for(state.board)
        self.misere = state.rules.misere
        self.no_extra = state.rules.no_extra
        self.must_capture = state.rules.must_capture
        self.plain = not state.rules.normal_play  # the reductions of normal play do not hold: the plain search
        self.selective = options.selective and not self.plain
        self.narrow = options.narrow
        self.beats = options.beats
        self._first = options.first
        self.max_entries = sys.maxsize if options.max_entries is None else options.max_entries
        self.value: int | None = None
        self.best_move: int | None = None
        self.refuted: set[int] = set()  # with ``beats``: root moves shown not to beat it (known before the end)
        self.current: int | None = None  # the root move being searched
        self.work = Work(options.pause_every, options.max_nodes, options.clock)
        self.table: dict[int, int] = {} if options.table is None else options.table
        self._drawn = state.drawn
        self._images = self.tables.images(state.drawn)
        self._deg = self.tables.degrees(state.drawn)
        self._rng = options.rng
        self._run: Stepper[None, None] = Stepper(self._root(), options.clock)
        self.done = False

    # -- driving ----------------------------------------------------------------------------------------------
    def step(self, budget_seconds: float) -> bool:
        """Search for about ``budget_seconds``; True once ``value`` and ``best_move`` are known."""
        self.done = self._run.step(budget_seconds)
        return self.done

    def finish(self) -> None:
        """Searches to the end (a tool or a test that would only wait for the answer)."""
        while not self.step(3600.0):
            pass

    def close(self) -> None:
        """Nothing to stop: the search only runs inside ``step`` (the compiled core's solver has a thread to stop)."""

    def _store(self, key: int, entry: int) -> None:
        """Puts ``entry`` in the table unless that would take it past ``max_entries``."""
        table = self.table
        if len(table) < self.max_entries or key in table:
            table[key] = entry

    @property
    def nodes(self) -> int:
        return self.work.nodes

    @property
    def pauses(self) -> int:
        return self.work.pauses

    # -- the root: value and a best move ----------------------------------------------------------------------
    def _root(self) -> Generator[None, None, None]:
        drawn = self._drawn
        if drawn == self.tables.full:
            self.value = 0
            return
        moves = self.search_order()
        limit = self.tables.num_cells + 1
        if self.beats is not None:
            best, self.best_move = yield from self._root_window(moves, self.beats, self.beats + 1)
            if best <= self.beats:
                self.best_move = None
            self.value = best
            return
        lower, upper, guess = -limit, limit, 0
        while lower < upper:  # MTD(f): null-window tests on one table close in on the value
            beta = guess + 1 if guess == lower else guess
            guess, move = yield from self._root_window(moves, beta - 1, beta)
            if guess < beta:
                upper = guess
            else:
                lower, self.best_move = guess, move
        self.value = lower

    def _root_window(self, moves: list[int], alpha: int, beta: int) -> Generator[None, None, tuple[int, int | None]]:
        """(the best value within alpha..beta, fail-soft, and the move reaching it) over the root ``moves``."""
        limit = self.tables.num_cells + 1
        best, best_move = -limit, None
        for line in moves:
            self.current = line
            if best > -limit and beta - alpha > 1:  # a null window first: is it better than the best so far?
                value = yield from self.line_value(self._images, line, alpha, alpha + 1)
                if value > alpha:
                    value = yield from self.line_value(self._images, line, alpha, beta)
            else:
                value = yield from self.line_value(self._images, line, alpha, beta)
            if self.beats is not None and value <= self.beats:
                self.refuted.add(line)
            if value > best:
                best, best_move = value, line
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best, best_move

    def search_order(self) -> list[int]:
        """The root moves in the order they are searched: shuffled with ``rng`` if given (safe lines first in
        normal play), ``first`` first. Uses ``rng`` as the search does (the compiled core's root order too)."""
        moves = self.root_moves()
        if self._rng is not None:
            self._rng.shuffle(moves)
            if not (self.plain or self.selective):
                moves.sort(key=self._opens_something)  # stable: safe lines first, each group shuffled
        if self._first in moves:
            moves.remove(self._first)
            moves.insert(0, self._first)
        return moves

    def root_moves(self) -> list[int]:
        """The lines worth searching at the root (normal play: the reductions; otherwise every line)."""
        drawn, tables = self._drawn, self.tables
        if self.plain:
            return list(self._plain_moves(drawn))
        forced, chain_end = capture_moves(tables, drawn, self._deg)
        if forced:
            return forced
        if chain_end:
            return chain_end
        if self.selective:
            return control_moves(tables, drawn, self._deg, self.narrow)
        return list(exact_moves(tables, drawn, self._deg))

    def _opens_something(self, line: int) -> bool:
        """Whether drawing ``line`` lets the opponent capture (the root's ordering: safe lines first)."""
        return any(self._deg[cell] == 2 for cell in self.tables.line_cells[line])

    def line_value(self, images: tuple[int, ...], line: int, alpha: int, beta: int) -> Search:
        """The value for the mover of drawing ``line`` (fail-soft within alpha..beta) in the position whose
        images under the symmetries are ``images`` (:meth:`~game.ai.coins.CoinTables.images`)."""
        cells = self.tables.line_cells[line]
        gained = draw(self._deg, cells)
        child = add_line(images, self.tables.line_images[line])
        if self.no_extra:
            if self.misere:
                gained = -gained
            value = gained - (yield from self._plain(child, gained - beta, gained - alpha))
        elif self.plain:  # misère or captures compulsory: a capture still gives the extra move
            if gained:
                score = -gained if self.misere else gained
                value = score + (yield from self._plain(child, alpha - score, beta - score))
            else:
                value = -(yield from self._plain(child, -beta, -alpha))
        elif gained:
            value = gained + (yield from self._normal(child, alpha - gained, beta - gained))
        else:
            value = -(yield from self._normal(child, -beta, -alpha))
        undraw(self._deg, cells)
        return value

    # -- normal play: the reduced search --------------------------------------------------------------------
    def _normal(self, images: tuple[int, ...], alpha: int, beta: int) -> Search:
        if self.work.tick():
            yield
        tables = self.tables
        deg, line_cells, cell_mask, line_images = self._deg, tables.line_cells, tables.cell_mask, tables.line_images
        drawn = images[0]
        gain, taken, chain_coins = take_free_coins(deg, drawn, line_cells, cell_mask)
        for line in taken:
            images = tuple(map(or_, images, line_images[line]))
        drawn = images[0]
        if drawn == tables.full:
            untake(deg, taken, line_cells)
            return gain
        alpha -= gain
        beta -= gain
        key = min(images)
        tt = self.table
        low, high, _ = unpack(tt.get(key, UNKNOWN))
        if low >= beta or low == high:
            value = low
        elif high <= alpha:
            value = high
        else:
            alpha, beta = max(alpha, low), min(beta, high)
            run = one_chain(chain_coins, drawn, deg, line_cells, cell_mask) if len(chain_coins) == 1 else None
            moves: Iterable[int]
            if run is not None:
                start = alpha
                value = yield from self._take_or_decline(images, run, alpha, beta)
                self._store(key, pack(*bounds_after(value, start, beta, low, high)))
            elif max(deg) <= 2 and not chain_coins:
                value = simple_value(*components(tables, drawn, deg))
                self._store(key, pack(value, value))
            else:
                if chain_coins:
                    moves = chain_end_moves(chain_coins, drawn, line_cells, cell_mask)
                elif self.selective:
                    moves = control_moves(tables, drawn, deg, self.narrow)
                else:
                    moves = exact_moves(tables, drawn, deg)
                value = -999
                start = alpha
                for line in moves:
                    got = 0
                    for cell in line_cells[line]:
                        deg[cell] -= 1
                        if not deg[cell]:
                            got += 1
                    child = tuple(map(or_, images, line_images[line]))
                    if value == -999 or beta - alpha == 1:
                        if got:
                            score = got + (yield from self._normal(child, alpha - got, beta - got))
                        else:
                            score = -(yield from self._normal(child, -beta, -alpha))
                    elif got:
                        score = got + (yield from self._normal(child, alpha - got, alpha + 1 - got))
                        if alpha < score < beta:
                            score = got + (yield from self._normal(child, alpha - got, beta - got))
                    else:
                        score = -(yield from self._normal(child, -alpha - 1, -alpha))
                        if alpha < score < beta:
                            score = -(yield from self._normal(child, -beta, -alpha))
                    for cell in line_cells[line]:
                        deg[cell] += 1
                    if score > value:
                        value = score
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
                self._store(key, pack(*bounds_after(value, start, beta, low, high)))
        untake(deg, taken, line_cells)
        return value + gain

    def _take_or_decline(self, images: tuple[int, ...], run: list[int], alpha: int, beta: int) -> Search:
        """The value of a position whose one capturable coin opens a chain of ``len(run)`` coins (``run``: its
        strings from that coin to the far end): take them all and move on, or take all but the last two and cut
        the far string, leaving those two to the opponent (declining earlier only gives the opponent more)."""
        deg, line_cells, line_images = self._deg, self.tables.line_cells, self.tables.line_images
        value = -999
        for decline in (False, True):
            lines = run[:-2] + run[-1:] if decline else run
            got = 0
            child = images
            for line in lines:
                child = tuple(map(or_, child, line_images[line]))
                for cell in line_cells[line]:
                    deg[cell] -= 1
                    if not deg[cell]:
                        got += 1
            if decline:
                score = got - (yield from self._normal(child, got - beta, got - alpha))
            else:
                score = got + (yield from self._normal(child, alpha - got, beta - got))
            for line in lines:
                for cell in line_cells[line]:
                    deg[cell] += 1
            if score > value:
                value = score
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return value


def exact_moves(tables: CoinTables, drawn: int, deg: list[int]) -> Iterator[int]:
    """The lines worth searching where nothing is capturable: every safe line (centre outward), then one way of
    opening each chain or loop, smallest first (:func:`~game.ai.position.coins.openings`). Lazy: a search that
    cuts off among the safe lines never looks for the chains (``deg`` must be as given when it gets there)."""
    safe_bits = safe_mask(tables, drawn, deg)
    safe = safe_bits & ~twin_lines(tables, drawn)
    for line in tables.order:
        if safe >> line & 1:
            yield line
    if tables.full & ~drawn & ~safe_bits:
        for _, line in openings(tables, drawn, deg):
            yield line


def exact_best_move(
    state: GameState, rng: random.Random, max_nodes: int, clock: Clock = WALL_CLOCK
) -> Generator[None, None, int | None]:
    """A best line of ``state`` by exact value (ties broken by ``rng``), or None past ``max_nodes`` nodes; pauses
    as :class:`~.common.Work` says. Hard's exact search of the last lines, and of misère and no-extra-move games."""
    solver = yield from within_nodes(Solver(state, SolverOptions(rng, max_nodes=max_nodes, clock=clock)))
    return None if solver is None else solver.best_move


SolverT = TypeVar("SolverT", bound="Stepped")


class Stepped(Protocol):
    """What :func:`solving` drives: a solver's ``step`` (this module's, or the compiled core's), and whether its
    search runs elsewhere (the core's thread or Web Worker: a step only looks at it)."""

    @property
    def elsewhere(self) -> bool: ...

    def step(self, budget_seconds: float) -> bool: ...


def solving(solver: SolverT) -> Generator[None, None, SolverT]:
    """Runs ``solver`` as a search generator: a step with no budget (one piece of work) between two yields; the
    solver once it is done (drive it with :func:`~game.steps.until` to stop it at a time). A look at a search
    running elsewhere that is not done is :func:`~game.steps.waiting_elsewhere`: the frame's step ends there."""
    while not solver.step(0.0):
        if solver.elsewhere:
            waiting_elsewhere()
        yield None
    return solver


def within_nodes(solver: SolverT) -> Generator[None, None, SolverT | None]:
    """:func:`solving`, or None once ``solver`` passes its node limit (its ``max_nodes``: Hard's searches)."""
    try:
        return (yield from solving(solver))
    except OutOfNodes:
        return None


def line_values(state: GameState, lines: Iterable[int] | None = None) -> dict[int, int]:
    """The exact value for the player to move of drawing each of ``lines`` (default: every legal line), as
    :func:`solve` counts it (two players, any rules): what an analysis board shows, and the best moves are those of
    the largest value. Synchronous and unbounded: for small positions."""
    solver = Solver(state, SolverOptions(pause_every=1 << 30))
    limit = solver.tables.num_cells + 1
    found = {}
    for line in state.legal_lines() if lines is None else lines:
        found[line] = run(solver.line_value(solver._images, line, -limit, limit))
    return found


def to_win(state: GameState) -> int:
    """The value of the rest of the game (as the solver counts it) that the player to move must beat to win: the
    opponent's lead in cells (misère, fewest wins: the mover's lead)."""
    mover = state.to_move
    lead = state.scores[1 - mover] - state.scores[mover]
    return -lead if state.rules.misere else lead


def solve(state: GameState, max_seconds: float | None = None) -> int | None:
    """The exact value of ``state`` for the player to move (see the module), or None if time runs out."""
    found = solve_move(state, max_seconds)
    return None if found is None else found[0]


def solve_move(state: GameState, max_seconds: float | None = None) -> tuple[int, int | None] | None:
    """The exact value of ``state`` for the player to move and a best line (None when the game is over), or None
    if ``max_seconds`` run out first. Two players, any rules; ``state`` is not changed. Synchronous: in the
    browser's loop drive a :class:`Solver` with ``step()`` instead."""
    solver = Solver(state, SolverOptions(pause_every=1 << 30 if max_seconds is None else 4096))
    if max_seconds is None:
        while not solver.step(1.0):
            pass
    elif not solver.step(max_seconds):
        return None
    assert solver.value is not None
    return solver.value, solver.best_move
