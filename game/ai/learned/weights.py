"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).

The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of
:data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on 318 positions of square 5x5.
"""

SCALE = 256
WEIGHTS: dict[str, tuple[int, ...]] = {
    "square 5x5": (
        -6951,  # bias
        118,  # control
        -153,  # safe parity
        -150,  # control x safe parity
        -67,  # control x coins
        228,  # control x long chains
        -210,  # control x loops
        6,  # control x safe parity x coins
        5,  # safe parity x coins
        239,  # coins
        12,  # safe
        64,  # short chains of one
        135,  # short chains of two
        126,  # long chains
        22,  # long coins
        -35,  # loops
        22,  # joints
        74,  # control x short chains
        55,  # control x joints
        0,  # settled, no safe line
    ),
}
