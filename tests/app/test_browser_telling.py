"""What a screen reader hears in a real browser: the game in headless Chromium (the browser harness), driven by
keys and taps as a player would, and what it says read back from Chromium's accessibility tree (DevTools'
``Accessibility.getFullAXTree``), in the page's live region (``#announcer``, a polite ARIA log outside the canvas:
game/app/announcer.py, game/app/telling.py). The region is added to the harness's page as ``index_template.html``
writes it, since the harness's page stands in for pygbag's.

One page a language (the language is a setting, chosen as the Settings scene chooses it): a new scene from the menu,
Tab moving the focus, an option changed with an arrow key, a tap on a taken line, an undo (U) and a step in Review.
The sentences expected come from the game's catalogue (game/play/i18n), in that language.

Skipped, saying why, when node, Chromium, the harness's playwright-core, Pyodide or the pygame-ce wheel are absent
(set up as in the browser harness's README.md).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from game.play import i18n
from game.play.i18n import tr, tr_n
from tools.browser.browser_expert import lacking, open_app_page
from tools.browser.node_driver import REPOSITORY, skip_reason

MISSING = lacking()
pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]
PAGE = "telling"
TRIES = 100  # of what the page says, 0.1 s apart (the loop turns 30-60 times a second)
APP = (
    "next(o for o in __import__('gc').get_objects()"
    " if type(o).__module__ == 'game.app.app' and type(o).__name__ == 'App')"
)


def live_region() -> str:
    """The live region as the game's page writes it (``index_template.html``)."""
    found = re.search(r'<div id="announcer"[^>]*></div>', (REPOSITORY / "index_template.html").read_text())
    assert found, "index_template.html has the live region"
    return found.group(0)


@pytest.fixture(scope="module", params=["en", "fr"])
def page(request):
    driver = open_app_page(Path("main.py"), PAGE, "main")
    try:
        driver.ask(page=PAGE, js=f"document.body.insertAdjacentHTML('beforeend', {json.dumps(live_region())})")
        driver.ask(page=PAGE, py=f"app = {APP}; app.save_settings(app.settings.with_(language={request.param!r}))")
        driver.ask(page=PAGE, js="document.getElementById('canvas').focus()")
        yield Page(driver, request.param)
    finally:
        driver.close()


@pytest.fixture(autouse=True)
def speaking(page, monkeypatch):
    """The catalogue of this process in the page's language, for the expected sentences."""
    monkeypatch.setattr(i18n, "_active", page.language)


class Page:
    def __init__(self, driver, language: str) -> None:
        self.driver = driver
        self.language = language

    def heard(self) -> list[str]:
        """The live region's lines, as the accessibility tree gives them to a screen reader."""
        lines = self.driver.ask(page=PAGE, heard="log")
        assert lines is not None, "the page has a live region in its accessibility tree"
        return lines

    def py(self, code: str) -> str:
        return str(self.driver.ask(page=PAGE, py=f"app = {APP}\n{code}"))

    def key(self, name: str, wanted=None) -> list[str]:
        """Presses ``name``; with ``wanted``, waits until the page says it (see :meth:`hears`)."""
        before = self.heard()
        self.driver.ask(page=PAGE, key=name)
        return self.hears(wanted, before) if wanted is not None else before

    def tap(self, point: tuple[int, int], wanted) -> list[str]:
        before = self.heard()
        self.driver.ask(page=PAGE, tap=list(point))
        return self.hears(wanted, before)

    def hears(self, wanted, before: list[str] | None = None) -> list[str]:
        """Waits until the last line heard satisfies ``wanted`` (a sentence or a test of one), and differs from what
        was heard ``before`` (the lines heard before a key or a tap); returns the lines."""
        test = wanted if callable(wanted) else (lambda line: line == wanted)
        lines: list[str] = []
        for _ in range(TRIES):
            lines = self.heard()
            if lines and lines != before and test(lines[-1]):
                return lines
            time.sleep(0.1)
        raise AssertionError(f"never heard {wanted!r}; heard {lines[-5:]}")

    def scene(self) -> str:
        return self.py("type(app.manager.top).__name__")

    def menu(self) -> None:
        self.py("app.reset('menu')")
        self.until("type(app.manager.top).__name__ == 'MenuScene'")

    def until(self, condition: str) -> None:
        for _ in range(TRIES):
            if self.py(f"str(bool({condition}))") == "True":
                return
            time.sleep(0.1)
        raise AssertionError(f"the page never had {condition}")


def test_a_scene_opened_from_the_menu_by_tab_and_enter_is_told_with_each_focus(page):
    page.menu()
    told = []
    for _ in range(12):
        told.append(page.key("Tab", lambda line: line.endswith(tr("{label}, button").format(label="")))[-1])
        if told[-1] == tr("{label}, button").format(label=tr("Settings")):
            break
    assert tr("{label}, button").format(label=tr("Quick play")) in told, "each button the focus reaches, in turn"
    assert told[-1] == tr("{label}, button").format(label=tr("Settings"))
    page.key("Enter", tr("Settings"))
    assert page.scene() == "SettingsScene"


def test_an_option_changed_with_an_arrow_key_is_told_with_its_new_value(page):
    page.menu()
    page.py("app.go('settings', play=False)")
    page.until("type(app.manager.top).__name__ == 'SettingsScene'")
    before = page.heard()
    page.key("Tab")
    page.until("app.manager.top.panel.focus is not None")
    row = json.loads(page.py(
        "w = app.manager.top.panel.widgets[app.manager.top.panel.focus]\n"
        "__import__('json').dumps([w.label, [text for _, text in w.options], w.index])"
    ))  # fmt: skip
    label, options, index = row
    page.hears(
        tr("{label}: {value}, {n} of {count}").format(
            label=label, value=options[index], n=index + 1, count=len(options)
        ),
        before,
    )
    page.key("ArrowRight", tr("{label}: {value}").format(label=label, value=options[index + 1]))


def board_point(page: Page, line: int) -> tuple[int, int]:
    """The canvas pixel of ``line``'s middle on the board shown."""
    x, y = json.loads(page.py(
        f"s = app.manager.top; (ax, ay), (bx, by) = s.view.ends[{line}]\n"
        "__import__('json').dumps([app.content_rect.x + (ax + bx) // 2, app.content_rect.y + (ay + by) // 2])"
    ))  # fmt: skip
    return x, y


def test_a_tap_on_a_taken_line_and_an_undo_are_told(page):
    page.py(
        "from game.play.match import Session\nfrom game.play.settings import Seat, Settings\n"
        "app.go('board', session=Session(Settings(seats=(Seat('human'), Seat('human')), size=(3, 3), "
        "animation='fast'), first=0))"
    )
    page.until("type(app.manager.top).__name__ == 'BoardScene' and hasattr(app.manager.top, 'view')")
    top = board_point(page, 0)
    first, second = json.loads(page.py("__import__('json').dumps(app.manager.top.session.names)"))
    page.tap(top, lambda line: line.startswith(first) and second in line)
    page.until("app.manager.top.session.accepting_input() and app.manager.top.session.animation is None")
    time.sleep(1.0)  # (not the second tap of a double tap)
    page.tap(top, tr("That line is taken"))
    undone = tr_n("Undone: {n} line taken back.", "Undone: {n} lines taken back.", 1)
    lines = page.key("u", lambda line: line.startswith(undone))
    assert tr("That line is taken") not in lines[-1], "the message of before the undo no longer holds"
    assert page.py("str(len(app.manager.top.session.state.moves))") == "0"


def test_a_step_in_review_is_told_with_its_move_and_verdict(page):
    page.py(
        "import random\nfrom game.play.match import Session\nfrom game.play.settings import Seat, Settings\n"
        "from game.app.scenes.review import ReviewScene\n"
        "session = Session(Settings(seats=(Seat('human'), Seat('computer', 'easy')), size=(2, 2)), "
        "random.Random(2), first=0)\n"
        "rng = random.Random(3)\n"
        "for game in session.games:\n"
        "    while not game.over:\n"
        "        game.play(rng.choice(game.legal_lines()))\n"
        "review = ReviewScene(app, session.state, session.names, session.seats)\n"
        "app.manager.push(review)"
    )
    page.until("type(app.manager.top).__name__ == 'ReviewScene'")
    page.until(f"{tr('Review')!r} in app.announcer.said")
    assert tr("Review") in page.heard(), "the scene's title"
    shown = int(page.py("str(app.manager.top.index)"))
    before = page.heard()
    page.key("ArrowLeft")
    page.until(f"app.manager.top.index == {shown - 1}")
    headline = page.py("app.manager.top.headline()")
    lines = page.hears(lambda line: line.startswith(f"{headline}. "), before)
    assert lines[-1] == f"{headline}. {page.py('app.manager.top.verdict()')}", "the move shown and its verdict"
