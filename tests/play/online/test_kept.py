"""The host's room kept across a reload: kept when its game changes (once agreed on), read back by the protocol's
checks with its moves replayed, and restored on the friend's device by a new handshake."""

from __future__ import annotations

import json
import random

import pytest
from online_peers import ROOM, Wire, setup_for

from game.core import Board
from game.play.online.kept import Keeper, kept, restored, unfinished
from game.play.online.protocol import GUEST, Refusal
from game.play.online.room import Room
from game.play.online.room_setup import SeatPlayer
from game.play.players import Player


def keeping(wire: Wire) -> list[dict]:
    saved: list[dict] = []
    wire.host.keeper = Keeper(saved.append)
    return saved


def test_the_room_is_kept_once_agreed_and_whenever_its_game_changes():
    wire = Wire(setup_for(timer=0))
    saved = keeping(wire)
    wire.advance(1.0)
    assert saved == []  # nobody joined: nothing worth keeping
    wire.connect()
    wire.advance(0.1)
    assert len(saved) == 1
    wire.play_random(random.Random(3), moves=4)
    assert len(saved) == 5
    wire.advance(5.0)  # pings and time: no change, nothing written
    assert len(saved) == 5
    hello = json.loads(saved[-1]["hello"])
    assert hello["room"] == ROOM and hello["moves"] == wire.host.table.moves()


def test_a_kept_room_is_restored_and_a_new_handshake_gives_the_friend_its_moves():
    wire = Wire(setup_for(Board.square(3), timer=0))
    saved = keeping(wire)
    wire.connect()
    wire.play_random(random.Random(5), moves=7)
    wire.drop()
    room = restored(saved[-1], random.Random(9))  # the host's page reloaded
    assert room.room_id == ROOM and room.table.moves() == wire.host.table.moves() and not room.playing
    assert unfinished(room)
    wire.host = room
    wire.guest = Room(GUEST, ROOM, [SeatPlayer(Player("Bob"))])  # the friend's page too
    wire.connect()
    assert wire.host.playing and wire.guest.playing and len(wire.guest.table.moves()) == 7
    wire.assert_same()
    wire.play_random(random.Random(6))
    wire.assert_same()
    assert not wire.host.log and not wire.guest.log


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"hello": 3},
        {"hello": "{not json"},
        {"hello": json.dumps({"t": "ping", "n": 1})},
        {"hello": "x" * 20_000},
    ],
)
def test_a_damaged_kept_room_is_refused(data):
    with pytest.raises(Refusal):
        restored(data)


def test_a_guests_hello_or_an_illegal_move_list_is_refused():
    wire = Wire(setup_for(timer=0))
    wire.connect()
    guest_hello = json.loads(wire.guest._hello().text(ROOM))
    guest_hello["setup"] = None  # a guest's hello before any game was agreed
    with pytest.raises(Refusal, match="not a room of this device"):
        restored({"hello": json.dumps(guest_hello)})
    hello = json.loads(kept(wire.host)["hello"])
    hello["moves"] = [0, 0]
    with pytest.raises(Refusal, match="cannot be replayed"):
        restored({"hello": json.dumps(hello)})
    with pytest.raises(ValueError):
        kept(Room(GUEST, ROOM, []))  # a guest keeps its side once a game was agreed


def test_a_finished_game_is_not_worth_going_on_with():
    wire = Wire(setup_for(Board.square(2), timer=0))
    saved = keeping(wire)
    wire.connect()
    wire.play_random(random.Random(1))
    wire.advance(0.1)
    assert not unfinished(restored(saved[-1]))
