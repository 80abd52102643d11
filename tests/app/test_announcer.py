"""The live region: what the game says reaches the page (the page port), the newest last, the oldest dropped; the
words are kept on the desktop too."""

from __future__ import annotations

from game.app.announcer import KEPT, Announcer
from game.page.memory import MemoryPage


def test_each_line_goes_to_the_pages_live_region() -> None:
    page = MemoryPage()
    announcer = Announcer(page)
    announcer.say("Blue draws the top of a1, Orange to play.")
    announcer.say("")
    announcer.say("<img src=x onerror=alert(1)>")
    assert page.said == ["Blue draws the top of a1, Orange to play.", "<img src=x onerror=alert(1)>"]


def test_only_the_latest_lines_are_kept() -> None:
    page = MemoryPage()
    announcer = Announcer(page)
    for n in range(KEPT + 5):
        announcer.say(f"move {n}")
    assert len(page.said) == KEPT and page.said[0] == "move 5"
    assert list(announcer.said)[-1] == f"move {KEPT + 4}" and len(announcer.said) == KEPT


def test_a_page_without_the_region_or_a_desktop_keeps_the_words() -> None:
    for announcer in (Announcer(MemoryPage(live_region=False)), Announcer(None)):
        announcer.say("Score: 1 to 0.")
        announcer.say("")
        assert list(announcer.said) == ["Score: 1 to 0."]


def test_a_page_that_refuses_the_region_is_left_alone_after() -> None:
    class Refusing(MemoryPage):
        def announce(self, text: str, kept: int) -> bool:
            self.said.append(text)
            return False

    page = Refusing()
    announcer = Announcer(page)
    announcer.say("one")
    announcer.say("two")
    assert page.said == ["one"] and list(announcer.said) == ["one", "two"]
