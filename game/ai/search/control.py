"""The fight for control (two players, standard rules): a small search over the moves that matter.

While safe lines remain, whoever runs out of them first must open a chain; giving away a chain of one or two
changes who that is. Once none remain, the mover opens a chain or a loop and the other player takes it all, or
all but two (all but four of a loop) to keep control. :class:`ControlSearch` searches exactly these choices:
safe lines and short sacrifices, then one opening per chain end or loop, then take-all or decline. A position of
only chains and loops on the ground is scored at once by its endgame value (:func:`~.coins.simple_value`). The memo
is keyed on the drawn lines (a position's value does not depend on who owns the taken cells).
"""

from __future__ import annotations

from collections.abc import Generator

from ...core import GameState
from ...steps import WALL_CLOCK, Clock
from ..position.chains import Analysis, analyse
from ..position.tactics import opened_runs, take_all, undo_many
from .common import INF, OutOfNodes, Work, bounds_after, pack, settled

SAFE_LIMIT = 12  # Hard searches the fight for control when at most this many safe lines are left


def short_sacrifices(analysis: Analysis) -> list[int]:
    """One line for each different way of giving away a chain of one or two (a two is given in the middle)."""
    found: dict[tuple[int, tuple[int, ...]], int] = {}
    for chain in analysis.chains:
        if chain.size <= 2:
            line = chain.lines[1] if chain.size == 2 else chain.lines[0]
            found.setdefault((chain.size, tuple(sorted(chain.ends))), line)
    return list(found.values())


def ends_to_open(analysis: Analysis) -> list[int]:
    """With no safe line left: both ends of every chain (the middle of a two), and one line of every loop."""
    lines: list[int] = []
    for chain in sorted(analysis.chains, key=lambda c: c.size):
        lines += [chain.lines[1]] if chain.size == 2 else [chain.lines[0], chain.lines[-1]]
    lines += [loop.lines[0] for loop in analysis.loops]
    return list(dict.fromkeys(lines))


class ControlSearch:
    """Alpha-beta negamax over the moves that matter for control, with a memo of bounds and a node budget (it
    looks at the clock after every node, each costing an analysis of the position, and pauses as
    :class:`~.common.Work` says)."""

    def __init__(self, state: GameState, node_budget: int, clock: Clock = WALL_CLOCK) -> None:
        self.state = state
        self.work = Work(1, node_budget, clock)
        self.memo: dict[int, int] = {}  # drawn lines -> packed bounds

    def root_values(self) -> Generator[None, None, dict[int, int]]:
        """The value of every candidate at least as good as the best (worse ones get an upper bound below it).

        On :class:`OutOfNodes` the state is restored before the exception leaves.
        """
        start = len(self.state.moves)
        try:
            values: dict[int, int] = {}
            best = -INF
            safe, others = candidates(analyse(self.state))
            for line in safe + others:
                values[line] = yield from self._after(line, line in safe, best - 1, INF)
                best = max(best, values[line])
            return values
        except OutOfNodes:
            undo_many(self.state, len(self.state.moves) - start)
            raise

    def value(self, alpha: int = -INF, beta: int = INF) -> Generator[None, None, int]:
        """The mover's net cells from here, in a quiet position (nothing to take), within (alpha, beta)."""
        state = self.state
        key = state.drawn
        entry = self.memo.get(key)
        stored = None if entry is None else settled(entry, alpha, beta)
        if stored is not None:
            return stored
        if self.work.tick():
            yield None
        if state.over:
            return 0
        analysis = analyse(state)
        if analysis.simple:
            result = analysis.endgame_value()
            self.memo[key] = pack(result, result)
            return result
        result, floor = -INF, alpha
        safe, others = candidates(analysis)
        for line in safe + others:
            result = max(result, (yield from self._after(line, line in safe, alpha, beta)))
            alpha = max(alpha, result)
            if alpha >= beta:
                break
        self.memo[key] = pack(*bounds_after(result, floor, beta, -INF, INF))
        return result

    def _after(self, line: int, safe: bool, alpha: int, beta: int) -> Generator[None, None, int]:
        self.state.play(line)
        if safe:
            opponent = yield from self.value(-beta, -alpha)
        else:
            opponent = yield from self.taker_value(-beta, -alpha)
        self.state.undo()
        return -opponent

    def taker_value(self, alpha: int = -INF, beta: int = INF) -> Generator[None, None, int]:
        """The mover's net cells when offered runs: take them, choosing take-all or decline on the last one."""
        state = self.state
        runs = opened_runs(state)
        if not runs:
            return (yield from self.value(alpha, beta))
        choices = [run for run in runs if run.before_decision() is not None]
        if len(runs) > 1 or not choices:
            run = next((r for r in runs if r.before_decision() is None), runs[0])
            got = self._play_all(run.lines)
            rest = (yield from self.taker_value(alpha - got, beta - got)) if not state.over else 0
            undo_many(state, len(run.lines))
            return got + rest
        run = choices[0]
        count = run.before_decision()
        assert count is not None
        got = self._play_all(run.lines[:count])
        value = yield from self._keep_or_decline(run.lines[count:], alpha - got, beta - got)
        undo_many(state, count)
        return got + value

    def _keep_or_decline(self, rest: tuple[int, ...], alpha: int, beta: int) -> Generator[None, None, int]:
        """Two coins of a chain (or four of a loop) left along ``rest``: take them, or leave them with the decline."""
        state = self.state
        taken = self._play_all(rest)
        keep = taken + ((yield from self.value(alpha - taken, beta - taken)) if not state.over else 0)
        undo_many(state, len(rest))
        if keep >= beta:
            return keep
        alpha = max(alpha, keep)
        decline = rest[-1] if len(rest) == 2 else rest[1]
        state.play(decline)
        given, played = take_all(state)
        opponent = (yield from self.value(-given - beta, -given - alpha)) if not state.over else 0
        undo_many(state, played + 1)
        return max(keep, -given - opponent)

    def _play_all(self, lines: tuple[int, ...]) -> int:
        return sum(len(self.state.play(line).captured) for line in lines)


def candidates(analysis: Analysis) -> tuple[list[int], list[int]]:
    """The safe lines, and the lines that give something away worth searching (short sacrifices or openings)."""
    if analysis.safe:
        return list(analysis.safe), short_sacrifices(analysis)
    return [], ends_to_open(analysis)
