"""The learned evaluation's features (checked against the analysis of a GameState) and its integer model."""

from __future__ import annotations

import random

import pytest
from ai_helpers import CHAINS_3_AND_6, LOOP_4_CHAIN_5, position

from game.ai.learned import FEATURE_NAMES, board_key, estimate, features, weights_for
from game.ai.learned.features import structure
from game.ai.learned.weights import SCALE, WEIGHTS
from game.ai.position.chains import analyse, mover_gets_control, safe_lines
from game.ai.position.coins import simple_value, tables_for
from game.core import Board, GameState


def structure_of(state: GameState):
    tables = tables_for(state.board)
    return structure(tables, state.drawn, tables.degrees(state.drawn))


def test_a_position_of_two_long_chains_is_read_as_such() -> None:
    found = structure_of(position(CHAINS_3_AND_6))
    assert (found.long3, found.long4, found.long5, found.long_coins) == (1, 0, 1, 9)
    assert (found.short1, found.short2, found.loops, found.joints, found.safe) == (0, 0, 0, 0, 0)
    assert found.grounded == 2
    assert found.settled == simple_value((3, 6), ())


def test_a_loop_and_a_chain() -> None:
    found = structure_of(position(LOOP_4_CHAIN_5))
    assert (found.loops, found.loop_coins, found.long5, found.long_coins) == (1, 4, 1, 5)
    assert found.settled == simple_value((5,), (4,))


def random_middle_game(board: Board, seed: int) -> GameState:
    """Random lines, safe ones first while any is left, stopped at a random point."""
    rng = random.Random(seed)
    state = GameState(board)
    for _ in range(rng.randrange(board.num_lines // 3, board.num_lines - 2)):
        safe = safe_lines(state)
        state.play(rng.choice(safe or state.legal_lines()))
    return state


@pytest.mark.parametrize("size", [3, 4, 5])
def test_the_counts_agree_with_the_analysis_of_the_game_state(size: int) -> None:
    """The bit-set counts against ``analyse`` and the long-chain rule on a GameState, on 40 positions a board."""
    board = Board.square(size)
    for seed in range(40):
        state = random_middle_game(board, seed)
        analysis = analyse(state)
        found = structure_of(state)
        chain_sizes = sorted(c.size for c in analysis.chains)
        assert found.coins == analysis.cells_left
        assert found.lines == state.lines_left
        assert found.safe == len(analysis.safe)
        assert (found.short1, found.short2) == (chain_sizes.count(1), chain_sizes.count(2))
        assert found.long3 + found.long4 + found.long5 == analysis.long_chains
        assert found.long_coins == sum(size for size in chain_sizes if size >= 3)
        assert (found.loops, found.joints) == (len(analysis.loops), len(analysis.joints))
        x = features(tables_for(board), state.drawn, tables_for(board).degrees(state.drawn))
        control = 1 if mover_gets_control(state, analysis.long_chains) else -1
        assert x[FEATURE_NAMES.index("control")] == control
        assert x[FEATURE_NAMES.index("control x coins")] == control * analysis.cells_left


def test_the_estimate_is_the_integer_dot_product_of_features_and_weights() -> None:
    board = Board.square(4)
    tables = tables_for(board)
    state = random_middle_game(board, 3)
    deg = tables.degrees(state.drawn)
    x = features(tables, state.drawn, deg)
    weights = tuple(range(len(FEATURE_NAMES)))
    assert estimate(tables, state.drawn, deg, weights) == sum(i * v for i, v in enumerate(x))


def test_weights_exist_only_for_the_boards_trained_and_have_one_number_a_feature() -> None:
    assert weights_for(Board.triangle(4)) is None
    assert SCALE > 0
    for key, weights in WEIGHTS.items():
        assert len(weights) == len(FEATURE_NAMES), key
    assert board_key(Board.square(5)) == "square 5x5"
