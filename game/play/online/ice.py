"""The servers an online room's connection may use, as Settings keeps them: the STUN (and TURN) servers, a list of
URLs checked here and turned into the ``iceServers`` the browser's ``RTCPeerConnection`` takes (``webrtc.js``), and
the relays that carry a room's signalling (:mod:`.relay`: public MQTT brokers over WebSocket, ``wss://host:port/path``).

A STUN server tells a device the address the internet sees it at, so two devices on different networks can find each
other; with none, only devices on the same network connect (their local candidates). A TURN server relays the game
when nothing else gets through; it needs a user name and a password, written in the URL as
``turn:name:password@host:port``. Anything else is refused with the reason in the player's words. No pygame here.
"""

from __future__ import annotations

import re

from ...core.numbers import whole_number
from ..i18n import tr

DEFAULT_SERVERS = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
MOST_SERVERS = 6
LONGEST = 200  # characters of one URL
SCHEMES = ("stun", "stuns", "turn", "turns")
HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
IPV6 = re.compile(r"\[[0-9A-Fa-f:.]{2,45}\]")
CREDENTIAL = re.compile(r"[A-Za-z0-9._~+/=-]{1,64}")
DEFAULT_RELAYS = (
    "wss://broker.emqx.io:8084/mqtt",
    "wss://broker.hivemq.com:8884/mqtt",
    "wss://test.mosquitto.org:8081/mqtt",
)
MOST_RELAYS = 6
_PATH = re.compile(r"/[A-Za-z0-9._~/-]{0,100}")


def split_servers(text: str) -> list[str]:
    """The URLs in ``text``: one a line, or separated by spaces or commas."""
    return [part for part in re.split(r"[\s,]+", text) if part]


def server_problem(url: str) -> str:
    """Why ``url`` cannot be used as a STUN or TURN server ("" when it can)."""
    shown = _shortened(url)
    scheme, colon, rest = url.partition(":")
    if not colon or scheme.lower() not in SCHEMES:
        return tr("{url} is not a server address: it starts with stun: or turn:").format(url=shown)
    if len(url) > LONGEST:
        return tr("{url} is too long for a server address").format(url=shown)
    rest, _, query = rest.partition("?")
    if query and (scheme.lower().startswith("stun") or query.lower() not in ("transport=udp", "transport=tcp")):
        return tr("{url} ends with something a server address cannot have").format(url=shown)
    turn = scheme.lower().startswith("turn")
    login, at, place = rest.rpartition("@")
    if turn and not at:
        return tr("{url}: a TURN server needs a name and a password (turn:name:password@host:port)").format(url=shown)
    if not turn and at:
        return tr("{url}: a STUN server takes no name or password").format(url=shown)
    if at:
        name, _, password = login.partition(":")
        if not (CREDENTIAL.fullmatch(name) and CREDENTIAL.fullmatch(password)):
            return tr("{url}: the name or the password has characters a server address cannot carry").format(url=shown)
    host_ok, port_ok = _host_and_port_ok(place)
    if not host_ok:
        return tr("{url} has no server name after the colon").format(url=shown)
    if not port_ok:
        return tr("{url}: the port is a number from 1 to 65535").format(url=shown)
    return ""


def _host_and_port_ok(place: str) -> tuple[bool, bool]:
    """Whether ``place`` (``host``, ``host:port``, ``[IPv6]`` or ``[IPv6]:port``) has a server name, and a port
    from 1 to 65535 when it has one: the place of a STUN/TURN server and of a relay alike."""
    bracket = place.startswith("[")  # an IPv6 address: [2001:db8::1]:3478
    host, colon, port = place.partition("]:" if bracket else ":")
    host += "]" if bracket and colon else ""
    return bool(HOST.fullmatch(host) or IPV6.fullmatch(host)), not colon or whole_number(port, 1, 65535) is not None


def _shortened(url: str) -> str:
    """``url`` as a message shows it: at most 40 characters, cut with an ellipsis."""
    return url if len(url) <= 40 else url[:39] + "…"


def read_servers(text: str) -> tuple[tuple[str, ...], str]:
    """The STUN/TURN servers typed or pasted in ``text`` (the relays left for :func:`read_relays`) and "", or those
    and why they cannot be used. Repeats are kept once."""
    servers = tuple(dict.fromkeys(url for url in split_servers(text) if not is_relay(url)))
    return servers, servers_problem(servers)


def servers_problem(servers: tuple[str, ...]) -> str:
    """Why this list cannot be kept ("" when it can); an empty list can (then only the same network connects)."""
    if len(servers) > MOST_SERVERS:
        return tr("At most {n} servers: keep the ones you need.").format(n=MOST_SERVERS)
    return next(filter(None, map(server_problem, servers)), "")


def ice_servers(servers: tuple[str, ...]) -> list[dict[str, str]]:
    """The ``iceServers`` entries of checked ``servers`` (a TURN server's name and password taken out of its URL)."""
    entries = []
    for url in servers:
        scheme, _, rest = url.partition(":")
        login, at, place = rest.rpartition("@")
        if not at:
            entries.append({"urls": url})
            continue
        name, _, password = login.partition(":")
        entries.append({"urls": f"{scheme}:{place}", "username": name, "credential": password})
    return entries


# -- the relays --------------------------------------------------------------------------------------------
def relay_problem(url: str) -> str:
    """Why ``url`` cannot be used as a relay, an MQTT broker over WebSocket ("" when it can)."""
    shown = _shortened(url)
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.lower() not in ("ws", "wss"):
        return tr("{url} is not a relay address: it starts with wss://").format(url=shown)
    if len(url) > LONGEST:
        return tr("{url} is too long for a relay address").format(url=shown)
    place, slash, path = rest.partition("/")
    if slash and not _PATH.fullmatch("/" + path):
        return tr("{url}: the path after the server has characters a relay address cannot have").format(url=shown)
    host_ok, port_ok = _host_and_port_ok(place)
    if not host_ok:
        return tr("{url} has no server name after wss://").format(url=shown)
    if not port_ok:
        return tr("{url}: the port is a number from 1 to 65535").format(url=shown)
    return ""


def is_relay(url: str) -> bool:
    """True for a URL of the relay kind (ws:// or wss://), as Settings' one list of servers holds both kinds."""
    return url.lower().startswith(("ws://", "wss://"))


def relays_problem(relays: tuple[str, ...]) -> str:
    """Why this list of relays cannot be kept ("" when it can); an empty one can (then only the two links)."""
    if len(relays) > MOST_RELAYS:
        return tr("At most {n} relays: keep the ones you need.").format(n=MOST_RELAYS)
    return next(filter(None, map(relay_problem, relays)), "")


def read_relays(text: str) -> tuple[str, ...]:
    """The relay URLs typed in ``text`` (one a line, repeats kept once), not checked."""
    return tuple(dict.fromkeys(url for url in split_servers(text) if is_relay(url)))
