"""Monte Carlo playouts that end at the first position without a safe line and score it with the chain formula.

Early in a two-player game (normal rules) many safe lines are left and no search reaches the end. What decides
the game is who will have to open the first long chain, and random playouts to the end of the game cannot see
that (plain Monte Carlo loses almost every game on 3x3 boxes). These playouts draw random safe lines only (a safe
line captures nothing and gives nothing, so no captures happen on the way) and stop where none is left; there
the player to move must open a chain or a loop, and the position is scored exactly as if it were simple: the
chains (ending on the ground or at a joint) and loops by :func:`~game.ai.position.coins.simple_value`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from ..position.coins import CoinTables, lines_of, safe_mask, simple_value, strings

MoveGenerator = Generator[int | None, None, int]


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
    tables: CoinTables, drawn: int, deg: list[int], safe: list[int], rng: random.Random, stop: float, best: int
) -> MoveGenerator:
    """The safe line of ``safe`` with the best mean playout value over whole rounds (one playout per line) done
    before ``stop``; ``best`` if not one round was done. Yields ``best`` after every playout (each is well under a
    millisecond on 5x5 boxes)."""
    totals = dict.fromkeys(safe, 0)
    rounds = 0
    while True:
        this_round = {}
        for line in safe:
            this_round[line] = playout_value(tables, drawn, deg, line, rng)
            yield best
            if time.perf_counter() >= stop:
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
