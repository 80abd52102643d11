"""Labels self-play positions in resumable shards on Dask: one machine by default, a cluster by its address.

    nice -n 15 python -m train.generate --board 5x5 --seeds 0-200 --out train/data/5x5
    nice -n 19 python -m train.generate --seeds 80-1080 --per-shard 20 --lines 32-39 --children --out train/data/5x5
    python -m train.generate --board 5x5 --seeds 0-100000 --out labels/5x5 --scheduler tcp://10.0.0.5:8786

Needs the ``train`` extra (``pip install -e '.[train]'``: Dask's distributed scheduler); playing never does.
Without ``--scheduler`` a local cluster of ``--workers`` processes (1 by default: a shared machine) runs the
shards; with it, the same code runs on the cluster whose scheduler is there (every worker with this checkout
installed, ``pip install -e '.[train]'``). The workers return their rows and this process writes each shard's file
(:mod:`train.shards`), so the workers need no shared disk; a shard whose file exists is skipped, so a run stopped
half-way goes on where it stopped when started again.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from .shards import Shard, done, label_shard, plan, write_shard


def seed_range(text: str) -> tuple[int, int]:
    """``"0-200"`` -> (0, 200): seeds 0 to 199."""
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"a range is written FIRST-LAST, as 0-200, not {text!r}") from error
    if high <= low:
        raise argparse.ArgumentTypeError(f"the range {text!r} is empty")
    return low, high


def connect(scheduler: str | None, workers: int) -> Any:
    """A Dask client: of the cluster at ``scheduler``, else of a local cluster of ``workers`` processes (one
    thread each: a search uses one core)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as error:
        raise SystemExit("the generation needs the train extra (Dask): pip install -e '.[train]'") from error
    if scheduler:
        return Client(scheduler)
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")
    return Client(cluster)


def generate(shards: list[Shard], out: Path, client: Any) -> None:
    """Runs the ``shards`` not yet written on the ``client``'s workers, writing each as it comes back."""
    from dask.distributed import as_completed

    todo = [shard for shard in shards if not done(out, shard)]
    print(f"{len(shards) - len(todo)} of {len(shards)} shards already written; {len(todo)} to label", flush=True)
    started = time.perf_counter()
    futures = client.map(label_shard, todo, pure=False)
    shard_of = {future.key: shard for future, shard in zip(futures, todo, strict=True)}
    for count, (future, rows) in enumerate(as_completed(futures, with_results=True), start=1):
        shard = shard_of[future.key]
        write_shard(out, shard, rows)
        solved = [row for row in rows if row.value is not None]
        cpu = sum(row.cpu_ms for row in rows) / 1000
        print(
            f"[{count}/{len(todo)}] {shard.name}: {len(solved)} of {len(rows)} positions labelled, "
            f"{cpu:.1f} s of CPU, {time.perf_counter() - started:.0f} s since the start",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="5x5", help="square board, ROWSxCOLS (default 5x5)")
    parser.add_argument("--seeds", type=seed_range, default=(0, 100), help="self-play seeds FIRST-LAST (0-100)")
    parser.add_argument("--per-shard", type=int, default=5, help="seeds a shard (5)")
    parser.add_argument("--lines", type=seed_range, default=(34, 41), help="lines left labelled, LOW-HIGH (34-41)")
    parser.add_argument("--max-nodes", type=int, default=40_000_000, help="node budget of one label (40,000,000)")
    parser.add_argument("--children", action="store_true", help="label every safe line's child too")
    parser.add_argument("--out", type=Path, required=True, help="the folder of the shards' files")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of the local cluster (1)")
    args = parser.parse_args(argv)
    (first, last), (lowest, highest) = args.seeds, args.lines
    shards = plan(args.board, first, last, args.per_shard, lowest, highest, args.max_nodes, args.children)
    client = connect(args.scheduler, args.workers)
    try:
        generate(shards, args.out, client)
    finally:
        client.close()


if __name__ == "__main__":
    main(sys.argv[1:])
