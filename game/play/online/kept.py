"""The host's room kept across a reload of its page: what is saved, and the room read back from it.

What is kept is the host's own ``hello`` (the room id, the game number, the setup, the host's players, every move,
the host's clock, who resigned), so it is read back by the protocol's own checks (:func:`protocol.parse`) and its
moves are replayed by the rules core, as a peer's hello would be: a damaged value is refused, never half used. The
room read back waits for a new handshake (a new invitation for the same room id); the friend's device then agrees
on the game from the two hellos as on any reconnection. No pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..i18n import tr
from ..match.saving import KeepWhenChanged
from .handshake import Hello, agree, hello_from_message
from .protocol import GUEST, HOST, Refusal, parse
from .room import Room
from .table import Table


class Keeper:
    """The host room's :attr:`Room.keeper`: ``save`` is given :func:`kept` whenever the game changed (a move, an
    undo, a resignation, a rematch), from the first handshake on."""

    def __init__(self, save: Callable[[dict[str, Any]], Any]) -> None:
        self.save = save
        self.keeping = KeepWhenChanged()

    def __call__(self, room: Room) -> None:
        table = room.table
        point = (table.game, tuple(table.moves()), table.resigned) if table is not None else None
        self.keeping.keep(point, lambda: self.save(kept(room)))


def kept(room: Room) -> dict[str, Any]:
    """What the host keeps of ``room``: its own hello."""
    if room.role != HOST:
        raise ValueError("only the host keeps its room")
    return {"hello": room._hello().text(room.room_id)}


def restored(data: Any, rng: random.Random | None = None) -> Room:
    """The host's room from :func:`kept`, its game replayed, waiting for a new handshake; :class:`Refusal` when
    ``data`` cannot be read back."""
    message = parse(data.get("hello") if isinstance(data, dict) else None)
    if message["t"] != "hello" or message["role"] != HOST:
        raise Refusal(tr("the game kept from before is not a room this device hosted"), str(message)[:60])
    mine = hello_from_message(message)
    agreed = agree(mine, Hello(GUEST, 0, None, [], []))
    room = Room(HOST, message["room"], mine.players, agreed.setup, rng)
    room.table = Table.agreed(HOST, agreed, {HOST: mine.players, GUEST: []})
    return room


def unfinished(room: Room) -> bool:
    """True when the kept room's game is worth going on with (not over)."""
    return room.table is not None and not room.table.over
