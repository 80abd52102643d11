"""Does the learned evaluation choose better safe lines than Hard's long-chain rule? Measured move by move.

    nice -n 15 python -m train.decisions --lines 38-41

On the held-out games (:func:`train.fit.held_out`) of the labelled data, each position with more than Hard's
``SAFE_LIMIT`` safe lines (where Hard, and so the Expert, plays a safe line by the long-chain rule) whose next
position in the game is labelled too (Hard's move there took nothing): the cells Hard's move lost against the best
play (the position's exact value plus its child's, the child's being the opponent's) beside the cells lost by

- ``model``: the safe line after which the learned estimate is lowest for the opponent;
- ``rule+model``: the same among the safe lines the long-chain rule keeps (Hard's candidates), so it differs from
  Hard only in how the rule's ties are broken.

Each child that Hard did not play is solved exactly (within ``--max-nodes``; positions whose child runs out are left
out). With ``--every-safe-line`` every safe line's child is solved, which adds the scale: the best safe line (what a
perfect evaluation of the safe lines would lose) and a random one (the mean over the safe lines). Printed: the
positions, the mean cells lost by each, how often each lost nothing, and the mean paired difference from Hard's
with its standard error.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from game.ai.learned.model import estimate, weights_for
from game.ai.levels.basic import SAFE_LIMIT
from game.ai.levels.hard import long_chain_rule
from game.ai.position.coins import lines_of, safe_mask, tables_for
from game.core import GameState
from game.steps import run

from .fit import DATA, held_out
from .generate import seed_range
from .positions import Labelled, board_named, label
from .shards import read_folder


def position_of(board_name: str, drawn: int) -> GameState:
    state = GameState(board_named(board_name))
    for line in range(state.board.num_lines):
        if drawn >> line & 1:
            state.play(line)
    return state


def model_choice(state: GameState, candidates: list[int], weights: tuple[int, ...]) -> int:
    """Of ``candidates`` (safe lines), the one whose child the estimate values lowest for the opponent (the first
    such in the board's move order)."""
    tables = tables_for(state.board)
    order = {line: rank for rank, line in enumerate(tables.order)}
    scored = []
    for line in candidates:
        drawn = state.drawn | 1 << line
        scored.append((estimate(tables, drawn, tables.degrees(drawn), weights), order[line], line))
    return min(scored)[2]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA / "5x5", help="the folder of one board's shards")
    parser.add_argument("--lines", type=seed_range, default=(38, 41), help="lines left of the positions, LOW-HIGH")
    parser.add_argument("--max-nodes", type=int, default=40_000_000, help="node budget of a child's solve")
    parser.add_argument("--every-safe-line", action="store_true", help="solve every safe line's child too")
    args = parser.parse_args(argv)
    rows: dict[tuple[int, int], tuple[str, Labelled]] = {}
    for name, row in read_folder(args.data):
        if row.value is not None and held_out(row.seed):
            rows[row.seed, row.lines_left] = (name, row)
    low, high = args.lines
    lost: dict[str, list[float]] = {"hard": [], "model": [], "rule+model": []}
    for (seed, left), (name, row) in sorted(rows.items()):
        after = rows.get((seed, left - 1))
        if not low <= left <= high or after is None:
            continue
        state = position_of(name, row.drawn)
        tables = tables_for(state.board)
        weights = weights_for(state.board)
        safe = lines_of(safe_mask(tables, state.drawn, tables.degrees(state.drawn)))
        played = after[1].drawn & ~row.drawn
        if weights is None or len(safe) <= SAFE_LIMIT or played.bit_count() != 1 or played.bit_length() - 1 not in safe:
            continue
        assert row.value is not None and after[1].value is not None
        known = {played.bit_length() - 1: after[1].value}
        choices = {
            "model": model_choice(state, safe, weights),
            "rule+model": model_choice(state, run(long_chain_rule(state.copy(), safe)), weights),
        }
        wanted = safe if args.every_safe_line else list(choices.values())
        for line in wanted:
            if line not in known:
                child = state.copy()
                child.play(line)
                known[line] = label(child, args.max_nodes)[0]
        if any(known[line] is None for line in wanted):
            continue
        lost["hard"].append(row.value + known[played.bit_length() - 1])
        for kind, line in choices.items():
            lost[kind].append(row.value + known[line])
        if args.every_safe_line:
            children = [row.value + known[line] for line in safe]
            lost.setdefault("best safe line", []).append(min(children))
            lost.setdefault("random safe line", []).append(statistics.mean(children))
        print(
            f"seed {seed} at {left} lines left: lost " + ", ".join(f"{k} {v[-1]}" for k, v in lost.items()), flush=True
        )
    count = len(lost["hard"])
    print(f"\n{count} positions with more than {SAFE_LIMIT} safe lines, {low}-{high} lines left, held-out games")
    for kind, cells in lost.items():
        if cells:
            perfect = sum(1 for c in cells if c == 0)
            pairs = [c - h for c, h in zip(cells, lost["hard"], strict=True)]
            spread = statistics.stdev(pairs) / len(pairs) ** 0.5 if len(pairs) > 1 else 0.0
            print(
                f"{kind}: mean {statistics.mean(cells):.2f} cells lost, none lost in {perfect} of {count}; "
                f"against Hard's {statistics.mean(pairs):+.2f} +- {spread:.2f}"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
