"""The compiled core against the Python solver: nodes a second and seconds to solve, same positions, same run.

    python -m benchmarks.wasm_core              # the empty 3x3 board and the 4x4 Knox positions at 27-29 lines left
    python -m benchmarks.wasm_core --more       # also 4x4 at 30 lines (Python takes about a minute on those)

Each position is solved for its exact value (full window, MTD(f) at the root) on a fresh table by both, one after
the other: the Python :class:`~game.ai.search.solver.Solver` and the core (``game/ai/wasm``) called directly in
this thread (no search thread, so the figure is the search alone). The positions the Python solver would take
minutes on are then solved by the core only. The figure: the core's nodes a second over the Python solver's, on the
positions both solved (their node counts differ by a fraction of a percent: the same search, other tables).
CPU seconds (``time.process_time``) are given with wall seconds: the machine may be shared.
"""

from __future__ import annotations

import argparse
import sys
import time

from benchmarks.solver_set import knox_positions
from game.ai.search.solver import Solver
from game.ai.wasm import runtime
from game.core import Board, GameState

Result = tuple[int, int, float, float]  # value, nodes, wall seconds, CPU seconds


def python_solve(state: GameState) -> Result:
    solver = Solver(state, pause_every=1 << 20)
    wall, cpu = time.perf_counter(), time.process_time()
    while not solver.step(60.0):
        pass
    assert solver.value is not None
    return solver.value, solver.nodes, time.perf_counter() - wall, time.process_time() - cpu


def core_solve(core: runtime.Core, state: GameState) -> Result:
    reference = Solver(state)
    rules = state.rules
    core.load(reference.tables, (state.board.kind, state.board.size, rules.misere, rules.no_extra))
    core.clear()
    drawn = [line for line in range(state.board.num_lines) if state.drawn >> line & 1]
    wall, cpu = time.perf_counter(), time.process_time()
    core.start(drawn, reference.search_order(), rules.misere, rules.no_extra, None, 0, runtime.EXACT)
    while core.run(1 << 20) == runtime.RUNNING:
        pass
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    value, _ = core.result()
    nodes, _, _ = core.progress()
    return value, nodes, wall, cpu


def row(name: str, result: Result) -> str:
    value, nodes, wall, cpu = result
    rate = nodes / cpu if cpu > 0 else float("inf")
    return f"{name:<28} {value:+4d} {nodes:>11,} {wall:8.3f} s {cpu:8.3f} s {rate / 1e6:8.3f} M/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--more", action="store_true", help="also the 4x4 positions at 30 lines left in Python")
    args = parser.parse_args()
    cores = runtime.pool()
    if cores is None:
        sys.exit("the compiled core does not run here (is wasmtime installed?)")
    core = cores.take(("benchmark",), lambda: False)
    assert core is not None
    knox = knox_positions("4x4")
    both_left = {27, 28, 29, 30} if args.more else {27, 28, 29}
    both = [("empty 3x3", GameState(Board.square(3)))] + [(n, s) for n, s in knox if s.lines_left in both_left]
    core_only = [(n, s) for n, s in knox if s.lines_left not in both_left]
    core_only += knox_positions("5x5")[:4]
    header = f"{'position':<28} {'value':>4} {'nodes':>11} {'wall':>10} {'CPU':>10} {'nodes/CPU s':>12}"
    totals = {"python": [0, 0.0], "core": [0, 0.0]}
    print(header)
    for name, state in both:
        slow, fast = python_solve(state), core_solve(core, state)
        assert slow[0] == fast[0], (name, slow, fast)
        print(row(f"{name} (Python)", slow))
        print(row(f"{name} (core)", fast))
        for kind, result in (("python", slow), ("core", fast)):
            totals[kind][0] += result[1]
            totals[kind][1] += result[3]
    print("core only:")
    for name, state in core_only:
        print(row(name, core_solve(core, state)))
    python_rate = totals["python"][0] / totals["python"][1]
    core_rate = totals["core"][0] / totals["core"][1]
    print(
        f"positions solved by both: Python {python_rate / 1e3:,.0f} k nodes/CPU s, core {core_rate / 1e6:,.2f} M "
        f"nodes/CPU s: {core_rate / python_rate:.1f}x; CPU seconds {totals['python'][1]:.2f} against "
        f"{totals['core'][1]:.3f} ({totals['python'][1] / totals['core'][1]:.1f}x)"
    )


if __name__ == "__main__":
    main()
