"""The Python half of the browser's data channel (``webrtc.js``), and the loop step that joins it to a room.

Only strings cross between Python and the page: Python calls ``window.pipopipetteOnline.<function>(text, ...)``
through the page port (``game/page``: the script's functions, as the backup download's) and polls ``take()`` once
a frame, which returns
what happened as a JSON list of ``{"k": kind, "d": text}``: ``local`` (this device's offer or answer SDP), ``open``,
``msg`` (a message, as received), ``closed``, ``failed``, ``bad`` (a message that was not text or too long: only
its arrival, never its content),
``flood`` (too many waiting: the page closed the channel), ``error`` (the browser refused a description), ``reply``
(a reply link handed over from another tab), ``handed`` (a waiting tab took the reply this tab handed over).
The page never runs anything it receives, and Python never builds JavaScript from received text: the script itself
is this package's own file, evaluated once. No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...page import Glue, Scripts
from .room import Room

SCRIPT = Glue("pipopipetteOnline", Path(__file__).with_name("webrtc.js"))
KINDS = ("local", "open", "msg", "closed", "failed", "bad", "flood", "error", "reply", "handed")
MAX_POLL = 2_000_000  # characters one poll may bring (the page keeps at most 400 events of 16,000)


@dataclass(frozen=True)
class PageEvent:
    kind: str
    data: str = ""


class BrowserChannel:
    """The data channel of ``page`` (the browser page the game runs in: ``webrtc.js`` there)."""

    def __init__(self, page: Scripts) -> None:
        self.page = page.script(SCRIPT)

    def host(self, ice_servers: list[dict[str, str]]) -> None:
        """Make an offer; it comes back as a ``local`` event."""
        self.page.start("host", json.dumps(ice_servers), "")

    def join(self, offer_sdp: str, ice_servers: list[dict[str, str]]) -> None:
        """Answer ``offer_sdp``; the answer comes back as a ``local`` event."""
        self.page.start("guest", json.dumps(ice_servers), offer_sdp)

    def accept(self, answer_sdp: str) -> None:
        self.page.accept(answer_sdp)

    def send(self, text: str) -> bool:
        return str(self.page.send(text)) == "ok"

    def close(self) -> None:
        self.page.close()

    def guard(self, on: bool) -> None:
        """Leaving the page asks first (``on``), or not."""
        self.page.guard("on" if on else "off")

    def listen(self, room_id: str) -> None:
        """Take replies to ``room_id`` opened in another tab (they come as ``reply`` events)."""
        self.page.listen(room_id)

    def hand_over(self, room_id: str, link: str) -> None:
        """Give a reply link opened in this tab to the tab waiting for it (``handed`` when it took it)."""
        self.page.handOver(room_id, link)

    def poll(self) -> list[PageEvent]:
        """What happened since the last poll; anything not in the expected form is left out."""
        return page_events(self.page.take(), KINDS)


def page_events(text: Any, kinds: tuple[str, ...]) -> list[PageEvent]:
    """The events in a page's ``take()`` answer (a JSON list of ``{k, d}``), those of ``kinds`` in the expected form."""
    if not isinstance(text, str) or not text or len(text) > MAX_POLL:
        return []
    try:
        found = json.loads(text)
    except ValueError:
        return []
    if not isinstance(found, list):
        return []
    return [
        PageEvent(item["k"], item["d"])
        for item in found
        if isinstance(item, dict) and item.get("k") in kinds and isinstance(item.get("d"), str)
    ]


def step(room: Room, events: list[PageEvent], channel: BrowserChannel, now: float) -> list[PageEvent]:
    """One frame of a room in play: the channel's events to the room, the room's messages to the channel, the
    channel closed when the room hangs up. Every message the other device sent reaches the room, a ``bad`` one as
    None (so it counts toward the flood limit and is refused); returns the events that are not the room's
    (``local``, ``error``, ``reply``, ``handed``: none of them comes from the other device)."""
    others = []
    for event in events:
        if event.kind == "open":
            room.connected(now)
        elif event.kind in ("msg", "bad"):
            room.receive(event.data if event.kind == "msg" else None, now)
        elif event.kind == "failed":
            room.failed(now)
        elif event.kind in ("closed", "flood"):
            room.disconnected(now)
        else:
            others.append(event)
    room.tick(now)
    for text in room.take_outbox():
        channel.send(text)
    if room.hang_up:  # once: the reason was told by the room's "closed" event
        room.hang_up = ""
        channel.close()
    return others


RELAY_SCRIPT = Glue("pipopipetteRelay", Path(__file__).with_name("relay.js"))
RELAY_KINDS = ("up", "down", "sig", "bad", "unavailable")


class RelayPage:
    """The room's signalling through the MQTT relays (``relay.js``), driven through the page port as the channel is:
    ``join`` the room's topic with its key, ``publish`` a message (the page encrypts it), ``poll`` what happened
    (``up``/``down`` with a broker's URL, ``sig`` with a message decrypted, ``bad``, ``unavailable``)."""

    def __init__(self, page: Scripts) -> None:
        self.page = page.script(RELAY_SCRIPT)

    def join(self, relays: tuple[str, ...], topic: str, key: str) -> None:
        self.page.join(json.dumps(list(relays)), topic, key)

    def publish(self, text: str) -> None:
        self.page.publish(text)

    def leave(self) -> None:
        """The room's relays left, and its link taken out of the page's address."""
        self.page.leave()
        self.page.remember("")

    def remember(self, fragment: str) -> None:
        """The page's address gets ``fragment`` (the room's link), so a reload opens the room again."""
        self.page.remember(fragment)

    def poll(self) -> list[PageEvent]:
        return page_events(self.page.take(), RELAY_KINDS)
