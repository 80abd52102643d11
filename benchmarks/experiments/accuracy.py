"""The Expert's move accuracy where games against Knox are lost (4x4 boxes, 27-34 lines left), judged by the exact
solver, without Knox.

    python -m benchmarks.experiments.accuracy GAMES.txt         # main's settings, 1.5 s a move, 27-31 left
    python -m benchmarks.experiments.accuracy GAMES.txt --seconds 0.6 --limit 60 --setting rev=main --setting main
    python -m benchmarks.experiments.accuracy GAMES.txt --setting main --setting "FIGHT_EXACT_SHARE=0.8"

Positions: every move of the Expert in the recorded games against Knox (``peers.py`` output: the lines
``game N: Expert (first|second) A-B  moves...``) made at ``--lines`` lines left with no capture to make, one per
position up to the board's symmetries (``--limit N``: N of them, spread evenly over the list). ``--lines 27-34``
works, but the exact solver needs minutes for one position at 33-34 lines left (20 s at 31, 8 s at 32, over
120 s at 33, one position each, load 2), so the default stops at 31.

For each position and each ``--setting`` (``main``: the code as it is; ``rev=REV``: ``game/ai/levels/expert.py``
as it is at git revision REV, over this checkout's other modules; ``NAME=value``: constants of that module set for
the move, then put back), the Expert chooses its move as ``game/ai/player.py`` drives it, with ``--seconds``
a move, on fresh tables (``clear_tables``: the process knows nothing), or with ``--warm`` after first choosing its
move in the same game's previous Expert position (two plies before, or more after captures), as in a game where the
solver's tables are kept from one move to the next. The settings are interleaved position by position, so a change
in the machine's load touches them alike; ``uptime`` is printed at the start and the end.

Then the exact solver (the compiled core where it runs) values each position and each chosen child (no capture is
possible there, so every move passes the turn: the child's value is minus the value for the opponent). A move is a
mistake if the child is worse for the mover than the position; its cost in cells is the difference. The exact values
are kept by position (canonical under the board's symmetries, so they hold for any game) in ``--cache`` (one ``key
value`` a line), so a re-run only solves the children it has not seen. The solving runs after every Expert move is
chosen, in ``--jobs`` processes (one game's positions per task, fewest lines left first, on one table: a tool, never
at run time, at ``nice 10``); a position that takes longer than ``--oracle-seconds`` is left unknown and its moves
are not counted.

Printed: per setting, by lines left, the moves judged, the mistakes and the cells they lose, and the Expert's mean
and longest CPU seconds per move; which search decided the move (the exact solver, or after it the selective
solvers, or Hard's move: the last of them that found a move) with the mistakes of each.
"""

from __future__ import annotations

import argparse
import ast
import multiprocessing
import os
import random
import re
import subprocess
import sys
import time
import types
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.peers import Aborted, Coordinates, _parse
from game.ai.levels import expert
from game.ai.player import Search
from game.ai.position.coins import capture_moves, tables_for
from game.ai.search.solver import Solver
from game.ai.wasm.solver import exact_solver
from game.core import Board, GameState

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(__file__).resolve().parent / "accuracy_values.txt"
GAME = re.compile(r"game (\d+): Expert \((first|second)\) \d+-\d+(?:, Knox restarted \d+x)?  (.*)")
SETTING = re.compile(r"\s*([A-Z_]+)(?:\[([^\]]+)\])?\s*=\s*(.+?)\s*$")


@dataclass
class Position:
    """An Expert move to make: the position, where it came from, and the Expert's previous position of that game."""

    source: str
    state: GameState
    previous: GameState | None
    key: int
    game: str  # the game it came from, to solve one game's positions on one table

    @property
    def left(self) -> int:
        return self.state.lines_left


@dataclass
class Choice:
    """One setting's move in one position."""

    line: int
    cpu: float
    decided_by: str


@dataclass
class Row:
    moves: int = 0
    mistakes: int = 0
    cells: int = 0
    unknown: int = 0
    cpu: list[float] = field(default_factory=list)


def canonical(state: GameState) -> int:
    return min(tables_for(state.board).images(state.drawn))


def expert_positions(paths: list[str], board: Board, rows: int, cols: int, low: int, high: int) -> list[Position]:
    """Every Expert position at ``low``..``high`` lines left with no capture to make, once per canonical position."""
    names = Coordinates(board, rows, cols)
    tables = tables_for(board)
    found: dict[int, Position] = {}
    for path in paths:
        for text in Path(path).read_text().splitlines():
            match = GAME.match(text.strip())
            if not match:
                continue
            try:
                lines = [names.line(*_parse(move.lower())) for move in match[3].split()]
            except (Aborted, ValueError):
                continue  # another board's game
            if len(lines) != len(board.lines):
                continue
            seat = 0 if match[2] == "first" else 1
            game = f"{Path(path).name} game {match[1]}"
            state, previous = GameState(board), None
            for line in lines:
                if state.to_move == seat:
                    deg = tables.degrees(state.drawn)
                    forced, chain_end = capture_moves(tables, state.drawn, deg)
                    if low <= state.lines_left <= high and not forced and not chain_end:
                        key = canonical(state)
                        if key not in found:
                            found[key] = Position(f"{game} ply {len(state.moves)}", state.copy(), previous, key, game)
                    previous = state.copy()
                state.play(line)
    return sorted(found.values(), key=lambda one: (one.game, -one.left))


def spread(positions: list[Position], limit: int | None) -> list[Position]:
    """``limit`` positions taken evenly over the list (all of them without a limit)."""
    if limit is None or limit >= len(positions):
        return positions
    return [positions[index * len(positions) // limit] for index in range(limit)]


@dataclass
class Setting:
    """The Expert's module (this checkout's, or ``expert.py`` of another revision over this checkout's other
    modules) and constants to set in it for a move."""

    module: types.ModuleType
    changes: dict[tuple[str, str | None], object]


def parse_setting(text: str) -> Setting:
    """``main`` (the code as it is), or ``rev=REV; NAME=value; NAME[key]=value`` (Python literals, each part
    optional): ``game/ai/levels/expert.py`` as it is at git revision REV, with those constants changed."""
    module, changes = expert, {}
    for part in text.split(";"):
        if part.strip() in ("", "main"):
            continue
        if part.strip().startswith("rev="):
            module = expert_at(part.strip()[4:])
            continue
        match = SETTING.match(part)
        if not match or not hasattr(module, match[1]):
            raise SystemExit(
                f"not a setting of game/ai/levels/expert.py: {part.strip()!r} (main, rev=REV, NAME=value or "
                "NAME[key]=value)"
            )
        name, key, value = match[1], match[2], ast.literal_eval(match[3])
        if key is not None and key not in getattr(module, name):
            raise SystemExit(f"{name} has no key {key!r}: it has {', '.join(map(repr, getattr(module, name)))}")
        changes[(name, key)] = value
    return Setting(module, changes)


def expert_at(revision: str) -> types.ModuleType:
    """``game/ai/levels/expert.py`` of a git revision, loaded as a module of ``game.ai.levels``."""
    shown = subprocess.run(
        ["git", "show", f"{revision}:game/ai/levels/expert.py"], cwd=ROOT, capture_output=True, text=True
    )
    if shown.returncode:
        raise SystemExit(f"no game/ai/levels/expert.py at {revision!r}: {shown.stderr.strip()}")
    module = types.ModuleType(f"game.ai.levels.expert_at_{revision}")
    module.__package__ = "game.ai.levels"
    sys.modules[module.__name__] = module  # (its dataclasses look their module up there)
    exec(compile(shown.stdout, f"expert.py at {revision}", "exec"), module.__dict__)
    return module


class Applied:
    """Sets a setting's constants in its module for one move, and puts them back."""

    def __init__(self, setting: Setting) -> None:
        self.module, self.changes = setting.module, setting.changes
        self.saved: dict[str, object] = {}

    def __enter__(self) -> None:
        module = self.module
        for (name, key), value in self.changes.items():
            current = getattr(module, name)
            self.saved.setdefault(name, dict(current) if isinstance(current, dict) else current)
            setattr(module, name, value if key is None else {**getattr(module, name), key: value})

    def __exit__(self, *exc: object) -> None:
        for name, value in self.saved.items():
            setattr(self.module, name, value)


class Deciders:
    """Which of the Expert's searches decided the move: the last ``_ladder`` that found one, else Hard's move."""

    def __init__(self, module: types.ModuleType) -> None:
        self.module = module
        self.last = "hard"
        self.original = module._ladder

    def __enter__(self) -> Deciders:
        original = self.original

        def ladder(state, rng, stop, best, kind, first, *rest) -> Generator[int | None, None, Solver | None]:  # type: ignore
            found = yield from original(state, rng, stop, best, kind, first, *rest)
            if found is not None and found.best_move is not None:
                self.last = kind
            return found

        self.module._ladder = ladder
        return self

    def __exit__(self, *exc: object) -> None:
        self.module._ladder = self.original


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
EXPERT_CLOCK = ["wall"]  # --clock: the Expert's time is wall time as in a game, or the process's CPU time


def think(setting: Setting, state: GameState, seconds: float, seed: int) -> int:
    """The setting's move, driven as ``game/ai/player.py`` drives a level (on a copy, a few ms a step)."""
    position = state.copy()
    clock = CLOCKS[EXPERT_CLOCK[0]]
    moves = setting.module.expert_move(position, random.Random(seed), seconds, clock)
    return Search(moves, fallback=position.legal_lines()[0], clock=clock).finish()


def choose(position: Position, setting: Setting, seconds: float, warm: bool, seed: int) -> Choice:
    """The Expert's move in ``position`` under ``setting``, on fresh tables (after its previous move if ``warm``)."""
    setting.module.clear_tables()
    with Applied(setting):
        if warm and position.previous is not None:
            think(setting, position.previous, seconds, seed)
        with Deciders(setting.module) as deciders:
            cpu = time.process_time()
            line = think(setting, position.state, seconds, seed)
            cpu = time.process_time() - cpu
    return Choice(line, cpu, deciders.last)


def read_cache(path: Path) -> dict[int, int]:
    if not path.exists():
        return {}
    values = {}
    for text in path.read_text().splitlines():
        if text and not text.startswith("#"):
            key, value = text.split()
            values[int(key)] = int(value)
    return values


def write_cache(path: Path, values: dict[int, int]) -> None:
    lines = ["# exact values (player to move, rest of the game) of the positions, key: min of the drawn lines'"]
    lines.append("# images under the board's symmetries (benchmarks/experiments/accuracy.py)")
    lines += [f"{key} {value}" for key, value in sorted(values.items())]
    path.write_text("\n".join(lines) + "\n")


def solve_states(job: tuple[list[GameState], float]) -> list[tuple[int, int | None, float]]:
    """(key, exact value or None past ``seconds``, CPU seconds) of each state, fewest lines left first, one table."""
    states, seconds = job
    table: dict[int, int] = {}
    found = []
    for state in sorted(states, key=lambda one: one.lines_left):
        solver = exact_solver(state, table=table, pause_every=4096)  # the compiled core where it runs
        cpu, deadline = time.process_time(), time.perf_counter() + seconds
        while not solver.step(0.5) and time.perf_counter() < deadline:
            pass
        solver.close()
        found.append((canonical(state), solver.value if solver.done else None, time.process_time() - cpu))
    return found


def oracle(needed: dict[str, list[GameState]], values: dict[int, int], seconds: float, jobs: int, keep: Path) -> float:
    """Solves every state not in ``values`` (grouped by game) into it, written to ``keep`` after each game;
    returns the CPU seconds it took."""
    work = []
    for states in needed.values():
        todo, seen = [], set()
        for state in states:
            key = canonical(state)
            if key not in values and key not in seen:
                seen.add(key)
                todo.append(state)
        if todo:
            work.append((todo, seconds))
    total = 0.0
    print(f"oracle: {sum(len(states) for states, _ in work)} positions to solve in {len(work)} games", flush=True)
    with multiprocessing.Pool(max(1, jobs), initializer=os.nice, initargs=(10,)) as pool:
        for solved in pool.imap_unordered(solve_states, work):
            for key, value, cpu in solved:
                total += cpu
                if value is not None:
                    values[key] = value
            write_cache(keep, values)
    return total


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def child(state: GameState, line: int) -> GameState:
    after = state.copy()
    after.play(line)
    return after


def judge(position: Position, choice: Choice, values: dict[int, int]) -> int | None:
    """Cells the move loses against the position's exact value (0: it keeps it), None if a value is unknown."""
    before = values.get(position.key)
    after = values.get(canonical(child(position.state, choice.line)))
    if before is None or after is None:
        return None
    return before - -after


def report(
    label: str, positions: list[Position], choices: list[Choice], values: dict[int, int], low: int, high: int
) -> None:
    rows = {left: Row() for left in range(high, low - 1, -1)}
    deciders: dict[str, Row] = {}
    for position, choice in zip(positions, choices, strict=True):
        lost = judge(position, choice, values)
        for row in (rows[position.left], deciders.setdefault(choice.decided_by, Row())):
            row.cpu.append(choice.cpu)
            if lost is None:
                row.unknown += 1
                continue
            row.moves += 1
            row.mistakes += lost > 0
            row.cells += lost
    total = Row()
    print(f"\n{label}")
    print("| lines left | moves judged | mistakes | cells lost | unknown | CPU s/move mean (max) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for left, row in rows.items():
        if row.cpu:
            print(_row_text(str(left), row))
            add(total, row)
    print(_row_text(f"{low}-{high}", total))
    kinds = (f"{kind} {row.moves + row.unknown} ({row.mistakes} mistakes)" for kind, row in sorted(deciders.items()))
    print("decided by: " + ", ".join(kinds))


def add(total: Row, row: Row) -> None:
    total.moves += row.moves
    total.mistakes += row.mistakes
    total.cells += row.cells
    total.unknown += row.unknown
    total.cpu += row.cpu


def describe(position: Position, chosen: list[Choice], values: dict[int, int]) -> str:
    """One position: its lines left, safe lines, exact value, and per setting the move, who decided, CPU, cost."""
    state = position.state
    tables = tables_for(state.board)
    deg = tables.degrees(state.drawn)
    safe = sum(1 for line in state.legal_lines() if all(deg[cell] >= 3 for cell in tables.line_cells[line]))
    moves = "; ".join(
        f"{choice.line} by {choice.decided_by} {choice.cpu:.2f} s lost {judge(position, choice, values)}"
        for choice in chosen
    )
    return f"{position.source}: {position.left} left, {safe} safe, value {values.get(position.key)}: {moves}"


def _row_text(label: str, row: Row) -> str:
    mean = sum(row.cpu) / len(row.cpu) if row.cpu else 0.0
    return (
        f"| {label} | {row.moves} | {row.mistakes} | {row.cells} | {row.unknown} | "
        f"{mean:.2f} ({max(row.cpu, default=0.0):.2f}) |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="+", help="records of games against Knox (the output of benchmarks.peers)")
    parser.add_argument("--board", default="4x4", help="boxes, RxC (as given to peers.py)")
    parser.add_argument("--lines", default="27-31", help="lines left before the Expert's move, LOW-HIGH")
    parser.add_argument("--seconds", type=float, default=1.5, help="the Expert's time a move")
    parser.add_argument("--setting", action="append", help="main, or NAME=value; NAME[key]=value (repeatable)")
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="the Expert's time: wall (as in a game) or cpu (the process's CPU seconds, the core's thread included:"
        " the same search on a loaded machine)",
    )
    parser.add_argument("--warm", action="store_true", help="first the Expert's previous move of the game")
    parser.add_argument("--limit", type=int, help="at most this many positions, spread over the list")
    parser.add_argument("--cache", default=str(CACHE), help="the exact values kept between runs")
    parser.add_argument("--oracle-seconds", type=float, default=600.0, help="the longest solve of one position")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the exact solver")
    parser.add_argument("--seed", type=int, default=7, help="the Expert's random seed in every position")
    parser.add_argument("--verbose", action="store_true", help="a line per position: each setting's move and cost")
    args = parser.parse_args()
    EXPERT_CLOCK[0] = args.clock
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    board = Board.square(rows, cols)
    low, high = (int(part) for part in args.lines.split("-"))
    paths = args.logs
    positions = spread(expert_positions(paths, board, rows, cols, low, high), args.limit)
    settings = args.setting or ["main"]
    chosen_settings = [parse_setting(text) for text in settings]
    print(f"uptime at start: {uptime()}")
    print(
        f"{len(positions)} positions at {low}-{high} lines left from {len(paths)} records; Expert {args.seconds} s a "
        f"move, {'warm (after its previous move)' if args.warm else 'fresh tables'}; settings: {' | '.join(settings)}",
        flush=True,
    )
    choices: list[list[Choice]] = [[] for _ in settings]
    for number, position in enumerate(positions):
        order = list(range(len(settings)))
        random.Random(number).shuffle(order)  # neither setting always goes first
        for index in order:
            choices[index].append(choose(position, chosen_settings[index], args.seconds, args.warm, args.seed))
        if number % 10 == 9:
            print(f"  {number + 1} positions done", flush=True)
    print(f"uptime after the Expert's moves: {uptime()}", flush=True)
    values = read_cache(Path(args.cache))
    needed: dict[str, list[GameState]] = {}
    for index, position in enumerate(positions):
        group = needed.setdefault(position.game, [])
        group.append(position.state)
        group += [child(position.state, one[index].line) for one in choices]
    started = time.perf_counter()
    cpu = oracle(needed, values, args.oracle_seconds, args.jobs, Path(args.cache))
    wall = time.perf_counter() - started
    print(f"oracle: {cpu:.0f} s of CPU, {wall:.0f} s; {len(values)} values kept in {args.cache}")
    if args.verbose:
        for index, position in enumerate(positions):
            print(describe(position, [one[index] for one in choices], values))
    for setting, chosen in zip(settings, choices, strict=True):
        report(f"setting: {setting}", positions, chosen, values, low, high)
    print(f"\nuptime at the end: {uptime()}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.exit(main())
