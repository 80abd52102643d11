"""The browser's Expert with two Web Workers against one, same page, same run: how often it finds and plays the win
in positions where the mover wins, and in how long; and what the Workers cost in memory.

    python -m benchmarks.browser_workers [--positions 24] [--seconds 2.5] [--lines 30 31 32 33]

Positions: 4x4 boxes reached by random safe lines (seeds from 1 on) to each of ``--lines`` lines left, kept where
the mover wins (the exact value above what it needs to win, by the compiled core on this machine). The page
(``tools/browser/workers_page.py`` in headless Chromium, the browser harness) starts the Workers as the app does;
for each position the Expert thinks as in the game (a step a frame) with both Workers and with the first only, the
order alternating from position to position, each on fresh tables (the Python side's and the Workers'). Each move
is then valued on this machine: a win when its exact value is still above what the mover needs. Wall seconds on
the page's clock from the start of the move to the line; the machine's load average is printed (the measure is
paired, so the load acts on both alike).

``--nodes`` (no browser): what the same positions would give where each Worker has a core of its own, which this
shared machine cannot show. On this machine's compiled core, per position on fresh tables: the nodes of the draw
test, of the win test after it (the drawing move first, on the draw test's table: one Worker) and of the win test
from the start on a second, empty table (two Workers), each cut at ``--cap`` nodes. At a Worker's rate of R nodes a
second and a budget of S seconds, one Worker plays the win when the draw test fits in its share
(``EXACT_SHARE``) and both tests in ``WIN_SHARE``; two Workers when the win test alone fits in ``WIN_SHARE``.

Memory: the resident memory of the page's renderer process (the Workers are its threads) before the Workers start,
after, and after their tables were filled by searches on 5x5 boxes (the first alone, then both at once). Without
the harness the script says what is missing and exits with status 0.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics

from game.ai.levels.expert import EXACT_SHARE, WIN_SHARE
from game.ai.position.chains import safe_lines
from game.ai.search.solver import Solver, to_win
from game.ai.wasm.runtime import DONE, EXACT, RUNNING, Core, pool
from game.ai.wasm.solver import solve_move
from game.core import Board, GameState
from tools.browser.browser_workers import BrowserWorkers, lacking

MB = 1 << 20
RATE_SECONDS = 3.0


def won_positions(count: int, lines: list[int]) -> list[GameState]:
    """``count`` 4x4 positions the mover wins, by random safe lines to each of ``lines`` lines left in turn."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        state = GameState(Board.square(4))
        left = lines[seed % len(lines)]
        while state.lines_left > left and safe_lines(state):
            state.play(rng.choice(safe_lines(state)))
        if state.lines_left != left:
            continue
        solved = solve_move(state, 120.0)
        if solved is not None and solved[0] > to_win(state):
            found.append(state)
    return found


def move_wins(state: GameState, line: int) -> bool:
    after = state.copy()
    after.play(line)
    rest = solve_move(after, 600.0)
    assert rest is not None
    gained = after.scores[state.to_move] - state.scores[state.to_move]
    value = gained + rest[0] if after.to_move == state.to_move else -rest[0]
    return value > to_win(state)


def memory(page: BrowserWorkers) -> None:
    """The page's process's resident memory (its Workers are threads of it) at each stage."""
    stages = [("before the Workers", page.rss_bytes())]
    started = page.call("connect()")
    page.wait("fill(2.0, 0)")  # (nothing searched: the Workers compile the module meanwhile)
    stages.append(("both started, no table yet", page.rss_bytes()))
    nodes = page.wait("fill(2.0, 1)")
    stages.append((f"the first's table filled ({nodes[0]:,} nodes)", page.rss_bytes()))
    nodes = page.wait("fill(2.0, 2)")
    stages.append((f"the second's too ({nodes[1]:,} nodes)", page.rss_bytes()))
    shown = [f"{name} {rss / MB:.1f} MB" for name, rss in stages]
    steps = [f"{(rss - stages[index][1]) / MB:+.1f}" for index, (_, rss) in enumerate(stages[1:])]
    print(f"browser_workers: {started}; the page's renderer resident: {'; '.join(shown)} (steps {', '.join(steps)} MB)")


def rates(page: BrowserWorkers, rounds: int) -> None:
    """Nodes a second of one search alone and of two at once (one on each Worker), in turns: whether this machine
    has a core to spare for the second Worker."""
    alone: list[float] = []
    beside: list[tuple[float, float]] = []
    for number in range(rounds):
        for count in (1, 2) if number % 2 == 0 else (2, 1):
            nodes = page.wait(f"fill({RATE_SECONDS!r}, {count})")
            if count == 1:
                alone.append(nodes[0] / RATE_SECONDS)
            else:
                beside.append((nodes[0] / RATE_SECONDS, nodes[1] / RATE_SECONDS))
    first = statistics.median(rate for rate, _ in beside)
    total = statistics.median(a + b for a, b in beside)
    print(
        f"browser_workers: nodes a second, one search alone {statistics.median(alone) / 1e6:.2f} M (median of "
        f"{rounds}); two at once: the first {first / 1e6:.2f} M, both together {total / 1e6:.2f} M; load "
        f"{os.getloadavg()[0]:.1f}",
        flush=True,
    )


def core_search(core: Core, state: GameState, beats: int, first: int | None, cap: int) -> tuple[int, int | None]:
    """(nodes, the move found or None) of the exact test ``beats`` on ``core``'s table, cut at ``cap`` nodes
    (then the move is None)."""
    reference = Solver(state, random.Random(1), beats=beats, first=first)
    rules = state.rules
    core.load(reference.tables, (state.board.kind, state.board.size, rules.misere, rules.no_extra))
    drawn = [line for line in range(reference.tables.num_lines) if state.drawn >> line & 1]
    core.start(drawn, reference.search_order(), rules.misere, rules.no_extra, beats, cap, EXACT)
    status = RUNNING
    while status == RUNNING:
        status = core.run(50_000)
    nodes = core.progress()[0]
    return nodes, core.result()[1] if status == DONE else None


def projected(positions: list[GameState], cap: int) -> None:
    cores = pool()
    assert cores is not None, "the compiled core does not run here"
    first = cores.take(("none",), lambda: False)
    second = cores.take(("none",), lambda: False)
    assert first is not None and second is not None
    rows = []
    try:
        for state in positions:
            first.clear()
            second.clear()
            lead = to_win(state)
            draw, move = core_search(first, state, lead - 1, None, cap)
            after = core_search(first, state, lead, move, cap)[0] if move is not None else cap
            fresh = core_search(second, state, lead, None, cap)[0]
            rows.append((draw, after, fresh))
            print(
                f"browser_workers: {state.lines_left} left: draw test {draw:,} nodes, win test after it {after:,}, "
                f"from the start on an empty table {fresh:,}",
                flush=True,
            )
    finally:
        cores.give_back(first)
        cores.give_back(second)
    for seconds in (1.5, 2.5):
        for rate in (1e6, 2e6):
            one = sum(d <= rate * seconds * EXACT_SHARE and d + a <= rate * seconds * WIN_SHARE for d, a, _ in rows)
            two = sum(f <= rate * seconds * WIN_SHARE for _, _, f in rows)
            print(
                f"browser_workers: {seconds} s at {rate / 1e6:.0f} M nodes a second a Worker: the win in time with one "
                f"Worker {one} of {len(rows)}, with two (a core each) {two}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=2.5, help="the Expert's budget a move (the app's: 2.5)")
    parser.add_argument("--nodes", action="store_true", help="the projection for a core a Worker (no browser)")
    parser.add_argument("--cap", type=int, default=8_000_000, help="--nodes: most nodes a test")
    parser.add_argument("--memory-only", action="store_true", help="the memory stages and node rates only")
    parser.add_argument("--rate-rounds", type=int, default=4, help="turns of one search alone and two at once")
    parser.add_argument("--lines", type=int, nargs="+", default=[30, 31, 32, 33])
    args = parser.parse_args()
    if args.nodes:
        projected(won_positions(args.positions, args.lines), args.cap)
        return
    missing = lacking()
    if missing:
        print(f"browser_workers: {', '.join(missing)} missing (see browser_harness/README.md)")
        return
    print(f"browser_workers: load average at the start {os.getloadavg()}", flush=True)
    positions = [] if args.memory_only else won_positions(args.positions, args.lines)
    page = BrowserWorkers()
    try:
        memory(page)
        rates(page, args.rate_rounds)
        if args.memory_only:
            return
        results: dict[int, list[tuple[bool, float]]] = {1: [], 2: []}
        for number, state in enumerate(positions):
            moves = list(state.moves)
            order = (2, 1) if number % 2 == 0 else (1, 2)
            row = {}
            for count in order:
                page.call(f"use({count})")
                line, seconds, at_once = page.wait(f"expert(4, 4, {moves}, {args.seconds!r}, {number})")
                assert at_once == (count == 2), (count, at_once)
                row[count] = (move_wins(state, line), seconds)
                results[count].append(row[count])
            print(
                f"browser_workers: position {number} ({state.lines_left} left): two Workers "
                f"{'win' if row[2][0] else 'no win'} {row[2][1]:.2f} s, one {'win' if row[1][0] else 'no win'} "
                f"{row[1][1]:.2f} s",
                flush=True,
            )
    finally:
        page.close()
    for count in (2, 1):
        wins = sum(won for won, _ in results[count])
        times = [seconds for _, seconds in results[count]]
        print(
            f"browser_workers: {count} Worker(s): the win played in {wins} of {len(times)}; move seconds median "
            f"{statistics.median(times):.2f}, max {max(times):.2f}"
        )
    both = sum(a[0] and b[0] for a, b in zip(results[2], results[1], strict=True))
    only_two = sum(a[0] and not b[0] for a, b in zip(results[2], results[1], strict=True))
    only_one = sum(b[0] and not a[0] for a, b in zip(results[2], results[1], strict=True))
    print(f"browser_workers: both {both}, only with two {only_two}, only with one {only_one}")
    print(f"browser_workers: load average at the end {os.getloadavg()}")


if __name__ == "__main__":
    main()
