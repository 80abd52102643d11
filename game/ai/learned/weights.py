"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).

The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of
:data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on 508 positions of square 5x5.
"""

SCALE = 256
WEIGHTS: dict[str, tuple[int, ...]] = {
    "square 5x5": (
        -5822,  # bias
        55,  # control
        -101,  # safe parity
        -755,  # control x safe parity
        -72,  # control x coins
        279,  # control x long chains
        96,  # control x loops
        31,  # control x safe parity x coins
        4,  # safe parity x coins
        196,  # coins
        21,  # safe
        55,  # short chains of one
        138,  # short chains of two
        167,  # long chains
        8,  # long coins
        -38,  # loops
        10,  # joints
        72,  # control x short chains
        67,  # control x joints
        129,  # settled, no safe line
    ),
}
