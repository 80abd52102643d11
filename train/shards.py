"""A shard: the labelled positions of a range of self-play seeds, one gzipped text file, written once.

A shard's file is written whole under a temporary name and then renamed, so a file that exists is complete; a
run that is stopped and started again skips every shard whose file exists (resumable). A file is named by its
board and seeds only, so a run with other lines or another node budget skips it too; its header keeps what it was
made with. The file is text compressed by gzip (with no time stamp, so the same rows make the same bytes), one
position a line after a header that says how it was made::

    # board 5x5 seeds 0-9 lines 34-41 max-nodes 40000000 [children]
    seed lines_left drawn_hex value nodes cpu_ms [children children_ms]

``value`` is ``-`` where the node budget ran out. A shard made with ``children`` adds to each position the exact
values of the positions after its safe lines, ``line:value`` separated by commas (``-`` for a position with no
safe line; ``line:-`` where the budget ran out), and the CPU time they cost. A file that does not read back says
which line is wrong.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .positions import Labelled, board_named, labelled_game

SUFFIX = ".txt.gz"


@dataclass(frozen=True)
class Shard:
    """What one shard labels: the games of seeds ``first`` to ``last`` - 1 on ``board``, positions with ``lowest``
    to ``highest`` lines left, each solve within ``max_nodes``; with ``children``, each position's safe children
    too."""

    board: str
    first: int
    last: int
    lowest: int
    highest: int
    max_nodes: int
    children: bool = False

    @property
    def name(self) -> str:
        return f"{self.board}-seeds-{self.first:06d}-{self.last - 1:06d}{SUFFIX}"

    def header(self) -> str:
        return (
            f"# board {self.board} seeds {self.first}-{self.last - 1} lines {self.lowest}-{self.highest} "
            f"max-nodes {self.max_nodes}" + (" children" if self.children else "")
        )


def plan(
    board: str,
    first: int,
    last: int,
    per_shard: int,
    lowest: int,
    highest: int,
    max_nodes: int,
    children: bool = False,
) -> list[Shard]:
    """The shards covering seeds ``first`` to ``last`` - 1, ``per_shard`` seeds each."""
    return [
        Shard(board, start, min(start + per_shard, last), lowest, highest, max_nodes, children)
        for start in range(first, last, per_shard)
    ]


def label_shard(shard: Shard) -> list[Labelled]:
    """The work of one shard (what a worker runs): every game of its seeds, labelled."""
    board = board_named(shard.board)
    found: list[Labelled] = []
    for seed in range(shard.first, shard.last):
        found.extend(labelled_game(board, seed, shard.lowest, shard.highest, shard.max_nodes, shard.children))
    return found


def _value_text(value: int | None) -> str:
    return "-" if value is None else str(value)


def _value_of(text: str) -> int | None:
    return None if text == "-" else int(text)


def row_text(row: Labelled, children: bool) -> str:
    text = f"{row.seed} {row.lines_left} {row.drawn:x} {_value_text(row.value)} {row.nodes} {row.cpu_ms}"
    if not children:
        return text
    kids = ",".join(f"{line}:{_value_text(value)}" for line, value in row.children) or "-"
    return f"{text} {kids} {row.children_ms}"


def row_of(text: str) -> Labelled:
    """One row of a shard's file (ValueError when it does not read)."""
    seed, left, drawn, value, nodes, cpu_ms, *rest = text.split()
    row = Labelled(int(seed), int(left), int(drawn, 16), _value_of(value), int(nodes), int(cpu_ms))
    if not rest:
        return row
    kids, children_ms = rest  # ValueError unless both
    pairs = [] if kids == "-" else [pair.split(":") for pair in kids.split(",")]
    children = tuple((int(line), _value_of(value)) for line, value in pairs)
    return row._replace(children=children, children_ms=int(children_ms))


def write_shard(folder: Path, shard: Shard, rows: Iterable[Labelled]) -> Path:
    """Writes ``rows`` as ``shard``'s file in ``folder`` (whole, then renamed into place)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / shard.name
    partial = path.with_suffix(".partial")
    lines = [shard.header()] + [row_text(row, shard.children) for row in rows]
    partial.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0))
    os.replace(partial, path)
    return path


def done(folder: Path, shard: Shard) -> bool:
    return (folder / shard.name).exists()


def read_shard(path: Path) -> tuple[str, list[Labelled]]:
    """(board name, rows) of a shard's file; ValueError naming the file and line when one does not read."""
    try:
        lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise ValueError(f"{path}: not a shard (not gzipped text: {error})") from error
    if not lines or not lines[0].startswith("# board "):
        raise ValueError(f"{path}: not a shard (its first line should be '# board ROWSxCOLS ...')")
    board = lines[0].split()[2]
    rows = []
    for number, text in enumerate(lines[1:], start=2):
        try:
            rows.append(row_of(text))
        except ValueError as error:
            raise ValueError(
                f"{path}:{number}: {text!r} is not 'seed lines_left drawn_hex value nodes cpu_ms "
                "[children children_ms]'"
            ) from error
    return board, rows


def read_folder(folder: Path) -> Iterator[tuple[str, Labelled]]:
    """Every labelled row of every shard in ``folder`` (in the order of the shards' names), with its board."""
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        board, rows = read_shard(path)
        for row in rows:
            yield board, row
