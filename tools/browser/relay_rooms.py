"""A room joined by its one link through a real MQTT broker (amqtt) between two real browsers: each device is the
game's own :class:`~game.play.online.lobby.Lobby` and then its live session, driving a Chromium page
(``tests/play/online/browser/pages.js``: ``webrtc.js`` and ``relay.js`` with the bundled mqtt.js) as the game's frames
do. A page can be reloaded (its scripts, channel and relay gone, its storage kept), or its network cut (the NAT lab).
Used by ``tests/play/online/test_browser_relay.py``, ``test_browser_nat.py`` and ``benchmarks/nat_rooms.py``."""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.play.online.kept import kept_secret, restored
from game.play.online.lobby import INVITING, Lobby
from game.play.online.room import OPEN, Room
from game.play.players import Player
from game.play.settings import Settings
from tools.browser.node_driver import NodeDriver
from tools.browser.room_pages import PAGES, PageWindow

FRAME = 0.02  # seconds between two frames of the devices' loops


def amqtt_program() -> str:
    """amqtt's program (the ``AMQTT`` variable, beside this Python, or on the PATH); "" when not installed."""
    beside = Path(sys.executable).with_name("amqtt")
    return os.environ.get("AMQTT") or (str(beside) if beside.exists() else "") or shutil.which("amqtt") or ""


class LocalBroker:
    """amqtt listening for MQTT over WebSocket on 127.0.0.1 (a free port), anonymous, for the test's rooms."""

    def __init__(self, work: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = work / "broker.yaml"
        config.write_text(
            f"listeners:\n  default:\n    type: ws\n    bind: 127.0.0.1:{self.port}\n"
            "plugins:\n  amqtt.plugins.authentication.AnonymousAuthPlugin:\n    allow_anonymous: true\n",
            encoding="utf-8",
        )
        self.log = (work / "broker.log").open("w")
        self.process = subprocess.Popen([amqtt_program(), "-c", str(config)], stdout=self.log, stderr=self.log)
        end = time.monotonic() + 20
        while not self._listening():
            if time.monotonic() > end or self.process.poll() is not None:
                self.close()
                raise RuntimeError("amqtt did not start: " + (work / "broker.log").read_text()[-400:])
            time.sleep(0.2)
        self.url = f"ws://127.0.0.1:{self.port}"

    def _listening(self) -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


class Device:
    """One device: its page in ``pages`` (named ``name``), its lobby then its live session, and its storage (the
    rooms it kept)."""

    def __init__(self, pages: NodeDriver, name: str, settings: Settings, seed: int) -> None:
        self.pages, self.name, self.settings, self.seed = pages, name, settings, seed
        self.saved: list[dict[str, Any]] = []
        self.lobby: Lobby | None = None
        self.last = time.monotonic()

    def open(self, link: str = "") -> None:
        """The game's page opened (on ``link``: the room's one link), with what this device kept."""
        room, secret = None, ""
        if self.saved:
            room, secret = restored(self.saved[-1], random.Random(self.seed)), kept_secret(self.saved[-1])
        window = PageWindow(self.pages, self.name)
        self.lobby = Lobby(window, self.settings, random.Random(self.seed), link, False, room, self.saved.append,
                           secret)  # fmt: skip
        self.last = time.monotonic()

    def reload(self, link: str) -> None:
        """The page reloaded: its scripts, connection and relay gone; the game opened again on the page's address."""
        self.pages.ask(page=self.name, reload=True)
        self.seed += 10
        self.open(link)

    @property
    def room(self) -> Room:
        assert self.lobby is not None and self.lobby.room is not None
        return self.lobby.room

    def frame(self) -> None:
        now = time.monotonic()
        dt, self.last = now - self.last, now
        if self.lobby is None:
            return  # (the page not opened yet)
        if self.lobby.session is not None:
            self.lobby.session.update(dt)
        else:
            self.lobby.update(dt)

    def moves(self) -> list[int]:
        table = self.room.table
        return table.moves() if table is not None else []


class RelayPair:
    """The host's device and the guest's, each in its own browser (``prefixes``: a command each node driver runs
    through, ``ip netns exec`` in the NAT lab), joined through ``relays``."""

    def __init__(
        self, bundle: Path, relays: tuple[str, ...], servers: tuple[str, ...] = (),
        prefixes: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    ) -> None:  # fmt: skip
        env = {**os.environ, "RELAY_BUNDLE": str(bundle)}
        self.drivers = [NodeDriver(PAGES, env=env, stop_seconds=20, prefix=prefix) for prefix in prefixes]
        settings = Settings(size=(5, 5), relays=relays, stun=servers)  # the rules sheet's board, as a new room
        self.host = Device(self.drivers[0], "host", settings.with_(players=(Player("Ann"),)), 1)
        self.guest = Device(self.drivers[1], "guest", settings.with_(players=(Player("Bob"),)), 2)
        for device in (self.host, self.guest):
            device.pages.ask(open=device.name, browser=device.name)
        self.link = ""

    def close(self) -> None:
        for driver in self.drivers:
            driver.close()

    def run_until(self, condition: Callable[[], bool], seconds: float = 30) -> float:
        """Frames of both devices until ``condition`` holds; returns the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            self.host.frame()
            self.guest.frame()
            if condition():
                return time.monotonic() - started
            time.sleep(FRAME)
        raise AssertionError(f"the devices did not get there in {seconds} s")

    def both_open(self) -> bool:
        return self.host.room.connection == self.guest.room.connection == OPEN and self.host.room.playing

    def join(self, seconds: float = 30) -> dict[str, float]:
        """The host invites (its one link shown once a relay answers), the guest opens the link; returns the seconds
        to the link and from the link opened to both devices on the board."""
        if self.host.lobby is None:
            self.host.open()
        assert self.host.lobby is not None
        to_link = self.run_until(lambda: self.host.lobby.state == INVITING, seconds)
        self.link = self.host.lobby.link
        self.guest.open(self.link)
        on_board = self.run_until(lambda: self.both_open() and self.guest.lobby.session is not None, seconds)
        return {"link_s": to_link, "board_s": on_board}

    def mover_and_other(self) -> tuple[Device, Device]:
        table = self.host.room.table
        assert table is not None
        return (self.host, self.guest) if table.owner_to_move() == "h" else (self.guest, self.host)

    def play(self, rng: random.Random, count: int | None = None, seconds: float = 30) -> list[float]:
        """Moves at random by the device whose seat is to move, each waited for on the other device: returns each
        move's seconds from the mover's room to the other's."""
        delays = []
        while self.host.room.playing and (count is None or len(delays) < count):
            mover, other = self.mover_and_other()
            table = mover.room.table
            assert table is not None
            mover.room.play(rng.choice(table.state.legal_lines()))
            target = len(mover.moves())
            delays.append(self.run_until(lambda target=target, other=other: len(other.moves()) == target, seconds))
        return delays

    def reload(self, device: Device, seconds: float = 60) -> float:
        """``device``'s page reloaded; returns the seconds until both devices play on the same game again."""
        held = self.host.moves()
        started = time.monotonic()
        device.reload(self.link)
        self.run_until(lambda: self.both_open() and self.host.moves() == self.guest.moves() == held, seconds)
        return time.monotonic() - started

    def same_and_clean(self) -> bool:
        """Both devices hold the same moves and neither room refused anything."""
        return self.host.moves() == self.guest.moves() and not self.host.room.log and not self.guest.room.log
