"""The analysis board's values: every legal line's exact value, by the compiled core and by the Python solver."""

from __future__ import annotations

import random

import pytest

from game.ai.analysis import Analysis
from game.ai.search.solver import Solver, line_values
from game.core import Board, GameState, Rules
from game.engine import Engine


def random_position(rng: random.Random) -> GameState:
    board = rng.choice([Board.square(2, 2), Board.square(2, 3), Board.triangle(4), Board.hexagon(1)])
    rules = Rules(misere=rng.random() < 0.4, no_extra=rng.random() < 0.4)
    state = GameState(board, rules)
    while state.lines_left > rng.randint(1, 9):
        state.play_random(rng)
    return state


@pytest.mark.parametrize("make_solver", [None, Solver], ids=["exact_solver", "python"])
def test_every_legal_line_gets_the_value_the_solver_gives_it(make_solver: type[Solver] | None) -> None:
    rng = random.Random(8)
    for _ in range(60):
        state = random_position(rng)
        before = state.snapshot()
        analysis = Analysis(state, 60.0) if make_solver is None else Analysis(state, 60.0, make_solver)
        assert analysis.finish().values == line_values(state), state.drawn
        assert state.snapshot() == before


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
    analysis = Analysis(state, 60.0, lines=[*some, 0])  # (line 0 is drawn: not valued)
    assert analysis.lines == some
    assert analysis.finish().values == line_values(state, some)
    made: list[Background] = []
    stopped = Analysis(state, 60.0, lambda after: made.append(Background(after)) or made[-1])
    stopped.step(0.0)
    stopped.close()
    assert made[0].closed and stopped.values[stopped.lines[0]] is None
