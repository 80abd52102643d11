"""The scenes: menu, settings, board, results, how to play, history (one module each)."""
