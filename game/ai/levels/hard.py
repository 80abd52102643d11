"""Hard: Medium, plus the fight for control searched before the safe lines run out, and exact endgames.

Two players, normal rules: with few lines left the exact solver (:func:`~game.ai.search.solver.exact_best_move`
within ``HARD_NODES``); with at most ``SAFE_LIMIT`` safe lines the fight for control, searched by the narrow
selective solver (the Expert's: :class:`~game.ai.search.solver.Solver` over
:func:`~game.ai.position.coins.control_moves`, safe lines and short sacrifices while safe lines remain, one opening
of each chain or loop after), within ``HARD_NODES``; with more, a safe line after which the long-chain rule denies
the opponent control. Other rules: see
:func:`~.basic.by_search`; 3-4 players: max-n for the last lines, else the paranoid search, both within node
budgets (Hard is bounded by work, not time).
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..position.chains import analyse, chain_rules, mover_gets_control, safe_lines
from ..search.common import OutOfNodes, Work
from ..search.maxn import MaxN
from ..search.paranoid import deepen
from ..search.solver import Solver, SolverOptions, exact_best_move, within_nodes
from .basic import (
    SAFE_LIMIT,
    MoveGenerator,
    by_search,
    fewest_cells,
    judge_by,
    medium,
    medium_value,
    take_or_decline,
)

HARD_NODES = 30000  # positions, for each of Hard's searches (the exact solver's and the fight for control's)
HARD_SOLVER_LINES = 16  # Hard tries the exact solver at or below this many lines left (two players)
PARANOID_NODES = 12000
MAXN_NODES = 20000


def hard_value(state: GameState, clock: Clock = WALL_CLOCK) -> Generator[None, None, int]:
    """The fight for control's value when few safe lines remain (Medium's estimate past the budget); otherwise 0
    (keep taking)."""
    if len(safe_lines(state)) > SAFE_LIMIT:
        return 0
    solver = yield from fight(state, None, clock)
    if solver is None or solver.value is None:
        return (yield from medium_value(state))
    return solver.value


def fight_for_control(
    state: GameState, rng: random.Random, clock: Clock = WALL_CLOCK
) -> Generator[None, None, int | None]:
    """The best safe line, short sacrifice or opening of the fight for control, ties drawn by ``rng`` (None past
    the budget)."""
    solver = yield from fight(state, rng, clock)
    return None if solver is None else solver.best_move


def fight(
    state: GameState, rng: random.Random | None, clock: Clock = WALL_CLOCK
) -> Generator[None, None, Solver | None]:
    """The narrow selective solver of ``state`` once finished, or None past ``HARD_NODES`` positions."""
    return (
        yield from within_nodes(
            Solver(state, SolverOptions(rng, selective=True, narrow=True, max_nodes=HARD_NODES, clock=clock))
        )
    )


def hard(state: GameState, rng: random.Random, clock: Clock = WALL_CLOCK) -> MoveGenerator:
    """Medium, plus the fight for control before the safe lines run out, a search of the endgame, and an exact
    search of the last lines. ``clock``: where the searches read the time (for their pauses only: Hard is bounded
    by work)."""
    if not state.rules.normal_play:
        return (yield from by_search(state, rng, HARD_NODES, clock))
    if state.rules.players == 2 and state.lines_left <= HARD_SOLVER_LINES:
        line = yield from exact_best_move(state, rng, HARD_NODES, clock)
        if line is not None:
            return line
    if not chain_rules(state):
        if state.lines_left <= SAFE_LIMIT:
            try:
                return rng.choice((yield from MaxN(state, MAXN_NODES, clock).best_lines()))
            except OutOfNodes:
                first = rng.choice(state.legal_lines())
                return (yield from deepen(state, rng, first, max_nodes=PARANOID_NODES, clock=clock))
        return (yield from medium(state, rng, clock))
    line = yield from take_or_decline(state, rng, judge_by(lambda position: hard_value(position, clock)))
    if line is not None:
        return line
    safe = safe_lines(state)
    if len(safe) <= SAFE_LIMIT:
        line = yield from fight_for_control(state, rng, clock)
        if line is not None:
            return line
    if safe:
        return rng.choice((yield from long_chain_rule(state, safe, clock)))
    return (yield from fewest_cells(state, rng, clock))


def long_chain_rule(state: GameState, safe: list[int], clock: Clock = WALL_CLOCK) -> Generator[None, None, list[int]]:
    """The safe lines after which, counting the long chains already formed, the long-chain rule gives the
    opponent no control (all of ``safe`` if none does)."""
    good = []
    work = Work(1, clock=clock)
    for line in safe:
        state.play(line)
        if not mover_gets_control(state, analyse(state).long_chains):
            good.append(line)
        state.undo()
        if work.tick():
            yield None
    return good or safe
