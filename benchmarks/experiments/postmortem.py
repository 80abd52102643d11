"""Where the games against Knox were lost: the exact value after every ply of the games ``peers.py`` printed.

    python -m benchmarks.peers --knox KNOX --board 4x4 --games 20 > games.txt
    python -m benchmarks.experiments.postmortem games.txt --board 4x4 --seconds 20
    python -m benchmarks.experiments.postmortem games.txt --board 4x4 --lines 29 --jobs 2 --start-value 0
    python -m benchmarks.experiments.postmortem openings.txt --lines 30  # stopped at 30 lines left

For each finished game (the lines ``game N: Expert (first|second) A-B  moves...``, or ``Knox A`` in the Expert's
place for ``peers.py --knox-v-knox``) the exact solver (the compiled core's where it runs,
:func:`game.ai.wasm.solver.exact_solver`) values the positions from the last ply backward, on one table per game, so
each solve reuses the ones after it, until a position takes longer than ``--seconds``. The value is counted for the
side the record names (the Expert, or Knox A) as the game's final margin would be: cells it already has minus its
opponent's, plus the exact value of the rest with its sign (``--lines N``: back to N lines left, however long each
solve takes, so that runs compare on any machine load). ``--jobs N`` solves N games at once, one process each. A
game that ``peers.py --stop-lines`` stopped early is valued the same way from its last position (solved exactly, not
over): ``--lines`` at the stop gives the value reached in the early game, whose mean and standard error the summary
prints.

Printed per game: the first ply solved and its lines left, the value there, and every ply where the value moved
(``E`` the Expert's move and ``K`` Knox's, or ``A`` and ``B`` for the two Knoxes): a drop on a move of the named
side is its mistake, a rise on its opponent's move one of the opponent's. The summary counts them by range of lines
left (``--ranges``), with the games in which Knox made one. With ``--start-value V`` (the exact value of the empty
board for the first player, when it is known: 0 on 4x4 boxes) it also counts the games where the value at the
first solved ply proves that Knox erred before it: any value other than the start in Knox against Knox, a value
better than the start for the Expert against Knox (only Knox's moves can raise it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.peers import Coordinates, _parse
from game.ai.wasm.solver import exact_solver
from game.core import Board, GameState

GAME = re.compile(
    r"game (\d+): (Expert|Knox A) \((first|second)\) (\d+)-(\d+)(?:, stopped at \d+ lines left)?"
    r"(?:, Knox restarted \d+x)?  (.*)"
)


@dataclass
class Game:
    """One finished game of a ``peers.py`` record: the measured side drew the lower-case moves."""

    number: int
    measured: str  # "Expert" or "Knox A"
    seat: int  # the measured side's seat
    margin: int  # its margin in cells when the record ends (the game may have been stopped: peers.py --stop-lines)
    lines: list[int]


@dataclass
class Solved:
    """The measured side's exact final margin after each solved ply (0 = the empty board), and who moved."""

    game: Game
    values: dict[int, int]
    movers: list[int]

    @property
    def first(self) -> int:
        return min(self.values)

    def changes(self) -> list[tuple[int, bool, int]]:
        """(ply, whether the measured side moved, change of its value) for every move that changed the value."""
        found = []
        for ply in range(self.first, len(self.game.lines)):
            delta = self.values[ply + 1] - self.values[ply]
            if delta:
                found.append((ply, self.movers[ply] == self.game.seat, delta))
        return found


def read_games(path: str, names: Coordinates) -> list[Game]:
    """Every finished game in ``path``."""
    games = []
    for text in Path(path).read_text().splitlines():
        found = GAME.match(text.strip())
        if found:
            seat = 0 if found[3] == "first" else 1
            lines = [names.line(*_parse(move.lower())) for move in found[6].split()]
            games.append(Game(int(found[1]), found[2], seat, int(found[4]) - int(found[5]), lines))
    return games


def values_back(
    board: Board, seat: int, lines: list[int], seconds: float, most_lines: int
) -> tuple[dict[int, int], list[int]]:
    """The Expert's exact final margin after each ply (0 = the empty board), from the end back to the first
    position with more than ``most_lines`` lines left or that takes longer than ``seconds`` to solve; and the seat
    that drew each line. The last position is always solved (a stopped game's last position is not over), so a
    stopped game's values may be empty if that takes longer than ``seconds``."""
    states = [GameState(board)]
    for line in lines:
        after = states[-1].copy()
        after.play(line)
        states.append(after)
    movers = [state.to_move for state in states[:-1]]
    values: dict[int, int] = {}
    table: dict[int, int] = {}
    for ply in range(len(lines), -1, -1):
        state = states[ply]
        if ply < len(lines) and state.lines_left > most_lines:
            break
        solver = exact_solver(state, table=table, pause_every=4096)  # the compiled core where it runs
        deadline = time.perf_counter() + seconds
        while not solver.step(0.5):
            if time.perf_counter() >= deadline:
                solver.close()
                return values, movers
        assert solver.value is not None
        rest = solver.value if state.to_move == seat else -solver.value
        values[ply] = state.scores[seat] - state.scores[1 - seat] + rest
    return values, movers


def solve_game(job: tuple[Board, Game, float, int]) -> Solved:
    """``values_back`` of one game (one argument, for a process pool)."""
    board, game, seconds, most_lines = job
    values, movers = values_back(board, game.seat, game.lines, seconds, most_lines)
    return Solved(game, values, movers)


@dataclass
class Range:
    """The moves made at ``low``..``high`` lines left (before the move): how many, and how many changed the value."""

    low: int
    high: int
    moves: dict[str, int] = field(default_factory=lambda: {"measured": 0, "Knox": 0})
    mistakes: dict[str, int] = field(default_factory=lambda: {"measured": 0, "Knox": 0})
    cells: dict[str, int] = field(default_factory=lambda: {"measured": 0, "Knox": 0})
    knox_games: int = 0  # games with at least one mistake by Knox (either Knox when it plays itself) in the range


def tally_ranges(solved: list[Solved], total: int, edges: list[int], knox_v_knox: bool) -> list[Range]:
    """The analysed moves of every game, by lines left at the move: ranges from each edge up to the one above."""
    tops = [total] + [edge - 1 for edge in edges[:-1]]
    ranges = [Range(low, high) for low, high in zip(edges, tops, strict=True)]
    for one in solved:
        erred: set[int] = set()  # the ranges where Knox erred in this game
        for ply in range(one.first, len(one.game.lines)):
            left = total - ply
            index = next((index for index, part in enumerate(ranges) if part.low <= left <= part.high), None)
            if index is None:
                continue
            found = ranges[index]
            measured = one.movers[ply] == one.game.seat
            who = "measured" if measured else "Knox"
            delta = one.values[ply + 1] - one.values[ply]
            found.moves[who] += 1
            if delta:
                found.mistakes[who] += 1
                found.cells[who] += abs(delta)
                if knox_v_knox or not measured:
                    erred.add(index)
        for index in erred:
            ranges[index].knox_games += 1
    return ranges


def print_summary(solved: list[Solved], total: int, edges: list[int], start_value: int | None) -> None:
    """The mistakes by range of lines left, and in how many games Knox made one a perfect opponent could use."""
    knox_v_knox = all(one.game.measured == "Knox A" for one in solved)
    measured = "Knox A" if knox_v_knox else "Expert"
    opponent = "Knox B" if knox_v_knox else "Knox"
    print(f"\nmoves that changed the exact value, by lines left before the move ({len(solved)} games):")
    print(
        f"| lines left | {measured} moves | {measured} mistakes (cells) | {opponent} moves | "
        f"{opponent} mistakes (cells) | games with a Knox mistake |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for part in tally_ranges(solved, total, edges, knox_v_knox):
        print(
            f"| {part.low}-{part.high} | {part.moves['measured']} | {part.mistakes['measured']} "
            f"({part.cells['measured']}) | {part.moves['Knox']} | {part.mistakes['Knox']} ({part.cells['Knox']}) | "
            f"{part.knox_games} |"
        )
    firsts = sorted(total - one.first for one in solved)
    at_first: dict[int, int] = {}
    for one in solved:
        at_first[one.values[one.first]] = at_first.get(one.values[one.first], 0) + 1
    shown = ", ".join(f"{value:+d}: {count}" for value, count in sorted(at_first.items()))
    print(f"solved back to {firsts[0]}-{firsts[-1]} lines left; {measured}'s value there (value: games): {shown}")
    for seat, label in ((None, "all"), (0, "first"), (1, "second")):
        values = [one.values[one.first] for one in solved if seat is None or one.game.seat == seat]
        if values:
            mean, error = mean_and_error(values)
            games = f"standard error, {len(values)} games"
            print(f"{measured}'s mean value there, {label}: {mean:+.2f} +- {error:.2f} ({games})")
    late = [any(knox_v_knox or not by_measured for _, by_measured, _ in one.changes()) for one in solved]
    print(f"games with a Knox mistake in the solved range: {sum(late)} of {len(solved)}")
    if start_value is None:
        return
    early = []  # whether the value at the first solved ply proves a Knox mistake before it
    for one in solved:
        start = start_value if one.game.seat == 0 else -start_value
        value = one.values[one.first]
        early.append(value != start if knox_v_knox else value > start)
    before, anywhere = sum(early), sum(a or b for a, b in zip(early, late, strict=True))
    print(
        f"with the empty board worth {start_value:+d} to the first player: Knox surely erred before the solved range "
        f"in {before} of {len(solved)} games; a Knox mistake is proved somewhere in {anywhere} of {len(solved)} games"
    )
    if knox_v_knox:
        players = sum(sum(proved_players(one, start_value)) for one in solved)
        print(f"Knox players (two a game) with a proved mistake: {players} of {2 * len(solved)}")


def mean_and_error(values: list[int]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two values)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, (variance / len(values)) ** 0.5


def proved_players(one: Solved, start_value: int) -> tuple[bool, bool]:
    """For a Knox-v-Knox game: whether Knox A, and Knox B, surely erred (a value at the first solved ply below the
    start for one of them, or a move of its own that changed the value). Two mistakes that cancel are not seen."""
    start = start_value if one.game.seat == 0 else -start_value
    value = one.values[one.first]
    moved = {by_measured for _, by_measured, _ in one.changes()}
    return value < start or True in moved, value > start or False in moved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", help="the output of benchmarks/peers.py")
    parser.add_argument("--board", default="4x4", help="boxes, RxC (as given to peers.py)")
    parser.add_argument("--seconds", type=float, default=20.0, help="the longest solve of one position")
    parser.add_argument("--lines", type=int, help="solve back to this many lines left, however long it takes")
    parser.add_argument("--jobs", type=int, default=1, help="games solved at once, one process each")
    parser.add_argument(
        "--ranges", default="27,24,20,0", help="lower edges of the ranges of lines left the summary counts by"
    )
    parser.add_argument(
        "--start-value", type=int, help="the exact value of the empty board for the first player, if known (4x4: 0)"
    )
    args = parser.parse_args()
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    board = Board.square(rows, cols)
    names = Coordinates(board, rows, cols)
    total = len(board.lines)
    seconds, most_lines = (args.seconds, total) if args.lines is None else (float("inf"), args.lines)
    jobs = [(board, game, seconds, most_lines) for game in read_games(args.games, names)]
    solved: list[Solved] = []
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for one in pool.imap(solve_game, jobs):
            if not one.values:
                print(f"game {one.game.number}: its last position was not solved within --seconds", flush=True)
                continue
            solved.append(one)
            print_game(one, total)
    if not solved:
        print("no finished game in the record")
        return 0
    mistakes = {True: [0, 0], False: [0, 0]}  # moves that changed the value, cells: by the measured side or not
    for one in solved:
        for _, by_measured, delta in one.changes():
            mistakes[by_measured][0] += 1
            mistakes[by_measured][1] += abs(delta)
    measured = solved[0].game.measured
    print(
        f"value changes after the first solved ply: {measured} {mistakes[True][0]} moves losing {mistakes[True][1]} "
        f"cells, its opponent {mistakes[False][0]} moves giving {mistakes[False][1]} cells"
    )
    edges = sorted((int(edge) for edge in args.ranges.split(",")), reverse=True)
    print_summary(solved, total, edges, args.start_value)
    return 0


def print_game(one: Solved, total: int) -> None:
    game, first = one.game, one.first
    letters = ("A", "B") if game.measured == "Knox A" else ("E", "K")
    moved = " ".join(
        f"{ply}{letters[0] if by_measured else letters[1]}{delta:+d}" for ply, by_measured, delta in one.changes()
    )
    side = "first" if game.seat == 0 else "second"
    print(
        f"game {game.number} ({game.measured} {side}, {game.margin:+d}): solved back to ply {first} "
        f"({total - first} lines left), value there {one.values[first]:+d}; changes: {moved or 'none'}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
