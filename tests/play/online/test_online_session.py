"""The live game as the board scene sees it: two online sessions over the fake channel, played through
play_human/update as the scene does."""

from __future__ import annotations

import random

from online_peers import Wire, setup_for

from game.core import Board
from game.play.match import Session
from game.play.online.game import online_session
from game.play.online.room_setup import SeatPlayer
from game.play.players import Player
from game.play.settings import Settings


def sessions(wire: Wire) -> tuple[Session, Session]:
    wire.connect()
    return (online_session(wire.host, None, Settings(), random.Random(1)),
            online_session(wire.guest, None, Settings(), random.Random(2)))  # fmt: skip


def frames(wire: Wire, both, seconds: float = 1.0, dt: float = 0.05) -> None:
    for _ in range(round(seconds / dt)):
        wire.now += dt
        for session in both:
            session.update(dt)
        wire.pump()


def test_two_sessions_play_a_whole_game_as_the_board_scene_does():
    wire = Wire(setup_for(Board.square(3)))
    both = sessions(wire)
    rng = random.Random(3)
    while not all(s.finished for s in both):
        movers = [s for s in both if s.accepting_input()]
        if movers:
            assert len(movers) == 1  # one device at a time may draw
            mover = movers[0]
            assert mover.play_human(rng.choice(mover.state.legal_lines()))
            wire.pump()
        frames(wire, both, 0.5)
    host, guest = both
    assert host.state.moves == guest.state.moves == wire.host.table.moves()
    assert host.names == ["You", "Bob"] and guest.names == ["Ann", "You"]  # each device's own seat is "You"
    record = host.record()
    assert record.names == guest.record().names == ("Ann", "Bob")  # as the room names them (shown "You" in History)
    assert record.extra["online"] == {"seats": [True, False], "resigned": None}
    assert record.winners == tuple(host.winners()) == guest.record().winners
    assert record.moves == guest.record().moves and not record.rated
    assert guest.record().extra["online"]["seats"] == [False, True]
    assert record.to_data()["online"] == {"seats": [True, False], "resigned": None}  # kept when saved


def test_the_other_devices_seat_cannot_be_played_here():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    assert host.accepting_input() and not guest.accepting_input()
    assert not guest.play_human(0)
    assert host.play_human(0)
    wire.pump()
    frames(wire, (host, guest))
    assert guest.state.moves == [0] and guest.accepting_input()


def test_undo_is_asked_then_accepted_with_the_undo_button():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    host.play_human(0)
    wire.pump()
    frames(wire, (host, guest))
    assert host.undo()
    wire.pump()
    frames(wire, (host, guest))
    assert any("asks to take back" in m for m in guest.outbox.shown())
    assert guest.can_undo() and guest.undo()  # accepting
    wire.pump()
    frames(wire, (host, guest))
    assert host.state.moves == guest.state.moves == []
    assert host.accepting_input()


def test_undo_is_offered_only_for_this_devices_last_turn():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    host.play_human(0)
    wire.pump()
    frames(wire, (host, guest))
    assert host.can_undo() and not guest.can_undo()
    guest.play_human(5)
    wire.pump()
    frames(wire, (host, guest))
    assert not host.can_undo() and not host.undo()  # the friend has played since: nothing of the host's to take back
    assert guest.can_undo()


def test_a_remote_computer_is_named_and_never_run_here():
    wire = Wire(setup_for(), guest_players=[SeatPlayer(Player(), "computer", "easy")])
    host, guest = sessions(wire)
    assert host.names[1] == "Easy" and not host.seats[1].is_computer and guest.seats[1].is_computer
    host.play_human(0)
    wire.pump()
    frames(wire, (host, guest), 3)
    assert len(host.state.moves) >= 2  # the guest's computer answered, through the room
    assert host.state.moves == guest.state.moves


def test_an_online_game_is_not_kept_as_the_unfinished_game():
    from game.play.match import GameKeeper

    class Saved:
        unfinished = recorded = None
        rooms: list = []

        def save_unfinished(self, data):
            self.unfinished = data

        def add_game(self, entry):
            self.recorded = entry

        def clear_unfinished(self):
            self.unfinished = "cleared"

        def save_online_room(self, data):
            self.rooms.append(data)

    wire = Wire(setup_for(Board.square(1)))
    host, guest = sessions(wire)
    saved = Saved()
    GameKeeper(host, saved)
    for session, line in ((host, 0), (guest, 1), (host, 2), (guest, 3)):
        assert session.play_human(line)
        wire.pump()
        frames(wire, (host, guest), 0.5)
    frames(wire, (host, guest), 2.0)  # (past the pause on the finished board)
    assert host.finished
    assert saved.unfinished is None and saved.recorded.extra["online"]["seats"] == [True, False]
    assert len(saved.rooms) == 5, "the host's room is kept instead: as agreed, then after each of the four moves"


def test_a_rematch_gives_the_session_the_new_seats():
    wire = Wire(setup_for(Board.square(1)))
    host, guest = sessions(wire)
    for session, line in ((host, 0), (guest, 1), (host, 2), (guest, 3)):
        assert session.play_human(line)
        wire.pump()
        frames(wire, (host, guest), 0.5)
    frames(wire, (host, guest), 2)
    assert host.finished and guest.finished
    wire.host.offer_rematch()
    wire.guest.offer_rematch()
    wire.pump()
    frames(wire, (host, guest))
    assert host.names == ["Bob", "You"] and not host.finished and guest.accepting_input()


def test_the_connection_is_told_as_connected_waiting_or_left():
    from game.play.online.game import CONNECTED, LEFT, WAITING

    wire = Wire(setup_for())
    host, guest = sessions(wire)
    assert (
        host.referee.link() == guest.referee.link() == CONNECTED
        and host.referee.link_text() == "Online with Bob: connected"
    )
    for _ in range(90):  # the guest's device stops answering: only the host's frames run
        wire.now += 0.1
        host.update(0.1)
    assert host.referee.link() == WAITING and host.referee.link_text() == "Paused: Bob's device does not answer"
    assert "as soon as their device answers" in host.referee.pause_advice()
    assert not host.accepting_input() and not host.referee.can_resign()
    frames(wire, (host, guest))
    assert host.referee.link() == CONNECTED and host.accepting_input()
    wire.drop()
    assert (
        host.referee.link() == guest.referee.link() == LEFT
        and guest.referee.link_text() == "Paused: the connection is closed"
    )
    assert "ask Ann to invite you again" in guest.referee.pause_advice()
    assert "Invite again, and send Bob the new invitation" in host.referee.pause_advice()


def test_resign_ends_the_game_on_both_devices_and_says_who():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    assert host.play_human(0)
    wire.pump()
    frames(wire, (host, guest))
    assert guest.referee.can_resign() and guest.referee.resign()
    wire.pump()
    frames(wire, (host, guest))
    assert host.finished and guest.finished and host.winners() == guest.winners() == [0]
    assert host.referee.resignation() == "Bob resigned." and guest.referee.resignation() == "You resigned."
    assert not guest.referee.resign()  # once over, nothing to resign
    assert host.record().extra["online"]["resigned"] == "g"


def test_a_rematch_is_asked_offered_then_started():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    host.referee.resign()
    wire.pump()
    frames(wire, (host, guest))
    assert host.referee.rematch_state() == guest.referee.rematch_state() == ""
    assert host.referee.offer_rematch()
    wire.pump()
    assert host.referee.rematch_state() == "asked" and guest.referee.rematch_state() == "offered"
    assert any("waiting for Bob" in m for m in host.outbox.shown())
    assert guest.referee.offer_rematch()
    wire.pump()
    frames(wire, (host, guest))
    assert not host.finished and host.names == ["Bob", "You"] and guest.names == ["You", "Ann"]
    assert guest.accepting_input()


def test_an_undo_asked_of_this_device_is_refused_or_allowed_and_only_in_casual_games():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    assert not host.can_undo()  # nothing of its own to take back yet
    host.play_human(0)
    wire.pump()
    frames(wire, (host, guest))
    assert host.undo() and host.referee.undo_asked_by_me() and not host.can_undo()
    wire.pump()
    assert guest.referee.undo_asked_of_me() and guest.referee.refuse_undo()
    wire.pump()
    assert not host.referee.undo_asked_by_me() and host.state.moves == [0]
    timed = Wire(setup_for(timer=15))
    host, guest = sessions(timed)
    host.play_human(0)
    timed.pump()
    frames(timed, (host, guest))
    assert not host.can_undo() and not host.undo()


def test_leaving_closes_the_room_and_the_page_does_not_pause_an_online_game():
    wire = Wire(setup_for())
    host, guest = sessions(wire)
    host.pause()  # the page went out of sight: the room's clock and answers go on
    assert not host.paused and host.accepting_input()
    host.leave()
    assert host.referee.link() == "left" and host.referee.room.connection == "none"


def test_a_peers_line_is_applied_once_to_the_one_game(monkeypatch):
    """The room referees the peer's line against the controller's own game and hands it over: one apply, one
    line drawn in one game state (no second copy to catch up)."""
    from game.core import GameState
    from game.play.match import PEER

    wire = Wire(setup_for())
    host, guest = sessions(wire)
    assert guest.referee.room.table.match is guest.match, "the room's table holds the controller's own match"
    applied, drawn = [], []
    apply = guest.apply
    monkeypatch.setattr(guest, "apply", lambda move: (applied.append(move), apply(move))[1])
    play = GameState.play
    monkeypatch.setattr(GameState, "play", lambda state, line: (drawn.append(state), play(state, line))[1])
    assert host.play_human(0)
    wire.pump()
    frames(wire, (host, guest))
    assert [(move.line, move.seat, move.source) for move in applied] == [(0, 0, PEER)]
    assert [state for state in drawn if state is guest.state] == [guest.state] and len(drawn) == 2  # one a device
    assert guest.state.moves == host.state.moves == [0] and guest.recent_lines() == [0]


def test_the_undo_asked_names_how_many_lines_it_takes_back():
    wire = Wire(setup_for(Board.square(2)))
    host, guest = sessions(wire)
    for line in [2, 10, 1, 6, 3, 7, 8, 9]:  # the host's last turn: 8 closes a box, then 9
        wire.room_to_move().play(line)
        wire.pump()
    frames(wire, (host, guest))
    assert host.undo()
    wire.pump()
    frames(wire, (host, guest))
    assert guest.referee.undo_asked_words() == "Ann asks to take back their last 2 lines."
    assert guest.undo()  # allowed: both lines go, on both devices
    wire.pump()
    frames(wire, (host, guest))
    assert host.state.moves == guest.state.moves == [2, 10, 1, 6, 3, 7]
    host.play_human(8)
    wire.pump()
    frames(wire, (host, guest))
    assert host.undo()
    wire.pump()
    frames(wire, (host, guest))
    assert guest.referee.undo_asked_words() == "Ann asks to take back their last line."
