"""Computer players: levels from Beginner to Expert, hints, exact solving.

Standard library only. The app and the engine talk to a computer player through :class:`ComputerPlayer`:
``think(state)`` returns a :class:`Search` that does a bounded amount of work per ``step()`` (a few
milliseconds), so the browser's single-threaded loop can draw frames between steps; ``best`` is the best move
found so far and ``done`` says the search has finished. :func:`choose_move` is the synchronous wrapper used by
the engine and the tests. :func:`think_hint` / :func:`hint` give the Expert's move with a reason (:mod:`.reasons`:
codes and numbers, no words). :func:`solve` and :func:`solve_move` give the exact value of a two-player position
(and a best line) within a time.

Layout (``docs/ai.md``): :mod:`.position` (what a position is), :mod:`.search` (the searches), :mod:`.levels` (the
five levels and their registry), :mod:`.memory` (the one memory budget of every table kept between moves), :mod:`.steps`
(the one driver of the searches' generators, and the clock they read).
"""

from .commands import engine_commands
from .hints import HintSearch, hint, think_hint
from .player import LEVELS, ComputerPlayer, Search, choose_move
from .reasons import Judgement, Mistake, Reason, Why
from .wasm.solver import solve, solve_move

__all__ = [
    "LEVELS",
    "ComputerPlayer",
    "HintSearch",
    "Judgement",
    "Mistake",
    "Reason",
    "Search",
    "choose_move",
    "engine_commands",
    "hint",
    "solve",
    "solve_move",
    "think_hint",
    "Why",
]
