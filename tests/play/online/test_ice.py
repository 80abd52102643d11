"""The STUN/TURN servers of Settings: checked URLs (bad ones refused with the reason), kept in the settings, and
given to the page's RTCPeerConnection when a room starts."""

from __future__ import annotations

import json
import random

import pytest
from online_fakes import Page, online_page

from game.play.online.ice import DEFAULT_SERVERS, ice_servers, read_servers, server_problem
from game.play.online.lobby import Lobby
from game.play.settings import Settings, settings_from_data


@pytest.mark.parametrize(
    "url",
    [
        "stun:stun.l.google.com:19302",
        "stun:192.0.2.7",
        "stun:[2001:db8::1]:3478",
        "stuns:stun.example.org:5349",
        "turn:ann:s3cret@turn.example.org:3478?transport=tcp",
        "TURNS:ann:pw@relay.example.org",
    ],
)
def test_stun_and_turn_urls_are_taken(url):
    assert server_problem(url) == ""


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("stun.l.google.com:19302", "starts with stun: or turn:"),
        ("http://stun.example.org", "starts with stun: or turn:"),
        ("stun:", "no server name"),
        ("stun:bad_host!:3478", "no server name"),
        ("stun:example.org:99999", "port is a number from 1 to 65535"),
        ("stun:example.org:port", "port is a number from 1 to 65535"),
        ("stun:a:²", "port is a number from 1 to 65535"),  # isdigit() true, int() raised
        ("stun:example.org:٣٤٧٨", "port is a number from 1 to 65535"),  # Arabic-Indic: int() reads 3478
        ("stun:example.org:３４７８", "port is a number from 1 to 65535"),  # full-width
        ("stun:example.org:৩৪৭৮", "port is a number from 1 to 65535"),  # Bengali
        ("stun:[2001:db8::1]:٣٤٧٨", "port is a number from 1 to 65535"),
        ("stun:example.org:", "port is a number from 1 to 65535"),
        ("stun:[2001:db8::1]:", "port is a number from 1 to 65535"),
        ("turn:turn.example.org:3478", "needs a name and a password"),
        ("stun:ann:pw@example.org", "takes no name or password"),
        ('turn:ann:p"w@example.org', "characters a server address cannot carry"),
        ("stun:example.org?transport=udp", "cannot have"),
        ("stun:" + "a" * 300, "too long"),
    ],
)
def test_a_bad_url_is_refused_with_the_reason(url, why):
    assert why in server_problem(url)


def test_a_list_is_read_from_lines_spaces_or_commas_with_repeats_kept_once():
    servers, problem = read_servers(" stun:a.example.org:3478\nstun:b.example.org, stun:a.example.org:3478 ")
    assert servers == ("stun:a.example.org:3478", "stun:b.example.org") and problem == ""
    assert read_servers("") == ((), "")  # none: only devices on the same network connect
    assert "At most 6" in read_servers(" ".join(f"stun:s{n}.example.org" for n in range(7)))[1]
    assert "starts with stun:" in read_servers("stun:ok.example.org nonsense")[1]


def test_the_settings_keep_the_servers_and_refuse_bad_ones():
    assert Settings().stun == DEFAULT_SERVERS and Settings().problems() == []
    kept, problems = settings_from_data(Settings(stun=("stun:x.example.org",)).to_data())
    assert kept.stun == ("stun:x.example.org",) and problems == []
    assert settings_from_data(Settings(stun=()).to_data())[0].stun == ()
    bad, problems = settings_from_data({**Settings().to_data(), "stun": ["ftp://x"]})
    assert bad.stun == DEFAULT_SERVERS and "starts with stun:" in problems[0]
    assert settings_from_data({"stun": "stun:x.example.org"})[1]  # not a list
    for port in ("²", "٣٤٧٨"):  # a settings file holding these stopped every start (²), or every room (٣٤٧٨)
        bad, problems = settings_from_data({**Settings().to_data(), "stun": [f"stun:a.example.org:{port}"]})
        assert bad.stun == DEFAULT_SERVERS and "port is a number" in problems[0]


def test_a_turn_servers_name_and_password_go_apart_from_its_url():
    assert ice_servers(("stun:a.example.org", "turn:ann:pw@t.example.org:3478?transport=udp")) == [
        {"urls": "stun:a.example.org"},
        {"urls": "turn:t.example.org:3478?transport=udp", "username": "ann", "credential": "pw"},
    ]


class RecordingPage(Page):
    def start(self, role, servers, offer):
        self.servers = json.loads(servers)
        return super().start(role, servers, offer)


@pytest.mark.parametrize("stun", [DEFAULT_SERVERS, ()])
def test_the_room_starts_with_the_servers_of_the_settings(stun):
    host_page, guest_page = RecordingPage([]), RecordingPage([])
    host_page.other, guest_page.other = guest_page, host_page
    host = Lobby(online_page(host_page), Settings(stun=stun), random.Random(1))
    host.update(0.1)  # (no relay: the two links at once)
    host.update(0.1)
    Lobby(online_page(guest_page), Settings(stun=stun), random.Random(2), link=host.link)
    assert host_page.servers == guest_page.servers == [{"urls": url} for url in stun]
