"""Play by link with friends far away: the game travels as a link, one turn at a time, to whoever is to move, and
each device plays only its own seats (no pygame here).

A play-by-link link's fragment (after ``#``; every character URL-safe)::

    p.<id>.<play>.<taken>.<players>.<boards>.<check>.<code>~<code>

* ``id``: the game's id, 8 alphabet characters;
* ``play``: the move timer in seconds, then ``c`` for a competitive game and ``m`` for a match (``15c``, ``0m``);
* ``taken``: the seats some device has taken, as digits (``01``);
* ``players``: the players' chosen looks (colour, initial, name), URL-safe base64 of UTF-8 text (empty: none chosen);
* ``boards``: how many position codes follow: a match's boards so far, the last one in play;
* ``check``: two check characters (:func:`~game.core.notation.check_v2`) over everything before them;
* the boards' position codes, joined by ``~``.

The link is for the seat to move on its last board. A device that opens it plays that seat from then on, unless
another device took it first (the link went to the wrong person: refused, saying whose move it is). Links of the
first version, ``f.<id>.<moves>.<code>`` (two players, no timer, no names), still open: the seat to move is the
friend's, the other one the sender's.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core import TIMER_CHOICES, GameState, Match, encode
from ..core.notation import ALPHABET, check_v2
from ..core.numbers import whole_number
from .code_words import CHANGED, DAMAGED, LINK_PROBLEMS, NEWER, LinkError, decode_link_code
from .i18n import tr
from .players import COLOURS, INITIALS, Player, chosen, seat_looks
from .text import clean_name

LEGACY, FRIEND = "f", "p"
ID_LENGTH = 8
_ID = re.compile(f"[{re.escape(ALPHABET)}]{{{ID_LENGTH}}}")
_PLAY = re.compile(r"([0-9]{1,3})(c?)(m?)")
_TAKEN = re.compile(r"[0-3]{0,4}")
_BASE64 = re.compile(r"[A-Za-z0-9_-]*")
PLAYERS_TEXT = 200  # characters of the players' field at most: four names of 12 letters, each letter two bytes
LINK_GAMES_KEPT = 20
_COLOURS = tuple(COLOURS)


@dataclass(frozen=True)
class FriendGame:
    """What a play-by-link link holds: the game's boards so far (the last in play) and how it is played."""

    game_id: str
    games: tuple[GameState, ...]
    timer: int = 0
    competitive: bool = False
    match: bool = False
    taken: frozenset[int] = frozenset()
    players: tuple[Player, ...] = ()

    @property
    def state(self) -> GameState:
        return self.games[-1]

    @property
    def seats(self) -> int:
        return self.state.rules.players

    @property
    def addressed(self) -> int | None:
        """The seat the link is for: the one to move (None once the game is over)."""
        return None if self.state.over else self.state.to_move

    def names(self) -> list[str]:
        return [look.name for look in seat_looks([(False, "easy")] * self.seats, self.players)]

    def progress(self) -> tuple[int, int]:
        return len(self.games), len(self.state.moves)


# -- writing and reading ---------------------------------------------------------------------------------------------
def friend_fragment(game: FriendGame) -> str:
    play = f"{game.timer}{'c' if game.competitive else ''}{'m' if game.match else ''}"
    taken = "".join(str(seat) for seat in sorted(game.taken))
    body = ".".join((FRIEND, game.game_id, play, taken, players_text(game.players), str(len(game.games))))
    return f"{body}.{check_v2(body)}.{'~'.join(encode(state) for state in game.games)}"


def read_friend(fragment: str) -> FriendGame:
    """The game in a play-by-link fragment (this version's or the first); :class:`LinkError` saying why not."""
    if fragment.startswith(LEGACY + "."):
        return _read_legacy(fragment)
    parts = fragment.split(".", 7)
    if len(parts) != 8:
        raise LinkError(tr(LINK_PROBLEMS["incomplete"]))
    _, game_id, play, taken, players, count, check, codes = parts
    if check_v2(".".join(parts[:6])) != check:
        raise LinkError(tr(CHANGED))
    played = _PLAY.fullmatch(play)
    if played is None or int(played[1]) not in TIMER_CHOICES:
        raise LinkError(tr(NEWER))
    if not _ID.fullmatch(game_id) or whole_number(count) is None or not _TAKEN.fullmatch(taken):
        raise LinkError(tr(DAMAGED))
    games = tuple(decode_link_code(code) for code in codes.split("~"))
    if len(games) != whole_number(count):
        raise LinkError(tr(LINK_PROBLEMS["incomplete"]))
    seats = games[0].rules.players
    claimed = frozenset(int(seat) for seat in taken)
    if len(claimed) != len(taken) or any(seat >= seats for seat in claimed):
        raise LinkError(tr(DAMAGED))
    match = bool(played[3])
    _check_boards(games, seats if match else 1)
    timer, competitive = int(played[1]), bool(played[2])
    return FriendGame(game_id, games, timer, competitive, match, claimed, players_of(players, seats))


def _read_legacy(fragment: str) -> FriendGame:
    parts = fragment.split(".", 3)
    if len(parts) != 4 or not _ID.fullmatch(parts[1]) or whole_number(parts[2]) is None:
        raise LinkError(tr("This play-by-link link is damaged: its game id or move count cannot be read."))
    _, game_id, count, code = parts
    state = decode_link_code(code)
    if whole_number(count) != len(state.moves):
        raise LinkError(
            tr("This link was cut or changed: it says {n} moves but holds {held}. Ask for it again.").format(
                n=count, held=len(state.moves)
            )
        )
    sender = frozenset(seat for seat in range(state.rules.players) if seat != state.to_move)
    return FriendGame(game_id, (state,), taken=sender)


def _check_boards(games: tuple[GameState, ...], boards: int) -> None:
    """The boards are one match's, every one but the last finished; else :class:`LinkError` (damaged)."""
    first = games[0]
    match = Match(first.board, first.rules, first.first, boards)
    try:
        match.resume([*games, *match.games[len(games) :]], len(games) - 1)
    except ValueError:
        raise LinkError(tr(DAMAGED)) from None
    if any(not state.over for state in games[:-1]):
        raise LinkError(tr(DAMAGED))


def players_text(players: Iterable[Player]) -> str:
    """The chosen looks as the link's players field: ``<colour><initial><name>`` per seat, joined by ``/`` (``-``
    for a colour or initial not chosen), in URL-safe base64."""
    entries = [
        (str(_COLOURS.index(p.colour)) if p.colour in COLOURS else "-") + (p.initial or "-") + p.name for p in players
    ]
    if all(entry == "--" for entry in entries):
        return ""
    return base64.urlsafe_b64encode("/".join(entries).encode()).decode("ascii").rstrip("=")


def players_of(text: str, seats: int) -> tuple[Player, ...]:
    """The players' looks from a link, through the gate for outside text: a name, initial or colour this game would
    not let a player choose is left out (the seat's own is shown), as is one that another player already has."""
    if not text:
        return ()
    if len(text) > PLAYERS_TEXT or not _BASE64.fullmatch(text):
        raise LinkError(tr(DAMAGED))
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise LinkError(tr(DAMAGED)) from None
    players: list[Player] = []
    for entry in raw.split("/")[:seats]:
        players.append(_player(entry, players))
    return tuple(players)


def _player(entry: str, before: list[Player]) -> Player:
    index = whole_number(entry[:1], 0, len(_COLOURS) - 1)
    colour = "" if index is None else _COLOURS[index]
    initial = entry[1:2] if entry[1:2] in INITIALS else ""
    name = clean_name(entry[2:])
    if colour in {p.colour for p in before}:
        colour = ""
    if initial in {p.initial for p in before}:
        initial = ""
    return Player(name if not Player(name).problems(1) else "", initial, colour)


def with_look(players: tuple[Player, ...], seat: int, mine: Player, seats: int) -> tuple[Player, ...]:
    """``players`` with ``mine`` (this device's first player's look) at ``seat``, a seat just taken here whose
    player chose nothing; a colour or initial another player has is left out."""
    players = chosen(players, seats)
    if players[seat] != Player():
        return players
    others = [p for index, p in enumerate(players) if index != seat]
    colour = "" if mine.colour in {p.colour for p in others} else mine.colour
    initial = "" if mine.initial in {p.initial for p in others} else mine.initial
    return (*players[:seat], Player(mine.name, initial, colour), *players[seat + 1 :])


# -- the games this device plays by link -------------------------------------------------------------------------------
class LinkGames:
    """The games this device plays by link, kept by ``saved`` (the app's :class:`~game.storage.Saved`) under storage's
    ``link-games`` key: game id -> ``<seats played here>:<the latest link's fragment>``, sent or opened. (The first
    version kept the position code alone: the seats played here are then not known.)"""

    def __init__(self, saved: Any) -> None:
        self.saved = saved
        kept = saved.link_games() or {}
        self.games: dict[str, str] = {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, str)}

    def kept(self, game_id: str) -> tuple[frozenset[int] | None, FriendGame | None]:
        """The seats played here (None: not known) and the game as last sent or opened (None: not known)."""
        entry = self.games.get(game_id)
        if entry is None:
            return frozenset(), None
        here, mark, fragment = entry.partition(":")
        try:
            if not mark:  # (the first version's: a position code)
                return None, FriendGame(game_id, (decode_link_code(entry),))
            return frozenset(int(seat) for seat in here if seat in "0123"), read_friend(fragment)
        except LinkError:
            return None, None  # a kept game that no longer reads cannot be continued: the link starts afresh

    def refusal(self, game: FriendGame) -> str | None:
        """Why ``game`` cannot be opened here: it does not continue the game kept under its id, or it is another
        device's seat to move. None when it can."""
        here, kept = self.kept(game.game_id)
        if kept is not None:
            why = continuity(kept, game, here is not None)
            if why is not None:
                return why
        seat = game.addressed
        if seat is None or seat not in game.taken or (here is not None and seat in here):
            return None
        if here is None and kept is not None:
            return None  # (the first version did not say which seats were played here)
        return tr(
            "This link is for {name}'s move, and {name} plays on another device: send it to them. "
            "Your own turn comes in their next link."
        ).format(name=game.names()[seat])

    def taking(self, game: FriendGame) -> frozenset[int]:
        """The seats played here once ``game`` is opened here: those already, and the seat it is for."""
        here, _ = self.kept(game.game_id)
        seats = here or frozenset()
        seat = game.addressed
        return seats if seat is None else seats | {seat}

    def remember(self, game: FriendGame, here: frozenset[int]) -> None:
        self.games.pop(game.game_id, None)
        self.games[game.game_id] = "".join(str(seat) for seat in sorted(here)) + ":" + friend_fragment(game)
        while len(self.games) > LINK_GAMES_KEPT:
            self.games.pop(next(iter(self.games)))
        self.saved.save_link_games(self.games)

    def seated(self, game_id: str, board: int, moves: int) -> tuple[frozenset[int], int] | None:
        """For a game played by link resumed from the device (its board in play and that board's ``moves``): the
        seats played here and the moves already sent or received (which undo never takes back); None when not
        known."""
        here, kept = self.kept(game_id)
        if kept is None or here is None:
            return None
        settled = min(len(kept.state.moves), moves) if len(kept.games) - 1 == board else 0
        return here, settled


def continuity(kept: FriendGame, game: FriendGame, how: bool = True) -> str | None:
    """Why ``game`` does not continue ``kept`` (the same game as this device last sent or opened), or None; ``how``
    compares how they are played too (timer, competitive, match: the first version's kept games did not say)."""
    first, theirs = kept.games[0], game.games[0]
    played = (kept.timer, kept.competitive, kept.match) == (game.timer, game.competitive, game.match)
    if (first.board, first.rules, first.first) != (theirs.board, theirs.rules, theirs.first) or (how and not played):
        return tr("This link does not continue your game with this friend: it is a different board or rules.")
    if game.progress() < kept.progress():
        return tr(
            "This link is older than your game: it stops after move {n}, yours goes on to move {kept}. "
            "Ask your friend for their latest link."
        ).format(n=sum(len(g.moves) for g in game.games), kept=sum(len(g.moves) for g in kept.games))
    number = 0
    for mine, their in zip(kept.games, game.games, strict=False):
        for line, other in zip(mine.moves, their.moves, strict=False):
            number += 1
            if line != other:
                return tr("This link does not continue your game: move {n} is not the one you played.").format(n=number)
        if len(their.moves) < len(mine.moves):  # (an earlier board that ended otherwise)
            return tr("This link does not continue your game: move {n} is not the one you played.").format(n=number + 1)
    return None
