"""The paranoid search (three or four players) against a plain paranoid minimax written here."""

from __future__ import annotations

import random

import pytest
from ai_helpers import run_to_end

from game.ai.search.common import INF
from game.ai.search.paranoid import Paranoid, deepen
from game.core import Board, GameState, Rules, parse_line


def line_value(state: GameState, line: int, root: int, table: dict[tuple[int, int], int]) -> int:
    """``root``'s future cells minus everyone else's (misère: the others' minus its own) after the mover draws
    ``line``, with ``root`` maximising and every other player minimising it to the end of the game: every line order,
    over play/undo, independent of the AI's searches."""
    sign = -1 if state.rules.misere else 1
    mover = state.to_move
    taken = len(state.play(line).captured)
    value = sign * (taken if mover == root else -taken) + position_value(state, root, table)
    state.undo()
    return value


def position_value(state: GameState, root: int, table: dict[tuple[int, int], int]) -> int:
    if state.over:
        return 0
    key = (state.drawn, state.to_move)
    if key not in table:
        values = [line_value(state, line, root, table) for line in state.legal_lines()]
        table[key] = max(values) if state.to_move == root else min(values)
    return table[key]


# 2x2 boxes with 9 lines left, where some lines are better than others under every rule set below
UNDRAWN = (
    ("h 0 0", "h 0 1", "h 1 0", "h 2 0", "h 2 1", "v 0 0", "v 0 1", "v 0 2", "v 1 0"),
    ("h 0 0", "h 0 1", "h 1 0", "h 2 0", "h 2 1", "v 0 0", "v 1 0", "v 1 1", "v 1 2"),
    ("h 0 1", "h 1 1", "h 2 0", "h 2 1", "v 0 0", "v 0 2", "v 1 0", "v 1 1", "v 1 2"),
)
RULES = (Rules(players=3), Rules(players=3, misere=True), Rules(players=4), Rules(players=3, no_extra=True))
RULE_IDS = ("3", "3-misere", "4", "3-no-extra")


def start(undrawn: tuple[str, ...], rules: Rules) -> GameState:
    """A 2x2-box game under ``rules`` with every line but ``undrawn`` played in index order."""
    board = Board.square(2)
    keep = {parse_line(board, name) for name in undrawn}
    state = GameState(board, rules)
    for line in range(board.num_lines):
        if line not in keep:
            state.play(line)
    return state


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
@pytest.mark.parametrize("undrawn", UNDRAWN, ids=("a", "b", "c"))
def test_every_line_gets_its_exact_paranoid_value_at_full_depth(rules: Rules, undrawn: tuple[str, ...]) -> None:
    state = start(undrawn, rules)
    table: dict[tuple[int, int], int] = {}
    search = Paranoid(state)
    expected = {line: line_value(state, line, state.to_move, table) for line in state.legal_lines()}
    got = {
        line: run_to_end(search.line_value(state.drawn, 0, line, state.lines_left, -INF, INF))
        for line in state.legal_lines()
    }
    assert got == expected
    assert len(set(expected.values())) > 1  # the position has better and worse lines


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_deepening_to_the_end_plays_a_line_of_the_best_paranoid_value(rules: Rules) -> None:
    state = start(UNDRAWN[0], rules)
    table: dict[tuple[int, int], int] = {}
    values = {line: line_value(state, line, state.to_move, table) for line in state.legal_lines()}
    best = {line for line, value in values.items() if value == max(values.values())}
    assert best != set(values)
    for seed in range(4):
        assert run_to_end(deepen(state, random.Random(seed), -1)) in best


def test_at_the_horizon_the_player_to_move_takes_every_cell_offered() -> None:
    """Depth 1 on 2x2 boxes, three players, the first position above (by hand): the bottom-right box has three
    sides. Leaving it, the next player takes it at the horizon: -1 for the root player. Taking it (h 2 1) is +1
    and keeps the turn, and then nothing is offered."""
    state = start(UNDRAWN[0], Rules(players=3))
    search = Paranoid(state)
    take = parse_line(state.board, "h 2 1")
    assert state.would_capture(take) == 1
    values = {line: run_to_end(search.line_value(state.drawn, 0, line, 1, -INF, INF)) for line in state.legal_lines()}
    assert values == {line: 1 if line == take else -1 for line in state.legal_lines()}
