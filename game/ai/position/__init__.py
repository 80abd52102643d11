"""What a position is and what can be read from it, for any board shape.

* :mod:`.coins`: the strings-and-coins form every search runs on (bit sets and small ints, built once per board):
  degrees, symmetry images, captures, the moves that matter for control, chains and loops by size, the exact value
  of a simple endgame, what a line gives away, move ordering;
* :mod:`.chains`: the same analysis on a :class:`~game.core.GameState`, with every chain and loop named by its
  cells and lines (for the levels, the hints and the control search), the long-chain rule, safe lines;
* :mod:`.tactics`: runs that can be taken now, the all-but-two decline, taking everything, gifts.
"""
