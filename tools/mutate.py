"""Mutation testing, one package at a time, with mutmut (`make mutate`, `make mutate PKG=core`).

Usage: python tools/mutate.py [PACKAGE ...] [--jobs N]

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
import fnmatch
import json
import os
import shutil
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


# The app's logic without drawing: one game's session, raw events to actions, the settings model and the board
# view's hit-testing and cursor moves (the rest of render.py draws).
HIT_TESTING = tuple(
    f"game.app.render.{name}__mutmut_*"
    for name in ("xǁBoardViewǁline_at", "xǁBoardViewǁneighbour", "x__segment_distance")
)
APP_FILES = ("game/app/session.py", "game/app/input.py", "game/app/settings_model.py")

PACKAGES = {
    "core": Package(("game/core/*",), ("tests/core",)),
    "storage": Package(("game/storage/*",), ("tests/test_storage.py", "tests/test_saved.py")),
    "engine": Package(("game/engine.py",), ("tests/test_engine.py", "tests/ai/test_commands.py")),
    "app": Package(
        (*APP_FILES, "game/app/render.py"),
        ("tests/app",),
        tuple(f"{path[:-3].replace('/', '.')}.*" for path in APP_FILES) + HIT_TESTING,
    ),
    "ai": Package(("game/ai/*",), ("tests/ai",)),
}

KILLED = {1, 3}  # a test failed (3: pytest's internal error, also a failure caused by the mutant)
SURVIVED = {0}
NO_TESTS = {5, 33}
NOT_RUN = {None, 2, 34}  # not checked, interrupted, skipped


@dataclass
class Score:
    killed: int = 0
    survived: int = 0
    no_tests: int = 0
    not_run: int = 0

    @property
    def total(self) -> int:
        return self.killed + self.survived + self.no_tests + self.not_run

    def percent(self) -> float:
        return 100.0 * self.killed / self.total if self.total else 100.0


def mutmut_settings(package: Package) -> str:
    lines = [
        "[tool.mutmut]",
        'source_paths = ["game"]',
        f"only_mutate = {json.dumps(list(package.files))}",
        f"pytest_add_cli_args_test_selection = {json.dumps(list(package.tests))}",
        'pytest_add_cli_args = ["-p", "mutate_plugin", "-p", "no:cacheprovider"]',
        'also_copy = ["mutate_plugin.py"]',
    ]
    return "\n".join(lines) + "\n"


def prepare(name: str, package: Package) -> Path:
    """A fresh scratch copy: game/, tests/, the plugin and a pyproject.toml with this package's mutmut settings."""
    work = SCRATCH / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for folder in ("game", "tests"):
        shutil.copytree(ROOT / folder, work / folder, ignore=ignore)
    shutil.copy2(PLUGIN, work / PLUGIN.name)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(project + "\n" + mutmut_settings(package), encoding="utf-8")
    return work


def mutmut(work: Path, *args: str, log: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="0")
    if log is None:
        return subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, check=False)
    with log.open("w", encoding="utf-8") as out:
        return subprocess.run(command, cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT, text=True, check=False)


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
    return total


# mutmut's `show` for many mutants in one process (one `mutmut show` per mutant takes seconds each).
SHOW_ALL = (
    "import sys\nfrom mutmut.__main__ import show\nfor name in sys.argv[1:]:\n    show.callback(name)\n    print()\n"
)


def write_survivors(work: Path, codes: dict[str, int | None]) -> Path:
    report = work / "survivors.txt"
    names = [mutant for mutant, code in sorted(codes.items()) if code in SURVIVED or code in NO_TESTS]
    shown = subprocess.run(
        [sys.executable, "-c", SHOW_ALL, *names], cwd=work, capture_output=True, text=True, check=False
    )
    report.write_text(shown.stdout if shown.returncode == 0 else shown.stdout + shown.stderr, encoding="utf-8")
    return report


def run_package(name: str, package: Package, jobs: int) -> Score:
    work = prepare(name, package)
    started = time.monotonic()
    run = mutmut(work, "run", "--max-children", str(jobs), *package.names, log=work / "mutmut.log")
    codes = results(work, package)
    if run.returncode != 0 or not codes:
        raise SystemExit(f"{name}: mutmut failed (exit {run.returncode}); see {work / 'mutmut.log'}")
    result = score(codes)
    report = write_survivors(work, codes)
    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    print(
        f"{name:8} {result.percent():5.1f}%  killed {result.killed} of {result.total}  "
        f"(survived {result.survived}, no tests {result.no_tests}, not run {result.not_run})  "
        f"{minutes}m{seconds:02d}s  {report.relative_to(ROOT)}",
        flush=True,
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packages", nargs="*", help=f"any of {', '.join(PACKAGES)} (default: all, in that order)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.packages if name not in PACKAGES]
    if unknown:
        parser.error(f"unknown package {', '.join(unknown)}: choose from {', '.join(PACKAGES)}")
    if shutil.which("mutmut", path=str(Path(sys.executable).parent)) is None:
        parser.error("mutmut is not installed: pip install -e '.[mutate]'")
    total = Score()
    for name in args.packages or list(PACKAGES):
        result = run_package(name, PACKAGES[name], args.jobs)
        total.killed += result.killed
        total.survived += result.survived
        total.no_tests += result.no_tests
        total.not_run += result.not_run
    print(f"mutation score {total.percent():.1f}% (killed {total.killed} of {total.total})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
