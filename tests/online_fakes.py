"""Fake pages for the online rooms' tests: ``window.pipopipetteOnline`` as webrtc.js answers it (in a page in
memory, game.page.memory), giving real SDP captured from Chromium (tests/play/online/sdp) and carrying messages
between two pages once the host took the reply, and a BroadcastChannel between the tabs of one device;
``window.pipopipetteRelay`` as relay.js answers it, joined to a fake MQTT broker (:class:`Broker`) that hands
every message published on a topic to every page joined to it (the sender too, as MQTT does; no encryption
here: that is the page's)."""

from __future__ import annotations

import json
from pathlib import Path

from game.page.memory import MemoryPage
from game.play.online.bridge import RELAY_SCRIPT, SCRIPT

SDP = Path(__file__).with_name("play") / "online" / "sdp"


class Page:
    """window.pipopipetteOnline of one fake page; ``other`` is the page at the other end, ``tabs`` this site's tabs
    on the same device (for the BroadcastChannel)."""

    def __init__(self, tabs: list) -> None:
        self.events: list[dict] = []
        self.other: Page | None = None
        self.tabs = tabs
        self.listening = ""
        self.open = False
        tabs.append(self)

    @staticmethod
    def pair(host_tabs: list) -> tuple[Page, Page]:
        """The host's page (among ``host_tabs``) and the guest's, each the other's other end."""
        host, guest = Page(host_tabs), Page([])
        host.other, guest.other = guest, host
        return host, guest

    def start(self, role, servers, offer):
        kind = "offer" if role == "host" else "answer"
        self.events.append({"k": "local", "d": (SDP / f"chromium-1-{kind}.sdp").read_bytes().decode()})
        return "ok"

    def accept(self, answer):
        for page in (self, self.other):
            page.open = True
            page.events.append({"k": "open", "d": ""})
        return "ok"

    def send(self, text):
        if not self.open:
            return "closed"
        self.other.events.append({"k": "msg", "d": text})
        return "ok"

    def close(self):
        """The channel closed here: the other end hears of it (as the data channel's onclose)."""
        if self.open and self.other is not None:
            self.open = self.other.open = False
            self.other.events.append({"k": "closed", "d": ""})
        return "ok"

    def guard(self, on):
        self.guarded = on == "on"
        return "ok"

    def listen(self, room):
        self.listening = room
        return "ok"

    def handOver(self, room, link):  # noqa: N802 - the page's name
        for tab in self.tabs:
            if tab is not self and tab.listening == room:
                tab.events.append({"k": "reply", "d": link})
                self.events.append({"k": "handed", "d": ""})
        return "ok"

    def take(self):
        out, self.events = self.events, []
        return json.dumps(out) if out else ""


class Broker:
    """An MQTT broker the fake relay pages reach (``up`` False: none reachable)."""

    def __init__(self, up: bool = True) -> None:
        self.up = up
        self.joined: list[Relay] = []
        self.published: list[tuple[str, str]] = []

    def publish(self, topic: str, text: str) -> None:
        self.published.append((topic, text))
        for relay in self.joined:
            if relay.topic == topic:
                relay.events.append({"k": "sig", "d": text})


class Relay:
    """window.pipopipetteRelay of one fake page, joined to ``broker``; with none, the page could not load the MQTT
    client (``unavailable``: the room is joined by two links at once)."""

    URL = "wss://relay.test/mqtt"

    def __init__(self, broker: Broker | None) -> None:
        self.broker = broker
        self.events: list[dict] = []
        self.topic = ""
        self.fragment = ""

    def join(self, urls, topic, key):
        self.topic = topic
        if self.broker is None:
            self.events.append({"k": "unavailable", "d": ""})
        elif self.broker.up and json.loads(urls):
            self.broker.joined.append(self)
            self.events.append({"k": "up", "d": self.URL})
        return "ok"

    def publish(self, text):
        if self.broker is not None and self in self.broker.joined:
            self.broker.publish(self.topic, text)
        return "ok"

    def leave(self):
        if self.broker is not None and self in self.broker.joined:
            self.broker.joined.remove(self)
        return "ok"

    def remember(self, fragment):
        self.fragment = fragment
        return "ok"

    def take(self):
        out, self.events = self.events, []
        return json.dumps(out) if out else ""


def online_page(online: Page, broker: Broker | None = None) -> MemoryPage:
    """A browser page in memory whose webrtc.js is ``online`` and whose relay.js reaches ``broker`` (none: the page
    cannot load the MQTT client, and rooms are joined by two links), and whose address cannot be read (invitations
    are codes to paste)."""
    return MemoryPage(site=None, scripts={SCRIPT.name: online, RELAY_SCRIPT.name: Relay(broker)})


def live_sessions(host_settings, guest_settings):
    """The host's and the guest's live sessions of one room, joined by its one link through two fake pages and a fake
    relay (as the scene's lobbies do it)."""
    import random

    from game.play.online.lobby import Lobby

    host_page, guest_page = Page.pair([])
    broker = Broker()
    host = Lobby(online_page(host_page, broker), host_settings, random.Random(1))
    host.update(0.1)
    guest = Lobby(online_page(guest_page, broker), guest_settings, random.Random(2), link=host.link)
    for _ in range(12):
        host.update(0.1)
        guest.update(0.1)
    assert host.session is not None and guest.session is not None, "the fake pages connect at once"
    return host.session, guest.session
