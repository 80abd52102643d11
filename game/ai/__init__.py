"""Computer players: levels from Beginner to Expert, hints, exact solving.

Standard library only. The app and the engine talk to a computer player through :class:`ComputerPlayer`:
``think(state)`` returns a :class:`Search` that does a bounded amount of work per ``step()`` (a few
milliseconds), so the browser's single-threaded loop can draw frames between steps; ``best`` is the best move
found so far and ``done`` says the search has finished. :func:`choose_move` is the synchronous wrapper used by
the engine and the tests.
"""

from .player import LEVELS, ComputerPlayer, Search, choose_move

__all__ = ["LEVELS", "ComputerPlayer", "Search", "choose_move", "engine_commands"]


def engine_commands(engine):  # pragma: no cover - replaced when the AI's engine commands land
    """The AI's engine commands (go, solve, hint); see :mod:`game.ai.commands`."""
    try:
        from .commands import engine_commands as commands
    except ImportError:
        return {}
    return commands(engine)
