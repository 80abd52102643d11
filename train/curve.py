"""The learning curve of the learned evaluation, on the games held out of every fit (:func:`train.fit.held_out`).

    python -m train.curve                       # every board under train/data/
    python -m train.curve --sizes 100,300,1000
    python -m train.curve --children --sizes 1000,3000,10000   # the safe children fitted on too

For each number of labelled training positions (the first ones, in the data's fixed order: whole games), the
model is fitted as ``train.fit`` fits it and measured on the held-out positions: how often the sign of its
estimate is the sign of the exact value (positions of value 0 left out), and its mean absolute error in cells, in
bands of lines left. Beside it, the long-chain rule (the sign of the control feature, as Hard reads a position: the
mover is in control with the long chains already formed) and the best constant. Then the extrapolation that
matters for a middle-game evaluation: fitted on positions with at most ``--near`` lines left only, measured on the
held-out positions further from the end.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

from game.ai.learned.weights import SCALE

from .fit import DATA, Example, examples, fit, held_out, quantise, training_rows

Predict = Callable[[Example], float]


def linear(weights: Sequence[int]) -> Predict:
    return lambda row: sum(w * x for w, x in zip(weights, row.x, strict=True)) / SCALE


def long_chain_rule(row: Example) -> float:
    return float(row.x[1])  # the control feature: +1 in control, -1 not


def measure(predict: Predict, rows: Sequence[Example]) -> tuple[float, float, int]:
    """(sign agreement on the rows of non-zero value, mean absolute error, rows of non-zero value)."""
    signed = [row for row in rows if row.y]
    right = sum(1 for row in signed if (predict(row) > 0) == (row.y > 0))
    error = sum(abs(predict(row) - row.y) for row in rows) / len(rows)
    return right / len(signed), error, len(signed)


def bands(rows: Sequence[Example]) -> list[tuple[str, list[Example]]]:
    found = sorted({row.lines_left for row in rows})
    cuts = [(low, min(low + 2, found[-1])) for low in range(found[0], found[-1] + 1, 3)]
    return [(f"{low}-{high}", [r for r in rows if low <= r.lines_left <= high]) for low, high in cuts]


def report(key: str, rows: list[Example], test: list[Example], sizes: list[int], near: int) -> None:
    """The curve of the model fitted on the training games of ``rows``, measured on ``test`` (held-out games)."""
    train = training_rows(rows)
    games = len({row.seed for row in train}), len({row.seed for row in test})
    print(f"## {key}: {len(train)} training positions ({games[0]} games), {len(test)} held out ({games[1]} games)")
    parts = bands(test)
    head = " | ".join(f"{name} lines left ({len(part)})" for name, part in parts)
    print(f"| training positions | all held out ({len(test)}) | {head} |")
    print("| --- " * (2 + len(parts)) + "|")

    def row_of(label: str, predict: Predict) -> None:
        cells = []
        for part in [test] + [p for _, p in parts]:
            if not part:
                cells.append("-")
                continue
            sign, error, _ = measure(predict, part)
            cells.append(f"{100 * sign:.1f}% / {error:.2f}")
        print(f"| {label} | " + " | ".join(cells) + " |")

    mean = Fraction(sum(r.y for r in train), len(train))
    row_of("best constant", lambda row: float(mean))
    row_of("long-chain rule (sign only)", long_chain_rule)
    for size in [s for s in sizes if s < len(train)] + [len(train)]:
        row_of(f"model, {size}", linear(quantise(fit(train[:size]))))
    near_rows = [row for row in train if row.lines_left <= near]
    far = [row for row in test if row.lines_left > near]
    if near_rows and far:
        model = linear(quantise(fit(near_rows)))
        sign, error, count = measure(model, far)
        base, _, _ = measure(long_chain_rule, far)
        near_mean = Fraction(sum(r.y for r in near_rows), len(near_rows))
        flat, flat_error, _ = measure(lambda row: float(near_mean), far)
        print(
            f"\nFitted at {near} lines left or fewer ({len(near_rows)} positions), measured further from the end "
            f"({len(far)} held out, {count} of non-zero value): sign {100 * sign:.1f}%, mean error {error:.2f} cells "
            f"(the best constant {100 * flat:.1f}% and {flat_error:.2f}, the long-chain rule {100 * base:.1f}%)"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the shards (train/data)")
    parser.add_argument("--sizes", default="100,300,1000,3000", help="training positions to fit on, in turn")
    parser.add_argument("--children", action="store_true", help="fit on the training games' safe children too")
    parser.add_argument("--near", type=int, default=38, help="the extrapolation's fit: at most this many lines left")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    measured = examples(args.data)
    fitted = examples(args.data, children=True) if args.children else measured
    for key, rows in fitted.items():
        report(key, rows, [row for row in measured[key] if held_out(row.seed)], sizes, args.near)


if __name__ == "__main__":
    main(sys.argv[1:])
