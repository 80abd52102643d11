"""The searches, one per purpose (all generators that pause every few nodes; none imports a level):

* :mod:`.solver`: the exact two-player solver (any rules; selective and win-only modes for the fight for
  control). Its small synchronous API, for other parts of the game: :func:`~.solver.solve` (the exact value within
  a time) and :func:`~.solver.solve_move` (the value and a best line), also exported by :mod:`game.ai`;
* :mod:`.control`: Hard's search of the fight for control (safe lines, short sacrifices, openings, declines);
* :mod:`.traps`: the Expert's traps when the exact value does not win;
* :mod:`.maxn` and :mod:`.paranoid`: three or four players;
* :mod:`.common`: the one infinity, node counter and table entry format they share.
"""
