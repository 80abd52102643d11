"""The browser branch, faked: sys.platform is "emscripten" and the page (in memory) has localStorage and a size.

pygame is imported before sys.platform is patched (see the pygbag notes: the other order breaks desktop pygame).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pygame
import pytest

from game.app import layout, main

from .conftest import Driver, FakeClock


@pytest.fixture
def browser(browser_page):
    """The game in a browser page (in memory) of ``width`` x ``height`` CSS px at ``ratio``; ``refits`` holds the
    canvas's size each time pygbag was asked to fit it on the page."""

    def make(width: int, height: int, ratio: float = 1.0):
        browser_page.width, browser_page.height, browser_page.ratio = width, height, ratio
        browser_page.refitted = []
        browser_page.on_refit = lambda: browser_page.refitted.append(pygame.display.get_surface().get_size())
        return browser_page

    return make


@pytest.mark.parametrize(
    ("inner", "ratio", "canvas", "density"),
    [
        ((390, 844), 2, (780, 1688), 2.0),
        ((844, 390), 3, (2532, 1170), 3.0),
        ((1366, 768), 1, (1366, 768), 1.0),
        ((360, 640), 1.5, (540, 960), 1.5),
    ],
)
def test_the_canvas_has_the_window_shape_at_its_pixel_density(browser, inner, ratio, canvas, density):
    browser(*inner, ratio)
    app = asyncio.run(main(max_frames=3, clock=FakeClock()))
    assert app.browser
    assert app.size == canvas
    assert app.density == density
    assert app.frames == 3


def test_a_dense_big_screen_gets_a_canvas_drawing_can_afford(browser):
    browser(1920, 1080, 2)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    w, h = app.size
    assert w * h <= layout.MAX_CANVAS_PIXELS * 1.01
    assert abs(w / h - 1920 / 1080) < 0.01, "the canvas keeps the window's shape"
    assert abs(app.density - w / 1920) < 0.01
    assert 1 < app.density < 2


def test_a_window_smaller_than_the_least_layout_gets_a_canvas_of_its_shape(browser):
    browser(200, 300, 1)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    assert app.size == (320, 480)


def test_turning_the_phone_lays_the_game_out_again_at_the_next_frame(browser):
    window = browser(390, 844, 2)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    driver = Driver(app, FakeClock())
    driver.frames(1)
    assert app.size == (780, 1688)
    window.width, window.height = 844, 390
    driver.frames(1)  # the very next frame: no old frame shown letterboxed while the phone turns
    assert app.size == (1688, 780)
    assert pygame.display.get_surface().get_size() == (1688, 780), "set_mode was called with the new size"
    assert window.refitted[-1] == (1688, 780), "pygbag fits the new canvas on the page after set_mode"
    screen = pygame.Rect((0, 0), app.size)
    new_game = driver.widget("New game").rect
    assert screen.contains(new_game) and new_game.x > app.size[0] // 2, "the menu's landscape layout"
    drawn = app.drawn
    window.ratio = 1  # the window moved to another screen
    driver.frames(1)
    assert app.size == (844, 390) and app.density == 1
    assert app.drawn > drawn, "drawn again at the new size"


def test_browser_saves_settings_in_local_storage_and_sound_waits_for_a_tap(browser):
    window = browser(390, 844)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    driver = Driver(app, FakeClock())
    assert not app.sounds.unlocked
    driver.press_button("Settings")
    assert app.sounds.unlocked, "the first press unlocks audio"
    driver.choose("Animation", "Slow")
    saved = [key for key in window.storage.items if key.startswith("pipopipette.")]
    assert "pipopipette.settings" in saved
    assert "slow" in window.storage.items["pipopipette.settings"]
    reopened = asyncio.run(main(max_frames=1, clock=FakeClock()))
    assert reopened.settings.animation == "slow"


@pytest.mark.parametrize("ratio", [1, 2, 3])
def test_the_touch_radius_is_about_7_mm_on_a_phone(browser, ratio):
    browser(390, 844, ratio)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    css_pixels = app.touch_radius() / app.density
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
    window.storage.items["pipopipette.settings"] = "garbage{"
    app = asyncio.run(main(max_frames=2, clock=FakeClock()))
    assert app.notices
    assert "pipopipette.settings.bad-1" in window.storage.items
    assert json.dumps(app.settings.to_data())


def test_main_py_is_a_thin_pygbag_entry():
    source = (Path(__file__).resolve().parents[2] / "main.py").read_text()
    assert "import pygame" in source and "import asyncio" in source
    assert "asyncio.run(main())" in source


def test_a_timed_game_waits_while_the_page_is_out_of_sight(browser):
    from game.play.match import Session
    from game.play.settings import Seat, Settings

    window = browser(390, 844, 2)
    app = asyncio.run(main(max_frames=1, clock=FakeClock()))
    driver = Driver(app, FakeClock())
    settings = Settings(seats=(Seat("human"), Seat("computer", "easy")), timer=10, competitive=True)
    session = Session(settings, first=0)
    app.replace("board", session=session)
    driver.frames(30)
    left = session.timer.remaining()
    window.out_of_sight = True  # another tab, or the phone locked
    driver.frames(1)
    assert session.paused
    driver.frames(600)
    assert session.timer.remaining() == left and session.state.moves == [], "nothing moved while out of sight"
    window.out_of_sight = False
    driver.frames(1)
    assert session.paused and driver.scene.status() == "Paused: tap the board to go on"
    driver.tap(driver.line_point(0))
    assert not session.paused and session.state.moves == [], "the tap that wakes the game only wakes it"
    driver.frames(30)
    assert session.timer.remaining() < left
