"""Ranking the safe lines: which safe line loses fewest cells, learned from every safe child solved exactly.

    nice -n 10 python -m train.ranking                       # the held-out gauge, by training size
    nice -n 10 python -m train.ranking --sizes 50,200 --lines 36-39

The shards made with ``--children`` (:mod:`train.shards`) hold, for each position, the exact value of the
position after each of its safe lines. A safe line's **loss** is what it gives up against best play: the
position's value plus its child's (the child's value is the opponent's). A ranker picks one safe line; the gauge is
the mean loss of its picks (ties: the mean over the tied lines) on the held-out games (:func:`train.fit.held_out`),
at positions with more than Hard's ``SAFE_LIMIT`` safe lines (where Hard, and so the Expert, plays a safe line by
the long-chain rule), beside:

- Hard's long-chain rule: the mean over the lines it keeps (Hard draws one of them at random);
- a random safe line (the mean over all) and the best one (what a perfect ranker would lose);
- the value model (:mod:`game.ai.learned`, fitted on the same games' positions): the child it values lowest.

The rankers are linear in the features of a child (:func:`child_features`), fitted by :func:`train.fit.fit` to
the losses centred in each position (each child's features and loss less their means over its siblings, all
times the number of siblings to stay in integers): only the differences between siblings are learned, which is
all a choice needs. Three feature sets, each adding to the one before: ``value`` (the value model's features of
the child), ``playouts`` (the long-chain rule's verdict on the line, the child's independent regions, and six
fixed-order playouts of safe lines: the parity of their length and the long-chain rule's sign where they stop)
and ``safe game`` (the outcome of the safe-line game, :mod:`train.safe_game`, and its products with the control
sign, the long chains' parity and the coins).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import NamedTuple

from game.ai.learned.features import features_of, structure
from game.ai.levels.basic import SAFE_LIMIT
from game.ai.position.chains import analyse, mover_gets_control
from game.ai.position.coins import CoinTables, safe_mask, tables_for
from game.core import Board, GameState

from .fit import DATA, Example, examples, fit, held_out, training_rows
from .generate import seed_range
from .positions import board_named
from .safe_game import safe_game
from .shards import read_folder


class Choice(NamedTuple):
    line: int
    loss: int  # cells lost against best play by drawing ``line``
    rule: bool  # the long-chain rule keeps it (one of Hard's candidates)
    x: tuple[int, ...]  # the child's features (:func:`child_features`)


class Group(NamedTuple):
    """A position with all its safe lines solved: one decision."""

    seed: int
    lines_left: int
    choices: tuple[Choice, ...]


def position_of(board: Board, drawn: int) -> GameState:
    state = GameState(board)
    for line in range(board.num_lines):
        if drawn >> line & 1:
            state.play(line)
    return state


def rule_keeps(state: GameState, line: int) -> bool:
    """The long-chain rule's verdict on ``line``: after it, counting the long chains already formed, the opponent
    is not in control."""
    state.play(line)
    try:
        return not mover_gets_control(state, analyse(state).long_chains)
    finally:
        state.undo()


def regions(tables: CoinTables, drawn: int, deg: list[int]) -> int:
    """The coins left, in groups joined by undrawn strings between two coins: the board's independent regions."""
    leader = list(range(tables.num_cells))

    def find(coin: int) -> int:
        while leader[coin] != coin:
            leader[coin] = leader[leader[coin]]
            coin = leader[coin]
        return coin

    for line, cells in enumerate(tables.line_cells):
        if len(cells) == 2 and not drawn >> line & 1:
            leader[find(cells[1])] = find(cells[0])
    return len({find(coin) for coin in range(tables.num_cells) if deg[coin]})


@cache
def playout_orders(tables: CoinTables) -> tuple[tuple[int, ...], ...]:
    """The playouts' fixed orders of the lines: the move order, its reverse, and four shuffles of fixed seeds."""
    shuffled = tuple(tuple(random.Random(seed).sample(range(tables.num_lines), tables.num_lines)) for seed in range(4))
    return (tables.order, tables.order[::-1], *shuffled)


def playout(tables: CoinTables, drawn: int, order: Sequence[int]) -> tuple[int, int]:
    """(safe lines drawn, the position then) when the first safe line in ``order`` is drawn until none is left."""
    count = 0
    while mask := safe_mask(tables, drawn, tables.degrees(drawn)):
        drawn |= 1 << next(line for line in order if mask >> line & 1)
        count += 1
    return count, drawn


def child_features(tables: CoinTables, drawn: int, rule: bool) -> tuple[int, ...]:
    """The features of the position ``drawn`` (a child, the opponent to move) that the rankers read, in the order
    of :data:`FEATURE_SETS`: the value model's (its bias left out), then the playouts', then the safe game's."""
    deg = tables.degrees(drawn)
    counts = structure(tables, drawn, deg)
    value = features_of(counts)[1:]
    parity_sum = control_sum = 0
    for order in playout_orders(tables):
        count, end = playout(tables, drawn, order)
        parity = 1 if count % 2 == 0 else -1
        ended = structure(tables, end, tables.degrees(end))
        parity_sum += parity
        control_sum += parity * features_of(ended)[1]
    playouts = (int(rule), regions(tables, drawn, deg), parity_sum, control_sum)
    sign = 1 if safe_game(tables, drawn, deg) else -1
    control, long_chains = value[0], counts.long3 + counts.long4 + counts.long5
    game = (sign, sign * control, sign * (1 if long_chains % 2 == 0 else -1), sign * counts.coins)
    return value + playouts + game


FEATURE_SETS = {"value": 19, "playouts": 23, "safe game": 27}  # how many of :func:`child_features` each reads


def groups(folder: Path, lines: tuple[int, int], least_safe: int = SAFE_LIMIT + 1) -> list[Group]:
    """Every labelled position of ``folder``'s shards with ``lines`` (LOW, HIGH) lines left and at least
    ``least_safe`` safe lines, all of them solved, in the shards' order. Where the rule keeps no line Hard draws
    among all: then every line counts as kept."""
    found = []
    for name, row in read_folder(folder):
        if row.value is None or len(row.children) < max(least_safe, 2) or not lines[0] <= row.lines_left <= lines[1]:
            continue
        if any(value is None for _, value in row.children):
            continue
        board = board_named(name)
        tables, state = tables_for(board), position_of(board, row.drawn)
        kept = [rule_keeps(state, line) for line, _ in row.children] or []
        kept = kept if any(kept) else [True] * len(kept)
        choices = tuple(
            Choice(line, row.value + value, keep, child_features(tables, row.drawn | 1 << line, keep))
            for (line, value), keep in zip(row.children, kept, strict=True)
            if value is not None
        )
        found.append(Group(row.seed, row.lines_left, choices))
    return found


def centred(group: Group, width: int) -> list[Example]:
    """The rows a ranker is fitted to: each child's first ``width`` features and loss, less their sums over the
    siblings divided by their number, times that number (integers)."""
    size = len(group.choices)
    sums = [sum(choice.x[i] for choice in group.choices) for i in range(width)]
    total = sum(choice.loss for choice in group.choices)
    return [
        Example(
            group.seed,
            group.lines_left,
            tuple(size * choice.x[i] - sums[i] for i in range(width)),
            size * choice.loss - total,
        )
        for choice in group.choices
    ]


def fit_ranker(train: Sequence[Group], width: int) -> list[Fraction]:
    return fit([row for group in train for row in centred(group, width)], free=0)


Score = Callable[[Choice], float]


def lost(group: Group, score: Score) -> float:
    """The loss of the line ``score`` rates lowest (the mean over ties)."""
    scores = [score(choice) for choice in group.choices]
    low = min(scores)
    return statistics.mean(c.loss for c, s in zip(group.choices, scores, strict=True) if s == low)


def gauge(test: Sequence[Group], score: Score) -> float:
    return statistics.mean(lost(group, score) for group in test)


def linear(weights: Sequence[Fraction], start: int = 0) -> Score:
    return lambda choice: float(sum(w * x for w, x in zip(weights, choice.x[start:], strict=False)))


def baselines(test: Sequence[Group]) -> dict[str, float]:
    return {
        "best safe line": statistics.mean(min(c.loss for c in g.choices) for g in test),
        "a random safe line": statistics.mean(statistics.mean(c.loss for c in g.choices) for g in test),
        "Hard's long-chain rule": statistics.mean(statistics.mean(c.loss for c in g.choices if c.rule) for g in test),
    }


def report(folder: Path, lines: tuple[int, int], sizes: list[int]) -> None:
    found = groups(folder, lines)
    train = [g for g in found if not held_out(g.seed)]
    test = [g for g in found if held_out(g.seed)]
    print(
        f"{len(train)} training and {len(test)} held-out positions at {lines[0]}-{lines[1]} lines left with more "
        f"than {SAFE_LIMIT} safe lines ({sum(len(g.choices) for g in train)} and "
        f"{sum(len(g.choices) for g in test)} safe lines); mean cells lost a pick on the held-out ones:\n"
    )
    for name, cells in baselines(test).items():
        print(f"- {name}: {cells:.2f}")
    positions = training_rows(next(iter(examples(folder).values())))
    steps = [s for s in sizes if s < len(train)] + [len(train)]
    head = " | ".join(FEATURE_SETS)
    print(f"\n| training positions (value model) / decisions (rankers) | value model | {head} |")
    print("| --- " * (2 + len(FEATURE_SETS)) + "|")
    for size in steps:
        share = round(len(positions) * size / len(train))
        weights = fit(positions[:share])  # its bias is the same for every child: left out of the score
        row = [f"{gauge(test, linear(weights[1:])):.2f}"]
        for width in FEATURE_SETS.values():
            row.append(f"{gauge(test, linear(fit_ranker(train[:size], width))):.2f}")
        print(f"| {share} / {size} | " + " | ".join(row) + " |", flush=True)
    hard = [statistics.mean(c.loss for c in g.choices if c.rule) for g in test]
    print("\nAgainst Hard's rule, fitted on every training position (mean paired difference, its standard error):")
    for name, width in FEATURE_SETS.items():
        score = linear(fit_ranker(train, width))
        pairs = [lost(g, score) - h for g, h in zip(test, hard, strict=True)]
        print(f"- {name}: {statistics.mean(pairs):+.2f} +- {statistics.stdev(pairs) / len(pairs) ** 0.5:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA / "5x5", help="the folder of one board's shards")
    parser.add_argument("--lines", type=seed_range, default=(36, 39), help="lines left of the positions, LOW-HIGH")
    parser.add_argument("--sizes", default="25,50,100,200,400", help="training decisions to fit on, in turn")
    args = parser.parse_args(argv)
    report(args.data, args.lines, [int(size) for size in args.sizes.split(",")])


if __name__ == "__main__":
    main(sys.argv[1:])
