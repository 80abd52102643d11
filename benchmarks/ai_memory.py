"""Memory of the AI's tables over many boards and variants: the process's resident size before and after.

    python benchmarks/ai_memory.py                  # about a minute: Expert moves on random positions
    python benchmarks/ai_memory.py --seconds 120 --move-time 0.5

Each round picks a board (squares 2x2..9x9 and rectangles, triangles, hexagons), a variant (normal, misère, no
extra move) and a random position with a random number of lines drawn, and lets the Expert choose a move there.
Every board, variant and search kind used to keep its own solver table; now they share one budget
(``game.ai`` memory budget), so the resident size should level off instead of growing with every board visited.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.player import ComputerPlayer  # noqa: E402
from game.core import Board, GameState, Rules  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--move-time", type=float, default=0.3, help="the Expert's time a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start_mb = resident_mb()
    print(f"resident at start: {start_mb:.1f} MB")
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
