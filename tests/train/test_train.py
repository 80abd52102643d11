"""The training package: self-play positions and their labels, shards written once and resumed, the exact fit,
and the committed weights rebuilt byte for byte from the committed data."""

from __future__ import annotations

import gzip
import random
from fractions import Fraction
from pathlib import Path

import pytest

from game.ai.learned.features import FEATURE_NAMES
from game.ai.position.coins import capture_moves, safe_mask, tables_for
from game.ai.search.solver import solve
from game.core import Board, GameState
from train import fit as fitting
from train.fit import Example, fit, quantise
from train.positions import Labelled, board_named, label, self_play
from train.shards import SUFFIX, Shard, done, label_shard, plan, read_folder, read_shard, write_shard


def test_self_play_keeps_the_quiet_positions_of_the_range_nearest_the_end_first() -> None:
    board = board_named("3x3")
    kept = self_play(board, 7, 8, 14)
    assert kept and [s.lines_left for s in kept] == sorted(s.lines_left for s in kept)
    tables = tables_for(board)
    for state in kept:
        assert 8 <= state.lines_left <= 14
        assert capture_moves(tables, state.drawn, tables.degrees(state.drawn)) == ([], [])
    assert [s.drawn for s in kept] != [s.drawn for s in self_play(board, 8, 8, 14)]  # seeds make other games


def test_a_label_is_the_exact_value_and_none_past_its_node_budget() -> None:
    for state in self_play(board_named("3x3"), 3, 10, 16):
        value, nodes = label(state, 10_000_000)
        assert value == solve(state) and nodes > 0
    big = self_play(board_named("5x5"), 1, 44, 44)[0]
    assert label(big, 1000)[0] is None


def test_a_board_name_that_does_not_read_says_how_to_write_one() -> None:
    with pytest.raises(ValueError, match="ROWSxCOLS"):
        board_named("five")


def test_the_shards_cover_the_seeds_once() -> None:
    shards = plan("3x3", 0, 12, 5, 8, 14, 1000)
    assert [(s.first, s.last) for s in shards] == [(0, 5), (5, 10), (10, 12)]


def test_a_shard_file_reads_back_and_marks_the_shard_done(tmp_path: Path) -> None:
    shard = Shard("3x3", 0, 2, 10, 14, 10_000_000)
    rows = label_shard(shard)
    assert {row.seed for row in rows} == {0, 1} and all(row.value is not None for row in rows)
    rows.append(Labelled(1, 15, 5, None, 99, 1))
    assert not done(tmp_path, shard)
    write_shard(tmp_path, shard, rows)
    assert done(tmp_path, shard)
    assert read_shard(tmp_path / shard.name) == ("3x3", rows)
    assert [row for _, row in read_folder(tmp_path)] == rows
    assert not list(tmp_path.glob("*.partial"))


def test_a_damaged_shard_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt.gz"
    head = "# board 3x3 seeds 0-0 lines 8-14 max-nodes 1\n0 12 ff 3 10 1\n"
    path.write_bytes(gzip.compress(f"{head}0 11 zz 3 10 1\n".encode()))
    with pytest.raises(ValueError, match=r"bad.txt.gz:3: '0 11 zz 3 10 1'"):
        read_shard(path)
    path.write_bytes(gzip.compress(f"{head}0 11 ff 3 10 1 4:2,5:x 7\n".encode()))  # a child's value that does not read
    with pytest.raises(ValueError, match=r"bad.txt.gz:3:"):
        read_shard(path)
    path.write_bytes(gzip.compress(f"{head}0 11 ff 3 10 1 4:2\n".encode()))  # children without their CPU time
    with pytest.raises(ValueError, match=r"bad.txt.gz:3:"):
        read_shard(path)
    path.write_bytes(gzip.compress(b"seed lines\n"))
    with pytest.raises(ValueError, match="not a shard"):
        read_shard(path)
    path.write_text("# board 3x3 seeds 0-0 lines 8-14 max-nodes 1\n")  # not compressed
    with pytest.raises(ValueError, match="not gzipped"):
        read_shard(path)


def test_a_shard_with_children_holds_every_safe_line_solved_and_reads_back(tmp_path: Path) -> None:
    """Each child's value is the solver's value of the position after that safe line (the opponent's): so the
    position's value is the best over its children when a safe line is best, never better than that otherwise."""
    shard = Shard("3x3", 3, 5, 12, 16, 10_000_000, children=True)
    rows = label_shard(shard)
    board = board_named("3x3")
    tables = tables_for(board)
    assert any(row.children for row in rows)
    for row in rows:
        state = _position(board, row.drawn)
        safe = safe_mask(tables, row.drawn, tables.degrees(row.drawn))
        assert [line for line, _ in row.children] == [line for line in range(board.num_lines) if safe >> line & 1]
        for line, value in row.children:
            state.play(line)
            assert value == solve(state)
            state.undo()
        if row.children:
            assert row.value is not None and row.value >= max(-value for _, value in row.children if value is not None)
    write_shard(tmp_path, shard, rows)
    assert read_shard(tmp_path / shard.name) == ("3x3", rows)
    assert gzip.decompress((tmp_path / shard.name).read_bytes()).decode().splitlines()[0].endswith(" children")


def _position(board: Board, drawn: int) -> GameState:
    state = GameState(board)
    for line in range(board.num_lines):
        if drawn >> line & 1:
            state.play(line)
    return state


def test_the_generation_runs_on_dask_and_a_second_run_labels_nothing_again(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed", reason="the train extra: pip install -e '.[train]'")
    from train.generate import generate

    shards = plan("3x3", 0, 4, 2, 10, 14, 10_000_000)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=":0") as client:
        generate(shards, tmp_path, client)
        written = {path.name: path.stat().st_mtime_ns for path in tmp_path.glob(f"*{SUFFIX}")}
        assert sorted(written) == sorted(s.name for s in shards)
        generate(shards, tmp_path, client)
    assert {path.name: path.stat().st_mtime_ns for path in tmp_path.glob(f"*{SUFFIX}")} == written
    seeds = {row.seed for _, row in read_folder(tmp_path)}
    assert seeds == {0, 1, 2, 3}


def test_the_fit_is_exact_least_squares() -> None:
    """Labels made by known weights are fitted back exactly (no penalty), and the penalty shrinks every weight
    but the bias."""
    rng = random.Random(5)
    truth = [rng.randrange(-20, 20) for _ in FEATURE_NAMES]
    rows = []
    for seed in range(3 * len(FEATURE_NAMES)):
        x = (1, *(rng.randrange(-9, 10) for _ in FEATURE_NAMES[1:]))
        rows.append(Example(seed, 40, x, sum(w * v for w, v in zip(truth, x, strict=True))))
    assert fit(rows, Fraction(0)) == truth
    shrunk = fit(rows, Fraction(10_000))
    assert sum(w * w for w in shrunk[1:]) < sum(w * w for w in truth[1:])
    assert quantise([Fraction(1, 512), Fraction(3, 512), Fraction(-1)]) == (0, 2, -256)


def test_held_out_games_are_never_fitted() -> None:
    rows = [Example(seed, 40, (1,) * len(FEATURE_NAMES), 1) for seed in range(10)]
    kept = {row.seed for row in fitting.training_rows(rows)}
    assert kept == {0, 1, 2, 3, 5, 6, 7, 8}


def test_the_committed_weights_are_what_the_committed_data_give() -> None:
    """``python -m train.fit --check``: the weights rebuilt from train/data, compared byte for byte."""
    assert fitting.WEIGHTS.read_text() == fitting.build(fitting.DATA)


def test_an_exact_label_matches_a_game_state_from_its_bits() -> None:
    """A label's bit set rebuilds its position: the value stored is the solver's value of that position."""
    shard = Shard("3x3", 5, 6, 10, 12, 10_000_000)
    for row in label_shard(shard):
        state = GameState(board_named("3x3"))
        for line in range(state.board.num_lines):
            if row.drawn >> line & 1:
                state.play(line)
        assert row.value == solve(state)
