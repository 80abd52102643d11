"""The "Play online" scene in the real app loop: from the menu, the invitation shown, a reply pasted, then the live
board; a guest opened with the invitation link; the desktop told where online play runs."""

from __future__ import annotations

import pygame
from online_fakes import Page, Window

from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.online import OnlineScene
from game.app.scenes.opening import open_link
from game.play.online.session import OnlineSession


def test_the_desktop_is_told_where_online_play_runs(make_driver):
    driver = make_driver()
    driver.press_button("Play online")
    assert isinstance(driver.scene, OnlineScene)
    assert "browser version" in driver.scene.explanation()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_host_and_guest_connect_through_the_scene_and_play_on_the_board(make_driver, store):
    host_page, guest_page = Page.pair([])
    host = make_driver()
    guest = make_driver()
    host.app.manager.push(OnlineScene(host.app, window=Window(host_page)))
    host.frames(3)
    invitation = host.scene.lobby.link
    assert "#o1." in invitation and "Copy invitation" in [w.label for w in host.scene.panel.widgets]
    guest.app.manager.push(OnlineScene(guest.app, link=invitation, window=Window(guest_page)))
    guest.frames(3)
    reply = guest.scene.lobby.link
    assert "#a1." in reply and "Copy reply" in [w.label for w in guest.scene.panel.widgets]
    host.scene.clipboard.pasted = reply  # what Paste reply brings from the clipboard
    for _ in range(4):
        host.frames(1)
        guest.frames(1)
    assert isinstance(host.scene, BoardScene) and isinstance(guest.scene, BoardScene)
    assert isinstance(host.scene.session, OnlineSession)
    assert host.scene.session.accepting_input() and not guest.scene.session.accepting_input()
    host.click(host.line_point(0))
    for _ in range(10):
        host.frames(1)
        guest.frames(1)
    assert guest.scene.session.state.moves == [0] == host.scene.session.state.moves
    assert store.get("unfinished") is None  # an online game is not the unfinished game of the menu


def test_an_invitation_link_opens_the_scene(make_driver):
    driver = make_driver()
    assert open_link(driver.app, "https://example.org/#o1.Kq3xZ0a_.AAAA.BB")
    driver.frames(1)
    assert isinstance(driver.scene, OnlineScene) and driver.scene.lobby is None  # on the desktop: told why not
