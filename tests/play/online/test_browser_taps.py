"""End to end by taps: the whole game in two real Chromium browsers (each its own storage and clipboard), on
Pyodide as the browser harness runs it. The host taps Play online, Invite (a new room is 5x5 boxes) and Copy; the
invitation travels as a person sends it (the test carries the copied link); the friend's browser opens it and taps
Copy; the host pastes the reply with Paste reply. A whole 5x5 game is then played by taps on the canvas, each
device tapping its own lines. Half way the host's page is reloaded: Play online offers Invite again for the kept
room; the new reply is opened in another tab of the host's browser, which hands it to the waiting tab; the game goes
on from its 30 moves to the end, and both histories hold it, marked as played online.

The test reads the game's state in each page (through Pyodide) only to know where the buttons and lines are and
when a move arrived; every action is a tap. Skipped, saying why, when node, Chromium, playwright-core, Pyodide or
the pygame-ce wheel are absent (set up as docs/testing.md says, "Real browser pages"). Run with ``-s`` to see
what it measured; set ``ONLINE_SHOTS`` to a folder to keep screenshots of both devices.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from statistics import median
from typing import Any

import pytest
from storage_fakes import FakeLocalStorage

from game.play.settings import Seat, Settings
from game.storage import BrowserStore, Saved
from tools.browser.node_driver import HOME, PLAYWRIGHT, PYODIDE, TOOLS, NodeDriver, missing, skip_reason

WHEEL = HOME / "wheels" / "pygame_ce-2.5.6.dev2-cp313-cp313-pyodide_2025_0_wasm32.whl"
GAME = Path(__file__).resolve().parents[3]
DRIVER = GAME / "tools" / "browser" / "app_pages.js"
SHOTS = os.environ.get("ONLINE_SHOTS", "")
MISSING = missing(
    PLAYWRIGHT,
    PYODIDE,
    (f"the pygame-ce wheel {WHEEL}", WHEEL.exists()),
    (f"the harness page in {TOOLS}", (TOOLS / "harness.html").exists()),
)
pytestmark = [pytest.mark.browser, pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING))]

# Run in a page before every probe: ``app`` is the running game, ``scene`` its top scene, ``top`` the height of the
# notice strip above the scenes (a scene's point (x, y) is the canvas's (x, y + top)).
FIND_APP = """
import builtins, gc, json
app = getattr(builtins, "_e2e_app", None)
if app is None:
    app = next((o for o in gc.get_objects() if type(o).__module__ == "game.app.app" and type(o).__name__ == "App"),
               None)
    builtins._e2e_app = app
scene = app.manager.top if app is not None else None
top = app.content_rect.y if app is not None else 0


if app is not None and not hasattr(builtins, "_e2e_times"):  # when each move reached this device's room (wall clock)
    import time
    from game.play.online import room as _room

    builtins._e2e_times = {}
    _plain = _room.Room._play

    def _timed(self, line, timeout, peer=False):
        _plain(self, line, timeout, peer)
        builtins._e2e_times[len(self.table.moves())] = time.time()

    _room.Room._play = _timed


def holds(condition):
    try:
        return app is not None and bool(condition())
    except (AttributeError, IndexError, TypeError):  # another scene than the one waited for, for now
        return False
"""


def start_pages() -> NodeDriver:
    """The node driver of the game's pages (tools/browser/app_pages.js)."""
    return NodeDriver(DRIVER, env=dict(os.environ, BROWSER_HARNESS_HOME=str(HOME), BROWSER_HARNESS_TOOLS=str(TOOLS)))


class Device:
    """One page of the game: what it shows (read through Pyodide) and taps on its canvas."""

    def __init__(self, pages: NodeDriver, name: str) -> None:
        self.pages, self.name = pages, name

    def read(self, expression: str) -> Any:
        return json.loads(self.pages.ask(page=self.name, py=FIND_APP + f"json.dumps({expression})"))

    def until(self, expression: str, seconds: float = 60, every: float = 0.05) -> Any:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            value = self.read(f"holds(lambda: {expression})")
            if value:
                return value
            time.sleep(every)
        raise AssertionError(f"{self.name}: not {expression} within {seconds} s (scene {self.scene()})")

    def scene(self) -> str:
        return self.read("type(scene).__name__")

    def tap(self, x: int, y: int) -> None:
        self.pages.ask(page=self.name, tap=[x, y])

    def tap_button(self, label: str) -> None:
        self.until(f"any(w.label == {label!r} for w in scene.panel.widgets)", 30)
        x, y = self.read(f"next(list(w.rect.center) for w in scene.panel.widgets if w.label == {label!r})")
        top = self.read("top")
        self.tap(x, y + top)

    def tap_line(self, line: int) -> None:
        x, y = self.read(f"[sum(c) / 2 for c in zip(*scene.view.ends[{line}])]")
        self.tap(round(x), round(y + self.read("top")))

    def copied_link(self) -> str:
        """Copy (the online scene's button) and what it put in the clipboard."""
        self.until("scene.state in ('inviting', 'replying')")
        self.tap_button("Copy")
        self.until("scene.clipboard.status == 'Copied: send it to your friend.'", 20)
        return self.pages.ask(page=self.name, clipboard=None)

    def moves(self) -> list[int]:
        return self.read("list(scene.session.state.moves)")

    def shot(self, name: str) -> None:
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.pages.ask(page=self.name, shot=str(Path(SHOTS) / f"online-{name}.png"))


@pytest.fixture
def pages():
    driver = start_pages()
    yield driver
    driver.close()


def two_people() -> dict[str, str]:
    """The host's saved settings: two people on the default board (3x3 boxes); a new room's game is 5x5 boxes."""
    local = FakeLocalStorage()
    Saved(BrowserStore(local)).save_settings(Settings(seats=(Seat("human"), Seat("human"))).to_data())
    return local.items


def play_by_taps(host: Device, guest: Device, until_moves: int, rng: random.Random, delays: list[float]) -> None:
    """Each device taps a free line when it is its turn, until the game has ``until_moves`` moves or is over; the
    time from a tap to the line shown on the other device goes into ``delays``."""
    while True:
        moves = host.moves()
        if len(moves) >= until_moves or host.read("scene.session.state.over"):
            return
        mover, other = None, None
        end = time.monotonic() + 30
        while mover is None and time.monotonic() < end:
            for device, watcher in ((host, guest), (guest, host)):
                if device.read("scene.session.accepting_input() and len(scene.session.state.moves) == "
                               f"{len(moves)}"):  # fmt: skip
                    mover, other = device, watcher
            time.sleep(0.02)
        assert mover is not None and other is not None, f"nobody's turn after {len(moves)} moves"
        line = rng.choice(mover.read("scene.session.state.legal_lines()"))
        time.sleep(0.4)  # more than the board's double-tap window after this device's last tap
        tapped = time.monotonic()
        mover.tap_line(line)
        other.until(f"len(scene.session.state.moves) > {len(moves)}", 20, every=0.01)
        delays.append(time.monotonic() - tapped)
        assert other.moves()[-1] == line and mover.moves() == other.moves()


def test_two_browsers_host_and_join_by_taps_and_play_a_whole_game_with_the_hosts_page_reloaded(pages):
    site = pages.ask(serve=str(GAME))
    pages.ask(open="host", browser="one", url=site, storage=two_people())
    host, guest = Device(pages, "host"), Device(pages, "guest")
    host.until("type(scene).__name__ == 'MenuScene'")
    host.tap_button("Play online")
    host.until("scene.state == 'setup'")
    assert host.read("scene.setup.size") == [5, 5]  # the room's game, whatever the last game's board
    host.tap_button("Invite")
    started = time.monotonic()
    host.until("scene.state == 'inviting'", every=0.02)
    offer_s = time.monotonic() - started
    invitation = host.copied_link()
    assert "#o1." in invitation
    host.shot("host-invitation")

    pages.ask(open="guest", browser="two", url=invitation)  # the friend opens the link
    reply = guest.copied_link()
    assert "#a1." in reply
    guest.shot("guest-reply")
    pages.ask(page="host", clipboard=reply)  # the reply sent back, copied on the host's device
    pasted = time.monotonic()
    host.tap_button("Paste reply")
    for device in (host, guest):
        device.until("type(scene).__name__ == 'BoardScene'", 30, every=0.02)
    connect_s = time.monotonic() - pasted
    link_s = pasted - started

    rng, delays = random.Random(20), []
    play_by_taps(host, guest, 30, rng, delays)
    host.shot("host-half-way")
    guest.shot("guest-half-way")
    half = host.moves()
    assert len(half) == 30 and guest.moves() == half

    before = host.read("builtins._e2e_times")  # (the host's page forgets them)
    pages.ask(page="host", reload=True)  # the host's page is reloaded: its game and connection are gone
    reloaded = time.monotonic()
    guest.until("scene.session.referee.room.paused", 30, every=0.02)
    noticed_s = time.monotonic() - reloaded
    guest_said = guest.read("scene.feedback.text(scene.session.now) or scene.status()")
    assert guest.read("not scene.session.accepting_input()")  # nothing can be played while paused
    guest.shot("guest-paused")
    host.until("type(scene).__name__ == 'MenuScene'")
    host.tap_button("Play online")
    host.until("scene.state == 'choosing'")
    host.shot("host-invite-again")
    host.tap_button("Invite again")
    again = host.copied_link()
    assert again.split("#o1.")[1][:8] == invitation.split("#o1.")[1][:8], "the same room"
    pages.ask(page="guest", goto=again)  # the friend opens the new invitation in the same tab
    guest.until("type(scene).__name__ == 'OnlineScene'")
    second_reply = guest.copied_link()
    handed_at = time.monotonic()
    pages.ask(tab="reply-tab", of="host", url=second_reply)  # the host opens the reply: another tab of its browser
    booted = time.monotonic()
    reply_tab = Device(pages, "reply-tab")
    for device in (host, guest):
        device.until("type(scene).__name__ == 'BoardScene' and not scene.session.referee.room.paused", 30, every=0.02)
    reconnect_s, boot_s = time.monotonic() - booted, booted - handed_at
    reply_tab.until("scene.state == 'handed'", 30)
    reply_tab.shot("host-reply-tab")
    assert host.moves() == half == guest.moves()  # the game restored from the kept room

    play_by_taps(host, guest, 10_000, rng, delays)
    host.shot("host-end")
    guest.shot("guest-end")
    final = host.moves()
    times = [{**before, **host.read("builtins._e2e_times")}, guest.read("builtins._e2e_times")]
    between = [abs(times[0][k] - times[1][k]) for k in times[1] if k in times[0]]  # (JSON keys: texts)
    assert len(between) == 60
    assert len(final) == 60 and guest.moves() == final
    for device in (host, guest):
        device.until("app.saved.history().games and 'online' in app.saved.history().games[-1].extra", 30)
    scores = [d.read("list(app.saved.history().games[-1].scores)") for d in (host, guest)]
    assert scores[0] == scores[1] and sum(scores[0]) == 25
    marks = [d.read("app.saved.history().games[-1].extra['online']['seats']") for d in (host, guest)]
    assert marks[0] == [not seat for seat in marks[1]]  # each device marks its own seats
    print(
        f"\ninvitation {len(invitation)} chars, reply {len(reply)} chars (again: {len(again)}, {len(second_reply)}); "
        f"the invitation ready {offer_s:.2f} s after Play online; from Play online to the reply pasted {link_s:.1f} s "
        f"(the friend's page loading and the test's copying included); both on the board {connect_s:.2f} s after "
        f"Paste reply; a move shown on the other device in {median(delays) * 1000:.0f} ms (median of {len(delays)}, "
        f"at most {max(delays) * 1000:.0f} ms at move {delays.index(max(delays)) + 1}, the tap and the test's reading "
        f"included; from room to room "
        f"{median(between) * 1000:.0f} ms, at most {max(between) * 1000:.0f} ms); the guest paused "
        f"{noticed_s:.2f} s after the host's page was reloaded, saying {guest_said!r}; the reply tab booted in "
        f"{boot_s:.1f} s and both boards went on {reconnect_s:.2f} s later"
    )
    assert len(invitation) <= 300 and len(reply) <= 300


@pytest.fixture
def relay_pages(relay_bundle, tmp_path):
    """The game's pages with the relays' bundle beside them, and a local MQTT broker standing in for the relays."""
    from tools.browser.relay_rooms import LocalBroker, amqtt_program

    if not amqtt_program():
        pytest.skip("relay test skipped: amqtt missing (pip install -e '.[test]', or AMQTT=path/to/amqtt)")
    broker = LocalBroker(tmp_path)
    env = dict(os.environ, BROWSER_HARNESS_HOME=str(HOME), BROWSER_HARNESS_TOOLS=str(TOOLS))
    driver = NodeDriver(DRIVER, env=dict(env, RELAY_BUNDLE=str(relay_bundle)))
    yield driver, broker
    driver.close()
    broker.close()


def relayed_person(relay: str) -> dict[str, str]:
    """A device's saved settings: two people, the local broker as the one relay."""
    local = FakeLocalStorage()
    Saved(BrowserStore(local)).save_settings(Settings(seats=(Seat("human"), Seat("human")), relays=(relay,)).to_data())
    return local.items


def test_the_one_link_joins_by_taps_and_each_sides_reloaded_page_is_back_in_the_game_by_itself(relay_pages):
    pages, broker = relay_pages
    site = pages.ask(serve=str(GAME))
    pages.ask(open="host", browser="one", url=site, storage=relayed_person(broker.url))
    host, guest = Device(pages, "host"), Device(pages, "guest")
    host.until("type(scene).__name__ == 'MenuScene'")
    host.tap_button("Play online")
    host.until("scene.state == 'setup'")
    host.tap_button("Invite")
    link = host.copied_link()
    assert "#j1." in link and host.read("[w.label for w in scene.panel.widgets]") == ["Back", "Copy"]
    opened = time.monotonic()
    pages.ask(open="guest", browser="two", url=link, storage=relayed_person(broker.url))  # the friend opens it
    for device in (host, guest):
        device.until("type(scene).__name__ == 'BoardScene'", 60, every=0.02)
    join_s = time.monotonic() - opened  # (the friend's page booting Pyodide included)

    rng, delays = random.Random(21), []
    play_by_taps(host, guest, 10, rng, delays)
    back = {}
    for name, device, other in (("guest", guest, host), ("host", host, guest)):
        held = host.moves()
        reloaded = time.monotonic()
        pages.ask(page=name, reload=True)  # the page's address keeps the room's link: it opens the room again
        device.until("type(scene).__name__ == 'BoardScene' and not scene.session.referee.room.paused", 60, every=0.02)
        other.until("not scene.session.referee.room.paused", 30, every=0.02)
        back[name] = time.monotonic() - reloaded
        assert device.moves() == held == other.moves()  # nothing lost, no new link
        play_by_taps(host, guest, len(held) + 10, rng, delays)
    play_by_taps(host, guest, 10_000, rng, delays)
    assert len(host.moves()) == 60 and guest.moves() == host.moves()
    for device in (host, guest):
        device.until("app.saved.history().games and 'online' in app.saved.history().games[-1].extra", 30)
    print(
        f"\nthe one link {len(link)} chars; from the friend's page opened on it to both on the board {join_s:.1f} s "
        f"(its Pyodide boot included); back on the same game after the guest's reload {back['guest']:.1f} s, after "
        f"the host's {back['host']:.1f} s (the page's boot included); a move in {median(delays) * 1000:.0f} ms"
    )
