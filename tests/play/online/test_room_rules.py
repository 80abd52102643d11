"""Rules in a room, on both devices as the board scene plays them: captures compulsory said and shown (the lines
that may be drawn marked, a refused line refused in the player's words), hints and every computer level keeping to
the rule, and the decider after a tie played inside the room: asked by both devices after the tie, or agreed before
play in the room's setup."""

from __future__ import annotations

import random

import pytest
from online_peers import Wire, setup_for

from game.ai import LEVELS
from game.core import Board, Rules
from game.play.match import DECIDER, GAME, Session
from game.play.online.game import online_session
from game.play.online.protocol import Refusal, message
from game.play.online.room_setup import RoomSetup, SeatPlayer
from game.play.players import Player
from game.play.presenter import Feedback, GamePresenter, Pointing
from game.play.settings import Settings

TIE = [3, 10, 9, 2, 7, 6, 5, 11, 0, 8, 1, 4]  # a 2x2 game that ends 2-2 (each line drawn by the seat to move)


def sessions(wire: Wire) -> tuple[Session, Session]:
    wire.connect()
    return (online_session(wire.host, None, Settings(), random.Random(1)),
            online_session(wire.guest, None, Settings(), random.Random(2)))  # fmt: skip


def frames(wire: Wire, both, seconds: float = 0.5, dt: float = 0.05) -> None:
    for _ in range(round(seconds / dt)):
        wire.now += dt
        for session in both:
            session.update(dt)
        wire.pump()


def compulsory(board: Board | None = None) -> RoomSetup:
    return RoomSetup(board or Board.square(3), Rules(must_capture=True))


def mover_of(both) -> Session | None:
    return next((s for s in both if s.accepting_input()), None)


def status(session: Session) -> str:
    return GamePresenter(session, Feedback()).status(Pointing())


def test_captures_compulsory_are_said_and_the_lines_to_draw_marked_on_both_devices():
    wire = Wire(compulsory())
    both = sessions(wire)
    rng = random.Random(4)
    marked = 0
    while not all(s.finished for s in both):
        mover = mover_of(both)
        if mover is None:
            frames(wire, both)
            continue
        captures = mover.state.capture_lines()
        for session in both:
            assert "captures compulsory" in GamePresenter(session, Feedback()).title()
            assert GamePresenter(session, Feedback()).marks(Pointing()).must == tuple(captures)
        if captures:
            marked += 1
            wrong = next((line for line in range(mover.board.num_lines) if not mover.state.is_drawn(line)
                          and line not in captures), None)  # fmt: skip
            if wrong is not None and not mover.play_human(wrong):  # (the tap is refused before the room sees it)
                assert mover.state.must_not_draw(wrong)
        assert mover.play_human(rng.choice(mover.state.legal_lines()))
        wire.pump()
        frames(wire, both)
    assert marked >= 3
    assert wire.host.log == wire.guest.log == []  # nothing refused between the devices


def test_the_hint_in_a_room_never_suggests_a_line_the_room_refuses():
    wire = Wire(compulsory())
    both = sessions(wire)
    rng = random.Random(5)
    hinted = 0
    while not all(s.finished for s in both) and hinted < 6:
        mover = mover_of(both)
        if mover is None:
            frames(wire, both)
            continue
        undrawn = mover.board.num_lines - len(mover.state.moves)
        if mover.state.capture_lines() and len(mover.state.capture_lines()) < undrawn:
            assert mover.request_hint()
            while mover.hint is None:
                mover.update(0.05)
            line = mover.hint[0]
            assert line in mover.state.capture_lines()
            hinted += 1
            assert mover.play_human(line)  # the room takes the hinted line
        else:
            assert mover.play_human(rng.choice(mover.state.legal_lines()))
        wire.pump()
        frames(wire, both)
    assert hinted >= 2 and wire.host.log == wire.guest.log == []


@pytest.mark.parametrize("level", LEVELS)
def test_the_hosts_computer_keeps_to_captures_compulsory_at_every_level(level):
    wire = Wire(compulsory(), host_players=[SeatPlayer(Player("Ann"), "computer", level)])
    both = sessions(wire)
    rng = random.Random(6)
    for _ in range(400):
        if all(s.finished for s in both):
            break
        guest = both[1]
        if guest.accepting_input():
            assert guest.play_human(rng.choice(guest.state.legal_lines()))
            wire.pump()
        frames(wire, both, 0.25)
    assert all(s.finished for s in both), "the computer's lines were all taken"
    assert wire.host.log == wire.guest.log == [] and not any("refused" in m for m in both[0].outbox.shown())


def tied(wire: Wire, both) -> None:
    for line in TIE:
        wire.room_to_move().play(line)
        wire.pump()
    frames(wire, both, 3.0)
    assert all(s.finished and s.tied() for s in both)


def test_after_a_tie_both_devices_ask_for_the_decider_and_it_is_played_in_the_room():
    wire = Wire(setup_for(Board.square(2)))
    both = host, guest = sessions(wire)
    tied(wire, both)
    assert host.referee.decider_open() and not host.referee.decider_agreed()
    assert host.referee.offer_rematch(decider=True)
    wire.pump()
    frames(wire, both)
    assert guest.referee.rematch_state() == "offered" and guest.referee.decider_offered()
    assert any("wants a decider" in m for m in guest.outbox.shown())
    assert guest.referee.offer_rematch(decider=True)
    wire.pump()
    frames(wire, both)
    wire.assert_same()
    table = wire.host.table
    assert table.game == 1 and table.setup.deciding and table.setup.board == Board.square(3)
    assert table.setup.owners == "hg" and table.state.first == 1  # same seats; the other player starts
    for session in both:
        assert session.purpose == DECIDER and not session.finished and session.board == Board.square(3)
    assert guest.accepting_input() and not host.accepting_input()
    while not all(s.finished for s in both):
        wire.room_to_move().play(wire.room_to_move().table.state.legal_lines()[0])
        wire.pump()
        frames(wire, both, 3.0)
    assert host.record().decider and guest.record().decider and len(host.winners()) == 1
    assert not host.referee.decider_open(), "a decider is not followed by another"


def test_a_rematch_and_a_decider_asked_by_the_two_devices_start_nothing():
    wire = Wire(setup_for(Board.square(2)))
    both = host, guest = sessions(wire)
    tied(wire, both)
    host.referee.offer_rematch(decider=True)
    guest.referee.offer_rematch(decider=False)
    wire.pump()
    frames(wire, both)
    assert wire.host.table.game == wire.guest.table.game == 0 and all(s.finished for s in both)
    guest.referee.offer_rematch(decider=True)  # the guest changes its mind: the decider, as the host asked
    wire.pump()
    frames(wire, both)
    assert wire.host.table.game == 1 and wire.host.table.setup.deciding


def test_a_decider_is_refused_after_a_game_that_was_not_tied():
    wire = Wire(setup_for(Board.square(1)))
    both = host, guest = sessions(wire)
    for line in range(4):
        wire.room_to_move().play(line)
        wire.pump()
    frames(wire, both, 3.0)
    assert all(s.finished for s in both) and not host.referee.decider_open()
    with pytest.raises(Refusal, match="only after a tie"):
        wire.host.offer_rematch(decider=True)
    wire.guest.receive(message("rematch", game=0, decider=True), wire.now)
    assert "not tied" in wire.guest.log[-1] and wire.guest.table.game == 0


def test_a_decider_agreed_before_play_is_the_way_on_after_a_tie():
    wire = Wire(RoomSetup(Board.square(2), Rules(), decider=True))
    both = host, guest = sessions(wire)
    for session in both:
        assert session.settings.decider and session.purpose == GAME
        assert "decider if tied" in GamePresenter(session, Feedback()).title()
    tied(wire, both)
    assert host.referee.decider_agreed() and guest.referee.decider_agreed() and host.decider_due()
    host.referee.offer_rematch(decider=True)
    guest.referee.offer_rematch(decider=True)
    wire.pump()
    frames(wire, both)
    assert all(s.purpose == DECIDER for s in both) and wire.host.table.setup.decider


def test_a_room_made_from_settings_with_a_decider_agreed_carries_it():
    from game.play.online.lobby import host_room

    assert host_room(Settings(decider=True), random.Random(1)).table.setup.decider
    assert not host_room(Settings(decider=False), random.Random(1)).table.setup.decider


def test_the_friends_turn_is_said_by_name_never_as_send_move():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    assert status(host) == "Your turn" and status(guest) == "Ann's turn"
    host.play_human(0)
    wire.pump()
    frames(wire, (host, guest), 1.0)
    assert status(host) == "Bob's turn" and status(guest) == "Your turn"
    assert "Send move" not in status(host) + status(guest)


def test_a_decider_both_asked_for_and_missed_by_one_device_is_agreed_and_one_not_asked_for_refused():
    wire = Wire(setup_for(Board.square(2)))
    both = sessions(wire)
    tied(wire, both)
    wire.host.offer_rematch(decider=True)
    wire.pump()
    wire.guest.offer_rematch(decider=True)  # the guest starts the decider; its message never arrives
    wire.drop()
    wire.connect()
    wire.assert_same()
    assert wire.host.table.game == 1 and wire.host.table.setup.deciding

    other = Wire(setup_for(Board.square(2)))
    tied(other, sessions(other))
    other.host.offer_rematch(decider=False)  # the host asked for a rematch, not the decider
    other.pump()
    other.guest.table = other.guest.table.next_game(decider=True)  # a guest that starts the decider on its own
    other.drop()
    other.connect()
    assert "without this one agreeing" in other.host.hang_up and other.host.table.game == 0


def test_a_line_that_breaks_captures_compulsory_is_refused_in_the_players_words():
    wire = Wire(compulsory())
    both = host, guest = sessions(wire)
    while not wire.room_to_move().table.state.capture_lines():  # (the lowest lines soon leave a box to close)
        wire.room_to_move().play(wire.room_to_move().table.state.legal_lines()[0])
        wire.pump()
    frames(wire, both)
    room = wire.room_to_move()
    state = room.table.state
    wrong = next(line for line in range(state.board.num_lines) if state.must_not_draw(line))
    with pytest.raises(Refusal, match="close a box first"):  # this device's own line (a tap is refused before)
        room.play(wrong)
    board, ply, prev = room.table.position()
    other = wire.guest if room is wire.host else wire.host
    other.receive(message("move", game=0, board=board, ply=ply, prev=prev, line=wrong, timeout=False), wire.now)
    assert "captures are compulsory in this room" in other.log[-1]
    assert any("captures are compulsory in this room" in event.text for event in other.take_events())
    wire.assert_same()
