"""The presenter on its own, without pygame: the status line and its tone, the move clock's figure, the marks over
the position, and the message of the moment."""

from __future__ import annotations

import random

from game.ai.reasons import Reason, Why
from game.core import Board, GameState
from game.play.i18n.phrases import hint_text
from game.play.match import Session
from game.play.presenter import Feedback, GamePresenter, Marks, Pointing
from game.play.settings import Seat, Settings

PEOPLE = Settings(seats=(Seat("human"), Seat("human")), size=(3, 3), animation="fast")
VS_COMPUTER = Settings(seats=(Seat("human"), Seat("computer", "easy")), size=(3, 3), animation="fast")


def presented(settings: Settings = PEOPLE, lines: tuple[int, ...] = ()) -> GamePresenter:
    session = Session(settings, random.Random(1), first=0)
    for line in lines:
        session.play_line(line)
        session.update(5.0)
    return GamePresenter(session, Feedback())


def test_the_status_says_whose_turn_it_is_and_an_extra_move():
    presenter = presented()
    assert presenter.status(Pointing()) == "Player 1's turn" and presenter.tone() == "plain"
    presenter = presented(lines=(0,))
    assert presenter.status(Pointing()) == "Player 2's turn"
    presenter = presented(lines=(0, 3, 12, 13))  # player 2 closes the top-left box and moves again
    assert presenter.session.state.to_move == 1
    assert presenter.status(Pointing()) == "Player 2's turn again (extra move)"
    assert presented(VS_COMPUTER).status(Pointing()) == "Your turn", "one person against computers is you"


def test_a_message_of_the_moment_shows_in_its_tone_until_its_time_is_up():
    presenter = presented()
    feedback, now = presenter.feedback, presenter.session.now
    feedback.say("That line is taken", now, seconds=2.0)
    assert presenter.status(Pointing()) == "That line is taken" and presenter.tone() == "said"
    presenter.session.now = now + 2.0
    assert presenter.status(Pointing()) == "Player 1's turn" and presenter.tone() == "plain"
    assert feedback.said is not None, "kept until the scene lets it go"
    feedback.update(presenter.session.now)
    assert feedback.said is None and feedback.text(now) is None


def test_the_mouse_over_a_drawn_line_says_who_drew_it():
    presenter = presented(VS_COMPUTER, lines=(0, 5))
    assert presenter.status(Pointing(chosen=0, hover=0)) == "That line is taken: you drew it"
    assert presenter.status(Pointing(chosen=5, hover=5)) == "That line is taken: Easy drew it"
    pressed = Pointing(chosen=5, pressing=True, hover=5)
    assert presenter.status(pressed) == "Your turn", "a pressed pointer says nothing of whose it is"
    swedish = presented(PEOPLE.with_(start="swedish"))
    assert swedish.status(Pointing(chosen=0, hover=0)) == "That line is taken: it was drawn at the start"


def test_a_finished_game_and_a_hint():
    session_lines = tuple(range(Board.square(3).num_lines))
    assert presented(lines=session_lines).status(Pointing()) == "Game over"
    presenter = presented()
    presenter.session.thinker.hint = (4, Reason(Why.SAFE))
    assert presenter.status(Pointing()) == "Hint: a safe line, it gives no box its third side"
    assert presenter.tone() == "hint" and presenter.marks(Pointing()).hint == 4


def test_the_move_clock_shows_the_whole_seconds_left():
    assert presented().clock() is None
    presenter = presented(PEOPLE.with_(timer=15))
    presenter.session.timer.set_remaining(6.2)
    fraction, seconds = presenter.clock() or (None, None)
    assert seconds == "7" and fraction is not None and 0 < fraction < 1


def test_the_other_players_last_turn_stays_marked_until_you_move():
    presenter = presented(VS_COMPUTER, lines=(0, 5))
    assert presenter.marks(Pointing()).recent == [5]
    presenter.session.play_human(9)
    marks = presenter.marks(Pointing())
    assert marks.recent == [] and marks.animating == 9, "your own line is drawn, and theirs no longer marked"


def test_the_choice_is_marked_as_taken_whose_or_the_line_you_would_draw():
    state = GameState(Board.square(2))
    state.play(0)
    marks = Marks()
    Pointing(chosen=0, hover=0).mark(marks, state, mover=1, accepting=True)
    assert marks.owned == 0 and marks.taken is None and marks.preview is None, "the mouse over a drawn line"
    marks = Marks()
    Pointing(chosen=0, pressing=True).mark(marks, state, mover=1, accepting=True)
    assert marks.taken == 0 and marks.owned is None, "a finger on a drawn line"
    marks = Marks()
    Pointing(chosen=3, hover=3, cursor=5).mark(marks, state, mover=1, accepting=True)
    assert (marks.preview, marks.preview_player, marks.cursor) == (3, 1, 5)
    marks = Marks()
    Pointing(chosen=3, cursor=5).mark(marks, state, mover=None, accepting=False)
    assert marks.preview is None and marks.cursor is None, "nothing to draw while nobody may draw"
    marks = Marks()
    Pointing(cursor=0).mark(marks, state, mover=1, accepting=True)
    assert marks.cursor is None, "the cursor never rests on a drawn line"


def test_hint_reasons_read_as_sentences():
    square, triangle, hexagon = Board.square(3), Board.triangle(5), Board.hexagon(1)
    safe, takes = Reason(Why.SAFE), Reason(Why.TAKES)
    assert hint_text(safe, square) == "Hint: a safe line, it gives no box its third side"
    assert hint_text(safe, hexagon) == "Hint: a safe line, it gives no hexagon its fifth side"
    assert hint_text(safe, triangle) == "Hint: a safe line, it gives no triangle its second side"
    assert hint_text(takes, triangle) == "Hint: take the triangle, then move again"
    assert hint_text(Reason(Why.SACRIFICE), square) == "Hint: Sacrifice to win control"
    assert hint_text(Reason(Why.OPENS_SHORTEST, 3), square) == "Hint: Opens the shortest chain (gives 3)"
    assert hint_text(None, triangle) == "Hint: try the marked line"


def test_when_the_orange_seat_starts_the_board_says_why_it_is_not_blue():
    """Rules sheet 004 has the first player blue; here colours stay with the players (they choose them, and the
    start alternates in matches and series), and the board says so before the first move."""
    session = Session(VS_COMPUTER, random.Random(1), first=1)
    presenter = GamePresenter(session, Feedback())
    assert session.looks[1].colour != session.looks[0].colour
    assert presenter.status(Pointing()) == "Easy starts: colours stay with the players, whoever starts"
    session.play_line(0)
    session.update(5.0)
    assert presenter.status(Pointing()) == "Your turn"
    assert GamePresenter(Session(VS_COMPUTER, random.Random(1), first=0), Feedback()).status(Pointing()) == "Your turn"
