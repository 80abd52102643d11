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
from pathlib import Path

import pytest

from game.play.online.bridge import BrowserChannel, PageEvent, step
from game.play.online.invite import check_reply, description_of, invitation, read_link, reply, sdp_of
from game.play.online.protocol import GUEST, HOST
from game.play.online.room import Room
from game.play.online.room_setup import SeatPlayer
from game.play.players import Player
from tools.browser.node_driver import PLAYWRIGHT, NodeDriver, missing, skip_reason

DRIVER = Path(__file__).with_name("browser") / "pages.js"
SITE = "https://pipopipette.github.io/pipopipette/"
ROOM = "Kq3xZ0a_"
MISSING = missing(PLAYWRIGHT)
pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]


def start_pages() -> NodeDriver:
    """The node driver of the Chromium pages (browser/pages.js)."""
    return NodeDriver(DRIVER, stop_seconds=20)


class PageWindow:
    """Stands in for pygbag's ``platform.window``: ``eval`` runs the project's script in the page, and
    ``pipopipetteOnline.f(args)`` calls it there with the arguments passed as data."""

    def __init__(self, pages: NodeDriver, name: str) -> None:
        self.pages, self.name = pages, name

    def eval(self, text: str):
        return self.pages.ask(page=self.name, eval=text)

    @property
    def pipopipetteOnline(self):  # noqa: N802 - the page's name for it
        pages, name = self.pages, self.name

        class Api:
            def __getattr__(self, function):
                return lambda *args: pages.ask(page=name, call=function, args=list(args))

        return Api()


@pytest.fixture
def pages():
    driver = start_pages()
    yield driver
    driver.close()


def wait_for(channel: BrowserChannel, kind: str, seconds: float = 20) -> PageEvent:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for event in channel.poll():
            assert event.kind != "error", event
            if event.kind == kind:
                return event
        time.sleep(0.02)
    raise AssertionError(f"no {kind} event in {seconds} s")


def handshake(host: BrowserChannel, guest: BrowserChannel) -> dict[str, float]:
    """The host invites, the guest answers, through links as two people would send them; returns what it cost."""
    started = time.monotonic()
    host.host([])
    offer = wait_for(host, "local").data
    sent = invitation(SITE, ROOM, offer)
    received = read_link(sent)
    guest.join(sdp_of(received.description), [])
    answer = wait_for(guest, "local").data
    back = reply(SITE, ROOM, answer, received.description)
    link = read_link(back)
    check_reply(link, ROOM, description_of(offer))
    answered = time.monotonic()
    host.accept(sdp_of(link.description))
    return {"invitation": len(sent), "reply": len(back), "sdp": len(offer), "links_s": answered - started,
            "answered": answered}  # fmt: skip


def run_until(condition, rooms, seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for room, channel in rooms:
            step(room, channel.poll(), channel, time.monotonic())
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError("the rooms did not get there in time")


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
    assert max(delays) < 1.0  # a move shows on the other device within a second


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
