"""A hostile device in the room: every attack the other device can make with one message or one hello, each refused
by the device it targets, which records nothing wrongly (its moves, seats, board, rules, game number, resignation,
timeouts and looks stay as they were), and the two boards never split: after the attack the honest game goes on to
its end the same on both devices. Each device referees its own seats, whichever side attacks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from online_peers import ROOM, Wire, setup_for

from game.core import Board, Rules
from game.play.online import bridge
from game.play.online.protocol import GUEST, HOST, MAX_GAMES, MAX_MESSAGE, message
from game.play.online.room import FLOOD_BURST, FLOOD_RATE, LOG_KEPT, Room
from game.play.online.room_setup import RoomSetup, SeatPlayer
from game.play.players import COLOURS, Player


def snapshot(room: Room) -> tuple:
    """Everything a device holds of the game that no message from the other device may change."""
    table = room.table
    assert table is not None
    looks = [(look.name, look.colour, look.initial) for look in table.looks()]
    return (
        table.game, table.setup, table.moves(), table.resigned, table.undo_asked, sorted(table.timeouts), looks,
        table.rematch_wanted.copy(),
    )  # fmt: skip


def in_play(moves: int = 6, seed: int = 2, **setup: Any) -> Wire:
    wire = Wire(setup_for(**setup))
    wire.connect()
    wire.play_random(random.Random(seed), moves=moves)
    return wire


def victim_and_attacker(wire: Wire, victim: str) -> tuple[Room, Room]:
    return (wire.host, wire.guest) if victim == HOST else (wire.guest, wire.host)


def to_move(wire: Wire, role: str) -> None:
    """Play on (at random) until one of ``role``'s seats is to move."""
    rng = random.Random(9)
    while wire.host.table.owner_to_move() != role:
        mover = wire.room_to_move()
        mover.play(rng.choice(mover.table.state.legal_lines()))
        wire.pump()


def goes_on_the_same(wire: Wire) -> None:
    """After an attack, the honest game is played to its end: the two devices hold the same game all the way, and
    nobody resigned."""
    wire.pump()
    wire.assert_same()
    wire.play_random(random.Random(11))
    wire.assert_same()
    for room in wire.rooms:
        assert room.table.over and room.table.resigned is None
        assert room.table.online_mark()["resigned"] is None


# -- one message in the middle of a game ----------------------------------------------------------------------------
def move(room: Room, **changes: Any) -> str:
    board, ply, prev = room.table.position()
    line = next(iter(room.table.state.legal_lines()), 0)
    fields = {"game": room.table.game, "board": board, "ply": ply, "prev": prev, "line": line, "timeout": False}
    return message("move", **{**fields, **changes})


def undo(room: Room, ply: int, **changes: Any) -> str:
    """An undo of the board in play back to ``ply`` moves, as ``room`` sees the board."""
    board, at, _ = room.table.position()
    fields = {"game": room.table.game, "board": board, "ply": ply, "at": at, "lines": room.table.state.moves[ply:at]}
    return message("undo", **{**fields, **changes})


def theirs_last(wire: Wire, victim: Room) -> int:
    """The attacker's last turn: the victim plays once, then the attacker once; returns where the attacker's turn
    began."""
    attacker = wire.guest if victim is wire.host else wire.host
    to_move(wire, victim.role)
    victim.play(victim.table.state.legal_lines()[0])
    wire.pump()
    start = len(victim.table.state.moves)
    attacker.play(attacker.table.state.legal_lines()[0])
    wire.pump()
    return start


def clock(room: Room, left: int) -> str:
    board, ply, _ = room.table.position()
    return message("clock", game=room.table.game, board=board, ply=ply, left=left)


def host_played_since(wire: Wire) -> None:
    """The guest plays a turn, then the host one."""
    theirs_last(wire, wire.host)
    wire.host.play(wire.host.table.state.legal_lines()[0])
    wire.pump()


def guest_move_sent(wire: Wire) -> str:
    """The guest plays once; returns that move's message, to send again."""
    to_move(wire, GUEST)
    wire.guest.play(wire.guest.table.state.legal_lines()[0])
    wire.pump()
    return wire.sent[-1][1]


def undo_ok_of_other_lines(wire: Wire, guest: Room) -> str:
    """The guest asks to take back its last turn; the host's answer accepts taking back other lines."""
    theirs_last(wire, wire.host)
    guest.ask_undo()
    asked = json.loads(guest.take_outbox()[-1])
    return message("undo-ok", **{**{k: v for k, v in asked.items() if k != "t"}, "lines": []})


def played_to_the_end(wire: Wire) -> None:
    wire.play_random(random.Random(4))


def last_game(wire: Wire) -> None:
    for room in wire.rooms:
        room.table.game = MAX_GAMES
    wire.play_random(random.Random(4))


Live = Callable[[Wire, Room], list[Any]]


def turn(role: str) -> Callable[[Wire], None]:
    return lambda wire: to_move(wire, role)


def after(prepare: Callable[[Wire], None], make: Live) -> Live:
    """``make``'s messages, once ``prepare`` brought the game where the attack is made."""

    def attack(wire: Wire, victim: Room) -> list[Any]:
        prepare(wire)
        return make(wire, victim)

    return attack


# name: (setup, the victim's role, what the attacker sends (given the wire and the victim), the reason logged)
LIVE: dict[str, tuple[dict[str, Any], str, Live, str]] = {
    "a move for the host's seat": ({}, HOST, after(turn(HOST), lambda w, v: [move(v)]), "played for your seat"),
    "a move for the guest's seat": ({}, GUEST, after(turn(GUEST), lambda w, v: [move(v)]), "for your seat"),
    "a timeout from the guest": ({"timer": 10}, HOST, lambda w, v: [move(v, timeout=True)], "host's clock"),
    "a timeout with no timer set": ({}, GUEST, lambda w, v: [move(v, timeout=True)], "only in a timed game"),
    "an early timeout for the guest's seat": (
        {"timer": 30}, GUEST, after(turn(GUEST), lambda w, v: [move(v, timeout=True)]), "for your seat",
    ),
    "a clock at zero, then a timeout for the guest's seat": (
        {"timer": 30}, GUEST,
        after(turn(GUEST), lambda w, v: [clock(v, left=0), move(v, timeout=True)]),
        "for your seat",
    ),
    "a clock from the guest": (
        {"timer": 10}, HOST, lambda w, v: [clock(v, left=1)], "host's clock",
    ),
    "a move of another game": ({}, HOST, after(turn(GUEST), lambda w, v: [move(v, game=3)]), "another game"),
    "a move of a later ply": ({}, HOST, after(turn(GUEST), lambda w, v: [move(v, ply=40)]), "out of turn"),
    "a move of an earlier ply": ({}, HOST, after(turn(GUEST), lambda w, v: [move(v, ply=1)]), "out of turn"),
    "a move after another line": ({}, HOST, after(turn(GUEST), lambda w, v: [move(v, prev=59)]), "out of turn"),
    "a move on another board": ({}, HOST, after(turn(GUEST), lambda w, v: [move(v, board=1)]), "out of turn"),
    "a line already drawn": (
        {}, HOST, after(turn(GUEST), lambda w, v: [move(v, line=v.table.moves()[0])]), "cannot be drawn",
    ),
    "a line beyond the board": ({}, HOST, after(turn(GUEST), lambda w, v: [move(v, line=61)]), "cannot be drawn"),
    "the same move twice": ({}, HOST, lambda w, v: [guest_move_sent(w)], "out of turn"),
    "an undo of the host's move": ({}, HOST, lambda w, v: [undo(v, theirs_last(w, v) - 1)], "its own last turn"),
    "an undo naming other lines": (
        {}, HOST, lambda w, v: [undo(v, theirs_last(w, v), lines=[v.table.moves()[0]])], "own last turn",
    ),
    "an undo at another position": ({}, HOST, lambda w, v: [undo(v, theirs_last(w, v), at=2)], "does not fit"),
    "an undo after the host played since": (
        {}, HOST, after(host_played_since, lambda w, v: [undo(v, len(v.table.state.moves) - 2)]), "own last turn",
    ),
    "an undo in a competitive game": (
        {"competitive": True}, HOST, lambda w, v: [undo(v, theirs_last(w, v))], "without undo",
    ),
    "an undo of the guest's move, asked by the host": (
        {}, GUEST, lambda w, v: [undo(v, theirs_last(w, v) - 1)], "own last turn",
    ),
    "an undo accepted that nobody asked": (
        {}, HOST, lambda w, v: [undo(v, 0).replace('"undo"', '"undo-ok"')], "nobody asked",
    ),
    "an undo accepted for other lines than asked": ({}, GUEST, lambda w, v: [undo_ok_of_other_lines(w, v)], "nobody"),
    "a resignation of another game": ({}, HOST, lambda w, v: [message("resign", game=5)], "another game"),
    "a rematch before the end": (
        {}, HOST, lambda w, v: [message("rematch", game=0, decider=False)], "before the game was over",
    ),
    "a rematch of another game": (
        {"board": Board.square(2)}, HOST,
        after(played_to_the_end, lambda w, v: [message("rematch", game=1, decider=False)]),
        "before the game was over",
    ),
    "a rematch past the last game": (
        {"board": Board.square(2)}, HOST,
        after(last_game, lambda w, v: [message("rematch", game=MAX_GAMES, decider=False)]), "played all its games",
    ),
    "a move after the end": (
        {"board": Board.square(2)}, HOST, after(played_to_the_end, lambda w, v: [move(v, line=0)]), "after the end",
    ),
    "a binary message": ({}, HOST, lambda w, v: [None], "cannot read"),
    "a message too long": ({}, GUEST, lambda w, v: ["x" * (MAX_MESSAGE + 1)], "too long"),
    "a hello in the middle of the game": (
        {}, HOST, lambda w, v: [w.guest._hello().text(ROOM)], "out of order",
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", LIVE)
def test_a_message_against_the_other_devices_game_is_refused(name):
    setup, role, attack, why = LIVE[name]
    wire = in_play(**setup)
    victim, _attacker = victim_and_attacker(wire, role)
    texts = attack(wire, victim)
    before, logged = snapshot(victim), len(victim.log)
    for text in texts:
        victim.receive(text, wire.now)
    assert snapshot(victim) == before, "the attack changed the game"
    assert len(victim.log) > logged and why in victim.log[-1]
    assert victim.connection == "open"
    if victim.table.over:
        wire.assert_same()
        with pytest.raises(Exception, match="all its games") if "last game" in name or "past" in name else _nothing():
            victim.offer_rematch()
        return
    goes_on_the_same(wire)


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> bool:
        return False


# -- one hello: a reconnection the attacker uses to rewrite the game -------------------------------------------------
def setup_data(**changes: Any) -> dict[str, Any]:
    return setup_for(**changes).to_data()


def rematch_setup() -> dict[str, Any]:
    return setup_for().rematch().to_data()


def with_host_seat_move(wire: Wire, hello: dict) -> dict:
    """The guest's list, with one more move: a move of the host's seat the host never played."""
    to_move(wire, HOST)
    return {**hello, "moves": [*wire.host.table.moves(), wire.host.table.state.legal_lines()[0]]}


def with_guest_seat_move(wire: Wire, hello: dict, timeout: bool = False) -> dict:
    to_move(wire, GUEST)
    moves = [*wire.guest.table.moves(), wire.guest.table.state.legal_lines()[0]]
    return {**hello, "moves": moves, "timeouts": [len(moves) - 1] if timeout else []}


def guest_move_replaced(wire: Wire, hello: dict, timeout: bool = False) -> dict:
    """The host's list with the guest's last move replaced by another line."""
    to_move(wire, GUEST)
    wire.guest.play(wire.guest.table.state.legal_lines()[0])
    wire.pump()
    moves = wire.host.table.moves()
    other = next(line for line in wire.host.table.state.legal_lines() if line != moves[-1])
    return {**hello, "moves": [*moves[:-1], other], "timeouts": [len(moves) - 1] if timeout else []}


def host_move_replaced(wire: Wire, hello: dict) -> dict:
    to_move(wire, GUEST)
    moves = wire.guest.table.moves()
    other = next(line for line in wire.guest.table.state.legal_lines() if line != moves[-1])
    return {**hello, "moves": [*moves[:-1], other]}


Forge = Callable[[Wire, dict], dict]
# name: (setup, the victim's role, the attacker's hello changed, the reason the victim closes with: "" when the
# agreement rule itself leaves the victim's game as it was)
HELLOS: dict[str, tuple[dict[str, Any], str, Forge, str]] = {
    # a hostile guest against the host's game
    "a newer game on the guest's own board": (
        {}, HOST, lambda w, h: {**h, "game": 1, "setup": setup_data(board=Board.square(2)), "moves": []},
        "without this one agreeing",
    ),
    "a newer game with the same setup": ({}, HOST, lambda w, h: {**h, "game": 1, "moves": []}, "without this one"),
    "the rematch while the game is played": (
        {}, HOST, lambda w, h: {**h, "game": 1, "setup": rematch_setup(), "moves": []}, "without this one agreeing",
    ),
    "a game far ahead": (
        {}, HOST, lambda w, h: {**h, "game": 7, "setup": rematch_setup(), "moves": []}, "without this one agreeing",
    ),
    "the last game number": (
        {}, HOST, lambda w, h: {**h, "game": MAX_GAMES, "moves": []}, "without this one agreeing",
    ),
    "a move of the host's seat added": ({}, HOST, with_host_seat_move, "a move of yours you did not play"),
    "a move of the host's seat added as a timeout": (
        {"timer": 10}, HOST, lambda w, h: {**with_host_seat_move(w, h), "timeouts": [len(w.host.table.moves())]},
        "a move of yours you did not play",
    ),
    "an illegal move added": (
        {}, HOST, lambda w, h: {**h, "moves": [*w.host.table.moves(), w.host.table.moves()[0]]}, "cannot be replayed",
    ),
    "the host marked as resigned": ({}, HOST, lambda w, h: {**h, "resigned": HOST}, ""),
    "the host's last move replaced": ({}, HOST, host_move_replaced, ""),
    "the host's moves dropped": ({}, HOST, lambda w, h: {**h, "moves": h["moves"][:2]}, ""),
    "the host's rules in the same game": ({}, HOST, lambda w, h: {**h, "setup": setup_data(timer=10)}, ""),
    "a hello with no game at all": ({}, HOST, lambda w, h: {**h, "setup": None, "moves": []}, ""),
    "a host's role": ({}, HOST, lambda w, h: {**h, "role": HOST}, "the same way"),
    "another room": ({}, HOST, lambda w, h: {**h, "room": "zzzzzzzz"}, "another room"),
    "an older protocol": ({}, HOST, lambda w, h: {**h, "v": 1}, "older version"),
    # a hostile host against the guest's game
    "misère rules in the game in progress": (
        {}, GUEST, lambda w, h: {**h, "setup": replace(setup_for(), rules=Rules(misere=True)).to_data()},
        "changed the board or the rules",
    ),
    "another board in the game in progress": (
        {}, GUEST, lambda w, h: {**h, "setup": setup_data(board=Board.square(4)), "moves": []},
        "changed the board or the rules",
    ),
    "the seats swapped": ({}, GUEST, lambda w, h: {**h, "setup": {**h["setup"], "owners": "gh"}}, "changed the"),
    "a timer turned on": ({}, GUEST, lambda w, h: {**h, "setup": setup_data(timer=10)}, "changed the board"),
    "competitive turned on": ({}, GUEST, lambda w, h: {**h, "setup": setup_data(competitive=True)}, "changed the"),
    "a match of two boards": ({}, GUEST, lambda w, h: {**h, "setup": setup_data(boards=2)}, "changed the board"),
    "the other player first": ({}, GUEST, lambda w, h: {**h, "setup": setup_data(first=1), "moves": []}, "changed"),
    "a move of the guest's seat added": ({}, GUEST, with_guest_seat_move, "a move of yours you did not play"),
    "a timeout for the guest's seat with time left": (
        {"timer": 30}, GUEST, lambda w, h: with_guest_seat_move(w, h, timeout=True), "a move of yours",
    ),
    "the guest's last move replaced": ({}, GUEST, guest_move_replaced, "a move of yours"),
    "the guest's last move replaced by a timeout with time left": (
        {"timer": 30}, GUEST, lambda w, h: guest_move_replaced(w, h, timeout=True), "a move of yours",
    ),
    "the guest marked as resigned": ({}, GUEST, lambda w, h: {**h, "resigned": GUEST}, ""),
    "the guest's moves dropped": ({}, GUEST, lambda w, h: {**h, "moves": h["moves"][:1]}, ""),
    "a new game the guest did not ask for": (
        {}, GUEST, lambda w, h: {**h, "game": 1, "setup": rematch_setup(), "moves": []}, "without this one agreeing",
    ),
    "a guest's role": ({}, GUEST, lambda w, h: {**h, "role": GUEST}, "the same way"),
}  # fmt: skip


@pytest.mark.parametrize("name", HELLOS)
def test_a_hello_that_rewrites_the_other_devices_game_is_refused(name):
    setup, role, forge, why = HELLOS[name]
    wire = in_play(**setup)
    victim, attacker = victim_and_attacker(wire, role)
    hello = forge(wire, json.loads(attacker._hello().text(ROOM)))
    wire.drop()
    before = snapshot(victim)
    victim.connected(wire.now)
    victim.take_outbox()
    victim.receive(json.dumps(hello), wire.now)
    assert snapshot(victim)[:4] == before[:4], "the hello changed the game, its board, rules or resignation"
    if why:
        assert victim.connection == "none" and why in victim.hang_up
        assert [e.kind for e in victim.take_events()][-1:] == ["paused"]
    else:  # the agreement keeps this device's game: its seats, moves and resignation as they were
        assert victim.connection == "open" and snapshot(victim) == before
    wire.connect()  # an honest reconnection goes on from the game both hold
    assert snapshot(victim)[:4] == before[:4]
    goes_on_the_same(wire)


def test_a_guest_taking_the_hosts_name_colour_and_initial_leaves_the_hosts_seat_as_it_was():
    ann = Player("Ann", "A", next(iter(COLOURS)))
    wire = Wire(setup_for(), host_players=[SeatPlayer(ann)])
    wire.connect()
    wire.play_random(random.Random(3), moves=4)
    hello = json.loads(wire.guest._hello().text(ROOM))
    hello["players"] = [{**hello["players"][0], **ann.to_data()}]
    wire.drop()
    wire.host.connected(wire.now)
    wire.host.receive(json.dumps(hello), wire.now)
    host_look, guest_look = wire.host.table.looks()
    assert (host_look.name, host_look.initial) == ("Ann", "A") and wire.host.table.players[0].player == ann
    assert wire.host.table.players[1].player.colour == "" and wire.host.table.players[1].player.initial == ""
    assert guest_look.colour != host_look.colour
    wire.connect()
    goes_on_the_same(wire)


def test_a_rematch_both_asked_for_and_missed_by_one_device_is_still_agreed():
    """The consent rule lets through the one new game a device asked for (the control of the attacks above)."""
    wire = Wire(setup_for(Board.square(2)))
    wire.connect()
    wire.play_random(random.Random(16))
    wire.host.offer_rematch()
    wire.pump()
    wire.guest.offer_rematch()  # the guest starts game 1 and plays its first line; neither message arrives
    wire.drop()
    wire.connect()
    wire.assert_same()
    assert wire.host.table.game == 1 and wire.host.playing


def test_the_hosts_timeout_for_the_guests_seat_lost_in_a_drop_is_agreed_when_the_guests_time_was_up():
    wire = in_play(timer=10)
    to_move(wire, GUEST)
    wire.advance(9.0)
    wire.up = False  # the host's timeout leaves, and never arrives
    wire.advance(1.5)
    assert len(wire.host.table.moves()) == len(wire.guest.table.moves()) + 1
    wire.drop()
    wire.connect()
    wire.assert_same()
    assert len(wire.guest.table.moves()) - 1 in wire.guest.table.timeouts
    goes_on_the_same(wire)


# -- floods and memory ------------------------------------------------------------------------------------------------
def test_binary_and_over_long_messages_count_toward_the_flood_limit_through_the_page():
    from online_fakes import Page, online_page

    wire = in_play()
    page = Page([])
    channel = bridge.BrowserChannel(online_page(page))
    kinds = ["bad", "msg"] * int(FLOOD_BURST)
    events = [bridge.PageEvent(kind, "x" * 10 if kind == "msg" else "") for kind in kinds]
    others = bridge.step(wire.guest, events, channel, wire.now)
    assert others == []  # nothing of the other device's is kept outside the room
    closed = [e.text for e in wire.guest.take_events() if e.kind == "closed"]
    assert wire.guest.connection == "none" and "too many messages" in closed[0]


@pytest.mark.parametrize("junk", [None, "y" * (MAX_MESSAGE + 1), message("ping", n=1)], ids=["binary", "long", "ping"])
def test_any_message_beyond_the_rate_disconnects(junk):
    wire = in_play()
    for n in range(int(FLOOD_BURST) + 3):
        wire.guest.receive(junk, wire.now + n / 1000)
    assert wire.guest.connection == "none" and "too many messages" in wire.guest.hang_up


def test_a_long_stream_of_refused_messages_keeps_memory_bounded():
    wire = in_play()
    guest = wire.guest
    step = 1.1 / FLOOD_RATE
    for n in range(5_000):
        guest.receive(None if n % 2 else "x" * (MAX_MESSAGE + 1), wire.now + n * step)
        guest.take_events()  # as the scene does every frame
    assert guest.connection == "open"
    assert len(guest.log) == LOG_KEPT and all(len(entry) < 400 for entry in guest.log)
    assert guest.take_outbox() == [] and len(guest.pings.sent) <= 1


def test_a_three_player_room_refuses_a_move_for_any_of_the_other_devices_seats():
    setup = RoomSetup(Board.square(3), Rules(players=3), "hgg")
    wire = Wire(setup, guest_players=[SeatPlayer(Player("Bob")), SeatPlayer(Player("Cy"))])
    wire.connect()
    for guest_seat in (1, 2):
        while wire.host.table.state.to_move != guest_seat:
            mover = wire.room_to_move()
            mover.play(mover.table.state.legal_lines()[0])
            wire.pump()
        before = snapshot(wire.guest)
        wire.guest.receive(move(wire.guest), wire.now)  # the host draws for a seat of the guest's
        assert snapshot(wire.guest) == before and "played for your seat" in wire.guest.log[-1]
    goes_on_the_same(wire)
