"""The live game as the board scene plays it: a :class:`~game.play.session.Session` whose moves go through a room.

The board scene knows only sessions, so an online game is one: every line this device's people (or its computers)
choose is first played in the :class:`~game.play.online.room.Room`, which may refuse it; each frame the room is
joined to the page's data channel (:func:`~game.play.online.bridge.step`) and the session follows the room's game:
lines the other device drew are drawn here with the usual animation, anything else (an undo, a line taken back for
the host's clock, a reconnection, a rematch) sets the session to the room's game at once. The room alone keeps the
move timer (the host's clock), so the session never draws for a timeout itself. The other device's seats are
people here (this device has no computer to run for them); their names and looks come from the room. An online game
goes into the history when it ends, but it is not kept as the unfinished game to continue: the other device gives
it back on the next handshake. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ...core import Match
from ...storage import FinishedGame
from ...storage import Seat as StoredSeat
from ..i18n import tr
from ..session import Session
from ..settings import Seat, Settings
from .bridge import BrowserChannel, step
from .protocol import Refusal
from .room import NONE, OPEN, Room
from .room_setup import other

CONNECTED, WAITING, LEFT = "connected", "waiting", "left"  # the connection as the board shows it
QUIET_EVENTS = ("paused", "resumed", "connected")  # told by the connection's own words (see OnlineSession.link)


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


class OnlineSession(Session):
    """A session refereed by ``room``, whose messages travel through ``channel`` (None in tests that move them)."""

    resumable = False  # restored from the other device, never continued from the menu
    pausable = False  # the room keeps the game going (no analysis board during it)

    def __init__(self, room: Room, channel: BrowserChannel | None, base: Settings, rng: random.Random) -> None:
        self.rng = rng
        self.room, self.channel, self.base = room, channel, base
        self.following = False
        self.extra: list[Any] = []  # the channel's events that are not the room's (a reply handed over...)
        self._start()

    def _start(self) -> None:
        """Take the room's game as it is: its seats, players and moves (again after a rematch)."""
        table = self._table()
        Session.__init__(self, room_settings(self.room, self.base), self.rng, first=table.setup.first)
        self.game_number = table.game
        self.looks = table.looks()
        self.names = [look.name for look in self.looks]
        self.marks = [look.initial for look in self.looks]
        self._follow(animate=False)

    def _table(self) -> Any:
        table = self.room.table
        assert table is not None
        return table

    # -- what the board scene asks -----------------------------------------------------------------------------------
    def accepting_input(self) -> bool:
        return super().accepting_input() and self.room.my_turn

    def timer_fraction(self) -> float | None:
        timer = self._table().timer
        if not timer.enabled or self.state.over:
            return None
        return timer.fraction_left()

    def plays_here(self, seat: int) -> bool:
        """This device plays its own seats only (the other device's come through the room)."""
        return self._table().mine(seat)

    def friend(self) -> str:
        """The other device's first player's name, as the board names them."""
        table = self._table()
        return next(self.names[seat] for seat in range(len(self.names)) if not table.mine(seat))

    def link(self) -> str:
        """The connection as the board shows it: :data:`CONNECTED`, :data:`WAITING` (the other device stopped
        answering, or a new connection is being agreed on) or :data:`LEFT` (the connection is closed)."""
        connection = self.room.connection
        return CONNECTED if connection == OPEN else LEFT if connection == NONE else WAITING

    def link_text(self) -> str:
        """The connection in the player's words, as the board shows it and the screen reader reads it."""
        friend = self.friend()
        link, over = self.link(), self._table().over
        if link == CONNECTED:
            return tr("Online with {name}: connected").format(name=friend)
        if link == WAITING:
            if over:
                return tr("Waiting for {name}'s device to answer").format(name=friend)
            return tr("Paused: waiting for {name}'s device to answer").format(name=friend)
        if over:
            return tr("{name} left: the connection is closed").format(name=friend)
        return tr("{name} left: the game is paused").format(name=friend)

    def pause(self) -> None:
        """The page went out of sight: nothing stops here (the host's clock decides, and the room keeps answering)."""

    def can_undo(self) -> bool:
        """Undo asks the other device to take back this device's last turn on this board (casual games only), or
        accepts when the other device asked first."""
        table = self._table()
        if self.undo_off() or not self.room.playing or self.room.paused:
            return False
        if self.undo_asked_of_me():
            return True
        return table.undo_asked is None and table.last_turn(self.room.role) is not None

    def undo_off(self) -> bool:
        """No undo in this room's game: competitive, timed or a match (as on one device)."""
        return self.settings.no_help or self._table().setup.no_undo

    def undo_asked_of_me(self) -> bool:
        """The other device asks to take back its last move, and waits for this device's answer."""
        asked = self._table().undo_asked
        return asked is not None and asked.by != self.room.role and not self.room.paused

    def undo_asked_by_me(self) -> bool:
        asked = self._table().undo_asked
        return asked is not None and asked.by == self.room.role

    def refuse_undo(self) -> bool:
        """Answer no to the other device's undo request (the game goes on as it is)."""
        if not self.undo_asked_of_me():
            return False
        try:
            self.room.answer_undo(False)
        except Refusal as refusal:
            self.messages.append(str(refusal))
            return False
        return True

    # -- the end: resign, rematch ------------------------------------------------------------------------------------
    def can_resign(self) -> bool:
        return self.room.playing and not self.room.paused

    def resign(self) -> bool:
        """This device's players give up the game: the other device's seats win (both devices are told)."""
        try:
            self.room.resign()
        except Refusal as refusal:
            self.messages.append(str(refusal))
            return False
        return True

    def resignation(self) -> str:
        """Who resigned this game, in the player's words ("" when nobody did)."""
        resigned = self._table().resigned
        if resigned is None:
            return ""
        return tr("You resigned.") if resigned == self.room.role else tr("{name} resigned.").format(name=self.friend())

    def rematch_state(self) -> str:
        """Who asked for a rematch: "" (nobody), "asked" (this device, waiting), "offered" (the other device)."""
        wanted = self._table().rematch_wanted
        if self.room.role in wanted:
            return "asked"
        return "offered" if other(self.room.role) in wanted else ""

    def offer_rematch(self) -> bool:
        """Ask for a rematch (or accept the one offered): it starts, seats swapped, once both devices asked."""
        try:
            self.room.offer_rematch()
        except Refusal as refusal:
            self.messages.append(str(refusal))
            return False
        if self.rematch_state() == "asked":
            self.messages.append(tr("Rematch asked: waiting for {name}.").format(name=self.friend()))
        return True

    def leave(self) -> None:
        """This device leaves the room: the connection is closed, and the other device is told its friend left."""
        self.room.disconnected(self.now)
        if self.channel is not None:
            self.channel.close()

    def undo(self) -> bool:
        """Ask the other device to take back this device's last move, or accept when it asked first."""
        if not self.can_undo():
            return False
        try:
            asked = self._table().undo_asked
            if asked is not None:
                self.room.answer_undo(True)
            else:
                self.room.ask_undo()
                self.messages.append(tr("Undo asked: waiting for the other player's answer."))
        except Refusal as refusal:
            self.messages.append(str(refusal))
            return False
        self._follow(animate=False)
        return True

    def winners(self) -> list[int]:
        return self._table().winners()

    def _make_record(self) -> FinishedGame:
        """A game on one device's record, with every seat as its own device described it, marked online (and not
        rated: nobody here vouches for the other device's seats)."""
        table = self._table()
        seats = tuple(StoredSeat(p.kind, p.level) for p in table.players)
        return replace(super()._make_record(), seats=seats, rated=False, extra={"online": table.online_mark()})

    # -- moves -----------------------------------------------------------------------------------------------------
    def play_line(self, line: int, forced: bool = False) -> None:
        if not self.following:  # chosen on this device: the room referees it first
            try:
                self.room.play(line)
            except Refusal as refusal:
                self.messages.append(str(refusal))
                return
        super().play_line(line, forced)

    def _time_out(self, line: int) -> None:
        """The host's clock decides in the room; the session's own timer only shows."""

    def update(self, dt: float, step_seconds: float = 0.004) -> None:
        if self.channel is not None:
            self.extra += step(self.room, self.channel.poll(), self.channel, self.now + dt)
        else:
            self.room.tick(self.now + dt)
        for event in self.room.take_events():
            if event.text and event.kind not in QUIET_EVENTS:
                self.messages.append(event.text)
        if self._table().game != self.game_number:
            self._start()  # a rematch: the seats moved on
        self._follow(animate=True)
        super().update(dt, step_seconds)
        if self._table().resigned and not self.finished:
            self.finished = True

    def _follow(self, animate: bool) -> None:
        """Bring the session to the room's game: new lines drawn one by one, anything else at once."""
        table = self._table()
        theirs = table.moves()
        ours = [line for game in self.games for line in game.moves]
        if len(self.games) == len(table.match.games) and theirs[: len(ours)] == ours:
            self.following = True
            try:
                for line in theirs[len(ours) :]:
                    if self.state.over:
                        self.next_board()
                    super().play_line(line)
            finally:
                self.following = False
            if not animate:
                self.animation = None
            return
        self.match = Match(self.board, self.rules, table.setup.first, len(table.match.games))
        self.match.resume([game.copy() for game in table.match.games], table.match.current)
        self.movers = [game.drawers() for game in self.games]
        self.forced = [set() for _ in self.games]
        self.drawn_at.clear()
        self.animation = None
        self.finished = False
        self.between = False
        self.over_since = None
        self.timer.restart()
        self.moves_made += 1
