"""Every string the player reads is in the catalogue, in English and in French, and French fits a 360x640 phone."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pygame
import pytest

from game.app import theme
from game.app.theme import Text
from game.page.memory import MemoryPage
from game.play import i18n
from game.play.i18n import FRENCH, FRENCH_PLURALS, from_tag, tr, tr_n

GAME = Path(__file__).resolve().parents[2] / "game"
PLAYER_FACING = (GAME / "app", GAME / "play")  # the packages whose strings a player reads
CALLS = {"tr", "tr_mark"}
PROSE = re.compile(r"[A-Za-z]{2,}")
NAMES = {"Pipopipette"}  # the game's name is the same in every language
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?\}")


def sources() -> list[tuple[Path, ast.Module]]:
    found = []
    for path in sorted(p for package in PLAYER_FACING for p in package.rglob("*.py")):
        if path.relative_to(GAME).as_posix() not in ("play/i18n/__init__.py", "play/i18n/fr.py"):
            found.append((path, ast.parse(path.read_text(encoding="utf-8"))))
    return found


def called(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    return node.func.attr if isinstance(node.func, ast.Attribute) else ""


def shape_words() -> set[str]:
    """The words of the board-shape table (game/core/shapes.py), which the app passes to tr() by name."""
    from game.core.shapes import SHAPES

    return {
        text
        for shape in SHAPES.values()
        for text in (shape.label, *shape.dimensions, shape.words, shape.short, shape.option,
                     *(name for _, name in shape.size_names))
    }  # fmt: skip


def catalogue_calls() -> tuple[set[str], set[tuple[str, str]]]:
    """Every literal passed to tr()/tr_mark(), every (singular, plural) passed to tr_n(), and the shape words."""
    single, plural = shape_words(), set()
    for _path, tree in sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            if called(node) in CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                single.add(first.value)
            elif called(node) == "tr_n" and all(isinstance(a, ast.Constant) for a in node.args[:2]):
                plural.add((node.args[0].value, node.args[1].value))
    return single, plural


def looks_like_prose(text: str) -> bool:
    """Words a player would read: two letters or more, with a space or a capital (not an identifier or a key)."""
    if text in NAMES or not PROSE.search(text):
        return False
    return " " in text.strip() or bool(re.fullmatch(r"[A-Z][a-z]+[.!?:]?", text))


def untranslated() -> list[str]:
    """Prose literals in game/app that reach the player without going through the catalogue."""
    problems = []
    for path, tree in sources():
        exempt: set[int] = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (
                isinstance(body, list)
                and body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
            ):
                exempt.add(id(body[0].value))  # a docstring
            if isinstance(node, ast.Call) and called(node) in CALLS | {"tr_n"}:
                exempt.update(id(arg) for arg in node.args)
            if isinstance(node, ast.Call) and called(node) in {"compile", "fullmatch", "match", "search", "matchMedia"}:
                exempt.update(id(arg) for arg in node.args)  # a regular expression, or a CSS media query
            if isinstance(node, ast.Raise | ast.Assert):  # a programmer's message, never shown to a player
                exempt.update(id(inner) for inner in ast.walk(node))
            if isinstance(node, ast.Assign) and [ast.unparse(target) for target in node.targets] == ["__all__"]:
                exempt.update(id(inner) for inner in ast.walk(node))  # a package's names, never shown to a player
        for node in ast.walk(tree):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exempt
            if is_text and looks_like_prose(node.value):
                problems.append(f"{path.relative_to(GAME)}:{node.lineno}: {node.value!r}")
    return problems


HOW = (
    "every string a player reads goes through tr() / tr_n() (or tr_mark() for module-level data, translated where "
    "drawn) from game.play.i18n, with its French text in game/app/i18n/fr.py"
)


@pytest.mark.slow
def test_every_prose_string_in_the_app_goes_through_the_catalogue():
    assert untranslated() == [], HOW


@pytest.mark.slow
def test_every_catalogue_string_has_a_french_entry_with_the_same_placeholders():
    single, plural = catalogue_calls()
    assert len(single) > 150  # the scenes' strings are found (a broken scan would pass vacuously)
    missing = sorted(text for text in single if text not in FRENCH)
    assert missing == [], HOW
    for text in single:
        assert set(PLACEHOLDER.findall(FRENCH[text])) == set(PLACEHOLDER.findall(text)), text
    for one, many in plural:
        assert one in FRENCH_PLURALS, one
        french_one, french_many = FRENCH_PLURALS[one]
        assert set(PLACEHOLDER.findall(french_one)) <= set(PLACEHOLDER.findall(many)), one
        assert set(PLACEHOLDER.findall(french_many)) == set(PLACEHOLDER.findall(many)), one


@pytest.mark.slow
def test_the_catalogue_holds_no_string_the_code_no_longer_uses():
    single, plural = catalogue_calls()
    assert sorted(set(FRENCH) - single) == []
    assert sorted(set(FRENCH_PLURALS) - {one for one, _many in plural}) == []


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_tr_follows_the_active_language(french):
    assert tr("New game") == "Nouvelle partie"
    i18n.set_language("en")
    assert tr("New game") == "New game"


def test_plurals_follow_each_language(french):
    assert tr_n("{n} game played", "{n} games played", 0) == "0 partie jouée"
    assert tr_n("{n} game played", "{n} games played", 2) == "2 parties jouées"
    i18n.set_language("en")
    assert tr_n("{n} game played", "{n} games played", 0) == "0 games played"
    assert tr_n("{n} game played", "{n} games played", 1) == "1 game played"


@pytest.mark.parametrize(
    ("tag", "code"),
    [("fr-FR", "fr"), ("fr_CA.UTF-8", "fr"), ("FR", "fr"), ("fr:en", "fr")]
    + [("en-GB", "en"), ("de-DE", "en"), ("", "en"), (None, "en")],
)
def test_language_tags_reduce_to_a_supported_language(tag, code):
    assert from_tag(tag) == code


def test_the_browser_language_is_read_from_navigator():
    assert i18n.detect_language(MemoryPage(language_tag="fr-BE")) == "fr"
    assert i18n.detect_language(MemoryPage(language_tag="")) == "en", "a page without a language: English"


def test_the_system_language_is_read_from_the_environment(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.detect_language(None) == "fr"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert i18n.detect_language(None) == "en"


# -- French fits a 360x640 phone ------------------------------------------------------------------------------------
PHONE = (360, 640)


class TextRecorder:
    """Wraps Text.draw to keep, for each frame, where every string landed on the screen."""

    def __init__(self, monkeypatch):
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.screen = None
        original = Text.draw

        def draw(text_self, surface, text, size, colour=theme.INK, **anchor):
            rect = original(text_self, surface, text, size, colour, **anchor)
            on_screen = surface is self.screen or surface.get_parent() is self.screen  # scenes draw on a subsurface
            if on_screen and text.strip():
                self.drawn.append((text, rect.move(surface.get_abs_offset())))
            return rect

        monkeypatch.setattr(Text, "draw", draw)

    def problems(self, size: tuple[int, int]) -> list[str]:
        screen = pygame.Rect((0, 0), size)
        found = [f"{text!r} leaves the screen at {rect}" for text, rect in self.drawn if not screen.contains(rect)]
        for index, (text, rect) in enumerate(self.drawn):
            for other, other_rect in self.drawn[index + 1 :]:
                if rect.inflate(-4, -4).colliderect(other_rect.inflate(-4, -4)):
                    found.append(f"{text!r} overlaps {other!r}")
        return found


def scenes_to_visit(app) -> list[tuple[str, str, Callable[[], object]]]:
    """(what is shown, the registered scene's name, how to make it): every scene of ``app.scenes`` at least once, in
    the states whose text is longest."""
    from link_games import SITE as DEFAULT_SITE
    from link_games import friend_link

    from game.ai import hint
    from game.app.scenes.howto import PAGES
    from game.play.match import Session
    from game.play.settings import Seat, Settings

    you_and_computer = (Seat("human"), Seat("computer", "medium"))
    four = (Seat("human"), Seat("computer", "easy"), Seat("human"), Seat("computer", "hard"))

    def played(settings: Settings, moves: int) -> Session:
        rng = random.Random(3)
        session = Session(settings, random.Random(3), first=0)
        for _ in range(moves):
            if session.state.over:
                break
            session.play_line(rng.choice(session.state.legal_lines()))
            session.update(5.0)
        session.animation = None
        return session

    def finished(settings: Settings) -> Session:
        session = played(settings, 10_000)
        session.update(5.0)
        return session

    def hinted():
        session = played(Settings(seats=you_and_computer, shape="hex", size=(2,)), 52)
        session.thinker.hint = hint(session.state, 0.3)
        return app.scene("board", session=session)

    def howto(page: int):
        scene = app.scene("how_to_play")
        scene.page = page
        return scene

    def reviewed(index: int):
        game = finished(Settings(seats=you_and_computer, size=(4, 4)))
        scene = app.scene("review", game=game.state, names=game.names, seats=game.seats, seconds=0.2)
        scene.analysis.finish()
        mistakes = [move.index for move in scene.analysis.moves if move.loss]
        scene.go_to(mistakes[-1] + 1 if index < 0 else index)
        return scene

    def opened_link():
        scene = app.scene("open_link")
        scene.typed = friend_link(DEFAULT_SITE, played(Settings(size=(4, 4)), 9).state, "Kq3xZ0a_")
        scene.problem = tr("This link does not continue your game: move {n} is not the one you played.").format(n=7)
        return scene

    def puzzles():
        return app.scene("puzzles").puzzles

    def puzzle_hint():
        scene = app.scene("puzzle", puzzles=puzzles(), index=40)
        scene.hint()
        return scene

    def made(name: str, **args) -> Callable[[], object]:
        return lambda: app.scene(name, **args)

    def invited():
        from online_fakes import Page, online_page

        scene = app.scene("online", page=online_page(Page([])))
        scene.update(0.1)  # the page gave its offer: the invitation is shown
        return scene

    def online_board(state: str):
        """The board of an online game: paused (the friend left), asking to confirm a resignation, or over with
        a rematch offered by the friend."""
        from online_fakes import live_sessions

        from game.play.players import Player

        host, guest = live_sessions(Settings(players=(Player("Anne-Sophie"),)),
                                    Settings(players=(Player("Marie-Claire"),)))  # fmt: skip
        scene = app.scene("board", session=host)
        if state == "left":
            guest.leave()
        elif state == "rematch":
            guest.referee.resign()
            guest.update(0.1)
            guest.referee.offer_rematch()
        host.update(0.1)
        scene.update(0.01)
        scene.online.confirming = state == "resign?"
        return scene

    def servers_refused():
        scene = app.scene("servers")
        scene.typed = "stun:stun.l.google.com:19302\nturn:relay.example.org:3478"
        scene.save()
        return scene

    def daily() -> object:
        for day in ("2026-11-29", "2026-11-30", "2026-12-01"):  # (a streak, ticked days, today solved)
            app.saved.mark_daily_solved(day)
        return app.scene("daily", today=lambda: date(2026, 12, 1))

    timed = Settings(seats=four, shape="triangle", size=(6,), timer=15)
    match = Settings(seats=you_and_computer, size=(2, 2), match=True)
    link = friend_link(DEFAULT_SITE, played(Settings(size=(4, 4)), 9).state, "Kq3xZ0a_")
    visits = [
        ("menu", "menu", made("menu")),
        ("settings", "settings", made("settings", play=True)),
        ("board", "board", made("board", session=played(Settings(seats=you_and_computer, size=(5, 5)), 40))),
        ("4 players", "board", made("board", session=played(timed, 30))),
        ("hint", "board", hinted),
        ("match", "board", made("board", session=played(match, 12))),
        ("results", "results", made("results", session=finished(Settings(seats=you_and_computer, size=(4, 4))))),
        ("history", "history", made("history")),
        ("review", "review", lambda: reviewed(-1)),
        ("review of the start", "review", lambda: reviewed(0)),
        ("share", "share", made("share", title=tr("Send your move"),
                                explanation=tr("Whoever opens this link plays on from this position."), link=link)),
        ("open a link", "open_link", opened_link),
        ("online, on the desktop", "online", made("online")),
        ("online invitation", "online", invited),
        ("online board, the friend left", "board", lambda: online_board("left")),
        ("online board, resign?", "board", lambda: online_board("resign?")),
        ("online board, a rematch offered", "board", lambda: online_board("rematch")),
        ("online servers, one refused", "servers", servers_refused),
        ("backup", "backup", made("backup")),
        ("puzzles", "puzzles", made("puzzles")),
        ("the daily puzzle", "daily", daily),
        ("puzzle", "puzzle", lambda: app.scene("puzzle", puzzles=puzzles(), index=0)),
        ("puzzle with its hint", "puzzle", puzzle_hint),
        ("players", "players", made("players")),
        ("a player's name", "player_name", made("player_name", seat=0)),
        ("an unfinished game to replace", "replace",
         made("replace", unfinished=played(Settings(seats=four, shape="hex", size=(2,)), 30), start=lambda: None)),
    ]  # fmt: skip
    visits += [(f"how to play {page + 1}", "how_to_play", lambda page=page: howto(page)) for page in range(len(PAGES))]
    return visits


def test_the_phone_check_visits_every_registered_scene(make_driver):
    app = make_driver().app
    assert {name for _, name, _ in scenes_to_visit(app)} == set(app.scenes)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_scene_fits_a_360x640_phone(language, monkeypatch, make_driver, store):
    from game.play.match import Session
    from game.play.settings import Seat, Settings

    recorder = TextRecorder(monkeypatch)
    driver = make_driver(size=PHONE)
    app = driver.app
    i18n.set_language(language)
    past = Session(Settings(seats=(Seat("human"), Seat("computer", "hard"))), random.Random(1), first=0)
    while not past.state.over:
        past.play_line(past.state.legal_lines()[0])
    store.put("history", [past.record().to_data() for _ in range(3)])
    recorder.screen = app.screen
    found = []
    for shown, name, make in scenes_to_visit(app):
        scene = make()
        assert isinstance(scene, app.scenes[name]), f"{shown}: not the scene {name!r}"
        app.manager.reset(scene)  # alone, so a scene drawn over another (replace) shows only its own text
        recorder.drawn.clear()
        app.draw()
        assert len(recorder.drawn) >= 3, f"{shown}: its text was not seen"
        found += [f"{shown}: {problem}" for problem in recorder.problems(PHONE)]
    assert found == []


def test_choosing_french_in_settings_changes_every_scene_and_is_saved(make_driver, store):
    driver = make_driver()
    driver.press_button("Settings")
    language = driver.widget("Language")
    texts = [text for _, text in language.options]
    driver.click(dict(language.part_rects())[("set", texts.index("Français"))].center)
    assert i18n.language() == "fr"
    assert store.get("settings")["language"] == "fr"
    assert driver.widget("Langue").options[driver.widget("Langue").index][1] == "Français"
    driver.press_button("Retour")
    assert [widget.label for widget in driver.scene.panel.widgets][:3] == [
        "Nouvelle partie",
        "Jouer tout de suite",
        "Ouvrir un lien",
    ]


def test_a_saved_language_is_used_at_start_and_automatic_follows_the_system(make_driver, store, monkeypatch):
    store.put("settings", {"language": "fr"})
    make_driver()
    assert i18n.language() == "fr"
    store.put("settings", {"language": "auto"})
    monkeypatch.setenv("LANGUAGE", "fr_FR")
    make_driver()
    assert i18n.language() == "fr"
    monkeypatch.setenv("LANGUAGE", "en_GB")
    make_driver()
    assert i18n.language() == "en"


def test_an_unknown_stored_language_is_set_aside_with_defaults(make_driver, store):
    store.put("settings", {"language": "klingon"})
    driver = make_driver()
    assert driver.app.settings.language == "auto"
    assert i18n.language() == "en"
