"""The strings-and-coins form of a board, precomputed once per board for the searches.

Cells are coins, lines are strings; a string with one cell is tied to the ground. A coin's *degree* is how many
of its strings are still uncut (its undrawn sides); cutting a coin's last string captures it. Everything here
is a tuple of small ints or an int bit set, so the search loops stay cheap on any board shape.

Also here: the exact value of a *simple* endgame (every remaining coin has degree 2, so the position is a set
of independent chains tied to the ground and loops), from the recursion in ``docs/solver.md``.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass
from operator import or_

from ...core import Board
from ...steps import run
from ..memory import BUDGET

_CHUNK = 8


@dataclass(frozen=True, eq=False)
class CoinTables:
    """Per-board lookup tables shared by every search on that board."""

    num_lines: int
    num_cells: int
    full: int  # the bit set of every line
    line_cells: tuple[tuple[int, ...], ...]  # the coins a string holds (one: tied to the ground)
    cell_mask: tuple[int, ...]  # the strings of each coin, as a bit set
    order: tuple[int, ...]  # lines from the centre outward: the move ordering
    sym_chunks: tuple[tuple[tuple[int, ...], ...], ...]  # per symmetry, per 8-line chunk: permuted bits
    perms: tuple[tuple[int, ...], ...]  # the board's symmetries as line permutations
    line_images: tuple[tuple[int, ...], ...]  # per line: its bit under each symmetry (to extend images by a line)
    # (line, earlier twins) for each ground string that has a twin before it in ``order``: another ground string
    # of the same coin. Cutting either leaves the same strings-and-coins position, so while one of its earlier
    # twins is uncut the line is left out of the moves searched (a corner of a square board: one of its two).
    twins: tuple[tuple[int, int], ...]

    def degrees(self, drawn: int) -> list[int]:
        """Each coin's number of uncut strings when ``drawn`` lines are drawn (0 once captured)."""
        return [(mask & ~drawn).bit_count() for mask in self.cell_mask]

    def images(self, drawn: int) -> tuple[int, ...]:
        """``drawn`` under every symmetry, identity first (their minimum is the transposition-table key); a search
        extends them line by line with :func:`add_line` (one OR per symmetry) instead of mapping them afresh."""
        found = [drawn]
        for chunks in self.sym_chunks:
            image = 0
            rest = drawn
            for table in chunks:
                image |= table[rest & 255]
                rest >>= _CHUNK
            found.append(image)
        return tuple(found)


def tables_for(board: Board) -> CoinTables:
    """The tables of ``board`` (built once per board, then kept within the AI's memory budget)."""
    return run(table_steps(board))


def table_steps(board: Board) -> Generator[None, None, CoinTables]:
    """Builds the tables of ``board`` pausing after each symmetry (a few milliseconds in all on a big board), or
    finds them kept in :data:`~game.ai.memory.BUDGET` (which counts their ints as entries)."""
    kept = BUDGET.get(("coins", board))
    if isinstance(kept, CoinTables):
        return kept
    cell_mask = tuple(sum(1 << line for line in sides) for sides in board.cells)
    x0, y0, x1, y1 = board.bounds()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def distance(line: int) -> tuple[float, int]:
        mx, my = board.line_midpoint(line)
        return round((mx - cx) ** 2 + (my - cy) ** 2, 6), line

    order = tuple(sorted(range(board.num_lines), key=distance))
    perms = tuple(p for p in board.symmetries if list(p) != list(range(board.num_lines)))
    sym_chunks = []
    for perm in perms:
        yield
        sym_chunks.append(_chunk_tables(perm))
    tables = CoinTables(
        num_lines=board.num_lines,
        num_cells=board.num_cells,
        full=(1 << board.num_lines) - 1,
        line_cells=board.line_cells,
        cell_mask=cell_mask,
        order=order,
        sym_chunks=tuple(sym_chunks),
        perms=perms,
        line_images=tuple((1 << line, *(1 << perm[line] for perm in perms)) for line in range(board.num_lines)),
        twins=_ground_twins(board.line_cells, order),
    )
    BUDGET.keep(("coins", board), tables, sum(len(chunk) for chunks in sym_chunks for chunk in chunks))
    return tables


def _ground_twins(line_cells: tuple[tuple[int, ...], ...], order: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``CoinTables.twins``: each ground string paired with the bit set of the ground strings of its coin that
    come before it in ``order``."""
    earlier: dict[int, int] = {}
    found = []
    for line in order:
        if len(line_cells[line]) != 1:
            continue
        coin = line_cells[line][0]
        if coin in earlier:
            found.append((line, earlier[coin]))
        earlier[coin] = earlier.get(coin, 0) | 1 << line
    return tuple(found)


def twin_lines(tables: CoinTables, drawn: int) -> int:
    """The bit set of the undrawn ground strings that an undrawn earlier twin makes redundant (``twins``)."""
    redundant = 0
    for line, before in tables.twins:
        if before & ~drawn:
            redundant |= 1 << line
    return redundant


def add_line(images: tuple[int, ...], bits: tuple[int, ...]) -> tuple[int, ...]:
    """The images of a position (see :meth:`CoinTables.images`) once the line whose ``line_images`` entry is
    ``bits`` is drawn."""
    return tuple(map(or_, images, bits))


def _chunk_tables(perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each run of 8 lines, the image of every bit pattern of that run under ``perm``."""
    tables = []
    for start in range(0, len(perm), _CHUNK):
        bits = [1 << target for target in perm[start : start + _CHUNK]]
        table = [0] * (1 << _CHUNK)
        for pattern in range(1, 1 << len(bits)):
            low = pattern & -pattern
            table[pattern] = table[pattern ^ low] | bits[low.bit_length() - 1]
        tables.append(tuple(table))
    return tuple(tables)


# -- captures: the reductions of normal play ------------------------------------------------------------------
def take_free_coins(
    deg: list[int], drawn: int, line_cells: tuple[tuple[int, ...], ...], cell_mask: tuple[int, ...]
) -> tuple[int, list[int], list[int]]:
    """Captures every coin whose capture opens nothing (its last string goes to the ground, to a coin that is
    also capturable, or to a coin of degree 3 or more), changing ``deg``.

    Returns (cells taken, lines drawn, the coins still capturable at the end of a chain).
    """
    taken: list[int] = []
    chain_coins: list[int] = []
    if 1 not in deg:
        return 0, taken, chain_coins
    gain = 0
    for coin, left in enumerate(deg):
        if left != 1:
            continue
        line = (cell_mask[coin] & ~drawn).bit_length() - 1
        cells = line_cells[line]
        if len(cells) == 1:
            other = -1
        else:
            other = cells[0] if cells[1] == coin else cells[1]
            if deg[other] == 2:
                chain_coins.append(coin)
                continue
        deg[coin] = 0
        gain += 1
        if other >= 0:
            deg[other] -= 1
            if not deg[other]:
                gain += 1
        drawn |= 1 << line
        taken.append(line)
    return gain, taken, chain_coins


def untake(deg: list[int], taken: list[int], line_cells: tuple[tuple[int, ...], ...]) -> None:
    for line in taken:
        undraw(deg, line_cells[line])


def draw(deg: list[int], cells: tuple[int, ...]) -> int:
    """Lowers the degree of the ``cells`` a line cuts; returns how many of them it closed."""
    closed = 0
    for cell in cells:
        deg[cell] -= 1
        if not deg[cell]:
            closed += 1
    return closed


def undraw(deg: list[int], cells: tuple[int, ...]) -> None:
    """Undoes :func:`draw`."""
    for cell in cells:
        deg[cell] += 1


def chain_end_moves(
    coins: list[int], drawn: int, line_cells: tuple[tuple[int, ...], ...], cell_mask: tuple[int, ...]
) -> list[int]:
    """The lines worth searching when ``coins`` are capturable at the ends of chains: for each, take it, or cut
    the chain's next string (declining the last two coins: "all but two"; with both ends of the chain open,
    "all but four" of a loop). Every chain keeps both choices, so any chain can be the one declined last."""
    moves: list[int] = []
    for coin in coins:
        take = (cell_mask[coin] & ~drawn).bit_length() - 1
        cells = line_cells[take]
        nxt = cells[0] if cells[1] == coin else cells[1]
        decline = (cell_mask[nxt] & ~drawn & ~(1 << take)).bit_length() - 1
        if take not in moves:
            moves.append(take)
        if decline not in moves:
            moves.append(decline)
    return moves


def one_chain(
    coins: list[int], drawn: int, deg: list[int], line_cells: tuple[tuple[int, ...], ...], cell_mask: tuple[int, ...]
) -> list[int] | None:
    """When ``coins`` is one capturable coin at the end of a chain whose far end is the ground or a coin of degree
    3 or more, the chain's strings from that coin to the far end; else None (a chain open at both ends)."""
    coin = coins[0]
    came = (cell_mask[coin] & ~drawn).bit_length() - 1
    run = [came]
    while True:
        cells = line_cells[came]
        if len(cells) == 1:
            return run
        coin = cells[0] if cells[1] == coin else cells[1]
        left = deg[coin]
        if left != 2:
            return run if left > 2 else None
        came = (cell_mask[coin] & ~drawn & ~(1 << came)).bit_length() - 1
        run.append(came)


def capture_moves(tables: CoinTables, drawn: int, deg: list[int]) -> tuple[list[int], list[int]]:
    """(captures that open nothing, the chain-end choices) at a position, without changing it."""
    forced, chain_coins = [], []
    for coin, left in enumerate(deg):
        if left != 1:
            continue
        line = (tables.cell_mask[coin] & ~drawn).bit_length() - 1
        cells = tables.line_cells[line]
        other = -1 if len(cells) == 1 else (cells[0] if cells[1] == coin else cells[1])
        if other >= 0 and deg[other] == 2:
            chain_coins.append(coin)
        elif line not in forced:
            forced.append(line)
    return forced, chain_end_moves(chain_coins, drawn, tables.line_cells, tables.cell_mask)


# -- safe lines and the moves that matter in the fight for control ------------------------------------------
def safe_mask(tables: CoinTables, drawn: int, deg: list[int]) -> int:
    """The bit set of the safe lines: the undrawn strings whose coins all keep three strings or more (drawing one
    takes nothing and gives nothing away). The one test of a safe line on the bit sets; on a
    :class:`~game.core.GameState` it is :func:`~game.ai.position.chains.safe_lines`."""
    unsafe = 0  # the strings of the coins of degree 1 or 2
    cell_mask = tables.cell_mask
    for coin, left in enumerate(deg):
        if 0 < left < 3:
            unsafe |= cell_mask[coin]
    return tables.full & ~drawn & ~unsafe


def control_moves(tables: CoinTables, drawn: int, deg: list[int], narrow: bool = False) -> list[int]:
    """A selective move set for a position with no capturable coin (not exact: a search over it is a strong
    guess, not a proof): every safe line, then the ways of giving cells away that differ: both end strings of
    each chain, the middle string of a chain of two, one string of each loop; the other inner strings of a long
    chain give the opponent the same choices as its ends and are left out. ``narrow``: while safe lines remain,
    only chains of one or two are offered (about 3x fewer nodes, but it missed the best line in 5 of 16 test
    endgames, against 0 of 24 for the full set)."""
    line_cells = tables.line_cells
    safe_bits = safe_mask(tables, drawn, deg)
    unsafe = tables.full & ~drawn & ~safe_bits  # cutting one of these strings gives cells away
    free = safe_bits & ~twin_lines(tables, drawn)
    safe = [line for line in tables.order if free >> line & 1]
    if not unsafe:
        return safe
    run_of, sizes, loops = _run_table(tables, drawn, deg)
    openings: list[tuple[int, int]] = []
    offered: set[int] = set()
    for line in tables.order:
        if not unsafe >> line & 1:
            continue
        cells = line_cells[line]
        inner = len(cells) == 2 and deg[cells[0]] == 2 and deg[cells[1]] == 2
        run = run_of[cells[0] if deg[cells[0]] == 2 else cells[1]]
        if not inner:
            openings.append((sizes[run] if narrow else 1, line))
        elif loops[run]:
            if run not in offered:
                offered.add(run)
                openings.append((sizes[run], line))
        elif sizes[run] == 2:
            openings.append((2, line))
    openings.sort()
    if narrow and safe:
        return safe + [line for size, line in openings if size <= 2]
    return safe + [line for _, line in openings]


def _run_table(tables: CoinTables, drawn: int, deg: list[int]) -> tuple[list[int], list[int], list[bool]]:
    """The runs of degree-2 coins joined by strings (:func:`_runs`): each coin's run (-1 if none), each run's size,
    and whether it is a loop."""
    run_of = [-1] * tables.num_cells
    sizes: list[int] = []
    loops: list[bool] = []
    for start, (out_coins, _, out_end), (back_coins, _, _) in _runs(tables, drawn, deg):
        run = len(sizes)
        for coin in (start, *out_coins, *back_coins):
            run_of[coin] = run
        sizes.append(1 + len(out_coins) + len(back_coins))
        loops.append(out_end == _AROUND)
    return run_of, sizes, loops


# -- simple endgames: independent chains and loops ------------------------------------------------------------
GROUND = -1  # the far end of a string tied to the ground
_AROUND = -2  # a walk that came back to where it started: a loop

Run = tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]  # coins in order, strings in order, the two ends


Half = tuple[list[int], list[int], int]  # from a coin one way: coins met, strings crossed, where it ended


def _walk(
    line_cells: tuple[tuple[int, ...], ...],
    cell_mask: tuple[int, ...],
    drawn: int,
    deg: list[int],
    start: int,
    first: int,
    seen: list[bool],
) -> Half:
    """From coin ``start`` over string ``first``: the coins of degree 2 met in order (each marked in ``seen``), the
    strings crossed in order (``first``, then the one leaving each coin), and the end: :data:`GROUND`, the coin of
    another degree reached, or ``_AROUND`` (back at a coin already seen: a loop)."""
    coins: list[int] = []
    lines = [first]
    came, coin = first, start
    while True:
        ends = line_cells[came]
        if len(ends) == 1:
            return coins, lines, GROUND
        coin = ends[0] if ends[1] == coin else ends[1]
        if deg[coin] != 2:
            return coins, lines, coin
        if seen[coin]:
            return coins, lines, _AROUND
        seen[coin] = True
        coins.append(coin)
        came = (cell_mask[coin] & ~drawn & ~(1 << came)).bit_length() - 1
        lines.append(came)


def _runs(tables: CoinTables, drawn: int, deg: list[int]) -> Iterator[tuple[int, Half, Half]]:
    """The one walk over the chains and loops of the coins of degree 2: for each, the coin it was found from and
    the two halves walked from it, first over its lower string (a loop's first half goes all the way round)."""
    line_cells, cell_mask = tables.line_cells, tables.cell_mask
    seen = [d != 2 for d in deg]
    for start in range(tables.num_cells):
        if seen[start]:
            continue
        seen[start] = True
        both = cell_mask[start] & ~drawn
        low = both & -both
        out = _walk(line_cells, cell_mask, drawn, deg, start, low.bit_length() - 1, seen)
        yield start, out, _walk(line_cells, cell_mask, drawn, deg, start, (both ^ low).bit_length() - 1, seen)


def strings(tables: CoinTables, drawn: int, deg: list[int]) -> tuple[list[Run], list[Run]]:
    """The chains and loops of the coins of degree 2 (for every shape and every user; :func:`_runs` walks them).

    A chain is (its coins in order, its strings in order with both end strings, its ends: :data:`GROUND` or the
    coin of another degree it meets); a loop is (its coins, its strings, (GROUND, GROUND) unused)."""
    chains: list[Run] = []
    loops: list[Run] = []
    for start, (out_coins, out_lines, out_end), (back_coins, back_lines, back_end) in _runs(tables, drawn, deg):
        if out_end == _AROUND:
            loops.append(((start, *out_coins), tuple(out_lines), (GROUND, GROUND)))
        else:
            chain = (*reversed(back_coins), start, *out_coins)
            chains.append((chain, (*reversed(back_lines), *out_lines), (back_end, out_end)))
    return chains, loops


def components(tables: CoinTables, drawn: int, deg: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Chain and loop lengths (sorted) of a position whose remaining coins all have degree 2."""
    chains, loops = strings(tables, drawn, deg)
    return tuple(sorted(len(run[0]) for run in chains)), tuple(sorted(len(run[0]) for run in loops))


def openings(tables: CoinTables, drawn: int, deg: list[int]) -> list[tuple[int, int]]:
    """(size, line) for one line of each chain and loop of degree-2 coins whose openings all have the same value
    in normal play, smallest first: a chain of one coin, either string; of two, the middle string (the opponent
    can then not decline); of three or more, an end string; a loop, any string. A chain whose two ends are the
    same coin gives every string (its openings differ). ``docs/solver.md`` ("Openings") has the argument."""
    found: list[tuple[int, int]] = []
    for _, (out_coins, out_lines, out_end), (back_coins, back_lines, back_end) in _runs(tables, drawn, deg):
        size = 1 + len(out_coins) + len(back_coins)
        if out_end == _AROUND:
            found.append((size, out_lines[0]))
        elif out_end == back_end != GROUND:
            found.extend((size, line) for line in (*out_lines, *back_lines))
        elif size == 2:
            found.append((2, out_lines[0] if out_coins else back_lines[0]))
        else:
            found.append((size, out_lines[-1]))
    found.sort()
    return found


def lines_of(mask: int) -> list[int]:
    """The lines of a bit set, in ascending order."""
    lines = []
    while mask:
        low = mask & -mask
        lines.append(low.bit_length() - 1)
        mask ^= low
    return lines


_simple_memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
SIMPLE_MEMO_LIMIT = 50_000  # values remembered at most (then computed again): a few MB


def simple_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    """Exact value for the player who must open one of these components (normal play, extra move on capture).

    Opening a chain of 1 or 2 (a 2 in its middle) gives it away; the opponent then moves on. Opening a long
    chain or a loop lets the opponent take it all and move on, or decline the last 2 (loop: 4) and make the
    opener move on.
    """
    if not chains and not loops:
        return 0
    known = _simple_memo.get((chains, loops))
    if known is not None:
        return known
    best = None
    for i, k in enumerate(chains):
        if i and chains[i - 1] == k:
            continue
        rest = simple_value(chains[:i] + chains[i + 1 :], loops)
        reply = k + rest if k < 3 else max(k + rest, k - 4 - rest)
        best = -reply if best is None else max(best, -reply)
    for i, k in enumerate(loops):
        if i and loops[i - 1] == k:
            continue
        rest = simple_value(chains, loops[:i] + loops[i + 1 :])
        reply = max(k + rest, k - 8 - rest) if k >= 4 else k + rest
        best = -reply if best is None else max(best, -reply)
    assert best is not None
    if len(_simple_memo) < SIMPLE_MEMO_LIMIT:
        _simple_memo[chains, loops] = best  # a plain tuple-keyed dict: the garbage collector soon stops visiting it
    return best


# -- what a line gives, and move ordering ---------------------------------------------------------------------
def cells_given(tables: CoinTables, drawn: int, deg: list[int], line: int) -> int:
    """How many cells the opponent can then take in a row after ``line`` is drawn."""
    line_cells, cell_mask = tables.line_cells, tables.cell_mask
    deg = deg[:]
    for c in line_cells[line]:
        deg[c] -= 1
    drawn |= 1 << line
    taken = 0
    ready = [c for c in line_cells[line] if deg[c] == 1]
    while ready:
        coin = ready.pop()
        if deg[coin] != 1:
            continue
        cut = (cell_mask[coin] & ~drawn).bit_length() - 1
        drawn |= 1 << cut
        for c in line_cells[cut]:
            deg[c] -= 1
            if deg[c] == 0:
                taken += 1
            elif deg[c] == 1:
                ready.append(c)
    return taken


def ordered_moves(tables: CoinTables, drawn: int, deg: list[int], must_capture: bool = False) -> list[int]:
    """Undrawn lines, captures first, then safe lines, then the rest, each group from the centre outward (the
    move ordering of the searches that look at every line); only the captures when ``must_capture`` (captures
    compulsory) and there is one."""
    line_cells = tables.line_cells
    captures, safe, rest = [], [], []
    for line in tables.order:
        if drawn >> line & 1:
            continue
        left = [deg[c] for c in line_cells[line]]
        if 1 in left:
            captures.append(line)
        elif 2 in left:
            rest.append(line)
        else:
            safe.append(line)
    if must_capture and captures:
        return captures
    return captures + safe + rest


def capture_mask(tables: CoinTables, drawn: int, deg: list[int]) -> int:
    """The bit set of the undrawn lines that would close a coin (a coin with one string left)."""
    mask = 0
    for coin, left in enumerate(deg):
        if left == 1:
            mask |= tables.cell_mask[coin]
    return mask & ~drawn
