"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).

The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of
:data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on 35 positions of square 5x5.
"""

SCALE = 256
WEIGHTS: dict[str, tuple[int, ...]] = {
    "square 5x5": (
        -548,  # bias
        -3,  # control
        1,  # safe parity
        -2,  # control x safe parity
        -118,  # control x coins
        201,  # control x long chains
        108,  # control x loops
        -12,  # control x safe parity x coins
        -1,  # safe parity x coins
        32,  # coins
        3,  # safe
        59,  # short chains of one
        -55,  # short chains of two
        -11,  # long chains
        -19,  # long coins
        33,  # loops
        -29,  # joints
        94,  # control x short chains
        149,  # control x joints
        0,  # settled, no safe line
    ),
}
