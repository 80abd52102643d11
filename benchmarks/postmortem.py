"""Where the Expert's games against Knox were lost: the exact value after every ply of the games ``peers.py`` printed.

    python benchmarks/peers.py --knox /work/knox/knox --board 4x4 --games 20 > games.txt
    python benchmarks/postmortem.py games.txt --board 4x4 --seconds 20

For each finished game (the lines ``game N: Expert (first|second) A-B  moves...``) the exact solver
(:class:`game.ai.search.solver.Solver`) values the positions from the last ply backward, on one table per game, so
each solve reuses the ones after it, until a position takes longer than ``--seconds``. The value is counted for the
Expert as the game's final margin would be: cells it already has minus Knox's, plus the exact value of the rest with
the Expert's sign (``--lines N``: back to N lines left, however long each solve takes, so that runs compare on
any machine load). Printed per game: the first ply solved and its lines left, the value there, and every ply where
the value moved (``E`` the Expert's move, ``K`` Knox's): a drop on an Expert move is a mistake of the Expert, a rise
on a Knox move one of Knox's. The summary counts them.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import Coordinates, _parse  # noqa: E402

from game.ai.search.solver import Solver  # noqa: E402
from game.core import Board, GameState  # noqa: E402

GAME = re.compile(r"game (\d+): Expert \((first|second)\) (\d+)-(\d+)(?:, Knox restarted \d+x)?  (.*)")


def read_games(path: str, names: Coordinates) -> list[tuple[int, int, int, list[int]]]:
    """(game number, the Expert's seat, its final margin, the lines in order) of every finished game in ``path``."""
    games = []
    for text in Path(path).read_text().splitlines():
        found = GAME.match(text.strip())
        if found:
            seat = 0 if found[2] == "first" else 1
            lines = [names.line(*_parse(move.lower())) for move in found[5].split()]
            games.append((int(found[1]), seat, int(found[3]) - int(found[4]), lines))
    return games


def values_back(
    board: Board, seat: int, lines: list[int], seconds: float, most_lines: int
) -> tuple[dict[int, int], list[int]]:
    """The Expert's exact final margin after each ply (0 = the empty board), from the end back to the first
    position with more than ``most_lines`` lines left or that takes longer than ``seconds`` to solve; and the seat
    that drew each line."""
    states = [GameState(board)]
    for line in lines:
        after = states[-1].copy()
        after.play(line)
        states.append(after)
    movers = [state.to_move for state in states[:-1]]
    last = states[-1]
    values = {len(lines): last.scores[seat] - last.scores[1 - seat]}
    table: dict[int, int] = {}
    for ply in range(len(lines) - 1, -1, -1):
        state = states[ply]
        if state.lines_left > most_lines:
            break
        solver = Solver(state, table=table, pause_every=4096)
        deadline = time.perf_counter() + seconds
        while not solver.step(0.5):
            if time.perf_counter() >= deadline:
                return values, movers
        assert solver.value is not None
        rest = solver.value if state.to_move == seat else -solver.value
        values[ply] = state.scores[seat] - state.scores[1 - seat] + rest
    return values, movers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", help="the output of benchmarks/peers.py")
    parser.add_argument("--board", default="4x4", help="boxes, RxC (as given to peers.py)")
    parser.add_argument("--seconds", type=float, default=20.0, help="the longest solve of one position")
    parser.add_argument("--lines", type=int, help="solve back to this many lines left, however long it takes")
    args = parser.parse_args()
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    board = Board.square(rows, cols)
    names = Coordinates(board, rows, cols)
    mistakes = {"E": [0, 0], "K": [0, 0]}  # moves that changed the value, cells it moved by (Expert: lost)
    for game, seat, margin, lines in read_games(args.games, names):
        if args.lines is None:
            values, movers = values_back(board, seat, lines, args.seconds, len(board.lines))
        else:
            values, movers = values_back(board, seat, lines, float("inf"), args.lines)
        first = min(values)
        moved = []
        for ply in range(first, len(lines)):
            delta = values[ply + 1] - values[ply]
            if delta:
                who = "E" if movers[ply] == seat else "K"
                moved.append(f"{ply}{who}{delta:+d}")
                mistakes[who][0] += 1
                mistakes[who][1] += abs(delta)
        side = "first" if seat == 0 else "second"
        print(
            f"game {game} (Expert {side}, {margin:+d}): solved back to ply {first} ({len(board.lines) - first} lines "
            f"left), value there {values[first]:+d}; changes: {' '.join(moved) or 'none'}",
            flush=True,
        )
    print(
        f"value changes after the first solved ply: Expert {mistakes['E'][0]} moves losing {mistakes['E'][1]} cells, "
        f"Knox {mistakes['K'][0]} moves giving {mistakes['K'][1]} cells"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
