"""A room on one device: the connection to the other device, and the referee of every message it sends.

The room knows nothing of WebRTC or of pygame. Whatever carries the messages (the browser's data channel through
:mod:`game.play.online.bridge`, or a fake channel in the tests) calls :meth:`Room.connected` when a connection opens,
:meth:`Room.receive` with each message's text, :meth:`Room.disconnected` when it closes, and sends what
:meth:`Room.take_outbox` returns; the scene calls :meth:`Room.tick` every frame and shows :meth:`Room.take_events`.

Refereeing: each device plays only its own seats; a move must come from the device whose seat is to move, at the
position both are at (board, ply and the line before), and be legal for the rules core. Anything else is refused
and logged: it changes nothing, so the two boards never split. The host's clock is the move timer's authority: it
sends the time left every second and draws the random line when time runs out; the guest shows the same clock and,
if its own move crossed the host's timeout, takes that move back for the host's. A peer that sends more than
:data:`FLOOD_RATE` messages a second (beyond a burst of :data:`FLOOD_BURST`) is disconnected.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core import IllegalMove
from ..i18n import tr, tr_mark, tr_n
from ..i18n.phrases import CLOSE_FIRST, cell_words
from .handshake import GRACE, Hello, agree, for_role, hello_from_message, vouch
from .protocol import GUEST, HOST, MAX_GAMES, Refusal, message, parse
from .room_setup import RoomSetup, SeatPlayer, other
from .table import Table, UndoAsk

PING_EVERY = 2.0  # seconds between pings
SILENCE = 8.0  # seconds without a message before the game pauses (a phone asleep, a network gone)
CLOCK_EVERY = 1.0  # the host sends the move timer's time left this often
FLOOD_RATE = 20.0  # messages a second a peer may send, sustained
FLOOD_BURST = 60.0
LOG_KEPT = 100
NONE, HANDSHAKE, OPEN, SILENT = "none", "handshake", "open", "silent"

UNREACHABLE = tr_mark(
    "The two devices could not reach each other: put both on the same Wi-Fi, or add a TURN server in Settings, "
    "Options, Online servers, then invite again."
)

log = logging.getLogger("pipopipette.online")


@dataclass(frozen=True)
class Event:
    """Something the scene may show: ``kind`` for the code, ``text`` in the player's words ("" for nothing to say),
    ``line`` the line drawn for ``moved``."""

    kind: str
    text: str = ""
    line: int = -1


def _illegal(table: Table, line: int, peer: bool, detail: str) -> Refusal:
    """Why the rules core refused ``line`` (the other device's: ``peer``), in the player's words: captures
    compulsory named when that is the rule it broke."""
    if table.state.must_not_draw(line):
        if peer:
            return Refusal(tr("the other device's line closes nothing while a cell can be closed, and captures are "
                              "compulsory in this room"), detail)  # fmt: skip
        return Refusal(cell_words(CLOSE_FIRST, table.state.board), detail)
    if peer:
        return Refusal(tr("the other device drew a line that cannot be drawn"), detail)
    return Refusal(tr("That line cannot be drawn."), detail)


class FloodLimit:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, rate: float = FLOOD_RATE, burst: float = FLOOD_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Pings:
    """A ping every :data:`PING_EVERY` seconds, numbered; ``rtt`` is the last round trip measured (seconds)."""

    def __init__(self) -> None:
        self.next = 0.0
        self.sent: dict[int, float] = {}
        self.count = 0
        self.rtt: float | None = None

    def due(self, now: float) -> int | None:
        """The number of the ping to send now, if one is due."""
        if now < self.next:
            return None
        self.next, self.count = now + PING_EVERY, self.count + 1
        self.sent = {n: t for n, t in self.sent.items() if now - t < 60} | {self.count: now}
        return self.count

    def answered(self, number: int, now: float) -> None:
        sent = self.sent.pop(number, None)
        if sent is not None:
            self.rtt = now - sent


class Room:
    """One device's side of a room. ``setup`` is the host's choice (None on the guest until the handshake);
    ``players`` describe this device's seats in seat order."""

    def __init__(
        self, role: str, room_id: str, players: list[SeatPlayer], setup: RoomSetup | None = None,
        rng: random.Random | None = None,
    ) -> None:  # fmt: skip
        if (role == HOST) != (setup is not None):
            raise ValueError("the host, and only the host, brings the setup")
        self.role, self.room_id, self.players = role, room_id, players
        self.rng = rng or random.Random()
        self.on_table: Callable[[Table], None] | None = None  # told of each new table (the game played here)
        self.table = Table(role, setup, {HOST: players, GUEST: []}) if setup else None
        self.connection = NONE
        self.flood = FloodLimit()
        self.now = self.last_heard = self.next_clock = 0.0
        self.pings = Pings()
        self.agreed = False  # True once a handshake agreed on a game
        self.hang_up = ""  # why this device closed the connection ("" while it has not)
        self.outbox: list[str] = []
        self.keeper: Callable[[Room], None] | None = None  # told of every tick once agreed (kept.Keeper)
        self.events: list[Event] = []
        self.log: list[str] = []
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "hello": self._on_hello, "move": self._on_move, "undo": self._on_undo, "undo-ok": self._on_undo_answer,
            "undo-no": self._on_undo_answer, "clock": self._on_clock, "resign": self._on_resign,
            "rematch": self._on_rematch, "ping": self._on_ping, "pong": self._on_pong,
        }  # fmt: skip

    # -- what the scene reads ----------------------------------------------------------------------------------------
    @property
    def table(self) -> Table | None:
        """The game agreed on (a new one after a handshake or a rematch); None on a guest before its handshake."""
        return self._table

    @table.setter
    def table(self, table: Table | None) -> None:
        self._table = table
        if table is not None and self.on_table is not None:
            self.on_table(table)

    @property
    def playing(self) -> bool:
        """True once both devices agreed on a game, and until it is over (paused or not)."""
        return self.table is not None and self.agreed and not self.table.over

    @property
    def paused(self) -> bool:
        return self.playing and self.connection != OPEN

    @property
    def my_turn(self) -> bool:
        return self.playing and not self.paused and self.table is not None and self.table.owner_to_move() == self.role

    def take_outbox(self) -> list[str]:
        out, self.outbox = self.outbox, []
        return out

    def take_events(self) -> list[Event]:
        out, self.events = self.events, []
        return out

    # -- the connection ------------------------------------------------------------------------------------------------
    def connected(self, now: float) -> None:
        """A connection opened: say hello (the game resumes when the other device's hello is agreed on)."""
        self.now = self.last_heard = now
        self.pings.next = now + PING_EVERY
        self.connection, self.hang_up = HANDSHAKE, ""
        self.flood = FloodLimit()
        self._send_text(self._hello().text(self.room_id))

    def disconnected(self, now: float) -> None:
        self.now = now
        if self.connection == NONE:
            return
        self.connection = NONE
        if self.playing:
            self._event("paused", tr("The connection was lost: the game is paused until you connect again."))

    def failed(self, now: float) -> None:
        """The browser found no way between the two devices (ICE failed), or lost it: before a connection opened
        the player is told what to try; after, it is a lost connection."""
        if self.connection == NONE:
            self._event("closed", tr(UNREACHABLE))
        self.disconnected(now)

    def receive(self, text: Any, now: float) -> None:
        """Referee one message from the other device (anything the page could not hand over as text, binary or too
        long, comes as None: it counts toward the flood limit and is refused like any unreadable message)."""
        self.now = now
        if self.connection == NONE:
            return
        if not self.flood.allow(now):
            self._close(tr("the other device sent too many messages"))
            return
        self.last_heard = now
        if self.connection == SILENT:
            self.connection = OPEN
            self._event("resumed", tr("The other device answers again: the game goes on."))
        try:
            data = parse(text)
            if (data["t"] == "hello") != (self.connection == HANDSHAKE):
                raise Refusal(tr("the other device sent a message out of order"), f"{data['t']} in {self.connection}")
            self.handlers[data["t"]](data)
        except Refusal as refusal:
            self._refuse(refusal, text)

    def tick(self, now: float) -> None:
        """Let time pass: pings, the silence that pauses the game, the move timer."""
        if self.keeper is not None and self.agreed:
            self.keeper(self)
        dt, self.now = max(0.0, now - self.now), now
        number = self.pings.due(now) if self.connection in (OPEN, SILENT) else None
        if number is not None:
            self._send("ping", n=number)
        if self.connection == OPEN and now - self.last_heard > SILENCE:
            self.connection = SILENT
            if self.playing:
                self._event("paused", tr("The other device does not answer: the game is paused."))
        if self.table is None or not self.playing or self.paused or not self.table.timer.enabled:
            return
        self.table.run(dt)
        if self.role == HOST:
            self._host_clock(now)

    def _host_clock(self, now: float) -> None:
        table = self.table
        assert table is not None
        line = table.timer.random_line(table.state, self.rng)
        if line is not None:
            self._play(line, timeout=True)
        elif now >= self.next_clock:
            self.next_clock = now + CLOCK_EVERY
            board, ply, _ = table.position()
            self._send("clock", game=table.game, board=board, ply=ply, left=table.clock_ms())

    # -- what this device's players do ---------------------------------------------------------------------------------
    def play(self, line: int) -> None:
        """Draw ``line`` for this device's seat to move; :class:`Refusal` says why not."""
        table = self._table_in_play()
        if table.undo_asked and table.undo_asked.by == self.role:
            raise Refusal(tr("Wait for the answer to your undo request."))
        if table.owner_to_move() != self.role:
            raise Refusal(tr("It is not your turn."))
        self._play(line, timeout=False)

    def ask_undo(self) -> None:
        table = self._table_in_play()
        if table.setup.no_undo:
            raise Refusal(tr("Undo is off in competitive games, timed games and matches."))
        if table.undo_asked:
            raise Refusal(tr("An undo request is already waiting for its answer."))
        ask = table.last_turn(self.role)
        if ask is None:
            raise Refusal(tr("You have no move to take back: your friend has played since."))
        table.undo_asked = ask
        self._send("undo", game=table.game, **ask.fields())

    def answer_undo(self, accept: bool) -> None:
        table = self._table_in_play()
        ask = table.undo_asked
        if ask is None or ask.by == self.role:
            raise Refusal(tr("Nobody asked for an undo."))
        self._send("undo-ok" if accept else "undo-no", game=table.game, **ask.fields())
        if accept:
            table.take_back(ask.ply)
            self._event("undone")
        table.undo_asked = None

    def resign(self) -> None:
        table = self._table_in_play()
        table.resigned = self.role
        self._send("resign", game=table.game)
        self._event("over", tr("You resigned."))

    def offer_rematch(self, decider: bool = False) -> None:
        """Ask for the next game: a rematch, or the decider after a tie (``decider``); it starts once both devices
        asked for the same one."""
        table = self.table
        if table is None or not table.over or self.connection != OPEN:
            raise Refusal(tr("A rematch can be offered once the game is over and both devices are connected."))
        if table.game >= MAX_GAMES:
            raise Refusal(tr("This room has played all its games: start a new room."))
        if decider and not table.decider_open():
            raise Refusal(tr("A decider is played only after a tie between two players."))
        table.rematch_wanted[self.role] = decider
        self._send("rematch", game=table.game, decider=decider)
        self._start_rematch_if_agreed()

    def _table_in_play(self) -> Table:
        if self.table is None or not self.playing:
            raise Refusal(tr("The game is not being played."))
        if self.paused:
            raise Refusal(tr("The game is paused until the other device is connected again."))
        return self.table

    # -- the other device's messages -----------------------------------------------------------------------------------
    def _on_hello(self, data: dict[str, Any]) -> None:
        if data["room"] != self.room_id:
            raise Refusal(tr("the other device is in another room"), data["room"])
        theirs, mine = hello_from_message(data), self._hello()
        agreed = agree(*for_role(self.role, mine, theirs))
        if self.table is not None:
            vouch(self.role, self.table.own(mine), agreed)
        players = {self.role: self.players, theirs.role: theirs.players}
        resumed = self.agreed
        self.table = Table.agreed(self.role, agreed, players, self.table)
        self.connection, self.agreed = OPEN, True
        self.next_clock = self.now
        if resumed:
            self._event("resumed", tr("Connected again: the game goes on."))
        else:
            self._event("connected", tr("Connected: the game begins."))

    def _on_move(self, data: dict[str, Any]) -> None:
        table = self._peer_table(data)
        peer = other(self.role)
        if data["timeout"] and (peer != HOST or not table.timer.enabled):
            raise Refusal(tr("only the host's clock may run out, and only in a timed game"), "a timeout move")
        where = (data["board"], data["ply"], data["prev"])
        if where != table.position():
            if not (data["timeout"] and table.rewind_to(*where)):
                stale = where[:2] < table.position()[:2]  # it crossed a move of ours (the clock's): no news
                raise Refusal(tr("the other device played out of turn"), f"at {where}, here {table.position()}", stale)
            self._event("taken-back", tr("Your move came after the time was up: the host's clock drew a line instead."))
        elif table.owner_to_move() != peer and not (data["timeout"] and table.watch.remaining() <= GRACE):
            raise Refusal(tr("the other device played for your seat"), f"seat {table.state.to_move}")
        self._play(data["line"], timeout=data["timeout"], peer=True)

    def _on_undo(self, data: dict[str, Any]) -> None:
        table = self._peer_table(data)
        ask = UndoAsk(other(self.role), data["board"], data["ply"], data["at"], tuple(data["lines"]))
        table.undo_asked = table.check_undo_ask(ask)
        asks = tr_n(
            "The other player asks to take back their last move.",
            "The other player asks to take back their last {n} moves.",
            len(ask.lines),
        )
        self._event("undo-asked", asks)

    def _on_undo_answer(self, data: dict[str, Any]) -> None:
        table = self._peer_table(data)
        ask = table.undo_asked
        if ask is None or ask.by != self.role or ask.fields() != {k: data[k] for k in ask.fields()}:
            raise Refusal(tr("the other device answered an undo nobody asked for"), str(data))
        if data["t"] == "undo-ok":
            table.take_back(ask.ply)
            self._event("undone", tr("Your move was taken back."))
        else:
            self._event("undo-refused", tr("The other player refused to take your move back."))
        table.undo_asked = None

    def _on_clock(self, data: dict[str, Any]) -> None:
        table = self._peer_table(data)
        if self.role == HOST:
            raise Refusal(tr("only the host's clock may run out"), "a clock from the guest")
        if (data["board"], data["ply"]) == table.position()[:2]:  # else a clock sent before a move that crossed it
            table.timer.set_remaining(data["left"] / 1000)

    def _on_resign(self, data: dict[str, Any]) -> None:
        table = self._peer_table(data)
        table.resigned = other(self.role)
        self._event("over", tr("The other player resigned."))

    def _on_rematch(self, data: dict[str, Any]) -> None:
        table = self.table
        if table is None or data["game"] != table.game or not table.over:
            raise Refusal(tr("the other device asked for a rematch before the game was over"), str(data))
        if table.game >= MAX_GAMES:
            raise Refusal(tr("This room has played all its games: start a new room."))
        if data["decider"] and not table.decider_open():
            raise Refusal(tr("the other device asked for a decider after a game that was not tied"), str(data))
        table.rematch_wanted[other(self.role)] = data["decider"]
        if not self._start_rematch_if_agreed():
            wants = (tr("The other player wants a decider.") if data["decider"]
                     else tr("The other player wants a rematch."))  # fmt: skip
            self._event("rematch-offered", wants)

    def _on_ping(self, data: dict[str, Any]) -> None:
        self._send("pong", n=data["n"])

    def _on_pong(self, data: dict[str, Any]) -> None:
        self.pings.answered(data["n"], self.now)

    def _peer_table(self, data: dict[str, Any]) -> Table:
        """The table a game message may change: this game's, while it is played."""
        table = self.table
        if table is None or data["game"] != table.game:
            raise Refusal(tr("the other device sent a message about another game"), str(data.get("game")))
        if table.over:
            raise Refusal(tr("the other device played after the end of the game"), data["t"])
        return table

    # -- changes both ways ---------------------------------------------------------------------------------------------
    def _play(self, line: int, timeout: bool, peer: bool = False) -> None:
        table = self.table
        assert table is not None
        board, ply, prev = table.position()
        asked = table.undo_asked
        try:
            table.play(line, timeout, peer)
        except IllegalMove as error:
            raise _illegal(table, line, peer, str(error)) from None
        if not peer:
            self._send("move", game=table.game, board=board, ply=ply, prev=prev, line=line, timeout=timeout)
        if asked and asked.by == self.role and peer:
            self._event("undo-refused", tr("The other player played on instead of taking your move back."))
        self._event("moved", tr("Time was up: a random line was drawn.") if timeout else "", line)
        if table.over:
            self._event("over")

    def _start_rematch_if_agreed(self) -> bool:
        table = self.table
        wanted = table.rematch_wanted if table is not None else {}
        if table is None or set(wanted) != {HOST, GUEST} or wanted[HOST] != wanted[GUEST]:
            return False
        self.table = table.next_game(wanted[HOST])
        self.next_clock = self.now
        self._event("rematch", tr("The decider begins.") if wanted[HOST] else tr("Rematch: the seats are swapped."))
        return True

    def _hello(self) -> Hello:
        table = self.table
        if table is None:
            return Hello(self.role, 0, None, self.players, [])
        clock = table.clock_ms() if self.role == HOST else -1
        moves, resigned, timeouts = table.moves(), table.resigned or "", frozenset(table.timeouts)
        return Hello(self.role, table.game, table.setup, self.players, moves, clock, resigned, timeouts)

    def _refuse(self, refusal: Refusal, text: Any) -> None:
        detail = "" if refusal.detail == str(refusal) else f" ({refusal.detail})"
        entry = f"refused {str(text)[:120]!r}: {refusal}{detail}"
        log.warning("%s: %s", self.room_id, entry)
        self.log = [*self.log[-(LOG_KEPT - 1) :], entry]
        if self.connection == HANDSHAKE:  # a handshake that fails leaves nothing to play on this connection
            self._close(str(refusal))
        elif not refusal.quiet:
            self._event("refused", tr("A message from the other device was refused: {why}.").format(why=refusal))

    def _close(self, why: str) -> None:
        was_playing = self.playing
        self.connection, self.hang_up = NONE, why
        self._event("closed", tr("Disconnected: {why}.").format(why=why))
        if was_playing:
            self._event("paused")

    def _send(self, kind: str, **fields: Any) -> None:
        self._send_text(message(kind, **fields))

    def _send_text(self, text: str) -> None:
        self.outbox.append(text)

    def _event(self, kind: str, text: str = "", line: int = -1) -> None:
        self.events.append(Event(kind, text, line))
