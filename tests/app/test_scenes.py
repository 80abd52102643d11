"""Every scene lays out and draws at phone, desktop and small window sizes; Back/Escape works everywhere."""

from __future__ import annotations

import random
from array import array

import pygame
import pytest

from game.app import layout
from game.app.scene import Scene, SceneManager
from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.howto import PAGES, HowToScene, pictures, status
from game.app.scenes.menu import MenuScene
from game.app.scenes.results import ResultsScene, headline, match_curves, nice_ticks
from game.app.scenes.settings import SettingsScene
from game.app.sound import NAMES, Sounds
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.play.stats import stats_rows

SIZES = [(720, 1280), (1280, 720), (1100, 760), (360, 640), (480, 390)]
VS = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="fast")


def finished_session(settings: Settings) -> Session:
    session = Session(settings, random.Random(2), first=0)
    rng = random.Random(3)
    for game in session.games:
        while not game.over:
            game.play(rng.choice(game.legal_lines()))
    return session


def scenes(app):
    finished = finished_session(VS.with_(shape="hex", size=(1,)))
    return [
        MenuScene(app),
        SettingsScene(app, play=True),
        SettingsScene(app, play=False),
        BoardScene(app, Session(VS.with_(seats=(Seat("human"),) * 4, shape="triangle", size=(7,), timer=30), app.rng)),
        ResultsScene(app, finished),
        HowToScene(app),
        HistoryScene(app),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_draws_inside_the_surface_at_every_size(make_driver, store, size):
    store.put("history", [finished_session(VS).record().to_data()])
    driver = make_driver(size=size)
    app = driver.app
    for scene in scenes(app):
        app.manager.push(scene)
        driver.frames(2)
        surface = pygame.Rect((0, 0), size)
        for widget in scene.panel.widgets:
            assert surface.contains(widget.rect), f"{type(scene).__name__}: {widget.label} is off screen at {size}"
        app.manager.pop()


def test_escape_goes_back_from_every_scene(make_driver, store):
    store.put("history", [])
    driver = make_driver()
    app = driver.app
    for scene in scenes(app)[1:]:
        app.manager.push(scene)
        driver.frames(1)
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.scene, MenuScene), type(scene).__name__
    driver.key(pygame.K_ESCAPE)
    assert not app.running, "Escape on the desktop menu closes the game"


def test_the_settings_scene_refuses_an_impossible_change_and_says_why(make_driver, monkeypatch):
    driver = make_driver()
    driver.press_button("Settings")
    scene = driver.scene
    monkeypatch.setattr(Settings, "problems", lambda self: ["too big"] if self.timer == 30 else [])
    driver.choose("Board", "Hexagon")
    with pytest.raises(AssertionError):
        driver.choose("Move timer", "30 s")
    assert scene.draft.timer == 0
    assert "too big" in scene.message


def test_fewer_players_keeps_who_starts_valid(make_driver):
    driver = make_driver()
    driver.press_button("Settings")
    driver.choose("Players", "4")
    driver.choose("Who starts", "Easy 4")
    assert driver.app.settings.first == 3
    driver.choose("Players", "2")
    assert driver.app.settings.first == 0
    assert driver.app.settings.problems() == []


def test_keyboard_moves_focus_and_changes_options_in_settings(make_driver):
    driver = make_driver()
    driver.press_button("Settings")
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings.shape == "triangle"


def test_scene_manager_push_pop_replace_call_enter_and_exit():
    calls = []

    class Probe(Scene):
        def __init__(self, name):
            self.name = name

        def enter(self):
            calls.append(("enter", self.name))

        def exit(self):
            calls.append(("exit", self.name))

    manager = SceneManager()
    manager.push(Probe("a"))
    manager.push(Probe("b"))
    manager.replace(Probe("c"))
    manager.pop()
    manager.pop()
    assert calls == [
        ("enter", "a"),
        ("exit", "a"),
        ("enter", "b"),
        ("exit", "b"),
        ("enter", "c"),
        ("exit", "c"),
        ("enter", "a"),
    ]
    assert manager.top.name == "a"


def test_how_to_play_examples_are_real_positions():
    for page in PAGES:
        if page.example is None:
            continue
        shots = pictures(page.example)
        assert len(shots) == len(page.example.turns) + 1 == len(page.example.notes), page.title
        start = shots[0].state
        assert not any(owner >= 0 for owner in start.owner), f"{page.title}: the start owns nothing"
        assert all(side < len(start.board.cells[c]) for c, side in enumerate(start.sides)), page.title
        for before, after in zip(shots, shots[1:], strict=False):
            replay = before.state.copy()
            mover = replay.to_move
            for order, line in enumerate(before.next_lines, start=1):
                assert not replay.is_drawn(line), f"{page.title}: line {line} is drawn already"
                assert replay.to_move == mover, f"{page.title}: every highlighted line is one player's turn"
                captured = replay.play(line).captured
                if order < len(before.next_lines):
                    assert captured, f"{page.title}: only a capture lets the same player draw again"
            assert replay.snapshot() == after.state.snapshot()
            assert after.last_player == mover and after.last_turn == before.next_lines


def test_how_to_play_captions_say_who_moves():
    by_title = {page.title: pictures(page.example) for page in PAGES if page.example is not None}
    assert status(by_title["A double capture"][1]) == "A to move again · A 2 · B 0"
    assert status(by_title["Chains"][2]) == "game over · A 0 · B 3"
    assert status(by_title["Hexagons"][1]) == "A to move again · A 2 · B 0"
    assert status(by_title["No extra move"][1]) == "B to move · A 1 · B 0"
    assert [status(shot) for shot in by_title["Three or four players"]] == [
        "A to move · A 0 · B 0 · C 0",
        "B to move · A 0 · B 0 · C 0",
        "C to move · A 0 · B 0 · C 0",
    ]
    swedish, icelandic = by_title["Swedish board (border drawn)"][0].state, by_title["Left and bottom drawn"][0].state
    assert bin(swedish.drawn).count("1") == len(swedish.board.border)
    assert bin(icelandic.drawn).count("1") == len(icelandic.board.left_bottom_border())
    shapes = {page.example.shape for page in PAGES if page.example is not None}
    assert shapes == {"square", "triangle", "hex"}


def test_how_to_play_explains_every_variant_and_starts_interactive():
    titles = [page.title for page in PAGES]
    for variant in ("Misère", "Swedish board (border drawn)", "Left and bottom drawn", "Captures compulsory",
                    "No extra move", "The move timer", "The two-board match", "Three or four players"):  # fmt: skip
        assert variant in titles
    assert PAGES[0].exercise is not None, "the first page is played, not read"
    assert any(page.exercise is not None and "double-cross" in page.title for page in PAGES)
    rules = {page.title: (page.example or page.exercise).rules for page in PAGES if page.example or page.exercise}
    assert rules["Misère"].misere and rules["No extra move"].no_extra and rules["Three or four players"].players == 3


def test_results_headline_and_chart():
    session = finished_session(VS)
    curves = match_curves(session)
    assert [curve[-1] for curve in curves] == session.totals()
    rows = stats_rows([session.record()])
    assert [(row.level, row.played) for row in rows] == [("easy", 1)]


# 1x2 boxes: top lines 0, 1, bottom 2, 3, verticals 4, 5, 6; box 0 is (0, 2, 4, 5), box 1 is (1, 3, 5, 6).
FIRST_TAKES_BOTH = [0, 2, 4, 1, 3, 6, 5]  # both boxes have three sides when the first player draws 5, shared
ONE_EACH = [0, 2, 4, 1, 5, 3, 6]  # the first player closes box 0 with 5, moves again, and the second closes box 1
THREE_PLAYERS = [0, 2, 4, 5, 1, 3, 6]  # player 1 closes box 0 with 5, player 3 closes box 1 with 6


@pytest.mark.parametrize(
    ("seats", "misere", "lines", "totals", "expected"),
    [
        (VS.seats, False, FIRST_TAKES_BOTH, [2, 0], "You win!"),
        (VS.seats, True, FIRST_TAKES_BOTH, [2, 0], "Easy wins"),
        (VS.seats, False, ONE_EACH, [1, 1], "A draw"),
        ((Seat("human"),) * 3, False, THREE_PLAYERS, [1, 0, 1], "Shared win: Player 1 and Player 3"),
    ],
)
def test_the_results_headline_names_the_winner(seats, misere, lines, totals, expected):
    session = Session(VS.with_(seats=seats, size=(1, 2), misere=misere), random.Random(0), first=0)
    for line in lines:
        session.state.play(line)
    assert session.state.over and session.totals() == totals
    assert headline(session) == expected


def test_sounds_are_the_ogg_files_in_assets(tmp_path):
    from tools.make_assets import TUNES

    assert set(TUNES) == set(NAMES)
    sounds = Sounds(enabled=True, unlocked=True)
    for name in NAMES:
        sounds.play(name)
        assert not sounds.failed, name
        length = sum(seconds for _, seconds in TUNES[name])
        assert abs(sounds._sounds[name].get_length() - length) < 0.02, name
        assert pygame.mixer.get_init()[1] == -16
        samples = array("h", sounds._sounds[name].get_raw())
        assert max(map(abs, samples)) > 3000, "the file holds the tune, not silence"
    missing = Sounds(enabled=True, unlocked=True, folder=tmp_path)
    missing.play("line")
    assert missing.failed, "a missing file leaves the game silent, not broken"
    locked = Sounds(enabled=True, unlocked=False)
    locked.play("line")
    assert locked._sounds == {}, "nothing is made before the first tap"
    locked.unlock()
    locked.play("line")
    try:  # whether this machine can open a 16-bit mixer at all (SDL's dummy driver can)
        pygame.mixer.init(frequency=22050, size=-16, channels=1)
        mixer_works = pygame.mixer.get_init()[1] == -16
    except pygame.error:
        mixer_works = False
    assert (locked.failed, set(locked._sounds)) == ((False, {"line"}) if mixer_works else (True, set()))


def test_layout_is_portrait_or_landscape_by_shape():
    for size in SIZES:
        frame = layout.board_layout(layout.metrics(size))
        assert frame.portrait == (size[1] > size[0])
        screen = pygame.Rect((0, 0), size)
        for rect in (frame.header, frame.scores, frame.status, frame.board, frame.buttons):
            assert screen.contains(rect)
        assert not frame.board.colliderect(frame.buttons) and not frame.board.colliderect(frame.scores)


def test_a_resized_window_is_laid_out_again_and_kept_above_the_minimum(make_driver):
    driver = make_driver(size=(1100, 760))
    pygame.display.set_mode((500, 800), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(500, 800), w=500, h=800)
    driver.frames(1)
    assert driver.app.size == (500, 800)
    assert driver.widget("New game").rect.right <= 500
    pygame.display.set_mode((200, 150), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(200, 150), w=200, h=150)
    driver.frames(1)
    assert driver.app.size == layout.MIN_LANDSCAPE


def test_chart_ticks_are_round_and_never_crowd_the_top():
    assert nice_ticks(1) == [0, 1]
    assert nice_ticks(7) == [0, 2, 4, 7]
    assert nice_ticks(9) == [0, 5, 9]
    assert nice_ticks(40) == [0, 10, 20, 30, 40]
    for top in range(1, 300):
        ticks = nice_ticks(top)
        assert ticks[0] == 0 and ticks[-1] == top and len(ticks) <= 6
        if len(ticks) > 2:
            assert ticks[-1] - ticks[-2] > (ticks[1] - ticks[0]) / 2, f"the top label crowds its neighbour: {ticks}"
