"""The room's one link between two real browsers on this machine: two headless Chromium instances, each running the
game's lobby and live session through ``webrtc.js`` and ``relay.js`` (mqtt.js, bundled as ``make web`` does), find
each other through a local MQTT broker (amqtt, on 127.0.0.1) standing in for the public relays: the host's one link
opened joins the room; a whole 5x5 game is played, with the guest's page reloaded and then the host's, each back by
itself in the same game with nothing lost and no new link. The relay carries only ciphertext on a topic derived
from the secret.

Skipped, saying why, without the browser harness (node, Chromium, playwright-core), npm's packages for the bundle
(npm ci) or amqtt (pip install -e '.[test]')."""

from __future__ import annotations

import base64
import json
import random

import pytest

from tools.browser.node_driver import PLAYWRIGHT, missing, skip_reason

MISSING = missing(PLAYWRIGHT)
pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]


@pytest.fixture
def broker(tmp_path):
    from tools.browser.relay_rooms import LocalBroker, amqtt_program

    if not amqtt_program():
        pytest.skip("relay test skipped: amqtt missing (pip install -e '.[test]', or AMQTT=path/to/amqtt)")
    made = LocalBroker(tmp_path)
    yield made
    made.close()


class Spy:
    """A third browser subscribed to the room's topic on the broker, as a relay (or anyone there) sees it."""

    def __init__(self, pair, url: str) -> None:
        from game.play.online.bridge import RelayPage
        from tools.browser.room_pages import PageWindow

        self.pages = pair.drivers[0]
        self.pages.ask(open="spy", browser="spy")
        RelayPage(PageWindow(self.pages, "spy"))  # (its script loads the bundle)
        pair.host.open()
        pair.run_until(lambda: pair.host.lobby.rejoin is not None and pair.host.lobby.rejoin.up)
        topic = pair.host.lobby.rejoin.join.topic()
        listen = """window.pipopipetteRelay.load().then(function (mqtt) { return new Promise(function (done) {
          window.seen = [];
          const client = mqtt.connect(%s, {protocolVersion: 4});
          client.on("message", function (topic, payload) { window.seen.push(String(payload)); });
          client.on("connect", function () { client.subscribe(%s, function () { done("ok"); }); });
        }); })"""
        assert self.pages.ask(page="spy", eval=listen % (json.dumps(url), json.dumps(topic))) == "ok"

    def seen(self) -> list[str]:
        return json.loads(self.pages.ask(page="spy", eval="JSON.stringify(window.seen)"))


def test_one_link_joins_and_each_sides_reload_comes_back_by_itself_with_nothing_lost(relay_bundle, broker):
    from tools.browser.relay_rooms import RelayPair

    pair = RelayPair(relay_bundle, (broker.url,))
    try:
        spy = Spy(pair, broker.url)
        times = pair.join()
        assert "#j1." in pair.link and times["board_s"] < 20
        seen = spy.seen()  # what the relay carried on the room's topic: the knock, the offer and the answer
        assert len(seen) >= 3 and all(base64.b64decode(text, validate=True) for text in seen)
        room, secret = pair.host.room.room_id, pair.link.split(".")[2]
        for text in seen:  # ciphertext only: no room, secret, description or address
            assert not any(word in text for word in (room, secret, "knock", "offer", "answer", "candidate"))
        guarded = "typeof window.onbeforeunload"
        pair.run_until(lambda: pair.host.pages.ask(page="host", eval=guarded) == "function", 5)  # leaving asks first
        rng = random.Random(31)
        pair.play(rng, 20)
        pair.reload(pair.guest)  # the guest's page reloaded: back in the same game by itself
        assert pair.guest.room.role == "g" and len(pair.guest.moves()) == 20 and pair.same_and_clean()
        pair.play(rng, 20)
        pair.reload(pair.host)  # then the host's
        assert len(pair.host.moves()) == 40 and pair.same_and_clean()
        pair.play(rng)
        assert pair.host.room.table.over and pair.guest.room.table.over and pair.same_and_clean()
        assert len(pair.host.moves()) == 60
        pair.run_until(
            lambda: pair.host.pages.ask(page="host", eval=guarded) == "object", 5
        )  # (null): over, it does not
    finally:
        pair.close()
