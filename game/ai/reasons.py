"""Why the AI recommends a move, and what a reviewed move did wrong: codes with their numbers, no words.

The hints (:mod:`game.ai.hints`) and the review (:mod:`game.ai.review`) produce these values; the player reads
them through the language catalogue (:mod:`game.play.i18n.phrases`), and tools read them in the engine's machine
form (:meth:`Reason.token`, :meth:`Mistake.token`, documented in ``docs/engine-protocol.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.numbers import whole_number


class Why(StrEnum):
    """Why a hinted move is good; the value is the code the engine prints."""

    TAKES = "takes"  # the line closes a cell
    WINNING = "winning"  # it closes a cell and the rest is the mover's with correct play
    ALL_BUT_TWO = "all-but-two"  # declines the last two cells of a chain: keeps control
    ALL_BUT_FOUR = "all-but-four"  # declines the last four cells of a loop: keeps control
    SAFE = "safe"  # gives no cell its last-but-one side
    OPENS_SHORTEST = "opens-shortest"  # no safe line is left, and it gives the fewest cells (``cells``)
    SACRIFICE = "sacrifice"  # gives cells to win control


@dataclass(frozen=True)
class Reason:
    """A hint's reason: its code and, for :attr:`Why.OPENS_SHORTEST`, the number of cells it gives."""

    why: Why
    cells: int = 0

    def token(self) -> str:
        """The engine's form: the code, then ``:`` and the cells when it counts some (``opens-shortest:2``)."""
        return f"{self.why}:{self.cells}" if self.why is Why.OPENS_SHORTEST else str(self.why)

    @staticmethod
    def from_token(token: str) -> Reason:
        """The reason :meth:`token` wrote; ValueError for anything else."""
        code, colon, cells = token.partition(":")
        why = Why(code)
        count = whole_number(cells) if colon else 0
        if (why is Why.OPENS_SHORTEST) != bool(colon) or count is None:
            raise ValueError(f"not a reason token: {token[:40]!r}")
        return Reason(why, count)


class Mistake(StrEnum):
    """What a move that lost cells did wrong, when one of these fits; the value is the code the engine prints."""

    HANDED_OVER = "handed-over"  # took cells where declining the last ones kept control
    LEFT_BOXES = "left-boxes"  # left cells that were free to take
    GAVE_EARLY = "gave-early"  # gave cells away while a safe line was left
    MISSED_SACRIFICE = "missed-sacrifice"  # did not make the sacrifice that wins control
    LONGER_CHAIN = "longer-chain"  # opened a longer chain than needed


@dataclass(frozen=True)
class Judgement:
    """Why a move was worse than the best one: the :class:`Mistake` when one fits (None otherwise), and the hints'
    :class:`Reason` for the best move (None where the hints' vocabulary does not apply: misère, no extra move)."""

    mistake: Mistake | None
    better: Reason | None

    def tokens(self) -> list[str]:
        """The engine's words for it: ``mistake <code>`` and ``better <reason>``, each only when known."""
        words = [] if self.mistake is None else ["mistake", str(self.mistake)]
        return words if self.better is None else [*words, "better", self.better.token()]
