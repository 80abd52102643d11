"""The live region: what the game says reaches the page as text, the newest last, the oldest dropped."""

from __future__ import annotations

from game.app.announcer import KEPT, Announcer


class FakeElement:
    def __init__(self, tag: str = "div") -> None:
        self.tag, self.textContent, self.children = tag, "", []

    @property
    def childElementCount(self) -> int:  # noqa: N802 - the DOM's name
        return len(self.children)

    @property
    def firstElementChild(self):  # noqa: N802
        return self.children[0]

    def appendChild(self, child) -> None:  # noqa: N802
        self.children.append(child)

    def removeChild(self, child) -> None:  # noqa: N802
        self.children.remove(child)


class FakeDocument:
    def __init__(self, with_region: bool = True) -> None:
        self.region = FakeElement() if with_region else None

    def getElementById(self, name: str):  # noqa: N802
        return self.region if name == "announcer" else None

    def createElement(self, tag: str) -> FakeElement:  # noqa: N802
        return FakeElement(tag)


def test_each_line_is_a_text_paragraph_in_the_region() -> None:
    document = FakeDocument()
    announcer = Announcer(document)
    announcer.say("Blue draws the top of a1, Orange to play.")
    announcer.say("<img src=x onerror=alert(1)>")
    assert [p.textContent for p in document.region.children] == [
        "Blue draws the top of a1, Orange to play.",
        "<img src=x onerror=alert(1)>",  # as text, never as markup
    ]
    assert all(p.tag == "p" for p in document.region.children)


def test_only_the_latest_lines_are_kept() -> None:
    document = FakeDocument()
    announcer = Announcer(document)
    for n in range(KEPT + 5):
        announcer.say(f"move {n}")
    assert len(document.region.children) == KEPT and document.region.children[0].textContent == "move 5"
    assert list(announcer.said)[-1] == f"move {KEPT + 4}" and len(announcer.said) == KEPT


def test_a_page_without_the_region_or_a_desktop_keeps_the_words() -> None:
    for announcer in (Announcer(FakeDocument(with_region=False)), Announcer(None)):
        announcer.say("Score: 1 to 0.")
        announcer.say("")
        assert list(announcer.said) == ["Score: 1 to 0."]
