"""The levels, each a strategy defined by the techniques it may use.

A strategy is a generator function ``(state, rng) -> MoveGenerator``: it does its work between yields (yielding
its best move so far, or None) and returns its move. It may play and undo on ``state`` but leaves it as found.
Choices among equally good moves are drawn from the player's ``rng`` (seeded once per game).

Chain theory (control, all-but-two, the long-chain rule) holds only for two players with the extra move after a
capture and the normal scoring. In misère and with "no extra move" Medium and Hard search exactly once few safe
lines remain (:mod:`.lookahead`); 3-4 players take boxes, avoid giving and give the fewest cells when they must,
and Hard plays their last lines by max-n. ``docs/ai.md`` describes every level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator

from ..core import GameState
from .chains import analyse, mover_gets_control
from .control import SAFE_LIMIT, ControlSearch, quiet_value, safe_lines
from .lookahead import ExactSearch, MaxN, OutOfNodes, lookahead_move
from .tactics import Opened, gift, opened_runs, take_all, undo_many

MoveGenerator = Generator[int | None, None, int]
Strategy = Callable[[GameState, random.Random], MoveGenerator]

BEGINNER_SEES_BOX = 0.7
BEGINNER_SEES_SAFE = 0.4
MEDIUM_NODES = 3000
HARD_NODES = 30000
PARANOID_NODES = 12000
MAXN_NODES = 20000
EXACT_LINES = 16
SEARCH_LINES = 30
CONTROL_NODES = 6000
GIFTS_PER_YIELD = 6


def chain_rules(state: GameState) -> bool:
    """True when chain theory applies: two players, normal scoring, an extra move after a capture."""
    rules = state.rules
    return rules.players == 2 and not rules.misere and not rules.no_extra


def capturing_lines(state: GameState) -> list[int]:
    return [line for line in state.legal_lines() if state.would_capture(line)]


# -- beginner and easy ---------------------------------------------------------------------------------------
def beginner(state: GameState, rng: random.Random) -> MoveGenerator:
    """Takes a box it sees most of the time; otherwise random, sometimes giving a box away."""
    yield None
    takes = capturing_lines(state)
    if takes and not state.rules.misere and rng.random() < BEGINNER_SEES_BOX:
        return rng.choice(takes)
    safe = safe_lines(state)
    if safe and rng.random() < BEGINNER_SEES_SAFE:
        return rng.choice(safe)
    return rng.choice(state.legal_lines())


def easy(state: GameState, rng: random.Random) -> MoveGenerator:
    """Always takes boxes; safe lines while any remain; otherwise random. In misère it turns round: a safe line,
    else a line that closes nothing, and a box only when nothing else is left."""
    yield None
    takes = capturing_lines(state)
    if takes and not state.rules.misere:
        return rng.choice(takes)
    safe = safe_lines(state)
    if safe:
        return rng.choice(safe)
    legal = state.legal_lines()
    if state.rules.misere:
        return rng.choice([line for line in legal if line not in takes] or legal)
    return rng.choice(legal)


# -- medium ---------------------------------------------------------------------------------------------------
Judge = Callable[[GameState, Opened], Generator[None, None, bool]]


def take_or_decline(state: GameState, rng: random.Random, judge: Judge | None) -> Generator[None, None, int | None]:
    """A line that takes what is offered, or the all-but-two / all-but-four line when ``judge`` says to decline.

    Runs that can be taken without a decision go first; the decision is made on the last run only.
    """
    runs = opened_runs(state)
    if not runs:
        return None
    free = [run for run in runs if run.decline is None]
    if free or len(runs) > 1 or judge is None:
        return rng.choice(free or runs).take
    keep = yield from judge(state, runs[0])
    return runs[0].take if keep else runs[0].decline


def judge_by(value: Callable[[GameState], Generator[None, None, int]]) -> Judge:
    """Take the last run unless giving it away and keeping control nets more, by ``value`` of what follows."""

    def judge(state: GameState, run: Opened) -> Generator[None, None, bool]:
        _, played = take_all(state)
        after = (yield from value(state)) if not state.over else 0
        undo_many(state, played)
        return after >= -len(run.cells)

    return judge


def medium_value(state: GameState) -> Generator[None, None, int]:
    """The endgame value once no safe line is left; 0 (no reason to decline) while some remain."""
    yield None
    if safe_lines(state):
        return 0
    return quiet_value(state)


def fewest_cells(state: GameState, rng: random.Random) -> Generator[None, None, int]:
    """Gives the fewest cells (opens the shortest chain), preferring gifts the opponent cannot decline."""
    gifts = []
    for i, line in enumerate(state.legal_lines()):
        gifts.append(gift(state, line))
        if i % GIFTS_PER_YIELD == GIFTS_PER_YIELD - 1:
            yield None
    least = min(g.cells for g in gifts)
    cheapest = [g for g in gifts if g.cells == least]
    firm = [g for g in cheapest if not g.declinable] or cheapest
    return rng.choice(firm).line


def by_search(state: GameState, rng: random.Random, node_budget: int) -> MoveGenerator:
    """Misère and no extra move: once few lines and safe lines remain, the exact search (max-n with 3-4 players) if it
    finishes within the budget; otherwise a capture that gives nothing back (no extra move only), else Easy's move."""
    if state.lines_left <= SEARCH_LINES and len(safe_lines(state)) <= SAFE_LIMIT:
        search = ExactSearch(state, node_budget) if state.rules.players == 2 else MaxN(state, node_budget)
        try:
            return rng.choice((yield from search.best_lines()))
        except OutOfNodes:
            pass
    if state.rules.no_extra:
        clean = [line for line in capturing_lines(state) if state.is_safe(line)]
        if clean:
            return rng.choice(clean)
    return (yield from easy(state, rng))


def medium(state: GameState, rng: random.Random) -> MoveGenerator:
    """As Easy, but gives the fewest cells when it must, and takes all but two when that keeps control."""
    if state.rules.misere or state.rules.no_extra:
        return (yield from by_search(state, rng, MEDIUM_NODES))
    judge = judge_by(medium_value) if chain_rules(state) else None
    line = yield from take_or_decline(state, rng, judge)
    if line is not None:
        return line
    safe = safe_lines(state)
    if safe:
        return rng.choice(safe)
    return (yield from fewest_cells(state, rng))


# -- hard -----------------------------------------------------------------------------------------------------
def control_budget(state: GameState) -> int:
    """The control search's node budget: smaller on big positions, where every node costs more."""
    return CONTROL_NODES * 40 // max(40, state.lines_left)


def hard_value(state: GameState) -> Generator[None, None, int]:
    """The control search's value when few safe lines remain; otherwise 0 (keep taking)."""
    if len(safe_lines(state)) > SAFE_LIMIT:
        return 0
    try:
        return (yield from ControlSearch(state, control_budget(state)).value())
    except OutOfNodes:
        return (yield from medium_value(state))


def fight_for_control(state: GameState, rng: random.Random) -> Generator[None, None, int | None]:
    """The best safe line, short sacrifice or opening by :class:`ControlSearch` (None if over budget)."""
    try:
        values = yield from ControlSearch(state, control_budget(state)).root_values()
    except OutOfNodes:
        return None
    top = max(values.values())
    return rng.choice([line for line, v in values.items() if v == top])


def hard(state: GameState, rng: random.Random) -> MoveGenerator:
    """Medium, plus the fight for control before the safe lines run out, a search of the endgame, and an exact
    search of the last lines."""
    if state.rules.misere or state.rules.no_extra:
        return (yield from by_search(state, rng, HARD_NODES))
    if state.rules.players == 2 and state.lines_left <= EXACT_LINES:
        try:
            return rng.choice((yield from ExactSearch(state, HARD_NODES).best_lines()))
        except OutOfNodes:
            pass
    if not chain_rules(state):
        if state.lines_left <= SAFE_LIMIT:
            try:
                return rng.choice((yield from MaxN(state, MAXN_NODES).best_lines()))
            except OutOfNodes:
                return (yield from lookahead_move(state, rng, PARANOID_NODES))
        return (yield from medium(state, rng))
    line = yield from take_or_decline(state, rng, judge_by(hard_value))
    if line is not None:
        return line
    safe = safe_lines(state)
    if len(safe) <= SAFE_LIMIT:
        line = yield from fight_for_control(state, rng)
        if line is not None:
            return line
    if safe:
        return rng.choice((yield from long_chain_rule(state, safe)))
    return (yield from fewest_cells(state, rng))


def long_chain_rule(state: GameState, safe: list[int]) -> Generator[None, None, list[int]]:
    """The safe lines after which, counting the long chains already formed, the long-chain rule gives the
    opponent no control (all of ``safe`` if none does)."""
    good = []
    for i, line in enumerate(safe):
        state.play(line)
        if not mover_gets_control(state, analyse(state).long_chains):
            good.append(line)
        state.undo()
        if i % GIFTS_PER_YIELD == GIFTS_PER_YIELD - 1:
            yield None
    return good or safe


# -- expert ---------------------------------------------------------------------------------------------------
EXPERT_SECONDS = 2.5  # per move; only moves where a solver runs use it (most are instant, see docs/solver.md)


def expert(state: GameState, rng: random.Random, budget_seconds: float = EXPERT_SECONDS) -> MoveGenerator:
    """The exact search (:mod:`.expert`) when it is installed, else Hard."""
    try:
        from .expert import expert_move
    except ImportError:
        return (yield from hard(state, rng))
    return (yield from expert_move(state, rng, budget_seconds))


STRATEGIES: dict[str, Strategy] = {
    "beginner": beginner,
    "easy": easy,
    "medium": medium,
    "hard": hard,
    "expert": expert,
}
