"""The solver's interface over the compiled core, searching in a thread; :func:`exact_solver` picks it.

:class:`WasmSolver` answers what :class:`~game.ai.search.solver.Solver` answers (``step(budget) -> done``,
``value``, ``best_move``, ``refuted``, ``current``, ``nodes``) for the exact and the selective searches, any board
and rule variant of two players. The Python solver computes its root moves and their order (so ``rng`` and
``first`` act as they do there); the core searches them. The first ``step`` starts a thread that runs the core a
slice of nodes at a time (:data:`SLICE_NODES`); ``step`` only waits for it up to its budget, so a caller that
steps with budget 0 between frames never waits. :meth:`WasmSolver.close` (or dropping the solver) stops the thread
within a slice.
"""

from __future__ import annotations

import functools
import hashlib
import threading

from ... import __version__
from ...core import GameState
from ..position.coins import CoinTables
from ..search.common import OutOfNodes
from ..search.solver import DEFAULT_OPTIONS, Solver, SolverOptions
from ..search.solver import solve_move as python_solve_move
from . import browser
from .browser import BrowserSolver
from .front import CoreFront
from .runtime import CORES, DONE, MODULE, OUT_OF_NODES, RUNNING, Core, CoreError, Pool, pool, present, search_kind

SLICE_NODES = 50_000  # nodes per call into the core (a few ms): how soon a stopped search lets go of its core
# ``step`` waits at least this long for the search: a caller that steps with no budget (the Expert's generator,
# whose step then ends at that look: ``game.steps.waiting_elsewhere``) sleeps instead of spinning, and the search
# thread has the CPU.
POLL_SECONDS = 0.0005
# A search held to a time (a line's value, ``values``) runs slices sized to end by then: the first of FIRST_SLICE
# nodes, each next one of as many nodes as the last slice's rate fits in SLICE_SECONDS or in the time left, whichever
# is less (at least MIN_SLICE). A slice of 50,000 nodes took 130 ms on an empty 5x5 board and seconds on 12x12.
FIRST_SLICE = MIN_SLICE = 50
SLICE_SECONDS = 0.002


def timed_slice(nodes: int, seconds: float, left: float) -> int:
    """The nodes of the next slice after one of ``nodes`` that took ``seconds``, with ``left`` seconds to go (none
    left: the rate's SLICE_SECONDS, for the next search)."""
    rate = nodes / max(seconds, 1e-6)
    return max(MIN_SLICE, min(SLICE_NODES, int(rate * (min(SLICE_SECONDS, left) if left > 0 else SLICE_SECONDS))))


def warm_up(state: GameState) -> None:
    """Loads the compiled core now (about 0.1 s, once a process) when it will search ``state``: a caller that times
    each search (the engine's ``review`` and ``values``) then gives each its whole time."""
    if runs_compiled(state) and not browser.connected():
        pool()


class CoreJob:
    """A request a search thread runs on a core of the pool (:meth:`run`), shared with the caller: the position,
    the stop flag, whether it ``failed`` (no core here, the pool closing, or the core refusing the position: Python
    takes over) and ``finished``. A kind of request says what it does with its core in :meth:`_work`."""

    def __init__(self, tables: CoinTables, state: GameState) -> None:
        rules = state.rules
        self.tables = tables
        self.board: tuple[object, ...] = (state.board.kind, state.board.size, rules.misere, rules.no_extra)
        self.drawn = [line for line in range(tables.num_lines) if state.drawn >> line & 1]
        self.misere, self.no_extra = rules.misere, rules.no_extra
        self.stop = False
        self.failed = False
        self.finished = threading.Event()

    def run(self) -> None:
        cores = pool()  # loads the module the first time (about 0.1 s), here in the thread, not in the frame loop
        core = None if cores is None else cores.take(self.board, lambda: self.stop)
        self.failed = core is None and not self.stop  # no core here, or the pool is closing: Python takes over
        try:
            if core is not None and cores is not None:
                core.load(self.tables, self.board)
                self._work(core, cores)
        except CoreError:
            self.failed = True
        finally:
            if core is not None and cores is not None:
                cores.give_back(core)
            self.finished.set()

    def _work(self, core: Core, cores: Pool) -> None:
        raise NotImplementedError


class _Job(CoreJob):
    """One search as the thread runs it, and its answer."""

    def __init__(self, reference: Solver, state: GameState, max_nodes: int | None) -> None:
        super().__init__(reference.tables, state)
        self.moves = reference.search_order() if state.drawn != reference.tables.full else []
        self.beats = reference.beats
        self.kind = search_kind(reference)
        self.max_nodes = max_nodes or 0
        self.value: int | None = None
        self.best_move: int | None = None
        self.out_of_nodes = False
        self.nodes = 0
        self.current: int | None = None
        self.refuted: set[int] = set()

    def _work(self, core: Core, cores: Pool) -> None:
        core.start(self.drawn, self.moves, self.misere, self.no_extra, self.beats, self.max_nodes, self.kind)
        self.current = self.moves[0] if self.moves else None
        status = RUNNING
        while status == RUNNING and not (self.stop or cores.closing):
            status = core.run(SLICE_NODES)
            self.nodes, self.current, refuted = core.progress()
            self.refuted = set(refuted)
        if status == DONE:
            self.value, self.best_move = core.result()
        self.out_of_nodes = status == OUT_OF_NODES
        self.failed = status == RUNNING and not self.stop  # the pool closed under it


class WasmSolver(CoreFront):
    """The :class:`~game.ai.search.solver.Solver` (exact, or selective) run by the compiled core.

    Same arguments; ``table``, ``max_entries`` and ``pause_every`` are accepted for the same calls and not used:
    the core keeps its own table per board and rules (of fixed size, in its memory), and runs in slices of
    nodes. If the core cannot take the board (more than 384 lines), the Python solver runs instead."""

    def _start(self, state: GameState, max_nodes: int | None) -> None:
        self._job = _Job(self._reference, state, max_nodes)
        self._thread: threading.Thread | None = None
        self._fallback: Solver | None = None

    @property
    def refuted(self) -> set[int]:
        return self._fallback.refuted if self._fallback else self._job.refuted

    @property
    def current(self) -> int | None:
        return self._fallback.current if self._fallback else self._job.current

    @property
    def nodes(self) -> int:
        return self._fallback.nodes if self._fallback else self._job.nodes

    def step(self, budget_seconds: float) -> bool:
        """Waits up to ``budget_seconds`` (at least :data:`POLL_SECONDS`) for the search, which the first call
        starts; True once it is done. Raises :class:`~game.ai.search.common.OutOfNodes` past ``max_nodes``."""
        if self.done:
            return True
        if self._fallback is not None:
            return self._step_fallback(budget_seconds)
        if self._thread is None and not self._job.finished.is_set():
            self._thread = threading.Thread(target=self._job.run, name="wasm-solver", daemon=True)
            self._thread.start()
        if not self._job.finished.wait(max(budget_seconds, POLL_SECONDS)):
            return False
        job = self._job
        if job.failed:
            self._fallback = self._reference
            return self._step_fallback(budget_seconds)
        if job.out_of_nodes:
            raise OutOfNodes
        if job.stop:
            return False
        self.value, self.best_move, self.done = job.value, job.best_move, True
        return True

    def finish(self) -> None:
        """Searches to the end in the calling thread, starting none (a tool or a test that would only wait for the
        answer: no thread hand-off for each of many small searches). Raises
        :class:`~game.ai.search.common.OutOfNodes` past ``max_nodes``."""
        if not (self.done or self._fallback or self._thread):
            self._job.run()
        while not self.step(3600.0):
            pass

    def _step_fallback(self, budget_seconds: float) -> bool:
        assert self._fallback is not None
        self.done = self._fallback.step(budget_seconds)
        self.value, self.best_move = self._fallback.value, self._fallback.best_move
        return self.done

    def close(self) -> None:
        """Stops the search (its thread lets go of the core within a slice of nodes)."""
        self._job.stop = True

    def __del__(self) -> None:
        self._job.stop = True


def solve(state: GameState, max_seconds: float | None = None) -> int | None:
    """:func:`game.ai.search.solver.solve` by the compiled core when it runs here, else by the Python solver."""
    found = solve_move(state, max_seconds)
    return None if found is None else found[0]


def solve_move(state: GameState, max_seconds: float | None = None) -> tuple[int, int | None] | None:
    """:func:`game.ai.search.solver.solve_move` by the compiled core when it runs here (the value of a two-player
    position and a best line, or None if ``max_seconds`` run out first), else by the Python solver."""
    solver = exact_solver(state)
    if isinstance(solver, Solver):
        return python_solve_move(state, max_seconds)
    finished = solver.step(1e9 if max_seconds is None else max_seconds)
    solver.close()
    if not finished:
        return None
    assert solver.value is not None
    return solver.value, solver.best_move


def core_takes(state: GameState) -> bool:
    """Whether the compiled core searches ``state``'s rules: two players, captures optional (the core does not know
    the captures-compulsory rule; the Python solver does)."""
    return state.rules.players == 2 and not state.rules.must_capture


def runs_compiled(state: GameState) -> bool:
    """Whether :func:`exact_solver` hands out the compiled core's solvers for ``state`` (found without loading the
    module: the Expert plans its move by it)."""
    return core_takes(state) and (present() or browser.connected())


def searches_at_once(state: GameState) -> bool:
    """Whether two searches of ``state`` run side by side here, each on a core of its own: the compiled core under
    ``wasmtime`` (:data:`~.runtime.CORES` instances, each in its thread), or in the browser two Web Workers
    (:func:`~.browser.searches_at_once`: a device of two cores or more, both running); not one Worker, which
    takes its searches in turn, nor the Python solver, which runs in the caller's steps."""
    if not core_takes(state):
        return False
    if browser.connected():
        return browser.searches_at_once()
    return present() and CORES > 1


def solver_version(state: GameState) -> str:
    """Which exact solver searches ``state`` here, as results kept for later must say (a review's): the compiled
    core's module by its digest, or the Python solver of this version of the game."""
    return f"core-{module_digest()}" if runs_compiled(state) else f"python-{__version__}"


@functools.cache
def module_digest() -> str:
    return hashlib.sha256(MODULE.read_bytes()).hexdigest()[:16]


def compiled_core_available() -> bool:
    """Whether the compiled core runs here (``wasmtime`` and the module load)."""
    return pool() is not None


AnySolver = Solver | WasmSolver | BrowserSolver  # one interface: step, value, best_move, refuted, current, close


def exact_solver(state: GameState, options: SolverOptions = DEFAULT_OPTIONS) -> AnySolver:
    """A solver for ``state`` searching as ``options`` say (:class:`~game.ai.search.solver.SolverOptions`): the
    compiled core's for the searches of two players (exact or selective) when it runs here, else the Python solver
    (three or four players raise as there; no ``wasmtime``: the game plays on at Python speed and says nothing). In
    the browser, once :func:`~.browser.connect` has started the Worker, the Worker's."""
    if not runs_compiled(state):
        return Solver(state, options)
    if browser.connected():
        return BrowserSolver(state, options)
    return WasmSolver(state, options)
