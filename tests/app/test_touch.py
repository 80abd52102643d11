"""Touch through the real loop, checked against what the mouse does: one tap is one action, and a finger reaches
further than the pointer (the app's touch radius), whoever implements either."""

from __future__ import annotations

from game.play.match import Session
from game.play.settings import Seat, Settings

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), size=(6, 6), animation="slow")


def start(driver) -> Session:
    session = Session(TWO_PEOPLE, driver.app.rng, first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    return session


def test_a_tap_reads_exactly_like_a_click(make_driver):
    """SDL doubles every tap with mouse events marked ``touch``; counted again, the second press lands during the
    line's animation and the status line complains ("Wait for the line to be drawn") after a perfectly good tap."""
    clicking = make_driver()
    clicked = start(clicking)
    clicking.click(clicking.line_point(5))
    after_click = (clicked.state.moves, clicking.scene.status())

    tapping = make_driver()
    tapped = start(tapping)
    tapping.tap(tapping.line_point(5))
    assert (tapped.state.moves, tapping.scene.status()) == after_click == ([5], "Player 2's turn")


def test_a_finger_reaches_as_far_as_the_touch_radius_and_the_mouse_does_not(make_driver, monkeypatch):
    driver = make_driver()
    session = start(driver)
    view = driver.scene.view
    monkeypatch.setattr(driver.app, "touch_radius", lambda: view.edge * 0.8)
    (ax, ay), (bx, by) = view.ends[0]
    assert ay == by, "line 0 of a square board is its top-left horizontal side"
    above = ((ax + bx) // 2, ay - round(view.edge * 0.65))  # beyond half an edge (the mouse's reach), within 0.8
    driver.click(above)
    assert session.state.moves == []
    driver.tap(above)
    assert session.state.moves == [0]
