"""A computer's move and a hint, searched a step at a time: the pace of play, the time budget of the levels that
think against the clock, and what a drawn line forgets."""

from __future__ import annotations

from game.ai import ComputerPlayer
from game.core import Board, GameState
from game.play.thinking import BUDGET_MARGIN_SECONDS, Thinking


class Slow:
    """A search that is never final: its best so far is line 3."""

    best = 3

    def step(self, budget: float) -> bool:
        return False


class Fast:
    best = 5

    def step(self, budget: float) -> bool:
        return True


class Player:
    def __init__(self, search, budget=None) -> None:
        self.search, self.budget = search, budget

    def think(self, state):
        return self.search


def test_a_final_move_waits_for_the_pace_of_play() -> None:
    thinking = Thinking([Player(Fast()), None])
    state = GameState(Board.square(2, 2))
    assert thinking.step_computer(state, now=10.0, wait=0.5, step_seconds=0.004) is None, "found, but too soon"
    assert thinking.step_computer(state, now=10.6, wait=0.5, step_seconds=0.004) == 5


def test_a_timed_level_plays_its_best_so_far_when_its_budget_has_passed_in_wall_time() -> None:
    clock = [100.0]
    timed = Thinking([Player(Slow(), budget=1.5), None], wall=lambda: clock[0])
    untimed = Thinking([Player(Slow()), None], wall=lambda: clock[0])
    state = GameState(Board.square(2, 2))
    assert timed.step_computer(state, 0.0, 0.5, 0.004) is None and untimed.step_computer(state, 0.0, 0.5, 0.004) is None
    clock[0] += 1.5 - BUDGET_MARGIN_SECONDS
    assert timed.step_computer(state, 0.1, 0.5, 0.004) == 3
    assert untimed.step_computer(state, 0.1, 0.5, 0.004) is None, "a level bounded by work is never cut short"


def test_only_the_levels_that_think_against_the_clock_have_a_budget() -> None:
    assert ComputerPlayer("expert", 1, seconds=2.0).budget == 2.0
    assert ComputerPlayer("hard", 1).budget is None and ComputerPlayer("easy", 1).budget is None


def test_a_hint_is_searched_once_and_forgotten_with_the_position() -> None:
    thinking = Thinking([None, None])
    state = GameState(Board.square(1, 1))
    assert thinking.ask_hint(state) and not thinking.ask_hint(state), "one search at a time"
    while thinking.hint is None:
        thinking.step_hint(0.01)
    assert thinking.hint_search is None and thinking.hint[0] in state.legal_lines()
    thinking.forget()
    assert thinking.hint is None and thinking.search is None
