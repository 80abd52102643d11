"""A device's room kept across a reload of its page: what is saved, and the room read back from it.

The host keeps its room from the first handshake on (from the invitation on, for a room joined by its one link); a
guest that joined by the room's one link keeps its side too, with the link's secret, so a reload of either page
finds the other device again through the relays (:mod:`.relay`). What is kept is the device's own ``hello`` (the
room id, the game number, the setup, its players, every move, the host's clock, who resigned), so it is read back
by the protocol's own checks (:func:`protocol.parse`) and its moves are replayed by the rules core, as a peer's
hello would be: a damaged value is refused, never half used. The room read back waits for a new handshake (through
the relays, or a new invitation for the same room id); the friend's device then agrees on the game from the two
hellos as on any reconnection. No pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..i18n import tr
from ..match.saving import KeepWhenChanged
from .handshake import Hello, agree, hello_from_message
from .protocol import GUEST, HOST, Refusal, parse
from .relay import SECRET
from .room import Room
from .room_setup import other
from .table import Table


class Keeper:
    """A room's :attr:`Room.keeper`: ``save`` is given :func:`kept` whenever the game changed (a move, an undo, a
    resignation, a rematch), from the first handshake on; ``secret`` is the room's one link's (:mod:`.relay`)."""

    def __init__(self, save: Callable[[dict[str, Any]], Any], secret: str = "") -> None:
        self.save, self.secret = save, secret
        self.keeping = KeepWhenChanged()

    def __call__(self, room: Room) -> None:
        table = room.table
        point = (table.game, tuple(table.moves()), table.resigned) if table is not None else None
        self.keeping.keep(point, lambda: self.save(kept(room, self.secret)))


def kept(room: Room, secret: str = "") -> dict[str, Any]:
    """What a device keeps of ``room``: its own hello (the host's, or a guest's once a game was agreed), and the
    secret of the room's one link when it has one."""
    if room.role != HOST and room.table is None:
        raise ValueError("a guest keeps its room once a game was agreed")
    data = {"hello": room._hello().text(room.room_id)}
    return data | {"secret": secret} if secret else data


def kept_secret(data: Any) -> str:
    """The secret of the kept room's one link ("" for a room joined by two links, or none readable)."""
    secret = data.get("secret") if isinstance(data, dict) else None
    return secret if isinstance(secret, str) and SECRET.fullmatch(secret) else ""


def restored(data: Any, rng: random.Random | None = None) -> Room:
    """The room from :func:`kept`, the host's or a guest's, its game replayed, waiting for a new handshake;
    :class:`Refusal` when ``data`` cannot be read back."""
    message = parse(data.get("hello") if isinstance(data, dict) else None)
    if message["t"] != "hello" or (message["role"] == GUEST and message["setup"] is None):
        raise Refusal(tr("the game kept from before is not a room of this device"), str(message)[:60])
    mine = hello_from_message(message)
    if mine.role == HOST:
        agreed = agree(mine, Hello(GUEST, 0, None, [], []))
        room = Room(HOST, message["room"], mine.players, agreed.setup, rng)
    else:
        assert mine.setup is not None
        host_resigned = HOST if mine.resigned == HOST else ""
        agreed = agree(Hello(HOST, mine.game, mine.setup, [], [], -1, host_resigned), mine)
        room = Room(GUEST, message["room"], mine.players, rng=rng)
    room.table = Table.agreed(mine.role, agreed, {mine.role: mine.players, other(mine.role): []})
    return room


def unfinished(room: Room) -> bool:
    """True when the kept room's game is worth going on with (not over)."""
    return room.table is not None and not room.table.over
