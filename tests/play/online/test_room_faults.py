"""What the other device may send that a room refuses: malformed, out of turn, illegal, foreign, old, too long, too
many. Each is refused and logged, changes nothing, and never raises; fuzzed with hypothesis."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_peers import ROOM, Wire, setup_for

from game.play.online.protocol import GUEST, MAX_MESSAGE, VERSION, Refusal, message, parse
from game.play.online.room import FLOOD_BURST, Room
from game.play.online.room_setup import SeatPlayer


def started(moves: int = 6) -> Wire:
    wire = Wire(setup_for())
    wire.connect()
    wire.play_random(random.Random(2), moves=moves)
    return wire


def snapshot(room: Room) -> tuple:
    table = room.table
    return (table.game, table.moves(), table.match.totals(), table.undo_asked, table.resigned, room.connection)


def refused_by(room: Room, text: str) -> str:
    """Send ``text`` to ``room``; returns the log line of its refusal (and checks it changed nothing)."""
    before = snapshot(room)
    logged = len(room.log)
    room.receive(text, room.now)
    assert snapshot(room) == before
    assert len(room.log) == logged + 1
    return room.log[-1]


def move(room: Room, **changes) -> str:
    board, ply, prev = room.table.position()
    fields = {"game": room.table.game, "board": board, "ply": ply, "prev": prev, "line": 0, "timeout": False}
    return message("move", **{**fields, **changes})


# -- malformed ------------------------------------------------------------------------------------------------------
MALFORMED = {
    "not JSON": "move 12",
    "a list": "[1, 2]",
    "unknown type": '{"t": "teleport"}',
    "a missing field": '{"t": "move", "game": 0}',
    "an extra field": '{"t": "ping", "n": 1, "js": "alert(1)"}',
    "a name twice": '{"t": "ping", "n": 1, "n": 2}',
    "a fraction": '{"t": "ping", "n": 1.5}',
    "NaN": '{"t": "ping", "n": NaN}',
    "a boolean for a number": '{"t": "ping", "n": true}',
    "a number as text": '{"t": "ping", "n": "1"}',
    "a negative number": '{"t": "ping", "n": -1}',
    "a huge number": '{"t": "ping", "n": ' + "9" * 5000 + "}",
    "deep nesting": "[" * 5000 + "]" * 5000,
    "too long": '{"t": "ping", "n": 1, "x": "' + "a" * MAX_MESSAGE + '"}',
}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_message_is_refused_and_changes_nothing(name):
    wire = started()
    assert "refused" in refused_by(wire.guest, MALFORMED[name])
    events = wire.guest.take_events()
    assert events[-1].kind == "refused" and "other device" in events[-1].text
    wire.play_random(random.Random(3))
    wire.assert_same()


def test_parse_raises_only_refusals_and_gives_the_players_words():
    with pytest.raises(Refusal) as caught:
        parse(MALFORMED["too long"])
    assert str(caught.value) == "the other device sent a message that is too long"
    with pytest.raises(Refusal):
        parse(b'{"t": "ping", "n": 1}')


# -- well formed, but refused by the referee --------------------------------------------------------------------------
def test_out_of_turn_illegal_and_stale_moves_are_refused():
    wire = started()
    guest, host = wire.guest, wire.host
    assert host.table.owner_to_move() == "h"  # six moves, none closing a box here: the host's turn
    assert host.table.position() == guest.table.position()
    mover_line = guest.table.state.legal_lines()[0]
    assert "out of turn" in refused_by(guest, move(guest, line=mover_line, ply=3))
    drawn = guest.table.moves()[-1]
    assert "drawn" in refused_by(guest, move(guest, line=drawn))
    assert "no line" in refused_by(guest, move(guest, line=9999))
    assert "another game" in refused_by(guest, move(guest, line=mover_line, game=4))
    assert "out of turn" in refused_by(guest, move(guest, line=mover_line, prev=mover_line))
    # the host's own seat, played by the guest: refused by the host
    host_seat_move = move(host, line=host.table.state.legal_lines()[0])
    assert "played for your seat" in refused_by(host, host_seat_move)
    wire.play_random(random.Random(4))
    wire.assert_same()


def test_a_guest_cannot_claim_the_hosts_clock():
    wire = Wire(setup_for(timer=10))
    wire.connect()
    wire.host.play(0)
    wire.pump()
    line = wire.host.table.state.legal_lines()[0]
    assert "host's clock" in refused_by(wire.host, move(wire.host, line=line, timeout=True))
    board, ply, _ = wire.host.table.position()
    clock = message("clock", game=0, board=board, ply=ply, left=1)
    assert "host's clock" in refused_by(wire.host, clock)


def test_a_hello_in_the_middle_of_a_game_is_refused():
    wire = started()
    hello = wire.host._hello().text(ROOM)
    assert "out of order" in refused_by(wire.guest, hello)


def test_a_hello_from_another_room_ends_the_connection_with_the_reason():
    wire = Wire(setup_for())
    wire.guest = Room(GUEST, "zzzzzzzz", [SeatPlayer()])
    wire.connect()
    assert wire.guest.connection == "none" and wire.guest.table is None
    assert "another room" in wire.guest.hang_up
    assert [e.kind for e in wire.guest.take_events()] == ["closed"]


@pytest.mark.parametrize(("version", "why"), [(VERSION - 1, "older version"), (VERSION + 1, "newer version")])
def test_a_hello_of_another_version_is_refused_with_the_reason(version, why):
    wire = Wire(setup_for())
    wire.guest.connected(0.0)
    hello = json.loads(wire.host._hello().text(ROOM))
    wire.guest.receive(json.dumps({**hello, "v": version}), 0.0)
    assert why in wire.guest.hang_up and wire.guest.table is None


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"moves": [0, 0]}, "cannot be replayed"),
        ({"setup": {"board": "s99x99"}}, "cannot play"),
        ({"setup": {"owners": "hh"}}, "cannot play"),
        ({"setup": {"timer": 7}}, "cannot play"),
        ({"players": [{"name": "<script>", "initial": "", "colour": "", "kind": "human", "level": "easy"}]}, "players"),
        ({"players": [{"name": "A", "initial": "", "colour": "red", "kind": "human", "level": "easy"}]}, "players"),
        ({"role": "g"}, "the same way"),
        ({"setup": None}, "cannot play"),
    ],
)
def test_a_hello_the_guest_cannot_play_is_refused_with_the_reason(change, why):
    wire = Wire(setup_for())
    wire.guest.connected(0.0)
    hello = json.loads(wire.host._hello().text(ROOM))
    if isinstance(change.get("setup"), dict):
        change = {"setup": {**hello["setup"], **change["setup"]}}
    wire.guest.receive(json.dumps({**hello, **change}), 0.0)
    assert why in wire.guest.hang_up and wire.guest.table is None


def test_a_flooding_peer_is_disconnected():
    wire = started()
    ping = message("ping", n=1)
    for _ in range(int(FLOOD_BURST) + 5):
        wire.guest.receive(ping, 50.0)
    assert wire.guest.connection == "none" and "too many messages" in wire.guest.hang_up
    assert wire.guest.paused
    wire.guest.receive(ping, 50.0)  # after the hang-up nothing more is read
    assert wire.guest.connection == "none"


def test_a_steady_stream_below_the_limit_is_not_a_flood():
    wire = started()
    for n in range(400):
        wire.guest.receive(message("ping", n=n), 100.0 + n * 0.06)
    assert wire.guest.connection == "open"


# -- fuzzing ----------------------------------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=20,
)
TYPES = st.sampled_from(["hello", "move", "undo", "undo-ok", "undo-no", "clock", "resign", "rematch", "ping", "pong"])
NUMBER = st.integers(-2, 80)


@st.composite
def near_valid(draw) -> str:
    """Messages of real types whose fields are mostly plausible: what reaches the referee, not just the parser."""
    kind = draw(TYPES)
    fields = {
        "game": draw(st.sampled_from([0, 0, 1])), "board": draw(st.integers(0, 1)), "ply": draw(NUMBER),
        "prev": draw(NUMBER), "line": draw(NUMBER), "timeout": draw(st.booleans()), "at": draw(NUMBER),
        "left": draw(st.integers(0, 20_000)), "n": draw(st.integers(0, 5)),
    }  # fmt: skip
    from game.play.online.protocol import FIELDS

    data = {"t": kind, **{name: fields.get(name, draw(JSON)) for name in FIELDS[kind]}}
    return json.dumps(data)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts=st.lists(st.one_of(st.text(max_size=40), JSON.map(json.dumps), near_valid()), max_size=12))
def test_whatever_the_other_device_sends_the_two_boards_never_split(texts):
    wire = Wire(setup_for())
    wire.connect()
    wire.play_random(random.Random(5), moves=4)
    for text in texts:
        for room in wire.rooms:
            room.receive(text, wire.now)
        wire.pump()
    wire.host.connected(wire.now)  # whatever happened, a new handshake brings both devices to one game
    wire.guest.connected(wire.now)
    wire.pump()
    wire.assert_same()
    wire.play_random(random.Random(6))
    wire.assert_same()
    assert wire.host.table.over
