"""What a label costs, by lines left, from the shards written (CPU time of the labelling process, nodes), and what
a full run would cost at that rate.

    python -m train.cost --data train/data/5x5 --positions 100000

The projection multiplies the mean CPU seconds of a labelled position at each number of lines left by
``--positions`` spread evenly over the same lines left; positions whose label ran out of nodes count their cost
too (they were paid for), as a share of the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from .fit import DATA
from .positions import Labelled
from .shards import read_folder


def children(rows: list[Labelled]) -> str:
    """The safe children solved at these rows (shards made with ``--children``), and their CPU time."""
    parents = [row for row in rows if row.children]
    if not parents:
        return "-"
    count = sum(len(row.children) for row in parents)
    return f"{len(parents)}, {count}, {statistics.mean(row.children_ms for row in parents) / 1000:.2f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA / "5x5", help="the folder of one board's shards")
    parser.add_argument("--positions", type=int, default=100_000, help="labelled positions of the projected run")
    args = parser.parse_args(argv)
    by_left = defaultdict(list)
    for _, row in read_folder(args.data):
        by_left[row.lines_left].append(row)
    print(
        "| lines left | positions | labelled | CPU s a position: median, mean, max | nodes: median "
        "| safe children solved: positions, children, CPU s a position (mean) |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    total_cpu = total = labelled = 0
    for left in sorted(by_left):
        rows = by_left[left]
        cpu = [row.cpu_ms / 1000 for row in rows]
        solved = [row for row in rows if row.value is not None]
        total_cpu += sum(cpu) + sum(row.children_ms for row in rows) / 1000
        total += len(rows)
        labelled += len(solved)
        print(
            f"| {left} | {len(rows)} | {len(solved)} | {statistics.median(cpu):.2f}, {statistics.mean(cpu):.2f}, "
            f"{max(cpu):.1f} | {statistics.median(row.nodes for row in rows):,.0f} | {children(rows)} |"
        )
    per_label = total_cpu / labelled
    print(
        f"\n{labelled} of {total} positions labelled, {total_cpu / 3600:.2f} CPU hours in all, {per_label:.2f} CPU s a "
        f"labelled position: {args.positions:,} labelled positions of the same kind would take "
        f"{args.positions * per_label / 3600:,.0f} CPU hours"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
