"""One link to join a room, and the devices finding each other again by themselves, through public MQTT relays.

The host shares one link, ``https://site/#j1.<room id>.<secret>.<check>``: the room id, a random secret of 16 bytes
(URL-safe base64, 22 characters) and the two check characters of position codes. Whoever opens it joins the room.
The two halves of the WebRTC handshake (the same offer and answer an invitation and a reply carry, packed and checked
by :mod:`.invite`) travel through public MQTT brokers over WebSocket instead of through the people: ``relay.js``
(mqtt.js, bundled at build time) publishes and receives them on a topic derived from the secret, encrypted with a
key derived from it (AES-GCM), so a broker sees neither the room nor a description, and nobody without the link can
find the topic. The secret is carried only in the link's fragment, which browsers never send to a server.

:class:`Rejoin` is the signalling, the same for the first connection and every later one: while the guest's device
holds no connection, or its connection fell silent (no message for :data:`.room.SILENCE` seconds: the host's page
reloaded, a network gone), it knocks (every :data:`KNOCK_EVERY` seconds, each attempt with its own id); the host
answers each new knock with a fresh offer; the guest answers the offer; the host takes the answer; the data channel
opens and the room says hello (the hellos are what the devices agree on: :func:`.handshake.agree`, ``vouch``). So
a reload of either page, or a connection the browser gave up, comes back with no new link. When no relay answers
within :data:`RELAY_WAIT` seconds, :attr:`Rejoin.unreachable` says so and the lobby falls back to the two links.

The brokers are Settings' list (:data:`.ice.DEFAULT_RELAYS`), each URL checked by :func:`.ice.relay_problem`.
No pygame here.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import random
import re
from dataclasses import dataclass
from typing import Any, Protocol

from ...core.notation import check_v2
from ..i18n import tr
from ..links import fragment_of
from .invite import OFFER, Description, InviteError, check_reply, description_of, link_problem, read_link, sdp_of
from .invite import invitation as offer_link
from .invite import reply as answer_link
from .protocol import GUEST, HOST, ROOM_ID
from .room import NONE, OPEN, SILENT, Room

JOIN = "j"
LINK_VERSION = 1
SECRET_BYTES = 16
SECRET = re.compile(r"[A-Za-z0-9_-]{22}")
_LINK = re.compile(r"j([0-9]{1,3})\.([^.]*)\.([^.]*)\.([A-Za-z0-9_-]{2})")
MAX_LINK = 300

RELAY_WAIT = 8.0  # seconds for a first relay to answer before the two-link handshake is offered instead
KNOCK_EVERY = 2.0  # seconds between the guest's knocks while it has no connection
OFFER_AGAIN = 1.0  # the host sends its offer again at most this often (a knock repeated: the offer was lost)
SERVE_EVERY = 1.0  # the host answers a new attempt at most this often (each costs a new connection)
CONNECT_WAIT = 25.0  # seconds an attempt may take from its offer (or answer) to an open channel: then a new one
REFUSED_WAIT = 30.0  # after an attempt closed before its handshake agreed (refused), the guest waits this long
MAX_SIGNAL = 3000  # characters of one signalling message
ATTEMPT = re.compile(r"[A-Za-z0-9]{8}")

log = logging.getLogger("pipopipette.online")


class RelayError(ValueError):
    """A join link that cannot be used; the message says why, in the player's words."""


# -- the link ----------------------------------------------------------------------------------------------------------
def new_secret(rng: random.Random) -> str:
    """A new room's secret: 16 random bytes in URL-safe base64 (22 characters)."""
    return base64.urlsafe_b64encode(rng.randbytes(SECRET_BYTES)).decode().rstrip("=")


@dataclass(frozen=True)
class JoinLink:
    room_id: str
    secret: str

    def fragment(self) -> str:
        body = f"{JOIN}{LINK_VERSION}.{self.room_id}.{self.secret}"
        return f"{body}.{check_v2(body)}"

    def link(self, site: str) -> str:
        return f"{site}#{self.fragment()}"

    def topic(self) -> str:
        """The relay topic of the room: a hash of the secret (the room id never reaches a broker)."""
        return "pipopipette/" + _derive(self.secret, "topic").hex()[:32]

    def key(self) -> str:
        """The AES-GCM key of the room's signalling (256 bits, hex), derived from the secret."""
        return _derive(self.secret, "key").hex()


def _derive(secret: str, purpose: str) -> bytes:
    raw = base64.urlsafe_b64decode(secret + "=" * (-len(secret) % 4))
    return hmac.new(raw, f"pipopipette-relay-{purpose}-v1".encode(), hashlib.sha256).digest()


def is_join_link(text: object) -> bool:
    """True for text meant as a room's one link (to tell it from an invitation, a reply or a game link)."""
    return isinstance(text, str) and bool(re.match(r"j[0-9]{1,3}\.", fragment_of(text)))


def read_join(text: object) -> JoinLink:
    """The room and secret of a join link; :class:`RelayError` says why it cannot be used."""
    if not isinstance(text, str) or len(text) > MAX_LINK * 8:
        raise RelayError(tr("This is not an online game link: it is too long."))
    fragment = "".join(fragment_of(text).split())
    found = _LINK.fullmatch(fragment) if len(fragment) <= MAX_LINK else None
    if not found:
        raise RelayError(tr("This is not an online game link."))
    version, room_id, secret, check = found.groups()
    why = link_problem(fragment, int(version), check, LINK_VERSION)
    if why:
        raise RelayError(why)
    if not (ROOM_ID.fullmatch(room_id) and SECRET.fullmatch(secret)):
        raise RelayError(tr("This link is damaged: ask for a new one."))
    return JoinLink(room_id, secret)


# -- the signalling messages -------------------------------------------------------------------------------------------
def signal(kind: str, role: str, attempt: str, link: str = "") -> str:
    """One signalling message, as :func:`read_signal` takes it (encrypted by the page before a broker sees it)."""
    return json.dumps({"t": kind, "from": role, "a": attempt, "link": link}, separators=(",", ":"))


@dataclass(frozen=True)
class Signal:
    kind: str  # knock (guest), offer (host), answer (guest)
    role: str
    attempt: str
    link: str  # the offer's or the answer's fragment, as an invitation or reply link holds it ("" in a knock)


SENDERS = {"knock": GUEST, "offer": HOST, "answer": GUEST}


def read_signal(text: object) -> Signal | None:
    """The signalling message in ``text``; None (logged) for anything else: a relay's message is never trusted."""
    try:
        if not isinstance(text, str) or len(text) > MAX_SIGNAL:
            raise ValueError("not a text, or too long")
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != {"t", "from", "a", "link"}:
            raise ValueError("fields")
        kind, role, attempt, link = data["t"], data["from"], data["a"], data["link"]
        if SENDERS.get(kind) != role or not isinstance(attempt, str) or not ATTEMPT.fullmatch(attempt):
            raise ValueError("kind, sender or attempt")
        if not isinstance(link, str) or (kind == "knock") != (link == ""):
            raise ValueError("link")
        return Signal(kind, role, attempt, link)
    except ValueError as error:
        log.warning("%s: %s %r", "relay", error, str(text)[:80])
        return None


# -- reconnecting ------------------------------------------------------------------------------------------------------
class Page(Protocol):
    """What :class:`Rejoin` needs of the page: the relay (``bridge.RelayPage``) and the data channel
    (``bridge.BrowserChannel``) in the browser, fakes in the tests."""

    def publish(self, text: str) -> None: ...
    def poll(self) -> list[Any]: ...
    def leave(self) -> None: ...


class Channel(Protocol):
    def host(self, ice_servers: list[dict[str, str]]) -> None: ...
    def join(self, offer_sdp: str, ice_servers: list[dict[str, str]]) -> None: ...
    def accept(self, answer_sdp: str) -> None: ...


UP, DOWN, SIG, MISSING = "up", "down", "sig", "unavailable"  # the relay page's events (bridge.RelayPage)


class Rejoin:
    """The signalling of one room through the relays, for the whole time the page holds it. ``tick`` polls the relay
    page and is given the data channel's own events (``local``, ``error``: what :func:`.bridge.step` leaves), once a
    frame, with the room."""

    def __init__(
        self, role: str, join: JoinLink, relay: Page, channel: Channel, ice: list[dict[str, str]],
        rng: random.Random, now: float = 0.0,
    ) -> None:  # fmt: skip
        self.role, self.join, self.relay, self.channel, self.ice, self.rng = role, join, relay, channel, ice, rng
        self.started = now
        self.up: set[str] = set()  # the brokers reached
        self.reached = False
        self.missing = False  # the page could not load the MQTT client (relay-mqtt.js)
        self.attempt = ""  # the attempt in play (the guest's own, the one the host serves)
        self.offer: Description | None = None  # the host's offer of this attempt (the guest's: the one answered)
        self.offer_text = ""  # the host's offer message, to send again when a knock is repeated
        self.answer_text = ""  # the guest's answer message, sent again every few seconds until the channel opens
        self.answered = False  # the attempt's answer was sent (guest) or taken (host)
        self.attempt_at = now  # when the attempt began (guest) / its offer was last sent (host)
        self.next_knock = now
        self.opened = False  # the attempt's channel opened
        self.agreed = False  # the attempt's handshake agreed on a game (its connection was open)
        self.attempts = 0
        self.served_at = now  # when the host last answered a new attempt

    def unreachable(self, now: float) -> bool:
        """True when no relay answered in :data:`RELAY_WAIT` seconds from the start (the two links stay)."""
        return not self.reached and (self.missing or now - self.started > RELAY_WAIT)

    def tick(self, room: Room, channel_events: list[Any], now: float) -> None:
        for event in self.relay.poll():
            if event.kind == UP:
                self.up.add(event.data)
                self.reached = True
            elif event.kind == DOWN:
                self.up.discard(event.data)
            elif event.kind == MISSING:
                self.missing = True
            elif event.kind == SIG:
                found = read_signal(event.data)
                if found is not None and found.role != self.role:
                    self._on_signal(found, room, now)
        for event in channel_events:
            if event.kind == "local":
                self._on_local(event.data, room, now)
        if room.connection != NONE and self.attempt:
            self.opened = True
            self.agreed = self.agreed or room.connection == OPEN
        if self.role == GUEST:
            self._guest_tick(room, now)

    def leave(self) -> None:
        """This device leaves the room's relays (the room's link is no longer answered here)."""
        self.relay.leave()

    # -- the guest ---------------------------------------------------------------------------------------------------
    def _guest_tick(self, room: Room, now: float) -> None:
        if room.connection not in (NONE, SILENT):
            return
        lost = self.opened  # the attempt's channel opened, then closed or fell silent: a reload, an outage, a refusal
        if lost:
            self._drop(room, now)
        stuck = self.offer is not None and not self.opened and now - self.attempt_at > CONNECT_WAIT
        if lost or stuck or not self.attempt:
            self._new_attempt(now + (REFUSED_WAIT if lost and not self.agreed else 0.0))
        if self.up and now >= self.next_knock and (not self.offer or self.answer_text):
            self.relay.publish(self.answer_text or signal("knock", GUEST, self.attempt))  # (again: it may be lost)
            self.next_knock = now + KNOCK_EVERY

    def _new_attempt(self, at: float) -> None:
        self.attempt = "".join(self.rng.choice("abcdefghijkmnopqrstuvwxyz23456789") for _ in range(8))
        self.offer, self.answered, self.opened, self.agreed, self.answer_text = None, False, False, False, ""
        self.attempt_at = self.next_knock = at
        self.attempts += 1

    # -- both --------------------------------------------------------------------------------------------------------
    def _on_signal(self, found: Signal, room: Room, now: float) -> None:
        try:
            if found.kind == "knock":
                self._serve(found.attempt, room, now)
            elif found.kind == "offer" and found.attempt == self.attempt and self.offer is None:
                link = read_link(found.link)
                if link.kind != OFFER or link.room_id != self.join.room_id:
                    raise InviteError("not this room's offer")
                self._drop(room, now)
                self.offer = link.description
                self.channel.join(sdp_of(link.description), self.ice)
                self.attempt_at = now
            elif found.kind == "answer" and found.attempt == self.attempt and self.offer and not self.answered:
                link = read_link(found.link)
                check_reply(link, self.join.room_id, self.offer)
                self.answered = True
                self.channel.accept(sdp_of(link.description))
        except InviteError as error:
            log.warning("%s: %s %s", "relay", found.kind, error)

    def _serve(self, attempt: str, room: Room, now: float) -> None:
        """The host answers a knock: a new attempt gets a fresh offer; the same one again gets the offer again."""
        if attempt != self.attempt:
            if self.attempts and now - self.served_at < SERVE_EVERY:
                return  # (knocks of new attempts faster than this: the guest knocks again; a flood costs nothing)
            self.served_at = now
            self._drop(room, now)
            self.attempt, self.offer, self.offer_text, self.answered = attempt, None, "", False
            self.opened = self.agreed = False
            self.attempts += 1
            self.channel.host(self.ice)
        elif self.offer_text and not self.answered and now - self.attempt_at >= OFFER_AGAIN:
            self.relay.publish(self.offer_text)
            self.attempt_at = now

    def _on_local(self, sdp: str, room: Room, now: float) -> None:
        """This device's description is ready: the host's offer, or the guest's answer, goes to the relay."""
        try:
            if self.role == HOST and self.attempt and self.offer is None:
                self.offer = description_of(sdp)
                self.offer_text = signal("offer", HOST, self.attempt, offer_link("", self.join.room_id, sdp))
                self.relay.publish(self.offer_text)
                self.attempt_at = now
            elif self.role == GUEST and self.offer is not None and not self.answered:
                link = answer_link("", self.join.room_id, sdp, self.offer)
                self.answer_text = signal("answer", GUEST, self.attempt, link)
                self.relay.publish(self.answer_text)
                self.next_knock = now + KNOCK_EVERY
                self.answered, self.attempt_at = True, now
        except InviteError as error:
            log.warning("%s: %s", "relay", error)

    def _drop(self, room: Room, now: float) -> None:
        """A new attempt replaces the connection this device held (the page closes it without telling the room)."""
        if room.connection != NONE:
            room.disconnected(now)
