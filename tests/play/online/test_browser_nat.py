"""Online rooms over networks like the real ones: two headless Chromium browsers, each in its own home behind its own
NAT (network namespaces the test makes, ``tools/browser/netlab.py``), with a STUN and TURN server (coturn) on the
lab's internet, connecting through today's two-link handshake (invitation, then reply).

* through two cone NATs, STUN alone connects them (the selected pair is server-reflexive, never relayed), and a whole
  5x5 game is played with 150 ms between the homes and 5% of packets lost, with a 20 s outage of one home half way:
  the game pauses; Chromium gives the connection up about 15 s into it, so once the link is back the players of a
  room joined by two links exchange a new invitation and reply, and the game goes on from both move lists with the
  line played during the outage;
* through a symmetric NAT, STUN alone cannot: both devices are told what to try; with the TURN server they connect
  through it (a relayed pair) and play a whole game.

* the room's one link through the lab's MQTT broker (amqtt on the lab's internet, standing in for the public relays;
  each device the game's own lobby and session): opened in home b, it joins the room; with 150 ms and 5% loss, a
  20 s outage of home b is recovered by itself (Chromium gives the connection up; the guest knocks through the relay
  once the link is back) with the line played during it, then each side's page is reloaded and comes back by itself,
  and the whole game ends the same on both devices with nothing refused.

The times are reported by ``python -m benchmarks.nat_rooms``, never asserted here. Skipped, saying why, without root,
the lab's tools (ip, iptables, coturn), the browser harness, amqtt or npm's packages for the relay's bundle.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tools.browser.node_driver import PLAYWRIGHT, missing, skip_reason

MISSING = missing(PLAYWRIGHT)
pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]


@pytest.fixture
def lab(request, tmp_path: Path):
    from tools.browser import netlab

    why = netlab.skip_reason()
    if why:
        pytest.skip(f"NAT test skipped: {why}")
    with netlab.NetLab(tmp_path, symmetric=request.param == "symmetric") as made:
        made.coturn()
        yield made


def homes(lab, servers):
    from tools.browser.nat_rooms import Homes

    return Homes(lab, servers)


@pytest.mark.parametrize("lab", ["symmetric"], indirect=True)
def test_the_lab_holds_only_documentation_addresses_and_no_link_out(lab):
    import ipaddress

    ranges = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "127.0.0.0/8")]
    for address in lab.addresses():
        assert any(ipaddress.ip_interface(address).ip in net for net in ranges), address
    assert "default" not in lab.ns("wan", "ip", "route")  # the internet of the lab leads nowhere else


def finished_the_same(homes) -> None:
    host, guest = homes.host.table, homes.guest.table
    assert host.over and guest.over and len(host.moves()) == 60
    assert host.moves() == guest.moves() and host.match.totals() == guest.match.totals()
    assert not homes.host.log and not homes.guest.log


@pytest.mark.parametrize("lab", ["cone"], indirect=True)
def test_cone_nats_connect_by_stun_and_a_whole_game_survives_delay_loss_and_an_outage(lab):
    from tools.browser.nat_rooms import STUN

    both = homes(lab, (STUN,))
    try:
        both.connect()
        assert both.candidate_kinds() == ({"host", "srflx"}, {"host", "srflx"})  # what the links carried
        assert "relay" not in both.pair() and "srflx" in both.pair()
        lab.weather(delay_ms=150, loss=0.05)
        rng = random.Random(5)
        both.play(rng, 30)
        out = both.outage(20, rng)
        assert out["paused_s"] > 0 and out["gave_up"]  # paused, then on again with the line played in the outage
        both.play(rng)
        finished_the_same(both)
    finally:
        both.close()


@pytest.mark.parametrize("lab", ["symmetric"], indirect=True)
def test_the_signalling_relay_on_the_internet_is_reached_from_both_homes(lab):
    from tools.browser.nat_rooms import STUN

    if not lab.broker():
        pytest.skip("relay check skipped: amqtt missing (pip install amqtt; AMQTT=path/to/amqtt or on the PATH)")
    both = homes(lab, (STUN,))
    try:
        assert both.relay() == ("open", "open")  # a WebSocket through each NAT, the symmetric one too
    finally:
        both.close()


@pytest.mark.parametrize("lab", ["symmetric"], indirect=True)
def test_a_symmetric_nat_connects_only_through_turn_and_says_what_to_try_without_it(lab):
    from tools.browser.nat_rooms import STUN, TURN

    alone = homes(lab, (STUN,))
    try:
        _, said = alone.unreachable()
    finally:
        alone.close()
    assert len(said) == 2 and all("could not reach each other" in text and "TURN server" in text for text in said)
    both = homes(lab, (STUN, TURN))
    try:
        both.connect()
        assert "relay" in both.pair()
        both.play(random.Random(6))
        finished_the_same(both)
    finally:
        both.close()


@pytest.mark.parametrize("lab", ["cone"], indirect=True)
def test_one_link_through_the_labs_relay_comes_back_by_itself_after_an_outage_and_each_sides_reload(lab, relay_bundle):
    from tools.browser.nat_rooms import STUN, relay_homes, relay_outage

    if not lab.broker():
        pytest.skip("relay test skipped: amqtt missing (pip install -e '.[test]', or AMQTT=path/to/amqtt)")
    pair = relay_homes(lab, relay_bundle, (STUN,))
    try:
        pair.join(45)
        assert "#j1." in pair.link
        lab.weather(delay_ms=150, loss=0.05)
        rng = random.Random(7)
        pair.play(rng, 16)
        out = relay_outage(pair, lab, 20, rng)  # by itself: nobody sends a link
        assert out["paused_s"] > 0 and len(pair.host.moves()) == 17 and pair.same_and_clean()
        pair.play(rng, 10)
        pair.reload(pair.guest, 90)
        pair.play(rng, 10)
        pair.reload(pair.host, 90)
        assert len(pair.host.moves()) == 37 and pair.same_and_clean()
        pair.play(rng)
        assert pair.host.room.table.over and pair.guest.room.table.over and len(pair.host.moves()) == 60
        assert pair.same_and_clean()
    finally:
        pair.close()
