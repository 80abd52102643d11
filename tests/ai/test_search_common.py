"""What the searches share: the node counter with its budget, the packed table entries, node-bounded deepening."""

from __future__ import annotations

import random

import pytest
from ai_helpers import TickingClock, run_to_end

from game.ai.search.common import INF, PAUSE_SECONDS, UNKNOWN, OutOfNodes, Work, bounds_after, pack, settled, unpack
from game.ai.search.paranoid import deepen
from game.ai.search.solver import exact_best_move, solve
from game.core import Board, GameState, Rules


def test_work_pauses_once_its_time_is_used_and_looks_at_the_clock_every_so_many_nodes() -> None:
    clock = TickingClock(PAUSE_SECONDS / 4)
    work = Work(pause_every=10, clock=clock)
    pauses = [n + 1 for n in range(200) if work.tick()]
    # the clock is read at nodes 10, 20, ... and at the first node after a pause (51, 91, ...): the first read
    # starts the time, the fifth finds it used
    assert pauses == [50, 90, 130, 170] and work.pauses == 4
    assert clock.now == pytest.approx(24 * PAUSE_SECONDS / 4)


def test_work_never_pauses_while_its_time_lasts_but_stops_past_its_node_budget() -> None:
    work = Work(pause_every=10, max_nodes=35, clock=TickingClock(0.0))  # a fast machine: the time is never used up
    assert not any(work.tick() for _ in range(39))
    with pytest.raises(OutOfNodes):  # the budget is checked where the clock is read, at node 40
        work.tick()
    assert work.nodes == 40


@pytest.mark.parametrize("seconds_a_look", [0.0, PAUSE_SECONDS / 3, 1.0])
def test_where_a_search_runs_out_of_nodes_does_not_depend_on_the_clock(seconds_a_look: float) -> None:
    """Hard's searches are bounded by nodes: the same node budget must end them at the same node on a fast or a
    slow machine, wherever the pauses fall."""
    work = Work(pause_every=10, max_nodes=35, clock=TickingClock(seconds_a_look))
    with pytest.raises(OutOfNodes):
        for _ in range(100):
            work.tick()
    assert work.nodes == 40


@pytest.mark.parametrize(("low", "high", "depth"), [(-INF, INF, 0), (-3, 7, 0), (5, 5, 12), (-144, 0, 60)])
def test_entries_keep_bounds_and_depth(low: int, high: int, depth: int) -> None:
    assert unpack(pack(low, high, depth)) == (low, high, depth)
    assert unpack(UNKNOWN) == (-INF, INF, 0)


def test_an_entry_settles_a_window_only_when_its_bounds_do() -> None:
    exact, lower, upper = pack(4, 4), pack(*bounds_after(9, 0, 6, -INF, INF)), pack(*bounds_after(-2, 0, 6, -INF, INF))
    assert settled(exact, -10, 10) == 4
    assert settled(lower, 0, 6) == 9 and settled(lower, 0, 12) is None
    assert settled(upper, 0, 6) == -2 and settled(upper, -5, 6) is None


def test_exact_best_move_is_worth_the_exact_value_or_gives_up_past_its_budget() -> None:
    state = GameState(Board.square(2, 3), Rules(misere=True))
    rng = random.Random(4)
    while state.lines_left > 11:
        state.play(rng.choice(state.legal_lines()))
    value = solve(state)
    line = run_to_end(exact_best_move(state, random.Random(1), 10**6))
    assert line is not None
    mover = state.to_move
    taken = len(state.play(line).captured)
    rest = solve(state) if not state.over else 0
    assert (-taken + rest if state.to_move == mover else -rest) == value  # misère: cells count against their taker
    state.undo()
    assert run_to_end(exact_best_move(GameState(Board.square(4)), random.Random(1), 50)) is None


def test_deepening_within_a_node_budget_returns_a_legal_move() -> None:
    state = GameState(Board.square(3), Rules(players=3))
    for nodes in (10, 2000):
        assert run_to_end(deepen(state, random.Random(2), state.legal_lines()[0], max_nodes=nodes)) in (
            state.legal_lines()
        )
