"""Exploration only: do gradient-boosted trees rank the safe lines better than the linear rankers do?

    pip install scikit-learn        # not a dependency of the project, nor of its extras
    nice -n 10 python -m train.trees --lines 36-39

The same data, features, centred losses and gauge as :mod:`train.ranking` (its ``safe game`` set, all 27
features), fitted by scikit-learn's ``HistGradientBoostingRegressor`` at a few depths (fixed ``random_state``). A
tree model cannot go into the game as it is (the compiled core mirrors integer linear models); this only says
whether the features hold more than a linear model finds in them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from .fit import DATA, held_out
from .generate import seed_range
from .ranking import FEATURE_SETS, Group, baselines, centred, groups, lost


def predicted(model: Any, found: list[Group], width: int) -> float:
    """The gauge of ``model``'s picks: the mean loss of the line it predicts lowest (ties shared), each line read
    as the model was fitted, centred among its siblings."""
    lost_cells = []
    for group in found:
        inputs = [row.x for row in centred(group, width)]
        scores = dict(zip(group.choices, model.predict(inputs), strict=True))
        lost_cells.append(lost(group, lambda choice, scores=scores: float(scores[choice])))
    return statistics.mean(lost_cells)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA / "5x5", help="the folder of one board's shards")
    parser.add_argument("--lines", type=seed_range, default=(36, 39), help="lines left of the positions, LOW-HIGH")
    args = parser.parse_args(argv)
    try:
        from sklearn.ensemble import HistGradientBoostingRegressor
    except ImportError as error:
        raise SystemExit("this exploration needs scikit-learn: pip install scikit-learn") from error
    found = groups(args.data, args.lines)
    train = [g for g in found if not held_out(g.seed)]
    test = [g for g in found if held_out(g.seed)]
    width = FEATURE_SETS["safe game"]
    rows = [row for group in train for row in centred(group, width)]
    print(
        f"{len(train)} training and {len(test)} held-out positions; "
        + ", ".join(f"{name} {cells:.2f}" for name, cells in baselines(test).items())
    )
    for depth in (2, 3, 4, 6):
        model = HistGradientBoostingRegressor(max_depth=depth, max_iter=200, learning_rate=0.05, random_state=0)
        model.fit([row.x for row in rows], [row.y for row in rows])
        held, fitted = (predicted(model, part, width) for part in (test, train))
        print(f"depth {depth}: held out {held:.2f} cells a pick, on the training positions {fitted:.2f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
