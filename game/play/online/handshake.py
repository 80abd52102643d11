"""The handshake: both devices send a ``hello`` with their view of the room, both agree on one game from the two
hellos by the same rule, and each device then vouches for its own seats before it plays on.

The rule (:func:`agree`), for a first connection and for a reconnection alike:
* the room's newest game wins (a rematch one device started while the connection was dropping);
* within the same game, the longer move list wins when the shorter one is where it came from (one device saw moves
  the other had not received, or lost them in a reload); when they disagree otherwise, the host's list wins;
* every move of the list chosen is replayed by the rules core: an illegal one refuses the whole hello;
* each device's players fill its own seats (:func:`game.play.online.room_setup.seat_players`);
* a device's resignation stands when its own hello says so, or when it holds no record of the game (a page
  reloaded) and the other device's hello says so.
The host's move timer goes on from where the host's clock was when its own list was chosen; otherwise it restarts.

Each device referees its own seats (:func:`vouch`): the game agreed on must be the one this device holds, with its
board and rules, or the next game once this device asked for a rematch; it may only add moves of the other device's
seats to what this device holds, never take back or add a move of this device's seats, except the one line the
host's clock drew for a seat of the guest whose time, as the guest's own watch saw it, had run out. A device with
no record of the game (a guest's page reloaded) has nothing of its own to keep and takes the game as agreed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core import IllegalMove, Match
from ..i18n import tr
from .protocol import GUEST, HOST, MAX_GAMES, VERSION, Refusal, message
from .room_setup import RoomSetup, SeatPlayer, other, players_from_data, seat_players, setup_from_data

GRACE = 2.0  # seconds: how early, by this device's own watch, the host's clock may draw for one of its seats


@dataclass(frozen=True)
class Hello:
    """One device's view of the room. ``setup`` is None for a guest joining for the first time; ``clock`` is the
    host's milliseconds left on the move in play (-1: no timer, or a guest)."""

    role: str
    game: int
    setup: RoomSetup | None
    players: list[SeatPlayer]
    moves: list[int]
    clock: int = -1
    resigned: str = ""  # the role that resigned this game ("" for nobody)
    timeouts: frozenset[int] = frozenset()  # which of ``moves`` the host's clock drew

    def text(self, room_id: str) -> str:
        return message(
            "hello", v=VERSION, room=room_id, role=self.role, game=self.game,
            setup=self.setup.to_data() if self.setup else None, players=[p.to_data() for p in self.players],
            moves=self.moves, timeouts=sorted(self.timeouts), clock=self.clock, resigned=self.resigned,
        )  # fmt: skip

    def holds(self, game: int, setup: RoomSetup) -> bool:
        """True when this hello is about ``game`` with ``setup``."""
        return self.game == game and self.setup == setup


def hello_from_message(data: dict[str, Any]) -> Hello:
    """The hello in a parsed message, its setup and players checked; raises :class:`Refusal`."""
    setup = None if data["setup"] is None else setup_from_data(data["setup"])
    if data["role"] == HOST and setup is None:
        raise Refusal(tr("the other device proposed a game this one cannot play"), "a host's hello with no setup")
    players = players_from_data(data["players"])
    timeouts = frozenset(data["timeouts"])
    return Hello(data["role"], data["game"], setup, players, data["moves"], data["clock"], data["resigned"], timeouts)


@dataclass
class Agreed:
    """The game both devices play after a handshake."""

    game: int
    setup: RoomSetup
    match: Match
    players: list[SeatPlayer]
    clock: int  # milliseconds left on the move in play, or -1 to restart the timer
    resigned: str  # the role that resigned the game ("" for nobody)
    timeouts: frozenset[int] = frozenset()  # which moves the host's clock drew

    def moves(self) -> list[int]:
        return all_moves(self.match)


def agree(host: Hello, guest: Hello) -> Agreed:
    """The game both devices play; raises :class:`Refusal` when the chosen move list does not replay."""
    assert host.setup is not None, "a host always has a setup"
    if guest.setup is not None and guest.game > host.game:
        chosen, clock = guest, -1
    elif guest.setup is None or guest.game < host.game or guest.setup != host.setup:
        chosen, clock = host, host.clock
    elif len(guest.moves) > len(host.moves) and guest.moves[: len(host.moves)] == host.moves:
        chosen, clock = guest, -1
    else:
        chosen, clock = host, host.clock
    game, setup, moves = chosen.game, chosen.setup, chosen.moves
    assert setup is not None
    players = seat_players(setup, host.players, guest.players)
    resigned = _resigned(game, setup, {HOST: host, GUEST: guest})
    timeouts = frozenset(n for n in chosen.timeouts if n < len(moves))
    return Agreed(game, setup, replay(setup, moves), players, clock, resigned, timeouts)


def _resigned(game: int, setup: RoomSetup, hellos: dict[str, Hello]) -> str:
    """Who resigned ``game``: a device that says so of itself, or one with no record of the game whose resignation
    the other device holds. No device can resign for the other."""
    for role, hello in hellos.items():
        theirs = hellos[other(role)]
        if hello.holds(game, setup) and hello.resigned == role:
            return role
        if not hello.holds(game, setup) and theirs.holds(game, setup) and theirs.resigned == role:
            return role
    return ""


@dataclass(frozen=True)
class Own:
    """What this device vouches for (:func:`vouch`): its own ``hello``, the next game it asked for (the setup of a
    rematch or a decider; None when it asked for none), and its own watch: the seconds it had left for the move at
    each index of the move list, for its own moves played (kept when they were played) and for the move in play."""

    hello: Hello
    rematch: RoomSetup | None = None
    left: Mapping[int, float] = field(default_factory=dict)


def vouch(role: str, own: Own, agreed: Agreed) -> None:
    """Refuse (:class:`Refusal`) a game agreed on that changes what ``role``'s device holds of its own seats: another
    game it did not ask for, another board or rules, a move of its seats added or taken back (except a timeout the
    host's clock drew when the guest's own watch had run out), or a resignation it did not make."""
    mine = own.hello
    if mine.setup is None:
        return  # a page with no game: nothing of its own to keep
    if agreed.game != mine.game:
        if not (own.rematch is not None and agreed.game == mine.game + 1 <= MAX_GAMES and agreed.setup == own.rematch):
            raise Refusal(tr("the other device started another game without this one agreeing"), str(agreed.game))
        held: list[int] = []
    elif agreed.setup != mine.setup:
        raise Refusal(tr("the other device changed the board or the rules of the game in progress"))
    else:
        held = mine.moves
    if agreed.resigned == role and not (mine.holds(agreed.game, agreed.setup) and mine.resigned == role):
        raise Refusal(tr("the other device says you resigned, and you did not"))
    _vouch_moves(role, own, agreed, held)


def _vouch_moves(role: str, own: Own, agreed: Agreed, held: list[int]) -> None:
    moves = agreed.moves()
    common = next((n for n, (a, b) in enumerate(zip(held, moves, strict=False)) if a != b), min(len(held), len(moves)))
    mine = set(agreed.setup.seats_of(role))
    drawers = [seat for game in agreed.match.games for seat in game.drawers()]
    held_drawers = [seat for game in replay(agreed.setup, held).games for seat in game.drawers()]
    taken = held_drawers[common:]
    if taken and not (all(seat in mine for seat in taken) and len(moves) > common and drawers[common] in mine):
        raise Refusal(tr("the other device's game takes back moves already played"), f"from move {common + 1}")
    for number in range(common, len(moves)):
        if drawers[number] in mine and not _timed_out(role, own, agreed, number, first=number == common):
            raise Refusal(tr("the other device's game has a move of yours you did not play"), f"move {number + 1}")


def _timed_out(role: str, own: Own, agreed: Agreed, number: int, first: bool) -> bool:
    """True when move ``number`` of the agreed game, one of this device's seats, is the host's timeout for a seat of
    this guest whose time was up by its own watch (the first move this device does not hold, only)."""
    left = own.left.get(number, float("inf"))
    return role == GUEST and first and agreed.setup.timer > 0 and number in agreed.timeouts and left <= GRACE


def replay(setup: RoomSetup, moves: list[int]) -> Match:
    """The match after ``moves`` (every board's lines one after another); raises :class:`Refusal` on a bad move."""
    match = setup.new_match()
    for number, line in enumerate(moves, 1):
        try:
            if match.over:
                raise IllegalMove("the match is already over")
            match.game.play(line)
        except IllegalMove as error:
            why = tr("the other device's game cannot be replayed here (move {n} is illegal)").format(n=number)
            raise Refusal(why, str(error)) from None
        match.next_board()
    return match


def all_moves(match: Match) -> list[int]:
    return [line for game in match.games for line in game.moves]


def for_role(role: str, mine: Hello, theirs: Hello) -> tuple[Hello, Hello]:
    """(host's hello, guest's hello) from this device's and the other's."""
    if theirs.role == role:
        why = tr("both devices opened the room the same way: one must invite, the other answer")
        raise Refusal(why, f"two hellos from role {role}")
    return (mine, theirs) if role == HOST else (theirs, mine)
