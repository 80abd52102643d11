"""A learned evaluation of middle-game positions, from their chain and loop structure (``docs/ai.md``, "The learned
evaluation"): :mod:`.features` (what is read from a position), :mod:`.model` (the integer linear model) and
:mod:`.weights` (written by ``python -m train.fit`` from the committed labelled positions, never by hand).
Standard library only; the training (self-play, exact labels, Dask) is the ``train`` package beside ``game``."""

from .features import FEATURE_NAMES, features
from .model import board_key, estimate, weights_for

__all__ = ["FEATURE_NAMES", "board_key", "estimate", "features", "weights_for"]
