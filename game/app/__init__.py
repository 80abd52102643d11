"""The pygame app: one asyncio loop, scenes (menu, settings, board, results, how to play, history), input, sound."""

from .main import main, run

__all__ = ["main", "run"]
