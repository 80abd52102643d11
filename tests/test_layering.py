"""The direction of imports: the AI and the engine run without pygame or asyncio (tests, CLI, browser alike)."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["game.ai", "game.engine", "game.puzzles", "game.puzzles.solving"])
def test_module_imports_neither_pygame_nor_asyncio(module: str) -> None:
    check = f"import sys, {module}; bad = {{'pygame', 'asyncio'}} & set(sys.modules); assert not bad, bad"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
