"""Hints: the move and its reason on textbook positions, and the step protocol."""

from __future__ import annotations

import pytest
from ai_helpers import CHAINS_2_3_4, CHAINS_3_AND_6, LOOP_4_CHAIN_5, line, position

from game.ai import HintSearch, hint, think_hint
from game.ai.hints import reason_for
from game.ai.reasons import Reason, Why
from game.core import Board, GameState


def test_hint_keeps_control_with_all_but_two() -> None:
    state = position(CHAINS_3_AND_6, then=["v 0 0", "v 0 1"])
    assert hint(state) == (line("v 0 3"), Reason(Why.ALL_BUT_TWO))


def test_hint_takes_the_free_box_of_an_opened_chain() -> None:
    state = position(CHAINS_3_AND_6, then=["v 0 0"])
    assert hint(state) == (line("v 0 1"), Reason(Why.TAKES))


def test_hint_keeps_control_of_a_loop_with_all_but_four() -> None:
    state = position(LOOP_4_CHAIN_5, then=["h 1 0"])
    assert hint(state) == (line("h 1 1"), Reason(Why.ALL_BUT_FOUR))


def test_hint_opens_the_two_chain_in_the_middle() -> None:
    state = position(CHAINS_2_3_4)
    assert hint(state) == (line("v 0 1"), Reason(Why.OPENS_SHORTEST, 2))


def test_hint_says_the_rest_is_yours_when_the_last_chain_is_open() -> None:
    state = position(["v 0 0", "v 0 1", "v 0 2", "v 0 3"], then=["v 0 0"])
    assert hint(state) == (line("v 0 1"), Reason(Why.WINNING))


def test_hint_plays_a_safe_line_at_the_start() -> None:
    state = GameState(Board.square(3))
    chosen, reason = hint(state)
    assert reason == Reason(Why.SAFE)
    assert state.is_safe(chosen)


def test_think_hint_steps_and_reports_its_reason_when_done() -> None:
    state = position(CHAINS_3_AND_6, then=["v 0 0", "v 0 1"])
    before = state.snapshot()
    search = think_hint(state)
    assert isinstance(search, HintSearch) and search.reason is None
    while not search.step(0.001):
        pass
    assert search.done and search.best == line("v 0 3") and search.reason == Reason(Why.ALL_BUT_TWO)
    assert state.snapshot() == before


@pytest.mark.slow
def test_hint_on_other_shapes_names_a_legal_line() -> None:
    for board in (Board.triangle(5), Board.hexagon(1)):
        state = GameState(board)
        chosen, reason = hint(state)
        assert chosen in state.legal_lines() and reason


def test_with_no_safe_line_only_the_shortest_chain_is_called_the_shortest() -> None:
    """The 3 and the 6, nothing safe: opening the 3 gives 3, the least there is; opening the 6 gives more, which
    is only worth it as a sacrifice."""
    state = position(CHAINS_3_AND_6)
    assert reason_for(state, line("v 0 0")) == Reason(Why.OPENS_SHORTEST, 3)
    assert reason_for(state, line("v 1 0")) == Reason(Why.SACRIFICE)


def test_a_hint_with_one_line_left_is_that_line_before_and_after_its_search() -> None:
    state = position(["v 0 0"])
    search = think_hint(state)
    assert search.best == line("v 0 0")  # the fallback, before any step
    assert search.finish() == line("v 0 0")
