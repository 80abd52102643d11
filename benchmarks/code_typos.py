"""How many typos in a position code load as another legal game, for version 1's check and version 2's.

Usage: python -m benchmarks.code_typos [--games 300]
Codes of random games (square 2x2..6x6, triangles, hexagons, any number of moves), each written once with version
1's check character and once as this game writes it (version 2); every letter's case is flipped in turn, and a
sample of other one-character changes is made. A typo that ``decode`` reads is a different legal game loaded
without a word. Prints, per version, typos tried and typos that loaded (and their share).
"""

from __future__ import annotations

import argparse
import random

from game.core import Board, CodeError, GameState, decode, encode
from game.core.notation import ALPHABET, check_v1

BOARDS = [Board.square(n) for n in range(2, 7)] + [Board.triangle(n) for n in (4, 5, 6)] + [Board.hexagon(1)]


def sample_codes(games: int, seed: int = 1) -> list[tuple[str, str]]:
    """(version 1, version 2) codes of the same random games."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(games):
        state = GameState(rng.choice(BOARDS))
        for _ in range(rng.randrange(state.board.num_lines + 1)):
            state.play_random(rng)
        new = encode(state)
        body = "1" + new.rsplit(".", 1)[0][1:]
        pairs.append((f"{body}.{check_v1(body)}", new))
    return pairs


def loads(code: str) -> bool:
    try:
        decode(code)
    except CodeError:
        return False
    return True


def typos(code: str, rng: random.Random) -> tuple[list[str], list[str]]:
    """Every case flip of a letter, and one other alphabet character at every position."""
    flips = [code[:at] + ch.swapcase() + code[at + 1 :] for at, ch in enumerate(code) if ch.isalpha()]
    others = []
    for at, ch in enumerate(code):
        new = rng.choice([c for c in ALPHABET if c != ch])
        others.append(code[:at] + new + code[at + 1 :])
    return flips, others


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    pairs = sample_codes(args.games)
    for version in (1, 2):
        rng = random.Random(2)
        counts = {"case flips": [0, 0], "other changes": [0, 0]}
        for pair in pairs:
            flips, others = typos(pair[version - 1], rng)
            for kind, variants in (("case flips", flips), ("other changes", others)):
                counts[kind][0] += len(variants)
                counts[kind][1] += sum(loads(variant) for variant in variants)
        for kind, (tried, loaded) in counts.items():
            share = f"{loaded / tried:.1%}"
            print(f"version {version}: {kind:13} {tried:6} tried, {loaded:5} loaded as another game ({share})")


if __name__ == "__main__":
    main()
