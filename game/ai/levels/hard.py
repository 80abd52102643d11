"""Hard: Medium, plus the fight for control searched before the safe lines run out, and exact endgames.

Two players, normal rules: with few lines left the exact solver (:func:`~game.ai.search.solver.exact_best_move`
within ``HARD_NODES``); with at most ``SAFE_LIMIT`` safe lines the control search (:mod:`game.ai.search.control`);
with more, a safe line after which the long-chain rule denies the opponent control. Other rules: see
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
from ..search.control import SAFE_LIMIT, ControlSearch
from ..search.maxn import MaxN
from ..search.paranoid import deepen
from ..search.solver import exact_best_move
from .basic import (
    MoveGenerator,
    by_search,
    fewest_cells,
    judge_by,
    medium,
    medium_value,
    take_or_decline,
)

HARD_NODES = 30000
HARD_SOLVER_LINES = 16  # Hard tries the exact solver at or below this many lines left (two players)
PARANOID_NODES = 12000
MAXN_NODES = 20000
CONTROL_NODES = 6000


def control_budget(state: GameState) -> int:
    """The control search's node budget: smaller on big positions, where every node costs more."""
    return CONTROL_NODES * 40 // max(40, state.lines_left)


def hard_value(state: GameState, clock: Clock = WALL_CLOCK) -> Generator[None, None, int]:
    """The control search's value when few safe lines remain; otherwise 0 (keep taking)."""
    if len(safe_lines(state)) > SAFE_LIMIT:
        return 0
    try:
        return (yield from ControlSearch(state, control_budget(state), clock).value())
    except OutOfNodes:
        return (yield from medium_value(state))


def fight_for_control(
    state: GameState, rng: random.Random, clock: Clock = WALL_CLOCK
) -> Generator[None, None, int | None]:
    """The best safe line, short sacrifice or opening by :class:`ControlSearch` (None if over budget)."""
    try:
        values = yield from ControlSearch(state, control_budget(state), clock).root_values()
    except OutOfNodes:
        return None
    top = max(values.values())
    return rng.choice([line for line, v in values.items() if v == top])


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
