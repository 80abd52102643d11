"""Generate the puzzle set (game/puzzles/puzzles.json): positions with one best line, found by the exact solver.

Usage: python -m tools.make_puzzles [--per-theme N] [--processes P] [--seed S] [--out PATH]

Positions come from random games that play safe lines while there are any and take most boxes offered, stopped
a given number of lines before the end. Each one is solved exactly, line by line (game/puzzles/solving.py: the
compiled core where ``wasmtime`` runs, else the Python solver), and kept only when exactly one line reaches the
best result, that line is not a plain capture with nothing to decide, and the solve of all its lines is within its
family's node bound: at most MAX_NODES (30,000) nodes, or for the fight for control more than that and at most
DEEP_NODES (1,500,000). The bounds are counts of the Python solver's nodes, not seconds (the same on any machine);
the core decides away from a bound and the Python solver near it (``solving.within_bound``), so the set is the
one the Python solver alone would keep, only found faster. The kept line and the rules decide the theme (see
:func:`theme_of`).

The sources come in families (squares cut late for the capture themes, earlier for the fight for control, squares
around a loop, triangles, triangles cut late for leaving the last two, hexagons, misère squares, no-extra-move
squares, and 4x4 and 5x5 squares cut early for the long fight for control), each feeding only its own themes. A
family's positions are solved by the workers of one multiprocessing.Pool, read in task order, until each of its
themes has enough candidates; then the next family starts. So a run with the same seed and options writes the
same set, whatever the machine's load.

Per theme the candidates are sorted by difficulty (lines to choose from, then board size) and N are picked evenly
across that range, easiest first, so the set rises in difficulty within each theme, and the themes come in the
order of game/puzzles.THEMES.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.position.chains import analyse
from game.ai.position.tactics import opened_runs
from game.core import Board, GameState, Rules, encode, parse_line
from game.puzzles import DATA_PATH, DATA_VERSION, THEMES
from game.puzzles.solving import DEEP_NODES, MAX_NODES, beyond_bound, unique_best, within_bound

NORMAL, MISERE, NO_EXTRA = Rules(), Rules(misere=True), Rules(no_extra=True)


@dataclass(frozen=True)
class Source:
    """Where positions are cut from: a board, the rules, how many lines are left (fewest..most), and ``loop``:
    the lines around a loop of that many boxes are drawn first (random games seldom leave a loop)."""

    kind: str
    size: tuple[int, ...]
    fewest: int
    most: int
    loop: int = 0
    rules: Rules = NORMAL


@dataclass(frozen=True)
class Family:
    """Where one group of themes comes from: its ``themes``, its ``sources``, and the bound on a kept position's
    solve, in the Python solver's nodes: more than ``fewest_nodes`` and at most ``most_nodes``."""

    themes: tuple[str, ...]
    sources: tuple[Source, ...]
    most_nodes: int = MAX_NODES
    fewest_nodes: int = 0


# Each family feeds the themes listed with it. The plain search of misère and no-extra-move games has none of the
# normal-play reductions, so their positions are cut closer to the end (up to about 30,000 nodes at 13 lines left).
# The fight for control is cut furthest from the end, on 4x4 and 5x5, and kept only past the other themes' bound.
FAMILIES: dict[str, Family] = {
    "captures": Family(
        ("chains", "all-but-two", "handout"),
        (
            Source("square", (3, 3), 8, 16),
            Source("square", (4, 4), 12, 22),
            Source("square", (3, 5), 12, 20),
            Source("square", (5, 5), 16, 24),
        ),
    ),
    "control": Family(  # cut earlier, while safe lines are left
        ("long-chain", "sacrifice"),
        (Source("square", (3, 3), 12, 18), Source("square", (3, 4), 14, 20), Source("square", (4, 4), 16, 24)),
    ),
    "loops": Family(
        ("loops", "all-but-four"),
        (
            Source("square", (3, 3), 9, 14, loop=4),
            Source("square", (3, 4), 10, 16, loop=4),
            Source("square", (4, 4), 12, 22, loop=4),
            Source("square", (4, 4), 12, 22, loop=8),
            Source("square", (5, 5), 16, 24, loop=8),
        ),
    ),
    "triangles": Family(
        ("triangles",),
        (Source("triangle", (4,), 7, 12), Source("triangle", (5,), 10, 18), Source("triangle", (6,), 14, 22)),
    ),
    "triangles-two": Family(  # cut later, where chains are being taken: random play seldom leaves the last two
        ("triangles-two",),
        (Source("triangle", (5,), 6, 14), Source("triangle", (6,), 8, 16), Source("triangle", (7,), 10, 20)),
    ),
    "hexagons": Family(("hexagons",), (Source("hex", (1,), 8, 12), Source("hex", (2,), 14, 24))),
    "misere": Family(
        ("misere",),
        (
            Source("square", (3, 3), 7, 13, rules=MISERE),
            Source("square", (3, 4), 8, 13, rules=MISERE),
            Source("square", (4, 4), 9, 14, rules=MISERE),
        ),
    ),
    "no-extra": Family(
        ("no-extra",),
        (
            Source("square", (3, 3), 7, 13, rules=NO_EXTRA),
            Source("square", (3, 4), 8, 13, rules=NO_EXTRA),
            Source("square", (4, 4), 9, 14, rules=NO_EXTRA),
        ),
    ),
    "fight": Family(  # the compiled core's: up to 50 times the other themes' bound, in well under a second
        ("fight",),
        (Source("square", (4, 4), 25, 30), Source("square", (5, 5), 33, 39)),
        most_nodes=DEEP_NODES,
        fewest_nodes=MAX_NODES,
    ),
}
FIGHT_SAFE = 8  # the fewest safe lines a position of the fight for control has ("several safe lines left")
MAX_TRIES = 200_000  # positions per family before the run gives up on a theme that stays short


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


def random_position(
    board: Board, rng: random.Random, lines_left: int, loop: int = 0, rules: Rules = NORMAL
) -> GameState:
    """A game of safe lines while there are any, taking most boxes offered, until ``lines_left`` lines remain
    (after first drawing the lines around a loop of ``loop`` boxes, when ``loop`` is 4 or 8)."""
    state = GameState(board, rules)
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


def theme_of(state: GameState, answer: int, family: str = "") -> str | None:
    """The technique the one best line ``answer`` teaches (of a position from ``family``), or None when it
    teaches nothing worth a puzzle."""
    if family == "fight":
        return fight_theme(state)
    if family == "triangles-two":
        return "triangles-two" if leaves_last_two(state, answer) else None
    if state.rules.misere:
        return "misere"
    if state.rules.no_extra:
        return "no-extra"
    if state.board.kind == "triangle":
        return "triangles"
    if state.board.kind == "hex":
        return "hexagons"
    analysis = analyse(state)
    if analysis.captures:
        runs = opened_runs(state)
        for run in runs:
            if answer == run.decline:
                return "all-but-two" if run.closed else "all-but-four"
        declinable = any(run.decline is not None for run in runs)
        return "chains" if declinable and state.would_capture(answer) else None
    if analysis.loops:
        return "loops"
    if analysis.safe:
        return "long-chain" if answer in analysis.safe else "sacrifice"
    return "handout" if _hard_hearted(state, answer) else "chains"


def fight_theme(state: GameState) -> str | None:
    """``fight`` for a position in the fight for control: normal rules, nothing to take, no loop, several safe
    lines left (the best line is the one safe line that keeps the count of long chains, or a sacrifice)."""
    analysis = analyse(state)
    if state.rules != NORMAL or analysis.captures or analysis.loops or len(analysis.safe) < FIGHT_SAFE:
        return None
    return "fight"


def leaves_last_two(state: GameState, answer: int) -> bool:
    """True when ``answer`` declines the last two cells of a chain the mover is taking (the far end of the two)."""
    return any(run.closed and answer == run.decline for run in opened_runs(state))


def _hard_hearted(state: GameState, answer: int) -> bool:
    """True when ``answer`` is the middle line of a chain of two (the handout that leaves no double-cross)."""
    return any(chain.size == 2 and answer in chain.lines[1:-1] for chain in analyse(state).chains)


def candidate(task: tuple[str, int, int]) -> dict[str, Any] | None:
    """One random position from source ``task[1]`` of family ``task[0]`` with seed ``task[2]``, as a puzzle,
    or None."""
    family_name, number, seed = task
    family = FAMILIES[family_name]
    source = family.sources[number % len(family.sources)]
    rng = random.Random(seed)
    board = Board.from_spec(source.kind, source.size)
    state = random_position(board, rng, rng.randint(source.fewest, source.most), source.loop, source.rules)
    if state.over:
        return None
    state = with_mover_first(state)
    started = time.process_time()
    solved = within_bound(state, family.most_nodes)
    if solved is None or (family.fewest_nodes and not beyond_bound(state, solved, family.fewest_nodes)):
        return None
    seconds = time.process_time() - started
    values = solved.values
    answer = unique_best(values)
    if answer is None:
        return None
    theme = theme_of(state, answer, family_name)
    if theme is None:
        return None
    return {
        "theme": theme,
        "code": encode(state),
        "answer": answer,
        "value": values[answer],
        "difficulty": (len(values), state.board.num_lines),
        "drawn": state.drawn,
        "board": encode(GameState(state.board, state.rules)),
        "seconds": seconds,
        "nodes": solved.nodes,
        "compiled": solved.compiled,
    }


def spread(items: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """``count`` items picked evenly across ``items`` (already sorted by difficulty), keeping that order."""
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def collect_family(
    family: str, wanted: int, processes: int, seed: int, progress: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """Solve random positions of one family in parallel until each of its themes has ``wanted`` candidates."""
    themes = FAMILIES[family].themes
    found: dict[str, list[dict[str, Any]]] = {theme: [] for theme in themes}
    seen: set[tuple[str, int]] = set()
    tasks = ((family, number, seed + number) for number in range(MAX_TRIES))
    tried = 0
    started, cpu_started = time.perf_counter(), _cpu_seconds()
    with multiprocessing.Pool(processes) as pool:
        for tried, result in enumerate(pool.imap(candidate, tasks, chunksize=8), 1):
            if progress and tried % 500 == 0:
                print(f"{family}: {tried} positions: " + _counts(found), flush=True)
            if result is None or (result["board"], result["drawn"]) in seen:
                continue
            seen.add((result["board"], result["drawn"]))
            if result["theme"] in found and len(found[result["theme"]]) < wanted:
                found[result["theme"]].append(result)
            if all(len(items) >= wanted for items in found.values()):
                pool.terminate()
                break
    if progress:
        took, cpu = time.perf_counter() - started, _cpu_seconds() - cpu_started
        print(f"{family}: {tried} positions: {_counts(found)}; {took:.1f} s wall, {cpu:.1f} s CPU", flush=True)
    return found


def _counts(found: dict[str, list[dict[str, Any]]]) -> str:
    return ", ".join(f"{theme} {len(items)}" for theme, items in found.items())


def collect(per_theme: int, processes: int, seed: int, spare: int = 2, progress: bool = False) -> dict[str, list]:
    """Every family's candidates, ``spare`` times ``per_theme`` per theme (fewer only past MAX_TRIES)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for family in FAMILIES:
        found.update(collect_family(family, per_theme * spare, processes, seed, progress))
    return found


def choose(found: dict[str, list[dict[str, Any]]], per_theme: int) -> dict[str, list[dict[str, Any]]]:
    """Each theme's ``per_theme`` puzzles, picked evenly across its candidates' difficulty range, easiest first."""
    return {theme: spread(sorted(found[theme], key=lambda item: item["difficulty"]), per_theme) for theme in THEMES}


def puzzle_data(chosen: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    themes = {theme: [[item["code"], item["answer"], item["value"]] for item in chosen[theme]] for theme in chosen}
    return {"version": DATA_VERSION, "themes": themes}


def cost_line(theme: str, items: list[dict[str, Any]]) -> str:
    """The nodes and CPU seconds the solves of one theme's puzzles took (least, median, most)."""
    nodes = sorted(item["nodes"] for item in items)
    seconds = sorted(item["seconds"] for item in items)
    solver = "compiled core" if all(item["compiled"] for item in items) else "Python solver (some or all)"
    return (
        f"{theme}: nodes {nodes[0]:,} / {nodes[len(nodes) // 2]:,} / {nodes[-1]:,}, "
        f"CPU {seconds[0]:.3f} / {seconds[len(seconds) // 2]:.3f} / {seconds[-1]:.3f} s (least / median / most; "
        f"{solver}, the window's solves included)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-theme", type=int, default=30)
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DATA_PATH)
    args = parser.parse_args(argv)
    started, cpu_started = time.perf_counter(), _cpu_seconds()
    found = collect(args.per_theme, args.processes, args.seed, progress=True)
    chosen = choose(found, args.per_theme)
    data = puzzle_data(chosen)
    text = json.dumps(data, separators=(",", ":"))
    args.out.write_text(text + "\n", encoding="utf-8")
    took, cpu = time.perf_counter() - started, _cpu_seconds() - cpu_started
    counts = ", ".join(f"{theme} {len(items)}" for theme, items in data["themes"].items())
    solve_seconds = sum(item["seconds"] for items in found.values() for item in items)
    print(f"{sum(len(items) for items in data['themes'].values())} puzzles ({counts})")
    print(f"{args.out}: {len(text) + 1} bytes; {took:.1f} s wall, {cpu:.1f} s CPU with {args.processes} processes")
    print(f"solving time of the kept candidates: {solve_seconds:.1f} s CPU")
    for theme in FAMILIES["fight"].themes:
        print(cost_line(theme, chosen[theme]))


def _cpu_seconds() -> float:
    """CPU time of this process and its finished workers (user + system)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


if __name__ == "__main__":
    main()
