"""The Expert: exact play as soon as the position can be solved in time, a chain-and-control search before.

For each move (two players):

1. a capture that opens nothing is taken at once (normal play);
2. when few enough lines are left, the exact :class:`~game.ai.search.solver.Solver` runs first, for part of the
   budget, asked in turn for a move that keeps at least a draw, then for a win (or, with no draw, for the best
   value: ``_ladder``); its transposition table is kept per board and variant, so once a position is solved every
   later move of the game is instant and perfect. If the exact value does not win the game, the rest of the time
   goes to setting traps that keep that value (:mod:`game.ai.search.traps`);
3. otherwise Hard's move (:func:`~game.ai.levels.hard.hard`: its control search and endgame searches, bounded in
   positions, here also by the move's time), so the Expert is never weaker than Hard where no solver finishes (and
   Hard finishes in time); and in the fight for control (normal play, at most ``SELECTIVE_SAFE`` safe lines left)
   the selective solvers then search to the end over the moves that matter (safe lines, and one way of opening each
   chain or loop), Hard's move first, asking the same questions (draw, then win or best value): first the narrow
   set (only short sacrifices while safe lines remain), then the wide set. The more trusted one that found a move
   decides (each kind keeps its own table). With many safe lines (more than ``SAFE_LIMIT``) Hard's move is found
   first, at once, and is the first move of the exact draw test; when that test runs out of time, a move it has
   shown to lose is not played: the move it was still on (it held out longest) is, else a safe line not shown to
   lose (:func:`avoid_losing`).

Three or four players: steps 2 and 3 do not apply; the move comes from an iterative-deepening
:class:`~game.ai.search.paranoid.Paranoid` search under the time budget. The move is a generator that yields after
every short piece of work (a couple of milliseconds: :class:`~game.ai.search.common.Work`) with its best move so
far, and returns within its budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from ...core import GameState
from ...steps import WALL_CLOCK, Clock, until
from ..memory import BUDGET
from ..position.coins import CoinTables, capture_moves, cells_given, lines_of, safe_mask, table_steps, tables_for
from ..search.paranoid import deepen
from ..search.solver import solving, to_win
from ..search.traps import trap_move
from ..wasm import runtime as core_tables
from ..wasm.solver import AnySolver, exact_solver, runs_compiled, searches_at_once
from .basic import SAFE_LIMIT
from .hard import hard

EXPERT_SECONDS = 2.5  # per move; only moves where a solver runs use it (most are instant, see docs/solver.md)
# Try the exact solver at or below this many undrawn lines: normal play with the compiled core, with the Python
# solver (the fallback), other rules. The compiled core settles most positions of the games against Knox within
# the budget up to 32 lines left on 4x4 boxes and 40 on 5x5 (``benchmarks/experiments/exact_reach.py``,
# docs/ai.md); further from the end its unfinished draw test still shows which root moves lose
# (:func:`avoid_losing`) and fills its table for the next move: on 5x5 at 41, 42, 43 and 44 lines left, in 1.05 s
# of CPU with Hard's move first, it proved a move or refuted Hard's in 8, 6, 3 and 1 of 12 positions of the games
# against Knox (none at 45-46). The clock stops it. Hard's own exact search starts much later (``HARD_SOLVER_LINES``).
SOLVER_LINES = {"normal": 44, "python": 32, "other": 18}
EXACT_SHARE = 0.7  # of the budget, up to which the exact solver may run outside the fight (then Hard's move)
SELECTIVE_SAFE = 18  # try the selective solvers when at most this many safe lines are left (normal play)
# The same in the fight for control (then Hard's move and the selective solvers, which the compiled core runs
# hardly faster than the exact search there: exact_reach.py).
FIGHT_EXACT_SHARE = 0.6
# Of the budget, up to which the exact solver's win test (and the biggest win) may go on once its draw test has
# found a move that keeps at least a draw: that move is already safe, and converting an opponent's mistake into a
# win is worth more than the selective solvers' or Hard's unproved moves (4x4 at 32 lines left after a mistake of
# Knox: the draw and win tests need 1.4-1.7 s of CPU together, docs/ai.md).
WIN_SHARE = 0.9
# Of the budget, up to which each selective solver may run, one after the other. The narrow one gets most: when it
# does not finish, the wide one would not either; when it does (often quickly), the wide one checks its verdict.
SELECTIVE_SHARES = {"narrow": 0.8, "wide": 0.9}
EARLY_SHARE = 0.8  # of the budget, up to which an early-game search passed in runs (``early_game``)
TRAP_SHARE = 0.95  # of the budget, up to which traps are looked for when the exact value does not win
SEARCH_SHARE = 0.4  # of the budget at least, for the depth-limited search
MoveGenerator = Generator[int | None, None, int]
# A search of the early game to try (benchmarks/experiments/early_game.py): (state, rng, stop time, clock, Hard's
# move) -> its move; none in the game, where Hard's move is played (docs/measurements/ai-strength.md, "The early game").
EarlyGame = Callable[[GameState, random.Random, float, Clock, int], MoveGenerator]


def expert_move(
    state: GameState,
    rng: random.Random,
    budget_seconds: float = 1.0,
    clock: Clock = WALL_CLOCK,
    early_game: EarlyGame | None = None,
) -> MoveGenerator:
    """Choose a line for the player to move in ``state`` (not changed); yields its best move so far. ``clock``:
    where the time is read; ``early_game``: a search to try in the early game (an experiment's)."""
    if state.over:
        raise ValueError("the game is over: there is no move to choose")
    if state.rules.must_capture and state.capture_lines():
        return rng.choice(state.capture_lines())  # captures compulsory: every capture is taken, in any order
    start = clock()
    tables = yield from table_steps(state.board)
    deg = tables.degrees(state.drawn)
    best = quick_move(tables, state.drawn, deg, rng)
    yield best
    legal = state.legal_lines()
    if len(legal) == 1:
        return legal[0]
    normal = _normal(state)
    forced, chain_end = capture_moves(tables, state.drawn, deg) if normal else ([], [])
    if forced:
        return rng.choice(forced)
    if state.rules.players == 2:
        safe = safe_mask(tables, state.drawn, deg).bit_count()
        fight = normal and not chain_end and 0 < safe <= SELECTIVE_SAFE
        hard_first = normal and safe > SAFE_LIMIT  # Hard's move is then a safe line found at once
        return (yield from _two_players(state, rng, fight, hard_first, start, budget_seconds, best, clock, early_game))
    stop = max(start + budget_seconds * SEARCH_SHARE, clock() + budget_seconds * 0.25)
    stop = min(stop, start + budget_seconds)
    return (yield from deepen(state, rng, best, stop=stop, clock=clock))


def hard_fallback(
    state: GameState, rng: random.Random, best: int, stop: float, clock: Clock = WALL_CLOCK
) -> MoveGenerator:
    """Hard's move, on a copy of ``state``, yielding ``best`` while it works (two players, any rules); ``best`` if
    Hard has not finished when ``clock()`` reaches ``stop``. Hard is bounded by work (positions), which takes 2-3
    times longer in the browser: the Expert keeps to its time there too. Hard playing as Hard is not cut."""
    found = yield from until(hard(state.copy(), rng, clock), best, stop, clock)
    return best if found is None else found


def _two_players(
    state: GameState,
    rng: random.Random,
    fight: bool,
    hard_first: bool,
    start: float,
    budget: float,
    best: int,
    clock: Clock = WALL_CLOCK,
    early_game: EarlyGame | None = None,
) -> MoveGenerator:
    """The exact solver's move if it finishes in time; else, in the fight for control, the selective solvers';
    else Hard's.

    Each solver is asked for a draw, then a win or the best value (:func:`_ladder`). The exact solver runs
    first when few enough lines are left (``SOLVER_LINES``); when its value does not win, the Expert sets traps
    (:mod:`game.ai.search.traps`). In the fight for control Hard's move is found next: it is the fallback and the
    first move the selective solvers search; the more trusted one that found a move (wide, then narrow) decides.
    Before the selective solvers went on to a draw and the best value, a proved "no win" played Hard's move,
    which lost 2-8 more cells in the positions of the Knox games where that happened (``docs/ai.md``).
    Hard draws its ties from its own generator, seeded before any solver runs, so its move does not depend on how
    far the solvers got (how many times they shuffled their moves) on a given machine load.

    With many safe lines left (``hard_first``: Hard's move is then found at once) Hard's move comes first and the
    exact solver's draw test tries it first: a move that loses is usually shown to in a fraction of a second, and
    a move the draw test showed to lose is not played when it runs out of time (:func:`avoid_losing`).
    """
    hard_rng = random.Random(rng.getrandbits(64))
    draw_test = Unfinished()
    guess = None
    if hard_first:
        guess = best = yield from hard_fallback(state, hard_rng, best, start + budget, clock)
    if state.lines_left <= _solver_lines(state):
        stop = start + budget * _exact_share(fight, guess is not None)
        win_stop = max(stop, start + budget * WIN_SHARE)
        exact = yield from _ladder(state, rng, stop, best, "exact", guess, clock, draw_test, win_stop)
        if exact is not None:
            return (yield from _exact_move(state, rng, exact, start + budget * TRAP_SHARE, clock))
    if guess is None:
        guess = best = yield from hard_fallback(state, hard_rng, best, start + budget, clock)
    if not fight:
        if early_game is not None:
            guess = yield from early_game(state, rng, start + budget * EARLY_SHARE, clock, guess)
        return avoid_losing(state, guess, draw_test, hard_rng)
    verdict = guess
    for kind, share in SELECTIVE_SHARES.items():
        solver = yield from _ladder(state, rng, start + budget * share, best, kind, guess, clock)
        if solver is not None and solver.best_move is not None:
            verdict = solver.best_move
    return avoid_losing(state, verdict, draw_test, hard_rng)


def _exact_share(fight: bool, hard_in_hand: bool) -> float:
    """Of the budget, up to which the exact draw test may run: in the fight the selective solvers need the rest;
    outside it Hard's move, unless it is already in hand (many safe lines: found at once), when nothing else needs
    the time and the draw test may go on as long as the win test after it would (``WIN_SHARE``)."""
    if fight:
        return FIGHT_EXACT_SHARE
    return WIN_SHARE if hard_in_hand else EXACT_SHARE


@dataclass
class Unfinished:
    """What the exact solver's draw test had shown when it ran out of time: the root moves that lose the game
    (:attr:`~game.ai.search.solver.Solver.refuted`) and the one it was still trying to refute
    (:attr:`~game.ai.search.solver.Solver.current`)."""

    losing: set[int] = field(default_factory=set)
    holding: int | None = None


def avoid_losing(state: GameState, move: int, draw_test: Unfinished, rng: random.Random) -> int:
    """``move``, unless the unfinished draw test showed it loses the game; then the move the test was still on
    (it has held out longest), else a random safe line not shown to lose (a corner's two border lines count as one
    move), or ``move`` if there is none."""
    if not draw_test.losing:
        return move
    tables = tables_for(state.board)
    known = set(draw_test.losing)
    for line, before in tables.twins:
        group = {line} | {twin for twin in range(tables.num_lines) if before >> twin & 1}
        if group & known:
            known |= group
    if move not in known:
        return move
    if draw_test.holding is not None and draw_test.holding not in known:
        return draw_test.holding
    others = [line for line in state.legal_lines() if state.is_safe(line) and line not in known]
    return rng.choice(others) if others else move


def _ladder(
    state: GameState,
    rng: random.Random,
    stop: float,
    best: int,
    kind: str,
    first: int | None,
    clock: Clock = WALL_CLOCK,
    draw_test: Unfinished | None = None,
    win_stop: float | None = None,
) -> Generator[int | None, None, AnySolver | None]:
    """The solver of ``kind`` asked in turn for a move that keeps at least a draw, then (if there is one) for a
    move that wins the game, else for the best value, on one table (a null-window test is several times faster
    than the value), until ``stop``; after a drawing move, the win test until ``win_stop`` (``stop`` if not
    given), and after a win the best value too if it comes by then (the biggest win). Returns the solver that
    decided (its ``value`` is exact unless its move draws or wins: then a lower bound), or None at ``stop`` before
    any move was found.

    The draw comes first because it is what the games are about: against a strong opponent most positions are
    drawn or lost, and a drawing move found early is kept when the win test (a proof that no move wins, the
    expensive part in a drawn position) runs out of time; in a lost position the win test is skipped. When the
    draw test runs out of time, what it had shown goes into ``draw_test``. Where two searches run side by side
    (:func:`~game.ai.wasm.solver.searches_at_once`: the compiled core on the desktop, two Workers in the browser),
    the exact win test starts with the draw test on a second core instead of after it (:func:`_win_test_ahead`)."""
    lead = to_win(state)
    shared = yield from _shared_table(state, kind, best)  # asked once: each request may retire other items
    draw = _solver(state, rng, kind, lead - 1, first, shared, clock)
    ahead = _win_test_ahead(state, rng, kind, lead, first, shared, clock, draw)
    try:
        draws = yield from _solve(
            state, rng, stop, best, kind, lead - 1, first, shared, draw_test, clock=clock, started=draw
        )
        draws = draws or _won(ahead)  # out of time: the win test beside it may have finished
        if draws is None:
            return None
        if draws.best_move is None:
            return (yield from _solve(state, rng, stop, best, kind, None, first, shared, clock=clock))
        assert draws.value is not None
        stop = stop if win_stop is None else win_stop
        if draws.value > lead:  # the draw test (or the win test beside it) already found a winning move
            wins: AnySolver | None = draws
        else:
            first = draws.best_move if ahead is None else first
            wins = yield from _solve(
                state, rng, stop, draws.best_move, kind, lead, first, shared, clock=clock, started=ahead
            )
    finally:
        draw.close()  # (a patched or stopped search may have left it running)
        if ahead is not None:
            ahead.close()
    if wins is None or wins.best_move is None:
        return draws
    biggest = yield from _solve(state, rng, stop, wins.best_move, kind, None, wins.best_move, shared, clock=clock)
    return wins if biggest is None else biggest


def _solver_lines(state: GameState) -> int:
    if not _normal(state):
        return SOLVER_LINES["other"]
    return SOLVER_LINES["normal" if runs_compiled(state) else "python"]


def _normal(state: GameState) -> bool:
    return state.rules.normal_play


def _exact_move(state: GameState, rng: random.Random, exact: AnySolver, stop: float, clock: Clock) -> MoveGenerator:
    """The exact solver's best move when it wins the game, else the best trap that keeps its value."""
    assert exact.best_move is not None and exact.value is not None
    if exact.value > to_win(state):
        return exact.best_move
    return (
        yield from trap_move(
            state,
            rng,
            exact.table,
            exact.value,
            stop,
            exact.best_move,
            exact.max_entries,
            make_solver=exact_solver,
            clock=clock,
        )
    )


def _solve(
    state: GameState,
    rng: random.Random,
    stop: float,
    best: int,
    kind: str,
    beats: int | None,
    first: int | None,
    shared: tuple[dict[int, int], int],
    unfinished: Unfinished | None = None,
    clock: Clock = WALL_CLOCK,
    started: AnySolver | None = None,
) -> Generator[int | None, None, AnySolver | None]:
    """The solver of ``kind`` (exact, wide or narrow selective) once finished, or None when ``clock()`` reaches
    ``stop``; ``shared``: its table and how many entries it may hold (:func:`_shared_table`); ``unfinished`` gets
    what it had shown if it stops before the end; ``started``: the same search already made (maybe started), to go
    on with."""
    solver = started or _solver(state, rng, kind, beats, first, shared, clock)
    try:
        yield best  # what came before (another search's last piece, this one's setting up) is one piece, its steps
        if (yield from until(solving(solver), best, stop, clock)) is None:
            if unfinished is not None:
                unfinished.losing |= solver.refuted
                unfinished.holding = solver.current
            return None
    finally:
        solver.close()  # at its time, or when the move is dropped (the compiled core's search runs in a thread)
    return solver


def _solver(
    state: GameState,
    rng: random.Random,
    kind: str,
    beats: int | None,
    first: int | None,
    shared: tuple[dict[int, int], int],
    clock: Clock,
) -> AnySolver:
    table, limit = shared
    return exact_solver(
        state,
        rng,
        table=table,
        selective=kind != "exact",
        narrow=kind == "narrow",
        beats=beats,
        first=first,
        max_entries=limit,
        clock=clock,
    )


def _win_test_ahead(
    state: GameState,
    rng: random.Random,
    kind: str,
    lead: int,
    first: int | None,
    shared: tuple[dict[int, int], int],
    clock: Clock,
    draw: AnySolver,
) -> AnySolver | None:
    """The exact win test, started now on a core of its own beside the ``draw`` test (started first, so that it
    takes the core whose table holds the board), where two searches run side by side
    (:func:`~game.ai.wasm.solver.searches_at_once`); else None (it runs after the draw test). On 4x4 boxes at 32
    lines left after a mistake of Knox the two tests need 1.4-1.7 s of CPU one after the other, more than the
    Expert's time: side by side they take about the longer of the two."""
    if kind != "exact" or not searches_at_once(state):
        return None
    draw.step(0.0)  # starts the searches' threads
    solver = _solver(state, random.Random(rng.getrandbits(64)), kind, lead, first, shared, clock)
    solver.step(0.0)
    return solver


def _won(test: AnySolver | None) -> AnySolver | None:
    """``test`` (a win test) if it has finished with a winning move, else None."""
    return test if test is not None and test.step(0.0) and test.best_move is not None else None


def _shared_table(state: GameState, kind: str, best: int) -> Generator[int, None, tuple[dict[int, int], int]]:
    """The table of this board, variant and search kind (values depend on the drawn lines only, so games share
    it) and the entries it may hold, from the AI's one memory budget (:mod:`game.ai.memory`); yields ``best``
    while retired tables are emptied."""
    rules = state.rules
    key = ("solver", state.board.kind, state.board.size, rules.misere, rules.no_extra, rules.must_capture, kind)
    shared = yield from until(BUDGET.table(key), best)
    assert shared is not None  # no stop time: it ends
    return shared


def clear_tables() -> None:
    """Forgets every table the AI keeps, the compiled core's too (a fresh start: what a new process would know)."""
    BUDGET.clear()
    core_tables.clear_tables()


def quick_move(tables: CoinTables, drawn: int, deg: list[int], rng: random.Random) -> int:
    """A sensible move found at once: a capture, else a safe line, else the line that gives the fewest cells."""
    line_cells = tables.line_cells
    legal = [line for line in range(tables.num_lines) if not drawn >> line & 1]
    captures = [line for line in legal if any(deg[c] == 1 for c in line_cells[line])]
    if captures:
        return rng.choice(captures)
    safe = lines_of(safe_mask(tables, drawn, deg))
    if safe:
        return rng.choice(safe)
    given = {line: cells_given(tables, drawn, deg, line) for line in legal}
    fewest = min(given.values())
    return rng.choice([line for line in legal if given[line] == fewest])
