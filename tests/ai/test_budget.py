"""One memory budget for every table the AI keeps: bounded in total, least recently used retired first, emptied in
slices with a pause after each."""

from __future__ import annotations

import random

import pytest
from ai_helpers import run_to_end

from game.ai import memory as budget_module
from game.ai.levels.expert import expert_move
from game.ai.memory import MemoryBudget
from game.ai.position.coins import CoinTables, tables_for
from game.core import Board, GameState, Rules


def fill(budget: MemoryBudget, key: str, entries: int) -> dict[int, int]:
    """Takes the table under ``key`` and writes ``entries`` new entries into it, as far as its limit allows."""
    table, limit = run_to_end(budget.table(key))
    start = len(table)
    for n in range(entries):
        if len(table) >= limit:
            break
        table[(hash(key) << 32) + start + n] = 0
    return table


def test_the_tables_of_many_keys_stay_within_one_budget() -> None:
    budget = MemoryBudget(1000, slice_entries=100)
    for round_ in range(40):
        fill(budget, f"board {round_ % 7}", 300)
        assert budget.size() <= 1000
        run_to_end(budget.empty_retired())
        assert budget.retiring() == 0


def test_a_table_may_grow_to_what_the_others_leave() -> None:
    budget = MemoryBudget(1000)
    fill(budget, "a", 400)
    table, limit = run_to_end(budget.table("b"))
    assert table == {} and limit == 600


def test_the_least_recently_used_table_is_retired_first() -> None:
    budget = MemoryBudget(900)  # growth room 300
    a, b = fill(budget, "a", 300), fill(budget, "b", 300)
    run_to_end(budget.table("a"))  # a is now the more recent
    fill(budget, "c", 0)  # 600 kept + 300 room for c: fits
    assert len(a) == 300 and len(b) == 300
    fill(budget, "c", 200)
    fill(budget, "d", 0)  # 800 + 300 > 900: b, the least recently used, goes first, and a is kept
    assert b == {} and len(a) == 300
    assert budget.get("b") is None and budget.get("a") is a


def test_a_table_that_leaves_no_room_is_replaced_and_emptied_a_slice_at_a_time() -> None:
    budget = MemoryBudget(300, slice_entries=30)  # growth room 100
    full = fill(budget, "a", 250)
    assert len(full) == 250
    steps = budget.table("a")
    pauses = 0
    try:
        while True:
            next(steps)
            pauses += 1
    except StopIteration as done:
        fresh, limit = done.value
    assert fresh == {} and fresh is not full and limit == 300
    assert full == {} and pauses == 9  # 250 entries, 30 at a time


def test_fixed_items_count_and_too_large_ones_are_not_kept() -> None:
    budget = MemoryBudget(1000)
    budget.keep("small", object(), 200)
    budget.keep("huge", object(), 2000)
    assert budget.size() == 200 and budget.get("huge") is None
    _, limit = run_to_end(budget.table("t"))
    assert limit == 800


def test_board_lookup_tables_are_kept_in_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    budget = MemoryBudget(100_000)
    monkeypatch.setattr(budget_module, "BUDGET", budget)
    import game.ai.position.coins as coins

    monkeypatch.setattr(coins, "BUDGET", budget)
    first = tables_for(Board.square(5))
    assert isinstance(first, CoinTables) and tables_for(Board.square(5)) is first
    assert 0 < budget.size() <= 100_000
    for size in range(6, 13):
        tables_for(Board.square(size))
        assert budget.size() <= 100_000
    assert budget.get(("coins", Board.square(5))) is None  # the oldest went to make room


def test_expert_moves_over_many_boards_stay_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert moves on many boards and variants, with a small budget: never more entries kept than it allows."""
    import game.ai.levels.expert as expert
    import game.ai.position.coins as coins

    budget = MemoryBudget(20_000, slice_entries=2_000)
    monkeypatch.setattr(coins, "BUDGET", budget)
    monkeypatch.setattr(expert, "BUDGET", budget)
    rng = random.Random(3)
    boards = [Board.square(3), Board.square(3, 4), Board.square(4), Board.triangle(5), Board.hexagon(1)]
    for round_ in range(12):
        state = GameState(boards[round_ % len(boards)], Rules(misere=round_ % 3 == 1, no_extra=round_ % 3 == 2))
        while state.lines_left > 14:
            state.play_random(rng)
        moves = expert_move(state, random.Random(round_), 0.15)
        try:
            while True:
                next(moves)
                assert budget.size() <= budget.entries
        except StopIteration as done:
            assert done.value in state.legal_lines()
    assert budget.size() > 0


def test_no_table_grows_past_its_cap() -> None:
    """One table stays below the size where Python's next dict resize would stall a step."""
    budget = MemoryBudget(1000, table_cap=250)
    table, limit = run_to_end(budget.table("a"))
    assert limit == 250
    fill(budget, "a", 250)
    fresh, limit = run_to_end(budget.table("a"))
    assert fresh == {} and limit == 250 and budget.retiring() == 0


def test_fixed_items_that_exactly_fill_the_budget_are_all_kept() -> None:
    budget = MemoryBudget(1000)
    budget.keep("a", "item a", 600)
    budget.keep("b", "item b", 400)  # 600 + 400 = 1000: fits exactly
    assert budget.size() == 1000 and budget.get("a") == "item a" and budget.get("b") == "item b"
    budget.keep("c", "item c", 1)  # one entry more: a, the least recently used, goes
    assert budget.get("a") is None and budget.size() == 401
