"""A small Monte Carlo tree search (UCT) over safe lines, scored like the playouts of :mod:`.playouts`.

Flat playouts (one random game per safe line, round after round) only sample the first move: the reply is random
too, so a line whose best answer is bad for the mover still scores well. Here the first plies form a tree. Each
iteration walks down from the root, at every node trying each safe line once and then the one with the best upper
confidence bound (its mean value for the player who draws it, plus ``EXPLORE`` times the square root of the log of
the node's visits over the line's), adds one node, and finishes with random safe lines until none is left. The
position reached is scored exactly as a simple one (the chains and loops, by
:func:`~game.ai.position.coins.simple_value`), and that value, with the sign of each mover, goes back up the path.
Safe lines capture nothing, so the players strictly alternate along the way.

The move is the root's most visited line. The search is a generator that yields after every iteration (one
playout: well under a millisecond on 5x5 boxes), so it keeps to its time in the browser.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator

from ..position.coins import CoinTables, safe_mask, simple_value, strings

MoveGenerator = Generator[int | None, None, int]
EXPLORE = 3.0  # cells: the weight of the confidence bound (values are margins of the cells left, often +-2..8)


class Node:
    """A position of the tree: its safe lines, and per line the visits and the summed value for its mover."""

    __slots__ = ("children", "lines", "totals", "visits", "tries")

    def __init__(self, lines: list[int]) -> None:
        self.lines = lines
        self.visits = 0
        self.tries = [0] * len(lines)
        self.totals = [0.0] * len(lines)
        self.children: dict[int, Node] = {}

    def pick(self, rng: random.Random) -> int:
        """The index of the line to follow: one never tried (at random), else the best upper confidence bound."""
        untried = [index for index, tries in enumerate(self.tries) if not tries]
        if untried:
            return rng.choice(untried)
        log_visits = math.log(self.visits)
        scores = [
            total / tries + EXPLORE * math.sqrt(log_visits / tries)
            for total, tries in zip(self.totals, self.tries, strict=True)
        ]
        return scores.index(max(scores))

    def most_visited(self, rng: random.Random) -> int:
        top = max(self.tries)
        return rng.choice([line for line, tries in zip(self.lines, self.tries, strict=True) if tries == top])


def _draw(tables: CoinTables, deg: list[int], line: int) -> None:
    for cell in tables.line_cells[line]:
        deg[cell] -= 1


def _still_safe(tables: CoinTables, drawn: int, deg: list[int], lines: list[int]) -> list[int]:
    safe = safe_mask(tables, drawn, deg)
    return [line for line in lines if safe >> line & 1]


def iterate(tables: CoinTables, root: Node, drawn: int, deg: list[int], rng: random.Random) -> None:
    """One iteration from ``root`` (the position ``drawn`` with degrees ``deg``, not changed): down the tree, one
    new node, a random playout over safe lines, and the value back up the path."""
    deg = deg[:]
    path: list[tuple[Node, int]] = []
    node = root
    safe: list[int] = []  # the safe lines left at the new node, for the playout
    while node.lines:
        index = node.pick(rng)
        line = node.lines[index]
        path.append((node, index))
        _draw(tables, deg, line)
        drawn |= 1 << line
        child = node.children.get(line)
        if child is None:
            child = node.children[line] = Node(_still_safe(tables, drawn, deg, node.lines))
            safe = child.lines[:]
            break
        node = child
    turns = len(path)
    while safe:
        pick = safe.pop(rng.randrange(len(safe)))
        _draw(tables, deg, pick)
        drawn |= 1 << pick
        turns += 1
        safe = _still_safe(tables, drawn, deg, safe)
    chains, loops = strings(tables, drawn, deg)
    value = simple_value(tuple(sorted(len(run[0]) for run in chains)), tuple(sorted(len(run[0]) for run in loops)))
    for depth, (on, index) in enumerate(path):
        on.visits += 1
        on.tries[index] += 1
        on.totals[index] += value if (turns - depth) % 2 == 0 else -value


def uct_move(
    tables: CoinTables, drawn: int, deg: list[int], safe: list[int], rng: random.Random, stop: float, best: int
) -> MoveGenerator:
    """The safe line of ``safe`` the tree search visited most until ``stop`` (``best`` if it never ran); yields
    ``best`` after every iteration."""
    root = Node(list(safe))
    while time.perf_counter() < stop:
        iterate(tables, root, drawn, deg, rng)
        yield best
    return root.most_visited(rng) if root.visits else best
