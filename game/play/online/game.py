"""An online game: the match controller (:class:`~game.play.match.Session`) refereed by a room, the other
device's seats played by an online peer.

Every line this device's people (or its computers) choose goes to the :class:`~game.play.online.room.Room`, which
may refuse it; each frame the room is joined to the page's data channel (:func:`~game.play.online.bridge.step`).
The room referees against the controller's own game: its table holds the controller's match, and draws an accepted
line (this device's or the peer's), takes moves back after an agreed undo and goes back to the host's timeout
through the controller (:attr:`Table.draw`, :attr:`Table.take_back_to`, :attr:`Table.rewound`), so there is one
copy of the game and each line is applied once. A new table (a reconnection, a rematch) is taken at once. The room
alone keeps the move timer (the host's clock). The other device's seats are :class:`OnlinePeer` seats; their names
and looks come from the room. An online game goes into the history when it ends, but it is not kept as the
unfinished game to continue: the other device gives it back on the next handshake. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ...core import GameState
from ...storage import FinishedGame
from ...storage import Seat as StoredSeat
from ..i18n import tr
from ..match import PEER, PERSON, TIMER, Move, Session
from ..settings import Seat, Settings
from .bridge import BrowserChannel, step
from .protocol import Refusal
from .relay import Rejoin
from .room import NONE, OPEN, Room
from .room_setup import other
from .table import Table

CONNECTED, WAITING, LEFT = "connected", "waiting", "left"  # the connection as the board shows it
QUIET_EVENTS = ("paused", "resumed", "connected")  # told by the connection's own words (see OnlineGame.link)


def room_settings(room: Room, base: Settings) -> Settings:
    """Settings that describe the room's game for a session (this device's look options kept from ``base``)."""
    table = room.table
    assert table is not None, "a session is made once the room agreed on a game"
    setup = table.setup
    seats = tuple(Seat(p.kind, p.level) if table.mine(seat) else Seat("human") for seat, p in enumerate(table.players))
    return base.with_(
        shape=setup.board.kind, size=setup.board.size, seats=seats, misere=setup.rules.misere,
        no_extra=setup.rules.no_extra, start=setup.rules.start, timer=setup.timer, first=setup.first,
        match=setup.boards > 1, competitive=setup.competitive, players=tuple(p.player for p in table.players),
    )  # fmt: skip


class OnlinePeer:
    """A seat the other device plays: its lines come from the room, which referees them."""

    here = False
    source = PEER

    def step(self, state: GameState, now: float, wait: float, step_seconds: float) -> int | None:
        return None


def online_session(
    room: Room, channel: BrowserChannel | None, base: Settings, rng: random.Random, rejoin: Rejoin | None = None
) -> Session:
    """The match controller of the game ``room`` agreed on, refereed by it; its messages travel through
    ``channel`` (None in tests that move them), and ``rejoin`` finds the other device again through the relays
    after a loss (None for a room joined by two links)."""
    session = Session(room_settings(room, base), rng)
    OnlineGame(session, room, channel, base, rejoin)
    return session


def online_of(session: Session) -> OnlineGame | None:
    """The online game refereeing ``session``, if it is one."""
    referee = session.referee
    return referee if isinstance(referee, OnlineGame) else None


class OnlineGame:
    """The referee of ``session``: ``room``, its messages carried by ``channel``."""

    pausable = False  # the room keeps the game going (no analysis board during it)
    resumable = False  # restored from the other device, never continued from the menu
    clock_here = False  # the host's clock decides, in the room

    def __init__(
        self, session: Session, room: Room, channel: BrowserChannel | None, base: Settings,
        rejoin: Rejoin | None = None,
    ) -> None:  # fmt: skip
        self.session, self.room, self.channel, self.base, self.rejoin = session, room, channel, base, rejoin
        self.guarded = False  # leaving the page asks first (while the game is played)
        self.extra: list[Any] = []  # the channel's events that are not the room's (a reply handed over...)
        self.choosing: Move | None = None  # the move of this device the room is refereeing
        self.game_number = self.table.game  # (the session was made for this game)
        session.referee = self
        room.on_table = self.take
        self._seat()
        self.take(self.table)

    @property
    def table(self) -> Table:
        table = self.room.table
        assert table is not None
        return table

    def take(self, table: Table) -> None:
        """Play ``table``'s game from where it is: a new game (the first, a rematch: the seats moved on) begins
        the controller again; the same game (a reconnection) is taken as it stands."""
        session = self.session
        if table.game != self.game_number:
            self.game_number = table.game
            session.begin(room_settings(self.room, self.base), table.setup.first)
            self._seat()
        session.take_match(table.match, table.timer)
        table.draw, table.take_back_to, table.rewound = self._draw, session.take_back_to, self._rewound

    def _seat(self) -> None:
        """The players as the room names them; the other device's seats played by the peer."""
        session, table = self.session, self.table
        session.looks = table.looks()
        session.names = [look.name for look in session.looks]
        session.marks = [look.initial for look in session.looks]
        for seat in range(len(session.seats)):
            if not table.mine(seat):
                session.drivers[seat] = OnlinePeer()

    def _draw(self, line: int, timeout: bool, peer: bool) -> int:
        """The room accepted ``line``: the controller applies it, once."""
        seat = self.table.state.to_move
        source = PEER if peer else TIMER if timeout else self.choosing.source if self.choosing else PERSON
        self.session.apply(Move(line, seat, source, timeout))
        return seat

    def _rewound(self) -> None:
        self.session.take_match(self.table.match, self.table.timer)

    # -- the referee ---------------------------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        if self.channel is not None:
            others = step(self.room, self.channel.poll(), self.channel, now)
            if self.rejoin is not None:
                self.rejoin.tick(self.room, others, now)
            self.extra += others
            self._guard(self.room.playing)
        else:
            self.room.tick(now)
        for event in self.room.take_events():
            if event.text and event.kind not in QUIET_EVENTS:
                self.session.show(event.text)

    def propose(self, move: Move) -> str | None:
        """A line chosen on this device: the room referees it first (and draws it through :meth:`_draw`)."""
        self.choosing = move
        try:
            self.room.play(move.line)
        except Refusal as refusal:
            return str(refusal)
        finally:
            self.choosing = None
        return None

    def open(self) -> bool:
        return self.room.my_turn

    def winners(self) -> list[int]:
        return self.table.winners()

    def ended(self) -> bool:
        return self.table.resigned is not None

    def amend(self, finished: FinishedGame) -> FinishedGame:
        """A game on one device's record, with every seat as its own device described it, marked online (and not
        rated: nobody here vouches for the other device's seats)."""
        table = self.table
        seats = tuple(StoredSeat(p.kind, p.level) for p in table.players)
        return replace(finished, seats=seats, rated=False, extra={"online": table.online_mark()})

    def leave(self) -> None:
        """This device leaves the room: the connection is closed, and the other device is told its friend left."""
        self.room.disconnected(self.session.now)
        if self.rejoin is not None:
            self.rejoin.leave()
            self.rejoin = None
        if self.channel is not None:
            self._guard(False)
            self.channel.close()

    def _guard(self, on: bool) -> None:
        """While the game is played, leaving the page (closing it, reloading it) asks first."""
        if on != self.guarded and self.channel is not None:
            self.guarded = on
            self.channel.guard(on)

    # -- what the board asks -------------------------------------------------------------------------------------------
    def friend(self) -> str:
        """The other device's first player's name, as the board names them."""
        table, names = self.table, self.session.names
        return next(names[seat] for seat in range(len(names)) if not table.mine(seat))

    def link(self) -> str:
        """The connection as the board shows it: :data:`CONNECTED`, :data:`WAITING` (the other device stopped
        answering, or a new connection is being agreed on) or :data:`LEFT` (the connection is closed)."""
        connection = self.room.connection
        return CONNECTED if connection == OPEN else LEFT if connection == NONE else WAITING

    def link_text(self) -> str:
        """The connection in the player's words, as the board shows it and the screen reader reads it."""
        friend = self.friend()
        link, over = self.link(), self.table.over
        if link == CONNECTED:
            return tr("Online with {name}: connected").format(name=friend)
        if link == WAITING:
            if over:
                return tr("Waiting for {name}'s device to answer").format(name=friend)
            return tr("Paused: waiting for {name}'s device to answer").format(name=friend)
        if self.rejoin is not None:
            return self._rejoin_text(friend)
        if over:
            return tr("{name} left: the connection is closed").format(name=friend)
        return tr("{name} left: the game is paused").format(name=friend)

    def _rejoin_text(self, friend: str) -> str:
        """The connection lost, and being found again through the relays."""
        assert self.rejoin is not None
        if not self.rejoin.up:
            return tr("Reconnecting: no relay answers yet; the game is kept")
        return tr("Reconnecting to {name}'s device through the relay...").format(name=friend)

    # -- undo: asked of the other device -------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Undo asks the other device to take back this device's last turn on this board (casual games only), or
        accepts when the other device asked first."""
        table = self.table
        if self.undo_off() or not self.room.playing or self.room.paused:
            return False
        if self.undo_asked_of_me():
            return True
        return table.undo_asked is None and table.last_turn(self.room.role) is not None

    def undo(self) -> bool:
        """Ask the other device to take back this device's last move, or accept when it asked first."""
        if not self.can_undo():
            return False
        try:
            if self.table.undo_asked is not None:
                self.room.answer_undo(True)
            else:
                self.room.ask_undo()
                self.session.show(tr("Undo asked: waiting for the other player's answer."))
        except Refusal as refusal:
            self.session.show(str(refusal))
            return False
        return True

    def undo_off(self) -> bool:
        """No undo in this room's game: competitive, timed or a match (as on one device)."""
        return self.session.settings.no_help or self.table.setup.no_undo

    def undo_asked_of_me(self) -> bool:
        """The other device asks to take back its last move, and waits for this device's answer."""
        asked = self.table.undo_asked
        return asked is not None and asked.by != self.room.role and not self.room.paused

    def undo_asked_by_me(self) -> bool:
        asked = self.table.undo_asked
        return asked is not None and asked.by == self.room.role

    def refuse_undo(self) -> bool:
        """Answer no to the other device's undo request (the game goes on as it is)."""
        if not self.undo_asked_of_me():
            return False
        return self._ask(lambda: self.room.answer_undo(False))

    # -- the end: resign, rematch --------------------------------------------------------------------------------------
    def can_resign(self) -> bool:
        return self.room.playing and not self.room.paused

    def resign(self) -> bool:
        """This device's players give up the game: the other device's seats win (both devices are told)."""
        return self._ask(self.room.resign)

    def resignation(self) -> str:
        """Who resigned this game, in the player's words ("" when nobody did)."""
        resigned = self.table.resigned
        if resigned is None:
            return ""
        return tr("You resigned.") if resigned == self.room.role else tr("{name} resigned.").format(name=self.friend())

    def rematch_state(self) -> str:
        """Who asked for a rematch: "" (nobody), "asked" (this device, waiting), "offered" (the other device)."""
        wanted = self.table.rematch_wanted
        if self.room.role in wanted:
            return "asked"
        return "offered" if other(self.room.role) in wanted else ""

    def offer_rematch(self) -> bool:
        """Ask for a rematch (or accept the one offered): it starts, seats swapped, once both devices asked."""
        if not self._ask(self.room.offer_rematch):
            return False
        if self.rematch_state() == "asked":
            self.session.show(tr("Rematch asked: waiting for {name}.").format(name=self.friend()))
        return True

    def _ask(self, request: Any) -> bool:
        """Put ``request`` to the room; False (and why, shown) when it refuses."""
        try:
            request()
        except Refusal as refusal:
            self.session.show(str(refusal))
            return False
        return True
