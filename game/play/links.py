"""Share links and play by link: the site's address with a position code in the fragment (no pygame here).

Fragments (after ``#``; every character is URL-safe, see ``docs/position-code.md``)::

    #2.s3x3.2.0.AHGbc.Kq              a position, or a finished game: its position code
    #f.Kq3xZ0a_.5.2.s3x3.2.0.AHGbc.Kq play by link: "f", the game's id, its number of moves, its position code

Opening a position starts a game on it; opening a finished game opens its review. A play-by-link link must
continue the game this device already has under the same id (``LinkGames``, saved under storage's ``link-games``
key), else it is refused with the reason.
"""

from __future__ import annotations

import os
import random
import re
import sys
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from ..core import CodeError, GameState, decode, encode
from ..core.notation import ALPHABET, CHECKS, is_number
from .code_words import link_problem
from .i18n import tr
from .session import Session
from .settings import Seat, Settings

FRIEND = "f"
ID_LENGTH = 8
_ID = re.compile(f"[{re.escape(ALPHABET)}]{{{ID_LENGTH}}}")
LINK_GAMES_KEPT = 20
DEFAULT_SITE = "http://localhost:8000/"  # what `make serve` serves; PIPOPIPETTE_SITE names the real address
MAX_LINK = 2200


class LinkError(ValueError):
    """A link or code that cannot be opened; the message says why, for the player."""


@dataclass(frozen=True)
class Link:
    """An opened link: the game it holds and, for play by link, the game's id."""

    state: GameState
    game_id: str | None = None


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
    if fragment.startswith(FRIEND + "."):
        return _friend_link(fragment)
    return Link(_decode(fragment))


def _friend_link(fragment: str) -> Link:
    parts = fragment.split(".", 3)
    if len(parts) != 4 or not _ID.fullmatch(parts[1]) or not is_number(parts[2]):
        raise LinkError(tr("This play-by-link link is damaged: its game id or move count cannot be read."))
    _, game_id, count, code = parts
    state = _decode(code)
    if int(count) != len(state.moves):
        raise LinkError(
            tr("This link was cut or changed: it says {n} moves but holds {held}. Ask for it again.").format(
                n=count, held=len(state.moves)
            )
        )
    return Link(state, game_id)


def _decode(code: str) -> GameState:
    try:
        return decode(code)
    except CodeError as error:
        raise LinkError(link_problem(error)) from None


def position_link(site: str, state: GameState) -> str:
    return f"{site}#{encode(state)}"


def friend_link(site: str, state: GameState, game_id: str) -> str:
    return f"{site}#{FRIEND}.{game_id}.{len(state.moves)}.{encode(state)}"


def new_game_id(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(ID_LENGTH))


def site_address(browser: bool) -> str:
    """The page's address without its fragment in the browser; on the desktop $PIPOPIPETTE_SITE or the default."""
    if browser:
        try:
            import platform

            location = platform.window.location  # type: ignore[attr-defined]  # pygbag's, in the browser only
            address = str(location.href)
            return address.split("#", 1)[0]
        except Exception:  # noqa: BLE001 - a page without a readable address still gets a usable link
            return DEFAULT_SITE
    return os.environ.get("PIPOPIPETTE_SITE", DEFAULT_SITE)


def start_link(browser: bool) -> str | None:
    """The link the browser page was opened with: ``location.hash``, else what pygbag put in ``sys.argv``."""
    if not browser:
        return None
    fragment = page_hash()
    if fragment.strip("#").strip():
        return fragment
    for word in sys.argv[1:]:
        if looks_like_link(word):
            return word
    return None


def page_hash() -> str:
    """The browser page's ``location.hash`` ("" when there is none or it cannot be read)."""
    try:
        import platform

        return str(platform.window.location.hash or "")  # type: ignore[attr-defined]  # the browser's
    except Exception:  # noqa: BLE001 - no readable location
        return ""


def clear_page_hash() -> None:
    """Take the link out of the page's address once it has been opened (``history.replaceState``: no new entry in
    the browser's history), so that reloading the page opens the game as it is now, not the link again."""
    try:
        import platform

        window = platform.window  # type: ignore[attr-defined]  # pygbag's, in the browser only
        place = f"{window.location.pathname}{window.location.search}"
        window.history.replaceState(None, "", place)
    except Exception:  # noqa: BLE001 - a page whose address cannot be changed keeps it: nothing else is lost
        return


class HashWatch:
    """Notices a link pasted into the address bar of the open page (only the ``#`` part changes, the page does not
    reload): :meth:`poll` returns the new fragment once, checking at most every ``every`` seconds."""

    def __init__(self, browser: bool, every: float = 1.0) -> None:
        self.browser = browser
        self.every = every
        self.seen = page_hash() if browser else ""
        self.next_check = 0.0

    def poll(self, now: float) -> str | None:
        if not self.browser or now < self.next_check:
            return None
        self.next_check = now + self.every
        current = page_hash()
        if current == self.seen:
            return None
        self.seen = current
        return current if current.strip("#").strip() else None

    def used(self) -> None:
        """The link in the address was opened: it is taken out of the address (see :func:`clear_page_hash`)."""
        if self.browser and self.seen.strip("#").strip():
            clear_page_hash()
            self.seen = page_hash()


def looks_like_link(word: str) -> bool:
    """True for text that is meant as a link or code (the rest of the command line is not ours to judge)."""
    fragment = fragment_of(word)
    return "#" in word or fragment.startswith((*(version + "." for version in CHECKS), FRIEND + "."))


# -- play by link -------------------------------------------------------------------------------------------------
class LinkGames:
    """The games this device plays by link: id -> position code of the latest version seen or sent, kept by
    ``saved`` (the app's :class:`~game.storage.Saved`)."""

    def __init__(self, saved: Any) -> None:
        self.saved = saved
        kept = saved.link_games() or {}
        self.games: dict[str, str] = {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, str)}

    def refusal(self, link: Link) -> str | None:
        """Why ``link`` does not continue the game kept under its id (None when it does, or the id is new)."""
        assert link.game_id is not None
        kept_code = self.games.get(link.game_id)
        if kept_code is None:
            return None
        try:
            kept = decode(kept_code)
        except CodeError:
            return None  # a kept code that no longer reads cannot be continued: the link starts afresh
        state = link.state
        if (kept.board, kept.rules, kept.first) != (state.board, state.rules, state.first):
            return tr("This link does not continue your game with this friend: it is a different board or rules.")
        if len(state.moves) < len(kept.moves):
            return tr(
                "This link is older than your game: it has {n} moves, yours has {kept}. "
                "Ask your friend for their latest link."
            ).format(n=len(state.moves), kept=len(kept.moves))
        for number, (mine, theirs) in enumerate(zip(kept.moves, state.moves, strict=False), 1):
            if mine != theirs:
                return tr("This link does not continue your game: move {n} is not the one you played.").format(n=number)
        return None

    def remember(self, game_id: str, state: GameState) -> None:
        self.games.pop(game_id, None)
        self.games[game_id] = encode(state)
        while len(self.games) > LINK_GAMES_KEPT:
            self.games.pop(next(iter(self.games)))
        self.saved.save_link_games(self.games)


# -- starting a game on a position --------------------------------------------------------------------------------
def position_settings(base: Settings, state: GameState, seats: tuple[Seat, ...]) -> Settings:
    """Casual settings (no timer, no match) for playing on from ``state`` with ``seats``."""
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
    )
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
    session.movers = [game.drawers()]
    session.unrated = True  # it began on a given position
    return session
