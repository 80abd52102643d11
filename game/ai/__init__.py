"""Computer players: levels from Beginner to Expert, hints, exact solving.

Standard library only. The app and the engine talk to a computer player through :class:`ComputerPlayer`:
``think(state)`` returns a :class:`Search` that does a bounded amount of work per ``step()`` (a few
milliseconds), so the browser's single-threaded loop can draw frames between steps; ``best`` is the best move
found so far and ``done`` says the search has finished. :func:`choose_move` is the synchronous wrapper used by
the engine and the tests. :func:`think_hint` / :func:`hint` give the Expert's move with a reason.
"""

from .commands import engine_commands
from .hints import HintSearch, hint, think_hint
from .player import LEVELS, ComputerPlayer, Search, choose_move

__all__ = ["LEVELS", "ComputerPlayer", "HintSearch", "Search", "choose_move", "engine_commands", "hint", "think_hint"]
