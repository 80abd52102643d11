"""The safe-line game's values and the rankers of safe lines (train.safe_game, train.ranking)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from game.ai.position.coins import CoinTables, lines_of, safe_mask, tables_for
from game.core import Board
from train.positions import board_named
from train.ranking import Choice, Group, centred, child_features, fit_ranker, gauge, lost, regions
from train.safe_game import safe_game


def _mover_wins_safe_game(tables: CoinTables, drawn: int) -> bool:
    """The safe-line game searched plainly on the whole board (no parts, no Grundy values)."""

    @cache
    def wins(position: int) -> bool:
        safe = lines_of(safe_mask(tables, position, tables.degrees(position)))
        return any(not wins(position | 1 << line) for line in safe)

    return wins(drawn)


def _random_position(board: Board, rng: random.Random, lines: int) -> int:
    tables = tables_for(board)
    drawn = 0
    for _ in range(lines):
        safe = lines_of(safe_mask(tables, drawn, tables.degrees(drawn)))
        if not safe:
            break
        drawn |= 1 << rng.choice(safe)
    return drawn


def test_the_safe_game_value_is_zero_exactly_when_the_mover_runs_out_of_safe_lines_first() -> None:
    rng = random.Random(4)
    seen = set()
    for name, drawn_lines in (("3x3", (0, 3, 6, 9)), ("4x3", (6, 10, 14))):
        board = board_named(name)
        tables = tables_for(board)
        for drawn_count in drawn_lines:
            for _ in range(12):
                drawn = _random_position(board, rng, drawn_count)
                value = safe_game(tables, drawn, tables.degrees(drawn))
                assert (value != 0) == _mover_wins_safe_game(tables, drawn)
                seen.add(value != 0)
    assert seen == {True, False}


def test_regions_count_the_groups_of_coins_joined_by_undrawn_strings() -> None:
    board = board_named("3x3")
    tables = tables_for(board)
    assert regions(tables, 0, tables.degrees(0)) == 1
    inner = 0
    for line, cells in enumerate(tables.line_cells):
        if len(cells) == 2 and 3 in cells:  # every string between coin 3 (the middle row's first) and another
            inner |= 1 << line
    assert regions(tables, inner, tables.degrees(inner)) == 2


def _group(losses: list[int], xs: Sequence[tuple[int, ...]], rule: list[bool] | None = None) -> Group:
    rule = rule or [True] * len(losses)
    rows = enumerate(zip(losses, xs, rule, strict=True))
    choices = tuple(Choice(line, loss, keep, x) for line, (loss, x, keep) in rows)
    return Group(0, 38, choices)


def test_a_pick_loses_what_its_line_loses_and_ties_share() -> None:
    group = _group([0, 4, 2], [(3,), (1,), (1,)])
    assert lost(group, lambda c: c.x[0]) == 3  # lines 1 and 2 tie lowest: (4 + 2) / 2
    assert lost(group, lambda c: -c.x[0]) == 0
    assert gauge([group, group], lambda c: -c.x[0]) == 0


def test_a_ranker_learns_the_differences_between_siblings_only() -> None:
    """Losses made by a known weight plus an offset of each position's own are fitted back to that weight (no
    bias: the centred rows of a position sum to zero)."""
    rng = random.Random(2)
    train = []
    for _ in range(30):
        xs = [(rng.randrange(-5, 6), rng.randrange(0, 4)) for _ in range(5)]
        offset = rng.randrange(0, 10)
        train.append(_group([offset + 2 * a - 3 * b for a, b in xs], xs))
    for group in train[:3]:
        rows = centred(group, 2)
        assert sum(row.y for row in rows) == 0 and all(sum(r.x[i] for r in rows) == 0 for i in range(2))
    weights = fit_ranker(train, 2)
    assert [round(w, 2) for w in weights] == [Fraction(2), Fraction(-3)]


def test_the_child_features_are_small_ints_of_the_documented_width() -> None:
    board = board_named("5x5")
    tables = tables_for(board)
    drawn = _random_position(board, random.Random(9), 20)
    x = child_features(tables, drawn, True)
    assert len(x) == 27 and all(isinstance(v, int) and abs(v) < 100 for v in x)
    assert x[19] == 1 and x[23] in (1, -1)  # the rule's verdict, the safe game's sign
