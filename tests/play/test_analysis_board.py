"""The analysis board's model: every legal line's exact value in rounds of growing time, the best lines, the words
for a screen reader, and the board following the position shown."""

from __future__ import annotations

import random

from game.ai.analysis import Analysis
from game.ai.search.solver import Solver, line_values
from game.core import Board, GameState, Rules
from game.play.analysis_board import LineValues, ValuesBoard, caption, offers_values, outcome, value_label


def position(seed: int, left: int, board: Board | None = None, rules: Rules | None = None) -> GameState:
    state = GameState(board or Board.square(3), rules or Rules())
    rng = random.Random(seed)
    while state.lines_left > left:
        state.play_random(rng)
    return state


class Stuck:
    """A solver that never finishes (a line too hard for any round); its searches are counted and closed."""

    made: list[Stuck] = []

    def __init__(self, state: GameState, *args, **kwargs) -> None:
        self.value = None
        self.best_move = None
        self.closed = False
        Stuck.made.append(self)

    def step(self, budget: float) -> bool:
        return False

    def close(self) -> None:
        self.closed = True


def some_stuck(hard: set[int]):
    """A round's search (``make_values``): the Python solver line by line, except for the lines of ``hard``, whose
    searches never end."""

    def make_solver(state: GameState):
        if state.moves and state.moves[-1] in hard:
            return Stuck(state)
        return Solver(state)

    def make(state: GameState, seconds: float, lines, clock):
        return Analysis(state, seconds, make_solver, lines, clock)

    return make


def fill(values: LineValues) -> int:
    steps = 0
    while not values.step(0.001):
        steps += 1
    return steps


def test_every_line_gets_the_solvers_value_and_the_best_are_those_of_the_top_value():
    for seed in range(6):
        state = position(seed, 9)
        values = LineValues(state)
        fill(values)
        assert values.values == line_values(state)
        top = max(values.values.values())
        assert values.best() == {line for line, value in values.values.items() if value == top}
        assert values.done and not values.pending


def test_a_line_no_round_solves_is_given_up_and_the_others_still_show():
    state = position(3, 8)
    hard = set(state.legal_lines()[:2])
    Stuck.made = []
    values = LineValues(state, rounds=(0.01, 0.02), make_values=some_stuck(hard))
    fill(values)
    exact = line_values(state)
    assert values.known() == {line: value for line, value in exact.items() if line not in hard}
    assert all(values.values[line] is None for line in hard)
    assert len(Stuck.made) == 2 * len(hard), "each round asks again for the lines still unknown, and only for them"
    assert all(stuck.closed for stuck in Stuck.made), "a search given up is stopped"
    assert values.best() == set(), "an unknown line could be the best: none is marked"
    assert value_label(values.values[min(hard)], min(hard) in values.pending) == ""


def test_lines_being_searched_show_an_ellipsis_until_they_are_valued():
    state = position(4, 8)
    values = LineValues(state, rounds=(30.0,), make_values=some_stuck(set(state.legal_lines())))
    values.step(0.0)
    assert values.pending == set(state.legal_lines())
    assert {value_label(values.values[line], line in values.pending) for line in values.values} == {"\u2026"}


class FrameClock:
    """A clock that moves only when the test moves it (the time the frames between two steps take)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_position_gives_up_after_its_total_time_on_its_clock():
    state = position(5, 8)
    clock = FrameClock()
    stuck = some_stuck(set(state.legal_lines()))
    values = LineValues(state, rounds=(30.0,), make_values=stuck, total_seconds=2.0, clock=clock)
    values.step(0.0)
    clock.now = 1.9
    assert not values.step(0.0) and values.pending == set(state.legal_lines())
    clock.now = 2.0
    assert values.step(0.0) and values.known() == {}
    assert "No line" in values.summary(["Ann", "Bob"])


def test_labels_are_signed_values():
    assert [value_label(v, False) for v in (3, 0, -2)] == ["+3", "0", "\u22122"]


def test_the_summary_names_the_best_line_and_what_it_gives_the_player_to_move():
    state = position(1, 6)
    values = LineValues(state)
    fill(values)
    said = values.summary(["Ann", "Bob"])
    top = max(values.values.values())
    assert said.startswith("Best: ")
    assert outcome(top, ["Ann", "Bob"][state.to_move]) in said
    assert outcome(3, "Ann") == "Ann takes 3 more boxes than the other"
    assert outcome(-1, "Bob") == "Bob takes 1 box fewer than the other"
    assert caption(values, ["Ann", "Bob"]).endswith(f"{len(values.values)} of {len(values.values)} lines solved")


def test_only_two_player_games_with_a_line_left_are_valued():
    assert offers_values(GameState(Board.square(2)))
    assert not offers_values(GameState(Board.square(2), Rules(players=3)))
    over = position(1, 0, Board.square(2))
    assert not offers_values(over)
    assert ValuesBoard().show(over) is None


def test_the_board_follows_the_position_shown_and_keeps_finished_ones():
    board = ValuesBoard()
    first, second = position(1, 7), position(2, 7)
    shown = board.show(first)
    assert shown is not None and board.show(first) is shown, "the same position: the same search"
    while board.busy:
        board.step(0.001)
    assert board.news(["Ann", "Bob"]) == shown.summary(["Ann", "Bob"])
    assert board.news(["Ann", "Bob"]) is None, "told once"
    other = board.show(second)
    assert other is not shown and board.busy
    assert board.show(first) is shown and not board.busy, "a finished position comes back at once"


def test_stopping_ends_the_search_under_way():
    state = position(4, 8)
    Stuck.made = []
    board = ValuesBoard(rounds=(30.0,), make_values=some_stuck(set(state.legal_lines())))
    board.show(state)
    board.step(0.0)
    board.stop()
    assert Stuck.made and Stuck.made[-1].closed and board.current is None and not board.busy
