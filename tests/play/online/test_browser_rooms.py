"""End to end in real browsers: two separate headless Chromium instances run webrtc.js, connect through an
invitation and a reply link made and read by the Python side, and two rooms play a whole 5x5 game over the data
channel through bridge.py; one page is reloaded half way and the game resumes from the host's move list. A
BroadcastChannel hands a reply opened in another tab to the waiting tab.

Skipped, saying why, when node, Chromium or playwright-core are absent (set up as in
docs/testing.md, "Real browser pages"); run them before calling browser work done.
"""

from __future__ import annotations

import random
import time

import pytest

from game.play.online.bridge import BrowserChannel
from game.play.online.protocol import GUEST, HOST
from game.play.online.room import Room
from game.play.online.room_setup import SeatPlayer
from game.play.players import Player
from tools.browser.node_driver import PLAYWRIGHT, NodeDriver, missing, skip_reason
from tools.browser.room_pages import PAGES, ROOM, SITE, PageWindow, handshake, run_until, wait_for

MISSING = missing(PLAYWRIGHT)
pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]


def start_pages() -> NodeDriver:
    """The node driver of the Chromium pages (browser/pages.js)."""
    return NodeDriver(PAGES, stop_seconds=20)


@pytest.fixture
def pages():
    driver = start_pages()
    yield driver
    driver.close()


def test_two_browsers_connect_through_the_links_and_play_a_whole_game_with_a_reload_half_way(pages):
    pages.ask(open="host", browser="one")
    pages.ask(open="guest", browser="two")
    host_channel = BrowserChannel(PageWindow(pages, "host"))
    guest_channel = BrowserChannel(PageWindow(pages, "guest"))
    cost = handshake(host_channel, guest_channel)
    from online_peers import setup_for

    host = Room(HOST, ROOM, [SeatPlayer(Player("Ann"))], setup_for())
    guest = Room(GUEST, ROOM, [SeatPlayer(Player("Bob"))])
    rooms = [(host, host_channel), (guest, guest_channel)]
    run_until(lambda: host.playing and guest.playing, rooms)
    connect_s = time.monotonic() - cost["answered"]
    rng = random.Random(20)
    delays = []

    def play_moves(count: int | None) -> None:
        played = 0
        while host.playing and (count is None or played < count):
            mover, other = (host, guest) if host.table.owner_to_move() == HOST else (guest, host)
            mover.play(rng.choice(mover.table.state.legal_lines()))
            target = len(mover.table.moves())
            sent = time.monotonic()
            run_until(lambda target=target, other=other: len(other.table.moves()) == target, rooms)
            delays.append(time.monotonic() - sent)
            played += 1

    play_moves(30)
    pages.ask(page="guest", reload=True)  # the guest's page is reloaded: its script, channel and game are gone
    reloaded = time.monotonic()
    run_until(lambda: host.paused, [(host, host_channel)])  # the guest's Python went with its page
    noticed_s = time.monotonic() - reloaded
    guest_channel = BrowserChannel(PageWindow(pages, "guest"))
    guest = Room(GUEST, ROOM, [SeatPlayer(Player("Bob"))])
    rooms = [(host, host_channel), (guest, guest_channel)]
    handshake(host_channel, guest_channel)
    run_until(lambda: host.playing and guest.playing and not host.paused, rooms)
    assert guest.table.moves() == host.table.moves() and len(host.table.moves()) == 30
    play_moves(None)
    assert host.table.over and guest.table.over
    assert host.table.moves() == guest.table.moves() and len(host.table.moves()) == 60
    assert host.table.match.totals() == guest.table.match.totals()
    assert not host.log and not guest.log
    print(
        f"\ninvitation {cost['invitation']} chars, reply {cost['reply']} chars (SDP {cost['sdp']}), "
        f"links made in {cost['links_s']:.2f} s, connected {connect_s:.2f} s after the reply was taken; "
        f"a move shown on the other device in {max(delays) * 1000:.0f} ms at most "
        f"(median {sorted(delays)[len(delays) // 2] * 1000:.0f} ms, test driver's round trips included); "
        f"the host paused {noticed_s:.2f} s after the guest's page was reloaded"
    )
    assert cost["invitation"] <= 300 and cost["reply"] <= 300


def test_a_channel_is_reported_open_once_however_often_the_browser_says_so(pages):
    # Chromium fired an answerer's open event twice in about one connection in fifteen on this machine: the guest's
    # room then said hello twice and the host refused the second (a hello on a connection already agreed on).
    pages.ask(open="host", browser="one")
    pages.ask(open="guest", browser="two")
    host_channel = BrowserChannel(PageWindow(pages, "host"))
    guest_channel = BrowserChannel(PageWindow(pages, "guest"))
    handshake(host_channel, guest_channel)
    wait_for(host_channel, "open")
    wait_for(guest_channel, "open")
    for page in ("host", "guest"):
        pages.ask(page=page, eval="window.pipopipetteOnline.channel.dispatchEvent(new Event('open')); 'again'")
    time.sleep(0.3)
    assert [e.kind for e in host_channel.poll() + guest_channel.poll()] == []
    host_channel.send("after")
    assert wait_for(guest_channel, "msg").data == "after"


def test_a_reply_opened_in_another_tab_is_handed_to_the_waiting_tab(pages):
    pages.ask(open="waiting", browser="one")
    pages.ask(open="other-tab", browser="one")
    pages.ask(open="elsewhere", browser="two")  # another browser: not the same site's storage, never reached
    waiting = BrowserChannel(PageWindow(pages, "waiting"))
    other_tab = BrowserChannel(PageWindow(pages, "other-tab"))
    elsewhere = BrowserChannel(PageWindow(pages, "elsewhere"))
    waiting.listen(ROOM)
    elsewhere.listen(ROOM)
    other_tab.hand_over("zzzzzzzz", SITE + "#a1.zzzzzzzz.x.y")  # another room's reply: not taken
    other_tab.hand_over(ROOM, SITE + "#a1.Kq3xZ0a_.x.y")
    assert wait_for(waiting, "reply").data == SITE + "#a1.Kq3xZ0a_.x.y"
    assert wait_for(other_tab, "handed").kind == "handed"
    time.sleep(0.3)
    assert [e for e in waiting.poll() if e.kind == "reply"] == []
    assert elsewhere.poll() == []


def test_a_message_too_long_or_a_flood_never_reaches_the_room(pages):
    pages.ask(open="host", browser="one")
    pages.ask(open="guest", browser="two")
    host_channel = BrowserChannel(PageWindow(pages, "host"))
    guest_channel = BrowserChannel(PageWindow(pages, "guest"))
    handshake(host_channel, guest_channel)
    wait_for(host_channel, "open")
    wait_for(guest_channel, "open")
    pages.ask(page="host", eval="window.pipopipetteOnline.channel.send('x'.repeat(20000)); 'sent'")
    assert wait_for(guest_channel, "bad").data == ""
    pages.ask(page="host", eval="for (let i = 0; i < 2000; i++) window.pipopipetteOnline.channel.send('{}'); 'sent'")
    end = time.monotonic() + 20  # the guest's game is busy elsewhere: nothing takes the page's events meanwhile
    while time.monotonic() < end and not pages.ask(page="guest", eval="window.pipopipetteOnline.channel === null"):
        time.sleep(0.1)
    assert wait_for(guest_channel, "flood").kind == "flood"
    # (the flooding host is not asserted to hear of the close: Chromium delivers the channel's reset behind the
    # 2,000 messages the host still has queued, after 2 s in some runs and not within 90 s in others; the room's
    # own liveness check, a pause after 8 s without a message, is what tells a player, tested in test_room_games)


def connected_rooms(pages: NodeDriver, **setup) -> tuple[Room, Room, list]:
    """A host's and a guest's room joined through two browsers (a game in progress, no move yet)."""
    from online_peers import setup_for

    pages.ask(open="host", browser="one")
    pages.ask(open="guest", browser="two")
    host_channel = BrowserChannel(PageWindow(pages, "host"))
    guest_channel = BrowserChannel(PageWindow(pages, "guest"))
    handshake(host_channel, guest_channel)
    host = Room(HOST, ROOM, [SeatPlayer(Player("Ann"))], setup_for(**setup))
    guest = Room(GUEST, ROOM, [SeatPlayer(Player("Bob"))])
    rooms = [(host, host_channel), (guest, guest_channel)]
    run_until(lambda: host.playing and guest.playing, rooms)
    return host, guest, rooms


def sent_by_the_hosts_page(pages: NodeDriver, script: str) -> None:
    """The host's page sends on the data channel by itself, bypassing its room: a hostile device."""
    pages.ask(page="host", eval=f"(function (c) {{ {script} }})(window.pipopipetteOnline.channel); 'sent'")


def test_a_hostile_page_cannot_play_for_the_guest_or_rewrite_its_game_through_the_browser(pages):
    host, guest, rooms = connected_rooms(pages)
    host.play(0)
    run_until(lambda: len(guest.table.moves()) == 1, rooms)
    before = (guest.table.moves(), guest.table.resigned, guest.table.game)
    attacks = [
        '{"t":"move","game":0,"board":0,"ply":1,"prev":0,"line":5,"timeout":false}',  # the guest's seat
        '{"t":"move","game":0,"board":0,"ply":1,"prev":0,"line":5,"timeout":true}',  # a timeout with no timer
        '{"t":"undo","game":0,"board":0,"ply":0,"at":1,"lines":[5]}',  # an undo of a line the host never drew
        host._hello().text(ROOM).replace('"game":0', '"game":1').replace('"moves":[0]', '"moves":[]'),
        '{"t":"rematch","game":0,"decider":false}',
    ]
    script = "".join(f"c.send({text!r});" for text in attacks) + "c.send(new Uint8Array(70000).buffer);"
    sent_by_the_hosts_page(pages, script)
    run_until(lambda: len(guest.log) == len(attacks) + 1, rooms)
    assert (guest.table.moves(), guest.table.resigned, guest.table.game) == before
    reasons = " | ".join(guest.log)
    for why in ("played for your seat", "only in a timed game", "own last turn", "out of order", "before the game"):
        assert why in reasons
    assert reasons.count("cannot read") == 1  # the binary message: counted, refused, never kept
    rng = random.Random(21)
    while host.playing:  # the honest game goes on to its end, the same on both devices
        mover = host if host.table.owner_to_move() == HOST else guest
        mover.play(rng.choice(mover.table.state.legal_lines()))
        target = len(mover.table.moves())
        run_until(lambda target=target: len(host.table.moves()) == len(guest.table.moves()) == target, rooms)
    assert host.table.moves() == guest.table.moves() and guest.table.over and guest.table.resigned is None


def test_a_flood_of_binary_messages_from_a_page_disconnects_the_room(pages):
    host, guest, rooms = connected_rooms(pages)
    sent_by_the_hosts_page(pages, "for (let i = 0; i < 200; i++) c.send(new Uint8Array(1000).buffer);")
    run_until(lambda: guest.connection == "none", rooms)
    assert guest.paused and any("too many messages" in entry for entry in [e.text for e in guest.take_events()])
