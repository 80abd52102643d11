"""A room between two browsers in two homes of a :class:`netlab.NetLab`, each behind its own NAT: the host's Chromium
in home a, the guest's in home b, each run by its own node driver inside its namespace. :class:`Homes` joins them by
the two-link handshake (the Python side makes and reads the invitation and the reply with the ICE servers given, and
steps both rooms as the game's frames do); :func:`relay_homes` by the room's one link through the lab's MQTT broker
(amqtt on the lab's internet, standing in for the public relays), each device the game's own lobby and session
(:mod:`tools.browser.relay_rooms`), and :func:`relay_outage` cuts a home off while a line is played. What
``tests/play/online/test_browser_nat.py`` checks and ``benchmarks/nat_rooms.py`` times."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from game.core import Board, Rules
from game.play.online.bridge import BrowserChannel, step
from game.play.online.ice import ice_servers
from game.play.online.protocol import GUEST, HOST
from game.play.online.room import Room
from game.play.online.room_setup import RoomSetup, SeatPlayer
from game.play.players import Player
from tools.browser.netlab import SERVER, TURN_PASSWORD, TURN_USER, NetLab
from tools.browser.node_driver import NodeDriver
from tools.browser.relay_rooms import RelayPair
from tools.browser.room_pages import PAGES, ROOM, PageWindow, handshake, run_until

STUN = f"stun:{SERVER}:3478"
TURN = f"turn:{TURN_USER}:{TURN_PASSWORD}@{SERVER}:3478"
SELECTED_PAIR = """window.pipopipetteOnline.pc.getStats().then(function (stats) {
  let pair = null;
  stats.forEach(function (s) {
    if (s.type === 'transport' && s.selectedCandidatePairId) { pair = stats.get(s.selectedCandidatePairId); }
  });
  if (!pair) { return ''; }
  return stats.get(pair.localCandidateId).candidateType + ' ' + stats.get(pair.remoteCandidateId).candidateType;
})"""
RELAY_URL = f"ws://{SERVER}:9001"
RELAY = f"""new Promise(function (done) {{
  const socket = new WebSocket('ws://{SERVER}:9001', 'mqtt');
  socket.onopen = function () {{ socket.close(); done('open'); }};
  socket.onerror = function () {{ done('error'); }};
  setTimeout(function () {{ done('no answer'); }}, 10000);
}})"""


class Homes:
    """The host's browser in home a and the guest's in home b, and their rooms (a 5x5 game)."""

    def __init__(self, lab: NetLab, servers: tuple[str, ...]) -> None:
        self.lab, self.servers = lab, servers
        self.drivers: list[NodeDriver] = []
        self.pages: dict[str, PageWindow] = {}
        self.host_channel = self._page(lab, "a", "host")
        self.guest_channel = self._page(lab, "b", "guest")
        setup = RoomSetup(Board.square(5), Rules())
        self.host = Room(HOST, ROOM, [SeatPlayer(Player("Ann"))], setup)
        self.guest = Room(GUEST, ROOM, [SeatPlayer(Player("Bob"))])
        self.rooms = [(self.host, self.host_channel), (self.guest, self.guest_channel)]
        self.links: dict[str, Any] = {}

    def _page(self, lab: NetLab, home: str, name: str) -> BrowserChannel:
        driver = NodeDriver(PAGES, stop_seconds=20, prefix=tuple(lab.prefix(home)))
        self.drivers.append(driver)
        driver.ask(open=name, browser=name)
        self.pages[name] = PageWindow(driver, name)
        return BrowserChannel(self.pages[name])

    def close(self) -> None:
        for driver in self.drivers:
            driver.close()

    # -- connecting ---------------------------------------------------------------------------------------------
    def connect(self, seconds: float = 45) -> float:
        """The two-link handshake, then both rooms on the game: returns the seconds from the invitation asked for to
        both devices on the board (``links``: the links' sizes and candidates)."""
        started = time.monotonic()
        self.links = handshake(self.host_channel, self.guest_channel, ice_servers(self.servers))
        run_until(lambda: self.host.playing and self.guest.playing, self.rooms, seconds)
        return time.monotonic() - started

    def candidate_kinds(self) -> tuple[set[str], set[str]]:
        """The kinds of candidate the invitation and the reply carried."""
        return ({c.kind for c in self.links["offer"].candidates}, {c.kind for c in self.links["answer"].candidates})

    def unreachable(self, seconds: float = 90) -> tuple[float, list[str]]:
        """The handshake where no path exists: returns the seconds until the host's room says so, and what both
        rooms said."""
        started = time.monotonic()
        handshake(self.host_channel, self.guest_channel, ice_servers(self.servers))
        said: list[str] = []

        def told() -> bool:
            said.extend(e.text for room, _ in self.rooms for e in room.take_events() if e.kind == "closed")
            return len(said) >= 2

        run_until(told, self.rooms, seconds)
        return time.monotonic() - started, said

    def relay(self) -> tuple[str, str]:
        """Whether each page opens a WebSocket to the lab's broker (``NetLab.broker``) through its NAT."""
        return (str(self.pages["host"].eval(RELAY)), str(self.pages["guest"].eval(RELAY)))

    def pair(self) -> str:
        """The host's selected candidate pair: its local and remote candidate types ("host srflx", "relay host"...)."""
        return str(self.pages["host"].eval(SELECTED_PAIR))

    # -- playing --------------------------------------------------------------------------------------------------
    def play(self, rng: random.Random, count: int | None = None, seconds: float = 30) -> list[float]:
        """Moves at random by the device whose seat is to move, each waited for on the other device: returns each
        move's seconds from the mover's room to the other's."""
        delays = []
        while self.host.playing and (count is None or len(delays) < count):
            mover, other = self.mover_and_other()
            mover.play(rng.choice(mover.table.state.legal_lines()))
            target = len(mover.table.moves())
            sent = time.monotonic()
            run_until(lambda target=target, other=other: len(other.table.moves()) == target, self.rooms, seconds)
            delays.append(time.monotonic() - sent)
        return delays

    def mover_and_other(self) -> tuple[Room, Room]:
        """The room whose seat is to move, and the other."""
        if self.host.table is not None and self.host.table.owner_to_move() == HOST:
            return self.host, self.guest
        return self.guest, self.host

    def step_for(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for room, channel in self.rooms:
                step(room, channel.poll(), channel, time.monotonic())
            time.sleep(0.02)

    def outage(self, seconds: float, rng: random.Random) -> dict[str, float]:
        """Home b's link to the internet loses everything for ``seconds``, while the device to move plays a line that
        cannot arrive; then the link is back. When the browsers gave the connection up meanwhile (Chromium 156 does
        about 15 s into an outage, and does not come back by itself), the players exchange a new invitation and
        reply, as they would today. Returns when the host paused, whether the browsers gave up, and how long after
        the link was back both rooms played on, the line played during the outage arrived."""
        mover, other = self.mover_and_other()
        self.lab.cut("b", down=True)
        cut = time.monotonic()
        mover.play(rng.choice(mover.table.state.legal_lines()))
        target = len(mover.table.moves())
        paused = None
        while time.monotonic() - cut < seconds:
            self.step_for(0.2)
            if paused is None and self.host.paused:
                paused = time.monotonic() - cut
        self.lab.cut("b", down=False)
        back = time.monotonic()
        gave_up = self.host.connection == "none" or self.guest.connection == "none"
        if gave_up:
            handshake(self.host_channel, self.guest_channel, ice_servers(self.servers))

        def going_on() -> bool:
            connected = self.host.connection == self.guest.connection == "open"
            return connected and not self.host.paused and len(other.table.moves()) == target

        run_until(going_on, self.rooms, 60)
        return {"paused_s": paused if paused is not None else -1.0, "gave_up": float(gave_up),
                "recovered_s": time.monotonic() - back}  # fmt: skip


def summary(delays: list[float]) -> str:
    ms = sorted(d * 1000 for d in delays)
    return f"median {statistics.median(ms):.0f} ms, p90 {ms[int(len(ms) * 0.9)]:.0f} ms, max {ms[-1]:.0f} ms"


def relay_homes(lab: NetLab, bundle: Any, servers: tuple[str, ...]) -> RelayPair:
    """The host's device in home a and the guest's in home b, to be joined by the room's one link through the lab's
    broker (started by ``lab.broker()``)."""
    return RelayPair(bundle, (RELAY_URL,), servers, (tuple(lab.prefix("a")), tuple(lab.prefix("b"))))


def relay_outage(pair: RelayPair, lab: NetLab, seconds: float, rng: random.Random) -> dict[str, float]:
    """Home b's link to the internet loses everything for ``seconds`` while the device to move plays a line that
    cannot arrive; then the link is back. Returns when the host paused, and how long after the link was back both
    devices played on by themselves (through the relay when the browsers gave the connection up), with the line."""
    mover, other = pair.mover_and_other()
    lab.cut("b", down=True)
    cut = time.monotonic()
    table = mover.room.table
    assert table is not None
    mover.room.play(rng.choice(table.state.legal_lines()))
    target = len(mover.moves())
    paused = [-1.0]

    def outage_over() -> bool:
        if paused[0] < 0 and pair.host.room.paused:
            paused[0] = time.monotonic() - cut
        return time.monotonic() - cut >= seconds

    pair.run_until(outage_over, seconds + 5)
    lab.cut("b", down=False)
    recovered = pair.run_until(lambda: pair.both_open() and len(other.moves()) == target, 90)
    return {"paused_s": paused[0], "recovered_s": recovered}
