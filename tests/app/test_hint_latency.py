"""Hints and computer moves get the idle part of each frame, and hint searches a budget sized for the board; while
the search runs elsewhere (the compiled core's thread or Web Worker) frames come at the display's rate."""

from __future__ import annotations

import math
import random

from game.ai.reasons import Reason, Why
from game.app.app import FRAME_RATE, SEARCH_FRAME_SECONDS, STEP_MAX_SECONDS, STEP_MIN_SECONDS
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.play.thinking import HINT_MAX_SECONDS, hint_seconds
from game.steps import Stepper, waiting_elsewhere

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), animation="fast")


class RecordingSearch:
    """Stands in for a search: records the budget of every step, done after ``steps`` steps."""

    def __init__(self, steps: int, best: int = 0) -> None:
        self.budgets: list[float] = []
        self.steps = steps
        self.best = best
        self.reason = Reason(Why.SAFE)

    def step(self, budget: float) -> bool:
        self.budgets.append(budget)
        return len(self.budgets) >= self.steps


def test_step_budget_is_what_a_30_hz_frame_leaves_after_drawing(make_driver):
    app = make_driver().app
    app.other_seconds = 0.0  # (as if the last turn did nothing but draw)
    app.draw_seconds = 0.001
    assert app.step_budget() == STEP_MAX_SECONDS
    app.draw_seconds = 0.012
    assert STEP_MIN_SECONDS < app.step_budget() < STEP_MAX_SECONDS
    assert app.step_budget() + app.draw_seconds < SEARCH_FRAME_SECONDS, "frames still come 30 times a second"
    app.draw_seconds = 0.030
    assert app.step_budget() == STEP_MIN_SECONDS, "a slow frame still lets the search advance"


def test_a_turn_that_costs_more_than_its_drawing_leaves_the_search_less(make_driver):
    """The loop measures each turn's time outside the search steps it granted (input, drawing, a step that ran
    over) and the next step only gets what is left of a 30 Hz frame."""
    import time

    driver = make_driver()
    app = driver.app

    class Slow(type(driver.scene)):
        def update(self, dt: float) -> None:
            budget = app.step_budget()
            until = time.perf_counter() + budget + 0.012  # the search step runs 12 ms over
            while time.perf_counter() < until:
                pass

    app.manager.push(Slow(app))
    driver.frames(3)
    assert app.other_seconds >= 0.012
    assert app.step_budget() <= SEARCH_FRAME_SECONDS - 0.012


def test_a_loop_that_comes_back_late_from_its_pause_leaves_the_search_less(make_driver, monkeypatch):
    """In the browser the page does its own work while the loop awaits (compositing, events): the loop counts
    how late it came back, so the next search step leaves room for it and frames still come 30 times a second."""
    import asyncio
    import time

    from game.app import app as app_module

    driver = make_driver()
    app = driver.app
    real_sleep = asyncio.sleep

    async def late_sleep(seconds: float) -> None:
        time.sleep(seconds + 0.012)  # the page held the thread 12 ms longer than asked
        await real_sleep(0)

    monkeypatch.setattr(app_module.asyncio, "sleep", late_sleep)
    asyncio.run(app.run(max_frames=app.frames + 3))
    assert app.other_seconds >= 0.012
    assert app.step_budget() <= SEARCH_FRAME_SECONDS - 0.012


class FakeTime:
    """``time`` for the app's loop: reads a fake clock that only the search's pieces and the loop's pauses move
    (drawing and the rest of a turn take no time)."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


def searching_turns(make_driver, monkeypatch, piece_seconds: float, waits: bool, turns: int = 12) -> list[float]:
    """Runs the app's real loop (60 frames a second) over a scene that steps a search each turn with the app's step
    budget, its pieces ``piece_seconds`` long, each only a look at a search running elsewhere if ``waits``; how long
    each turn was, from the start of one to the start of the next, on the fake clock."""
    import asyncio

    from game.app import app as app_module

    fake = FakeTime()
    monkeypatch.setattr(app_module, "time", fake)

    async def pause(seconds: float) -> None:
        fake.now += seconds

    monkeypatch.setattr(app_module.asyncio, "sleep", pause)
    driver = make_driver()
    app = driver.app

    def pieces():
        while True:
            fake.now += piece_seconds
            if waits:
                waiting_elsewhere()
            yield None

    search = Stepper(pieces(), clock=fake.perf_counter)
    started: list[float] = []

    class Thinking(type(driver.scene)):
        def update(self, dt: float) -> None:
            started.append(fake.now)
            search.step(app.step_budget())

        def wants_frame(self) -> bool:
            return True  # (the thinking dots move)

    app.manager.push(Thinking(app))
    asyncio.run(app.run(max_frames=app.frames + turns, frame_rate=FRAME_RATE))
    return [later - earlier for earlier, later in zip(started[2:], started[3:], strict=False)]


def test_while_the_search_runs_elsewhere_frames_come_at_the_display_rate(make_driver, monkeypatch):
    """Each step only looks at the search (the core's Worker or thread) and ends there: the loop's turn is short and
    the next frame comes when due, 60 times a second, not after the 25 ms a search step may take."""
    periods = searching_turns(make_driver, monkeypatch, piece_seconds=0.0002, waits=True)
    assert periods and all(abs(period - 1 / FRAME_RATE) < 1e-9 for period in periods)


def test_a_search_in_python_gets_its_steps_and_frames_still_come_30_times_a_second(make_driver, monkeypatch):
    """The Python solver (no Worker) or Hard's move searches on the loop's thread: each turn it works the whole step
    budget, and frames come as often as that leaves room for, at least 30 times a second."""
    periods = searching_turns(make_driver, monkeypatch, piece_seconds=0.001, waits=False)
    assert periods and all(STEP_MAX_SECONDS - 1e-9 < period <= SEARCH_FRAME_SECONDS for period in periods)


def test_the_board_scene_gives_the_hint_search_the_frames_budget(make_driver):
    driver = make_driver()
    session = Session(TWO_PEOPLE, random.Random(1), first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    search = RecordingSearch(steps=3, best=session.state.legal_lines()[2])
    session.thinker.hint_search = search
    driver.frames(3)
    assert len(search.budgets) == 3
    assert all(STEP_MIN_SECONDS <= budget <= STEP_MAX_SECONDS for budget in search.budgets)
    assert session.hint == (search.best, Reason(Why.SAFE))


def test_hint_budget_grows_with_the_board_but_stays_under_half_a_second():
    small, large = hint_seconds(Settings(size=(3, 3)).board().num_lines), hint_seconds(12 * 13 * 2)
    assert small < large <= HINT_MAX_SECONDS < 0.5


def test_a_hint_shows_within_the_frames_its_budget_allows(make_driver, monkeypatch):
    """A hint searched in the steps (the Python solver, where the compiled core does not run): every step but the
    last works for the step budget the app hands out on the search's own clock, so the frame count to the hint is
    bounded by (hint budget / smallest step budget) whatever the machine's speed. (The compiled core's search runs
    in its thread between the frames, a look a step: its hint comes within its budget of wall time.)"""
    from game.ai.wasm import solver as compiled

    monkeypatch.setattr(compiled, "present", lambda: False)
    driver = make_driver()
    handed: list[float] = []
    budget_of_frame = driver.app.step_budget

    def recorded() -> float:
        handed.append(budget_of_frame())
        return handed[-1]

    driver.app.step_budget = recorded
    settings = TWO_PEOPLE.with_(size=(3, 3))
    session = Session(settings, random.Random(1), first=0)
    for line in (0, 7, 13, 20):  # four safe lines: the exact search has work to do
        session.state.play(line)
        session.movers[0].append(1 - session.state.to_move)
    driver.app.go("board", session=session)
    driver.frames(2)
    driver.press_button("Hint")
    asked = driver.app.frames
    driver.until(lambda: session.hint is not None, limit=1000)
    budget = hint_seconds(session.board.num_lines)
    assert driver.app.frames - asked <= math.ceil(budget / min(handed)) + 2
