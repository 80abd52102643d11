"""Two rooms in one process, joined by a fake channel that carries their messages as the data channel would: in
order, whole, and only while it is up (what is in flight when it drops is lost)."""

from __future__ import annotations

import random

from game.core import Board, Rules
from game.play.online.protocol import GUEST, HOST
from game.play.online.room import Room
from game.play.online.room_setup import RoomSetup, SeatPlayer
from game.play.players import Player

ROOM = "Kq3xZ0a_"


def setup_for(board: Board | None = None, players: int = 2, **changes) -> RoomSetup:
    owners = changes.pop("owners", "hg" if players == 2 else "hgh" if players == 3 else "hggh")
    return RoomSetup(board or Board.square(5), Rules(players=players), owners, **changes)


class Wire:
    """A host and a guest room and the channel between them; ``now`` is both devices' clock (seconds)."""

    def __init__(self, setup: RoomSetup, host_players=None, guest_players=None, seed: int = 1) -> None:
        self.now = 0.0
        self.host = Room(HOST, ROOM, host_players or [SeatPlayer(Player("Ann"))], setup, random.Random(seed))
        self.guest = Room(GUEST, ROOM, guest_players or [SeatPlayer(Player("Bob"))], rng=random.Random(seed + 1))
        self.up = False
        self.sent: list[tuple[str, str]] = []  # (from role, text) of every message delivered

    @property
    def rooms(self) -> tuple[Room, Room]:
        return self.host, self.guest

    def connect(self) -> None:
        self.up = True
        for room in self.rooms:
            room.connected(self.now)
        self.pump()

    def drop(self) -> None:
        """The connection is lost: both sides learn it; what was in flight is gone."""
        self.up = False
        for room in self.rooms:
            room.take_outbox()
            room.disconnected(self.now)

    def pump(self, limit: int = 10_000) -> int:
        """Deliver messages both ways until none is left; returns how many were delivered."""
        count = 0
        while count < limit:
            moved = False
            for sender, receiver in ((self.host, self.guest), (self.guest, self.host)):
                for text in sender.take_outbox():
                    if self.up and receiver.connection != "none" and sender.connection != "none":
                        self.sent.append((sender.role, text))
                        receiver.receive(text, self.now)
                        count += 1
                        moved = True
            if not moved:
                return count
        raise AssertionError("the rooms never stop talking")

    def advance(self, seconds: float, step: float = 0.1) -> None:
        """Let time pass on both devices, frame by frame, delivering messages as they go."""
        end = self.now + seconds
        while self.now < end - 1e-9:
            self.now = min(end, self.now + step)
            for room in self.rooms:
                room.tick(self.now)
            self.pump()

    def room_to_move(self) -> Room:
        table = self.host.table
        assert table is not None
        return self.host if table.owner_to_move() == HOST else self.guest

    def play_random(self, rng: random.Random, moves: int | None = None, think: float = 0.25) -> int:
        """Each device plays its own seats at random, ``think`` seconds a move, until the game ends (or ``moves``)."""
        played = 0
        while self.host.playing and (moves is None or played < moves):
            room = self.room_to_move()
            assert room.table is not None
            room.play(rng.choice(room.table.state.legal_lines()))
            self.pump()
            self.advance(think)
            played += 1
        return played

    def assert_same(self) -> None:
        """Both devices hold the same game."""
        host, guest = self.host.table, self.guest.table
        assert host is not None and guest is not None
        assert (host.game, host.setup, host.moves(), host.match.current) == (
            guest.game, guest.setup, guest.moves(), guest.match.current,
        )  # fmt: skip
        assert host.match.totals() == guest.match.totals()
        assert host.resigned == guest.resigned
        assert [look.name for look in host.looks()] == [look.name for look in guest.looks()]
