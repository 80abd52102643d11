"""Session logic without pygame or the loop: who wins (misère included) and a computer that runs out of time."""

from __future__ import annotations

import random

import pytest

from game.app.session import Session
from game.app.settings_model import Seat, Settings

PEOPLE = (Seat("human"), Seat("human"))


def finished(settings: Settings, lines: list[int]) -> Session:
    session = Session(settings, random.Random(0), first=0)
    for line in lines:
        session.state.play(line)
    assert session.state.over
    return session


# 1x2 boxes: top lines 0, 1, bottom lines 2, 3, verticals 4, 5, 6 from left to right; box 0 is (0, 2, 4, 5) and box
# 1 is (1, 3, 5, 6). Players alternate on 0, 2, 4 (box 0 now has three sides: the next player could take it, but)
# 1, 3, 6 (so does box 1), then player 0 draws 5, the side the two boxes share, and takes both.
ONE_BY_TWO = Settings(shape="square", size=(1, 2), seats=PEOPLE)
PLAYER_0_TAKES_BOTH = [0, 2, 4, 1, 3, 6, 5]


@pytest.mark.parametrize(("misere", "winner"), [(False, 0), (True, 1)])
def test_the_player_with_fewer_boxes_wins_a_misere_game(misere: bool, winner: int) -> None:
    session = finished(ONE_BY_TWO.with_(misere=misere), PLAYER_0_TAKES_BOTH)
    assert session.totals() == [2, 0]
    assert session.winners() == [winner]
    assert session.record()["winners"] == [winner]



class Undecided:
    """A computer player whose search never finishes: only the move timer can make it move."""

    def __init__(self) -> None:
        self.steps = 0

    def think(self, state):  # noqa: ANN001, ANN201 - the session asks for a search with step() and best
        self.best = state.legal_lines()[-1]
        return self

    def step(self, seconds: float) -> bool:
        self.steps += 1
        return False


def test_a_computer_that_has_not_decided_moves_when_its_timer_runs_out() -> None:
    settings = Settings(seats=(Seat("computer", "easy"), Seat("human")), timer=10, animation="fast")
    session = Session(settings, random.Random(0), first=0)
    undecided = Undecided()
    session.players[0] = undecided
    while session.now < 9.9:
        session.update(0.1)
    assert session.state.moves == [] and undecided.steps > 90, "it thought all along without moving"
    session.update(0.2)
    assert len(session.state.moves) == 1, "at 10 s a line is drawn for it, as for a person out of time"
    assert session.movers == [[0]]
