"""The match controller and what plugs into it: moves, seat drivers, events, the game kept saved (no pygame)."""

from .animation import Animation
from .controller import BEGINNER_PATH, LocalReferee, Session
from .drivers import Computer, LinkFriend, Person, SeatDriver
from .events import Changed, Event, Finished, Outbox, Said, Shown, Sound
from .moves import COMPUTER, LINK, PEER, PERSON, TIMER, Move
from .record import DECIDER, GAME, PRACTICE, finished_record, save_point, score_curves, unfinished_game
from .referee import Referee
from .resume import load_unfinished, resume_session
from .saving import GameKeeper, KeepWhenChanged

__all__ = [
    "BEGINNER_PATH", "COMPUTER", "DECIDER", "GAME", "LINK", "PEER", "PERSON", "PRACTICE", "TIMER", "Animation",
    "Changed", "Computer", "Event", "Finished", "GameKeeper", "KeepWhenChanged", "LinkFriend", "LocalReferee", "Move",
    "Outbox", "Person", "Referee", "Said", "SeatDriver", "Session", "Shown", "Sound", "finished_record",
    "load_unfinished", "resume_session", "save_point", "score_curves", "unfinished_game",
]  # fmt: skip
