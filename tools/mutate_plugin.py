"""A pytest plugin loaded only by `make mutate` (tools/mutate.py): mutants in cached builders get to run.

mutmut forks each mutant's test run from a process that has already run the unmutated suite. Boards are built once
per size and shared (``Board.square(4) is Board.square(4)``, and the tests rely on it), and the AI memoises
per-board tables, so without this plugin a mutant in a board builder or in a memoised AI function would never run
and would "survive" whatever the tests check.

* When the mutant is in the board module, each board alive in the process is rebuilt by the mutated builder at the
  start of the test session and its fields are copied into the shared object in place, so identity is kept and
  every test sees the mutant's board. Memoised AI tables are emptied for every mutant.
* A mutant's tests run fastest first (by the times mutmut recorded in its first run): mutmut stops at the first
  failure, so a killed mutant is usually known after a fraction of a second instead of after the slow tests that
  happen to come first in file order. Which tests run, and so every verdict, is unchanged.
* In a mutant's run every mutated function is called directly instead of through mutmut's trampoline: each
  module's and class's name for a function is rebound to the function the trampoline would call in this run (the
  mutant for the mutated function, the original for every other one). The trampoline looks the active mutant up in
  ``os.environ`` on every call and wraps every generator in one more generator; for the searches of game/ai, made of
  small functions and nested generators, that tripled a test's time (18.7 s of CPU instead of 6.3 s for Hard's games
  on the triangle). References kept elsewhere (a dict of levels, a default argument) still go through the
  trampoline, which calls the same function, so every verdict is unchanged.
* While mutmut collects which tests reach which function (``MUTANT_UNDER_TEST=stats``), each test of
  tests/core/test_board.py first builds one small board of each shape from scratch, so the builders count as
  reached by the tests written for them (the boards the tests use were built while their modules were imported,
  before any test ran, and would be credited to whichever test ran first).
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import FunctionType, ModuleType

import pytest

BOARD_TESTS = "tests/core/test_board.py::"
# Module-level memo tables that hold results computed from boards (module name -> attribute names).
MEMO_TABLES = {
    "game.ai.position.coins": ("_simple_memo",),
    "game.ai.memory": ("BUDGET",),  # every solver table and every board's symmetry tables
}


def _board_module():  # noqa: ANN202 - the module, when the tests have imported it
    return sys.modules.get("game.core.board")


def _builders(module) -> dict[str, object]:  # noqa: ANN001
    return {"square": module.build_square, "triangle": module.build_triangle, "hex": module.build_hexagon}


def rebuild_boards_in_place() -> None:
    module = _board_module()
    if module is None:
        return
    builders = _builders(module)
    fields = [field.name for field in dataclasses.fields(module.Board)]
    gc.unfreeze()  # mutmut freezes its objects before forking a mutant's run, and get_objects() skips frozen ones
    for board in [obj for obj in gc.get_objects() if type(obj) is module.Board]:
        fresh = builders[board.kind].__wrapped__(*board.size)
        for name in fields:
            object.__setattr__(board, name, getattr(fresh, name))


def forget_memo_tables() -> None:
    for module_name, attributes in MEMO_TABLES.items():
        module = sys.modules.get(module_name)
        for attribute in attributes:
            table = getattr(module, attribute, None)
            if hasattr(table, "cache_clear"):
                table.cache_clear()
            elif isinstance(table, dict) or hasattr(table, "clear"):
                table.clear()


def _closure(function: FunctionType) -> dict[str, object]:
    cells = function.__closure__ or ()
    return {name: cell.cell_contents for name, cell in zip(function.__code__.co_freevars, cells, strict=True)}


def direct_target(function: object, mutant: str) -> Callable[..., object] | None:
    """The function a mutmut trampoline calls while ``mutant`` is under test (None if ``function`` is not a
    trampoline, or one for a classmethod, left as it is)."""
    if not isinstance(function, FunctionType) or function.__code__.co_name != "_trampoline_wrapper":
        return None
    if not function.__code__.co_filename.endswith(os.path.join("mutmut", "mutation", "trampoline.py")):
        return None
    trampoline = _closure(function).get("trampoline")
    if not isinstance(trampoline, FunctionType):
        return None
    inner = _closure(trampoline)
    mutants, decorated = inner.get("mutants_dict"), inner.get("decorated_func")
    if inner.get("is_classmethod") or not isinstance(mutants, dict) or not isinstance(decorated, FunctionType):
        return None
    module, _, name = mutant.rpartition(".")
    target = mutants.get(name) if module == decorated.__module__ else None
    target = target or mutants["_mutmut_orig"]
    target.__name__, target.__qualname__ = function.__name__, function.__qualname__
    return target


def call_mutated_functions_directly(mutant: str) -> None:
    """Rebinds every module's and class's name for a trampolined function (or static method) to
    :func:`direct_target`."""
    for module in list(sys.modules.values()):
        if not isinstance(module, ModuleType) or module.__name__.startswith(("mutmut", "_pytest", "pytest")):
            continue
        owners: list[object] = [module]
        owners += [
            value for value in vars(module).values() if isinstance(value, type) and value.__module__ == module.__name__
        ]
        for owner in owners:
            for name, value in list(vars(owner).items()):
                static = isinstance(value, staticmethod)
                target = direct_target(value.__func__ if static else value, mutant)
                if target is not None:
                    setattr(owner, name, staticmethod(target) if static else target)


def pytest_sessionstart(session: object) -> None:
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if mutant.startswith("game.core.board."):
        rebuild_boards_in_place()
    forget_memo_tables()


def pytest_collection_finish(session: object) -> None:
    """Once every test module is imported (in a forked run they already were; in a fresh one, now)."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" in mutant:
        call_mutated_functions_directly(mutant)


def pytest_runtest_setup(item: pytest.Item) -> None:
    module = _board_module()
    in_board_tests = item.nodeid.startswith(BOARD_TESTS)
    if module is not None and in_board_tests and os.environ.get("MUTANT_UNDER_TEST") == "stats":
        builders = _builders(module)
        for kind, size in (("square", (1, 1)), ("triangle", (3,)), ("hex", (1,))):
            builders[kind].__wrapped__(*size)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):  # only a mutant's run, not mutmut's own
        return
    stats = Path("mutmut-stats.json")  # beside the tests in mutmut's copy, the folder a mutant's run starts in
    if not stats.exists():
        return
    duration = json.loads(stats.read_text(encoding="utf-8")).get("duration_by_test", {})
    items.sort(key=lambda item: duration.get(item.nodeid, 0.0))
