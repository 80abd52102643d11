"""The learned evaluation: a linear model over the chain and loop features, in integers.

``estimate`` is the dot product of :func:`~.features.features` with the board's committed weights
(:mod:`.weights`, written by ``python -m train.fit``), in units of 1/:data:`~.weights.SCALE` of a cell: integers
only, so the compiled core can compute the very same number. It estimates the exact value of the rest of the game
for the player to move (what :func:`game.ai.solve` returns) where no search reaches the end.
"""

from __future__ import annotations

from ...core import Board
from ..position.coins import CoinTables
from .features import FEATURE_NAMES, features
from .weights import SCALE, WEIGHTS


def board_key(board: Board) -> str:
    """The name the weights are kept under: ``"square 5x5"``."""
    return f"{board.kind} {'x'.join(str(n) for n in board.size)}"


def weights_for(board: Board) -> tuple[int, ...] | None:
    """The committed weights of ``board``, or None where none were trained."""
    found = WEIGHTS.get(board_key(board))
    if found is not None and len(found) != len(FEATURE_NAMES):
        raise ValueError(
            f"the weights of {board_key(board)} have {len(found)} numbers, the features {len(FEATURE_NAMES)}"
        )
    return found


def estimate(tables: CoinTables, drawn: int, deg: list[int], weights: tuple[int, ...]) -> int:
    """The estimated value of the rest of the game for the player to move, times :data:`~.weights.SCALE`."""
    return sum(w * x for w, x in zip(weights, features(tables, drawn, deg), strict=True))


def estimate_cells(tables: CoinTables, drawn: int, deg: list[int], weights: tuple[int, ...]) -> float:
    """:func:`estimate` in cells (for reports)."""
    return estimate(tables, drawn, deg, weights) / SCALE
