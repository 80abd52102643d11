"""The analysis board's values: every legal line's exact value, by the compiled core (one request, in a thread)
and by the Python solver (stepped line by line), through the one interface."""

from __future__ import annotations

import random

import pytest
from ai_helpers import TickingClock

from game.ai.analysis import Analysis, finish
from game.ai.search.solver import line_values
from game.ai.wasm import values as compiled
from game.ai.wasm.solver import compiled_core_available
from game.core import Board, GameState, Rules
from game.engine import Engine

needs_core = pytest.mark.skipif(not compiled_core_available(), reason="wasmtime cannot run the core here")


def random_position(rng: random.Random) -> GameState:
    board = rng.choice([Board.square(2, 2), Board.square(2, 3), Board.triangle(4), Board.hexagon(1)])
    rules = Rules(misere=rng.random() < 0.4, no_extra=rng.random() < 0.4)
    state = GameState(board, rules)
    while state.lines_left > rng.randint(1, 9):
        state.play_random(rng)
    return state


@pytest.mark.parametrize("make", [compiled.exact_values, Analysis], ids=["exact_values", "python"])
def test_every_legal_line_gets_the_value_the_solver_gives_it(make) -> None:
    rng = random.Random(8)
    for _ in range(60):
        state = random_position(rng)
        before = state.snapshot()
        assert finish(make(state, 60.0)) == line_values(state), state.drawn
        assert state.snapshot() == before


@pytest.mark.slow
@needs_core
def test_the_cores_request_values_4x4_positions_as_the_python_solver_does() -> None:
    """The differential test of the one-request search (a thread on the desktop) on bigger positions: 4x4 and 3x5
    games 12-16 lines from the end, every rule variant, against the Python solver's line values."""
    rng = random.Random(19)
    for _ in range(12):
        board = rng.choice([Board.square(4), Board.square(3, 5)])
        state = GameState(board, Rules(misere=rng.random() < 0.3, no_extra=rng.random() < 0.3))
        while state.lines_left > rng.randint(12, 16):
            safe = [line for line in state.legal_lines() if state.is_safe(line)]
            state.play(rng.choice(safe or state.legal_lines()))
        search = compiled.exact_values(state, 60.0)
        assert isinstance(search, compiled.CoreValues)
        assert finish(search) == line_values(state), f"{state.board.describe()} {state.rules} {state.drawn:#x}"
        assert compiled.line_values(state) == line_values(state)


@needs_core
def test_the_core_values_the_lines_between_the_callers_steps_and_gives_up_in_wall_time() -> None:
    """The thread goes from line to line by itself: one long wait shows every line, where a line a step would
    show one. With a clock that ticks a whole second at each look, each line is given up after one slice."""
    state = GameState(Board.square(3))
    for line in (0, 5, 13, 20):
        state.play(line)
    search = compiled.CoreValues(state, 60.0)
    search.step(0.0)  # (starts the thread)
    search._job.finished.wait(30)
    assert search.step(0.0) and search.values == line_values(state)
    hard = GameState(Board.square(5))
    given_up = compiled.CoreValues(hard, 0.5, lines=hard.legal_lines()[:3], clock=TickingClock(1.0))
    assert finish(given_up) == dict.fromkeys(hard.legal_lines()[:3])


@pytest.mark.slow
def test_the_analysis_works_in_small_steps_and_ends_with_every_line() -> None:
    state = GameState(Board.square(3))
    for line in (0, 5, 13, 20):
        state.play(line)
    analysis = Analysis(state, 60.0)
    steps = 0
    while not analysis.step(0.0):
        steps += 1
    assert steps > 0
    assert set(analysis.values) == set(state.legal_lines()) and None not in analysis.values.values()


def test_engine_values_prints_each_legal_line_then_ok() -> None:
    engine = Engine()
    engine.handle("new square 2 2")
    for line in (0, 7):
        engine.handle(f"move {line}")
    reply = engine.handle("values maxtime=5000")
    assert reply[-1] == "ok"
    pairs = [text.split() for text in reply[:-1]]
    assert [int(words[0]) for words in pairs] == engine.state.legal_lines()
    assert {words[1] for words in pairs} == {"value"}
    assert max(int(words[2]) for words in pairs) == int(engine.handle("solve")[0].split()[1])


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        (["new square 1 1", "move 0", "move 1", "move 2", "move 3"], "the game is over"),
        (["new square 2 2 players=3"], "two-player games only"),
    ],
)
def test_engine_values_refuses_what_it_cannot_value(setup: list[str], reason: str) -> None:
    engine = Engine()
    for command in setup:
        engine.handle(command)
    reply = engine.handle("values")
    assert len(reply) == 1 and reply[0].startswith("error: ") and reason in reply[0]


class Background:
    """A solver searching elsewhere (a thread, a Worker): its step only polls, returns at once and never ends."""

    def __init__(self, state: GameState) -> None:
        self.value = None
        self.closed = False

    def step(self, budget: float) -> bool:
        return False

    def close(self) -> None:
        self.closed = True


def test_a_line_searched_elsewhere_is_given_up_after_its_time_in_wall_time():
    state = GameState(Board.square(2))
    made: list[Background] = []

    def make(after: GameState) -> Background:
        made.append(Background(after))
        return made[-1]

    analysis = Analysis(state, 0.01, make)
    while not analysis.step(0.0):  # (each step only polls: the time counted is the time since the search began)
        pass
    assert set(analysis.values) == set(state.legal_lines()) and set(analysis.values.values()) == {None}
    assert len(made) == len(state.legal_lines()) and all(solver.closed for solver in made)


def test_the_analysis_can_be_limited_to_some_lines_and_closed():
    state = GameState(Board.square(2, 2))
    state.play(0)
    some = state.legal_lines()[::3]
    for make in (Analysis, compiled.exact_values):
        analysis = make(state, 60.0, lines=[*some, 0])  # (line 0 is drawn: not valued)
        assert analysis.lines == some
        assert finish(analysis) == line_values(state, some)
    made: list[Background] = []
    stopped = Analysis(state, 60.0, lambda after: made.append(Background(after)) or made[-1])
    stopped.step(0.0)
    stopped.close()
    assert made[0].closed and stopped.values[stopped.lines[0]] is None
