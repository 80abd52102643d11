"""The one driver of the game's generators (``game/steps.py``), with fake clocks."""

from __future__ import annotations

from collections.abc import Generator

from ai_helpers import TickingClock

from game.ai.search.solver import Solver, SolverOptions, solving
from game.core import Board, GameState
from game.steps import Stepper, run, until, waiting_elsewhere


def counting(
    pieces: int, found: dict[int, int] | None = None, ran: list[int] | None = None
) -> Generator[int | None, None, str]:
    """Yields ``pieces`` times (``found[i]`` at piece i, else None), then returns "done"; appends each piece run to
    ``ran``."""
    for piece in range(pieces):
        if ran is not None:
            ran.append(piece)
        yield (found or {}).get(piece)
    return "done"


def test_run_takes_a_generator_to_its_end() -> None:
    ran: list[int] = []
    assert run(counting(5, ran=ran)) == "done" and len(ran) == 5


def test_until_passes_the_pauses_on_with_the_best_move_and_returns_the_value() -> None:
    relayed = until(counting(4, {2: 9}), best=7)
    shown = []
    try:
        while True:
            shown.append(next(relayed))
    except StopIteration as done:
        assert done.value == "done"
    assert shown == [7, 7, 9, 7]  # the best move where the search yields None, what it found where it found one


def test_until_stops_at_the_stop_time_after_a_piece_of_work_and_closes_the_search() -> None:
    ran: list[int] = []
    search = counting(100, ran=ran)
    clock = TickingClock(1.0)  # every look finds a second passed: the third look reaches 3.0
    relayed = until(search, best=0, stop=3.0, clock=clock)
    shown = []
    try:
        while True:
            shown.append(next(relayed))
    except StopIteration as done:
        assert done.value is None
    assert shown == [0, 0] and len(ran) == 3  # a piece, a look, a pause; the third look is at the stop
    assert search.gi_frame is None  # closed: it will not run on


def test_until_without_a_stop_time_never_reads_the_clock() -> None:
    def no_clock() -> float:
        raise AssertionError("the clock was read")

    assert run(until(counting(3), best=1, clock=no_clock)) == "done"


def test_a_stepper_works_its_budget_and_keeps_the_last_move_found() -> None:
    ran: list[int] = []
    clock = TickingClock(1.0)  # the deadline is read at the start of a step, then once a piece
    stepper = Stepper(counting(10, {1: 4, 5: 6}, ran), clock)
    assert not stepper.step(2.5)  # looks at 1 (deadline 3.5), 2, 3, 4: three pieces
    assert len(ran) == 3 and stepper.latest == 4 and stepper.value is None
    assert not stepper.step(0.0)  # always at least one piece
    assert len(ran) == 4
    assert not stepper.step(1.5)  # two more: the sixth found 6
    assert stepper.latest == 6
    assert stepper.step(100.0) and stepper.done and stepper.value == "done"
    assert stepper.step(1.0)  # done stays done


def work_then_waiting(looks: int, ran: list[int]) -> Generator[None, None, str]:
    """A piece of work, then ``looks`` pieces that only look at a search running elsewhere; appends each to ``ran``."""
    ran.append(0)
    yield None
    for look in range(1, looks + 1):
        ran.append(look)
        waiting_elsewhere()
        yield None
    return "done"


def test_a_step_ends_after_a_piece_that_only_waited_on_a_search_elsewhere() -> None:
    """A look at a search running elsewhere (the core's thread or Worker) ends the step, however much of its budget
    is left: asking again in the same step would only spin, and the frame gets its time back."""
    ran: list[int] = []
    stepper = Stepper(work_then_waiting(3, ran), TickingClock(0.001))
    assert not stepper.step(1.0)  # the piece of work, then one look
    assert ran == [0, 1]
    assert not stepper.step(1.0) and ran == [0, 1, 2]
    assert not stepper.step(1.0) and ran == [0, 1, 2, 3]
    assert stepper.step(1.0) and stepper.value == "done"


def test_after_a_step_that_waited_the_next_work_gets_its_whole_budget() -> None:
    """Only the piece that waited ends a step: plain work stepped next (here another search) runs to its budget."""
    Stepper(work_then_waiting(3, []), TickingClock(0.001)).step(1.0)
    ran: list[int] = []
    assert not Stepper(counting(10, ran=ran), TickingClock(1.0)).step(2.5)
    assert len(ran) == 3


class SearchingElsewhere:
    """A solver whose search runs elsewhere: each step only looks at it; done at the ``needed``-th look."""

    elsewhere = True

    def __init__(self, needed: int) -> None:
        self.looks = 0
        self.needed = needed

    def step(self, budget: float) -> bool:
        self.looks += 1
        return self.looks >= self.needed


def test_solving_a_search_that_runs_elsewhere_is_one_look_a_step() -> None:
    search = SearchingElsewhere(needed=4)
    stepper = Stepper(until(solving(search), best=0), TickingClock(0.001))
    for look in (1, 2, 3):
        assert not stepper.step(0.025)
        assert search.looks == look
    assert stepper.step(0.025) and stepper.value is search


def test_the_python_solver_searches_for_the_whole_step() -> None:
    """The Python solver searches here, in the steps it is given: a step of 25 ms runs piece after piece of it
    (every look at the fake clock finds 1 ms passed)."""
    state = GameState(Board.square(4))
    solver = Solver(state, SolverOptions(clock=TickingClock(0.001)))
    pieces: list[None] = []

    def counted() -> Generator[None, None, None]:
        for piece in solving(solver):
            pieces.append(piece)
            yield piece

    assert not solver.elsewhere
    assert not Stepper(counted(), TickingClock(0.001)).step(0.025)
    assert len(pieces) >= 20
