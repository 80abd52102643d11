"""Playouts over safe lines that stop where none is left and score the chains and loops exactly."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest
from ai_helpers import CHAINS_3_AND_6, TickingClock, position, run_to_end

from game.ai.position.chains import analyse, safe_lines
from game.ai.position.coins import tables_for
from game.ai.search.playouts import playout_move, playout_value
from game.core import Board, GameState, Rules, parse_line


def test_a_playout_with_no_safe_line_after_the_move_is_the_exact_value_of_the_chains() -> None:
    """Drawing the last safe line hands the opponent a simple position: its value is minus their endgame value."""
    undrawn = [*CHAINS_3_AND_6, "h 0 1"]  # the 3 and the 6, and one more line: h 0 1 is the last safe line
    state = position(undrawn)
    line = next(iter(safe_lines(state)))
    state.play(line)
    analysis = analyse(state)
    assert analysis.simple
    expected = -analysis.endgame_value()
    state.undo()
    tables = tables_for(state.board)
    values = {playout_value(tables, state.drawn, tables.degrees(state.drawn), line, random.Random(s)) for s in range(5)}
    assert values == {expected}


def test_a_playout_that_ends_with_the_mover_to_move_is_the_movers_exact_value() -> None:
    """Two safe lines left, apart: after the move the opponent must draw the other one, and the mover then faces the
    simple position (the 3 and the 6): its value is the mover's endgame value, with the opposite sign of the test
    above."""
    state = position([*CHAINS_3_AND_6, "h 0 1", "h 1 1"])
    line = parse_line(state.board, "h 0 1")
    assert set(safe_lines(state)) == {line, parse_line(state.board, "h 1 1")}
    for name in ("h 0 1", "h 1 1"):
        state.play(parse_line(state.board, name))
    analysis = analyse(state)
    assert analysis.simple and analysis.sizes() == ((3, 6), ())
    expected = analysis.endgame_value()
    assert expected == -5  # opening the 3 first: 2 cells back, then the 6 goes (by hand)
    state.undo()
    state.undo()
    tables = tables_for(state.board)
    values = {playout_value(tables, state.drawn, tables.degrees(state.drawn), line, random.Random(s)) for s in range(5)}
    assert values == {expected}


def test_playouts_end_where_no_safe_line_is_left() -> None:
    """On an empty 4x4 board every playout value is a real endgame value: within the cells of the board."""
    state = GameState(Board.square(4))
    tables = tables_for(state.board)
    deg = tables.degrees(0)
    rng = random.Random(3)
    values = [playout_value(tables, 0, deg, line, rng) for line in range(tables.num_lines)]
    assert all(-16 <= v <= 16 for v in values) and len(set(values)) > 1


def test_the_move_is_a_safe_line_and_with_no_time_the_fallback() -> None:
    state = GameState(Board.square(4))
    tables = tables_for(state.board)
    deg = tables.degrees(0)
    safe = safe_lines(state)
    assert run_to_end(playout_move(tables, 0, deg, safe, random.Random(1), time.perf_counter(), -1)) == -1
    stop = time.perf_counter() + 0.3
    assert run_to_end(playout_move(tables, 0, deg, safe, random.Random(1), stop, -1)) in safe


def test_the_expert_with_playouts_opens_with_a_safe_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switched on (benchmarks/peers.py --early playouts), the Expert samples the early game and still plays safe."""
    from game.ai.levels import expert

    monkeypatch.setattr(expert, "EARLY_GAME", "playouts")
    state = GameState(Board.square(4))
    for seed in range(2):
        line = run_to_end(expert.expert_move(state, random.Random(seed), 0.3))
        assert line in safe_lines(state)


def test_the_sampled_move_counts_every_safe_line_and_only_normal_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """4x4 boxes with every cell given one side (the rows of horizontal lines 0, 2 and 4): all 28 other lines are
    still safe, more than the selective solvers take, so the Expert with playouts plays the safe line of the best
    playouts instead of its guess (here -1, no line); in misère it keeps the guess."""
    from game.ai.levels import expert
    from game.ai.search import playouts

    monkeypatch.setattr(expert, "EARLY_GAME", "playouts")
    monkeypatch.setattr(playouts, "time", SimpleNamespace(perf_counter=TickingClock(0.001)))  # about 35 rounds
    board = Board.square(4)
    given = [parse_line(board, f"h {row} {column}") for row in (0, 2, 4) for column in range(4)]
    for rules in (Rules(), Rules(misere=True)):
        state = GameState(board, rules)
        for line in given:
            state.play(line)
        safe = safe_lines(state)
        assert len(safe) == 28 > expert.SELECTIVE_SAFE
        move = run_to_end(expert._sampled(state, random.Random(1), 1.0, -1))
        if rules.misere:
            assert move == -1
        else:
            assert move in safe


def test_the_move_is_the_best_total_over_whole_rounds_not_the_last_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted playouts: line 0 scores 5 then -1, line 1 scores 0 then 3 (totals 4 and 3); the clock runs out in
    the third round, whose playouts do not count."""
    from game.ai.search import playouts

    script = {0: [5, -1, -9], 1: [0, 3, 9]}
    monkeypatch.setattr(playouts, "playout_value", lambda tables, drawn, deg, line, rng: script[line].pop(0))
    monkeypatch.setattr(playouts, "time", SimpleNamespace(perf_counter=TickingClock(1.0)))  # one look per playout
    tables = tables_for(Board.square(1))
    assert run_to_end(playout_move(tables, 0, tables.degrees(0), [0, 1], random.Random(1), 5.0, -1)) == 0
    assert script == {0: [], 1: [9]}  # the third round stopped after line 0's playout
