"""Two searches of the early game, measured and not kept in the game: flat playouts and a tree search (UCT).

Early in a two-player game (normal rules) many safe lines are left and no search reaches the end. What decides the
game is who will have to open the first long chain, and random playouts to the end of the game cannot see that
(plain Monte Carlo loses almost every game on 3x3 boxes). The playouts here draw random safe lines only (a safe
line captures nothing and gives nothing, so no captures happen on the way) and stop where none is left; there the
player to move must open a chain or a loop, and the position is scored exactly as if it were simple: the chains
(ending on the ground or at a joint) and loops by :func:`~game.ai.position.coins.simple_value`.

* :func:`playout_move`: flat playouts, one per safe line, round after round; the best mean wins.
* :func:`uct_move`: the first plies form a tree. Each iteration walks down from the root, at every node trying each
  safe line once and then the one with the best upper confidence bound (its mean value for the player who draws
  it, plus ``EXPLORE`` times the square root of the log of the node's visits over the line's), adds one node, and
  finishes with random safe lines until none is left; the value, with the sign of each mover, goes back up the
  path. The move is the root's most visited line.

Both yield after every playout (well under a millisecond on 5x5 boxes). :data:`EARLY_GAMES` gives them in the form
the Expert takes as its ``early_game`` (``expert_move(..., early_game=...)``), which ``benchmarks/peers.py
--early`` passes; ``opening_choices.py`` compares them offline. ``docs/measurements/ai-strength.md`` ("The early
game") has the figures: neither reached a better position against Knox than Hard's move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator

from game.ai.levels.expert import SELECTIVE_SAFE, EarlyGame
from game.ai.position.coins import CoinTables, capture_moves, lines_of, safe_mask, simple_value, strings, tables_for
from game.core import GameState
from game.steps import WALL_CLOCK, Clock

MoveGenerator = Generator[int | None, None, int]
SafeLineSearch = Callable[..., MoveGenerator]  # (tables, drawn, deg, safe, rng, stop, best, clock)


def playout_value(tables: CoinTables, drawn: int, deg: list[int], line: int, rng: random.Random) -> int:
    """The mover's value, by one playout, of drawing the safe ``line`` (``deg`` is not changed)."""
    line_cells = tables.line_cells
    deg = deg[:]
    for cell in line_cells[line]:
        deg[cell] -= 1
    drawn |= 1 << line
    turns = 1
    safe = lines_of(safe_mask(tables, drawn, deg))
    while safe:
        pick = safe.pop(rng.randrange(len(safe)))
        for cell in line_cells[pick]:
            deg[cell] -= 1
        drawn |= 1 << pick
        turns += 1
        still = safe_mask(tables, drawn, deg)
        safe = [other for other in safe if still >> other & 1]
    chains, loops = strings(tables, drawn, deg)
    value = simple_value(tuple(sorted(len(run[0]) for run in chains)), tuple(sorted(len(run[0]) for run in loops)))
    return value if turns % 2 == 0 else -value


def playout_move(
    tables: CoinTables,
    drawn: int,
    deg: list[int],
    safe: list[int],
    rng: random.Random,
    stop: float,
    best: int,
    clock: Clock = WALL_CLOCK,
) -> MoveGenerator:
    """The safe line of ``safe`` with the best mean playout value over whole rounds (one playout per line) done
    before ``clock()`` reaches ``stop``; ``best`` if not one round was done. Yields ``best`` after every playout
    (each is well under a millisecond on 5x5 boxes)."""
    totals = dict.fromkeys(safe, 0)
    rounds = 0
    while True:
        this_round = {}
        for line in safe:
            this_round[line] = playout_value(tables, drawn, deg, line, rng)
            yield best
            if clock() >= stop:
                break
        else:
            rounds += 1
            for line, value in this_round.items():
                totals[line] += value
            continue
        break
    if not rounds:
        return best
    top = max(totals.values())
    return rng.choice([line for line in safe if totals[line] == top])


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
    tables: CoinTables,
    drawn: int,
    deg: list[int],
    safe: list[int],
    rng: random.Random,
    stop: float,
    best: int,
    clock: Clock = WALL_CLOCK,
) -> MoveGenerator:
    """The safe line of ``safe`` the tree search visited most until ``clock()`` reaches ``stop`` (``best`` if it
    never ran); yields ``best`` after every iteration."""
    root = Node(list(safe))
    while clock() < stop:
        iterate(tables, root, drawn, deg, rng)
        yield best
    return root.most_visited(rng) if root.visits else best


def early_game(search: SafeLineSearch) -> EarlyGame:
    """``search`` as the Expert's ``early_game``: in a normal game with nothing to take and more than
    ``SELECTIVE_SAFE`` safe lines, the safe line it finds until the stop time, else Hard's move (``guess``)."""

    def choose(state: GameState, rng: random.Random, stop: float, clock: Clock, guess: int) -> MoveGenerator:
        if not state.rules.normal_play:
            return guess
        tables = tables_for(state.board)
        deg = tables.degrees(state.drawn)
        if capture_moves(tables, state.drawn, deg) != ([], []):
            return guess
        safe = lines_of(safe_mask(tables, state.drawn, deg))
        if len(safe) <= SELECTIVE_SAFE:
            return guess
        return (yield from search(tables, state.drawn, deg, safe, rng, stop, guess, clock))

    return choose


EARLY_GAMES: dict[str, EarlyGame | None] = {
    "hard": None,  # Hard's move, as in the game
    "playouts": early_game(playout_move),
    "tree": early_game(uct_move),
}
