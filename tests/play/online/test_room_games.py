"""Whole games between two devices over a fake channel: every board shape and player count, the seats each device
plays, the looks carried, reconnections half way, resignation and rematch."""

from __future__ import annotations

import random

import pytest
from online_peers import ROOM, Wire, setup_for

from game.core import Board, Rules
from game.play.online.protocol import GUEST, HOST, Refusal
from game.play.online.room import Room
from game.play.online.room_setup import RoomSetup, SeatPlayer
from game.play.players import COLOURS, Player

BOARDS = {
    "square 5x5, 2 players": (Board.square(5), 2, "hg"),
    "square 3x3, 3 players": (Board.square(3), 3, "hgh"),
    "square 4x4, 4 players": (Board.square(4), 4, "hggh"),
    "hexagon, 2 players": (Board.hexagon(1), 2, "gh"),
    "hexagon, 3 players": (Board.hexagon(2), 3, "ggh"),
    "triangle, 2 players": (Board.triangle(5), 2, "hg"),
}


@pytest.mark.parametrize("name", BOARDS)
def test_a_whole_game_ends_the_same_on_both_devices(name):
    board, players, owners = BOARDS[name]
    host_players = [SeatPlayer(Player(f"Host{n}")) for n in range(owners.count(HOST))]
    guest_players = [SeatPlayer(Player(f"Guest{n}")) for n in range(owners.count(GUEST))]
    wire = Wire(RoomSetup(board, Rules(players=players), owners), host_players, guest_players)
    wire.connect()
    assert wire.host.playing and wire.guest.playing
    played = wire.play_random(random.Random(name))
    assert played == board.num_lines
    wire.assert_same()
    for room in wire.rooms:
        assert not room.playing and room.table is not None and room.table.over
        assert room.log == []
    host, guest = wire.host.table, wire.guest.table
    assert host.winners() == guest.winners() == host.match.winners()
    assert host.online_mark()["seats"] == [o == HOST for o in owners]
    assert [host.mine(s) for s in range(players)] == [o == HOST for o in owners]
    assert [guest.mine(s) for s in range(players)] == [o == GUEST for o in owners]
    names = [look.name for look in host.looks()]
    assert [n for n, o in zip(names, owners, strict=True) if o == HOST] == [p.player.name for p in host_players]
    assert [n for n, o in zip(names, owners, strict=True) if o == GUEST] == [p.player.name for p in guest_players]


def test_a_two_board_match_plays_both_boards_then_ends():
    wire = Wire(setup_for(Board.square(2), boards=2))
    wire.connect()
    wire.play_random(random.Random(3))
    wire.assert_same()
    assert [len(g.moves) for g in wire.host.table.match.games] == [12, 12]
    assert wire.host.table.match.games[1].first == 1


def test_each_device_plays_only_its_own_seats():
    wire = Wire(setup_for())
    wire.connect()
    with pytest.raises(Refusal, match="not your turn"):
        wire.guest.play(0)
    wire.host.play(0)
    with pytest.raises(Refusal, match="not your turn"):
        wire.host.play(1)
    assert wire.host.table.moves() == [0]
    wire.pump()
    wire.guest.play(1)
    wire.pump()
    wire.assert_same()
    assert wire.host.table.moves() == [0, 1]


def test_names_colours_and_initials_are_carried_and_a_guest_clash_gives_way():
    host_players = [SeatPlayer(Player("Léa", "L", "green"))]
    guest_players = [SeatPlayer(Player("Zoë", "L", "green"))]
    wire = Wire(setup_for(), host_players, guest_players)
    wire.connect()
    for room in wire.rooms:
        lea, zoe = room.table.looks()
        assert (lea.name, lea.initial, lea.colour) == ("Léa", "L", COLOURS["green"])  # (in the palette shown)
        assert zoe.name == "Zoë" and zoe.initial != "L" and zoe.colour != lea.colour
    wire.assert_same()


def test_a_computer_seat_is_carried_as_a_computer():
    wire = Wire(setup_for(), guest_players=[SeatPlayer(Player(), "computer", "hard")])
    wire.connect()
    assert [p.kind for p in wire.host.table.players] == ["human", "computer"]
    assert wire.host.table.looks()[1].name == wire.guest.table.looks()[1].name == "Hard"


# -- connections lost and found -------------------------------------------------------------------------------------
def test_a_lost_connection_pauses_both_sides_and_a_new_handshake_goes_on():
    wire = Wire(setup_for())
    wire.connect()
    wire.play_random(random.Random(5), moves=20)
    before = wire.host.table.moves()
    wire.drop()
    for room in wire.rooms:
        assert room.paused and any(e.kind == "paused" for e in room.take_events())
    with pytest.raises(Refusal, match="paused"):
        wire.room_to_move().play(wire.host.table.state.legal_lines()[0])
    wire.connect()
    for room in wire.rooms:
        assert room.playing and not room.paused
        assert [e.kind for e in room.take_events()] == ["resumed"]
    assert wire.host.table.moves() == before
    wire.play_random(random.Random(6))
    wire.assert_same()


def test_a_move_lost_in_the_drop_is_restored_from_the_longer_list():
    wire = Wire(setup_for())
    wire.connect()
    wire.play_random(random.Random(7), moves=10)
    mover = wire.room_to_move()
    mover.play(mover.table.state.legal_lines()[0])  # sent, never delivered
    wire.drop()
    assert len(mover.table.moves()) == 11 and len(wire.guest.table.moves() if mover is wire.host else
                                                  wire.host.table.moves()) == 10  # fmt: skip
    wire.connect()
    wire.assert_same()
    assert len(wire.host.table.moves()) == 11


def test_a_guest_that_reloads_gets_the_game_back_from_the_host():
    wire = Wire(setup_for(Board.square(3), players=3, owners="hgg"),
                guest_players=[SeatPlayer(Player("Bob")), SeatPlayer(Player("Cy"))])  # fmt: skip
    wire.connect()
    wire.play_random(random.Random(8), moves=9)
    wire.drop()
    wire.guest = Room(GUEST, ROOM, [SeatPlayer(Player("Bob")), SeatPlayer(Player("Cy"))])  # a new page: no game
    wire.connect()
    wire.assert_same()
    assert len(wire.guest.table.moves()) == 9
    wire.play_random(random.Random(9))
    wire.assert_same()


def older_host(wire: Wire, moves: list[int]) -> Room:
    """The host's page reloaded from a save that holds only ``moves`` of the game."""
    host = Room(HOST, ROOM, [SeatPlayer(Player("Ann"))], setup_for())
    for line in moves:
        host.table.play(line)
    return host


def test_a_host_that_reloads_from_an_older_save_catches_up_on_the_guests_moves():
    wire = Wire(setup_for(Board.square(1)))  # host 0, guest 1, host 2, guest 3 (closing the box: the game ends)
    wire.host = Room(HOST, ROOM, [SeatPlayer(Player("Ann"))], setup_for(Board.square(1)))
    wire.connect()
    for room, line in ((wire.host, 0), (wire.guest, 1), (wire.host, 2)):
        room.play(line)
        wire.pump()
    saved = wire.host.table.moves()
    wire.guest.play(3)
    wire.drop()  # the guest's last move never reached the host's save
    host = Room(HOST, ROOM, [SeatPlayer(Player("Ann"))], setup_for(Board.square(1)))
    for line in saved:
        host.table.play(line)
    wire.host = host
    wire.connect()
    wire.assert_same()
    assert wire.host.table.moves() == [0, 1, 2, 3] and wire.host.table.over


def test_a_host_save_missing_its_own_moves_is_not_rewritten_by_the_guest():
    wire = Wire(setup_for())
    wire.connect()
    wire.play_random(random.Random(10), moves=6)
    saved_moves = wire.host.table.moves()
    wire.play_random(random.Random(11), moves=6)
    wire.drop()
    wire.host = older_host(wire, saved_moves)  # the guest's list has moves of the host's seat the host never saw
    wire.connect()
    assert wire.host.table.moves() == saved_moves and not wire.host.agreed
    assert "a move of yours you did not play" in wire.host.hang_up


def test_a_silent_peer_pauses_the_game_until_it_answers_again():
    wire = Wire(setup_for(timer=10))
    wire.connect()
    wire.up = False  # the guest's phone sleeps: nothing arrives, nothing is closed
    wire.advance(9)
    assert wire.host.paused and any(e.kind == "paused" for e in wire.host.take_events())
    left = wire.host.table.timer.remaining()
    wire.advance(5)
    assert wire.host.table.timer.remaining() == left  # a paused game's clock stands still
    wire.up = True
    wire.advance(2.5)
    assert not wire.host.paused and not wire.guest.paused
    wire.assert_same()


# -- resignation and rematch ----------------------------------------------------------------------------------------
def test_resigning_ends_the_game_for_the_other_device_and_survives_a_reconnection():
    wire = Wire(setup_for())
    wire.connect()
    wire.play_random(random.Random(12), moves=4)
    wire.guest.resign()
    wire.pump()
    for room in wire.rooms:
        assert not room.playing and room.table.winners() == [0]
    wire.drop()
    wire.connect()
    wire.assert_same()
    assert wire.host.table.resigned == GUEST and not wire.host.playing


def test_a_rematch_needs_both_devices_and_swaps_the_seats():
    wire = Wire(setup_for())
    wire.connect()
    with pytest.raises(Refusal):
        wire.host.offer_rematch()  # not over yet
    wire.play_random(random.Random(13))
    wire.host.offer_rematch()
    wire.pump()
    assert [e.kind for e in wire.guest.take_events()][-1] == "rematch-offered"
    assert wire.guest.table.game == 0
    wire.guest.offer_rematch()
    wire.pump()
    for room in wire.rooms:
        assert room.table.game == 1 and room.playing and room.table.setup.owners == "gh"
        assert [look.name for look in room.table.looks()] == ["Bob", "Ann"]
    assert wire.room_to_move() is wire.guest
    wire.play_random(random.Random(14))
    wire.assert_same()


def test_a_three_player_rematch_moves_every_device_one_seat_on():
    setup = setup_for(Board.square(2), players=3, owners="hgg")
    wire = Wire(setup, guest_players=[SeatPlayer(Player("Bob")), SeatPlayer(Player("Cy"))])
    wire.connect()
    wire.play_random(random.Random(15))
    wire.host.offer_rematch()
    wire.guest.offer_rematch()
    wire.pump()
    wire.assert_same()
    assert wire.host.table.setup.owners == "ghg"


def test_a_rematch_that_one_device_missed_is_caught_up_on_the_next_handshake():
    wire = Wire(setup_for(Board.square(2)))
    wire.connect()
    wire.play_random(random.Random(16))
    wire.host.offer_rematch()
    wire.pump()
    wire.guest.offer_rematch()  # the guest starts game 1; its message is lost
    wire.drop()
    assert (wire.host.table.game, wire.guest.table.game) == (0, 1)
    wire.connect()
    wire.assert_same()
    assert wire.host.table.game == 1 and wire.host.playing
