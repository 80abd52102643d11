"""The AI's layout: position forms, searches and levels in their own packages, no import cycles, one registry."""

from __future__ import annotations

import ast
from pathlib import Path

import game.ai
from game.ai import LEVELS
from game.ai.levels import LEVELS as REGISTRY

AI = Path(game.ai.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(AI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The game.ai modules ``path`` imports, anywhere in it (functions included), relative imports resolved."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}")
                found.add(base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    modules = {module_name(p) for p in AI.rglob("*.py")}
    return {name for name in found if name in modules and name != module_name(path)}


def graph() -> dict[str, set[str]]:
    return {module_name(path): imports_of(path) for path in AI.rglob("*.py")}


def test_no_module_of_the_ai_imports_itself_back() -> None:
    edges = graph()
    cycles = []

    def visit(name: str, trail: list[str]) -> None:
        for target in sorted(edges[name]):
            if target in trail:
                cycles.append(trail[trail.index(target) :] + [target])
            elif len(trail) < 20:
                visit(target, trail + [target])

    for start in sorted(edges):
        visit(start, [start])
    assert not cycles, cycles[:3]


def test_packages_depend_one_way_position_then_search_then_levels() -> None:
    """game.ai.position knows no search or level; game.ai.search knows no level."""
    for name, targets in graph().items():
        if name.startswith("game.ai.position"):
            assert not {t for t in targets if t.startswith(("game.ai.search", "game.ai.levels"))}, name
        if name.startswith("game.ai.search"):
            assert not {t for t in targets if t.startswith("game.ai.levels")}, name


def test_the_level_names_come_from_the_one_registry() -> None:
    assert LEVELS == tuple(REGISTRY) == ("beginner", "easy", "medium", "hard", "expert")


def test_the_graph_sees_real_imports() -> None:
    """The checks above would pass on an empty graph: make sure the walker finds known edges."""
    edges = graph()
    assert "game.ai.search.solver" in edges["game.ai.levels.expert"]
    assert "game.ai.position.coins" in edges["game.ai.search.solver"]
    assert "game.ai.levels.hard" in edges["game.ai.levels.expert"]
