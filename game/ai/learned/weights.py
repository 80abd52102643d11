"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).

The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of
:data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on 1119 positions of square 5x5.
"""

SCALE = 256
WEIGHTS: dict[str, tuple[int, ...]] = {
    "square 5x5": (
        -8011,  # bias
        178,  # control
        -55,  # safe parity
        -1218,  # control x safe parity
        -24,  # control x coins
        33,  # control x long chains
        129,  # control x loops
        48,  # control x safe parity x coins
        2,  # safe parity x coins
        211,  # coins
        20,  # safe
        126,  # short chains of one
        273,  # short chains of two
        111,  # long chains
        88,  # long coins
        310,  # loops
        92,  # joints
        4,  # control x short chains
        24,  # control x joints
        35,  # settled, no safe line
    ),
}
