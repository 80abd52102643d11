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
from ...storage import FinishedGame, Saved
from ...storage import Seat as StoredSeat
from ..i18n import tr, tr_n
from ..match import DECIDER, GAME, PEER, PERSON, TIMER, Move, Session
from ..settings import Seat, Settings
from .bridge import BrowserChannel, step
from .kept import Keeper
from .protocol import HOST, Refusal
from .relay import Rejoin
from .room import HANDSHAKE, NONE, OPEN, SILENT, Event, Room
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
        no_extra=setup.rules.no_extra, start=setup.rules.start, must_capture=setup.rules.must_capture,
        timer=setup.timer, first=setup.first, match=setup.boards > 1, competitive=setup.competitive,
        decider=setup.decider, players=tuple(p.player for p in table.players),
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
        """The players as the room names them, this device's one person as "You" (on both devices each its own);
        the other device's seats played by the peer."""
        session, table = self.session, self.table
        session.purpose = DECIDER if table.setup.deciding else GAME
        for seat in range(len(session.seats)):
            if not table.mine(seat):
                session.drivers[seat] = OnlinePeer()
        looks = table.looks()
        you = session.you
        if you is not None:
            looks[you] = replace(looks[you], name=tr("You"))
        session.looks = looks
        session.names = [look.name for look in looks]
        session.marks = [look.initial for look in looks]

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
                self.session.show(self.told(event))

    def told(self, event: Event) -> str:
        """The room's news in the player's words, the friend by name where the room says "the other player"."""
        named = {"undo-asked": self.undo_asked_words, "rematch-offered": self.offered_words, "over": self.resignation}
        return named[event.kind]() if event.kind in named else event.text

    def offered_words(self) -> str:
        """The other device asked for the next game: a rematch or the decider, and how to accept it."""
        decider = self.decider_offered()
        wants = (tr("{name} wants a decider: press Accept decider.") if decider
                 else tr("{name} wants a rematch: press Accept rematch."))  # fmt: skip
        return wants.format(name=self.friend())

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
        names = tuple(look.name for look in table.looks())  # as the room names them ("You" is said when shown)
        return replace(finished, seats=seats, names=names, rated=False, extra={"online": table.online_mark()})

    def keep_with(self, saved: Saved) -> None:
        """The room is kept through ``saved`` (:class:`~.kept.Keeper`, at once and at every tick of the room once
        agreed) so a reload or a lost connection finds it again: the host's always, a guest's when it joined by the
        room's one link (its lobby made the keeper, with the link's secret); a guest by two links keeps nothing."""
        if self.room.keeper is None and self.room.role == HOST:
            self.room.keeper = Keeper(saved.save_online_room)
        if self.room.keeper is not None:
            self.room.keeper(self.room)

    def leave(self) -> None:
        """This device leaves the room: the connection is closed (the other device sees it closed, its game paused)."""
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
        """The connection in the player's words, as the board shows it and the screen reader reads it: connected,
        connecting again, the other device silent, or the connection closed (paused while the game is played)."""
        friend, connection, over = self.friend(), self.room.connection, self.table.over
        if connection == OPEN:
            host = self.room.role == HOST
            words = tr("Online with {name}: connected") if host else tr("Invited by {name}: connected")
            return words.format(name=friend)
        if connection == HANDSHAKE:
            return tr("Connecting again to {name}'s device...").format(name=friend)
        if connection == SILENT:
            words = tr("{name}'s device does not answer") if over else tr("Paused: {name}'s device does not answer")
        elif self.rejoin is not None:
            return self._rejoin_text(friend)
        else:
            words = tr("The connection with {name} is closed") if over else tr("Paused: the connection is closed")
        return words.format(name=friend)

    def pause_advice(self) -> str:
        """What the players can do while the game waits for the connection (the pause card's smaller words)."""
        friend, connection = self.friend(), self.room.connection
        if connection == HANDSHAKE:
            return tr("The two devices are agreeing on the game: it goes on in a moment.")
        if connection == SILENT:
            return tr("Their phone may be asleep or off the network. The game goes on by itself as soon as their "
                      "device answers.")  # fmt: skip
        if self.rejoin is not None:
            return tr("The moves are kept. The game goes on by itself as soon as the two devices find each other "
                      "again through the relay.")  # fmt: skip
        if self.room.role == HOST:
            return tr("The moves are kept. To go on, press Menu, then Play online, Invite again, and send {name} "
                      "the new invitation.").format(name=friend)  # fmt: skip
        return tr("The moves are kept on {name}'s device. To go on, ask {name} to invite you again, then open "
                  "the new invitation.").format(name=friend)  # fmt: skip

    def undo_asked_words(self) -> str:
        """The other device's undo request in the player's words, naming how many lines it takes back."""
        asked = self.table.undo_asked
        count = len(asked.lines) if asked is not None else 0
        return tr_n("{name} asks to take back their last line.", "{name} asks to take back their last {n} lines.",
                    count).format(name=self.friend())  # fmt: skip

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
        """Who asked for the next game: "" (nobody), "asked" (this device, waiting), "offered" (the other device)."""
        wanted = self.table.rematch_wanted
        if self.room.role in wanted:
            return "asked"
        return "offered" if other(self.room.role) in wanted else ""

    def decider_offered(self) -> bool:
        """The next game asked for (by either device; this device's ask first) is the decider."""
        wanted = self.table.rematch_wanted
        return wanted.get(self.room.role, wanted.get(other(self.room.role), False))

    def decider_open(self) -> bool:
        """A decider may follow: the game was a tie between two players (not a decider itself)."""
        return self.table.decider_open()

    def decider_agreed(self) -> bool:
        """The tie goes on to the decider agreed before play (the way on, not a rematch)."""
        return self.table.setup.decider and self.decider_open()

    def offer_rematch(self, decider: bool = False) -> bool:
        """Ask for a rematch, or the decider after a tie (or accept the one offered): it starts once both devices
        asked for the same: a rematch with the seats swapped, a decider on its odd board."""
        if not self._ask(lambda: self.room.offer_rematch(decider)):
            return False
        if self.rematch_state() == "asked":
            asked = tr("Decider asked: waiting for {name}.") if decider else tr("Rematch asked: waiting for {name}.")
            self.session.show(asked.format(name=self.friend()))
        return True

    def _ask(self, request: Any) -> bool:
        """Put ``request`` to the room; False (and why, shown) when it refuses."""
        try:
            request()
        except Refusal as refusal:
            self.session.show(str(refusal))
            return False
        return True
