"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).

The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of
:data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on 1173 positions of square 5x5.
"""

SCALE = 256
WEIGHTS: dict[str, tuple[int, ...]] = {
    "square 5x5": (
        -7452,  # bias
        329,  # control
        -36,  # safe parity
        -1160,  # control x safe parity
        -34,  # control x coins
        55,  # control x long chains
        121,  # control x loops
        46,  # control x safe parity x coins
        2,  # safe parity x coins
        189,  # coins
        20,  # safe
        127,  # short chains of one
        272,  # short chains of two
        99,  # long chains
        90,  # long coins
        301,  # loops
        91,  # joints
        12,  # control x short chains
        24,  # control x joints
        31,  # settled, no safe line
    ),
}
