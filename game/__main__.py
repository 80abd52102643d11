"""``python -m game``: the desktop game in a resizable window."""

from game.app import run

run()
