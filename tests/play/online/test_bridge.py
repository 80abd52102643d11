"""bridge.py without a browser: the page's answers are checked before use, only strings go to the page, and a frame's
step carries the channel's events to the room and the room's messages to the channel."""

from __future__ import annotations

import json

import pytest
from online_peers import ROOM, setup_for

from game.page.memory import MemoryPage
from game.play.online.bridge import SCRIPT, BrowserChannel, PageEvent, step
from game.play.online.protocol import GUEST, HOST, message
from game.play.online.room import Room
from game.play.online.room_setup import SeatPlayer


class FakePage:
    """window.pipopipetteOnline as the page would answer, recording every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple]] = []
        self.pending = ""

    def __getattr__(self, name):
        def call(*args):
            assert all(isinstance(a, str) for a in args), (name, args)  # only strings cross to the page
            self.calls.append((name, args))
            if name == "take":
                out, self.pending = self.pending, ""
                return out
            return "ok"

        return call


def page_with(online: FakePage | None = None) -> MemoryPage:
    return MemoryPage(scripts={SCRIPT.name: online or FakePage()})


def test_the_channel_drives_the_pages_own_script():
    page = page_with()
    BrowserChannel(page)
    assert page.loaded == ["pipopipetteOnline"] and SCRIPT.source.name == "webrtc.js"


@pytest.mark.parametrize(
    "answer",
    ["", "not json", json.dumps({"k": "msg"}), json.dumps([{"k": "run", "d": "x"}, {"k": "msg", "d": 5}, 7]), None, 42],
)
def test_whatever_the_page_answers_that_is_not_an_event_is_left_out(answer):
    online = FakePage()
    channel = BrowserChannel(page_with(online))
    online.pending = answer
    assert channel.poll() == []


def test_events_in_the_expected_form_are_read():
    online = FakePage()
    channel = BrowserChannel(page_with(online))
    events = [{"k": "open", "d": ""}, {"k": "msg", "d": "{}"}, {"k": "x", "d": ""}]
    online.pending = json.dumps(events)
    assert channel.poll() == [PageEvent("open"), PageEvent("msg", "{}")]


def test_host_and_join_pass_the_stun_servers_and_the_offer_as_text():
    online = FakePage()
    channel = BrowserChannel(page_with(online))
    channel.host([{"urls": "stun:stun.example.org:3478"}])
    channel.join("v=0\r\n", [])
    assert online.calls == [
        ("start", ("host", '[{"urls": "stun:stun.example.org:3478"}]', "")),
        ("start", ("guest", "[]", "v=0\r\n")),
    ]


def test_a_frame_step_joins_the_channel_to_the_room():
    online = FakePage()
    channel = BrowserChannel(page_with(online))
    guest = Room(GUEST, ROOM, [SeatPlayer()])
    host = Room(HOST, ROOM, [SeatPlayer()], setup_for())
    host.connected(0.0)
    hello = host.take_outbox()[0]
    others = step(guest, [PageEvent("open"), PageEvent("msg", hello), PageEvent("local", "v=0")], channel, 0.1)
    assert others == [PageEvent("local", "v=0")]
    assert guest.playing
    sent = [args[0] for name, args in online.calls if name == "send"]
    assert json.loads(sent[0])["t"] == "hello"
    step(guest, [PageEvent("closed")], channel, 0.2)
    assert guest.paused


def test_a_room_that_hangs_up_closes_the_channel_once():
    online = FakePage()
    channel = BrowserChannel(page_with(online))
    host = Room(HOST, ROOM, [SeatPlayer()], setup_for())
    flood = [PageEvent("open")] + [PageEvent("msg", message("ping", n=1))] * 100
    step(host, flood, channel, 0.0)
    step(host, [], channel, 0.1)
    assert [name for name, _ in online.calls].count("close") == 1


def test_a_connection_the_browser_gave_up_on_before_it_opened_says_what_to_try():
    room = Room(GUEST, ROOM, [SeatPlayer()])
    step(room, [PageEvent("failed")], BrowserChannel(page_with()), 5.0)
    closed = [event.text for event in room.take_events() if event.kind == "closed"]
    assert closed and "could not reach each other" in closed[0] and "TURN server" in closed[0]
    assert room.connection == "none"
