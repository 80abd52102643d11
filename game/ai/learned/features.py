"""What the learned evaluation reads from a position: its chain and loop structure, never its raw lines.

Every number here is a small int computed on the strings-and-coins bit sets (:mod:`~game.ai.position.coins`), so
the same numbers can be computed in the compiled core. :func:`structure` counts what a position is made of (coins
and lines left, safe lines, chains by length, loops, joints); :func:`features` turns that into the model's inputs,
among them the **control sign** of the long-chain rule (+1 when, with the long chains already formed, the player to
move would make the last move and so be in control: ``mover_gets_control`` on bit sets), the **parity of the safe
lines** (+1 when an even number is left), and their products with the sizes that control is worth.

The value being estimated is the exact value of the rest of the game for the player to move (what the exact solver
returns): it depends on the drawn lines only, so whose turn it is and the score do not enter; they enter where the
estimate is used (the mover's lead decides whether that value wins: :func:`~game.ai.search.solver.to_win`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..position.coins import CoinTables, safe_mask, simple_value, strings


class Structure(NamedTuple):
    """The counts of a position that the features are made of."""

    coins: int  # coins (cells) left
    lines: int  # undrawn lines
    safe: int  # safe lines
    short1: int  # chains of one coin
    short2: int  # chains of two
    long3: int  # chains of three
    long4: int  # chains of four
    long5: int  # chains of five or more
    long_coins: int  # coins in chains of three or more
    loops: int
    loop_coins: int
    joints: int  # coins of degree 3 or more
    grounded: int  # chains whose two ends are tied to the ground (what the endgame is made of)
    settled: int  # the value of the chains and loops as they stand, for the player who must open one


def structure(tables: CoinTables, drawn: int, deg: list[int]) -> Structure:
    """The chain and loop structure of the position ``drawn`` (``deg``: its coins' degrees)."""
    chains, loops = strings(tables, drawn, deg)
    sizes = sorted(len(run[0]) for run in chains)
    loop_sizes = tuple(sorted(len(run[0]) for run in loops))
    long_sizes = [size for size in sizes if size >= 3]
    return Structure(
        coins=sum(1 for left in deg if left),
        lines=(tables.full & ~drawn).bit_count(),
        safe=safe_mask(tables, drawn, deg).bit_count(),
        short1=sizes.count(1),
        short2=sizes.count(2),
        long3=sizes.count(3),
        long4=sizes.count(4),
        long5=sum(1 for size in sizes if size >= 5),
        long_coins=sum(long_sizes),
        loops=len(loop_sizes),
        loop_coins=sum(loop_sizes),
        joints=sum(1 for left in deg if left >= 3),
        grounded=sum(1 for run in chains if run[2][0] == run[2][1] == -1),
        settled=simple_value(tuple(sizes), loop_sizes),
    )


FEATURE_NAMES = (
    "bias",
    "control",  # +1: the long-chain rule with the long chains formed gives the mover control, else -1
    "safe parity",  # +1: an even number of safe lines left, else -1
    "control x safe parity",
    "control x coins",
    "control x long chains",
    "control x loops",
    "control x safe parity x coins",
    "safe parity x coins",
    "coins",
    "safe",
    "short chains of one",
    "short chains of two",
    "long chains",
    "long coins",
    "loops",
    "joints",
    "control x short chains",
    "control x joints",
    "settled, no safe line",  # the value of the chains and loops as they stand, once no safe line is left
)


def features(tables: CoinTables, drawn: int, deg: list[int]) -> tuple[int, ...]:
    """The model's inputs for the position ``drawn`` (in the order of :data:`FEATURE_NAMES`)."""
    return features_of(structure(tables, drawn, deg))


def features_of(s: Structure) -> tuple[int, ...]:
    """:func:`features` from the counts already made."""
    long_chains = s.long3 + s.long4 + s.long5
    control = 1 if (s.lines - s.coins + max(long_chains - 1, 0)) % 2 == 0 else -1
    parity = 1 if s.safe % 2 == 0 else -1
    both = control * parity
    shorts = s.short1 + s.short2
    return (
        1,
        control,
        parity,
        both,
        control * s.coins,
        control * long_chains,
        control * s.loops,
        both * s.coins,
        parity * s.coins,
        s.coins,
        s.safe,
        s.short1,
        s.short2,
        long_chains,
        s.long_coins,
        s.loops,
        s.joints,
        control * shorts,
        control * s.joints,
        s.settled if s.safe == 0 else 0,
    )
