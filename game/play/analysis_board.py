"""The analysis board's model (no pygame): the exact value of every legal line of the position shown, filling in.

Each undrawn line gets the net score its drawer, the player to move, makes from the cells still to take with best
play on both sides (:mod:`game.ai.analysis`: the cells it closes, then the rest). The lines are valued in rounds of
growing time per line (:data:`ROUND_SECONDS`): every line gets a short search first, so the easy ones show at once,
and only those still unknown are searched again for longer (the core's table keeps what the short searches found).
Each round is one request (:func:`game.ai.wasm.values.exact_values`): the compiled core goes through its lines by
itself, in a thread on the desktop or in the Web Worker in the browser, and :meth:`LineValues.step` only reads what
it has found (where the core does not run, the Python solver is stepped line by line). A line still unknown after
the last round, or once the position has had :data:`TOTAL_SECONDS` (wall time, on the ``clock`` passed in), is given
up. :class:`ValuesBoard` follows the position shown (a review's move, the paused game), keeping the
values it finished for positions shown before.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable

from ..ai.analysis import LineValuesSearch
from ..ai.wasm.values import exact_values
from ..core import GameState
from ..steps import WALL_CLOCK, Clock
from .i18n import tr, tr_n
from .narration import line_words

ROUND_SECONDS = (0.25, 1.0, 4.0)  # time per line in each round; a line unknown after the last is given up
TOTAL_SECONDS = 40.0  # the most a position is searched, all rounds together (wall time from its first step)
KEPT_POSITIONS = 64  # finished positions kept by a ValuesBoard (values depend on the drawn lines only)

# what starts a round: (position, seconds per line, the lines, clock) -> its search (exact_values' arguments)
ValuesMaker = Callable[[GameState, float, Iterable[int], Clock], LineValuesSearch]


def offers_values(state: GameState) -> bool:
    """Whether the analysis board can value ``state``'s lines: two players and a line left to draw."""
    return state.rules.players == 2 and not state.over


class LineValues:
    """The values of ``state``'s legal lines being worked out: ``values`` maps each to its value, or None while
    (or once given up when) unknown; ``pending`` holds the lines still being searched."""

    def __init__(
        self,
        state: GameState,
        rounds: tuple[float, ...] = ROUND_SECONDS,
        make_values: ValuesMaker = exact_values,
        total_seconds: float = TOTAL_SECONDS,
        clock: Clock = WALL_CLOCK,
    ) -> None:
        self.state = state.copy()
        self.rounds = rounds
        self.total_seconds = total_seconds
        self.clock = clock
        self._began: float | None = None
        self._make_values = make_values
        self.values: dict[int, int | None] = dict.fromkeys(self.state.legal_lines())
        self.pending = set(self.values)
        self._round = 0
        self._analysis: LineValuesSearch | None = None

    @property
    def done(self) -> bool:
        return not self.pending

    def step(self, budget_seconds: float) -> bool:
        """Poll the search for about ``budget_seconds`` (the frame's share); True once every line is known or
        given up."""
        now = self.clock()
        if self._began is None:
            self._began = now
        while self.pending:
            if (self._round == len(self.rounds) and self._analysis is None) or now - self._began >= self.total_seconds:
                self.close()
                self.pending.clear()  # (the last round is over, or the position's time: what is left is given up)
                break
            if self._analysis is None:
                lines = sorted(self.pending)
                self._analysis = self._make_values(self.state, self.rounds[self._round], lines, self.clock)
                self._round += 1
            finished = self._analysis.step(budget_seconds)
            for line, value in self._analysis.values.items():
                if value is not None:
                    self.values[line] = value
                    self.pending.discard(line)
            if not finished:
                break
            self._analysis = None
        return self.done

    def close(self) -> None:
        """Stop the search under way (the position is no longer shown)."""
        if self._analysis is not None:
            self._analysis.close()
            self._analysis = None

    # -- what is shown ----------------------------------------------------------------------------------------
    def known(self) -> dict[int, int]:
        return {line: value for line, value in self.values.items() if value is not None}

    def best(self) -> set[int]:
        """The lines that achieve the position's value: only once every line is known (an unknown line could be
        better)."""
        if not self.values or None in self.values.values():
            return set()
        top = max(v for v in self.values.values() if v is not None)
        return {line for line, value in self.values.items() if value == top}

    def summary(self, names: list[str]) -> str:
        """The analysis in words for a screen reader: the best line and what it gives the player to move."""
        known = self.known()
        if not known:
            return tr("No line could be valued in the time.")
        name = names[self.state.to_move]
        best = self.best()
        if best:
            line = min(best)
            top = self.values[line]
            assert top is not None
            others = len(best) - 1
            said = tr("Best: {line}, {outcome}.").format(
                line=line_words(self.state.board, line), outcome=outcome(top, name)
            )
            if others:
                said += " " + tr_n("{n} other line is as good.", "{n} other lines are as good.", others).format(
                    n=others
                )
            return said
        return tr("{n} of {count} lines valued; the best is not known yet.").format(
            n=len(known), count=len(self.values)
        )


def caption(values: LineValues | None, names: list[str]) -> str:
    """One line about the analysis board: whose values it shows and how far they are."""
    if values is None:
        return tr("No line to value here")
    name = names[values.state.to_move]
    known, count = len(values.known()), len(values.values)
    if values.done:
        return tr("Values for {name} to move · {n} of {count} lines solved").format(name=name, n=known, count=count)
    return tr("Values for {name} to move · {n} of {count} lines solved so far...").format(
        name=name, n=known, count=count
    )


def outcome(value: int, name: str) -> str:
    """What a value means for ``name``, the player to move, in words."""
    if value > 0:
        return tr_n(
            "{name} takes {n} more box than the other", "{name} takes {n} more boxes than the other", value
        ).format(name=name, n=value)
    if value < 0:
        return tr_n(
            "{name} takes {n} box fewer than the other", "{name} takes {n} boxes fewer than the other", -value
        ).format(name=name, n=-value)
    return tr("the boxes left are shared evenly")


def value_label(value: int | None, pending: bool) -> str:
    """What a line shows: its value signed ("+3", "−2", "0"), "…" while it is being searched, "" when given up."""
    if value is None:
        return "\u2026" if pending else ""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


class ValuesBoard:
    """The analysis board over whatever position is shown: :meth:`show` it each frame, :meth:`step` to fill it.
    Finished positions are kept (the last :data:`KEPT_POSITIONS`), so going back to one shows it at once."""

    def __init__(
        self,
        rounds: tuple[float, ...] = ROUND_SECONDS,
        make_values: ValuesMaker = exact_values,
        clock: Clock = WALL_CLOCK,
    ) -> None:
        self.rounds = rounds
        self._make_values = make_values
        self.clock = clock
        self.current: LineValues | None = None
        self._finished: OrderedDict[int, LineValues] = OrderedDict()
        self._told: LineValues | None = None

    def show(self, state: GameState) -> LineValues | None:
        """The values for ``state`` (started if need be); None where there are none to give (see
        :func:`offers_values`)."""
        if not offers_values(state):
            self.stop()
            return None
        current = self.current
        if current is not None and current.state.drawn == state.drawn and current.state.rules == state.rules:
            return current
        self.stop()
        kept = self._finished.get(state.drawn)
        if kept is not None and kept.state.rules == state.rules:
            self._finished.move_to_end(state.drawn)
            self.current = kept
        else:
            self.current = LineValues(state, self.rounds, self._make_values, clock=self.clock)
        return self.current

    def step(self, budget_seconds: float) -> None:
        current = self.current
        if current is None or current.done:
            return
        if current.step(budget_seconds):
            self._finished[current.state.drawn] = current
            while len(self._finished) > KEPT_POSITIONS:
                self._finished.popitem(last=False)

    @property
    def busy(self) -> bool:
        """A search is under way (each step may show more)."""
        return self.current is not None and not self.current.done

    def stop(self) -> None:
        """Stop searching (the board is hidden, or another position is shown); finished values are kept."""
        if self.current is not None:
            self.current.close()
        self.current = None

    def news(self, names: list[str]) -> str | None:
        """The summary for a screen reader, once, when the values of the position shown are complete."""
        current = self.current
        if current is None or not current.done or current is self._told:
            return None
        self._told = current
        return current.summary(names)
