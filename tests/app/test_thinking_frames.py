"""While a computer thinks and only its thinking dots move, the board scene reuses its last drawing and draws the
dots over it (and the move clock, when it runs); anything else that changes (a line, an input, a message, the
window) is drawn in full. Every frame looks exactly as a whole new drawing of the scene would."""

from __future__ import annotations

import pygame
import pytest

from game.app import theme
from game.app.input import Action
from game.app.render import BoardView
from game.app.scenes.board import BoardScene
from game.play.match import Session
from game.play.presenter import FEEDBACK_SECONDS
from game.play.settings import Seat, Settings

COMPUTER_FIRST = Settings(seats=(Seat("computer", "expert"), Seat("human")), size=(5, 5))


class Endless:
    """A search that never ends unless told to: the computer thinks for as long as a test needs."""

    def __init__(self, best: int) -> None:
        self.best = best
        self.done = False

    def step(self, seconds: float) -> bool:
        return self.done


class Pondering:
    """A computer player whose every search is an :class:`Endless`; ``searches`` are the ones it started."""

    def __init__(self) -> None:
        self.searches: list[Endless] = []

    def think(self, state) -> Endless:
        self.searches.append(Endless(state.legal_lines()[0]))
        return self.searches[-1]


@pytest.fixture
def board_draws(monkeypatch) -> list[int]:
    """One entry per drawing of the board itself (:meth:`BoardView.draw`, most of a whole frame's work)."""
    calls: list[int] = []
    draw = BoardView.draw

    def counted(self, *args, **kwargs):
        calls.append(1)
        return draw(self, *args, **kwargs)

    monkeypatch.setattr(BoardView, "draw", counted)
    return calls


def thinking(make_driver, settings: Settings = COMPUTER_FIRST, size=(720, 1280)):
    driver = make_driver(size=size)
    session = Session(settings, driver.app.rng, first=0)
    ponderers = [Pondering() for _ in session.seats]
    pairs = zip(ponderers, session.seats, strict=True)
    session.thinker.players = [p if seat.is_computer else None for p, seat in pairs]
    driver.app.go("board", session=session)
    driver.frames(3)  # (the drawing is kept once two frames in a row are the same but for the dots)
    assert session.thinking
    return driver, session, ponderers


def shown(driver) -> bytes:
    """The scene's part of the screen, as drawn by the app's loop."""
    app = driver.app
    return pygame.image.tobytes(app.screen.subsurface(app.content_rect), "RGB")


def full_redraw(driver, actions: tuple[Action, ...] = ()) -> bytes:
    """What a new board scene on the same game, given the same inputs, draws now: the whole scene drawn anew."""
    app = driver.app
    fresh = BoardScene(app, driver.scene.session)
    fresh.enter()
    for action in actions:
        fresh.handle(action)
    screen = pygame.Surface(app.screen.get_size())
    screen.fill(theme.BACKGROUND)
    content = screen.subsurface(app.content_rect)
    fresh.draw(content)
    return pygame.image.tobytes(content, "RGB")


def changed_area(before: bytes, after: bytes, size: tuple[int, int]) -> pygame.Rect | None:
    """The smallest rect holding every pixel that differs between two RGB images of ``size``."""
    a = pygame.image.frombytes(before, size, "RGB")
    b = pygame.image.frombytes(after, size, "RGB")
    difference = a.copy()
    difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = b.copy()
    other_way.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(difference, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    if not rects:
        return None
    return rects[0].unionall(rects[1:])


def test_only_the_dots_are_drawn_again_while_a_computer_thinks(make_driver, board_draws):
    driver, session, _ = thinking(make_driver)
    drawn, board_drawn = driver.app.drawn, len(board_draws)
    before = shown(driver)
    driver.frames(5)  # a sixth of a second: the dots are half a bob further on
    after = shown(driver)
    assert driver.app.drawn == drawn + 5, "a frame every turn, so the dots move"
    assert len(board_draws) == board_drawn, "the board itself is not drawn again"
    area = changed_area(before, after, driver.app.size)
    assert area is not None, "the dots moved"
    dots = driver.scene.still.kept.dots
    reach = pygame.Rect(0, 0, dots.size * 6, dots.size * 4)
    reach.center = dots.centre
    assert reach.contains(area), "nothing but the dots changed"
    assert after == full_redraw(driver), "the frame is the whole scene as drawn anew"


@pytest.mark.slow
def test_a_line_drawn_while_computers_think_is_drawn_and_glows_until_it_rests(make_driver, board_draws):
    settings = COMPUTER_FIRST.with_(seats=(Seat("computer", "expert"), Seat("computer", "hard")))
    driver, session, ponderers = thinking(make_driver, settings)
    ponderers[0].searches[-1].done = True
    driver.until(lambda: session.state.moves and session.thinking)
    assert session.state.to_move == 1
    assert shown(driver) == full_redraw(driver), "the new line, and the next seat thinking"
    line = session.state.moves[0]
    assert session.glow(line) > 0
    board_drawn = len(board_draws)
    while session.glow(line) > 0:
        driver.frames(1)
        assert shown(driver) == full_redraw(driver), "the line's fading glow"
        assert driver.scene.still.kept.image is None, "nothing is copied to be kept while something else moves"
    assert len(board_draws) > board_drawn
    driver.frames(1)
    board_drawn = len(board_draws)
    driver.frames(3)
    assert len(board_draws) == board_drawn, "once the line rests, the drawing is kept"
    assert shown(driver) == full_redraw(driver)


def test_a_hover_is_drawn(make_driver, board_draws):
    driver, session, _ = thinking(make_driver)
    before = shown(driver)
    board_drawn = len(board_draws)
    menu = driver.scene.menu_button.rect
    driver.post(pygame.MOUSEMOTION, pos=menu.center, rel=(1, 1), buttons=(0, 0, 0))
    driver.frames(1)
    assert len(board_draws) == board_drawn + 1
    after = shown(driver)
    area = changed_area(before, after, driver.app.size)
    assert area is not None and area.colliderect(menu), "the Menu button shows the mouse over it"
    assert after == full_redraw(driver, (Action("hover", menu.center),))


def test_a_message_is_shown_and_taken_away_when_it_expires(make_driver, board_draws):
    driver, session, _ = thinking(make_driver)
    driver.click(driver.line_point(5))
    status = driver.scene.frame.status
    assert driver.scene.feedback.said is not None, "a line clicked while the computer thinks says why it is not drawn"
    with_message = shown(driver)
    board_drawn = len(board_draws)
    driver.frames(round(FEEDBACK_SECONDS * 30) + 2)
    assert driver.scene.feedback.said is None and session.thinking
    assert 1 <= len(board_draws) - board_drawn <= 3, "drawn anew when the message went, not every frame"
    after = shown(driver)
    area = changed_area(with_message, after, driver.app.size)
    assert area is not None and area.colliderect(status)
    assert after == full_redraw(driver)


def test_a_resize_and_a_notice_strip_are_drawn(make_driver, board_draws):
    driver, session, _ = thinking(make_driver, size=(1100, 760))
    pygame.display.set_mode((900, 700), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(900, 700), w=900, h=700)
    board_drawn = len(board_draws)
    driver.frames(1)
    assert len(board_draws) == board_drawn + 1
    assert driver.scene.view.rect.right <= 900
    assert shown(driver) == full_redraw(driver)

    driver.app.notify("Saved")
    board_drawn = len(board_draws)
    driver.frames(1)
    assert driver.app.notice_height > 0 and len(board_draws) == board_drawn + 1
    assert shown(driver) == full_redraw(driver), "the scene, moved down under the strip"


def test_a_running_move_clock_is_drawn_over_the_kept_drawing_as_it_moves(make_driver, board_draws):
    driver, session, _ = thinking(make_driver, COMPUTER_FIRST.with_(timer=30))
    board_drawn, before = len(board_draws), shown(driver)
    driver.frames(9)  # (0.3 s of the fake clock: the ring moved one step)
    assert shown(driver) != before, "the clock's ring moved"
    assert len(board_draws) == board_drawn, "only the clock was drawn anew"
    assert shown(driver) == full_redraw(driver)


def test_nothing_is_kept_when_no_computer_thinks(make_driver, board_draws):
    driver, session, ponderers = thinking(make_driver)
    ponderers[0].searches[-1].done = True
    driver.until(lambda: session.accepting_input())
    assert driver.scene.still.kept is None, "the picture kept while thinking is let go"
