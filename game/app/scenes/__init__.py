"""The scenes, one module each, registered here by name: the one list of them.

A scene reaches another by name through the app (``app.go("review", game=state)``, ``app.replace("board",
session=session)``, ``app.reset("menu")``), never by importing it; the arguments after the name are the scene's
own (its class's, after ``app``). What several scenes share lives in ``common`` and ``opening`` (what a link
opens), which are no scenes. The tests (the monkey, the language checks) visit every scene from this table.
"""

from __future__ import annotations

from ..scene import SceneFactory
from .backup import BackupScene
from .board import BoardScene
from .daily import DailyScene
from .history import HistoryScene
from .howto import HowToScene
from .menu import MenuScene
from .online import OnlineScene
from .open_link import OpenLinkScene
from .players import NameScene, PlayersScene
from .puzzles import PuzzleListScene, PuzzleScene
from .replace import ReplaceScene
from .results import ResultsScene
from .review import ReviewScene
from .servers import ServersScene
from .settings import SettingsScene
from .share import ShareScene

SCENES: dict[str, SceneFactory] = {
    "menu": MenuScene,  # the first scene, and where Leave returns
    "settings": SettingsScene,  # play: True for New game (ends in Start), False for the menu's Settings
    "players": PlayersScene,  # each seat's colour, pattern and initial
    "player_name": NameScene,  # seat: the seat whose name is typed
    "board": BoardScene,  # session: the game to play
    "results": ResultsScene,  # session: the game just finished
    "review": ReviewScene,  # game: a finished game's state; names, seats (optional)
    "share": ShareScene,  # title, explanation, link
    "open_link": OpenLinkScene,  # a link or a position code, typed or pasted
    "online": OnlineScene,  # link: "" to invite a friend, else the invitation (or reply) the page was opened with
    "how_to_play": HowToScene,
    "puzzles": PuzzleListScene,
    "puzzle": PuzzleScene,  # puzzles: the set; index: the one shown; daily: the date, for the daily puzzle
    "daily": DailyScene,  # today's puzzle, the streak, the month's calendar
    "history": HistoryScene,
    "backup": BackupScene,
    "servers": ServersScene,  # the STUN/TURN servers of online games (Settings, Options)
    "replace": ReplaceScene,  # unfinished: the game a new one would replace; start: shows the new one
}
