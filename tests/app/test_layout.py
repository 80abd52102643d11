"""Every scene laid out on phones upright and sideways, a desktop window and a 4K screen: nothing off screen, nothing
overlapping, every target at least 44 CSS px high, text at least 14 CSS px (captions 12).

Sizes are CSS px; phones are drawn at density 2 (a canvas of twice the CSS size, as the browser build makes it).
A text's CSS size is its font's em size: pygame's ``Font(None, n)`` is an ``n * 0.6875`` px font.
"""

from __future__ import annotations

import random
from datetime import date

import pygame
import pytest

from game.app import layout
from game.app.scenes.backup import BackupScene
from game.app.scenes.board import BoardScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.howto import PAGES, HowToScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.online import OnlineScene
from game.app.scenes.open_link import OpenLinkScene
from game.app.scenes.players import NameScene, PlayersScene
from game.app.scenes.puzzles import PuzzleListScene, PuzzleScene
from game.app.scenes.replace import ReplaceScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.servers import ServersScene
from game.app.scenes.settings import PAGES as SETTINGS_PAGES
from game.app.scenes.settings import SettingsScene
from game.app.scenes.share import ShareScene
from game.play import i18n
from game.play.match import Session
from game.play.players import COLOURS, Player
from game.play.settings import Seat, Settings
from game.puzzles import load_puzzles

from .test_scenes import finished_session

SCREENS = [
    ((320, 480), 2.0),
    ((360, 640), 2.0),
    ((390, 844), 2.0),
    ((844, 390), 2.0),
    ((480, 390), 2.0),  # the least landscape: a smaller window is laid out at this size and shrunk to fit
    ((585, 390), 2.0),  # a 320x480 phone turned sideways (its canvas is grown to 390 CSS px high)
    ((693, 390), 2.0),  # a 640x360 phone turned sideways
    ((1280, 720), 1.0),
    ((3840, 2160), 1.0),
]
HUMAN_V_COMPUTER = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="fast")
FOUR = (Seat("human"), Seat("computer", "beginner"), Seat("human"), Seat("computer", "expert"))


class TextLog:
    """Wraps the app's text service and keeps every string drawn on the screen: (text, size, rect, clip), the clip
    None where the surface was not clipped.

    Letters drawn into a board's own picture (owned cells' marks, the numbered lines of how-to pictures) are part
    of the drawing and scale with it; they are not counted."""

    def __init__(self, app) -> None:
        self.app = app
        self.drawn: list[tuple[str, int, pygame.Rect, bool]] = []
        self.original = app.text.draw
        app.text.draw = self.draw

    def draw(self, surface, text, size, colour=(0, 0, 0), **anchor):
        rect = self.original(surface, text, size, colour, **anchor)
        clip = surface.get_clip() if surface.get_clip() != surface.get_rect() else None
        on_screen = surface is self.app.screen or surface.get_parent() is self.app.screen  # (scenes draw below notices)
        if text.strip() and on_screen and not any(v.contains(rect) for v in board_views(self.app)):
            self.drawn.append((text, size, rect, clip))
        return rect


def board_views(app) -> list[pygame.Rect]:
    scene = app.manager.top
    views = [scene.view.rect] if getattr(scene, "view", None) is not None else []
    return views + [view.rect for _, view in getattr(scene, "views", [])]


def css(size: int, density: float) -> float:
    return size * layout.FONT_EM / density


def between_boards() -> Session:
    """A two-board match between two people whose first board just finished: the result card is up."""
    settings = Settings(seats=(Seat("human"), Seat("human")), size=(2, 2), match=True, animation="fast")
    session = Session(settings, random.Random(1), first=0)
    rng = random.Random(2)
    while not session.state.over:
        session.play_line(rng.choice(session.state.legal_lines()))
        session.update(5.0)
    session.update(5.0)
    assert session.between
    return session


def scene_makers(base: Settings = HUMAN_V_COMPUTER):
    """Every scene to lay out, its games played with ``base``'s rules and players (the sizes and seats each case
    names replace its own)."""
    yield "menu", lambda app: MenuScene(app)
    for page, name in enumerate(SETTINGS_PAGES):
        yield f"settings {name}", lambda app, page=page: _settings(app, page, 2)
    yield "settings Players, 4 seats", lambda app: _settings(app, 1, 4)
    yield "board 5x5", lambda app: BoardScene(app, Session(base.with_(size=(5, 5)), app.rng))
    yield (
        "board triangle, 4 seats, timer",
        lambda app: BoardScene(app, Session(base.with_(seats=FOUR, shape="triangle", size=(7,), timer=30), app.rng)),
    )
    yield "board between two match boards", lambda app: BoardScene(app, between_boards())
    yield "results", lambda app: ResultsScene(app, finished_session(base.with_(size=(4, 4))))
    yield (
        "results, 4 seats, misère",
        lambda app: ResultsScene(app, finished_session(base.with_(seats=FOUR, misere=True))),
    )
    for page in range(len(PAGES)):
        yield f"how to play {page + 1}", lambda app, page=page: _howto(app, page)
    yield "history", lambda app: HistoryScene(app)
    yield "history, clear?", lambda app: _confirming(HistoryScene(app))
    yield "review", lambda app: _review(app)
    yield (
        "share",
        lambda app: ShareScene(
            app, "Send your move", "Send this link to your friend.", "https://example.org/#g=4x4.abc&m=h00v11h22"
        ),
    )
    yield "open a link", lambda app: OpenLinkScene(app)
    yield "open a link, pages of keys, a problem", _open_link_typed
    yield "players, you and a computer", lambda app: _players(app, 2)
    yield "players, 4 seats", lambda app: _players(app, 4)
    yield "player's name", lambda app: NameScene(app, 0)
    yield "puzzles", lambda app: PuzzleListScene(app)
    for theme in ("chains", "triangles", "hexagons", "misere"):
        yield f"puzzle, {theme}", lambda app, theme=theme: _puzzle(app, theme)
    yield "puzzle, hint shown", lambda app: _puzzle(app, "long-chain", hint=True)
    yield "daily puzzle", _daily
    yield "play online, on the desktop", lambda app: OnlineScene(app)
    yield "play online, the room's game", lambda app: _online_room(app)
    for page in range(2):
        yield f"the room's game, page {page + 1}", lambda app, page=page: _room_game(app, page)
    yield "play online, the invitation", _online_invitation
    yield "an online game's board, paused", lambda app: _online_board(app, paused=True)
    yield "an online game's board, over", lambda app: _online_board(app, paused=False)
    yield "an online game's board, leave?", _online_leaving
    yield "online servers, one refused", _servers_refused
    yield "backup", lambda app: BackupScene(app)
    yield "backup, an import refused", _backup_refused
    yield "replace the unfinished game?", _asking  # (last: it is shown alone, not over the menu it dims)


def _open_link_typed(app) -> OpenLinkScene:
    scene = OpenLinkScene(app)
    scene.typed = "https://example.org/#p=1.s5x5.2.0.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    scene.problem = "This link is not a game: it has no position code after #p= or #g=."
    scene.keypad.page = 2
    return scene


def _players(app, count: int) -> PlayersScene:
    app.settings = app.settings.with_(seats=FOUR[:count] if count > 2 else HUMAN_V_COMPUTER.seats)
    return PlayersScene(app)


def _puzzle(app, theme: str, hint: bool = False) -> PuzzleScene:
    puzzles = load_puzzles()
    scene = PuzzleScene(app, puzzles, next(i for i, p in enumerate(puzzles) if p.theme == theme))
    scene.show_hint = hint
    return scene


def _daily(app) -> DailyScene:
    for day in ("2026-11-30", "2026-12-01"):
        app.saved.mark_daily_solved(day)
    return DailyScene(app, today=lambda: date(2026, 12, 1))


def _online_invitation(app) -> OnlineScene:

    scene = _online_room(app)
    scene.invite()
    scene.update(0.1)  # the page gave its offer: the invitation is shown
    return scene


def _online_room(app) -> OnlineScene:
    """A new room's game, before the invitation, on the longest board words (a triangle, misère, a timer)."""
    from online_fakes import Page, online_page

    scene = OnlineScene(app, page=online_page(Page([])))
    scene.pick_game(app.settings.with_(shape="triangle", size=(7,), misere=True, timer=30, competitive=True))
    return scene


def _room_game(app, page: int) -> SettingsScene:
    scene = SettingsScene(app, play=False, draft=Settings(size=(5, 5)), pick=lambda settings: None)
    scene.page = page
    return scene


def _online_leaving(app) -> BoardScene:
    """The host's board of an online game, Menu pressed: the row asks first."""
    from online_fakes import live_sessions

    host, _ = live_sessions(Settings(), Settings())
    scene = BoardScene(app, host)
    scene.update(0.01)
    scene.leave()
    return scene


def _online_board(app, paused: bool) -> BoardScene:
    """The host's board of an online game: waiting for the friend's device, or over with a rematch offered."""
    from online_fakes import live_sessions

    host, guest = live_sessions(Settings(), Settings())
    if paused:
        guest.leave()
    else:
        guest.referee.resign()
        guest.update(0.1)
        guest.referee.offer_rematch()
    host.update(0.1)
    scene = BoardScene(app, host)
    scene.update(0.01)
    return scene


def _servers_refused(app) -> ServersScene:
    scene = ServersScene(app)
    scene.typed = "stun:stun.example.org:3478\nturn:relay.example.org:3478"
    scene.save()
    return scene


def _backup_refused(app) -> BackupScene:
    scene = BackupScene(app)
    scene.import_text("{ not a backup")
    return scene


def _asking(app) -> ReplaceScene:
    """The question New game asks when a game is unfinished, alone on the stack so that only its own texts are
    checked (over the menu, the menu's texts lie dimmed under it)."""
    app.manager.stack.clear()
    return ReplaceScene(app, Session(HUMAN_V_COMPUTER, app.rng), lambda: None)


def _review(app) -> ReviewScene:
    session = finished_session(HUMAN_V_COMPUTER.with_(size=(3, 3)))
    return ReviewScene(app, session.state, session.names, session.seats)


def _settings(app, page: int, players: int) -> SettingsScene:
    app.settings = app.settings.with_(seats=FOUR[:players])
    scene = SettingsScene(app, play=True)
    scene.page = page
    return scene


def _howto(app, page: int) -> HowToScene:
    scene = HowToScene(app)
    scene.page = page
    return scene


def _confirming(scene: HistoryScene) -> HistoryScene:
    scene.confirming = True
    return scene


def label_of(widget) -> str:
    return getattr(widget, "label", type(widget).__name__)


def overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


CASES = [(size, density, language) for size, density in SCREENS for language in ("en", "fr")]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("css_size", "density", "language"), CASES, ids=[f"{w}x{h}-{lang}" for (w, h), _, lang in CASES]
)
def test_every_scene_fits_and_is_big_enough_for_fingers_and_eyes(
    make_driver, store, monkeypatch, css_size, density, language
):
    store.put("history", [finished_session(HUMAN_V_COMPUTER).record().to_data() for _ in range(3)])
    size = (round(css_size[0] * density), round(css_size[1] * density))
    driver = make_driver(size=size, density=density)
    monkeypatch.setattr(i18n, "_active", language)
    problems, drawn = layout_problems(driver, scene_makers())
    assert drawn > 100, "the texts of every scene were seen"
    assert not problems, "\n".join(problems)


# Every setting that makes the game's words longer: misère, the Swedish start, no extra move, compulsory captures,
# a timer, competitive, a match with a decider, the longest names, four seats (some cases)
LONG = Settings(
    seats=(Seat("human"), Seat("computer", "expert")),
    misere=True,
    start="swedish",
    no_extra=True,
    must_capture=True,
    timer=30,
    competitive=True,
    match=True,
    decider=True,
    players=(Player("Maximilienne", "M"), Player("Bartholomew", "B")),
    animation="fast",
)
SHAPES = [((390, 844), 2.0), ((844, 390), 2.0), ((1280, 720), 1.0)]  # a phone upright, sideways, a desktop window
LONG_CASES = [(size, density, language, look) for size, density in SHAPES for language in ("en", "fr")
              for look in ("light", "dark")]  # fmt: skip


@pytest.mark.parametrize(
    ("css_size", "density", "language", "look"),
    LONG_CASES,
    ids=[f"{w}x{h}-{lang}-{look}" for (w, h), _, lang, look in LONG_CASES],
)
def test_no_text_is_cut_with_every_setting_that_lengthens_it(
    make_driver, store, monkeypatch, css_size, density, language, look
):
    """Every scene with the longest words the settings make, in both languages and both themes: text wraps or
    ends with an ellipsis, and never runs off the screen, out of its widget or into another text."""
    assert not LONG.problems()
    store.put("history", [finished_session(LONG).record().to_data() for _ in range(3)])
    size = (round(css_size[0] * density), round(css_size[1] * density))
    driver = make_driver(size=size, density=density)
    monkeypatch.setattr(i18n, "_active", language)
    driver.app.save_settings(LONG.with_(theme=look))
    problems, drawn = layout_problems(driver, scene_makers(LONG))
    assert drawn > 100, "the texts of every scene were seen"
    assert not problems, "\n".join(problems)


def layout_problems(driver, makers) -> tuple[list[str], int]:
    """What is wrong with the layout of each scene ``makers`` makes, drawn one after another on ``driver``'s app,
    and how many texts were drawn."""
    app = driver.app
    screen, density = pygame.Rect((0, 0), app.size), app.density
    problems: list[str] = []
    drawn = 0
    for name, make in makers:
        app.manager.push(make(app))
        log = TextLog(app)
        driver.frames(1)
        app.text.draw = log.original
        drawn += len(log.drawn)
        widgets = [w for w in app.manager.top.panel.widgets]
        for widget in widgets:
            what = f"{name}: {label_of(widget) or 'tabs'!r}"
            if not screen.contains(widget.rect):
                problems.append(f"{what} is off screen at {widget.rect}")
            parts = [rect for _, rect in widget.part_rects()] if hasattr(widget, "part_rects") else [widget.rect]
            for part in parts:
                if part.height < layout.TARGET_CSS * density - 1:
                    problems.append(f"{what} has a target {part.height / density:.0f} CSS px high")
                if not widget.rect.contains(part):
                    problems.append(f"{what} has a part outside it at {part}")
        for index, a in enumerate(widgets):
            for b in widgets[index + 1 :]:
                if overlap(a.rect, b.rect):
                    problems.append(f"{name}: {label_of(a)!r} overlaps {label_of(b)!r}")
        for text, text_size, rect, clip in log.drawn:
            clipped = clip is not None
            inside = [] if clipped else [w for w in widgets if w.rect.collidepoint(rect.center)]
            least = layout.BODY_CSS if inside else layout.CAPTION_CSS
            if css(text_size, density) < least - 0.05:
                problems.append(f"{name}: {text!r} is {css(text_size, density):.1f} CSS px")
            if not clipped and not screen.contains(rect):
                problems.append(f"{name}: {text!r} is off screen at {rect}")
            if clipped and (rect.left < clip.left or rect.right > clip.right):
                problems.append(f"{name}: {text!r} is cut at the side of its clip {clip} at {rect}")
            if inside:
                if not inside[0].rect.contains(rect.inflate(-2, -rect.height // 3)):
                    problems.append(f"{name}: {text!r} spills out of {label_of(inside[0])!r}")
            elif not clipped:  # (a clipped list may pass under a dialog's buttons)
                for widget in widgets:
                    if overlap(rect.inflate(0, -rect.height // 3), widget.rect):
                        problems.append(f"{name}: {text!r} runs into {label_of(widget)!r}")
        shown = [(text, rect.inflate(-2, -rect.height // 3)) for text, _, rect, clip in log.drawn if clip is None]
        for index, (text, rect) in enumerate(shown):
            for other, other_rect in shown[index + 1 :]:
                if overlap(rect, other_rect):
                    problems.append(f"{name}: {text!r} overlaps {other!r}")
        app.manager.pop()
    return problems, drawn


@pytest.mark.parametrize(("css_size", "density"), SCREENS[:4], ids=[f"{w}x{h}" for (w, h), _ in SCREENS[:4]])
def test_settings_rows_stay_put_when_the_shape_or_the_players_change(make_driver, css_size, density):
    size = (round(css_size[0] * density), round(css_size[1] * density))
    driver = make_driver(size=size, density=density)
    driver.press_button("Settings")

    def places() -> dict[str, pygame.Rect]:
        return {w.label: pygame.Rect(w.rect) for w in driver.scene.panel.widgets}

    driver.choose("Winner", "Most boxes")
    before = places()
    driver.choose("Board", "Triangle")
    after = places()
    assert "Columns" not in after
    assert {label: rect for label, rect in after.items() if label in before} == {
        label: before[label] for label in after if label in before
    }
    driver.choose("Players", "2")
    before = places()
    driver.choose("Players", "4")
    after = places()
    assert set(after) - set(before) == {"Player 3", "Player 4"}
    assert all(after[label] == rect for label, rect in before.items()), "the rows kept their places"


def test_every_registered_scene_is_laid_out_by_the_layout_test(make_driver):
    """A new scene is caught here until it is added to :func:`scene_makers`."""
    driver = make_driver(size=(780, 1688), density=2.0)
    laid_out = {type(make(driver.app)) for _, make in scene_makers()}
    assert laid_out == set(driver.app.scenes.values()), "every registered scene belongs in scene_makers()"


@pytest.mark.parametrize(("css_size", "density"), SCREENS[:4], ids=[f"{w}x{h}" for (w, h), _ in SCREENS[:4]])
def test_the_players_cards_stay_put_when_a_colour_changes_or_a_message_shows(make_driver, css_size, density):
    size = (round(css_size[0] * density), round(css_size[1] * density))
    driver = make_driver(size=size, density=density)
    driver.app.settings = driver.app.settings.with_(seats=FOUR)
    driver.app.manager.push(PlayersScene(driver.app))
    driver.frames(1)
    scene = driver.scene

    def places() -> list[pygame.Rect]:
        return [pygame.Rect(w.rect) for w in scene.panel.widgets]

    before = places()
    colours = next(w for w in scene.panel.widgets if getattr(w, "label", "") == "Player 1 colour")
    driver.click(dict(colours.part_rects())[3].center)
    assert driver.app.settings.looks()[0].colour == COLOURS[colours.names[3]], "the colour was chosen"
    assert colours.label == "Player 1 colour" and places() == before, "a new colour moved nothing"
    scene.message = "Not possible: " + "a reason long enough to take several lines of the note at the bottom " * 3
    scene.arrange()
    driver.frames(1)
    assert places() == before, "a message moved nothing"


@pytest.mark.parametrize(("css_size", "density"), SHAPES, ids=[f"{w}x{h}" for (w, h), _ in SHAPES])
def test_the_boards_header_names_every_rule_in_force_or_shows_it_whole_on_a_tap(make_driver, css_size, density):
    size = (round(css_size[0] * density), round(css_size[1] * density))
    driver = make_driver(size=size, density=density)
    app = driver.app
    triangle = Settings(shape="triangle", size=(8,), must_capture=True)
    for settings in (triangle, LONG.with_(size=(5, 5))):
        scene = BoardScene(app, Session(settings, app.rng))
        app.manager.push(scene)
        log = TextLog(app)
        driver.frames(1)
        app.text.draw = log.original
        title = scene.presenter.title()
        header = [text for text, _, rect, _ in log.drawn if scene._title_rect().contains(rect.inflate(-4, -4))]
        shown = " ".join(header)
        if shown.endswith("…"):
            assert settings is not triangle or not scene.frame.portrait, f"upright, one rule fits: {header}"
            assert len(shown) > len(title) // 2, "as much as the header holds"
            driver.click(scene._title_rect().center)
            assert title in [message for message, _ in app.notices], "a tap shows the whole title"
        else:
            assert [part for part in title.split(" · ") if part not in shown] == [], header
        app.manager.pop()
