"""WasmSolver: the Python solver's interface, searching in a thread, stoppable, with the Python solver behind it."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from game.ai.search.common import OutOfNodes
from game.ai.search.solver import Solver, SolverOptions
from game.ai.wasm import runtime
from game.ai.wasm import solver as compiled
from game.core import Board, GameState, Rules

pytestmark = pytest.mark.skipif(not compiled.compiled_core_available(), reason="wasmtime is not installed")


def played(board: Board, lines_left: int, seed: int, rules: Rules | None = None) -> GameState:
    """A position reached by random safe play (then any line) with ``lines_left`` lines left."""
    rng = random.Random(seed)
    state = GameState(board, rules)
    while state.lines_left > lines_left:
        safe = [line for line in state.legal_lines() if state.is_safe(line)]
        state.play(rng.choice(safe) if safe else rng.choice(state.legal_lines()))
    return state


def finish(solver: Solver | compiled.WasmSolver) -> None:
    while not solver.step(1.0):
        pass


def test_the_empty_3x3_board_is_worth_minus_3_with_a_best_move() -> None:
    solver = compiled.WasmSolver(GameState(Board.square(3)))
    finish(solver)
    assert solver.value == -3
    assert solver.best_move is not None
    assert solver.nodes > 1000


def test_an_interrupted_search_is_on_a_legal_move_in_both_solvers() -> None:
    state = played(Board.square(5), 40, seed=3)  # far too big to finish in a few steps
    python = Solver(state, SolverOptions(beats=0))
    for _ in range(3):
        assert not python.step(0.0)
    fast = compiled.WasmSolver(state, SolverOptions(beats=0))
    while fast.nodes < 2 * compiled.SLICE_NODES:  # two slices searched, whatever the machine's speed
        assert not fast.step(0.01)
    fast.close()
    legal = set(state.legal_lines())
    assert python.current in legal and python.refuted <= legal
    assert fast.current in legal and fast.refuted <= legal
    assert fast.best_move is None and fast.value is None and not fast.done


def test_a_node_limit_raises_out_of_nodes_as_the_python_solver_does() -> None:
    state = played(Board.square(4), 30, seed=5)
    solver = compiled.WasmSolver(state, SolverOptions(max_nodes=1000))
    with pytest.raises(OutOfNodes):
        finish(solver)


def test_finish_searches_in_the_calling_thread_as_step_does_in_its_own() -> None:
    state = played(Board.square(4), 26, seed=9)
    stepped = compiled.WasmSolver(state)
    finish(stepped)
    runtime.clear_tables()  # (the same search again from an empty table: the same nodes)
    before = set(threading.enumerate())
    finished = compiled.WasmSolver(state)
    finished.finish()
    assert not set(threading.enumerate()) - before and finished._thread is None, "no thread started"
    assert (finished.value, finished.best_move, finished.nodes) == (stepped.value, stepped.best_move, stepped.nodes)
    python = Solver(state)
    python.finish()
    assert python.value == finished.value
    with pytest.raises(OutOfNodes):
        compiled.WasmSolver(played(Board.square(4), 30, seed=5), SolverOptions(max_nodes=1000)).finish()


def test_beats_finds_a_winning_move_or_proves_there_is_none() -> None:
    state = played(Board.square(3), 16, seed=7)
    exact = compiled.WasmSolver(state)
    finish(exact)
    assert exact.value is not None
    above = compiled.WasmSolver(state, SolverOptions(beats=exact.value - 1))
    finish(above)
    assert above.best_move is not None and above.value is not None and above.value >= exact.value
    none = compiled.WasmSolver(state, SolverOptions(beats=exact.value))
    finish(none)
    assert none.best_move is None and none.value is not None and none.value <= exact.value
    assert set(none.refuted) == set(Solver(state, SolverOptions(beats=exact.value)).search_order())


def test_rng_and_first_order_the_root_moves_as_in_the_python_solver() -> None:
    state = played(Board.square(3), 18, seed=11)
    order = Solver(state, SolverOptions(random.Random(4), first=state.legal_lines()[-1])).search_order()
    fast = compiled.WasmSolver(state, SolverOptions(random.Random(4), first=state.legal_lines()[-1]))
    assert fast._job.moves == order


def test_without_the_core_the_factory_gives_the_python_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    state = GameState(Board.square(2))
    assert isinstance(compiled.exact_solver(state), compiled.WasmSolver)
    assert isinstance(compiled.exact_solver(state, SolverOptions(selective=True)), compiled.WasmSolver)
    with pytest.raises(ValueError, match="two players"):
        compiled.exact_solver(GameState(Board.square(2), Rules(players=3)))
    monkeypatch.setattr(compiled, "present", lambda: False)
    assert isinstance(compiled.exact_solver(state), Solver)


def test_when_the_core_cannot_load_the_solver_falls_back_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "pool", lambda: None)
    solver = compiled.WasmSolver(GameState(Board.square(2)))
    finish(solver)
    assert solver.value == 2 and solver.best_move is not None


def test_two_searches_at_once_each_finish_on_its_own_core() -> None:
    first = compiled.WasmSolver(played(Board.square(3), 20, seed=1))
    second = compiled.WasmSolver(played(Board.triangle(4), 14, seed=2, rules=Rules(misere=True)))
    first.step(0.0)
    finish(second)
    finish(first)
    assert first.value is not None and second.value is not None


class FakeCore:
    board: tuple[object, ...] | None = None


def test_the_pool_prefers_a_core_holding_the_board_and_gives_up_when_asked() -> None:
    made: list[FakeCore] = []

    def make() -> FakeCore:
        made.append(FakeCore())
        return made[-1]

    pool = runtime.Pool(make, size=2)  # type: ignore[arg-type]
    first, second = pool.take(("a",), lambda: False), pool.take(("b",), lambda: False)
    assert first is made[0] and second is made[1]
    assert pool.take(("a",), lambda: True) is None  # both busy: it would wait
    first.board, second.board = ("a",), ("b",)  # type: ignore[union-attr]
    pool.give_back(first)  # type: ignore[arg-type]
    pool.give_back(second)  # type: ignore[arg-type]
    assert pool.take(("b",), lambda: False) is second
    assert pool.take(("c",), lambda: False) is first
    assert len(made) == 2


def test_the_pool_waits_a_moment_for_the_busy_core_that_holds_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime, "WAIT_FOR_WARM", 60.0)  # longer than any machine takes to run the timer below
    made: list[FakeCore] = []

    def make() -> FakeCore:
        made.append(FakeCore())
        return made[-1]

    pool = runtime.Pool(make, size=2)  # type: ignore[arg-type]
    first = pool.take(("a",), lambda: False)
    first.board = ("a",)  # type: ignore[union-attr]
    threading.Timer(0.01, pool.give_back, [first]).start()  # a stopped search lets go of it a moment later
    assert pool.take(("a",), lambda: False) is first
    assert len(made) == 1


def test_a_closed_pool_frees_its_cores_and_leaves_searches_to_python() -> None:
    cores = runtime._load()
    assert cores is not None
    core = cores.take(("a",), lambda: False)
    assert core is not None
    cores.give_back(core)
    cores.close()
    assert cores.take(("a",), lambda: False) is None
    with pytest.raises(ValueError):  # the store is freed
        core.run(1)


def test_with_every_core_busy_a_search_gets_one_more_core_after_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime, "WAIT_FOR_ANY", 0.0)
    made: list[FakeCore] = []

    def make() -> FakeCore:
        made.append(FakeCore())
        return made[-1]

    pool = runtime.Pool(make, size=1)  # type: ignore[arg-type]
    first = pool.take(("a",), lambda: False)
    second = pool.take(("b",), lambda: False)  # the first is held by a search nobody stopped
    assert second is not first and len(made) == 2


def test_a_dropped_expert_move_stops_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.levels import expert

    state = played(Board.square(4), 32, seed=9)  # the exact solver runs first at 32 lines left
    solvers: list[compiled.WasmSolver] = []
    original = expert.exact_solver

    def recording(*args: Any, **kwargs: Any) -> compiled.AnySolver:
        solver = original(*args, **kwargs)
        if isinstance(solver, compiled.WasmSolver):
            solvers.append(solver)
        return solver

    monkeypatch.setattr(expert, "exact_solver", recording)
    move = expert.expert_move(state, random.Random(1), budget_seconds=60.0)
    while not solvers:
        next(move)
    next(move)
    move.close()  # the player undid, or left the game: the move's generator is dropped
    assert solvers and all(solver._job.stop for solver in solvers)
