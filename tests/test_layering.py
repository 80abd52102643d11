"""The direction of imports: ``game.app -> game.play -> game.ai, game.storage -> game.core``, nothing upward, no
circle (imports for the type checker only count too); scenes reach each other by name, never by import. Read from
the source (``ast``, through ``tools/structure.py``), so these run without pygame. And the AI and the engine run
without pygame or asyncio."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools import structure

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
SCENES = "game.app.scenes"

# A package imports only packages of a lower layer (never one beside it, never one above).
LAYERS = {
    "game": 0,  # the package's version
    "game.steps": 0,  # the one driver of long work (a search, a big history read)
    "game.page": 0,  # the page port: every call into the browser page
    "game.core": 1,
    "game.ai": 2,
    "game.storage": 2,
    "game.play": 3,
    "game.puzzles": 3,
    "game.engine": 3,
    "game.app": 4,
    "game.__main__": 5,
}


PATHS = sorted(GAME.rglob("*.py"))
GRAPH, _ = structure.import_graph(PATHS)


def package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def scene_modules() -> set[str]:
    """The modules of ``game/app/scenes/`` that define a scene (a class whose base is a ``...Scene``)."""
    found = set()
    for path in sorted((GAME / "app" / "scenes").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(ast.unparse(base).endswith("Scene") for base in node.bases):
                found.add(structure.module_name(path))
    return found


def test_every_package_has_a_layer():
    assert {package(module) for module in GRAPH} <= set(LAYERS)


def test_packages_import_only_packages_below_them():
    upward = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        for target in sorted(targets)
        if package(target) != package(module) and LAYERS[package(target)] >= LAYERS[package(module)]
    ]
    assert upward == []


def test_only_the_page_port_touches_the_browser_page():
    """pygbag's ``platform.window`` and ``platform.document`` are reached in ``game/page/browser.py`` alone."""
    touching = [
        str(path.relative_to(ROOT))
        for path in PATHS
        if path.parent.name != "page"
        and re.search(r"^\s*import platform\b|\bplatform\.(window|document)\b", path.read_text(encoding="utf-8"), re.M)
    ]
    assert touching == []
    assert "platform.window" in (GAME / "page" / "browser.py").read_text(encoding="utf-8")


def test_there_is_no_import_circle_in_game():
    assert structure.circles(GRAPH) == []


def test_only_the_registry_imports_a_scene_module():
    scenes = scene_modules()
    assert len(scenes) >= 10, "the scene modules were found"
    importers = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        for target in sorted(targets & scenes)
        if module != SCENES
    ]
    assert importers == [], "scenes reach each other by name: app.go(name, ...)"


def test_scenes_use_the_apps_services_not_the_app_module():
    entries = {"game.app.main", "game.app.check"}  # the two that build an App: the game, and --check
    users = [module for module, targets in GRAPH.items() if "game.app.app" in targets and module not in entries]
    assert users == [], "a scene is given the app's Services (game/app/scene.py)"


def graph_of(root: Path, files: dict[str, str]) -> dict[str, set[str]]:
    """The import graph of ``files`` (path under ``root``: source) as these tests read the game's."""
    paths = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        paths.append(path)
    original = structure.ROOT
    structure.ROOT = root
    try:
        graph, _ = structure.import_graph(paths)
    finally:
        structure.ROOT = original
    return graph


def test_the_checks_see_an_upward_import_and_a_circle(tmp_path):
    """The graph these tests read finds what they forbid (a core module importing the app, and a circle)."""
    graph = graph_of(tmp_path, {"game/core/a.py": "from ..app import b\n", "game/app/b.py": "import game.core.a\n"})
    assert graph == {"game.core.a": {"game.app.b"}, "game.app.b": {"game.core.a"}}
    assert structure.circles(graph) == [["game.app.b", "game.core.a"]]


def test_a_circle_hidden_from_the_run_behind_type_checking_is_a_circle(tmp_path):
    """An import for the type checker only ties two modules as much as any: the graph counts it."""
    hidden = "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .a import A\n"
    graph = graph_of(tmp_path, {"game/play/a.py": "from . import b\n", "game/play/b.py": hidden})
    assert graph == {"game.play.a": {"game.play.b"}, "game.play.b": {"game.play.a"}}
    assert structure.circles(graph) == [["game.play.a", "game.play.b"]]


@pytest.mark.parametrize("module", ["game.ai", "game.engine", "game.puzzles", "game.puzzles.solving"])
def test_module_imports_neither_pygame_nor_asyncio(module: str) -> None:
    check = f"import sys, {module}; bad = {{'pygame', 'asyncio'}} & set(sys.modules); assert not bad, bad"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_nothing_subclasses_the_match_controller():
    """Who plays a seat and who referees are plugged into the one controller (drivers, a referee), never a
    subclass of it."""
    subclasses = [
        f"{structure.module_name(path)}.{node.name}"
        for path in PATHS
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and any(ast.unparse(base).split(".")[-1] == "Session" for base in node.bases)
    ]
    assert subclasses == []


SAVING = {"save_unfinished", "clear_unfinished", "add_game", "record_game", "save_online_room", "keep", "finish"}


def test_no_scene_saves_a_game():
    """Keeping a game saved and recording it is the app's one listener on the controller's events
    (game.play.match.GameKeeper, wired in App.scene): no scene, nor the online board, calls a save."""
    callers = [
        f"{structure.module_name(path)}:{node.lineno} {node.func.attr}"
        for path in [*sorted((GAME / "app" / "scenes").glob("*.py")), GAME / "app" / "online_board.py"]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SAVING
    ]
    assert callers == []


KEEPERS = {"GameKeeper", "Keeper", "KeepWhenChanged"}


def test_no_scene_builds_a_keeper():
    """The game and the online host's room are kept by the listener the app wires (GameKeeper, in App.scene; the
    room through its referee): no scene builds a keeper. A review's results are kept by its analysis
    (game.play.kept_review.ReviewKeeper), which keeps no game and hears no controller (docs/architecture.md,
    "The match controller")."""
    builders = [
        f"{structure.module_name(path)}:{node.lineno} {ast.unparse(node.func)}"
        for path in [*sorted((GAME / "app" / "scenes").glob("*.py")), GAME / "app" / "online_board.py"]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] in KEEPERS
    ]
    assert builders == []
