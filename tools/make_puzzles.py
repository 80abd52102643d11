"""Generate the puzzle set (game/puzzles/puzzles.json): positions with one best line, found by the exact solver.

Usage: python tools/make_puzzles.py [--per-theme N] [--processes P] [--seed S] [--out PATH]

Positions come from random games that play safe lines while there are any and take most boxes offered, stopped
a given number of lines before the end. Each one is solved exactly, line by line (game/puzzles/solving.py), and
kept only when exactly one line reaches the best result, that line is not a plain capture with nothing to
decide, and the whole solve took little time (the test suite re-solves every stored puzzle). The kept line
decides the theme (see :func:`theme_of`). Solving is spread over worker processes with multiprocessing.Pool;
results are read in task order, so a run with the same seed and options writes the same set.

Per theme the candidates are sorted by difficulty (lines to choose from, then board size) and N are picked evenly
across that range, easiest first, so the set rises in difficulty within each theme, and the themes come in the
order of game/puzzles.THEMES.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.chains import analyse  # noqa: E402
from game.ai.tactics import opened_runs  # noqa: E402
from game.core import Board, GameState, encode, parse_line  # noqa: E402
from game.puzzles import DATA_PATH, DATA_VERSION, THEMES  # noqa: E402
from game.puzzles.solving import line_values, unique_best  # noqa: E402

# (board, fewest lines left, most lines left, loop): where each board's positions are cut from random games;
# ``loop`` draws the lines around a loop of that many boxes first (random games seldom leave a loop).
SOURCES = (
    (("square", (3, 3)), 8, 16, 0),
    (("square", (4, 4)), 12, 22, 0),
    (("square", (3, 5)), 12, 20, 0),
    (("square", (5, 5)), 16, 24, 0),
    (("square", (3, 3)), 8, 16, 4),
    (("square", (4, 4)), 12, 22, 4),
    (("square", (4, 4)), 12, 22, 8),
    (("square", (5, 5)), 16, 24, 8),
    (("triangle", (4,)), 7, 12, 0),
    (("triangle", (5,)), 10, 18, 0),
    (("triangle", (6,)), 14, 22, 0),
    (("hex", (1,)), 8, 12, 0),
    (("hex", (2,)), 14, 24, 0),
)
MAX_SOLVE_SECONDS = 0.25  # a puzzle that takes longer to re-solve is left out (the suite re-solves them all)


def loop_lines(board: Board, rng: random.Random, size: int) -> list[int]:
    """The lines around a loop of ``size`` boxes at a random place of a square board: the outline of a 2x2 block
    (a loop of 4), or of a 3x3 block and its centre box (a loop of 8)."""
    span = 2 if size == 4 else 3
    rows, cols = board.size
    r, c = rng.randrange(rows - span + 1), rng.randrange(cols - span + 1)
    names = [f"h {r} {c + i}" for i in range(span)] + [f"h {r + span} {c + i}" for i in range(span)]
    names += [f"v {r + i} {c}" for i in range(span)] + [f"v {r + i} {c + span}" for i in range(span)]
    if span == 3:
        names += [f"h {r + 1} {c + 1}", f"h {r + 2} {c + 1}", f"v {r + 1} {c + 1}", f"v {r + 1} {c + 2}"]
    return [parse_line(board, name) for name in names]


def random_position(board: Board, rng: random.Random, lines_left: int, loop: int = 0) -> GameState:
    """A game of safe lines while there are any, taking most boxes offered, until ``lines_left`` lines remain
    (after first drawing the lines around a loop of ``loop`` boxes, when ``loop`` is 4 or 8)."""
    state = GameState(board)
    if loop:
        for line in loop_lines(board, rng, loop):
            state.play(line)
    while state.lines_left > lines_left:
        legal = state.legal_lines()
        captures = [line for line in legal if state.would_capture(line)]
        safe = [line for line in legal if state.is_safe(line) and not state.would_capture(line)]
        if captures and rng.random() < 0.9:
            state.play(rng.choice(captures))
        else:
            state.play(rng.choice(safe or legal))
    return state


def with_mover_first(state: GameState) -> GameState:
    """The same game, with the first player chosen so that the player to move is player 0 (the solver)."""
    if state.to_move == 0:
        return state
    again = GameState(state.board, state.rules, first=1 - state.first)
    for line in state.moves:
        again.play(line)
    return again


def theme_of(state: GameState, answer: int) -> str | None:
    """The technique the one best line ``answer`` teaches, or None when it teaches nothing worth a puzzle."""
    if state.board.kind == "triangle":
        return "triangles"
    if state.board.kind == "hex":
        return "hexagons"
    analysis = analyse(state)
    if analysis.captures:
        runs = opened_runs(state)
        for run in runs:
            if answer == run.decline:
                return "all-but-two" if run.closed else "loops"
        declinable = any(run.decline is not None for run in runs)
        return "chains" if declinable and state.would_capture(answer) else None
    if analysis.loops:
        return "loops"
    if analysis.safe:
        return "long-chain"
    return "double-cross" if _hard_hearted(state, answer) else "chains"


def _hard_hearted(state: GameState, answer: int) -> bool:
    """True when ``answer`` is the middle line of a chain of two (the handout that leaves no double-cross)."""
    return any(chain.size == 2 and answer in chain.lines[1:-1] for chain in analyse(state).chains)


def candidate(task: tuple[int, int]) -> dict[str, Any] | None:
    """One random position from source ``task[0]`` with seed ``task[1]``, as a puzzle, or None."""
    source, seed = task
    (kind, size), fewest, most, loop = SOURCES[source]
    rng = random.Random(seed)
    state = random_position(Board.from_spec(kind, size), rng, rng.randint(fewest, most), loop)
    if state.over:
        return None
    state = with_mover_first(state)
    started = time.perf_counter()
    values = line_values(state)
    seconds = time.perf_counter() - started
    answer = unique_best(values)
    if answer is None or seconds > MAX_SOLVE_SECONDS:
        return None
    theme = theme_of(state, answer)
    if theme is None:
        return None
    return {
        "theme": theme,
        "code": encode(state),
        "answer": answer,
        "value": values[answer],
        "difficulty": (len(values), state.board.num_lines),
        "drawn": state.drawn,
        "board": encode(GameState(state.board)),
        "seconds": seconds,
    }


def spread(items: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """``count`` items picked evenly across ``items`` (already sorted by difficulty), keeping that order."""
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def collect(
    per_theme: int, processes: int, seed: int, spare: int = 4, progress: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """Solve random positions in parallel until every theme has ``spare`` times ``per_theme`` candidates."""
    wanted = per_theme * spare
    found: dict[str, list[dict[str, Any]]] = {theme: [] for theme in THEMES}
    seen: set[tuple[str, int]] = set()
    tasks = ((number % len(SOURCES), seed + number) for number in range(10**9))
    with multiprocessing.Pool(processes) as pool:
        for tried, result in enumerate(pool.imap(candidate, tasks, chunksize=8), 1):
            if progress and tried % 500 == 0:
                print(f"{tried} positions: " + ", ".join(f"{t} {len(items)}" for t, items in found.items()), flush=True)
            if result is None or (result["board"], result["drawn"]) in seen:
                continue
            seen.add((result["board"], result["drawn"]))
            if len(found[result["theme"]]) < wanted:
                found[result["theme"]].append(result)
            if all(len(items) >= wanted for items in found.values()):
                pool.terminate()
                break
    return found


def puzzle_data(found: dict[str, list[dict[str, Any]]], per_theme: int) -> dict[str, Any]:
    themes = {}
    for theme in THEMES:
        chosen = spread(sorted(found[theme], key=lambda item: item["difficulty"]), per_theme)
        themes[theme] = [[item["code"], item["answer"], item["value"]] for item in chosen]
    return {"version": DATA_VERSION, "themes": themes}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-theme", type=int, default=10)
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DATA_PATH)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    found = collect(args.per_theme, args.processes, args.seed, progress=True)
    data = puzzle_data(found, args.per_theme)
    text = json.dumps(data, separators=(",", ":"))
    args.out.write_text(text + "\n", encoding="utf-8")
    took = time.perf_counter() - started
    counts = ", ".join(f"{theme} {len(items)}" for theme, items in data["themes"].items())
    solve_seconds = sum(item["seconds"] for items in found.values() for item in items)
    print(f"{sum(len(items) for items in data['themes'].values())} puzzles ({counts})")
    print(f"{args.out}: {len(text) + 1} bytes; {took:.1f} s with {args.processes} processes")
    print(f"solving time of the kept candidates: {solve_seconds:.1f} s")


if __name__ == "__main__":
    main()
