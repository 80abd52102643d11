"""The habits of the repository itself: no path of a developer's machine in any file, every repository path that
the docs and the docstrings name exists, and the benchmarks and tools are packages that leave ``sys.path`` alone."""

from __future__ import annotations

import ast
import glob
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_OURS = {".git", ".venv", "venv", "build", "dist", "mutants", "node_modules", "__pycache__", ".pytest_cache",
            ".ruff_cache", ".mypy_cache", ".hypothesis"}  # fmt: skip

# An absolute path under one of these folders names somebody's machine.
MACHINE_PATH = re.compile(r"(?<![\w.~$-])/(work|tmp|root|home)/([^\s/'\"`)\]},;:|]*)")
# The few that do not: (folder, first name under it) and why.
NOT_A_MACHINE = {
    ("tmp", "browserharness"): "the browser harness's own default for BROWSER_HARNESS_HOME (docs/testing.md)",
    ("home", "pyodide"): "Pyodide's home in the browser's virtual file system",
    ("home", "ann"): "a player's home in the storage tests' examples",
    ("tmp", "pp"): "a player's chosen data folder in the storage tests' examples",
    ("home", "you"): "the data folder the screenshots show (tools/screenshots.py)",
    ("home", "léa"): "a player's folder in the text tests, shown cleaned",
    ("home", "l\\u200béa"): "the same folder with an invisible character, as the text tests write it",
}

TOP = ("game", "tests", "benchmarks", "tools", "docs", "assets", "static")
TOP_FILES = ("main.py", "Makefile", "pyproject.toml", "setup.py", "pygbag.ini", "index_template.html", "README.md",
             "LICENSE")  # fmt: skip
NAMED_PATH = re.compile(rf"(?<![\w./-])((?:{'|'.join(TOP)})/[\w./*-]*\w/?|(?:{'|'.join(TOP_FILES)})\b)")


def repository_files() -> list[Path]:
    """The repository's files: what git tracks or would add, or, without git, every file outside the tools' folders."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode == 0:
        return [ROOT / name for name in listed.stdout.decode().split("\0") if name and (ROOT / name).is_file()]
    return [
        path
        for path in ROOT.rglob("*")
        if path.is_file() and not NOT_OURS & set(path.relative_to(ROOT).parts) and ".egg-info" not in str(path)
    ]


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None  # a binary file: images, sounds, the compiled core


def machine_paths(text: str) -> Iterator[str]:
    for found in MACHINE_PATH.finditer(text):
        if (found[1], found[2]) not in NOT_A_MACHINE:
            yield found[0]


def test_the_pattern_finds_a_machine_path_and_lets_the_documented_exceptions_be():
    assert list(machine_paths("see /work/shared/tools/browser_harness/README.md")) == ["/work/shared"]
    assert list(machine_paths("python peers.py --knox /root/knox/knox > /tmp/games.txt")) == [
        "/root/knox",
        "/tmp/games.txt",
    ]
    assert list(machine_paths("HOME = '/tmp/browserharness'; appDir: '/home/pyodide/app'")) == []
    assert list(machine_paths("https://example.org/tmp/page and build/tmp/x and $HOME/work/x")) == []


def test_no_file_names_a_path_of_a_developers_machine():
    found = {
        f"{path.relative_to(ROOT)}: {where}"
        for path in repository_files()
        if path.name != "test_repository.py" and (text := text_of(path)) is not None
        for where in machine_paths(text)
    }
    assert not found, "a path of somebody's machine (use a path relative to the repository, or an environment variable)"


def docstrings(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                yield text


def named_paths(text: str) -> Iterator[str]:
    for found in NAMED_PATH.finditer(text):
        yield found[1].split("::")[0].rstrip(".")


FILE_KINDS = {".py", ".md", ".js", ".json", ".c", ".wasm", ".txt", ".png", ".ogg", ".sdp", ".html", ".toml", ".ini",
              ".sh", ".css", ".svg"}  # fmt: skip


def exists(name: str) -> bool:
    """A file or folder of the repository, a glob matching one, or a module's attribute (``game/puzzles.THEMES``)."""
    if "*" in name:
        return bool(glob.glob(str(ROOT / name), recursive=True))
    path = ROOT / name
    if not path.exists() and path.suffix and path.suffix not in FILE_KINDS:
        module = path.with_name(path.name.split(".")[0])
        return module.with_suffix(".py").exists() or module.is_dir()
    return path.exists()


def test_the_named_paths_are_read_from_prose():
    text = "`game/ai/position/coins.py`, docs/testing.md. tests/ai/test_solver.py::test_x; mygame/x.py and build/web"
    assert list(named_paths(text)) == ["game/ai/position/coins.py", "docs/testing.md", "tests/ai/test_solver.py"]
    assert exists("game/puzzles.THEMES") and exists("tests/ai/ai_helpers.final_margin") and exists("docs/*.md")
    assert not exists("game/app/session.py") and not exists("game/nowhere.THEMES") and not exists("docs/*.txt")


def test_every_repository_path_the_docs_and_docstrings_name_exists():
    texts = [(path, path.read_text(encoding="utf-8")) for path in [*ROOT.glob("docs/**/*.md"), ROOT / "README.md"]]
    texts += [
        (path, text)
        for path in repository_files()
        if path.suffix == ".py" and path.name != "test_repository.py"
        for text in docstrings(path)
    ]
    missing = {
        f"{path.relative_to(ROOT)} names {name}"
        for path, text in texts
        for name in named_paths(text)
        if not exists(name)
    }
    assert not missing


def test_benchmarks_and_tools_leave_the_import_path_alone():
    """They are packages, run as ``python -m benchmarks.NAME`` from the repository's root."""
    edits = [
        str(path.relative_to(ROOT))
        for folder in ("benchmarks", "tools")
        for path in (ROOT / folder).rglob("*.py")
        if re.search(r"sys\.path\.(insert|append)", path.read_text(encoding="utf-8"))
    ]
    assert not edits
    assert (ROOT / "benchmarks" / "__init__.py").exists() and (ROOT / "tools" / "__init__.py").exists()
