"""Making a room as the "Play online" scene does, on two fake pages that give real captured SDP and carry messages
between them once the host took the reply: invitation, reply (pasted or handed over), the live game."""

from __future__ import annotations

import random

from online_fakes import Page, online_page

from game.play.online.lobby import FAILED, HANDED, INVITING, PLAYING, REPLYING, Lobby, host_room
from game.play.online.protocol import GUEST, HOST
from game.play.settings import Seat, Settings


def devices():
    host_tabs: list = []
    host_page, guest_page = Page.pair(host_tabs)
    return host_page, guest_page, host_tabs


def frames(*lobbies, count: int = 5):
    for _ in range(count):
        for lobby in lobbies:
            if lobby.session is not None:  # the board scene's part once the game began
                lobby.session.update(0.05)
            lobby.update(0.05)


def test_invitation_reply_pasted_then_the_live_game():
    host_page, guest_page, _ = devices()
    settings = Settings(size=(5, 5), seats=(Seat("human"), Seat("human")))
    host = Lobby(online_page(host_page), settings, random.Random(1), browser=False)
    frames(host)
    assert host.state == INVITING and host.link.startswith("#o1.") and len(host.link) < 300
    guest = Lobby(online_page(guest_page), Settings(), random.Random(2), link=host.link, browser=False)
    frames(guest)
    assert guest.state == REPLYING and "#a1." in guest.link
    host.take_reply("not a reply")
    assert "not an online game" in host.problem
    host.take_reply(guest.link)
    frames(host, guest)
    assert host.state == guest.state == PLAYING and host.problem == ""
    assert host.session.board.size == guest.session.board.size == (5, 5)
    assert host.session.play_human(0)
    frames(host, guest)
    assert guest.session.state.moves == [0]


def test_a_reply_opened_in_another_tab_reaches_the_waiting_lobby():
    host_page, guest_page, host_tabs = devices()
    host = Lobby(online_page(host_page), Settings(), random.Random(1), browser=False)
    frames(host)
    guest = Lobby(online_page(guest_page), Settings(), random.Random(2), link=host.link, browser=False)
    frames(guest)
    other_tab = Lobby(online_page(Page(host_tabs)), Settings(), random.Random(3), link=guest.link, browser=False)
    frames(other_tab, host, guest)
    assert other_tab.state == HANDED
    assert host.state == guest.state == PLAYING


def test_a_reply_nobody_waits_for_says_where_to_paste_it():
    host_page, guest_page, _ = devices()
    host = Lobby(online_page(host_page), Settings(), random.Random(1), browser=False)
    frames(host)
    guest = Lobby(online_page(guest_page), Settings(), random.Random(2), link=host.link, browser=False)
    frames(guest)
    lonely = Lobby(online_page(Page([])), Settings(), random.Random(3), link=guest.link, browser=False)
    frames(lonely, count=80)
    assert lonely.state == FAILED and "paste it where you sent the invitation" in lonely.problem


def test_a_bad_invitation_fails_with_the_reason():
    link = "https://x/#o1.Kq3xZ0a_.AAAA.BB"
    lobby = Lobby(online_page(Page([])), Settings(), random.Random(1), link=link, browser=False)
    assert lobby.state == FAILED and "mistyped" in lobby.problem


def test_the_hosts_room_shares_the_seats_between_the_devices():
    seats = (Seat("human"), Seat("human"), Seat("computer", "hard"), Seat("human"))
    room = host_room(Settings(seats=seats, match=True, timer=10), random.Random(1))
    setup = room.table.setup
    assert setup.owners == "hghh" and setup.boards == 4 and setup.timer == 10
    assert [p.kind for p in room.players] == ["human", "computer", "human"]
    assert room.role == HOST and GUEST in setup.owners
