"""Share links and play by link: the site's address with a position code in the fragment (no pygame here).

Fragments (after ``#``; every character is URL-safe, see ``docs/position-code.md``)::

    #2.s3x3.2.0.AHGbc.Kq                          a position, or a finished game: its position code
    #p.Kq3xZ0a_.15.0.<players>.1.Xy.2.s3x3.2.0.AHGbc.Kq  play by link (``game/play/link_play.py``)

Opening a position starts a game on it; opening a finished game opens its review. A play-by-link link must
continue the game this device already has under the same id (``LinkGames``), and be for a seat this device plays
or nobody took yet, else it is refused with the reason.

Where the links point: in the browser, the page's own address; on the desktop, ``$PIPOPIPETTE_SITE``, else the
``Play`` address in the installed package's metadata (``[project.urls]`` in ``pyproject.toml``); with neither, the
fragment alone is given, a code to paste in Open a link.
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass, replace
from importlib import metadata
from typing import Any
from urllib.parse import unquote

from ..core import GameState, encode
from ..core.notation import ALPHABET, CHECKS
from ..page import Page
from .code_words import LinkError, decode_link_code
from .i18n import tr
from .link_play import FRIEND, ID_LENGTH, LEGACY, FriendGame, LinkGames, friend_fragment, read_friend, with_look
from .match import GAME, Session
from .settings import Seat, Settings

__all__ = ["FriendGame", "LinkError", "LinkGames"]
SITE_VARIABLE = "PIPOPIPETTE_SITE"
SITE_URL_LABEL = "play"  # [project.urls] Play = "https://...": the published site (labels compared in lower case)
MAX_LINK = 3600  # a four-board match on the largest board, with four players' names


@dataclass(frozen=True)
class Link:
    """An opened link: the game it holds and, for play by link, all it carries."""

    state: GameState
    friend: FriendGame | None = None

    @property
    def game_id(self) -> str | None:
        return None if self.friend is None else self.friend.game_id


# -- reading and writing links ----------------------------------------------------------------------------------
def fragment_of(text: str) -> str:
    """The part of a pasted link (or a bare code) after ``#``, percent-escapes undone, spaces trimmed."""
    text = text.strip()
    if "#" in text:
        text = text[text.index("#") + 1 :]
    return unquote(text).strip()


def parse_link(text: Any) -> Link:
    """Read a link, a fragment or a bare position code; raises :class:`LinkError` saying what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise LinkError(tr("This is not a game link: it is too long."))
    fragment = fragment_of(text)
    if not fragment:
        raise LinkError(tr("This link holds no game: nothing follows the '#'."))
    if fragment.startswith((FRIEND + ".", LEGACY + ".")):
        friend = read_friend(fragment)
        return Link(friend.state, friend)
    return Link(decode_link_code(fragment))


def position_link(site: str | None, state: GameState) -> str:
    return link_text(site, encode(state))


def link_text(site: str | None, fragment: str) -> str:
    """The link to give: the site's address with ``fragment`` after ``#``, or the fragment alone, a code to paste
    in Open a link, where no site is known."""
    return f"{site}#{fragment}" if site else fragment


def new_game_id(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(ID_LENGTH))


def site_address(page: Page | None) -> str | None:
    """Where links point: the browser ``page``'s address without its fragment; on the desktop (no page)
    ``$PIPOPIPETTE_SITE``, else the published site's (:func:`published_site`); None when no site is known."""
    if page is not None:
        address = page.address()  # (a page without a readable address still gives a code to paste)
        return None if address is None else address.split("#", 1)[0]
    return os.environ.get(SITE_VARIABLE, "").strip() or published_site()


def published_site() -> str | None:
    """The ``Play`` address of the installed package's metadata (``[project.urls]``), None when it has none."""
    try:
        urls = metadata.metadata("pipopipette").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, address = entry.partition(",")
        if label.strip().lower() == SITE_URL_LABEL and address.strip().startswith(("https://", "http://")):
            return address.strip()
    return None


def start_link(page: Page | None) -> str | None:
    """The link the browser page was opened with: ``location.hash``, else what pygbag put in ``sys.argv``."""
    if page is None:
        return None
    fragment = page.fragment()
    if fragment.strip("#").strip():
        return fragment
    for word in sys.argv[1:]:
        if looks_like_link(word):
            return word
    return None


class HashWatch:
    """Notices a link pasted into the address bar of the open ``page`` (only the ``#`` part changes, the page does
    not reload): :meth:`poll` returns the new fragment once, checking at most every ``every`` seconds."""

    def __init__(self, page: Page | None, every: float = 1.0) -> None:
        self.page = page
        self.every = every
        self.seen = page.fragment() if page is not None else ""
        self.next_check = 0.0

    def poll(self, now: float) -> str | None:
        if self.page is None or now < self.next_check:
            return None
        self.next_check = now + self.every
        current = self.page.fragment()
        if current == self.seen:
            return None
        self.seen = current
        return current if current.strip("#").strip() else None

    def taken(self) -> None:
        """The page put something in its own address (an online room's link, so a reload opens the room again): not a
        link to open."""
        self.seen = self.page.fragment() if self.page is not None else ""

    def used(self) -> None:
        """The link in the address was opened: it is taken out of the address (no new entry in the browser's
        history), so that reloading the page opens the game as it is now, not the link again."""
        if self.page is not None and self.seen.strip("#").strip():
            self.page.clear_fragment()
            self.seen = self.page.fragment()


def looks_like_link(word: str) -> bool:
    """True for text that is meant as a link or code (the rest of the command line is not ours to judge)."""
    fragment = fragment_of(word)
    kinds = (*(version + "." for version in CHECKS), FRIEND + ".", LEGACY + ".")
    return "#" in word or fragment.startswith(kinds)


# -- play by link ----------------------------------------------------------------------------------------------------
def friend_session(friend: FriendGame, games: LinkGames, base: Settings, rng: random.Random) -> Session:
    """The game a play-by-link link holds, played on here: this device's seats are those it played before and the
    one the link is for; :class:`LinkError` when it cannot be (see :meth:`LinkGames.refusal`). Kept under its id."""
    refusal = games.refusal(friend)
    if refusal is not None:
        raise LinkError(refusal)
    here = games.taking(friend)
    players = friend.players
    seat = friend.addressed
    if seat is not None and seat not in friend.taken and base.players:
        players = with_look(players, seat, base.players[0], friend.seats)
    first = friend.games[0]
    people = tuple(Seat("human") for _ in range(friend.seats))
    how = {"timer": friend.timer, "competitive": friend.competitive, "match": friend.match, "players": players}
    settings = position_settings(base, first, people, decider=False, **how)
    session = Session(settings, rng, first=first.first)
    played = [state.copy() for state in friend.games]
    session.match.resume([*played, *session.match.games[len(played) :]], len(played) - 1)
    session.take_match(session.match)
    session.unrated = True
    session.link_id = friend.game_id
    session.here, session.settled = here, len(friend.state.moves)
    games.remember(replace(friend, taken=friend.taken | here, players=players), here)
    return session


def send_move(session: Session, games: LinkGames, rng: random.Random) -> str:
    """The game so far as a play-by-link fragment, for whoever is to move; from now on this device plays only its
    own seats: those it played before, or, the first time, every seat that has moved here but the one to move."""
    if session.link_id is None:
        session.link_id = new_game_id(rng)
    here = session.here
    if here is None:
        moved = {seat for movers in session.movers for seat in movers}
        here = frozenset(moved - {session.state.to_move})
    _, kept = games.kept(session.link_id)
    settings = session.settings
    friend = FriendGame(
        session.link_id,
        tuple(session.games[: session.current + 1]),
        settings.timer,
        settings.competitive,
        settings.match,
        (kept.taken if kept is not None else frozenset()) | here,
        tuple(settings.players[: len(session.seats)]),
    )
    games.remember(friend, here)
    session.here, session.settled = here, len(session.state.moves)
    session.changed()  # (kept with its link id, played here on its own seats from now on)
    return friend_fragment(friend)


def plays_by_link(session: Session) -> bool:
    """Whether the game can be sent to friends far away, a turn at a time: people only, in a game (not a decider or
    a practice), or a game already played by link."""
    people = not any(seat.is_computer for seat in session.seats)
    return session.link_id is not None or (people and session.purpose == GAME and session.resumable)


# -- starting a game on a position --------------------------------------------------------------------------------
def position_settings(base: Settings, state: GameState, seats: tuple[Seat, ...], **how: Any) -> Settings:
    """Casual settings (no timer, no match, unless ``how`` says otherwise) for playing on from ``state`` with
    ``seats``."""
    board, rules = state.board, state.rules
    settings = base.with_(
        shape=board.kind,
        size=board.size,
        seats=seats,
        misere=rules.misere,
        no_extra=rules.no_extra,
        must_capture=rules.must_capture,
        start=rules.start,
        timer=0,
        match=False,
        first=state.first,
    ).with_(**how)
    problems = settings.problems()
    if problems:
        raise LinkError(tr("This game cannot be played on here: {why}.").format(why=problems[0]))
    return settings


def seats_for(base: Settings, players: int) -> tuple[Seat, ...]:
    """The player's usual seats when they fit the player count, else everyone human."""
    if len(base.seats) == players:
        return base.seats
    return tuple(Seat("human") for _ in range(players))


def position_session(settings: Settings, state: GameState, rng: random.Random) -> Session:
    """A session playing on from a copy of ``state``."""
    session = Session(settings, rng, first=state.first)
    game = state.copy()
    session.match.resume([game], 0)
    session.take_match(session.match)
    session.unrated = True  # it began on a given position
    return session
