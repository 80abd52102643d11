"""Fake pages for the online rooms' tests: ``window.pipopipetteOnline`` as webrtc.js answers it (in a page in
memory, game.page.memory), giving real SDP captured from Chromium (tests/play/online/sdp) and carrying messages
between two pages once the host took the reply, and a BroadcastChannel between the tabs of one device."""

from __future__ import annotations

import json
from pathlib import Path

from game.page.memory import MemoryPage
from game.play.online.bridge import SCRIPT

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


def online_page(online: Page) -> MemoryPage:
    """A browser page in memory whose webrtc.js is ``online`` (and whose address cannot be read: invitations are
    codes to paste)."""
    return MemoryPage(site=None, scripts={SCRIPT.name: online})


def live_sessions(host_settings, guest_settings):
    """The host's and the guest's live sessions of one room, connected through two fake pages (as the scene's
    lobbies do it)."""
    import random

    from game.play.online.lobby import Lobby

    host_page, guest_page = Page.pair([])
    host = Lobby(online_page(host_page), host_settings, random.Random(1))
    host.update(0.1)
    guest = Lobby(online_page(guest_page), guest_settings, random.Random(2), link=host.link)
    guest.update(0.1)
    host.take_reply(guest.link)
    for _ in range(3):
        host.update(0.1)
        guest.update(0.1)
    assert host.session is not None and guest.session is not None, "the fake pages connect at once"
    return host.session, guest.session
