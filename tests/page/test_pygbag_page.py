"""The real page over pygbag's ``platform.window`` and ``platform.document``: what it does to the DOM, read from
stand-ins of the few DOM objects it touches (the browser tests run it in Chromium), and the in-memory page keeping
the same interface."""

from __future__ import annotations

import inspect
import json
import platform
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.page import Glue, Page, Refused, text_of
from game.page.browser import PygbagPage
from game.page.memory import MemoryPage


class Element:
    def __init__(self, tag: str = "div") -> None:
        self.tag, self.textContent, self.value, self.readOnly = tag, "", "", False
        self.children: list[Element] = []
        self.style = SimpleNamespace(cssText="")
        self.selected = self.removed = False

    @property
    def childElementCount(self) -> int:  # noqa: N802 - the DOM's names
        return len(self.children)

    @property
    def firstElementChild(self) -> Element:  # noqa: N802
        return self.children[0]

    def appendChild(self, child: Element) -> None:  # noqa: N802
        self.children.append(child)

    def removeChild(self, child: Element) -> None:  # noqa: N802
        self.children.remove(child)

    def focus(self) -> None:
        pass

    def select(self) -> None:
        self.selected = True

    def remove(self) -> None:
        self.removed = True


class Canvas(Element):
    width, height = 720, 1280

    def getBoundingClientRect(self) -> SimpleNamespace:  # noqa: N802
        return SimpleNamespace(left=0, top=0, width=360, height=640)


class Document:
    def __init__(self, region: bool = True) -> None:
        self.elements = {"announcer": Element() if region else None, "canvas": Canvas()}
        self.body = Element("body")
        self.made: list[Element] = []

    def getElementById(self, name: str) -> Element | None:  # noqa: N802
        return self.elements.get(name)

    def createElement(self, tag: str) -> Element:  # noqa: N802
        self.made.append(Element(tag))
        return self.made[-1]


class Script:
    """A script's global object: its functions answer what the test gives them."""

    def hello(self, who: str, times: int) -> str:
        return f"{who} x{times}"

    def nothing(self) -> None:
        return None


class Window:
    def __init__(self) -> None:
        self.evaluated: list[str] = []
        self.location = SimpleNamespace(href="https://x.example/p/?a=1#abc", hash="#abc", pathname="/p/", search="?a=1")
        self.replaced: list[str] = []
        self.history = SimpleNamespace(replaceState=lambda state, title, url: self.replaced.append(url))
        self.innerWidth, self.innerHeight = 390, 844

    def eval(self, text: str) -> str:
        self.evaluated.append(text)
        if text.startswith("typeof"):
            return "object" if hasattr(self, "pipopipetteTest") else "undefined"
        self.pipopipetteTest = Script()
        return "ok"


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> PygbagPage:
    monkeypatch.setattr(platform, "window", Window(), raising=False)
    monkeypatch.setattr(platform, "document", Document(), raising=False)
    return PygbagPage()


def test_each_line_said_is_a_text_paragraph_in_the_live_region_the_newest_kept(page: PygbagPage) -> None:
    region = platform.document.elements["announcer"]  # type: ignore[attr-defined]
    assert page.announce("Blue draws the top of a1.", 3) and page.announce("<img src=x onerror=alert(1)>", 3)
    assert [(p.tag, p.textContent) for p in region.children] == [
        ("p", "Blue draws the top of a1."),
        ("p", "<img src=x onerror=alert(1)>"),  # as text, never as markup
    ]
    for n in range(5):
        page.announce(f"move {n}", 3)
    assert [p.textContent for p in region.children] == ["move 2", "move 3", "move 4"]


def test_a_page_without_the_region_loses_the_words_and_a_refusing_one_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "document", Document(region=False), raising=False)
    assert PygbagPage().announce("Score: 1 to 0.", 20)
    monkeypatch.setattr(platform, "document", None, raising=False)
    assert not PygbagPage().announce("Score: 1 to 0.", 20)


def test_the_text_field_is_a_selected_read_only_textarea_over_its_place(page: PygbagPage) -> None:
    assert page.show_text_field("https://x.example/#abc", (10, 20, 200, 40), 1280)
    (field,) = platform.document.made  # type: ignore[attr-defined]
    assert field.tag == "textarea" and field.value == "https://x.example/#abc" and field.readOnly and field.selected
    css = field.style.cssText
    assert "position:fixed" in css and "left:5px;top:10px;width:100px;height:20px" in css
    assert "x.example" not in field.style.cssText
    page.hide_text_field()
    assert field.removed


def test_a_script_is_the_games_own_file_run_once_and_called_with_values(page: PygbagPage, tmp_path: Path) -> None:
    source = tmp_path / "test.js"
    source.write_text("window.pipopipetteTest = {};", encoding="utf-8")
    glue = Glue("pipopipetteTest", source)
    script = page.script(glue)
    page.script(glue)
    assert platform.window.evaluated == [  # type: ignore[attr-defined]
        "typeof(window.pipopipetteTest)",
        "window.pipopipetteTest = {};",
        "typeof(window.pipopipetteTest)",
    ]
    assert script.hello("Ann", 2) == "Ann x2" and script.nothing() == ""


def test_the_address_its_fragment_and_taking_the_fragment_out(page: PygbagPage) -> None:
    assert page.address() == "https://x.example/p/?a=1#abc" and page.fragment() == "#abc"
    page.clear_fragment()
    assert platform.window.replaced == ["/p/?a=1"]  # type: ignore[attr-defined]
    assert page.viewport() == (390.0, 844.0, 1.0), "no devicePixelRatio: 1"


def test_a_page_that_cannot_say_answers_as_a_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "window", SimpleNamespace(), raising=False)
    page = PygbagPage()
    assert not page.prefers_dark() and not page.hidden() and page.language() == "" and page.cores() == 1
    assert page.address() is None and page.fragment() == "" and not page.can_share()
    with pytest.raises(Refused):
        page.write_clipboard("text", print, print)
    page.clear_fragment()
    page.refit()


def test_answers_from_javascript_are_text() -> None:
    assert [text_of(value) for value in ("ok", None, 2, 0, "")] == ["ok", "", "2", "0", ""]

    class JsNull:
        def __bool__(self) -> bool:
            return False

    assert text_of(JsNull()) == ""


@pytest.mark.parametrize("kind", [PygbagPage, MemoryPage])
def test_both_pages_answer_everything_the_game_asks_of_a_page(kind: type) -> None:
    asked = {name for name, _ in inspect.getmembers(Page, inspect.isfunction) if not name.startswith("_")}
    assert asked >= {"viewport", "script", "announce", "local_storage", "share"}
    for name in asked:
        theirs = inspect.signature(getattr(kind, name))
        assert list(theirs.parameters) == list(inspect.signature(getattr(Page, name)).parameters), name


def test_the_memory_page_answers_the_clipboard_as_told() -> None:
    said: list[object] = []
    page = MemoryPage()
    page.write_clipboard("abc", said.append, said.append)
    page.read_clipboard(said.append, said.append)
    assert said == [None, "abc"]
    page.clipboard_refused = True
    page.read_clipboard(said.append, lambda error: said.append(error.name))
    assert said[-1] == "NotAllowedError"
    held = MemoryPage(answer_at_once=False)
    held.write_clipboard("x", said.append, said.append)
    assert held.pending and said[-1] == "NotAllowedError", "not answered yet"
    held.settle(value="done")
    assert said[-1] == "done" and json.dumps(held.shared) == "[]"
