"""The room's one link and the relays, without a browser: the link made and read (bad links refused in words), the
topic and key derived from its secret, Settings' relay URLs checked, the relay's messages checked, and the signalling
(:class:`Rejoin`) on fake pages and a fake broker: joined by the one link, back by itself after a reload of either
page or a lost connection with nothing lost, the two links when no relay answers."""

from __future__ import annotations

import json
import random

import pytest
from online_fakes import Broker, Page, online_page

from game.play.online.bridge import RELAY_SCRIPT
from game.play.online.ice import DEFAULT_RELAYS, read_relays, read_servers, relay_problem, relays_problem
from game.play.online.invite import is_room_link
from game.play.online.kept import kept_secret, restored
from game.play.online.lobby import INVITING, JOINING, PLAYING, PREPARING, Lobby
from game.play.online.protocol import GUEST, HOST
from game.play.online.relay import (
    KNOCK_EVERY,
    RELAY_WAIT,
    JoinLink,
    RelayError,
    is_join_link,
    new_secret,
    read_join,
    read_signal,
    signal,
)
from game.play.players import Player
from game.play.settings import Settings

SITE = "https://pipopipette.github.io/pipopipette/"


# -- the link ------------------------------------------------------------------------------------------------------
def test_the_one_link_carries_the_room_and_its_secret_and_reads_back():
    join = JoinLink("Kq3xZ0a_", new_secret(random.Random(1)))
    link = join.link(SITE)
    assert len(join.secret) == 22 and len(join.fragment()) == 37 and len(link) == len(SITE) + 38
    assert read_join(link) == join == read_join(join.fragment()) == read_join(" ".join(join.fragment()))
    assert is_join_link(link) and is_room_link(link) and not is_join_link(SITE + "#o1.Kq3xZ0a_.AAAA.BB")


def test_the_topic_and_the_key_come_from_the_secret_alone_and_tell_nothing_of_it():
    one, two = (JoinLink("Kq3xZ0a_", new_secret(random.Random(seed))) for seed in (1, 2))
    assert one.topic() == JoinLink("otherRm_", one.secret).topic()  # the room id never reaches a broker
    assert one.topic() != two.topic() and one.key() != two.key() and one.topic()[12:] not in one.key()
    assert one.topic().startswith("pipopipette/") and len(one.topic()) == 12 + 32 and len(one.key()) == 64
    for secretish in (one.secret, one.room_id):
        assert secretish not in one.topic() and secretish not in one.key()
    assert one.key() == JoinLink("Kq3xZ0a_", one.secret).key()  # both devices derive the same key


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (None, "too long"),
        ("x" * 3000, "too long"),
        ("https://site/#j1.Kq3xZ0a_", "not an online game link"),
        ("https://site/#j1.Kq3xZ0a_.short.AB", "mistyped or cut short"),
        ("j2.Kq3xZ0a_.AAAAAAAAAAAAAAAAAAAAAA.AA", "newer version"),
        ("j0.Kq3xZ0a_.AAAAAAAAAAAAAAAAAAAAAA.AA", "older version"),
    ],
)
def test_a_bad_one_link_is_refused_in_words(text, why):
    with pytest.raises(RelayError, match=why):
        read_join(text)


def test_a_mistyped_or_damaged_one_link_is_refused():
    fragment = JoinLink("Kq3xZ0a_", new_secret(random.Random(3))).fragment()
    typo = fragment[:10] + ("A" if fragment[10] != "A" else "B") + fragment[11:]
    with pytest.raises(RelayError, match="mistyped"):
        read_join(typo)
    swapped = fragment[:5] + fragment[6] + fragment[5] + fragment[7:]
    if swapped != fragment:
        with pytest.raises(RelayError, match="mistyped"):
            read_join(swapped)
    from game.core.notation import check_v2

    body = "j1.Kq3xZ0a_.tooshortsecret"  # a well-made link around a secret of the wrong length
    with pytest.raises(RelayError, match="damaged"):
        read_join(f"{body}.{check_v2(body)}")


# -- the relays of Settings ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("url", [*DEFAULT_RELAYS, "ws://203.0.113.1:9001", "wss://[2001:db8::1]:443/mqtt", "ws://a.b"])
def test_relay_urls_that_are_taken(url):
    assert relay_problem(url) == ""


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("https://broker.emqx.io/mqtt", "starts with wss://"),
        ("broker.emqx.io:8084", "starts with wss://"),
        ("wss://" + "a" * 200 + ".org", "too long"),
        ("wss://broker.emqx.io:8084/mqtt?token=1", "the path after the server"),
        ("wss://broker.emqx.io:8084/mq tt", "the path after the server"),
        ("wss://:8084/mqtt", "no server name"),
        ("wss://bad_host!/mqtt", "no server name"),
        ("wss://broker.emqx.io:0/mqtt", "port is a number"),
        ("wss://broker.emqx.io:99999/mqtt", "port is a number"),
    ],
)
def test_relay_urls_refused_with_the_reason(url, why):
    assert why in relay_problem(url)


def test_one_list_of_servers_holds_both_kinds_and_each_is_checked_as_its_kind():
    text = "stun:stun.example.org:3478\nwss://mqtt.example.org:8084/mqtt, ws://203.0.113.1:9001 wss://mqtt.example.org:8084/mqtt"
    assert read_servers(text) == (("stun:stun.example.org:3478",), "")
    assert read_relays(text) == ("wss://mqtt.example.org:8084/mqtt", "ws://203.0.113.1:9001")
    assert "At most 6 relays" in relays_problem(tuple(f"wss://r{n}.example.org" for n in range(7)))
    assert relays_problem(()) == ""  # none: the two links only
    assert any("no server name after wss://" in p for p in Settings(relays=("wss://x.org?y",)).problems())


# -- the relay's messages ------------------------------------------------------------------------------------------
def test_a_relay_message_is_taken_only_in_its_exact_form():
    assert read_signal(signal("knock", GUEST, "abcd2345")).kind == "knock"
    offer = signal("offer", HOST, "abcd2345", "#o1.x")
    assert read_signal(offer).link == "#o1.x"
    bad = [
        None,
        5,
        "",
        "x" * 4000,
        "[]",
        "{}",
        signal("knock", HOST, "abcd2345"),
        signal("offer", GUEST, "abcd2345", "l"),
        signal("knock", GUEST, "short"),
        signal("knock", GUEST, "abcd2345", "link"),
        signal("answer", GUEST, "abcd2345"),
        json.dumps({"t": "knock", "from": "g", "a": "abcd2345", "link": "", "more": 1}),
        json.dumps({"t": "knock", "from": "g", "a": 12345678, "link": ""}),
    ]
    assert [read_signal(text) for text in bad] == [None] * len(bad)


# -- the signalling, on fake pages ---------------------------------------------------------------------------------
class Device:
    """One device's page (its channel and its relay), its lobby and what it keeps in storage."""

    def __init__(self, page: Page, broker: Broker, settings: Settings, seed: int, link: str = "", saved=None) -> None:
        self.page, self.saved = page, saved if saved is not None else []
        room, secret = None, ""
        if self.saved:
            room, secret = restored(self.saved[-1], random.Random(seed)), kept_secret(self.saved[-1])
        self.lobby = Lobby(online_page(page, broker), settings, random.Random(seed), link, False, room,
                           self.saved.append, secret)  # fmt: skip

    @property
    def room(self):
        return self.lobby.room

    def frame(self, dt: float = 0.1) -> None:
        if self.lobby.session is not None:
            self.lobby.session.update(dt)
        else:
            self.lobby.update(dt)

    def reload(self, other: Device, broker: Broker, settings: Settings, seed: int, link: str = "") -> Device:
        """This page reloaded: its channel and relay gone (the other end hears the channel close), its storage kept."""
        self.page.close()
        self.page.events.clear()
        broker.joined.remove(self.lobby.page.scripts[RELAY_SCRIPT.name])
        page = Page([])
        page.other, other.page.other = other.page, page
        return Device(page, broker, settings, seed, link, self.saved)


def frames(*devices: Device, count: int = 10, dt: float = 0.1) -> None:
    for _ in range(count):
        for device in devices:
            device.frame(dt)


def joined(broker: Broker | None = None):
    broker = broker or Broker()
    host_page, guest_page = Page.pair([])
    host = Device(host_page, broker, Settings(players=(Player("Ann"),)), 1)
    frames(host, count=1)
    assert host.lobby.state == INVITING and is_join_link(host.lobby.link)
    guest = Device(guest_page, broker, Settings(players=(Player("Bob"),)), 2, link=host.lobby.link)
    assert guest.lobby.state == JOINING
    frames(host, guest)
    return broker, host, guest


def moves(device: Device) -> list[int]:
    return device.lobby.session.state.moves


def play(mover: Device, other: Device, line: int) -> None:
    assert mover.lobby.session.play_human(line)
    frames(mover, other, count=3)


def test_opening_the_one_link_joins_the_room_and_the_relay_sees_neither_room_nor_description():
    broker, host, guest = joined()
    assert host.lobby.state == guest.lobby.state == PLAYING
    assert host.lobby.session.names == ["You", "Bob"] and guest.lobby.session.names == ["Ann", "You"]
    play(host, guest, 0)
    assert moves(guest) == [0]
    kinds = [json.loads(text)["t"] for _, text in broker.published]
    assert kinds.count("offer") == kinds.count("answer") == 1 and "knock" in kinds
    topics = {topic for topic, _ in broker.published}
    assert topics == {JoinLink(host.room.room_id, read_join(host.lobby.link).secret).topic()}
    fragment = read_join(host.lobby.link).fragment()  # in both pages' addresses: a reload reopens the room
    assert guest.lobby.page.scripts[RELAY_SCRIPT.name].fragment == fragment
    assert host.lobby.page.scripts[RELAY_SCRIPT.name].fragment == fragment
    assert host.page.guarded and guest.page.guarded  # leaving the page asks first while the game is played


def test_the_guests_page_reloaded_comes_back_by_itself_in_the_same_game_with_nothing_lost():
    broker, host, guest = joined()
    play(host, guest, 0)
    play(guest, host, 5)
    assert guest.saved and kept_secret(guest.saved[-1]) and json.loads(guest.saved[-1]["hello"])["role"] == GUEST
    guest = guest.reload(host, broker, Settings(players=(Player("Bob"),)), 3, link=host.lobby.link)
    assert guest.room.role == GUEST and guest.room.table.moves() == [0, 5]  # its own side, from its storage
    frames(host)
    assert host.lobby.session.referee.link_text().startswith("Reconnecting to Bob")
    frames(host, guest, count=15)
    assert guest.lobby.state == PLAYING and moves(guest) == moves(host) == [0, 5]
    assert host.room.connection == guest.room.connection == "open" and not host.room.log and not guest.room.log
    play(host, guest, 10)
    assert moves(guest) == [0, 5, 10]


def test_the_hosts_page_reloaded_comes_back_by_itself_with_nothing_lost():
    broker, host, guest = joined()
    play(host, guest, 0)
    play(guest, host, 5)
    link = host.lobby.link
    host = host.reload(guest, broker, Settings(players=(Player("Ann"),)), 4, link=link)  # the page's address
    assert host.room.role == HOST and host.room.table.moves() == [0, 5]
    frames(host, guest, count=15)
    assert host.lobby.state == PLAYING and moves(host) == moves(guest) == [0, 5]
    assert not host.room.log and not guest.room.log
    play(host, guest, 10)
    assert moves(guest) == [0, 5, 10]


def test_a_connection_the_browser_gave_up_comes_back_through_the_relay_with_the_move_played_meanwhile():
    broker, host, guest = joined()
    play(host, guest, 0)
    host.page.open = guest.page.open = False  # the network is gone: nothing arrives
    assert guest.lobby.session.play_human(5)  # the guest's line, lost in the outage
    host.page.events.append({"k": "failed", "d": ""})  # both browsers give the connection up
    guest.page.events.append({"k": "failed", "d": ""})
    frames(host, guest, count=20)
    assert host.room.connection == guest.room.connection == "open"
    assert moves(host) == moves(guest) == [0, 5] and not host.room.log and not guest.room.log


def test_a_host_page_gone_without_a_word_is_found_again_once_the_guests_connection_falls_silent():
    broker, host, guest = joined()
    play(host, guest, 0)
    host.page.open = guest.page.open = False  # the host's page vanished: its channel never says it closed
    broker.joined.remove(host.lobby.page.scripts[RELAY_SCRIPT.name])
    host = Device(Page([]), broker, Settings(players=(Player("Ann"),)), 5, link=host.lobby.link, saved=host.saved)
    host.page.other, guest.page.other = guest.page, host.page
    frames(host, guest, count=70)  # 7 s: the guest still thinks its connection is only quiet
    assert guest.room.connection == "open" and host.room.connection == "none"
    frames(host, guest, count=30)  # past 8 s of silence the guest knocks, and the host answers
    assert host.room.connection == guest.room.connection == "open" and moves(host) == moves(guest) == [0]


def test_a_lost_offer_is_sent_again_when_the_knock_is_repeated():
    broker, host, guest = Broker(), None, None
    host_page, guest_page = Page.pair([])
    host = Device(host_page, broker, Settings(), 1)
    frames(host, count=1)
    guest = Device(guest_page, broker, Settings(), 2, link=host.lobby.link)
    frames(guest, count=1)  # the guest knocks
    frames(host, count=2)  # the host serves: its offer goes out...
    assert [json.loads(t)["t"] for _, t in broker.published] == ["knock", "offer"]
    guest.lobby.page.scripts[RELAY_SCRIPT.name].events.clear()  # ...and is lost on the way
    frames(host, guest, count=int(KNOCK_EVERY / 0.1) + 10)  # the guest knocks again, the same attempt
    offers = [t for _, t in broker.published if json.loads(t)["t"] == "offer"]
    assert len(offers) == 2 and offers[0] == offers[1]  # the same offer, the host's connection not made again
    assert host.lobby.state == guest.lobby.state == PLAYING


def test_with_no_relay_answering_the_host_falls_back_to_two_links_and_says_so():
    broker = Broker(up=False)
    host = Device(Page([]), broker, Settings(), 1)
    frames(host, count=int(RELAY_WAIT / 0.1) - 2)
    assert host.lobby.state == PREPARING and host.lobby.link == ""  # no link to share before a relay answers
    frames(host, count=4)
    assert host.lobby.state == INVITING and "#o1." in host.lobby.link and host.lobby.rejoin is None
    assert "No relay answered" in host.lobby.two_links
    assert kept_secret(host.saved[0]) and not kept_secret(host.saved[-1])  # a room of two links: no secret kept
    guest = Device(Page([]), broker, Settings(), 2, link=JoinLink("Kq3xZ0a_", new_secret(random.Random(1))).link(""))
    frames(guest, count=int(RELAY_WAIT / 0.1) + 2)
    assert guest.lobby.state == JOINING and "ask your friend to invite you again" in guest.lobby.problem


def test_with_no_relay_in_settings_the_room_is_joined_by_two_links_at_once():
    host = Device(Page([]), Broker(), Settings(relays=()), 1)
    frames(host, count=2)
    assert host.lobby.state == INVITING and "#o1." in host.lobby.link and "No relay is set" in host.lobby.two_links


def test_a_bad_one_link_opened_fails_in_words_and_nothing_is_kept():
    device = Device(Page([]), Broker(), Settings(), 1, link="https://x/#j1.Kq3xZ0a_.AAAA.BB")
    assert device.lobby.state == "failed" and "mistyped" in device.lobby.problem and device.saved == []


def test_leaving_the_room_leaves_the_relay_and_stops_asking_before_leaving_the_page():
    broker, host, guest = joined()
    guest.lobby.session.referee.leave()
    assert guest.lobby.page.scripts[RELAY_SCRIPT.name] not in broker.joined and not guest.page.guarded
    frames(host, count=3)
    assert host.lobby.session.referee.link_text().startswith("Reconnecting to Bob")


def test_a_host_that_waited_a_minute_for_its_friend_keeps_the_connection_alive_once_the_game_begins():
    broker = Broker()
    host_page, guest_page = Page.pair([])
    host = Device(host_page, broker, Settings(), 1)
    frames(host, count=600)  # a minute before the friend opens the link
    guest = Device(guest_page, broker, Settings(), 2, link=host.lobby.link)
    frames(host, guest, count=10)
    assert host.lobby.state == guest.lobby.state == PLAYING
    frames(host, guest, count=150)  # 15 s of play with nothing drawn: the pings keep both devices in touch
    assert host.room.connection == guest.room.connection == "open" and host.room.pings.count >= 5
    assert not host.room.paused and not guest.room.paused


def test_a_flood_of_knocks_costs_the_host_at_most_one_new_connection_a_second():
    broker = Broker()
    host = Device(Page([]), broker, Settings(), 1)
    frames(host, count=1)
    started = []
    host.page.start = lambda role, servers, offer: started.append(role) or "ok"
    relay = host.lobby.page.scripts[RELAY_SCRIPT.name]
    for n in range(50):  # 50 knocks of new attempts in 5 s
        relay.events.append({"k": "sig", "d": signal("knock", GUEST, f"flood{n:03d}")})
        frames(host, count=1)
    assert 4 <= len(started) <= 6


def test_an_attempt_that_never_connects_is_given_up_for_a_new_one():
    broker = Broker()
    host_page, guest_page = Page.pair([])
    host = Device(host_page, broker, Settings(), 1)
    frames(host, count=1)
    host_page.accept = lambda answer: "ok"  # the answer taken, but no path between the devices ever opens
    guest = Device(guest_page, broker, Settings(), 2, link=host.lobby.link)
    frames(host, guest, count=10)
    first = guest.lobby.rejoin.attempt
    assert guest.lobby.rejoin.answered and guest.room.connection == "none"
    frames(host, guest, count=240)  # 24 s: still that attempt
    assert guest.lobby.rejoin.attempt == first
    frames(host, guest, count=30)  # past 25 s: a new attempt, knocked for and served
    assert guest.lobby.rejoin.attempt != first and host.lobby.rejoin.attempt == guest.lobby.rejoin.attempt


def test_a_lost_answer_is_sent_again_until_the_channel_opens():
    broker = Broker()
    host_page, guest_page = Page.pair([])
    host = Device(host_page, broker, Settings(), 1)
    frames(host, count=1)
    guest = Device(guest_page, broker, Settings(), 2, link=host.lobby.link)
    host_relay = host.lobby.page.scripts[RELAY_SCRIPT.name]
    for _ in range(10):  # until the guest's answer is out: it is lost on its way to the host
        frames(host, guest, count=1)
        if any(json.loads(text)["t"] == "answer" for _, text in broker.published):
            host_relay.events = [e for e in host_relay.events if json.loads(e["d"])["t"] != "answer"]
            break
    frames(host, guest, count=30)
    answers = [t for _, t in broker.published if json.loads(t)["t"] == "answer"]
    assert len(answers) == 2 and answers[0] == answers[1]  # sent again 2 s later, then no more: the channel opened
    assert host.lobby.state == guest.lobby.state == PLAYING
