"""The one driver of the game's generators (``game/steps.py``), with fake clocks."""

from __future__ import annotations

from collections.abc import Generator

from ai_helpers import TickingClock

from game.steps import Stepper, run, until


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
