"""The handshake: both devices send a ``hello`` with their view of the room, and both agree on one game from the
two hellos by the same rule, so they agree without a third message.

The rule (:func:`agree`), for a first connection and for a reconnection alike:
* the room's newest game wins (a rematch one device started while the connection was dropping);
* within the same game, the longer move list wins when the shorter one is where it came from (one device saw moves
  the other had not received, or lost them in a reload); when they disagree otherwise, the host's list wins;
* every move of the list chosen is replayed by the rules core: an illegal one refuses the whole hello;
* each device's players fill its own seats (:func:`game.play.online.room_setup.seat_players`);
* a resignation either device knows of for that game stands.
The host's move timer goes on from where the host's clock was when its own list was chosen; otherwise it restarts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import IllegalMove, Match
from ..i18n import tr
from .protocol import HOST, VERSION, Refusal, message
from .room_setup import RoomSetup, SeatPlayer, players_from_data, seat_players, setup_from_data


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

    def text(self, room_id: str) -> str:
        return message(
            "hello", v=VERSION, room=room_id, role=self.role, game=self.game,
            setup=self.setup.to_data() if self.setup else None,
            players=[p.to_data() for p in self.players], moves=self.moves, clock=self.clock, resigned=self.resigned,
        )  # fmt: skip


def hello_from_message(data: dict[str, Any]) -> Hello:
    """The hello in a parsed message, its setup and players checked; raises :class:`Refusal`."""
    setup = None if data["setup"] is None else setup_from_data(data["setup"])
    if data["role"] == HOST and setup is None:
        raise Refusal(tr("the other device proposed a game this one cannot play"), "a host's hello with no setup")
    players = players_from_data(data["players"])
    return Hello(data["role"], data["game"], setup, players, data["moves"], data["clock"], data["resigned"])


@dataclass
class Agreed:
    """The game both devices play after a handshake."""

    game: int
    setup: RoomSetup
    match: Match
    players: list[SeatPlayer]
    clock: int  # milliseconds left on the move in play, or -1 to restart the timer
    resigned: str  # the role that resigned the game ("" for nobody)


def agree(host: Hello, guest: Hello) -> Agreed:
    """The game both devices play; raises :class:`Refusal` when the chosen move list does not replay."""
    assert host.setup is not None, "a host always has a setup"
    if guest.setup is not None and guest.game > host.game:
        game, setup, moves, clock = guest.game, guest.setup, guest.moves, -1
    elif guest.setup is None or guest.game < host.game or guest.setup != host.setup:
        game, setup, moves, clock = host.game, host.setup, host.moves, host.clock
    elif len(guest.moves) > len(host.moves) and guest.moves[: len(host.moves)] == host.moves:
        game, setup, moves, clock = guest.game, guest.setup, guest.moves, -1
    else:
        game, setup, moves, clock = host.game, host.setup, host.moves, host.clock
    players = seat_players(setup, host.players, guest.players)
    resigned = next((h.resigned for h in (host, guest) if h.game == game and h.setup == setup and h.resigned), "")
    return Agreed(game, setup, replay(setup, moves), players, clock, resigned)


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
