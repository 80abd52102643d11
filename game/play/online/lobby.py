"""Making a room, step by step, as the "Play online" scene shows it (no pygame here).

* The host: :func:`host_room` from the player's settings, or the room it kept (:mod:`.kept`: "invite again" for a
  room whose moves are kept). With relays in Settings, :class:`Lobby` reaches them and gives the room's one link
  (:mod:`.relay`), and the friend's device joins through them; when no relay answers, and with none in Settings, it
  makes the offer, gives the invitation link, listens for a reply opened in another tab, and takes a reply pasted or
  handed over (the two links), saying why.
* The guest: a :class:`Lobby` made with the room's one link joins through the relays (its own side kept, with the
  link's secret, from the first handshake on); made with an invitation, it answers it and gives the reply link.
* A reply opened in a tab with no room: :class:`Lobby` hands it to the waiting tab (``handed`` or, after a while,
  the advice to paste it there).
Once the room agrees on a game, :attr:`Lobby.session` is the live game for the board scene.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...page import Page
from ..i18n import tr
from ..links import new_game_id, site_address
from ..match import Session
from ..players import Player
from ..settings import Settings
from .bridge import BrowserChannel, RelayPage, step
from .game import online_session
from .ice import ice_servers
from .invite import ANSWER, Description, InviteError, check_reply, description_of, invitation, read_link, sdp_of
from .invite import reply as reply_link
from .kept import Keeper, kept
from .protocol import GUEST, HOST
from .relay import JoinLink, Rejoin, RelayError, is_join_link, new_secret, read_join
from .room import Room
from .room_setup import RoomSetup, SeatPlayer

HAND_OVER_SECONDS = 3.0
PREPARING, INVITING, REPLYING, HANDING, HANDED, PLAYING, FAILED, JOINING = (
    "preparing", "inviting", "replying", "handing", "handed", "playing", "failed", "joining",
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
    """One device getting a room connected. ``link`` is "" for the host, else the room's one link, or the invitation
    or reply opened; the host invites to ``room`` when given (a room kept from before), else to a new one, and with
    ``save`` the room is kept (:class:`game.play.online.kept.Keeper`); ``secret`` is the kept room's one link's."""

    def __init__(
        self, page: Page, settings: Settings, rng: random.Random, link: str = "", browser: bool = True,
        room: Room | None = None, save: Callable[[dict[str, Any]], Any] | None = None, secret: str = "",
    ) -> None:  # fmt: skip
        self.settings, self.rng = settings, rng
        self.site = site_address(page if browser else None) or ""  # (no site known: the invitation is a code to paste)
        self.state, self.problem, self.link = PREPARING, "", ""
        self.session: Session | None = None
        self.offer: Description | None = None
        self.now = self.handing_since = 0.0
        self.page = page
        self.channel = BrowserChannel(page)
        self.room: Room | None = room
        self.save = save
        self.rejoin: Rejoin | None = None
        self.two_links = ""  # why this room is joined by two links ("" while it is not)
        try:
            self._begin(link, secret)
        except (InviteError, RelayError) as error:
            self._fail(str(error))

    def _begin(self, link: str, secret: str) -> None:
        if not link and self.settings.relays:
            self.room = self.room or host_room(self.settings, self.rng)
            self._through_relays(JoinLink(self.room.room_id, secret or new_secret(self.rng)))
            return
        if is_join_link(link):
            join = read_join(link)
            if self.room is None or self.room.room_id != join.room_id:
                self.room = Room(GUEST, join.room_id, guest_players(self.settings), rng=self.rng)
            self._through_relays(join)
            return
        if not link:
            self.room = self.room or host_room(self.settings, self.rng)
            self._invite_by_two_links(tr("No relay is set in Settings, Options, Online servers."))
            return
        opened = read_link(link)
        if opened.kind == ANSWER:  # a reply opened in a new tab: the tab that invited takes it
            self.state, self.link, self.handing_since = HANDING, link, self.now
            self.channel.hand_over(opened.room_id, link)
            return
        self.room = Room(GUEST, opened.room_id, guest_players(self.settings), rng=self.rng)
        self.offer = opened.description
        self.channel.join(sdp_of(opened.description), ice_servers(self.settings.stun))

    def _through_relays(self, join: JoinLink) -> None:
        """The room joined by its one link: the relays carry the offer and the answer, now and after any loss. The
        room is kept from now on (the host's at once, so a reload before the friend came is still its room)."""
        room = self.room
        assert room is not None
        if self.save is not None:
            room.keeper = Keeper(self.save, join.secret)
            if room.role == HOST:
                room.keeper(room)
        relay = RelayPage(self.page)
        relay.join(self.settings.relays, join.topic(), join.key())
        relay.remember(join.fragment())
        servers = ice_servers(self.settings.stun)
        self.rejoin = Rejoin(room.role, join, relay, self.channel, servers, self.rng, self.now)
        self.state = PREPARING if room.role == HOST else JOINING

    def _invite_by_two_links(self, why: str) -> None:
        """Today's two links: the host's invitation, and the friend's reply sent back."""
        assert self.room is not None
        relayed, self.rejoin = self.rejoin, None
        if relayed is not None:
            relayed.leave()
        self.two_links, self.state = why, PREPARING
        if self.save is not None:
            self.room.keeper = Keeper(self.save)
            if relayed is not None:  # (kept with the one link's secret so far: kept again without it)
                self.save(kept(self.room))
        self.channel.host(ice_servers(self.settings.stun))
        self.channel.listen(self.room.room_id)

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
        others = step(self.room, self.channel.poll(), self.channel, self.now)
        if self.rejoin is not None:
            self._relayed(others)
        else:
            for event in others:
                self._on_page(event.kind, event.data)
        for happened in self.room.take_events():
            if happened.kind == "closed":
                self.problem = happened.text
        if self.room.playing and self.session is None:
            self.state = PLAYING
            self.session = online_session(self.room, self.channel, self.settings, self.rng, self.rejoin)
            self.session.now = self.now  # (the room's and the relay's times go on from the lobby's clock)

    def _relayed(self, others: list[Any]) -> None:
        """A frame of the room's signalling through the relays: the one link shown once a relay answers, the two
        links instead when none does (the host), or the guest told to ask for an invitation."""
        rejoin, room = self.rejoin, self.room
        assert rejoin is not None and room is not None
        rejoin.tick(room, others, self.now)
        if any(event.kind == "error" for event in others):
            self.problem = tr("The browser refused the connection details: ask for a new link.")
        if room.role == HOST and self.state == PREPARING and rejoin.up:
            self.state, self.link = INVITING, rejoin.join.link(self.site)
        if not rejoin.unreachable(self.now):
            return
        if room.role == HOST and not rejoin.attempts:
            self._invite_by_two_links(tr("No relay answered, so this invitation works the other way: your friend "
                                         "sends you back a reply link."))  # fmt: skip
        elif room.role == GUEST:
            self.problem = tr("No relay answers from this device: ask your friend to invite you again; without "
                              "relays, the invitation comes with a reply link to send back.")  # fmt: skip

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
        """Leaving before the game began: the connection is closed, the relays left."""
        if self.session is None:
            self.channel.close()
            if self.rejoin is not None:
                self.rejoin.leave()
