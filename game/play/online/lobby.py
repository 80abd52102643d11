"""Making a room, step by step, as the "Play online" scene shows it (no pygame here).

* The host: :func:`host_room` from the player's settings, or the room it kept (:mod:`.kept`: "invite again" for a
  room whose moves are kept); :class:`Lobby` makes the offer, gives the invitation link, listens for a reply opened
  in another tab, and takes a reply pasted or handed over.
* The guest: a :class:`Lobby` made with the invitation answers it and gives the reply link.
* A reply opened in a tab with no room: :class:`Lobby` hands it to the waiting tab (``handed`` or, after a while,
  the advice to paste it there).
Once the room agrees on a game, :attr:`Lobby.session` is the live game for the board scene.
"""

from __future__ import annotations

import random

from ...page import Page
from ..i18n import tr
from ..links import new_game_id, site_address
from ..match import Session
from ..players import Player
from ..settings import Settings
from .bridge import BrowserChannel, step
from .game import online_session
from .ice import ice_servers
from .invite import ANSWER, Description, InviteError, check_reply, description_of, invitation, read_link, sdp_of
from .invite import reply as reply_link
from .protocol import GUEST, HOST
from .room import Room
from .room_setup import RoomSetup, SeatPlayer

HAND_OVER_SECONDS = 3.0
PREPARING, INVITING, REPLYING, HANDING, HANDED, PLAYING, FAILED = (
    "preparing", "inviting", "replying", "handing", "handed", "playing", "failed",
)  # fmt: skip


def host_room(settings: Settings, rng: random.Random) -> Room:
    """The host's room for the game in ``settings``: seat 1 is the host's, seat 2 the friend's; further seats are
    the host's computers, or people shared out between the two devices."""
    seats = settings.seats
    owners = "hg" + "".join("h" if seat.is_computer else "gh"[i % 2] for i, seat in enumerate(seats[2:]))
    players = list(settings.players) + [Player()] * len(seats)
    mine = [SeatPlayer(players[i], *(("human", "easy") if i == 0 else (seats[i].kind, seats[i].level)))
            for i, owner in enumerate(owners) if owner == HOST]  # fmt: skip
    setup = RoomSetup(
        settings.board(), settings.rules(), owners, max(settings.first, 0), len(seats) if settings.match else 1,
        settings.timer, settings.competitive, settings.decider and len(seats) == 2,
    )  # fmt: skip
    return Room(HOST, new_game_id(rng), mine, setup, rng)


def guest_players(settings: Settings) -> list[SeatPlayer]:
    """This device's players as a guest: its first player's look, then people with the seats' own looks."""
    chosen = list(settings.players[:1]) or [Player()]
    return [SeatPlayer(chosen[0])] + [SeatPlayer() for _ in range(3)]


class Lobby:
    """One device getting a room connected. ``link`` is "" for the host, else the invitation or reply opened; the
    host invites to ``room`` when given (a room kept from before), else to a new one (the host's room is kept from
    the game's start on: :meth:`game.play.online.game.OnlineGame.keep_with`)."""

    def __init__(
        self, page: Page, settings: Settings, rng: random.Random, link: str = "", browser: bool = True,
        room: Room | None = None,
    ) -> None:  # fmt: skip
        self.settings, self.rng = settings, rng
        self.site = site_address(page if browser else None) or ""  # (no site known: the invitation is a code to paste)
        self.state, self.problem, self.link = PREPARING, "", ""
        self.session: Session | None = None
        self.offer: Description | None = None
        self.now = self.handing_since = 0.0
        self.channel = BrowserChannel(page)
        self.room: Room | None = room
        try:
            self._begin(link)
        except InviteError as error:
            self._fail(str(error))

    def _begin(self, link: str) -> None:
        if not link:
            self.room = self.room or host_room(self.settings, self.rng)
            self.channel.host(ice_servers(self.settings.stun))
            self.channel.listen(self.room.room_id)
            return
        opened = read_link(link)
        if opened.kind == ANSWER:  # a reply opened in a new tab: the tab that invited takes it
            self.state, self.link, self.handing_since = HANDING, link, self.now
            self.channel.hand_over(opened.room_id, link)
            return
        self.room = Room(GUEST, opened.room_id, guest_players(self.settings), rng=self.rng)
        self.offer = opened.description
        self.channel.join(sdp_of(opened.description), ice_servers(self.settings.stun))

    def take_reply(self, text: str) -> None:
        """The host takes a reply pasted or handed over; a problem is shown, and the invitation stays valid."""
        if self.room is None or self.offer is None or self.state not in (INVITING, PLAYING):
            return
        try:
            link = read_link(text)
            check_reply(link, self.room.room_id, self.offer)
        except InviteError as error:
            self.problem = str(error)
            return
        self.problem = ""
        self.channel.accept(sdp_of(link.description))

    def update(self, dt: float) -> None:
        """One frame until the game begins (then the session, played by the board scene, runs the room)."""
        if self.session is not None:
            return
        self.now += dt
        if self.state == HANDING and self.now - self.handing_since > HAND_OVER_SECONDS:
            self._fail(tr("No game on this device is waiting for this reply: paste it where you sent the invitation."))
        if self.room is None:
            events = self.channel.poll()
            if any(event.kind == "handed" for event in events) and self.state == HANDING:
                self.state = HANDED
            return
        for event in step(self.room, self.channel.poll(), self.channel, self.now):
            self._on_page(event.kind, event.data)
        for happened in self.room.take_events():
            if happened.kind == "closed":
                self.problem = happened.text
        if self.room.playing and self.session is None:
            self.state = PLAYING
            self.session = online_session(self.room, self.channel, self.settings, self.rng)

    def _on_page(self, kind: str, data: str) -> None:
        assert self.room is not None
        if kind == "local":
            try:
                if self.room.role == HOST:
                    self.offer = description_of(data)
                    self.link, self.state = invitation(self.site, self.room.room_id, data), INVITING
                else:
                    assert self.offer is not None
                    self.link = reply_link(self.site, self.room.room_id, data, self.offer)
                    self.state = REPLYING
            except InviteError as error:
                self._fail(str(error))
        elif kind == "reply":
            self.take_reply(data)
        elif kind == "error":
            self._fail(tr("The browser refused the connection details: ask for a new link."))

    def _fail(self, why: str) -> None:
        self.state, self.problem = FAILED, why

    def close(self) -> None:
        """Leaving before the game began: the connection is closed."""
        if self.session is None:
            self.channel.close()
