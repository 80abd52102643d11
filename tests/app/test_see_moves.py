"""Seeing every move: lines in their drawer's colour and dash, other players' last turns highlighted until the
viewer moves, and the timer's random line announced in words and shown."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import theme
from game.app.render import BoardView, Marks
from game.core import Board, GameState
from game.play.match import Session
from game.play.settings import Seat, Settings

LOOKS = Settings(seats=(Seat("human"), Seat("human"))).looks()

HUMAN = Seat("human")
EASY = Seat("computer", "easy")


def midpoint(view: BoardView, line: int) -> tuple[int, int]:
    (ax, ay), (bx, by) = view.ends[line]
    return (ax + bx) // 2, (ay + by) // 2


def samples_along(surface: pygame.Surface, view: BoardView, line: int) -> list[tuple[int, int, int]]:
    """The colours on the middle of ``line`` between its two dots (the dots themselves left out)."""
    (ax, ay), (bx, by) = view.ends[line]
    steps = 200
    colours = []
    for i in range(steps):
        t = 0.15 + 0.7 * i / steps
        colours.append(tuple(surface.get_at((round(ax + (bx - ax) * t), round(ay + (by - ay) * t))))[:3])
    return colours


def drawn_position() -> tuple[BoardView, GameState, pygame.Surface]:
    board = Board.square(3, 3)
    state = GameState(board)
    state.play(0)  # player 1
    state.play(7)  # player 2
    view = BoardView(board, pygame.Rect(0, 0, 480, 480))
    return view, state, pygame.Surface((480, 480))


def test_lines_carry_the_colour_of_the_player_who_drew_them():
    view, state, surface = drawn_position()
    surface.fill(theme.PANEL)
    view.draw(surface, state, theme.Text(), Marks(), LOOKS, patterns=False)
    assert set(samples_along(surface, view, 0)) == {LOOKS[0].colour}
    assert set(samples_along(surface, view, 7)) == {LOOKS[1].colour}
    assert LOOKS[0].colour not in samples_along(surface, view, 5), "a free line is not coloured"


def test_with_patterns_each_players_lines_carry_their_own_dash_rhythm():
    view, state, surface = drawn_position()
    surface.fill(theme.PANEL)
    view.draw(surface, state, theme.Text(), Marks(), LOOKS, patterns=True)
    shares = []
    for player, line in ((0, 0), (1, 7)):
        colour = LOOKS[player].colour
        seen = samples_along(surface, view, line)
        assert set(seen) == {colour, theme.tint(colour, 0.6)}, "full-colour dashes on a pale line"
        shares.append(seen.count(colour) / len(seen))
    assert abs(shares[0] - shares[1]) > 0.1, f"two different rhythms, not one: {shares}"


def play(session: Session, *lines: int) -> None:
    for line in lines:
        session.play_line(line)
        session.animation = None


def test_three_players_see_both_other_players_last_turns_until_they_move():
    session = Session(Settings(seats=(HUMAN, EASY, EASY)), random.Random(1), first=0)
    play(session, 0)
    assert session.recent_lines() == []
    play(session, 3)  # easy 1
    assert session.recent_lines() == [3], "the computer's line shows while the next one thinks"
    play(session, 12)  # easy 2: no capture
    assert session.state.to_move == 0
    assert session.recent_lines() == [3, 12]
    play(session, 13)  # the person closes box 0 and moves again: the others' highlights are gone
    assert session.state.to_move == 0 and session.recent_lines() == []
    play(session, 9)
    assert session.recent_lines() == []


def test_a_capture_run_by_another_player_is_highlighted_whole():
    session = Session(Settings(seats=(HUMAN, EASY, HUMAN, EASY)), random.Random(1), first=0)
    play(session, 0, 3, 12, 5)  # players 1, 2, 3, 4; box 0 has three sides
    play(session, 13)  # player 1 closes box 0 and moves again
    play(session, 1)  # then passes the turn
    play(session, 4, 14)  # easy 2: 4 gives box 1 its third side, no capture... then player 3 draws 14
    assert session.state.moves[-1] == 14 and session.movers[0][-1] == 2
    assert session.state.to_move == 2, "player 3 closed box 1 and moves again"
    assert session.recent_lines() == [], "player 3's own capture is not highlighted for them"
    play(session, 20)
    assert session.state.to_move == 3
    assert session.recent_lines() == [], "a computer to move: shown for player 3, who moved last"
    play(session, 22)
    assert session.state.to_move == 0
    assert session.recent_lines() == [4, 14, 20, 22], "player 1 sees every turn since their own, runs whole"


def test_the_board_highlights_other_players_last_turns_in_their_colours(make_driver):
    driver = make_driver()
    settings = Settings(seats=(HUMAN, EASY, EASY), animation="fast", patterns=False)
    session = Session(settings, random.Random(3), first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    driver.click(driver.line_point(0))
    driver.until(lambda: session.accepting_input() and session.glow(session.state.moves[-1]) == 0, limit=600)
    scene = driver.scene
    marks = scene.marks()
    movers = session.movers[0]
    assert marks.recent == session.state.moves[1:] and set(movers[1:]) == {1, 2}
    view = scene.view
    driver.frames(1)
    for line, mover in zip(session.state.moves[1:], movers[1:], strict=True):
        (ax, ay), (bx, by) = view.ends[line]
        x, y = (ax + bx) // 2, (ay + by) // 2
        off = (x, y + view.line_width + 1) if ay == by else (x + view.line_width + 1, y)
        colour = session.looks[mover].colour
        assert tuple(driver.app.screen.get_at((x, y)))[:3] == colour
        assert tuple(driver.app.screen.get_at(off))[:3] == theme.tint(colour, 0.62), "a halo beside the line"
    first = session.state.moves[0]
    assert first not in marks.recent, "your own line is not highlighted"


def test_a_new_computer_line_glows_then_settles():
    session = Session(Settings(seats=(HUMAN, EASY)), random.Random(1), first=1)
    session.play_line(5)
    assert session.glow(5) == 1.0
    session.update(0.2)
    middle = session.glow(5)
    session.update(3.0)
    assert 0 < middle < 1 and session.glow(5) == 0.0


@pytest.mark.slow
def test_the_timers_random_line_is_announced_and_shown_until_you_move(make_driver):
    driver = make_driver()
    settings = Settings(seats=(HUMAN, EASY), timer=10, animation="fast")
    session = Session(settings, random.Random(4), first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    driver.until(lambda: len(session.state.moves) == 1, limit=400)
    scene = driver.scene
    line = session.state.moves[0]
    assert scene.status() == "Time ran out: a line was drawn for you"
    assert scene.marks().announced == line
    driver.until(lambda: session.accepting_input(), limit=600)
    assert scene.marks().announced == line, "still shown when your turn comes back"
    driver.frames(150)
    assert scene.status() != "Time ran out: a line was drawn for you", "the words go after a few seconds"
    free = next(n for n in session.state.legal_lines() if n != line)
    driver.click(driver.line_point(free))
    assert scene.marks().announced is None


@pytest.mark.slow
def test_the_timer_names_the_player_it_drew_for_between_two_people(make_driver):
    driver = make_driver()
    settings = Settings(seats=(HUMAN, HUMAN), timer=10, animation="fast")
    session = Session(settings, random.Random(4), first=1)
    driver.app.go("board", session=session)
    driver.frames(2)
    driver.until(lambda: len(session.state.moves) == 1, limit=400)
    assert driver.scene.status() == "Time ran out: a line was drawn for Player 2"
    assert session.movers[0] == [1]


def test_zoomed_in_a_line_drawn_out_of_sight_is_panned_into_sight(make_driver):
    driver = make_driver(size=(780, 1688), density=2.0)
    session = Session(Settings(seats=(Seat("human"), Seat("human")), size=(8, 8), animation="fast"), random.Random(1))
    driver.app.go("board", session=session)
    scene = driver.scene
    driver.frames(2)
    zoom = scene.input.zoom
    place = zoom.base.rect
    zoom.zoom_to(zoom.most(), (0.1, 0.1), place.center)  # the top left corner, large
    assert zoom.zoomed
    far = max(range(session.board.num_lines), key=lambda line: sum(map(sum, zoom.base.ends[line])))  # bottom right
    assert not place.collidepoint(midpoint(scene.input.view, far)), "out of sight"
    session.play_line(far)  # (as the other player, or the timer, would)
    driver.frames(30)  # (1 s of the test clock)
    assert not zoom.panning and zoom.zoomed, "still zoomed, the pan over"
    assert place.inflate(-40, -40).collidepoint(midpoint(scene.input.view, far)), "in sight, a little in from the edge"
