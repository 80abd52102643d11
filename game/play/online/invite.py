"""Invitation and reply links: a WebRTC offer or answer made short enough to send as a link or type as a code.

A browser's session description (SDP, about 715 characters for a data channel) holds much that is the same in every
game. A link keeps only what differs: the ICE user name and password, the DTLS certificate's SHA-256 fingerprint,
the DTLS role, and each UDP candidate's type, address (IPv4, IPv6, or the random ``<uuid>.local`` name a browser
shows instead of its address) and port. These are packed into bytes and written in URL-safe base64::

    https://site/#o1.Kq3xZ0a_.<payload>.Kq    an invitation (the offer): kind o, link version 1, room id, 2 check chars
    https://site/#a1.Kq3xZ0a_.<payload>.Kq    a reply (the answer); its payload also names the offer it answers

:func:`read_link` refuses, with the reason in the player's words, a link that is not a room link, was made by another
version of the game, is damaged or mistyped (the two check characters), is of the wrong kind, or belongs to another room
or an older invitation. :func:`sdp_of` writes the session description back for the browser. No pygame here.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import struct
from dataclasses import dataclass
from pathlib import Path

from ...core.notation import check_v2
from ...core.numbers import whole_number
from ..i18n import tr
from ..links import fragment_of
from .protocol import ROOM_ID

LINK_VERSION = 1
OFFER, ANSWER = "o", "a"
SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
IPV4, IPV6, MDNS = 0, 1, 2
MAX_CANDIDATES = 8
MAX_LINK = 1000
_MDNS = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local")
_B64 = re.compile(r"[A-Za-z0-9+/]*")
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]{1,255}")  # RFC 8839's ice-char: nothing else can reach the SDP written back
SDP_TEMPLATE = Path(__file__).with_name("datachannel.sdp").read_bytes().decode("ascii")
_LINK = re.compile(r"([oa])([0-9]{1,3})\.([^.]*)\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{2})")


class InviteError(ValueError):
    """A session description or a link that cannot be used; the message says why, in the player's words."""


@dataclass(frozen=True)
class Candidate:
    kind: str  # host, srflx, prflx, relay
    address: str  # an IPv4 or IPv6 address, or a browser's <uuid>.local name
    port: int
    priority: int


@dataclass(frozen=True)
class Description:
    """What a data channel's session description holds that differs between games."""

    ufrag: str
    pwd: str
    fingerprint: bytes  # SHA-256 of the DTLS certificate, 32 bytes
    setup: str  # actpass (an offer), active or passive (an answer)
    candidates: tuple[Candidate, ...]


# -- SDP ---------------------------------------------------------------------------------------------------------------
def _unusable(detail: str) -> InviteError:
    return InviteError(tr("This device's connection details cannot be put in a link ({why}).").format(why=detail))


def description_of(sdp: str) -> Description:
    """The parts of a browser's SDP a link keeps; :class:`InviteError` when it is not a data channel's."""
    values: dict[str, str] = {}
    candidates: list[Candidate] = []
    for line in sdp.replace("\r", "").split("\n"):
        name, _, value = line.partition(":")
        if name == "a=candidate":
            found = _candidate(value)
            if found and len(candidates) < MAX_CANDIDATES:
                candidates.append(found)
        elif name in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup"):
            values.setdefault(name[2:], value.strip())
    if "m=application" not in sdp or "webrtc-datachannel" not in sdp:
        raise _unusable("no data channel")
    if not all(key in values for key in ("ice-ufrag", "ice-pwd", "fingerprint", "setup")):
        raise _unusable("no ICE credentials or fingerprint")
    algorithm, _, digest = values["fingerprint"].partition(" ")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        fingerprint = b""
    if algorithm.lower() != "sha-256" or len(fingerprint) != 32:
        raise _unusable("not a SHA-256 fingerprint")
    if values["setup"] not in SETUPS:
        raise _unusable("unknown DTLS role")
    if not candidates:
        raise InviteError(tr("This device found no network to connect through."))
    ufrag, pwd = values["ice-ufrag"], values["ice-pwd"]
    if not (_ICE_CHARS.fullmatch(ufrag) and _ICE_CHARS.fullmatch(pwd)):
        raise _unusable("ICE credentials")
    return Description(ufrag, pwd, fingerprint, values["setup"], tuple(candidates))


def _candidate(value: str) -> Candidate | None:
    """A UDP candidate of component 1 (the only one a data channel uses); None for any other."""
    words = value.split()
    if len(words) < 8 or words[1] != "1" or words[2].lower() != "udp" or words[6] != "typ" or words[7] not in TYPES:
        return None
    priority, port = whole_number(words[3], 0, 2**32 - 1), whole_number(words[5], 1, 2**16 - 1)
    if priority is None or port is None or _address_kind(words[4]) is None:
        return None
    return Candidate(words[7], words[4].lower(), port, priority)


def _address_kind(address: str) -> int | None:
    if _MDNS.fullmatch(address.lower()):
        return MDNS
    try:
        return IPV4 if ipaddress.ip_address(address).version == 4 else IPV6
    except ValueError:
        return None


def sdp_of(description: Description) -> str:
    """A session description the browser accepts for this offer or answer (lines it does not need left out): the
    template ``datachannel.sdp`` beside this file, filled in."""
    candidates = ""
    for number, c in enumerate(description.candidates, 1):
        words = [f"a=candidate:{number}", "1", "udp", str(c.priority), c.address, str(c.port), "typ", c.kind]
        related = [] if c.kind == "host" else ["raddr", "0.0.0.0", "rport", "0"]
        candidates += " ".join(words + related) + "\r\n"
    return SDP_TEMPLATE.format(
        session=int.from_bytes(description.fingerprint[:7], "big"), candidates=candidates, ufrag=description.ufrag,
        pwd=description.pwd, fingerprint=":".join(f"{b:02X}" for b in description.fingerprint),
        setup=description.setup,
    )  # fmt: skip


# -- packing -----------------------------------------------------------------------------------------------------------
def _pack_text(text: str) -> tuple[bool, bytes]:
    """ICE credentials are usually base64 characters in groups of four, then packed 3 bytes per 4 characters."""
    if len(text) % 4 == 0 and _B64.fullmatch(text):
        return True, base64.b64decode(text)
    return False, text.encode("ascii")


def pack(description: Description, answers: str = "") -> bytes:
    """The bytes of a link's payload; ``answers`` is the offer's ICE user name, in a reply."""
    texts = [_pack_text(t) for t in (description.ufrag, description.pwd, answers)]
    flags = SETUPS.index(description.setup) | sum(packed << (2 + i) for i, (packed, _) in enumerate(texts))
    out = bytearray([flags])
    for _, data in texts:
        out += bytes([len(data)]) + data
    out += description.fingerprint + bytes([len(description.candidates)])
    for c in description.candidates:
        kind = _address_kind(c.address)
        assert kind is not None
        out.append(TYPES.index(c.kind) | kind << 2)
        out += _address_bytes(c.address, kind) + struct.pack(">HI", c.port, c.priority)
    return bytes(out)


def _address_bytes(address: str, kind: int) -> bytes:
    if kind == MDNS:
        return bytes.fromhex(address[:36].replace("-", ""))
    return ipaddress.ip_address(address).packed


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise ValueError("cut short")
        self.at += count
        return self.data[self.at - count : self.at]

    def byte(self) -> int:
        return self.take(1)[0]


def unpack(data: bytes) -> tuple[Description, str]:
    """(the description, the offer's ICE user name or "") from a payload; ValueError when it is damaged."""
    reader = _Reader(data)
    flags = reader.byte()
    if flags & 3 >= len(SETUPS) or flags >> 5:
        raise ValueError("flags")
    texts = []
    for i in range(3):
        raw = reader.take(reader.byte())
        texts.append(base64.b64encode(raw).decode() if flags >> (2 + i) & 1 else raw.decode("ascii"))
    fingerprint = reader.take(32)
    candidates = []
    for _ in range(reader.byte()):
        kind = reader.byte()
        if kind >> 2 > MDNS or kind >> 4:
            raise ValueError("candidate kind")
        raw = reader.take(4 if kind >> 2 == IPV4 else 16)
        if kind >> 2 == MDNS:
            text = raw.hex()
            address = f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}.local"
        else:
            address = str(ipaddress.ip_address(raw))
        port, priority = struct.unpack(">HI", reader.take(6))
        candidates.append(Candidate(TYPES[kind & 3], address, port, priority))
    if reader.at != len(data) or not candidates:
        raise ValueError("length")
    ufrag, pwd, answers = texts
    if not all(_ICE_CHARS.fullmatch(text) for text in (ufrag, pwd, *([answers] if answers else []))):
        raise ValueError("ICE credentials")
    return Description(ufrag, pwd, fingerprint, SETUPS[flags & 3], tuple(candidates)), answers


# -- links -------------------------------------------------------------------------------------------------------------
def link_problem(fragment: str, version: int, check: str, current: int) -> str:
    """Why a room's link (an invitation, a reply or a one link) of ``version``, ending in ``check``, cannot be read by
    this game, whose links are version ``current`` ("" when it can): made by a newer or an older game, or mistyped or
    cut short (its check characters, over all of ``fragment`` before them)."""
    if version > current:
        return tr("This link was made by a newer version of the game: update this one.")
    if version < current:
        return tr("This link was made by an older version of the game: ask for a new one.")
    if check != _check(fragment[: fragment.rfind(".")]):
        return tr("This link was mistyped or cut short: ask for it again, or copy it whole.")
    return ""


def _check(body: str) -> str:
    """The two check characters of position codes (version 2): every one-character change and every swap of two
    characters is caught."""
    return check_v2(body) or ""


def _body(kind: str, room_id: str, description: Description, answers: str = "") -> str:
    payload = base64.urlsafe_b64encode(pack(description, answers)).decode().rstrip("=")
    body = f"{kind}{LINK_VERSION}.{room_id}.{payload}"
    return f"{body}.{_check(body)}"


def invitation(site: str, room_id: str, offer_sdp: str) -> str:
    """The invitation link for the host's offer."""
    return f"{site}#{_body(OFFER, room_id, description_of(offer_sdp))}"


def reply(site: str, room_id: str, answer_sdp: str, offer: Description) -> str:
    """The reply link for the guest's answer to ``offer``."""
    return f"{site}#{_body(ANSWER, room_id, description_of(answer_sdp), offer.ufrag)}"


@dataclass(frozen=True)
class RoomLink:
    kind: str  # OFFER or ANSWER
    room_id: str
    description: Description
    answers: str  # in a reply: the ICE user name of the offer it answers


def is_room_link(text: str) -> bool:
    """True for text meant as an invitation, a reply or a room's one link (:mod:`.relay`), to tell it from a game
    link."""
    return bool(re.match(r"[oaj][0-9]{1,3}\.", fragment_of(text))) if isinstance(text, str) else False


def read_link(text: object) -> RoomLink:
    """The invitation or reply in a pasted link or code; :class:`InviteError` says why it cannot be used."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise InviteError(tr("This is not an online game link: it is too long."))
    fragment = "".join(fragment_of(text).split())  # a code typed by hand may have spaces or line breaks
    found = _LINK.fullmatch(fragment)
    if not found:
        raise InviteError(tr("This is not an online game invitation or reply."))
    kind, version, room_id, payload, check = found.groups()
    why = link_problem(fragment, int(version), check, LINK_VERSION)
    if why:
        raise InviteError(why)
    if not ROOM_ID.fullmatch(room_id):
        raise InviteError(tr("This link is damaged: ask for a new one."))
    try:
        description, answers = unpack(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InviteError(tr("This link is damaged: ask for a new one.")) from None
    if (kind == OFFER) != (description.setup == "actpass") or (kind == OFFER) == bool(answers):
        raise InviteError(tr("This link is damaged: ask for a new one."))
    return RoomLink(kind, room_id, description, answers)


def check_reply(link: RoomLink, room_id: str, offer: Description) -> None:
    """Refuse a link that is not the reply to this room's current invitation, saying why."""
    if link.kind != ANSWER:
        raise InviteError(tr("This is an invitation, not a reply: it is opened on the friend's device."))
    if link.room_id != room_id:
        raise InviteError(tr("This reply is for another game room."))
    if link.answers != offer.ufrag:
        raise InviteError(tr("This reply answers an older invitation: send your friend the latest one."))
