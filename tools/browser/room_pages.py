"""Rooms joined through real browsers: Chromium pages (``tests/play/online/browser/pages.js``, driven by
:class:`node_driver.NodeDriver`) run ``webrtc.js``; the Python side makes and reads the links and steps each room
with its page's channel (:func:`game.play.online.bridge.step`), as the game does every frame. Used by the browser
tests of online rooms and by ``benchmarks/nat_rooms.py``."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.page import Glue, Script, text_of
from game.play.online.bridge import BrowserChannel, PageEvent, step
from game.play.online.invite import check_reply, description_of, invitation, read_link, reply, sdp_of
from game.play.online.room import Room
from tools.browser.node_driver import NodeDriver

PAGES = Path(__file__).resolve().parents[2] / "tests" / "play" / "online" / "browser" / "pages.js"
SITE = "https://pipopipette.github.io/pipopipette/"
ROOM = "Kq3xZ0a_"


class PageWindow:
    """A Chromium page as the page port's :class:`game.page.Scripts`: ``script`` runs the project's script in the
    page once, and its functions are called there with the arguments passed as data (``eval`` runs a measuring
    tool's own JavaScript)."""

    def __init__(self, pages: NodeDriver, name: str) -> None:
        self.pages, self.name = pages, name

    def eval(self, text: str) -> Any:
        return self.pages.ask(page=self.name, eval=text)

    def script(self, glue: Glue) -> Script:
        if self.eval(f"typeof(window.{glue.name})") != "object":
            self.eval(glue.source.read_text(encoding="utf-8"))
        return Script(
            lambda function, args: text_of(
                self.pages.ask(page=self.name, call=function, args=list(args), api=glue.name)
            )
        )


def wait_for(channel: BrowserChannel, kind: str, seconds: float = 20) -> PageEvent:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for event in channel.poll():
            assert event.kind != "error", event
            if event.kind == kind:
                return event
        time.sleep(0.02)
    raise AssertionError(f"no {kind} event in {seconds} s")


def handshake(host: BrowserChannel, guest: BrowserChannel, servers: list[dict[str, str]] | None = None) -> dict:
    """The host invites, the guest answers, through links as two people would send them; returns what it cost and
    the links."""
    started = time.monotonic()
    host.host(servers or [])
    offer = wait_for(host, "local").data
    sent = invitation(SITE, ROOM, offer)
    received = read_link(sent)
    guest.join(sdp_of(received.description), servers or [])
    answer = wait_for(guest, "local").data
    back = reply(SITE, ROOM, answer, received.description)
    link = read_link(back)
    check_reply(link, ROOM, description_of(offer))
    answered = time.monotonic()
    host.accept(sdp_of(link.description))
    return {"invitation": len(sent), "reply": len(back), "sdp": len(offer), "links_s": answered - started,
            "answered": answered, "offer": received.description, "answer": link.description}  # fmt: skip


def run_until(condition: Callable[[], bool], rooms: list[tuple[Room, BrowserChannel]], seconds: float = 20) -> None:
    """Step every room with its page, as the game's frames do, until ``condition`` holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for room, channel in rooms:
            step(room, channel.poll(), channel, time.monotonic())
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError(f"the rooms did not get there in {seconds} s")
