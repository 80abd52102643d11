"""A shard: the labelled positions of a range of self-play seeds, one text file, written once.

A shard's file is written whole under a temporary name and then renamed, so a file that exists is complete; a
run that is stopped and started again skips every shard whose file exists (resumable). A file is named by its
board and seeds only, so a run with other lines or another node budget skips it too; its header keeps what it was
made with. The file is text, one
position a line after a header that says how it was made::

    # board 5x5 seeds 0-9 lines 34-41 max-nodes 40000000
    seed lines_left drawn_hex value nodes cpu_ms

``value`` is ``-`` where the node budget ran out. A file that does not read back says which line is wrong.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .positions import Labelled, board_named, labelled_game


@dataclass(frozen=True)
class Shard:
    """What one shard labels: the games of seeds ``first`` to ``last`` - 1 on ``board``, positions with ``lowest``
    to ``highest`` lines left, each solve within ``max_nodes``."""

    board: str
    first: int
    last: int
    lowest: int
    highest: int
    max_nodes: int

    @property
    def name(self) -> str:
        return f"{self.board}-seeds-{self.first:06d}-{self.last - 1:06d}.txt"

    def header(self) -> str:
        return (
            f"# board {self.board} seeds {self.first}-{self.last - 1} lines {self.lowest}-{self.highest} "
            f"max-nodes {self.max_nodes}"
        )


def plan(board: str, first: int, last: int, per_shard: int, lowest: int, highest: int, max_nodes: int) -> list[Shard]:
    """The shards covering seeds ``first`` to ``last`` - 1, ``per_shard`` seeds each."""
    return [
        Shard(board, start, min(start + per_shard, last), lowest, highest, max_nodes)
        for start in range(first, last, per_shard)
    ]


def label_shard(shard: Shard) -> list[Labelled]:
    """The work of one shard (what a worker runs): every game of its seeds, labelled."""
    board = board_named(shard.board)
    found: list[Labelled] = []
    for seed in range(shard.first, shard.last):
        found.extend(labelled_game(board, seed, shard.lowest, shard.highest, shard.max_nodes))
    return found


def write_shard(folder: Path, shard: Shard, rows: Iterable[Labelled]) -> Path:
    """Writes ``rows`` as ``shard``'s file in ``folder`` (whole, then renamed into place)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / shard.name
    partial = path.with_suffix(".partial")
    lines = [shard.header()]
    for row in rows:
        value = "-" if row.value is None else str(row.value)
        lines.append(f"{row.seed} {row.lines_left} {row.drawn:x} {value} {row.nodes} {row.cpu_ms}")
    partial.write_text("\n".join(lines) + "\n")
    os.replace(partial, path)
    return path


def done(folder: Path, shard: Shard) -> bool:
    return (folder / shard.name).exists()


def read_shard(path: Path) -> tuple[str, list[Labelled]]:
    """(board name, rows) of a shard's file; ValueError naming the file and line when one does not read."""
    lines = path.read_text().splitlines()
    if not lines or not lines[0].startswith("# board "):
        raise ValueError(f"{path}: not a shard (its first line should be '# board ROWSxCOLS ...')")
    board = lines[0].split()[2]
    rows = []
    for number, text in enumerate(lines[1:], start=2):
        try:
            seed, left, drawn, value, nodes, cpu_ms = text.split()
            rows.append(
                Labelled(
                    int(seed), int(left), int(drawn, 16), None if value == "-" else int(value), int(nodes), int(cpu_ms)
                )
            )
        except ValueError as error:
            raise ValueError(
                f"{path}:{number}: {text!r} is not 'seed lines_left drawn_hex value nodes cpu_ms'"
            ) from error
    return board, rows


def read_folder(folder: Path) -> Iterator[tuple[str, Labelled]]:
    """Every labelled row of every shard in ``folder`` (in the order of the shards' names), with its board."""
    for path in sorted(folder.glob("*.txt")):
        board, rows = read_shard(path)
        for row in rows:
            yield board, row
