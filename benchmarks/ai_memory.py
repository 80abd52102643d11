"""Memory of the AI's tables over many boards and variants: the process's resident size before and after.

    python -m benchmarks.ai_memory                  # about a minute: Expert moves on random positions
    python -m benchmarks.ai_memory --seconds 120 --move-time 0.5
    python -m benchmarks.ai_memory --fill 60000     # fill the Expert's tables by nodes: the same on any load

Each round picks a board (squares 2x2..9x9 and rectangles, triangles, hexagons), a variant (normal, misère, no
extra move) and a random position with a random number of lines drawn, and lets the Expert choose a move there.
Every board, variant and search kind used to keep its own solver table; now they share one budget
(``game.ai`` memory budget), so the resident size should level off instead of growing with every board visited.
"""

from __future__ import annotations

import argparse
import random
import time

from game.ai.player import ComputerPlayer
from game.core import Board, GameState, Rules

BOARDS = [Board.square(r, c) for r in range(2, 10) for c in range(r, min(r + 2, 10))]
BOARDS += [Board.triangle(n) for n in range(4, 9)] + [Board.hexagon(k) for k in (1, 2, 3)]
VARIANTS = [Rules(), Rules(misere=True), Rules(no_extra=True)]


def resident_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for row in status:
            if row.startswith("VmRSS:"):
                return int(row.split()[1]) / 1024
    return 0.0


def budget_entries() -> str:
    try:
        from game.ai.memory import BUDGET
    except ImportError:
        return "n/a (no shared budget)"
    return f"{BUDGET.size():,} of {BUDGET.entries:,}"


def fill_tables(rng: random.Random, nodes: int) -> None:
    """Fills tables the way the Expert does, but bounded by nodes instead of time (the same on any machine load):
    for every board and variant, each solver kind (exact, narrow, wide) searches a random position for about
    ``nodes`` nodes on the table the Expert would use, with the Expert's cap. (Also runs on the code before the
    shared budget, for the comparison in docs/ai.md.)"""
    try:
        import game.ai.levels.expert as expert
    except ImportError:  # the layout before the shared budget
        import game.ai.expert as expert  # type: ignore[no-redef]
    from game.ai.search.solver import Solver

    for board in BOARDS:
        for rules in VARIANTS:
            state = GameState(board, rules)
            while state.lines_left > max(8, board.num_lines // 2):
                state.play_random(rng)
            for kind in ("exact", "narrow", "wide"):
                table, limit = run_steps(expert._shared_table(state, kind, 0))
                solver = Solver(
                    state, rng, table=table, selective=kind != "exact", narrow=kind == "narrow", max_entries=limit
                )
                while solver.nodes < nodes and not solver.step(0.0):
                    pass
        print(f"{board.describe()}: {resident_mb():.1f} MB, tables {budget_entries()}", flush=True)


def run_steps(steps):
    """Runs a table-fetching generator to its end: (table, entries it may hold)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            found = done.value
            if isinstance(found, dict):  # before the shared budget: one table per key, each to TABLE_LIMIT
                from game.ai.expert import TABLE_LIMIT  # type: ignore[import-not-found]

                return found, TABLE_LIMIT
            return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--move-time", type=float, default=0.3, help="the Expert's time a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fill", type=int, metavar="NODES", help="fill tables by nodes instead (see fill_tables)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start_mb = resident_mb()
    print(f"resident at start: {start_mb:.1f} MB")
    if args.fill:
        fill_tables(rng, args.fill)
        print(f"resident {start_mb:.1f} -> {resident_mb():.1f} MB; tables {budget_entries()}")
        return
    began, rounds, peak = time.perf_counter(), 0, start_mb
    while time.perf_counter() - began < args.seconds:
        board, rules = rng.choice(BOARDS), rng.choice(VARIANTS)
        state = GameState(board, rules)
        for _ in range(rng.randrange(board.num_lines // 3, board.num_lines - 1)):
            state.play_random(rng)
        if state.over:
            continue
        ComputerPlayer("expert", rng.randrange(1 << 30), args.move_time).think(state).finish()
        rounds += 1
        peak = max(peak, resident_mb())
        if rounds % 20 == 0:
            print(
                f"{rounds} moves, {time.perf_counter() - began:.0f} s: {resident_mb():.1f} MB, "
                f"tables {budget_entries()}"
            )
    end_mb = resident_mb()
    print(
        f"{rounds} moves in {time.perf_counter() - began:.0f} s; resident {start_mb:.1f} -> {end_mb:.1f} MB "
        f"(+{end_mb - start_mb:.1f}, peak {peak:.1f}); tables {budget_entries()}"
    )


if __name__ == "__main__":
    main()
