"""Beginner, Easy and Medium: taking boxes, safe lines, giving the fewest cells, all but two.

Chain theory (control, all-but-two, the long-chain rule) holds only for two players with the extra move after a
capture and the normal scoring. In misère and with "no extra move" Medium (and Hard) search exactly once few safe
lines remain (:func:`by_search`); 3-4 players take boxes, avoid giving and give the fewest cells when they must.
``docs/ai.md`` describes every level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..position.chains import analyse, chain_rules, safe_lines
from ..position.tactics import Opened, gift, opened_runs, take_all, undo_many
from ..search.common import OutOfNodes, Work
from ..search.maxn import MaxN
from ..search.solver import exact_best_move

MoveGenerator = Generator[int | None, None, int]

BEGINNER_SEES_BOX = 0.7
BEGINNER_SEES_SAFE = 0.4
MEDIUM_NODES = 3000
SEARCH_LINES = 30  # misère and no extra move: the exact search is tried at or below this many lines left
# Few safe lines: Medium's and Hard's searches start at or below this many (Hard's fight for control, their exact
# search in misère and with no extra move), and the Expert finds Hard's move at once above it.
SAFE_LIMIT = 12


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
    return analyse(state).endgame_value()


def fewest_cells(state: GameState, rng: random.Random, clock: Clock = WALL_CLOCK) -> Generator[None, None, int]:
    """Gives the fewest cells (opens the shortest chain), preferring gifts the opponent cannot decline."""
    gifts = []
    work = Work(1, clock=clock)
    for line in state.legal_lines():
        gifts.append(gift(state, line))
        if work.tick():
            yield None
    least = min(g.cells for g in gifts)
    cheapest = [g for g in gifts if g.cells == least]
    firm = [g for g in cheapest if not g.declinable] or cheapest
    return rng.choice(firm).line


def by_search(state: GameState, rng: random.Random, node_budget: int, clock: Clock = WALL_CLOCK) -> MoveGenerator:
    """Misère and no extra move: once few lines and safe lines remain, the exact search (max-n with 3-4 players) if it
    finishes within the budget; otherwise a capture that gives nothing back (no extra move only), else Easy's move."""
    if state.lines_left <= SEARCH_LINES and len(safe_lines(state)) <= SAFE_LIMIT:
        if state.rules.players == 2:
            line = yield from exact_best_move(state, rng, node_budget, clock)
            if line is not None:
                return line
        else:
            try:
                return rng.choice((yield from MaxN(state, node_budget, clock).best_lines()))
            except OutOfNodes:
                pass
    if state.rules.no_extra:
        clean = [line for line in capturing_lines(state) if state.is_safe(line)]
        if clean:
            return rng.choice(clean)
    return (yield from easy(state, rng))


def medium(state: GameState, rng: random.Random, clock: Clock = WALL_CLOCK) -> MoveGenerator:
    """As Easy, but gives the fewest cells when it must, and takes all but two when that keeps control."""
    if not state.rules.normal_play:
        return (yield from by_search(state, rng, MEDIUM_NODES, clock))
    judge = judge_by(medium_value) if chain_rules(state) else None
    line = yield from take_or_decline(state, rng, judge)
    if line is not None:
        return line
    safe = safe_lines(state)
    if safe:
        return rng.choice(safe)
    return (yield from fewest_cells(state, rng, clock))
