"""For every test: the player's language is English, whatever the machine's locale says.

``pytest --without-pygame`` runs the tests of the packages that must not need pygame (``PYGAME_FREE``) with pygame
made impossible to import, as on a machine where it is not installed; ``pytest --app-only`` runs the others.
``make test`` runs both; plain ``pytest`` runs everything at once.
"""

from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder
from pathlib import Path

import pytest

from game import page
from game.page.memory import MemoryPage
from game.play import i18n

TESTS = Path(__file__).resolve().parent
PYGAME_FREE = ("core", "ai", "page", "play", "storage", "test_engine.py", "test_puzzles.py", "test_saved.py",
               "test_storage.py", "test_layering.py", "test_pypi_peers.py", "test_repository.py", "train")  # fmt: skip


class NoPygame(MetaPathFinder):
    """Refuses to find pygame, as if it were not installed."""

    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ModuleNotFoundError(f"No module named {name!r} (pytest --without-pygame)", name=name)
        return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--without-pygame", action="store_true", help="run the pygame-free tests with pygame blocked")
    parser.addoption("--app-only", action="store_true", help="run the tests --without-pygame leaves out")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--without-pygame"):
        if "pygame" in sys.modules:
            raise pytest.UsageError("--without-pygame: pygame was imported before the tests started")
        sys.meta_path.insert(0, NoPygame())


def pygame_free(path: Path) -> bool:
    parts = path.resolve().relative_to(TESTS).parts
    return bool(parts) and parts[0] in PYGAME_FREE


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.resolve() == TESTS or TESTS not in collection_path.resolve().parents:
        return None
    if config.getoption("--without-pygame") and not pygame_free(collection_path):
        return True
    if config.getoption("--app-only") and pygame_free(collection_path):
        return True
    return None


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def no_page_left():
    """Every test starts without a page (the browser's is made at first use), and leaves none for the next."""
    page.use(None)
    yield
    page.use(None)


@pytest.fixture
def browser_page(monkeypatch) -> MemoryPage:
    """The game runs in a browser page, in memory (``sys.platform`` is "emscripten"; import pygame before: the
    other order breaks desktop pygame, see the pygbag notes)."""
    found = MemoryPage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    page.use(found)
    return found
