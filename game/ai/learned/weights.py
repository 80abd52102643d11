"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).

The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of
:data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on 2484 positions of square 5x5.
"""

SCALE = 256
WEIGHTS: dict[str, tuple[int, ...]] = {
    "square 5x5": (
        -4542,  # bias
        -9,  # control
        537,  # safe parity
        -1051,  # control x safe parity
        -25,  # control x coins
        49,  # control x long chains
        244,  # control x loops
        42,  # control x safe parity x coins
        -21,  # safe parity x coins
        217,  # coins
        13,  # safe
        -15,  # short chains of one
        -49,  # short chains of two
        6,  # long chains
        -29,  # long coins
        -266,  # loops
        -38,  # joints
        22,  # control x short chains
        24,  # control x joints
        402,  # settled, no safe line
    ),
}
