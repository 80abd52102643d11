"""The control search's bounds: a search in a narrow window agrees with the one in the full window."""

from __future__ import annotations

import random

from ai_helpers import run_to_end

from game.ai.position.tactics import opened_runs
from game.ai.search.control import ControlSearch
from game.core import Board, GameState


def offered_with_a_decision(count: int) -> list[GameState]:
    """Random 3x3-box positions where one run is offered and it can be declined (the last two of a chain or the
    four of a loop)."""
    rng = random.Random(7)
    found = []
    while len(found) < count:
        state = GameState(Board.square(3))
        left = rng.randrange(5, 14)
        while state.lines_left > left:
            state.play(rng.choice(state.legal_lines()))
        runs = opened_runs(state)
        if len(runs) == 1 and runs[0].decline is not None:
            found.append(state)
    return found


def test_null_window_searches_agree_with_the_full_window() -> None:
    """Fail-soft alpha-beta: in the window (t, t + 1) the result is above t exactly when the value is, and is then
    a lower bound of it (else an upper bound). Checked for the taker's value, which keeps or declines the last run,
    around the full-window value of 40 positions."""
    for state in offered_with_a_decision(40):
        value = run_to_end(ControlSearch(state, 10**7).taker_value())
        for t in range(value - 3, value + 3):
            bound = run_to_end(ControlSearch(state, 10**7).taker_value(t, t + 1))
            if value > t:
                assert t < bound <= value
            else:
                assert value <= bound <= t
