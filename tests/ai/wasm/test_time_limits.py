"""Time limits kept (issue 32): a line of ``values`` is given up within a few ms of its time whatever a node costs,
a small time still solves what it can, a slice of the compiled core ends after a bounded amount of work even inside
the endgame formula, and ``review``/``values`` load the core before any position's time starts."""

from __future__ import annotations

import pytest

from game.ai import commands
from game.ai.position.coins import tables_for
from game.ai.wasm import solver as compiled_solver
from game.ai.wasm.runtime import DONE, EXACT, RUNNING, pool
from game.ai.wasm.solver import SLICE_SECONDS, compiled_core_available
from game.ai.wasm.values import _ValuesJob
from game.core import Board, GameState
from game.engine import Engine

needs_core = pytest.mark.skipif(not compiled_core_available(), reason="wasmtime cannot run the core here")
SLACK = 0.010  # beyond the asked time


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FakeCore:
    """A core whose search of each line takes ``needs`` nodes, each costing ``cost`` seconds of the fake clock."""

    def __init__(self, clock: FakeClock, cost: float, needs: int) -> None:
        self.clock, self.cost, self.needs = clock, cost, needs
        self.done_nodes = 0
        self.slices: list[int] = []

    def start(self, *_args: object) -> None:
        self.done_nodes = 0

    def run(self, nodes: int) -> int:
        self.slices.append(nodes)
        step = min(nodes, self.needs - self.done_nodes)
        self.done_nodes += step
        self.clock.now += step * self.cost
        return DONE if self.done_nodes >= self.needs else RUNNING

    def result(self) -> tuple[int, int | None]:
        return 7, None


@pytest.mark.parametrize("cost", [1e-7, 1e-6, 2e-5, 1e-4, 1e-3])
@pytest.mark.parametrize("seconds", [0.001, 0.02, 0.5])
def test_a_line_is_given_up_within_a_few_ms_of_its_time_whatever_a_node_costs(cost: float, seconds: float) -> None:
    # Before: slices of 50,000 nodes whatever the time (130 ms on an empty 5x5 board, seconds on 12x12 boxes)
    clock = FakeClock()
    state = GameState(Board.square(5))
    job = _ValuesJob(tables_for(state.board), state, state.legal_lines()[:4], seconds, clock)
    core = FakeCore(clock, cost, needs=10**12)
    for line in job.lines:
        began = clock.now
        assert job._value(core, line) is None  # type: ignore[arg-type]
        assert seconds <= clock.now - began <= seconds + max(SLICE_SECONDS, 2 * cost * 50) + 1e-9


@pytest.mark.parametrize("cost", [1e-6, 1e-5])
def test_a_small_time_still_solves_what_it_can(cost: float) -> None:
    clock = FakeClock()
    state = GameState(Board.square(5))
    job = _ValuesJob(tables_for(state.board), state, state.legal_lines()[:3], 0.02, clock)
    within = FakeCore(clock, cost, needs=int(0.015 / cost))  # 15 ms of work: found
    assert [job._value(within, line) for line in job.lines] == [7, 7, 7]  # type: ignore[arg-type]
    beyond = FakeCore(clock, cost, needs=int(0.03 / cost))  # 30 ms: given up
    assert job._value(beyond, 0) is None  # type: ignore[arg-type]


@needs_core
def test_a_slice_of_the_core_ends_inside_the_endgame_formula() -> None:
    # Before: each run(500) on the empty 12x12 board searched its 500 nodes, one of which could take the endgame
    # formula 0.8 s; now the formula's steps end a slice too, and the search still goes on from slice to slice.
    state = GameState(Board.square(12))
    cores = pool()
    assert cores is not None
    board = (state.board.kind, state.board.size, False, False)
    core = cores.take(board, lambda: False)
    assert core is not None
    try:
        core.load(tables_for(state.board), board)
        core.start([], [0], False, False, None, 0, EXACT)
        counts = [0]
        for _ in range(40):
            assert core.run(500) == RUNNING
            counts.append(core.progress()[0])
        gains = [after - before for before, after in zip(counts, counts[1:], strict=False)]
        assert max(gains) <= 501 and min(gains) < 200, gains
        assert counts[-1] > 40 * 145, "the formula's progress is kept: the search goes deeper"
    finally:
        cores.give_back(core)


@pytest.mark.parametrize("command", ["review maxtime=20", "values maxtime=20"])
def test_review_and_values_load_the_core_before_any_position_is_timed(monkeypatch, command: str) -> None:
    # Before: the first position's 20 ms went on loading the module (0.1-0.6 s on a loaded machine), so a review of
    # 20 ms solved nothing, even a 4-line ending.
    events: list[str] = []
    monkeypatch.setattr(compiled_solver, "runs_compiled", lambda _state: True)
    monkeypatch.setattr(compiled_solver, "pool", lambda: events.append("core loaded"))

    class Recording:
        def __init__(self, *_args: object, **_kwargs: object) -> None:
            events.append("timed search")

        def finish(self) -> Recording:
            return self

        def engine_lines(self) -> list[str]:
            return []

    monkeypatch.setattr(commands, "Review", Recording)
    monkeypatch.setattr(commands, "exact_values", lambda *_args: Recording())
    monkeypatch.setattr(commands, "finish", lambda _search: {})
    engine = Engine()
    for line in ("new square 2 2", "move 0", "move 5"):
        engine.handle(line)
    assert engine.handle(command)[-1] == "ok"
    assert events == ["core loaded", "timed search"]
