"""Pyodide's stack switching is turned off for the game's loop (game/app/stack_switching.py): with it on, each
callback of Pyodide 0.29's asyncio loop loses 16 bytes of the WebAssembly stack, and a page stops after about 25
minutes. Here Pyodide's JS API (``pyodide_js``) is a stand-in; ``tests/app/test_browser_stack.py`` checks the real
page."""

from __future__ import annotations

import asyncio
import sys
import types

import pytest

from game.app import main
from game.app.stack_switching import plain_calls
from game.storage import MemoryStore

from .conftest import FakeClock


def fake_pyodide(monkeypatch: pytest.MonkeyPatch, **module: object) -> types.SimpleNamespace:
    """``pyodide_js`` with a ``_module`` (Emscripten's Module) holding ``module``."""
    emscripten = types.SimpleNamespace(**module)
    monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(_module=emscripten))
    return emscripten


def test_stack_switching_is_turned_off_on_pyodide(monkeypatch):
    module = fake_pyodide(monkeypatch, jspiSupported=True)
    assert plain_calls() is True
    assert module.jspiSupported is False
    assert plain_calls() is False, "already off: nothing left to turn off"
    assert module.jspiSupported is False


def test_nothing_happens_without_pyodide(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyodide_js", None)  # (an import of it fails, as under pygbag and desktop)
    assert plain_calls() is False


def test_a_pyodide_without_the_switch_is_left_alone(monkeypatch):
    module = fake_pyodide(monkeypatch)
    assert plain_calls() is False
    assert not hasattr(module, "jspiSupported")


def test_the_game_turns_it_off_when_it_starts_in_the_browser(monkeypatch, browser_page):
    module = fake_pyodide(monkeypatch, jspiSupported=True)
    asyncio.run(main(max_frames=1, clock=FakeClock()))
    assert module.jspiSupported is False


def test_the_desktop_game_leaves_it_alone(monkeypatch):
    module = fake_pyodide(monkeypatch, jspiSupported=True)
    asyncio.run(main(max_frames=1, clock=FakeClock(), size=(360, 640), store=MemoryStore()))
    assert module.jspiSupported is True
