"""The game a room plays, as both devices hold it: the match, who plays each seat, the move timer, the undo asked
for, the rematch wanted, who resigned. No messages here (:mod:`game.play.online.room` carries them); every change
goes through the rules core, so what this holds is always a legal game.

Beside the move timer it shows (which the guest sets to the host's clock), each device keeps its own ``watch`` of
the move in play, which only its own frames run, and notes what that watch had left at each move of its own seats:
the host's clock may draw for a guest's seat only when the guest's own watch had run out too (within
:data:`~game.play.online.handshake.GRACE`).

On a device where the game is played (:class:`game.play.online.game.OnlineGame`), the match is the match
controller's own: the table draws an accepted line, takes moves back and goes back in time through the controller
(:attr:`Table.draw`, :attr:`Table.take_back_to`, :attr:`Table.rewound`), so there is one copy of the game. Alone
(a room in the lobby, in the tests) it draws through the rules core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core import GameState, MoveTimer
from ..i18n import tr
from ..players import Look
from .handshake import GRACE, Agreed, Hello, Own, all_moves, replay
from .protocol import GUEST, HOST, Refusal
from .room_setup import RoomSetup, SeatPlayer, looks, other, seat_players


@dataclass(frozen=True)
class UndoAsk:
    """An undo asked for and not yet answered: ``by`` asked to take ``board`` back to ``ply`` moves (it had
    ``at``), taking back ``lines``: its own last turn."""

    by: str
    board: int
    ply: int
    at: int
    lines: tuple[int, ...]

    def fields(self) -> dict[str, Any]:
        return {"board": self.board, "ply": self.ply, "at": self.at, "lines": list(self.lines)}


class Table:
    """The room's game on one device (``role`` is this device's)."""

    def __init__(self, role: str, setup: RoomSetup, players: dict[str, list[SeatPlayer]], game: int = 0) -> None:
        self.role = role
        self.game = game
        self.setup = setup
        self.match = setup.new_match()
        self.device_players = players
        self.players = seat_players(setup, players[HOST], players[GUEST])
        self.timer = MoveTimer(float(setup.timer))
        self.watch = MoveTimer(float(setup.timer))  # this device's own view of the move in play (never set by the host)
        self.left_at: dict[int, float] = {}  # move index -> the watch's seconds left when this device's seat played it
        self.timeouts: set[int] = set()  # move indices the host's clock drew
        self.undo_asked: UndoAsk | None = None
        self.rematch_wanted: dict[str, bool] = {}  # role -> the next game it asked for: a decider (True) or not
        self.resigned: str | None = None
        self.draw: Callable[[int, bool, bool], int] = self._draw  # (line, timeout, from the peer) -> its seat
        self.take_back_to: Callable[[int], None] = self._take_back_to  # the board in play back to that many moves
        self.rewound: Callable[[], None] = lambda: None  # told when the match was replayed to an earlier point

    @staticmethod
    def agreed(role: str, agreed: Agreed, players: dict[str, list[SeatPlayer]], before: Table | None = None) -> Table:
        """The table of a game agreed on; this device's watch and notes go on from ``before`` where the game is the
        same (the move in play unchanged: its watch too)."""
        table = Table(role, agreed.setup, players, agreed.game)
        table.match = agreed.match
        table.players = agreed.players
        table.timeouts = set(agreed.timeouts)
        if agreed.clock >= 0:
            table.timer.set_remaining(agreed.clock / 1000)
            table.watch.set_remaining(agreed.clock / 1000)
        table.resigned = agreed.resigned or None
        if before is not None and (before.game, before.setup) == (agreed.game, agreed.setup):
            moves, held = table.moves(), before.moves()
            same = next((n for n, (a, b) in enumerate(zip(moves, held, strict=False)) if a != b), len(held))
            table.left_at = {n: left for n, left in before.left_at.items() if n < same}
            if moves == held:
                table.watch.used = before.watch.used
        return table

    # -- what is on the table ------------------------------------------------------------------------------------
    @property
    def board_in_play(self) -> int:
        """The board the next line goes on: the next one as soon as a board of a match is over."""
        match = self.match
        return match.current + 1 if match.game.over and not match.last_board else match.current

    @property
    def state(self) -> GameState:
        return self.match.games[self.board_in_play]

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.match.over

    def position(self) -> tuple[int, int, int]:
        """(board, ply, the line before): where the next move goes."""
        moves = self.state.moves
        return self.board_in_play, len(moves), moves[-1] if moves else -1

    def owner_to_move(self) -> str | None:
        seat = self.state.to_move
        return None if self.over or seat < 0 else self.setup.owners[seat]

    def mine(self, seat: int) -> bool:
        return self.setup.owners[seat] == self.role

    def moves(self) -> list[int]:
        return all_moves(self.match)

    def drawers(self) -> list[int]:
        return [seat for game in self.match.games for seat in game.drawers()]

    def looks(self) -> list[Look]:
        return looks(self.players)

    def winners(self) -> list[int]:
        if self.resigned is not None:
            return self.setup.seats_of(other(self.resigned))
        return self.match.winners()

    def clock_ms(self) -> int:
        return round(self.timer.remaining() * 1000) if self.timer.enabled else -1

    def played(self) -> int:
        """The moves played so far, all boards together (the index of the next one)."""
        return sum(len(game.moves) for game in self.match.games)

    def own(self, hello: Hello) -> Own:
        """What this device vouches for in a handshake (:func:`~game.play.online.handshake.vouch`)."""
        left = {**self.left_at, self.played(): self.watch.remaining()}
        wanted = self.rematch_wanted.get(self.role)
        return Own(hello, None if wanted is None else self.next_setup(wanted), left)

    def last_turn(self, role: str) -> UndoAsk | None:
        """``role``'s last turn on the board in play: its moves since the other device's last one (None if the last
        move is not its own)."""
        board, at, _ = self.position()
        drawers = self.state.drawers()
        ply = at
        while ply > 0 and self.setup.owners[drawers[ply - 1]] == role:
            ply -= 1
        return UndoAsk(role, board, ply, at, tuple(self.state.moves[ply:at])) if ply < at else None

    # -- changes ---------------------------------------------------------------------------------------------------
    def run(self, dt: float) -> None:
        """Let ``dt`` seconds of the move in play pass, on the timer shown and on this device's own watch."""
        self.timer.run(dt)
        self.watch.run(dt)

    def play(self, line: int, timeout: bool = False, peer: bool = False) -> int:
        """Draw ``line`` for the seat to move (drawn by the host's clock: ``timeout``; by the other device:
        ``peer``); the rules core refuses an illegal one. Returns that seat."""
        index = self.played()
        seat = self.draw(line, timeout, peer)
        if self.mine(seat):
            self.left_at[index] = self.watch.remaining()
        if timeout:
            self.timeouts.add(index)
        self._restart()
        return seat

    def _draw(self, line: int, timeout: bool, peer: bool) -> int:
        """The rules core alone draws ``line`` (on the next board once one is over)."""
        state = self.state
        seat = state.play(line).player
        self.match.next_board()
        return seat

    def _restart(self) -> None:
        """A new move in play: a full time on the timer and the watch, no undo asked."""
        self.timer.restart()
        self.watch.restart()
        self.undo_asked = None

    def _forget_from(self, count: int) -> None:
        self.left_at = {n: left for n, left in self.left_at.items() if n < count}
        self.timeouts = {n for n in self.timeouts if n < count}
        self._restart()

    def rewind(self, count: int) -> None:
        """Go back to the game after its first ``count`` moves (all boards together)."""
        self.match = replay(self.setup, self.moves()[:count])
        self._forget_from(count)
        self.rewound()

    def rewind_to(self, board: int, ply: int, prev: int) -> bool:
        """The host's timeout move at (``board``, ``ply``, after ``prev``) crossed moves of ours: go back to where the
        host drew, if this game went through that position and only our seats moved since; False otherwise."""
        count = sum(len(game.moves) for game in self.match.games[:board]) + ply
        moves = self.moves()
        if board > self.board_in_play or count >= len(moves) or (moves[count - 1] if count and ply else -1) != prev:
            return False
        if not all(self.mine(seat) for seat in self.drawers()[count:]):
            return False
        if self.left_at.get(count, float("inf")) > GRACE:
            return False  # this device's own watch had time left when it played there
        self.rewind(count)
        return True

    def check_undo_ask(self, ask: UndoAsk) -> UndoAsk:
        """``ask`` from the other device, if it names exactly that device's last turn on the board in play;
        :class:`Refusal` says why not."""
        if self.setup.no_undo:
            raise Refusal(tr("the other device asked for an undo in a game without undo"))
        if self.undo_asked or (ask.board, ask.at) != self.position()[:2]:
            raise Refusal(tr("the other device asked for an undo that does not fit this game"), str(ask))
        if ask != self.last_turn(ask.by):
            raise Refusal(tr("the other device asked to take back more than its own last turn"), str(ask))
        return ask

    def take_back(self, ply: int) -> None:
        """The accepted undo: the board in play goes back to ``ply`` moves."""
        count = self.played() - len(self.state.moves) + ply
        self.take_back_to(ply)
        self._forget_from(count)

    def _take_back_to(self, ply: int) -> None:
        while len(self.state.moves) > ply:
            self.state.undo()

    def decider_open(self) -> bool:
        """A decider may follow this game: two players tied it (not a decider itself, which cannot end tied)."""
        over = self.resigned is None and self.match.over
        return over and len(self.players) == 2 and not self.setup.deciding and len(self.match.winners()) == 2

    def next_setup(self, decider: bool) -> RoomSetup:
        """The next game's setup: the decider after a tie (started by the player who did not start the last board),
        else the rematch, every device's players one seat on (:meth:`RoomSetup.rematch`)."""
        if decider:
            return self.setup.decider_game((self.match.games[-1].first + 1) % len(self.players))
        return self.setup.rematch()

    def next_game(self, decider: bool) -> Table:
        """The next game both devices asked for (:meth:`next_setup`)."""
        return Table(self.role, self.next_setup(decider), self.device_players, self.game + 1)

    def online_mark(self) -> dict[str, Any]:
        """What the history keeps of an online game beyond a game on one device: which seats were this device's,
        and who resigned."""
        return {"seats": [self.mine(seat) for seat in range(len(self.players))], "resigned": self.resigned}
