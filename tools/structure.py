"""The shape of ``game/`` in figures: import circles, imports inside functions, the largest files and classes.

``python -m tools.structure`` prints them; the figures in ``docs/architecture.md`` come from it. It reads the
source as text (``ast``), runs nothing of the game. ``tests/test_layering.py`` checks the import directions on
the same graph (:func:`import_graph`).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The absolute module names one ``from ... import ...`` may load (the module, or its submodules)."""
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    return [target] + [f"{target}.{alias.name}" for alias in node.names]


def loaded(candidates: list[str], modules: set[str]) -> set[str]:
    """``from package import module`` loads the module (the package is already loading); anything else loads the
    target itself."""
    target, names = candidates[0], candidates[1:]
    submodules = {name for name in names if name in modules}
    return submodules | ({target} if len(submodules) < len(names) or not names else set())


def imports_of(path: Path, modules: set[str]) -> tuple[set[str], int]:
    """The game modules ``path`` imports (anywhere in it), and how many import statements sit inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name, is_package = module_name(path), path.name == "__init__.py"
    found: set[str] = set()
    inside = 0
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    nested = {id(n) for f in functions for n in ast.walk(f) if isinstance(n, ast.Import | ast.ImportFrom)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            candidates = {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            candidates = loaded(resolve(name, is_package, node), modules)
        else:
            continue
        if id(node) in nested:
            inside += 1
        found |= {c for c in candidates if c in modules and c != name}
    return found, inside


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def import_graph(paths: list[Path]) -> tuple[dict[str, set[str]], dict[str, int]]:
    """For each module of ``paths``: the game modules it imports (anywhere in it: inside functions, and under ``if
    TYPE_CHECKING`` too, since a circle a type checker sees is a circle of the design), and how many of its import
    statements sit inside functions."""
    modules = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    inside: dict[str, int] = {}
    for path in paths:
        graph[module_name(path)], inside[module_name(path)] = imports_of(path, modules)
    return graph, inside


def largest_classes(paths: list[Path]) -> list[tuple[int, int, str]]:
    """(lines, methods, name) of every class."""
    rows = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                rows.append((lines, methods, f"{module_name(path)}.{node.name}"))
    return sorted(rows, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=8, help="how many of the largest files and classes to list")
    args = parser.parse_args()
    paths = sorted((ROOT / "game").rglob("*.py"))
    graph, inside_by_file = import_graph(paths)
    inside_total = sum(inside_by_file.values())
    found = circles(graph)
    lines = {module_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in paths}
    packages: dict[str, int] = defaultdict(int)
    for name, count in lines.items():
        packages[".".join(name.split(".")[:2])] += count
    print(f"modules: {len(paths)}, lines: {sum(lines.values())}")
    print("lines by package: " + ", ".join(f"{p} {n}" for p, n in sorted(packages.items(), key=lambda i: -i[1])))
    print(f"import circles: {len(found)}" + "".join(f"\n  {len(c)} modules: {', '.join(c)}" for c in found))
    worst = sorted(inside_by_file.items(), key=lambda i: -i[1])[:3]
    print(f"imports inside functions: {inside_total} (most: {', '.join(f'{m} {n}' for m, n in worst)})")
    print("largest files: " + ", ".join(f"{m} {n}" for m, n in sorted(lines.items(), key=lambda i: -i[1])[: args.top]))
    print("largest classes (lines, methods):")
    for count, methods, name in largest_classes(paths)[: args.top]:
        print(f"  {name} {count} lines, {methods} methods")


if __name__ == "__main__":
    sys.exit(main())
