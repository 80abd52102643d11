"""What a room plays: the board, the rules, the timer, the match, and which device plays each seat, with each seat's
player (name, initial, colour; person or computer). No pygame here.

The host chooses the setup; each device chooses the players of its own seats. Both travel in every ``hello``, and
both devices read them back with the same checks (:func:`setup_from_data`, :func:`players_from_data`), so a setup
or a player that one device would refuse is refused by both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ...ai import LEVELS
from ...core import TIMER_CHOICES, Board, CodeError, Match, Rules, RulesError
from ...core.notation import board_token, parse_board_token, parse_rules_token, rules_token
from ...core.shapes import SHAPES
from ..i18n import tr
from ..players import Look, Player, choice_problems, seat_looks
from ..settings import SEAT_KINDS
from .protocol import GUEST, HOST, Refusal

_OWNERS = re.compile("[hg]{2,4}")


def other(role: str) -> str:
    return GUEST if role == HOST else HOST


@dataclass(frozen=True)
class RoomSetup:
    """The game of a room. ``owners`` has one letter per seat: ``h`` the host's device plays it, ``g`` the guest's.

    ``boards`` is the number of boards in the match (1: a single game). Undo exists only in casual games: never with
    ``competitive``, a move timer or a match, as in a game on one device. ``decider``: a two-player tie goes on to
    a decider, agreed before play (rules sheet 003); ``deciding``: this game is the decider after a tie."""

    board: Board
    rules: Rules
    owners: str = "hg"
    first: int = 0
    boards: int = 1
    timer: int = 0
    competitive: bool = False
    decider: bool = False
    deciding: bool = False

    @property
    def no_undo(self) -> bool:
        return self.competitive or self.timer > 0 or self.boards > 1

    def seats_of(self, role: str) -> list[int]:
        return [seat for seat, owner in enumerate(self.owners) if owner == role]

    def new_match(self) -> Match:
        return Match(self.board, self.rules, self.first, self.boards)

    def rematch(self) -> RoomSetup:
        """The next game: every seat's device moves one seat on (the last seat's starts), so with two players the
        seats are swapped."""
        return replace(self, owners=self.owners[-1] + self.owners[:-1], deciding=False)

    def decider_game(self, first: int) -> RoomSetup:
        """The decider after a tie (rules sheet 003): one board of the same shape with an odd number of cells, so two
        players cannot tie again, started by ``first`` (the player who did not start the last board); the seats
        stay where they were."""
        shape = SHAPES[self.board.kind]
        board = Board.from_spec(self.board.kind, shape.decider_size(self.board.size))
        return replace(self, board=board, first=first, boards=1, deciding=True)

    def to_data(self) -> dict[str, Any]:
        return {
            "board": board_token(self.board),
            "rules": rules_token(self.rules),
            "owners": self.owners,
            "first": self.first,
            "boards": self.boards,
            "timer": self.timer,
            "competitive": self.competitive,
            "decider": self.decider,
            "deciding": self.deciding,
        }


def _cannot(detail: str) -> Refusal:
    return Refusal(tr("the other device proposed a game this one cannot play"), detail)


def setup_from_data(data: Any) -> RoomSetup:
    """A checked :class:`RoomSetup`; raises :class:`Refusal` saying why it cannot be played."""
    names = {"board", "rules", "owners", "first", "boards", "timer", "competitive", "decider", "deciding"}
    if not isinstance(data, dict) or set(data) != names:
        raise _cannot(f"setup fields {sorted(data) if isinstance(data, dict) else type(data).__name__}")
    try:
        board = parse_board_token(data["board"]) if isinstance(data["board"], str) else None
        rules = parse_rules_token(data["rules"]) if isinstance(data["rules"], str) else None
        if board is None or rules is None:
            raise _cannot("board or rules not text")
        rules.check(board)
    except (CodeError, RulesError) as error:
        raise _cannot(str(error)) from None
    owners, first, boards, timer, competitive = (data[k] for k in ("owners", "first", "boards", "timer", "competitive"))
    if not (isinstance(owners, str) and _OWNERS.fullmatch(owners) and len(owners) == rules.players):
        raise _cannot(f"owners {str(owners)[:8]!r}")
    if set(owners) != {HOST, GUEST}:
        raise _cannot("one device plays every seat")
    for value, values in ((first, range(rules.players)), (boards, range(1, 5)), (timer, TIMER_CHOICES)):
        if isinstance(value, bool) or not isinstance(value, int) or value not in values:
            raise _cannot(f"first, boards or timer {value!r}")
    flags = (competitive, data["decider"], data["deciding"])
    if not all(isinstance(flag, bool) for flag in flags):
        raise _cannot("competitive, decider or deciding")
    if (data["decider"] or data["deciding"]) and rules.players != 2:
        raise _cannot("a decider for more than two players")
    return RoomSetup(board, rules, owners, first, boards, timer, *flags)


# -- players --------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatPlayer:
    """Who plays a seat, as its device describes it: a person (with the look they chose) or a computer."""

    player: Player = Player()
    kind: str = "human"
    level: str = "easy"

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_data(self) -> dict[str, str]:
        return {**self.player.to_data(), "kind": self.kind, "level": self.level}


def players_from_data(data: list[Any]) -> list[SeatPlayer]:
    """Checked players (the hello's ``players``); raises :class:`Refusal`."""
    found = []
    for number, item in enumerate(data, 1):
        names = {"name", "initial", "colour", "kind", "level"}
        if not isinstance(item, dict) or set(item) != names or not all(isinstance(v, str) for v in item.values()):
            raise Refusal(tr("the other device described its players wrongly"), f"player {number}")
        player = Player(item["name"], item["initial"], item["colour"])
        if player.problems(number) or item["kind"] not in SEAT_KINDS or item["level"] not in LEVELS:
            raise Refusal(tr("the other device described its players wrongly"), f"player {number}: {item}")
        found.append(SeatPlayer(player, item["kind"], item["level"]))
    clashes = choice_problems(tuple(p.player for p in found), len(found))
    if clashes:
        raise Refusal(tr("the other device described its players wrongly"), clashes[0])
    return found


def seat_players(setup: RoomSetup, host: list[SeatPlayer], guest: list[SeatPlayer]) -> list[SeatPlayer]:
    """Every seat's player: each device's players fill its seats in order (a person with no chosen look when it gave
    too few). The host's choices stand; a guest's colour or initial already taken is dropped (the seat's default is
    drawn instead), the same way on both devices."""
    queues = {HOST: list(host), GUEST: list(guest)}
    seats = [queues[owner].pop(0) if queues[owner] else SeatPlayer() for owner in setup.owners]
    taken_colours = {seats[s].player.colour for s in setup.seats_of(HOST)} - {""}
    taken_initials = {seats[s].player.initial for s in setup.seats_of(HOST)} - {""}
    for seat in setup.seats_of(GUEST):
        chosen = seats[seat].player
        colour = "" if chosen.colour in taken_colours else chosen.colour
        initial = "" if chosen.initial in taken_initials else chosen.initial
        seats[seat] = SeatPlayer(Player(chosen.name, initial, colour), seats[seat].kind, seats[seat].level)
        taken_colours.add(colour)
        taken_initials.add(initial)
    return seats


def looks(players: list[SeatPlayer]) -> list[Look]:
    """How each seat is drawn, by the same lookup as a game on one device (:func:`game.play.players.seat_looks`)."""
    return seat_looks([(p.is_computer, p.level) for p in players], tuple(p.player for p in players))
