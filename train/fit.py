"""Fits the learned evaluation to the labelled positions and writes ``game/ai/learned/weights.py``.

    python -m train.fit             # from every shard under train/data/, the games of held-out seeds left out
    python -m train.fit --check     # exit status 1 when weights.py is not what the data give

The fit is ridge regression solved exactly in rational numbers (:class:`fractions.Fraction`: the features and
labels are integers), then each weight rounded to 1/``SCALE`` of a cell: no floating point and no random start,
so the same data give the same file byte for byte on any machine. The games whose seed is ``HELD_OUT - 1`` modulo
``HELD_OUT`` are never fitted: they are what :mod:`train.curve` measures on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from game.ai.learned.features import FEATURE_NAMES, features
from game.ai.learned.model import board_key
from game.ai.learned.weights import SCALE
from game.ai.position.coins import tables_for

from .positions import board_named
from .shards import SUFFIX, read_folder

DATA = Path(__file__).resolve().parent / "data"
WEIGHTS = Path(__file__).resolve().parents[1] / "game" / "ai" / "learned" / "weights.py"
HELD_OUT = 5  # one game in five (by seed) is held out of every fit
RIDGE = Fraction(1)  # the penalty on each weight but the bias, in squared cells


class Example(NamedTuple):
    seed: int
    lines_left: int
    x: tuple[int, ...]
    y: int


def held_out(seed: int) -> bool:
    return seed % HELD_OUT == HELD_OUT - 1


def examples(folder: Path, children: bool = False) -> dict[str, list[Example]]:
    """The labelled positions under ``folder`` (every shard file in it and its subfolders), by board key, in a
    fixed order (board, then the shards' names, then their rows); positions without a value are left out. With
    ``children``, each position is followed by its safe children that have a value (one line further on, the same
    game's seed: a held-out game's children are held out too)."""
    found: dict[str, list[Example]] = {}
    for sub in sorted({path.parent for path in folder.rglob(f"*{SUFFIX}")}):
        for name, row in read_folder(sub):
            board = board_named(name)
            tables = tables_for(board)
            rows = found.setdefault(board_key(board), [])
            if row.value is not None:
                x = features(tables, row.drawn, tables.degrees(row.drawn))
                rows.append(Example(row.seed, row.lines_left, x, row.value))
            for line, value in row.children if children else ():
                if value is not None:
                    drawn = row.drawn | 1 << line
                    rows.append(
                        Example(row.seed, row.lines_left - 1, features(tables, drawn, tables.degrees(drawn)), value)
                    )
    return found


def fit(rows: Sequence[Example], ridge: Fraction = RIDGE, free: int = 1) -> list[Fraction]:
    """The weights minimising the squared error of ``rows`` plus ``ridge`` times the squares of every weight but
    the first ``free`` (the bias), exactly (any number of features: as many as the rows have)."""
    size = len(rows[0].x)
    normal = [[0] * size for _ in range(size)]
    target = [0] * size
    for row in rows:
        x = row.x
        for i, xi in enumerate(x):
            if xi:
                target[i] += xi * row.y
                line = normal[i]
                for j, xj in enumerate(x):
                    line[j] += xi * xj
    matrix = [[Fraction(v) for v in line] + [Fraction(t)] for line, t in zip(normal, target, strict=True)]
    for i in range(free, size):
        matrix[i][i] += ridge
    return _solve(matrix)


def _solve(matrix: list[list[Fraction]]) -> list[Fraction]:
    """Gauss-Jordan elimination of an augmented, positive definite system (exact: the first non-zero pivot)."""
    size = len(matrix)
    for col in range(size):
        pivot = next(r for r in range(col, size) if matrix[r][col])
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        head = matrix[col]
        scale = head[col]
        head[:] = [v / scale for v in head]
        for r in range(size):
            factor = matrix[r][col]
            if r != col and factor:
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], head, strict=True)]
    return [matrix[r][size] for r in range(size)]


def quantise(weights: Sequence[Fraction]) -> tuple[int, ...]:
    """Each weight in 1/``SCALE`` of a cell, rounded to the nearest (half to even)."""
    return tuple(round(w * SCALE) for w in weights)


def training_rows(rows: Sequence[Example]) -> list[Example]:
    return [row for row in rows if not held_out(row.seed)]


def render(weights: dict[str, tuple[int, ...]], counts: dict[str, int]) -> str:
    """The text of ``weights.py``."""
    lines = [
        '"""Written by ``python -m train.fit``, not by hand (``python -m train.fit --check`` says if it is current).',
        "",
        "The weights of :func:`game.ai.learned.model.estimate`, one per feature in the order of",
        ":data:`game.ai.learned.features.FEATURE_NAMES`, in 1/SCALE of a cell; fitted on "
        + ", ".join(f"{counts[key]} positions of {key}" for key in sorted(weights))
        + ".",
        '"""',
        "",
        f"SCALE = {SCALE}",
        "WEIGHTS: dict[str, tuple[int, ...]] = {",
    ]
    for key in sorted(weights):
        lines.append(f'    "{key}": (')
        for name, weight in zip(FEATURE_NAMES, weights[key], strict=True):
            lines.append(f"        {weight},  # {name}")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def build(folder: Path = DATA) -> str:
    """The text of ``weights.py`` from the shards under ``folder``."""
    weights, counts = {}, {}
    for key, rows in examples(folder).items():
        train = training_rows(rows)
        weights[key] = quantise(fit(train))
        counts[key] = len(train)
    return render(weights, counts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the shards (train/data)")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the weights module to write")
    parser.add_argument("--check", action="store_true", help="only compare: exit status 1 when --out differs")
    args = parser.parse_args(argv)
    text = build(args.data)
    if args.check:
        current = args.out.read_text() if args.out.exists() else ""
        if current != text:
            raise SystemExit(f"{args.out} is not what the data give: run python -m train.fit")
        print(f"{args.out} is what the data give")
        return
    args.out.write_text(text)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
