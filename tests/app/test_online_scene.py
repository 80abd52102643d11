"""The "Play online" scene in the real app loop: from the menu, the room's game chosen, the invitation shown, a
reply pasted, then the live board; a guest opened with the invitation link; the desktop told where online play
runs."""

from __future__ import annotations

import pygame
import pytest
from online_fakes import Page, online_page

from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.online import SETUP, OnlineScene, code_to_type
from game.app.scenes.opening import open_link
from game.app.scenes.settings import SettingsScene
from game.app.share_sheet import ShareSheet
from game.core import Board
from game.play.online.game import OnlineGame
from game.play.online.invite import is_room_link
from game.storage import MemoryStore


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
    host.app.manager.push(OnlineScene(host.app, page=online_page(host_page)))
    host.frames(1)
    assert [w.label for w in host.scene.panel.widgets] == ["Back", "Invite", "Board and rules"]
    host.press_button("Invite")
    host.frames(3)
    invitation = host.scene.lobby.link
    assert "#o1." in invitation and [w.label for w in host.scene.panel.widgets] == ["Back", "Copy", "Paste reply"]
    guest.app.manager.push(OnlineScene(guest.app, link=invitation, page=online_page(guest_page)))
    guest.frames(3)
    reply = guest.scene.lobby.link
    assert "#a1." in reply and [w.label for w in guest.scene.panel.widgets] == ["Back", "Copy"]
    host.scene.clipboard.pasted = reply  # what Paste reply brings from the clipboard
    for _ in range(4):
        host.frames(1)
        guest.frames(1)
    assert isinstance(host.scene, BoardScene) and isinstance(guest.scene, BoardScene)
    assert isinstance(host.scene.session.referee, OnlineGame)
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


def connect(host, guest, guest_page) -> None:
    """The guest opens the host's invitation and the host pastes the reply; both end on the board."""
    guest.app.manager.push(OnlineScene(guest.app, link=host.scene.lobby.link, page=online_page(guest_page)))
    guest.frames(3)
    host.scene.clipboard.pasted = guest.scene.lobby.link
    for _ in range(4):
        host.frames(1)
        guest.frames(1)
    assert isinstance(host.scene, BoardScene) and isinstance(guest.scene, BoardScene)


def play(host, guest, count: int) -> None:
    for _ in range(count):
        mover = host if host.scene.session.accepting_input() else guest
        free = mover.scene.session.state.legal_lines()[0]
        mover.click(mover.line_point(free))
        for _ in range(6):
            host.frames(1)
            guest.frames(1)


@pytest.mark.slow
def test_the_hosts_room_is_kept_across_a_reload_and_invited_again_its_game_goes_on(make_driver, store):
    host_page, guest_page = Page.pair([])
    host = make_driver()
    guest = make_driver(store=MemoryStore())
    host.app.manager.push(OnlineScene(host.app, page=online_page(host_page)))
    choose_game(host, size=(4, 4))
    host.press_button("Invite")
    host.frames(3)
    connect(host, guest, guest_page)
    play(host, guest, 5)
    moves = host.scene.session.state.moves
    assert len(moves) == 5 and guest.scene.session.state.moves == moves
    assert store.get("online-room") is not None

    reloaded = make_driver()  # the host's page again, on the same storage: the room is offered
    new_host_page, new_guest_page = Page.pair([])
    reloaded.app.manager.push(OnlineScene(reloaded.app, page=online_page(new_host_page)))
    reloaded.frames(1)
    assert [w.label for w in reloaded.scene.panel.widgets] == ["Back", "Invite again", "New room"]
    assert "interrupted" in reloaded.scene.explanation()
    reloaded.press_button("Invite again")
    reloaded.frames(3)
    assert "#o1." + host.scene.session.referee.room.room_id in reloaded.scene.lobby.link  # the same room
    assert reloaded.scene.lobby.room.table.setup.board == Board.from_spec("square", (4, 4))  # and its own game, not 5x5
    connect(reloaded, guest, new_guest_page)
    assert guest.scene.session.board == Board.from_spec("square", (4, 4))
    assert reloaded.scene.session.state.moves == moves == guest.scene.session.state.moves
    play(reloaded, guest, 3)
    assert len(reloaded.scene.session.state.moves) == 8 == len(guest.scene.session.state.moves)


def test_a_new_room_forgets_the_kept_one_and_a_damaged_one_is_set_aside(make_driver, store):
    store.put("online-room", {"hello": '{"t":"hello"}'})
    driver = make_driver()
    driver.app.manager.push(OnlineScene(driver.app, page=online_page(Page([]))))
    driver.frames(2)
    assert driver.scene.state == SETUP and driver.scene.lobby is None  # straight to a new room's game
    assert store.get("online-room") is None and driver.app.saved.kept() == 1  # set aside, never overwritten


def choose_game(driver, **changes) -> None:
    """Board and rules: the Settings scene on the room's game, changed as a tap on its rows would, then Done."""
    driver.frames(1)
    driver.press_button("Board and rules")
    assert isinstance(driver.scene, SettingsScene)
    driver.scene.change(**changes)
    driver.press_button("Done")
    assert isinstance(driver.scene, OnlineScene)


def test_a_new_room_is_5x5_boxes_whatever_the_last_game_and_the_host_may_change_it(make_driver, store):
    host_page, guest_page = Page.pair([])
    host, guest = make_driver(), make_driver(store=MemoryStore())
    before = host.app.settings
    assert before.size == (3, 3) and not before.misere  # the local game's board
    host.app.manager.push(OnlineScene(host.app, page=online_page(host_page)))
    host.frames(1)
    assert host.scene.setup.board() == Board.from_spec("square", (5, 5))
    assert host.scene.game_words.startswith("5x5 boxes") and "Winner: Most boxes" in host.scene.game_words
    host.press_button("Board and rules")
    assert host.scene.title() == "The room's game"
    tabs = next(w for w in host.scene.panel.widgets if w.label == "")
    assert [name for _, name in tabs.options] == ["Board", "Rules"]  # the room's game: its board and rules only
    host.choose("Winner", "Fewest (misère)")  # a tap on the row, as on New game's
    host.press_button("Back")
    assert host.scene.setup.misere
    choose_game(host, size=(6, 4))
    host.frames(1)
    assert "Winner: Fewest (misère)" in host.scene.game_words.split("\n")  # shown before the invitation
    assert host.app.settings == before and store.get("settings") is None  # the local game's, untouched
    host.frames(1)
    host.press_button("Invite")
    host.frames(3)
    connect(host, guest, guest_page)
    for driver in (host, guest):
        assert driver.scene.session.board == Board.from_spec("square", (6, 4))
        assert driver.scene.session.rules.misere


def test_a_new_room_after_a_kept_one_starts_from_the_rules_sheets_board(make_driver, store):
    host_page, guest_page = Page.pair([])
    host, guest = make_driver(), make_driver(store=MemoryStore())
    host.app.manager.push(OnlineScene(host.app, page=online_page(host_page)))
    choose_game(host, size=(2, 2))
    host.press_button("Invite")
    host.frames(3)
    connect(host, guest, guest_page)
    reloaded = make_driver()
    reloaded.app.manager.push(OnlineScene(reloaded.app, page=online_page(Page([]))))
    reloaded.frames(1)
    reloaded.press_button("New room")
    assert reloaded.scene.state == SETUP and store.get("online-room") is None
    assert reloaded.scene.setup.board() == Board.from_spec("square", (5, 5))
    assert [w.label for w in reloaded.scene.panel.widgets] == ["Back", "Invite", "Board and rules"]


def test_the_invitation_is_shown_as_a_code_to_type_that_open_a_link_reads():
    link = "https://example.org/#o1.Kq3xZ0a_.AAAAAAAAAA.BB"
    code = code_to_type(link)
    assert code == "o1.K q3xZ 0a_. AAAA AAAA AA.B B"
    assert is_room_link(code)


def test_where_the_phone_has_a_share_sheet_the_invitation_and_the_reply_are_shared(make_driver, monkeypatch):
    shared = []
    monkeypatch.setattr(ShareSheet, "available", property(lambda sheet: True))
    monkeypatch.setattr(ShareSheet, "share", lambda sheet, title, url: shared.append((title, url)))
    host_page, guest_page = Page.pair([])
    host, guest = make_driver(), make_driver(store=MemoryStore())
    host.app.manager.push(OnlineScene(host.app, page=online_page(host_page)))
    host.frames(1)
    host.press_button("Invite")
    host.frames(3)
    assert [w.label for w in host.scene.panel.widgets] == ["Back", "Share...", "Copy", "Paste reply"]
    host.press_button("Share...")
    guest.app.manager.push(OnlineScene(guest.app, link=host.scene.lobby.link, page=online_page(guest_page)))
    guest.frames(3)
    assert [w.label for w in guest.scene.panel.widgets] == ["Back", "Share...", "Copy"]
    guest.press_button("Share...")
    assert shared == [
        ("Pipopipette: an invitation", host.scene.lobby.link),
        ("Pipopipette: my reply", guest.scene.lobby.link),
    ]


def test_the_one_link_joins_through_the_relay_and_the_hosts_reloaded_page_is_back_in_the_game(make_driver, store):
    from online_fakes import Broker

    from game.play.online.bridge import RELAY_SCRIPT
    from game.play.online.relay import is_join_link

    broker = Broker()
    host_page, guest_page = Page.pair([])
    host, guest = make_driver(), make_driver(store=MemoryStore())
    host_memory_page = online_page(host_page, broker)
    host.app.manager.push(OnlineScene(host.app, page=host_memory_page))
    host.frames(1)
    host.press_button("Invite")
    host.frames(2)
    link = host.scene.lobby.link
    assert is_join_link(link) and [w.label for w in host.scene.panel.widgets] == ["Back", "Copy"]  # nothing to paste
    assert "opening it joins your game" in host.scene.explanation()
    guest.app.manager.push(OnlineScene(guest.app, link=link, page=online_page(guest_page, broker)))
    guest.frames(1)
    assert "through the relay" in guest.scene.explanation()
    for _ in range(12):
        host.frames(1)
        guest.frames(1)
    assert isinstance(host.scene, BoardScene) and isinstance(guest.scene, BoardScene)
    host.click(host.line_point(0))
    for _ in range(10):
        host.frames(1)
        guest.frames(1)
    assert guest.scene.session.state.moves == [0]
    host_page.close()  # the host's page reloaded: it opens on its address, the room's link, with its storage
    broker.joined.remove(host_memory_page.scripts[RELAY_SCRIPT.name])
    new_host_page = Page([])
    new_host_page.other, guest_page.other = guest_page, new_host_page
    reloaded = make_driver()
    reloaded.app.manager.push(OnlineScene(reloaded.app, link=link, page=online_page(new_host_page, broker)))
    for _ in range(20):
        reloaded.frames(1)
        guest.frames(1)
    assert isinstance(reloaded.scene, BoardScene) and reloaded.scene.session.referee.room.role == "h"
    assert reloaded.scene.session.state.moves == [0] == guest.scene.session.state.moves
    assert guest.scene.session.referee.link_text().endswith("connected")
