"""The browser branch, faked: sys.platform is "emscripten" and platform.window has localStorage and a size.

pygame is imported before sys.platform is patched (see the pygbag notes: the other order breaks desktop pygame).
"""

from __future__ import annotations

import asyncio
import json
import platform
import sys
from pathlib import Path

import pygame
import pytest

from game.app import main
from game.app.layout import BROWSER_LANDSCAPE, BROWSER_PORTRAIT

from .conftest import Driver, FakeClock


class FakeLocalStorage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802 - the JavaScript name
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class FakeWindow:
    def __init__(self, width: int, height: int) -> None:
        self.innerWidth = width
        self.innerHeight = height
        self.localStorage = FakeLocalStorage()


@pytest.fixture
def browser(monkeypatch):
    def make(width: int, height: int) -> FakeWindow:
        window = FakeWindow(width, height)
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.setattr(platform, "window", window, raising=False)
        return window

    return make


@pytest.mark.parametrize(("inner", "canvas"), [((390, 844), BROWSER_PORTRAIT), ((1366, 768), BROWSER_LANDSCAPE)])
def test_the_canvas_follows_the_browser_window_shape(browser, inner, canvas):
    browser(*inner)
    app = asyncio.run(main(max_frames=3, clock=FakeClock()))
    assert app.browser
    assert app.size == canvas
    assert app.frames == 3


def test_browser_saves_settings_in_local_storage_and_sound_waits_for_a_tap(browser):
    window = browser(390, 844)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    driver = Driver(app, FakeClock())
    assert not app.sounds.unlocked
    driver.press_button("Settings")
    assert app.sounds.unlocked, "the first press unlocks audio"
    driver.choose("Animation", "Slow")
    saved = [key for key in window.localStorage.items if key.startswith("pipopipette.")]
    assert "pipopipette.settings" in saved
    assert "slow" in window.localStorage.items["pipopipette.settings"]
    reopened = asyncio.run(main(max_frames=1, clock=FakeClock()))
    assert reopened.settings.animation == "slow"


def test_the_touch_radius_is_about_7_mm_on_a_phone(browser):
    browser(390, 844)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    css_pixels = app.touch_radius() * app.css_scale
    assert 38 <= css_pixels <= 50


def test_quit_is_ignored_in_the_browser(browser):
    browser(390, 844)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver = Driver(app, FakeClock())
    driver.frames(1)
    assert app.running


def test_corrupt_local_storage_is_recovered(browser):
    window = browser(390, 844)
    window.localStorage.items["pipopipette.settings"] = "garbage{"
    app = asyncio.run(main(max_frames=2, clock=FakeClock()))
    assert app.notices
    assert "pipopipette.settings.bad-1" in window.localStorage.items
    assert json.dumps(app.settings.to_data())


def test_main_py_is_a_thin_pygbag_entry():
    source = (Path(__file__).resolve().parents[2] / "main.py").read_text()
    assert "import pygame" in source and "import asyncio" in source
    assert "asyncio.run(main())" in source
