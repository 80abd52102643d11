"""Mutation testing, one package at a time, with mutmut (`make mutate`, `make mutate PKG=core`).

Usage: python -m tools.mutate [PACKAGE ...] [--jobs N]

Each package is mutated in its own scratch copy of the repository under build/mutate/<package>/ (mutmut reads its
settings from the pyproject.toml of the folder it runs in, so each copy gets one naming just that package's files and
just the tests that matter for it). mutmut runs only the tests that reach the mutated function. Afterwards one line
per package and a closing line for the whole run are printed:

    core     92.3%  killed 985 of 1067  (survived 82, no tests 0)   6m12s
    mutation score 92.3% (killed 985 of 1067)

A mutant counts as killed when a test fails, errors, crashes or times out with it; surviving mutants (and those no
test reaches) are written with their diffs to build/mutate/<package>/survivors.txt. docs/testing.md lists the ones
that are equivalent to the original code, with the reason. Not part of CI: a full run takes tens of minutes.
"""

from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRATCH = ROOT / "build" / "mutate"
PLUGIN = Path(__file__).with_name("mutate_plugin.py")


@dataclass(frozen=True)
class Package:
    files: tuple[str, ...]  # globs of the files to mutate
    tests: tuple[str, ...]  # the tests that matter for them
    names: tuple[str, ...] = ()  # mutant-name globs when only some functions of the files count (no drawing code)
    deselect: tuple[str, ...] = ()  # tests left out (pytest node ids), each with its reason where it is set
    timeout_multiplier: float = 15.0  # mutmut's default; see AI_TIMEOUT_MULTIPLIER


# The app's logic without drawing: the match controller, raw events to actions, the settings model and the board
# view's hit-testing and cursor moves with the two geometry helpers they use (the rest of render.py draws).
HIT_TESTING = tuple(
    f"game.app.render.{name}__mutmut_*"
    for name in ("xǁBoardViewǁline_at", "xǁBoardViewǁneighbour", "x__segment_distance", "x__mid")
)
APP_FILES = ("game/play/match/controller.py", "game/app/input.py", "game/play/settings.py")
# tests/app without the tests of drawing, layout and catalogue: they reach the session and the settings (every scene
# starts one) but check pixels and sizes, and took 120 of the 266 s a survivor costs to run through tests/app
# (the monkey alone 37 s); the review scene's tests check the solver's analysis (mutated in `ai`). test_i18n also
# reads the source text, which in mutmut's copy holds every mutant's version of each function (mutated strings).
APP_TESTS = tuple(
    f"tests/app/test_{name}.py"
    for name in (
        "backup", "flow", "focus", "hint_latency", "history", "input", "lessons", "links", "match_results",
        "notices", "open_link", "player_setup", "players", "puzzles_scene", "recovery", "saved_history", "scenes",
        "see_moves", "session", "session_logic", "text", "touch", "unfinished",
    )
)  # fmt: skip
# game/ai in parts (a whole run is 3,400 mutants, many reached by minutes of searches): `make mutate PKG=ai.search`.
AI_PARTS = {
    "ai.position": ("game/ai/position/*",),
    "ai.search": ("game/ai/search/*",),
    "ai.levels": ("game/ai/levels/*",),
    # memory, hints, commands, player, review: listed, since mutmut matches `only_mutate` with fnmatch, where `*`
    # also matches "/" (so "game/ai/*.py" named every file of game/ai)
    "ai.rest": tuple(str(path.relative_to(ROOT)) for path in sorted((ROOT / "game" / "ai").glob("*.py"))),
}

# The Expert against itself must reach the exact value within its 0.5 s a move: under mutmut's line tracing (its
# first run, which records which tests reach what) at load 10 it did not on the triangle, and that run failed on the
# unmutated code. The solver behind that exact play is checked without a time budget (tests/ai/test_solver.py).
AI_TIMED = ("tests/ai/test_expert.py::test_expert_against_itself_reaches_the_exact_value",)

# mutmut stops a mutant after 2 x multiplier x (its tests' recorded seconds + TIMEOUT_CONSTANT) seconds of CPU. The
# seconds are recorded in mutmut's first run, which traces every call, and the searches of game/ai run many times
# slower there than in a mutant's run: Hard's games on the triangle were recorded at 107 s; they take 6.3 s of CPU
# in plain pytest and 7.9 s in a mutant's run with the plugin's direct calls. With mutmut's 15, a mutant of
# coins._runs (tests recorded at 300 s) that makes a search loop forever would hold a worker for 9,300 s of CPU;
# 3 still leaves 6 x the recorded time, far more than the tests take.
AI_TIMEOUT_MULTIPLIER = 3.0

PACKAGES = {
    "core": Package(("game/core/*",), ("tests/core",)),
    "storage": Package(("game/storage/*",), ("tests/storage/",)),
    "engine": Package(("game/engine.py",), ("tests/test_engine.py", "tests/ai/test_commands.py")),
    "app": Package(
        (*APP_FILES, "game/app/render.py"),
        APP_TESTS,
        tuple(f"{path[:-3].replace('/', '.')}.*" for path in APP_FILES) + HIT_TESTING,
    ),
    "ai": Package(("game/ai/*",), ("tests/ai",), deselect=AI_TIMED, timeout_multiplier=AI_TIMEOUT_MULTIPLIER),
    **{
        name: Package(files, ("tests/ai",), deselect=AI_TIMED, timeout_multiplier=AI_TIMEOUT_MULTIPLIER)
        for name, files in AI_PARTS.items()
    },
}

# Read by the tests besides game/ and tests/: the pygbag entry (tests/app/test_browser.py), the sounds and icon
# (game.app.sound, game.app.app) and tools/make_assets.py, which writes the sounds (tests/app/test_scenes.py).
ALSO_COPY = ("main.py", "assets", "tools")

KILLED = {1, 3}  # a test failed (3: pytest's internal error, also a failure caused by the mutant)
TIMED_OUT = {-24, 24, 36, 152, 255}  # past mutmut's time limit: killed, but reported apart (see TIMEOUT_CONSTANT)
# Seconds added to a mutant's recorded test time before mutmut multiplies it by 15 for its wall-clock limit. mutmut's
# default, 1 s, does not cover pytest collecting the test files and the machine's load: on the shared 2-core machine
# (load 12-14) mutants that only change a message "timed out" after 74 s. 10 s leaves room; a mutant that loops
# forever then costs a few minutes instead of one.
TIMEOUT_CONSTANT = 10.0
SURVIVED = {0}
NO_TESTS = {5, 33}
NOT_RUN = {None, 2, 34}  # not checked, interrupted, skipped


@dataclass
class Score:
    killed: int = 0
    timed_out: int = 0  # of the killed
    survived: int = 0
    no_tests: int = 0
    not_run: int = 0

    @property
    def total(self) -> int:
        return self.killed + self.survived + self.no_tests + self.not_run

    def percent(self) -> float:
        return 100.0 * self.killed / self.total if self.total else 100.0


# The browser tests run the game's Python in Pyodide (docs/testing.md, "Real browser pages"): a mutant there is not
# the one mutmut switched on in this process (Pyodide has no mutmut), so they would fail for every mutant.
PYTEST_ARGS = ("-p", "mutate_plugin", "-p", "no:cacheprovider", "-m", "not browser")


def mutmut_settings(package: Package) -> str:
    deselect = [argument for test in package.deselect for argument in ("--deselect", test)]
    lines = [
        "[tool.mutmut]",
        'source_paths = ["game"]',
        f"only_mutate = {json.dumps(list(package.files))}",
        f"pytest_add_cli_args_test_selection = {json.dumps(list(package.tests))}",
        f"pytest_add_cli_args = {json.dumps([*PYTEST_ARGS, *deselect])}",
        f"also_copy = {json.dumps(['mutate_plugin.py', *ALSO_COPY])}",
        f"timeout_constant = {TIMEOUT_CONSTANT}",
        f"timeout_multiplier = {package.timeout_multiplier}",
    ]
    return "\n".join(lines) + "\n"


def prepare(name: str, package: Package) -> Path:
    """A fresh scratch copy: game/, tests/, what the tests read beside them, the plugin and a pyproject.toml with
    this package's mutmut settings."""
    work = SCRATCH / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for folder in ("game", "tests", *ALSO_COPY):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, work / folder, ignore=ignore)
        else:
            shutil.copy2(ROOT / folder, work / folder)
    shutil.copy2(PLUGIN, work / PLUGIN.name)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(project + "\n" + mutmut_settings(package), encoding="utf-8")
    return work


STOPPED = -signal.SIGINT  # mutmut's exit when stopped at the time limit


def mutmut(work: Path, *args: str, log: Path, minutes: float | None = None) -> int:
    """Runs mutmut in ``work``; with ``minutes``, stops it then (as Ctrl-C would: it keeps what it has measured,
    the mutants not yet run count as "not run")."""
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="0")
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            command, cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            return process.wait(timeout=None if minutes is None else minutes * 60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            return STOPPED


def results(work: Path, package: Package) -> dict[str, int | None]:
    """Exit code of every counted mutant, from mutmut's .meta files."""
    codes: dict[str, int | None] = {}
    for meta in sorted((work / "mutants" / "game").rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        for mutant, code in data["exit_code_by_key"].items():
            if not package.names or any(fnmatch.fnmatchcase(mutant, pattern) for pattern in package.names):
                codes[mutant] = code
    return codes


def score(codes: dict[str, int | None]) -> Score:
    total = Score()
    for code in codes.values():
        if code in SURVIVED:
            total.survived += 1
        elif code in NO_TESTS:
            total.no_tests += 1
        elif code in NOT_RUN:
            total.not_run += 1
        else:  # killed, or crashed / timed out with the mutant: the suite noticed
            total.killed += 1
            total.timed_out += code in TIMED_OUT
    return total


# mutmut's `show` for many mutants in one process (one `mutmut show` per mutant takes seconds each).
SHOW_ALL = (
    "import sys\nfrom mutmut.__main__ import show\nfor name in sys.argv[1:]:\n    show.callback(name)\n    print()\n"
)


# mutmut's mutant generation alone (no test run), in the scratch copy: every mutant's name, from its .meta files.
GENERATE = (
    "from pathlib import Path\n"
    "import mutmut.__main__ as m\n"
    "m.set_mutant_under_test('mutant_generation')\n"
    "Path('mutants').mkdir(exist_ok=True)\n"
    "m.copy_src_dir(); m.copy_also_copy_files(); m.setup_source_paths(); m.create_mutants(1)\n"
)


def generated_names(work: Path, package: Package) -> list[str]:
    """Every mutant mutmut makes for ``package`` (and keeps in its copy, so the run that follows reuses them)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, "-c", GENERATE], cwd=work, env=env, check=True, capture_output=True)
    return sorted(results(work, package))


def module_of(mutant: str) -> str:
    """The file a mutant is in, e.g. ``game/storage/saved.py`` for ``game.storage.saved.xǁSavedǁpark__mutmut_3``."""
    return re.sub(r"\.x[_ǁ].*$", "", mutant).replace(".", "/") + ".py"


def part_of(mutant: str) -> str:
    """A mutant's stratum in a sample: its part of game/ai (AI_PARTS, in order: the first whose files hold the
    mutant's module), or for any other package its module (``storage.saved``)."""
    module = module_of(mutant)
    if mutant.startswith("game.ai."):
        return next(name for name, files in AI_PARTS.items() if any(fnmatch.fnmatchcase(module, f) for f in files))
    return module.removeprefix("game/").removesuffix(".py").replace("/", ".")


def draw_sample(names: list[str], per_part: int, seed: int) -> dict[str, tuple[int, list[str]]]:
    """A stratified random sample: ``per_part`` mutants of each part (:func:`part_of`: the parts of game/ai, the
    modules of any other package), each drawn by ``random.Random(seed)`` from the part's names in sorted order.
    Part -> (its number of mutants, the sample), parts in sorted order."""
    parts: dict[str, list[str]] = {}
    for name in sorted(names):
        parts.setdefault(part_of(name), []).append(name)
    return {
        part: (len(members), sorted(random.Random(seed).sample(members, min(per_part, len(members)))))
        for part, members in sorted(parts.items())
    }


Z95 = 1.96


def sample_estimate(strata: list[tuple[int, int, int]]) -> tuple[float, float]:
    """The share of killed mutants in the whole population, and its 95% half-width, from a stratified sample:
    each stratum is (its size N, mutants decided n, killed k). Weights N / sum(N); each part's variance is
    p'(1-p')/n with the finite population correction (1 - n/N), where p' = (k+1)/(n+2) keeps a part with every
    mutant killed (or none) from claiming no uncertainty at all."""
    population = sum(size for size, _, _ in strata)
    share = variance = 0.0
    for size, decided, killed in strata:
        if not decided:
            continue
        weight, smoothed = size / population, (killed + 1) / (decided + 2)
        share += weight * killed / decided
        variance += weight**2 * smoothed * (1 - smoothed) / decided * (1 - decided / size)
    return share, Z95 * math.sqrt(variance)


def print_sample_scores(sample: dict[str, tuple[int, list[str]]], codes: dict[str, int | None]) -> None:
    """One line per part and the weighted estimate for the whole package, counting only decided mutants."""
    strata = []
    for part, (size, names) in sample.items():
        result = score({name: codes.get(name) for name in names})
        decided = result.killed + result.survived + result.no_tests
        strata.append((size, decided, result.killed))
        share, half = sample_estimate([(size, decided, result.killed)])
        print(
            f"  {part:16} of {size:5}: sample {len(names)}, decided {decided}, killed {result.killed} "
            f"(timed out {result.timed_out}), survived {result.survived + result.no_tests}: "
            f"{100 * share:.1f}% +- {100 * half:.1f}",
            flush=True,
        )
    share, half = sample_estimate(strata)
    print(f"  weighted by part sizes: {100 * share:.1f}% +- {100 * half:.1f} (95%)", flush=True)


def write_survivors(work: Path, codes: dict[str, int | None]) -> Path:
    report = work / "survivors.txt"
    names = [mutant for mutant, code in sorted(codes.items()) if code in SURVIVED or code in NO_TESTS]
    shown = subprocess.run(
        [sys.executable, "-c", SHOW_ALL, *names], cwd=work, capture_output=True, text=True, check=False
    )
    report.write_text(shown.stdout if shown.returncode == 0 else shown.stdout + shown.stderr, encoding="utf-8")
    return report


def run_package(
    name: str,
    package: Package,
    jobs: int,
    minutes: float | None,
    only: tuple[str, ...] = (),
    sample: tuple[int, int] | None = None,
) -> Score:
    """Runs one package's mutants (``only``: just these, e.g. the survivors of an earlier run; ``sample``: (per part,
    seed) a stratified random sample, see :func:`draw_sample`) and prints its line."""
    work = prepare(name, package)
    drawn = {}
    if sample:
        drawn = draw_sample(generated_names(work, package), *sample)
        only = tuple(mutant for _, names in drawn.values() for mutant in names)
        (work / "sample.txt").write_text("\n".join(only) + "\n", encoding="utf-8")
    if only:
        package = dataclasses.replace(package, names=only)
    started = time.monotonic()
    command = ("run", "--max-children", str(jobs), *package.names)
    run = mutmut(work, *command, log=work / "mutmut.log", minutes=minutes)
    codes = results(work, package)
    if run != 0 and not (minutes and run == STOPPED) or not codes:
        raise SystemExit(f"{name}: mutmut failed (exit {run}); see {work / 'mutmut.log'}")
    result = score(codes)
    report = write_survivors(work, codes)
    if drawn:
        print_sample_scores(drawn, codes)
    took_minutes, took_seconds = divmod(round(time.monotonic() - started), 60)
    tested = result.total - result.not_run
    if result.not_run and tested:
        print(f"{name}: stopped at the time limit; {100 * result.killed / tested:.1f}% of the {tested} mutants run")
    print(
        f"{name:8} {result.percent():5.1f}%  killed {result.killed} of {result.total}  "
        f"(timed out {result.timed_out} of the killed; survived {result.survived}, no tests {result.no_tests}, "
        f"not run {result.not_run})  "
        f"{took_minutes}m{took_seconds:02d}s  {report.relative_to(ROOT)}",
        flush=True,
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "packages", nargs="*", help=f"any of {', '.join(PACKAGES)} (default: all but the parts of ai, in that order)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument(
        "--minutes", type=float, help="stop each package's run after this long (the rest count as not run)"
    )
    parser.add_argument(
        "--only",
        type=Path,
        help="a file of mutant names, one a line: run just those (one package; e.g. to re-run "
        "the survivors of an earlier run after adding tests)",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="run a stratified random sample of N mutants per part (the parts of game/ai for `ai`, each module for the "
        "other packages; one package) and print each part's score and the weighted one with 95%% intervals",
    )
    parser.add_argument("--seed", type=int, default=13, help="the sample's random seed (default 13)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.packages if name not in PACKAGES]
    if unknown:
        parser.error(f"unknown package {', '.join(unknown)}: choose from {', '.join(PACKAGES)}")
    if shutil.which("mutmut", path=str(Path(sys.executable).parent)) is None:
        parser.error("mutmut is not installed: pip install -e '.[mutate]'")
    only = tuple(args.only.read_text(encoding="utf-8").split()) if args.only else ()
    if (only or args.sample) and len(args.packages) != 1:
        parser.error("--only and --sample need exactly one package")
    if only and args.sample:
        parser.error("--only and --sample do not go together")
    sample = (args.sample, args.seed) if args.sample else None
    total = Score()
    for name in args.packages or [name for name in PACKAGES if name not in AI_PARTS]:
        result = run_package(name, PACKAGES[name], args.jobs, args.minutes, only, sample)
        total.killed += result.killed
        total.timed_out += result.timed_out
        total.survived += result.survived
        total.no_tests += result.no_tests
        total.not_run += result.not_run
    print(f"mutation score {total.percent():.1f}% (killed {total.killed} of {total.total})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
