"""The committed core.wasm is what core.c builds to, and the module keeps to its small interface."""

from __future__ import annotations

import importlib.util

import pytest

from game.ai.wasm import build


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("ziglang") is None,
    reason="the ziglang package is not installed (pip install -e '.[wasm]', part of the test extra)",
)
def test_the_committed_module_is_what_the_source_builds_to() -> None:
    assert build.rebuilt_bytes() == build.MODULE.read_bytes(), "run `make wasm` and commit game/ai/wasm/core.wasm"


def test_the_module_imports_nothing_and_exports_its_interface() -> None:
    wasmtime = pytest.importorskip("wasmtime")
    module = wasmtime.Module(wasmtime.Engine(), build.MODULE.read_bytes())
    assert list(module.imports) == []
    names = {export.name for export in module.exports}
    assert {"memory", "io_area", "set_board", "set_table", "start", "run", "result_value", "result_move"} <= names
