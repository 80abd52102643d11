"""The tree search over safe lines (UCT) with the playouts' exact scoring of the position where none is left."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from ai_helpers import CHAINS_3_AND_6, TickingClock, line, position, run_to_end

from game.ai.position.chains import analyse, safe_lines
from game.ai.position.coins import tables_for
from game.ai.search import uct
from game.ai.search.solver import Solver
from game.core import Board, GameState, Rules, parse_line

# 3x3 boxes, nothing taken, 14 lines left, the first player to move; four safe lines: h 0 1, h 3 1, v 0 0, v 0 1.
CONTROL_KEPT_BY_ONE = [
    "h 0 1", "h 0 2", "h 1 0", "h 1 1", "h 2 0", "h 2 1", "h 2 2", "h 3 0", "h 3 1",
    "v 0 0", "v 0 1", "v 0 3", "v 1 3", "v 2 2",
]  # fmt: skip


def exact_value(state: GameState) -> int:
    solver = Solver(state, table={})
    while not solver.step(1.0):
        pass
    assert solver.value is not None
    return solver.value


def fake_clock(monkeypatch: pytest.MonkeyPatch, step: float) -> TickingClock:
    """Every look at the search's clock finds ``step`` seconds passed: its work, not the machine, sets its length."""
    clock = TickingClock(step)
    monkeypatch.setattr(uct, "time", SimpleNamespace(perf_counter=clock))
    return clock


def test_the_tree_search_finds_the_only_safe_line_that_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """By the exact solver, v 0 1 wins by 3 and every other safe line loses by 7 (the opponent keeps control); the
    tree search, 2,000 iterations, finds v 0 1 whatever its seed."""
    state = position(CONTROL_KEPT_BY_ONE)
    safe = safe_lines(state)
    values = {}
    for move in safe:
        state.play(move)
        values[move] = -exact_value(state)
        state.undo()
    assert sorted(values.values()) == [-7, -7, -7, 3] and values[line("v 0 1")] == 3
    tables = tables_for(state.board)
    deg = tables.degrees(state.drawn)
    for seed in range(4):
        fake_clock(monkeypatch, 0.001)
        move = run_to_end(uct.uct_move(tables, state.drawn, deg, safe, random.Random(seed), 2.0, -1))
        assert move == line("v 0 1")


def test_the_value_backed_up_is_the_exact_value_of_the_chains_for_each_mover() -> None:
    """Two safe lines left, apart: whichever the mover draws, the opponent must draw the other and the mover faces
    the 3 and the 6 (worth -5 to it, by hand). Both root lines average -5 for the mover, and the reply's +5 for the
    opponent: the signs follow the movers down the tree."""
    state = position([*CHAINS_3_AND_6, "h 0 1", "h 1 1"])
    tables = tables_for(state.board)
    deg = tables.degrees(state.drawn)
    drawn, safe = state.drawn, safe_lines(state)
    assert sorted(safe) == sorted(parse_line(state.board, name) for name in ("h 0 1", "h 1 1"))
    for name in ("h 0 1", "h 1 1"):
        state.play(parse_line(state.board, name))
    analysis = analyse(state)
    assert analysis.endgame_value() == -5
    root = uct.Node(list(safe))
    rng = random.Random(2)
    for _ in range(6):
        uct.iterate(tables, root, drawn, deg, rng)
    assert root.visits == 6 and sum(root.tries) == 6 and min(root.tries) >= 1
    assert all(total == -5 * tries for total, tries in zip(root.totals, root.tries, strict=True))
    for child in root.children.values():
        assert len(child.lines) == 1
        assert all(total == 5 * tries for total, tries in zip(child.totals, child.tries, strict=True))


def test_a_root_line_that_leaves_no_safe_line_is_scored_for_the_opponent() -> None:
    """One safe line left: drawing it hands the opponent the 3 and the 6, worth -5 to them, +5 to the mover."""
    state = position([*CHAINS_3_AND_6, "h 0 1"])
    tables = tables_for(state.board)
    safe = safe_lines(state)
    assert len(safe) == 1
    root = uct.Node(list(safe))
    for _ in range(3):
        uct.iterate(tables, root, state.drawn, tables.degrees(state.drawn), random.Random(1))
    assert root.tries == [3] and root.totals == [15.0]
    assert root.children[safe[0]].lines == []


def test_it_yields_after_every_iteration_and_stops_at_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each look at the clock costs 10 ms of fake time: with 0.5 s the search does 49 iterations, yielding its
    fallback after each, and returns a safe line; with no time it returns the fallback at once."""
    state = GameState(Board.square(4))
    tables = tables_for(state.board)
    deg = tables.degrees(0)
    safe = safe_lines(state)
    done = []
    real_iterate = uct.iterate
    monkeypatch.setattr(uct, "iterate", lambda *args: done.append(real_iterate(*args)))
    fake_clock(monkeypatch, 0.01)
    search = uct.uct_move(tables, 0, deg, safe, random.Random(1), 0.5, -1)
    yielded = []
    try:
        while True:
            yielded.append(next(search))
            assert len(done) == len(yielded)  # one iteration between two yields
    except StopIteration as stop:
        move = stop.value
    assert move in safe and set(yielded) == {-1} and len(yielded) == 49
    done.clear()
    fake_clock(monkeypatch, 0.01)
    assert run_to_end(uct.uct_move(tables, 0, deg, safe, random.Random(1), 0.0, -1)) == -1 and not done


def test_the_expert_with_the_tree_search_plays_a_safe_line_in_normal_play_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``EARLY_GAME = "tree"`` the Expert's early move is the tree search's safe line; in misère its guess."""
    from game.ai.levels import expert

    monkeypatch.setattr(expert, "EARLY_GAME", "tree")
    board = Board.square(4)
    for rules in (Rules(), Rules(misere=True)):
        state = GameState(board, rules)
        fake_clock(monkeypatch, 0.001)
        move = run_to_end(expert._sampled(state, random.Random(1), 0.3, -1))
        assert (move == -1) if rules.misere else (move in safe_lines(state))
