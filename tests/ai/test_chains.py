"""Strings-and-coins analysis: chains, loops, joints, safe lines, the endgame value and the long-chain rule."""

from __future__ import annotations

import random

import pytest
from ai_helpers import CHAINS_3_AND_6, LOOP_4_CHAIN_5, all_drawn_but, final_margin, position

from game.ai.position.chains import (
    GROUND,
    analyse,
    controlled_value,
    degrees,
    mover_gets_control,
)
from game.ai.position.coins import simple_value
from game.ai.position.tactics import opened_runs
from game.core import Board, GameState, parse_line


def exact_value(state: GameState) -> int:
    """Full-depth minimax (the mover's net cells from now), independent of the chain theory."""
    mover = state.to_move
    return final_margin(state, mover) - (state.scores[mover] - state.scores[1 - mover])


def test_two_chains_are_found_in_order_with_their_lines() -> None:
    analysis = analyse(position(CHAINS_3_AND_6))
    assert sorted(c.size for c in analysis.chains) == [3, 6] and not analysis.loops
    three = next(c for c in analysis.chains if c.size == 3)
    assert three.cells in ((0, 1, 2), (2, 1, 0))
    assert sorted(three.lines) == sorted(parse_line(Board.square(3), f"v 0 {c}") for c in range(4))
    assert three.ends == (GROUND, GROUND)
    assert analysis.simple and analysis.long_chains == 2 and not analysis.safe and not analysis.captures


def test_a_loop_and_a_chain() -> None:
    analysis = analyse(position(LOOP_4_CHAIN_5))
    assert [c.size for c in analysis.loops] == [4] and [c.size for c in analysis.chains] == [5]
    assert sorted(analysis.loops[0].cells) == [0, 1, 3, 4]
    assert analysis.sizes() == ((5,), (4,))


def test_the_empty_board_has_only_safe_lines_and_joints() -> None:
    state = GameState(Board.hexagon(1))
    analysis = analyse(state)
    assert len(analysis.safe) == state.board.num_lines and not analysis.chains
    assert len(analysis.joints) == 7 and not analysis.simple


@pytest.mark.parametrize("board", [Board.square(4), Board.triangle(6), Board.hexagon(2)], ids=repr)
def test_every_coin_of_degree_two_is_in_exactly_one_chain_or_loop(board: Board) -> None:
    rng = random.Random(5)
    for _ in range(20):
        state = GameState(board)
        while not state.over:
            analysis = analyse(state)
            cells = [c for comp in analysis.chains + analysis.loops for c in comp.cells]
            assert sorted(cells) == [c for c, d in enumerate(degrees(state)) if d == 2]
            for comp in analysis.chains:
                assert len(comp.lines) == comp.size + 1
            for comp in analysis.loops:
                assert len(comp.lines) == comp.size
            state.play(rng.choice(list(analysis.safe) or state.legal_lines()))


def test_endgame_value_matches_the_textbook() -> None:
    assert simple_value((3,), ()) == -3
    assert simple_value((3, 3), ()) == -2  # open one: the other side takes 1 and keeps control, then takes 3
    assert simple_value((3, 6), ()) == -5
    assert simple_value((5,), (4,)) == -1  # the loop goes first
    assert simple_value((1, 3, 3), ()) == 1  # the single coin changes who is in control


@pytest.mark.parametrize("undrawn", [CHAINS_3_AND_6, LOOP_4_CHAIN_5])
def test_endgame_value_agrees_with_full_search(undrawn: list[str]) -> None:
    state = position(undrawn)
    analysis = analyse(state)
    assert analysis.endgame_value() == exact_value(state)


LOOP_4 = ["h 1 0", "h 1 1", "v 0 1", "v 1 1"]  # the inside of the top-left 2x2 block: a loop of 4, nothing else
TWO_LOOPS_4 = ["h 1 0", "h 1 1", "v 0 1", "v 1 1", "h 1 2", "h 1 3", "v 0 3", "v 1 3"]  # two such blocks on 2x4 boxes


@pytest.mark.parametrize(
    ("state", "by_hand"),
    [
        # The opponent opens the 3: take 1, decline 2 (they take 2 and open the 6), take 6: 7 - 2.
        (position(CHAINS_3_AND_6), 5),
        # The opponent opens the loop first: decline 4 (they take 4 and open the 5), take 5: 5 - 4.
        (position(LOOP_4_CHAIN_5), 1),
        # Loops only: the last loop is taken whole, so one loop is worth all 4 of its cells ...
        (position(LOOP_4), 4),
        # ... and two are worth 0 (decline the first: 0 - 4, take the second: + 4).
        (all_drawn_but(Board.square(2, 4), TWO_LOOPS_4), 0),
    ],
    ids=["chains 3 and 6", "loop 4 chain 5", "loop 4", "two loops 4"],
)
def test_controlled_value_is_what_keeping_control_to_the_end_earns(state: GameState, by_hand: int) -> None:
    # In these positions keeping control is the best the controller can do, so full search agrees with it.
    assert controlled_value(analyse(state)) == by_hand == -exact_value(state)


def test_long_chain_rule_on_the_empty_board() -> None:
    state = GameState(Board.square(3))  # 16 dots: the first player wants an even number of long chains
    assert mover_gets_control(state, 2) and not mover_gets_control(state, 1)
    five = GameState(Board.square(5))  # 36 dots: the same
    assert mover_gets_control(five, 4) and not mover_gets_control(five, 3)
    four = GameState(Board.square(4))  # 25 dots: the first player wants an odd number
    assert mover_gets_control(four, 1) and not mover_gets_control(four, 2)


def test_long_chain_rule_says_who_must_open_in_a_finished_structure() -> None:
    state = position(CHAINS_3_AND_6)  # the mover has no safe line: the other player has control
    assert not mover_gets_control(state, 2)


def test_nothing_is_left_to_win_once_every_box_is_taken() -> None:
    state = GameState(Board.square(2, 2))
    for line in range(state.board.num_lines):
        state.play(line)
    assert analyse(state).endgame_value() == 0


@pytest.mark.parametrize(
    ("undrawn", "opened", "cells", "before"),
    [
        (CHAINS_3_AND_6, "v 0 0", 3, 1),  # take one coin of the 3, then keep or leave the last two
        (CHAINS_3_AND_6, "v 1 0", 6, 4),
        (LOOP_4_CHAIN_5, "v 2 0", 5, 3),
        (LOOP_4_CHAIN_5, "h 1 0", 4, 0),  # the loop: the decision comes at once, over all four
    ],
)
def test_an_opened_chain_is_taken_down_to_two_coins_and_a_loop_to_four(
    undrawn: list[str], opened: str, cells: int, before: int
) -> None:
    (run,) = opened_runs(position(undrawn, then=[opened]))
    assert len(run.cells) == cells and run.before_decision() == before
