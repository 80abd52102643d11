"""The move timer with the host's clock as the authority, and undo asked for and answered."""

from __future__ import annotations

import random

import pytest
from online_peers import Wire, setup_for

from game.core import Board
from game.play.online.protocol import Refusal, message
from game.play.online.room import Room


def timed(seconds: int = 10) -> Wire:
    wire = Wire(setup_for(timer=seconds))
    wire.connect()
    return wire


def left(room: Room) -> float:
    return room.table.timer.remaining()


# -- the clock --------------------------------------------------------------------------------------------------------
def test_when_time_runs_out_the_host_draws_the_same_random_line_on_both_devices():
    wire = timed()
    wire.advance(9.5)
    assert wire.host.table.moves() == [] and 0.4 < left(wire.guest) <= 0.6
    wire.advance(0.6)
    assert len(wire.host.table.moves()) == 1
    wire.assert_same()
    assert any(e.kind == "moved" and "Time was up" in e.text for e in wire.guest.take_events())
    assert left(wire.guest) > 9  # a new move, a new full time


def test_the_guest_never_draws_for_a_timeout_itself():
    wire = timed()
    wire.guest.table.timer.set_remaining(0.2)
    wire.guest.tick(1.0)  # the host's clock is the one that decides: the guest's runs down to nothing and waits
    assert wire.guest.table.moves() == [] and left(wire.guest) == 0
    wire.guest.tick(7.5)
    assert wire.guest.table.moves() == []


def test_the_guest_clock_follows_the_hosts():
    wire = timed(30)
    wire.advance(3)
    wire.guest.table.timer.set_remaining(12)  # the guest's clock went astray
    wire.advance(1.05)
    assert abs(left(wire.guest) - left(wire.host)) < 0.2


def test_a_guest_move_that_crossed_the_hosts_timeout_is_taken_back_for_the_hosts_line():
    wire = timed()
    wire.host.play(0)
    wire.pump()
    guest, host = wire.guest, wire.host
    host.table.timer.set_remaining(0.05)
    guest.table.watch.set_remaining(0.3)  # the guest's own watch too saw the time almost up
    mine = guest.table.state.legal_lines()[-1]
    guest.play(mine)  # in flight...
    pending = guest.take_outbox()
    wire.now += 0.1
    host.tick(wire.now)  # ...while the host's time runs out and it draws for the guest's seat
    wire.pump()
    for text in pending:  # the guest's move arrives late: stale, refused quietly
        host.receive(text, wire.now)
    wire.pump()
    wire.assert_same()
    assert guest.table.moves()[:1] == [0] and len(guest.table.moves()) == 2
    assert any(e.kind == "taken-back" for e in guest.take_events())
    assert not any(e.kind == "refused" for e in host.take_events())  # a crossing is no news for the host
    assert "out of turn" in host.log[-1]


def test_a_timed_game_plays_to_the_end_with_some_moves_drawn_by_the_clock():
    wire = timed(10)
    rng = random.Random(8)
    while wire.host.playing:
        room = wire.room_to_move()
        if rng.random() < 0.2:
            wire.advance(10.3, step=0.25)  # this player lets the time run out
            continue
        room.play(rng.choice(room.table.state.legal_lines()))
        wire.pump()
        wire.advance(0.5)
    wire.assert_same()
    assert all(not room.log for room in wire.rooms)


# -- undo -------------------------------------------------------------------------------------------------------------
def test_undo_asked_and_accepted_takes_the_move_back_on_both_devices():
    wire = Wire(setup_for())
    wire.connect()
    wire.host.play(0)
    wire.pump()
    wire.guest.play(5)
    wire.pump()
    wire.guest.ask_undo()
    wire.pump()
    with pytest.raises(Refusal, match="Wait for the answer"):
        wire.guest.play(6)
    assert [e.kind for e in wire.host.take_events()][-1] == "undo-asked"
    wire.host.answer_undo(True)
    wire.pump()
    wire.assert_same()
    assert wire.host.table.moves() == [0] and wire.guest.my_turn
    assert any(e.kind == "undone" for e in wire.guest.take_events())


def test_undo_refused_keeps_the_move():
    wire = Wire(setup_for())
    wire.connect()
    wire.host.play(0)
    wire.pump()
    wire.host.ask_undo()
    wire.pump()
    wire.guest.answer_undo(False)
    wire.pump()
    wire.assert_same()
    assert wire.host.table.moves() == [0] and wire.host.table.undo_asked is None
    assert [e.kind for e in wire.host.take_events()][-1] == "undo-refused"


def test_playing_on_answers_an_undo_request_with_no():
    wire = Wire(setup_for())
    wire.connect()
    wire.host.play(0)
    wire.pump()
    wire.host.ask_undo()
    wire.pump()
    wire.guest.play(1)
    wire.pump()
    wire.assert_same()
    assert wire.host.table.undo_asked is None and wire.guest.table.undo_asked is None
    assert "played on" in [e.text for e in wire.host.take_events() if e.kind == "undo-refused"][0]


def test_undo_takes_back_a_whole_turn_of_boxes():
    wire = Wire(setup_for(Board.square(1)))
    wire.connect()
    for room, line in ((wire.host, 0), (wire.guest, 1), (wire.host, 2)):
        room.play(line)
        wire.pump()
    wire.guest.play(3)  # closes the box: the guest's turn again, but the game is over on a 1x1 board
    wire.pump()
    assert not wire.guest.playing


@pytest.mark.parametrize("changes", [{"competitive": True}, {"timer": 10}, {"boards": 2}])
def test_there_is_never_an_undo_in_a_competitive_game(changes):
    wire = Wire(setup_for(**changes))
    wire.connect()
    wire.host.play(0)
    wire.pump()
    with pytest.raises(Refusal, match="Undo is off"):
        wire.host.ask_undo()
    forged = message("undo", game=0, board=0, ply=0, at=1, lines=[0])
    wire.guest.receive(forged, wire.now)
    assert wire.guest.table.undo_asked is None and "without undo" in wire.guest.log[-1]
    with pytest.raises(Refusal):
        wire.guest.answer_undo(True)
    assert wire.guest.table.moves() == [0]


def test_an_undo_of_a_move_the_asker_did_not_play_is_refused():
    wire = Wire(setup_for())
    wire.connect()
    wire.host.play(0)
    wire.pump()
    wire.guest.play(1)
    wire.pump()
    forged = message("undo", game=0, board=0, ply=0, at=2, lines=[0, 1])  # the guest asks to take back the host's
    wire.host.receive(forged, wire.now)
    assert wire.host.table.undo_asked is None and "more than its own last turn" in wire.host.log[-1]
    answer = message("undo-ok", game=0, board=0, ply=0, at=2, lines=[0, 1])  # nobody asked
    wire.host.receive(answer, wire.now)
    assert wire.host.table.moves() == [0, 1] and "nobody asked" in wire.host.log[-1]
